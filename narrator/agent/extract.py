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


FIRST_PERSON = re.compile(r"\b(I|we|I'm|we're|I'll|we'll|let's)\b", re.IGNORECASE)
LEADING = re.compile(r"^\s*(?:the|a|an|my|our)\s+", re.IGNORECASE)


def other_subject(text: str, state: TableState, actor: str | None) -> str | None:
    """Another character written as the subject of the sentence ("Guard stabs Aria", "The innkeeper gives me the
    keys"), or None. A name followed by a comma or "and" is someone addressed or joined ("Guard, open up!",
    "Brom and I charge"), not a subject; a sentence where the player also acts in the first person ("the guard
    draws his blade, we fight!") is the player framing the scene, not acting for someone else."""
    if FIRST_PERSON.search(text):
        return None  # "the guard draws his blade, we fight!": the player frames the scene and acts in it
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


def usable_powers(state: TableState, actor: str) -> list[str]:
    """The powers (and items that work like powers) the actor uses by name, as the system's vocabulary says."""
    from tools.systems import get_system

    vocab = get_system(state.system).vocabulary()
    sheet = state.characters.get(actor, {})
    powers = []
    if vocab.powers_field:
        held = sheet.get(vocab.powers_field) or {}
        powers += [p for p in held if p not in vocab.passive_powers]
    if vocab.items_field:
        powers += [str(i["name"]) for i in sheet.get(vocab.items_field) or []
                   if isinstance(i, dict) and i.get("power") and i.get("name")]
    return powers


def _stem(word: str) -> str:
    return word[: max(4, len(word) - 3)]


def power_for(text: str, state: TableState, actor: str | None) -> str | None:
    """The power the words name — whole ("healing touch") or by a word of it ("I heal him", "lightning") — else
    the only one the actor has."""
    if actor is None:
        return None
    powers = usable_powers(state, actor)
    named = mentioned(text, powers)
    if named:
        return named[0]
    words = re.findall(r"[a-z]+", text.casefold())
    partial = [p for p in powers
               if any(w.startswith(_stem(pw)) for pw in re.findall(r"[a-z]+", p.casefold()) if len(pw) >= 4
                      for w in words)]
    if len(partial) == 1:
        return partial[0]
    return powers[0] if len(powers) == 1 else None
