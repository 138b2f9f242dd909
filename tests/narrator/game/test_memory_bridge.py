"""Rulings without a campaign memory (``--no-memory``): the shared rules index answers /rule."""

from __future__ import annotations

from narrator.game.memory_bridge import find_rulings


def test_rulings_are_found_without_a_campaign_memory():
    ask, why = find_rulings(None)
    assert why is None and callable(ask)
