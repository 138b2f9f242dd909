"""Dice fairness: chi-square goodness of fit over 10^5 seeded rolls (slow, but CI runs it).

Seeded, so the statistic is deterministic: the test cannot flake, and it still fails if the roller or a
mechanic's odds are wrong.
"""

from __future__ import annotations

import pytest

from narrator.tools.dice import Roller
from narrator.tools.systems.minim.checks import outcome_dist, roll_test

N = 100_000
# chi-square critical values at p = 0.001
CRITICAL = {2: 13.816, 3: 16.266, 4: 18.467, 5: 20.515, 19: 43.820}


def chi_square(observed: dict, expected: dict) -> float:
    return sum((observed.get(k, 0) - e) ** 2 / e for k, e in expected.items() if e > 0)


@pytest.mark.slow
@pytest.mark.parametrize("sides,seed", [(6, 20261122), (20, 7)])
def test_faces_are_uniform(sides, seed):
    roller = Roller(seed, max_dice=N)
    counts: dict[int, int] = {}
    for _ in range(N):
        f = roller.roll(sides).face
        counts[f] = counts.get(f, 0) + 1
    assert set(counts) == set(range(1, sides + 1))
    stat = chi_square(counts, {f: N / sides for f in range(1, sides + 1)})
    assert stat < CRITICAL[sides - 1], stat


@pytest.mark.slow
@pytest.mark.parametrize("target", [1, 4])
def test_minim_outcomes_follow_the_exact_odds(target):
    roller = Roller(99, max_dice=2 * N)
    counts: dict[int, int] = {}
    for _ in range(N):
        o = roll_test(roller, target).outcome
        counts[o] = counts.get(o, 0) + 1
    expected = {k: float(p) * N for k, p in outcome_dist(target).items()}
    stat = chi_square(counts, expected)
    assert stat < CRITICAL[len(expected) - 1], stat
