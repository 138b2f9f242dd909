"""Run the claims reader's tuned encoder (``models/claims/reader.npz``) on onnxruntime, with no torch.

The shipped file holds the packaged MiniLM's six layers fine-tuned (:mod:`models.claims`) and loads as every tuned
model does (:mod:`memory.tuned`: the layers written over the packaged bytes in memory, after checking the packaged
file is the one they were trained against). One batch per call; the heads are a matrix product and a softmax each.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Sequence

import numpy as np

from narrator.memory.tuned import TunedModelError, load_tuned

SHIPPED = Path(__file__).resolve().parents[2] / "models" / "claims" / "reader.npz"


class ClaimsModelError(TunedModelError):
    """The tuned reader's file is missing, damaged or made for another embedding model."""


class TunedEncoder:
    """Sentences in, one probability row per label family out."""

    def __init__(self, path: Path = SHIPPED, threads: int = 2) -> None:
        tuned = load_tuned(path, "The claims reader", ClaimsModelError, threads,
                           retrain="python -m narrator.models.claims.train")
        self.meta = tuned.meta
        self.families: dict[str, tuple[str, ...]] = {f: tuple(v) for f, v in self.meta["families"].items()}
        self.heads = {f: (tuned.arrays[f"head/{f}/weight"], tuned.arrays[f"head/{f}/bias"]) for f in self.families}
        self.model = tuned.session

    def pooled(self, texts: Sequence[str]) -> np.ndarray:
        return self.model.pooled(texts)

    def probabilities(self, texts: Sequence[str]) -> dict[str, np.ndarray]:
        if not texts:
            return {f: np.zeros((0, len(labels)), dtype=np.float32) for f, labels in self.families.items()}
        pooled = self.pooled(texts)
        out = {}
        for family, (weight, bias) in self.heads.items():
            logits = pooled @ weight + bias
            logits -= logits.max(axis=1, keepdims=True)
            e = np.exp(logits)
            out[family] = e / e.sum(axis=1, keepdims=True)
        return out


_SHARED: dict[Path, TunedEncoder] = {}
_SHARED_LOCK = threading.Lock()


def tuned_encoder(path: Path = SHIPPED) -> TunedEncoder:
    """The process's one loaded copy (about 25 MB)."""
    with _SHARED_LOCK:
        if path not in _SHARED:
            _SHARED[path] = TunedEncoder(path)
        return _SHARED[path]
