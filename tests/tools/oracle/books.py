"""Shared helpers for the oracle suite: the engine's odds checked against icepool models of the rulebooks.

Each ``test_*_oracle.py`` module models one system's rules with icepool, written from the rulebook's text (the
sentence is in each test's docstring), and compares the engine's exact fractions (``odds.exact``) with icepool's
exact probabilities for hypothesis-drawn arguments. Nothing here reads the engine's probability code: the engine
is only called through the registry, as a player would call a tool.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from fractions import Fraction
from typing import Any

import icepool
from hypothesis import HealthCheck, settings

from narrator.tools.dice import Roller
from narrator.tools.registry import default_registry

ORACLE = settings(max_examples=60, deadline=None, derandomize=True, database=None,
                  suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
"""Deterministic (derandomized, no example database), fast: every oracle test is a few dozen engine calls."""

FEW = settings(ORACLE, max_examples=40)
"""For the tests whose engine calls are slower (big pools, contests)."""


def call(name: str, args: Mapping[str, Any], seed: int = 0):
    """Call a tool the one way the game does: through the registry, validated."""
    return default_registry().call(name, dict(args), Roller(seed))


def engine_exact(odds) -> dict[str, Fraction]:
    """The engine's ``odds.exact`` as fractions, zero-probability labels dropped."""
    assert odds is not None, "the engine reported no odds"
    out = {label: Fraction(text) for label, text in odds.exact.items()}
    assert sum(out.values()) == 1, f"the engine's exact odds sum to {sum(out.values())}"
    return {label: p for label, p in out.items() if p}


def model_exact(die: icepool.Die, label: Callable[[Hashable], str] = str) -> dict[str, Fraction]:
    """An icepool die's exact distribution, outcomes turned into the engine's labels (several may share one)."""
    out: dict[str, Fraction] = {}
    denominator = die.denominator()
    for outcome, quantity in die.items():
        if quantity:
            key = label(outcome)
            out[key] = out.get(key, Fraction(0)) + Fraction(quantity, denominator)
    return {k: v for k, v in out.items() if v}


def probability(die: icepool.Die, test: Callable[[Hashable], bool]) -> Fraction:
    """P(test(outcome)) under the die, exactly."""
    denominator = die.denominator()
    return sum((Fraction(q, denominator) for o, q in die.items() if test(o)), Fraction(0))


def assert_same(engine: Mapping[str, Fraction], oracle: Mapping[str, Fraction], args: Any) -> None:
    """Same labels, same exact probabilities; the message shows both sides for the report."""
    if dict(engine) != dict(oracle):
        diff = {k: (str(engine.get(k, 0)), str(oracle.get(k, 0)))
                for k in sorted(set(engine) | set(oracle)) if engine.get(k, 0) != oracle.get(k, 0)}
        raise AssertionError(f"engine != oracle for {args!r}: label -> (engine, oracle): {diff}")


def assert_p_success(odds, p: Fraction, args: Any) -> None:
    """The float ``p_success`` is the exact probability rounded to a float."""
    assert odds.p_success is not None, f"no p_success for {args!r}"
    assert abs(odds.p_success - float(p)) < 1e-12, f"p_success {odds.p_success} != {p} for {args!r}"


def constant(value: int) -> icepool.Die:
    return icepool.Die([value])
