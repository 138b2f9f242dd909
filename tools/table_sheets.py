"""Reading a character off the table as its system's sheet: the reads every system's table tools start with.

Why one place: each system's ``table_common`` wrote the same four helpers — a sheet parsed as the system's model
(or an error naming the broken field), a name found with its sheet, the bearer's conditions in lower case, an
unknown-name error — differing only in the model and the book's name. A system now declares its
:class:`Sheets` once (``SHEETS = Sheets(BrewCharacter, "Brew")``) and keeps its rules.
"""

from __future__ import annotations

from typing import Any, Generic, NoReturn, TypeVar

from pydantic import BaseModel, Field

from narrator.tools.contract import ToolArgs
from narrator.tools.problems import fail, sheet_as
from narrator.tools.table import TableState, UnknownNameError

S = TypeVar("S", bound=BaseModel)
G = TypeVar("G", bound=Any)  # a gear item: any model with a name

ON_TABLE = Field(min_length=1, max_length=60, description="A character or NPC on the table.")
"""The argument that names someone already on the table (an ``actor``, a ``target``), as :meth:`Sheets.find`
reads it: one definition of its limits and words for every system's table tools."""


class HealArgs(ToolArgs):
    # A heal tool's arguments (whom, how much, why): the same in every system that heals by an amount; one that
    # counts health otherwise overrides ``amount`` with its own limit and words. (A comment, not a docstring: a
    # docstring would be the schema's description, read by the model.)
    target: str = ON_TABLE
    amount: int = Field(ge=1, le=50, description="Health points restored (never above the maximum).")
    reason: str | None = Field(None, max_length=200, description="What heals: a potion, a power, first aid...")


class Sheets(Generic[S]):
    """The sheets of one system on the table: ``model`` parses them, ``book`` names the system in an error."""

    def __init__(self, model: type[S], book: str) -> None:
        self.model = model
        self.book = book

    def sheet_of(self, state: TableState, name: str, field: str = "actor") -> S:
        """``name``'s sheet as the model, or an argument error on ``field`` saying what to fix."""
        return sheet_as(self.model, state, name, self.book, field)

    def find(self, state: TableState, name: str, field: str) -> tuple[str, S]:
        """The canonical name and parsed sheet of a character, or an error listing the known names."""
        known = state.find(name, field)
        return known, self.sheet_of(state, known, field)

    def two(self, state: TableState, one: str, one_field: str, other: str, other_field: str,
            verb: str) -> tuple[str, S, str, S]:
        """Two different characters an action joins (an attacker and a defender, a helper and the helped): each
        found with their sheet, refused on ``other_field`` when both name the same one ("X cannot ``verb``
        themselves")."""
        a_name, a = self.find(state, one, one_field)
        b_name, b = self.find(state, other, other_field)
        if a_name == b_name:
            fail(other_field, f"{a_name} cannot {verb} themselves", other)
        return a_name, a, b_name, b


def conditions_of(state: TableState, name: str) -> list[str]:
    """The bearer's conditions in lower case (a condition typed by hand may carry capitals)."""
    return [c.lower() for c in state.conditions.get(name, [])]


def unknown(what: str, name: str, known: list[str], field: str) -> NoReturn:
    """An argument error for a name that is not among ``known`` (the known ones listed)."""
    raise UnknownNameError(what, name, known, field)


def without_item(gear: list[G], item: str, field: str = "item") -> tuple[G, list[G]]:
    """The item of ``gear`` named ``item`` (ignoring case and spaces around it) and the gear without it, or an
    unknown-name error listing the gear: losing, giving away or using up an item reads the same in every system."""
    index = next((i for i, g in enumerate(gear) if g.name.casefold() == item.strip().casefold()), None)
    if index is None:
        unknown("item", item, [g.name for g in gear], field)
    return gear[index], [g for i, g in enumerate(gear) if i != index]
