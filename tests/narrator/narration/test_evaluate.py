"""``narrator eval narration`` and ``narrator eval topic``: the report's counts on a scripted model, and the on-topic
threshold reproduced from the calibration set and holding on the separate check set."""

from __future__ import annotations

import json
from pathlib import Path

from narrator.models.scripted import ScriptedBackend
from narrator.narration.evaluate import calibrate, evaluate, topic_report, topic_scores
from narrator.narration.gate import TOPIC_THRESHOLD

DATA = Path(__file__).resolve().parents[2] / "data"


def test_the_dev_set_has_at_least_sixty_varied_turns():
    rows = [json.loads(line) for line in (DATA / "narration_dev.jsonl").read_text().splitlines()]
    assert len(rows) >= 60 and len({r["session"] for r in rows}) >= 10 and len({r["action"] for r in rows}) >= 60


def test_a_model_writing_garbage_is_all_floor_and_every_shown_narration_passes(tmp_path):
    turns = [{"session": "a", "actor": "Kit", "scene": "The fog-bound docks at night.", "seed": 1,
              "party": [{"name": "Kit", "concept": "a smuggler"}, {"name": "Guard", "npc": True}],
              "action": "I sneak past the guard"},
             {"session": "a", "actor": "Kit", "scene": "The fog-bound docks at night.", "action": "2d6"},
             {"session": "a", "actor": "Kit", "scene": "The fog-bound docks at night.",
              "action": "I search the crates"}]
    path = tmp_path / "turns.jsonl"
    path.write_text("\n".join(json.dumps(t) for t in turns))
    report = evaluate(path, ScriptedBackend(lambda m, s: "(narrative 2)")).as_dict()
    assert report["turns"] == 3 and report["candidates"] >= 3
    assert report["from_model"] == 0.0 and report["shown_pass_all"] == 1.0
    assert report["candidates_pass"]["meta"] == 0.0 and report["shown_pass"]["meta"] == 1.0
    assert report["consecutive_repeats"] == 0 and len(report["samples"]) == 3


def test_a_profile_given_asks_every_candidate_and_the_samples_keep_the_gates_record(tmp_path):
    """``narrator/narration/sense/harvest.py`` plays a set with a profile that never stops early: every sample keeps
    the gate's record (the engine's sentence, every candidate and its checks)."""
    from dataclasses import replace

    from narrator.narration.candidates import COLOUR

    path = tmp_path / "turns.jsonl"
    path.write_text(json.dumps({"session": "a", "actor": "Kit", "scene": "The fog-bound docks at night.", "seed": 1,
                                "party": [{"name": "Kit", "concept": "a smuggler"}],
                                "action": "I search the crates"}))
    profile = replace(COLOUR, candidates=5, min_candidates=5, budget=1e9)
    report = evaluate(path, ScriptedBackend(lambda m, s: " Gulls cry somewhere in the fog."), style="colour",
                      samples=10, profile=profile)
    gate = report.samples[0]["gate"]
    assert gate["candidates"] == 5 and len(gate["rejected"]) + (gate["shown_at"] >= 0) == 5
    assert gate["lead"] and report.samples[0]["narration"].startswith(gate["lead"])


def test_the_topic_threshold_is_calibrated_and_holds_on_the_check_set():
    assert calibrate(topic_scores([json.loads(x) for x in (DATA / "narration_topic_calibration.jsonl")
                                   .read_text().splitlines()])) == TOPIC_THRESHOLD
    check = topic_report(DATA / "narration_topic_check.jsonl")
    assert check["accuracy"] >= 0.9 and check["on_topic_kept"] >= 0.9
