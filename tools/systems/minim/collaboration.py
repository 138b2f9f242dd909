"""Minim collaboration (``minim.md#Collaboration``): several characters performing ONE action together.

Each participant makes their own test (usually the same trait-skill pair, but each may differ); the outcomes are
summed and the sum is bound to -2..+2, which is the action's one outcome. The odds convolve every participant's
exact outcome distribution and then clamp, so they are exact however many take part.

Very long-term projects (``minim_project``, and ``minim_work_project`` on the table) reuse this: the narrator sets
a threshold such as +100 and each work period's collaborative total is added to the accumulated progress.
Readings chosen:

* A period adds the **unbounded** collaborative total. "Out-comes higher-than +2 or lower-than -2 are bound to
  these limits. For very long-term projects like building and launching a space-ship the narrator may define a
  threshold like +100": the bound belongs to a single action's outcome, and a threshold of +100 only makes sense
  if a crew's work can add up faster than +2 a period (bound, five workers rolling +8 would add 2, and +100 would
  always take at least 50 periods whoever works). The period's own outcome (``outcome``) is still bound, as any
  action's. The strict reading — each period adds the bound outcome — is ``bound=true`` (on the table: the
  campaign option ``long_projects=strict``).
* Progress is a plain running sum with no floor: a critical failure (-2) is "disaster; a total and final failure",
  so bad periods really set the work back, and nothing in the rule stops at zero. Progress may therefore be negative.
* The project completes when progress reaches the threshold (progress_after >= threshold); a project already at or
  past its threshold is an argument error.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache, reduce

from pydantic import Field, ValidationInfo, field_validator

from narrator.tools.contract import CheckResult, ToolArgs, ref
from narrator.tools.dice import Die, Roller
from narrator.tools.frozen import Frozen
from narrator.tools.odds import Dist, Odds
from narrator.tools.steps import Step, step
from narrator.tools.tool import tool
from narrator.tools.systems.minim.checks import (
    FAITH, MODIFIERS, OUTCOME_ORDER, TESTS, TargetBreakdown, TestSpec, label, outcome_dist, roll_test, target_lines,
    test_lines,
)
from narrator.tools.systems.minim.rules import BOOK

COLLABORATION = ref(BOOK, "Collaboration")
MAX_PARTICIPANTS = 20


def clamp(total: int) -> int:
    """Out-comes higher than +2 or lower than -2 are bound to these limits."""
    return max(-2, min(2, total))


class Participant(TestSpec):
    """One collaborator's test: the usual test fields plus an optional name for the explanation."""

    name: str | None = Field(None, min_length=1, max_length=60, description="Who is testing (for the explanation).")


TESTS_FIELD = Field(min_length=1, max_length=MAX_PARTICIPANTS,
                    description="Each participant's own test (1-20 participants).")


class ParticipantRoll(Frozen):
    name: str
    target: int
    target_breakdown: TargetBreakdown
    dice: list[Die]
    partials: list[int]
    outcome: int
    outcome_label: str
    faith_spent: int


@dataclass(frozen=True)
class Collaboration:
    """Everything one collaborative action produced, before it is dressed as a tool result."""

    rolls: list[ParticipantRoll]
    raw_total: int
    outcome: int
    dist: Dist  # exact distribution of the clamped outcome
    raw_dist: Dist  # exact distribution of the plain sum
    steps: list[Step]
    refs: list[str]
    targets: tuple[int, ...] = ()  # every participant's target, in order: the shape the odds are cached by


@lru_cache(maxsize=4096)
def summed_dists(targets: tuple[int, ...]) -> tuple[Dist, Dist]:
    """The exact distributions of the plain sum and of the clamped outcome, once per list of targets (a group
    collaborates again and again with the same targets)."""
    raw_dist = reduce(lambda a, b: a + b, [outcome_dist(t) for t in targets])
    return raw_dist, raw_dist.map(clamp)


@lru_cache(maxsize=4096)
def collaboration_odds(targets: tuple[int, ...]) -> Odds:
    dist = summed_dists(targets)[1]
    return dist.odds(dist.p(lambda o: o >= 1), order=OUTCOME_ORDER)


@lru_cache(maxsize=4096)
def project_odds(targets: tuple[int, ...], bound: bool, progress: int, threshold: int) -> Odds:
    """A work period's odds block: whether what it adds reaches the threshold."""
    raw_dist, dist = summed_dists(targets)
    added = dist if bound else raw_dist
    return added.odds(added.p(lambda o: progress + o >= threshold))


@lru_cache(maxsize=4096)
def indented_target(trait: int, skill: str | None, has_skill: bool | None, modifier: int, faith: bool,
                    specialty: bool, trait_name: str | None) -> tuple[Step, ...]:
    """A participant's target lines, indented under their name: once per the values the target depends on."""
    lines = target_lines(trait, skill, has_skill, modifier, faith, specialty, trait_name, 0, ())[1]
    return tuple(step("minim.indented", line=line) for line in lines)


@lru_cache(maxsize=4096)
def indented_test(a: int, b: int, target: int) -> tuple[Step, ...]:
    """A participant's dice lines, indented under their name: once per faces and target."""
    return tuple(step("minim.indented", line=line) for line in test_lines(a, b, target)[2])


_ROLLS: dict[tuple, tuple[ParticipantRoll, tuple[Step, ...]]] = {}
_ROLLS_KEPT = 4096
"""Participants' rows remembered (names x tests x faces seen in play) before the memo starts afresh."""


def participant_roll(name: str, spec: Participant, roller: Roller) -> tuple[ParticipantRoll, tuple[Step, ...]]:
    """One participant's test (their target, the dice rolled fresh) as a row and its lines under their name.

    The row and the lines depend only on the name, the test's values and the two faces, so they are made once per
    those values and shared (frozen), as a die is; the target and its lines come from :func:`target_lines`'s cache."""
    values = (spec.trait, spec.skill, spec.has_skill, spec.modifier, spec.faith, spec.specialty, spec.trait_name)
    breakdown = target_lines(*values, 0, ())[0]
    rolled = roll_test(roller, breakdown.target, f"{name} test die")
    a, b = rolled.dice[0].face, rolled.dice[1].face
    key = (name, *values, a, b)
    found = _ROLLS.get(key)
    if found is None:
        if len(_ROLLS) >= _ROLLS_KEPT:
            _ROLLS.clear()
        found = _ROLLS[key] = (
            ParticipantRoll(name=name, target=breakdown.target, target_breakdown=breakdown, dice=rolled.dice,
                            partials=rolled.partials, outcome=rolled.outcome, outcome_label=label(rolled.outcome),
                            faith_spent=breakdown.faith),
            (step("minim.participant", name=name), *indented_target(*values), *indented_test(a, b, breakdown.target)))
    return found


@lru_cache(maxsize=1024)
def collaborators_line(count: int) -> Step:
    return step("minim.collaborators", count=count)


@lru_cache(maxsize=4096)
def outcome_lines(outcomes: tuple[int, ...]) -> tuple[int, int, tuple[Step, ...]]:
    """The plain sum of the participants' outcomes, the action's one outcome (bound to -2..+2) and the lines that
    say so, once per the list of outcomes."""
    raw = sum(outcomes)
    outcome = clamp(raw)
    lines = [step("minim.sum", outcomes=list(outcomes), raw=raw)]
    if outcome != raw:
        lines.append(step("minim.bound", raw=raw, outcome=outcome))
    lines.append(step("minim.action_outcome", outcome=outcome))
    return raw, outcome, tuple(lines)


def collaborate(tests: list[Participant], roller: Roller) -> Collaboration:
    """Roll every participant's test, sum, clamp, and compute the exact clamped distribution."""
    rolls, steps = [], [collaborators_line(len(tests))]
    for i, spec in enumerate(tests, 1):
        row, lines = participant_roll(spec.name or f"participant {i}", spec, roller)
        rolls.append(row)
        steps += lines
    raw, outcome, lines = outcome_lines(tuple([r.outcome for r in rolls]))
    steps += lines
    refs = [COLLABORATION, TESTS] + ([MODIFIERS] if any(t.modifier for t in tests) else []) + (
        [FAITH] if any(t.faith for t in tests) else [])
    targets = tuple([r.target for r in rolls])
    raw_dist, dist = summed_dists(targets)
    return Collaboration(rolls, raw, outcome, dist, raw_dist, steps, refs, targets)


class CollaborateArgs(ToolArgs):
    tests: list[Participant] = TESTS_FIELD


class CollaborationResult(CheckResult):
    outcome: int = Field(ge=-2, le=2, description="The action's one outcome: the summed tests bound to -2..+2.")
    outcome_label: str
    raw_total: int = Field(description="The plain sum of every participant's outcome, before binding to -2..+2.")
    participants: list[ParticipantRoll]
    faith_spent: int


@lru_cache(maxsize=4096)
def collaborated_line(count: int, raw: int, outcome: int) -> Step:
    return step("minim.collaborated", count=count, raw=raw, outcome=outcome)


@tool("minim")
def minim_collaborate(args: CollaborateArgs, roller: Roller) -> CollaborationResult:
    """Minim collaborative action: each participant tests, outcomes summed, bound to -2..+2."""
    c = collaborate(args.tests, roller)
    return CollaborationResult(
        summary=collaborated_line(len(c.rolls), c.raw_total, c.outcome),
        steps=c.steps,
        rule_refs=c.refs,
        dice=[d for r in c.rolls for d in r.dice],
        outcome=c.outcome,
        outcome_label=label(c.outcome),
        success=c.outcome >= 1,
        odds=collaboration_odds(c.targets),
        raw_total=c.raw_total,
        participants=c.rolls,
        faith_spent=sum(r.faith_spent for r in c.rolls),
    )


class ProjectArgs(ToolArgs):
    threshold: int = Field(ge=1, le=10_000, description="The progress the narrator set to finish, e.g. 100.")
    progress: int = Field(0, ge=-10_000, le=10_000, description="Progress accumulated so far (may be negative).")
    tests: list[Participant] = TESTS_FIELD
    bound: bool = Field(False, description="The strict reading: each period adds the outcome bound to -2..+2 "
                        "instead of the whole collaborative total.")

    @field_validator("progress")
    @classmethod
    def _not_finished(cls, v: int, info: ValidationInfo) -> int:
        threshold = info.data.get("threshold")
        if threshold is not None and v >= threshold:
            raise ValueError(f"progress {v} already reaches the threshold {threshold}: the project is complete")
        return v


class ProjectResult(CheckResult):
    outcome: int = Field(ge=-2, le=2, description="This work period's collaborative outcome, bound to -2..+2.")
    outcome_label: str
    raw_total: int
    added: int = Field(description="What this period adds to the progress: raw_total, or outcome when bound.")
    bound: bool
    participants: list[ParticipantRoll]
    threshold: int
    progress_before: int
    progress_after: int
    complete: bool
    remaining: int = Field(ge=0, description="Progress still needed to reach the threshold (0 when complete).")
    faith_spent: int


@lru_cache(maxsize=4096)
def progress_lines(bound: bool, progress: int, added: int, threshold: int) -> tuple[tuple[Step, ...], Step]:
    """A work period's lines after the collaboration's (what it adds, the progress, what remains) and its summary,
    once per the values they state."""
    after = progress + added
    complete = after >= threshold
    return ((step("minim.project_bound") if bound else step("minim.project_total"),
             step("minim.progress", progress=progress, added=added, after=after, threshold=threshold),
             step("minim.project_complete") if complete else
             step("minim.project_remaining", remaining=max(0, threshold - after))),
            step("minim.work_period", added=added, progress=progress, after=after, threshold=threshold,
                 complete=complete))


@tool("minim")
def minim_project(args: ProjectArgs, roller: Roller) -> ProjectResult:
    """One work period on a long Minim project: the collaborative total added to progress."""
    c = collaborate(args.tests, roller)
    added = c.outcome if args.bound else c.raw_total
    after = args.progress + added
    complete = after >= args.threshold
    remaining = max(0, args.threshold - after)
    lines, summary = progress_lines(args.bound, args.progress, added, args.threshold)
    return ProjectResult(
        summary=summary,
        steps=[*c.steps, *lines],
        rule_refs=c.refs,
        dice=[d for r in c.rolls for d in r.dice],
        outcome=c.outcome,
        outcome_label=label(c.outcome),
        success=complete,
        odds=project_odds(c.targets, args.bound, args.progress, args.threshold),
        raw_total=c.raw_total,
        added=added,
        bound=args.bound,
        participants=c.rolls,
        threshold=args.threshold,
        progress_before=args.progress,
        progress_after=after,
        complete=complete,
        remaining=remaining,
        faith_spent=sum(r.faith_spent for r in c.rolls),
    )
