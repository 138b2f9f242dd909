"""``narrator bench`` and ``narrator eval tools`` as CI smoke tests: the reports' shape, never their timings."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from narrator.cli import main
from narrator.tools.systems import all_systems

DATA = Path(__file__).resolve().parents[1] / "data"


def run_json(capsys, *argv):
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


def _percentiles(p):
    return set(p) >= {"p50", "p95"} and all(isinstance(p[k], (int, float)) and p[k] >= 0 for k in ("p50", "p95"))


def test_bench_quick_without_model_reports_every_part(capsys, monkeypatch):
    monkeypatch.setenv("NARRATOR_BENCH_SIZES", "60")
    report = run_json(capsys, "bench", "--quick", "--json", "--no-model")
    systems = {s.name for s in all_systems()}
    tools = report["rules"]["tools"]
    assert {row["system"] for row in tools} <= systems
    assert {row["system"] for row in tools} >= {s.name for s in all_systems() if s.worked_examples()}
    for row in tools:
        assert "error" not in row, row
        assert row["us_per_call"] > 0
        assert (row["ratio"] is None) == (row["d20_us"] is None)
    assert report["rules"]["d20"] in ("installed", "d20 not installed")
    assert {row["system"] for row in report["engine_turn"]} == systems
    for row in report["engine_turn"]:
        if "error" not in row:
            assert set(row) >= {"turn_ms", "proposal_ms", "engine_and_log_ms"}
    assert report["model_turn"] is None
    sizes = report["memory"]["sizes"]
    assert list(sizes) == ["60"]
    for key in ("add_ms", "query_ms", "named_query_ms", "recall_ms"):
        assert _percentiles(sizes["60"][key])
    assert report["peak_rss_mb"] > 0
    assert set(report["machine"]) >= {"cpu", "cores", "load"}


def test_bench_table_names_each_section(capsys):
    assert main(["bench", "--quick", "--no-model", "--sizes", "40"]) == 0
    out = capsys.readouterr().out
    for heading in ("rules tools through the registry", "engine-only turn", "skipped (--no-model)",
                    "campaign memory", "peak RSS"):
        assert heading in out


def test_eval_tools_runs_every_held_out_set(capsys):
    report = run_json(capsys, "eval", "tools", "--json", "--by-label")
    files = sorted(DATA.glob("*_tools_eval.jsonl"))
    assert report["set"] == "eval" and [Path(f).name for f in report["files"]] == [f.name for f in files]
    lines = sum(1 for f in files for line in f.read_text(encoding="utf-8").splitlines() if line.strip())
    (router,) = report["reports"]
    assert router["proposer"] == "router" and router["n"] == lines
    assert set(router["per_system"]) <= {s.name for s in all_systems()}
    assert sum(s["n"] for s in router["per_system"].values()) == lines
    assert 0 <= router["accuracy"] <= router["tool_accuracy"] <= 1
    by_label = router["by_label"]
    assert sum(row["n"] for row in by_label.values()) == lines
    assert sum(row["right"] for row in by_label.values()) == round(router["accuracy"] * lines)
    for row in by_label.values():
        counts = [m["n"] for m in row["misses"]]
        assert counts == sorted(counts, reverse=True) and row["right"] + sum(counts) == row["n"]


def test_eval_tools_text_says_which_kind_of_set(capsys, tmp_path):
    src = next(iter(sorted(DATA.glob("*_tools_dev.jsonl"))))
    small = tmp_path / "x_tools_dev.jsonl"
    small.write_text("\n".join(src.read_text(encoding="utf-8").splitlines()[:5]) + "\n", encoding="utf-8")
    assert main(["eval", "tools", str(small), "--proposer", "router", "--proposer", "router"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("given file") and out.count("router: accuracy") == 1


def test_named_events_matches_an_exact_scan(tmp_path):
    """Every path of the name-filtered recall (over-fetch, wider net, exact scan of a rare name) returns the true
    nearest events naming someone."""
    from narrator.memory.chroma import HNSW, close_client, open_client
    from narrator.memory.recall import named_events

    rng = np.random.default_rng(3)
    n, dim = 700, 16
    vectors = rng.normal(size=(n, dim)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    names = [["Common"] if i % 2 else ["Thin"] if i % 25 == 0 else ["Rare"] if i in (7, 99, 401) else ["Other"]
             for i in range(n)]
    client = open_client(tmp_path)
    try:
        col = client.create_collection("events", embedding_function=None, configuration={"hnsw": dict(HNSW)})
        col.add(ids=[f"e{i}" for i in range(n)], documents=[f"event {i}" for i in range(n)],
                metadatas=[{"names": nm, "seq": i} for i, nm in enumerate(names)], embeddings=list(vectors))
        for who in ("Common", "Thin", "Rare", "Nobody"):
            for q in rng.normal(size=(5, dim)).astype(np.float32):
                sims = vectors @ (q / np.linalg.norm(q))
                exact = [f"e{i}" for i in np.argsort(-sims) if who in names[i]][:6]
                got = [h[0] for h in named_events(col, q.tolist(), 6, [who])]
                assert got == exact, who
    finally:
        close_client(client)


@pytest.mark.slow
def test_bench_with_the_model_reports_the_turn_split(capsys):
    report = run_json(capsys, "bench", "--quick", "--json", "--sizes", "40", "--threads", "2")
    turn = report["model_turn"]
    assert set(turn) >= {"proposal_ms", "engine_ms", "first_token_ms", "narration_tokens_per_s", "raw_llama_cpp",
                         "tokens_per_s_ratio", "first_token_turn1_ms", "first_token_late_ms", "late_turn"}
    assert turn["late_turn"] == 20 and turn["narration_tokens_per_s"] > 0


def test_bench_rules_without_d20_says_so(monkeypatch):
    import sys

    from narrator.bench.rules import bench_rules

    monkeypatch.setitem(sys.modules, "d20", None)  # import d20 now fails, as on an install without the test extra
    report = bench_rules(repeat=1, inner=1)
    assert report["d20"] == "d20 not installed"
    assert report["tools"] and all(row.get("d20_us") is None and row.get("ratio") is None for row in report["tools"])
