"""What a replay compares: a tool result as data, its explanation reduced to the numbers it states.

Why: a result's ``summary`` and ``steps`` are sentences written for a person. Comparing them letter for letter
made a fixed typo or a clearer step line ("Outcome = +1" → "The outcome is +1") report a divergence on every
campaign that ever made that roll, though every die, target and effect was the same (issue 30). A replay proves the
engine did the same thing, so it compares every typed field exactly — dice, outcome, odds, changes, sheets,
citations — and of the explanation only the numbers, in order: rewording passes, a changed number does not.

What counts as words is named, never guessed (:data:`WORDS`): a string elsewhere in a result is data ("success",
a name) and is compared whole.
"""

from __future__ import annotations

import re
from typing import Any

WORDS = frozenset({"summary", "steps"})
"""The result fields written for a reader (at any depth: a nested check keeps its own)."""

NUMBER = re.compile(r"(?<![\w.])[-\u2212](?=\d)|\d+(?:[./]\d+)*")
"""A number as explanations write them: 4, 12/36, 0.25, and a minus sign before one ("-2" and "−2" alike; "+2" is
2, and the dash of a range "1-3" is no sign)."""


def numbers(words: Any) -> Any:
    """The numbers a summary or a list of step lines states, in order; anything else as it is."""
    if isinstance(words, str):
        return {"numbers": _stated(words)}
    if isinstance(words, list) and all(isinstance(w, str) for w in words):
        return {"numbers": [n for w in words for n in _stated(w)]}
    return as_data(words)


def _stated(text: str) -> list[str]:
    found: list[str] = []
    sign = ""
    for m in NUMBER.finditer(text):
        if m[0] in "-\u2212":
            sign = "-"
        else:
            found.append(sign + m[0])
            sign = ""
    return found


def as_data(result: Any) -> Any:
    """A result's JSON with every :data:`WORDS` field reduced to :func:`numbers`: what replay compares."""
    if isinstance(result, dict):
        return {k: numbers(v) if k in WORDS else as_data(v) for k, v in result.items()}
    if isinstance(result, list):
        return [as_data(v) for v in result]
    return result


def words_path(path: str) -> str | None:
    """Where a difference found in :func:`as_data` lies in words (``result.check.steps.numbers[2]``): the path of
    the summary or steps (``result.check.steps``), else None."""
    m = re.match(rf"(.*\.(?:{'|'.join(sorted(WORDS))}))\.numbers(\[\d+\])?$", path)
    return m[1] if m else None


def at(result: Any, path: str) -> Any:
    """The value at a difference's path (``result.check.steps``, ``result.dice[2]``) in a result's JSON, to show
    the words themselves where the numbers of a summary or of the steps differ."""
    value = result
    for key, index in re.findall(r"\.([^.\[]+)|\[(\d+)\]", path):
        try:
            value = value[key] if key else value[int(index)]
        except (KeyError, IndexError, TypeError):
            return None
    return value
