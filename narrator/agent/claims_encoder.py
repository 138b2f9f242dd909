"""Run the claims reader's tuned encoder (``models/claims/reader.npz``) on onnxruntime, with no torch.

The shipped file holds the packaged MiniLM's six layers fine-tuned (:mod:`models.claims`), quantized in the
packaged file's own format, with the byte offset of each value in that file. Loading writes them over the packaged
bytes in memory — same shapes and types, so the same lengths, and the result is still a valid model — after
checking the packaged file is the one they were trained against (its sha256). One batch per call; the heads are a
matrix product and a softmax each.
"""

from __future__ import annotations

import hashlib
import json
import threading
from pathlib import Path
from typing import Sequence

import numpy as np

from narrator.tools.errors import NarratorError

SHIPPED = Path(__file__).resolve().parents[2] / "models" / "claims" / "reader.npz"


class ClaimsModelError(NarratorError):
    """The tuned reader's file is missing, damaged or made for another embedding model."""


class TunedEncoder:
    """Sentences in, one probability row per label family out."""

    def __init__(self, path: Path = SHIPPED, threads: int = 2) -> None:
        from narrator.memory.embedder import PooledSession, minilm_files  # first: it turns onnxruntime's telemetry off

        if not path.is_file():
            raise ClaimsModelError(f"The claims reader's weights are missing: {path} "
                                   "(python -m narrator.models.claims.train makes them)")
        try:
            with np.load(path) as npz:
                arrays = {k: npz[k] for k in npz.files}
            self.meta = json.loads(arrays.pop("meta").tobytes().decode())
        except Exception as e:  # noqa: BLE001 - any damage to the file reads the same to the user
            raise ClaimsModelError(f"The claims reader's weights cannot be read ({path.name}: {e})") from None
        self.families: dict[str, tuple[str, ...]] = {f: tuple(v) for f, v in self.meta["families"].items()}
        model_path, tokenizer_path, _ = minilm_files()
        data = bytearray(model_path.read_bytes())
        if hashlib.sha256(data).hexdigest() != self.meta["onnx_sha256"]:
            raise ClaimsModelError(f"The claims reader was trained on another MiniLM file than {model_path}")
        for name, offset in self.meta["offsets"].items():
            raw = np.ascontiguousarray(arrays[f"layer/{name}"]).tobytes()
            if offset < 0 or offset + len(raw) > len(data):
                raise ClaimsModelError(f"The claims reader's weights do not fit the model file ({name})")
            data[offset:offset + len(raw)] = raw
        self.heads = {f: (arrays[f"head/{f}/weight"], arrays[f"head/{f}/bias"]) for f in self.families}
        self.model = PooledSession(bytes(data), tokenizer_path, int(self.meta["max_tokens"]), threads)

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
