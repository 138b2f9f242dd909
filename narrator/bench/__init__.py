"""``narrator bench``: how fast each part is, measured in one process, split by what it measures.

* :mod:`narrator.bench.rules` — µs per rules-tool call through the registry, beside ``d20`` on the same dice;
* :mod:`narrator.bench.turn` — an engine-only turn; with the model, the turn split, raw llama-cpp-python tokens/s,
  and time to the first token early and late in a session;
* :mod:`narrator.bench.memory` — the campaign memory's add and query latency at growing sizes;
* peak RSS of the process (:mod:`narrator.bench.util`).

Figures are medians over repeats (latencies: p50/p95). Tests check the report's shape, never its timings.
"""

from __future__ import annotations

import os
import platform
import time
from typing import Any

from narrator.bench.util import peak_rss_mb

FULL_SIZES = [1_000, 10_000, 100_000]
QUICK_SIZES = [1_000]
SIZES_ENV = "NARRATOR_BENCH_SIZES"  # e.g. "200" for a smoke run that takes seconds


def machine() -> dict[str, Any]:
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            model = next((line.split(":", 1)[1].strip() for line in f if line.startswith("model name")), model)
    except OSError:
        pass
    try:
        load = [round(x, 2) for x in os.getloadavg()]
    except OSError:
        load = []
    return {"cpu": model, "cores": os.cpu_count(), "load": load, "python": platform.python_version()}


def run(quick: bool = False, model: bool = True, sizes: list[int] | None = None, model_name: str | None = None,
        threads: int | None = None, progress=None) -> dict[str, Any]:
    from narrator.bench.memory import bench_memory
    from narrator.bench.rules import bench_rules
    from narrator.bench.turn import bench_engine_turn, bench_model_turn

    say = progress or (lambda s: None)
    if sizes is None and os.environ.get(SIZES_ENV):
        sizes = [int(x) for x in os.environ[SIZES_ENV].replace(",", " ").split()]
    tiny = sizes is not None and max(sizes) < 1000
    sizes = sizes or (QUICK_SIZES if quick else FULL_SIZES)
    started = time.perf_counter()
    report: dict[str, Any] = {"quick": quick, "machine": machine()}
    say("rules tools")
    report["rules"] = bench_rules(repeat=3 if quick else 7, inner=20 if tiny else 100 if quick else 300)
    say("engine-only turn")
    from narrator.tools.systems import all_systems

    report["engine_turn"] = []
    for system in all_systems():
        try:
            report["engine_turn"].append(bench_engine_turn(repeat=5 if tiny else 15 if quick else 40,
                                                           system_name=system.name))
        except Exception as e:  # noqa: BLE001 - a system the bench cannot set up is reported, not fatal
            report["engine_turn"].append({"system": system.name, "error": f"{type(e).__name__}: {e}"[:200]})
    if model:
        say("turns with the model")
        report["model_turn"] = bench_model_turn(repeat=2 if tiny else 3 if quick else 5,
                                                late_turn=20 if quick else 200, model=model_name, threads=threads)
    else:
        report["model_turn"] = None
    say(f"memory at {', '.join(map(str, sizes))} records")
    report["memory"] = bench_memory(sizes, queries=10 if tiny else 20 if quick else 60,
                                    base=min(max(sizes), 300 if quick else 1500))
    report["peak_rss_mb"] = peak_rss_mb()
    report["load_after"] = machine()["load"]  # the machine is often shared: the load when the run ended, too
    report["seconds"] = round(time.perf_counter() - started, 1)
    return report


def table(report: dict[str, Any]) -> str:
    """The report as plain-text tables."""
    out = []
    m = report["machine"]
    out.append(f"machine: {m['cpu']}, {m['cores']} cores, load {' '.join(map(str, m['load']))}, "
               f"Python {m['python']}{' (quick)' if report['quick'] else ''}")
    r = report["rules"]
    out.append(f"\nrules tools through the registry (median µs per call; peer: d20.roll on the same dice — {r['d20']})")
    out.append(f"  {'tool':<34} {'µs/call':>9} {'dice':>10} {'d20 µs':>8} {'ratio':>6}")
    for row in r["tools"]:
        if "error" in row:
            out.append(f"  {row['tool']:<34} error: {row['error']}")
            continue
        peer = f"{row['d20_us']:.1f}" if row["d20_us"] is not None else "—"
        ratio = f"{row['ratio']:.1f}×" if row["ratio"] is not None else "—"
        dice = row["dice"] or "—"
        dice = dice if len(dice) <= 10 else f"{sum(int(p.split('d')[0]) for p in dice.split('+'))} dice"
        out.append(f"  {row['tool']:<34} {row['us_per_call']:>9.1f} {dice:>10} {peer:>8} {ratio:>6}")
    out.append("\nengine-only turn (router proposal → tool → event log, no model; median ms)")
    out.append(f"  {'system':<12} {'turn':>8} {'proposal':>9} {'engine+log':>11}")
    for row in report["engine_turn"]:
        if "error" in row:
            out.append(f"  {row['system']:<12} error: {row['error']}")
            continue
        out.append(f"  {row['system']:<12} {row['turn_ms']:>8.2f} {row['proposal_ms']:>9.2f} "
                   f"{row['engine_and_log_ms']:>11.2f}")
    mt = report.get("model_turn")
    if mt:
        raw = mt["raw_llama_cpp"]
        out.append(f"\nturn with the model ({mt['model']}, median of {mt['turns']} turns)")
        out.append(f"  turn {mt['turn_s']:.2f} s: proposal {mt['proposal_ms']:.1f} ms, engine {mt['engine_ms']:.1f} ms, "
                   f"first narrated token {mt['first_token_ms']:.0f} ms, {mt['candidates_per_turn']} candidate(s)")
        out.append(f"  narration {mt['narration_tokens_per_s']:.1f} tokens/s; raw llama-cpp-python "
                   f"{raw.get('tokens_per_s')} tokens/s on the same prompt; ratio {mt['tokens_per_s_ratio']}")
        out.append(f"  first token: turn 1 {mt['first_token_turn1_ms']} ms, turn 2 {mt['first_token_turn2_ms']} ms, "
                   f"turn {mt['late_turn']} {mt['first_token_late_ms']} ms ({mt['late_vs_turn2']}× turn 2)")
    else:
        out.append("\nturn with the model: skipped (--no-model)")
    mem = report["memory"]
    out.append(f"\ncampaign memory (chromadb; {mem['base_embedded']} texts embedded for real, the rest synthetic; "
               f"ms p50/p95; named query: recall's events naming a rarely named person; chromadb where: the same "
               f"with a filtered chromadb query, as before)")
    out.append(f"  {'records':>8} {'add':>15} {'query':>15} {'named query':>15} {'recall':>15} "
               f"{'(chromadb where)':>17}")
    for size, row in mem["sizes"].items():
        if "truncated_at" in row:
            out.append(f"  {size:>8} stopped at {row['truncated_at']} records (time limit)")
            continue
        cell = lambda p: f"{p['p50']:.1f}/{p['p95']:.1f}"  # noqa: E731
        out.append(f"  {int(size):>8} {cell(row['add_ms']):>15} {cell(row['query_ms']):>15} "
                   f"{cell(row['named_query_ms']):>15} {cell(row['recall_ms']):>15} "
                   f"{cell(row['where_query_ms']):>17}")
    out.append(f"\npeak RSS {report['peak_rss_mb']:.0f} MB; {report['seconds']:.0f} s; load at the end "
               f"{' '.join(map(str, report.get('load_after', [])))}")
    return "\n".join(out)
