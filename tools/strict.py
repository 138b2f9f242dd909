"""Strict whole numbers at the tool boundary: ``true``, ``"3"`` and ``2.5`` are not integers.

pydantic's lax mode, which the argument models use so that ``"3D+1"`` stays text and ``2.0`` stays 2, would also
read ``{"attribute": true}`` as 1 and ``{"attribute": "3"}`` as 3. An argument a model wrote as a boolean or as text
is a mistake to send back to it, not a number to guess at, so the registry refuses, for every integer argument of
every system (nested ones too: a combatant's score in a list, a sheet's trait in a dict), a boolean, a string, and
a float with a fraction — naming the field and what to write instead. A whole float (``2.0``) is still the integer
2, as JSON has one number type. Where a field takes an integer *or* words (Mastery's ``tn``: 4 or "Normal"), words
stay valid and only a number written as text is refused.

The plan of checks is built once per argument model from its annotations (:func:`plan`), so a call costs one
dictionary walk over the arguments given.
"""

from __future__ import annotations

import re
import types
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from pydantic import AliasChoices, BaseModel

from narrator.tools.errors import FieldProblem

Check = Callable[[Any, str, Any, list[FieldProblem]], None]
"""``check(value, prefix, key, problems)``: appends a problem for each value that is not a strict integer, at the
path ``prefix`` + ``key`` (joined only when there is a problem to name: most calls have none)."""

NUMERIC_TEXT = re.compile(r"^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$")


def _shown(value: Any) -> str:
    text = repr(value) if isinstance(value, str) else str(value).lower() if isinstance(value, bool) else str(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _integer(words_allowed: bool) -> Check:
    def check(value: Any, prefix: str, key: Any, problems: list[FieldProblem]) -> None:
        if isinstance(value, bool):
            problems.append(FieldProblem(f"{prefix}{key}", "must be a whole number, not true/false (write 1 or 0 if "
                                                           "a number is meant)", _shown(value)))
        elif isinstance(value, str) and (not words_allowed or NUMERIC_TEXT.match(value)):
            problems.append(FieldProblem(f"{prefix}{key}", "must be a whole number written as a number, not as "
                                                           "text (write 3, not \"3\")", _shown(value)))
        elif isinstance(value, float) and not value.is_integer():
            problems.append(FieldProblem(f"{prefix}{key}", "must be a whole number, without a fraction",
                                         _shown(value)))

    return check


def _each(inner: Check) -> Check:
    def check(value: Any, prefix: str, key: Any, problems: list[FieldProblem]) -> None:
        if isinstance(value, (list, tuple)):
            inside = None
            for i, item in enumerate(value):
                if item is not None and type(item) is not int:  # see scan: these pass every check
                    inside = inside or f"{prefix}{key}."
                    inner(item, inside, i, problems)

    return check


def _values(inner: Check) -> Check:
    def check(value: Any, prefix: str, key: Any, problems: list[FieldProblem]) -> None:
        if type(value) is dict or isinstance(value, Mapping):  # a dict first: the ABC's check is slower
            inside = None
            for name, item in value.items():
                if item is not None and type(item) is not int:  # see scan: these pass every check
                    inside = inside or f"{prefix}{key}."
                    inner(item, inside, name, problems)

    return check


def _model(model: type[BaseModel]) -> Check:
    checks: dict[str, Check] | None = None  # planned when first met (a model may hold itself), then kept here

    def check(value: Any, prefix: str, key: Any, problems: list[FieldProblem]) -> None:
        nonlocal checks
        if type(value) is dict or isinstance(value, Mapping):  # a dict first: the ABC's check is slower
            if checks is None:
                checks = plan(model)
            _scan(checks, value, problems, f"{prefix}{key}.")

    return check


def _any(checks: list[Check]) -> Check:
    if len(checks) == 1:
        return checks[0]

    def check(value: Any, prefix: str, key: Any, problems: list[FieldProblem]) -> None:
        for c in checks:
            c(value, prefix, key, problems)

    return check


def _takes_words(annotation: Any) -> bool:
    """Whether a member of a union accepts text (``str``, a string ``Literal``, a model that parses text)."""
    if annotation is str:
        return True
    origin = get_origin(annotation)
    if origin is Literal:
        return any(isinstance(a, str) for a in get_args(annotation))
    if origin is Annotated:
        return _takes_words(get_args(annotation)[0])
    return False


def checker(annotation: Any) -> Check | None:
    """The check for values of ``annotation``, or None when nothing under it is an integer."""
    if annotation is int:
        return _integer(words_allowed=False)
    origin = get_origin(annotation)
    if origin is Annotated:
        return checker(get_args(annotation)[0])
    if origin in (Union, types.UnionType):
        members = [a for a in get_args(annotation) if a is not type(None)]
        if int in members:
            rest = [checker(a) for a in members if a is not int]
            own = _integer(words_allowed=any(_takes_words(a) for a in members))
            return _any([own, *(c for c in rest if c is not None)])
        found = [c for c in (checker(a) for a in members) if c is not None]
        return _any(found) if found else None
    if origin in (list, tuple, set, frozenset, Sequence):
        inner = [c for c in (checker(a) for a in get_args(annotation) if a is not Ellipsis) if c is not None]
        return _each(_any(inner)) if inner else None
    if origin in (dict, Mapping):
        args = get_args(annotation)
        inner = checker(args[1]) if len(args) == 2 else None
        return _values(inner) if inner else None
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return _model(annotation)  # planned when first met: a model may hold itself
    return None


@lru_cache(maxsize=None)
def plan(model: type[BaseModel]) -> dict[str, Check]:
    """Argument name (and every alias it is read under) -> its check, for the fields that hold integers."""
    out: dict[str, Check] = {}
    for name, field in model.model_fields.items():
        c = checker(field.annotation)
        if c is None:
            continue
        keys = {name, field.alias} | _aliases(field.validation_alias)
        for key in keys - {None}:
            out[key] = c
    return out


def _aliases(alias: Any) -> set[str]:
    if isinstance(alias, str):
        return {alias}
    if isinstance(alias, AliasChoices):
        return {c for c in alias.choices if isinstance(c, str)}
    return set()


def scan(model: type[BaseModel], raw: Mapping[str, Any], problems: list[FieldProblem], prefix: str = "") -> None:
    """Append a problem for every integer argument of ``model`` in ``raw`` that is not a strict integer."""
    _scan(plan(model), raw, problems, prefix)


def _scan(checks: dict[str, Check], raw: Mapping[str, Any], problems: list[FieldProblem], prefix: str) -> None:
    if not checks:
        return
    for key, value in raw.items():
        # An exact int or a null passes every check (each looks for a bool, text, a fraction, or walks a list,
        # a dict or a model, which these are not): most arguments are one, so they cost a type test only.
        if value is None or type(value) is int:
            continue
        c = checks.get(key)
        if c is not None:
            c(value, prefix, key, problems)


def strict_problems(model: type[BaseModel], raw: Mapping[str, Any]) -> list[FieldProblem]:
    problems: list[FieldProblem] = []
    scan(model, raw, problems)
    return problems
