"""What a replay compares: a tool result as data, its explanation reduced to the numbers it states.

Why: a result's ``summary`` and ``steps`` are sentences written for a person. Comparing them letter for letter
made a fixed typo or a clearer step line ("Outcome = +1" → "The outcome is +1") report a divergence on every
campaign that ever made that roll, though every die, target and effect was the same (issue 30). A replay proves the
engine did the same thing, so it compares every typed field exactly — dice, outcome, odds, changes, sheets,
citations — and of the explanation only the numbers, in order: rewording passes, a changed number does not.

What counts as words is named, never guessed (:data:`WORDS`): a string elsewhere in a result is data ("success",
a name) and is compared whole.

Since results are data (:class:`tools.steps.Step`), a summary and steps logged as steps are compared as they are —
kind and values exactly — and a new phrase table never shows as a difference at all. Only a result logged as text
(by a narrator before steps) is compared by its numbers, against the replay's steps written out in words
(:func:`as_data`'s ``like``) — under the name the field has now where a record renamed it (:data:`RENAMED`).
"""

from __future__ import annotations

import re
from typing import Any

from narrator.tools.phrases import say
from narrator.tools.steps import is_step

WORDS = frozenset({"summary", "steps", "line", "violations", "problems"})
"""The result fields written for a reader (at any depth: a nested check keeps its own, a Bloodbath exchange its
line), and the rules a sheet or a 5+ descriptor breaks (``violations``, ``problems``: sentences before they were
steps, issue 30)."""

RENAMED = {"lines": "steps", "text": "line"}
"""Fields that held words under another name before their record was data (issue 30), old name → new: 5+'s
improvement and damage outcome held their lines' words as ``lines``, a Bloodbath exchange its line's as ``text``.
``text`` elsewhere (a scene) is data: a field is read under its new name only where the replay writes that name
instead (:func:`under_new_names`)."""

NUMBER = re.compile(r"(?<![\w.])[-\u2212](?=\d)|\d+(?:[./]\d+)*")
"""A number as explanations write them: 4, 12/36, 0.25, and a minus sign before one ("-2" and "−2" alike; "+2" is
2, and the dash of a range "1-3" is no sign)."""


def _text(words: Any) -> bool:
    return isinstance(words, str) or (isinstance(words, list) and any(isinstance(w, str) for w in words))


def numbers(words: Any, like: Any = None) -> Any:
    """The numbers a summary or a list of step lines states, in order, where it (or ``like``, the logged side it is
    compared with) is text; steps compared with steps stay as they are."""
    if _text(words) or _text(like) or (words == [] and like in (None, [])):
        if isinstance(words, list):
            return {"numbers": [n for w in words for n in _stated(say(w))]}
        return {"numbers": _stated(say(words))}
    return as_data(words, like)


def under_new_names(logged: Any, replayed: Any) -> Any:
    """``logged`` with each :data:`RENAMED` field that holds words under its new name, wherever the replay writes
    the new field in its place: a result logged before that record was data is then compared as any words are (the
    same words are the same result, other words with the same numbers are reworded)."""
    if isinstance(logged, dict):
        other = replayed if isinstance(replayed, dict) else {}
        out = {}
        for k, v in logged.items():
            new = RENAMED.get(k)
            if new is not None and new in other and new not in logged and k not in other and _text(v):
                out[new] = v
            else:
                out[k] = under_new_names(v, other.get(k))
        return out
    if isinstance(logged, list):
        other = replayed if isinstance(replayed, list) else []
        return [under_new_names(v, other[i] if i < len(other) else None) for i, v in enumerate(logged)]
    return logged


def in_words_as(replayed: Any, logged: Any) -> Any:
    """``replayed`` with its steps written out in words wherever ``logged`` holds text at the same place: a result
    logged before results were data is the same result when these are equal (not even reworded). That place may be
    a words field, a list's item or a step's value: a sheet check's broken rule was a sentence in its result's
    ``violations`` and in the step quoting it before it was a step itself."""
    if isinstance(replayed, dict):
        other = logged if isinstance(logged, dict) else {}
        out = {}
        for k, v in replayed.items():
            if k in WORDS and _text(other.get(k)):
                out[k] = [say(w) for w in v] if isinstance(v, list) else say(v)
            elif is_step(v) and isinstance(other.get(k), str):
                out[k] = say(v)  # a step quoting a broken rule, logged when the rule was a sentence
            else:
                out[k] = in_words_as(v, other.get(k))
        return out
    if isinstance(replayed, list):
        other = logged if isinstance(logged, list) else []
        return [say(v) if is_step(v) and i < len(other) and isinstance(other[i], str)
                else in_words_as(v, other[i] if i < len(other) else None) for i, v in enumerate(replayed)]
    return replayed


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


def as_data(result: Any, like: Any = None) -> Any:
    """A result's JSON with every :data:`WORDS` field in text reduced to :func:`numbers`: what replay compares.
    ``like`` is the result it is compared with (the logged one), walked alongside: where that holds text, this
    result's steps are written out and reduced the same way. A step is data through and through: a value named
    like a words field inside it (a step quoting another as ``line``) is compared exactly — in words where the
    logged step holds the words of a step this one quotes (a broken rule, before it was a step)."""
    if is_step(result):
        return in_words_as(result, like) if is_step(like) else result  # a quoted rule logged as its sentence
    if isinstance(result, dict):
        other = like if isinstance(like, dict) else {}
        return {k: numbers(v, other.get(k)) if k in WORDS else as_data(v, other.get(k)) for k, v in result.items()}
    if isinstance(result, list):
        other = like if isinstance(like, list) else []
        return [as_data(v, other[i] if i < len(other) else None) for i, v in enumerate(result)]
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
