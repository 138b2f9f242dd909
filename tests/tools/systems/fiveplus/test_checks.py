"""fiveplus_check: the success range, its exact odds, successes, doubles and special values — the rulebook's
examples verbatim with scripted dice."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from narrator.tools.errors import ToolArgumentError
from narrator.tools.systems.fiveplus.checks import p_range, successes_dist, successes_of


def test_sneaking_past_the_castle_guard_is_a_range_of_7_to_9(call):
    """"A character trying to sneak past the castle guard … the challenge rank is defined as 2 … the sneak(4:1) skill
    and the ninja training trait (+1 bonus) … (-1 situational penalty). The resulting upper bound is 5 + 4 (skill
    level) + 1 (training bonus) -1 (situation) = 9. The lower bound is 5 + 2 (rank) = 7 … if the sum of the 2d6 is
    7, 8 or 9, the character's action succeeds.\""""
    for faces, success in (([3, 4], True), ([4, 4], True), ([4, 5], True), ([3, 3], False), ([5, 5], False)):
        r = call("fiveplus_check", {"level": 4, "tier": 1, "modifier": 1 - 1, "rank": 2}, faces=faces)
        assert (r.lower, r.upper, r.range) == (7, 9, "7–9")
        assert r.success is success, faces
        assert r.outcome == ("success" if success else "failure")


def test_the_done_when_call_gives_the_exact_odds_of_7_to_9(call):
    r = call("fiveplus_check", {"level": 4, "damage": 0, "modifier": 0, "rank": 2, "tier": 1}, seed=1)
    assert r.odds.p_success == float(Fraction(15, 36))  # 6 + 5 + 4 ways to roll 7, 8 or 9
    assert r.odds.exact == {"failure": "7/12", "success": "5/12"}


def test_the_horse_ride_7_succeeds_in_5_to_7_but_not_in_5_to_6(call):
    """"If a player rolls 3 and 4 on their 2d6 check to ride a horse fast enough, then their final result is 7. This
    action will success as intended if 7 is included in the success range. For example, it would success were the
    success range 5-7, but not 5-6.\""""
    wide = call("fiveplus_check", {"level": 2}, faces=[3, 4])
    narrow = call("fiveplus_check", {"level": 1}, faces=[3, 4])
    assert (wide.range, wide.total, wide.success) == ("5–7", 7, True)
    assert (narrow.range, narrow.total, narrow.success) == ("5–6", 7, False)
    assert narrow.distance == 1


def test_an_empty_range_is_impossible_and_nothing_is_rolled(call):
    """"If the upper bound is below the lower bound, the range is invalid, and the character is not capable of
    succeeding no matter what.\""""
    r = call("fiveplus_check", {"level": 1, "damage": 2, "rank": 1}, faces=[])
    assert r.outcome == "impossible" and r.success is False and r.dice == [] and r.range == "empty"
    assert r.odds.p_success == 0.0


def test_damage_on_the_descriptor_is_subtracted(call):
    r = call("fiveplus_check", {"level": 4, "damage": 2, "modifier": 1}, faces=[2, 2])
    assert (r.lower, r.upper) == (5, 8)


def test_exact_odds_for_every_range_by_brute_force():
    for lower in range(-3, 16):
        for upper in range(-3, 18):
            hits = sum(1 for a, b in product(range(1, 7), repeat=2) if lower <= a + b <= upper)
            assert p_range(lower, upper) == Fraction(hits, 36), (lower, upper)


@pytest.mark.parametrize("mode", ["normal", "immunity", "resistance", "weakness"])
def test_successes_distribution_by_brute_force(mode):
    for lower, upper, extra in ((5, 9, 0), (7, 9, 1), (2, 12, -1), (5, 5, 0)):
        dist = successes_dist(lower, upper, mode, extra)
        counts: dict[int, int] = {}
        for a, b in product(range(1, 7), repeat=2):
            n = successes_of(a, b, mode, extra) if lower <= a + b <= upper else 0
            counts[n] = counts.get(n, 0) + 1
        assert {k: v for k, v in dist.items()} == {k: Fraction(v, 36) for k, v in counts.items()}


def test_successes_are_the_lowest_die_or_as_the_target_takes_them(call):
    """"The default number of successes obtain is the lowest value rolled. This value may be ignored (immunity),
    downgraded to 1 (resistance), or upgraded to the highest value rolled (weakness).\""""
    for mode, expected in (("normal", 2), ("immunity", 0), ("resistance", 1), ("weakness", 5)):
        r = call("fiveplus_check", {"level": 3, "successes_mode": mode}, faces=[2, 5])
        assert r.success and r.successes == expected, mode
    r = call("fiveplus_check", {"level": 3, "extra_successes": 1}, faces=[2, 5])
    assert r.successes == 3  # "a character with an Attentive trait may obtain +1 successes"
    failed = call("fiveplus_check", {"level": 0}, faces=[2, 5])
    assert failed.successes == 0


def test_shield_3_2_levels_up_on_a_double_5_even_if_the_action_failed(call):
    """"A character attempts to block the enemy's attack with a shield using the shield(3/2) descriptor. The player
    rolls a double 5, which is at least the value of level (3) + tier (2), meaning that the descriptor levels up to
    shield(4/2) even if the action failed.\""""
    r = call("fiveplus_check", {"level": 3, "tier": 2, "descriptor": "shield"}, faces=[5, 5])
    assert r.success is False and r.double == 5
    assert r.improvement.event == "level_up"
    assert (r.improvement.after.level, r.improvement.after.tier, r.improvement.after.marked) == (4, 2, False)


def test_shield_3_2_is_only_marked_on_a_double_4(call):
    """"On the other hand, if a double 4 has been rolled, the descriptor would have not improved, but the descriptor
    would have been marked as shield(3/2)* for later reference.\""""
    r = call("fiveplus_check", {"level": 3, "tier": 2, "descriptor": "shield"}, faces=[4, 4])
    assert r.improvement.event == "marked"
    assert (r.improvement.after.level, r.improvement.after.tier, r.improvement.after.marked) == (3, 2, True)
    assert r.improvement.after.text() == "(3:2)*"


def test_fire_magic_5_1_plus_2_on_a_double_6_becomes_3_2(call):
    """"If the descriptor Fire magic (5:1+2) was used and a double 6 is rolled, then the descriptor will progress to
    Fire magic (3:2) instead of Fire magic (6:1+1). This is because rolling a double value of at least 6+1 is not
    possible, to the descriptor is at maximum level and the base tier improves.\""""
    r = call("fiveplus_check", {"level": 5, "tier": 1, "next_level": 2, "descriptor": "Fire magic"}, faces=[6, 6])
    assert r.improvement.event == "base_tier_advanced"
    after = r.improvement.after
    assert (after.level, after.tier, after.next_level) == (3, 2, None)
    assert "five-plus.md#Tiers" in r.rule_refs and r.sixes == 2


def test_sword_3_1_on_a_double_6_unlocks_the_next_tier(call):
    """"If the sword skill (3:1) levels up with a double 6, it will unlock the next tier, sword (4:1+1).\""""
    r = call("fiveplus_check", {"level": 3, "tier": 1, "descriptor": "sword"}, faces=[6, 6])
    after = r.improvement.after
    assert r.improvement.event == "tier_unlocked" and (after.level, after.tier, after.next_level) == (4, 1, 1)
    again = call("fiveplus_check", {"level": 4, "tier": 1, "next_level": 1}, faces=[6, 6])
    assert again.improvement.event == "tier_above_up"
    assert (again.improvement.after.level, again.improvement.after.next_level) == (5, 2)


def test_special_values_report_ones_and_sixes(call):
    r = call("fiveplus_check", {"level": 2}, faces=[1, 6])
    assert (r.ones, r.sixes) == (1, 1) and "five-plus.md#Special Values" in r.rule_refs


def test_bad_arguments_are_listed_together(call):
    with pytest.raises(ToolArgumentError) as e:
        call("fiveplus_check", {"level": -1, "rank": 99, "bogus": 1})
    fields = {p.field for p in e.value.problems}
    assert {"level", "rank", "bogus"} <= fields


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(level=st.integers(0, 20), damage=st.integers(0, 40), modifier=st.integers(-20, 20),
       rank=st.integers(-10, 10), tier=st.integers(0, 10), seed=st.integers(0, 2**32))
def test_every_check_is_consistent_with_its_own_range(call, level, damage, modifier, rank, tier, seed):
    r = call("fiveplus_check", {"level": level, "damage": damage, "modifier": modifier, "rank": rank, "tier": tier},
             seed=seed)
    assert r.lower == 5 + rank and r.upper == 5 + level - damage + modifier
    assert r.odds.p_success == float(p_range(r.lower, r.upper))
    if r.outcome == "impossible":
        assert r.upper < r.lower and not r.dice
    else:
        assert r.success == (r.lower <= r.total <= r.upper)
        assert (r.successes > 0) <= r.success and r.successes <= 6
        assert (r.double is not None) == (r.dice[0].face == r.dice[1].face)


@settings(max_examples=100, deadline=None)
@given(level=st.integers(0, 10), rank=st.integers(-3, 5))
def test_a_level_more_never_lowers_the_chance(level, rank):
    assert p_range(5 + rank, 6 + level) >= p_range(5 + rank, 5 + level)
