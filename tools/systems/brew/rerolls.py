"""Resolve rerolls and chance rolls (``brew.md#Resolve Points``, ``#Chance Rolls``): the two ways to roll again.

Readings chosen:

* **Resolve.** A failed roll whose die showed more than 1 (the die result, not counting the pool: the kept die
  of a specialty, Lucky's extra included) may be rolled again for one Resolve point: the whole die is thrown anew
  against the same pool and difficulty. Never in Downtime. The book says both "only in Bullet Time (or at the
  gamemaster's discretion)" and that training gives points "to use during Story Time"; its Resolve section bars
  only Downtime, so Story Time and Bullet Time allow it. An automatic failure (pool 0 or less) has no die, so no
  reroll. Training points bound to the rolled skill are spent first (they are good for nothing else); a general
  point otherwise. A reroll may itself be rerolled, a point each time. A Servant to a Martial God acting for their
  god's will or their destiny rerolls for free ("a free Resolve Roll").
* **Chance.** After a success, and only in Bullet Time, one more d6: 1-3 turns the action into a failure whatever
  the first roll; 4-6 adds to the total, which is judged again against the thresholds. It cannot be rerolled
  (the table remembers it). A Thousand Masks lets the character ignore a 1-3 once a session on acting, lying or
  grifting: the roll then changes nothing.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from pydantic import Field, model_validator

from narrator.tools.contract import CheckResult, ToolArgs
from narrator.tools.dice import Roller
from narrator.tools.errors import FieldProblem, ToolArgumentError
from narrator.tools.odds import Dist, Odds
from narrator.tools.steps import step
from narrator.tools.tool import tool
from narrator.tools.systems.brew.checks import (
    BrewCheckResult, CheckArgs, check_fields, label_odds, outcome_of, pool_of,
)
from narrator.tools.systems.brew.rules import (
    CHANCE, MASKS_REF, MAX_RESOLVE, MAX_TRAINING_RESOLVE, RESOLVE, TIME, TIME_NAMES, Outcome, TimeMode,
)


class RerollArgs(CheckArgs):
    previous_die: int = Field(ge=1, le=12, description="The die result of the failed roll (not counting the pool).")
    resolve: int = Field(ge=0, le=MAX_RESOLVE, description="General Resolve points left.")
    training_resolve: int = Field(0, ge=0, le=MAX_TRAINING_RESOLVE, description="Resolve points from downtime "
                                  "training in this very skill (spent first).")
    time: TimeMode = Field("bullet", description="story, bullet or downtime (no Resolve in Downtime).")
    free: bool = Field(False, description="A free Resolve roll (a Servant to a Martial God acting for their god's "
                       "will or their destiny): no point is spent.")


class RerollResult(BrewCheckResult):
    spent: Literal["training", "resolve", "free"]
    resolve_after: int
    training_resolve_after: int
    previous_total: int


@tool("brew")
def brew_reroll(args: RerollArgs, roller: Roller) -> RerollResult:
    """Spend a Resolve point to reroll a failed Brew roll whose die showed more than 1 (never in Downtime); training
    points for the skill are spent first."""
    breakdown, _ = pool_of(args)
    problems = []
    if args.time == "downtime":
        problems.append(FieldProblem("time", "Resolve cannot be used for rolls in Downtime (brew.md#Resolve Points)"))
    if breakdown.pool <= 0:
        problems.append(FieldProblem("attribute", f"the pool is {breakdown.pool}: an automatic failure has no die to "
                                                  "reroll"))
    previous_total = breakdown.pool + args.previous_die
    if breakdown.pool > 0 and (previous_total >= args.difficulty or args.best_at_thing):
        problems.append(FieldProblem("previous_die", f"pool {breakdown.pool} + {args.previous_die} = {previous_total} "
                                                     f"meets difficulty {args.difficulty}: only a failure is rerolled"))
    if args.previous_die <= 1:
        problems.append(FieldProblem("previous_die", "the die showed 1: a failed roll is rerolled only when its die "
                                                     "showed more than 1"))
    if args.resolve + args.training_resolve < 1 and not args.free:
        problems.append(FieldProblem("resolve", "no Resolve point left (they come back after 5 hours of rest)"))
    if problems:
        raise ToolArgumentError("?", problems)
    spent = "free" if args.free else "training" if args.training_resolve else "resolve"
    base = check_fields(args, roller, "reroll die")
    after_r = args.resolve - (spent == "resolve")
    after_t = args.training_resolve - (spent == "training")
    paid = (step("brew.free_reroll") if spent == "free" else
            step("brew.resolve_spent", training=spent == "training", resolve=args.resolve, resolve_after=after_r,
                 training_resolve=args.training_resolve, training_after=after_t))
    steps = [step("brew.reroll_allowed", total=previous_total, die=args.previous_die), paid, *base["steps"]]
    data = {**base, "steps": steps, "summary": step("brew.reroll", spent=spent, roll=base["summary"]),
            "rule_refs": [RESOLVE, *base["rule_refs"], *([TIME] if spent == "training" else []),
                          *(["brew.md#A Servant to a Martial God"] if spent == "free" else [])]}
    return RerollResult(**data, spent=spent, resolve_after=after_r, training_resolve_after=after_t,
                        previous_total=previous_total)


class ChanceArgs(ToolArgs):
    total: int = Field(ge=-40, le=80, description="The successful roll's total.")
    difficulty: int = Field(ge=1, le=40)
    time: TimeMode = Field("bullet", description="Chance rolls are only for Bullet Time.")
    thousand_masks: bool = Field(False, description="A Thousand Masks, once a session on acting, lying or grifting: "
                                 "a 1-3 is ignored instead of failing.")

    @model_validator(mode="after")
    def _success_first(self):
        if self.total < self.difficulty:
            raise ValueError(f"a chance roll follows a success: total {self.total} is below difficulty "
                             f"{self.difficulty}")
        if self.time != "bullet":
            raise ValueError(f"chance rolls are made only in Bullet Time, not in {TIME_NAMES[self.time]}")
        return self


class ChanceResult(CheckResult):
    outcome: Outcome
    previous_outcome: Outcome
    total: int
    previous_total: int
    die_result: int
    ignored: bool = Field(description="A 1-3 ignored through A Thousand Masks.")


def chance_dist(total: int, difficulty: int, masks: bool) -> Dist:
    return Dist.uniform(range(1, 7)).map(
        lambda d: (outcome_of(total, difficulty) if masks else "failure") if d <= 3 else outcome_of(total + d,
                                                                                                     difficulty))


@lru_cache(maxsize=4096)
def chance_odds(total: int, difficulty: int, masks: bool) -> Odds:
    """A chance roll's odds block, once per (total, difficulty, A Thousand Masks)."""
    return label_odds(chance_dist(total, difficulty, masks))


@tool("brew")
def brew_chance_roll(args: ChanceArgs, roller: Roller) -> ChanceResult:
    """After a success in Bullet Time, risk a chance roll: 1d6 of 1-3 turns it into a failure, 4-6 adds to the total for
    a higher threshold."""
    d = roller.roll(6, "chance die")
    before = outcome_of(args.total, args.difficulty)
    steps = [step("brew.chance_risk", total=args.total, difficulty=args.difficulty, outcome=before),
             step("brew.rolled", face=d.face)]
    ignored = False
    if d.face <= 3:
        if args.thousand_masks:
            total, outcome, ignored = args.total, before, True
            steps.append(step("brew.masks_ignore"))
        else:
            total, outcome = args.total, "failure"
            steps.append(step("brew.chance_fails"))
    else:
        total = args.total + d.face
        outcome = outcome_of(total, args.difficulty)
        steps.append(step("brew.chance_adds", total=args.total, face=d.face, new_total=total, outcome=outcome))
    return ChanceResult(summary=step("brew.chance", face=d.face, outcome=outcome, total=total), steps=steps,
                        rule_refs=[CHANCE, TIME] + ([MASKS_REF] if args.thousand_masks else []), dice=[d],
                        outcome=outcome, success=outcome != "failure",
                        odds=chance_odds(args.total, args.difficulty, args.thousand_masks), total=total,
                        previous_total=args.total, previous_outcome=before, die_result=d.face, ignored=ignored)
