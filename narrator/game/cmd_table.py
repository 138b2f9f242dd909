"""Commands of every mode: sheets, inventory, party, the initiative tracker, undo, save, export, mode, actor,
character creation, help and quit. They read the table or make logged calls; none keeps state of its own."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from narrator.game.blocks import Block
from narrator.game.commands import (
    COMMANDS, GROUPS, CommandTable, complete_names, find_name, lookup, name_or_actor, usage_error,
)
from narrator.game.modes import MODES
from narrator.game.views import party_view, rows_table, tracker_view
from narrator.tools.errors import UserError
from narrator.tools.systems import get_system

if TYPE_CHECKING:
    from narrator.game.context import Play as GameSession


TABLE = CommandTable()
"""The table commands (registered in pyproject.toml under the hook ``narrator.commands``)."""
command = TABLE.command


@command("sheet", "/sheet [NAME]", "show a character's or NPC's sheet (default: the active character)", "table",
         complete=complete_names)
def sheet(s: "GameSession", arg: str) -> None:
    s.show_sheet(name_or_actor(s, arg))


@command("inventory", "/inventory [NAME]", "gear, and what the character's wealth buys", "table",
         complete=complete_names)
def inventory(s: "GameSession", arg: str) -> None:
    name = name_or_actor(s, arg)
    s.emit(Block.of("view", s.rules.inventory_view(s.state.characters[name])))


@command("party", "/party", "quick sheets of the whole party (and the NPCs on the table)", "assist")
def party(s: "GameSession", arg: str) -> None:
    state = s.state
    pcs = [s.rules.party_row(n, sh, state) for n, sh in state.characters.items() if not sh.get("npc")]
    npcs = [s.rules.party_row(n, sh, state) for n, sh in state.characters.items() if sh.get("npc")]
    s.emit(Block.of("view", party_view(pcs, "Party")))
    if npcs:
        s.emit(Block.of("view", party_view(npcs, "Also on the table")))


def _tracker(s: "GameSession") -> None:
    state = s.state
    health = {n: s.rules.resources(sh) for n, sh in state.characters.items()}
    s.emit(Block.of("view", tracker_view(state, health)))


@command("initiative", "/initiative [start|next|end|join NAME]",
         "the initiative tracker; start a fight, next turn, end it, add someone to it", "assist",
         complete=lambda s, a: ("start", "next", "end", "join"))
def initiative(s: "GameSession", arg: str) -> None:
    action, _, rest = arg.strip().partition(" ")
    action = action.lower()
    if action == "join":
        system = get_system(s.system)
        if system.join_combat_tool is None:
            raise UserError(f"{system.title} has no rule for joining a running fight.")
        if not rest.strip():
            raise UserError("Who joins? /initiative join NAME")
        s.call(system.join_combat_tool, {"actor": rest.strip()})
        s.play_mode.turn_passed(s)
    elif action == "start":
        tool = s.rules.start_combat_tool
        if tool is None:
            raise UserError(f"{s.system} has no initiative tool yet.")
        s.call(tool, {})
        s.play_mode.turn_passed(s)
    elif action == "next":
        s.call("table_next_turn", {}, preview=False)
        s.play_mode.turn_passed(s)
    elif action == "end":
        s.call("table_end_combat", {}, preview=False)
        return  # the tracker would only add "No fight is running" under "Combat ends"
    elif action:
        raise usage_error("initiative")
    _tracker(s)


@command("undo", "/undo", "take back your last action: its rolls, what they caused and its narration (the log "
         "keeps it, marked as rewound)", "table")
def undo(s: "GameSession", arg: str) -> None:
    undone = s.undo()
    if undone is None:
        s.info("Nothing to undo.")
        return
    s.info(undone.line())
    ini = s.state.initiative
    if ini.active and ini.current:
        s.info(f"It is {ini.current}'s turn again (round {ini.round}).")


@command("save", "/save", "everything is already saved; this also writes a backup copy", "table")
def save(s: "GameSession", arg: str) -> None:
    backup = s.backup()
    s.info(f"Everything is already saved: every event is committed to the log as it happens "
           f"({s.event_count()} events). Backup written to {backup}.")


@command("export", "/export [FILE]", "write the session as Markdown, every roll with its dice and odds", "table")
def export(s: "GameSession", arg: str) -> None:
    path, lines, rolls = s.export(Path(arg).expanduser() if arg else None)
    s.info(f"Wrote {path} ({lines} lines, {rolls} rolls).")


@command("mode", "/mode " + "|".join(MODES), "switch how the game helps you", "table",
         complete=lambda s, a: tuple(MODES))
def mode(s: "GameSession", arg: str) -> None:
    s.set_mode(arg.lower())


@command("actor", "/actor NAME", "speak for another character (free text is their action)", "table",
         complete=complete_names)
def actor(s: "GameSession", arg: str) -> None:
    if not arg:
        s.info(f"You speak for {s.actor}." if s.actor else "No active character.")
        return
    s.actor = find_name(s, arg)
    s.info(f"You now speak for {s.actor}.")


@command("character", "/character", "create another player-character (guided or random)", "table")
def character(s: "GameSession", arg: str) -> None:
    s.start_character_wizard()


@command("cancel", "/cancel", "leave the question being asked (character creation)", "session", in_wizard=True,
         needs_campaign=False)
def cancel(s: "GameSession", arg: str) -> None:
    if not s.cancel_wizard():
        s.info("Nothing to cancel.")


@command("help", "/help [COMMAND]", "this list, or one command's usage", "session", in_wizard=True,
         needs_campaign=False, complete=lambda s, a: tuple(COMMANDS))
def help_(s: "GameSession", arg: str) -> None:
    if arg:
        cmd = lookup(arg.lstrip("/"))
        if cmd is None:
            raise UserError(f"No command /{arg[:30]}. /help lists them.")
        s.info(f"{cmd.usage} — {cmd.summary}.")
        return
    if s.wizard is not None:
        s.info("Answer the question above (Enter takes the default in [brackets]); /cancel leaves character "
               "creation, /quit leaves the game. Everything done so far is saved.")
    order = [s.mode] + [g for g in GROUPS if g != s.mode]
    rows = [[c.usage, c.summary, GROUPS[c.group]] for g in order for c in COMMANDS.values() if c.group == g]
    s.emit(Block.of("view", rows_table(f"Commands ({s.mode} mode first)", ["command", "what it does", "group"],
                                       rows)))
    s.info("Anything else you type is what your character does; the narrator answers. Ctrl-C clears the line, "
           "Ctrl-D or /quit leaves.")


@command("quit", "/quit", "leave the game (everything is already saved)", "session", in_wizard=True,
         needs_campaign=False)
def quit_(s: "GameSession", arg: str) -> None:
    if s.has_campaign:
        s.info(f"Goodbye. '{s.campaign_name}' is saved ({s.event_count()} events); resume it with: "
               f"{s.resume_hint()}")
    else:
        s.info("Goodbye.")
    s.close()
