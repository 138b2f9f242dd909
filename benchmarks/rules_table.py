"""The Markdown table of every rules tool (µs per call and ratio to ``d20.roll``) from runs of ``rules_tree.py``.

Each figure is the median over the runs given; rows are ordered by ratio, highest first, then the tools that roll
no dice by time. Three tools to a row, as docs/performance.md and the README print it:

    python benchmarks/rules_table.py RUN.json [RUN.json ...]

A file holding several runs under keys (``benchmarks/results/*-stop50.json``) is read with ``FILE.json:KEY``.
"""

from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path


def runs_of(spec: str) -> list[dict]:
    path, _, key = spec.partition(":")
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    data = data[key] if key else data
    return data if isinstance(data, list) else [data]


def medians(runs: list[dict]) -> list[tuple[str, float, float | None]]:
    rows: dict[str, list[dict]] = {}
    for run in runs:
        for row in run.get("rules", run)["tools"]:
            if "error" not in row:
                rows.setdefault(row["tool"], []).append(row)
    out = []
    for tool, seen in rows.items():
        us = statistics.median(r["us_per_call"] for r in seen)
        ratios = [r["ratio"] for r in seen if r["ratio"] is not None]
        out.append((tool, us, statistics.median(ratios) if ratios else None))
    return sorted(out, key=lambda r: (r[2] is None, -(r[2] or 0), -r[1]))


def table(rows: list[tuple[str, float, float | None]], per_row: int = 3) -> str:
    head = "| " + " | ".join(["tool | µs | ratio"] * per_row) + " |"
    rule = "| " + " | ".join(["--- | --- | ---"] * per_row) + " |"
    cells = [f"`{t}` | {us:.0f} | " + (f"{r:.2f}×" if r is not None else "—") for t, us, r in rows]
    lines = [head, rule]
    for i in range(0, len(cells), per_row):
        chunk = cells[i:i + per_row] + [" |  | "] * (per_row - len(cells[i:i + per_row]))
        lines.append("| " + " | ".join(chunk) + " |")
    return "\n".join(lines)


if __name__ == "__main__":
    runs = [run for spec in sys.argv[1:] for run in runs_of(spec)]
    rows = medians(runs)
    ratios = [r for _, _, r in rows if r is not None]
    print(table(rows))
    print(f"\n{len(ratios)} tools with dice: median ratio {statistics.median(ratios):.2f}×, "
          f"{sum(r > 3 for r in ratios)} above 3×, {sum(r > 10 for r in ratios)} above 10×")
