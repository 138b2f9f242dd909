"""The blind reads behind the meaning oracle's figures (``tests/data/oracle_reads/``): every item labelled once, and
the figures docs/playing.md and ``tools/story_meaning.py`` quote are what the labels say."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

READS = Path(__file__).resolve().parents[2] / "data" / "oracle_reads"
ROOT = Path(__file__).resolve().parents[3]


def labels(name: str) -> dict[int, str]:
    rows = [json.loads(line) for line in (READS / name).read_text(encoding="utf-8").splitlines() if line.strip()]
    found = {r["id"]: r["label"] for r in rows}
    assert len(found) == len(rows) and set(found.values()) <= {"usable", "stretch", "useless"}
    return found


def test_every_item_of_each_dump_has_one_label_and_the_documented_figures_are_the_labels():
    first, who = labels("round1_labels_AY.jsonl"), labels("who_round1_labels_AZ.jsonl")
    assert sorted(first) == list(range(1, (READS / "round1.md").read_text().count("### ") + 1))
    assert sorted(who) == list(range(1, (READS / "who_round1.md").read_text().count("### ") + 1))
    assert Counter(first.values()) == {"usable": 21, "stretch": 8, "useless": 1}
    questions = [line for line in (READS / "round1.md").read_text().splitlines() if line.startswith("Question: ")]
    asked_who = [i for i, q in enumerate(questions, 1) if q.split()[1].lower() in ("who", "whose", "whom")]
    assert Counter(first[i] for i in asked_who) == {"usable": 2, "stretch": 4}
    assert Counter(who.values()) == {"usable": 10, "stretch": 5}
    said = " ".join((ROOT / "docs" / "playing.md").read_text(encoding="utf-8").split())
    assert "21 of 30 such draws readily and from 8 more with effort" in said and "10 of 15 who-questions" in said
