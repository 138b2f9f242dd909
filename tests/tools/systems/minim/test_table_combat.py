"""State-bound Minim combat: attacks read off the sheets (the rulebook example on a table), weapons and armor,
zones, conditions, fumbles, surprise, and starting or joining a fight."""

from __future__ import annotations

import pytest

from narrator.tools.dice import DieFlag, Roller
from narrator.tools.errors import ToolArgumentError
from narrator.tools.table import Expiry, Initiative, SetConditions, SetField, SetInitiative
from narrator.tools.phrases import steps_of, summary_of

SWORD = {"name": "sword", "kind": "weapon", "quality": 1}
TORN_LEATHER = {"name": "torn leather armor", "kind": "armor", "quality": -1}


def problems_of(excinfo) -> dict[str, str]:
    return {p.field: p.problem for p in excinfo.value.problems}


@pytest.fixture
def fight(table, hero_args):
    """The rulebook's scene: a hero (brawl 3, fight, +1 sword) and a 4-health ruffian in torn -1 leather."""
    table.call("minim_add_character", hero_args)
    table.put("Ruffian", brain=2, brawl=3, brass=4, skills=["fight"], gear=[TORN_LEATHER])
    return table


def test_rulebook_attack_example_on_the_table(fight, registry):
    # "a hero with a +1-sword versus a ruffian wearing a torn; -1 leather-armor will inflict 3 fatigue-points on a
    # success. The 4-health ruffian ... gets 2 and 4 and 6; ... so he loses only 1-health."
    r = fight.call("minim_attack_target", {"attacker": "hero", "defender": "RUFFIAN"}, faces=[3, 4, 2, 4, 6])
    pure = registry.call("minim_attack", {"trait": 3, "skill": "fight", "has_skill": True, "weapon_quality": 1,
                                          "armor_quality": -1, "defender_health": 4}, Roller.scripted([3, 4, 2, 4, 6]))
    for field in type(pure).model_fields:
        if field not in ("summary", "steps"):
            assert getattr(r, field) == getattr(pure, field), field
    assert all(s in r.steps for s in pure.steps)
    assert (r.attacker, r.defender, r.weapon, r.weapon_quality, r.armor, r.armor_quality) == (
        "Hero", "Ruffian", "sword", 1, "torn leather armor", -1)
    assert r.fatigue == 3 and r.avoided == 2 and r.damage == 1
    assert r.changes == [SetField(name="Ruffian", field="health", value=3, was=4)]
    assert fight.sheet("Ruffian")["health"] == 3
    assert summary_of(r) == "Hero attacks Ruffian (fight): Target 4: rolled 3 and 4 → +1 success; 3 fatigue, 2 avoided, 1 damage " \
                        "(health 4 → 3)"


def test_weapon_choice(fight):
    fight.put("Brute", brawl=3, gear=[{"name": "club", "kind": "weapon", "quality": -1}, SWORD,
                                      {"name": "axe", "kind": "weapon", "quality": 1},
                                      {"name": "torch", "kind": "item", "quality": -2}])
    # best quality, first listed on a tie; a critical success (2 + weapon - armor) shows the quality used
    r = fight.call("minim_attack_target", {"attacker": "Brute", "defender": "Ruffian"}, faces=[1, 1, 1, 1, 1, 1])
    assert (r.weapon, r.fatigue) == ("sword", 4)
    r = fight.call("minim_attack_target", {"attacker": "Brute", "defender": "Ruffian", "weapon": "TORCH"},
                   faces=[1, 1, 1])
    assert (r.weapon, r.weapon_quality, r.fatigue) == ("torch", -2, 1)
    with pytest.raises(ToolArgumentError) as e:
        fight.call("minim_attack_target", {"attacker": "Brute", "defender": "Ruffian", "weapon": "bow"}, faces=[])
    assert problems_of(e)["weapon"] == "unknown weapon 'bow'; known weapons: club, sword, axe, torch"
    with pytest.raises(ToolArgumentError) as e:
        fight.call("minim_attack_target", {"attacker": "Ruffian", "defender": "Hero", "weapon": "torn leather armor"},
                   faces=[])
    assert "is Ruffian's armor, not a weapon" in problems_of(e)["weapon"]


def test_bare_handed_without_a_weapon_or_when_disarmed(fight):
    r = fight.call("minim_attack_target", {"attacker": "Ruffian", "defender": "Hero"}, faces=[3, 3, 1, 1])
    assert (r.weapon, r.weapon_quality, r.armor, r.armor_quality, r.fatigue) == (
        "bare-handed or improvised", 0, None, 0, 2)  # critical success, no armor: 0 - 0 + 2
    assert "Ruffian carries no weapon: bare-handed or improvised, quality ±0." in steps_of(r)
    fight.call("table_condition", {"actor": "Hero", "condition": "disarmed"})
    r = fight.call("minim_attack_target", {"attacker": "Hero", "defender": "Ruffian"}, faces=[5, 4])
    assert r.weapon_quality == 0 and any("Hero is disarmed" in s for s in steps_of(r))


def test_attack_conditions_defending_and_fallen(fight):
    fight.call("table_condition", {"actor": "Ruffian", "condition": "defending"})
    fight.call("table_condition", {"actor": "Hero", "condition": "fallen"})
    r = fight.call("minim_attack_target", {"attacker": "Hero", "defender": "Ruffian"}, faces=[2, 2, 5, 6, 6, 6])
    assert r.target == 3 and r.outcome == 2  # brawl 3 + fight 1 - fallen 1
    assert r.fatigue == 4 and r.avoidance_threshold == 5 and r.avoided == 1  # health 4 + 1 for only defending
    assert "Ruffian is only defending: +1 to health-rolls." in steps_of(r)
    assert "minim.md#Fumbles" in r.rule_refs


def test_attack_spends_faith_and_refuses_at_zero(fight):
    r = fight.call("minim_attack_target", {"attacker": "Hero", "defender": "Ruffian", "faith": True},
                   faces=[6, 6, 3, 4])
    assert r.target == 5 and r.outcome == -2
    assert r.changes[0] == SetField(name="Hero", field="faith", value=1, was=2)
    fight.call("table_edit_character", {"actor": "Hero", "set": {"faith": 0}})
    with pytest.raises(ToolArgumentError) as e:
        fight.call("minim_attack_target", {"attacker": "Hero", "defender": "Ruffian", "faith": True}, faces=[])
    assert "Hero has 0 faith" in problems_of(e)["faith"]


def test_attack_refusals(fight):
    with pytest.raises(ToolArgumentError) as e:
        fight.call("minim_attack_target", {"attacker": "Hero", "defender": "hero"}, faces=[])
    assert "cannot attack themselves" in problems_of(e)["defender"]
    fight.call("minim_damage", {"target": "Ruffian", "amount": 4, "reason": "x"})
    with pytest.raises(ToolArgumentError) as e:
        fight.call("minim_attack_target", {"attacker": "Hero", "defender": "Ruffian"}, faces=[])
    assert "already unconscious" in problems_of(e)["defender"]
    with pytest.raises(ToolArgumentError) as e:
        fight.call("minim_attack_target", {"attacker": "Ruffian", "defender": "Hero"}, faces=[])
    assert "Ruffian cannot act: unconscious (no health left)" in problems_of(e)["attacker"]
    with pytest.raises(ToolArgumentError) as e:
        fight.call("minim_attack_target", {"attacker": "Hero", "defender": "Ruffian", "skill": "magic"})
    assert e.value.tool == "minim_attack_target" and "skill" in problems_of(e)


def test_knockout_marks_unconscious(fight):
    fight.put("Rat", brain=1, brawl=2, brass=1)
    r = fight.call("minim_attack_target", {"attacker": "Hero", "defender": "Rat"}, faces=[1, 4, 2, 2])
    assert r.damage == 2 and r.defender_health_after == 0 and r.unconscious
    assert r.changes == [SetField(name="Rat", field="health", value=0, was=1),
                         SetConditions(name="Rat", conditions=["unconscious"])]
    assert r.conditions_added == {"Rat": ["unconscious"]}


@pytest.mark.parametrize("attack_faces,fumble,victim,conditions", [
    ([4, 4], [6, 6], "target", {"Ruffian": ["stunned"]}),  # neutral: the target fumbles, 12 Stunned
    ([6, 6], [5, 6], "attacker", {"Hero": ["fallen"]}),  # critical failure: the attacker, 11 Falls
    ([4, 4], [4, 6], "target", {"Ruffian": ["disarmed"]}),
    ([4, 4], [4, 5], "target", {"Ruffian": ["shaken"]}),
    ([4, 4], [3, 1], "target", {"Ruffian": ["disabled"]}),
    ([4, 4], [1, 2], "target", {"Ruffian": ["pinned"]}),
    ([6, 6], [1, 1], "attacker", {"Hero": ["grappled"], "Ruffian": ["grappled"]}),
    ([4, 4], [3, 4], "target", {}),  # 7: interacts with environment, no condition
    ([4, 4], [2, 3], "target", {}),  # 5: dodge
])
def test_fumbles_leave_conditions(fight, attack_faces, fumble, victim, conditions):
    r = fight.call("minim_attack_target", {"attacker": "Hero", "defender": "Ruffian"}, faces=attack_faces + fumble)
    assert r.fumble.victim == victim and r.damage == 0
    assert r.conditions_added == conditions
    assert {n: fight.conditions(n) for n in ("Hero", "Ruffian") if fight.conditions(n)} == conditions
    assert all(isinstance(c, SetConditions) for c in r.changes)


# --- zones -------------------------------------------------------------------------------------------------------


@pytest.fixture
def zoned(fight):
    fight.put("Archer", brawl=3, skills=["fire"], gear=[{"name": "bow", "kind": "weapon", "quality": 0}])
    fight.call("table_set_zones", {"zones": ["gate", "yard", "tower"]})
    for name, zone in (("Hero", "gate"), ("Ruffian", "gate"), ("Archer", "yard")):
        fight.call("table_move", {"actor": name, "zone": zone})
    return fight


def test_same_zone_is_plain(zoned):
    r = zoned.call("minim_attack_target", {"attacker": "Hero", "defender": "Ruffian"}, faces=[5, 4])
    assert r.adjacent_zone is False and r.target == 4 and "Zones: both in gate." in steps_of(r)


def test_adjacent_zone_fire_is_minus_one_and_fight_is_refused(zoned):
    r = zoned.call("minim_attack_target", {"attacker": "Archer", "defender": "Hero", "skill": "fire"}, faces=[4, 3])
    assert r.adjacent_zone is True and r.target == 3  # brawl 3 + fire 1 - 1 adjacent
    assert "minim.md#Zones" in r.rule_refs
    r = zoned.call("minim_attack_target", {"attacker": "Archer", "defender": "Hero", "skill": "sports", "aim": True},
                   faces=[2, 3])
    assert r.target == 2  # brawl 3 - 1 (lacks sports) + 1 aim - 1 adjacent
    with pytest.raises(ToolArgumentError) as e:
        zoned.call("minim_attack_target", {"attacker": "Archer", "defender": "Hero"}, faces=[])
    assert "close combat (fight) only reaches the same zone" in problems_of(e)["skill"]


def test_two_zones_away_is_out_of_range_and_unknown_positions_are_plain(zoned):
    zoned.call("table_move", {"actor": "Archer", "zone": "tower"})
    with pytest.raises(ToolArgumentError) as e:
        zoned.call("minim_attack_target", {"attacker": "Archer", "defender": "Hero", "skill": "fire"}, faces=[])
    assert problems_of(e)["defender"].startswith("Hero is out of range: gate is 2 zones from Archer's zone tower")
    zoned.put("Ghost")
    r = zoned.call("minim_attack_target", {"attacker": "Ghost", "defender": "Archer"}, faces=[2, 3])
    assert r.adjacent_zone is False and "Zones: a position is unknown, so no zone modifier applies." in steps_of(r)


# --- surprise ----------------------------------------------------------------------------------------------------


def test_surprise_then_attack_uses_the_off_guard_penalty(fight, registry):
    # Ruffian: brass 4, no perception (-1): target 3; rolls 6 and 5 -> critical failure: cannot act, -2
    # Hero: brass 4 + perception: target 5; rolls 1 and 2 -> can act
    r = fight.call("minim_surprise_check", {"actors": ["Ruffian", "hero"]}, faces=[6, 5, 1, 2])
    assert r.actors == ["Ruffian", "Hero"]
    ruffian, hero = r.entries
    pure = registry.call("minim_surprise", {"trait": 4, "has_skill": False}, Roller.scripted([6, 5]))
    assert ruffian.result == pure and ruffian.conditions == ["surprised", "off-guard-2"]
    assert hero.result.can_act and hero.conditions == []
    assert [d.face for d in r.dice] == [6, 5, 1, 2]
    first_round = Expiry(ends="end_of_round", of="Ruffian", since=(0, 0))
    assert r.changes == [SetConditions(name="Ruffian", conditions=["surprised", "off-guard-2"],
                                       expiry={"surprised": first_round, "off-guard-2": first_round})]
    # the rulebook attack again: avoidance at health 4 - 2 = 2, so 2 avoids, 4 and 6 do not
    a = fight.call("minim_attack_target", {"attacker": "Hero", "defender": "Ruffian"}, faces=[3, 4, 2, 4, 6])
    assert a.avoidance_threshold == 2 and a.avoided == 1 and a.damage == 2
    assert "minim.md#Initiative" in a.rule_refs


def test_surprise_ends_with_the_first_round(fight):
    """"A surprised-character cannot-act on the first round of battle unless it passes a perception-test ...
    failures will also make-him unable to defend": both end when the first round does, without anyone removing
    them."""
    fight.call("minim_surprise_check", {"actors": ["Ruffian"]}, faces=[6, 6])
    assert fight.conditions("Ruffian") == ["surprised", "off-guard-2"]
    start = fight.call("minim_start_combat", {}, faces=[2, 2, 1, 1])  # Hero brain 2: 2+2; Ruffian brain 2: 1+1
    assert "Surprised, cannot act on round 1: Ruffian" in steps_of(start)[-1]
    a = fight.call("minim_attack_target", {"attacker": "Hero", "defender": "Ruffian"}, faces=[3, 4, 2, 4, 6])
    assert a.avoidance_threshold == 2  # round 1: health 4 - 2
    fight.call("table_next_turn", {})  # Ruffian's turn passes: it cannot act, nor move
    with pytest.raises(ToolArgumentError) as e:
        fight.call("minim_attack_target", {"attacker": "Ruffian", "defender": "Hero"}, faces=[])
    assert "Ruffian cannot act: surprised (cannot act on the first round) until the end of the round" in str(e.value)
    nt = fight.call("table_next_turn", {})
    assert fight.state.initiative.round == 2 and fight.conditions("Ruffian") == []
    assert "Ruffian is no longer surprised." in steps_of(nt) and "Ruffian is no longer off-guard-2." in steps_of(nt)
    a = fight.call("minim_attack_target", {"attacker": "Hero", "defender": "Ruffian"}, faces=[3, 4, 2, 2, 3])
    assert a.avoidance_threshold == 2  # health 2 now, no penalty any more
    assert not any("cannot defend" in s for s in steps_of(a))


def test_surprise_replaces_old_surprise_conditions(fight):
    fight.call("minim_surprise_check", {"actors": ["Ruffian"]}, faces=[6, 6])
    fight.call("table_condition", {"actor": "Ruffian", "condition": "defending"})
    r = fight.call("minim_surprise_check", {"actors": ["Ruffian"]}, faces=[1, 1])
    assert r.entries[0].conditions == [] and fight.conditions("Ruffian") == ["defending"]
    with pytest.raises(ToolArgumentError) as e:
        fight.call("minim_surprise_check", {"actors": ["Hero", "hero"]})
    assert "repeated" in str(e.value)


# --- initiative --------------------------------------------------------------------------------------------------


def test_start_combat_rolls_brain_dice_from_the_sheets(fight, registry):
    fight.put("Sage", brain=4, brawl=1, brass=2)
    fight.put("Corpse", health=0)
    r = fight.call("minim_start_combat", {}, faces=[1, 2, 3, 3, 6, 6, 6, 6])
    # Hero brain 2: 1+2=3; Ruffian brain 2: 3+3=6; Sage brain 4: 24; Corpse is at 0 health and stays out
    combatants = [{"name": "Hero", "brain": 2}, {"name": "Ruffian", "brain": 2}, {"name": "Sage", "brain": 4}]
    pure = registry.call("minim_initiative", {"combatants": combatants}, Roller.scripted([1, 2, 3, 3, 6, 6, 6, 6]))
    assert r.order == pure.order == ["Sage", "Ruffian", "Hero"] and r.entries == pure.entries
    ini = Initiative(active=True, round=1, turn=0, order=["Sage", "Ruffian", "Hero"],
                     totals={"Sage": 24, "Ruffian": 6, "Hero": 3})
    assert r.initiative == ini and r.changes == [SetInitiative(initiative=ini)]
    assert fight.state.initiative.current == "Sage"
    with pytest.raises(ToolArgumentError) as e:
        fight.call("minim_start_combat", {}, faces=[])
    assert "combat is already running" in problems_of(e)["(state)"]


def test_start_combat_with_named_combatants(fight):
    fight.put("Corpse", health=0)
    r = fight.call("minim_start_combat", {"combatants": ["ruffian"]}, faces=[1, 1])
    assert r.order == ["Ruffian"]
    fight.call("table_end_combat", {})
    with pytest.raises(ToolArgumentError) as e:
        fight.call("minim_start_combat", {"combatants": ["Hero", "Corpse"]}, faces=[])
    assert "Corpse is unconscious" in problems_of(e)["combatants.1"]


def test_join_combat_places_by_total_and_rerolls_ties(fight):
    """"Rolling a number of dice equal to their brain-score and adding the result, rerolling ties": joining a
    running fight rerolls a tie as starting one does, and the order of those already placed never changes."""
    with pytest.raises(ToolArgumentError) as e:
        fight.call("minim_join_combat", {"actor": "Hero"})
    assert "no combat is running" in str(e.value)
    fight.put("Sage", brain=4)
    fight.put("Imp", brain=1)
    fight.call("minim_start_combat", {"combatants": ["Hero", "Ruffian", "Sage"]}, faces=[3, 3, 1, 1, 2, 2, 2, 2])
    assert fight.state.initiative.order == ["Sage", "Hero", "Ruffian"]  # 8, 6, 2
    fight.call("table_next_turn", {})  # Hero's turn
    # Imp rolls 6, tying Hero: they reroll — Hero (brain 2) 1 + 1 = 2, Imp (brain 1) 5: Imp goes before Hero
    r = fight.call("minim_join_combat", {"actor": "imp"}, faces=[6, 1, 1, 5])
    assert (r.actor, r.total, r.position) == ("Imp", 6, 2) and r.reroll_rounds == 1
    assert r.initiative.order == ["Sage", "Imp", "Hero", "Ruffian"] and r.initiative.current == "Hero"
    assert [d.face for d in r.dice] == [6, 1, 1, 5] and r.dice[0].has(DieFlag.REROLLED)
    assert any("Tie at 6 with Hero: they reroll" in s and "Imp goes before Hero" in s for s in steps_of(r))
    assert any("first acts in round 2" in s for s in steps_of(r))
    # Bat rolls 6 too: tied with Imp and Hero, rerolls against each in their settled order until it wins
    fight.put("Bat", brain=1)
    r = fight.call("minim_join_combat", {"actor": "Bat"}, faces=[6, 4, 2, 3, 3, 6, 1, 1, 5])
    # vs Imp: Imp 4, Bat 2 -> Imp stays ahead; vs Hero: Hero 3 + 3 = 6, Bat 6, a tie again: Hero 1 + 1, Bat 5
    assert r.initiative.order == ["Sage", "Imp", "Bat", "Hero", "Ruffian"]  # Imp before Hero, as settled
    assert r.position == 3 and r.reroll_rounds == 3 and r.initiative.current == "Hero"
    assert any("Imp stays ahead" in s for s in steps_of(r)) and any("Bat goes before Hero" in s for s in steps_of(r))
    fight.put("Owl", brain=5)
    r = fight.call("minim_join_combat", {"actor": "Owl"}, faces=[6, 6, 6, 6, 6])
    assert r.position == 1 and r.initiative.current == "Hero" and r.reroll_rounds == 0
    with pytest.raises(ToolArgumentError) as e:
        fight.call("minim_join_combat", {"actor": "owl"}, faces=[])
    assert "already in the initiative order (position 1)" in problems_of(e)["actor"]


def test_join_combat_without_a_tie_goes_by_total(fight):
    fight.put("Imp", brain=1)
    fight.call("minim_start_combat", {"combatants": ["Hero", "Ruffian"]}, faces=[3, 3, 1, 1])  # 6, 2
    r = fight.call("minim_join_combat", {"actor": "Imp"}, faces=[4])
    assert r.initiative.order == ["Hero", "Imp", "Ruffian"] and r.reroll_rounds == 0 and r.position == 2


# --- conditions the engine applies and the turn order ends (issue 17) ----------------------------------------------


@pytest.fixture
def duel(fight):
    """Hero (brain 2) then Ruffian (brain 2) in round 1, both at the gate of a gate–yard map."""
    fight.call("table_set_zones", {"zones": ["gate", "yard"]})
    fight.call("table_move", {"actor": "Hero", "zone": "gate"})
    fight.call("table_move", {"actor": "Ruffian", "zone": "gate"})
    fight.call("minim_start_combat", {}, faces=[3, 3, 1, 1])  # Hero 6, Ruffian 2
    assert fight.state.initiative.order == ["Hero", "Ruffian"]
    return fight


def test_defending_expires_at_the_defenders_next_turn(duel):
    """"A character that only-defends gains +1 to health-rolls until next-turn": defending is the turn's one action,
    it counts on the attacks before the defender's next turn, and it ends as that turn begins."""
    r = duel.call("minim_defend", {"actor": "Hero"})
    assert duel.conditions("Hero") == ["defending"] and r.rule_refs == ["minim.md#Attacks"]
    assert "until the start of Hero's next turn" in steps_of(r)[-1]
    with pytest.raises(ToolArgumentError) as e:  # defending was the action
        duel.call("minim_attack_target", {"attacker": "Hero", "defender": "Ruffian"}, faces=[])
    assert "already taken 1 action" in str(e.value)
    duel.call("table_next_turn", {})
    a = duel.call("minim_attack_target", {"attacker": "Ruffian", "defender": "Hero"}, faces=[1, 2, 5, 6])
    assert a.avoidance_threshold == 5  # Hero's health 4, +1 for only defending
    nt = duel.call("table_next_turn", {})  # round 2: Hero's turn begins
    assert "Hero is no longer defending." in steps_of(nt) and duel.conditions("Hero") == []
    duel.call("table_next_turn", {})
    a = duel.call("minim_attack_target", {"attacker": "Ruffian", "defender": "Hero"}, faces=[1, 2, 5, 6])
    assert a.avoidance_threshold == a.defender_health_before  # no +1 three turns later


def test_defending_set_by_hand_expires_the_same_way(duel):
    duel.call("table_condition", {"actor": "Hero", "condition": "defending"})
    duel.call("table_next_turn", {})
    assert duel.conditions("Hero") == ["defending"]
    duel.call("table_next_turn", {})
    assert duel.conditions("Hero") == []


FUMBLE_FACES = {"stunned": [6, 6], "fallen": [5, 6], "shaken": [4, 5], "disabled": [3, 1], "pinned": [1, 2]}


def fumble(duel, condition):
    """Hero's neutral attack (4, 4 against target 4) fumbles Ruffian with the table's effect."""
    r = duel.call("minim_attack_target", {"attacker": "Hero", "defender": "Ruffian"},
                  faces=[4, 4, *FUMBLE_FACES[condition]])
    assert r.conditions_added == {"Ruffian": [condition]}
    return r


@pytest.mark.parametrize("condition,acts,moves", [("stunned", False, False), ("disabled", False, True),
                                                  ("pinned", True, False), ("fallen", True, True)])
def test_every_fumble_condition_bites_on_the_next_turn_and_then_expires(duel, condition, acts, moves):
    """"Stunned, cannot act next-turn"; "Disabled, can-not act but can-move next-turn"; "Pinned, can-not move but
    can-act next-turn"; "Falls, -1 penalty to all-actions" — the table refuses what they forbid, the -1 lands on
    the target, and each ends with the victim's next turn."""
    r = fumble(duel, condition)
    assert f"Ruffian is now {condition}" in steps_of(r)[-1] and "until the end of Ruffian's next turn" in steps_of(r)[-1]
    duel.call("table_next_turn", {})  # Ruffian's turn
    if acts:
        c = duel.call("minim_check", {"actor": "Ruffian", "skill": "fight"}, faces=[1, 1], apply=False)
        assert c.target == (3 if condition == "fallen" else 4)  # brawl 3 + fight 1, -1 when fallen
    else:
        with pytest.raises(ToolArgumentError) as e:
            duel.call("minim_check", {"actor": "Ruffian", "skill": "fight"}, faces=[])
        assert f"Ruffian cannot act: {condition}" in str(e.value)
    if moves:
        duel.call("table_move", {"actor": "Ruffian", "zone": "yard"}, apply=False)
    else:
        with pytest.raises(ToolArgumentError) as e:
            duel.call("table_move", {"actor": "Ruffian", "zone": "yard"})
        assert f"Ruffian cannot move: {condition}" in str(e.value)
    nt = duel.call("table_next_turn", {})  # Ruffian's turn ends: round 2, Hero
    assert f"Ruffian is no longer {condition}." in steps_of(nt) and duel.conditions("Ruffian") == []
    duel.call("table_next_turn", {})
    duel.call("minim_check", {"actor": "Ruffian", "skill": "fight"}, faces=[4, 4])  # free again: target 4, no -1


def test_a_pinned_move_is_refused(duel):
    """"Pinned, can-not move but can-act next-turn"."""
    fumble(duel, "pinned")
    duel.call("table_next_turn", {})
    with pytest.raises(ToolArgumentError) as e:
        duel.call("table_move", {"actor": "Ruffian", "zone": "yard"})
    assert e.value.tool == "table_move"
    assert "Ruffian cannot move: pinned (cannot move but can act next turn)" in str(e.value)
    assert duel.state.positions["Ruffian"] == "gate"


def test_a_condition_from_the_victims_own_turn_lasts_through_its_next_turn(duel):
    # Hero critically fails on his own turn and falls (11): his *next* turn still carries the -1
    r = duel.call("minim_attack_target", {"attacker": "Hero", "defender": "Ruffian"}, faces=[6, 6, 5, 6])
    assert r.conditions_added == {"Hero": ["fallen"]}
    duel.call("table_next_turn", {})
    duel.call("table_next_turn", {})  # round 2, Hero's turn: still fallen
    assert duel.conditions("Hero") == ["fallen"]
    c = duel.call("minim_check", {"actor": "Hero", "skill": "fight"}, faces=[1, 1])
    assert c.target == 3 and "minim.md#Fumbles" in c.rule_refs
    duel.call("table_next_turn", {})
    assert duel.conditions("Hero") == []


@pytest.mark.parametrize("faces,passed", [([1, 1], True), ([2, 3], False), ([6, 6], False)])
def test_shaken_tests_brain_or_loses_the_next_action(duel, faces, passed):
    """"Shaken, pass a brain-test or lose next action": at the start of Ruffian's next turn, brain 2 (no skill);
    a success keeps the action, a neutral or a failure loses it. The condition is gone either way."""
    fumble(duel, "shaken")
    nt = duel.call("table_next_turn", {}, faces=faces)
    assert [d.face for d in nt.dice] == faces and nt.current == "Ruffian"
    assert duel.conditions("Ruffian") == []
    assert "minim.md#Fumbles" in nt.rule_refs
    if passed:
        assert "Passed: Ruffian shakes it off and acts normally." in steps_of(nt)
        duel.call("minim_check", {"actor": "Ruffian", "skill": "fight"}, faces=[4, 4])
    else:
        assert any("Ruffian loses this turn's action" in s for s in steps_of(nt))
        with pytest.raises(ToolArgumentError) as e:
            duel.call("minim_check", {"actor": "Ruffian", "skill": "fight"}, faces=[])
        assert "already taken 1 action" in str(e.value)
    duel.call("table_next_turn", {})
    assert duel.state.initiative.current == "Hero"


def test_the_engine_decides_not_the_narrator(duel):
    fumble(duel, "stunned")
    duel.call("table_next_turn", {})
    with pytest.raises(ToolArgumentError) as e:
        duel.call("minim_attack_target", {"attacker": "Ruffian", "defender": "Hero"}, faces=[])
    assert "until the end of Ruffian's next turn" in str(e.value)
    duel.call("table_next_turn", {})
    r = duel.call("minim_check", {"actor": "Hero", "skill": "fight"}, faces=[4, 4])
    assert not any(s.startswith("Note:") or "the narrator decides" in s for s in steps_of(r))


# --- zones are a map ---------------------------------------------------------------------------------------------

CLUB = {"zones": ["entrance", "dance floor", "bar", "lounge", "street"],
        "links": [["entrance", "dance floor"], ["dance floor", "bar"], ["dance floor", "lounge"], ["bar", "lounge"]]}


@pytest.fixture
def club(fight):
    """"A night-club could have: an entrance; dance-floor; bar; lounge": the dance floor borders the three others,
    bar and lounge border each other, and the street outside borders nothing yet."""
    fight.put("Archer", brawl=3, skills=["fire"], gear=[{"name": "bow", "kind": "weapon", "quality": 0}])
    fight.put("Bystander", brass=2)
    fight.call("table_set_zones", CLUB)
    for name, zone in (("Hero", "entrance"), ("Ruffian", "dance floor"), ("Archer", "lounge"),
                       ("Bystander", "dance floor")):
        fight.call("table_move", {"actor": name, "zone": zone})
    return fight


def test_a_branching_map_decides_reach_not_the_order_of_the_list(club):
    """"Firing projectiles or throwing objects to an adjacent-zone incurs a -1 penalty": the lounge is listed two
    places after the dance floor but borders it."""
    r = club.call("minim_attack_target", {"attacker": "Archer", "defender": "Ruffian", "skill": "fire"},
                  faces=[3, 4])
    assert r.adjacent_zone is True and r.target == 3  # brawl 3 + fire 1 - 1 adjacent
    with pytest.raises(ToolArgumentError) as e:
        club.call("minim_attack_target", {"attacker": "Archer", "defender": "Hero", "skill": "fire"}, faces=[])
    problem = problems_of(e)["defender"]
    assert problem.startswith("Hero is out of range: entrance is 2 zones from Archer's zone lounge")
    assert "lounge → dance floor → entrance" in problem and "silent on farther ones" in problem
    club.call("table_move", {"actor": "Archer", "zone": "bar"})
    with pytest.raises(ToolArgumentError) as e:
        club.call("minim_attack_target", {"attacker": "Archer", "defender": "Hero", "skill": "fire"}, faces=[])
    assert "2 zones" in problems_of(e)["defender"]
    club.put("Drunk")
    club.call("table_move", {"actor": "Drunk", "zone": "street"})
    with pytest.raises(ToolArgumentError) as e:
        club.call("minim_attack_target", {"attacker": "Drunk", "defender": "Hero", "skill": "sports"}, faces=[])
    assert "no chain of bordering zones" in problems_of(e)["defender"]


def test_in_combat_moving_between_adjacent_zones_takes_a_turn(club):
    """"Moving between adjacent-zones takes a turn": one bordering zone per turn, and the move is the action."""
    club.call("minim_start_combat", {"combatants": ["Hero", "Ruffian"]}, faces=[3, 3, 1, 1])
    with pytest.raises(ToolArgumentError) as e:
        club.call("table_move", {"actor": "Hero", "zone": "lounge"})
    assert "move to dance floor first" in str(e.value)
    club.call("table_move", {"actor": "Hero", "zone": "dance floor"})
    with pytest.raises(ToolArgumentError) as e:
        club.call("table_move", {"actor": "Hero", "zone": "lounge"})
    assert "already taken 1 action" in str(e.value)


def test_an_area_effect_hits_friend_foe_and_neutral_alike(club):
    """"Area-effects (such as a storm-spell or a machine-gun salvo) affect all in a zone, whether they be friend; foe
    or neutral"; "those that affect all-targets in an area deal 1 point of fatigue" — each avoids with a
    health-roll as from an attack."""
    club.call("table_move", {"actor": "Hero", "zone": "dance floor"})
    r = club.call("minim_area_effect", {"zone": "Dance Floor", "source": "a storm spell"}, faces=[6, 2, 3])
    assert r.zone == "dance floor" and r.affected == ["Hero", "Ruffian", "Bystander"]  # not the Archer
    assert [(h.name, h.avoidance_threshold, h.avoided, h.damage) for h in r.hits] == [
        ("Hero", 4, 0, 1), ("Ruffian", 4, 1, 0), ("Bystander", 2, 0, 1)]
    assert club.sheet("Hero")["health"] == 3 and club.sheet("Bystander")["health"] == 1
    assert club.sheet("Archer")["health"] == 4
    assert [d.face for d in r.dice] == [6, 2, 3]
    assert set(r.rule_refs) >= {"minim.md#Zones", "minim.md#Powers", "minim.md#Attacks"}
    r = club.call("minim_area_effect", {"zone": "dance floor", "fatigue": 2, "avoidable": False,
                                        "condition": "fallen", "source": "a collapsing floor"}, faces=[])
    assert [h.damage for h in r.hits] == [2, 2, 2] and r.dice == []
    assert club.sheet("Bystander")["health"] == 0 and "unconscious" in club.conditions("Bystander")
    assert all("fallen" in club.conditions(n) for n in ("Hero", "Ruffian", "Bystander"))
    r = club.call("minim_area_effect", {"zone": "dance floor"}, faces=[1, 1])
    assert "Bystander is already unconscious: nothing more happens to them." in steps_of(r)
    with pytest.raises(ToolArgumentError) as e:
        club.call("minim_area_effect", {"zone": "dance floor", "fatigue": 0})
    assert "fatigue, leaves a condition, or both" in str(e.value)
    with pytest.raises(ToolArgumentError) as e:
        club.call("minim_area_effect", {"zone": "dance floor", "condition": "on fire"})
    assert "unknown condition 'on fire'" in str(e.value)


def test_leaving_the_zone_dodges_the_area_effect(club):
    club.call("table_move", {"actor": "Bystander", "zone": "bar"})  # "for allies to dodge an incoming area-effect"
    r = club.call("minim_area_effect", {"zone": "dance floor"}, faces=[1])
    assert r.affected == ["Ruffian"]
