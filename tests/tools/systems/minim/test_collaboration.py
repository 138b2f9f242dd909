"""minim_collaborate and minim_project: the rulebook's blood-sample example, the -2..+2 bound, exact odds."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from narrator.tools.dice import Roller
from narrator.tools.errors import ToolArgumentError
from narrator.tools.phrases import steps_of


def die_partial(face: int, target: int) -> int:
    """The Tests rule written out again, independently of the tool: 1 always +1, 6 always -1."""
    if face == 1 or (face != 6 and face < target):
        return 1
    return 0 if face == target and face != 6 else -1


def bound(n: int) -> int:
    return max(-2, min(2, n))


def hand_count(targets: list[int], bind: bool = True) -> dict[int, Fraction]:
    """Enumerate every face of every participant's two dice; sum the outcomes, bind to -2..+2 (unless told not to)."""
    counts: dict[int, int] = {}
    for faces in product(range(1, 7), repeat=2 * len(targets)):
        total = sum(die_partial(f, targets[i // 2]) for i, f in enumerate(faces))
        key = bound(total) if bind else total
        counts[key] = counts.get(key, 0) + 1
    n = 6 ** (2 * len(targets))
    return {k: Fraction(v, n) for k, v in counts.items()}


def exact(odds) -> dict[int, Fraction]:
    return {int(k): Fraction(v) for k, v in odds.exact.items() if Fraction(v)}


# The rulebook's example: "a medic; a chemist; and a pathologist try to analyze a blood-sample. The medic tests
# brain-cure and adds +1; the chemist tests brain-knowledge with a +1 result; the pathologist tests brain-technology
# with a +0 result. The out-come is +2."
BLOOD_SAMPLE = [
    {"name": "medic", "trait": 3, "trait_name": "brain", "skill": "cure", "has_skill": True},  # target 4
    {"name": "chemist", "trait": 4, "trait_name": "brain", "skill": "knowledge", "has_skill": True},  # target 5
    {"name": "pathologist", "trait": 3, "trait_name": "brain", "skill": "technology", "has_skill": True},  # target 4
]
BLOOD_DICE = [3, 4,  # medic: 3 < 4 (+1), 4 = 4 (±0) -> +1
              4, 5,  # chemist: 4 < 5 (+1), 5 = 5 (±0) -> +1
              4, 4]  # pathologist: 4 = 4, 4 = 4 -> +0


def test_blood_sample_example(call):
    r = call("minim_collaborate", {"tests": BLOOD_SAMPLE}, faces=BLOOD_DICE)
    assert [p.name for p in r.participants] == ["medic", "chemist", "pathologist"]
    assert [p.target for p in r.participants] == [4, 5, 4]
    assert [p.outcome for p in r.participants] == [1, 1, 0]
    assert (r.raw_total, r.outcome, r.outcome_label, r.success) == (2, 2, "critical success", True)
    assert [d.face for d in r.dice] == BLOOD_DICE
    assert r.rule_refs == ["minim.md#Collaboration", "minim.md#Tests"]


def test_blood_sample_odds_by_hand(call):
    r = call("minim_collaborate", {"tests": BLOOD_SAMPLE}, seed=7)
    expected = hand_count([4, 5, 4])
    assert exact(r.odds) == expected
    assert r.odds.p_success == pytest.approx(float(expected[1] + expected[2]))
    assert list(r.odds.distribution) == ["-2", "-1", "0", "1", "2"]


def test_outcomes_above_plus_two_are_bound(call):
    r = call("minim_collaborate", {"tests": [{"trait": 5}, {"trait": 5}]}, faces=[1, 2, 3, 1])
    assert (r.raw_total, r.outcome) == (4, 2)
    assert any("bound to -2..+2, so +4 becomes +2" in s for s in steps_of(r))


def test_outcomes_below_minus_two_are_bound(call):
    r = call("minim_collaborate", {"tests": [{"trait": 1}] * 3}, faces=[6, 6, 5, 4, 6, 2])
    assert (r.raw_total, r.outcome, r.success) == (-6, -2, False)
    assert [p.name for p in r.participants] == ["participant 1", "participant 2", "participant 3"]


@pytest.mark.parametrize("targets", [[4, 2], [1, 5], [3, 3], [0, 7], [2, 4, 6]])
def test_odds_match_enumeration(call, targets):
    r = call("minim_collaborate", {"tests": [{"trait": 3, "modifier": t - 3} for t in targets]}, seed=1)
    assert exact(r.odds) == hand_count(targets)


def test_single_participant_has_the_odds_of_a_plain_test(call):
    spec = {"trait": 3, "skill": "fight", "has_skill": True}
    alone = call("minim_collaborate", {"tests": [spec]}, faces=[3, 4])
    plain = call("minim_test", spec, faces=[3, 4])
    assert alone.odds == plain.odds and alone.outcome == plain.outcome == 1


def test_faith_and_modifiers_are_cited_and_counted(call):
    r = call("minim_collaborate", {"tests": [{"trait": 2, "faith": True}, {"trait": 3, "modifier": -1}]},
             faces=[3, 3, 2, 2])
    assert [p.target for p in r.participants] == [3, 2]
    assert r.faith_spent == 1
    assert "minim.md#Faith" in r.rule_refs and "minim.md#Bonuses and penalties" in r.rule_refs


def test_twenty_participants_have_exact_odds(call):
    r = call("minim_collaborate", {"tests": [{"trait": 3}] * 20}, seed=3)
    assert len(r.dice) == 40
    assert sum(Fraction(v) for v in r.odds.exact.values()) == 1


@settings(max_examples=40, deadline=None)
@given(traits=st.lists(st.integers(1, 5), min_size=1, max_size=6), seed=st.integers(0, 10_000))
def test_outcome_is_the_bound_sum_of_the_participants(registry, traits, seed):
    r = registry.call("minim_collaborate", {"tests": [{"trait": t} for t in traits]}, Roller(seed))
    assert r.raw_total == sum(p.outcome for p in r.participants)
    assert r.outcome == bound(r.raw_total)


# --- minim_project ---------------------------------------------------------------------------------------------------

def test_project_period_reaches_the_threshold(call):
    r = call("minim_project", {"threshold": 100, "progress": 98, "tests": BLOOD_SAMPLE}, faces=BLOOD_DICE)
    assert (r.outcome, r.progress_before, r.progress_after) == (2, 98, 100)
    assert (r.complete, r.success, r.remaining) == (True, True, 0)
    # completing needs the period to bring +2
    assert r.odds.p_success == pytest.approx(float(hand_count([4, 5, 4])[2]))
    assert "minim.md#Collaboration" in r.rule_refs


def test_a_long_project_of_five_workers_adds_their_whole_total(call):
    """"Out-comes higher-than +2 or lower-than -2 are bound to these limits. For very long-term projects like
    building and launching a space-ship the narrator may define a threshold like +100": the bound is a single
    action's; five workers who roll +8 together add 8, not 2."""
    five = [{"name": f"worker {i}", "trait": 5, "skill": "art", "has_skill": True} for i in range(1, 6)]
    faces = [1, 1, 1, 1, 1, 1, 2, 2, 6, 6]  # +2 +2 +2 +2 -2 = +6
    r = call("minim_project", {"threshold": 100, "progress": 10, "tests": five}, faces=faces)
    assert (r.raw_total, r.outcome, r.added, r.bound) == (6, 2, 6, False)
    assert (r.progress_after, r.remaining, r.complete) == (16, 84, False)
    assert any("the -2..+2 bound is for single actions" in s for s in steps_of(r))
    r = call("minim_project", {"threshold": 100, "progress": 10, "tests": five}, faces=[1] * 10)
    assert (r.raw_total, r.added, r.progress_after) == (10, 10, 20)


def test_the_strict_reading_adds_the_bound_outcome(call):
    r = call("minim_project", {"threshold": 100, "progress": 10, "tests": [{"trait": 5}] * 2, "bound": True},
             faces=[1, 1, 1, 1])
    assert (r.raw_total, r.outcome, r.added, r.progress_after, r.remaining, r.complete) == (4, 2, 2, 12, 88, False)
    assert r.odds.p_success == 0  # +2 at most per period: 10 cannot reach 100 now
    assert any("strict reading" in s for s in steps_of(r))


def test_project_progress_can_go_negative(call):
    r = call("minim_project", {"threshold": 100, "tests": [{"trait": 1}]}, faces=[6, 6])
    assert (r.progress_before, r.progress_after, r.remaining) == (0, -2, 102)
    r = call("minim_project", {"threshold": 5, "progress": -3, "tests": [{"trait": 3}]}, faces=[3, 3])
    assert r.progress_after == -3


@pytest.mark.parametrize("progress,need", [(99, 1), (98, 2), (97, 3), (96, 4)])
@pytest.mark.parametrize("strict", [False, True])
def test_project_completion_odds_by_hand(call, progress, need, strict):
    dist = hand_count([4, 2], bind=strict)
    r = call("minim_project", {"threshold": 100, "progress": progress, "bound": strict,
                               "tests": [{"trait": 4}, {"trait": 2}]}, seed=progress)
    assert r.odds.p_success == pytest.approx(float(sum(p for o, p in dist.items() if o >= need)))
    assert exact(r.odds) == dist
    if strict and need > 2:
        assert r.odds.p_success == 0


# --- argument errors -------------------------------------------------------------------------------------------------

def test_empty_and_oversized_teams_are_rejected(registry):
    for tests in ([], [{"trait": 3}] * 21):
        with pytest.raises(ToolArgumentError) as e:
            registry.validate("minim_collaborate", {"tests": tests})
        assert [p.field for p in e.value.problems] == ["tests"]


def test_every_bad_participant_field_is_listed(registry):
    with pytest.raises(ToolArgumentError) as e:
        registry.call("minim_collaborate", {"tests": [{"trait": 0}, {"trait": 3, "skill": "juggling",
                                                                     "has_skill": True, "name": ""}]}, None)
    assert {p.field for p in e.value.problems} == {"tests.0.trait", "tests.1.skill", "tests.1.name"}


def test_project_already_complete_and_bad_fields(registry):
    with pytest.raises(ToolArgumentError) as e:
        registry.validate("minim_project", {"threshold": 100, "progress": 100, "tests": [{"trait": 3}]})
    assert [p.field for p in e.value.problems] == ["progress"] and "already reaches" in str(e.value)
    with pytest.raises(ToolArgumentError) as e:
        registry.validate("minim_project", {"threshold": 0, "progress": -20_000, "weeks": 3})
    assert {p.field for p in e.value.problems} == {"threshold", "progress", "tests", "weeks"}
