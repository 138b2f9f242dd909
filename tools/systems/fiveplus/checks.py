"""The success range (``five-plus.md#3.1) Success Range``): the 2d6 check every other 5+ mechanic builds on.

"Add the proficiency to 5 to determine the upper bound … [the rank is] added to 5 to determine the success range
lower bound … if the sum of the 2d6 is [inside], the character's action succeeds." The same roll gives the
successes (``#Successes (“damage”)``), the doubles that improve descriptors (:mod:`.improvement`) and the special
values 1 and 6 (``#Special Values``).

Readings chosen:

* Range = [5 + rank, 5 + level − damage + modifier], both ends included ("the base success range is 5-5
  (including the extremes)"). ``modifier`` is every trait and condition bonus and penalty, the ±1 of difficulty,
  the +1 of help and the turn's focus / rush / move value — the caller adds them up; the table tools do.
* An empty range (upper below lower) is impossible: no dice are thrown, the action fails, nothing improves.
* Successes count only when the action succeeds: the lowest die by default; 0 against immunity, 1 against
  resistance, the highest die against weakness; then any extra successes a descriptor grants (never below 0).
* A double is reported whatever the outcome and judged by :func:`.improvement.improve`. A 1 or a 6 on either die
  is reported as a special value: a bad (1) or good (6) outcome descriptors may hook into.
* ``distance`` of a failure is how many values the total lies outside the range (the "reduced effect" of
  ``#Failure handling`` subtracts it).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import product
from typing import Literal

from pydantic import Field

from narrator.tools.contract import CheckResult, ToolArgs, signed
from narrator.tools.dice import Die, Roller
from narrator.tools.frozen import Frozen
from narrator.tools.odds import Dist, Odds
from narrator.tools.phrases import counted
from narrator.tools.systems.fiveplus.improvement import Improvement, Progress, improve_explained
from narrator.tools.systems.fiveplus.rules import (
    ABILITIES, BASE, IMPROVEMENT, RANGE, SPECIAL, SUCCESSES, TIERS, SuccessMode,
)
from narrator.tools.steps import Step, step
from narrator.tools.tool import tool

Outcome = Literal["success", "failure", "impossible"]
BOUND = {"fact": "target"}
"""The ends of the success range are what a roll is compared with: the guard reads them as targets."""
DEGREE = {"fact": "degree"}
OUTCOME_ORDER = ("failure", "success")
FACES = range(1, 7)


def bounds(level: int, damage: int, modifier: int, rank: int) -> tuple[int, int]:
    """(lower, upper) of the success range."""
    return BASE + rank, BASE + level - damage + modifier


@lru_cache(maxsize=None)
def p_range(lower: int, upper: int) -> Fraction:
    """Exactly P(lower ≤ 2d6 ≤ upper); 0 for an empty range."""
    if upper < lower:
        return Fraction(0)
    hits = sum(1 for a, b in product(FACES, FACES) if lower <= a + b <= upper)
    return Fraction(hits, 36)


@lru_cache(maxsize=4096)
def range_line(lower: int, upper: int) -> Step:
    """The step 'Success range 7–9: P(success) = 5/12 (41.7%).' — once per range."""
    return step("fiveplus.success_range", lower=lower, upper=upper)


@lru_cache(maxsize=4096)
def range_words(lower: int, upper: int) -> str:
    """The words of :func:`range_line`: once per range (printing a Fraction is not free)."""
    p = p_range(lower, upper)
    return f"Success range {lower}–{upper}: P(success) = {p} ({float(p) * 100:.1f}%)."


def successes_of(a: int, b: int, mode: str, extra: int = 0) -> int:
    """Successes of a successful roll: lowest die; immunity 0, resistance 1, weakness the highest; plus extra."""
    base = {"normal": min(a, b), "immunity": 0, "resistance": 1, "weakness": max(a, b)}[mode]
    return max(0, base + extra) if mode != "immunity" else 0


@lru_cache(maxsize=None)
def successes_dist(lower: int, upper: int, mode: str, extra: int) -> Dist:
    """The exact distribution of the successes one check obtains (0 when it fails)."""
    weights: dict[int, int] = {}
    for a, b in product(FACES, FACES):
        n = successes_of(a, b, mode, extra) if lower <= a + b <= upper else 0
        weights[n] = weights.get(n, 0) + 1
    return Dist.from_weights(weights)


@lru_cache(maxsize=4096)
def check_odds(lower: int, upper: int) -> Odds:
    p = p_range(lower, upper)
    if upper < lower:
        return Dist.certain("impossible").odds(p_success=Fraction(0))
    return Dist({"failure": 1 - p, "success": p}).odds(p_success=p, order=OUTCOME_ORDER)


class CheckArgs(ToolArgs):
    """What a 5+ check needs; other 5+ tools nest it (help, raise the stakes, treatment, an NPC's action…)."""

    level: int = Field(ge=0, le=20, description="The descriptor's level (0 incompetent … 6 expert).")
    damage: int = Field(0, ge=0, le=40, description="Damage on that descriptor (its counter), subtracted.")
    modifier: int = Field(0, ge=-20, le=20, description="Sum of trait and condition bonuses and penalties, "
                          "difficulty ±1, help +1, and the turn's focus (+1) / rush (-1 per extra action) / move (-2).")
    rank: int = Field(0, ge=-10, le=10, description="Challenge rank (usually 0): added to 5 for the lower bound.")
    tier: int = Field(0, ge=0, le=10, description="The descriptor's tier (for improvement: a double >= level + tier "
                      "gains a level).")
    next_level: int | None = Field(None, ge=0, le=20, description="Levels already gained in the tier above "
                                   "('+2' in 5:1+2), for the double-6 rule.")
    successes_mode: SuccessMode = Field("normal", description="How the target takes successes: normal (lowest die), "
                                        "immunity (0), resistance (1) or weakness (highest die).")
    extra_successes: int = Field(0, ge=-6, le=6, description="Successes a descriptor adds (or removes).")
    descriptor: str | None = Field(None, max_length=60, description="Its name, for the explanation.")


class CheckRoll(Frozen):
    """The bare check, reused inside other results."""

    dice: list[Die]
    outcome: Outcome
    success: bool
    total: int | None
    lower: int = Field(json_schema_extra=BOUND)
    upper: int = Field(json_schema_extra=BOUND)
    distance: int = Field(json_schema_extra=DEGREE, description="Values outside the range (0 on a success; for "
                          "reduced effects).")
    successes: int
    double: int | None
    improvement: Improvement | None
    ones: int
    sixes: int
    odds: Odds
    successes_odds: Odds
    steps: list[Step]


@lru_cache(maxsize=4096)
def bound_lines(rank: int, level: int, damage: int, modifier: int, name: str) -> tuple[Step, Step]:
    """The two steps that explain the range's ends, once per (rank, level, damage, modifier, descriptor name)."""
    lower, upper = bounds(level, damage, modifier, rank)
    return (step("fiveplus.lower_bound", rank=rank, lower=lower),
            step("fiveplus.upper_bound", name=name, level=level, damage=damage, modifier=modifier, upper=upper))


@lru_cache(maxsize=8192)
def rolled(a: int, b: int, lower: int, upper: int) -> tuple[int, bool, int, Step]:
    """(total, success, distance, the step that says so) of the faces ``a`` and ``b`` against a non-empty range: 36
    pairs per range, so the step is made once, not on every check."""
    total = a + b
    success = lower <= total <= upper
    distance = 0 if success else (lower - total if total < lower else total - upper)
    return total, success, distance, step("fiveplus.rolled", a=a, b=b, total=total, lower=lower, upper=upper,
                                          success=success, distance=distance)


def rolled_words(v) -> str:
    return (f"Rolled {v['a']} + {v['b']} = {v['total']}: "
            + (f"inside {v['lower']}–{v['upper']}, the action succeeds as intended." if v["success"]
               else f"outside {v['lower']}–{v['upper']} by {v['distance']}, the action fails or is incomplete."))


@lru_cache(maxsize=1024)
def successes_line(a: int, b: int, mode: str, extra: int) -> tuple[int, Step]:
    """(successes, the step that counts them) of a successful roll showing ``a`` and ``b``."""
    successes = successes_of(a, b, mode, extra)
    return successes, step("fiveplus.successes", a=a, b=b, mode=mode, extra=extra, successes=successes)


def successes_words(v) -> str:
    a, b, mode, extra = v["a"], v["b"], v["mode"], v["extra"]
    base = {"normal": f"the lowest die, {min(a, b)}", "immunity": "ignored (immunity): 0",
            "resistance": "downgraded to 1 (resistance)", "weakness": f"the highest die, {max(a, b)} (weakness)"}
    return (f"Successes: {base[mode]}" + (f" {signed(extra)} from descriptors" if extra else "")
            + f" → {v['successes']}.")


@lru_cache(maxsize=None)
def special_line(ones: int, sixes: int) -> Step:
    """The step that reports a throw's 1s and 6s (special values)."""
    return step("fiveplus.special", ones=ones, sixes=sixes)


def special_words(v) -> str:
    ones, sixes = v["ones"], v["sixes"]
    words = ([f"{counted(ones, 'one')}: a bad outcome for effects that use special values"] if ones else []) + \
            ([f"{counted(sixes, 'six', 'sixes')}: a good outcome for effects that use special values"] if sixes else [])
    return "Special values: " + "; ".join(words) + "."


def roll_check(args: CheckArgs, roller: Roller, purpose: str = "check die", upper_tier: bool = False) -> CheckRoll:
    """Range, roll, successes, doubles and special values of one check (``upper_tier``: the tier above is used).

    Its explanation steps depend only on the range and the two faces, so each is made once and then read from a
    cache (:func:`bound_lines`, :func:`rolled`, :func:`successes_line`, :func:`special_line`); the check itself is
    built once, as the frozen :class:`CheckRoll` the bigger 5+ results nest."""
    lower, upper = bounds(args.level, args.damage, args.modifier, args.rank)
    steps = list(bound_lines(args.rank, args.level, args.damage, args.modifier, args.descriptor or "descriptor"))
    odds = check_odds(lower, upper)
    s_odds = successes_dist(lower, upper, args.successes_mode, args.extra_successes).odds()  # both memoised
    if upper < lower:
        steps.append(step("fiveplus.empty_range", lower=lower, upper=upper))
        return CheckRoll(dice=[], outcome="impossible", success=False, total=None, lower=lower, upper=upper,
                         distance=lower - upper, successes=0, double=None, improvement=None, ones=0, sixes=0,
                         odds=odds, successes_odds=s_odds, steps=steps)
    steps.append(range_line(lower, upper))
    dice = [roller.roll(6, f"{purpose} {i}") for i in (1, 2)]
    a, b = dice[0].face, dice[1].face
    total, success, distance, line = rolled(a, b, lower, upper)
    steps.append(line)
    successes = 0
    if success:
        successes, line = successes_line(a, b, args.successes_mode, args.extra_successes)
        steps.append(line)
    improvement = None
    double = a if a == b else None
    if double is not None:
        progress = Progress(level=args.level, tier=args.tier, next_level=args.next_level)
        improvement, explained = improve_explained(progress, double, upper=upper_tier)
        steps += explained
    ones, sixes = (a == 1) + (b == 1), (a == 6) + (b == 6)
    if ones or sixes:
        steps.append(special_line(ones, sixes))
    return CheckRoll(dice=dice, outcome="success" if success else "failure", success=success, total=total,
                     lower=lower, upper=upper, distance=distance, successes=successes, double=double,
                     improvement=improvement, ones=ones, sixes=sixes, odds=odds, successes_odds=s_odds, steps=steps)


class FivePlusCheckResult(CheckResult):
    outcome: Outcome
    total: int | None = Field(description="The 2d6 sum (None when impossible: nothing was rolled).")
    lower: int = Field(json_schema_extra=BOUND, description="5 + rank.")
    upper: int = Field(json_schema_extra=BOUND, description="5 + level - damage + modifiers.")
    range: str = Field(description="'7–9', or 'empty'.")
    distance: int = Field(json_schema_extra=DEGREE, description="Values outside the range.")
    successes: int = Field(description="Successes obtained (0 on a failure).")
    successes_odds: Odds = Field(description="Exact distribution of the successes before the roll.")
    double: int | None = Field(description="The face of a double, if one was rolled.")
    improvement: Improvement | None
    ones: int = Field(description="Dice showing 1 (special value: bad).")
    sixes: int = Field(description="Dice showing 6 (special value: good).")


def refs_for(roll: CheckRoll) -> list[str]:
    refs = [RANGE]
    if roll.successes:
        refs.append(SUCCESSES)
    if roll.improvement is not None:
        refs.append(IMPROVEMENT)
        if roll.improvement.event in ("tier_unlocked", "tier_above_up", "base_tier_advanced"):
            refs += [TIERS, ABILITIES]
    if roll.ones or roll.sixes:
        refs.append(SPECIAL)
    return refs


def summary_of(roll: CheckRoll) -> Step:
    if roll.outcome == "impossible":
        return step("fiveplus.check_impossible", lower=roll.lower, upper=roll.upper)
    return step("fiveplus.check", lower=roll.lower, upper=roll.upper, a=roll.dice[0].face, b=roll.dice[1].face,
                total=roll.total, outcome=roll.outcome, successes=roll.successes, double=roll.double,
                event=roll.improvement.event if roll.improvement is not None else None)


def check_words(v) -> str:
    text = f"Range {v['lower']}–{v['upper']}: rolled {v['a']}+{v['b']}={v['total']} → {v['outcome']}"
    if v["successes"]:
        text += f", {v['successes']} success{'es' if v['successes'] != 1 else ''}"
    if v["event"] is not None:
        text += f"; double {v['double']}: {v['event'].replace('_', ' ')}"
    return text


def result_of(roll: CheckRoll, extra_refs: list[str] | None = None) -> FivePlusCheckResult:
    return FivePlusCheckResult(
        summary=summary_of(roll), steps=roll.steps, rule_refs=list(dict.fromkeys(refs_for(roll) + (extra_refs or []))),
        dice=roll.dice, outcome=roll.outcome, success=roll.success, odds=roll.odds, total=roll.total,
        lower=roll.lower, upper=roll.upper, range=f"{roll.lower}–{roll.upper}" if roll.upper >= roll.lower else "empty",
        distance=roll.distance, successes=roll.successes, successes_odds=roll.successes_odds, double=roll.double,
        improvement=roll.improvement, ones=roll.ones, sixes=roll.sixes,
    )


@tool("fiveplus")
def fiveplus_check(args: CheckArgs, roller: Roller) -> FivePlusCheckResult:
    """Roll a 5+ check: 2d6 inside the success range [5 + rank, 5 + level - damage + modifiers] succeeds; reports
    successes (lowest die), doubles that improve the descriptor, and 1s and 6s."""
    return result_of(roll_check(args, roller))
