"""Bloodbath: the four natures of a round — independent non-challenge, independent challenge, conflicting
challenge, asynchronous — from the book's own examples."""

from __future__ import annotations

import pytest

from narrator.tools.errors import ToolArgumentError


def fighter(name, action, target=None, trait=0, **more):
    return {"name": name, "action": action, **({"target": target} if target else {}), "trait": trait, **more}


def test_two_characters_running_away_from_each_other_roll_nothing(call):
    """"Independent Non-Challenge: ... two characters that run away from each other. No rolls are made, and both
    characters successfully withdraw.\""""
    r = call("mastery_bloodbath", {"die": 6, "fighters": [fighter("Ann", "flee"), fighter("Bo", "flee")]}, faces=[])
    assert r.dice == [] and all(f.withdrew for f in r.fighters)
    assert {e.nature for e in r.exchanges} == {"independent non-challenge"}


def test_two_characters_attacking_each_other_can_kill_each_other(call):
    """"Independent Challenge: ... two characters that attack each other. Each character rolls a solo challenge to
    hit and deals their raw successes as damage to their opponent (plus any modifier from weapon or armor). This can
    mean that both characters kill each other.\""""
    r = call("mastery_bloodbath", {"die": 6, "fighters": [
        fighter("Ann", "attack", "Bo", trait=2, weapon=1, health=2),
        fighter("Bo", "attack", "Ann", trait=2, armor=1, health=2)]}, faces=[4, 5, 6, 6, 6, 1])
    ann, bo = r.fighters
    assert ann.successes == 3 and bo.successes == 2
    assert bo.damage_taken == 3  # 3 raw + 1 weapon - 1 armor
    assert ann.damage_taken == 2
    assert ann.down and bo.down  # both go down: damage is marked after every roll
    assert {e.nature for e in r.exchanges} == {"independent challenge"}


def test_attacking_a_defender_is_opposed_and_only_the_victor_acts(call):
    """"Conflicting Challenge: ... a character that attacks a defending or fleeing character. The action is made as
    an opposed challenge, where the victor is the only one to have their action take effect, and their degree of
    success is the difference between the rolls.\""""
    r = call("mastery_bloodbath", {"die": 6, "fighters": [
        fighter("Ann", "attack", "Bo", trait=2, weapon=1, health=10),
        fighter("Bo", "defend", trait=1, health=10)]}, faces=[4, 5, 6, 4, 1])
    e = r.exchanges[0]
    assert e.nature == "conflicting challenge" and e.actor_successes == 3 and e.against_successes == 1
    assert e.winner == "Ann" and e.damage == 3  # degree 2 + weapon 1
    held = call("mastery_bloodbath", {"die": 6, "fighters": [
        fighter("Ann", "attack", "Bo", trait=0), fighter("Bo", "flee", trait=1)]}, faces=[2, 5, 1])
    assert held.exchanges[0].winner == "Bo" and held.fighters[1].withdrew and held.fighters[1].damage_taken == 0


def test_a_tied_flight_does_not_get_away(call):
    r = call("mastery_bloodbath", {"die": 6, "fighters": [
        fighter("Ann", "attack", "Bo"), fighter("Bo", "flee")]}, faces=[5, 6])
    assert r.exchanges[0].winner is None and not r.fighters[1].withdrew and r.fighters[1].damage_taken == 0


def test_attacking_someone_who_focuses_works_and_disrupts_the_focus(call):
    """"Asynchronous: ... a character that attacks a character trying to focus on something ... the action that is
    not effected works and the other is disrupted.\""""
    r = call("mastery_bloodbath", {"die": 6, "fighters": [
        fighter("Ann", "attack", "Bo", trait=1), fighter("Bo", "focus", trait=3, task="the ritual")]},
        faces=[4, 1])
    assert r.exchanges[0].nature == "asynchronous" and r.fighters[1].disrupted and not r.fighters[1].focus_worked
    assert r.fighters[1].successes is None  # the focus never came to a roll
    assert r.fighters[1].damage_taken == 1
    calm = call("mastery_bloodbath", {"die": 6, "fighters": [fighter("Bo", "focus", trait=1, task="the ritual"),
                                                             fighter("Cy", "defend")]}, faces=[6, 2])
    assert calm.fighters[0].focus_worked and calm.fighters[0].successes == 1


def test_one_defence_roll_opposes_every_attacker(call):
    """"Bloodbath ... favors power in numbers": two attackers, one defence roll compared with each."""
    r = call("mastery_bloodbath", {"die": 6, "fighters": [
        fighter("Ann", "attack", "Cy", trait=1), fighter("Bo", "attack", "Cy", trait=1),
        fighter("Cy", "defend", trait=2)]}, faces=[4, 4, 4, 1, 4, 1, 1])
    assert r.fighters[2].successes == 1
    assert [e.winner for e in r.exchanges] == ["Ann", None]
    assert r.fighters[2].damage_taken == 1


def test_targets_must_be_in_the_fight(call):
    with pytest.raises(ToolArgumentError):
        call("mastery_bloodbath", {"die": 6, "fighters": [fighter("Ann", "attack", "Nobody")]})
    with pytest.raises(ToolArgumentError):
        call("mastery_bloodbath", {"die": 6, "fighters": [fighter("Ann", "defend", "Bo"), fighter("Bo", "flee")]})
