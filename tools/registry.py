"""The tool registry: one call path — validate, run, return — for the CLI, the agent and the tests.

A :class:`Tool` is a name, a system, a one-line description, a pydantic arguments model, a frozen pydantic result
model and a pure function ``(args, roller) -> result``. A *state-bound* tool takes a third argument, the frozen
:class:`tools.table.TableState`, and returns a result whose ``changes`` list the ops the campaign layer will apply:
the function itself changes nothing. The registry exports JSON Schemas for both models (what an
LLM sees) and turns every validation failure into one :class:`ToolArgumentError` listing each bad field.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ValidationError

from tools import safe_json
from tools.contract import ToolArgs, ToolResult
from tools.dice import Roller
from tools.errors import FieldProblem, ToolArgumentError, ToolCallError, UnknownToolError

MAX_ARGS_CHARS = 100_000
"""Longest argument text parsed (the largest real call, a character sheet, is a few kilobytes)."""

A = TypeVar("A", bound=ToolArgs)
R = TypeVar("R", bound=ToolResult)


@dataclass(frozen=True)
class Tool(Generic[A, R]):
    name: str
    system: str
    description: str
    args_model: type[A]
    result_model: type[R]
    fn: Callable[..., R] = field(repr=False)
    bound: bool = False  # needs the table state: fn(args, roller, state)

    def schema(self) -> dict[str, Any]:
        """The tool as an LLM function-calling entry plus its result schema."""
        return {
            "name": self.name,
            "system": self.system,
            "description": self.description,
            "state_bound": self.bound,
            "parameters": self.args_model.model_json_schema(),
            "result": self.result_model.model_json_schema(),
        }


def tool(name: str, system: str, description: str) -> Callable[[Callable[..., R]], Tool[A, R]]:
    """Decorator: turn a typed function ``(args: ArgsModel, roller) -> ResultModel`` into a :class:`Tool`.

    A function with a third parameter ``(args, roller, state)`` is a state-bound tool. The argument and result
    models are read from the function's annotations so they cannot drift apart.
    """

    def wrap(fn: Callable[..., R]) -> Tool[A, R]:
        import typing

        hints = typing.get_type_hints(fn)
        params = [p for p in fn.__code__.co_varnames[: fn.__code__.co_argcount]]
        args_model, result_model = hints[params[0]], hints["return"]
        if not (issubclass(args_model, ToolArgs) and issubclass(result_model, ToolResult)):
            raise TypeError(f"{name}: arguments must subclass ToolArgs and the result ToolResult")
        bound = len(params) == 3
        if bound:
            from tools.table import BoundResult

            if not issubclass(result_model, BoundResult):
                raise TypeError(f"{name}: a state-bound tool must return a BoundResult")
        return Tool(name, system, description, args_model, result_model, fn, bound)

    return wrap


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
        given = None if kind in ("missing",) else _short(e.get("input"))
        problems.append(FieldProblem(loc, msg, given))
    return problems


def _short(value: Any) -> str:
    text = json.dumps(value, default=str) if not isinstance(value, str) else json.dumps(value)
    return text if len(text) <= 60 else text[:57] + "..."


class Registry:
    def __init__(self, tools: Iterable[Tool] = ()):
        self._tools: dict[str, Tool] = {}
        for t in tools:
            self.add(t)

    def add(self, t: Tool) -> None:
        if t.name in self._tools:
            raise ValueError(f"tool '{t.name}' registered twice")
        self._tools[t.name] = t

    def get(self, name: str) -> Tool:
        try:
            return self._tools[name]
        except KeyError:
            raise UnknownToolError(name, sorted(self._tools)) from None

    def names(self, system: str | None = None) -> list[str]:
        return [t.name for t in self.tools(system)]

    def tools(self, system: str | None = None, bound: bool | None = None) -> list[Tool]:
        """Tools of ``system`` (plus the system-agnostic ``table`` tools when a system is named)."""
        systems = (None,) if system is None else (system, "table")
        chosen = (t for t in self._tools.values() if (system is None or t.system in systems) and bound in (None, t.bound))
        return sorted(chosen, key=lambda t: t.name)

    def systems(self) -> list[str]:
        return sorted({t.system for t in self._tools.values()})

    def schemas(self, system: str | None = None) -> list[dict[str, Any]]:
        return [t.schema() for t in self.tools(system)]

    def validate(self, name: str, raw: Mapping[str, Any] | str | BaseModel | None) -> ToolArgs:
        t = self.get(name)
        if isinstance(raw, t.args_model):
            return raw
        if isinstance(raw, BaseModel):
            raw = raw.model_dump()
        if raw is None:
            raw = {}
        if isinstance(raw, str):
            try:
                raw = safe_json.loads(raw, max_chars=MAX_ARGS_CHARS)  # size, depth and number length bounded first
            except safe_json.JSONLimitError as e:
                raise ToolArgumentError(name, [FieldProblem("(arguments)", f"refused before parsing: {e.msg}")]) from None
            except json.JSONDecodeError as e:
                raise ToolArgumentError(name, [FieldProblem("(arguments)", f"not valid JSON: {e.msg} at column {e.colno}")]) from None
        if not isinstance(raw, Mapping):
            raise ToolArgumentError(name, [FieldProblem("(arguments)", "must be a JSON object of named arguments", _short(raw))])
        try:
            return t.args_model.model_validate(dict(raw))
        except ValidationError as e:
            raise ToolArgumentError(name, problems_from(e, t.args_model)) from None

    def call(self, name: str, raw: Mapping[str, Any] | str | BaseModel | None, roller: Roller, state=None) -> ToolResult:
        """Validate the arguments, run the tool, check and return its frozen result.

        State-bound tools need ``state`` (a :class:`tools.table.TableState`); their result's ``changes`` are
        applied by the caller, never by the tool.
        """
        t = self.get(name)
        args = self.validate(name, raw)
        try:
            if t.bound:
                if state is None:
                    raise ToolCallError(f"Tool '{name}' acts on a campaign's table; run it inside a campaign")
                result = t.fn(args, roller, state)
            else:
                result = t.fn(args, roller)
        except ToolArgumentError as e:
            if e.tool == name:
                raise
            raise ToolArgumentError(name, e.problems) from None
        if not isinstance(result, t.result_model):
            raise TypeError(f"tool {name} returned {type(result).__name__}, not {t.result_model.__name__}")
        return result


_default: Registry | None = None


def default_registry() -> Registry:
    """Every tool of every installed rules system (see :mod:`tools.systems`)."""
    global _default
    if _default is None:
        from tools.systems import all_systems

        from tools import oracle, table_tools

        _default = Registry([*table_tools.TOOLS, *oracle.TOOLS, *(t for s in all_systems() for t in s.tools())])
    return _default
