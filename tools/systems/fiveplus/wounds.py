"""Resistances and wounds (``five-plus.md#2.2) Descriptor Counter``, ``#Wounds``): damage accumulates on a
resistance's counter; above its level it becomes a wound.

"If [accumulated damage] becomes greater than the resistance level … the character gains a related (minor) wound
that provides constant penalty equal to its level. If the wound level is greater than the resistance tier, then
the character is incapacitated and gains a (major) wound trait. However, gaining a wound immediately restore all
accumulated damage and the resistance level becomes that of the tier equal to the current wound level. For
example, a dragon burns away the character's tier 1 resistance with 7 damage. The character will gain a minor
burned wound, imposing a constant -1 penalty to all actions 1 damage to the tier 2 resistance."

Readings chosen (the passage is garbled; these make every number of its example come out):

* One wound per resistance: the first overflow gains it at level 1, each later overflow raises it one level. Its
  penalty (its level) applies to every action. Damage types only name it ("burned").
* Overflow: damage above the level wounds, the counter resets ("restore all accumulated damage") and the excess
  carries over onto the resistance, which now counts on tier ``tier + wound level`` ("the tier 2 resistance").
  The dragon's 7 damage on a full tier-1 resistance (level 6) is one minor burned wound (−1) and 1 damage left.
  Excess that overflows again wounds again, in the same hit.
* Incapacitated when the wound's level exceeds the resistance's tier: the wound becomes major (a trait), the
  counter resets and any remaining damage is lost. A tier-0 resistance (the scaffold's ``Physical(0/3:0)``) is
  incapacitated by its first wound; each tier lets a character take one more minor wound ("so many wounds before
  dying"). The intro's ``Health (0/3:1)`` reads the same: reset while the wound level is not above the tier.
* Protection: an item's reduction is subtracted first (the caller decides whether it applies — armour reduces
  on a successful resistance check); immunity prevents the damage. Damage is never negative.
"""

from __future__ import annotations

from functools import lru_cache

from pydantic import AliasChoices, BaseModel, ConfigDict, Field

from narrator.tools.contract import ToolArgs, ToolResult
from narrator.tools.dice import Roller
from narrator.tools.frozen import Frozen
from narrator.tools.steps import Step, step
from narrator.tools.systems.fiveplus.rules import COUNTER, ITEMS, WOUNDS
from narrator.tools.tool import tool


class ResistanceState(BaseModel):
    """A resistance as a damage tool needs it (and its related wound's level, 0 without one)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field("Physical", min_length=1, max_length=60)
    counter: int = Field(0, ge=0, le=60, description="Damage already accumulated.")
    level: int = Field(ge=0, le=20)
    tier: int = Field(0, ge=0, le=10)
    wound_level: int = Field(0, ge=0, le=20, description="Level of the wound this resistance already caused (0: none).")


class Outcome(Frozen):
    taken: int = Field(description="Damage that reached the resistance after protection.")
    counter_after: int = Field(json_schema_extra={"fact": "damage"}, description="Damage on the resistance now.")
    wound_level_after: int
    wounds_gained: int = Field(description="How many times the counter went above the level.")
    major: bool = Field(description="The wound is now major: the character is incapacitated.")
    current_tier: int = Field(description="The tier the resistance now counts on (tier + wound level).")
    lost: int = Field(description="Damage beyond incapacitation, lost.")
    steps: list[Step | str] = Field(validation_alias=AliasChoices("steps", "lines"), description=(
        "What the damage did, as steps (a result logged before results were data holds their words as 'lines')."))


def apply_damage(r: ResistanceState, amount: int, reduction: int = 0, immune: bool = False,
                 wound: str | None = None) -> Outcome:
    """The counter, wound and incapacitation after ``amount`` damage."""
    return damage_explained(r, amount, reduction, immune, wound)[0]


def damage_explained(r: ResistanceState, amount: int, reduction: int = 0, immune: bool = False,
                     wound: str | None = None) -> tuple[Outcome, tuple[Step, ...]]:
    """:func:`apply_damage`, with the steps that explain it (its ``steps``, as a tuple for the result that quotes
    them): once per resistance and damage, the outcome and its steps being frozen. Kept by the resistance's five
    values, not by the model (a pydantic model's hash and ``==`` cost more than the lookup saves)."""
    return _damage_explained(r.name, r.counter, r.level, r.tier, r.wound_level, amount, reduction, immune, wound)


@lru_cache(maxsize=4096)
def _damage_explained(name: str, counter_before: int, level: int, tier: int, wound_level: int, amount: int,
                      reduction: int, immune: bool, wound: str | None) -> tuple[Outcome, tuple[Step, ...]]:
    r = ResistanceState.model_construct(name=name, counter=counter_before, level=level, tier=tier,
                                        wound_level=wound_level)
    steps: list[Step] = []
    if immune:
        steps.append(step("fiveplus.immune", amount=amount))
        taken = 0
    else:
        taken = max(0, amount - reduction)
        if reduction:
            steps.append(step("fiveplus.protection", amount=amount, reduction=reduction, taken=taken))
    if r.wound_level > r.tier:
        steps.append(step("fiveplus.already_incapacitated", name=r.name, taken=taken))
        return Outcome(taken=taken, counter_after=r.counter, wound_level_after=r.wound_level, wounds_gained=0,
                       major=True, current_tier=r.tier + r.wound_level, lost=taken, steps=steps), tuple(steps)
    counter, w, gained, major, lost = r.counter + taken, r.wound_level, 0, False, 0
    name = wound or f"{r.name} wound"
    if taken:
        steps.append(step("fiveplus.takes", name=r.name, counter=r.counter, level=r.level, tier=r.tier, taken=taken,
                          after=counter))
    while counter > r.level and not major:
        excess = counter - r.level
        w += 1
        gained += 1
        if w > r.tier:
            major, lost, was = True, excess, counter
            counter = 0
            steps.append(step("fiveplus.major_wound", was=was, level=r.level, wound=name, wound_level=w, tier=r.tier,
                              excess=excess))
            break
        counter = excess
        steps.append(step("fiveplus.minor_wound", level=r.level, excess=excess, wound=name, wound_level=w,
                          tier=r.tier + w))
    if taken and not gained:
        steps.append(step("fiveplus.no_wound", counter=counter, level=r.level))
    return Outcome(taken=taken, counter_after=counter, wound_level_after=w, wounds_gained=gained, major=major,
                   current_tier=r.tier + w, lost=lost, steps=steps), tuple(steps)


class DamageArgs(ToolArgs):
    resistance: ResistanceState
    amount: int = Field(ge=0, le=60, description="Damage dealt to the resistance.")
    reduction: int = Field(0, ge=0, le=20, description="Protection that applies (an item's damage reduction).")
    immune: bool = Field(False, description="An item or trait prevents this damage entirely.")
    wound: str | None = Field(None, min_length=1, max_length=60, description="The wound's name ('burned'); default "
                              "'<resistance> wound'.")


class DamageResult(ToolResult):
    outcome: Outcome
    incapacitated: bool
    penalty: int = Field(description="The wound's constant penalty to all actions (0 without one).")


@tool("fiveplus")
def fiveplus_resistance_damage(args: DamageArgs, roller: Roller) -> DamageResult:
    """Damage on a 5+ resistance: the counter accumulates; above the level a minor wound (penalty = its level, counter
    reset, the rest carried over); a wound above the tier incapacitates (major wound)."""
    out, steps = damage_explained(args.resistance, args.amount, args.reduction, args.immune, args.wound)
    r = args.resistance
    refs = [COUNTER, WOUNDS] + ([ITEMS] if args.reduction or args.immune else [])
    return DamageResult(summary=step("fiveplus.damage", name=r.name, taken=out.taken, counter=out.counter_after,
                                     level=r.level, major=out.major, wound_level=out.wound_level_after),
                        steps=list(steps) or [step("fiveplus.no_damage")], rule_refs=refs, outcome=out,
                        incapacitated=out.major, penalty=-out.wound_level_after)
