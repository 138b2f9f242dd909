"""A player's action as the unit of undo: the line they typed and everything it caused.

Why: one line at the table writes many events — the player's words, the tool calls, the bookkeeping the rules do
after them (the turn passing, a fight ending, the NPCs' turns in solo play) and the narration. Undoing only the
last state-changing call (``Campaign.undo``) took back "Combat ends" and left the attack, so the player's very
next action was refused ("Mira has already taken 1 action this turn"). A player means "take back what I just did".

So every line that wrote events closes with an ``action`` marker (a text event: it never changes the state) that
names the line and the head of the log before it (``since``). :func:`undo_action` rewinds to ``since``: the table
is exactly as it was before the line, and the log keeps everything, marked as rewound. Events written without a
marker (``narrator call``, a process killed mid-line) are taken back the old way: from their ``player`` line if
they have one, else the last state-changing call.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from narrator.tools.proposals import CLARIFY, REFUSE
from narrator.tools.systems import get_system
from narrator.tools.phrases import summary_of

if TYPE_CHECKING:
    from narrator.memory.campaign import Campaign
    from narrator.memory.store import StoredEvent

ACTION = "action"
"""The event kind that closes a player's action (see the module docstring)."""
BOOKKEEPING = {"table_next_turn": "the turn passing", "table_end_combat": "the fight ending",
               "table_start_combat": "the fight starting"}


def mark_action(campaign: "Campaign", text: str, since: int, actor: str | None = None) -> int | None:
    """Close the line the player typed with an ``action`` marker, when it did something: called a tool, or told a
    story turn. A line that was refused, or only asked a question back, is no action: /undo passes over it to
    the action before (a pending question is marked with the pick that answers it)."""
    if campaign.store.last_seq() == since or not text.strip():
        return None
    written = campaign.store.events(after=since)
    if not any(e.kind == "tool_call" or (e.kind == "narration" and _told(e)) for e in written):
        return None
    return campaign.say(ACTION, text.strip()[:300], since=since, actor=actor)


def _told(narration: "StoredEvent") -> bool:
    """A narration that told a story turn (not a refusal or a question back to the player)."""
    proposal = narration.payload.get("proposal")
    tool = proposal.get("tool") if isinstance(proposal, dict) else None
    return tool not in (REFUSE, CLARIFY) and "error" not in narration.payload


@dataclass(frozen=True)
class Undone:
    """What an undo took back, in words a player recognises."""

    text: str
    """The player's words (or the tool's name when the events had no line)."""
    events: list[int] = field(default_factory=list)
    tools: list[str] = field(default_factory=list)
    actor: str | None = None
    to: int = 0
    """The event the table was rewound to."""

    def line(self) -> str:
        """"Undid: I kick the dog, and what it set off: 3 more rolls, 4 turns passing." in a player's words."""
        passing = sum(t == "table_next_turn" for t in self.tools)
        rolls = [t for t in self.tools if t not in BOOKKEEPING]
        more = [f"{len(rolls) - 1} more {'roll' if len(rolls) == 2 else 'rolls'}"] if len(rolls) > 1 else []
        more += [BOOKKEEPING[t] for t in dict.fromkeys(self.tools) if t in BOOKKEEPING and t != "table_next_turn"]
        more += [f"{passing} {'turn' if passing == 1 else 'turns'} passing"] if passing else []
        return f"Undid: {self.text}" + (f", and what it set off: {', '.join(more)}." if more else ".")


def last_action(campaign: "Campaign") -> Undone | None:
    """The last effective action, ready to undo (see the module docstring), or None when there is nothing."""
    effective = campaign.effective_events(campaign.store.events())
    start = get_system(campaign.system).start_combat_tool

    def _tools(events: list["StoredEvent"]) -> list[str]:  # the system's fight start reads as the fight starting
        return ["table_start_combat" if t == start else t for t in tools_of(events)]

    tail: list["StoredEvent"] = []
    for e in reversed(effective):
        if e.kind == ACTION:
            if any(_changes(x) for x in tail):  # a change written after the last marker, without one: it goes first
                break
            since = e.payload.get("since")
            if not isinstance(since, int) or since < 1:
                break
            span = [x for x in effective if since < x.seq < e.seq]
            return Undone(str(e.payload.get("text", "")), [x.seq for x in span] + [e.seq], _tools(span),
                          e.payload.get("actor"), since)
        if e.kind == "campaign_created":
            break
        tail.append(e)
    tail.reverse()
    changes = [e for e in tail if _changes(e)]
    if not changes:
        return None
    player = next((e for e in reversed(tail) if e.kind == "player" and e.seq < changes[-1].seq), None)
    if player is not None and player.seq > 1:
        span = [e for e in tail if e.seq >= player.seq]
        return Undone(str(player.payload.get("text", "")), [e.seq for e in span], _tools(span),
                      player.payload.get("actor"), player.seq - 1)
    last = changes[-1]
    summary = summary_of(last.payload["result"])
    return Undone(f"{last.payload['tool']} — {summary}".strip(" —"), [last.seq], [last.payload["tool"]], None,
                  last.seq - 1)


def undo_action(campaign: "Campaign") -> Undone | None:
    """Take back the last action as a unit (rewinding the table to before it); what was undone, or None."""
    undone = last_action(campaign)
    if undone is not None:
        campaign.rewind(undone.to)
    return undone


def _changes(e: "StoredEvent") -> bool:
    return e.kind == "tool_call" and bool(e.payload["result"].get("changes"))


def tools_of(events: list["StoredEvent"]) -> list[str]:
    return [e.payload["tool"] for e in events if e.kind == "tool_call"]
