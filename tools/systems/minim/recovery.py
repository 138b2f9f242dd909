"""Minim health recovery (``minim.md#Health``): catching one's breath, resting, and gritty long-term healing.

The three ways health comes back, one per ``mode``:

* ``mid_action`` — the character spends a turn to regain their breath and restores one fatigue point if they pass a
  brass test. Reading: "a brass test" names no skill, so it is the trait alone (±0); ordinary bonuses and penalties
  and a faith point apply as to any test. "Pass" means a success (+1 or +2); a neutral result restores nothing.
  An unconscious character (0 health) cannot take a turn, so 0 health is an argument error in this mode.
* ``full_rest`` — relaxing for a few minutes fully recovers health. No dice; the odds block is the certain outcome.
* ``long_term`` — the optional gritty rule, where health is permanent damage: "recovering a health-point requires
  long-term healing with a +1 for uninterrupted-rest in that period. A medic may also make his-own cure-test".
  Reading: one healing period recovers **at most one point** — a brass test (trait only) with +1 for
  uninterrupted rest, and a success restores the point. A medic's cure test (medic's brain ± cure skill) joins
  the patient's test as one collaborative action (``minim.md#Collaboration``): the two outcomes are summed and
  bound to -2..+2, and that one outcome decides the one point. (Two successes do not restore two points: the book
  gives the period one point.) How long the period lasts (a night's sleep or months) is the narrator's call, so
  the tool does not track time.

Health is one pool (the rulebook subtracts fatigue and damage alike from it) and never goes above the maximum,
which is the brass score unless ``max_health`` says otherwise. Recovering at full health is an argument error:
there is nothing to roll for. The ``outcome`` is the number of health points regained, and the odds are its exact
distribution (already capped at the maximum).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from pydantic import Field, ValidationInfo, field_validator

from narrator.tools.contract import CheckResult, ToolArgs, ref
from narrator.tools.dice import Die, Roller
from narrator.tools.frozen import Frozen
from narrator.tools.odds import Dist, Odds
from narrator.tools.steps import Step, step
from narrator.tools.tool import tool
from narrator.tools.systems.minim.checks import FAITH, MODIFIERS, TESTS, TargetBreakdown, TestSpec, label, outcome_dist, resolve
from narrator.tools.systems.minim.collaboration import COLLABORATION, clamp
from narrator.tools.systems.minim.rules import BOOK

HEALTH = ref(BOOK, "Health")
Mode = Literal["mid_action", "full_rest", "long_term"]


class RecoverArgs(ToolArgs):
    mode: Mode = Field(description="mid_action (a turn to catch breath), full_rest (a few minutes' relaxing) or "
                                   "long_term (gritty healing of permanent damage).")
    brass: int = Field(ge=1, le=5, description="The character's brass score (1-5).")
    max_health: int | None = Field(None, ge=1, le=99, description="Maximum health; null means the brass score.")
    health: int = Field(ge=0, le=99, description="Current health points.")
    modifier: int = Field(0, ge=-10, le=10, description="Bonuses and penalties to the character's brass test.")
    faith: bool = Field(False, description="Spend a faith point for +1 to the brass test (not for full_rest).")
    uninterrupted_rest: bool = Field(False, description="long_term only: +1 for rest without interruption.")
    medic_brain: int | None = Field(None, ge=1, le=5, description="long_term only: a medic's brain score.")
    medic_has_cure: bool | None = Field(
        None, validate_default=True, description="Required with medic_brain: true if the medic has cure (+1), else -1."
    )
    medic_modifier: int = Field(0, ge=-10, le=10, description="Bonuses and penalties to the medic's cure test.")

    @field_validator("health")
    @classmethod
    def _health_in_range(cls, v: int, info: ValidationInfo) -> int:
        if "max_health" not in info.data or "brass" not in info.data:
            return v  # an invalid maximum is reported on its own field
        cap = info.data["max_health"] if info.data["max_health"] is not None else info.data["brass"]
        if v > cap:
            raise ValueError(f"health {v} is above the maximum {cap} (max_health, else the brass score)")
        if v == cap:
            raise ValueError(f"health is already at its maximum {cap}; there is nothing to recover")
        if v == 0 and info.data.get("mode") == "mid_action":
            raise ValueError("at 0 health the character is unconscious and cannot take a turn to regain breath")
        return v

    @field_validator("modifier", "faith")
    @classmethod
    def _needs_a_test(cls, v, info: ValidationInfo):
        if v and info.data.get("mode") == "full_rest":
            raise ValueError("full_rest has no test, so it takes no modifier or faith point")
        return v

    @field_validator("uninterrupted_rest", "medic_brain")
    @classmethod
    def _long_term_only(cls, v, info: ValidationInfo):
        if v and info.data.get("mode") not in (None, "long_term"):
            raise ValueError("only long_term healing uses uninterrupted rest or a medic")
        return v

    @field_validator("medic_has_cure", "medic_modifier")
    @classmethod
    def _medic_fields(cls, v, info: ValidationInfo):
        if "medic_brain" not in info.data:
            return v
        medic = info.data["medic_brain"] is not None
        if info.field_name == "medic_has_cure" and medic and v is None:
            raise ValueError("required when medic_brain is given: true if the medic has the cure skill, else false")
        if not medic and v not in (None, 0):
            raise ValueError("applies only to a medic's cure test; give medic_brain too")
        return v

    @property
    def cap(self) -> int:
        return self.max_health if self.max_health is not None else self.brass


class RecoveryTest(Frozen):
    """One test made toward recovery: the character's brass test or the medic's cure test."""

    who: Literal["character", "medic"]
    target: int
    target_breakdown: TargetBreakdown
    dice: list[Die]
    partials: list[int]
    outcome: int
    outcome_label: str
    success: bool


class RecoveryResult(CheckResult):
    outcome: int = Field(ge=0, description="Health points regained.", json_schema_extra={"fact": "health"})
    mode: Mode
    health_before: int
    health_after: int
    max_health: int
    tests: list[RecoveryTest]
    collaborative_outcome: int | None = Field(None, description="long_term with a medic: the patient's and the "
                                              "medic's outcomes summed and bound to -2..+2 (one action).")
    faith_spent: int


def _test(who: Literal["character", "medic"], spec: TestSpec, roller: Roller, extra: int = 0,
          reason: tuple[str, ...] = (), verdict: bool = True) -> tuple[RecoveryTest, list[Step], Dist]:
    breakdown, rolled, _, steps = resolve(spec, roller, extra, reason, purpose=f"{who} test die")
    test = RecoveryTest(who=who, target=breakdown.target, target_breakdown=breakdown, dice=rolled.dice,
                        partials=rolled.partials, outcome=rolled.outcome, outcome_label=label(rolled.outcome),
                        success=rolled.outcome >= 1)
    if verdict:
        steps = steps + [step("minim.recovery_verdict", outcome=rolled.outcome)]
    return test, steps, outcome_dist(breakdown.target)


@lru_cache(maxsize=None)
def rest_odds(room: int) -> Odds:
    """A full rest regains every missing point, surely."""
    dist = Dist.certain(room)
    return dist.odds(dist.p(lambda n: n >= 1))


@lru_cache(maxsize=4096)
def recovery_odds(target: int, medic_target: int | None) -> Odds:
    """Whether a test (with a medic's, one collaborative action) regains a point: once per pair of targets."""
    outcomes = outcome_dist(target)
    if medic_target is not None:
        outcomes = (outcomes + outcome_dist(medic_target)).map(clamp)
    dist = outcomes.map(lambda o: 1 if o >= 1 else 0)
    return dist.odds(dist.p(lambda n: n >= 1))


@tool("minim")
def minim_recover(args: RecoverArgs, roller: Roller) -> RecoveryResult:
    """Recover Minim health: a mid-action brass test, a full rest, or gritty long-term healing."""
    room = args.cap - args.health
    refs = [HEALTH]
    together = None
    if args.mode == "full_rest":
        steps = [step("minim.full_rest", health=args.health, cap=args.cap)]
        tests: list[RecoveryTest] = []
        odds = rest_odds(room)
        regained = room
    else:
        refs.append(TESTS)
        spec = TestSpec(trait=args.brass, modifier=args.modifier, faith=args.faith, trait_name="brass")
        medic = args.medic_brain is not None
        if args.mode == "mid_action":
            steps = [step("minim.catch_breath")]
            test, more, _ = _test("character", spec, roller)
        else:
            steps = [step("minim.long_term", medic=medic)]
            test, more, _ = _test("character", spec, roller, 1 if args.uninterrupted_rest else 0,
                                         ("uninterrupted_rest",) if args.uninterrupted_rest else (), verdict=not medic)
        tests = [test]
        steps += more
        total = test.outcome
        if medic:
            cure = TestSpec(trait=args.medic_brain, skill="cure", has_skill=args.medic_has_cure,
                            modifier=args.medic_modifier, trait_name="brain")
            other, more, _ = _test("medic", cure, roller, verdict=False)
            steps += [step("minim.medic_test")] + more
            tests.append(other)
            together = clamp(test.outcome + other.outcome)
            total = together
            refs.append(COLLABORATION)
            steps.append(step("minim.together", patient=test.outcome, medic=other.outcome, together=together))
        regained = 1 if total >= 1 else 0  # room >= 1: health is below its maximum
        odds = recovery_odds(test.target, tests[1].target if medic else None)
        refs += ([MODIFIERS] if args.modifier or args.medic_modifier else []) + ([FAITH] if args.faith else [])
    after = args.health + regained
    if tests:
        steps.append(step("minim.health_now", before=args.health, after=after, cap=args.cap))
    dice = [d for t in tests for d in t.dice]
    return RecoveryResult(
        summary=step("minim.recovered", mode=args.mode, regained=regained, before=args.health, after=after,
                     cap=args.cap),
        steps=steps,
        rule_refs=refs,
        dice=dice,
        outcome=regained,
        success=regained >= 1,
        odds=odds,
        mode=args.mode,
        health_before=args.health,
        health_after=after,
        max_health=args.cap,
        tests=tests,
        collaborative_outcome=together,
        faith_spent=1 if args.faith else 0,
    )
