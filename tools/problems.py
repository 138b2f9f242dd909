"""Validation failures as plain field-level problems an LLM or a person can act on.

Kept apart from the registry so that anything validating arguments (proposals, table tools binding pure ones)
can use it without importing the registry, which discovers the systems.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

from pydantic import BaseModel, ValidationError

from narrator.tools.errors import FieldProblem, ToolArgumentError

if TYPE_CHECKING:
    from narrator.tools.table import TableState

Sheet = TypeVar("Sheet", bound=BaseModel)


def _model_at(model: Any, path: tuple) -> Any:
    """The pydantic model that holds the field at ``path`` (so a nested unknown field lists its own siblings)."""
    import typing

    current = model
    for part in path:
        if isinstance(current, type) and issubclass(current, BaseModel) and isinstance(part, str) and part in current.model_fields:
            current = current.model_fields[part].annotation
        elif isinstance(part, int) or isinstance(part, str):
            candidates = [a for a in typing.get_args(current) if a is not type(None)]
            models = [a for a in candidates if isinstance(a, type) and issubclass(a, BaseModel)]
            inner = models or [a for c in candidates for a in typing.get_args(c) if isinstance(a, type) and issubclass(a, BaseModel)]
            if not inner:
                return None
            current = inner[0]
        else:
            return None
        while typing.get_origin(current) is typing.Annotated:
            current = typing.get_args(current)[0]
    return current if isinstance(current, type) and issubclass(current, BaseModel) else None


def problems_from(error: ValidationError, model: type[BaseModel]) -> list[FieldProblem]:
    """Turn pydantic's errors into plain field-level problems an LLM or a person can act on."""
    problems = []
    for e in error.errors(include_url=False):
        loc = ".".join(str(p) for p in e["loc"]) or "(arguments)"
        kind = e["type"]
        if kind == "extra_forbidden":
            holder = _model_at(model, tuple(e["loc"][:-1])) or model
            msg = f"unknown argument; the arguments are: {', '.join(holder.model_fields)}"
        elif kind == "missing":
            msg = "required but missing"
        else:
            msg = e["msg"].removeprefix("Value error, ")
        given = None if kind in ("missing",) else short(e.get("input"))
        problems.append(FieldProblem(loc, msg, given))
    return problems


def short(value: Any) -> str:
    """``value`` as JSON, cut to 60 characters: enough to show which value broke a rule (an argument, a sheet's)."""
    text = json.dumps(value, default=str)
    return text if len(text) <= 60 else text[:57] + "..."


def fail(field: str, problem: str, given: Any = None) -> NoReturn:
    """Raise the argument error of one field; the registry renames it to the tool and the LLM's repair loop reads
    ``problem``. Every system's table tools raise through this one helper."""
    raise ToolArgumentError("?", [FieldProblem(field, problem, None if given is None else str(given))])


def sheet_as(model: type[Sheet], state: "TableState", name: str, system: str, field: str = "actor") -> Sheet:
    """``name``'s sheet parsed as ``model``, or an error naming the first broken field and the fix (a sheet edited
    by hand can be invalid; the tool must say so rather than crash)."""
    try:
        return model.model_validate(state.characters[name])
    except ValidationError as e:
        first = e.errors(include_url=False)[0]
        fail(field, f"{name}'s sheet is not a valid {system} sheet ({'.'.join(map(str, first['loc']))}: "
                    f"{first['msg']}); fix it with table_edit_character")
