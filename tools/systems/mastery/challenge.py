"""Mastery challenges (``mastery.md#Challenges``): the dice pool every other Mastery mechanic builds on.

"All challenges are made by rolling dice and counting the number of results that equal or exceed a Target Number",
with a pool of ``1 + trait + ability (if any) + skill (if any) + circumstance modifiers (if any)`` dice, and "for
any solo challenge, the GM will require a certain number of successes". So the outcome is the count of dice at or
above the target number, and the challenge succeeds when the count reaches the successes required.

Readings chosen:

* The target number is given as a number or as a difficulty name resolved through the book's table for the
  campaign's die (Normal on a d6 is 4, on a d20 11). A number must lie on the die (1..die): a target above the die
  can never be met, so there is nothing to roll, and it is refused.
* "Unless a challenge is impossible, all characters get one base die, which cannot be removed due to modifiers":
  the pool never falls below 1 die. In the challenge the book calls impossible, that base die is *not guaranteed*:
  modifiers can take it away, so the pool may be 0 dice, and 0 dice cannot succeed. The flag says what it does,
  ``no_guaranteed_die``, because "impossible" read as a word promises a challenge that cannot succeed, and this one
  still can (trait +2 keeps 3 dice). Until the name changed it was ``impossible``, and that spelling is still
  accepted, so older campaign logs replay unchanged. It is the GM's way to say "only possible by characters with
  points in it" (``mastery.md#One Comment``): a character with nothing to add rolls no dice.
* "If the GM decides that either are unfit for the test at hand, the player cannot use them (and may not change
  their choice)": an ability or skill ruled unfit adds nothing to the pool — the player does not get to pick
  another one instead (the table tool :func:`.table_checks.mastery_check` enforces that for a repeated task).
* Degree of success of a solo challenge is the number of successes ("more successes indicate a more impressive
  performance"); ``margin`` is how far above or below the successes required it landed.
* "Assume average" (``mastery.md#Fearsome Challenges``): an NPC that does not roll gets "degree of success = half
  their dice pool" at a normal target number — exactly the expected number of dice at or above Normal on a d6, d10
  or d20 (one in two). For another target number the same "roll all average" reading gives pool x the chance of one
  die, which is what :func:`average_degree` computes; an odd half is rounded as the campaign says (down by default).
"""

from __future__ import annotations

from functools import lru_cache

from fractions import Fraction
from math import ceil, floor
from typing import Any, Literal, NamedTuple

from pydantic import AliasChoices, Field, field_validator, model_validator

from narrator.tools.contract import CheckResult, ToolArgs
from narrator.tools.dice import Die as RolledDie
from narrator.tools.dice import Roller
from narrator.tools.frozen import Frozen
from narrator.tools.odds import Dist, Odds, count_at_least, fraction_text
from narrator.tools.steps import Step, step
from narrator.tools.tool import tool
from narrator.tools.systems.mastery.rules import (
    ADVICE, CHALLENGES, DIFFICULTIES, FEARSOME, SUCCESS_WORDS, TARGET_NUMBERS, Die, Difficulty,
)

MAX_CIRCUMSTANCE = 50
"""Circumstance modifiers are dice; +-50 keeps every pool under 66 dice (the exact odds stay instant)."""


def difficulty_name(value: Any) -> Any:
    """'normal', ' DIFFICULT ' -> the book's spelling; anything else is left for validation to judge."""
    if isinstance(value, str):
        word = value.strip().lower()
        for name in DIFFICULTIES:
            if name.lower() == word:
                return name
    return value


def target_number(die: int, tn: int | str) -> tuple[int, str | None]:
    """(the target number, the difficulty it came from or None)."""
    if isinstance(tn, str):
        return TARGET_NUMBERS[die][tn], tn
    return tn, None


def hit_chance(die: int, tn: int) -> Fraction:
    """The chance that one die meets or beats the target number."""
    return Fraction(max(0, min(die, die - tn + 1)), die)


class PoolSpec(ToolArgs):
    """What goes into a pool: the trait the GM chose, the player's ability and skill, and the circumstances."""

    trait: int = Field(ge=-2, le=4, description="The trait's rating (-2..+4), chosen by the GM.")
    ability: int = Field(0, ge=0, le=4, description="The rating of the ability the player chose (0: none).")
    skill: int = Field(0, ge=0, le=5, description="The rating of the skill the player chose (0: none).")
    circumstance: int = Field(0, ge=-MAX_CIRCUMSTANCE, le=MAX_CIRCUMSTANCE, description="Circumstance modifiers "
                              "in dice: assistance, low visibility, weariness, wounds, magic, distraction...")
    ability_unfit: bool = Field(False, description="The GM ruled the chosen ability unfit: it adds nothing (and "
                                "the player may not choose another).")
    skill_unfit: bool = Field(False, description="The GM ruled the chosen skill unfit: it adds nothing.")
    no_guaranteed_die: bool = Field(False, validation_alias=AliasChoices("no_guaranteed_die", "impossible"),
                                    description="The book's impossible challenge: the one base die is not "
                                    "guaranteed, so modifiers may leave 0 dice (0 dice cannot succeed).")
    trait_name: str | None = Field(None, max_length=40, description="For the explanation: which trait.")
    ability_name: str | None = Field(None, max_length=40, description="For the explanation: which ability.")
    skill_name: str | None = Field(None, max_length=40, description="For the explanation: which skill.")


class TargetSpec(ToolArgs):
    """The campaign's die and a target number (a face of the die, or a difficulty from the book's table)."""

    die: Die = Field(description="The campaign's die: 6, 10 or 20 (chosen once per campaign).")
    tn: int | Difficulty = Field("Normal", description="Target number, or Easy / Normal / Difficult / Extreme "
                                 "(resolved through the book's table for the die).")

    _tn_name = field_validator("tn", mode="before")(difficulty_name)

    @model_validator(mode="after")
    def _tn_on_the_die(self):
        if isinstance(self.tn, int) and not 1 <= self.tn <= self.die:
            raise ValueError(f"tn {self.tn} is not a face of a d{self.die}: give 1..{self.die} or a difficulty "
                             "(Easy, Normal, Difficult, Extreme); a target no face can meet cannot succeed, so "
                             "there is nothing to roll")
        return self


class ChallengeSpec(PoolSpec, TargetSpec):
    """A solo challenge: a pool, the campaign's die, a target number and the successes required."""

    needed: int = Field(1, ge=1, le=100, description="Successes the GM requires (>= 1).")


class Pool(Frozen):
    """Where the dice of a pool came from."""

    base: int = Field(1, json_schema_extra={"fact": "count"})
    trait: int = Field(json_schema_extra={"fact": "score"})
    ability: int = Field(json_schema_extra={"fact": "score"})
    skill: int = Field(json_schema_extra={"fact": "score"})
    circumstance: int = Field(json_schema_extra={"fact": "modifier"})
    raw: int = Field(description="1 + trait + ability + skill + circumstance, before the base-die rule.")
    dice: int = Field(description="The dice actually rolled.")


def build_pool(spec: PoolSpec) -> tuple[Pool, list[Step]]:
    """The pool and the steps explaining it (a fresh list: callers add their own steps to it)."""
    pool, lines = pool_lines(spec.trait, spec.ability, spec.skill, spec.circumstance, spec.ability_unfit,
                             spec.skill_unfit, spec.no_guaranteed_die, spec.trait_name, spec.ability_name,
                             spec.skill_name)
    return pool, list(lines)


@lru_cache(maxsize=4096)
def pool_lines(trait: int, ability_rating: int, skill_rating: int, circumstance: int, ability_unfit: bool,
               skill_unfit: bool, no_guaranteed_die: bool, trait_name: str | None, ability_name: str | None,
               skill_name: str | None) -> tuple[Pool, tuple[Step, ...]]:
    """:func:`build_pool` by the values a pool depends on. Cached: a round rolls the same characters' pools again and
    again, and the frozen pool and its steps cost more to build than to look up; frozen, they are safe to share."""
    ability = 0 if ability_unfit else ability_rating
    skill = 0 if skill_unfit else skill_rating
    raw = 1 + trait + ability + skill + circumstance
    dice = max(0, raw) if no_guaranteed_die else max(1, raw)
    lines = [step("mastery.pool", trait_name=trait_name, trait=trait, ability=ability_rating,
                  ability_name=ability_name, ability_unfit=ability_unfit, skill=skill_rating, skill_name=skill_name,
                  skill_unfit=skill_unfit, circumstance=circumstance, raw=raw)]
    for kind, name, unfit in (("ability", ability_name, ability_unfit), ("skill", skill_name, skill_unfit)):
        if unfit:
            lines.append(step("mastery.unfit", what=kind, label=name or kind))
    if no_guaranteed_die:
        lines.append(step("mastery.no_base_die", raw=raw, dice=dice))
    elif raw < 1:
        lines.append(step("mastery.base_die"))
    pool = Pool(trait=trait, ability=ability, skill=skill, circumstance=circumstance, raw=raw, dice=dice)
    return pool, tuple(lines)


@lru_cache(maxsize=4096)
def count_dist(dice: int, die: int, tn: int) -> Dist:
    """Exact distribution of the number of dice at or above ``tn`` (a binomial count)."""
    return count_at_least(dice, die, tn)


@lru_cache(maxsize=4096)
def count_odds(dice: int, die: int, tn: int, needed: int) -> Odds:
    """Cached per pool shape: distributions and the frozen odds block are immutable."""
    dist = count_dist(dice, die, tn)
    return dist.odds(p_success=dist.p(lambda k: k >= needed), order=range(dice + 1))


@lru_cache(maxsize=4096)
def count_p_text(dice: int, die: int, tn: int, needed: int) -> str:
    """P(at least ``needed`` dice at or above ``tn``) as an exact fraction's text, once per pool shape."""
    return fraction_text(count_dist(dice, die, tn).p(lambda k: k >= needed))


class PoolRoll(NamedTuple):
    """The bare throw of a pool against a target number, read by the tools that roll pools (a challenge, an opposed
    side, initiative, a Bloodbath fighter). It never leaves the engine — each result holds its dice and successes in
    its own fields — so it is a plain tuple, not a model validated on every throw."""

    dice: list[RolledDie]
    successes: int
    line: Step


def roll_pool(roller: Roller, dice: int, die: int, tn: int, purpose: str = "challenge die",
              who: str | Step = "", difficulty: str | None = None) -> PoolRoll:
    """Throw ``dice`` and count those at or above ``tn``; the step names ``who`` threw (a name, or a step that
    says it) and, where given, the difficulty the target number came from."""
    rolled = roller.roll_many(dice, die, purpose)
    if not rolled:
        return PoolRoll(dice=[], successes=0, line=step("mastery.no_dice", who=who))
    faces = [d.face for d in rolled]
    hits = [f for f in faces if f >= tn]
    return PoolRoll(dice=rolled, successes=len(hits),
                    line=step("mastery.rolled", who=who, faces=faces, die=die, tn=tn, hits=hits,
                              **({"difficulty": difficulty} if difficulty else {})))


@lru_cache(maxsize=256)
def tn_line(die: int, tn: int, difficulty: str | None) -> Step:
    """The target number and each die's chance to meet it, once per (die, target, difficulty name)."""
    return step("mastery.tn", die=die, tn=tn, difficulty=difficulty)


class ChallengeResult(CheckResult):
    outcome: int = Field(description="The number of successes (dice at or above the target number).")
    outcome_label: Literal["success", "failure"]
    successes: int
    needed: int = Field(json_schema_extra={"fact": "successes"})
    margin: int = Field(description="successes - needed.")
    die: int = Field(json_schema_extra={"fact": "sides"})
    tn: int
    difficulty: str | None = Field(description="The difficulty name the target number came from, if any.")
    pool: int = Field(description="Dice rolled.")
    pool_breakdown: Pool
    p_success_exact: str = Field(description="odds.p_success as an exact fraction.")


def resolve(spec: ChallengeSpec, roller: Roller, purpose: str = "challenge die", who: str = "") -> ChallengeResult:
    """Pool, roll, count and exact odds of one solo challenge."""
    return ChallengeResult(**resolve_fields(spec, roller, purpose, who))


def resolve_fields(spec: ChallengeSpec, roller: Roller, purpose: str = "challenge die",
                   who: str = "") -> dict[str, Any]:
    """:func:`resolve`'s result as the fields of a :class:`ChallengeResult`, for a result that extends it (a
    hazard) to be built and validated once, not as a challenge first and then again as itself."""
    tn, difficulty = target_number(spec.die, spec.tn)
    pool, lines = build_pool(spec)
    thrown = roll_pool(roller, pool.dice, spec.die, tn, purpose, who)
    ok = thrown.successes >= spec.needed
    steps = [tn_line(spec.die, tn, difficulty), *lines, thrown.line,
             step("mastery.tally", successes=thrown.successes, needed=spec.needed, ok=ok, label=SUCCESS_WORDS[ok])]
    refs = [CHALLENGES] + ([ADVICE] if spec.ability_unfit or spec.skill_unfit else [])
    return dict(
        summary=step("mastery.challenge", who=who, dice=pool.dice, die=spec.die, tn=tn, successes=thrown.successes,
                     needed=spec.needed, label=SUCCESS_WORDS[ok]),
        steps=steps, rule_refs=refs, dice=thrown.dice, outcome=thrown.successes, outcome_label=SUCCESS_WORDS[ok],
        success=ok, odds=count_odds(pool.dice, spec.die, tn, spec.needed), successes=thrown.successes,
        needed=spec.needed, margin=thrown.successes - spec.needed, die=spec.die, tn=tn, difficulty=difficulty,
        pool=pool.dice, pool_breakdown=pool,
        p_success_exact=count_p_text(pool.dice, spec.die, tn, spec.needed),
    )


@tool("mastery")
def mastery_challenge(args: ChallengeSpec, roller: Roller) -> ChallengeResult:
    """Roll a Mastery challenge: 1 + trait + ability + skill + circumstance dice (at least the base die), count the dice
    at or above the target number; success when the count reaches the successes the GM requires."""
    return resolve(args, roller)


# --- assume average ----------------------------------------------------------------------------------------------


Rounding = Literal["down", "up"]


def average_degree(dice: int, die: int, tn: int, rounding: str = "down") -> tuple[int, Fraction]:
    """The degree of an NPC that "rolls all average": pool x the chance of one die, rounded as the GM says."""
    exact = dice * hit_chance(die, tn)
    return (floor(exact) if rounding == "down" else ceil(exact)), exact


class AverageArgs(PoolSpec, TargetSpec):
    """The NPC's pool as if it rolled; at a Normal target number the degree is half the pool."""

    rounding: Rounding = Field("down", description="How half an odd pool rounds (the campaign's choice).")


class AverageResult(CheckResult):
    outcome: int = Field(description="The NPC's degree of success, assumed rather than rolled.")
    degree: int
    exact_average: str = Field(description="pool x chance of one die, as a fraction.")
    pool: int
    die: int = Field(json_schema_extra={"fact": "sides"})
    tn: int


@tool("mastery")
def mastery_average(args: AverageArgs, roller: Roller) -> AverageResult:
    """An NPC that does not roll: 'assume that they roll all average' — degree of success = half their dice pool at a
    normal target number (no dice thrown)."""
    tn, difficulty = target_number(args.die, args.tn)
    pool, lines = build_pool(args)
    degree, exact = average_degree(pool.dice, args.die, tn, args.rounding)
    steps = [tn_line(args.die, tn, difficulty), *lines,
             step("mastery.assumed", dice=pool.dice, die=args.die, tn=tn, rounding=args.rounding, degree=degree),
             step("mastery.average_degree", degree=degree)]
    return AverageResult(
        summary=step("mastery.average", dice=pool.dice, degree=degree), steps=steps,
        rule_refs=[FEARSOME, CHALLENGES], dice=[], outcome=degree, success=None,
        odds=Dist.certain(degree).odds(), degree=degree, exact_average=fraction_text(exact), pool=pool.dice,
        die=args.die, tn=tn,
    )
