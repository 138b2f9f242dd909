"""minisix_roll: the wild die's whole chain, success on reaching the TN, multiple actions, open rolls in bands."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from narrator.tools.dice import DieFlag, Roller
from narrator.tools.errors import ToolArgumentError
from narrator.tools.phrases import steps_of, summary_of
from narrator.tools.systems.minisix.wild import at_least


def test_3d_plus_1_against_12_returns_the_exact_p_success(call):
    r = call("minisix_roll", {"code": "3D+1", "tn": 12, "extra_actions": 0}, faces=[4, 2, 5])
    assert r.total == 12 and r.success is True and r.outcome == "success"
    assert r.odds.p_success == pytest.approx(85 / 162)
    assert r.odds.exact == {"failure": "77/162", "success": "85/162"}
    assert r.rule_refs[:2] == ["mini-six.md#Dice Basics", "mini-six.md#2. Perks"]


def test_the_wild_die_explodes_again_and_again_and_the_chain_is_shown(call):
    """"If the wild die results in a six, then roll again adding the six and the new result together. If a six
    comes up on the reroll, then you add six and reroll again! Keep doing it until the wild die lands on something
    other than a 6." """
    r = call("minisix_roll", {"code": "2D", "tn": None, "extra_actions": 0}, faces=[3, 6, 6, 6, 2])
    assert r.plain == [3] and r.wild_chain == [6, 6, 6, 2]
    assert r.total == 3 + 6 + 6 + 6 + 2
    wild = [d for d in r.dice if d.has(DieFlag.WILD)]
    assert len(wild) == 4 and [d.has(DieFlag.EXPLODED) for d in wild] == [True, True, True, False]
    assert all(d.has(DieFlag.EXTRA) for d in wild[1:])
    assert any("exploded each time" in s for s in steps_of(r))
    assert r.outcome == "Very Difficult (21-29)"


def test_an_open_roll_gives_the_exact_chance_of_every_difficulty_band(call):
    r = call("minisix_roll", {"code": "3D", "tn": None, "extra_actions": 0}, faces=[1, 1, 1])
    assert r.success is None and r.odds.p_success is None
    assert list(r.odds.distribution) == ["below Very Easy (under 2)", "Very Easy (2-5)", "Easy (6-10)",
                                         "Moderate (11-15)", "Difficult (16-20)", "Very Difficult (21-29)",
                                         "Heroic (30+)"]
    assert r.odds.exact["Heroic (30+)"] == str(at_least(3, 0, 30))
    assert abs(sum(r.odds.distribution.values()) - 1) < 1e-12


def test_multiple_actions_withhold_a_die_from_each_action(call):
    """"if a character tries to shoot twice, he will subtract one die from each attempt" """
    r = call("minisix_roll", {"code": "4D+2", "tn": 10, "extra_actions": 1}, faces=[2, 2, 3])
    assert r.rolled == "3D+2" and r.total == 9 and r.success is False
    assert "mini-six.md#Multiple Actions" in r.rule_refs


def test_at_least_one_die_per_action_and_at_most_ten_actions(call):
    with pytest.raises(ToolArgumentError, match="at least one die to each action"):
        call("minisix_roll", {"code": "3D", "tn": 10, "extra_actions": 3})
    with pytest.raises(ToolArgumentError, match="extra_actions"):
        call("minisix_roll", {"code": "12D", "tn": 10, "extra_actions": 10})
    r = call("minisix_roll", {"code": "10D", "tn": 5, "extra_actions": 9}, faces=[4])
    assert r.rolled == "1D" and r.plain == [] and r.wild_chain == [4]


def test_penalty_dice_stop_at_one_die(call):
    r = call("minisix_roll", {"code": "2D", "tn": 5, "extra_actions": 0, "penalty_dice": 3}, faces=[5])
    assert r.rolled == "1D" and r.success is True


def test_the_line_says_why_fewer_dice_were_rolled_than_the_code_given(call):
    """Played in Mini Six solo: a wounded cultist of 3D attacked with "2D: 2, wild die 1 = 3" and nothing said why.
    "Wounded: -1D to all actions until healed."; "subtract one die from each attempt" for more actions."""
    r = call("minisix_roll", {"code": "4D+1", "tn": 13, "penalty_dice": 1, "extra_actions": 1}, faces=[2, 5])
    assert summary_of(r).startswith("4D+1 -1D hurt, -1D for 1 more action: 2D+1: ")
    r = call("minisix_roll", {"code": "2D", "tn": 5, "penalty_dice": 3}, faces=[5])
    assert summary_of(r).startswith("2D -1D hurt: 1D: ")  # what was lost: a penalty stops at one die
    r = call("minisix_roll", {"code": "3D", "tn": 5}, faces=[1, 2, 3])
    assert summary_of(r).startswith("3D: ")


def test_lucky_doubles_and_hero_points_add_six_each(call):
    r = call("minisix_roll", {"code": "2D", "tn": 20, "extra_actions": 0, "double": True}, faces=[4, 6, 1])
    assert r.total == 22 and r.success is True
    assert r.odds.p_success == pytest.approx(float(at_least(2, 0, 10)))
    r = call("minisix_roll", {"code": "2D", "tn": 20, "extra_actions": 0, "hero_points": 2}, faces=[4, 3])
    assert r.total == 4 + 3 + 12 and r.success is False


@pytest.mark.parametrize("bad", ["3d6", "D", "", "+2", "0D+1", "4D+a"])
def test_a_bad_code_is_an_argument_error_naming_the_field(call, bad):
    with pytest.raises(ToolArgumentError) as e:
        call("minisix_roll", {"code": bad, "tn": 10, "extra_actions": 0})
    assert e.value.problems[0].field == "code"


@settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
@given(dice=st.integers(1, 12), pips=st.integers(0, 2), tn=st.one_of(st.none(), st.integers(1, 60)),
       extra=st.integers(0, 9), seed=st.integers(0, 2**32))
def test_roll_invariants(registry, dice, pips, tn, extra, seed):
    args = {"code": f"{dice}D+{pips}", "tn": tn, "extra_actions": extra}
    if dice - extra < 1:
        with pytest.raises(ToolArgumentError):
            registry.call("minisix_roll", args, Roller(seed))
        return
    r = registry.call("minisix_roll", args, Roller(seed))
    assert len(r.plain) == dice - extra - 1
    assert r.total == sum(r.plain) + sum(r.wild_chain) + pips
    assert all(f == 6 for f in r.wild_chain[:-1]) and r.wild_chain[-1] != 6
    if tn is not None:
        assert r.success == (r.total >= tn)
        assert Fraction(r.odds.exact["success"]) == at_least(dice - extra, pips, tn)
