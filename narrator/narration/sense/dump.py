"""Blind-reading files from harvested candidates: ``python -m narrator.narration.sense.dump ROWS.jsonl OUT_PREFIX``.

Each item is what a player would read — the scene, the action, the mechanics line and the narration (the engine's
sentence, then the candidate) — self-contained, shuffled with a fixed seed so a turn's candidates are not side by
side, split into files of ``--size`` items. Identical narrations of one turn are one item. ``OUT_PREFIX.key.json``
maps each item to its rows (``set``, ``turn``, ``candidate``); the readers never see it.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

from narrator.models.jsonl import rows



def narration(row: dict) -> str:
    return f"{row['lead']} {row['candidate']}".strip()


def items(rows: list[dict], passing_only: bool) -> list[dict]:
    out: dict[tuple, dict] = {}
    for row in rows:
        if passing_only and (row["failed"] or not row["candidate"]):
            continue
        key = (row["set"], row["turn"], narration(row))
        item = out.setdefault(key, {"scene": row["scene"], "actor": row["actor"], "action": row["action"],
                                    "mechanics": row["mechanics"], "narration": narration(row), "rows": []})
        item["rows"].append({"set": row["set"], "turn": row["turn"], "candidate": row["candidate"]})
    return list(out.values())


def markdown(chunk: list[tuple[int, dict]]) -> str:
    lines = ["# Turns as a player reads them", ""]
    for n, item in chunk:
        lines += [f"**{n}.** Scene: {item['scene'] or 'no scene'}", "", f"    {item['actor']}> {item['action']}", ""]
        if item["mechanics"]:
            lines += [f"    {item['mechanics']}", ""]
        lines += [f"> {item['narration']}", ""]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("rows", nargs="+")
    p.add_argument("--out", required=True)
    p.add_argument("--size", type=int, default=200)
    p.add_argument("--seed", type=int, default=27)
    p.add_argument("--passing-only", action="store_true", help="only candidates every other check let through")
    ns = p.parse_args(argv)
    found = items([r for path in ns.rows for r in rows(path)], ns.passing_only)
    random.Random(ns.seed).shuffle(found)
    numbered = list(enumerate(found, 1))
    key = {}
    for part, start in enumerate(range(0, len(numbered), ns.size), 1):
        chunk = numbered[start:start + ns.size]
        Path(f"{ns.out}.{part}.md").write_text(markdown(chunk), encoding="utf-8")
        for n, item in chunk:
            key[str(n)] = {"file": part, "narration": item["narration"], "rows": item["rows"]}
    Path(f"{ns.out}.key.json").write_text(json.dumps(key, ensure_ascii=False, indent=1), encoding="utf-8")
    print(f"{len(found)} items in {part} files: {ns.out}.*.md")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
