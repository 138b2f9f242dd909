"""``narrator eval tools``: how often a proposer picks the right tool and arguments on a labelled JSONL set.

Each line: ``{"system": S, "input": TEXT, "expected": {"tool": NAME, ...subset of the call's arguments},
"party": optional [{"name": ..., "npc": bool, "sheet": {overrides}}] (default: the system's
``sample_party()``), "zones": optional [...], "actor": optional,
"combat": optional bool}``. A line is right
when the tool matches and every listed argument equals the engine-built call's argument (names compared
case-insensitively). Timing is measured and reported, never asserted.
"""

from __future__ import annotations

import json
import re
import statistics
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from narrator.tools.dice import Roller
from narrator.tools.registry import default_registry
from narrator.tools.systems import get_system
from narrator.tools.table import Initiative, PutCharacter, SetInitiative, TableState, apply_all

DEFAULT_ZONES = ["gate", "courtyard", "tower"]


@dataclass
class EvalReport:
    proposer: str
    n: int = 0
    correct: int = 0
    tool_correct: int = 0
    per_system: dict[str, dict[str, float]] = field(default_factory=dict)
    confusion: list[dict[str, Any]] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    labels: dict[str, Counter] = field(default_factory=lambda: defaultdict(Counter))
    files: list[str] = field(default_factory=list)

    def by_label(self) -> dict[str, dict[str, Any]]:
        """Expected label -> n, right, and what the misses became (most common first)."""
        out = {}
        for label, got in sorted(self.labels.items()):
            n = sum(got.values())
            misses = [{"got": g, "n": c} for g, c in got.most_common() if g != label]
            out[label] = {"n": n, "right": got.get(label, 0), "misses": misses}
        return out

    def as_dict(self) -> dict[str, Any]:
        ms = sorted(s * 1000 for s in self.seconds)
        return {
            "proposer": self.proposer,
            "n": self.n,
            "accuracy": self.correct / self.n if self.n else 0.0,
            "tool_accuracy": self.tool_correct / self.n if self.n else 0.0,
            "files": self.files,
            "per_system": self.per_system,
            "by_label": self.by_label(),
            "confusion": self.confusion,
            "latency_ms": {"p50": statistics.median(ms) if ms else 0.0,
                           "p95": ms[int(0.95 * (len(ms) - 1))] if ms else 0.0,
                           "mean": statistics.fmean(ms) if ms else 0.0},
        }


def table_for(system: str, party: list[dict[str, Any]] | None, zones: list[str] | None) -> TableState:
    """A table with the line's party (valid generated sheets) in its zones."""
    registry = default_registry()
    tool = get_system(system).random_character_tool
    state = TableState(system=system, zones=list(zones or DEFAULT_ZONES))
    for i, member in enumerate(party or get_system(system).sample_party()):
        made = registry.call(tool, {"name": member["name"]}, Roller(i), state)
        ops = [PutCharacter(name=c.name, sheet={**c.sheet, **member.get("sheet", {}), "npc": bool(member.get("npc"))})
               if isinstance(c, PutCharacter) else c for c in made.changes]
        state = apply_all(state, ops)
    return state


def in_combat(state: TableState) -> TableState:
    order = list(state.characters)
    return apply_all(state, [SetInitiative(initiative=Initiative(active=True, round=1, turn=0, order=order,
                                                                 totals={n: 0 for n in order}))])


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, str) and isinstance(b, str):
        return a.casefold() == b.casefold()
    return a == b


def label(tool: str | None, args: dict[str, Any], keys: list[str]) -> str:
    """``tool:value:value`` over the expected arguments, e.g. a check's tool with its skill."""
    values = [str(args[k]).casefold() if isinstance(args[k], str) else str(args[k])
              for k in keys if args.get(k) is not None]
    return ":".join([str(tool), *values])


def evaluate(path: str | Path | list, proposer) -> EvalReport:
    """One file or several (their lines pooled; per-system figures keep them apart)."""
    paths = [Path(p) for p in path] if isinstance(path, (list, tuple)) else [Path(path)]
    report = EvalReport(proposer=proposer.name, files=[str(p) for p in paths])
    per: dict[str, Counter] = defaultdict(Counter)
    tables: dict[str, TableState] = {}
    for file, lineno, line in ((p, i, ln) for p in paths
                               for i, ln in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)):
        if not line.strip():
            continue
        row = json.loads(line)
        key = json.dumps([row["system"], row.get("party"), row.get("zones")], sort_keys=True)
        if key not in tables:
            tables[key] = table_for(row["system"], row.get("party"), row.get("zones"))
        state = in_combat(tables[key]) if row.get("combat") else tables[key]
        actor = row.get("actor") or next((n for n, s in state.characters.items() if not s.get("npc")), None)
        start = time.perf_counter()
        proposal = proposer.propose(row["input"], state, actor)
        report.seconds.append(time.perf_counter() - start)
        expected = row["expected"]
        got_args = {**proposal.args, **proposal.call_args}
        tool_ok = proposal.tool == expected["tool"]
        args_ok = tool_ok and all(_same(got_args.get(k), v) for k, v in expected.items() if k != "tool")
        report.n += 1
        report.tool_correct += tool_ok
        report.correct += args_ok
        per[row["system"]]["n"] += 1
        per[row["system"]]["correct"] += args_ok
        per[row["system"]]["tool_correct"] += tool_ok
        keys = [k for k in expected if k != "tool"]
        want = label(expected["tool"], expected, keys)
        became = label(proposal.tool, got_args, keys)
        report.labels[want][want if args_ok else became if became != want else became + " (differs)"] += 1
        if not args_ok:
            report.confusion.append({"file": file.name, "line": lineno, "input": row["input"], "expected": expected,
                                     "got": {"tool": proposal.tool, **{k: got_args.get(k) for k in expected if k != "tool"}}})
    from narrator.tools.systems import all_systems

    order = {s.name: i for i, s in enumerate(all_systems())}  # the systems' listing order, not the files'
    report.per_system = {s: {"n": c["n"], "accuracy": c["correct"] / c["n"], "tool_accuracy": c["tool_correct"] / c["n"]}
                         for s, c in sorted(per.items(), key=lambda item: (order.get(item[0], len(order)), item[0]))}
    return report


LONG_NAMES = {"Guard": "Bored City Guard", "Innkeeper": "Sly Old Innkeeper", "Wolf": "Hungry Grey Wolf"}
"""The sample table's NPCs as an NPC tool names them from a concept (:func:`tools.npc_names.npc_name`): several words,
adjectives first. The sets' lines name "the Guard"; a table in play names "Bored City Guard"."""


def with_long_names(paths: list[Path], into: Path) -> list[Path]:
    """The sets rewritten for a table whose NPCs have :data:`LONG_NAMES` (in the lines, the expected arguments and
    the party), written into ``into``: the router measured on names as play gives them (``eval tools --long-names``)."""
    written = []
    for path in paths:
        rows = []
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            row = json.loads(line)
            party = row.get("party") or get_system(row["system"]).sample_party()
            row["party"] = [{**m, "name": LONG_NAMES.get(m["name"], m["name"])} for m in party]
            for old, new in LONG_NAMES.items():
                row["input"] = re.sub(rf"(?<![\w])(?:the\s+)?{old}(?![\w])", new, row["input"], flags=re.I)
                row["expected"] = {k: new if v == old else v for k, v in row["expected"].items()}
            rows.append(json.dumps(row))
        target = into / path.name
        target.write_text("\n".join(rows) + "\n", encoding="utf-8")
        written.append(target)
    return written
