"""The tool registry: one call path — validate, run, return — for the CLI, the agent and the tests.

A :class:`tools.tool.Tool` is a name, a system, a one-line description, a pydantic arguments model, a frozen
pydantic result model and a function: pure ``(args, roller)`` or state-bound ``(args, roller, state)`` (marked
with :func:`tools.tool.table_tool`), whose result's ``changes`` list the ops the campaign layer will apply. The
registry exports JSON Schemas for both models (what an LLM sees), turns every validation failure into one
:class:`ToolArgumentError` listing each bad field, and applies the table's turn rules (:mod:`tools.turns`) to
every tool that is a character's action.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from pydantic import BaseModel, ValidationError

from narrator.tools import safe_json
from narrator.tools.contract import ToolArgs, ToolResult
from narrator.tools.dice import Roller
from narrator.tools.errors import FieldProblem, ToolArgumentError, ToolCallError, UnknownToolError
from narrator.tools.problems import problems_from, short
from narrator.tools.strict import strict_problems
from narrator.tools.tool import Tool, table_tool, tool  # noqa: F401  (re-exported: the registry's vocabulary)

MAX_ARGS_CHARS = 100_000
"""Longest argument text parsed (the largest real call, a character sheet, is a few kilobytes)."""


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
        return self._validated(self.get(name), raw)

    def _validated(self, t: Tool, raw: Mapping[str, Any] | str | BaseModel | None) -> ToolArgs:
        """:meth:`validate` for a tool already looked up (:meth:`call` looks it up once, not twice)."""
        name = t.name
        if type(raw) is not dict:  # a plain dict (the common case) is none of these: it goes straight to the checks
            if isinstance(raw, t.args_model):
                return raw
            if isinstance(raw, BaseModel):
                raw = raw.model_dump()
            if raw is None:
                raw = {}
            if isinstance(raw, str):
                try:
                    raw = safe_json.loads(raw, max_chars=MAX_ARGS_CHARS)  # size, depth, number length bounded first
                except safe_json.JSONLimitError as e:
                    raise ToolArgumentError(name, [FieldProblem("(arguments)",
                                                                f"refused before parsing: {e.msg}")]) from None
                except json.JSONDecodeError as e:
                    raise ToolArgumentError(name, [FieldProblem(
                        "(arguments)", f"not valid JSON: {e.msg} at column {e.colno}")]) from None
            if not isinstance(raw, Mapping):
                raise ToolArgumentError(name, [FieldProblem("(arguments)", "must be a JSON object of named arguments",
                                                            short(raw))])
        strict = strict_problems(t.args_model, raw)
        try:
            args = t.args_model.__pydantic_validator__.validate_python(raw if type(raw) is dict else dict(raw))  # model_validate, one call less
        except ValidationError as e:
            named = {p.field for p in strict}
            raise ToolArgumentError(name, strict + [p for p in problems_from(e, t.args_model)
                                                    if p.field not in named]) from None
        if strict:
            raise ToolArgumentError(name, strict)
        return args

    def call(self, name: str, raw: Mapping[str, Any] | str | BaseModel | None, roller: Roller, state=None) -> ToolResult:
        """Validate the arguments, run the tool, check and return its frozen result.

        State-bound tools need ``state`` (a :class:`tools.table.TableState`); their result's ``changes`` are
        applied by the caller, never by the tool.
        """
        t = self.get(name)
        args = self._validated(t, raw)
        try:
            if t.bound:
                if state is None:
                    raise ToolCallError(f"Tool '{name}' acts on a campaign's table; run it inside a campaign")
                if t.acts is not None:
                    from narrator.tools.turns import after_action, before_action

                    actor = before_action(state, getattr(args, t.acts), t.acts, name,
                                          "move" if t.moves else "act")
                    result = after_action(state, actor, t.fn(args, roller, state))
                else:
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
    from narrator.tools.systems import all_systems, generation

    if _default is None or _generation != generation():
        from narrator.tools import oracle, story, story_meaning, table_tools

        _default = Registry([*table_tools.TOOLS, *oracle.TOOLS, *story.TOOLS, *story_meaning.TOOLS,
                             *(t for s in all_systems() for t in s.tools())])
        _set_generation(generation())
    return _default


_generation = -1


def _set_generation(value: int) -> None:
    """Systems registered at run time (a test's system, a plugin) bump the generation; the registry follows."""
    global _generation
    _generation = value
