"""Reading names out of the player's words: who acts, whom they target, which zone or power they mean.

Only names already on the table can come out of here, matched on word boundaries, case-insensitively.
"""

from __future__ import annotations

import re

from tools.table import TableState


def mentioned(text: str, names: list[str]) -> list[str]:
    """Names that appear in ``text`` as whole words, in order of appearance (longest first on ties)."""
    found = []
    lowered = text.casefold()
    for name in sorted(names, key=len, reverse=True):
        m = re.search(rf"(?<![\w]){re.escape(name.casefold())}(?![\w])", lowered)
        if m:
            found.append((m.start(), name))
    return [n for _, n in sorted(found)]


def is_npc(state: TableState, name: str) -> bool:
    return bool(state.characters.get(name, {}).get("npc"))


def actor_for(text: str, state: TableState, default: str | None) -> str | None:
    """The actor: the character the player speaks for (the turn's default), else the only player-character.

    Never a character the sentence merely names: "Guard stabs Aria" typed for Aria does not make the Guard act
    (:func:`other_subject` finds such a sentence so it can be refused)."""
    if default and default in state.characters:
        return default
    pcs = [n for n in state.characters if not is_npc(state, n)]
    return pcs[0] if len(pcs) == 1 else None


LEADING = re.compile(r"^\s*(?:the|a|an|my|our)\s+", re.IGNORECASE)


def other_subject(text: str, state: TableState, actor: str | None) -> str | None:
    """Another character written as the subject of the sentence ("Guard stabs Aria", "The innkeeper gives me the
    keys"), or None. A name followed by a comma or "and" is someone addressed or joined ("Guard, open up!",
    "Brom and I charge"), not a subject."""
    body = LEADING.sub("", text.strip().strip("\"'“”*"))
    for name in sorted(state.characters, key=len, reverse=True):
        if name == actor:
            continue
        folded = name.casefold()
        if body.casefold().startswith(folded):
            rest = body[len(name):]
            if not rest or not rest[0].isspace():
                continue
            nxt = rest.strip().split(" ", 1)[0].casefold().strip(",.!?")
            if rest.lstrip().startswith((",", ":")) or nxt in ("and", "&", "or", "with", "is", "was", "looks",
                                                                  "seems"):
                return None
            return name
    return None


def target_for(text: str, state: TableState, actor: str | None) -> str | None:
    """Whom the action targets: a named character other than the actor, else the only conscious NPC present."""
    names = [n for n in mentioned(text, list(state.characters)) if n != actor]
    if names:
        return names[0]
    candidates = [n for n in state.characters if n != actor and is_npc(state, n)
                  and "unconscious" not in state.conditions.get(n, [])]
    return candidates[0] if len(candidates) == 1 else None


def zone_for(text: str, state: TableState) -> str | None:
    zones = mentioned(text, state.zones)
    return zones[-1] if zones else None


def power_for(text: str, state: TableState, actor: str | None) -> str | None:
    if actor is None:
        return None
    powers = [p for p in state.characters.get(actor, {}).get("powers", {}) if p not in ("languages", "wealth")]
    named = mentioned(text, powers)
    if named:
        return named[0]
    return powers[0] if len(powers) == 1 else None
