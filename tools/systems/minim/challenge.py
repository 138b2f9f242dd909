"""Minim challenge (``minim.md#Challenge``, ``#Environmental-modifiers``): how dangerous one group is for another.

A character's **tier** is the median of its three traits; the tier table turns it into a **challenge** score
(tier 1 = 0.2, kept as the exact ``Fraction(1, 5)`` so sums never drift); a group's challenge is the sum of its
members'. The pure functions :func:`tier_of`, :func:`challenge_of` and :func:`group_challenge` are reused by the
dungeon tool (and later by encounter generation), so the arithmetic lives in exactly one place.

Readings chosen (the rulebook gives guide-lines, not formulas):

* **Rating bands.** ratio = foes' challenge / party's challenge. "A fifth of the challenge is a moderate fight,
  while one with even half the challenge presents a chance of eliminating the player-group", so
  ratio < 1/5 is ``easy``, 1/5 <= ratio < 1/2 is ``moderate`` and ratio >= 1/2 is ``deadly``.
* **Environmental modifiers.** "Each such-advantage will modify the group ... as-much as doubling or halving its
  challenge." "As much as" is a bound, not a step: each advantage multiplies the group's challenge by a factor
  from 1/2 (halving) to 2 (doubling) — ×1.5 for a modest edge, ×2 for traps laid in advance. A group's multiplier
  is one factor, or a list of them (one per advantage or disadvantage) whose product is taken. Factors are exact
  fractions ('3/2', 1.5). Neutral conditions (falling rocks that hit anyone) are simply not entered.
* Members may be given by ``traits`` (the tier is their median) or directly by ``tier``; ``count`` repeats an
  identical member so "a group of half-dozen rats" is one entry.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import Annotated, Literal

from pydantic import Field, field_validator, model_validator

from narrator.tools.contract import ToolArgs, ToolResult, ref
from narrator.tools.dice import Roller
from narrator.tools.frozen import Frozen
from narrator.tools.odds import fraction_text
from narrator.tools.steps import Step, step
from narrator.tools.tool import tool
from narrator.tools.systems.minim.rules import BOOK, CHALLENGE_BY_TIER

CHALLENGE = ref(BOOK, "Challenge")
ENVIRONMENT = ref(BOOK, "Environmental-modifiers")

MODERATE_FROM = Fraction(1, 5)
"""Foes with at least a fifth of the party's challenge are a moderate fight."""
DEADLY_FROM = Fraction(1, 2)
"""Foes with at least half the party's challenge can eliminate the party."""
MIN_FACTOR, MAX_FACTOR = Fraction(1, 2), Fraction(2)
"""Each advantage: "as-much as doubling or halving" the group's challenge."""
MAX_COUNT = 1000
"""Identical members in one entry; generous for swarms, small enough that every total stays readable."""

Rating = Literal["easy", "moderate", "deadly"]
Score = Annotated[int, Field(ge=1, le=5)]


exact_text = fraction_text


def show(value: Fraction) -> str:
    """Exact value for explanations, with a decimal alongside when it is not whole: '1/5 (0.2)'."""
    text = exact_text(value)
    return text if value.denominator == 1 else f"{text} ({float(value):.4g})"


def tier_of(traits: Sequence[int]) -> int:
    """The tier is the median of the three trait scores ("the value of the median character-traits")."""
    if len(traits) != 3 or not all(1 <= t <= 5 for t in traits):
        raise ValueError(f"a Minim character has exactly 3 trait scores from 1 to 5, not {list(traits)}")
    return sorted(traits)[1]


def challenge_of(tier: int) -> Fraction:
    """The tier table: 5 → 100, 4 → 20, 3 → 5, 2 → 1, 1 → 1/5."""
    try:
        return CHALLENGE_BY_TIER[tier]
    except KeyError:
        raise ValueError(f"a Minim tier is 1 to 5, not {tier}") from None


def rating_of(ratio: Fraction) -> Rating:
    """The reading of "a fifth ... moderate; even half ... eliminating the player-group" (see module docstring)."""
    if ratio >= DEADLY_FROM:
        return "deadly"
    return "moderate" if ratio >= MODERATE_FROM else "easy"


def _factor(v) -> float:
    """2, 1.5 or the exact text '3/2' (what a person writes) as an exact number; anything else is refused here, in
    words, rather than as a union's two type errors."""
    if isinstance(v, str):
        try:
            return float(Fraction(v.strip()))
        except (ValueError, ZeroDivisionError):
            pass
    elif isinstance(v, (int, float)) and not isinstance(v, bool):
        return float(v)
    raise ValueError(f"{v!r} is not a factor: give a number from 1/2 to 2, e.g. 1.5 or '3/2'")


def _parse_multiplier(v):
    """One factor or a list of factors (one per advantage or disadvantage)."""
    return [_factor(x) for x in v] if isinstance(v, list) else _factor(v)


def factors_of(v: float | list[float]) -> list[Fraction]:
    return [Fraction(x).limit_denominator(1000) for x in (v if isinstance(v, list) else [v])]


def _check_multiplier(v: float | list[float]) -> float | list[float]:
    for x in (v if isinstance(v, list) else [v]):
        if not math.isfinite(x):  # Fraction(inf) overflows: a traceback, where the caller should read why
            raise ValueError(f"{x} is not a factor from 1/2 to 2: give one factor per advantage, e.g. [2, 1.5]")
    for f in factors_of(v):
        if not MIN_FACTOR <= f <= MAX_FACTOR:
            raise ValueError(f"{exact_text(f)} is not a factor from 1/2 to 2: each advantage multiplies a group's "
                             "challenge by as much as doubling (2) or halving (1/2); give one factor per advantage, "
                             "e.g. [2, 1.5]")
    return v


def product(factors: Sequence[Fraction]) -> Fraction:
    out = Fraction(1)
    for f in factors:
        out *= f
    return out


class Member(ToolArgs):
    """One character (or count identical characters), described by its three traits or directly by its tier."""

    name: str | None = Field(None, max_length=100, description="Who this is, for the explanation.")
    traits: list[Score] | None = Field(
        None, min_length=3, max_length=3, description="The three trait scores (brain, brawl, brass), 1-5 each."
    )
    tier: Score | None = Field(None, description="The tier (1-5) when the traits are not given.")
    count: int = Field(1, ge=1, le=MAX_COUNT, description="How many identical members this entry stands for.")

    @model_validator(mode="after")
    def _traits_or_tier(self):
        if (self.traits is None) == (self.tier is None):
            raise ValueError("give exactly one of traits (3 scores) or tier (1-5)")
        return self

    @property
    def resolved_tier(self) -> int:
        return self.tier if self.tier is not None else tier_of(self.traits or [])


class MemberChallenge(Frozen):
    name: str
    traits: list[int] | None
    tier: int
    count: int
    challenge_each: float
    challenge_each_exact: str
    challenge: float = Field(description="count × challenge_each.")
    challenge_exact: str


class GroupChallenge(Frozen):
    members: list[MemberChallenge]
    base: float = Field(description="Sum of the members' challenges, before environmental modifiers.")
    base_exact: str
    multiplier: float
    multiplier_exact: str
    total: float = Field(description="base × multiplier.")
    total_exact: str


def group_challenge(
    members: Sequence[Member], multiplier: Fraction = Fraction(1), group: str = "party", label: str = "party member"
) -> tuple[GroupChallenge, Fraction, list[Step]]:
    """A group's exact total challenge, its result block and the explanation lines.

    ``group`` names the group in the total line, ``label`` names unnamed members ("foe 2").
    """
    rows, steps, parts = [], [], []
    for i, m in enumerate(members, 1):
        tier = m.resolved_tier
        each = challenge_of(tier)
        total = each * m.count
        parts.append(total)
        name = m.name or f"{label} {i}"
        steps.append(step("minim.member_challenge", name=name, traits=m.traits, tier=tier, count=m.count,
                          each=exact_text(each), total=exact_text(total)))
        rows.append(MemberChallenge(
            name=name, traits=m.traits, tier=tier, count=m.count, challenge_each=float(each),
            challenge_each_exact=exact_text(each), challenge=float(total), challenge_exact=exact_text(total),
        ))
    base = sum(parts, Fraction(0))
    total = base * multiplier
    steps.append(step("minim.group_challenge", group=group, parts=[exact_text(p) for p in parts],
                      base=exact_text(base), multiplier=exact_text(multiplier), total=exact_text(total)))
    group = GroupChallenge(
        members=rows, base=float(base), base_exact=exact_text(base), multiplier=float(multiplier),
        multiplier_exact=exact_text(multiplier), total=float(total), total_exact=exact_text(total),
    )
    return group, total, steps


class ChallengeArgs(ToolArgs):
    party: list[Member] = Field(min_length=1, max_length=100, description="The player-group.")
    foes: list[Member] = Field(default_factory=list, max_length=100, description="The enemies-group.")
    party_multiplier: float | list[float] = Field(
        1.0, description="Environmental modifiers on the party: a factor from 1/2 to 2 per advantage or disadvantage "
                       "(2 doubles, 1.5, 1/2 halves), or a list of them, one per condition.",
    )
    foes_multiplier: float | list[float] = Field(
        1.0, description="Environmental modifiers on the foes: a factor from 1/2 to 2 per advantage or disadvantage, "
                       "or a list of them, one per condition.",
    )

    @field_validator("party_multiplier", "foes_multiplier", mode="before")
    @classmethod
    def _parse(cls, v):
        return _parse_multiplier(v)

    @field_validator("party_multiplier", "foes_multiplier")
    @classmethod
    def _check(cls, v: float | list[float]) -> float | list[float]:
        return _check_multiplier(v)


class ChallengeResult(ToolResult):
    party: GroupChallenge
    foes: GroupChallenge
    combined: float = Field(description="Party and foes added together.")
    combined_exact: str
    ratio: float = Field(description="Foes' total challenge / party's total challenge.")
    ratio_exact: str
    rating: Rating = Field(description="easy (< 1/5), moderate (1/5 to < 1/2) or deadly (>= 1/2).")


@tool("minim")
def minim_challenge(args: ChallengeArgs, roller: Roller) -> ChallengeResult:
    """Compare a party's and foes' Minim challenge (tier = median trait) and rate the fight easy/moderate/deadly."""
    party_mult, foes_mult = product(factors_of(args.party_multiplier)), product(factors_of(args.foes_multiplier))
    party, party_total, party_steps = group_challenge(args.party, party_mult, "party", "party member")
    foes, foes_total, foe_steps = group_challenge(args.foes, foes_mult, "foes", "foe")
    ratio = foes_total / party_total  # never zero: every tier is worth at least 1/5 and every factor >= 1/2
    rating = rating_of(ratio)
    steps = party_steps + foe_steps + [
        step("minim.ratio", foes=exact_text(foes_total), party=exact_text(party_total), ratio=exact_text(ratio)),
        step("minim.rating", rating=rating),
    ]
    refs = [CHALLENGE] + ([ENVIRONMENT] if party_mult != 1 or foes_mult != 1 else [])
    return ChallengeResult(
        summary=step("minim.challenge", foes=exact_text(foes_total), party=exact_text(party_total),
                     ratio=exact_text(ratio), rating=rating),
        steps=steps,
        rule_refs=refs,
        party=party,
        foes=foes,
        combined=float(party_total + foes_total),
        combined_exact=exact_text(party_total + foes_total),
        ratio=float(ratio),
        ratio_exact=exact_text(ratio),
        rating=rating,
    )
