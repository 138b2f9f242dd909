"""Helpers for the game's tests: sessions with scripted models, and the real prompt_toolkit application driven
through a pipe (keystrokes in, DummyOutput out). Every campaign lives under ``tmp_path``."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from narrator.memory.campaign import Campaign
from narrator.models.scripted import ScriptedBackend
from narrator.agent.llm_proposer import LLMProposer
from narrator.game.app import GameApp
from narrator.game.resources import ReadyResources
from narrator.game.session import GameSession, SessionConfig

# The default proposal; tests spell out their own (conftest is not importable under importlib mode).
SNEAK = json.dumps({"tool": "minim_check", "args": {"actor": "Aria", "skill": "stealth"}})


def cycle(replies: list[str]) -> Callable:
    """A scripted model answering from ``replies`` in turn, forever (so extra calls never fail a test)."""
    state = {"i": 0}

    def reply(messages, settings) -> str:
        text = replies[state["i"] % len(replies)]
        state["i"] += 1
        return text

    return reply


@pytest.fixture
def make_session(tmp_path):
    """``make_session(campaign=..., mode=..., proposals=[...], narrations=[...], backend=True)``."""
    made: list[GameSession] = []

    def make(campaign: str | None = "Test", mode: str = "solo", proposals: list[str] | None = None,
             narrations: list[str] | None = None, backend: bool = True, **config) -> GameSession:
        replies = narrations if callable(narrations) else cycle(narrations or ["You wait; the night is quiet."])
        narrator = ScriptedBackend(replies) if backend else None
        proposer = LLMProposer(ScriptedBackend(cycle(proposals or [SNEAK])))
        session = GameSession(SessionConfig(campaign=campaign, root=tmp_path, mode=mode, seed=11, memory=False,
                                            **config), ReadyResources(narrator, proposer))
        made.append(session)
        return session

    yield make
    for s in made:
        s.close()


@pytest.fixture
def ready_campaign(tmp_path):
    """A closed campaign 'Test' with Aria (random) on the table, so a session resumes straight into play."""
    with Campaign.new("Test", "minim", seed=5, root=tmp_path) as c:
        c.call("minim_add_random_character", {"name": "Aria"})
    return "Test"


@pytest.fixture
def drive():
    """``drive(session, text, timeout=60) -> GameApp``: run the real application on a pipe until it exits.

    ``text`` is typed at once (lines end with ``\\r``); the session handles lines in order on its thread. A
    watchdog ends a hung app and fails the test. ``text`` may also be a list of strings and callables, sent in
    order from a feeder thread (a callable is called first, e.g. to wait for the model).
    """

    def run(session: GameSession, text, timeout: float = 90.0) -> GameApp:
        steps = [text] if isinstance(text, str) else list(text)
        with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
            game = GameApp(session)
            hung = threading.Event()

            def feed() -> None:
                for step in steps:
                    if callable(step):
                        step(game)
                    else:
                        pipe.send_text(step)

            def watchdog() -> None:
                hung.set()
                if game._loop is not None:
                    game._loop.call_soon_threadsafe(game.app.exit)

            timer = threading.Timer(timeout, watchdog)
            timer.start()
            feeder = threading.Thread(target=feed, daemon=True)
            feeder.start()
            try:
                game.run()
            finally:
                timer.cancel()
        assert not hung.is_set(), "the application did not exit in time:\n" + transcript(game)
        assert game.runner.errors == [], game.runner.errors
        return game

    return run


def transcript(game: GameApp) -> str:
    return "\n".join(f"[{b.kind}] {b.text}" for b in game.blocks)
