"""The fight glue the systems share: who takes part when a fight starts, and where a latecomer joins the order.

Why one place: every system's start-combat tool resolved its combatants the same way (everyone still standing when
none are named; else each named one found, once, and able to fight) and every join tool placed a latecomer in the
tracker the same way (a slot at or before the current turn has passed this round, so the turn stays with whoever
has it). What differs is a rule of the book — who counts as standing, why someone cannot fight, how initiative is
rolled — and a system passes that in; the tracker's bookkeeping is written once. Every join tool also began with
the same four refusals (no fight running, an unknown name, one already in the order, one who cannot fight):
:func:`latecomer` writes them once, in the system's words; so do :func:`no_fight_yet` (a start tool's refusal
while one runs) and :func:`opened` (the tracker at the first turn of round 1), :func:`combatants_arg` the start
tool's argument, :class:`JoinCombatArgs` and :class:`Joined` a join tool's arguments and
result, and :func:`by_total` a latecomer's place when the book orders by total alone.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, TypeVar

from pydantic import Field, create_model

from narrator.tools.contract import ToolArgs
from narrator.tools.problems import fail
from narrator.tools.table import BoundResult, Initiative, TableState
from narrator.tools.table_sheets import Sheets

S = TypeVar("S")


class JoinCombatArgs(ToolArgs):
    """A join tool's arguments, the same in every system: who joins."""

    actor: str = Field(min_length=1, max_length=60, description="Who joins the running fight.")


class Joined(BoundResult):
    """What every join tool's result states beside its system's initiative roll (if any): who joined, their slot and
    the tracker with them seated. A system's result is its roll's result and this (``class
    JoinCombatResult(InitiativeResult, Joined)``)."""

    actor: str
    position: int = Field(description="1 acts first.")
    initiative: Initiative


def no_fight_yet(state: TableState, join_tool: str | None = None, *, fight: str = "combat",
                 listed: bool = True) -> None:
    """Refuse to start a fight while one runs: ``fight`` is the book's word for it, ``listed`` shows who is in it,
    ``join_tool`` (if the system has one) is how to add someone instead."""
    ini = state.initiative
    if ini.active:
        who = f": {', '.join(ini.order)}" if listed else ""
        instead = f"add someone with {join_tool}, or end it" if join_tool else "end it"
        fail("(state)", f"{fight} is already running (round {ini.round}{who}); {instead} with table_end_combat first")


def opened(order: list[str], totals: dict[str, int]) -> Initiative:
    """The tracker of a fight that starts now: ``order`` (with each one's initiative ``totals``), round 1, the first
    in order to act."""
    return Initiative(active=True, round=1, turn=0, order=order, totals=totals)


def combatants_arg(default: str) -> Any:
    """A start tool's ``combatants`` argument: one to fifty names, or None for everyone :func:`fighters` takes by
    default — ``default`` says who that is in the book's words."""
    return Field(None, min_length=1, max_length=50, description=f"Who fights; default: {default}")


def start_args(default: str) -> type[ToolArgs]:
    """A start tool's arguments: only :func:`combatants_arg` (the model every system's start tool took, written
    once; ``default`` as there)."""
    return create_model("StartCombatArgs", __base__=ToolArgs, __module__=sys._getframe(1).f_globals["__name__"],
                        combatants=(list[str] | None, combatants_arg(default)))


def fighters(state: TableState, combatants: list[str] | None, sheets: Sheets, *,
             standing: Callable[[str, S], bool], able: Callable[[str, S, str], None],
             nobody: str = "nobody on the table can fight; add characters first",
             field: str = "combatants") -> list[tuple[str, S]]:
    """The fight's combatants with their sheets, in the order given (or the table's).

    ``combatants`` None: everyone on the table for whom ``standing(name, sheet)`` holds (``nobody`` is the refusal
    when that is no one). Named: each found on the table, none twice, and each passing ``able(name, sheet,
    field)`` (which refuses, in the system's words, one who cannot fight)."""
    if combatants is None:
        found = [(n, sheets.sheet_of(state, n, field)) for n in state.characters]
        found = [(n, c) for n, c in found if standing(n, c)]
        if not found:
            fail(field, nobody)
        return found
    found = [sheets.find(state, n, f"{field}.{i}") for i, n in enumerate(combatants)]
    names = [n for n, _ in found]
    if len(set(names)) != len(names):
        fail(field, "each character once", ", ".join(names))
    for i, (n, c) in enumerate(found):
        able(n, c, f"{field}.{i}")
    return found


def latecomer(state: TableState, actor: str, sheets: Sheets, *, able: Callable[[str, S, str], None],
              start_tool: str, fight: str = "combat", order: str = "the initiative order",
              position: bool = True) -> tuple[str, S]:
    """The one joining the running fight, with their sheet: refused when no fight is running (``start_tool``
    starts one; ``fight`` is the book's word for it), when ``actor`` is not on the table, when they are already in
    ``order`` (at their ``position`` there, if the system says it), or when ``able(name, sheet, field)`` refuses
    them (in the system's words)."""
    ini = state.initiative
    if not ini.active:
        fail("(state)", f"no {fight} is running; start one with {start_tool}")
    name, sheet = sheets.find(state, actor, "actor")
    if name in ini.order:
        where = f" (position {ini.order.index(name) + 1})" if position else ""
        fail("actor", f"{name} is already in {order}{where}", name)
    able(name, sheet, "actor")
    return name, sheet


def seated(ini: Initiative, name: str, pos: int, total: int | None = None) -> Initiative:
    """The tracker with ``name`` placed at ``pos`` (0 acts first) and its initiative ``total`` recorded (None: no
    total, the order alone says who goes when). A slot at or before the current turn has passed this round: the
    current combatant keeps the turn and the latecomer first acts next round."""
    order = ini.order[:pos] + [name] + ini.order[pos:]
    turn = ini.turn + 1 if pos <= ini.turn else ini.turn
    totals = ini.totals if total is None else {**ini.totals, name: total}
    return ini.model_copy(update={"order": order, "turn": turn, "totals": totals})


def by_total(ini: Initiative, name: str, total: int) -> tuple[int, Initiative]:
    """A latecomer placed by its initiative ``total``, after everyone whose total is as high or higher (so a tie
    keeps those already placed ahead): its slot (0 acts first) and the tracker with it seated (:func:`seated`)."""
    pos = sum(1 for other in ini.order if ini.totals.get(other, 0) >= total)
    return pos, seated(ini, name, pos, total)
