"""``bench_rules(repeat=7, inner=300)`` on another source tree, to time two checkouts in turn on one machine.

The editable install maps ``narrator.tools`` to this checkout's ``tools/``; to time a tree with some files as they
were (``git archive HEAD | tar -x -C /tmp/base``, then ``git show OLD:path > /tmp/base/path`` for the files a round
changed), this script loads ``TREE/narrator`` and ``TREE/tools`` as ``narrator`` and ``narrator.tools`` and writes
the bench's JSON, with the load average at its start and end. Run the before and after trees alternately (three
runs each, as docs/performance.md reports them) so that load from other processes weighs on both alike:

    python benchmarks/rules_tree.py /tmp/base /tmp/run_base_1.json
    python benchmarks/rules_tree.py /tmp/after /tmp/run_after_1.json

``--turn`` times the engine-only turn instead (``bench_engine_turn(60)`` in every system): then the tree's
``models/``, ``memory/`` and ``prompts/`` are loaded too, so a whole older checkout (``git archive OLD``) is timed.
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
import time


PARTS = ("tools", "models", "memory", "prompts")


def _load(tree: str, parts: tuple[str, ...]) -> None:
    """Import ``TREE/narrator`` as ``narrator`` and each of ``TREE/<part>`` as ``narrator.<part>``."""
    sys.path.insert(0, tree)
    import narrator

    if not narrator.__file__.startswith(tree):
        raise SystemExit(f"narrator was imported from {narrator.__file__}, not {tree}")
    for part in parts:
        folder = os.path.join(tree, part)
        spec = importlib.util.spec_from_file_location(f"narrator.{part}", os.path.join(folder, "__init__.py"),
                                                      submodule_search_locations=[folder])
        module = importlib.util.module_from_spec(spec)
        sys.modules[f"narrator.{part}"] = module
        spec.loader.exec_module(module)
        setattr(narrator, part, module)


def main(tree: str, out: str, turn: bool = False) -> None:
    tree = os.path.abspath(tree)
    _load(tree, PARTS if turn else ("tools",))
    import narrator.tools.systems as systems

    if not systems.__file__.startswith(tree):
        raise SystemExit(f"the systems were imported from {systems.__file__}, not {tree}")
    load, start = os.getloadavg()[0], time.time()
    if turn:
        from narrator.bench.turn import bench_engine_turn

        result = {"engine_turn": [bench_engine_turn(60, s.name) for s in systems.all_systems()]}
    else:
        from narrator.bench.rules import bench_rules

        result = bench_rules(repeat=7, inner=300)
    result.update(tree=tree, load_start=load, load_end=os.getloadavg()[0], seconds=round(time.time() - start, 1))
    with open(out, "w") as f:
        json.dump(result, f)
    print(f"{out}: {result['seconds']} s, load {load:.2f} -> {result['load_end']:.2f}")


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if a != "--turn"]
    main(args[0], args[1], turn="--turn" in sys.argv[1:])
