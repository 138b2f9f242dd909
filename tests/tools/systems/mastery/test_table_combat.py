"""Combat on the table in each of the book's three modes: what an attack becomes, starting and joining a fight,
conditions, the foes' turns in solo play, and Bloodbath's secret rounds."""

from __future__ import annotations

import pytest

from narrator.tools.errors import ToolArgumentError
from narrator.tools.systems import get_system
from narrator.tools.systems.mastery.table_characters import LEVELS
from narrator.tools.phrases import steps_of, summary_of

MASTERY = get_system("mastery")


def duel(t):
    t.put("Tess", traits={"agility": 2}, abilities={"swordsmanship": 2}, skills={"parrying": 1}, npc=False,
          gear=[{"name": "sword", "kind": "weapon", "modifier": 1, "style": "melee"}])
    t.put("Bandit", traits={"agility": 1}, abilities={"brawling": 1}, skills={"dodging": 1},
          gear=[{"name": "club", "kind": "weapon", "modifier": 1, "style": "melee"},
                {"name": "leather", "kind": "armor", "modifier": 1}], harm=3)
    return t


# --- roundtable ----------------------------------------------------------------------------------------------------


def test_roundtable_initiative_is_a_challenge_comparing_degrees(make_table):
    t = duel(make_table())
    r = t.call("mastery_start_combat", {"combatants": ["Bandit", "Tess"]}, faces=[4, 1, 1, 1, 5])
    # Bandit: 1 + agility 1 = 2 dice (1 success); Tess 3 dice (1 success): a tie to Tess's agility +2
    assert r.mode == "roundtable" and r.order == ["Tess", "Bandit"]
    assert t.state.initiative.active and t.state.initiative.current == "Tess"


def test_roundtable_attack_is_contested_and_damages(make_table):
    t = duel(make_table())
    t.fight("Tess", "Bandit")
    r = t.call("mastery_attack", {"attacker": "Tess", "defender": "Bandit"}, faces=[4, 5, 6, 1, 1, 1, 4, 1, 1])
    # Tess 1 + 2 + 2 + 0 (no melee skill) = 5 dice: 3 successes; Bandit 1 + 1 + 1 (brawling) + 1 (dodging) = 4: 1
    assert r.attack.attacker.pool == 5 and r.attack.defender.pool == 4
    assert r.attack.damage == 2 + 1 - 1 and t.sheet("Bandit")["health"] == 8


def test_a_winning_defender_gets_the_counter_die_on_their_next_attack(make_table):
    t = duel(make_table())
    t.fight("Tess", "Bandit")
    r = t.call("mastery_attack", {"attacker": "Tess", "defender": "Bandit"}, faces=[1, 1, 1, 1, 1, 4, 1, 1, 1])
    assert r.attack.counter_gained and "counter-attack" in t.conditions("Bandit")
    assert t.state.expiry["Bandit"]["counter-attack"].ends == "end_of_turn"
    t.call("table_next_turn", {})
    back = t.call("mastery_attack", {"attacker": "Bandit", "defender": "Tess"}, seed=3)
    assert back.attack.attacker.pool == 3 + 1 and "counter-attack" not in t.conditions("Bandit")


def test_the_counter_die_lapses_after_the_defenders_next_turn(make_table):
    t = duel(make_table())
    t.fight("Tess", "Bandit")
    t.call("mastery_attack", {"attacker": "Tess", "defender": "Bandit"}, faces=[1, 1, 1, 1, 1, 4, 1, 1, 1])
    t.call("table_next_turn", {})  # the Bandit's turn: it does something else
    t.call("table_next_turn", {})
    assert "counter-attack" not in t.conditions("Bandit")


def test_surprised_characters_cannot_defend(make_table):
    t = duel(make_table())
    t.call("mastery_start_combat", {"surprised": ["Bandit"]}, seed=1)
    assert "surprised" in t.conditions("Bandit")
    first = t.state.initiative.current
    if first != "Tess":
        t.call("table_next_turn", {})
    r = t.call("mastery_attack", {"attacker": "Tess", "defender": "Bandit"}, faces=[4, 1, 1, 1, 1])
    assert r.attack.defender.pool == 0 and r.attack.damage == 1


def test_close_combat_reaches_only_the_same_zone(make_table):
    t = duel(make_table())
    t.set(zones=["hall", "stairs"], links=[("hall", "stairs")], positions={"Tess": "hall", "Bandit": "stairs"})
    with pytest.raises(ToolArgumentError) as e:
        t.call("mastery_attack", {"attacker": "Tess", "defender": "Bandit"})
    assert "same zone" in str(e.value)
    t.call("mastery_attack", {"attacker": "Tess", "defender": "Bandit", "style": "ranged"}, seed=2)


def test_an_attack_must_wait_for_the_attackers_turn(make_table):
    t = duel(make_table())
    t.fight("Bandit", "Tess")
    with pytest.raises(ToolArgumentError) as e:
        t.call("mastery_attack", {"attacker": "Tess", "defender": "Bandit"})
    assert "Bandit's turn" in str(e.value) and "has acted" not in str(e.value)


def test_waiting_for_a_combatant_who_has_acted_says_how_the_turn_passes(make_table):
    """A bloodbath choice is sealed and the turn stays with whoever chose until it is passed on: the other side's
    refusal says so, in the engine's words (the tool) and the player's (the command)."""
    from narrator.tools.errors import player_message

    t = duel(make_table(combat_mode="bloodbath"))
    t.call("mastery_start_combat", {"combatants": ["Tess", "Bandit"]}, faces=[])
    t.call("mastery_attack", {"attacker": "Tess", "defender": "Bandit"}, faces=[])
    with pytest.raises(ToolArgumentError) as e:
        t.call("mastery_declare", {"actor": "Bandit", "action": "defend"}, faces=[])
    assert "Tess has acted, and the turn passes on with table_next_turn" in str(e.value)
    assert player_message(e.value).endswith("Tess has acted, and the turn passes on with /initiative next.")


# --- Fearsome Challenges --------------------------------------------------------------------------------------------


def test_fearsome_the_slow_guardian_acts_after_the_party(make_table):
    """"The guardian is slow, and all the players can take actions before the guardian acts.\""""
    t = make_table(combat_mode="fearsome")
    t.put("Tess", npc=False)
    t.put("Guardian", traits={"agility": 2}, abilities={"swordsmanship": 3}, harm=4)
    r = t.call("mastery_start_combat", {"combatants": ["Guardian", "Tess"]}, faces=[])
    assert r.order == ["Tess", "Guardian"] and r.dice == []
    ambush = make_table(combat_mode="fearsome")
    ambush.put("Tess", npc=False)
    ambush.put("Guardian")
    assert ambush.call("mastery_start_combat", {"foes_first": True}, faces=[]).order == ["Guardian", "Tess"]


def test_fearsome_the_guardian_swing_is_a_challenge_with_4_boxes_on_failure(make_table):
    """"it swings it's hammer at a single character, forcing a challenge to either block or move with failure
    meaning the victim takes 4 health boxes of damage" — foes don't roll: the successes needed are its average."""
    t = make_table(combat_mode="fearsome")
    t.put("Tess", traits={"agility": 1}, skills={"dodging": 1}, npc=False)
    t.put("Guardian", traits={"agility": 1}, abilities={"swordsmanship": 2}, harm=4)
    t.fight("Guardian", "Tess")
    r = t.call("mastery_attack", {"attacker": "Guardian", "defender": "Tess"}, faces=[4, 1, 1])
    # Guardian's pool 1 + 1 + 2 = 4 dice, average 2 successes needed; Tess rolls 3 dice, 1 success
    assert r.defence.needed == 2 and r.defence.success is False and r.damage == 4
    assert t.sheet("Tess")["health"] == 6 and r.dice and all(d.purpose.startswith("challenge") for d in r.dice)


def test_fearsome_a_character_strikes_a_foe_that_does_not_roll(make_table):
    t = duel(make_table(combat_mode="fearsome"))
    t.fight("Tess", "Bandit")
    r = t.call("mastery_attack", {"attacker": "Tess", "defender": "Bandit"}, faces=[4, 5, 6, 1, 1])
    assert r.attack.defender.rolled is False and r.attack.defender.successes == 2  # 4 dice, half
    assert r.attack.damage == 1 + 1 - 1 and "counter-attack" not in t.conditions("Bandit")


# --- Bloodbath -----------------------------------------------------------------------------------------------------


def test_bloodbath_actions_are_sealed_then_resolve_together(make_table):
    t = duel(make_table(combat_mode="bloodbath"))
    t.call("mastery_start_combat", {"combatants": ["Tess", "Bandit"]}, faces=[])
    sealed = t.call("mastery_attack", {"attacker": "Tess", "defender": "Bandit"}, faces=[])
    assert not sealed.resolved and sealed.dice == [] and "Bandit" not in summary_of(sealed)
    assert not any("Bandit" in s for s in sealed.steps[:-1])  # only who is still to choose is said
    t.call("table_next_turn", {})
    done = t.call("mastery_declare", {"actor": "Bandit", "action": "defend"}, faces=[4, 5, 6, 1, 1, 1, 1, 1, 1])
    assert done.resolved and done.round.exchanges[0].nature == "conflicting challenge"
    assert t.sheet("Bandit")["health"] == 10 - (3 + 1 - 1)
    assert t.state.system_state["bloodbath"] == {"actions": {}}


def test_bloodbath_a_successful_flight_leaves_the_fight_at_the_next_turn(make_table):
    t = duel(make_table(combat_mode="bloodbath"))
    t.call("mastery_start_combat", {"combatants": ["Tess", "Bandit"]}, faces=[])
    t.call("mastery_declare", {"actor": "Tess", "action": "flee"}, faces=[])
    t.call("table_next_turn", {})
    r = t.call("mastery_declare", {"actor": "Bandit", "action": "defend"}, faces=[])
    assert r.round.fighters[0].withdrew and "fled" in t.conditions("Tess")
    nxt = t.call("table_next_turn", {})
    assert t.state.initiative.order == ["Bandit"] and "fled" not in t.conditions("Tess")
    assert any("fled" in s for s in steps_of(nxt))


def test_bloodbath_an_unfinished_round_resolves_when_the_next_begins(make_table):
    t = duel(make_table(combat_mode="bloodbath"))
    t.call("mastery_start_combat", {"combatants": ["Tess", "Bandit"]}, faces=[])
    t.call("mastery_attack", {"attacker": "Tess", "defender": "Bandit"}, faces=[])
    t.call("table_next_turn", {})
    r = t.call("table_next_turn", {}, faces=[4, 4, 1, 1, 1])  # the Bandit passed
    assert r.round == 2 and r.dice and t.sheet("Bandit")["health"] == 10 - (2 + 1 - 1)
    assert t.state.system_state["bloodbath"] == {"actions": {}}


def test_outside_bloodbath_defending_rolls_nothing_and_fleeing_is_a_challenge(make_table):
    t = duel(make_table())
    t.fight("Tess", "Bandit")
    guard = t.call("mastery_declare", {"actor": "Tess", "action": "defend"}, faces=[])
    assert guard.dice == [] and summary_of(guard) == "Tess stays on guard"
    t.call("table_next_turn", {})
    t.call("table_next_turn", {})
    away = t.call("mastery_declare", {"actor": "Tess", "action": "flee"}, faces=[4, 1, 1])
    assert away.success and away.challenge.pool == 3 and "fled" in t.conditions("Tess")
    t.call("table_next_turn", {})
    assert t.state.initiative.order == ["Bandit"]


# --- the foes' turns -----------------------------------------------------------------------------------------------


def test_a_foe_attacks_the_most_hurt_character_it_can_reach(make_table):
    t = duel(make_table())
    t.put("Aria", npc=False, health=4)
    t.fight("Bandit", "Tess", "Aria")
    assert MASTERY.npc_turn(t.state, "Bandit") == [("mastery_attack", {"attacker": "Bandit", "defender": "Aria",
                                                                        "style": "melee"})]
    t.set(zones=["hall", "stairs"], links=[("hall", "stairs")],
          positions={"Bandit": "hall", "Tess": "stairs", "Aria": "stairs"})
    assert MASTERY.npc_turn(t.state, "Bandit") == [("table_move", {"actor": "Bandit", "zone": "stairs"})]


def test_a_downed_foe_does_nothing(make_table):
    t = duel(make_table())
    t.call("mastery_damage", {"target": "Bandit", "amount": 10, "reason": "x"})
    assert MASTERY.npc_turn(t.state, "Bandit") == []


# --- joining and NPCs ----------------------------------------------------------------------------------------------


def test_joining_a_fight_in_each_mode(make_table):
    for mode, where in (("fearsome", 1), ("bloodbath", 3)):
        t = duel(make_table(combat_mode=mode))
        t.put("Wolf")
        t.call("mastery_start_combat", {"combatants": ["Tess", "Bandit"]}, faces=[])
        joined = t.call("mastery_join_combat", {"actor": "Wolf"}, seed=1)
        assert joined.position == (3 if mode == "fearsome" else where)


@pytest.mark.parametrize("level", range(1, 6))
def test_npcs_have_the_pools_of_their_level(make_table, level):
    t = make_table()
    r = t.call("mastery_add_npc", {"concept": "a bored city guard", "level": level}, seed=level)
    lv = LEVELS[level]
    assert r.attack_pool == 1 + lv["trait"] + lv["ability"] + lv["attack"]
    assert r.character.harm == lv["harm"] and MASTERY.sheet_problems(t.sheet(r.actor), creation=False) == []
    again = t.call("mastery_add_npc", {"concept": "a bored city guard", "level": level}, seed=level)
    assert again.actor == f"{r.actor} 2"
