"""Harm and healing on the table: NPC actions, damage and wounds, treatment, recovery, rest and practice."""

from __future__ import annotations

import pytest

from narrator.tools.errors import ToolArgumentError
from narrator.tools.systems import get_system
from tests.tools.systems.fiveplus.conftest import SCAFFOLD

ARMOUR = {"name": "Leather armour", "kind": "equipment", "equipped": True, "protects": "Physical", "reduction": 1}


def test_the_dragon_burn_on_the_table(table):
    """"A dragon burns away the character's tier 1 resistance with 7 damage. The character will gain a minor burned
    wound, imposing a constant -1 penalty to all actions.\""""
    table.put("Hero", {"name": "Improvise", "kind": "skill", "level": 2},
              {"name": "Physical", "kind": "resistance", "level": 6, "tier": 1, "counter": 0})
    r = table.call("fiveplus_damage", {"target": "Hero", "amount": 7, "reason": "dragon fire",
                                       "damage_type": "burned"})
    assert r.wound_level == 1 and not r.incapacitated and r.counter_after == 1
    assert table.d("Hero", "burned").level == 1 and table.d("Hero", "burned").kind == "wound"
    check = table.call("fiveplus_attempt", {"actor": "Hero", "descriptor": "Improvise"}, faces=[2, 2])
    assert "-1 burned wound 1: −1 to all actions" in check.modifiers
    effects = get_system("fiveplus").effects("fiveplus_damage", r, None)
    assert any(e.kind == "condition_added" and "burned" in e.what for e in effects)


def test_a_wound_above_the_tier_incapacitates(table):
    table.put("Frail", *SCAFFOLD[:1], {"name": "Physical", "kind": "resistance", "level": 3, "counter": 0})
    r = table.call("fiveplus_damage", {"target": "Frail", "amount": 4, "reason": "a fall"})
    assert r.incapacitated and "incapacitated" in table.conditions("Frail") and table.d("Frail", "Physical wound").major
    with pytest.raises(ToolArgumentError) as e:
        table.call("fiveplus_attempt", {"actor": "Frail", "descriptor": "Improvise"})
    assert "incapacitated" in str(e.value)


def test_an_npc_never_rolls_the_character_defends_or_resists(table):
    table.put("Hero", *SCAFFOLD, {"name": "Shield", "kind": "skill", "level": 3}, ARMOUR)
    table.put("Orc", npc=True, rank=1, successes_to_defeat=4, actions=["smash"], ability="crushing blow")
    r = table.call("fiveplus_npc_act", {"npc": "Orc", "target": "Hero"}, faces=[3, 4])
    assert r.response == "defend" and r.success and r.harm.taken == 0
    assert r.response_check.lower == 6  # the orc's rank raises the defence's lower bound
    r = table.call("fiveplus_npc_act", {"npc": "Orc", "target": "Hero", "response": "resist"}, faces=[3, 4])
    assert r.harm.taken == 0 and table.d("Hero", "Physical").counter == 0  # 3 successes absorb the 2 damage
    r = table.call("fiveplus_npc_act", {"npc": "Orc", "target": "Hero"}, faces=[1, 3])
    assert r.ability_used and r.harm.taken == 3  # 1 + rank + crushing blow


def test_treating_the_snakebite_until_it_is_cured(table):
    table.put("Healer", *SCAFFOLD, {"name": "Medicine", "kind": "skill", "level": 4})
    table.put("Bitten", *SCAFFOLD, {"name": "Poisoned", "kind": "condition", "level": 1, "tier": 1,
                                    "penalty_from": "tier", "check_on_one": "Physical"})
    r = table.call("fiveplus_treat", {"healer": "Healer", "patient": "Bitten"}, faces=[3, 4])
    assert r.cured and table.d("Bitten", "Poisoned") is None


def test_a_permanent_condition_becomes_its_trait(table):
    table.put("Healer", *SCAFFOLD)
    table.put("Bitten", *SCAFFOLD, {"name": "Poisoned", "kind": "condition", "level": 3, "tier": 3,
                                    "penalty_from": "tier", "check_on_one": "Physical", "reset_level": 3,
                                    "permanent_tier": 4, "becomes": "Paranoid"})
    r = table.call("fiveplus_treat", {"healer": "Healer", "patient": "Bitten"}, faces=[1, 1, 6, 6])
    assert r.permanent and table.d("Bitten", "Poisoned") is None and table.d("Bitten", "Paranoid").kind == "trait"


def test_major_wounds_need_medicine_supplies_and_a_long_rest(table):
    """"Major wounds require trained medical treatment, access to adequate medical supplies and long resting.\""""
    table.put("Doc", *SCAFFOLD, {"name": "Medicine", "kind": "skill", "level": 4})
    table.put("Layman", *SCAFFOLD)
    table.put("Down", *SCAFFOLD[:1], {"name": "Physical", "kind": "resistance", "level": 3, "counter": 0})
    table.call("fiveplus_damage", {"target": "Down", "amount": 4, "reason": "a fall"})
    with pytest.raises(ToolArgumentError):
        table.call("fiveplus_treat", {"healer": "Layman", "patient": "Down", "supplies": True})
    with pytest.raises(ToolArgumentError):
        table.call("fiveplus_treat", {"healer": "Doc", "patient": "Down"})
    with pytest.raises(ToolArgumentError):
        table.call("fiveplus_treat", {"healer": "Doc", "patient": "Down", "supplies": True})
    table.call("fiveplus_rest", {"long": True})
    r = table.call("fiveplus_treat", {"healer": "Doc", "patient": "Down", "supplies": True}, faces=[3, 4])
    assert r.success and "incapacitated" not in table.conditions("Down")
    assert table.d("Down", "Physical wound") is None  # level 1 eased to 0


def test_recovery_actions_are_limited_per_rest(table):
    table.put("Tired", *SCAFFOLD[:1], {"name": "Physical", "kind": "resistance", "level": 6, "tier": 1, "counter": 5},
              {"name": "Potion", "kind": "equipment", "uses": 1})
    table.call("fiveplus_recover", {"actor": "Tired", "mode": "item", "item": "Potion", "amount": 2})
    assert table.d("Tired", "Potion") is None and table.d("Tired", "Physical").counter == 3
    table.call("fiveplus_recover", {"actor": "Tired", "mode": "automatic"})
    with pytest.raises(ToolArgumentError):
        table.call("fiveplus_recover", {"actor": "Tired", "mode": "automatic"})
    table.call("fiveplus_rest", {})
    table.call("fiveplus_recover", {"actor": "Tired", "mode": "check"}, faces=[2, 3])
    assert table.d("Tired", "Physical").counter == 0


def test_practice_during_rest(table):
    table.put("Student", *SCAFFOLD, {"name": "Sword", "kind": "skill", "level": 3, "tier": 1, "marked": True},
              {"name": "Shield", "kind": "skill", "level": 3, "tier": 2, "marked": True})
    r = table.call("fiveplus_practice", {"actor": "Student", "first": "Shield", "second": "Sword"}, faces=[5, 5])
    assert r.outcome == "improved" and table.d("Student", "Shield").level == 4
    assert not table.d("Student", "Sword").marked and not table.d("Student", "Shield").marked
    with pytest.raises(ToolArgumentError):
        table.call("fiveplus_practice", {"actor": "Student"})
