"""Resolve rerolls, chance rolls, contested and collaborative rolls, and turn order."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from narrator.tools.errors import ToolArgumentError
from narrator.tools.systems.brew.checks import outcome_of
from narrator.tools.systems.brew.contests import _consecutive_dist


# --- Resolve -----------------------------------------------------------------------------------------------------


def test_a_failed_roll_whose_die_showed_more_than_one_is_rerolled(call):
    """"If the roll was a failure, but the result of the roll (not counting the Skill + Attribute pool) was more
    than 1, it is possible to reroll it by using a Resolve point\""""
    r = call("brew_reroll", {"attribute": 2, "skill": 2, "difficulty": 8, "previous_die": 3, "resolve": 5},
             faces=[5])
    assert r.previous_total == 7 and r.total == 9 and r.success
    assert r.spent == "resolve" and r.resolve_after == 4
    assert r.rule_refs[0] == "brew.md#Resolve Points"


def test_training_points_are_spent_first(call):
    r = call("brew_reroll", {"attribute": 2, "skill": 2, "difficulty": 8, "previous_die": 2, "resolve": 5,
                             "training_resolve": 2, "time": "story"}, faces=[1])
    assert r.spent == "training" and r.training_resolve_after == 1 and r.resolve_after == 5


@pytest.mark.parametrize("args,field", [
    ({"previous_die": 1}, "previous_die"),               # the die showed 1
    ({"previous_die": 5}, "previous_die"),               # 4 + 5 = 9 is not a failure
    ({"time": "downtime"}, "time"),                       # never in Downtime
    ({"resolve": 0}, "resolve"),                          # nothing left
    ({"bonus": -4}, "attribute"),                         # an automatic failure has no die
])
def test_rerolls_the_book_forbids(call, args, field):
    base = {"attribute": 2, "skill": 2, "difficulty": 8, "previous_die": 3, "resolve": 5}
    with pytest.raises(ToolArgumentError) as e:
        call("brew_reroll", {**base, **args})
    assert field in {p.field for p in e.value.problems}


# --- chance rolls ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("face,outcome,total", [(1, "failure", 9), (3, "failure", 9), (4, "astounding", 13),
                                                (2, "failure", 9)])
def test_chance_roll(call, face, outcome, total):
    """"if the dice comes up as 1-3, then whatever the result of the first roll, the action fails. If it comes up
    as 4-6, you can add the points to your point total\""""
    r = call("brew_chance_roll", {"total": 9, "difficulty": 8}, faces=[face])
    assert r.outcome == outcome and r.total == total


def test_chance_odds_by_hand(call):
    r = call("brew_chance_roll", {"total": 9, "difficulty": 8}, faces=[5])
    # 1-3 fail (1/2); 4 → 13, 5 → 14, 6 → 15: all astounding (12+)
    assert r.odds.exact == {"failure": "1/2", "success": "0", "perfect": "0", "astounding": "1/2"}


def test_a_thousand_masks_ignores_a_low_chance_die(call):
    r = call("brew_chance_roll", {"total": 9, "difficulty": 8, "thousand_masks": True}, faces=[2])
    assert r.outcome == "success" and r.ignored and r.total == 9


@pytest.mark.parametrize("args", [{"total": 7, "difficulty": 8}, {"total": 9, "difficulty": 8, "time": "story"}])
def test_chance_rolls_only_after_a_success_in_bullet_time(call, args):
    with pytest.raises(ToolArgumentError):
        call("brew_chance_roll", args)


# --- contests ----------------------------------------------------------------------------------------------------


def test_a_contest_is_won_by_the_higher_total(call):
    """"a delicate sugar sculpture, ... Precision (Attribute) + Performance (Skill) vs. your opponent's hearty meat
    pie, Wits + Craft\""""
    r = call("brew_contest", {"a": {"name": "Sculptor", "attribute": 3, "skill": 2},
                              "b": {"name": "Baker", "attribute": 2, "skill": 3}}, faces=[4, 2])
    assert r.a.total == 9 and r.b.total == 7 and r.outcome == "win" and r.margin == 2 and r.winner == "Sculptor"


def test_contest_odds_match_enumeration(call):
    r = call("brew_contest", {"a": {"attribute": 3, "skill": 1, "specialty": True}, "b": {"attribute": 2, "skill": 2},
                              }, seed=3)
    counts = {"win": 0, "tie": 0, "lose": 0}
    for x, y, z in product(range(1, 7), repeat=3):
        a, b = 4 + max(x, y), 4 + z
        counts["win" if a > b else "lose" if b > a else "tie"] += 1
    assert r.odds.exact == {k: str(Fraction(v, 216)) for k, v in counts.items()}


def test_a_side_at_zero_fails_automatically(call):
    r = call("brew_contest", {"a": {"name": "A", "attribute": 2, "skill": 1},
                              "b": {"name": "B", "attribute": 1, "bonus": -3}}, faces=[1])
    assert r.outcome == "win" and r.b.total is None and r.margin is None


def test_best_at_thing_is_plus_five_in_a_contest(call):
    r = call("brew_contest", {"a": {"name": "A", "attribute": 2, "skill": 5, "best_at_thing": True},
                              "b": {"name": "B", "attribute": 5, "skill": 5}}, faces=[1, 1])
    assert r.a.total == 13 and r.b.total == 11


# --- collaboration -----------------------------------------------------------------------------------------------


def test_pete_and_marlo_chisel_through_the_bars(call):
    """"Shaggy Pete's Power (Attribute) + Craft (Skill) is 2 + 2 = 4, which is more than Marlo's, so they choose to
    add 4 to their rolls. The difficulty ... is set at 10, with one roll allowed for every 15 minutes spent. Pete
    rolls 3 and Marlo rolls 5, to a total of 12, a success in just 30 minutes of work.\""""
    r = call("brew_collaborate", {"participants": [{"name": "Shaggy Pete", "pool": 4},
                                                   {"name": "Marlo the Monk", "pool": 3}],
                                  "difficulty": 10, "mode": "consecutive", "minutes_per_roll": 15}, faces=[3, 5])
    assert r.base == "Shaggy Pete" and r.base_pool == 4
    assert r.total == 12 and r.success and r.minutes == 30 and r.rolls_used == 2


def test_consecutive_collaboration_stops_when_done(call):
    r = call("brew_collaborate", {"participants": [{"name": "A", "pool": 4}, {"name": "B", "pool": 1}],
                                  "difficulty": 8, "mode": "consecutive", "max_rolls": 4}, faces=[6])
    assert r.rolls_used == 1 and r.total == 10


def test_concurrent_collaboration_adds_every_die(call):
    r = call("brew_collaborate", {"participants": [{"name": "A", "pool": 3}, {"name": "B", "pool": 3},
                                                   {"name": "C", "pool": 1}], "difficulty": 18,
                                  "mode": "concurrent"}, faces=[6, 5, 4])
    assert r.total == 3 + 15 and r.outcome == "success"


def test_consecutive_odds_match_enumeration():
    base, difficulty, rolls = 2, 10, 3
    out: dict[str, Fraction] = {}
    for faces in product(range(1, 7), repeat=rolls):
        total = base
        for f in faces:
            total += f
            if total >= difficulty:
                break
        label = outcome_of(total, difficulty)
        out[label] = out.get(label, Fraction(0)) + Fraction(1, 6 ** rolls)
    assert {k: v for k, v in _consecutive_dist(base, difficulty, rolls).items()} == out


# --- initiative --------------------------------------------------------------------------------------------------


def test_turns_go_by_speed_with_ties_rolled_until_broken(call):
    """"the order is determined by the characters' Speed scores, with ties broken by rolling 1d6 for each tied
    character\""""
    r = call("brew_initiative", {"combatants": [{"name": "Ted", "speed": 2}, {"name": "Marlo", "speed": 3},
                                                {"name": "Pete", "speed": 3}]}, faces=[4, 4, 5, 2])
    assert r.order == ["Marlo", "Pete", "Ted"]
    assert [e.tie_rolls for e in r.entries] == [[4, 5], [4, 2], []]
    assert r.odds.exact == {"Marlo first": "1/2", "Pete first": "1/2"}
