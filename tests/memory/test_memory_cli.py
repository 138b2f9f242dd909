"""``narrator memory search|show|rebuild``, ``narrator rules`` and ``narrator eval memory`` (with the development
set in ``tests/data/memory_dev.jsonl``)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from vector_support import REPO, child_env

from narrator.memory.campaign import Campaign
from narrator.cli import main

DEV = REPO / "tests" / "data" / "memory_dev.jsonl"


def _campaign(root: Path, name: str) -> None:
    with Campaign.new(name, "minim", seed=4, root=root) as c:
        c.call("minim_add_random_character", {"name": "Aria"})
        c.call("minim_add_npc", {"name": "Old Tom", "concept": "innkeeper of the Drowned Rat", "tier": 3})
        c.call("table_set_scene", {"text": "The Drowned Rat inn."})
        c.say("player", "I hide the brass key under the floorboard", actor="Aria")
        c.say("narration", "Old Tom pretends not to see.", guard={}, proposal=None)


def test_memory_search_show_and_rebuild(tmp_path, capsys, unique_name):
    _campaign(tmp_path, unique_name)
    base = ["--campaign-dir", str(tmp_path), "memory"]
    assert main(base + ["search", "where is the key", "--campaign", unique_name, "--k", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 2 and "turn-5" in out[0] and "I hide the brass key" in out[0]

    assert main(base + ["show", "the innkeeper", "--campaign", unique_name]) == 0
    out = capsys.readouterr().out
    assert out.startswith("character:old tom\n")  # the alias, not a guess
    assert "state record: characters/Old Tom" in out and "Old Tom (NPC)" in out  # the sheet, from the table
    assert "Latest events naming Old Tom:" in out and "Old Tom pretends not to see." in out

    assert main(base + ["show", "innkeeper", "--campaign", unique_name, "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["entity"]["id"] == "character:old tom" and shown["sheet"]["concept"].startswith("innkeeper")

    assert main(base + ["rebuild", "--campaign", unique_name]) == 0
    assert "event memories" in capsys.readouterr().out
    assert main(base + ["search", "where is the key", "--campaign", unique_name, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)[0]["id"] == "turn-5"


@pytest.mark.slow
def test_rules_command_needs_no_campaign(rules_home, monkeypatch, capsys):
    monkeypatch.setenv("NARRATOR_HOME", str(rules_home))
    assert main(["rules", "what happens on a fumble", "--system", "minim"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("[minim.md#Fumbles]") and "Worked example (minim_fumble" in out


@pytest.mark.slow
def test_rules_command_in_a_fresh_process_reuses_the_cached_index(rules_home):
    proc = subprocess.run([sys.executable, "-m", "narrator.cli", "rules", "how does the wild die work",
                           "--system", "mini-six", "--json"], capture_output=True, text=True, timeout=300,
                          env=child_env(NARRATOR_HOME=str(rules_home)), cwd=REPO)
    assert proc.returncode == 0, proc.stderr[-2000:]
    answer = json.loads(proc.stdout)
    assert answer["passages"][0]["citation"] == "mini-six.md#Dice Basics"
    assert not (rules_home / "campaigns").exists()


def test_eval_memory_on_the_development_set(capsys):
    rows = [json.loads(line) for line in DEV.read_text(encoding="utf-8").splitlines() if line.strip()]
    assert sum("memory" in r for r in rows) >= 40 and sum("question" in r for r in rows) >= 25
    assert main(["eval", "memory", str(DEV), "--k", "5", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["questions"] >= 25 and report["memories"] >= 40
    assert report["recall_at_k"] >= 0.9 and report["hit_rate"] >= 0.9
    assert 0 < report["latency_ms"]["p50"] <= report["latency_ms"]["p95"]
    assert main(["eval", "memory", str(DEV)]) == 0
    assert capsys.readouterr().out.startswith("recall@5 ")


def test_eval_memory_reports_a_bad_line_plainly(tmp_path, capsys):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"memory": {"id": "a", "text": "x"}}\n{"question": "q", "expected": ["nope"]}\n')
    assert main(["eval", "memory", str(bad)]) == 2
    assert "unknown memory ids ['nope']" in capsys.readouterr().err
    bad.write_text("not json\n")
    assert main(["eval", "memory", str(bad)]) == 2
    assert "bad.jsonl:1" in capsys.readouterr().err
