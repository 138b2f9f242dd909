"""Campaign options checked at the door: one validation path for every system.

Why: options are chosen once, when a campaign is created, and read for its whole life by table tools that
assume them sound. Stored unchecked, ``npc_faith=bogus`` fails only on the turn that first reads it, an unknown
key (a typo, 50 emoji) is kept forever and does nothing, and a die the engine has no odds for (``die=d7``) makes
a campaign in which no character can ever be created. So each system declares its options as a pydantic model
(``SystemBase.campaign_options()``: every key with its type, its allowed values and its default, in the
system's own package), and :func:`validate_options` checks a new campaign's options against that model plus the
keys that belong to narrator itself rather than to a rules system (the memory's ``embedder``, passed in by the
caller as ``shared``). The error names every bad key and what it allows, so the person can fix them in one go.

What is stored is what was checked: the model's own reading of each given key (``die="d10"`` is stored as 10,
``npc_faith="Pool"`` as "pool"), and only the keys given — a default is never written down, so a later release
that changes a default changes it for campaigns that never chose.

:class:`OptionsModel` is the base the systems' models use: a text answer matches a literal choice ignoring case
and surrounding spaces (as the table tools always read them), and unknown keys are refused here, not silently
ignored.
"""

from __future__ import annotations

import re
import types
import typing
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError, model_validator

from narrator.tools.errors import UserError

class OptionError(UserError):
    """A campaign option that the system does not declare, or a value it does not allow."""


def _literal_values(annotation: Any) -> tuple[Any, ...] | None:
    """The values of a ``Literal[...]`` (also inside ``Optional``/``Annotated``), or None for any other type."""
    while typing.get_origin(annotation) is typing.Annotated:
        annotation = typing.get_args(annotation)[0]
    if typing.get_origin(annotation) is typing.Literal:
        return typing.get_args(annotation)
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        for arg in typing.get_args(annotation):
            found = _literal_values(arg)
            if found:
                return found
    return None


class OptionsModel(BaseModel):
    """Base of a system's campaign options: literal text choices match ignoring case and spaces."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    @model_validator(mode="before")
    @classmethod
    def _loose_choices(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        out = dict(data)
        for key, values in _literal_fields(cls):
            given = out.get(key)
            if isinstance(given, str):
                word = " ".join(given.split()).casefold()
                match = next((v for v in values if isinstance(v, str) and v.casefold() == word), None)
                if match is not None:
                    out[key] = match
        return out


@lru_cache(maxsize=None)
def _literal_fields(cls: type[BaseModel]) -> tuple[tuple[str, tuple[Any, ...]], ...]:
    """A model's fields that take literal choices, with their values: read from its annotations once per class
    rather than on every validation (the random characters validate options many times a call)."""
    return tuple((key, values) for key, field in cls.model_fields.items()
                 if (values := _literal_values(field.annotation)))


def allowed(field: Any) -> str:
    """What a field accepts, in words: its choices, its range, or its description."""
    values = _literal_values(field.annotation)
    if values:
        return " | ".join(str(v) for v in values)
    annotation = field.annotation
    if annotation is bool or annotation == bool | None:
        return "yes | no"
    low = high = None
    for m in field.metadata:
        low = getattr(m, "ge", low) if getattr(m, "ge", None) is not None else low
        high = getattr(m, "le", high) if getattr(m, "le", None) is not None else high
    if annotation is int or annotation == int | None:
        if low is not None and high is not None:
            return f"a whole number {low}-{high}"
        return "a whole number" + (f" of at least {low}" if low is not None else "")
    words = re.split(r"\. |; |: | \(", field.description or "")[0].strip().rstrip(".")
    return (words if len(words) <= 70 else words[:67] + "...") or "see the system's page in docs/systems/"


def listing(model: type[BaseModel] | None, shared: Mapping[str, Any]) -> str:
    """Every key a campaign of this system takes, each with what it allows."""
    parts = [f"{k} ({allowed(f)})" for k, f in (model.model_fields.items() if model else ())]
    parts += [f"{k} ({v})" for k, v in shared.items() if not (model and k in model.model_fields)]
    return "; ".join(parts) or "none"


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 50 else text[:47] + "..."


def validate_options(system: Any, options: Mapping[str, Any] | None,
                     shared: Mapping[str, tuple[str, Callable[[Any], Any]]] | None = None) -> dict[str, Any]:
    """Check a new campaign's options against ``system.campaign_options()`` and the ``shared`` keys; returns the
    options as stored (each given key, read by its model). ``shared`` maps a key that is narrator's own (not a
    rules system's) to (what it allows, a check that raises a :class:`UserError` for a bad value).

    Raises :class:`OptionError` naming every unknown key (with the keys there are) and every bad value (with the
    values it allows)."""
    options = dict(options or {})
    shared = dict(shared or {})
    model: type[BaseModel] | None = system.campaign_options()
    fields = model.model_fields if model is not None else {}
    title = getattr(system, "title", None) or system.name
    takes = listing(model, {k: v[0] for k, v in shared.items()})
    problems: list[str] = []
    unknown = [k for k in options if not isinstance(k, str) or k not in fields and k not in shared]
    if unknown:
        problems.append(f"{title} has no option {', '.join(_shown(k) for k in unknown[:5])}"
                        + (f" (and {len(unknown) - 5} more)" if len(unknown) > 5 else ""))
    mine = {k: v for k, v in options.items() if isinstance(k, str) and k in fields}
    read: dict[str, Any] = {}
    if model is not None and mine:
        try:
            read = model.model_validate(mine).model_dump(mode="json")
        except ValidationError as e:
            for err in e.errors(include_url=False):
                key = str(err["loc"][0]) if err["loc"] else ""
                if key in fields:
                    problems.append(f"{key}={_shown(mine.get(key))} is not allowed; {key} takes "
                                    f"{allowed(fields[key])}")
                else:  # a check across keys (a trait named that is not on the list...)
                    problems.append(err["msg"].removeprefix("Value error, "))
    for key, (_, check) in shared.items():
        if key in options:
            try:
                check(options[key])
            except UserError as e:
                problems.append(f"{key}: {e}")
    if problems:
        raise OptionError(f"Campaign options refused for {title}:\n" + "\n".join(f"- {p}" for p in problems)
                          + (f"\n{title} takes: {takes}." if unknown else "") + "\nNothing was created.")
    return {k: (read[k] if k in fields else v) for k, v in options.items()}
