"""mastery_opposed: degree is the difference, ties are ties, a side that does not roll is average; exact odds."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from narrator.tools.systems.mastery.challenge import count_dist
from narrator.tools.phrases import steps_of


def test_the_victor_has_the_most_successes_and_the_degree_is_the_difference(call):
    r = call("mastery_opposed", {"die": 6, "first": {"name": "Tess", "trait": 2},
                                 "second": {"name": "Guard", "trait": 1}}, faces=[4, 5, 6, 2, 4])
    assert r.first.successes == 3 and r.second.successes == 1
    assert r.winner == "Tess" and r.degree == 2 and r.outcome == 2 and r.outcome_label == "win" and r.success


def test_a_tie_is_reported_as_such(call):
    r = call("mastery_opposed", {"die": 6, "first": {"name": "Tess", "trait": 0},
                                 "second": {"name": "Guard", "trait": 0}}, faces=[5, 6])
    assert r.tie and r.winner is None and r.degree == 0 and r.outcome_label == "tie" and r.success is False
    assert any("Tie" in s and "nobody is the victor" in s for s in steps_of(r))


def test_a_side_that_does_not_roll_is_assumed_average(call):
    r = call("mastery_opposed", {"die": 6, "first": {"name": "Tess", "trait": 1, "ability": 2},
                                 "second": {"name": "Ogre", "trait": 2, "ability": 2, "skill": 1, "rolls": False}},
             faces=[4, 5, 6, 1])
    assert r.second.rolled is False and r.second.successes == 3 and r.second.dice == []
    assert r.outcome == 0 and r.tie
    assert "mastery.md#Fearsome Challenges" in r.rule_refs


def test_each_side_has_its_own_target_number(call):
    r = call("mastery_opposed", {"die": 20, "first": {"name": "A", "trait": 0, "tn": "Easy"},
                                 "second": {"name": "B", "trait": 0, "tn": 15}}, faces=[7, 14])
    assert r.first.tn == 7 and r.second.tn == 15 and r.winner == "A"


def test_the_difference_distribution_is_exact_by_enumeration(call):
    r = call("mastery_opposed", {"die": 6, "first": {"name": "A", "trait": 1},
                                 "second": {"name": "B", "trait": 0, "circumstance": 1, "tn": "Difficult"}},
             faces=[1, 1, 1, 1])
    counts: dict[int, int] = {}
    for faces in product(range(1, 7), repeat=4):
        d = sum(f >= 4 for f in faces[:2]) - sum(f >= 5 for f in faces[2:])
        counts[d] = counts.get(d, 0) + 1
    exact = {(f"{k:+d}" if k else "0"): Fraction(v, 6 ** 4) for k, v in counts.items()}
    assert {k: Fraction(v) for k, v in r.odds.exact.items()} == exact
    assert r.odds.p_success == float(sum((v for k, v in counts.items() if k > 0)) / 6 ** 4)
    assert abs(r.p_tie - counts[0] / 6 ** 4) < 1e-12


def test_count_dist_is_cached_and_normalised():
    assert count_dist(3, 6, 4) is count_dist(3, 6, 4)
    assert sum(p for _, p in count_dist(7, 20, 11).items()) == 1
