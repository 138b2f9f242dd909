"""``Campaign.effective_tail``: the effective history of a window read from the end of the log — what the recap
and the narration's recent story read, so an undone turn is neither recapped nor told "again"."""

from __future__ import annotations

import random

import pytest

from narrator.memory.campaign import Campaign
from narrator.memory.store import StoredEvent


def _log(seed: int, length: int = 60) -> list[StoredEvent]:
    """Events and undos as play writes them: an undo rewinds to an event still in effect, before the last one."""
    rng = random.Random(seed)
    events: list[StoredEvent] = []
    for seq in range(1, length + 1):
        effective = Campaign.effective_events(events)
        if len(effective) > 2 and rng.random() < 0.2:
            to = rng.choice(effective[:-1]).seq
            events.append(StoredEvent(seq, "rewind", {"to": to}, ""))
        else:
            events.append(StoredEvent(seq, rng.choice(["player", "tool_call", "narration"]), {}, ""))
    return events


@pytest.mark.parametrize("seed", range(40))
def test_a_window_from_the_end_keeps_what_the_whole_log_keeps(seed):
    events = _log(seed)
    whole = [e.seq for e in Campaign.effective_events(events)]
    for start in (0, 10, 30, 50):
        window = [e for e in events if e.seq > start]
        assert [e.seq for e in Campaign.effective_tail(window)] == [s for s in whole if s > start], start


def test_an_undo_reaching_before_the_window_drops_the_window_up_to_it():
    events = [StoredEvent(s, "narration", {}, "") for s in range(1, 9)] + [StoredEvent(9, "rewind", {"to": 3}, ""),
                                                                          StoredEvent(10, "narration", {}, "")]
    assert [e.seq for e in Campaign.effective_tail(events[5:])] == [10]
    assert [e.seq for e in Campaign.effective_events(events)] == [1, 2, 3, 10]
