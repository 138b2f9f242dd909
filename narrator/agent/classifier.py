"""A calibrated classifier over sentence embeddings: multinomial logistic regression, trained at build time.

Why not nearest neighbours alone: with many paraphrases per label, k-NN follows whichever example happens to share
surface words with the input; a linear model over the same embeddings weighs *all* of a label's examples and
gives probabilities that mean something (the game asks between two skills when their probabilities are close).
Keyword hits from the system's lexicon are extra features whose weights are learnt, not hand-set.

Training is deterministic (fixed initialisation, full-batch gradient descent with Adam) and cached on disk by a
hash of everything that shapes it — examples, lexicon, embedder, hyper-parameters — so a second start costs a
file read. numpy only.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path

import numpy as np

L2 = 1e-3
STEPS = 600
LEARNING_RATE = 0.05
EMBEDDING_SCALE = 20.0
"""Unit-length sentence vectors have coordinates near ±0.05: scaled up, the logits can separate 30 labels without
huge weights (chosen on the development set: training accuracy 84 % unscaled, 100 % scaled)."""
LEXICON_SCALE = 8.0
VERSION = "3"


def cache_dir() -> Path:
    """``$NARRATOR_HOME/router-cache``, else ``$XDG_CACHE_HOME/narrator/router-cache``, else ``~/.cache/...``."""
    if os.environ.get("NARRATOR_HOME"):
        return Path(os.environ["NARRATOR_HOME"]).expanduser() / "router-cache"
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "narrator" / "router-cache"


def lexicon_features(text: str, patterns: tuple[re.Pattern, ...]) -> np.ndarray:
    return np.array([LEXICON_SCALE if p.search(text) else 0.0 for p in patterns], dtype=np.float32)


KNN_K = 20
KNN_TEMPERATURE = 0.05
KNN_SHARE = 0.5
"""The final probability is this share of a similarity-weighted vote of the nearest training examples plus the rest
of the linear model's (chosen on the development set: the blend beats either alone by two points)."""


@dataclass
class LinearModel:
    labels: list[str]
    weights: np.ndarray  # (features + 1, classes): the last row is the bias
    examples: np.ndarray | None = None  # (n, dim) unit vectors of the training examples, for the vote
    example_labels: np.ndarray | None = None  # (n,) index into labels

    def linear(self, features: np.ndarray) -> np.ndarray:
        x = np.atleast_2d(features)
        logits = np.hstack([x, np.ones((x.shape[0], 1), dtype=np.float32)]) @ self.weights
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        return p / p.sum(axis=1, keepdims=True)

    def vote(self, vectors: np.ndarray) -> np.ndarray:
        """Similarity-weighted votes of the ``KNN_K`` nearest examples (softmax of cosine / temperature).

        The similarities are an einsum, not a BLAS product: a few thousand examples by 384 is big enough for
        OpenBLAS to split it over threads, and on a shared 2-core machine the second thread waits for a core —
        about 8 ms a call (the same call alone takes 0.1 ms), the likely cause of one system's proposals taking
        14.5 ms in a bench where the others took 3.8. einsum runs on the calling thread (about 0.3 ms here)."""
        assert self.examples is not None and self.example_labels is not None
        sims = np.einsum("ij,kj->ik", np.atleast_2d(vectors), self.examples)
        out = np.zeros((sims.shape[0], len(self.labels)), dtype=np.float64)
        for i, row in enumerate(sims):
            top = np.argpartition(-row, min(KNN_K, len(row) - 1))[:KNN_K]
            w = np.exp((row[top] - row[top].max()) / KNN_TEMPERATURE)
            out[i] = np.bincount(self.example_labels[top], weights=w / w.sum(), minlength=len(self.labels))
        return out

    def probabilities(self, features: np.ndarray, vectors: np.ndarray | None = None) -> np.ndarray:
        p = self.linear(features)
        if vectors is None or self.examples is None:
            return p
        return (1 - KNN_SHARE) * p + KNN_SHARE * self.vote(vectors)


def train(features: np.ndarray, labels: list[str], weights: np.ndarray | None = None, steps: int = STEPS,
          l2: float = L2, learning_rate: float = LEARNING_RATE, vectors: np.ndarray | None = None) -> LinearModel:
    """Softmax regression by full-batch Adam from zeros (deterministic). ``weights`` per example (default 1)."""
    classes = sorted(set(labels))
    index = {c: i for i, c in enumerate(classes)}
    y = np.zeros((len(labels), len(classes)), dtype=np.float64)
    y[np.arange(len(labels)), [index[l] for l in labels]] = 1.0
    x = np.hstack([features.astype(np.float64), np.ones((features.shape[0], 1))])
    sample = np.ones(len(labels)) if weights is None else np.asarray(weights, dtype=np.float64)
    sample = sample / sample.sum()
    w = np.zeros((x.shape[1], len(classes)))
    m = np.zeros_like(w)
    v = np.zeros_like(w)
    b1, b2, eps = 0.9, 0.999, 1e-8
    for t in range(1, steps + 1):
        logits = x @ w
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        p /= p.sum(axis=1, keepdims=True)
        grad = x.T @ ((p - y) * sample[:, None])
        grad[:-1] += l2 * w[:-1]
        m = b1 * m + (1 - b1) * grad
        v = b2 * v + (1 - b2) * grad * grad
        w -= learning_rate * (m / (1 - b1 ** t)) / (np.sqrt(v / (1 - b2 ** t)) + eps)
    examples = None if vectors is None else np.asarray(vectors, dtype=np.float32)
    example_labels = None if vectors is None else np.array([index[l] for l in labels], dtype=np.int32)
    return LinearModel(classes, w.astype(np.float32), examples, example_labels)


def fingerprint(*parts: object) -> str:
    digest = hashlib.sha256(VERSION.encode())
    for part in parts:
        digest.update(json.dumps(part, sort_keys=True, default=str).encode())
        digest.update(b"\0")
    return digest.hexdigest()[:32]


def load_or_train(key: str, build) -> LinearModel:
    """The cached model for ``key``, or ``build()`` trained now and cached (atomically; a damaged cache retrains)."""
    path = cache_dir() / f"router-{key}.npz"
    if path.exists():
        try:
            with np.load(path, allow_pickle=False) as data:
                extra = (data["examples"], data["example_labels"]) if "examples" in data else (None, None)
                return LinearModel([str(l) for l in data["labels"]], data["weights"], *extra)
        except (OSError, ValueError, KeyError):
            pass
    model = build()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp.npz")
        extra = {} if model.examples is None else {"examples": model.examples,
                                                   "example_labels": model.example_labels}
        np.savez(tmp, labels=np.array(model.labels), weights=model.weights, **extra)
        os.replace(tmp, path)
    except OSError:
        pass  # a read-only cache only costs the training time next start
    return model
