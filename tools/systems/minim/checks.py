"""Minim tests (``minim.md#Tests``): the 2d6 partial-result roll every other Minim mechanic builds on.

Reading chosen: each die is judged on its own. A 1 is always a success and a 6 always a failure (the automatic
results); otherwise a face below the target succeeds (+1), equal is neutral (±0), above fails (-1). This makes
"targets lower than 1 only succeed on 1s" and "targets over 5 only fail on 6s" fall out of one rule, and it is
what the priest example needs (target 1, roll 1 -> +1).

Specialties ("To add realism use specialties that each cost 1-point like heart-surgery and psychotherapy (cure);
fencing and karate (fight)") are bought with a point but the book states no benefit. Reading chosen, the common
one: a specialty that applies to the action adds +1 to the target, on top of the skill's own ±1 (a fencer who
lacks fight: −1 + 1 = ±0). It is a modifier like any other, so it stacks with bonuses, penalties and faith.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from pydantic import Field, field_validator, model_validator

from narrator.tools.contract import CheckResult, ToolArgs, ref
from narrator.tools.dice import Die, Roller
from narrator.tools.frozen import Frozen
from narrator.tools.odds import Dist, Odds
from narrator.tools.steps import Step, step
from narrator.tools.tool import tool
from narrator.tools.systems.minim.rules import BOOK, OUTCOME_LABELS, Skill, Trait

TESTS = ref(BOOK, "Tests")
MODIFIERS = ref(BOOK, "Bonuses and penalties")
FAITH = ref(BOOK, "Faith")
SKILLS = ref(BOOK, "Skills")
OUTCOME_ORDER = (-2, -1, 0, 1, 2)


def partial(face: int, target: int) -> int:
    """One die's partial result against a target: +1, 0 or -1."""
    if face == 1:
        return 1
    if face == 6:
        return -1
    return 1 if face < target else 0 if face == target else -1


@lru_cache(maxsize=None)
def partial_dist(target: int) -> Dist:
    return Dist.uniform(partial(face, target) for face in range(1, 7))


@lru_cache(maxsize=None)
def outcome_dist(target: int) -> Dist:
    """Exact distribution of a test's outcome (-2..2) for a target."""
    one = partial_dist(min(max(target, 0), 7))  # every target <1 behaves like 0, every target >6 like 7
    return one + one


@lru_cache(maxsize=None)
def test_odds(target: int) -> Odds:
    dist = outcome_dist(target)
    return dist.odds(p_success=dist.p(lambda o: o >= 1), order=OUTCOME_ORDER)


def label(outcome: int) -> str:
    return OUTCOME_LABELS[outcome]


class TestSpec(ToolArgs):
    """What a Minim test needs; other Minim tools extend it (attacks, surprise, recovery, powers of the mind...)."""

    trait: int = Field(ge=1, le=5, description="The trait score used (1-5).")
    skill: Skill | None = Field(None, description="The most relevant skill, or null when no skill clearly applies.")
    has_skill: bool | None = Field(
        None, description="Required when a skill is named: true if the character has it (+1), false if not (-1)."
    )
    modifier: int = Field(0, ge=-10, le=10, description="Sum of bonuses and penalties (+1 for taking twice as long).")
    faith: bool = Field(False, description="Spend a faith point for +1 to this action.")
    specialty: bool = Field(False, description="A specialty of the character applies to this action: +1.")
    trait_name: Trait | None = Field(None, description="Which trait the score is (for the explanation).")

    @field_validator("skill", "trait_name", mode="before")
    @classmethod
    def _lower(cls, v):
        return v.strip().lower() if isinstance(v, str) else v

    @model_validator(mode="after")
    def _skill_consistency(self):
        if self.skill is not None and self.has_skill is None:
            raise ValueError("has_skill is required when a skill is named: true (+1) or false (-1)")
        if self.skill is None and self.has_skill:
            raise ValueError("has_skill cannot be true when skill is null; name the skill")
        return self


class TargetBreakdown(Frozen):
    trait: int
    skill_adjustment: int
    specialty: int = 0
    modifier: int
    faith: int = Field(json_schema_extra={"fact": "modifier"})  # the +1 of a faith point spent, not a faith figure
    target: int


def target_of(spec: TestSpec, extra: int = 0,
              extra_reason: tuple[str, ...] = ()) -> tuple[TargetBreakdown, list[Step]]:
    """The test target and the explanation of where it came from (a fresh list: callers add to it)."""
    breakdown, lines = target_lines(spec.trait, spec.skill, spec.has_skill, spec.modifier, spec.faith, spec.specialty,
                                    spec.trait_name, extra, extra_reason)
    return breakdown, list(lines)


@lru_cache(maxsize=4096)
def target_lines(trait: int, skill: str | None, has_skill: bool | None, spec_modifier: int, spent_faith: bool,
                 has_specialty: bool, trait_name: str | None, extra: int,
                 extra_reason: tuple[str, ...]) -> tuple[TargetBreakdown, tuple[Step, ...]]:
    """:func:`target_of` by the values a target depends on. Cached: a group tests with the same sheets again and
    again (a collaboration makes one per helper), and the frozen breakdown and its lines cost more to build than to
    look up; frozen, the breakdown is safe to share between results."""
    skill_adj = 0 if skill is None else (1 if has_skill else -1)
    faith = 1 if spent_faith else 0
    specialty = 1 if has_specialty else 0
    modifier = spec_modifier + extra
    target = trait + skill_adj + specialty + modifier + faith
    lines = [step("minim.target", name=trait_name or "trait", trait=trait, skill=skill, has_skill=has_skill,
                  specialty=specialty, modifier=spec_modifier, extra=extra, reason=list(extra_reason), faith=faith,
                  target=target)]
    if target < 1:
        lines.append(step("minim.target_below_1"))
    elif target > 5:
        lines.append(step("minim.target_above_5"))
    return TargetBreakdown(trait=trait, skill_adjustment=skill_adj, specialty=specialty, modifier=modifier,
                           faith=faith, target=target), tuple(lines)


@dataclass(frozen=True, slots=True)
class TestRoll:
    """The bare roll of a test, whose fields the results that use it copy (never a result's field itself: a plain
    dataclass, so a roll is not validated twice — here and in the result that holds its values)."""

    dice: list[Die]
    partials: list[int]
    outcome: int
    steps: list[Step]


def roll_test(roller: Roller, target: int, purpose: str = "test die") -> TestRoll:
    dice = [roller.roll(6, f"{purpose} {i}") for i in (1, 2)]
    partials, outcome, steps = test_lines(dice[0].face, dice[1].face, target)
    return TestRoll(dice=dice, partials=list(partials), outcome=outcome, steps=list(steps))


@lru_cache(maxsize=4096)
def test_lines(a: int, b: int, target: int) -> tuple[tuple[int, int], int, tuple[Step, ...]]:
    """The partials, outcome and lines of faces ``a`` and ``b`` against ``target``: 36 pairs per target, so each
    line is written once, not on every test."""
    partials = (partial(a, target), partial(b, target))
    outcome = sum(partials)
    steps = (step("minim.die", die=1, face=a, target=target), step("minim.die", die=2, face=b, target=target),
             step("minim.outcome", partials=list(partials), outcome=outcome))
    return partials, outcome, steps


@lru_cache(maxsize=8192)
def cached_step(kind: str, *values: tuple[str, int | bool | str | None]) -> Step:
    """``step(kind, **dict(values))`` for plain values, made once per its values: a step is frozen, so the lines a
    fight writes again and again (each avoidance die, the fatigue) are shared between results, not rebuilt."""
    return step(kind, **dict(values))


class MinimTestResult(CheckResult):
    outcome: int = Field(ge=-2, le=2)
    outcome_label: str
    target: int
    target_breakdown: TargetBreakdown
    partials: list[int] = Field(description="The two partial results, +1 / 0 / -1, in dice order.")
    faith_spent: int = Field(0, description="Faith points spent (0 or 1).")


def resolve(spec: TestSpec, roller: Roller, extra: int = 0, extra_reason: tuple[str, ...] = (),
            purpose: str = "test die"):
    """Target, roll and odds of one test: (breakdown, roll, odds, steps)."""
    breakdown, steps = target_of(spec, extra, extra_reason)
    rolled = roll_test(roller, breakdown.target, purpose)
    return breakdown, rolled, test_odds(breakdown.target), steps + rolled.steps


@tool("minim")
def minim_test(args: TestSpec, roller: Roller) -> MinimTestResult:
    """Roll a Minim test: 2d6 against trait ±skill ±modifiers, outcome -2..+2."""
    breakdown, rolled, odds, steps = resolve(args, roller)
    refs = [TESTS] + ([SKILLS] if args.specialty else []) + ([MODIFIERS] if args.modifier else []) + (
        [FAITH] if args.faith else [])
    return MinimTestResult(
        summary=step("minim.tested", target=breakdown.target, faces=[rolled.dice[0].face, rolled.dice[1].face],
                     outcome=rolled.outcome),
        steps=steps,
        rule_refs=refs,
        dice=rolled.dice,
        outcome=rolled.outcome,
        outcome_label=label(rolled.outcome),
        success=rolled.outcome >= 1,
        odds=odds,
        target=breakdown.target,
        target_breakdown=breakdown,
        partials=rolled.partials,
        faith_spent=1 if args.faith else 0,
    )


def p_success(target: int) -> Fraction:
    return outcome_dist(target).p(lambda o: o >= 1)
