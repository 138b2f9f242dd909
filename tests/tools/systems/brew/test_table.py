"""The state-bound Brew tools on a live table: rolls from the sheets, the last roll's Resolve and chance, fights
with zones and several opponents, health and lasting injuries, healing, magic, and what the narration is told."""

from __future__ import annotations

import pytest

from narrator.tools.errors import ToolArgumentError
from narrator.tools.phrases import steps_of, summary_of
from narrator.tools.systems import get_system
from narrator.tools.table import Initiative, Move, SetInitiative, SetZones, apply_all

BREW = get_system("brew")


def hero(table, name="Pete", **over):
    return table.put(name, npc=False, attributes={"power": 3, "precision": 2, "speed": 3, "wits": 2},
                     skills={"melee": 3, "animal handling": 3, "stealth": 2, "medicine": 2},
                     tricks=["Lucky"], flaws=["Thin Face"], **over)


# --- skill rolls ---------------------------------------------------------------------------------------------------


def test_a_skill_roll_reads_the_sheet(table):
    hero(table)
    r = table.call("brew_skill_roll", {"actor": "Pete", "skill": "animal handling"}, faces=[4])
    assert r.attribute_name == "precision" and r.pool == 5 and r.total == 9 and r.difficulty == 8
    assert table.state.system_state["last_roll"]["Pete"]["outcome"] == "success"


def test_health_load_and_conditions_apply(table):
    hero(table, health=4, laden=True)
    table.state = apply_all(table.state, [__import__("narrator.tools.table", fromlist=["SetConditions"]).SetConditions(
        name="Pete", conditions=["exhausted-1"])])
    r = table.call("brew_skill_roll", {"actor": "Pete", "skill": "stealth"}, faces=[])
    assert r.pool == 2 + 2 - 2 - 2 - 2 and r.outcome == "failure" and r.total is None
    assert any("exhausted-1" in s for s in steps_of(r))


def test_lucky_comes_from_the_tricks(table):
    hero(table)
    r = table.call("brew_skill_roll", {"actor": "Pete", "attribute": "power", "difficulty": "expert"}, faces=[6, 2])
    assert r.total == 3 + 8 and r.outcome == "success"


def test_size_rolls_two_dice_for_hiding(table):
    table.put("Elfie", npc=False, size="small", skills={"stealth": 2}, tricks=["Magical Affinity"],
              flaws=["Bound by Their Word"])
    r = table.call("brew_skill_roll", {"actor": "Elfie", "skill": "stealth", "task": "hiding"}, faces=[1, 5])
    assert r.keep == "high" and r.die_result == 5


def test_resolve_rerolls_the_last_failed_roll(table):
    hero(table)
    table.call("brew_skill_roll", {"actor": "Pete", "skill": "stealth", "difficulty": "expert"}, faces=[3])
    r = table.call("brew_spend_resolve", {"actor": "Pete"}, faces=[6, 5])
    assert r.previous_total == 7 and r.total == 15 and table.sheet("Pete")["resolve"] == 4
    with pytest.raises(ToolArgumentError):  # the reroll succeeded: nothing to reroll
        table.call("brew_spend_resolve", {"actor": "Pete"})


def test_training_points_and_downtime(table):
    hero(table)
    with pytest.raises(ToolArgumentError):
        table.call("brew_train", {"actor": "Pete", "skill": "stealth", "days": 9})
    table.call("brew_set_time", {"mode": "downtime"})
    r = table.call("brew_train", {"actor": "Pete", "skill": "stealth", "days": 7})
    assert r.gained == 2 and table.sheet("Pete")["training_resolve"] == {"stealth": 2}
    table.call("brew_skill_roll", {"actor": "Pete", "skill": "stealth", "difficulty": "expert"}, faces=[2])
    with pytest.raises(ToolArgumentError) as e:  # no Resolve in Downtime
        table.call("brew_spend_resolve", {"actor": "Pete"})
    assert e.value.problems[0].field == "time"
    table.call("brew_set_time", {"mode": "story"})
    r = table.call("brew_spend_resolve", {"actor": "Pete"}, faces=[1])
    assert r.spent == "training" and table.sheet("Pete")["training_resolve"] == {"stealth": 1}
    assert table.sheet("Pete")["resolve"] == 5


def test_chance_rolls_need_bullet_time(table):
    hero(table)
    table.call("brew_skill_roll", {"actor": "Pete", "skill": "melee", "attribute": "power"}, faces=[3])
    with pytest.raises(ToolArgumentError):
        table.call("brew_take_chance", {"actor": "Pete"})
    table.call("brew_set_time", {"mode": "bullet"})
    r = table.call("brew_take_chance", {"actor": "Pete"}, faces=[5])
    assert r.total == 14 and r.outcome == "astounding"
    with pytest.raises(ToolArgumentError):  # no reroll after a chance roll, even of a later failure
        table.call("brew_spend_resolve", {"actor": "Pete"})


def test_contest_and_teamwork(table):
    hero(table)
    table.put("Marlo", attributes={"power": 2}, skills={"craft": 1})
    r = table.call("brew_contest_roll", {"actor": "Pete", "opponent": "Marlo", "attribute": "power"}, faces=[2, 4])
    assert r.a.total == 5 and r.b.total == 6 and r.outcome == "lose"
    team = table.call("brew_team_roll", {"actors": ["Pete", "Marlo"], "skill": "craft", "attribute": "power",
                                         "difficulty": 10, "mode": "consecutive", "minutes_per_roll": 15},
                      faces=[3, 5])
    assert team.base == "Pete" and team.total == 3 + 3 + 5 and team.minutes == 30


# --- fights --------------------------------------------------------------------------------------------------------


def fighters(table):
    hero(table, gear=[{"name": "belt knife", "kind": "weapon", "attack_type": "simple_bladed"},
                      {"name": "composite bow", "kind": "weapon", "weapon": "composite bow"}])
    table.put("Marlo", attributes={"precision": 2, "speed": 2}, skills={"melee": 2, "athletics": 1},
              gear=[{"name": "fur cap", "kind": "armor", "soak": 1}])


def test_start_combat_by_speed(table):
    fighters(table)
    r = table.call("brew_start_combat", {})
    assert r.order == ["Pete", "Marlo"] and table.state.initiative.active
    assert table.state.system_state["time"] == "bullet"


def test_an_attack_from_the_sheets(table):
    fighters(table)
    r = table.call("brew_attack_target", {"attacker": "Pete", "defender": "Marlo"}, faces=[4, 1])
    assert r.weapon == "belt knife" and r.range == "close"
    assert r.attacker_roll.total == 10 and r.defender_roll.total == 5 and r.damage == 5 + 1 - 1
    assert table.sheet("Marlo")["health"] == 5
    assert table.state.system_state["engaged"] == {"Pete": "Marlo", "Marlo": "Pete"}


def test_a_specialty_that_fits_the_weapon_rolls_two_dice_keeping_the_higher(table):
    """brew.md#Choose Skills: "When a character has a specialty in a skill, and the action they are attempting is
    related to their specialty, they get to roll 2d6 and take the highest result"; the weapon table reads
    "Handgun: Precision + Craft (Firearms)". Seen in play: a gunslinger with Firearms (craft) shot on one die."""
    table.put("Jess", npc=False, attributes={"power": 3, "precision": 2, "speed": 3, "wits": 2},
              skills={"craft": 4, "melee": 1}, specialties=[{"name": "Firearms", "skill": "craft"}],
              gear=[{"name": "handgun", "kind": "weapon", "weapon": "handgun"},
                    {"name": "belt knife", "kind": "weapon", "attack_type": "simple_bladed"}])
    table.put("Marlo", attributes={"precision": 2, "speed": 2}, skills={"melee": 2, "athletics": 1})
    r = table.call("brew_attack_target", {"attacker": "Jess", "defender": "Marlo", "weapon": "belt knife"},
                   faces=[2, 1])
    assert r.attacker_roll.die_result == 2 and not any("specialty" in s for s in steps_of(r))  # not a firearm
    r = table.call("brew_attack_target", {"attacker": "Jess", "defender": "Marlo", "weapon": "handgun"},
                   faces=[2, 5, 1])
    assert r.weapon == "handgun" and r.attacker_roll.die_result == 5  # 2 and 5: the higher kept
    assert "Jess's specialty Firearms fits the weapon: two dice, the higher kept." in steps_of(r)


def test_ranges_come_from_the_zones(table):
    fighters(table)
    table.state = apply_all(table.state, [SetZones(zones=["bar", "floor", "door", "street"]),
                                          Move(name="Pete", zone="bar"), Move(name="Marlo", zone="door")])
    r = table.call("brew_attack_target", {"attacker": "Pete", "defender": "Marlo"}, faces=[4, 1])
    assert r.range == "long" and r.weapon == "composite bow" and "Defender Marlo: speed 2 + athletics 1." in steps_of(r)
    with pytest.raises(ToolArgumentError):
        table.call("brew_attack_target", {"attacker": "Pete", "defender": "Marlo", "weapon": "belt knife"})
    table.state = apply_all(table.state, [Move(name="Marlo", zone="street")])
    with pytest.raises(ToolArgumentError):
        table.call("brew_attack_target", {"attacker": "Pete", "defender": "Marlo"})


def test_several_opponents_cost_the_defender(table):
    hero(table)
    for n in ("Ted", "Ned", "Fred"):
        table.put(n, attributes={"power": 3}, skills={"melee": 2})
    table.call("brew_attack_target", {"attacker": "Ted", "defender": "Pete"}, faces=[1, 5])
    table.call("brew_attack_target", {"attacker": "Ned", "defender": "Pete"}, faces=[1, 5])
    r = table.call("brew_attack_target", {"attacker": "Fred", "defender": "Pete"}, faces=[1, 5])
    assert r.defence_penalty == -4
    again = table.call("brew_attack_target", {"attacker": "Ted", "defender": "Pete"}, faces=[1, 5])
    assert again.defence_penalty == 0  # the one Pete engages


def test_the_cloak_soaks_while_fighting(table):
    table.put("Servant", npc=False, skills={"melee": 3}, tricks=["Cloak of the God's Favour"],
              flaws=["Bound to the God"])
    table.put("Thug", attributes={"power": 4}, skills={"melee": 2})
    table.call("brew_attack_target", {"attacker": "Servant", "defender": "Thug"}, faces=[1, 6])
    r = table.call("brew_attack_target", {"attacker": "Thug", "defender": "Servant", "weapon": "unarmed"},
                   faces=[6, 1])
    assert r.damage == 2 + 1 - 2


def test_fighting_back_and_grappling(table):
    fighters(table)
    r = table.call("brew_attack_target", {"attacker": "Marlo", "defender": "Pete", "defence": "fight_back"},
                   faces=[1, 5])
    assert r.outcome == "countered" and r.counter_damage > 0
    assert table.sheet("Marlo")["health"] == 10 - r.counter_damage
    g = table.call("brew_attack_target", {"attacker": "Pete", "defender": "Marlo", "grapple": True}, faces=[5, 1])
    assert g.grappled and "grappled" in table.conditions("Marlo")
    roll = table.call("brew_skill_roll", {"actor": "Marlo", "skill": "melee"}, faces=[6, 2])
    assert roll.keep == "low" and roll.die_result == 2
    table.call("brew_heal", {"target": "Marlo", "amount": 10})
    up = table.call("brew_contest_roll", {"actor": "Marlo", "opponent": "Pete", "attribute": "power"},
                    faces=[6, 6, 1])
    assert up.outcome == "win" and "grappled" not in table.conditions("Marlo")


def test_a_knockout_adds_the_conditions(table):
    fighters(table)
    table.call("brew_take_damage", {"target": "Marlo", "amount": 9, "reason": "a fall"})
    r = table.call("brew_attack_target", {"attacker": "Pete", "defender": "Marlo"}, faces=[5])
    assert r.defender_roll.total is None  # at health 1 every pool of Marlo's is 0: no defence roll
    assert table.sheet("Marlo")["health"] < 0
    assert {"unconscious", "dying"} <= set(table.conditions("Marlo"))
    assert summary_of(r).endswith("; Marlo is dying")  # the player reads who went down, in the book's word
    with pytest.raises(ToolArgumentError):
        table.call("brew_skill_roll", {"actor": "Marlo", "attribute": "wits"})


def test_an_attack_that_leaves_everyone_standing_says_no_state(table):
    fighters(table)
    r = table.call("brew_attack_target", {"attacker": "Pete", "defender": "Marlo"}, faces=[4, 1])
    assert table.sheet("Marlo")["health"] > 0 and " is unconscious" not in summary_of(r) and " is dying" not in summary_of(r)


def test_a_chase(table):
    fighters(table)
    r = table.call("brew_chase_target", {"actor": "Pete", "target": "Marlo", "max_rolls": 1}, faces=[5, 2])
    assert r.outcome == "caught"


# --- health --------------------------------------------------------------------------------------------------------


def test_jennys_injury_on_the_table(table):
    table.put("Jenny", npc=False, health=3, tricks=["Lucky"], flaws=["Thin Face"])
    r = table.call("brew_take_damage", {"target": "Jenny", "amount": 4, "reason": "hit by a car",
                                        "lasting_injury": "broken and dislocated arm"})
    assert r.health_after == 4 and table.sheet("Jenny")["lasting_injuries"] == [
        {"name": "broken and dislocated arm", "healing_left": 30}]
    effects = BREW.effects("brew_take_damage", r)
    words = [e.words() for e in effects]
    assert "Jenny is hurt (a lasting injury: broken and dislocated arm)" in words
    assert "Jenny is now hurt" in words
    table.call("brew_take_damage", {"target": "Jenny", "amount": 2, "reason": "a fall"})
    assert table.sheet("Jenny")["lasting_injuries"][0]["healing_left"] == 32


def test_health_effects_in_words(table):
    table.put("Brom", npc=False, tricks=["Lucky"], flaws=["Thin Face"])
    r = table.call("brew_take_damage", {"target": "Brom", "amount": 8, "reason": "a rockfall"})
    kinds = {(e.kind, e.what) for e in BREW.effects("brew_take_damage", r)}
    assert ("harmed", "health") in kinds and ("condition_added", "badly hurt") in kinds
    r = table.call("brew_take_damage", {"target": "Brom", "amount": 4, "reason": "more rocks"})
    kinds = {(e.kind, e.what) for e in BREW.effects("brew_take_damage", r)}
    assert ("downed", "unconscious") in kinds and ("downed", "dying") in kinds


def test_treating_and_stabilising(make_table):
    table = make_table()
    hero(table)
    table.put("Bertha", npc=False, attributes={"power": 4}, health=-2, tricks=["Lucky"], flaws=["Thin Face"])
    r = table.call("brew_treat_wounds", {"actor": "Pete", "target": "Bertha"}, faces=[3])
    assert table.sheet("Bertha")["health"] == 1 and table.sheet("Bertha")["stabilising_days"] == 6
    assert "stabilising" in table.conditions("Bertha") and "unconscious" not in table.conditions("Bertha")
    table.call("brew_recover_days", {"actor": "Bertha", "days": 8})
    assert table.sheet("Bertha")["health"] == 5 and table.sheet("Bertha")["stabilising_days"] == 0
    assert "stabilising" not in table.conditions("Bertha")
    del r


def test_simplified_healing_on_the_table(make_table):
    table = make_table(healing="simplified")
    hero(table, health=3)
    table.put("Doc", npc=False, attributes={"wits": 3}, skills={"medicine": 3}, tricks=["Lucky"], flaws=["Thin Face"])
    table.call("brew_treat_wounds", {"actor": "Doc", "target": "Pete"}, faces=[2])
    assert table.sheet("Pete")["health"] == 3 + 4
    table.call("brew_take_rest", {"actor": "Pete", "hours": 2})
    assert table.sheet("Pete")["health"] == 9
    table.call("brew_take_rest", {"actor": "Pete", "hours": 8})
    assert table.sheet("Pete")["health"] == 10


def test_rest_refreshes_resolve(table):
    hero(table, resolve=1)
    table.call("brew_take_rest", {"actor": "Pete", "hours": 5})
    assert table.sheet("Pete")["resolve"] == 5


def test_exertion_and_weather(table):
    hero(table)
    table.call("brew_exert", {"actor": "Pete"})
    table.call("brew_exert", {"actor": "Pete"})
    assert table.conditions("Pete") == ["exhausted-2"]
    table.call("brew_endure_weather", {"actor": "Pete", "hours": 5}, faces=[1])
    assert "exposed" in table.conditions("Pete")
    r = table.call("brew_skill_roll", {"actor": "Pete", "skill": "melee"}, faces=[6, 1])
    assert r.pool == 3 + 3 - 3 - 2


# --- magic -------------------------------------------------------------------------------------------------------


def caster(table, mana=4):
    return table.put("Xuan", npc=False, attributes={"perception": 3}, magic={"healing": 3, "odds": 1}, mana=mana,
                     max_mana=4, magic_attribute="perception", tricks=["Winning Arguments"], flaws=["Thin Face"])


def test_healing_magic_on_the_table(table):
    caster(table)
    table.put("Patient", health=4)
    r = table.call("brew_cast_spell", {"actor": "Xuan", "field": "healing", "target": "Patient"}, faces=[1])
    assert r.total == 7 and r.healed == 2 and table.sheet("Patient")["health"] == 6
    assert table.sheet("Xuan")["mana"] == 3
    via = table.call("brew_treat_wounds", {"actor": "Xuan", "target": "Patient", "method": "magic"}, faces=[2])
    assert via.healed == 4 and table.sheet("Xuan")["mana"] == 2


def test_a_spells_first_line_names_the_field_it_rolls(table):
    """"Any specific spell ... collects its point pool from the Attribute that suits their type of magic ... and one
    of these fields" (brew.md#Scrying (prophecy and far-seeing/hearing), where the splitter files the fields' rule).
    Played: "Oswin rolls wits 5 alone." stood above "the caster's attribute + healing 2"."""
    from narrator.tools.phrases import say

    caster(table)
    for field, args in (("healing", {}), ("odds", {"difficulty": "easy"})):
        r = table.call("brew_cast_spell", {"actor": "Xuan", "field": field, **args}, faces=[3])
        points = {"healing": 3, "odds": 1}[field]
        assert say(r.steps[0]) == f"Xuan rolls perception 3 + {field} {points}.", say(r.steps[0])


def test_no_field_no_spell_and_no_mana_no_spell(table):
    caster(table)
    with pytest.raises(ToolArgumentError):
        table.call("brew_cast_spell", {"actor": "Xuan", "field": "movement"})
    caster(table, mana=0)
    with pytest.raises(ToolArgumentError):
        table.call("brew_cast_spell", {"actor": "Xuan", "field": "odds"})
    table.call("brew_refresh_mana", {"actor": "Xuan"})
    assert table.sheet("Xuan")["mana"] == 4


def test_a_destruction_spell_strikes(table):
    table.put("Mage", npc=False, attributes={"wits": 4}, magic={"destruction": 3}, mana=3, max_mana=3,
              tricks=["Lucky"], flaws=["Thin Face"])
    table.put("Thug", attributes={"power": 3, "precision": 2})
    r = table.call("brew_attack_target", {"attacker": "Mage", "defender": "Thug", "weapon": "spell"}, faces=[5, 1])
    assert r.defender_roll.pool == 3 and r.damage == 4 + 1 and table.sheet("Mage")["mana"] == 2


# --- solo foes -----------------------------------------------------------------------------------------------------


def test_foes_attack_the_weakest_in_reach_or_close_in(table):
    hero(table)
    table.put("Aria", npc=False, health=4, tricks=["Lucky"], flaws=["Thin Face"])
    table.put("Archer", gear=[{"name": "composite bow", "kind": "weapon", "weapon": "composite bow"}])
    table.put("Brute", gear=[{"name": "club", "kind": "weapon", "attack_type": "blunt"}])
    table.state = apply_all(table.state, [SetZones(zones=["a", "b", "c"]), Move(name="Pete", zone="a"),
                                          Move(name="Aria", zone="a"), Move(name="Archer", zone="c"),
                                          Move(name="Brute", zone="c"),
                                          SetInitiative(initiative=Initiative(active=True, round=1, order=[
                                              "Archer", "Brute", "Pete", "Aria"]))])
    assert BREW.npc_turn(table.state, "Archer") == [("brew_attack_target", {"attacker": "Archer", "defender": "Aria",
                                                                            "weapon": "composite bow"})]
    assert BREW.npc_turn(table.state, "Brute") == [("table_move", {"actor": "Brute", "zone": "b"})]


def test_carrying_and_soaking(table):
    caster(table)
    table.call("brew_carry", {"actor": "Xuan", "carried_kg": 16})
    assert table.sheet("Xuan")["laden"] is True
    table.call("brew_take_damage", {"target": "Xuan", "amount": 6, "reason": "an arrow"})
    r = table.call("brew_soak_with_healing", {"actor": "Xuan"}, faces=[1])
    assert r.pool == 3 + 3 and r.healed == 2 and table.sheet("Xuan")["health"] == 6  # no health penalty on the roll


def test_old_enemies_roll_beside_social_rolls(table):
    table.put("Rogue", npc=False, skills={"interaction": 2}, tricks=["Lucky"], flaws=["Old Enemies"])
    r = table.call("brew_skill_roll", {"actor": "Rogue", "skill": "interaction"}, faces=[3, 1])
    assert r.total == 2 + 2 + 3 and r.dice[-1].purpose == "old enemies die" and "will turn up" in steps_of(r)[-1]
    quiet = table.call("brew_skill_roll", {"actor": "Rogue", "skill": "interaction"}, faces=[3, 6])
    assert steps_of(quiet)[-1] == "Old Enemies: the extra d6 shows 6: no old enemy this time (a 1 brings one)."
    plain = table.call("brew_skill_roll", {"actor": "Rogue", "skill": "stealth"}, faces=[3])
    assert len(plain.dice) == 1


def test_a_servant_rerolls_for_free_when_serving_the_god(table):
    table.put("Servant", npc=False, character_class="servant to a martial god", skills={"melee": 2},
              class_bonuses={"melee": 2, "power": 2}, attributes={"power": 3}, resolve=0,
              tricks=["Cloak of the God's Favour"], flaws=["Bound to the God"])
    table.call("brew_skill_roll", {"actor": "Servant", "skill": "melee", "difficulty": "expert"}, faces=[3])
    r = table.call("brew_spend_resolve", {"actor": "Servant", "divine": True}, faces=[5])
    assert r.spent == "free" and table.sheet("Servant")["resolve"] == 0
    hero(table)
    table.call("brew_skill_roll", {"actor": "Pete", "skill": "stealth", "difficulty": "expert"}, faces=[3])
    with pytest.raises(ToolArgumentError):
        table.call("brew_spend_resolve", {"actor": "Pete", "divine": True})
