"""Turn latency with the embedded model; a thin wrapper over :func:`narrator.bench.turn.bench_model_turn`
(``narrator bench`` runs it with the rest). Prints one JSON object.

    python benchmarks/turn_latency.py [--turns 5] [--late-turn 200] [--threads 2] [--model smollm2]
"""

from __future__ import annotations

import argparse
import json


from narrator.bench.turn import bench_model_turn  # noqa: E402

if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--turns", type=int, default=5)
    ap.add_argument("--late-turn", type=int, default=200)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--model", default=None)
    ns = ap.parse_args()
    print(json.dumps(bench_model_turn(ns.turns, ns.late_turn, ns.model, ns.threads)))
