"""An explanation line as data: which phrase says it, the values it states, the rule it applies (issue 30).

Why: a result that stored its explanation as English (``"Die 1 rolled 4: +1"``) tied every reader to the words — a
fixed typo was a divergence on every campaign that made that roll, and narration and teaching could only search the
text. A :class:`Step` keeps the numbers and names; the words come from a phrase table (:mod:`tools.phrases`) when a
renderer asks, so the terminal, the prompt, the Markdown export, narration and teaching read the same records, and
a replay compares the records themselves. d20 does the same with its evaluated dice tree and its stringifiers.

``kind`` is ``"<table>.<phrase>"``: the phrase table of one rules system (``minim``, ``brew``...) or a shared one
(``common``), and a phrase in it. ``values`` hold JSON values only — numbers, names, labels, lists — and may nest a
step (a summary that quotes another result's summary). A step is frozen, like the result that holds it.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

KIND = re.compile(r"^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$")


class Step(BaseModel):
    """One line of a result's explanation (or its summary), as data."""

    model_config = ConfigDict(frozen=True)

    kind: str = Field(description="'<table>.<phrase>': the phrase table and the phrase that say it in words.")
    values: dict[str, Any] = Field(default_factory=dict, description="What the line states: numbers, names, labels.")
    ref: str | None = Field(None, description="The rule it applies, 'book.md#Section', where one line has its own.")

    @field_validator("kind")
    @classmethod
    def _kind(cls, kind: str) -> str:
        if not KIND.match(kind):
            raise ValueError(f"a step's kind is '<table>.<phrase>' in lower case, not {kind!r}")
        return kind

    def __str__(self) -> str:
        """The line in words (:func:`tools.phrases.say`, which registers itself here when it loads — the contract
        loads it — so this module stays below it): an f-string that quotes a step still reads right."""
        return _WRITER[0](self) if _WRITER else f"{self.kind} {self.values}"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


_WRITER: list = []
"""The one function that writes a step out in words (:func:`tools.phrases.say`, set by :func:`written_by`)."""


def written_by(writer) -> None:
    """Make ``writer`` (step → words) what ``str(step)`` calls."""
    _WRITER[:] = [writer]


_KINDS: set[str] = set()
"""Kinds already checked against :data:`KIND` (a few hundred, coming back on every call)."""
_FIELDS_SET = frozenset({"kind", "values", "ref"})


def step(kind: str, ref: str | None = None, **values: Any) -> Step:
    """``step("minim.die", die=1, face=4, target=7)``: a line of ``kind`` stating ``values``.

    Made without pydantic's validation (the engine's own values, from typed code; a kind is checked once): a result
    writes four to ten steps a call, and validating each took 2–3 µs of a 20–40 µs tool (issue 28's bench). A step
    read back from a log is validated as every model is."""
    if kind not in _KINDS:
        Step._kind(kind)
        _KINDS.add(kind)
    made = object.__new__(Step)
    object.__setattr__(made, "__dict__", {"kind": kind, "values": values, "ref": ref})
    object.__setattr__(made, "__pydantic_fields_set__", set(_FIELDS_SET))
    object.__setattr__(made, "__pydantic_extra__", None)
    object.__setattr__(made, "__pydantic_private__", None)
    return made


def is_step(value: Any) -> bool:
    """A step, or a step as the log holds it (its JSON object)."""
    return isinstance(value, Step) or (isinstance(value, dict) and isinstance(value.get("kind"), str)
                                       and isinstance(value.get("values"), dict))
