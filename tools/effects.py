"""Story facts from table ops: which changes mean *hurt*, *healed*, *down*, *spent*, *gained* — in a system's words.

Why here and not in each renderer: the narration prompt, the provenance guard and the narration gate all need to
know what a turn's results establish, and "health went down" is Minim's way of saying *hurt* while Mini Six's
wound level going *up* says the same. The system's :class:`tools.systems.contract.Vocabulary` says which sheet
fields are resources and which way is better; :func:`effects_from_changes` does the rest for every system, and a
system may add effects of its own in ``effects()``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tools.systems.contract import Effect, Vocabulary
from tools.table import Move, PutCharacter, RemoveCharacter, SetConditions, SetField, SetSystemState, parse_ops


def _ops(changes: Iterable[Any]) -> list[Any]:
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
    for op in _ops(changes):
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
    deduped: list[Effect] = []
    for e in out:
        if e.kind == "downed" and any(d.kind == "downed" and d.who == e.who for d in deduped):
            continue
        if e not in deduped:
            deduped.append(e)
    return deduped
