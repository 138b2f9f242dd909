"""Every slash command, loaded: the handler modules register themselves in :mod:`.commands` on import.

Why a module of its own: the registry (:mod:`.commands`) must not import its handlers (they import it), and the
session must not be imported by either. Whoever runs or completes commands imports this module.
"""

from __future__ import annotations

from narrator.game import cmd_play, cmd_story, cmd_table, cmd_teach  # noqa: F401  (handlers register themselves)
from narrator.game.commands import COMMANDS, GROUPS, lookup, run_command

__all__ = ["COMMANDS", "GROUPS", "lookup", "run_command"]
