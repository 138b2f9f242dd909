"""minim_test: the rulebook's worked examples verbatim, the automatic 1 and 6, and odds against hand counts."""

from __future__ import annotations

from fractions import Fraction

import pytest

from narrator.tools.errors import ToolArgumentError
from narrator.tools.systems.minim.checks import outcome_dist, partial


def test_warrior_example_target_4_rolls_3_and_4_is_success(call):
    # "With 3-brawl and possessing the fight-skill the target is 4 (3 + 1). He rolls a 3 and a 4 ... +1, a success!"
    r = call("minim_test", {"trait": 3, "skill": "fight", "has_skill": True, "modifier": 0}, faces=[3, 4])
    assert r.target == 4
    assert r.partials == [1, 0]
    assert r.outcome == 1 and r.outcome_label == "success" and r.success is True
    assert r.rule_refs == ["minim.md#Tests"]
    assert [d.face for d in r.dice] == [3, 4]


def test_priest_example_target_1_rolls_1_and_5_is_neutral(call):
    # "His brawl is only 2 and he lacks the fight-skill so the target is 1 (2 - 1). He rolls 1 and 5 ... neutral, 0"
    r = call("minim_test", {"trait": 2, "skill": "fight", "has_skill": False, "modifier": 0}, faces=[1, 5])
    assert r.target == 1
    assert r.partials == [1, -1]
    assert r.outcome == 0 and r.outcome_label == "neutral" and r.success is False


@pytest.mark.parametrize("face,target,expected", [
    (1, -3, 1), (1, 1, 1), (6, 6, -1), (6, 9, -1), (5, 9, 1), (2, 0, -1), (3, 3, 0), (4, 3, -1), (2, 3, 1),
])
def test_partial_results_follow_automatic_1_and_6(face, target, expected):
    assert partial(face, target) == expected


def test_no_skill_modifier_and_faith_build_the_target(call):
    r = call("minim_test", {"trait": 3, "skill": None, "modifier": 1, "faith": True}, faces=[5, 5])
    assert r.target == 5  # 3 ±0 +1 (twice as long) +1 (faith)
    assert r.outcome == 0 and r.faith_spent == 1
    assert "minim.md#Faith" in r.rule_refs


def hand_count(target: int) -> dict[int, Fraction]:
    counts: dict[int, int] = {}
    for a in range(1, 7):
        for b in range(1, 7):
            o = partial(a, target) + partial(b, target)
            counts[o] = counts.get(o, 0) + 1
    return {k: Fraction(v, 36) for k, v in counts.items()}


@pytest.mark.parametrize("target", range(-3, 10))
def test_odds_match_enumeration_of_36_rolls(target):
    dist = outcome_dist(target)
    assert {k: v for k, v in dist.items()} == hand_count(target)


def test_odds_block_by_hand_for_target_4(call):
    # target 4: each die succeeds on 1-3 (1/2), neutral on 4 (1/6), fails on 5-6 (1/3)
    r = call("minim_test", {"trait": 3, "skill": "fight", "has_skill": True}, seed=1)
    assert r.odds.exact == {"-2": "1/9", "-1": "1/9", "0": "13/36", "1": "1/6", "2": "1/4"}
    assert r.odds.p_success == pytest.approx(5 / 12)
    assert sum(r.odds.distribution.values()) == pytest.approx(1)


def test_target_below_1_succeeds_only_on_natural_1(call):
    r = call("minim_test", {"trait": 1, "skill": "stealth", "has_skill": False, "modifier": -2}, seed=3)
    assert r.target == -2
    # each die: 1 -> +1 (1/6); 2..6 -> -1 (5/6)
    assert r.odds.exact == {"-2": "25/36", "-1": "0", "0": "5/18", "1": "0", "2": "1/36"}


def test_has_skill_required_when_skill_named(registry):
    with pytest.raises(ToolArgumentError) as e:
        registry.validate("minim_test", {"trait": 3, "skill": "fight"})
    assert "has_skill is required" in str(e.value)


def test_every_bad_field_is_listed(registry):
    with pytest.raises(ToolArgumentError) as e:
        registry.validate("minim_test", {"trait": 0, "skill": "juggling", "modifier": 99, "bogus": 1})
    fields = {p.field for p in e.value.problems}
    assert fields == {"trait", "skill", "modifier", "bogus"}
