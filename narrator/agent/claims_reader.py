"""The claims reader: what a narration sentence asserts about the turn, one label per family, learnt from lines
written blind in many voices (``prompts/common/claims_training_*.jsonl``; the labels: ``claims_labels.md``).

Why learnt: keyword rules find claims written with numbers and mechanics words, and miss a contradiction told as a
story ("your blade finds only air" after a hit, "he lies still" after a miss). The router showed the way: a
classifier over the packaged MiniLM sentence embeddings, trained on many voices written blind, went from 63% to over
90% on unseen lines. So each family (outcome, attack, harm, heal, condition, item, resource, number) gets its own
calibrated linear model with the nearest-examples vote (:mod:`narrator.agent.classifier`), trained deterministically
and cached by a fingerprint of the lines and the embedder.

A reading keeps each family's probability: a caller that must decide (the guard) treats a sentence the reader is
unsure of as a claim when the engine decided something this turn, as fiction otherwise (issue 26's bad-input rule).
Who a claim is about is not the reader's job: the names and pronouns in the sentence and the turn's actors say it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from prompts import ROOT as PROMPTS_ROOT

FAMILIES: dict[str, tuple[str, ...]] = {
    "outcome": ("success", "failure", "partial", "none"),
    "attack": ("hit", "miss", "none"),
    "harm": ("hurt", "down", "dead", "fled", "unharmed", "none"),
    "heal": ("healed", "none"),
    "condition": ("gained", "lost", "none"),
    "item": ("gained", "lost", "none"),
    "resource": ("spent", "none"),
    "number": ("yes", "no"),
}
"""Each family's labels; the last is "no claim"."""
NOTHING = {family: labels[-1] for family, labels in FAMILIES.items()}
VERSION = "2"
"""Bumped when the features change, so cached models retrain."""
MAX_CHARS = 400
"""A sentence is read from at most this many characters: model text is untrusted, the reader stays linear."""


STATE_KINDS = ("harmed", "healed", "downed", "revived", "item_gained", "item_lost", "money", "spent", "gained",
               "stat", "roll")


def keyword_features(sentence: str, vocabulary: Any = None) -> np.ndarray:
    """The keyword readers that already work (:mod:`narrator.agent.claims`) as features whose weights are learnt:
    a number in a role, each kind of change of state, a success or a failure in words."""
    from narrator.agent.claims import number_claims, outcome_claim, state_claims

    text = sentence[:MAX_CHARS]
    kinds = {c.kind for c in state_claims(text, vocabulary)}
    polarity = outcome_claim(text, vocabulary)
    numbers = any(c.roles is not None and not c.story for c in number_claims(text, vocabulary))
    return np.array([float(numbers), *(float(k in kinds) for k in STATE_KINDS), float(polarity == 1),
                     float(polarity == -1)], dtype=np.float32)


class ClaimsDataError(ValueError):
    """A labelled line that does not follow ``claims_labels.md`` (a bug in a data file, named with its line)."""


def training_files(root: Path | None = None) -> list[Path]:
    return sorted((root or PROMPTS_ROOT / "common").glob("claims_training_*.jsonl"))


def load_rows(paths: list[Path]) -> list[dict[str, Any]]:
    """Every labelled line of ``paths``, checked against the families (a bad line is named, never skipped)."""
    from tools.systems import all_systems

    systems = {s.name for s in all_systems()}
    rows = []
    for path in paths:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as e:
                raise ClaimsDataError(f"{path.name}:{number}: not JSON ({e.msg})") from None
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
    """Reads sentences into :class:`Reading` s. Built once (training is cached on disk), then pure."""

    def __init__(self, embedder: Any = None, paths: list[Path] | None = None):
        if embedder is None:
            from memory.embedder import default_embedder

            embedder = default_embedder()
        self.embedder = embedder
        self.paths = paths if paths is not None else training_files()
        self._models: dict[str, Any] | None = None

    def _vectors(self, texts: list[str]) -> np.ndarray:
        vectors = np.array(self.embedder.embed([t[:MAX_CHARS] for t in texts]), dtype=np.float32)
        norms = np.linalg.norm(vectors, axis=1, keepdims=True)
        return vectors / np.where(norms == 0, 1.0, norms)

    def models(self) -> dict[str, Any]:
        if self._models is None:
            from narrator.agent.classifier import EMBEDDING_SCALE, fingerprint, load_or_train, train

            rows = load_rows(self.paths)
            if not rows:
                raise ClaimsDataError("no claims training lines (prompts/common/claims_training_*.jsonl)")
            identity = getattr(self.embedder, "name", type(self.embedder).__name__)
            texts = [r["sentence"] for r in rows]
            cache: dict[str, np.ndarray] = {}

            def vectors() -> np.ndarray:
                if "v" not in cache:
                    cache["v"] = self._vectors(texts)
                    cache["x"] = self._features(texts, cache["v"], [r["system"] for r in rows])
                return cache["v"]

            self._models = {}
            for family in FAMILIES:
                labels = [r[family] for r in rows]
                key = "claims-" + fingerprint("claims", VERSION, family, texts, labels, identity)
                self._models[family] = load_or_train(
                    key, lambda labels=labels: train((vectors(), cache["x"])[1], labels, vectors=vectors()))
        return self._models

    @staticmethod
    def _features(texts: list[str], vectors: np.ndarray, systems: list[str | None]) -> np.ndarray:
        from narrator.agent.classifier import EMBEDDING_SCALE, LEXICON_SCALE
        from tools.systems import get_system

        words = {s: get_system(s).vocabulary() for s in set(systems) if s}
        keys = np.array([keyword_features(t, words.get(s)) for t, s in zip(texts, systems)]) * LEXICON_SCALE
        return np.hstack([vectors * EMBEDDING_SCALE, keys]).astype(np.float32)

    def read(self, sentences: list[str], system: str | None = None) -> list[Reading]:
        """One reading per sentence, in order (``system``: whose words the keyword readers know)."""
        if not sentences:
            return []
        models = self.models()
        vectors = self._vectors(list(sentences))
        features = self._features(list(sentences), vectors, [system] * len(sentences))
        per_family = {f: m.probabilities(features, vectors) for f, m in models.items()}
        readings = []
        for i, sentence in enumerate(sentences):
            labels, confidence = {}, {}
            for family, model in models.items():
                p = per_family[family][i]
                labels[family] = model.labels[int(np.argmax(p))]
                confidence.update({f"{family}:{label}": round(float(q), 4) for label, q in zip(model.labels, p)})
            readings.append(Reading(sentence, labels, confidence))
        return readings
