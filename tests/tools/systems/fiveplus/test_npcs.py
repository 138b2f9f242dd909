"""NPCs never roll: the character's response decides, and the NPC's damage is 1 + rank."""

from __future__ import annotations

RES = {"name": "Physical", "counter": 0, "level": 3, "tier": 1}


def test_npc_damage_is_one_plus_rank(call):
    """"In order to simplify NPC generation, their damage is constant by default, being equal to 1 + rank.\""""
    r = call("fiveplus_npc_action", {"rank": 2, "response": "none", "resistance": RES}, faces=[])
    assert r.damage == 3 and r.harm.taken == 3 and r.dice == []


def test_a_successful_defence_prevents_the_damage(call):
    r = call("fiveplus_npc_action", {"rank": 1, "response": "defend", "check": {"level": 3, "rank": 1},
                                     "resistance": RES}, faces=[3, 4])
    assert r.success and r.harm.taken == 0
    hit = call("fiveplus_npc_action", {"rank": 1, "response": "defend", "check": {"level": 3, "rank": 1},
                                       "resistance": RES}, faces=[6, 5])
    assert not hit.success and hit.harm.taken == 2


def test_a_resistance_check_absorbs_its_successes_and_armour_reduces_the_rest(call):
    """"A leather plate armor may provide a simple damage reduction by 1 for a successful physical resistance
    check.\""""
    r = call("fiveplus_npc_action", {"rank": 2, "response": "resist", "check": {"level": 3}, "resistance": RES,
                                     "reduction": 1}, faces=[2, 4])
    assert r.harm.taken == 0  # 3 damage, 2 successes absorbed, 1 by the armour
    r = call("fiveplus_npc_action", {"rank": 3, "response": "resist", "check": {"level": 3}, "resistance": RES},
             faces=[1, 5])
    assert r.harm.taken == 3  # 4 damage, 1 success absorbed
    r = call("fiveplus_npc_action", {"rank": 2, "response": "resist", "check": {"level": 3}, "resistance": RES,
                                     "reduction": 1}, faces=[6, 5])
    assert r.harm.taken == 3  # the resistance failed: no protection


def test_a_rolled_1_calls_the_npcs_ability(call):
    """"Some powerful abilities may depend on the player's luck and be used … when a 1 is rolled.\""""
    r = call("fiveplus_npc_action", {"rank": 0, "response": "defend", "check": {"level": 1}, "resistance": RES,
                                     "ability": "venomous bite"}, faces=[1, 6])
    assert r.ability_used and r.damage == 2 and r.harm.taken == 2


def test_a_concept_that_names_a_goal_gives_it_and_no_die_is_rolled_for_it():
    """"Goals: Why is the NPC opposing the players? Is it a giant hungry spider trying to eat the players ... or simply
    a vengeful adventure trying to get payback" (five-plus.md#NPCs). Played in 5+ assist: "/npc a hungry wolf" rolled
    the goal "to guard its ground and master"; a concept that says the goal gives it."""
    from narrator.tools.dice import Roller
    from narrator.tools.phrases import steps_of
    from narrator.tools.registry import default_registry
    from narrator.tools.systems.fiveplus.npcs import GOALS
    from narrator.tools.table import TableState

    def npc(concept: str, faces: list[int]):
        return default_registry().call("fiveplus_add_npc", {"concept": concept}, Roller.scripted(faces),
                                       TableState(system="fiveplus"))

    wolf = npc("a hungry wolf", [1])  # one die only: the behaviour's
    assert wolf.character.goal == GOALS[0] and [d.face for d in wolf.dice] == [1]
    assert 'Goal: to eat or rob whoever crosses its path (the concept says "hungry").' in steps_of(wolf)
    assert npc("the vengeful widow", [1]).character.goal == "payback for an old wrong"
    assert npc("a suspicious innkeeper", [1]).character.goal == "to drive the intruders away"
    plain = npc("a wolf", [2, 1])  # no word for a goal: the d6 decides, as before
    assert plain.character.goal == GOALS[1] and [d.face for d in plain.dice] == [2, 1]
