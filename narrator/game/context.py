"""What a slash command, a wizard or a generator may touch: two narrow protocols instead of the whole session.

Why: commands used to reach into :class:`narrator.game.session.GameSession` — its campaign, its store, a private
method — and import the session back, a circle that made every change to the session a change to every command.
Now a command sees a :class:`Play` (output, the active character, the table as read-only state, logged calls and
a few named actions), and a scene generator or encounter builder sees an :class:`Engine` (logged calls and the
state). ``GameSession`` implements both; tests can implement them too.

A wizard sees a :class:`Host`: a :class:`Play` that can also open and create campaigns. The wizards import
neither the session nor anything that imports it, so the session imports them and no circle closes.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from narrator.memory.actions import Undone
    from narrator.memory.campaign import Campaign
    from narrator.memory.store import StoredEvent
    from narrator.agent.turn import TurnOutcome
    from narrator.game.blocks import Block
    from narrator.game.rules import GameRules
    from narrator.tools.contract import ToolResult
    from narrator.tools.table import TableState


@runtime_checkable
class Engine(Protocol):
    """The campaign as generators use it: logged tool calls and the state they lead to."""

    name: str
    system: str

    @property
    def state(self) -> "TableState": ...

    def call(self, tool: str, args: Any) -> "ToolResult": ...


@runtime_checkable
class Mode(Protocol):
    """A play mode (solo, assist, teach: :mod:`narrator.game.modes`): what the game does at the moments the modes
    differ. The session and the commands call these; they never ask which mode it is."""

    name: str
    hint: str
    explains: bool  # results shown step by step with their rules, else as one-line summaries

    def enter(self, play: "Play") -> None: ...

    def before_roll(self, play: "Play", tool: str, args: dict[str, Any], circumstance: str | None = None) -> None: ...

    def speaker(self, play: "Play", text: str) -> str | None: ...

    def read_as(self, play: "Play", outcome: "TurnOutcome") -> None: ...

    def after_turn(self, play: "Play", outcome: "TurnOutcome", text: str) -> None: ...

    def turn_passed(self, play: "Play") -> None: ...

    def foes_arrived(self, play: "Play", foes: list[str]) -> None: ...

    def skip_blocked(self, play: "Play") -> None: ...


@runtime_checkable
class Play(Protocol):
    """The game as commands use it."""

    play_mode: "Mode"
    actor: str | None
    resources: Any
    last: "tuple[str, ToolResult] | None"
    last_line: str

    @property
    def mode(self) -> str:
        """The play mode's name."""
        ...

    # -- output -------------------------------------------------------------------------------------------------
    def emit(self, block: "Block") -> None: ...

    def info(self, text: str) -> None: ...

    def error(self, text: str) -> None: ...

    def show_result(self, tool: str, result: "ToolResult", explain: bool | None = None, own: bool = True) -> None:
        ...

    def show_sheet(self, name: str) -> None: ...

    def preview(self, tool: str, args: dict[str, Any]) -> None:
        """The exact odds of a roll before it is thrown, when the rules can compute them."""
        ...

    # -- the table ----------------------------------------------------------------------------------------------
    @property
    def has_campaign(self) -> bool: ...

    @property
    def state(self) -> "TableState": ...

    @property
    def system(self) -> str: ...

    @property
    def campaign_name(self) -> str: ...

    @property
    def rules(self) -> "GameRules": ...

    @property
    def engine(self) -> Engine: ...

    def names(self) -> list[str]: ...

    def pcs(self) -> list[str]: ...

    def call(self, tool: str, args: dict[str, Any], preview: bool = True, explain: bool | None = None,
             own: bool = True) -> "ToolResult": ...

    def say(self, kind: str, text: str, **extra: Any) -> int: ...

    def events(self) -> "list[StoredEvent]": ...

    def history(self) -> "list[StoredEvent]":
        """The events that count after rewinds, oldest first."""
        ...

    def event_count(self) -> int: ...

    def undo(self) -> "Undone | None": ...

    def backup(self) -> Path: ...

    def export(self, path: Path | None) -> tuple[Path, int, int]: ...

    def result_of(self, event: "StoredEvent") -> "ToolResult": ...

    # -- the session ---------------------------------------------------------------------------------------------
    def rulings(self) -> tuple[Callable[..., Any] | None, str | None]: ...

    def remembered(self, question: str) -> tuple[list[str], str | None]:
        """The campaign memory's best lines for ``question`` ("(event 12) ..."), or why there are none."""
        ...

    def set_mode(self, mode: str) -> None: ...

    def frame_scene(self, kind: str = "next") -> None: ...

    def start_character_wizard(self) -> None: ...

    def run_foes(self) -> None: ...

    def loses_turn(self, name: str) -> None:
        """Say that ``name`` cannot act this turn, and why."""
        ...

    def recap(self) -> None: ...

    def cancel_wizard(self) -> bool: ...

    def resume_hint(self) -> str: ...

    def close(self) -> None: ...


@runtime_checkable
class Host(Play, Protocol):
    """The game as the campaign and character wizards use it: a :class:`Play` that opens and creates campaigns."""

    config: Any  # narrator.game.session.SessionConfig: where campaigns live

    @property
    def campaign(self) -> "Campaign | None": ...

    def open_campaign(self, name: str) -> None: ...

    def create_campaign(self, name: str, system: str, options: dict[str, Any]) -> None: ...

    def rules_of(self, system: str) -> "GameRules": ...
