"""What a sheet's rules check reports: each broken rule as the field it concerns, a sentence citing the rule, and
the value found.

Why one place: Brew, Mini Six, Minim and Mastery each wrote the same record, the same maker (the sentence ends with
the rule it breaks, "... (minim.md#Health).") and, in three of them, the same short form of the value found. The
rules themselves — which fields, which limits, which budgets — stay in each system's ``sheet.py``; the record a
validate tool lists and a create tool turns into a :class:`tools.errors.FieldProblem` is written once.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__ = ["Violation", "short"]


def short(value: Any) -> str:
    """``value`` as JSON, cut to 60 characters: enough to show which value broke the rule."""
    text = json.dumps(value, default=str)
    return text if len(text) <= 60 else text[:57] + "..."


@dataclass(frozen=True)
class Violation:
    """One broken rule: the sheet field it concerns, a sentence citing the rule, and the value found."""

    field: str
    sentence: str
    given: str | None = None

    @classmethod
    def of(cls, field: str, text: str, rule: str, given: Any = None, shown: Callable[[Any], str] = str) -> "Violation":
        """A violation whose sentence ends with the rule it breaks, e.g. '(minim.md#Health)'; ``shown`` writes the
        value found (``str``, or :func:`short` for a value that may be long)."""
        return cls(field, f"{text} ({rule}).", None if given is None else shown(given))
