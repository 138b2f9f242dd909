"""The state-bound Mini Six tools: sheets read off the table, penalties, wounds recorded, the turn order."""

from __future__ import annotations

import pytest

from tests.tools.systems.minisix.conftest import BOW, CUIRASS, KNIFE, SHIELD, SWORD, skill
from narrator.tools.errors import ToolArgumentError
from narrator.tools.systems import get_system
from narrator.tools.table import Move, SetZones, apply_all
from narrator.tools.phrases import steps_of, summary_of

MINISIX = get_system("minisix")


def test_a_check_reads_the_skill_or_defaults_to_its_attribute(table):
    table.put("Ann", agility="3D+1", skills={"stealth": skill("agility", "5D")}, npc=False)
    r = table.call("minisix_check", {"actor": "Ann", "skill": "stealth"}, faces=[2, 3, 4, 5, 1])
    assert r.rolled == "5D" and r.tn == 15 and r.success is True and r.attribute == "agility"
    r = table.call("minisix_check", {"actor": "Ann", "skill": "thievery", "difficulty": "easy"}, faces=[2, 3, 1])
    assert r.rolled == "3D+1" and r.tn == 10 and r.total == 7
    assert "defaults to agility" in steps_of(r)[0]


def test_wounds_and_a_stun_take_dice_from_every_action(table):
    table.put("Ann", wit="4D", wounds=2)
    r = table.call("minisix_check", {"actor": "Ann", "attribute": "wit"}, faces=[3, 4])
    assert r.rolled == "2D"
    assert any("severely wounded (-2D)" in s for s in steps_of(r))


def test_an_attack_that_hits_rolls_damage_against_soak_and_records_the_wound(table):
    table.put("Ann", might="3D", skills={"melee": skill("might", "5D")}, gear=[SWORD])
    table.put("Bob", might="3D", gear=[CUIRASS])  # block 9, no weapon: no parry; soak 12
    r = table.call("minisix_attack_target", {"attacker": "Ann", "defender": "Bob"},
                   faces=[3, 3, 3, 3, 4] + [4, 4, 4, 4, 1])  # to hit 16 vs 9; damage 5D = 17 vs 12: wounded
    assert r.hit and r.tn == 9 and r.defence_kind == "block" and r.kind == "melee" and r.skill == "melee"
    assert r.damage.damage_total == 17 and r.damage.result == "wounded"
    assert table.sheet("Bob")["wounds"] == 1 and table.conditions("Bob") == ["wounded"]


def test_a_shield_parries_and_missiles_meet_dodge(table):
    table.put("Ann", skills={"missile": skill("agility", "4D")}, gear=[BOW])
    table.put("Bob", skills={"melee": skill("might", "4D"), "dodge": skill("agility", "3D+1")}, gear=[SWORD, SHIELD])
    r = table.call("minisix_attack_target", {"attacker": "Ann", "defender": "Bob", "kind": "missile"},
                   faces=[1, 1, 1, 1])
    assert r.defence_kind == "parry" and r.defence == 16  # 4D × 3 + shield 4 beats dodge 10 (shield in hand)
    table.put("Cat", skills={"dodge": skill("agility", "3D+1")}, gear=[SWORD])
    r = table.call("minisix_attack_target", {"attacker": "Ann", "defender": "Cat", "kind": "missile"},
                   faces=[1, 1, 1, 1])
    assert r.defence_kind == "dodge" and r.defence == 10


def test_range_comes_from_the_zones_and_melee_needs_the_same_zone(table):
    table.put("Ann", skills={"missile": skill("agility", "4D")}, gear=[BOW, KNIFE])
    table.put("Bob")
    table.state = apply_all(table.state, [SetZones(zones=["gate", "yard", "keep", "tower"]),
                                          Move(name="Ann", zone="gate"), Move(name="Bob", zone="keep")])
    r = table.call("minisix_attack_target", {"attacker": "Ann", "defender": "Bob"}, faces=[1, 1, 1, 1])
    assert r.kind == "missile" and r.range == "long" and r.tn == 9 + 10
    with pytest.raises(ToolArgumentError, match="reaches only the same zone"):
        table.call("minisix_attack_target", {"attacker": "Ann", "defender": "Bob", "kind": "melee"})


def test_cover_on_the_table_and_full_cover(table):
    table.put("Ann", skills={"missile": skill("agility", "4D")}, gear=[BOW])
    table.put("Bob")
    table.call("table_condition", {"actor": "Bob", "condition": "cover 75%"})
    r = table.call("minisix_attack_target", {"attacker": "Ann", "defender": "Bob", "kind": "missile"},
                   faces=[1, 1, 1, 1])
    assert r.cover == "75%" and r.tn == 9 + 10
    table.call("table_condition", {"actor": "Bob", "condition": "cover 100%"})
    with pytest.raises(ToolArgumentError, match="impossible to hit"):
        table.call("minisix_attack_target", {"attacker": "Ann", "defender": "Bob"})


def test_declared_actions_take_a_die_from_each_and_fill_the_turn(table):
    """"Player declares all character actions planned for the round": the first action declares two, the second
    takes the declaration as it stands (or must match it), and a third is refused."""
    table.put("Ann", skills={"melee": skill("might", "4D")}, gear=[SWORD])
    table.put("Bob")
    table.fight("Ann", "Bob")
    table.call("minisix_attack_target", {"attacker": "Ann", "defender": "Bob", "extra_actions": 1}, faces=[1, 1, 1])
    assert MINISIX.actions_per_turn(table.state, "Ann") == 2
    with pytest.raises(ToolArgumentError, match="declared 2 actions"):
        table.call("minisix_attack_target", {"attacker": "Ann", "defender": "Bob", "extra_actions": 0})
    r = table.call("minisix_attack_target", {"attacker": "Ann", "defender": "Bob"}, faces=[1, 1, 1])
    assert r.rolled == "3D" and r.extra_actions == 1
    with pytest.raises(ToolArgumentError, match="already taken 2 actions"):
        table.call("minisix_attack_target", {"attacker": "Ann", "defender": "Bob"})


def test_the_dodge_action_raises_every_attackers_tn_until_the_next_turn(table):
    table.put("Ann", skills={"dodge": skill("agility", "4D")})
    table.put("Bob", skills={"melee": skill("might", "4D")}, gear=[SWORD])
    table.fight("Ann", "Bob")
    r = table.call("minisix_dodge_action", {"actor": "Ann", "mode": "full"}, faces=[5, 5, 5, 5])
    assert r.value == 30 and "full dodge" in table.conditions("Ann")
    table.call("table_next_turn", {})
    hit = table.call("minisix_attack_target", {"attacker": "Bob", "defender": "Ann"}, faces=[1, 1, 1, 1])
    assert hit.tn == 30
    table.call("table_next_turn", {})
    assert "full dodge" not in table.conditions("Ann")


def test_an_incapacitated_combatant_rolls_stamina_as_its_turn_begins(table):
    table.put("Ann", might="3D", wounds=3)
    table.call("table_condition", {"actor": "Ann", "condition": "incapacitated"})
    table.put("Bob")
    table.fight("Bob", "Ann")
    with pytest.raises(ToolArgumentError, match="incapacitated"):
        table.call("minisix_check", {"actor": "Ann", "attribute": "wit"})
    r = table.call("table_next_turn", {}, faces=[5, 5, 5])
    assert "fighting on" in table.conditions("Ann") and "incapacitated" not in table.conditions("Ann")
    assert any("stamina" in s for s in steps_of(r))
    assert summary_of(r) == "Round 1: Ann's turn; Ann is incapacitated: Stamina 15 vs 15: stays conscious (-3D)"
    check = table.call("minisix_check", {"actor": "Ann", "attribute": "wit"}, faces=[6, 3])
    assert check.rolled == "1D"  # 3D - 3D stops at 1D


def test_a_failed_stamina_roll_knocks_out(table):
    table.put("Ann", might="2D", wounds=3)
    r = table.call("minisix_stamina_check", {"actor": "Ann"}, faces=[1, 1] + [1] * 10)
    assert not r.conscious and "unconscious" in table.conditions("Ann")
    assert r.knocked_out_minutes == 10


def test_a_mortal_wound_counts_the_minutes_until_death(table):
    table.put("Ann", might="2D", wounds=4)
    table.call("minisix_death_check", {"actor": "Ann"}, faces=[1, 1])  # minute 1: 2 >= 1
    assert table.sheet("Ann")["mortal_minutes"] == 1
    table.call("minisix_death_check", {"actor": "Ann"}, faces=[1, 1])  # minute 2: 2 >= 2
    r = table.call("minisix_death_check", {"actor": "Ann"}, faces=[1, 1])  # minute 3: 2 < 3
    assert r.dies and table.sheet("Ann")["wounds"] == 5 and "dead" in table.conditions("Ann")


def test_treating_wounds_once_a_day_per_patient(table):
    table.put("Doc", wit="3D", skills={"medicine": skill("wit", "5D")})
    table.put("Ann", wounds=1)
    r = table.call("minisix_treat_wounds", {"healer": "Doc", "patient": "Ann", "kit": True}, faces=[3, 3, 3, 3, 1])
    assert r.tn == 11 and r.success and table.sheet("Ann")["wounds"] == 0
    table.put("Bob", wounds=2)
    table.call("minisix_treat_wounds", {"healer": "Doc", "patient": "Bob"}, faces=[1, 1, 1, 1, 1])
    with pytest.raises(ToolArgumentError, match="once per day"):
        table.call("minisix_treat_wounds", {"healer": "Doc", "patient": "Bob"})
    table.call("minisix_pass_time", {"days": 1})
    r = table.call("minisix_treat_wounds", {"healer": "Doc", "patient": "Bob"}, faces=[4, 4, 4, 4, 1])
    assert table.sheet("Bob")["wounds"] == 1 and table.conditions("Bob") == ["wounded"]


def test_lucky_doubles_the_next_roll_once_a_session(table):
    table.put("Ann", wit="2D", perks={"lucky": 2}, npc=False)
    table.call("minisix_use_perk", {"actor": "Ann", "perk": "lucky"})
    r = table.call("minisix_check", {"actor": "Ann", "attribute": "wit"}, faces=[4, 4])
    assert r.total == 16 and r.doubled and "lucky" not in table.conditions("Ann")
    with pytest.raises(ToolArgumentError, match="already used lucky this session"):
        table.call("minisix_use_perk", {"actor": "Ann", "perk": "lucky"})
    table.call("minisix_new_session", {})
    table.call("minisix_use_perk", {"actor": "Ann", "perk": "lucky"})


def test_destiny_rerolls_the_last_failed_roll(table):
    table.put("Ann", wit="3D", perks={"destiny": 2}, npc=False)
    table.call("minisix_check", {"actor": "Ann", "attribute": "wit"}, faces=[1, 1, 1])
    r = table.call("minisix_use_perk", {"actor": "Ann", "perk": "destiny"}, faces=[6, 6, 4])
    assert r.success is True and r.reroll["total"] == 16
    assert "last_failed" not in table.state.system_state


def test_a_complication_earns_one_cp_a_session(table):
    table.put("Ann", complications=["enemies"], npc=False)
    assert table.call("minisix_complication", {"actor": "Ann", "complication": "enemies"}).cp_earned == 1
    assert table.call("minisix_complication", {"actor": "Ann", "complication": "enemies"}).cp_earned == 0
    table.call("minisix_new_session", {})
    assert table.call("minisix_complication", {"actor": "Ann", "complication": "Enemies"}).cp == 2


def test_hero_points_are_thules_option(table, thule_table):
    for t in (table, thule_table):
        t.put("Ann", wit="3D", npc=False)
    with pytest.raises(ToolArgumentError, match="house rule"):
        table.call("minisix_check", {"actor": "Ann", "attribute": "wit", "hero_points": 1})
    assert table.call("minisix_new_session", {}).hero_points == {}
    s = thule_table.call("minisix_new_session", {})
    assert s.hero_points == {"Ann": 1}
    thule_table.call("minisix_new_session", {})
    r = thule_table.call("minisix_check", {"actor": "Ann", "attribute": "wit", "hero_points": 2}, faces=[1, 1, 1])
    assert r.total == 3 + 12 and thule_table.sheet("Ann")["hero_points"] == 0
    with pytest.raises(ToolArgumentError, match="no Hero Point"):
        thule_table.call("minisix_lucky_break", {"actor": "Ann", "what": "the guard is my cousin"})


def test_npcs_attack_the_most_hurt_player_character_in_reach(table):
    table.put("Ann", npc=False)
    table.put("Ben", npc=False, wounds=1)
    table.put("Orc", skills={"melee": skill("might", "4D")}, gear=[SWORD])
    table.fight("Orc", "Ann", "Ben")
    assert MINISIX.npc_turn(table.state, "Orc") == [("minisix_attack_target", {"attacker": "Orc",
                                                                               "defender": "Ben"})]


@pytest.mark.parametrize("level", range(1, 6))
def test_npcs_are_valid_at_every_level(table, level):
    r = table.call("minisix_add_npc", {"concept": "a bored city guard", "level": level}, seed=level)
    assert MINISIX.sheet_problems(table.sheet(r.actor)) == []
    assert "melee" in r.character.skills


def test_taking_cover_is_a_free_move_that_raises_the_tn(table):
    """"If the target is behind at least 50% cover, add +5 to the Target Number. Add +10 for 75% cover, +15 for 90%
    cover. It's impossible to hit a target behind 100% cover." """
    table.put("Ann", skills={"missile": skill("agility", "4D")}, gear=[BOW])
    table.put("Bob")
    table.fight("Bob", "Ann")
    table.call("minisix_take_cover", {"actor": "Bob", "cover": "90%"})
    assert table.conditions("Bob") == ["cover 90%"] and table.state.initiative.used == 0
    table.call("minisix_take_cover", {"actor": "Bob", "cover": "50%"})
    assert table.conditions("Bob") == ["cover 50%"]
    table.call("table_next_turn", {})
    r = table.call("minisix_attack_target", {"attacker": "Ann", "defender": "Bob", "kind": "missile"},
                   faces=[1, 1, 1, 1])
    assert r.tn == 9 + 5
    table.call("minisix_take_cover", {"actor": "Bob", "cover": "none"})
    assert table.conditions("Bob") == []


def test_start_combat_rolls_agility_ties_act_together_and_cover_is_taken_anew(table):
    """"Initiative: roll Agility" — highest first; equal totals act almost simultaneously. A fight starts without
    the cover of an earlier one."""
    table.put("Ann", agility="3D")
    table.put("Bob", agility="2D")
    table.put("Cy", agility="2D")
    table.call("minisix_take_cover", {"actor": "Cy", "cover": "75%"})
    r = table.call("minisix_start_combat", {"combatants": ["Ann", "Bob", "Cy"]}, faces=[1, 2, 3] + [3, 3] + [5, 4])
    assert r.totals == {"Ann": 6, "Bob": 6, "Cy": 9}
    assert table.state.initiative.order[0] == "Cy" and set(table.state.initiative.order[1:]) == {"Ann", "Bob"}
    assert table.conditions("Cy") == []
    with pytest.raises(ToolArgumentError, match="already running"):
        table.call("minisix_start_combat", {}, seed=1)


def test_joining_a_fight_takes_the_slot_of_the_agility_total(table):
    table.put("Ann", agility="3D")
    table.put("Bob", agility="2D")
    table.fight("Ann", "Bob")  # both at 10
    table.put("Cy", agility="2D")
    r = table.call("minisix_join_combat", {"actor": "Cy"}, faces=[5, 6, 2])  # 5 + wild 6, again 2 = 13
    assert r.position == 1 and table.state.initiative.order == ["Cy", "Ann", "Bob"]
    assert table.state.initiative.current == "Ann"  # Cy's slot has passed this round
    with pytest.raises(ToolArgumentError, match="already in the initiative order"):
        table.call("minisix_join_combat", {"actor": "Cy"}, seed=0)


def test_a_full_run_adds_an_athletics_roll_and_a_sprint_doubles_it(table):
    """"Run: 60' + Athletics roll ... Sprint: 90' + double Athletics" in a straight line, the only action."""
    table.put("Ann", might="3D", skills={"athletics": skill("might", "4D")})
    r = table.call("minisix_run", {"actor": "Ann", "mode": "run"}, faces=[1, 2, 3, 4])
    assert r.athletics_roll == 10 and r.base_feet == 60 and r.feet == 70
    r = table.call("minisix_run", {"actor": "Ann", "mode": "sprint"}, faces=[1, 2, 3, 4])
    assert r.base_feet == 90 and r.feet == 90 + 20


def test_damage_the_narrator_rules_goes_against_soak(table):
    """A fall or a trap: a damage code rolled (or a known total) against Soak, the wound chart as for an attack."""
    table.put("Ann", might="3D", gear=[CUIRASS])  # soak 12
    r = table.call("minisix_damage_target", {"target": "Ann", "damage_total": 17, "reason": "a fall"})
    assert r.result == "wounded" and table.sheet("Ann")["wounds"] == 1
    r = table.call("minisix_damage_target", {"target": "Ann", "damage": "4D", "reason": "a trap"}, faces=[1, 1, 1, 2])
    assert r.damage_total == 5 and r.result == "unharmed" and table.sheet("Ann")["wounds"] == 1
    with pytest.raises(ToolArgumentError):
        table.call("minisix_damage_target", {"target": "Ann", "reason": "nothing"})
