"""A tool: a name, a system, a description, typed arguments and a frozen typed result — and how it is marked.

The name is the function's and the description its docstring's first paragraph (:func:`described`), as pydantic-ai
takes them: written once, where the function is.

Two kinds, marked explicitly (never inferred from a function's arity):

* :func:`tool` — a *pure* tool, ``fn(args, roller) -> result``: the mechanics of a rulebook with every input
  given. The CLI, the tests and rulings call these directly.
* :func:`table_tool` — a *state-bound* tool, ``fn(args, roller, state) -> BoundResult``: reads the frozen
  :class:`tools.table.TableState`, returns its result plus the ops that record it; it changes nothing itself.
  ``acts`` names the argument that holds the acting character: the table's turn rules (whose turn it is, how many
  actions are left, conditions that forbid acting) apply to such a tool before it runs (:mod:`tools.turns`).

This module depends on nothing but the contract, so systems import it without importing the registry (which in
turn discovers the systems): no import cycle.
"""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from narrator.tools.contract import ToolArgs, ToolResult

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
    acts: str | None = None  # the argument naming who acts; the table's turn rules apply
    moves: bool = False  # the action is a move: conditions that forbid moving (not acting) refuse it

    def schema(self) -> dict[str, Any]:
        """The tool as an LLM function-calling entry plus its result schema."""
        return {
            "name": self.name,
            "system": self.system,
            "description": self.description,
            "state_bound": self.bound,
            "acts": self.acts,
            "moves": self.moves,
            "parameters": self.args_model.model_json_schema(),
            "result": self.result_model.model_json_schema(),
        }


def _models(name: str, fn: Callable[..., Any], arity: int) -> tuple[type, type]:
    params = list(fn.__code__.co_varnames[: fn.__code__.co_argcount])
    if len(params) != arity:
        kind = "a pure tool takes (args, roller)" if arity == 2 else "a table tool takes (args, roller, state)"
        raise TypeError(f"{name}: {kind}, not ({', '.join(params)})")
    hints = typing.get_type_hints(fn)
    args_model, result_model = hints[params[0]], hints["return"]
    if not (issubclass(args_model, ToolArgs) and issubclass(result_model, ToolResult)):
        raise TypeError(f"{name}: arguments must subclass ToolArgs and the result ToolResult")
    return args_model, result_model


def described(fn: Callable[..., Any], name: str | None, description: str | None) -> tuple[str, str]:
    """A tool's name and description: the function's name and its docstring's first paragraph (whitespace folded,
    so a wrapped docstring reads as one line), unless the decorator gives them. Why from the function: the name
    was written twice and the description was a string beside a function that said nothing, so they drifted."""
    name = name or fn.__name__
    if description is None:
        doc = inspect.getdoc(fn) or ""
        description = " ".join(doc.split("\n\n")[0].split())
    if not description:
        raise TypeError(f"{name}: a tool needs a description: a docstring, or description=")
    return name, description


def tool(system: str, *, name: str | None = None, description: str | None = None,
         ) -> Callable[[Callable[..., R]], Tool]:
    """Decorator: a pure tool ``(args: ArgsModel, roller) -> ResultModel``; the models come from the annotations, the
    name and description from the function (:func:`described`)."""

    def wrap(fn: Callable[..., R]) -> Tool:
        tool_name, text = described(fn, name, description)
        args_model, result_model = _models(tool_name, fn, 2)
        return Tool(tool_name, system, text, args_model, result_model, fn, False, None)

    return wrap


def table_tool(system: str, *, name: str | None = None, description: str | None = None, acts: str | None = None,
               moves: bool = False) -> Callable[[Callable[..., R]], Tool]:
    """Decorator: a state-bound tool ``(args, roller, state) -> BoundResult``; name and description as :func:`tool`.

    ``acts`` is the name of the argument holding the acting character when the tool is that character's action
    (a check, an attack, a move): in combat it must then be their turn, with an action left, and no condition may
    forbid it. Bookkeeping tools (creating characters, damage the narrator rules, ending combat) leave it None.
    ``moves`` marks an action that is a move: it still takes the turn's action, but what refuses it are the
    conditions that forbid *moving* (a character who "cannot act but can move" may take it; a pinned one may not).
    """

    def wrap(fn: Callable[..., R]) -> Tool:
        from narrator.tools.table import BoundResult

        name_, text = described(fn, name, description)
        args_model, result_model = _models(name_, fn, 3)
        if not issubclass(result_model, BoundResult):
            raise TypeError(f"{name_}: a state-bound tool must return a BoundResult")
        if acts is not None and acts not in args_model.model_fields:
            raise TypeError(f"{name_}: acts={acts!r} is not an argument of {args_model.__name__}")
        if moves and acts is None:
            raise TypeError(f"{name_}: moves=True needs acts= (a move is someone's action)")
        return Tool(name_, system, text, args_model, result_model, fn, True, acts, moves)

    return wrap
