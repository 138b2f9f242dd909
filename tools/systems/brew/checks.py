"""Brew skill rolls (``brew.md#Skill Rolls``): attribute + skill + bonuses + 1d6 against a difficulty. Every other
Brew mechanic builds on the pieces here: the pool, the die (1d6, 2d6 keep high or low, Lucky), the outcome.

Readings chosen:

* **Thresholds.** A threshold is two points, the spacing of the book's table (6 easy, 8 challenging, 10 expert):
  a total of difficulty + 2 is a *perfect* success ("one threshold higher"), difficulty + 4 *astounding* ("two
  times higher"). The lasso supports it: difficulty 8, total 11, "of a higher threshold"; so does Xuan Fengyin's
  healing (difficulty 6, total 7: "no extra points"). The named levels 16 and 18 are just high difficulties.
  Other readings the book allows, and why not: "the next threshold in the table" (6 → 8 → 10 → 16 → 18) makes a
  perfect success at difficulty 10 need 16, beyond any pool without bonuses ("16 the maximum difficulty it is
  possible to beat without bonuses"), so an expert task could never go well; the magical healing ladder ("6 ... 2
  points ... 8 or higher, recover 4 points ... 12 or higher, recover 8") steps 2 then 4 and is Healing's own table
  (:mod:`.healing` keeps it), while "Magical healing with a minimum success (6) heals 2 HP, and at 8, one threshold
  higher, 4 HP" names the two-point step outright.
* **Automatic results.** A pool of 0 or less fails without a roll (no die to reroll either). A pool already at
  the difficulty succeeds; the die is still rolled, for the higher thresholds.
* **Penalties.** Health penalties apply to the attribute named (``attribute_name``) when the current health is
  given: at 5 or below −2 to Power, Precision and Speed and −1 to Perception, Wits and Charisma; at 3 or below −4
  and −2. ``halved`` halves each (rounding toward zero: −1 halves to 0), ``ignored`` drops them (the book's
  combat-heavy variants). Laden is −2 to Speed and Precision. At health 0 or below nobody rolls.
* **The die.** A specialty rolls 2d6 and keeps the higher. Size (small hiding, large handling big objects) and
  being held down in a grapple are ``advantage`` high or low; a high and a low cancel into a single d6, two highs
  are still one 2d6 keep-high. Lucky: a kept 6 rolls one more d6 and adds it ("roll again and add the result of
  both rolls": once, not again on a second 6).
* **Best at Thing.** Once achieved (the skill at 5), a roll with that skill is an automatic success (the die
  still reads the higher thresholds); in contested rolls it is +5 instead (:mod:`.contests`).
* **Magic.** A magic roll is the same roll with a field of magic as the skill, but a field at 0 cannot be cast
  at all (``brew.md#Magic Rolls``): :mod:`.magic` refuses it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

from pydantic import Field, field_validator

from narrator.tools.arg_words import lower
from narrator.tools.contract import CheckResult, ToolArgs, signed
from narrator.tools.dice import Die, DieFlag, Roller
from narrator.tools.frozen import Frozen
from narrator.tools.odds import Dist, Odds, die
from narrator.tools.steps import Step, step
from narrator.tools.tool import tool
from narrator.tools.systems.brew.rules import (
    DIFFICULTIES, OUTCOMES, PHYSICAL, SKILL_ROLLS, THRESHOLD_STEP, THRESHOLDS,
    Attribute, DAMAGE, HealthRule, LOAD, LUCKY_REF, Outcome, SKILLS_REF, CLASS_ANCESTRY,
)

Keep = Literal["none", "high", "low"]
DIFFICULTY_NAMES = {v: k for k, v in DIFFICULTIES.items()}


class PoolSpec(ToolArgs):
    """One character's side of a roll: the pool and how the die is thrown. Checks and contests extend it."""

    attribute: int = Field(ge=1, le=15, description="The attribute score (1-5, more with bonuses).")
    skill: int | None = Field(None, ge=0, le=15, description="The skill score (0-5, more with bonuses); 0 or null "
                              "means the attribute alone.")
    bonus: int = Field(0, ge=-30, le=30, description="The sum of trick, state-of-mind and situational modifiers.")
    specialty: bool = Field(False, description="The action falls within a specialty: roll 2d6, keep the higher.")
    attribute_name: Attribute | None = Field(None, description="Which attribute the score is; needed for health "
                                             "and laden penalties.")
    health: int | None = Field(None, ge=-10, le=30, description="Current health, to apply the health penalties "
                               "(5 or below, 3 or below).")
    health_rule: HealthRule = Field("standard", description="standard penalties, halved, or ignored (combat-heavy "
                                    "games).")
    laden: bool = Field(False, description="Carrying a heavy load: -2 to Speed and Precision rolls.")
    lucky: bool = Field(False, description="The Lucky trick: a 6 rolls again and adds.")
    advantage: Keep = Field("none", description="Size or a grapple: 'high' rolls 2d6 keep the higher (a small "
                            "creature hiding), 'low' keeps the lower (a small creature handling large objects, a "
                            "grappled character).")

    @field_validator("attribute_name", "health_rule", "advantage", mode="before")
    @classmethod
    def _lower(cls, v):
        return lower(v)


def health_penalty(attribute: str | None, health: int | None, rule: str = "standard") -> int:
    """The health penalty on a roll with ``attribute`` at ``health`` (0 when either is unknown)."""
    if attribute is None or health is None or rule == "ignored" or health > 5:
        return 0
    heavy = attribute in PHYSICAL
    base = (-4 if heavy else -2) if health <= 3 else (-2 if heavy else -1)
    return -(abs(base) // 2) if rule == "halved" else base


def laden_penalty(attribute: str | None, laden: bool) -> int:
    return -2 if laden and attribute in ("speed", "precision") else 0


class PoolBreakdown(Frozen):
    attribute: int
    skill: int
    bonus: int
    health_penalty: int
    laden_penalty: int
    pool: int


def pool_of(spec: PoolSpec, extra: int = 0, extra_reason: str = "") -> tuple[PoolBreakdown, list[Step]]:
    """The pool and the line that explains it (a fresh list: callers add their own lines to it)."""
    breakdown, line = pool_line(spec.attribute, spec.skill or 0, spec.bonus, spec.attribute_name, spec.health,
                                spec.health_rule, spec.laden, extra, extra_reason)
    return breakdown, [line]


@lru_cache(maxsize=4096)
def pool_line(attribute: int, skill: int, bonus: int, attribute_name: str | None, health: int | None,
              health_rule: str, laden: bool, extra: int, extra_reason: str) -> tuple[PoolBreakdown, Step]:
    """:func:`pool_of` by the few values a pool depends on. Cached: a table rolls the same sheets' pools again and
    again, and the frozen breakdown and its line cost more to build (a model, half a dozen f-strings) than to look
    up; frozen, the breakdown is safe to share between results."""
    hp = health_penalty(attribute_name, health, health_rule)
    lp = laden_penalty(attribute_name, laden)
    pool = attribute + skill + bonus + hp + lp + extra
    return (PoolBreakdown(attribute=attribute, skill=skill, bonus=bonus + extra, health_penalty=hp,
                          laden_penalty=lp, pool=pool),
            step("brew.pool", attribute_name=attribute_name or "attribute", attribute=attribute, skill=skill,
                 bonus=bonus, health=health, health_penalty=hp, health_rule=health_rule, laden_penalty=lp,
                 extra=extra, extra_reason=extra_reason, pool=pool))


def pool_words(v: Any) -> str:
    """The pool line's words (the phrase ``brew.pool``): each part that counts, and the sum."""
    skill, hp, health_rule = v["skill"], v["health_penalty"], v["health_rule"]
    parts = [f"{v['attribute_name']} {v['attribute']}", f"skill {skill}" if skill else "no skill (attribute only)"]
    if v["bonus"]:
        parts.append(f"bonus {signed(v['bonus'])}")
    if hp:
        parts.append(f"health {v['health']}: {signed(hp)}" + (f" ({health_rule})" if health_rule != "standard" else ""))
    if v["laden_penalty"]:
        parts.append(f"laden: {signed(v['laden_penalty'])}")
    if v["extra"]:
        parts.append(f"{v['extra_reason']}: {signed(v['extra'])}")
    return f"Pool = {' + '.join(parts)} = {v['pool']}."


def keep_mode(specialty: bool, advantage: str) -> Keep:
    """1d6, 2d6 keep high, or 2d6 keep low: a specialty is a 'high'; a high and a low cancel."""
    highs = specialty or advantage == "high"
    lows = advantage == "low"
    if highs and lows:
        return "none"
    return "high" if highs else "low" if lows else "none"


@lru_cache(maxsize=None)
def die_dist(mode: str, lucky: bool) -> Dist:
    """The exact distribution of the die result (not counting the pool)."""
    base = {"none": die(6), "high": die(6).combine(die(6), max), "low": die(6).combine(die(6), min)}[mode]
    if not lucky:
        return base
    return base.bind(lambda v: die(6) + 6 if v == 6 else Dist.certain(v))


def roll_die(roller: Roller, mode: str, lucky: bool, purpose: str = "skill die") -> tuple[list[Die], int, list[Step]]:
    """Throw the die as ``mode`` says (and Lucky's extra die): the dice, the result, and the lines."""
    if mode == "none":
        dice = [roller.roll(6, purpose)]
        value = dice[0].face
        lines = [step("brew.rolled_d6", value=value)]
    else:
        a, b = roller.roll(6, f"{purpose} 1"), roller.roll(6, f"{purpose} 2")
        first_kept = (a.face >= b.face) if mode == "high" else (a.face <= b.face)
        kept, dropped = (a, b) if first_kept else (b, a)
        dice = [a.with_flags(DieFlag.KEPT) if first_kept else a.with_flags(DieFlag.DROPPED),
                b.with_flags(DieFlag.DROPPED) if first_kept else b.with_flags(DieFlag.KEPT)]
        value = kept.face
        lines = [step("brew.rolled_2d6", keep=mode, first=a.face, second=b.face, value=value)]
    if lucky and value == 6:
        kept_index = next(i for i, d in enumerate(dice) if not d.has(DieFlag.DROPPED))
        dice[kept_index] = dice[kept_index].with_flags(DieFlag.EXPLODED)
        extra = roller.roll(6, f"{purpose} lucky", (DieFlag.EXTRA,))
        dice.append(extra)
        value += extra.face
        lines.append(step("brew.lucky", extra=extra.face, value=value))
    return dice, value, lines


def outcome_of(total: int, difficulty: int) -> Outcome:
    if total < difficulty:
        return "failure"
    if total < difficulty + THRESHOLD_STEP:
        return "success"
    if total < difficulty + 2 * THRESHOLD_STEP:
        return "perfect"
    return "astounding"


def at_least(label: str, floor: str) -> str:
    return label if OUTCOMES.index(label) >= OUTCOMES.index(floor) else floor


@lru_cache(maxsize=4096)
def outcome_dist(pool: int, difficulty: int, mode: str = "none", lucky: bool = False,
                 automatic: bool = False) -> Dist:
    """Exact distribution of the outcome label. ``automatic`` (Best at Thing) floors it at success. Cached: a
    distribution is immutable and a table asks for the same few pools again and again."""
    if pool <= 0:
        return Dist.certain("failure")
    labels = die_dist(mode, lucky).map(lambda v: outcome_of(pool + v, difficulty))
    return labels.map(lambda o: at_least(o, "success")) if automatic else labels


@lru_cache(maxsize=4096)
def check_odds(pool: int, difficulty: int, mode: str, lucky: bool, automatic: bool) -> Odds:
    """The odds block of a skill roll, computed once per roll shape (Odds is frozen, so it is shared)."""
    return label_odds(outcome_dist(pool, difficulty, mode, lucky, automatic))


def label_odds(dist: Dist) -> Odds:
    return dist.odds(p_success=dist.p(lambda o: o != "failure"), order=OUTCOMES)


def thresholds(difficulty: int) -> dict[str, int]:
    return {"success": difficulty, "perfect": difficulty + THRESHOLD_STEP,
            "astounding": difficulty + 2 * THRESHOLD_STEP}


def difficulty_text(d: int) -> str:
    return f"difficulty {d}" + (f" ({DIFFICULTY_NAMES[d]})" if d in DIFFICULTY_NAMES else "")


OUTCOME_WORDS = {"failure": "a failure", "success": "a success", "perfect": "a perfect success (one threshold "
                 "higher)", "astounding": "an astounding success (two thresholds higher)"}


@dataclass(frozen=True, slots=True)
class Roll:
    """One resolved roll against a difficulty, whose fields the results that use it copy (never a result's field
    itself: a plain dataclass, so a roll is not validated twice — here and in the result that holds its values)."""

    dice: list[Die]
    pool: int
    die_result: int | None
    total: int | None
    outcome: Outcome
    automatic: Literal["failure", "success"] | None
    steps: list[Step]


def resolve_roll(roller: Roller, pool: int, difficulty: int, mode: str, lucky: bool, automatic_success: bool = False,
                 purpose: str = "skill die", why_automatic: str = "") -> Roll:
    """Throw (or not) and judge one roll; ``automatic_success`` is Best at Thing."""
    marks = thresholds(difficulty)
    steps = [step("brew.against", difficulty=difficulty, **marks)]
    if pool <= 0:
        steps.append(step("brew.pool_fails", pool=pool))
        return Roll(dice=[], pool=pool, die_result=None, total=None, outcome="failure", automatic="failure",
                    steps=steps)
    automatic = None
    if pool >= difficulty:
        automatic = "success"
        steps.append(step("brew.pool_meets", pool=pool))
    elif automatic_success:
        automatic = "success"
        steps.append(step("brew.automatic", why=why_automatic or "Best at Thing"))
    dice, value, lines = roll_die(roller, mode, lucky, purpose)
    total = pool + value
    outcome = outcome_of(total, difficulty)
    if automatic:
        outcome = at_least(outcome, "success")
    steps += lines + [step("brew.total", pool=pool, value=value, total=total, outcome=outcome)]
    return Roll(dice=dice, pool=pool, die_result=value, total=total, outcome=outcome, automatic=automatic,
                steps=steps)


class CheckArgs(PoolSpec):
    difficulty: int = Field(ge=1, le=40, description="The threshold to meet: 6 easy, 8 challenging, 10 expert, "
                            "16 feeling lucky, 18 teamwork or god-tier.")
    best_at_thing: bool = Field(False, description="Best at Thing achieved in this skill: an automatic success.")


OUTCOME_LABELS = {"failure": "failure", "success": "success", "perfect": "perfect success",
                  "astounding": "astounding success"}


class BrewCheckResult(CheckResult):
    outcome: Outcome
    outcome_label: str = Field("", description="The outcome in the book's words: failure, success, perfect success, "
                               "astounding success.")
    pool: int
    breakdown: PoolBreakdown
    difficulty: int
    die_result: int | None = Field(description="The die (kept, plus Lucky's extra), not counting the pool.")
    total: int | None = Field(description="Pool + die; null when the pool fails automatically.")
    margin: int | None = Field(description="Total minus difficulty.")
    automatic: Literal["failure", "success"] | None
    thresholds: dict[str, int]
    keep: Keep = Field(description="none (1d6), high or low (2d6 keep one).")


def check(args: CheckArgs, roller: Roller, purpose: str = "skill die") -> BrewCheckResult:
    """The skill roll; :func:`brew_check` and the table's skill roll both come here."""
    return BrewCheckResult(**check_fields(args, roller, purpose))


def check_fields(args: CheckArgs, roller: Roller, purpose: str = "skill die") -> dict[str, Any]:
    """The skill roll's result fields, for results that extend it (a spell, a reroll) to validate once."""
    breakdown, steps = pool_of(args)
    mode = keep_mode(args.specialty, args.advantage)
    if args.health is not None and args.health <= 0:
        steps.append(step("brew.cannot_roll", health=args.health))
        breakdown = breakdown.model_copy(update={"pool": min(breakdown.pool, 0)})
    r = resolve_roll(roller, breakdown.pool, args.difficulty, mode, args.lucky, args.best_at_thing, purpose)
    refs = [SKILL_ROLLS, THRESHOLDS]
    if breakdown.health_penalty or (args.health is not None and args.health <= 0):
        refs.append(DAMAGE)
    if breakdown.laden_penalty:
        refs.append(LOAD)
    if args.specialty:
        refs.append(SKILLS_REF)
    if args.advantage != "none":
        refs.append(CLASS_ANCESTRY)
    if args.lucky:
        refs.append(LUCKY_REF)
    summary = step("brew.check", pool=r.pool, difficulty=args.difficulty, die_result=r.die_result, total=r.total,
                   outcome=r.outcome)
    return dict(
        summary=summary, steps=steps + r.steps, rule_refs=refs, dice=r.dice, outcome=r.outcome,
        outcome_label=OUTCOME_LABELS[r.outcome], success=r.outcome != "failure", odds=check_odds(breakdown.pool, args.difficulty, mode, args.lucky, args.best_at_thing),
        pool=r.pool,
        breakdown=breakdown,
        difficulty=args.difficulty, die_result=r.die_result, total=r.total,
        margin=None if r.total is None else r.total - args.difficulty, automatic=r.automatic,
        thresholds=thresholds(args.difficulty), keep=mode,
    )


@tool("brew")
def brew_check(args: CheckArgs, roller: Roller) -> BrewCheckResult:
    """Roll a Brew skill roll: attribute + skill + bonus + 1d6 (2d6 keep the higher with a specialty) against a
    difficulty; failure, success, perfect or astounding, with exact odds."""
    return check(args, roller)
