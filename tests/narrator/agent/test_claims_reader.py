"""The claims reader (issue 26): the training lines follow the labels, every family and system is covered, the
reader reads plain examples of each family in every system's words, and ``narrator eval claims`` reports per
family. The held-out figures are a benchmark (docs/honesty.md), not asserted here."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from narrator.agent.claims_reader import FAMILIES, NOTHING, ClaimsDataError, ClaimsReader, load_rows, training_files
from narrator.cli import main


SYSTEMS = ("minim", "mastery", "minisix", "fiveplus", "brew")


@pytest.fixture(scope="module")
def reader():
    return ClaimsReader()


def test_the_training_lines_cover_every_label_of_every_family_in_every_system():
    rows = load_rows(training_files())
    assert len(rows) >= 2000
    assert len({r["sentence"] for r in rows}) == len(rows)  # no line twice
    for system in SYSTEMS:
        mine = [r for r in rows if r["system"] == system]
        assert len(mine) >= 300, system
        for family, labels in FAMILIES.items():
            seen = Counter(r[family] for r in mine)
            assert all(seen[label] > 0 for label in labels), (system, family, seen)
    fiction = [r for r in rows if all(r[f] == NOTHING[f] for f in FAMILIES)]
    assert 0.2 < len(fiction) / len(rows) < 0.6


def test_a_bad_line_is_named_not_skipped(tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps({"system": "minim", "sentence": "You win.", "outcome": "victory"}) + "\n")
    with pytest.raises(ClaimsDataError, match="bad.jsonl:1"):
        load_rows([path])


EXAMPLES = [
    ("The lock clicks open under your picks.", "outcome", "success"),
    ("You slip and tumble back down the wall.", "outcome", "failure"),
    ("Your sword bites deep into the bandit's shoulder.", "attack", "hit"),
    ("Your blow whistles past his ear and finds only air.", "attack", "miss"),
    ("The guard crumples to the floor, senseless.", "harm", "down"),
    ("The wolf yelps and bolts into the trees.", "harm", "fled"),
    ("Warmth floods through you as the wound closes.", "heal", "healed"),
    ("You find a small brass key under the mat.", "item", "gained"),
    ("Rain drums softly on the tavern roof.", "outcome", "none"),
    ("You roll a natural six.", "number", "yes"),
]


def test_the_reader_reads_a_plain_example_of_each_family(reader):
    readings = reader.read([s for s, _, _ in EXAMPLES])
    wrong = [(s, f, want, r.labels[f]) for (s, f, want), r in zip(EXAMPLES, readings) if r.labels[f] != want]
    assert len(wrong) <= 1, wrong  # a learnt reader: one slip in ten is allowed, not more
    fiction = reader.read(["Rain drums softly on the tavern roof."])[0]
    assert fiction.claims == {} and fiction.claim_probability("outcome") < 0.5


def test_the_reader_is_bounded_and_deterministic(reader):
    long = "The bandit falls. " * 1000
    a, b = reader.read([long, "You succeed."]), reader.read([long, "You succeed."])
    assert a == b and len(a) == 2


def test_eval_claims_reports_each_family(capsys, tmp_path):
    rows = [{"system": "brew", "sentence": s, **NOTHING, "implicit": False} for s in
            ("The wind howls.", "Somewhere a dog barks.")]
    rows.append({"system": "minim", "sentence": "You pick the lock.", **NOTHING, "outcome": "success",
                 "implicit": True})
    path = tmp_path / "few.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    assert main(["eval", "claims", str(path), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["n"] == 3 and report["claims"] == 1 and report["fiction"] == 2
    assert set(report["families"]) == set(FAMILIES)
