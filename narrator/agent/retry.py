""""I try again": the player's last roll, proposed again.

Why: a newcomer whose roll failed types "I try again, more carefully this time". The words name no skill, so the
router read them as nothing to roll and the game echoed them back ("You try again, more carefully this time."): the
player could not tell whether anything had happened. At a table the GM hears "again" as the same attempt, so when
(and only when) the new line names nothing the proposer can roll by itself, the agent plays the last roll's reading
again, as it was logged (a reading the player chose between two is not asked again), and the story tells the line
that roll was made for. Whether a second try is allowed is a ruling the player or GM
makes by typing it; the engine judges the attempt as it judged the first (its refusals included: a foe already down
is not struck again).
"""

from __future__ import annotations

import re
from typing import Any

RETRY = re.compile(
    r"^(?:(?:i|we|let me|let's|lets)\s+)?"
    r"(?:(?:try|attempt|do|give|have|take|make)\b[^.!?]{0,30}?\b(?:again|once more|another (?:go|try|shot|attempt)"
    r"|a second (?:go|try|time))"
    r"|(?:keep|keeps) (?:trying|at it)|retry|again|once more|one more (?:time|try|go))\b", re.I)
"""A line that asks for the same attempt again: "try again", "I give it another go", "once more", "retry"."""

MAX_WORDS = 12
"""Longer lines say more than "again": they are read for themselves."""

LOOK_BACK = 60
"""Events read from the end of the log for the last roll (a few turns: "again" means the attempt just made)."""


MANNER = frozenset("""more less carefully careful slowly slower quickly quicker faster harder softly gently quietly
    properly differently better with care caution this time a bit little now then but and please again patiently
    calmly firmly""".split())
"""Words that say how, not what: "I try again, more carefully this time" is the same attempt, made better."""


def only_manner(text: str) -> bool:
    """``text``, a line that asks again, says nothing beyond how ("more carefully this time"): no new act to read."""
    line = text.strip()
    found = RETRY.match(line)
    rest = line[found.end():] if found else line
    return all(w in MANNER for w in re.findall(r"[a-z']+", rest.lower()))


def asks_again(text: str) -> bool:
    """``text`` asks for the last attempt again (and says little else)."""
    return len(text.split()) <= MAX_WORDS and bool(RETRY.match(text.strip()))


def last_rolled(campaign: Any, actor: str | None) -> tuple[str, dict[str, Any]] | None:
    """The player's line that ``actor``'s last rolled turn was made for, and the proposal it played (as logged),
    among the turns that still count (an undone turn is not tried again); a line that was itself a retry leads to
    the line it retried. None when no recent turn of theirs rolled."""
    from narrator.tools.proposals import NOT_TOOLS

    last = campaign.store.last_seq()
    events = campaign.effective_tail(campaign.store.events(after=max(0, last - LOOK_BACK)))
    line: tuple[str, str | None] | None = None
    found: tuple[str, dict[str, Any]] | None = None
    for e in events:
        if e.kind == "player":
            line = (e.payload.get("text", ""), e.payload.get("actor"))
        elif e.kind == "narration" and line is not None:
            proposal = e.payload.get("proposal") or {}
            text, who = line
            if proposal.get("tool") not in (None, *NOT_TOOLS) and who == actor and not asks_again(text):
                found = (text, proposal)
            line = None
    return found

