"""minim_attack, minim_fumble, minim_surprise: the rulebook example verbatim, every branch, exact odds by hand."""

from __future__ import annotations

import json
from collections import defaultdict
from fractions import Fraction
from itertools import product

import pytest
from pydantic import ValidationError

from narrator.tools.errors import ToolArgumentError
from narrator.tools.phrases import steps_of, summary_of

# A hero with brawl 3 and the fight skill: target 4, as in the rulebook's warrior example.
HERO = {"trait": 3, "skill": "fight", "has_skill": True}


def attack(**over):
    return {**HERO, "defender_health": 4, **over}


def die_partial(face: int, target: int) -> int:
    """The Tests rule, written out again so the odds are checked against an independent count."""
    if face == 1:
        return 1
    if face == 6:
        return -1
    return 1 if face < target else 0 if face == target else -1


def exact(odds) -> dict[str, Fraction]:
    return {k: Fraction(v) for k, v in odds.exact.items()}


# --- the rulebook example ---------------------------------------------------------------------------------------


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
    assert "Fatigue = weapon +1 − armor (-1) + 1 (success) = 3" in steps_of(r)
    assert "Avoidance die 3 rolled 6: > 4 → not avoided" in steps_of(r)
    assert summary_of(r).endswith("3 fatigue, 2 avoided, 1 damage (health 4 → 3)")


def test_rulebook_example_damage_odds_by_hand(call):
    # target 4: P(+1) = 1/6, P(+2) = 1/4, P(no hit) = 1 - 5/12 = 7/12. Each point is avoided on 1-4 (2/3).
    # success: 3 fatigue; critical: 4 fatigue. Damage = points not avoided, each with chance 1/3.
    r = call("minim_attack", attack(weapon_quality=1, armor_quality=-1), faces=[3, 4, 2, 4, 6])
    third = Fraction(1, 3)
    s, c = Fraction(1, 6), Fraction(1, 4)
    expected = {
        "0": Fraction(7, 12) + s * (1 - third) ** 3 + c * (1 - third) ** 4,
        "1": s * 3 * third * (1 - third) ** 2 + c * 4 * third * (1 - third) ** 3,
        "2": s * 3 * third ** 2 * (1 - third) + c * 6 * third ** 2 * (1 - third) ** 2,
        "3": s * third ** 3 + c * 4 * third ** 3 * (1 - third),
        "4": c * third ** 4,
    }
    assert exact(r.damage_odds) == expected
    assert r.damage_odds.exact["0"] == "221/324" and r.damage_odds.exact["4"] == "1/324"
    assert r.damage_odds.p_success is None
    assert sum(r.damage_odds.distribution.values()) == pytest.approx(1)


# --- hits -------------------------------------------------------------------------------------------------------


def test_critical_success_adds_two(call):
    r = call("minim_attack", attack(weapon_quality=1, armor_quality=-1), faces=[1, 2, 5, 5, 5, 5])
    assert r.outcome == 2 and r.outcome_label == "critical success"
    assert r.fatigue == 4  # 1 - (-1) + 2
    assert r.avoided == 0 and r.damage == 4
    assert r.defender_health_after == 0 and r.unconscious is True


@pytest.mark.parametrize("faces,outcome", [([3, 4, 6], 1), ([1, 1, 6], 2)])
def test_every_hit_deals_at_least_one_fatigue(call, faces, outcome):
    # a -2 dagger against +2 armor: -2 - 2 + 1 = -3 (or -2 on a critical), raised to 1
    r = call("minim_attack", attack(weapon_quality=-2, armor_quality=2), faces=faces)
    assert r.outcome == outcome and r.fatigue == 1
    assert r.damage == 1 and r.defender_health_after == 3
    assert any("raised to the minimum of 1" in s for s in steps_of(r))


def test_health_never_reported_below_zero_and_unconscious(call):
    r = call("minim_attack", attack(weapon_quality=2, defender_health=1), faces=[3, 4, 6, 6, 6])
    assert r.fatigue == 3 and r.damage == 3
    assert r.defender_health_after == 0 and r.unconscious is True
    assert "unconscious" in summary_of(r)


def test_defending_adds_one_to_health_rolls(call):
    # health 2: a 3 is only avoided because the defender only defended (2 + 1 = 3)
    plain = call("minim_attack", attack(defender_health=2), faces=[3, 4, 3])
    defended = call("minim_attack", attack(defender_health=2, defending=True), faces=[3, 4, 3])
    assert plain.fatigue == defended.fatigue == 1
    assert plain.avoidance_threshold == 2 and plain.avoided == 0 and plain.defender_health_after == 1
    assert defended.avoidance_threshold == 3 and defended.avoided == 1 and defended.defender_health_after == 2
    assert any("+1 (only defended)" in s for s in steps_of(defended))


@pytest.mark.parametrize("penalty,threshold,avoided", [(-1, 3, 1), (-2, 2, 0)])
def test_surprised_defender_penalty_lowers_health_rolls(call, penalty, threshold, avoided):
    r = call("minim_attack", attack(avoidance_penalty=penalty), faces=[3, 4, 3])
    assert r.avoidance_threshold == threshold and r.avoided == avoided
    assert "minim.md#Initiative" in r.rule_refs


def test_threshold_below_one_avoids_nothing_even_on_a_1(call):
    # health-rolls are a plain comparison: the tests' automatic 1 does not apply (health 1 - 2 = -1)
    r = call("minim_attack", attack(defender_health=1, avoidance_penalty=-2), faces=[3, 4, 1])
    assert r.avoidance_threshold == -1 and r.avoided == 0 and r.unconscious is True


# --- misses and fumbles ------------------------------------------------------------------------------------------


def test_failure_is_a_plain_miss(call):
    r = call("minim_attack", attack(), faces=[4, 5])  # ±0, -1
    assert r.outcome == -1 and r.success is False
    assert r.fatigue == 0 and r.damage == 0 and r.avoidance_dice == [] and r.avoidance_threshold is None
    assert r.fumble is None and r.defender_health_after == 4
    assert summary_of(r).endswith("the attack misses")


def test_neutral_fumbles_the_target(call):
    r = call("minim_attack", attack(), faces=[4, 4, 6, 6])
    assert r.outcome == 0 and r.success is False and r.damage == 0
    assert r.fumble.victim == "target"
    assert [d.face for d in r.fumble.dice] == [6, 6] and r.fumble.total == 12
    assert r.fumble.effect == "Stunned, cannot act next-turn"
    assert [d.face for d in r.dice] == [4, 4, 6, 6]
    assert "minim.md#Fumbles" in r.rule_refs
    assert "the target fumbles: Stunned" in summary_of(r)


def test_critical_failure_fumbles_the_attacker(call):
    r = call("minim_attack", attack(), faces=[6, 5, 1, 1])
    assert r.outcome == -2 and r.outcome_label == "critical failure"
    assert r.fumble.victim == "attacker" and r.fumble.total == 2
    assert r.fumble.effect == "Grapples, attacker and target grab each-other"
    assert r.defender_health_after == 4


def test_fumble_table_can_be_left_to_description(call):
    r = call("minim_attack", attack(roll_fumble=False), faces=[4, 4])
    assert r.fumble.victim == "target" and r.fumble.dice == [] and r.fumble.total is None and r.fumble.effect is None
    assert "describe the fumble creatively" in steps_of(r)[-1]


# --- modifiers and zones -----------------------------------------------------------------------------------------


def test_aim_adds_one(call):
    r = call("minim_attack", attack(aim=True), faces=[4, 5, 1])
    assert r.target == 5  # brawl 3 + 1 (fight) + 1 (aimed)
    assert r.partials == [1, 0] and r.outcome == 1
    assert steps_of(r)[0] == "Target = brawl 3 +1 (has the fight skill) +1 (aimed last turn) = 5"
    assert r.avoided == 1 and r.damage == 0


@pytest.mark.parametrize("skill", ["fire", "sports"])
def test_adjacent_zone_penalises_ranged_and_thrown_attacks(call, skill):
    r = call("minim_attack", attack(skill=skill, adjacent_zone=True), faces=[2, 3, 5])
    assert r.target == 3  # brawl 3 + 1 (skill) - 1 (adjacent zone)
    assert r.partials == [1, 0] and r.outcome == 1  # at target 4, the 3 would have been another +1
    assert "minim.md#Zones" in r.rule_refs
    assert steps_of(r)[0] == f"Target = brawl 3 +1 (has the {skill} skill) -1 (into an adjacent zone) = 3"
    assert r.damage == 1


def test_aim_and_adjacent_zone_cancel(call):
    r = call("minim_attack", attack(skill="sports", adjacent_zone=True, aim=True), faces=[4, 5])
    assert r.target == 4 and r.outcome == -1
    assert steps_of(r)[1] == "Aim (+1) and the adjacent-zone penalty (-1) cancel out."


def test_close_combat_into_adjacent_zone_is_rejected(registry):
    with pytest.raises(ToolArgumentError) as e:
        registry.validate("minim_attack", attack(adjacent_zone=True))
    assert [p.field for p in e.value.problems] == ["adjacent_zone"]
    assert "close combat (fight) only reaches targets in the attacker's own zone" in str(e.value)


def test_close_combat_rejection_is_listed_with_other_bad_fields(registry, call):
    with pytest.raises(ToolArgumentError) as e:
        call("minim_attack", attack(adjacent_zone=True, weapon_quality=3), faces=[])
    assert {p.field for p in e.value.problems} == {"weapon_quality", "adjacent_zone"}


def test_every_bad_attack_field_is_listed(registry):
    bad = {"trait": 0, "skill": "stealth", "has_skill": True, "weapon_quality": 3, "armor_quality": -3,
           "defender_health": 0, "avoidance_penalty": -3, "trait_name": "brass", "bogus": 1}
    with pytest.raises(ToolArgumentError) as e:
        registry.validate("minim_attack", bad)
    assert {p.field for p in e.value.problems} == {
        "trait", "skill", "weapon_quality", "armor_quality", "defender_health", "avoidance_penalty", "trait_name",
        "bogus",
    }


def test_skill_has_skill_and_defender_health_are_required(registry):
    with pytest.raises(ToolArgumentError) as e:
        registry.validate("minim_attack", {"trait": 3})
    assert {p.field for p in e.value.problems} == {"skill", "has_skill", "defender_health"}


def test_skill_is_case_insensitive(registry):
    args = registry.validate("minim_attack", attack(skill=" Fire "))
    assert args.skill == "fire" and args.trait_name == "brawl"


# --- exact damage odds against a full enumeration ----------------------------------------------------------------


def hand_damage(target: int, weapon: int, armor: int, threshold: int) -> dict[str, Fraction]:
    """Every test roll, then every avoidance roll for the fatigue it causes, counted one by one."""
    counts: dict[int, Fraction] = defaultdict(Fraction)
    for a, b in product(range(1, 7), repeat=2):
        outcome = die_partial(a, target) + die_partial(b, target)
        if outcome < 1:
            counts[0] += Fraction(1, 36)
            continue
        fatigue = max(1, weapon - armor + (2 if outcome == 2 else 1))
        for rolls in product(range(1, 7), repeat=fatigue):
            counts[sum(r > threshold for r in rolls)] += Fraction(1, 36 * 6 ** fatigue)
    top = max(1, weapon - armor + 2)
    return {str(k): counts[k] for k in range(top + 1)}


@pytest.mark.parametrize("over,target,threshold", [
    ({"weapon_quality": 1, "armor_quality": -1}, 4, 4),
    ({"has_skill": False, "trait": 2, "defender_health": 2, "defending": True}, 1, 3),
    ({"trait": 4, "weapon_quality": 2, "armor_quality": 1, "defender_health": 3, "avoidance_penalty": -2}, 5, 1),
    ({"trait": 1, "has_skill": False, "weapon_quality": -2, "armor_quality": 2, "defender_health": 1,
      "avoidance_penalty": -1}, 0, 0),
    ({"trait": 5, "armor_quality": -1, "defender_health": 5, "defending": True, "modifier": 2}, 8, 6),
])
def test_damage_odds_match_full_enumeration(call, over, target, threshold):
    r = call("minim_attack", attack(**over), seed=7)
    assert r.target == target
    expected = hand_damage(target, over.get("weapon_quality", 0), over.get("armor_quality", 0), threshold)
    assert exact(r.damage_odds) == expected
    assert list(r.damage_odds.exact) == list(expected)


def test_nothing_gets_through_when_every_health_roll_avoids(call):
    r = call("minim_attack", attack(defender_health=5, defending=True), seed=3)  # threshold 6: every die avoids
    assert r.damage_odds.exact == {"0": "1", "1": "0", "2": "0"}
    assert r.damage == 0


def test_attack_test_odds_are_the_tests_odds(call):
    r = call("minim_attack", attack(), seed=1)
    assert r.odds.exact == {"-2": "1/9", "-1": "1/9", "0": "13/36", "1": "1/6", "2": "1/4"}
    assert r.odds.p_success == pytest.approx(5 / 12)


def test_results_are_frozen_and_schemas_export(call, registry):
    r = call("minim_attack", attack(), faces=[4, 5])
    with pytest.raises(ValidationError):
        r.damage = 3
    for name in ("minim_attack", "minim_fumble", "minim_surprise"):
        json.dumps(registry.get(name).schema())


# --- the fumble table --------------------------------------------------------------------------------------------

FUMBLE_TABLE = [  # copied from minim.md#Fumbles
    (12, "Stunned, cannot act next-turn"),
    (11, "Falls, -1 penalty to all-actions"),
    (10, "Disarmed, drops a held or carried item"),
    (9, "Shaken, pass a brain-test or lose next action"),
    (8, "Interacts with near-by enemy"),
    (7, "Interacts with environment"),
    (6, "Interacts with near-by ally"),
    (5, "Dodge, target moves-away from attack"),
    (4, "Disabled, can-not act but can-move next-turn"),
    (3, "Pinned, can-not move but can-act next-turn"),
    (2, "Grapples, attacker and target grab each-other"),
]


@pytest.mark.parametrize("total,effect", FUMBLE_TABLE)
def test_every_fumble_row(call, total, effect):
    first = max(1, total - 6)
    r = call("minim_fumble", {"victim": "Grog"}, faces=[first, total - first])
    assert r.outcome == total and r.effect == effect
    assert r.effect_name == effect.split(",")[0]
    assert r.victim == "Grog" and r.success is None
    assert summary_of(r).startswith(f"Fumble (Grog): {first} + {total - first} = {total}")
    assert r.rule_refs == ["minim.md#Fumbles"]


def test_fumble_odds_count_the_36_rolls(call):
    r = call("minim_fumble", {}, faces=[3, 4])
    ways = defaultdict(int)
    for a, b in product(range(1, 7), repeat=2):
        ways[a + b] += 1
    assert exact(r.odds) == {str(t): Fraction(ways[t], 36) for t in range(2, 13)}
    assert r.odds.exact["7"] == "1/6" and r.odds.exact["2"] == "1/36"
    assert r.victim is None and r.effect == "Interacts with environment"


def test_fumble_rejects_unknown_arguments(registry):
    with pytest.raises(ToolArgumentError) as e:
        registry.validate("minim_fumble", {"who": "target"})
    assert [p.field for p in e.value.problems] == ["who"]


# --- surprise ----------------------------------------------------------------------------------------------------

WATCHMAN = {"trait": 3, "has_skill": True}  # brass 3 with the perception skill: target 4


@pytest.mark.parametrize("faces,test_outcome,result,can_act,penalty", [
    ([1, 1], 2, "can act", True, 0),
    ([3, 4], 1, "can act", True, 0),
    ([4, 4], 0, "cannot act", False, 0),
    ([4, 5], -1, "cannot act, -1 to health-rolls", False, -1),
    ([6, 6], -2, "cannot act, -2 to health-rolls", False, -2),
])
def test_surprise_results(call, faces, test_outcome, result, can_act, penalty):
    r = call("minim_surprise", WATCHMAN, faces=faces)
    assert r.target == 4 and r.test_outcome == test_outcome
    assert r.outcome == result and r.can_act is can_act and r.success is can_act
    assert r.avoidance_penalty == penalty
    assert r.rule_refs[0] == "minim.md#Initiative"


def test_surprise_defaults_to_brass_perception(call):
    r = call("minim_surprise", WATCHMAN, faces=[3, 4])
    assert steps_of(r)[0] == "Target = brass 3 +1 (has the perception skill) = 4"


def test_surprise_odds_count_the_36_rolls(call):
    r = call("minim_surprise", WATCHMAN, faces=[3, 4])
    names = {2: "can act", 1: "can act", 0: "cannot act", -1: "cannot act, -1 to health-rolls",
             -2: "cannot act, -2 to health-rolls"}
    counts: dict[str, int] = defaultdict(int)
    for a, b in product(range(1, 7), repeat=2):
        counts[names[die_partial(a, 4) + die_partial(b, 4)]] += 1
    assert exact(r.odds) == {k: Fraction(v, 36) for k, v in counts.items()}
    # by hand: each die succeeds on 1-3, is neutral on 4, fails on 5-6
    assert r.odds.exact == {"can act": "5/12", "cannot act": "13/36", "cannot act, -1 to health-rolls": "1/9",
                            "cannot act, -2 to health-rolls": "1/9"}
    assert r.odds.p_success == pytest.approx(5 / 12)


def test_surprise_needs_has_skill_for_perception(registry):
    with pytest.raises(ToolArgumentError) as e:
        registry.validate("minim_surprise", {"trait": 3})
    assert "has_skill is required" in str(e.value)


def test_surprise_without_skill_uses_brass_alone(call):
    r = call("minim_surprise", {"trait": 2, "skill": None}, faces=[2, 2])
    assert r.target == 2 and r.test_outcome == 0 and r.can_act is False
