"""``tools.render.percent``: a chance is never shown as sure or as impossible when it is neither."""

from __future__ import annotations

import pytest

from narrator.tools.render import percent


@pytest.mark.parametrize("p,digits,shown", [
    (0.99609375, 0, ">99%"),   # Mastery: 8 dice for 1 success, offered as "deception — P(success) 100%"
    (0.99609375, 1, "99.6%"), (0.99996, 1, ">99.9%"), (1.0, 0, "100%"), (1.0, 1, "100.0%"),
    (0.0004, 1, "<0.1%"), (0.004, 0, "<1%"), (0.0, 1, "0.0%"), (0.5, 0, "50%"), (23 / 36, 1, "63.9%"),
])
def test_a_percentage_is_never_rounded_to_sure_or_impossible(p, digits, shown):
    assert percent(p, digits) == shown


def test_the_oracle_s_chance_of_a_yes_is_called_so():
    """Played in Brew solo: "/oracle is anyone following me? likely" ended "P(success) = 83.3%", as if a roll could
    be won; a question to the oracle is answered yes (or yes, but)."""
    from narrator.tools.oracle import oracle_odds
    from narrator.tools.render import odds_lines
    from narrator.tools.story import story_odds

    assert odds_lines(oracle_odds("likely"))[-1] == "P(yes or yes, but) = 83.3%"
    assert odds_lines(story_odds(5))[-1] == "P(yes or yes, but) = 83.3%"
