"""The terminal renderer's odds: a system's names for outcomes, used only when they name every outcome."""

from __future__ import annotations

from fractions import Fraction

from narrator.tools.odds import Dist, Odds
from narrator.tools.render import odds_lines, outcome_names

NAMES = {"-1": "-1 failure", "0": "±0 neutral", "1": "+1 success"}


def odds_of(dist: dict[str, Fraction]) -> Odds:
    return Dist(dist).odds()


def test_the_names_replace_the_keys_in_order_with_the_bars_aligned():
    lines = odds_lines(odds_of({"-1": Fraction(1, 4), "0": Fraction(1, 2), "1": Fraction(1, 4)}), labels=NAMES)
    assert [line.split("█")[0].strip() for line in lines] == ["-1 failure", "±0 neutral", "+1 success"]
    assert len({line.index("█") for line in lines}) == 1


def test_a_distribution_of_something_else_keeps_the_engines_keys():
    counts = odds_of({"0": Fraction(1, 2), "1": Fraction(1, 4), "2": Fraction(1, 4)})
    assert outcome_names(counts, NAMES) == {}
    assert [line.split()[0] for line in odds_lines(counts, labels=NAMES)] == ["0", "1", "2"]
    assert outcome_names(counts, None) == {}
