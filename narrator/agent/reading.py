"""The player's words as the router's classifier reads them, and the readings the actor's sheet cannot make.

Why a reading of its own: the classifier learnt from lines that say "the guard" and name one act, while play
names NPCs as the NPC tools do ("Corrupt Corporate Security") and says what others could do after the act ("before
he can run"). And a reading the sheet rules out by the book (a Brew spell of a field with no dot in it) should not
outrank one it allows just because its words sound alike.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from narrator.agent.extract import is_npc, mentioned
from narrator.tools.table import TableState

THEIR_ACT = re.compile(r"\s*,?\s*\bbefore\s+(?:he|she|they|it|the\s+[\w'-]+|[A-Z][\w'-]*)\s+"
                       r"(?:can|could|can't|cannot|couldn't|gets?\s+(?:a\s+|the\s+)?chance\s+to|has\s+(?:a\s+|the\s+)?"
                       r"chance\s+to|is\s+able\s+to)\b[^.!?;]*", re.I)
"""What someone else could do, said after the player's act ("I grab the smuggler's arm before he can run"): the
act is the reading, the running is theirs (played in Brew, it was read as a chase). Not "so Brom can hit it": what
an ally is helped to do is the reading of a help."""


def as_read(text: str, state: TableState, who: str | None) -> str:
    """The words as the classifier reads them: an NPC's name of several words as its head noun ("I kick Corrupt
    Corporate Security in the knee" → "I kick the security in the knee"). Its training lines say "the guard"; the
    adjectives of a generated name pulled the reading to what they mean (played in Mini Six: intimidation). And
    without what someone else could do (:data:`THEIR_ACT`), where the player's act comes before it."""
    cut = THEIR_ACT.sub("", text)
    text = cut if len(cut.split()) >= 2 else text
    for name in mentioned(text, [n for n in state.characters if n != who and is_npc(state, n) and len(n.split()) > 1]):
        head = next((w for w in reversed(name.split()) if w.isalpha()), None)
        if head is not None:
            text = re.sub(rf"(?<![\w])(?:the\s+)?{re.escape(name)}(?![\w])", f"the {head.lower()}", text, flags=re.I)
    return text


OFF_SHEET = 0.2
"""The weight of a reading the actor's sheet cannot make (``variants_on_sheet`` in a system's lexicon: a Brew spell
of a field with no dot in it, "at least one dot in the relevant field of magic is required"): played in Brew, "I
pole the ferry across the flooded river in the dark" was offered as a movement spell to a ferrywoman with no magic.
Kept above zero, so "I cast a fireball" by a non-caster is still read as the spell the engine then refuses in the
book's words, and not as something else."""


def weigh_off_sheet(scores: dict[str, float], needs: Mapping[str, Any], state: TableState, who: str | None,
                    text: str) -> None:
    """Weigh down (in place) each reading whose variant the actor's sheet lacks: ``needs`` maps a tool to the sheet
    ``path`` its variant must be an entry of, and the words (``unless``) that say it outright."""
    if not needs or who is None:
        return
    sheet = state.characters.get(who, {})
    for label in scores:
        tool, _, variant = label.partition(":")
        need = needs.get(tool)
        if variant and need and not (sheet.get(need["path"]) or {}).get(variant) \
                and not re.search(need.get("unless") or r"(?!)", text, re.I):
            scores[label] *= OFF_SHEET
