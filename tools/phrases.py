"""Phrase tables: the words of a result's steps, written when a renderer asks (issue 30: results as data).

Each rules system has one table (``PHRASES`` in its ``phrases`` module: ``tools/systems/<name>/phrases.py``), keyed
by the phrase part of a step's kind; the shared tools (``table``, ``story``, ``oracle``, ``dice``) have theirs in
:mod:`tools.common_phrases`. The systems' registry tells this module where tables are (:func:`add_source`), so
nothing here imports the systems it serves.

A phrase is a format string over the step's values — ``"{name} rolls {face}"``, with ``{mod:signed}`` for a
modifier as the books write it (+1, ±0, -2), ``{names:join}`` for a list ('Ana, Bo'), ``{skills:pairs}`` for
name–value pairs ('Power 3, Wits 2'), ``{trait:cap}`` for a capitalised word, and a nested step written out where a
value holds one — or, where the words depend on the values beyond that, a function of the values. The format
strings are data: a system keeps them in ``phrases.toml`` beside its ``phrases.py``, which holds only the phrases
that need logic, and :func:`with_templates` joins the two into the one table (words edited, or translated, without
touching code). The idioms those functions share have one home
here, so that five tables do not each write them again: :func:`signed`, :func:`pairs` (name–value lists),
:func:`plural` and :func:`counted`, :func:`clause` (words said only when a value is there).

:func:`say` is the one way from a step to its words. It also takes a line stored before results were data (a plain
string, from a campaign logged by an older narrator), which it returns as it is: old campaigns still read, render
and replay.
"""

from __future__ import annotations

import string
import threading
import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from narrator.tools.steps import Step, is_step, written_by

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


Source = Callable[[str], "PhraseTable | None"]
_SOURCES: list[Source] = []
"""Where a table not registered by name is found: the systems' registry adds one (a system's ``phrases()`` and the
shared tools' tables), so this module stays below the systems it serves."""


def add_source(source: Source) -> None:
    """Look tables up in ``source`` (name → table, or None) when none is registered by that name."""
    if source not in _SOURCES:
        _SOURCES.append(source)


def _table(name: str) -> PhraseTable:
    found = _TABLES.get(name)
    if found is None:
        with _LOADING:
            found = next((t for t in (source(name) for source in _SOURCES) if t is not None), None)
            if found is not None:
                _TABLES[name] = found
    if found is None:
        raise PhraseError(f"no phrase table {name!r} (no rules system of that name is installed)")
    return found


def signed(n: int) -> str:
    """+1 / 0 / -2 as rulebooks write modifiers (``±0`` for zero)."""
    found = _SIGNED.get(n) if type(n) is int else None
    return found if found is not None else "±0" if n == 0 else f"{n:+d}"


_SIGNED = {n: "±0" if n == 0 else f"{n:+d}" for n in range(-64, 65)}
"""The modifiers a table writes, formatted once: an explanation writes a dozen (a collaboration's helpers, each
test's target) and formatting them was a tenth of such a tool's time."""


def pairs(items: Iterable[Sequence[Any]] | Mapping[Any, Any], each: str = "{} {}", sep: str = ", ") -> str:
    """Name–value pairs as a line lists them: ``[["Power", 3], ["Wits", 2]]`` → 'Power 3, Wits 2'.

    A step stores such a list as pairs (a mapping's items are read in their order); ``each`` writes one pair with
    its members in order — ``"{} {:+d}"`` for a bonus ('Wits +1'), ``"{} {:signed}"`` for a modifier as the books
    write it ('Wits ±0'), ``"{} {} {}"`` for triples — and ``sep`` goes between them."""
    if isinstance(items, Mapping):
        items = items.items()
    return sep.join(_fill(each, pair) for pair in items)


def plural(n: int, one: str, many: str | None = None) -> str:
    """The word for ``n`` things: ``one`` for exactly 1, else ``many`` (``one`` + 's' unless given: 'box', 'boxes')."""
    return one if n == 1 else many if many is not None else one + "s"


def counted(n: int, one: str, many: str | None = None) -> str:
    """``n`` and its word: '1 hit', '3 hits', '0 successes' (see :func:`plural`)."""
    return f"{n} {plural(n, one, many)}"


def listed(items: Sequence[str]) -> str:
    """'a', 'a and b', 'a, b and c': a list as a sentence says it."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def span(low: float, high: float, spec: str = "g") -> str:
    """'1.2-1.4', or '1.4' where both ends read the same ("1.4-1.4 h" was shown for a journey with one speed)."""
    a, b = format(low, spec), format(high, spec)
    return a if a == b else f"{a}-{b}"


def clause(words: str, value: Any) -> str:
    """``words`` with ``value`` written in at ``{}`` — or nothing where the value is empty (None, 0, '', []): an
    optional part of a line, as in ``"heals" + clause(" ({})", reason)`` → 'heals (a potion)' or 'heals'. A
    constant clause (no ``{}``) is said when the value is set: ``clause(" (halved)", halved)``."""
    return _fill(words, (value,)) if value else ""


def _fill(words: str, values: Sequence[Any]) -> str:
    """``words`` with ``values`` written in at its ``{}`` fields in order, ``{:signed}`` and the other specs
    included (the plain :meth:`str.format` where no field has a spec: a table writes many of these)."""
    return _FORMAT.vformat(words, tuple(values), {}) if ":" in words else words.format(*values)


class _Formatter(string.Formatter):
    def format_field(self, value: Any, spec: str) -> str:
        word = _SPECS.get(spec)
        if word is not None:
            return word(value)
        if is_step(value):
            return format(say(value), spec)
        return super().format_field(value, spec)


_SPECS: dict[str, Callable[[Any], str]] = {
    "signed": signed,
    "join": lambda items: ", ".join(map(str, items)),
    "pairs": pairs,
    "cap": lambda word: str(word).capitalize(),
}
"""The format specs a phrase may use beyond Python's own: the idioms the tables' functions wrote again and again."""

_FORMAT = _Formatter()


def templates(module_file: str) -> dict[str, str]:
    """The format-string phrases kept as data beside a phrases module: ``phrases.toml`` next to ``module_file``."""
    path = Path(module_file).with_suffix(".toml")
    try:
        with path.open("rb") as f:
            table = tomllib.load(f)
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise PhraseError(f"the phrase templates {path} cannot be read: {e}") from None
    wrong = sorted(k for k, v in table.items() if not isinstance(v, str))
    if wrong:
        raise PhraseError(f"{path}: a template is a string; {', '.join(wrong)} are not")
    return table


def with_templates(module_file: str, computed: Mapping[str, Phrase]) -> dict[str, Phrase]:
    """One phrase table: the module's templates (:func:`templates`) and the phrases it computes. A phrase named in
    both is a bug — one would silently hide the other."""
    table = templates(module_file)
    both = sorted(table.keys() & computed.keys())
    if both:
        raise PhraseError(f"{Path(module_file).with_suffix('.toml')}: {', '.join(both)} also computed in "
                          f"{Path(module_file).name}")
    table.update(computed)
    return table


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


written_by(say)
