"""The sense tooling (:mod:`narrator.narration.sense`): blind-reading files from harvested candidates, and what
the readers' labels say — the gate's checks calibrated, and the narration each choice would show."""

from __future__ import annotations

import json

import numpy as np
import pytest

from narrator.narration.sense import dump, measure
from narrator.narration.sense.reader import SenseReader, SenseReaderError, features, load, save
from narrator.narration.sense.train import auc, fit, picks


def row(turn: int, candidate: str, failed=(), index: int = 0, score: float = 0.5, set_: str = "h") -> dict:
    return {"set": set_, "turn": turn, "session": "s", "system": "minim", "scene": "The docks at night.",
            "actor": "Kit", "action": "I look around", "mechanics": "Kit: success", "lead": "You look around.",
            "candidate": candidate, "failed": list(failed), "index": index, "score": score}


ROWS = [row(0, ""), row(0, "Gulls cry over the water.", index=0, score=0.9),
        row(0, "Gulls cry over the water.", index=1, score=0.9),  # the same line twice: one item
        row(0, "A figure waves.", ["sense"], index=2), row(1, ""), row(1, "Fog rolls in.", index=0, score=0.7)]


def test_items_are_one_per_narration_and_passing_only_leaves_out_refused_and_engine_lines():
    every = dump.items(ROWS, passing_only=False)
    assert len(every) == 5 and [len(i["rows"]) for i in every].count(2) == 1
    passing = dump.items(ROWS, passing_only=True)
    assert {i["narration"] for i in passing} == {"You look around. Gulls cry over the water.",
                                                 "You look around. Fog rolls in."}


def test_the_dump_shows_what_a_player_reads_and_nothing_of_the_source(tmp_path):
    path = tmp_path / "rows.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in ROWS))
    assert dump.main([str(path), "--out", str(tmp_path / "r"), "--size", "3"]) == 0
    first, second = (tmp_path / "r.1.md").read_text(), (tmp_path / "r.2.md").read_text()
    assert first.count("**") == 6 and second.count("**") == 4  # three items, then two
    assert "Kit> I look around" in first and "Kit: success" in first and "failed" not in first + second
    key = json.loads((tmp_path / "r.key.json").read_text())
    assert sorted(key, key=int) == ["1", "2", "3", "4", "5"] and {k["file"] for k in key.values()} == {1, 2}


def labels_for(tmp_path, senses: dict[str, str]) -> list[dict]:
    """One reader's labels keyed the way :func:`measure.labels_by_text` reads them."""
    path = tmp_path / "rows.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in ROWS))
    dump.main([str(path), "--out", str(tmp_path / "r")])
    key = json.loads((tmp_path / "r.key.json").read_text())
    out = tmp_path / "labels.jsonl"
    out.write_text("".join(json.dumps({"id": int(n), "sense": senses[item["narration"]], "agreement": "agrees"}) + "\n"
                           for n, item in key.items()))
    return measure.labels_by_text(str(tmp_path / "r.key.json"), [str(out)])


def test_measure_calibrates_each_check_and_reads_the_narration_each_choice_shows(tmp_path):
    senses = {"You look around.": "sensible", "You look around. Gulls cry over the water.": "nonsense",
              "You look around. A figure waves.": "awkward", "You look around. Fog rolls in.": "sensible"}
    report = measure.measure(ROWS, labels_for(tmp_path, senses), k=6)
    assert report["calibration"]["sense"] == {"awkward": 1, "agrees": 1, "n": 1}
    assert report["calibration"]["passing"] == {"nonsense": 2, "sensible": 1, "agrees": 3, "n": 3}  # repeated line
    assert report["oracle"] == [{"turns": 2, "a sensible line to choose": 1}]  # turn 1: the fog
    gate = report["shown"]["gate"][0]  # the best gate score: the gulls (nonsense), then the fog (sensible)
    assert gate == {"turns": 2, "colour": 2, "nonsense": 1, "agrees": 2, "sensible": 1}
    assert "sense" not in report["shown"]  # no reader given: only the gate's choice
    first_only = measure.measure(ROWS, labels_for(tmp_path, senses), k=1)
    assert first_only["calibration"]["passing"]["n"] == 2


def test_the_reader_round_trips_and_refuses_damage(tmp_path):
    d = 4
    path = tmp_path / "reader.npz"
    save(path, np.ones(d), 0.5, np.zeros(d), np.ones(d), 0.6, {"l2": 1.0})
    reader = load(path)
    assert reader.threshold == 0.6 and reader.meta["l2"] == 1.0
    assert reader.probability(np.zeros((1, d)))[0] == pytest.approx(1 / (1 + np.exp(-0.5)))
    path.write_bytes(b"not a zip")
    with pytest.raises(SenseReaderError, match="cannot be read"):
        load(path)
    with pytest.raises(SenseReaderError, match="missing"):
        load(tmp_path / "none.npz")


def test_features_and_the_fit_learn_a_separable_signal():
    rng = np.random.default_rng(0)
    vectors = [rng.normal(size=384) for _ in range(4)]
    vectors = [v / np.linalg.norm(v) for v in vectors]
    f = features('She says, "go."', "You look.", "I look", "Docks.", vectors)
    assert f.shape == (384 * 2 + 8,)
    x = rng.normal(size=(200, 3))
    y = (x[:, 0] > 0).astype(float)
    w, b = fit(x, y, l2=1.0)
    assert auc(x @ w + b, y) > 0.99 and abs(w[0]) > abs(w[1]) + abs(w[2])


def test_picks_count_each_turns_best_candidate_above_the_threshold():
    groups = ["a", "a", "b", "b", "c"]
    scores = np.array([0.9, 0.2, 0.4, 0.3, 0.95])
    labels = np.array([1, 0, 1, 1, 0])
    assert picks(groups, scores, labels, 0.5) == (3, 2, 1)
    assert picks(groups, scores, labels, 0.0) == (3, 3, 2)
