"""What a sheet's rules check reports: each broken rule as the field it concerns, a sentence citing the rule, and
the value found.

Why one place: Brew, Mini Six, Minim and Mastery each wrote the same record, the same maker (the sentence ends with
the rule it breaks, "... (minim.md#Health).") and, in three of them, the same short form of the value found. The
rules themselves — which fields, which limits, which budgets — stay in each system's ``sheet.py``; the record a
validate tool lists and a create tool turns into a :class:`tools.errors.FieldProblem` is written once, and so is
what every validate tool does with the list: the scope (no creation budgets for an NPC, in any book) and the verdict.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from pydantic import Field

from narrator.tools.contract import ToolResult
from narrator.tools.errors import FieldProblem
from narrator.tools.problems import short
from narrator.tools.steps import Step, step

__all__ = ["SheetVerdict", "Violation", "checked", "short", "verdict", "verdict_lines"]


@dataclass(frozen=True)
class Violation:
    """One broken rule: the sheet field it concerns, a sentence citing the rule, and the value found."""

    field: str
    sentence: str
    given: str | None = None

    @classmethod
    def of(cls, field: str, text: str, rule: str, given: Any = None, shown: Callable[[Any], str] = str) -> Violation:
        """A violation whose sentence ends with the rule it breaks, e.g. '(minim.md#Health)'; ``shown`` writes the
        value found (``str``, or :func:`short` for a value that may be long)."""
        return cls(field, f"{text} ({rule}).", None if given is None else shown(given))

    def problem(self) -> FieldProblem:
        """The violation as an argument error's problem, for a tool that refuses the sheet it was given."""
        return FieldProblem(self.field, self.sentence, self.given)


class _Sheet(Protocol):
    name: str
    npc: bool


def checked(sheet: _Sheet, creation: bool,
            problems: Callable[[Any, bool], list[Violation]]) -> tuple[bool, list[Violation]]:
    """Whether the creation budgets apply (asked for, and never to an NPC: every book sets those by judgement), and
    every rule ``problems`` finds the sheet breaking under that scope."""
    creation = creation and not sheet.npc
    return creation, problems(sheet, creation)


def verdict_lines(found: list[Violation]) -> list[Step]:
    """A validate tool's lines for what it found: each broken rule, or that none is."""
    return [step("table.broken_rule", sentence=v.sentence) for v in found] or [step("table.no_rule_broken")]


def verdict(name: str, found: list[Violation]) -> Step:
    """A validate tool's summary: the sheet is valid, or how many rules it breaks."""
    return step("table.verdict", name=name, broken=len(found))


class SheetVerdict(ToolResult):
    """What a validate tool returns before its system's own figures: whether the sheet is legal, and why not."""

    valid: bool
    violations: list[str] = Field(description="Every rule broken, one sentence each.")
