"""minim_initiative: brain-many d6, highest first, ties rerolled only among the tied, groups roll once."""

from __future__ import annotations

import pytest

from narrator.tools.dice import DieFlag, Roller
from narrator.tools.errors import ToolArgumentError
from narrator.tools.phrases import steps_of, summary_of


def c(name: str, brain: int, count: int = 1) -> dict:
    return {"name": name, "brain": brain, "count": count}


def faces(dice) -> list[int]:
    return [d.face for d in dice]


def test_highest_total_acts_first(call):
    r = call("minim_initiative", {"combatants": [c("Ann", 3), c("Bob", 2), c("Cat", 1)]},
             faces=[1, 2, 3, 6, 5, 4])  # Ann 6, Bob 11, Cat 4
    assert r.order == ["Bob", "Ann", "Cat"]
    assert [(e.position, e.name, e.total) for e in r.entries] == [(1, "Bob", 11), (2, "Ann", 6), (3, "Cat", 4)]
    assert faces(r.entries[1].dice) == [1, 2, 3]
    assert r.reroll_rounds == 0 and all(e.rerolls == [] for e in r.entries)
    assert "Ann, brain 3: rolls 3 d6 → 1 + 2 + 3 = 6" in steps_of(r)
    assert summary_of(r) == "Initiative order: Bob, Ann, Cat"
    assert r.rule_refs == ["minim.md#Initiative"]


def test_tie_reroll_only_orders_the_tied(call):
    # Ann and Bob tie at 7 and reroll; Ann's reroll (2) is lower than Cat's 6, yet she still acts before Cat.
    r = call("minim_initiative", {"combatants": [c("Ann", 2), c("Bob", 2), c("Cat", 1)]},
             faces=[3, 4, 5, 2, 6, 1, 1, 2, 2])
    assert r.order == ["Bob", "Ann", "Cat"]
    bob, ann, cat = r.entries
    assert (bob.total, ann.total, cat.total) == (7, 7, 6)
    assert [x.total for x in bob.rerolls] == [4] and [x.total for x in ann.rerolls] == [2] and cat.rerolls == []
    assert all(d.has(DieFlag.REROLLED) for d in ann.dice + bob.dice)
    assert not any(d.has(DieFlag.REROLLED) for d in ann.rerolls[0].dice + bob.rerolls[0].dice + cat.dice)
    assert faces(r.dice) == [3, 4, 5, 2, 6, 1, 1, 2, 2]
    assert [d.has(DieFlag.REROLLED) for d in r.dice] == [True] * 4 + [False] * 5
    assert r.reroll_rounds == 1
    assert any(s.startswith("Tie at 7 between Ann, Bob: they reroll (tie-break round 1)") for s in steps_of(r))


def test_tie_in_the_reroll_is_rerolled_among_those_still_tied(call):
    # all three roll 4; in the reroll Ann and Bob tie again at 5 (Cat's 2 settles her last); then Bob wins 3 to 1
    r = call("minim_initiative", {"combatants": [c("Ann", 1), c("Bob", 1), c("Cat", 1)]},
             faces=[4, 4, 4, 5, 5, 2, 1, 3])
    assert r.order == ["Bob", "Ann", "Cat"]
    bob, ann, cat = r.entries
    assert [x.total for x in ann.rerolls] == [5, 1]
    assert [x.total for x in bob.rerolls] == [5, 3]
    assert [x.total for x in cat.rerolls] == [2]
    assert ann.rerolls[0].dice[0].has(DieFlag.REROLLED) and not ann.rerolls[1].dice[0].has(DieFlag.REROLLED)
    assert not cat.rerolls[0].dice[0].has(DieFlag.REROLLED)
    assert r.reroll_rounds == 2
    assert any(s.startswith("Tie at 4, then 5 between Ann, Bob") for s in steps_of(r))


def test_separate_ties_are_broken_highest_first(call):
    r = call("minim_initiative", {"combatants": [c("Ann", 1), c("Bob", 1), c("Cat", 1), c("Dan", 1)]},
             faces=[2, 5, 2, 5, 6, 1, 1, 6])  # Bob/Dan tie at 5 (Bob wins 6-1), then Ann/Cat at 2 (Cat wins 6-1)
    assert r.order == ["Bob", "Dan", "Cat", "Ann"]
    assert r.reroll_rounds == 2


def test_a_group_rolls_once_for_all_its_units(call):
    # "a single-roll for a group of half-dozen rats rather than six individual-rolls"
    r = call("minim_initiative", {"combatants": [c("Rats", 1, 6), c("Hero", 2)]}, faces=[6, 2, 3])
    assert len(r.dice) == 3
    assert r.order == ["Rats", "Hero"]
    rats = r.entries[0]
    assert rats.count == 6 and rats.total == 6 and faces(rats.dice) == [6]
    assert summary_of(r) == "Initiative order: Rats (×6), Hero"


def test_still_tied_after_100_rounds_ordered_by_name(call):
    r = call("minim_initiative", {"combatants": [c("bob", 1), c("Amy", 1)]}, faces=[1] * 202)
    assert r.reroll_rounds == 100
    assert r.order == ["Amy", "bob"] and r.ordered_by_name == ["Amy", "bob"]
    assert "Still tied after 100 reroll rounds: bob, Amy are ordered by name instead." in steps_of(r)
    assert sum(d.has(DieFlag.REROLLED) for d in r.dice) == 200 and len(r.entries[0].rerolls) == 100


def test_rerolls_stop_before_the_dice_limit(registry):
    roller = Roller.scripted([3] * 8, max_dice=10)  # 4 dice to start, 4 per round: a second round would be 12
    r = registry.call("minim_initiative", {"combatants": [c("Zed", 2), c("Abe", 2)]}, roller)
    assert roller.remaining_script == ()
    assert r.reroll_rounds == 1 and r.order == ["Abe", "Zed"]
    assert any(s.startswith("Still tied after the dice limit") for s in steps_of(r))


def test_seeded_rolls_are_reproducible_and_complete(call):
    party = {"combatants": [c(f"unit {i}", 1 + i % 5, 1 + i % 3) for i in range(50)]}
    a, b = call("minim_initiative", party, seed=11), call("minim_initiative", party, seed=11)
    assert a == b
    assert sorted(a.order) == sorted(x["name"] for x in party["combatants"])
    totals = [e.total for e in a.entries]
    assert totals == sorted(totals, reverse=True)


# --- argument errors ---------------------------------------------------------------------------------------------


def test_names_must_be_unique_ignoring_case(registry):
    with pytest.raises(ToolArgumentError) as e:
        registry.validate("minim_initiative", {"combatants": [c("Rats", 1), c("rats ", 2)]})
    assert [p.field for p in e.value.problems] == ["combatants"]
    assert "'rats' (same as 'Rats')" in str(e.value)


@pytest.mark.parametrize("combatants", [[], [c(f"c{i}", 2) for i in range(51)]])
def test_between_1_and_50_combatants(registry, combatants):
    with pytest.raises(ToolArgumentError) as e:
        registry.validate("minim_initiative", {"combatants": combatants})
    assert [p.field for p in e.value.problems] == ["combatants"]


def test_every_bad_combatant_field_is_listed(registry):
    bad = {"combatants": [{"name": "  ", "brain": 6, "count": 0}, {"name": "Ok", "brain": 0, "speed": 3}],
           "round": 1}
    with pytest.raises(ToolArgumentError) as e:
        registry.validate("minim_initiative", bad)
    assert {p.field for p in e.value.problems} == {
        "combatants.0.name", "combatants.0.brain", "combatants.0.count", "combatants.1.brain",
        "combatants.1.speed", "round",
    }
