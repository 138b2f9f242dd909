"""Resisting damage (``mini-six.md#Resisting Damage``, ``#COMBAT``): the damage roll minus Soak, read on the wound
level chart, and how a new result moves the wound level the character already has.

The chart as printed is garbled (two rows claim "4 – 8", the columns run together). Reading chosen, the one the
book's worked example supports — "a PC with ... Soak ... 12 ... [is] Stunned on a 12-15, wounded 16-20,
incapacitated 21-24, mortally wounded 25-27, and killed instantly on a 28+" — is, for damage minus Soak:

    below 0 unharmed · 0-3 stunned · 4-8 wounded · 9-12 incapacitated · 13-15 mortally wounded · 16+ dead

and a 4-8 on a character who already has the Wounded level is Severely Wounded (the chart's second note).

The wound level is kept as the chart's wound count: wounded 1, severely wounded 2, incapacitated 3, mortally
wounded 4, dead 5 ("(1 Wound)" ... "(5 Wounds)"), plus stuns not yet worth a wound. How a new result combines with
the level already there ("An additional damage less than or equal to the character's current Wound Level moves
him up by one level per Wound (two Stuns count as one Wound)"):

* a result worse than the current level replaces it;
* a result of a wound or worse that is not worse than the current level moves the character up one level (a
  Wounded character wounded again is Severely Wounded, as the chart's own note says);
* a stun counts half a wound: the first stun on an unharmed character leaves them Stunned; every second stun
  after that is a wound and moves them up one level (an already Stunned character stunned again is Wounded:
  "2 Stuns = 1 Wound"). A stun always stuns: -1D until the end of the character's next turn. A stun not yet
  paired stays pending whatever else happens, so the new level is never kinder for a worse result.

"One level per Wound" is read as one level for each such result, not one level per wound of its count: read
the other way an Incapacitated character would die from a second Incapacitating result but only be Mortally
Wounded by a worse one, which no chart intends.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from pydantic import Field, field_validator, model_validator

from narrator.tools.contract import CheckResult, ToolArgs
from narrator.tools.dice import Roller
from narrator.tools.odds import Dist, shape_cache
from narrator.tools.steps import Step, step
from narrator.tools.tool import tool
from narrator.tools.systems.minisix.codes import parse_field, rolled_code, rolled_dice
from narrator.tools.systems.minisix.rules import (
    COMBAT, LEVELS, MARGIN_BANDS, RESISTING, RESULT_WOUNDS, STUNNED, WOUND_EFFECTS, WOUND_NAMES, WOUND_PENALTY,
)
from narrator.tools.systems.minisix.wild import between, throw

MAX_WOUNDS = 5


def level_name(wounds: int, stuns: int = 0) -> str:
    if wounds <= 0:
        return STUNNED if stuns else "unharmed"
    return WOUND_NAMES[min(wounds, MAX_WOUNDS)]


def result_of(margin: int) -> str | None:
    """The chart's result for damage minus Soak; None below 0 (unharmed)."""
    for low, high, name in MARGIN_BANDS:
        if margin >= low and (high is None or margin <= high):
            return name
    return None


def apply_result(wounds: int, stuns: int, result: str | None) -> tuple[int, int, Step]:
    """The wound count and stuns after a new result, and why (see the module docstring)."""
    now = level_name(wounds, stuns)
    if result is None:
        return wounds, stuns, step("minisix.no_harm", now=now)
    if result == STUNNED:
        if wounds == 0 and stuns == 0:
            return 0, 1, step("minisix.stunned")
        if stuns + 1 >= 2:
            after = min(MAX_WOUNDS, wounds + 1)
            return after, 0, step("minisix.second_stun", now=now, after=level_name(after))
        return wounds, stuns + 1, step("minisix.half_stun", now=now)
    count = RESULT_WOUNDS[result]
    current = wounds + Fraction(stuns, 2)
    if count > current:
        return int(count), stuns, step("minisix.worse_result", result=result, now=now)
    after = min(MAX_WOUNDS, wounds + 1)
    if result == "wounded" and wounds == 1:
        return after, stuns, step("minisix.wounded_again")
    return after, stuns, step("minisix.not_worse", result=result, now=now, after=level_name(after))


def penalty(wounds: int) -> int:
    """Dice lost to every action at a wound count (a stun's -1D is a timed condition, added by the table)."""
    return WOUND_PENALTY.get(min(wounds, MAX_WOUNDS), 0)


class DamageArgs(ToolArgs):
    damage: str | None = Field(None, max_length=20, description="The damage code rolled, e.g. '5D' (Might 3D + "
                               "sword +2D); or give damage_total.")
    damage_total: int | None = Field(None, ge=0, le=500, description="A damage total already known (no roll).")
    soak: int = Field(ge=0, le=200, description="The target's Soak: Might × 3 + pips + armor.")
    wounds: int = Field(0, ge=0, le=MAX_WOUNDS, description="Wounds the target already has: 0 unharmed, 1 wounded, "
                        "2 severely wounded, 3 incapacitated, 4 mortally wounded.")
    stuns: int = Field(0, ge=0, le=1, description="A stun already taken that is not yet worth a wound (0 or 1).")

    @field_validator("damage")
    @classmethod
    def _code(cls, v: str | None) -> str | None:
        if v is None:
            return None
        v = parse_field(v)
        if rolled_dice(v) < 1:
            raise ValueError("a damage code has at least 1D")
        return v

    @model_validator(mode="after")
    def _one_source(self) -> "DamageArgs":
        if (self.damage is None) == (self.damage_total is None):
            raise ValueError("give either damage (a code to roll) or damage_total (a known total)")
        if self.wounds >= MAX_WOUNDS:
            raise ValueError("the target is already dead")
        return self


class DamageResult(CheckResult):
    damage_total: int
    soak: int = Field(json_schema_extra={"fact": "target"})
    margin: int = Field(description="Damage minus Soak.")
    result: str = Field(description="The chart's result for the margin: unharmed, stunned, wounded, "
                        "incapacitated, mortally wounded or dead.")
    wounds_before: int = Field(json_schema_extra={"fact": "resource"})
    stuns_before: int = Field(json_schema_extra={"fact": "resource"})
    wounds_after: int = Field(json_schema_extra={"fact": "resource"})
    stuns_after: int = Field(json_schema_extra={"fact": "resource"})
    level_before: str
    level_after: str
    stunned: bool = Field(description="The result stuns: -1D until the end of the target's next turn.")
    penalty_dice: int = Field(description="Dice the new wound level takes from every action.")


@shape_cache
def level_dist(dice: int, pips: int, soak: int, wounds: int, stuns: int) -> Dist:
    """The exact distribution of the wound level after a damage roll of dice D+pips against soak (once per shape)."""
    out: dict[str, Fraction] = defaultdict(Fraction)
    bands = [(None, -1, None)] + [(low, high, name) for low, high, name in MARGIN_BANDS]
    for low, high, name in bands:
        p = between(dice, pips, None if low is None else soak + low, None if high is None else soak + high)
        if p:
            w, s, _ = apply_result(wounds, stuns, name)
            out[level_name(w, s)] += p
    return Dist(out)


def resolve_damage(total: int, soak: int, wounds: int, stuns: int) -> tuple[str | None, int, int, list[Step]]:
    """(the chart's result, wounds after, stuns after, steps) of a damage total against Soak."""
    margin = total - soak
    result = result_of(margin)
    w, s, why = apply_result(wounds, stuns, result)
    steps = [step("minisix.damage_margin", total=total, soak=soak, margin=margin, result=result), why]
    if result == STUNNED:
        steps.append(step("minisix.stun_effect"))
    if w in (1, 2) and w != wounds:
        steps.append(step("minisix.wound_effect", level=level_name(w), dice=penalty(w)))
    elif w == 3 and wounds < 3:
        steps.append(step("minisix.incapacitated_effect"))
    elif w == 4 and wounds < 4:
        steps.append(step("minisix.mortal_effect"))
    elif w == 5 and wounds < 5:
        steps.append(step("minisix.dead_effect"))
    return result, w, s, steps


@tool("minisix")
def minisix_damage(args: DamageArgs, roller: Roller) -> DamageResult:
    """Resist damage: the damage roll minus Soak, read on the wound chart (stunned 0-3, wounded 4-8, incapacitated 9-12,
    mortally wounded 13-15, dead 16+), moving up the current wound level."""
    steps: list = []
    dice = []
    if args.damage is not None:
        c, steps = rolled_code(args.damage)
        r = throw(roller, c.dice, c.pips, "damage")
        total = r.total
        dice = r.dice
        steps.append(step("minisix.damage_rolled", code=args.damage, story=r.story()))
        odds = level_dist(c.dice, c.pips, args.soak, args.wounds, args.stuns).odds(order=LEVELS)
    else:
        total = args.damage_total
        steps.append(step("minisix.damage_total", total=total))
        result = result_of(total - args.soak)
        w, s, _ = apply_result(args.wounds, args.stuns, result)
        odds = Dist.certain(level_name(w, s)).odds(order=LEVELS)
    result, w, s, lines = resolve_damage(total, args.soak, args.wounds, args.stuns)
    steps += lines
    before, after = level_name(args.wounds, args.stuns), level_name(w, s)
    return DamageResult(
        summary=step("minisix.damage", total=total, soak=args.soak, result=result, after=after),
        steps=steps,
        rule_refs=[RESISTING, COMBAT, WOUND_EFFECTS], dice=dice, outcome=after, success=None, odds=odds,
        damage_total=total, soak=args.soak, margin=total - args.soak, result=result or "unharmed",
        wounds_before=args.wounds, stuns_before=args.stuns, wounds_after=w, stuns_after=s, level_before=before,
        level_after=after, stunned=result == STUNNED, penalty_dice=penalty(w),
    )
