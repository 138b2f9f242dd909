"""One turn of the real game with the real parts: the embedded SmolLM2 GGUF loaded in the background through
llama-cpp-python (``make_backend(None)``), the MiniLM router, and the prompt_toolkit application on a pipe."""

from __future__ import annotations

import time

import pytest

from narrator.memory.campaign import Campaign
from narrator.game.resources import BackgroundResources
from narrator.game.session import GameSession, SessionConfig

pytestmark = pytest.mark.slow


def test_one_turn_with_the_embedded_model(tmp_path, drive):
    with Campaign.new("Real", "minim", seed=21, root=tmp_path) as c:
        c.call("minim_add_random_character", {"name": "Aria"})
        c.call("table_set_scene", {"text": "A smoky tavern at midnight."})
    resources = BackgroundResources(model=None, proposer_kind="router", n_ctx=2048, threads=2)
    session = GameSession(SessionConfig(campaign="Real", root=tmp_path, memory=False), resources)
    progress: list[float] = []
    loaded: list = []

    def wait_for_the_model(game):
        deadline = time.monotonic() + 600
        while not resources.ready():
            value = resources.progress()
            if value is not None:
                progress.append(value)
            assert time.monotonic() < deadline, "the model did not load"
            time.sleep(0.05)
        loaded.append(resources.backend)

    game = drive(session, [wait_for_the_model, "I sneak past the sleeping guard\r", "/quit\r"], timeout=900)
    assert resources.error is None and loaded[0] is not None and loaded[0].name.startswith("llama.cpp:")
    assert resources.backend is None and loaded[0].llm is None  # quitting freed the model
    kinds = [b.kind for b in game.blocks]
    assert "mechanics" in kinds or "narration" in kinds
    narration = [b.text for b in game.blocks if b.kind == "narration"]
    assert narration and narration[-1].strip()
    with Campaign.open("Real", tmp_path) as c:
        events = c.events()
        player = max(i for i, e in enumerate(events) if e.kind == "player")
        assert events[player].payload["text"] == "I sneak past the sleeping guard"
        told = [e for e in events if e.kind == "narration"][-1]  # the action's undo marker closes the log
        assert events[-1].kind in ("action", "narration") and told.payload["text"].strip() == narration[-1].strip()
