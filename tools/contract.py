"""The result contract every tool honours, so narration, teaching and tests all read the same object.

Every result carries ``summary`` (one line), ``steps`` (ordered lines a newcomer can follow) and ``rule_refs``
(``file.md#Section heading``). The summary and steps are data (:class:`tools.steps.Step`: a phrase's kind and the
values it states); their words come from the phrase tables when a renderer asks (:mod:`tools.phrases`). A plain
string is still accepted there: a result logged before results were data, and tools not yet moved to steps. Check-like results add ``dice`` (every die), ``outcome`` (the system's result),
``success`` (true/false, or null where the system has no pass/fail) and ``odds`` (the exact distribution of
``outcome`` before the roll). Results are frozen: nothing downstream can edit a number.

``facts()`` reads a result's numbers in the roles the rules give them (:mod:`tools.facts`): derived, never stored,
so logged results and their replay stay byte-identical.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from narrator.tools.dice import Die
from narrator.tools.odds import Odds
from narrator.tools.phrases import signed  # noqa: F401 - how modifiers are written, importable from here
from narrator.tools.steps import Step

if TYPE_CHECKING:
    from narrator.tools.facts import Fact

RULE_REF = re.compile(r"^[a-z0-9-]+\.md#.+$")
_CITED: set[str] = set()
"""Citations that already matched :data:`RULE_REF` (the same few hundred come back on every call)."""
MAX_CITED = 4096


class ToolArgs(BaseModel):
    """Base for tool arguments: unknown fields are rejected so a misspelt argument is never silently ignored."""

    model_config = ConfigDict(extra="forbid", frozen=True, str_strip_whitespace=True)


class ToolResult(BaseModel):
    """Base for every tool result."""

    model_config = ConfigDict(frozen=True)

    summary: Step | str = Field(description="One line saying what happened: a step (data), or text in a result "
                                "logged before results were data.")
    steps: list[Step | str] = Field(default_factory=list, description="Ordered explanation lines, as steps.")
    rule_refs: list[str] = Field(default_factory=list, description="Rulebook citations, 'file.md#Section'.")

    @field_validator("rule_refs")
    @classmethod
    def _refs_are_citations(cls, refs: list[str]) -> list[str]:
        if _CITED.issuperset(refs):  # the common case: every citation was checked before
            return refs
        bad = [r for r in refs if r not in _CITED and not RULE_REF.match(r)]
        if bad:
            raise ValueError(f"rule_refs must look like 'book.md#Section heading': {bad}")
        if len(_CITED) < MAX_CITED:
            _CITED.update(refs)
        return refs

    def facts(self) -> list["Fact"]:
        """The numbers this result establishes, each with its role (die, target, modifier, damage...)."""
        from narrator.tools.facts import facts_of

        return facts_of(self)


class CheckResult(ToolResult):
    """A result decided by dice against the rules: the check-like contract."""

    dice: list[Die] = Field(description="Every die thrown, in order, with its flags.")
    outcome: Any = Field(description="The system's result.")
    success: bool | None = Field(description="Pass/fail where the system has one, else null.")
    odds: Odds | None = Field(description="Exact distribution of the outcome before the roll.")


def ref(book: str, section: str) -> str:
    """Build a rulebook citation: ``ref('minim', 'Tests') == 'minim.md#Tests'``."""
    return f"{book}.md#{section}"

