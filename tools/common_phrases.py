"""The words of the shared tools' steps, one table per shared tool family (kind ``"<family>.<phrase>"``): ``table``
(scenes, zones, movement, conditions, turns, a sheet check's verdict), ``dice`` (dice notation), ``story`` (the
story and its oracle) and ``oracle``. :mod:`tools.phrases` reads :data:`TABLES`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from narrator.tools.phrases import say

V = Mapping[str, Any]


def _condition(v: V) -> str:
    """A condition as the table states it: its name, what it means (the system's catalogue), until when."""
    meaning = f" ({v['meaning']})" if v.get("meaning") else ""
    ends = v.get("ends")
    until = "" if ends is None else {"start_of_turn": f" until the start of {v['of']}'s next turn",
                                     "end_of_turn": f" until the end of {v['of']}'s next turn",
                                     "end_of_round": " until the end of the round"}[ends]
    return f"{v['condition']}{meaning}{until}"


def _turn(v: V) -> str:
    start = v.get("start")
    said = f"; {say(start)}" if start else ""
    return f"Round {v['round']}: {v['current']}'s turn{said}"


def _verdict(v: V) -> str:
    n = v["broken"]
    return f"{v['name']}: valid" if not n else f"{v['name']}: {n} rule violation{'s' * (n > 1)}"


TABLE: dict[str, Any] = {
    # a sheet check (tools.violations)
    "broken_rule": "✗ {sentence}",
    "no_rule_broken": "No rule is broken.",
    "verdict": _verdict,
    # the scene, zones and movement (tools.table_tools)
    "scene": "Scene: {text}",
    "zones": lambda v: f"Zones: {' | '.join(v['zones'])}",
    "borders": lambda v: f"Borders: {'; '.join(f'{a} – {b}' for a, b in v['borders']) or 'a single zone'}.",
    "zone_moves": "In combat, moving to a bordering zone takes a turn; close combat only reaches the same zone.",
    "path": lambda v: (f"From {v['start']} to {v['zone']}: {' → '.join(v['path'])}, {len(v['path']) - 1} zone(s) "
                       "of movement."),
    "moves": "{name} moves to {zone}",
    "in_zone": lambda v: f"In {v['zone']}: {', '.join(v['inside']) or 'nobody'}",
    "area": ("An area effect affects all in a zone, whether friend, foe or neutral; someone at the zone's very edge may "
             "dodge it by leaving the zone."),
    # conditions (tools.table_tools, tools.turns)
    "condition": _condition,
    "bears": "{name}: {condition}.",
    "not_condition": "{name} is not {condition}",
    "already": "{name} is already {condition}",
    "now": "{name} is now {condition}",
    "no_longer": "{name} is no longer {condition}",
    "ended": "{name} is no longer {condition}.",
    # turns and the fight
    "turn": _turn,
    "leaves_fight": "{name} leaves the fight",
    "combat_ends": "Combat ends",
    # sheets and the cast
    "edited": lambda v: f"{v['name']}: " + ", ".join(f"{field} {was!r} → {value!r}" for field, was, value in v["changes"]),
    "removed": "{name} is removed from the campaign",
    # a roll that picks among options (narrator.game.encounters)
    "picked": "{roll} → {said}",
    "picks_choice": "The roll picks choice {total} of {count}: {said}.",
}

def _total(v: V) -> str:
    terms = v["terms"]
    if len(terms) == 1:
        return f"Total = {v['total']}"
    arithmetic = " ".join(f"{'-' if sign < 0 else ('+' if i else '')}{value}" for i, (sign, value) in enumerate(terms))
    return f"Total = {arithmetic} = {v['total']}"


def _faces(v: V, between: str = " + ") -> str:
    return between.join(str(f) for f in v["faces"])


DICE: dict[str, Any] = {
    # dice notation (tools.notation), and table_roll's summary
    "rolled": "{expression} = {total}",
    "wild": lambda v: f"{v['code']}: {_faces(v)} = {v['total']} (the wild die explodes on 6)",
    "hits": lambda v: f"{v['code']}: {_faces(v, ', ')} → {v['hits']} at or above {v['at_least']}",
    "keep": lambda v: (f"{v['code']}: {', '.join(str(x) for x in v['values'])} → keep the {v['keep']} {v['which']} = "
                       f"{v['total']}"),
    "sum": lambda v: f"{v['code']}: {_faces(v)} = {v['total']}",
    "as_code": ("{given} is {code}: every three pips make a die (\"going to '+3' advances the die code to the next "
                "largest die\")."),
    "total": _total,
}


def _why(v: V) -> str:
    total, t = v["total"], v["threshold"]
    return f"above {t}" if total > t else f"equal to {t}" if total == t else f"below {t}"


ORACLE: dict[str, Any] = {
    # the plain oracle (tools.oracle)
    "answer": lambda v: (f"Oracle ({v['likelihood']}): {v['question']} → {v['answer'].upper()} "
                         f"(2d6 = {v['total']})"),
    "threshold": ("Likelihood '{likelihood}': threshold {threshold}; above it is yes, exactly {threshold} is "
                  "'yes, but', below is no."),
    "rolled": lambda v: f"Rolled {v['dice'][0]} + {v['dice'][1]} = {v['total']}, {_why(v)} → {v['answer']}.",
}


def _story_answer(v: V) -> str:
    said = (f"Oracle ({v['likelihood']}, chaos {v['chaos']}): {v['question']} → {v['answer'].upper()} "
            f"(2d6 = {v['total']})")
    return said + (f"; random event: {v['event']}" if v.get("event") else "")


STORY: dict[str, Any] = {
    # framing a scene (tools.story)
    "scene": "Scene: {text}",
    "place": "Place (d{sides}={face}): {place}.",
    "situation": "Situation (d{sides}={face}): {situation}.",
    "present": lambda v: f"Someone present: {v['person']}" + (" (recurring)." if v["recurring"] else " (new)."),
    "hook": lambda v: f"Hook: {v['hook']} Thread: {v['thread']}" + (" (moves on)." if v["moved"] else " (opens)."),
    # the oracle with chaos
    "answer": _story_answer,
    "threshold": lambda v: (f"Likelihood '{v['likelihood']}': threshold {v['base']}; chaos {v['chaos']} moves it by "
                            f"{-v['shift']:+d} to {v['threshold']}."),
    "rolled": lambda v: f"Rolled {v['dice'][0]} + {v['dice'][1]} = {v['total']} → {v['answer']}.",
    "random_event": "A double of {face}s, at most {limit} at chaos {chaos}: a random event — {event}",
    # threads, people, chaos by hand
    "update": lambda v: "Story: " + ("; ".join(say(s) for s in v["said"]) or "unchanged"),
    "chaos": "chaos {was} → {now}",
    "thread_opened": "thread opened: {thread}",
    "thread_closed": "thread closed: {thread}",
    "recurring": "recurring: {name}",
    "not_recurring": "no longer recurring: {name}",
}

TABLES: dict[str, dict[str, Any]] = {"table": TABLE, "dice": DICE, "story": STORY, "oracle": ORACLE}
