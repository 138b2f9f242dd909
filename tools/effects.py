"""Story facts from table ops: which changes mean *hurt*, *healed*, *down*, *spent*, *gained* — in a system's words.

Why here and not in each renderer: the narration prompt, the provenance guard and the narration gate all need to
know what a turn's results establish, and "health went down" is Minim's way of saying *hurt* while Mini Six's
wound level going *up* says the same. The system's :class:`Vocabulary` says which sheet
fields are resources and which way is better; :func:`effects_from_changes` does the rest for every system, and a
system may add effects of its own in ``effects()``.

The vocabulary (:class:`Resource`, :class:`Vocabulary`) and :class:`Effect` live here, beside the one reading of
them, and :mod:`tools.systems.contract` takes them from here: this module needs nothing of :mod:`tools.systems`, so
the contract and the reading of its words no longer import each other.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from narrator.tools.table import Move, PutCharacter, RemoveCharacter, SetConditions, SetField, SetSystemState, parse_ops


# --- the vocabulary of honesty ------------------------------------------------------------------------------------


class Resource(BaseModel):
    """A sheet field whose changes are story facts: ``health`` falling means hurt, ``faith`` falling means spent.

    ``kind`` says which words describe a change: health (hurt / recovers), injury (a lasting wound: worse when
    higher unless said), pool (spent / regained), money (spent / gained), stat and level (goes up / down).
    """

    model_config = ConfigDict(frozen=True)

    field: str = Field(description="Dotted sheet path, e.g. 'health', 'powers.wealth', 'wounds'.")
    word: str = Field(description="What players call it, e.g. 'health', 'faith', 'wound level'.")
    kind: Literal["health", "injury", "pool", "money", "stat", "level"]
    higher_is_better: bool = True
    downed_at: int | None = Field(None, description="At or past this value (in the worse direction) the bearer "
                                  "is down: unconscious, incapacitated, out of the fight.")


HEALTH_POINTS = Resource(field="health", word="health", kind="health", downed_at=0)
"""Health kept as points that fall to 0 (the bearer is down there): one declaration for every book that keeps it."""
MAX_HEALTH = Resource(field="max_health", word="maximum health", kind="stat")
"""The most health points the bearer can have, beside :data:`HEALTH_POINTS`."""


class Vocabulary(BaseModel):
    """The words of a system that the guard, the gate and the prompts take instead of assuming Minim's."""

    model_config = ConfigDict(frozen=True)

    resources: tuple[Resource, ...] = ()
    items_field: str | None = Field(None, description="The sheet list of items (each a dict with a 'name').")
    mechanics: tuple[str, ...] = Field((), description="Words that only make sense as game mechanics in this book "
                                       "(fatigue, faith, soak, wild die...): a sentence using them states rules.")
    outcomes: dict[str, int] = Field(default_factory=dict, description="Outcome labels of this book and their "
                                     "polarity: +1 a success of some kind, 0 neither, -1 a failure of some kind.")
    downed_words: tuple[str, ...] = ("unconscious",)
    powers_field: str | None = Field(None, description="The sheet mapping of powers, spells or abilities a "
                                     "character uses by name (the router matches the player's words to them).")
    passive_powers: tuple[str, ...] = Field((), description="Entries of the powers field that are not used by "
                                            "name in play (e.g. languages, wealth).")
    stats: tuple[str, ...] = Field((), description="The book's traits, attributes and skills by name: a number beside "
                                   "one is a score, and saying one goes up or down states a rule.")

    def resource(self, field: str) -> Resource | None:
        return next((r for r in self.resources if r.field == field), None)


class Effect(BaseModel):
    """One story fact a turn's results establish, with who and what: what narration may say happened."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["harmed", "healed", "downed", "revived", "spent", "gained", "raised", "lowered",
                  "condition_added", "condition_removed", "item_gained", "item_lost", "moved", "created",
                  "removed", "state"]
    who: str = ""
    what: str = ""
    amount: int | None = None
    before: Any = None
    after: Any = None

    def words(self) -> str:
        """The effect as a number-free clause for the narration prompt."""
        who, what = self.who or "someone", self.what
        return {
            "harmed": f"{who} is hurt" + (f" ({what})" if what not in ("health", "") else ""),
            "healed": f"{who} recovers" + (f" ({what})" if what not in ("health", "") else ""),
            "downed": f"{who} is down: {what or 'out of the fight'}",
            "revived": f"{who} is back on their feet",
            "spent": f"{who} spends {what}",
            "gained": f"{who} gains {what}",
            "raised": f"{who}'s {what} goes up",
            "lowered": f"{who}'s {what} goes down",
            "condition_added": f"{who} is now {what}",
            "condition_removed": f"{who} is no longer {what}",
            "item_gained": f"{who} now has {what}",
            "item_lost": f"{who} no longer has {what}",
            "moved": f"{who} moves to {what}",
            "created": f"{who} enters the story",
            "removed": f"{who} leaves the story",
            "state": f"{what}",
        }[self.kind]


# --- reading ops --------------------------------------------------------------------------------------------------


def ops_of(changes: Iterable[Any]) -> list[Any]:
    """A result's changes as ops, whether they come as ops or as their dumped dicts (a replayed log)."""
    changes = list(changes or [])
    if changes and isinstance(changes[0], dict):
        return parse_ops(changes)
    return changes


def _number(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _is_down(value: int, downed_at: int | None, higher_is_better: bool) -> bool:
    if downed_at is None:
        return False
    return value <= downed_at if higher_is_better else value >= downed_at


def _resource_effects(op: SetField, vocab: Vocabulary) -> list[Effect]:
    res = vocab.resource(op.field)
    now, was = _number(op.value), _number(op.was)
    if res is None or now is None or was is None or now == was:
        return []
    better = (now > was) == res.higher_is_better
    amount = abs(now - was)
    if res.kind in ("health", "injury"):
        kind = "healed" if better else "harmed"
    elif res.kind in ("pool", "money"):
        kind = "gained" if now > was else "spent"
    else:
        kind = "raised" if now > was else "lowered"
    out = [Effect(kind=kind, who=op.name, what=res.word, amount=amount, before=was, after=now)]
    down_now = _is_down(now, res.downed_at, res.higher_is_better)
    down_was = _is_down(was, res.downed_at, res.higher_is_better)
    if down_now and not down_was:
        out.append(Effect(kind="downed", who=op.name, what=vocab.downed_words[0] if vocab.downed_words else "down"))
    elif down_was and not down_now:
        out.append(Effect(kind="revived", who=op.name, what=res.word))
    return out


def _item_names(value: Any) -> list[str]:
    if not isinstance(value, list):
        return []
    return [str(v.get("name")) if isinstance(v, dict) else str(v) for v in value]


def _item_effects(op: SetField, vocab: Vocabulary) -> list[Effect]:
    if vocab.items_field is None or op.field != vocab.items_field:
        return []
    before, after = _item_names(op.was), _item_names(op.value)
    out = []
    for name in after:
        if after.count(name) > before.count(name):
            out.append(Effect(kind="item_gained", who=op.name, what=name))
    for name in before:
        if before.count(name) > after.count(name):
            out.append(Effect(kind="item_lost", who=op.name, what=name))
    return list(dict.fromkeys(out))


def effects_from_changes(changes: Iterable[Any], vocab: Vocabulary, downed_condition: str,
                         before_conditions: dict[str, list[str]] | None = None) -> list[Effect]:
    """The effects a list of ops establishes, in order, without duplicates.

    Condition changes are diffs: pass the conditions as they were (``before_conditions``) when known; without
    them the op's list is read as all newly added (which is what a fresh table means).
    """
    out: list[Effect] = []
    conditions = {k: list(v) for k, v in (before_conditions or {}).items()}
    for op in ops_of(changes):
        if isinstance(op, SetField):
            out += _resource_effects(op, vocab) + _item_effects(op, vocab)
        elif isinstance(op, SetConditions):
            was = conditions.get(op.name, [])
            for c in op.conditions:
                if c not in was:
                    out.append(Effect(kind="downed" if c == downed_condition else "condition_added", who=op.name,
                                      what=c))
            for c in was:
                if c not in op.conditions:
                    out.append(Effect(kind="revived" if c == downed_condition else "condition_removed",
                                      who=op.name, what=c))
            conditions[op.name] = list(op.conditions)
        elif isinstance(op, PutCharacter):
            out.append(Effect(kind="created", who=op.name))
        elif isinstance(op, RemoveCharacter):
            out.append(Effect(kind="removed", who=op.name))
        elif isinstance(op, Move) and op.zone:
            out.append(Effect(kind="moved", who=op.name, what=op.zone))
        elif isinstance(op, SetSystemState):
            continue  # system-owned state: the system says what it means in its own effects()
    return deduplicated(out)


def deduplicated(effects: Iterable[Effect]) -> list[Effect]:
    """The effects in order, each once, and one ``downed`` per bearer (a system adding its own readings to the
    shared ones passes the whole list through here too)."""
    deduped: list[Effect] = []
    for e in effects:
        if e.kind == "downed" and any(d.kind == "downed" and d.who == e.who for d in deduped):
            continue
        if e not in deduped:
            deduped.append(e)
    return deduped
