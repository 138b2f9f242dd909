"""The blind readings behind docs/narration.md's figures (``tests/data/narration_reads/``): every reader labelled
every item of the dump they were given, and the figures the documentation quotes are what the labels say."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from narrator.narration.evaluate import judged

READS = Path(__file__).resolve().parents[2] / "data" / "narration_reads"
ROUNDS = {"round1_dev": "AB", "round1_held": "CD", "round2_dev": "EF", "round2_held": "GH", "round3": "IJ",
          "round4": "KL", "round5": "OP", "round6": "QR", "round7": "ST", "round8": "UV", "round9": "WX",
          "round10": ("AC", "AD"), "round11": ("AI", "AJ"), "round12": ("AK", "AL"), "round13": ("AM", "AN"),
          "round14": ("AS", "AT"), "round15": ("AU", "AV"),
          "round16": ("AW", "AX"), "foes_round1": ("AO", "AP"), "foes_round2": ("AQ", "AR")}
FRESH = {"round5": ("held2_engine", [(50, 0), (51, 0)], 56), "round6": ("held3_engine", [(52, 1), (53, 1)], 59),
         "round7": ("held4_engine", [(50, 1), (51, 1)], 57), "round8": ("held5_engine", [(47, 0), (45, 0)], 56),
         "round9": ("held6_engine", [(47, 2), (47, 1)], 57), "round10": ("held7_engine", [(49, 1), (49, 1)], 57),
         "round11": ("held8_engine", [(45, 0), (45, 0)], 50), "round12": ("held9_engine", [(51, 0), (51, 0)], 55),
         "round13": ("held10_engine", [(52, 0), (52, 0)], 58),
         "round14": ("held11_engine", [(46, 0), (48, 0)], 54),
         "round15": ("held12_engine", [(52, 0), (51, 0)], 58),
         "round16": ("held13_engine", [(50, 0), (51, 0)], 57)}
"""Rounds 5-16: the engine's sentence read alone on a held-out set each (held-out 3-13 written blind just before),
(sensible, contradicts) per reader, and the items narrated."""


def _items(text: str) -> int:
    return text.count("## Item ") or len(re.findall(r"^\*\*\d+\.\*\*", text, re.M))


@pytest.mark.parametrize("dump", sorted(ROUNDS))
def test_every_reader_labelled_every_item(dump):
    items = _items((READS / f"{dump}.md").read_text(encoding="utf-8"))
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


@pytest.mark.parametrize("dump", sorted(FRESH))
def test_the_fresh_held_out_figures_are_the_labels(dump):
    variant, expected, items = FRESH[dump]
    got = [judged(READS / f"{dump}.key.json", READS / f"{dump}_labels_{r}.jsonl")[variant] for r in ROUNDS[dump]]
    assert [(c["sensible"], c["contradicts"]) for c in got] == expected and all(c["n"] == items for c in got)
    doc = (Path(__file__).resolve().parents[3] / "docs" / "narration.md").read_text(encoding="utf-8")
    shares = " and ".join(f"{100 * s / items:.1f}%" for s, _ in expected)
    assert shares in doc, f"docs/narration.md should quote {shares} for {dump}"


def test_the_documented_foe_turn_figures_are_the_labels():
    """5+ foe turns (stop 47): round 1 before its fixes, round 2 (new throws, new readers) after them."""
    got = {r: judged(READS / f"{dump}.key.json", READS / f"{dump}_labels_{r}.jsonl")[variant]
           for dump, variant in (("foes_round1", "fiveplus_acts_1"), ("foes_round2", "fiveplus_acts_2"))
           for r in ROUNDS[dump]}
    assert [(c["sensible"], c["contradicts"], c["n"]) for c in got.values()] == [(32, 1, 40), (32, 1, 40),
                                                                                (38, 0, 40), (38, 0, 40)]
    doc = (Path(__file__).resolve().parents[3] / "docs" / "narration.md").read_text(encoding="utf-8")
    assert "| 5+ foe turns 1 | 40 | 80.0% and 80.0% | 1 and 1 | AO, AP |" in doc
    assert "| 5+ foe turns 2 (new throws) | 40 | 95.0% and 95.0% | 0 and 0 | AQ, AR |" in doc


def colour_reading(key: str, rows_file: str, first: tuple[str, str], second: tuple[str, str]):
    """A harvest of colour candidates and its two readings, each split over the dump's two files (reader names)."""
    from narrator.narration.sense.measure import labels_by_text, rows

    colour = READS / "colour"
    files = [",".join(str(colour / f"{key}_{part}_labels_{who}.jsonl") for part, who in zip("12", pair))
             for pair in (first, second)]
    readers = labels_by_text(str(colour / f"{key}.key.json"), files)
    return rows(str(colour / rows_file)), readers


def shown_by_candidates(harvested, readers) -> dict[int, list[tuple[int, int, int]]]:
    """(colour shown, sensible, contradicts) per reader, for each number of candidates asked."""
    from narrator.narration.sense.measure import measure

    return {k: [(r["colour"], r["sensible"], r.get("contradicts", 0))
                for r in measure(harvested, readers, k)["shown"]["gate"]] for k in (6, 4, 2, 1)}


def test_the_documented_colour_figures_are_the_labels():
    """docs/narration.md, "Choosing the colour line": held-out 2's every candidate, read by Y+AA and Z+AB."""
    from narrator.narration.sense.measure import measure

    harvested, readers = colour_reading("colour_h2", "heldout2.rows.jsonl", ("Y", "AA"), ("Z", "AB"))
    report = measure(harvested, readers, 6)
    cal = report["calibration"]
    assert (cal["passing"]["n"], cal["passing"]["sensible"], cal["passing"].get("contradicts", 0)) == (332, 91, 0)
    assert [(cal[c]["n"], cal[c]["sensible"]) for c in ("outcome", "topic", "provenance")] == \
        [(206, 58), (146, 48), (76, 24)]
    assert [r["a sensible line to choose"] for r in report["oracle"]] == [32, 30]
    assert shown_by_candidates(harvested, readers) == {6: [(47, 24, 0), (47, 23, 0)], 4: [(43, 25, 0), (43, 23, 0)],
                                                       2: [(35, 35, 0), (35, 33, 0)], 1: [(29, 38, 0), (29, 37, 0)]}


def test_the_documented_colour_figures_at_temperature_0_4_are_the_labels():
    from narrator.narration.sense.measure import measure

    harvested, readers = colour_reading("colour_t04", "heldout2_t04.rows.jsonl", ("AE", "AG"), ("AF", "AH"))
    report = measure(harvested, readers, 6)
    assert (report["calibration"]["passing"]["n"], report["calibration"]["passing"]["sensible"]) == (310, 133)
    assert [r["a sensible line to choose"] for r in report["oracle"]] == [35, 34]
    assert shown_by_candidates(harvested, readers) == {6: [(45, 30, 0), (45, 28, 0)], 4: [(43, 31, 0), (43, 29, 0)],
                                                       2: [(32, 35, 0), (32, 33, 0)], 1: [(22, 46, 1), (22, 45, 1)]}
