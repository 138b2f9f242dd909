"""Slash commands: one table of name, usage, help text, group and handler, shared by dispatch, /help and completion.

Why a table: the same facts drive three things — running a command, listing it in ``/help`` by mode, and
completing its name and arguments — so they cannot drift apart. Handlers live in :mod:`.cmd_table`,
:mod:`.cmd_play`, :mod:`.cmd_story` and :mod:`.cmd_teach`, each in its :class:`CommandTable`; :mod:`.command_set`
loads the tables through the hook ``narrator.commands`` into :data:`COMMANDS` (this module imports none of them:
no circle). A handler sees the game only through
:class:`narrator.game.context.Play`. Every command works in every mode; the groups only say where each one shines.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from narrator.tools.errors import NarratorError, ToolCallError, UserError, player_message

if TYPE_CHECKING:
    from narrator.game.context import Play as GameSession

GROUPS = {"table": "At the table (every mode)", "solo": "Solo", "assist": "Assist (running the table)",
          "teach": "Teach", "session": "Session"}


@dataclass(frozen=True)
class Command:
    name: str
    usage: str
    summary: str
    group: str
    run: Callable[["GameSession", str], None]
    needs_campaign: bool = True
    in_wizard: bool = False
    complete: Callable[["GameSession", list[str]], Sequence[str]] | None = None


COMMANDS: dict[str, Command] = {}
ALIASES = {"q": "quit", "exit": "quit", "h": "help", "?": "help", "inv": "inventory", "init": "initiative",
           "char": "character"}


class CommandTable:
    """The slash commands one module provides, as data: its handlers join by decoration (``TABLE.command``), and the
    game loads every table through the hook ``narrator.commands`` (:mod:`.command_set`) — the built-in tables and a
    plugin's alike. Nothing registers itself in a global on import."""

    def __init__(self) -> None:
        self.commands: dict[str, Command] = {}

    def command(self, name: str, usage: str, summary: str, group: str, *, needs_campaign: bool = True,
                in_wizard: bool = False, complete: Callable[["GameSession", list[str]], Sequence[str]] | None = None):
        def register(fn: Callable[["GameSession", str], None]) -> Callable[["GameSession", str], None]:
            self.commands[name] = Command(name, usage, summary, group, fn, needs_campaign, in_wizard, complete)
            return fn

        return register


def lookup(name: str) -> Command | None:
    name = name.lower()
    return COMMANDS.get(ALIASES.get(name, name))


def run_command(session: "GameSession", text: str) -> None:
    """Dispatch ``/name args``; any error meant for people becomes a message and the session goes on."""
    name, _, rest = text[1:].partition(" ")
    cmd = lookup(name)
    if cmd is None:
        close = difflib.get_close_matches(name.lower(), list(COMMANDS), n=2)
        hint = f" Did you mean {' or '.join('/' + c for c in close)}?" if close else ""
        session.error(f"Unknown command /{name[:30]}.{hint} /help lists the commands.")
        return
    if session.wizard is not None and not cmd.in_wizard:
        session.error(f"/{cmd.name} has to wait: answer the question first (or /cancel, /help, /quit).")
        return
    if cmd.needs_campaign and not session.has_campaign:
        session.error(f"/{cmd.name} needs an open campaign.")
        return
    try:
        cmd.run(session, rest.strip())
    except ToolCallError as e:  # the engine refused (/check a skill not on the sheet): plain words, not field syntax
        session.error(player_message(e, session.actor))
    except NarratorError as e:
        session.error(str(e))


def usage_error(cmd: str) -> UserError:
    return UserError(f"Usage: {COMMANDS[cmd].usage}")


def find_name(session: "GameSession", name: str) -> str:
    """A character or NPC on the table by name (any case), or a unique prefix of one."""
    names = session.names()
    wanted = name.strip().casefold()
    exact = [n for n in names if n.casefold() == wanted]
    if exact:
        return exact[0]
    prefix = [n for n in names if n.casefold().startswith(wanted)] if wanted else []
    if len(prefix) == 1:
        return prefix[0]
    listing = ", ".join(names) or "nobody yet"
    raise UserError(f"No character named {name[:40]!r}. On the table: {listing}.")


def name_or_actor(session: "GameSession", arg: str) -> str:
    if arg:
        return find_name(session, arg)
    if session.actor is None:
        raise UserError("Name a character (there is no active one yet).")
    return session.actor


def complete_names(session: "GameSession", args: list[str]) -> Sequence[str]:
    return session.names()

