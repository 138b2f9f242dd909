"""Recovery and practice during rest (``five-plus.md#3.2) Recovery``, ``#3.3) Improvement``).

"During each rest (or day), the players may be allowed to take only so many recovery actions. These actions may
include: healing may be automatic … may require the consumption of items … may require an action and thus a check
by one character. In these cases, using skills with appropriate items and in the appropriate conditions upgrades
the effect." And: "During each resting time, the player may choose to take time to practice some descriptors … for
each practice the player chooses two marked descriptors and removed the marking in order to attempt a free level
up 2d6 roll for one of them."

Readings chosen:

* A recovery action removes damage from one resistance's counter: ``automatic`` and ``item`` remove the amount
  given (the rest or the item decides it); ``check`` removes the successes of a check by the healer — the lowest
  die, upgraded to the highest die with appropriate supplies ("upgrades the effect"); a failed check heals nothing.
* The limit per rest is the campaign's (default 2 recovery actions per character per rest); the count is the
  table's and starts again with each rest.
* Practice: both marked descriptors lose their mark and the chosen one rolls 2d6 judged by the double rule of
  :mod:`.improvement` — a qualifying double improves it, any other double marks it again.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from narrator.tools.contract import CheckResult, ToolArgs
from narrator.tools.dice import Roller
from narrator.tools.errors import FieldProblem, ToolArgumentError
from narrator.tools.odds import Dist
from narrator.tools.systems.fiveplus.checks import CheckArgs, CheckRoll, refs_for, roll_check
from narrator.tools.systems.fiveplus.improvement import Improvement, Progress, improve_explained
from narrator.tools.steps import step
from narrator.tools.systems.fiveplus.rules import IMPROVEMENT, RECOVERY
from narrator.tools.tool import tool

RecoveryMode = Literal["automatic", "item", "check"]
DEFAULT_RECOVERIES = 2


class RecoveryArgs(ToolArgs):
    counter: int = Field(ge=0, le=60, description="Damage on the resistance now.")
    mode: RecoveryMode = Field(description="automatic (rest), item (consumed) or check (a healer's skill check).")
    amount: int = Field(1, ge=1, le=20, description="Damage removed by automatic or item recovery.")
    check: CheckArgs | None = Field(None, description="The healer's check (mode check).")
    supplies: bool = Field(False, description="Appropriate items and conditions: the check heals the highest die.")
    used: int = Field(0, ge=0, le=20, description="Recovery actions already taken this rest.")
    limit: int = Field(DEFAULT_RECOVERIES, ge=0, le=20, description="Recovery actions allowed per rest.")

    @model_validator(mode="after")
    def _check(self):
        if self.mode == "check" and self.check is None:
            raise ValueError("a recovery by check needs the healer's check")
        if self.mode != "check" and self.check is not None:
            raise ValueError("only mode check takes a check")
        return self


class RecoveryResult(CheckResult):
    healed: int
    counter_after: int
    used_after: int
    check: CheckRoll | None


@tool("fiveplus")
def fiveplus_recovery(args: RecoveryArgs, roller: Roller) -> RecoveryResult:
    """A 5+ recovery action on a resistance's damage: automatic or by an item (a set amount) or by a healer's check (its
    successes; highest die with supplies); only so many per rest."""
    if args.used >= args.limit:
        raise ToolArgumentError("?", [FieldProblem("used", f"all {args.limit} recovery actions of this rest are "
                                                           "taken; rest again first", str(args.used))])
    steps = [step("fiveplus.recovery_count", n=args.used + 1, limit=args.limit)]
    roll = None
    refs = [RECOVERY]
    if args.mode == "check":
        assert args.check is not None
        check = args.check.model_copy(update={"successes_mode": "weakness" if args.supplies else "normal"})
        roll = roll_check(check, roller, "healing die")
        steps += roll.steps
        refs += refs_for(roll)
        healed = roll.successes
        if args.supplies:
            steps.append(step("fiveplus.supplies"))
        odds = roll.odds
        success = roll.success
        dice = roll.dice
    else:
        healed = args.amount
        steps.append(step("fiveplus.heals", mode=args.mode, amount=args.amount))
        odds, success, dice = None, True, []
    after = max(0, args.counter - healed)
    steps.append(step("fiveplus.healed", counter=args.counter, healed=healed, after=after))
    return RecoveryResult(summary=step("fiveplus.recovery", mode=args.mode, healed=healed, counter=args.counter,
                                       after=after),
                          steps=steps, rule_refs=list(dict.fromkeys(refs)), dice=dice,
                          outcome=roll.outcome if roll else "healed", success=success, odds=odds, healed=healed,
                          counter_after=after, used_after=args.used + 1, check=roll)


class Marked(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1, max_length=60)
    level: int = Field(ge=0, le=20)
    tier: int = Field(0, ge=0, le=10)
    next_level: int | None = Field(None, ge=0, le=20)
    marked: bool = Field(True, description="Practice needs marked descriptors.")


class PracticeArgs(ToolArgs):
    descriptors: list[Marked] = Field(min_length=2, max_length=2, description="The two marked descriptors.")
    roll_for: int = Field(0, ge=0, le=1, description="Which of the two gets the free level-up roll (0 or 1).")

    @model_validator(mode="after")
    def _marked(self):
        unmarked = [d.name for d in self.descriptors if not d.marked]
        if unmarked:
            raise ValueError(f"practice takes two marked descriptors; not marked: {', '.join(unmarked)}")
        if self.descriptors[0].name.casefold() == self.descriptors[1].name.casefold():
            raise ValueError("practice takes two different marked descriptors")
        return self


class PracticeResult(CheckResult):
    practised: str
    set_aside: str
    improvement: Improvement | None
    after: list[Progress] = Field(description="Both descriptors after practice, in the order given.")


@lru_cache(maxsize=4096)
def practice_odds(level: int, tier: int) -> Dist:
    """Exactly how a free level-up roll ends: improved, marked again, or nothing (once per level and tier: the
    distribution is immutable and its odds block is memoised on it)."""
    threshold = level + tier
    better = sum(1 for f in range(1, 7) if f >= threshold)
    return Dist.from_weights({"improved": better, "marked": 6 - better, "nothing": 30})


@tool("fiveplus")
def fiveplus_practice_roll(args: PracticeArgs, roller: Roller) -> PracticeResult:
    """5+ practice during rest: two marked descriptors lose their mark and one gets a free level-up 2d6 roll (a double
    of at least level + tier gains a level)."""
    chosen = args.descriptors[args.roll_for]
    other = args.descriptors[1 - args.roll_for]
    progress = Progress(level=chosen.level, tier=chosen.tier, next_level=chosen.next_level, marked=False)
    dice = [roller.roll(6, f"practice die {i}") for i in (1, 2)]
    a, b = dice[0].face, dice[1].face
    steps = [step("fiveplus.practice_marks", chosen=chosen.name, other=other.name),
             step("fiveplus.practice_rolled", a=a, b=b)]
    improvement = None
    if a == b:
        improvement, explained = improve_explained(progress, a)
        steps += explained
        after = improvement.after
    else:
        steps.append(step("fiveplus.no_double"))
        after = progress
    dist = practice_odds(chosen.level, chosen.tier)
    outcome = "nothing" if improvement is None else "marked" if improvement.event == "marked" else "improved"
    set_aside = Progress(level=other.level, tier=other.tier, next_level=other.next_level, marked=False)
    both = [after, set_aside] if args.roll_for == 0 else [set_aside, after]
    return PracticeResult(summary=step("fiveplus.practice", name=chosen.name, a=a, b=b, outcome=outcome), steps=steps,
                          rule_refs=[IMPROVEMENT, RECOVERY], dice=dice, outcome=outcome,
                          success=outcome == "improved",
                          odds=dist.odds(p_success=dist["improved"], order=("nothing", "marked", "improved")),
                          practised=chosen.name, set_aside=other.name, improvement=improvement, after=both)
