"""The packaged MiniLM with fine-tuned layers written over it, in memory: how every tuned model here ships.

A tuned file (``.npz``) holds the layers a training run changed, quantized in the packaged ONNX file's own format,
with the byte offset of each value in that file, and a ``meta`` record (the packaged file's sha256, the offsets,
what it was trained on, and, for a model tuned on the first layers only, the tensor its output is read from: the
graph is cut there, :mod:`memory.onnx_cut`). Loading writes the values over the packaged bytes in memory — same
shapes and types, so the same lengths, and the result is still a valid model — after checking the packaged file is
the one they were trained against. So a tuned model costs a few MB in the package, no second model file and no
torch at run time. The claims reader (:mod:`narrator.agent.claims_encoder`, ``models/claims/reader.npz``) and the
memory's recall embedder (:func:`memory.embedder.recall_embedder`, ``models/recall/embedder.npz``) load this way; their
training scripts (``models/claims/train.py``, ``models/recall/train.py``) write the files.
"""

from __future__ import annotations

import hashlib
import io
import json
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from narrator.memory.embedder import EMBEDDING_LAYER, EmbedderError, OnnxSentenceEmbedder, PooledSession, minilm_files
from narrator.memory.onnx_cut import OnnxCutError, cut_at

RECALL = Path(__file__).resolve().parents[1] / "models" / "recall" / "embedder.npz"
"""The memory's recall embedder: MiniLM tuned on questions asked in other words than the events were told."""


class TunedModelError(EmbedderError):
    """A tuned model's file is missing, damaged or made for another embedding model."""


@dataclass
class TunedModel:
    session: PooledSession
    arrays: dict[str, Any]
    """What the file holds beyond the layers (a classifier's heads)."""
    meta: dict[str, Any]
    sha256: str
    """The tuned file's own content hash: what a vector store keys its vectors on."""


def load_tuned(path: Path, what: str, error: type[TunedModelError] = TunedModelError, threads: int = 1,
               retrain: str = "") -> TunedModel:
    """Load ``path`` over the packaged MiniLM; ``what`` names the model in errors ("The claims reader")."""
    model, arrays, meta, sha256 = tuned_graph(path, what, error, retrain)
    _, tokenizer_path, _ = minilm_files()
    session = PooledSession(model, tokenizer_path, int(meta.get("max_tokens", 256)), threads)
    return TunedModel(session, arrays, meta, sha256)


def tuned_graph(path: Path, what: str, error: type[TunedModelError] = TunedModelError,
                retrain: str = "") -> tuple[bytes, dict[str, Any], dict[str, Any], str]:
    """The tuned model's graph (the packaged file's bytes with the tuned values written over them, cut where it was
    trained to end), what else the file holds, its meta record and the file's own sha256."""
    import numpy as np

    if not path.is_file():
        raise error(f"{what}'s weights are missing: {path}" + (f" ({retrain} makes them)" if retrain else ""))
    try:
        raw = path.read_bytes()
        with np.load(io.BytesIO(raw)) as npz:  # the bytes just read, hashed below: the file is read once
            arrays = {k: npz[k] for k in npz.files}
        meta = json.loads(arrays.pop("meta").tobytes().decode())
    except Exception as e:  # noqa: BLE001 - any damage to the file reads the same to the user
        raise error(f"{what}'s weights cannot be read ({path.name}: {e})") from None
    model_path, _, _ = minilm_files()
    data = bytearray(model_path.read_bytes())
    if hashlib.sha256(data).hexdigest() != meta.get("onnx_sha256"):
        raise error(f"{what} was trained on another MiniLM file than {model_path}")
    for name, offset in meta.get("offsets", {}).items():
        value = np.ascontiguousarray(arrays.pop(f"layer/{name}")).tobytes()
        if offset < 0 or offset + len(value) > len(data):
            raise error(f"{what}'s weights do not fit the model file ({name})")
        data[offset:offset + len(value)] = value
    model = bytes(data)
    if meta.get("output", "last_hidden_state") != "last_hidden_state":  # tuned on the first layers only
        try:
            model = cut_at(model, str(meta["output"]))
        except OnnxCutError as e:
            raise error(f"{what}'s weights do not fit the model file ({e})") from None
    return model, arrays, meta, hashlib.sha256(raw).hexdigest()


_RECALL: dict[Path, tuple[OnnxSentenceEmbedder, PooledSession]] = {}
_RECALL_LOCK = threading.Lock()


def recall_embedder(path: Path = RECALL) -> OnnxSentenceEmbedder:
    """The campaign memory's embedder (loaded once per process): the packaged MiniLM with the layers
    ``models/recall/train.py`` tuned so a player's question lands near the turn that answers it; mean pooling and
    L2 normalisation as the packaged model's. Its name carries the file's hash: vectors of two tunings never mix."""
    return _recall(path)[0]


def recall_token_session(path: Path = RECALL) -> PooledSession:
    """The same tuned graph cut at its embedding layer (:data:`~memory.embedder.EMBEDDING_LAYER`), for recall's
    word-against-word step (:mod:`memory.tokens`)."""
    return _recall(path)[1]


def _recall(path: Path) -> tuple[OnnxSentenceEmbedder, PooledSession]:
    """Both recall models, made from one reading of the tuned file (the graph is read, checked and written over
    once, not once for each)."""
    with _RECALL_LOCK:
        if path not in _RECALL:
            model, _, meta, sha256 = tuned_graph(path, "The memory's recall embedder",
                                                 retrain="python -m narrator.models.recall.train")
            _, tokenizer_path, _ = minilm_files()
            max_tokens = int(meta.get("max_tokens", 256))
            embedder = OnnxSentenceEmbedder.of_session(PooledSession(model, tokenizer_path, max_tokens),
                                                       f"minilm-recall-{sha256[:12]}")
            _RECALL[path] = (embedder, PooledSession(cut_at(model, EMBEDDING_LAYER), tokenizer_path, max_tokens))
        return _RECALL[path]
