"""The wild die's exact odds: the closed form against the series summed term by term (the issue's "summed until
the remainder is below 1e-12") and against brute-force enumeration of every throw at small sizes."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from narrator.tools.systems.minisix.wild import (
    SERIES_EPSILON, at_least, band_dist, truncated_wild, wild_at_least, wild_value_p,
)


def enumerate_at_least(dice: int, pips: int, tn: int) -> Fraction:
    """P(roll >= tn) by listing every plain-dice throw and every wild-die chain of up to K sixes; the chains with
    more sixes than that all reach the TN (K is chosen so), and their whole probability is added."""
    k_max = max(1, tn // 6 + 1)
    total = Fraction(0)
    for plain in product(range(1, 7), repeat=dice - 1):
        base = sum(plain) + pips
        p_plain = Fraction(1, 6 ** (dice - 1))
        for k in range(k_max + 1):
            for r in range(1, 6):
                if base + 6 * k + r >= tn:
                    total += p_plain * Fraction(1, 6 ** (k + 1))
        tail = Fraction(1, 6 ** (k_max + 1))  # k_max + 1 sixes or more: value >= 6 (k_max + 1) + 1 > tn
        assert base + 6 * (k_max + 1) + 1 >= tn
        total += p_plain * tail
    return total


@pytest.mark.parametrize("dice", [1, 2, 3])
@pytest.mark.parametrize("pips", [0, 1, 2])
@pytest.mark.parametrize("tn", [1, 2, 5, 6, 7, 11, 12, 13, 18, 19, 25, 30])
def test_exact_odds_match_enumeration(dice, pips, tn):
    assert at_least(dice, pips, tn) == enumerate_at_least(dice, pips, tn)


def test_the_issues_example_3d_plus_1_against_12():
    """``narrator tool minisix_roll --args '{"code":"3D+1","tn":12,"extra_actions":0}'`` reports this exact value."""
    assert at_least(3, 1, 12) == enumerate_at_least(3, 1, 12) == Fraction(85, 162)


def test_closed_form_equals_the_series_summed_until_the_remainder_is_below_1e_12():
    values, remainder = truncated_wild()
    assert remainder < Fraction(SERIES_EPSILON)
    assert sum(values.values()) + remainder == 1
    for w in range(1, 80):
        series = sum((p for v, p in values.items() if v >= w), Fraction(0))
        assert 0 <= wild_at_least(w) - series <= remainder


@given(st.integers(-20, 200))
def test_the_wild_die_tail_is_the_sum_of_its_values(w):
    series = sum(wild_value_p(v) for v in range(max(1, w), max(1, w) + 120))
    assert abs(float(wild_at_least(w) - series)) < 1e-12
    assert wild_value_p(6) == wild_value_p(12) == 0  # a six always rolls on


@settings(max_examples=60, deadline=None)
@given(dice=st.integers(1, 8), pips=st.integers(-3, 5))
def test_band_odds_are_a_distribution_and_monotone(dice, pips):
    dist = band_dist(dice, pips)
    assert sum(p for _, p in dist.items()) == 1
    tails = [at_least(dice, pips, t) for t in range(-2, 60)]
    assert all(a >= b for a, b in zip(tails, tails[1:]))
