"""What the integrity checks cost at open, on a campaign of N events (default 10,000).

    python benchmarks/campaign_open.py [--events 10000] [--dir DIR] [--repeat 7]

Builds a realistic Minim campaign (two characters and an NPC; scenes, checks, moves, rolls, player and narration
lines) in a temporary directory, then reports the median of ``--repeat`` runs of:

* an open + close when nothing changed since the last open (what ``show``, ``sheet`` … pay);
* an open + close after 100 new events (the fold since the checkpoint and a fresh backup);
* the pieces: ``PRAGMA quick_check``, re-hashing the whole chain, a backup copy;
* for comparison, what the open avoids: the fold of the whole log, and the full verification with replay.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path


from narrator.memory.campaign import Campaign  # noqa: E402
from narrator.memory.integrity import verify_chain  # noqa: E402


def build(root: Path, events: int) -> None:
    with Campaign.new("bench", "minim", seed=5, root=root) as c:
        for tool, args in [("minim_add_random_character", {"name": "Aria"}),
                           ("minim_add_random_character", {"name": "Brom"}),
                           ("minim_add_npc", {"name": "Old Tom", "concept": "innkeeper", "tier": 3}),
                           ("table_set_zones", {"zones": ["bar", "cellar"]})]:
            c.call(tool, args)
        i = 0
        while c.store.last_seq() < events:
            step = i % 6
            if step == 0:
                c.call("table_set_scene", {"text": f"scene {i}"})
            elif step == 1:
                c.say("narration", f"narration {i}: " + "the wind howls over the moor " * 6)
            elif step == 2:
                c.call("minim_check", {"actor": "Aria", "skill": "perception", "trait": "brain"})
            elif step == 3:
                c.say("player", f"I look around ({i})")
            elif step == 4:
                c.call("table_move", {"actor": "Brom", "zone": ("bar", "cellar")[i % 2]})
            else:
                c.call("table_roll", {"expression": "4d6kh3+2"})
            i += 1


def median_ms(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        fn()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--events", type=int, default=10_000)
    ap.add_argument("--dir", help="where to build the campaign (default: a temporary directory)")
    ap.add_argument("--repeat", type=int, default=7)
    ns = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(ns.dir or tmp)
        started = time.perf_counter()
        build(root, ns.events)
        db = root / "bench" / "campaign.sqlite"
        print(f"{ns.events} events, {db.stat().st_size / 1e6:.1f} MB, built in {time.perf_counter() - started:.0f} s")
        Campaign.open("bench", root=root).close()  # first open: checkpoint at the end, backup taken
        unchanged = median_ms(lambda: Campaign.open("bench", root=root).close(), ns.repeat)
        with Campaign.open("bench", root=root, backup=False) as c:
            conn = c.store.conn
            events = c.store.last_seq()
            rows = [
                ("open + close, nothing new since the last open", unchanged),
                ("  of which PRAGMA quick_check", median_ms(lambda: conn.execute("PRAGMA quick_check").fetchone(),
                                                            ns.repeat)),
                ("  of which re-hashing the whole chain", median_ms(lambda: verify_chain(conn), ns.repeat)),
                ("not at open: fold of the whole log (export, undo, restore)",
                 median_ms(lambda: c.check_fold(), ns.repeat)),
                ("not at open: full verification with replay (verify, replay)",
                 median_ms(lambda: c.verify(), max(1, ns.repeat // 3))),
                ("a backup copy (taken when the log changed since the newest one)",
                 median_ms(lambda: _copy(c, Path(tmp) / "copy.sqlite"), ns.repeat)),
            ]
        grown = []
        for _ in range(ns.repeat):  # each run adds 100 events, then times the open that folds them and backs up
            with Campaign.open("bench", root=root, backup=False) as c:
                for i in range(100):
                    c.say("note", f"more {i}")
            started = time.perf_counter()
            Campaign.open("bench", root=root).close()
            grown.append((time.perf_counter() - started) * 1000)
        rows.insert(3, ("open + close after 100 new events (their fold + a backup)", statistics.median(grown)))
    print(f"median of {ns.repeat} runs on the {events}-event campaign:")
    for label, ms in rows:
        print(f"  {label:<66} {ms:8.1f} ms")


def _copy(c: Campaign, target: Path) -> None:
    import sqlite3

    target.unlink(missing_ok=True)
    dest = sqlite3.connect(target)
    c.store.conn.backup(dest)
    dest.close()


if __name__ == "__main__":
    main()
