"""The sense reader at run time: a logistic model over the packaged MiniLM's sentence embeddings that says how
likely a blind reader finds a colour line sensible after the engine's sentence (issue 27, point 3).

Why a learned reader: the gate's checks refuse what their rules name (a contradiction, an unknown name, an
off-topic line), yet blind readers judged only about four in ten of the lines that passed them sensible: "the
peddler's smile never waves a wand" breaks no rule. Readers labelled harvested candidates
(:mod:`narration.sense.harvest`); :mod:`narration.sense.train` fits this model to their labels. It reads the candidate's
embedding, its product with the engine sentence's (does it continue it?), its similarity to the action, the
engine's sentence and the scene, and its shape (length, sentences, speech). The embeddings are the gate's own
(cached), so it adds microseconds to a candidate, not a model.

A weights file (``train.py --out``) holds the weights, the feature scaling and ``meta`` (the threshold chosen on
the training labels, the labels' fingerprint, what was measured); missing or damaged: :class:`SenseReaderError`.
Nothing ships one: it did not separate the lines readers found sensible well enough (docs/narration.md, "Choosing
the colour line"); :mod:`narration.sense.measure` reads one given by path."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

WORD = re.compile(r"[A-Za-z']+")
Embed = Callable[[Sequence[str]], Sequence[Sequence[float]]]


class SenseReaderError(RuntimeError):
    """The sense reader's weights are missing or damaged (a bug in the install, not the player's doing)."""


def features(candidate: str, lead: str, action: str, scene: str, vectors: Sequence[Sequence[float]]) -> np.ndarray:
    """One candidate's features; ``vectors`` are the normalised embeddings of (candidate, lead, action, scene)."""
    c, l, a, s = (np.asarray(v, dtype=np.float32) for v in vectors)
    words = WORD.findall(candidate)
    shape = [len(words) / 30, candidate.count(".") + candidate.count("!") + candidate.count("?"),
             float('"' in candidate or "“" in candidate), candidate.count(",") / max(len(words), 1),
             float(bool(re.search(r"\b(\w+)\b.*\b\1\b.*\b\1\b", candidate.lower())))]
    sims = [float(c @ l), float(c @ a), float(c @ s)]
    return np.concatenate([c, c * l, np.asarray(sims + shape, dtype=np.float32)])


def texts(candidate: str, lead: str, action: str, scene: str) -> tuple[str, str, str, str]:
    return candidate, lead, action or lead, scene or lead


@dataclass(frozen=True)
class SenseReader:
    weights: np.ndarray
    bias: float
    mean: np.ndarray
    scale: np.ndarray
    threshold: float
    meta: dict[str, Any]

    def probability(self, rows: np.ndarray) -> np.ndarray:
        z = ((rows - self.mean) / self.scale) @ self.weights + self.bias
        return 1.0 / (1.0 + np.exp(-z))

    def score(self, candidate: str, lead: str, action: str, scene: str, embed: Embed) -> float:
        vectors = embed(list(texts(candidate, lead, action, scene)))
        return float(self.probability(features(candidate, lead, action, scene, vectors)[None, :])[0])


def save(path: Path, weights: np.ndarray, bias: float, mean: np.ndarray, scale: np.ndarray, threshold: float,
         meta: dict[str, Any]) -> None:
    meta = {**meta, "threshold": threshold, "bias": bias}
    buffer = io.BytesIO()
    np.savez_compressed(buffer, weights=weights.astype(np.float32), mean=mean.astype(np.float32),
                        scale=scale.astype(np.float32), meta=np.frombuffer(json.dumps(meta).encode(), dtype=np.uint8))
    path.write_bytes(buffer.getvalue())


def load(path: Path) -> SenseReader:
    if not path.is_file():
        raise SenseReaderError(f"The sense reader's weights are missing: {path} "
                               "(python -m narrator.narration.sense.train makes them)")
    try:
        with np.load(path) as npz:
            meta = json.loads(npz["meta"].tobytes().decode())
            reader = SenseReader(npz["weights"], float(meta["bias"]), npz["mean"], npz["scale"],
                                 float(meta["threshold"]), meta)
    except Exception as e:  # noqa: BLE001 - any damage reads the same to the user
        raise SenseReaderError(f"The sense reader's weights cannot be read ({path.name}: {e})") from None
    if not (reader.weights.shape == reader.mean.shape == reader.scale.shape) or not np.all(reader.scale > 0):
        raise SenseReaderError(f"The sense reader's weights are inconsistent ({path.name})")
    return reader
