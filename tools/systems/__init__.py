"""Rules systems, discovered rather than listed: installed ones through the ``narrator.systems`` entry points.

A rules system is an object satisfying :class:`tools.systems.contract.RulesSystem` (usually ``SYSTEM`` in its
package). Every system — the five built in and any plugin installed with pip — is found the same way: an entry
point in the group ``narrator.systems`` whose name is the system's name and whose value points at the object
(``minim = "narrator.tools.systems.minim:SYSTEM"`` in this project's ``pyproject.toml``; a plugin writes the same line in its
own). Why entry points: a community system installs with ``pip install narrator-coin`` and changes no file here.

A plugin that fails to import, or whose object breaks the contract, is reported by name (:func:`load_problems`,
``narrator systems``) and the others still load. A built-in subpackage of :mod:`tools.systems` that no entry point
names (a checkout that was never installed, or an out-of-date ``narrator.egg-info`` hiding the installed entry points)
is found by a scan of the package instead (:func:`narrator.tools.hooks.load`'s ``built_in``), so the five are there
however the code is run. A system made at run time (a test's own) joins with
:func:`register_system`; every cache built from the systems (the tool registry, the proposals) follows
:func:`generation`.

Systems are listed by their ``order`` and then their name; the first is the default (for the wizard and
``campaign new``) — so a new package never changes the default by sorting before another.
"""

from __future__ import annotations

import pkgutil
from functools import lru_cache

from narrator.tools import common_phrases, errors, phrases
from narrator.tools.hooks import SYSTEMS, LoadProblem, Origin, load  # noqa: F401 - (Origin, LoadProblem: importable here)
from narrator.tools.systems.contract import (  # noqa: F401  (the contract's vocabulary, importable from here)
    POWER_LEVELS, ConditionRule, Effect, Resource, RulesSystem, SystemBase, TurnStart, Vocabulary,
)

_EXTRA: dict[str, RulesSystem] = {}
_GENERATION = [0]


def _as_system(obj: object) -> object:
    """An entry point may name the system object or the module holding ``SYSTEM``."""
    return getattr(obj, "SYSTEM", obj) if not isinstance(obj, RulesSystem) else obj


def _check(name: str, value: object) -> str | None:
    system = _as_system(value)
    if not isinstance(system, RulesSystem):
        return "it does not satisfy the RulesSystem contract"
    if system.name != name:
        return f"it is the system {system.name!r}, not {name!r}"
    return None


@lru_cache(maxsize=1)
def _discovered() -> tuple[tuple[RulesSystem, ...], tuple[Origin, ...], tuple[LoadProblem, ...]]:
    built_in = tuple((info.name, f"{__name__}.{info.name}:SYSTEM")
                     for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name) if info.ispkg)
    loaded, problems = load(SYSTEMS, _check, built_in)
    return (tuple(_as_system(item.value) for item in loaded), tuple(item.origin for item in loaded), problems)


def load_problems() -> tuple[LoadProblem, ...]:
    """The installed systems that could not be loaded, each with why."""
    return _discovered()[2]


def origins() -> dict[str, Origin]:
    """Where each available system came from, by name."""
    out = {o.name: o for o in _discovered()[1]}
    out.update({name: Origin(name, "registered at run time", target=type(s).__module__) for name, s in _EXTRA.items()})
    return out


def all_systems() -> tuple[RulesSystem, ...]:
    """Every system, in listing order (``order``, then name); the first is the default."""
    systems = {s.name: s for s in _discovered()[0]}
    systems.update(_EXTRA)
    return tuple(sorted(systems.values(), key=lambda s: (s.order, s.name)))


def default_system() -> RulesSystem:
    return all_systems()[0]


def _phrase_table(name: str):
    """A phrase table by name, for :mod:`tools.phrases`: a shared tool family's, or the system of that name's."""
    shared = common_phrases.TABLES.get(name)
    if shared is not None:
        return shared
    return next((s.phrases() for s in all_systems() if s.name == name), None)


phrases.add_source(_phrase_table)


def get_system(name: str) -> RulesSystem:
    from narrator.tools.errors import UserError

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


errors.SYSTEM_NAMES.append(lambda: [s.name for s in all_systems()])  # a refusal's tool names (tools.errors)
