"""Every slash command, loaded through the hook ``narrator.commands`` (:mod:`narrator.tools.hooks`).

Each entry point of the group names a :class:`~narrator.game.commands.CommandTable`; the game's own four tables are
registered in ``pyproject.toml`` as a plugin registers its own, and read first, in the entry points' order (play,
story, table, teach), so ``/help`` lists them as before; plugins' tables follow. A table that fails to load, or a
command whose name an earlier table took (a plugin cannot replace ``/help``), is a reported problem (:data:`PROBLEMS`, ``narrator systems``), never a crash. A checkout that was
never installed has no entry points: the built-in tables are then read directly.

Why a module of its own: the registry (:mod:`.commands`) must not import its handlers (they import it), and the
session must not be imported by either. Whoever runs or completes commands imports this module.
"""

from __future__ import annotations

import importlib

from narrator.game.commands import COMMANDS, GROUPS, CommandTable, lookup, run_command
from narrator.tools.hooks import COMMANDS as HOOK
from narrator.tools.hooks import LoadProblem, Origin, load

BUILT_IN = {"play": "narrator.game.cmd_play:TABLE", "story": "narrator.game.cmd_story:TABLE",
            "table": "narrator.game.cmd_table:TABLE", "teach": "narrator.game.cmd_teach:TABLE"}


def _check(name: str, value: object) -> str | None:
    return None if isinstance(value, CommandTable) else "it is not a CommandTable"


def _tables() -> tuple[list[tuple[str, CommandTable, Origin]], list[LoadProblem]]:
    loaded, problems = load(HOOK, _check)
    tables = [(item.name, item.value, item.origin) for item in loaded]
    names = {item.name for item in loaded} | {p.name for p in problems}
    for name, target in BUILT_IN.items():  # never installed: no entry points at all
        if name not in names:
            module, _, attribute = target.partition(":")
            tables.append((name, getattr(importlib.import_module(module), attribute), Origin(name, "built in",
                                                                                              target=target)))
    own = [t for t in tables if BUILT_IN.get(t[0]) == t[2].target]  # the game's own first: a plugin adds, never replaces
    return sorted(own, key=lambda t: t[0]) + sorted((t for t in tables if t not in own), key=lambda t: t[0]), \
        list(problems)


def _load() -> list[LoadProblem]:
    tables, problems = _tables()
    for name, table, origin in tables:
        for command, entry in table.commands.items():
            if command in COMMANDS:
                problems.append(LoadProblem(name, origin, f"/{command} is already a command", HOOK))
                continue
            COMMANDS[command] = entry
    return problems


PROBLEMS: list[LoadProblem] = _load()
"""Command tables, or commands, that could not be loaded."""

__all__ = ["COMMANDS", "GROUPS", "PROBLEMS", "lookup", "run_command"]
