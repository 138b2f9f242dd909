"""``narrator eval guard``: the figures on the development set are the documentation's, and the report counts right."""

from __future__ import annotations

import json
from pathlib import Path

from narrator.agent.guard_eval import evaluate_guard
from narrator.cli import main

ROOT = Path(__file__).resolve().parents[3]
DEV = ROOT / "tests" / "data" / "guard_dev" / "sentences.jsonl"
ISSUE_KINDS = {"number_words", "roman", "dice_words", "health_change", "death", "item", "money", "stat_change",
               "outcome", "modifier", "odds", "harmless", "engine_backed"}


def test_the_development_set_meets_the_targets_and_its_figures_are_in_the_docs(capsys):
    assert main(["eval", "guard", str(DEV)]) == 0
    summary = capsys.readouterr().out.splitlines()[0]
    report = evaluate_guard(DEV).as_dict()
    assert report["n"] >= 200 and ISSUE_KINDS <= set(report["per_kind"])
    assert report["mechanical_kept"] == 0
    # The claims reader misreads some short fiction (docs/honesty.md); issue 26's 3% is a benchmark, this a regression bound.
    assert report["harmless_removed_rate"] <= 0.10
    honesty = (ROOT / "docs" / "honesty.md").read_text(encoding="utf-8")
    assert summary in honesty, f"docs/honesty.md must carry the development-set figures: {summary}"


def test_json_report(capsys):
    assert main(["eval", "guard", str(DEV), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert {"mechanical_kept_rate", "harmless_removed_rate", "engine_backed_removed", "per_kind", "mistakes"} <= \
        set(report)


def test_report_counts_each_kind_of_line(tmp_path):
    (tmp_path / "contexts.json").write_text(json.dumps({
        "neutral": {"calls": [{"tool": "minim_check", "args": {"actor": "Aria", "skill": "stealth"}, "faces": [2, 5]}]},
        "talk": {"calls": [], "actor": "Aria"},
    }))
    lines = [
        {"context": "neutral", "sentence": "Critical hit!", "expected": "remove", "kind": "outcome"},
        {"context": "neutral", "sentence": "You rolled a 2 and a 5.", "expected": "keep", "kind": "engine_backed"},
        {"context": "neutral", "sentence": "You rolled a 2 and a 5.", "expected": "remove", "kind": "mislabelled"},
        {"context": "talk", "sentence": "The fire crackles.", "expected": "keep", "kind": "harmless"},
        {"context": "talk", "sentence": "You rolled a 12.", "expected": "keep", "kind": "harmless"},
    ]
    path = tmp_path / "set.jsonl"
    path.write_text("\n".join(json.dumps(line) for line in lines) + "\n\n")
    report = evaluate_guard(path).as_dict()
    assert (report["n"], report["mechanical_claims"], report["mechanical_kept"]) == (5, 2, 1)
    assert (report["harmless"], report["harmless_removed"], report["engine_backed"]) == (2, 1, 1)
    assert report["per_kind"]["harmless"] == {"n": 2, "wrong": 1}
    assert [m["line"] for m in report["mistakes"]] == [3, 5] and report["mistakes"][1]["reason"]
