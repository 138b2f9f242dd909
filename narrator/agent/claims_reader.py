"""The claims reader: what a narration sentence asserts about the turn, one label per family, learnt from lines
written blind in many voices (``prompts/common/claims_training_*.jsonl``; the labels: ``claims_labels.md``).

Why learnt: keyword rules find claims written with numbers and mechanics words, and miss a contradiction told as a
story ("your blade finds only air" after a hit, "he lies still" after a miss). Why fine-tuned: a linear model per
family over the frozen MiniLM sentence embeddings (the router's recipe) still missed 44% of the held-out claims; the
packaged MiniLM with its layers fine-tuned on the lines, one softmax head per family (outcome, attack, harm, heal,
condition, item, resource, number), reads the words that carry a claim (:mod:`models.claims`, run by
:mod:`narrator.agent.claims_encoder`; ``python -m narrator.models.claims.train`` remakes the weights).

A reading keeps each family's probability: a caller that must decide (the guard) treats a sentence the reader is
unsure of as a claim when the engine decided something this turn, as fiction otherwise (issue 26's bad-input rule).
Who a claim is about is not the reader's job: the names and pronouns in the sentence and the turn's actors say it.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from narrator.models.jsonl import numbered_rows
from narrator.models.claims.labels import FAMILIES, MAX_CHARS, NOTHING, data_fingerprint, training_files  # noqa: F401 - the reader's vocabulary, importable from here

REMEMBERED = 512
"""A sentence is read from at most this many characters: model text is untrusted, the reader stays linear."""


class ClaimsDataError(ValueError):
    """A labelled line that does not follow ``claims_labels.md`` (a bug in a data file, named with its line)."""


def load_rows(paths: list[Path]) -> list[dict[str, Any]]:
    """Every labelled line of ``paths``, checked against the families (a bad line is named, never skipped)."""
    from narrator.tools.systems import all_systems

    systems = {s.name for s in all_systems()}
    rows = []
    for path in paths:
        for number, row in numbered_rows(path, ClaimsDataError):
            bad = [f for f, labels in FAMILIES.items() if row.get(f) not in labels]
            if bad or not isinstance(row.get("sentence"), str) or row.get("system") not in systems:
                raise ClaimsDataError(f"{path.name}:{number}: needs a sentence, a system and one label per family "
                                      f"({', '.join(bad) or 'system/sentence'} wrong)")
            rows.append(row)
    return rows


@dataclass(frozen=True)
class Reading:
    """What one sentence asserts: the most likely label of each family, and its probability."""

    sentence: str
    labels: dict[str, str]
    confidence: dict[str, float]

    @property
    def claims(self) -> dict[str, str]:
        """The families in which the sentence asserts something (empty: fiction)."""
        return {f: label for f, label in self.labels.items() if label != NOTHING[f]}

    def claim_probability(self, family: str) -> float:
        """How likely the sentence asserts *anything* in ``family`` (1 − P(no claim))."""
        return 1.0 - self.confidence.get(f"{family}:{NOTHING[family]}", 0.0)


class ClaimsReader:
    """Reads sentences into :class:`Reading` s with the tuned encoder (:mod:`narrator.agent.claims_encoder`)."""

    def __init__(self, encoder: Any = None):
        if encoder is None:
            from narrator.agent.claims_encoder import tuned_encoder

            encoder = tuned_encoder()
        self.encoder = encoder
        self._recent: OrderedDict[str, Reading] = OrderedDict()

    def forget(self) -> None:
        """Drop the remembered readings (a benchmark times the reading, not the memory)."""
        self._recent.clear()

    def read(self, sentences: list[str]) -> list[Reading]:
        """One reading per sentence, in order (each read from its first :data:`MAX_CHARS` characters). The last
        :data:`REMEMBERED` readings are kept: the guard and the gate's outcome check read the same sentences."""
        todo = list(dict.fromkeys(s for s in sentences if s not in self._recent))
        if todo:
            probabilities = self.encoder.probabilities([s[:MAX_CHARS] for s in todo])
            for i, sentence in enumerate(todo):
                labels, confidence = {}, {}
                for family, names in FAMILIES.items():
                    p = probabilities[family][i]
                    labels[family] = names[int(np.argmax(p))]
                    confidence.update({f"{family}:{label}": round(float(q), 4) for label, q in zip(names, p)})
                self._recent[sentence] = Reading(sentence, labels, confidence)
        readings = []
        for sentence in sentences:
            self._recent.move_to_end(sentence)
            readings.append(self._recent[sentence])
        while len(self._recent) > REMEMBERED:
            self._recent.popitem(last=False)
        return readings


_READER: list[ClaimsReader] = []


def default_reader() -> ClaimsReader:
    """The process's one reader over the shipped weights."""
    if not _READER:
        _READER.append(ClaimsReader())
    return _READER[0]
