"""Rules systems, discovered rather than listed.

Each subpackage of :mod:`tools.systems` is one rules system and exposes ``SYSTEM``, an object satisfying
:class:`tools.systems.contract.RulesSystem`. Adding a sixth system means adding a sixth subpackage; no other
system's file changes. A system that lives elsewhere (a plugin, or a test's own tiny system) joins with
:func:`register_system`; every cache built from the systems (the tool registry, the proposals) follows
:func:`generation`.

Systems are listed by their ``order`` and then their name; the first is the default (for the wizard and
``campaign new``) — so a new package never changes the default by sorting before another.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache

from tools.systems.contract import (  # noqa: F401  (the contract's vocabulary, importable from here)
    POWER_LEVELS, ConditionRule, Effect, Resource, RulesSystem, SystemBase, TurnStart, Vocabulary,
)

_EXTRA: dict[str, RulesSystem] = {}
_GENERATION = [0]


@lru_cache(maxsize=1)
def _discovered() -> tuple[RulesSystem, ...]:
    found = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        system = getattr(module, "SYSTEM", None)
        if not isinstance(system, RulesSystem):
            raise TypeError(f"tools.systems.{info.name} has no SYSTEM satisfying RulesSystem")
        found.append(system)
    return tuple(found)


def all_systems() -> tuple[RulesSystem, ...]:
    """Every system, in listing order (``order``, then name); the first is the default."""
    systems = {s.name: s for s in _discovered()}
    systems.update(_EXTRA)
    return tuple(sorted(systems.values(), key=lambda s: (s.order, s.name)))


def default_system() -> RulesSystem:
    return all_systems()[0]


def get_system(name: str) -> RulesSystem:
    from tools.errors import UserError

    for s in all_systems():
        if s.name == name:
            return s
    raise UserError(f"Unknown system '{name}'. Known systems: {', '.join(s.name for s in all_systems())}")


def register_system(system: RulesSystem) -> RulesSystem:
    """Add a system that is not a subpackage here (a plugin, a test's system); caches built on systems follow."""
    if not isinstance(system, RulesSystem):
        raise TypeError(f"{system!r} does not satisfy RulesSystem")
    _EXTRA[system.name] = system
    _GENERATION[0] += 1
    return system


def unregister_system(name: str) -> None:
    if _EXTRA.pop(name, None) is not None:
        _GENERATION[0] += 1


def generation() -> int:
    """Bumped whenever the set of systems changes at run time."""
    return _GENERATION[0]
