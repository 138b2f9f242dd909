"""The Dodge action and full dodge, movement, initiative."""

from __future__ import annotations

import pytest

from narrator.tools.errors import ToolArgumentError
from narrator.tools.phrases import steps_of


def test_the_dodge_action_keeps_the_roll_when_it_beats_static_dodge(call):
    """"Roll Dodge dice, and if higher than Static Dodge use the result vs all attacks until the character's next
    turn." """
    up = call("minisix_dodge", {"code": "4D", "static_dodge": 12}, faces=[5, 5, 4, 3])
    assert up.value == 17 and up.outcome == "roll improves"
    stays = call("minisix_dodge", {"code": "4D", "static_dodge": 12}, faces=[1, 2, 3, 4])
    assert stays.value == 12 and stays.outcome == "static stands"


def test_a_full_dodge_adds_ten_and_may_dash(call):
    """Full Dodge: "The TN becomes their Dodge roll (or their static dodge score if lower) +10"; Dodge & Dash:
    "may freely move up to 15', as normal, +30' when combined with a Dash action." The reading: max(roll, static)
    + 10, so a roll of 4 under a static 12 is 22 (Dodge & Dash's "roll ... add 10 ... their minimum Dodge score"
    alone would give max(12, 4 + 10) = 14)."""
    r = call("minisix_dodge", {"code": "4D", "static_dodge": 12, "mode": "full", "dash": True}, faces=[1, 1, 1, 1])
    assert r.value == 22 and r.movement == 45
    with pytest.raises(ToolArgumentError, match="full dodge takes no other action"):
        call("minisix_dodge", {"code": "4D", "static_dodge": 12, "mode": "full", "extra_actions": 1})


@pytest.mark.parametrize("mode,slow,feet", [("walk", False, 15), ("charge", False, 30), ("dash", False, 45),
                                            ("charge and dash", False, 60), ("charge", True, 25),
                                            ("dash", True, 40)])
def test_movement_without_a_roll(call, mode, slow, feet):
    r = call("minisix_move", {"mode": mode, "slow": slow})
    assert r.feet == feet and r.dice == [] and r.attack_after == mode.startswith("charge")


def test_a_full_run_and_a_sprint_add_athletics(call):
    """"they move up to 60' plus the result of an Athletics check. If sprinting in a straight line they may move
    90' + double Athletics check. Dwarfs and other slow creatures ... run 50' plus athletics, sprint 75' + double
    Athletics check." """
    assert call("minisix_move", {"mode": "run", "athletics": "2D"}, faces=[3, 4]).feet == 67
    assert call("minisix_move", {"mode": "sprint", "athletics": "2D"}, faces=[3, 4]).feet == 104
    assert call("minisix_move", {"mode": "run", "athletics": "2D", "slow": True}, faces=[3, 4]).feet == 57
    assert call("minisix_move", {"mode": "sprint", "athletics": "2D", "slow": True}, faces=[3, 4]).feet == 89
    with pytest.raises(ToolArgumentError, match="Athletics"):
        call("minisix_move", {"mode": "run"})


def test_initiative_highest_agility_roll_first_ties_simultaneous(call):
    r = call("minisix_initiative", {"combatants": [{"name": "Ann", "agility": "2D"}, {"name": "Bob", "agility": "2D"},
                                                   {"name": "Cat", "agility": "1D+2"}]},
             faces=[3, 4, 5, 2, 6, 1])
    assert r.totals == {"Ann": 7, "Bob": 7, "Cat": 9}
    assert r.order == ["Cat", "Ann", "Bob"] and r.slots == [["Cat"], ["Ann", "Bob"]]
    assert any("almost simultaneously" in s for s in steps_of(r))
