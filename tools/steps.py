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

import json
import re
from typing import Any, NamedTuple

from pydantic_core import core_schema

KIND = re.compile(r"^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$")


def _checked_kind(kind: Any) -> str:
    if kind in _KINDS:
        return kind
    if not isinstance(kind, str) or not KIND.match(kind):
        raise ValueError(f"a step's kind is '<table>.<phrase>' in lower case, not {kind!r}")
    _KINDS.add(kind)
    return kind


class Step(NamedTuple):
    """One line of a result's explanation (or its summary), as data: immutable, and in a result's JSON the object
    ``{"kind", "values", "ref"}``.

    A tuple, not a pydantic model: a result writes four to ten steps a call, and a validated model cost 2–3 µs a
    step of a 20–40 µs tool (issue 28's bench); a tuple is made in a fraction of a microsecond. Pydantic still
    checks a step read from a log (:meth:`__get_pydantic_core_schema__`: the kind's form, the values an object)."""

    kind: str
    """'<table>.<phrase>': the phrase table and the phrase that say it in words."""
    values: dict[str, Any] = {}
    """What the line states: numbers, names, labels, lists, nested steps (JSON values)."""
    ref: str | None = None
    """The rule it applies, 'book.md#Section', where one line has its own."""

    def __str__(self) -> str:
        """The line in words (:func:`tools.phrases.say`, which registers itself here when it loads — the contract
        loads it — so this module stays below it): an f-string that quotes a step still reads right."""
        return _WRITER[0](self) if _WRITER else f"{self.kind} {self.values}"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    # -- the JSON form, as a model's ------------------------------------------------------------------------
    def model_dump(self, mode: str = "python") -> dict[str, Any]:
        """``{"kind", "values", "ref"}``; with ``mode="json"``, nested steps as their objects too."""
        values = _as_json(self.values) if mode == "json" else self.values
        return {"kind": self.kind, "values": values, "ref": self.ref}

    def model_dump_json(self) -> str:
        return json.dumps(self.model_dump("json"), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def model_validate(cls, data: Any) -> "Step":
        """A step from its object (as a log holds it), checked: a kind of the form, the values an object."""
        if isinstance(data, Step):
            return data
        if not isinstance(data, dict) or set(data) - {"kind", "values", "ref"} or "kind" not in data:
            raise ValueError("a step is an object with a kind, its values and an optional ref")
        values, ref = data.get("values", {}), data.get("ref")
        if not isinstance(values, dict) or not (ref is None or isinstance(ref, str)):
            raise ValueError("a step's values are an object and its ref a citation or null")
        return cls(_checked_kind(data["kind"]), values, ref)

    @classmethod
    def model_validate_json(cls, text: str) -> "Step":
        return cls.model_validate(json.loads(text))

    def model_copy(self, update: dict[str, Any] | None = None) -> "Step":
        return self._replace(**(update or {}))

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> core_schema.CoreSchema:
        as_object = core_schema.typed_dict_schema({
            "kind": core_schema.typed_dict_field(core_schema.str_schema()),
            "values": core_schema.typed_dict_field(core_schema.dict_schema(core_schema.str_schema()), required=False),
            "ref": core_schema.typed_dict_field(core_schema.nullable_schema(core_schema.str_schema()), required=False),
        }, extra_behavior="forbid")
        from_object = core_schema.no_info_after_validator_function(cls.model_validate, as_object)
        return core_schema.json_or_python_schema(
            json_schema=from_object,
            python_schema=core_schema.union_schema([core_schema.is_instance_schema(cls), from_object]),
            serialization=core_schema.plain_serializer_function_ser_schema(
                lambda s, info: s.model_dump("json" if info.mode_is_json() else "python"), info_arg=True))


def _as_json(value: Any) -> Any:
    if isinstance(value, Step):
        return value.model_dump("json")
    if isinstance(value, dict):
        return {k: _as_json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_as_json(v) for v in value]
    return value


_WRITER: list = []
"""The one function that writes a step out in words (:func:`tools.phrases.say`, set by :func:`written_by`)."""


def written_by(writer) -> None:
    """Make ``writer`` (step → words) what ``str(step)`` calls."""
    _WRITER[:] = [writer]


_KINDS: set[str] = set()
"""Kinds already checked against :data:`KIND` (a few hundred, coming back on every call)."""


_new_tuple = tuple.__new__


def step(kind: str, ref: str | None = None, **values: Any) -> Step:
    """``step("minim.die", die=1, face=4, target=7)``: a line of ``kind`` stating ``values`` (the kind checked
    once). Made as the tuple it is, without ``Step.__new__``'s own frame: a tool writes 4–10 steps a call."""
    return _new_tuple(Step, (kind if kind in _KINDS else _checked_kind(kind), values, ref))


def is_step(value: Any) -> bool:
    """A step, or a step as the log holds it (its JSON object)."""
    return isinstance(value, Step) or (isinstance(value, dict) and isinstance(value.get("kind"), str)
                                       and isinstance(value.get("values"), dict))
