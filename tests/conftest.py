"""Shared fixtures: the registry every test calls tools through, and scripted dice.

The test-only rules system Coin (``tests/coin_system``) is registered for the whole run, so every test that goes
over "every system" — conformance, fuzzing, the game — covers a system that lives outside ``tools/systems``.
"""

from __future__ import annotations

import pytest


def pytest_configure(config):
    import importlib

    from narrator.game.rules import register_rules
    from narrator.tools.systems import register_system

    register_system(importlib.import_module("tests.coin_system").SYSTEM)
    register_rules("coin", importlib.import_module("tests.coin_system.game").RULES)

from narrator.tools.dice import Roller
from narrator.tools.registry import default_registry


@pytest.fixture(scope="session")
def registry():
    return default_registry()


@pytest.fixture
def call(registry):
    """``call(name, args, faces=[...])`` or ``call(name, args, seed=N)`` through the registry's one call path."""

    def _call(name, args, faces=None, seed=None):
        roller = Roller.scripted(faces) if faces is not None else Roller(seed if seed is not None else 0)
        result = registry.call(name, args, roller)
        if faces is not None:
            assert roller.remaining_script == (), f"test supplied unused dice: {roller.remaining_script}"
        return result

    return _call
