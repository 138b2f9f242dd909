"""The words of the shared tools' steps, one table per shared tool family (kind ``"<family>.<phrase>"``): ``table``
(scenes, zones, movement, conditions, turns, a sheet check's verdict), ``dice`` (dice notation), ``story`` (the
story and its oracle) and ``oracle``. :mod:`tools.phrases` reads :data:`TABLES`.

It also holds the phrases that several systems' tables say in the same words under their own step kinds (a
condition held, a sheet's verdict, a modifier's sum, a concept's line, a combatant joining a fight): each table maps
its kind to the function here, so the words cannot drift apart between systems."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from narrator.tools.concepts import concept_line
from narrator.tools.phrases import counted, pairs, say, signed

V = Mapping[str, Any]


def condition_words(v: V) -> str:
    """A condition as the table states it: its name, what it means (the system's catalogue), until when — 'fallen
    (-1 to all actions) until the end of Hero's next turn'. The shared turn rules refuse an action with it
    (:func:`tools.turns.condition_text`), and Minim's table says its conditions with it."""
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


def sheet_verdict(name: str, broken: int) -> str:
    """A sheet check's verdict: 'Ann: valid', 'Ann: 2 rule violations' (the shared check's and Minim's and
    Mastery's)."""
    return f"{name}: valid" if not broken else f"{name}: {broken} rule violation{'s' * (broken > 1)}"


BROKEN_RULE = "✗ {sentence}"
NO_RULE_BROKEN = "No rule is broken."
"""A sheet check's lines, a broken rule and none: the shared check's, and the systems' whose checks say the same."""


def rolled_among(v: V, picked: str) -> str:
    """A die that picks one of a list: 'Rolled d3=2 among Fight, Sneak, Talk → Sneak.' (``among``, ``face``, and
    the pick under the key ``picked``)."""
    return f"Rolled d{len(v['among'])}={v['face']} among {', '.join(v['among'])} → {v[picked]}."


def modifier_words(v: V, reasons: Mapping[str, str] | None = None) -> str:
    """A modifier and what it is made of: 'Modifier +1 = +2 given, -1 wounded.' (``given``: the caller's part;
    ``parts``: [n, why] pairs, ``why`` said through ``reasons`` where a system names its reasons by key)."""
    given, parts = v["given"], v["parts"]
    terms = ([f"{signed(given)} given"] if given else []) + [
        f"{signed(n)} {reasons.get(why, why) if reasons else why}" for n, why in parts]
    return f"Modifier {signed(given + sum(n for n, _ in parts))} = {', '.join(terms)}."


def concept_words(v: V) -> str:
    """The line saying what a character's concept chose (:func:`tools.concepts.concept_line`), or nothing."""
    return concept_line(v["concept"], v["labels"]) or ""


def joins_fight(v: V) -> str:
    """A combatant joining a fight under way: 'Rat joins the fight at position 2: Ann, Rat, Bo'."""
    return f"{v['name']} joins the fight at position {v['position']}: " + ", ".join(v["order"])


TABLE: dict[str, Any] = {
    # a sheet check (tools.violations)
    "broken_rule": BROKEN_RULE,
    "no_rule_broken": NO_RULE_BROKEN,
    "verdict": lambda v: sheet_verdict(v["name"], v["broken"]),
    # the scene, zones and movement (tools.table_tools)
    "scene": "Scene: {text}",
    "zones": lambda v: f"Zones: {' | '.join(v['zones'])}",
    "borders": lambda v: f"Borders: {pairs(v['borders'], '{} – {}', '; ') or 'a single zone'}.",
    "zone_moves": "In combat, moving to a bordering zone takes a turn; close combat only reaches the same zone.",
    "path": lambda v: (f"From {v['start']} to {v['zone']}: {' → '.join(v['path'])}, "
                       f"{counted(len(v['path']) - 1, 'zone')} of movement."),
    "moves": "{name} moves to {zone}",
    "in_zone": lambda v: f"In {v['zone']}: {', '.join(v['inside']) or 'nobody'}",
    "area": ("An area effect affects all in a zone, whether friend, foe or neutral; someone at the zone's very edge may "
             "dodge it by leaving the zone."),
    # conditions (tools.table_tools, tools.turns)
    "condition": condition_words,
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
    "edited": lambda v: f"{v['name']}: " + pairs(v["changes"], "{} {!r} → {!r}"),
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
    # fate's two words for an open question (tools.story_meaning)
    "meaning": lambda v: (f"Fate answers “{v['question']}”: {v['who']} — {v['action']} · {v['subject']}"
                          if v.get("who") else
                          f"Fate answers “{v['question']}” in two words: {v['action']} · {v['subject']}"),
    "meaning_who": lambda v: "Who: " + rolled_among(v, "who"),
    "meaning_new": "Someone new (d{sides}={face}): {entry}; they join the story's people.",
    "meaning_action": "Action (d{sides}={face}): {action}.",
    "meaning_subject": "Subject (d{sides}={face}): {subject}.",
    "meaning_read": ("Read the two words into the answer, in the light of the question and the scene: they say what "
                     "it is about; you say what it is."),
    # threads, people, chaos by hand
    "update": lambda v: "Story: " + ("; ".join(say(s) for s in v["said"]) or "unchanged"),
    "chaos": "chaos {was} → {now}",
    "thread_opened": "thread opened: {thread}",
    "thread_closed": "thread closed: {thread}",
    "recurring": "recurring: {name}",
    "not_recurring": "no longer recurring: {name}",
}

TABLES: dict[str, dict[str, Any]] = {"table": TABLE, "dice": DICE, "story": STORY, "oracle": ORACLE}
