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

import re

from narrator.game.commands import COMMANDS, GROUPS, CommandTable, lookup, run_command
from narrator.tools.hooks import COMMANDS as HOOK
from narrator.tools.hooks import LoadProblem, load

BUILT_IN = (("play", "narrator.game.cmd_play:TABLE"), ("story", "narrator.game.cmd_story:TABLE"),
            ("table", "narrator.game.cmd_table:TABLE"), ("teach", "narrator.game.cmd_teach:TABLE"))
"""The game's own tables, as ``pyproject.toml`` registers them (loaded directly when no entry point names them)."""


def _check(name: str, value: object) -> str | None:
    return None if isinstance(value, CommandTable) else "it is not a CommandTable"


def _load() -> list[LoadProblem]:
    loaded, problems = load(HOOK, _check, BUILT_IN)
    own = dict(BUILT_IN)
    first = sorted((item for item in loaded if own.get(item.name) == item.origin.target), key=lambda i: i.name)
    found = list(problems)
    for item in first + sorted((i for i in loaded if i not in first), key=lambda i: i.name):
        for command, entry in item.value.commands.items():  # the game's own first: a plugin adds, never replaces
            if command in COMMANDS:
                found.append(LoadProblem(item.name, item.origin, f"/{command} is already a command", HOOK))
                continue
            COMMANDS[command] = entry
    return found


PROBLEMS: list[LoadProblem] = _load()
"""Command tables, or commands, that could not be loaded."""

ALSO = {"exit": "quit", "bye": "quit", "commands": "help"}
"""Words a newcomer types for a command that has another name."""
GUIDANCE = re.compile(r"^\s*(what\s+(can|should|do|could)\s+(i|we)\s+do(\s+(now|next|here))?|what\s+now|what\s+next|"
                      r"now\s+what)\b[\s?.]*$", re.I)


def hint_for(text: str) -> str | None:
    """What to say to a line a newcomer meant for the game rather than for their character, else None: a command
    typed without its slash ("help", "save", "exit"), or "what can I do?". Why: each came back as "Could you say what
    your character does?", and "what can I do?" was offered to the oracle as a yes/no question."""
    word = text.strip().rstrip(".?").strip().lower()  # "Help!" is shouted in the story
    name = ALSO.get(word, word)
    if name in COMMANDS and word.isalpha():
        return (f"Commands start with a slash: /{name} — {COMMANDS[name].summary}. Anything else you type is what "
                "your character does.")
    if GUIDANCE.search(text):
        return ("Say what your character does, in your own words: \"I search the room\", \"I attack the bandit\", "
                "\"I ask Nell about the mine\". /help lists the commands.")
    return None


__all__ = ["COMMANDS", "GROUPS", "PROBLEMS", "hint_for", "lookup", "run_command"]
