"""Conditions with a level and a tier (``five-plus.md#Conditions``): how they ease, worsen and become permanent.

"A character is bitten by a snake, gaining the descriptor Poisoned(3:2) - you are under the effect of
hallucinogenic poison and gain penalty to perception equal to the descriptor tier. A successful medical check
decreases the level of the descriptor. If the level is reduced to 0, the tier is decrease by 1 and the level
restarted at 3 until reduced to tier 0. Physical resistance checks are required every time a 1 is rolled and, if
failed, the poison corrodes deeper gaining a level. If the descriptor reaches tier 4, the character is permanently
affected, gaining the paranoids trait."

Readings chosen:

* Easing and worsening are inverse steps within a tier's levels 1..reset: a level below 1 drops the tier and
  restarts the level at the reset value (3); a level above the reset value raises the tier and restarts the level
  at 1. Reaching tier 0 cures the condition; reaching the permanent tier (4) turns it into its trait.
* "Every time a 1 is rolled" is any 2d6 the bearer throws — the treatment's own dice included, and every check the
  bearer makes on the table. One resistance check per throw showing a 1 (not one per die). The resistance check is
  a resisting action: it takes no action of the turn.
* In one treatment the medical check acts first (a success eases), then a 1 on its dice calls the resistance check
  (a failure worsens).
* Wounds are conditions too ("in which wounds may be included"): a minor wound eases one level per successful
  treatment by anyone; a major wound needs a trained (medicine) descriptor, supplies and a long rest (the table
  tool checks those), and a wound at level 0 is gone.
"""

from __future__ import annotations

from functools import lru_cache

from pydantic import BaseModel, ConfigDict, Field

from narrator.tools.contract import CheckResult, ToolArgs
from narrator.tools.dice import Die, Roller
from narrator.tools.odds import Odds
from narrator.tools.steps import Step, step
from narrator.tools.systems.fiveplus.checks import CheckArgs, CheckRoll, bounds, refs_for, roll_check
from narrator.tools.systems.fiveplus.rules import CONDITIONS, RECOVERY, SPECIAL
from narrator.tools.tool import tool


class ConditionState(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field("Poisoned", min_length=1, max_length=60)
    level: int = Field(ge=0, le=12)
    tier: int = Field(ge=0, le=10)
    reset_level: int = Field(3, ge=1, le=12, description="The level restarts here when the tier steps.")
    permanent_tier: int | None = Field(4, ge=1, le=10, description="At this tier it becomes permanent.")
    becomes: str | None = Field("Paranoid", max_length=60, description="The trait it turns into then.")

    def text(self) -> str:
        return condition_text(self.name, self.level, self.tier)


def condition_text(name: str, level: int, tier: int) -> str:
    """``Poisoned(3:2)``: a condition as the book writes it."""
    return f"{name}({level}:{tier})"


def _values(c: ConditionState) -> tuple:
    """What a state is (its fields in order): the key its cached steps are kept by — hashing and comparing a few
    plain values costs less than a model's hash and ``==``."""
    return c.name, c.level, c.tier, c.reset_level, c.permanent_tier, c.becomes


_EASED: dict[tuple, tuple[ConditionState, Step]] = {}
_WORSENED: dict[tuple, tuple[ConditionState, Step]] = {}
_KEPT = 1024


def _remembered(memo: dict, key: tuple, make, c: ConditionState) -> tuple[ConditionState, Step]:
    found = memo.get(key)
    if found is None:
        if len(memo) >= _KEPT:
            memo.clear()
        found = memo[key] = make(c)
    return found


def ease(c: ConditionState) -> tuple[ConditionState, Step]:
    """One level eased, and the step that says so. Made once per the state's values (frozen, so safe to share): a
    table eases the same few states again and again, and a model copy costs more than the lookup."""
    return _remembered(_EASED, _values(c), _eased, c)


def worsen(c: ConditionState) -> tuple[ConditionState, Step]:
    """One level worse, and the step that says so; made once per the state's values, as :func:`ease` is."""
    return _remembered(_WORSENED, _values(c), _worsened, c)


def _eased(c: ConditionState) -> tuple[ConditionState, Step]:
    level, tier = c.level - 1, c.tier
    if level <= 0:
        tier -= 1
        if tier <= 0:
            after = c.model_copy(update={"level": 0, "tier": 0})
            return after, step("fiveplus.cured", condition=c.text())
        after = c.model_copy(update={"level": c.reset_level, "tier": tier})
        return after, step("fiveplus.tier_eased", condition=c.text(), reset=c.reset_level, after=after.text())
    after = c.model_copy(update={"level": level})
    return after, step("fiveplus.eased", condition=c.text(), after=after.text())


def _worsened(c: ConditionState) -> tuple[ConditionState, Step]:
    level, tier = c.level + 1, c.tier
    if level > c.reset_level:
        tier, level = tier + 1, 1
    after = c.model_copy(update={"level": level, "tier": tier})
    permanent = c.permanent_tier is not None and after.tier >= c.permanent_tier
    return after, step("fiveplus.worsened", condition=c.text(), after=after.text(), tier=after.tier,
                       permanent=permanent, becomes=c.becomes)


def worsened_words(v) -> str:
    line = f"{v['condition']} gains a level → {v['after']}"
    if v["permanent"]:
        line += f": tier {v['tier']} — permanent" + (f", the {v['becomes']} trait" if v["becomes"] else "")
    return line + "."


class ConditionArgs(ToolArgs):
    condition: ConditionState
    treatment: CheckArgs | None = Field(None, description="A treatment check (a medical skill): a success eases "
                                        "the condition a level.")
    resistance: CheckArgs | None = Field(None, description="The resistance checked when a 1 is rolled: a failure "
                                         "worsens the condition a level.")
    one_rolled: bool = Field(False, description="The bearer rolled a 1 elsewhere: make the resistance check now.")


class ConditionResult(CheckResult):
    before: ConditionState
    after: ConditionState
    treatment: CheckRoll | None
    resistance_check: CheckRoll | None
    cured: bool
    permanent: bool
    trait: str | None = Field(description="The trait gained when it became permanent.")
    penalty: int = Field(description="Its penalty now (its tier, the snakebite's reading).")


_CHECKS: dict[tuple, CheckRoll] = {}
_CHECKS_KEPT = 4096
"""Checks remembered (the checks' values x purposes x faces seen in play) before the memo starts afresh."""


def check(args: CheckArgs, roller: Roller, purpose: str, first: str, second: str) -> CheckRoll:
    """:func:`checks.roll_check` of ``args`` for ``purpose`` (``first`` and ``second``: its dice's purposes,
    ``'<purpose> 1'`` and ``'<purpose> 2'``). The dice are rolled fresh from ``roller`` on every call, exactly as
    ``roll_check`` rolls them (two d6, none for an empty range); the check depends only on its arguments' values, the
    purpose and the faces, so it is made once per those — by ``roll_check`` itself, from the same faces — and shared
    (frozen), as a die is."""
    lower, upper = bounds(args.level, args.damage, args.modifier, args.rank)
    faces = () if upper < lower else (roller.roll(6, first).face, roller.roll(6, second).face)
    key = (type(args), *args.__dict__.values(), purpose, *faces)  # every field's value, a field added later too
    found = _CHECKS.get(key)
    if found is None:
        if len(_CHECKS) >= _CHECKS_KEPT:
            _CHECKS.clear()
        found = _CHECKS[key] = roll_check(args, Roller.scripted(faces), purpose)
    return found


TREATMENT_CHECK = step("fiveplus.treatment_check")
RESISTANCE_OWED = step("fiveplus.resistance_owed")
RESISTANCE_REQUIRED = step("fiveplus.resistance_required")
NO_RESISTANCE_NEEDED = step("fiveplus.no_resistance_needed")
"""Lines that state no value: made once (a step is frozen, so results share them)."""


@lru_cache(maxsize=1024)
def rule_line(name: str, level: int, tier: int, permanent_tier: int | None) -> Step:
    """The condition's opening line, once per the values it states."""
    return step("fiveplus.condition_rule", condition=condition_text(name, level, tier), tier=tier,
                permanent_tier=permanent_tier)


@lru_cache(maxsize=1024)
def summary_line(name: str, level: int, tier: int, after_name: str, after_level: int, after_tier: int, cured: bool,
                 trait: str | None) -> Step:
    """The summary, once per the states before and after and what came of it."""
    return step("fiveplus.condition", before=condition_text(name, level, tier),
                after=condition_text(after_name, after_level, after_tier), cured=cured, trait=trait)


@tool("fiveplus")
def fiveplus_condition(args: ConditionArgs, roller: Roller) -> ConditionResult:
    """Treat or worsen a 5+ condition with a level and tier (the snakebite poison): a successful treatment lowers the
    level, a rolled 1 calls a resistance check whose failure raises it; tier 0 cures, the permanent tier leaves a
    trait."""
    c = args.condition
    steps = [rule_line(c.name, c.level, c.tier, c.permanent_tier)]
    dice: list[Die] = []
    treat = res = None
    now = c
    one = args.one_rolled
    odds: Odds | None = None
    refs = [CONDITIONS]
    if args.treatment is not None:
        treat = check(args.treatment, roller, "treatment die", "treatment die 1", "treatment die 2")
        odds = treat.odds
        dice += treat.dice
        steps += [TREATMENT_CHECK, *treat.steps]
        refs += refs_for(treat) + [RECOVERY]
        if treat.success and now.tier > 0:
            now, line = ease(now)
            steps.append(line)
        elif not treat.success:
            steps.append(step("fiveplus.treatment_fails", condition=now.text()))
        one = one or treat.ones > 0
    if one and now.tier > 0 and not (now.permanent_tier and now.tier >= now.permanent_tier):
        if args.resistance is None:
            steps.append(RESISTANCE_OWED)
        else:
            steps.append(RESISTANCE_REQUIRED)
            res = check(args.resistance, roller, "resistance die", "resistance die 1", "resistance die 2")
            odds = odds or res.odds
            dice += res.dice
            steps += res.steps
            refs += [SPECIAL]
            if not res.success:
                now, line = worsen(now)
                steps.append(step("fiveplus.resistance_fails", worsened=line))
            else:
                steps.append(step("fiveplus.resistance_holds", condition=now.text()))
    elif args.resistance is not None and not one:
        steps.append(NO_RESISTANCE_NEEDED)
    cured = now.tier == 0
    permanent = c.permanent_tier is not None and now.tier >= c.permanent_tier
    trait = c.becomes if permanent else None
    success = None if treat is None else treat.success
    outcome = "cured" if cured else "permanent" if permanent else "worse" if (now.tier, now.level) > (c.tier, c.level) \
        else "eased" if (now.tier, now.level) < (c.tier, c.level) else "unchanged"
    return ConditionResult(
        summary=summary_line(c.name, c.level, c.tier, now.name, now.level, now.tier, cured, trait),
        steps=steps, rule_refs=list(dict.fromkeys(refs)), dice=dice, outcome=outcome, success=success, odds=odds,
        before=c, after=now, treatment=treat, resistance_check=res, cured=cured, permanent=permanent, trait=trait,
        penalty=-now.tier,
    )
