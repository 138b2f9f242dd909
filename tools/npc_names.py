"""The name an NPC gets from its concept when none is given ("a bored city guard" → "Bored City Guard", then
"Bored City Guard 2"; of a longer one, its last three words before a break, where English keeps the noun): shared
by every system's NPC tool, so generated names read the same at every table and the agent's "the nearest guard"
matching (narrator/agent/extract.py) works the same way for all of them."""

from __future__ import annotations

import re

from narrator.tools.table import TableState

NAME_BREAKS = {"a", "an", "the", "of", "with", "from", "who", "that", "in", "at", "on", "for", "and", "to", "or"}
"""Words that end a name taken from a concept ("guard *of* the gate" → "Guard")."""


def npc_name(concept: str, state: TableState) -> str:
    words = re.findall(r"[^\W_]+(?:['-][^\W_]+)*", concept)
    while words and words[0].lower() in ("a", "an", "the"):
        words.pop(0)
    phrase: list[str] = []
    for w in words:
        if phrase and w.lower() in NAME_BREAKS:
            break
        phrase.append(w)
    kept = phrase[-3:]  # the head noun comes last: "corrupt corporate security chief" is a Corporate Security Chief
    base = " ".join(w[:1].upper() + w[1:] for w in kept)[:40].strip() or "NPC"
    taken = {n.casefold() for n in state.characters}
    name, n = base, 1
    while name.casefold() in taken:
        n += 1
        name = f"{base} {n}"
    return name
