"""Facts: the numbers a result establishes, each in the role the rules give it — a die face, a target, a modifier,
damage, a health figure, a price...

Why roles: the provenance guard used to allow any integer found anywhere in a turn's results, so "+3 to your next
attack" passed because the target happened to be 3, and "takes 13 damage" passed because the odds held 13/36. A
number in the model's prose is allowed only in the role a fact gives it (:mod:`narrator.agent.guard`).

Why derived, not stored: :meth:`tools.contract.ToolResult.facts` computes them from the result, so no logged result
changes and old logs replay byte for byte. Five rules systems share this one reading, so it is generic:

* every :class:`tools.dice.Die` gives its face (``die``) and its sides (``sides``); a list of dice its length
  (``count``, what ``dice``);
* a field marked ``Field(json_schema_extra={"fact": ROLE})`` gives that role (``{"fact": None}``: no fact) — for
  the few fields where a naming convention would be wrong;
* otherwise the field's name decides (:data:`CONVENTIONS`): ``total``, ``target``/``tn``/``difficulty``,
  ``modifier``/``bonus``/``penalty``/``quality``, ``damage``/``fatigue``, ``health``/``hp``, ``price``/``cost``,
  ``margin``/``degree``/``outcome``, ``successes``, ``level``/``tier``, ``score``/``trait``...; ``X_before`` /
  ``X_after`` / ``X_spent`` are a resource ``X``; ``max_X`` takes ``X``'s role; any other number is a ``count``;
* nested models, lists and dicts are walked (a dict keyed by names gives facts about those names); a number no
  convention names takes the role of the field holding it (``traits.brain`` is a score);
* table ops in ``changes`` give the changed field's value, its old value and the difference, for the named
  character; :func:`effect_facts` does the same for a turn's :class:`tools.systems.contract.Effect` s;
* the ``odds`` (any :class:`tools.odds.Odds`, any ``*_odds`` field) and all text (``summary``, ``steps``, labels)
  never give facts: odds are what *could* happen, and text is for people — except dice notation in a field named
  ``expression`` or ``notation``, whose constants ("2d6+1") are modifiers;

``who`` is the character a fact is about when the result says so (``defender_health_after`` → the ``defender``;
otherwise the result's ``actor``/``attacker``/``target``/``name``), ``what`` the field or die purpose; a value
before or after a change, and the change itself, say so in ``what`` (``health before``, ``faith_after``,
``health change``), so "down to 1 health" and "loses 2 health" can each be held to the right one.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

ROLES: tuple[str, ...] = ("die", "sides", "total", "target", "modifier", "damage", "health", "resource", "price",
                          "count", "level", "score", "successes", "degree")

SKIPPED = frozenset({"summary", "steps", "rule_refs", "odds", "exact", "distribution", "p_success"})
WHO_FIELDS = ("actor", "attacker", "target", "name", "victim")
PERSON_FIELDS = frozenset(WHO_FIELDS + ("defender", "medic", "healer", "caster", "opponent", "enemy", "helper",
                                        "buyer", "seller", "character", "recipient"))
"""Fields naming a character: ``defender_health_after`` is about the ``defender``."""
HARMED_FIELDS = ("defender", "target", "victim")
"""Whose damage and health a result's plain ``damage`` / ``fatigue`` / ``health`` fields are, when it names one."""

CONVENTIONS: tuple[tuple[frozenset[str], str], ...] = (
    (frozenset({"health", "hp", "vitality", "life"}), "health"),
    (frozenset({"damage", "fatigue", "harm", "wound", "wounds", "injury", "stress", "avoided"}), "damage"),
    (frozenset({"total", "sum", "totals"}), "total"),
    (frozenset({"target", "tn", "difficulty", "dc", "threshold"}), "target"),
    (frozenset({"modifier", "modifiers", "bonus", "penalty", "adjustment", "mod", "quality"}), "modifier"),
    (frozenset({"price", "cost"}), "price"),
    (frozenset({"margin", "degree", "outcome", "partials", "partial", "raises"}), "degree"),
    (frozenset({"successes", "hits"}), "successes"),
    (frozenset({"level", "tier", "rank", "xp", "experience"}), "level"),
    (frozenset({"score", "scores", "trait", "traits", "skill", "skills", "stat", "stats", "powers", "rating",
                "challenge"}), "score"),
)
"""Field-name words → role, first match wins (a name is split on ``_``: ``defender_health_after`` is health)."""

NOTATION_FIELDS = frozenset({"expression", "notation"})
NOTATION_CONSTANT = re.compile(r"([+\-−])\s*(\d{1,6})(?![\d]|\s*[dD])")
"""Dice notation is the one text a fact is read from: its constants ("2d6+1") are modifiers."""
RESOURCE_SUFFIXES = ("before", "after", "spent", "gained", "lost", "left", "remaining")


@dataclass(frozen=True)
class Fact:
    """One number a result establishes: its role, its value, who it is about and what it measures."""

    role: str
    value: int | float
    who: str | None = None
    what: str | None = None


def _number(value: Any) -> int | float | None:
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            return None
        return int(value) if value.is_integer() else value
    return None


def role_of(name: str) -> tuple[str | None, str | None]:
    """The role a field's name gives (and what it measures), by :data:`CONVENTIONS`; (None, None) to skip."""
    name = name.lower()
    if name in SKIPPED or name.endswith(("_odds", "_exact")):
        return None, None
    words = [w for w in re.split(r"[_\W]+", name) if w]
    if words and words[0] == "max" and len(words) > 1:
        role, what = role_of("_".join(words[1:]))
        return role, f"max {what or words[1]}"
    for keys, role in CONVENTIONS:
        if any(w in keys for w in words):
            return role, name
    if len(words) > 1 and words[-1] in RESOURCE_SUFFIXES:
        return "resource", " ".join(words[:-1])
    return "count", name


def _declared(model: BaseModel, name: str) -> tuple[bool, str | None]:
    """A field's own ``json_schema_extra={"fact": ROLE}``: (declared, role)."""
    info = type(model).model_fields.get(name)
    extra = getattr(info, "json_schema_extra", None) if info is not None else None
    if isinstance(extra, dict) and "fact" in extra:
        role = extra["fact"]
        return True, role if isinstance(role, str) else None
    return False, None


def _who_of(fields: dict[str, Any], inherited: str | None) -> str | None:
    for key in WHO_FIELDS:
        value = fields.get(key)
        if isinstance(value, str) and value:
            return value
    return inherited


def _is_die(node: Any) -> bool:
    from narrator.tools.dice import Die

    if isinstance(node, Die):
        return True
    return isinstance(node, dict) and "face" in node and isinstance(node.get("face"), int)


class _Walker:
    def __init__(self) -> None:
        self.out: list[Fact] = []

    def add(self, role: str | None, value: Any, who: str | None, what: str | None) -> None:
        n = _number(value)
        if role is not None and n is not None:
            self.out.append(Fact(role, n, who, what))

    def die(self, node: Any, who: str | None) -> None:
        get = node.get if isinstance(node, dict) else lambda k, d=None: getattr(node, k, d)
        purpose = get("purpose", None) or None
        self.add("die", get("face"), who, purpose)
        self.add("sides", get("sides", None), who, purpose)

    def op(self, node: Any, who: str | None) -> bool:
        """Table ops: a changed field gives its new value, its old one and the difference. True when handled."""
        if isinstance(node, BaseModel):
            if not isinstance(getattr(node, "op", None), str):
                return False
            data = node.model_dump(mode="python")
        else:
            data = node
        if not isinstance(data, dict) or not isinstance(data.get("op"), str):
            return False
        kind = data["op"]
        if kind == "set_field":
            name = data.get("name") or who
            field = str(data.get("field", ""))
            tail = field.rsplit(".", 1)[-1]
            role, _ = role_of(tail)
            role = role if role in ("health", "damage", "level", "score", "price") else "resource"
            now, was = _number(data.get("value")), _number(data.get("was"))
            if now is not None:
                self.add(role, now, name, f"{tail} after")
                if was is not None:
                    self.add(role, was, name, f"{tail} before")
                    if now != was:
                        change = "damage" if role == "health" and now < was else role
                        self.add(change, abs(now - was), name, f"{tail} change")
            else:
                self.walk(data.get("value"), tail, name)
        elif kind == "put_character":
            self.walk(data.get("sheet"), None, data.get("name") or who)
        elif kind == "set_initiative":
            self.walk(data.get("initiative"), "initiative", who)
        return True

    def walk(self, node: Any, role_name: str | None, who: str | None, declared: tuple[bool, str | None] = (False, None)) -> None:
        from narrator.tools.odds import Odds

        if node is None or isinstance(node, (bool, str, Odds)):
            return
        if _is_die(node):
            self.die(node, who)
            return
        if isinstance(node, BaseModel):
            if self.op(node, who):
                return
            self.model(node, who, _inherited(role_name, declared))
            return
        if isinstance(node, dict):
            if self.op(node, who):
                return
            if node and all(isinstance(k, str) for k in node) and role_name and not _looks_like_fields(node):
                for key, value in node.items():  # keyed by names or by things: {Aria: 3}, {fireball: 2}
                    if isinstance(value, (int, float)) and not isinstance(value, bool):
                        role = declared[1] if declared[0] else role_of(role_name)[0]
                        self.add(role, value, key if role in ("total", "health", "damage") else who, key)
                    else:
                        self.walk(value, role_name, key)
                return
            self.fields(node, who, inherit=_inherited(role_name, declared))
            return
        if isinstance(node, (list, tuple)):
            if node and all(_is_die(d) for d in node):
                self.add("count", len(node), who, role_name or "dice")
            for item in node:
                self.walk(item, role_name, who, declared)
            return
        if role_name is None:
            return
        role = declared[1] if declared[0] else role_of(role_name)[0]
        self.add(role, node, who, role_name)

    def fields(self, data: dict[str, Any], who: str | None, model: BaseModel | None = None,
               inherit: str | None = None) -> None:
        """``inherit``: the role of the field holding these (``traits`` → score), for names no convention reads."""
        who = _who_of(data, who)
        for name, value in data.items():
            if name in SKIPPED or name.endswith("_odds"):
                continue
            declared = _declared(model, name) if model is not None else (False, None)
            if not declared[0] and inherit and role_of(name) == ("count", name.lower()) and name not in WHO_FIELDS:
                declared = (True, inherit)
            if declared[0] and declared[1] is None:
                continue
            if name in NOTATION_FIELDS and isinstance(value, str):
                for sign, digits in NOTATION_CONSTANT.findall(value[:200]):
                    self.add("modifier", int(digits) * (-1 if sign in "-−" else 1), who, name)
                continue
            prefix = name.split("_", 1)[0]
            owner = data.get(prefix) if "_" in name and prefix in PERSON_FIELDS else None
            if not (isinstance(owner, str) and owner) and role_of(name)[0] in ("damage", "health"):
                owner = next((data[k] for k in HARMED_FIELDS if isinstance(data.get(k), str) and data[k]), None)
            field_who = owner if isinstance(owner, str) and owner else who
            self.walk(value, name, field_who, declared)

    def model(self, node: BaseModel, who: str | None, inherit: str | None = None) -> None:
        data = {name: getattr(node, name) for name in type(node).model_fields}
        data.update(node.model_extra or {})
        self.fields(data, who, node, inherit)


def _inherited(role_name: str | None, declared: tuple[bool, str | None]) -> str | None:
    """The role a container's name gives its unnamed contents: ``traits`` → score (not ``count``)."""
    if declared[0]:
        return declared[1]
    role = role_of(role_name)[0] if role_name else None
    return role if role not in (None, "count") else None


def _looks_like_fields(node: dict[str, Any]) -> bool:
    """A dict of named fields (a sheet, a dumped model) rather than a mapping keyed by names or things."""
    return any(role_of(k)[0] not in (None, "count") for k in node) or any(k in WHO_FIELDS for k in node)


def _dedupe(facts: Iterable[Fact]) -> list[Fact]:
    return list(dict.fromkeys(facts))


def facts_of(result: BaseModel | dict[str, Any]) -> list[Fact]:
    """Every fact one result establishes (a model or its JSON dump), in field order, without duplicates."""
    w = _Walker()
    if isinstance(result, BaseModel):
        w.model(result, None)
    elif isinstance(result, dict):
        w.fields(result, None)
    return _dedupe(w.out)


def effect_facts(effects: Iterable[Any]) -> list[Fact]:
    """The facts of a turn's effects: how much was lost, healed, spent or gained, and the values before and after."""
    out: list[Fact] = []
    for e in effects:
        who, what = e.who or None, e.what or None
        if e.kind in ("harmed", "healed"):
            amount_role, value_role = ("damage" if e.kind == "harmed" else "health"), "health"
        elif e.kind in ("spent", "gained"):
            amount_role = value_role = "resource"
        elif e.kind in ("raised", "lowered"):
            amount_role = value_role = "score"
        else:
            continue
        for role, value, when in ((amount_role, e.amount, "change"), (value_role, e.before, "before"),
                                  (value_role, e.after, "after")):
            n = _number(value)
            if n is not None:
                out.append(Fact(role, n, who, f"{what or e.kind} {when}"))
    return _dedupe(out)
