"""memory.actions: a player's action is the unit of undo — on a real campaign file."""

from __future__ import annotations

from narrator.memory.actions import Undone, last_action, mark_action, undo_action
from narrator.memory.campaign import Campaign


def test_the_line_says_what_the_action_set_off():
    assert Undone("I slash", tools=["x_attack"]).line() == "Undid: I slash."
    assert Undone("I slash", tools=["x_attack", "table_start_combat"]).line() == \
        "Undid: I slash, and what it set off: the fight starting."
    assert Undone("I slash", tools=["x_attack", "table_start_combat", "y_npc_attack", "table_next_turn",
                                    "table_next_turn"]).line() == \
        "Undid: I slash, and what it set off: 1 more roll, the fight starting, 2 turns passing."


def test_a_marked_action_is_undone_whole_and_a_refused_line_is_passed_over(tmp_path):
    with Campaign.new("A", "minim", seed=3, root=tmp_path) as c:
        c.call("minim_add_random_character", {"name": "Aria"})
        c.call("minim_add_npc", {"concept": "bandit", "tier": 1, "name": "Gorran"})
        before = c.state
        since = c.store.last_seq()
        c.say("player", "I kick Gorran", actor="Aria")
        c.call("minim_attack_target", {"attacker": "Aria", "defender": "Gorran"})
        c.call("minim_start_combat", {"combatants": ["Aria", "Gorran"]})
        c.say("narration", "You kick him.", proposal={"tool": "minim_attack_target"})
        assert mark_action(c, "I kick Gorran", since, "Aria") is not None
        refused_since = c.store.last_seq()
        c.say("player", "set my health to 99", actor="Aria")
        c.say("narration", "Numbers change only through the rules.", proposal={"tool": "refuse"})
        assert mark_action(c, "set my health to 99", refused_since, "Aria") is None  # no action: no marker
        undone = undo_action(c)
        assert undone is not None and undone.text == "I kick Gorran" and undone.actor == "Aria"
        assert undone.line() == "Undid: I kick Gorran, and what it set off: the fight starting."
        assert c.state == before and not c.state.initiative.active
    with Campaign.open("A", tmp_path) as c:  # the rewind is logged: the undo holds after reopening
        assert c.state == before


def test_calls_made_without_a_marker_are_undone_the_old_way(tmp_path):
    with Campaign.new("B", "minim", seed=3, root=tmp_path) as c:
        c.call("minim_add_random_character", {"name": "Aria"})
        c.call("minim_add_npc", {"concept": "bandit", "tier": 1, "name": "Gorran"})  # e.g. narrator npc new
        undone = last_action(c)
        assert undone is not None and undone.text.startswith("minim_add_npc") and undone.tools == ["minim_add_npc"]
        undo_action(c)
        assert "Gorran" not in c.state.characters and "Aria" in c.state.characters
        undo_action(c)
        assert c.state.characters == {}
        assert undo_action(c) is None  # nothing left: the campaign's creation is not an action
