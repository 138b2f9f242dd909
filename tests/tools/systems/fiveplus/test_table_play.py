"""Fights, turns, NPC tactics and GM-less scenes on the table; a seeded campaign that replays."""

from __future__ import annotations

import pytest

from narrator.memory.campaign import Campaign
from narrator.tools.errors import ToolArgumentError
from narrator.tools.systems import get_system
from tests.tools.systems.fiveplus.conftest import SCAFFOLD

SYSTEM = get_system("fiveplus")


def fight(table):
    table.put("Hero", *SCAFFOLD, {"name": "Sword", "kind": "skill", "level": 3},
              {"name": "Bow", "kind": "skill", "level": 3})
    table.put("Wolf", npc=True, successes_to_defeat=3, actions=["bite"])
    return table.call("fiveplus_start_conflict", {})


def test_a_conflict_has_no_initiative_roll_and_three_areas(table):
    r = fight(table)
    assert r.order == ["Hero", "Wolf"] and table.state.zones == ["near", "far", "away"]
    assert table.state.positions == {"Hero": "near", "Wolf": "near"}


def test_a_latecomer_joins_the_fight_without_an_initiative_roll(table):
    """"There is no intrinsic order within a turn" (five-plus.md#4.1 Structure): the fight's order is the
    player-characters, then the NPCs, so a player-character who joins acts after the others and before the NPCs, an
    NPC after everyone; no die is rolled, and a newcomer with no area enters near."""
    fight(table)
    table.put("Rat", npc=True, successes_to_defeat=1, actions=["bite"])
    rat = table.call("fiveplus_join_conflict", {"actor": "Rat"}, faces=[])
    assert (rat.position, table.state.initiative.order) == (3, ["Hero", "Wolf", "Rat"])  # faces=[]: no die rolled
    assert table.state.positions["Rat"] == "near"
    table.put("Ada", *SCAFFOLD)
    ada = table.call("fiveplus_join_conflict", {"actor": "Ada"}, faces=[])
    assert (ada.position, table.state.initiative.order) == (2, ["Hero", "Ada", "Wolf", "Rat"])
    assert table.state.initiative.current == "Hero"  # the turn stays with whoever had it
    with pytest.raises(ToolArgumentError, match="already in the fight"):
        table.call("fiveplus_join_conflict", {"actor": "Ada"})


def test_nobody_joins_a_fight_that_is_not_running(table):
    table.put("Ada", *SCAFFOLD)
    with pytest.raises(ToolArgumentError, match="no fight is running; start one with fiveplus_start_conflict"):
        table.call("fiveplus_join_conflict", {"actor": "Ada"})


def test_a_planned_turn_sets_the_rush_and_the_actions_allowed(table):
    fight(table)
    table.call("fiveplus_plan_turn", {"actor": "Hero", "actions": 2})
    assert SYSTEM.actions_per_turn(table.state, "Hero") == 2
    r = table.call("fiveplus_attack", {"attacker": "Hero", "defender": "Wolf"}, faces=[2, 2])
    assert "±0 rush: 2 actions this turn" in r.modifiers
    table.call("fiveplus_attack", {"attacker": "Hero", "defender": "Wolf", "approach": "ranged"}, faces=[5, 6])
    with pytest.raises(ToolArgumentError):
        table.call("fiveplus_attack", {"attacker": "Hero", "defender": "Wolf"})  # no action left


def test_a_full_move_costs_2_on_every_action_that_turn(table):
    """"To move from one zone to another, an unblocked path … and full movement (-2 move penalty to all actions) is
    required.\""""
    fight(table)
    table.call("fiveplus_plan_turn", {"actor": "Hero", "actions": 1, "move": True})
    table.call("table_move", {"actor": "Hero", "zone": "far"})
    r = table.call("fiveplus_attack", {"attacker": "Hero", "defender": "Wolf", "approach": "ranged"}, faces=[2, 2])
    assert "-1 focus on a single action, full move −2" in r.modifiers
    table.call("table_next_turn", {})
    table.call("table_next_turn", {})  # round 2: Hero again, in the far area
    table.call("fiveplus_plan_turn", {"actor": "Hero", "actions": 2})  # a move not declared is still a move
    table.call("table_move", {"actor": "Hero", "zone": "near"})
    r = table.call("fiveplus_attack", {"attacker": "Hero", "defender": "Wolf"}, faces=[2, 2])
    assert "-2 rush: 2 actions this turn, full move −2" in r.modifiers


def test_melee_needs_the_same_area(table):
    fight(table)
    table.call("table_move", {"actor": "Hero", "zone": "far"})
    table.call("table_next_turn", {})
    table.call("table_next_turn", {})
    with pytest.raises(ToolArgumentError) as e:
        table.call("fiveplus_attack", {"attacker": "Hero", "defender": "Wolf"})
    assert "melee only reaches the same area" in str(e.value)
    r = table.call("fiveplus_attack", {"attacker": "Hero", "defender": "Wolf", "approach": "ranged"}, faces=[2, 3])
    assert r.success


def test_the_npc_acts_on_its_turn(table):
    fight(table)
    table.call("table_next_turn", {})
    calls = SYSTEM.npc_turn(table.state, "Wolf")
    assert calls == [("fiveplus_npc_act", {"npc": "Wolf", "action": "bite", "target": "Hero"})]
    table.call(*calls[0], faces=[6, 6])
    assert table.d("Hero", "Physical").counter == 1


def test_a_new_round_counts_a_turn_of_every_open_challenge(table):
    fight(table)
    table.call("fiveplus_start_challenge", {"name": "Hold the door", "target": 9, "turn_limit": 1})
    table.call("table_next_turn", {})
    r = table.call("table_next_turn", {})
    assert r.round == 2 and table.system("challenges")["Hold the door"]["status"] == "lost"


def test_a_gm_less_scene_on_the_table(table):
    """The deck, hands and table persist in the table's system state; a card's challenge must be complete before the
    next card."""
    table.put("Solo", *SCAFFOLD, {"name": "Sword", "kind": "skill", "level": 3})
    dealt = table.call("fiveplus_scene_deal", {}, seed=9)
    assert len(dealt.state.hands["Solo"]) == 4 and table.system("cards")["scene"] == 1
    played = table.call("fiveplus_scene_play", {}, seed=1)
    assert played.opening and played.challenge.card == played.card.card
    assert table.state.scene.startswith("Scene 1 —")
    with pytest.raises(ToolArgumentError) as e:
        table.call("fiveplus_scene_play", {})
    assert "not complete" in str(e.value)
    while True:
        open_ = [c for c in table.system("challenges").values() if c["status"] == "open"]
        for c in open_:
            table.call("fiveplus_end_challenge", {"name": c["name"], "outcome": "won"})
        deck = table.system("cards")
        if not any(deck["hands"]["Solo"]) or played.scene_over:
            break
        played = table.call("fiveplus_scene_play", {}, seed=2)
    assert played.scene_over
    nxt = table.call("fiveplus_scene_deal", {}, seed=3)
    assert nxt.state.scene == 2


def test_a_royal_brings_an_important_npc(table):
    from narrator.tools.systems.fiveplus.cards import FULL_DECK, Deck

    table.put("Solo", *SCAFFOLD)
    deck = Deck(deck=[c for c in FULL_DECK if c != "KC"], hands={"Solo": ["KC"]}, seats=["Solo"], dealt=True)
    from narrator.tools.table import SetSystemState, apply_all

    table.state = apply_all(table.state, [SetSystemState(key="cards", value=deck.model_dump(mode="json"))])
    r = table.call("fiveplus_scene_play", {}, seed=4)
    assert r.npc is not None and table.sheet(r.npc).npc and r.challenge.opposition == [r.npc]
    assert table.sheet(r.npc).rank == 2  # a king: power level 5


def test_a_seeded_campaign_with_every_kind_of_call_replays(tmp_path):
    with Campaign.new("Replay", "fiveplus", seed=3, root=tmp_path) as c:
        c.call("fiveplus_add_character", {"name": "Aria", "skills": {"Sneak": 4, "Sword": 3, "Medicine": 2},
                                          "resistances": {"Physical": 3, "Mental": 2, "Fatigue": 2},
                                          "traits": ["Ninja training +1 sneak"]})
        c.call("fiveplus_add_random_character", {"name": "Brom", "concept": "a travelling mercenary"})
        c.call("fiveplus_add_npc", {"concept": "a hungry giant spider", "level": 3})
        c.call("fiveplus_start_challenge", {"name": "Cross the web", "kind": "exploration"})
        c.call("fiveplus_attempt", {"actor": "Aria", "approach": "stealth", "challenge": "Cross the web"})
        c.call("fiveplus_start_conflict", {})
        c.call("fiveplus_attack", {"attacker": "Aria", "defender": "Hungry Giant Spider"})
        c.call("table_next_turn", {})
        c.call("fiveplus_attempt", {"actor": "Brom", "approach": "physical"})
        c.call("table_next_turn", {})
        for tool, args in SYSTEM.npc_turn(c.state, "Hungry Giant Spider"):
            c.call(tool, args)
        c.call("table_end_combat", {})
        c.call("fiveplus_rest", {})
        c.call("fiveplus_scene_deal", {})
        c.call("fiveplus_scene_play", {})
        report = c.replay()
        assert report.ok, report.divergence and report.divergence.text()
