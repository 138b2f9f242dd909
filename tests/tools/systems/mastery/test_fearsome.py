"""Fearsome Challenges: the book's spiked pit and tomb guardian, verbatim, and the humanoid foe that doesn't roll."""

from __future__ import annotations

from fractions import Fraction

import pytest

from narrator.tools.errors import ToolArgumentError
from narrator.tools.phrases import steps_of

PIT = {"die": 6, "hazard": "spiked pit", "trait": 1, "ability": 2, "tn": "Difficult", "needed": 2, "damage": 4,
       "health": 10, "trait_name": "agility", "ability_name": "athletics"}


def test_the_spiked_pit_two_successes_at_difficult_clears_it(call):
    """"Jumping across the pit might take two successes against a difficult target number, with failure dealing 4
    health boxes of damage" — an explorer rolling 4 dice gets 5 and 6: two successes, no boxes marked."""
    r = call("mastery_hazard", PIT, faces=[5, 6, 2, 1])
    assert r.tn == 5 and r.needed == 2 and r.successes == 2
    assert r.success is True and r.damage == 0 and r.health_after == 10
    assert "mastery.md#Fearsome Challenges" in r.rule_refs


def test_the_spiked_pit_failure_deals_4_health_boxes(call):
    """"... with failure dealing 4 health boxes of damage": one success of the two needed marks 4 of 10 boxes."""
    r = call("mastery_hazard", PIT, faces=[5, 4, 2, 1])
    assert r.successes == 1 and r.success is False
    assert r.damage == 4 and r.health_before == 10 and r.health_after == 6 and not r.down
    assert any("4 health boxes are marked" in s for s in steps_of(r))


def test_the_pit_damage_odds_are_exact(call):
    r = call("mastery_hazard", PIT, faces=[1, 1, 1, 1])
    p = Fraction(1, 3)  # 5 or 6 on a d6
    clear = 1 - (1 - p) ** 4 - 4 * p * (1 - p) ** 3
    assert r.damage_odds.exact == {"0": f"{clear.numerator}/{clear.denominator}",
                                   "4": f"{(1 - clear).numerator}/{(1 - clear).denominator}"}


def test_the_tomb_guardian_swing_forces_a_challenge_to_block_or_move(call):
    """"it swings it's hammer at a single character, forcing a challenge to either block or move with failure
    meaning the victim takes 4 health boxes of damage" — no success: 4 boxes."""
    args = {"die": 6, "hazard": "the tomb guardian's hammer", "trait": 2, "skill": 1, "needed": 1, "damage": 4,
            "health": 3, "trait_name": "agility", "skill_name": "dodging"}
    r = call("mastery_hazard", args, faces=[3, 2, 1, 1])
    assert r.success is False and r.damage == 4 and r.health_after == 0 and r.down is True
    assert any("coma or dies" in s for s in steps_of(r))
    moved = call("mastery_hazard", args, faces=[3, 4, 1, 1])
    assert moved.success is True and moved.damage == 0


def test_a_humanoid_foe_that_does_not_roll_needs_half_its_pool(call):
    """"To determine the number of successes to dodge the attack of a humanoid opponent, just assume that they
    roll all average ... their degree of success = half their dice pool": a 6-dice bandit needs 3."""
    r = call("mastery_hazard", {"die": 6, "hazard": "bandit's sabre", "trait": 1, "ability": 2, "damage": 2,
                                "foe_pool": 6}, faces=[4, 4, 4, 1])
    assert r.needed == 3 and r.success is True
    small = call("mastery_hazard", {"die": 6, "hazard": "rat", "trait": 0, "damage": 1, "foe_pool": 1}, faces=[1])
    assert small.needed == 1  # half of one die is 0: a challenge still needs at least one success


def test_needed_and_foe_pool_are_exclusive(call):
    with pytest.raises(ToolArgumentError):
        call("mastery_hazard", {"die": 6, "trait": 0, "damage": 1, "needed": 2, "foe_pool": 4})
