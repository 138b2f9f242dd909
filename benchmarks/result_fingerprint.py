"""Every pure tool's results for many drawn arguments and seeds, to check that a speed change changed no result.

A speed change must leave every result byte-identical. This script draws, once, arguments for every pure tool of
every registered system — its system's ``worked_examples()`` and arguments drawn from the tool's JSON Schema by
``hypothesis-jsonschema`` (derandomised, so the same checkout draws the same arguments) — and saves them; then it
calls every tool on every saved argument with seeds ``0..N`` through the registry, the way the bench and the game
call it, and writes one line per call: the result's ``model_dump_json()`` and ``repr``, or the error's type and
text. Each call is made twice, the second time with every cache warm, and the two must agree. Compare the output
of two checkouts with ``cmp``:

    python benchmarks/result_fingerprint.py draw /tmp/args.json [--per-tool 40]
    python benchmarks/result_fingerprint.py dump /tmp/args.json /tmp/before.txt [--seeds 20]
    ... change the code ...
    python benchmarks/result_fingerprint.py dump /tmp/args.json /tmp/after.txt [--seeds 20]
    cmp /tmp/before.txt /tmp/after.txt

``dump --words`` writes each result as data with its summary and steps (at any depth) written out in words by the
phrase tables instead: what must not change when a tool's text lines become steps (issue 30) — the words a
player reads and every other field stay byte-identical while the stored form changes.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path



def draw(per_tool: int) -> dict[str, list]:
    """Tool name -> argument objects: its worked example first, then up to ``per_tool`` drawn from its schema."""
    from hypothesis_jsonschema import from_schema

    from narrator.tools.registry import default_registry
    from narrator.tools.systems import all_systems

    registry = default_registry()
    examples = {name: args for s in all_systems() for name, args in s.worked_examples().items()}
    out: dict[str, list] = {}
    for t in registry.tools(bound=False):
        example = examples.get(t.name)
        drawn: list = [] if example is None else [example, *nearby(example)]
        try:
            _collect(from_schema(t.args_model.model_json_schema()), per_tool, drawn)
        except Exception as e:  # noqa: BLE001 - a schema the drawer cannot read keeps its worked example
            print(f"{t.name}: drew {len(drawn)} ({type(e).__name__})", file=sys.stderr)
        out[t.name] = drawn
    return out


def _collect(strategy, n: int, into: list) -> None:
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    @settings(max_examples=n, derandomize=True, database=None, deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(st.data())
    def collect(data):
        into.append(data.draw(strategy))

    collect()


def nearby(example: dict) -> list[dict]:
    """The worked example with each whole-number argument moved by -3..+3 and each flag flipped: arguments a
    table sends, which the schema's random draws (mostly refused) seldom reach."""
    out = []
    for key, value in example.items():
        if isinstance(value, bool):
            out.append({**example, key: not value})
        elif isinstance(value, int):
            out.extend({**example, key: value + d} for d in (-3, -2, -1, 1, 2, 3))
    return out


def worded(data):
    """A result's JSON with every summary and steps written out in words (:func:`tools.phrases.say`)."""
    from narrator.tools.phrases import say

    if isinstance(data, dict):
        return {k: (say(v) if k == "summary" and v else [say(s) if isinstance(s, (str, dict)) else s for s in v] if k == "steps" and isinstance(v, list)
                    else worded(v)) for k, v in data.items()}
    if isinstance(data, list):
        return [worded(v) for v in data]
    return data


def lines(calls: dict[str, list], seeds: int, words: bool = False, prefix: str = ""):
    from narrator.tools.dice import Roller
    from narrator.tools.registry import default_registry

    registry = default_registry()
    for name, arg_list in sorted(calls.items()):
        if not name.startswith(prefix):
            continue
        for i, args in enumerate(arg_list):
            for seed in range(seeds):
                try:
                    r = registry.call(name, args, Roller(seed))
                    text = (json.dumps(worded(r.model_dump(mode="json")), sort_keys=True, ensure_ascii=False) if words
                            else f"{r.model_dump_json()}\t{r!r}")
                except Exception as e:  # noqa: BLE001 - an error is a result too: its text must not change
                    text = f"ERROR {type(e).__name__}: {e}"
                yield f"{name}\t{i}\t{seed}\t{text}\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    d = sub.add_parser("draw")
    d.add_argument("args_file")
    d.add_argument("--per-tool", type=int, default=40)
    p = sub.add_parser("dump")
    p.add_argument("args_file")
    p.add_argument("out")
    p.add_argument("--seeds", type=int, default=20)
    p.add_argument("--words", action="store_true", help="summary and steps in words, the rest as data")
    p.add_argument("--tools", default="", help="only the tools whose name starts with this (e.g. minim_)")
    ns = ap.parse_args()
    if ns.cmd == "draw":
        calls = draw(ns.per_tool)
        Path(ns.args_file).write_text(json.dumps(calls))
        print(f"{sum(map(len, calls.values()))} arguments for {len(calls)} tools")
        return
    calls = json.loads(Path(ns.args_file).read_text())
    cold = list(lines(calls, ns.seeds, ns.words, ns.tools))
    warm = list(lines(calls, ns.seeds, ns.words, ns.tools))
    if cold != warm:
        bad = next(i for i, (a, b) in enumerate(zip(cold, warm)) if a != b)
        raise SystemExit(f"a warm cache changed a result:\n{cold[bad]}{warm[bad]}")
    Path(ns.out).write_text("".join(cold))
    errors = sum(line.split("\t", 3)[3].startswith("ERROR") for line in cold)
    print(f"{len(cold)} calls ({errors} refused), cold and warm alike")


if __name__ == "__main__":
    main()
