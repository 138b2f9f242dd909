"""Arguments that list characters by name: each name 1-60 characters, each named once (ignoring case).

Why one place: the names a fight, a surprise or a roll lists are the table's names, not a rule of a book, and
Mastery and Minim each wrote the same check with the same refusal into every such argument model. A model now
says which of its fields are such lists (``_names = names_once("combatants", "surprised")``, pydantic's way of
reusing a validator); the check and its words live here. A list of records (combatants, workers, participants)
is held to the same rule by the name each record carries (:func:`records_once`).
"""

from __future__ import annotations

from typing import Any

from pydantic import field_validator

__all__ = ["names_once", "records_once", "unique_names"]


def unique_names(names: list[str], refusal: str | None = None) -> list[str]:
    """A list-of-names argument, stripped: each 1-60 characters, each once ignoring case. ``refusal``: the
    system's one sentence for either fault (default: a sentence for each, naming the repeated names)."""
    cleaned = [n.strip() for n in names]
    if any(not n or len(n) > 60 for n in cleaned):
        raise ValueError(refusal or "names must be 1-60 characters")
    folded = [n.casefold() for n in cleaned]
    dupes = sorted({n for n, f in zip(cleaned, folded) if folded.count(f) > 1})
    if dupes:
        raise ValueError(refusal or f"each name once (ignoring case); repeated: {', '.join(dupes)}")
    return cleaned


def names_once(*fields: str, refusal: str | None = None) -> Any:
    """The validator of a model's list-of-names ``fields`` (an optional one may be None: everyone)."""

    def check(v: list[str] | None) -> list[str] | None:
        return None if v is None else unique_names(v, refusal)

    return field_validator(*fields)(check)


def records_once(field: str, name: str, refusal: str) -> Any:
    """The validator of a model's list of records in ``field``: no two share their ``name`` attribute, ignoring case
    (``refusal`` says so in the system's words)."""

    def check(v: list[Any]) -> list[Any]:
        names = [getattr(r, name).strip().casefold() for r in v]
        if len(set(names)) != len(names):
            raise ValueError(refusal)
        return v

    return field_validator(field)(check)
