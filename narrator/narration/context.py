"""What a turn's narration reads from the campaign: the scene, who is here, the open threads, the last narrations
shown (so the gate can refuse a repeat) and the turn's seed (so candidates are reproducible)."""

from __future__ import annotations

from typing import Any

from narrator.narration.gate import GateContext, split
from narrator.narration.prompting import TurnFacts

RECENT = 3
SAID = 12
"""How many narrations back no sentence may be said again (about a scene's worth of turns)."""


def recent_narrations(campaign: Any, n: int = RECENT) -> tuple[str, ...]:
    """The texts of the last ``n`` narration events that still count (a bounded read from the end of the log; an
    undone turn's story is no longer said, so the turn played again is not told "again")."""
    last = campaign.store.last_seq()
    events = campaign.effective_tail(campaign.store.events(after=max(0, last - 12 * n)))
    texts = [e.payload.get("text", "") for e in events if e.kind == "narration" and e.payload.get("text")]
    return tuple(texts[-n:])


def turn_seed(campaign: Any) -> int:
    """The narration's seed: the campaign's derived seed of the event about to be written (the narration)."""
    from narrator.memory.campaign import derive_seed

    return derive_seed(campaign.master_seed, campaign.store.last_seq() + 1) % 2**31


def facts_and_context(campaign: Any, action: str, actor: str | None, recalled: str = "",
                      kind: str = "narration") -> tuple[TurnFacts, GateContext]:
    state = campaign.state
    story = state.story
    present = tuple(story.people[-3:][::-1])
    names = tuple(state.characters) + tuple(story.people) + tuple(state.zones)
    facts = TurnFacts(action=action, scene=state.scene, present=present, threads=tuple(story.threads[-2:][::-1]),
                      recalled=recalled)
    said = recent_narrations(campaign, SAID)
    context = GateContext(action=action, scene=state.scene, recent=said[-RECENT:], names=names, kind=kind,
                          said=tuple(dict.fromkeys(s for text in said for s in split(text))))
    return facts, context
