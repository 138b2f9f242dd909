"""Child process for the reliability tests (run as a script, not collected by pytest).

``writer.py append ROOT NAME``: open the campaign, print ``ready``, then append events as fast as possible,
printing each event's seq on its own line right after it has been committed, until killed.

``writer.py hold ROOT NAME``: open the campaign, print ``open``, then keep it open until stdin is closed.

``writer.py turns ROOT NAME``: open the campaign, print ``ready``, then write turns as the agent does — the
player's line, a tool call and the narration in one batch (:meth:`Campaign.batch`) — printing the last seq of
each turn once its batch is committed, until killed.

``writer.py remember ROOT NAME N``: open the campaign and its memory (chromadb, the packaged embedder), append N
narration lines, indexing each one, print ``done`` and wait to be killed: the memory then knows seqs that exist
only in ``campaign.sqlite-wal``.
"""

from __future__ import annotations

import sys

from narrator.memory.campaign import Campaign


def _emit(line: object) -> None:
    sys.stdout.write(f"{line}\n")
    sys.stdout.flush()


def append(root: str, name: str) -> None:
    campaign = Campaign.open(name, root=root)
    _emit("ready")
    i = 0
    while True:
        kind = i % 3
        if kind == 0:
            campaign.call("table_set_scene", {"text": f"scene {i}"})
            seq = campaign.store.last_seq()  # only this process writes: the event just committed
        elif kind == 1:
            seq = campaign.say("narration", f"narration {i}: the 'wind' howls; \"quotes\" too")
        else:
            campaign.call("table_set_zones", {"zones": [f"zone {i}", "bridge", f"keep {i % 7}"]})
            seq = campaign.store.last_seq()
        _emit(seq)
        i += 1


def turns(root: str, name: str) -> None:
    campaign = Campaign.open(name, root=root)
    _emit("ready")
    i = 0
    while True:
        with campaign.batch():
            campaign.say("player", f"I look around, turn {i}")
            campaign.call("table_set_scene", {"text": f"scene {i}"})
            seq = campaign.say("narration", f"You look around: scene {i}.")
        _emit(seq)
        i += 1


def hold(root: str, name: str) -> None:
    campaign = Campaign.open(name, root=root)
    _emit("open")
    sys.stdin.read()  # returns when the parent closes our stdin
    campaign.close()


def remember(root: str, name: str, count: str) -> None:
    from narrator.memory.vector import CampaignMemory

    campaign = Campaign.open(name, root=root)
    memory = CampaignMemory.for_campaign(campaign)
    for i in range(int(count)):
        campaign.say("narration", f"the lantern gutters, line {i}")
        memory.catch_up(campaign)
    _emit(f"done {campaign.store.last_seq()} {memory.indexed_seq()}")
    sys.stdin.read()


if __name__ == "__main__":
    mode, root, name, *rest = sys.argv[1:]
    {"append": append, "turns": turns, "hold": hold, "remember": remember}[mode](root, name, *rest)
