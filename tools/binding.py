"""The one way a table tool runs a pure tool: read the sheets, call the pure mechanics, keep its whole result.

Why: a rule lives once, in the pure tool (``minim_test``, ``brew_check``…), which takes every number as an
argument and computes the exact odds. A table tool only *binds* it to the table — finds the characters, reads
their scores, turns the outcome into ops — so it calls :func:`run_pure` with values from the sheets and returns
:func:`bind`: the pure result's every field (dice, outcome, odds, steps, citations) plus who acted and the
``changes``. Nothing is recomputed, so a preview that dry-runs the table tool shows exactly what the roll will use.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeVar

from pydantic import ValidationError

from narrator.tools.contract import ToolResult
from narrator.tools.dice import Roller
from narrator.tools.errors import ToolArgumentError
from narrator.tools.steps import Step
from narrator.tools.table import BoundResult
from narrator.tools.tool import Tool

B = TypeVar("B", bound=BoundResult)


def run_pure(pure: Tool, roller: Roller, **values: Any) -> ToolResult:
    """Run ``pure`` on values read from the table. Values the pure tool refuses become argument errors of the
    table tool (the caller's ``?`` is filled in by the registry) — the sheet, not the caller, is then at fault."""
    from narrator.tools.problems import problems_from

    try:
        args = pure.args_model(**values)
    except ValidationError as e:
        raise ToolArgumentError("?", problems_from(e, pure.args_model)) from None
    return pure.fn(args, roller)


def bind(model: type[B], pure: ToolResult, changes: Iterable[Any] = (), *, summary: Step | str | None = None,
         before: Iterable[Step | str] = (), after: Iterable[Step | str] = (), refs: Iterable[str] = (),
         **fields: Any) -> B:
    """The table tool's result: everything the pure result holds, the table's own steps around its steps,
    extra citations (deduplicated, in order), the fields naming who acted, and the ops."""
    data = {name: getattr(pure, name) for name in type(pure).model_fields}
    data["summary"] = summary if summary is not None else pure.summary
    data["steps"] = [*before, *pure.steps, *after]
    data["rule_refs"] = list(dict.fromkeys([*pure.rule_refs, *refs]))
    data.update(fields)
    return model(**data, changes=list(changes))
