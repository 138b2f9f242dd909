"""The turn's economy (focus, rush, move), helping, and failure handling."""

from __future__ import annotations

import pytest

from narrator.tools.errors import ToolArgumentError
from narrator.tools.phrases import steps_of


@pytest.mark.parametrize("actions,move,value", [(1, False, 1), (2, False, 0), (3, False, -1), (1, True, -1)])
def test_start_at_plus_2_and_lose_1_per_action(call, actions, move, value):
    """"It can be thought that all character start with a +2 bonus every turn and will add a -1 penalty for each
    action they take to all 2d6 rolled … full movement (-2 move penalty to all actions).\""""
    assert call("fiveplus_turn", {"actions": actions, "move": move}).value == value


@pytest.mark.parametrize("resisting,move,value", [(0, False, 1), (1, False, 1), (2, False, 1), (1, True, -1)])
def test_a_turn_without_action_gives_at_most_the_focus_bonus(call, resisting, move, value):
    """"If the player focuses on a single action, the character would get a +1 focus bonus" is the best the book
    describes; "all character start with a +2 bonus every turn" counts that bonus and the rush together, so a
    resist-only turn (or an empty one) gets +1, not +2."""
    r = call("fiveplus_turn", {"actions": 0, "resisting": resisting, "move": move})
    assert r.value == value and r.rolls == resisting
    assert steps_of(r)[0].startswith("No action this turn")


def test_resisting_actions_do_not_count(call):
    """The wizard's demoralizing spell: "Even though the player will roll 2d6 twice, only one of these action counts
    for the rush penalty so the character still gains a +1 bonus to the attack.\""""
    r = call("fiveplus_turn", {"actions": 1, "resisting": 1})
    assert r.value == 1 and r.rolls == 2


def test_help_on_the_same_action_is_plus_1_without_a_roll(call):
    """"One character tries to pick the lock while the other guides or supports the first character to complete
    its task by providing a +1 help.\""""
    r = call("fiveplus_help_bonus", {"mode": "same_action"}, faces=[])
    assert r.bonus == 1 and r.dice == []


def test_help_with_a_different_action_must_succeed(call):
    """"One character tries to jump a wall and the other will provide a push with his hands … the help action needs
    to succeed to provide the help bonus.\""""
    assert call("fiveplus_help_bonus", {"mode": "different_action", "check": {"level": 2}}, faces=[3, 3]).bonus == 1
    assert call("fiveplus_help_bonus", {"mode": "different_action", "check": {"level": 2}}, faces=[6, 6]).bonus == 0


def test_helping_everyone_costs_minus_1(call):
    """"All other characters will gain the help bonus from one single action, however, the action will suffer from
    a -1 difficulty penalty.\""""
    r = call("fiveplus_help_bonus", {"mode": "everyone", "check": {"level": 2}}, faces=[3, 4])
    assert r.helper_check.upper == 6 and r.bonus == 0  # 5 + 2 - 1: the 7 falls outside
    with pytest.raises(ToolArgumentError):
        call("fiveplus_help_bonus", {"mode": "everyone"})


def test_reduced_effect_loses_1_per_value_outside(call):
    """"Each value away from the success range, damage is reduced by 1.\""""
    r = call("fiveplus_failure", {"total": 10, "lower": 5, "upper": 8, "kind": "reduced", "effect": 3})
    assert r.failed and r.distance == 2 and r.effect_after == 1 and not r.retry_allowed
    inside = call("fiveplus_failure", {"total": 7, "lower": 5, "upper": 8, "kind": "reduced", "effect": 3})
    assert not inside.failed and inside.effect_after == 3


def test_a_negative_failure_is_a_setback(call):
    r = call("fiveplus_failure", {"total": 3, "lower": 5, "upper": 8, "kind": "negative"})
    assert r.setback == 1 and "frustration" in " ".join(steps_of(r))
