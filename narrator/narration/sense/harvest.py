"""Harvest colour candidates for blind readers: ``python -m narrator.narration.sense.harvest SET.jsonl OUT.jsonl``.

Plays each seeded turn of a narration set (``narrator eval narration``'s format) with the embedded model in the
colour style, asking for ``--candidates`` colour lines a turn and never stopping early, and writes one row per
candidate — the scene, the action, the mechanics line, the engine's sentence (``lead``), the model's line and what
the gate said of it — plus one row per turn for the engine's sentence alone (``candidate`` empty). Readers label
``lead + candidate`` as a player would read it (:mod:`dump`); the labels train and measure the sense reader.
Deterministic: the turn's seed fixes the engine's sentence and each candidate's sampling seed.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import replace
from pathlib import Path


def harvest(path: str | Path, candidates: int, threads: int = 2, temperature: float | None = None) -> list[dict]:
    from narrator.agent.setup import make_backend
    from narrator.narration.candidates import ADAPTED
    from narrator.narration.evaluate import evaluate

    backend = make_backend(None, None, 4096, threads)
    profile = replace(ADAPTED, candidates=candidates, min_candidates=candidates, budget=1e9,
                      temperature=ADAPTED.temperature if temperature is None else temperature)
    try:
        report = evaluate(path, backend, style="colour", samples=10**6, profile=profile)
    finally:
        backend.close()
    rows = []
    for turn, sample in enumerate(report.samples):
        gate = sample["gate"]
        lead = gate.get("lead") or sample["narration"]
        name = Path(path).stem + ("" if temperature is None else f"@t{temperature:g}")
        base = {"set": name, "turn": turn, "session": sample["session"], "system": sample["system"],
                "scene": sample["scene"], "actor": sample["actor"], "action": sample["action"],
                "mechanics": sample["mechanics"], "lead": lead}
        rows.append({**base, "candidate": "", "failed": [], "shown": gate["source"] == "floor"})
        verdicts = list(gate["rejected"])
        if gate["source"] == "colour":  # back in the order asked: candidate i had seed (turn seed + i)
            verdicts.insert(gate.get("shown_at", 0), gate["shown"])
        for i, v in enumerate(verdicts):
            rows.append({**base, "candidate": " ".join(v["text"].split()), "failed": v["failed"], "index": i,
                         "why": v.get("why", {}), "score": v["score"], "shown": v is gate["shown"]})
    return rows


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("set")
    p.add_argument("out")
    p.add_argument("--candidates", type=int, default=8)
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--temperature", type=float, default=None, help="the colour line's sampling temperature "
                   "(default: the colour style's)")
    ns = p.parse_args(argv)
    rows = harvest(ns.set, ns.candidates, ns.threads, ns.temperature)
    Path(ns.out).write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    print(f"{ns.out}: {len(rows)} rows")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
