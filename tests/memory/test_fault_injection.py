"""Seeded fault injection: random bit flips and truncations in a copy of a real campaign file, then an open.

Every trial ends in one of three ways, counted and printed:

* **detected** — the open refuses with a :class:`CampaignError` (damage, named);
* **harmless** — the open succeeds and everything it serves (every event, the snapshot, the settings, the table)
  is byte-identical to the undamaged file: the flip hit free space, padding or a copy nothing reads;
* **undetected** — the open succeeds and serves something different. The red-team saw 7 of 12 flips inside events
  end here; the test requires zero, anywhere in the file.

No trial may end in any other exception (a traceback). Flips are aimed three ways: at the bytes of event payloads,
at the snapshot's state, and anywhere in the file; truncations cut the file at a random length.
"""

from __future__ import annotations

import random
import shutil
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest

from narrator.memory.campaign import Campaign
from narrator.memory.errors import CampaignError
from narrator.memory.store import DB_FILE, canonical


@dataclass(frozen=True)
class Served:
    """Everything an open serves, as bytes to compare."""

    events: tuple[tuple[int, str, str, str], ...]
    snapshot: str
    meta: str
    state: str


def _served(c: Campaign) -> Served:
    snap = c.store.snapshot()
    return Served(tuple((e.seq, e.kind, e.payload_text, e.created_at) for e in c.events()), canonical(snap),
                  canonical(c.store.meta()), canonical(c.state.model_dump(mode="json")))


@pytest.fixture(scope="module")
def original(tmp_path_factory) -> tuple[bytes, Served, list[tuple[int, int]], tuple[int, int]]:
    """A real campaign file (closed cleanly, so everything is in the main file), what it serves, and where its
    payloads and its snapshot state lie in the file."""
    root = tmp_path_factory.mktemp("fault") / "campaigns"
    with Campaign.new("target", "minim", seed=77, root=root) as c:
        c.call("minim_add_random_character", {"name": "Aria"})
        c.call("minim_add_npc", {"name": "Grell", "concept": "goblin chief", "tier": 3})
        c.call("table_set_zones", {"zones": ["reeds", "causeway"]})
        for i in range(12):
            c.say("player", f"I wade further into the fen ({i})")
            c.call("minim_check", {"actor": "Aria", "skill": "stealth"})
            c.say("narration", f"Mist curls over the black water; the reeds whisper {i}.")
        c.call("table_move", {"actor": "Aria", "zone": "causeway"})
        c.undo()
        c.call("minim_attack_target", {"attacker": "Aria", "defender": "Grell"})
    Campaign.open("target", root=root, backup=False).close()
    db = root / "target" / DB_FILE
    data = db.read_bytes()
    with Campaign.open("target", root=root, backup=False) as c:
        served = _served(c)
    regions = []
    for _, _, payload, _ in served.events:
        raw = payload.encode()
        at = data.find(raw)
        if at >= 0:  # payloads that overflow onto another page are not contiguous; they are still hit by "anywhere"
            regions.append((at, at + len(raw)))
    state = served.snapshot.split(",", 1)[1][:-1].encode()  # the state's canonical text inside [seq, state]
    at = data.find(state)
    assert at >= 0 and len(regions) >= len(served.events) // 2
    return data, served, regions, (at, at + len(state))


def _trial(root: Path, data: bytes, expected: Served) -> str:
    directory = root / "target"
    if directory.exists():
        shutil.rmtree(directory)
    directory.mkdir(parents=True)
    (directory / DB_FILE).write_bytes(data)
    try:
        with Campaign.open("target", root=root, backup=False) as c:
            return "harmless" if _served(c) == expected else "undetected"
    except CampaignError:
        return "detected"


def _flip(data: bytes, at: int, bit: int) -> bytes:
    damaged = bytearray(data)
    damaged[at] ^= 1 << bit
    return bytes(damaged)


def _run(tmp_path: Path, original, seed: int, flips: int, truncations: int) -> dict[str, Counter]:
    data, served, regions, snapshot = original
    rng = random.Random(seed)
    counts: dict[str, Counter] = {k: Counter() for k in ("payload", "snapshot", "anywhere", "truncation")}
    for i in range(flips):
        aim = ("payload", "snapshot", "anywhere")[i % 3]
        if aim == "payload":
            start, end = rng.choice(regions)
        elif aim == "snapshot":
            start, end = snapshot
        else:
            start, end = 0, len(data)
        damaged = _flip(data, rng.randrange(start, end), rng.randrange(8))
        counts[aim][_trial(tmp_path, damaged, served)] += 1
    for _ in range(truncations):
        counts["truncation"][_trial(tmp_path, data[: rng.randrange(0, len(data))], served)] += 1
    report = "; ".join(f"{aim}: " + ", ".join(f"{n} {k}" for k, n in sorted(c.items())) for aim, c in counts.items())
    print(f"\nfault injection (seed {seed}, {len(data)} bytes, {len(regions)} payloads located): {report}")
    return counts


def _assert_all_caught(counts: dict[str, Counter]) -> None:
    for aim, c in counts.items():
        assert c["undetected"] == 0, (aim, c)
    assert counts["payload"]["detected"] == sum(counts["payload"].values())  # every byte of a payload is read
    assert counts["snapshot"]["detected"] == sum(counts["snapshot"].values())


def test_random_flips_are_detected_or_harmless(tmp_path, original):
    """A quick sample in every run; the slow test below takes many more."""
    _assert_all_caught(_run(tmp_path, original, seed=18, flips=120, truncations=20))


@pytest.mark.slow
def test_many_random_flips_are_detected_or_harmless(tmp_path, original):
    _assert_all_caught(_run(tmp_path, original, seed=2024, flips=3000, truncations=300))
