"""The hooks: every way narrator is extended, one entry-point group each, loaded one way for built-ins and plugins.

What llm's ``hookspecs.py`` is to llm, this is to narrator. A plugin (a package installed with pip) lists its
objects under these groups in its ``pyproject.toml``; narrator's own five systems, their game rules and the slash
commands are registered in narrator's ``pyproject.toml`` in exactly the same way, and found by :func:`load`:

================================  =====================================  ==============================================
group                             entry-point name                       value
================================  =====================================  ==============================================
``narrator.systems``              the system's name                      a :class:`~narrator.tools.systems.contract.RulesSystem`
                                                                          (its ``tools()`` are the system's tools: a tool's
                                                                          name and description come from its function)
``narrator.game_rules``           the system's name                      its :class:`narrator.game.rules.GameRules` (the
                                                                          wizard's questions, previews, lessons, scenes)
``narrator.commands``             any name                               a :class:`narrator.game.commands.CommandTable`
                                                                          of slash commands
================================  =====================================  ==============================================

Why entry points (``importlib.metadata``) and not a scan or a dotted string: installing a package is the whole act
of adding to narrator, no file here changes, and a plugin that fails to load is one reported problem, never a
crash — :func:`load` returns what loaded and, apart, what did not, by name and why (``narrator systems`` prints them).
This module sits on the lowest floor (``narrator.tools``) so every floor above can read its hooks through it.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from importlib import metadata

SYSTEMS = "narrator.systems"
GAME_RULES = "narrator.game_rules"
COMMANDS = "narrator.commands"
GROUPS = {SYSTEMS: "rules systems", GAME_RULES: "the game's part of a rules system", COMMANDS: "slash commands"}


@dataclass(frozen=True)
class Origin:
    """Where an object came from, for ``narrator systems``: the distribution that installed it, its version, and
    the entry point (or the fallback, or a run-time registration) that found it."""

    name: str
    found_by: str  # "entry point", "built in" (no entry point names it) or "registered at run time"
    distribution: str | None = None
    version: str | None = None
    target: str | None = None  # the entry point's value, or the module scanned


@dataclass(frozen=True)
class LoadProblem:
    """An installed object that could not be loaded: named, with the reason, so the others still load."""

    name: str
    origin: Origin
    error: str
    group: str


@dataclass(frozen=True)
class Loaded:
    name: str
    value: object
    origin: Origin


def entry_points(group: str) -> list[metadata.EntryPoint]:
    return sorted(metadata.entry_points(group=group), key=lambda ep: (ep.name, ep.value))


def origin_of(ep: metadata.EntryPoint) -> Origin:
    dist = getattr(ep, "dist", None)
    return Origin(ep.name, "entry point", dist.metadata["Name"] if dist else None, dist.version if dist else None,
                  ep.value)


Check = Callable[[str, object], "str | None"]


def _target(spec: str) -> object:
    module, _, attribute = spec.partition(":")
    value = importlib.import_module(module)
    return getattr(value, attribute) if attribute else value


@lru_cache(maxsize=None)
def _load(group: str, check: Check | None, built_in: tuple[tuple[str, str], ...]) -> tuple[tuple[Loaded, ...],
                                                                                        tuple[LoadProblem, ...]]:
    found: dict[str, Loaded] = {}
    problems: list[LoadProblem] = []
    for ep in entry_points(group):
        origin = origin_of(ep)
        try:
            value = ep.load()
        except Exception as e:  # noqa: BLE001 - any failure of a plugin's import is reported, never fatal
            problems.append(LoadProblem(ep.name, origin, f"{type(e).__name__}: {e}", group))
            continue
        wrong = check(ep.name, value) if check else None
        if wrong:
            problems.append(LoadProblem(ep.name, origin, wrong, group))
        elif ep.name in found:
            problems.append(LoadProblem(ep.name, origin, f"{ep.name!r} is already installed by "
                                                         f"{found[ep.name].origin.distribution}", group))
        else:
            found[ep.name] = Loaded(ep.name, value, origin)
    for name, spec in built_in:
        if name in found or any(p.name == name for p in problems):
            continue
        value = _target(spec)  # narrator's own: a failure here is a bug, and raises
        wrong = check(name, value) if check else None
        if wrong:
            raise TypeError(f"{spec}: {wrong}")
        found[name] = Loaded(name, value, Origin(name, "built in", target=spec))
    return tuple(found.values()), tuple(problems)


def load(group: str, check: Check | None = None, built_in: tuple[tuple[str, str], ...] = ()) -> tuple[
        tuple[Loaded, ...], tuple[LoadProblem, ...]]:
    """Every entry point of ``group``, loaded once: what loaded, and what did not (``check`` may refuse a loaded
    value by returning why). Cached per group and check: installing a plugin takes a new process.

    ``built_in`` names narrator's own objects (``(name, "module:attribute")``) to load when no entry point names them:
    a checkout that was never installed, or an out-of-date ``narrator.egg-info`` beside the sources that hides the
    installed entry points. They load after the installed ones, in the order given."""
    if group not in GROUPS:
        raise ValueError(f"unknown hook group {group!r}")
    return _load(group, check, built_in)
