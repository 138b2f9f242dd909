"""What the blind readers' labels of a harvested held-out set say: ``python -m narrator.narration.sense.measure
--rows ROWS.jsonl --key KEY.json --labels A.jsonl B.jsonl [--candidates K]``.

1. **The gate's checks, calibrated** (issue 27, point 3): for every check, how often it refuses a candidate and
   how the readers judged the lines it refused against those every check let through.
2. **The narration shown**, turn by turn, as the colour style would choose it from the same candidates (the first
   ``K`` asked, in order): the passing candidate the sense reader scores highest at or above its threshold, else
   the engine's sentence alone — and the readers' labels of exactly that text. Each reader is counted apart.
   With the gate alone (the colour style's choice: the highest gate score), and, given ``--reader``, the passing
   candidate the sense reader (:mod:`narration.sense.reader`) scores highest at or above its threshold.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter, defaultdict
from pathlib import Path

from narrator.models.jsonl import rows
from narrator.narration.sense.dump import narration
from narrator.narration.sense.reader import load


def labels_by_text(key_path: str, label_paths: list[str]) -> list[dict[tuple, dict]]:
    """Per reader: (set, turn, narration) -> label. A reading split over files is one argument, the files joined
    by commas (``A1.jsonl,A2.jsonl``)."""
    key = json.loads(Path(key_path).read_text(encoding="utf-8"))
    out = []
    for paths in label_paths:
        mine = {}
        for label in (x for path in paths.split(",") for x in rows(path)):
            item = key[str(label["id"])]
            for ref in item["rows"]:
                mine[(ref["set"], ref["turn"], item["narration"])] = label
        out.append(mine)
    return out


def measure(harvested: list[dict], readers: list[dict[tuple, dict]], k: int, reader_model=None) -> dict:
    from narrator.narration.gate import CHECKS, default_embed

    model = reader_model
    embed = default_embed() if model is not None else None
    turns: dict[tuple, list[dict]] = defaultdict(list)
    for r in harvested:
        turns[(r["set"], r["turn"])].append(r)

    def label(labels: dict[tuple, dict], row: dict) -> dict | None:
        """One reader's label of what a player reads with ``row`` shown (:func:`dump.narration`)."""
        return labels.get((row["set"], row["turn"], narration(row)))

    calibration = {c: Counter() for c in [*CHECKS, "passing"]}
    shown = {how: [Counter() for _ in readers] for how in (("gate", "sense") if model is not None else ("gate",))}
    oracle = [Counter() for _ in readers]
    for _, group in sorted(turns.items()):
        engine = next(r for r in group if not r["candidate"])
        asked = sorted((r for r in group if r["candidate"] and r.get("index", 0) < k), key=lambda r: r["index"])
        for r in asked:
            for said in filter(None, (label(labels, r) for labels in readers)):
                for check in (r["failed"] or ["passing"]):
                    calibration[check][said["sense"]] += 1
                    calibration[check][said["agreement"]] += 1
                    calibration[check]["n"] += 1
        passing = [r for r in asked if not r["failed"]]
        for labels, best in zip(readers, oracle):  # the best any chooser could do: a passing line this reader liked
            best["turns"] += 1
            best["a sensible line to choose"] += any((label(labels, r) or {}).get("sense") == "sensible"
                                                     for r in passing)
        chosen = {"gate": max(((r["score"], r) for r in passing), key=lambda s: s[0], default=None)}
        if model is not None:
            scored = [(model.score(r["candidate"], r["lead"], r["action"], r["scene"], embed), r) for r in passing]
            chosen["sense"] = max((s for s in scored if s[0] >= model.threshold), key=lambda s: s[0], default=None)
        for how, pick in chosen.items():
            for labels, c in zip(readers, shown[how]):
                said = label(labels, pick[1] if pick else engine)
                c["turns"] += 1
                c["colour"] += pick is not None
                if said is None:
                    c["unread"] += 1
                    continue
                c[said["sense"]] += 1
                c[said["agreement"]] += 1
    return {"calibration": {k: dict(v) for k, v in calibration.items()},
            "shown": {how: [dict(c) for c in cs] for how, cs in shown.items()}, "oracle": [dict(c) for c in oracle]}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rows", required=True)
    p.add_argument("--key", required=True)
    p.add_argument("--labels", nargs="+", required=True, help="one per reader; a reading split over files: A1,A2")
    p.add_argument("--candidates", type=int, default=6)
    p.add_argument("--reader", default=None, help="a sense reader's weights (narrator/narration/sense/train.py)")
    ns = p.parse_args(argv)
    report = measure(rows(ns.rows), labels_by_text(ns.key, ns.labels), ns.candidates,
                     load(Path(ns.reader)) if ns.reader else None)
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
