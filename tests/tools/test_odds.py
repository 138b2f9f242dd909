"""Exact distributions against hand counts."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from narrator.tools.odds import Dist, binomial, count_at_least, die, keep, sum_of


def brute(n, sides, f):
    counts = {}
    for roll in product(range(1, sides + 1), repeat=n):
        v = f(roll)
        counts[v] = counts.get(v, 0) + 1
    total = sides**n
    return {k: Fraction(c, total) for k, c in counts.items()}


def as_dict(d: Dist):
    return dict(d.items())


@pytest.mark.parametrize("n,sides", [(1, 6), (2, 6), (3, 6), (2, 8), (1, 20)])
def test_sum_of_matches_brute_force(n, sides):
    assert as_dict(sum_of(n, sides)) == brute(n, sides, sum)


@pytest.mark.parametrize("n,sides,k,highest", [(4, 6, 3, True), (2, 20, 1, True), (2, 20, 1, False), (3, 6, 2, False), (5, 4, 2, True)])
def test_keep_matches_brute_force(n, sides, k, highest):
    pick = (lambda r: sum(sorted(r)[-k:])) if highest else (lambda r: sum(sorted(r)[:k]))
    assert as_dict(keep(n, sides, k, highest)) == brute(n, sides, pick)


def test_count_at_least_matches_brute_force():
    assert as_dict(count_at_least(4, 6, 5)) == brute(4, 6, lambda r: sum(1 for x in r if x >= 5))


def test_2d6_by_hand():
    d = sum_of(2, 6)
    assert d[7] == Fraction(6, 36) and d[2] == Fraction(1, 36) and d[12] == Fraction(1, 36)


def test_binomial_and_certain_edges():
    assert as_dict(binomial(2, Fraction(1, 6))) == {0: Fraction(25, 36), 1: Fraction(10, 36), 2: Fraction(1, 36)}
    assert as_dict(binomial(3, Fraction(1))) == {3: Fraction(1)}
    assert as_dict(count_at_least(2, 6, 7)) == {0: Fraction(1)}


def test_distribution_must_sum_to_one():
    with pytest.raises(ValueError):
        Dist({1: Fraction(1, 2)})


def test_odds_block_has_floats_and_exact_fractions():
    odds = die(4).odds(p_success=Fraction(1, 4))
    assert odds.distribution == {"1": 0.25, "2": 0.25, "3": 0.25, "4": 0.25}
    assert odds.exact["3"] == "1/4" and odds.p_success == 0.25


def test_repeated_building_blocks_are_cached():
    assert sum_of(3, 6) is sum_of(3, 6)
