"""The test-only system Coin plays in the real game: wizard, guided creation, a free-text turn routed to its check.

Coin lives in ``tests/coin_system`` and is registered for the test run (``tests/conftest.py``). Nothing in the game
knows it: the wizard lists it, its adapter asks its questions, the router reads its examples, the engine rolls it.
"""

from __future__ import annotations

from narrator.memory.campaign import Campaign
from narrator.game.resources import ReadyResources
from narrator.game.session import GameSession, SessionConfig


def keys(*lines: str) -> str:
    return "".join(line + "\r" for line in lines)


def test_a_coin_campaign_is_made_and_played_through_the_app(tmp_path, drive):
    session = GameSession(SessionConfig(campaign="Heads", root=tmp_path, mode="teach", seed=3, memory=False),
                          ReadyResources(None, None))
    try:
        game = drive(session, keys("coin", "g", "Flip", "3", "d", "I try my luck", "/sheet", "/quit"))
    finally:
        session.close()
    text = "\n".join(b.text for b in game.blocks)
    assert "Created 'Heads' (Coin)" in text
    assert "Flip joins (luck 3)" in text
    assert "Before the roll — Flip (check):" in text  # teach mode: the exact odds first, from a dry run, in words
    assert "Flip: heads" in text or "Flip: tails" in text
    assert "Flip: luck 3, health 3/3" in text
    with Campaign.open("Heads", tmp_path) as c:
        tools = [e.payload["tool"] for e in c.events() if e.kind == "tool_call"]
        assert tools == ["coin_add_character", "coin_check"]
        assert c.replay().ok
