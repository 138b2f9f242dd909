"""What a sheet's rules check reports: each broken rule as the field it concerns, a step stating the rule (its kind,
the numbers and names it found, the rule it cites) and the value found.

Why one place: Brew, Mini Six, Minim and Mastery each wrote the same record, the same maker (the sentence ends with
the rule it breaks, "... (minim.md#Health).") and, in three of them, the same short form of the value found. The
rules themselves — which fields, which limits, which budgets — stay in each system's ``sheet.py``, and their words
in the system's phrase table (``rule_*``, each ending with the rule it cites); the record a validate tool lists and a
create tool turns into a :class:`tools.errors.FieldProblem` is written once, and so is what every validate tool does
with the list: the scope (no creation budgets for an NPC, in any book) and the verdict.

A broken rule is a step, not a sentence (issue 30: results as data): a validate tool's result lists the steps and its
lines quote them, so a reworded rule is no divergence on a replayed campaign. An argument error stays English — it
goes to the model and the user — so a create tool's error is written from the step when it is raised.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from pydantic import Field

from narrator.tools.contract import ToolResult
from narrator.tools.errors import FieldProblem
from narrator.tools.phrases import say
from narrator.tools.problems import short
from narrator.tools.steps import Step, step

__all__ = ["SheetVerdict", "Violation", "checked", "short", "verdict", "verdict_lines"]


@dataclass(frozen=True)
class Violation:
    """One broken rule: the sheet field it concerns, the rule as a step, and the value found."""

    field: str
    step: Step
    given: str | None = None

    @classmethod
    def of(cls, field: str, kind: str, rule: str, given: Any = None, shown: Callable[[Any], str] = str, /,
           **values: Any) -> Violation:
        """A violation stated by the step ``kind`` with ``values``, the field and the rule it breaks (its phrase
        ends with it, e.g. '(minim.md#Health).'); ``shown`` writes the value found (``str``, or :func:`short` for a
        value that may be long)."""
        return cls(field, step(kind, field=field, **values, rule=rule), None if given is None else shown(given))

    @property
    def sentence(self) -> str:
        """The broken rule in words, as the book's rule is cited: what an argument error and a sheet's problems say."""
        return say(self.step)

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
    return [step("table.broken_rule", sentence=v.step) for v in found] or [step("table.no_rule_broken")]


def verdict(name: str, found: list[Violation]) -> Step:
    """A validate tool's summary: the sheet is valid, or how many rules it breaks."""
    return step("table.verdict", name=name, broken=len(found))


class SheetVerdict(ToolResult):
    """What a validate tool returns before its system's own figures: whether the sheet is legal, and why not."""

    valid: bool
    violations: list[Step | str] = Field(description="Every rule broken, one sentence each.")
    """A step each; a sentence in a result logged before broken rules were steps (the description, part of the
    result's schema, is kept as it was)."""
