"""Resisting damage: the worked Soak 12 example verbatim, the wound levels moving up, two stuns a wound."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from narrator.tools.phrases import say
from narrator.tools.systems.minisix.damage import apply_result, level_dist, level_name, result_of
from narrator.tools.systems.minisix.rules import LEVELS


@pytest.mark.parametrize("damage,level", [
    (11, "unharmed"), (12, "stunned"), (15, "stunned"), (16, "wounded"), (20, "wounded"), (21, "incapacitated"),
    (24, "incapacitated"), (25, "mortally wounded"), (27, "mortally wounded"), (28, "dead"), (40, "dead")])
def test_the_soak_12_thresholds(call, damage, level):
    """"a PC with Might 3D and leather cuirass has Soak ... 12. They are Stunned on a 12-15, wounded 16-20,
    incapacitated 21-24, mortally wounded 25-27, and killed instantly on a 28+." """
    r = call("minisix_damage", {"damage_total": damage, "soak": 12})
    assert r.level_after == level
    assert r.rule_refs[0] == "mini-six.md#Resisting Damage"


def test_a_sword_blow_averages_a_wound():
    """"A typical attacker with Might 3D and sword +2D rolls 5d6 for damage, so average 17.5 (wound)" against
    Soak 12: 17 and 18 both read as a wound."""
    assert 5 * Fraction(7, 2) == Fraction(35, 2)
    assert result_of(17 - 12) == result_of(18 - 12) == "wounded"


def test_a_peasant_with_her_kitchen_knife_can_fell_the_greatest_hero(call):
    """"1 of the dice, the wild die, can 'explode' - on a 6 roll again and again, adding damage, until a 6 not
    rolled. So a peasant with her kitchen knife can in theory fell the greatest hero." A peasant of Might 2D with a
    knife (+1D) rolls 3D; a hero of Might 4D in plate (armor 9) soaks 21."""
    r = call("minisix_damage", {"damage": "3D", "soak": 21}, faces=[1, 2, 6, 6, 6, 6, 6, 4])
    assert r.damage_total == 1 + 2 + 30 + 4 and r.margin == 16
    assert r.level_after == "dead"
    assert Fraction(r.odds.exact["dead"]) > 0  # in theory: a real, exact chance


def test_the_damage_odds_match_enumeration():
    dice, soak = 2, 9
    counts = {lvl: Fraction(0) for lvl in LEVELS}
    for plain in range(1, 7):
        for k in range(0, 6):  # k sixes then r; more than 5 sixes is dead at any soak here
            for r in range(1, 6):
                total = plain + 6 * k + r
                w, s, _ = apply_result(0, 0, result_of(total - soak))
                counts[level_name(w, s)] += Fraction(1, 6) * Fraction(1, 6 ** (k + 1))
        counts["dead"] += Fraction(1, 6) * Fraction(1, 6 ** 6)
    dist = level_dist(dice, 0, soak, 0, 0)
    assert {k: v for k, v in dist.items()} == {k: v for k, v in counts.items() if v}


def test_two_stuns_are_one_wound():
    w, s, _ = apply_result(0, 0, "stunned")
    assert (w, s) == (0, 1) and level_name(w, s) == "stunned"
    w, s, why = apply_result(w, s, "stunned")
    assert (w, s) == (1, 0) and "two stuns count as one wound" in say(why)


def test_wounded_again_is_severely_wounded_and_each_lesser_result_moves_one_level():
    """"A character is Severely Wounded if the result is between 4 and 8 and he already has the Wounded level";
    "An additional damage less than or equal to the character's current Wound Level moves him up by one level"."""
    assert apply_result(1, 0, "wounded")[:2] == (2, 0)
    assert apply_result(2, 0, "wounded")[:2] == (3, 0)
    assert apply_result(3, 0, "wounded")[:2] == (4, 0)
    assert apply_result(4, 0, "wounded")[:2] == (5, 0)
    assert apply_result(3, 0, "incapacitated")[:2] == (4, 0)
    assert apply_result(1, 0, "incapacitated")[:2] == (3, 0)  # worse than the current level: replaces it
    assert apply_result(1, 0, "stunned")[:2] == (1, 1)
    assert apply_result(1, 1, "stunned")[:2] == (2, 0)


@given(st.integers(0, 4), st.integers(0, 1), st.sampled_from([None, "stunned", "wounded", "incapacitated",
                                                                "mortally wounded", "dead"]))
def test_harm_never_heals_and_worse_results_are_never_kinder(wounds, stuns, result):
    order = [None, "stunned", "wounded", "incapacitated", "mortally wounded", "dead"]
    w, s, _ = apply_result(wounds, stuns, result)
    assert w + Fraction(s, 2) >= wounds + Fraction(stuns, 2) or result is None
    if result is not None and result != "dead":
        worse = order[order.index(result) + 1]
        w2, s2, _ = apply_result(wounds, stuns, worse)
        assert w2 + Fraction(s2, 2) >= w + Fraction(s, 2)


def test_current_wounds_change_the_odds(call):
    fresh = call("minisix_damage", {"damage": "5D", "soak": 12, "wounds": 0}, faces=[1, 1, 1, 1, 1])
    hurt = call("minisix_damage", {"damage": "5D", "soak": 12, "wounds": 2}, faces=[1, 1, 1, 1, 1])
    assert fresh.level_after == "unharmed" and hurt.level_after == "severely wounded"
    assert hurt.odds.distribution["wounded"] == 0
    for dist in (fresh.odds.distribution, hurt.odds.distribution):
        assert abs(sum(dist.values()) - 1) < 1e-12
