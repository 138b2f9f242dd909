"""The rules-system contract, checked on every registered system (the real ones and the test-only Coin).

The checks themselves are :mod:`narrator.conformance`, the same list a plugin author runs with
``narrator systems check NAME``; what each holds is one line of :mod:`tools.systems.contract`'s list of what a system
provides. A new system that passes them plugs into the agent, the game, rulings and replay without an edit outside
its own files.
"""

from __future__ import annotations

import pytest

from narrator.conformance import CHECKS, Check, ConformanceError, run_checks
from narrator.tools.systems import RulesSystem, all_systems, get_system

SYSTEMS = [s.name for s in all_systems()]


def test_the_test_system_is_registered_beside_the_real_ones():
    assert "coin" in SYSTEMS and "minim" in SYSTEMS
    assert SYSTEMS[0] == "minim"  # listing order, not the alphabet, picks the default


@pytest.fixture(params=SYSTEMS)
def system(request) -> RulesSystem:
    return get_system(request.param)


@pytest.mark.parametrize("check", CHECKS, ids=[c.name for c in CHECKS])
def test_the_system_keeps_the_contract(system, check: Check, tmp_path):
    check.run(system, tmp_path)


def test_a_broken_contract_is_named_by_its_check():
    """A system whose outcome words have a polarity other than -1, 0 or 1 fails that check, by name, and the other
    checks still run."""
    verdicts = {v.check: v for v in run_checks(broken_coin())}
    assert set(verdicts) == {c.name for c in CHECKS}
    assert not verdicts["vocabulary_is_coherent"].ok and "'heads'" in verdicts["vocabulary_is_coherent"].problem
    assert verdicts["worked_examples"].ok


def test_a_failed_check_raises_a_conformance_error_not_an_assertion():
    """The checks hold under ``python -O`` too: they raise, they do not assert."""
    check = next(c for c in CHECKS if c.name == "vocabulary_is_coherent")
    with pytest.raises(ConformanceError, match="polarity 2"):
        check.run(broken_coin(), None)


def broken_coin() -> RulesSystem:
    coin = get_system("coin")

    class Broken(type(coin)):
        def vocabulary(self):
            return coin.vocabulary().model_copy(update={"outcomes": {"heads": 2, "tails": -1}})

    return Broken()
