"""``narrator bench``: speed of the rules tools, a turn, the model and the memory (see :mod:`narrator.bench`)."""

from __future__ import annotations

import argparse
import json
import sys


def cmd_bench(ns):
    import narrator.bench as bench

    sizes = [int(x) for x in ns.sizes.replace(",", " ").split()] if ns.sizes else None
    report = bench.run(quick=ns.quick, model=not ns.no_model, sizes=sizes, model_name=ns.model, threads=ns.threads,
                       progress=lambda s: print(f"bench: {s}…", file=sys.stderr, flush=True))
    print(json.dumps(report, indent=2) if ns.json else bench.table(report))
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("bench", help="how fast the rules tools, a turn, the model and the memory are")
    p.add_argument("--json", action="store_true")
    p.add_argument("--quick", action="store_true", help="memory at 1k records only, fewer repeats, turn 20 not 200")
    p.add_argument("--no-model", action="store_true", help="skip everything that loads the model")
    p.add_argument("--sizes", help=f"memory sizes, e.g. '200' for a smoke run (or ${'NARRATOR_BENCH_SIZES'})")
    p.add_argument("--model", help="a .gguf path or an embedded model name (default: smollm2)")
    p.add_argument("--threads", type=int)
    p.set_defaults(func=cmd_bench)
