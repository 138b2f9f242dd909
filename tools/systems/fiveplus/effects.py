"""What 5+ results establish as story facts (``RulesSystem.effects``): read from the ops, in the book's words.

A 5+ sheet is a dict of descriptors, written whole by the table tools, so the shared reading of ops (which knows
fixed resource fields like ``health``) cannot see a resistance taking damage inside it. This module diffs each
written descriptor dict: damage on a resistance's counter is *hurt* (less is *recovers*), a wound or condition
gained or gone, a major wound is *down*, a level gained is *raised*, an item equipped or used up, a trait gained
for good; an NPC's successes taken is *hurt*; the challenges and the card table say what was won, lost or played.
"""

from __future__ import annotations

from typing import Any

from narrator.tools.effects import Effect, Vocabulary, deduplicated, effects_from_changes, ops_of
from narrator.tools.table import SetField, SetSystemState, TableState

def _int(v: Any) -> int:
    return v if isinstance(v, int) and not isinstance(v, bool) else 0


def descriptor_effects(who: str, before: dict[str, Any], after: dict[str, Any]) -> list[Effect]:
    out: list[Effect] = []
    before = before if isinstance(before, dict) else {}
    after = after if isinstance(after, dict) else {}
    overflowed = {str(w.get("of")) for k, w in after.items() if isinstance(w, dict) and w.get("kind") == "wound"
                  and (not isinstance(before.get(k), dict) or _int(w.get("level")) > _int(before[k].get("level")))}
    # Resistances whose damage went past their level into a wound this time: "gaining a wound immediately restore
    # all accumulated damage" (five-plus.md#Wounds), so the counter starts again, but the damage became the wound:
    # no recovery to tell (a witch's curse was told "You go down. You feel better.").
    for key in [*before, *(k for k in after if k not in before)]:
        b, a = before.get(key), after.get(key)
        b = b if isinstance(b, dict) else None
        a = a if isinstance(a, dict) else None
        name = str((a or b or {}).get("name", key))
        kind = (a or b or {}).get("kind")
        if b is None and a is not None:
            if kind in ("wound", "condition"):
                out.append(Effect(kind="downed" if a.get("major") else "condition_added", who=who,
                                  what=f"{name} ({'major wound' if a.get('major') else kind})"))
            elif kind == "equipment":
                out.append(Effect(kind="item_gained", who=who, what=name))
            else:
                out.append(Effect(kind="gained", who=who, what=f"{name} ({kind})"))
            continue
        if a is None and b is not None:
            out.append(Effect(kind="condition_removed" if kind in ("wound", "condition") else
                              "item_lost" if kind == "equipment" else "lowered", who=who, what=name))
            continue
        assert a is not None and b is not None
        ca, cb = _int(a.get("counter")), _int(b.get("counter"))
        if ca != cb and not (ca < cb and name in overflowed):
            out.append(Effect(kind="harmed" if ca > cb else "healed", who=who, what=f"{name} damage",
                              amount=abs(ca - cb), before=cb, after=ca))
        la, lb = _int(a.get("level")), _int(b.get("level"))
        ta, tb = _int(a.get("tier")), _int(b.get("tier"))
        if (ta, la) != (tb, lb):
            if kind == "wound":
                out.append(Effect(kind="harmed" if la > lb else "healed", who=who, what=f"{name} wound",
                                  amount=abs(la - lb), before=lb, after=la))
            elif kind == "condition":
                out.append(Effect(kind="state", who=who, what=f"{who}'s {name} "
                                  + ("worsens" if (ta, la) > (tb, lb) else "eases")))
            else:
                out.append(Effect(kind="raised" if (ta, la) > (tb, lb) else "lowered", who=who, what=name,
                                  before=lb, after=la))
        if a.get("major") and not b.get("major"):
            out.append(Effect(kind="downed", who=who, what=f"incapacitated by a major wound ({name})"))
        if a.get("equipped") != b.get("equipped") and kind == "equipment":
            out.append(Effect(kind="state", who=who, what=f"{who} {'equips' if a.get('equipped') else 'puts away'} "
                                                          f"{name}"))
        if _int(a.get("uses")) < _int(b.get("uses")):
            out.append(Effect(kind="spent", who=who, what=f"a use of {name}"))
    return out


def challenge_effects(before: dict[str, Any], after: dict[str, Any]) -> list[Effect]:
    out = []
    for name, ch in (after or {}).items():
        if not isinstance(ch, dict):
            continue
        was = (before or {}).get(name) if isinstance(before, dict) else None
        if was is None:
            out.append(Effect(kind="state", what=f"a challenge begins: {name}"))
        elif ch.get("status") != (was or {}).get("status") and ch.get("status") in ("won", "lost"):
            out.append(Effect(kind="state", what=f"the challenge {name} is {ch['status']}"))
    return out


def effects(tool: str, result: Any, before: TableState | None, vocab: Vocabulary, downed: str) -> list[Effect]:
    ops = ops_of(getattr(result, "changes", []))
    out = effects_from_changes(ops, vocab, downed, before.conditions if before is not None else None)
    for op in ops:
        if isinstance(op, SetField) and op.field == "descriptors":
            out += descriptor_effects(op.name, op.was or {}, op.value or {})
        elif isinstance(op, SetField) and op.field == "successes_taken":
            gained = _int(op.value) - _int(op.was)
            if gained > 0:
                out.append(Effect(kind="harmed", who=op.name, what="successes against them", amount=gained,
                                  before=_int(op.was), after=_int(op.value)))
        elif isinstance(op, SetSystemState) and op.key == "challenges":
            was = before.system_state.get("challenges") if before is not None else {}
            out += challenge_effects(was or {}, op.value or {})
        elif isinstance(op, SetSystemState) and op.key == "cards" and isinstance(op.value, dict):
            table = op.value.get("table") or []
            old = ((before.system_state.get("cards") or {}).get("table") or []) if before is not None else []
            if table and table != old:
                out.append(Effect(kind="state", what=f"a card is played: {table[-1]}"))
    return deduplicated(out)
