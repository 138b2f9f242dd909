"""The blind readings behind docs/narration.md's figures (``tests/data/narration_reads/``): every reader labelled
every item of the dump they were given, and the figures the documentation quotes are what the labels say."""

from __future__ import annotations

from pathlib import Path

import pytest

from narrator.narration.evaluate import judged

READS = Path(__file__).resolve().parents[2] / "data" / "narration_reads"
ROUNDS = {"round1_dev": "AB", "round1_held": "CD", "round2_dev": "EF", "round2_held": "GH", "round3": "IJ",
          "round4": "KL"}


@pytest.mark.parametrize("dump", sorted(ROUNDS))
def test_every_reader_labelled_every_item(dump):
    items = (READS / f"{dump}.md").read_text(encoding="utf-8").count("## Item ")
    for reader in ROUNDS[dump]:
        counts = judged(READS / f"{dump}.key.json", READS / f"{dump}_labels_{reader}.jsonl")
        assert sum(c["n"] for c in counts.values()) == items
        assert all(c["sensible"] + c["awkward"] + c["nonsense"] == c["n"] == c["agrees"] + c["contradicts"]
                   for c in counts.values())


def test_the_documented_final_figures_are_the_labels():
    final = {r: judged(READS / "round4.key.json", READS / f"round4_labels_{r}.jsonl") for r in "KL"}
    assert [(final[r]["dev_engine"]["sensible"], final[r]["dev_engine"]["n"]) for r in "KL"] == [(52, 55), (50, 55)]
    assert [(final[r]["held2_engine"]["sensible"], final[r]["held2_engine"]["n"]) for r in "KL"] == [(50, 56), (50, 56)]
    assert all(final[r][s]["contradicts"] == 0 for r in "KL" for s in ("dev_engine", "held2_engine"))
    doc = (Path(__file__).resolve().parents[3] / "docs" / "narration.md").read_text(encoding="utf-8")
    assert "| held-out 2 (written blind, never tuned against) | 56 | 50 and 50 (89.3%) |" in doc
