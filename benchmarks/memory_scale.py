"""Campaign memory latency at growing sizes; a thin wrapper over :mod:`narrator.bench.memory` (``narrator bench``
runs it with the rest). Prints one JSON object.

    python benchmarks/memory_scale.py [--sizes 1000 10000 100000] [--queries 60] [--base 1500]
"""

from __future__ import annotations

import argparse
import json


from narrator.bench.memory import bench_memory  # noqa: E402

if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[1_000, 10_000, 100_000])
    ap.add_argument("--queries", type=int, default=60)
    ap.add_argument("--base", type=int, default=1500, help="event texts embedded for real")
    ap.add_argument("--max-seconds", type=float, default=1800)
    ns = ap.parse_args()
    print(json.dumps(bench_memory(ns.sizes, ns.queries, ns.base, max_seconds=ns.max_seconds)))
