"""Opposed challenges (``mastery.md#Challenges``): "When characters oppose one another, treat it as though both
characters were performing solo challenges where the victor is the one with the most successes. In this
circumstance, the degree of success is equal to the difference, rather than the absolute number of successes."

Readings chosen:

* Each side rolls its own pool against its own target number (each is "performing a solo challenge"; usually both
  look for the same one). No successes are required: the side with more successes wins, by the difference.
* Equal successes are a tie: nobody is the victor, and the result says so (``outcome_label`` ``tie``); what a tie
  means in the story is the GM's, the engine changes nothing on one.
* A side that does not roll (an NPC under "assume average", ``mastery.md#Fearsome Challenges``) has a fixed degree
  (:func:`.challenge.average_degree`); its distribution is a certainty, so the odds stay exact.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from narrator.tools.contract import CheckResult, ToolArgs
from narrator.tools.dice import Die as RolledDie
from narrator.tools.dice import Roller
from narrator.tools.frozen import Frozen
from narrator.tools.odds import Dist, Odds, shape_cache
from narrator.tools.steps import Step, step
from narrator.tools.tool import tool
from narrator.tools.systems.mastery.challenge import (
    PoolSpec, Rounding, average_degree, build_pool, count_dist, difficulty_name, roll_pool, target_number,
)
from narrator.tools.systems.mastery.rules import CHALLENGES, FEARSOME, Die, Difficulty


class Side(PoolSpec):
    """One side of an opposed challenge."""

    name: str = Field("side", min_length=1, max_length=60, description="Who this side is.")
    tn: int | Difficulty = Field("Normal", description="The target number this side looks for.")
    rolls: bool = Field(True, description="False: an NPC that does not roll; assume it rolls all average.")

    @model_validator(mode="before")
    @classmethod
    def _tn_name(cls, data):
        if isinstance(data, dict) and "tn" in data:
            data = {**data, "tn": difficulty_name(data["tn"])}
        return data


def check_tn(die: int, tn: int | str, field: str) -> None:
    if isinstance(tn, int) and not 1 <= tn <= die:
        raise ValueError(f"{field}: tn {tn} is not a face of a d{die} (1..{die}) or a difficulty")


class SideResult(Frozen):
    name: str
    pool: int
    tn: int
    rolled: bool
    successes: int = Field(description="Successes rolled, or the assumed average degree.")
    dice: list[RolledDie]


def side_roll(roller: Roller, side: PoolSpec, die: int, tn_given: int | str, rolls: bool, rounding: str, who: str,
              purpose: str) -> tuple[SideResult, Dist, list[Step]]:
    """Roll one side (or assume its average): its result, the exact distribution of its successes, its steps."""
    tn, difficulty = target_number(die, tn_given)
    pool, lines = build_pool(side)
    lines = [step("mastery.of", who=who, line=line) for line in lines]
    if rolls:
        thrown = roll_pool(roller, pool.dice, die, tn, purpose, who, difficulty)
        lines.append(thrown.line)
        return (SideResult(name=who, pool=pool.dice, tn=tn, rolled=True, successes=thrown.successes,
                           dice=thrown.dice), count_dist(pool.dice, die, tn), lines)
    degree, _ = average_degree(pool.dice, die, tn, rounding)
    lines.append(step("mastery.side_average", who=who, dice=pool.dice, die=die, tn=tn, difficulty=difficulty,
                      rounding=rounding, degree=degree))
    return (SideResult(name=who, pool=pool.dice, tn=tn, rolled=False, successes=degree, dice=[]),
            Dist.certain(degree), lines)


def difference_odds(first: Dist, second: Dist) -> tuple[Dist, Odds]:
    diff = first.combine(second, lambda a, b: a - b)
    keys = sorted(k for k, _ in diff.items())
    order = range(min(keys), max(keys) + 1)
    return diff, diff.odds(p_success=diff.p(lambda d: d > 0), order=order, label=lambda d: f"{d:+d}" if d else "0")


def verdict(first: str, second: str, difference: int) -> Step:
    """Who won an opposed challenge and by what degree, or a tie."""
    return step("mastery.verdict", first=first, second=second, difference=difference)


def versus(a: SideResult, b: SideResult, difference: int) -> Step:
    """'Aria 2 vs Borin 1. Aria wins: ...': the two counts and the verdict."""
    return step("mastery.versus", first=a.name, first_successes=a.successes, second=b.name,
                second_successes=b.successes, verdict=verdict(a.name, b.name, difference))


class OpposedArgs(ToolArgs):
    die: Die = Field(description="The campaign's die.")
    first: Side = Field(description="The side whose victory counts as success (usually the one who acts).")
    second: Side = Field(description="The opposing side.")
    rounding: Rounding = Field("down", description="How an average half pool rounds (a side that does not roll).")

    @model_validator(mode="after")
    def _tns(self):
        check_tn(self.die, self.first.tn, "first")
        check_tn(self.die, self.second.tn, "second")
        if self.first.name.casefold() == self.second.name.casefold():
            raise ValueError("the two sides need different names")
        return self


class OpposedResult(CheckResult):
    outcome: int = Field(description="first's successes - second's successes.")
    outcome_label: Literal["win", "loss", "tie"] = Field(description="From the first side's point of view.")
    winner: str | None
    degree: int = Field(description="The difference: the victor's degree of success (0 on a tie).")
    tie: bool
    first: SideResult
    second: SideResult
    p_tie: float
    p_loss: float


@tool("mastery")
def mastery_opposed(args: OpposedArgs, roller: Roller) -> OpposedResult:
    """An opposed Mastery challenge: both sides roll their pools (or a side that does not roll is assumed average); the
    one with more successes wins, degree = the difference; ties reported."""
    a, a_dist, a_lines = side_roll(roller, args.first, args.die, args.first.tn, args.first.rolls, args.rounding,
                                   args.first.name, f"{args.first.name} die")
    b, b_dist, b_lines = side_roll(roller, args.second, args.die, args.second.tn, args.second.rolls, args.rounding,
                                   args.second.name, f"{args.second.name} die")
    odds, p_tie, p_loss = opposed_figures(a_dist, b_dist)
    d = a.successes - b.successes
    label = "win" if d > 0 else "loss" if d < 0 else "tie"
    winner = a.name if d > 0 else b.name if d < 0 else None
    steps = [step("mastery.opposed_tns", die=args.die, first=a.name, first_tn=a.tn, second=b.name, second_tn=b.tn),
             *a_lines, *b_lines, versus(a, b, d)]
    refs = [CHALLENGES] + ([FEARSOME] if not (args.first.rolls and args.second.rolls) else [])
    return OpposedResult(
        summary=step("mastery.opposed", first=a.name, first_successes=a.successes, second=b.name,
                     second_successes=b.successes, winner=winner, by=abs(d)),
        steps=steps, rule_refs=refs, dice=[*a.dice, *b.dice], outcome=d, outcome_label=label, success=d > 0,
        odds=odds, winner=winner, degree=abs(d), tie=d == 0, first=a, second=b,
        p_tie=p_tie, p_loss=p_loss,
    )


@shape_cache
def opposed_figures(first: Dist, second: Dist) -> tuple[Odds, float, float]:
    """The odds block, P(tie) and P(loss) of one pair of success distributions, computed once per pair."""
    diff, odds = difference_odds(first, second)
    return odds, float(diff[0]), float(diff.p(lambda x: x < 0))



