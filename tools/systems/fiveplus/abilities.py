"""Abilities and their cost (``five-plus.md#Abilities``, ``#4.3) Actions``): special actions that push further.

"Because abilities represent an additional effort than the underlying regular action, theses descriptors have a
cost such as fatigue resistance damage … One default ability to consider is raising the action stakes … For the
cost of 1 fatigue damage, the dice can be re-rolled to either revert a failure or strengthen a success, allowing
for both critical hits and critical fumbles." Abilities "may have specific activation conditions, such as rolling a
6 on a related action".

Readings chosen:

* Raising the stakes re-rolls both dice of a check just made; the new roll replaces the old one whatever it shows
  (so a success can turn into a failure: the critical fumble). It costs 1 fatigue damage, paid through the wound
  rules (:mod:`.wounds`). Once per check.
* Using an ability is a check with its skill; the cost is paid on use, succeed or fail. An ability that triggers
  on a 6 (or on a 1) takes effect only when its check succeeds and shows that face; without a trigger it takes
  effect on a success. An ability with uses spends one.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from narrator.tools.contract import CheckResult, ToolArgs
from narrator.tools.dice import DieFlag, Roller
from narrator.tools.errors import FieldProblem, ToolArgumentError
from narrator.tools.systems.fiveplus.checks import CheckArgs, CheckRoll, bounds, refs_for, roll_check
from narrator.tools.systems.fiveplus.rules import ABILITIES, WOUNDS
from narrator.tools.systems.fiveplus.wounds import Outcome, ResistanceState, damage_explained
from narrator.tools.steps import Step, step
from narrator.tools.tool import tool

STAKES_COST = 1


class StakesArgs(ToolArgs):
    check: CheckArgs = Field(description="The check being re-rolled (the same range).")
    first: list[int] = Field(min_length=2, max_length=2, description="The two faces of the roll being replaced.")
    fatigue: ResistanceState = Field(description="The fatigue resistance that pays 1 damage.")


class StakesResult(CheckResult):
    first_total: int
    replaced: CheckRoll
    fatigue: Outcome
    first_success: bool


@tool("fiveplus")
def fiveplus_stakes(args: StakesArgs, roller: Roller) -> StakesResult:
    """Raise the stakes in 5+: for 1 fatigue damage, re-roll a check's dice; the new roll stands (a failure may become a
    success, or a success a fumble)."""
    if any(not 1 <= f <= 6 for f in args.first):
        raise ToolArgumentError("?", [FieldProblem("first", "faces of a d6 are 1-6", str(args.first))])
    lower, upper = bounds(args.check.level, args.check.damage, args.check.modifier, args.check.rank)
    first_total = sum(args.first)
    first_success = lower <= first_total <= upper
    fatigue, paying = damage_explained(args.fatigue, STAKES_COST)
    steps = [step("fiveplus.stakes_first", a=args.first[0], b=args.first[1], total=first_total,
                  outcome="success" if first_success else "failure"),
             step("fiveplus.stakes_cost", cost=STAKES_COST, resistance=args.fatigue.name), *paying,
             step("fiveplus.stakes_reroll")]
    roll = roll_check(args.check, roller, "stakes die")
    steps += roll.steps
    if roll.success != first_success:
        steps.append(step("fiveplus.stakes_reverted" if roll.success else "fiveplus.stakes_fumble"))
    dice = [d.with_flags(DieFlag.REROLLED) for d in roll.dice]  # what they replaced is in `first`
    # validated straight through the core validator, as StakesResult(...) would, without BaseModel.__init__'s detour
    return StakesResult.__pydantic_validator__.validate_python({
        "summary": step("fiveplus.stakes", cost=STAKES_COST, resistance=args.fatigue.name, first=first_total,
                        total=roll.total, outcome=roll.outcome),
        "steps": steps, "rule_refs": list(dict.fromkeys([ABILITIES, WOUNDS, *refs_for(roll)])), "dice": dice,
        "outcome": roll.outcome, "success": roll.success, "odds": roll.odds, "first_total": first_total,
        "replaced": roll, "fatigue": fatigue, "first_success": first_success})


class AbilityArgs(ToolArgs):
    ability: str = Field("ability", min_length=1, max_length=60)
    check: CheckArgs = Field(description="The check of the descriptor the ability is used with.")
    cost: int = Field(0, ge=0, le=12, description="Damage the ability costs.")
    pays: ResistanceState | None = Field(None, description="The resistance paying the cost (fatigue, mind...).")
    trigger: Literal["six", "one"] | None = Field(None, description="Only when the check shows a 6 (or a 1).")
    uses: int | None = Field(None, ge=0, le=99, description="Uses left (None: unlimited).")


class AbilityResult(CheckResult):
    ability: str
    activated: bool
    cost_paid: Outcome | None
    uses_after: int | None
    check: CheckRoll


@tool("fiveplus")
def fiveplus_ability(args: AbilityArgs, roller: Roller) -> AbilityResult:
    """Use a 5+ ability: a check with its descriptor; the cost (resistance damage) is paid on use; a triggered ability
    works only on a success showing a 6 (or a 1)."""
    if args.uses is not None and args.uses < 1:
        raise ToolArgumentError("?", [FieldProblem("uses", f"{args.ability} has no uses left", "0")])
    if args.cost and args.pays is None:
        raise ToolArgumentError("?", [FieldProblem("pays", "an ability with a cost needs the resistance that pays")])
    steps: list[Step] = []
    paid = None
    if args.cost and args.pays is not None:
        paid, paying = damage_explained(args.pays, args.cost)
        steps += [step("fiveplus.ability_cost", ability=args.ability, cost=args.cost, resistance=args.pays.name),
                  *paying]
    roll = roll_check(args.check, roller, "ability die")
    steps += roll.steps
    shows = {"six": roll.sixes > 0, "one": roll.ones > 0, None: True}[args.trigger]
    activated = roll.success and shows
    if args.trigger and roll.success and not shows:
        steps.append(step("fiveplus.not_triggered", trigger=args.trigger))
    steps.append(step("fiveplus.ability_effect", ability=args.ability, activated=activated))
    uses_after = None if args.uses is None else args.uses - 1
    if uses_after is not None:
        steps.append(step("fiveplus.uses_left", uses=uses_after))
    return AbilityResult(summary=step("fiveplus.ability", ability=args.ability, outcome=roll.outcome,
                                      activated=activated),
                         steps=steps, rule_refs=list(dict.fromkeys([ABILITIES, *refs_for(roll)]
                                                                  + ([WOUNDS] if paid else []))),
                         dice=roll.dice, outcome=roll.outcome, success=roll.success, odds=roll.odds,
                         ability=args.ability, activated=activated, cost_paid=paid, uses_after=uses_after, check=roll)
