"""Wound effects, the incapacitated stamina roll, the mortally wounded death roll, and healing by the table."""

from __future__ import annotations

import pytest

from narrator.tools.errors import ToolArgumentError
from narrator.tools.systems.minisix.wild import at_least


@pytest.mark.parametrize("level,dice,acts", [("stunned", 1, True), ("wounded", 1, True), ("severely wounded", 2, True),
                                              ("incapacitated", 3, False), ("mortally wounded", 0, False),
                                              ("dead", 0, False)])
def test_wound_level_effects(call, level, dice, acts):
    r = call("minisix_wound_effects", {"level": level})
    assert r.penalty_dice == dice and r.can_act is acts


def test_stay_conscious_with_a_moderate_15_stamina_roll(call):
    """"The character may try to stay conscious with a Moderate (15) stamina roll ... If successful, he may continue
    to act, but with a -3D penalty. If he fails, he is knocked out for 10D minutes." """
    ok = call("minisix_stay_conscious", {"code": "3D+1"}, faces=[5, 5, 4])
    assert ok.conscious and ok.total == 15 and ok.knocked_out_minutes is None
    assert ok.odds.p_success == pytest.approx(float(at_least(3, 1, 15)))
    out = call("minisix_stay_conscious", {"code": "3D+1"}, faces=[1, 2, 3] + [3] * 9 + [6, 2])
    assert not out.conscious and out.knocked_out_minutes == 27 + 8


def test_the_death_roll_each_minute(call):
    """"Roll the character's Might each minute, the character finally dies if the roll is less than the number of
    minutes he's been at this level." """
    assert call("minisix_death_roll", {"code": "2D", "minutes": 5}, faces=[1, 3]).dies is True
    lives = call("minisix_death_roll", {"code": "2D", "minutes": 4}, faces=[1, 3])
    assert lives.dies is False and lives.odds.p_success == pytest.approx(float(at_least(2, 0, 4)))


@pytest.mark.parametrize("level,tn", [("wounded", 6), ("severely wounded", 6), ("incapacitated", 8),
                                      ("mortally wounded", 9)])
def test_natural_healing_might_difficulties(call, level, tn):
    r = call("minisix_natural_healing", {"code": "2D", "level": level}, faces=[tn // 2, tn - tn // 2])
    assert r.tn == tn and r.success and r.level_after != level
    missed = call("minisix_natural_healing", {"code": "2D", "level": level}, faces=[(tn - 1) // 2, tn - 1 - (tn - 1) // 2])
    assert missed.level_after == level and not missed.success


def test_a_stun_heals_in_a_minute_without_a_roll(call):
    r = call("minisix_natural_healing", {"code": "2D", "level": "stunned"}, faces=[])
    assert r.level_after == "unharmed" and r.dice == []


@pytest.mark.parametrize("level,plain,kit", [("stunned", 10, 6), ("wounded", 15, 11), ("severely wounded", 15, 11),
                                             ("incapacitated", 20, 16), ("mortally wounded", 25, 21)])
def test_assisted_healing_difficulties_with_and_without_a_kit(call, level, plain, kit):
    assert call("minisix_assisted_healing", {"code": "1D", "level": level}, faces=[1]).tn == plain
    assert call("minisix_assisted_healing", {"code": "1D", "level": level, "kit": True}, faces=[1]).tn == kit


def test_healing_one_level(call):
    assert call("minisix_assisted_healing", {"code": "1D", "level": "incapacitated", "kit": True},
                faces=[6, 6, 4]).level_after == "severely wounded"
    with pytest.raises(ToolArgumentError, match="cannot be healed"):
        call("minisix_assisted_healing", {"code": "3D", "level": "dead"})
