"""The Single-Action Roundtable: initiative by degree with the agility tie-break, contested attacks, damage, the
counter-attack die, defenders who cannot defend; and the Fearsome strike on a foe that doesn't roll."""

from __future__ import annotations

from fractions import Fraction

import pytest

from narrator.tools.errors import ToolArgumentError
from narrator.tools.phrases import steps_of


def test_initiative_compares_degrees_then_agility_then_the_gms_order(call):
    """"In the case of a tie, the character with the highest 'agility' trait (or equivalent) acts first, or the GM
    simply decides.\""""
    r = call("mastery_initiative", {"die": 6, "combatants": [
        {"name": "Ann", "trait": 0, "tie_trait": 0},      # 1 die
        {"name": "Bo", "trait": 1, "tie_trait": 1},       # 2 dice
        {"name": "Cy", "trait": 1, "tie_trait": 2},       # 2 dice
        {"name": "Di", "trait": 0, "tie_trait": 0}]},     # 1 die
        faces=[5, 4, 1, 6, 1, 2])
    # Ann 1, Bo 1, Cy 1, Di 0: Cy's agility beats Bo's beats Ann's
    assert r.order == ["Cy", "Bo", "Ann", "Di"]
    assert any("agility-like trait +2 beats +1" in s for s in steps_of(r))
    same = call("mastery_initiative", {"die": 6, "combatants": [{"name": "X", "trait": 0}, {"name": "Y", "trait": 0}]},
                faces=[4, 6])
    assert same.order == ["X", "Y"] and any("the GM decides" in s for s in steps_of(same))


ATTACK = {"die": 6, "attacker": {"name": "Tess", "trait": 2, "ability": 2},
          "defender": {"name": "Bandit", "trait": 1, "skill": 1}, "weapon": 2, "armor": 1, "defender_health": 10}


def test_the_attacker_deals_degree_plus_weapon_minus_armor(call):
    """"If the attacker wins, he or she deals damage equal to their degree of success (plus any modifier from weapon
    or armor)\": 3 successes against 1 is degree 2; +2 weapon, -1 armor: 3 boxes."""
    r = call("mastery_attack_roll", ATTACK, faces=[4, 5, 6, 1, 1, 1, 5, 2])
    assert r.attacker.successes == 3 and r.defender.successes == 1
    assert r.outcome_label == "hit" and r.degree == 2 and r.damage == 3 and r.defender_health_after == 7
    assert not r.counter_gained


def test_a_winning_defender_gains_a_single_counter_attack_die(call):
    """"If the defender wins, they gain a counter-attack advantage on their next turn of a single die.\""""
    r = call("mastery_attack_roll", ATTACK, faces=[1, 1, 1, 1, 1, 6, 6, 1])
    assert r.outcome_label == "defended" and r.damage == 0 and r.counter_gained
    back = call("mastery_attack_roll", {"die": 6, "attacker": {"name": "Bandit", "trait": 1},
                                        "defender": {"name": "Tess", "trait": 0}, "counter_attack": True},
                faces=[1, 1, 1, 1])
    assert back.attacker.pool == 3  # 1 + 1 + the counter-attack die


def test_a_tie_does_nothing(call):
    r = call("mastery_attack_roll", ATTACK, faces=[4, 1, 1, 1, 1, 4, 1, 1])
    assert r.outcome_label == "tie" and r.damage == 0 and not r.counter_gained and r.winner is None


def test_stunned_or_surprised_defenders_cannot_defend(call):
    r = call("mastery_attack_roll", {**ATTACK, "defends": "cannot"}, faces=[4, 1, 1, 1, 1])
    assert r.defender.pool == 0 and r.defender.successes == 0 and r.damage == 2  # degree 1 + 2 - 1


def test_armor_never_makes_damage_negative(call):
    r = call("mastery_attack_roll", {**ATTACK, "weapon": 0, "armor": 5}, faces=[4, 1, 1, 1, 1, 1, 1, 1])
    assert r.outcome_label == "hit" and r.damage == 0


def test_a_foe_that_does_not_roll_defends_with_its_average(call):
    r = call("mastery_attack_roll", {**ATTACK, "defends": "average",
                                     "defender": {"name": "Guardian", "trait": 2, "ability": 2, "skill": 1}},
             faces=[4, 5, 6, 4, 1])
    assert r.defender.rolled is False and r.defender.successes == 3  # 6 dice, half
    assert r.degree == 1 and r.damage == 2 and not r.counter_gained
    assert "mastery.md#Fearsome Challenges" in r.rule_refs


def test_attack_odds_and_damage_odds_are_exact(call):
    r = call("mastery_attack_roll", {"die": 6, "attacker": {"name": "A", "trait": 0},
                                     "defender": {"name": "B", "trait": 0}, "weapon": 1}, faces=[1, 1])
    assert r.odds.exact == {"-1": "1/4", "0": "1/2", "+1": "1/4"}
    assert r.damage_odds.exact == {"0": "3/4", "2": "1/4"}
    assert Fraction(r.odds.p_success).limit_denominator(4) == Fraction(1, 4)


def test_nobody_attacks_themselves(call):
    with pytest.raises(ToolArgumentError):
        call("mastery_attack_roll", {"die": 6, "attacker": {"name": "A", "trait": 0},
                                     "defender": {"name": "a", "trait": 0}})
