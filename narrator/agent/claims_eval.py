"""``narrator eval claims``: how well the claims reader reads labelled sentences, per label family.

The figures that matter to a player: a **claim missed** is a sentence that asserts something (a success, a miss,
a wound...) of which at least one claim is read as "no claim" — if that claim contradicted the dice, it could reach
the player; **read as fiction** counts the claims of which nothing at all was read; a **fiction flagged** is an
honest sentence (weather, a mood, an NPC's words) read as a claim — it could be dropped for nothing. Both are
reported overall, per family and for the implicit claims (told as story) apart. Timing is reported, never asserted:
one sentence per call (as a stream is read) and three at once (as the guard reads a whole narration).
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from narrator.agent.claims_reader import FAMILIES, NOTHING, ClaimsReader, load_rows

DATA_DIR = Path(__file__).resolve().parents[2] / "tests" / "data"


NO_SET = "no claims set: tests/data/claims_eval.jsonl (held out) or claims_dev.jsonl (--dev)"
"""What the eval commands say when neither set is there (an installed package carries no tests)."""


def claim_sets(dev: bool = False, data_dir: Path | None = None) -> list[Path]:
    """The held-out set (``claims_eval.jsonl``), or with ``dev`` the development set."""
    path = (data_dir or DATA_DIR) / ("claims_dev.jsonl" if dev else "claims_eval.jsonl")
    return [path] if path.exists() else []


@dataclass
class ClaimsReport:
    n: int = 0
    claims: int = 0
    claims_missed: int = 0
    read_as_fiction: int = 0
    implicit: int = 0
    implicit_missed: int = 0
    fiction: int = 0
    fiction_flagged: int = 0
    families: dict[str, dict[str, int]] = field(default_factory=dict)
    misses: list[dict[str, Any]] = field(default_factory=list)
    ms_per_sentence: list[float] = field(default_factory=list)
    ms_per_narration: list[float] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        def share(a: int, b: int) -> float:
            return a / b if b else 0.0

        return {
            "n": self.n,
            "claims_missed": share(self.claims_missed, self.claims), "claims": self.claims,
            "read_as_fiction": share(self.read_as_fiction, self.claims),
            "implicit_missed": share(self.implicit_missed, self.implicit), "implicit": self.implicit,
            "fiction_flagged": share(self.fiction_flagged, self.fiction), "fiction": self.fiction,
            "families": {f: {"accuracy": share(c["right"], c["n"]), "claims": c["claims"],
                             "claims_missed": share(c["missed"], c["claims"]),
                             "false_claims": share(c["false"], c["n"] - c["claims"])}
                         for f, c in self.families.items()},
            "ms_per_sentence_p50": statistics.median(self.ms_per_sentence) if self.ms_per_sentence else 0.0,
            "ms_per_narration_p50": statistics.median(self.ms_per_narration) if self.ms_per_narration else 0.0,
            "misses": self.misses,
        }


def evaluate_claims(paths: list[Path], reader: ClaimsReader) -> ClaimsReport:
    rows = load_rows(paths)
    reader.read(["Warm-up."])  # loading the weights is not the reading's time
    readings: list[Any] = []
    times: list[float] = []
    for row in rows:  # one sentence at a time, as the guard reads a stream
        start = time.perf_counter()
        readings += reader.read([row["sentence"]])
        times.append((time.perf_counter() - start) * 1000)
    narrations: list[float] = []
    reader.forget()
    for start in range(0, len(rows) - 2, 3):  # three sentences read at once, as the guard reads a whole narration
        begin = time.perf_counter()
        reader.read([r["sentence"] for r in rows[start:start + 3]])
        narrations.append((time.perf_counter() - begin) * 1000)
    report = ClaimsReport(n=len(rows), ms_per_sentence=times, ms_per_narration=narrations)
    report.families = {f: {"n": 0, "right": 0, "claims": 0, "missed": 0, "false": 0} for f in FAMILIES}
    for row, reading in zip(rows, readings):
        gold = {f: row[f] for f in FAMILIES if row[f] != NOTHING[f]}
        for family, counts in report.families.items():
            counts["n"] += 1
            counts["right"] += reading.labels[family] == row[family]
            if family in gold:
                counts["claims"] += 1
                counts["missed"] += reading.labels[family] == NOTHING[family]
            else:
                counts["false"] += reading.labels[family] != NOTHING[family]
        if gold:
            report.claims += 1
            missed = any(reading.labels[f] == NOTHING[f] for f in gold)
            report.claims_missed += missed
            report.read_as_fiction += not reading.claims
            if row.get("implicit"):
                report.implicit += 1
                report.implicit_missed += missed
            if missed:
                report.misses.append({"sentence": row["sentence"], "expected": gold, "read": reading.claims})
        else:
            report.fiction += 1
            if reading.claims:
                report.fiction_flagged += 1
                report.misses.append({"sentence": row["sentence"], "expected": {}, "read": reading.claims})
    return report
