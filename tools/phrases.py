"""Phrase tables: the words of a result's steps, written when a renderer asks (issue 30: results as data).

Each rules system has one table (``PHRASES`` in its ``phrases`` module: ``tools/systems/<name>/phrases.py``), keyed
by the phrase part of a step's kind; the shared tools (``table``, ``story``, ``oracle``, ``dice``) have theirs in
:mod:`tools.common_phrases`. A phrase is a format string over the step's values — ``"{name} rolls {face}"``, with
``{mod:signed}`` for a modifier as the books write it (+1, ±0, -2) and a nested step written out where a value holds
one — or, where the words depend on the values beyond that, a function of the values.

:func:`say` is the one way from a step to its words. It also takes a line stored before results were data (a plain
string, from a campaign logged by an older narrator), which it returns as it is: old campaigns still read, render
and replay.
"""

from __future__ import annotations

import importlib
import string
import threading
from collections.abc import Callable, Mapping
from typing import Any

from narrator.tools.steps import Step, is_step

Phrase = str | Callable[[Mapping[str, Any]], str]
PhraseTable = Mapping[str, Phrase]

_TABLES: dict[str, PhraseTable] = {}
_LOADING = threading.Lock()


class PhraseError(KeyError):
    """A step whose kind no phrase table says: a bug in the rules module that wrote it, or a table not registered."""

    def __str__(self) -> str:
        return str(self.args[0])


def register(table: str, phrases: PhraseTable) -> None:
    """Register (or replace) the phrase table named ``table``: a test's own table. A rules system's table is found
    by its name (``RulesSystem.phrases()``), a shared tool's in :mod:`tools.common_phrases`."""
    _TABLES[table] = phrases


def _table(name: str) -> PhraseTable:
    found = _TABLES.get(name)
    if found is None:
        with _LOADING:
            found = importlib.import_module("narrator.tools.common_phrases").TABLES.get(name)
            if found is None:
                from narrator.tools.systems import all_systems

                found = next((s.phrases() for s in all_systems() if s.name == name), None)
            if found is not None:
                _TABLES[name] = found
    if found is None:
        raise PhraseError(f"no phrase table {name!r} (no rules system of that name is installed)")
    return found


class _Formatter(string.Formatter):
    def format_field(self, value: Any, spec: str) -> str:
        if spec == "signed":
            from narrator.tools.contract import signed

            return signed(value)
        if is_step(value):
            return format(say(value), spec)
        return super().format_field(value, spec)


_FORMAT = _Formatter()


def say(line: Step | Mapping[str, Any] | str) -> str:
    """The words of one step (a :class:`Step`, its logged JSON, or a line logged as text before results were data)."""
    if isinstance(line, str):
        return line
    kind, values = (line.kind, line.values) if isinstance(line, Step) else (line["kind"], line["values"])
    table, _, name = kind.partition(".")
    phrase = _table(table).get(name)
    if phrase is None:
        raise PhraseError(f"the phrase table {table!r} has no phrase {name!r} (step {kind})")
    try:
        return phrase(values) if callable(phrase) else _FORMAT.vformat(phrase, (), values)
    except (KeyError, IndexError) as e:
        raise PhraseError(f"the phrase {kind} needs the value {e} that its step does not state") from None


def said(lines: Any) -> list[str]:
    """The words of a result's steps (a list of steps, logged JSON or old text lines)."""
    return [say(line) for line in lines or []]


def summary_of(result: Any) -> str:
    """A result's summary in words: a tool result, or its logged JSON (a dict)."""
    value = result.get("summary", "") if isinstance(result, Mapping) else getattr(result, "summary", "")
    return say(value) if value else ""


def steps_of(result: Any) -> list[str]:
    """A result's explanation lines in words: a tool result, or its logged JSON (a dict)."""
    value = result.get("steps") if isinstance(result, Mapping) else getattr(result, "steps", None)
    return said(value)
