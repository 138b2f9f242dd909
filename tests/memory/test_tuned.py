"""Tuned models over the packaged MiniLM (:mod:`memory.tuned`): the memory's recall embedder loads from its shipped
file, was trained on the training sessions as they are, and is the campaign memory's default; a missing, damaged or
foreign file is a clear error, never a silent fallback."""

from __future__ import annotations

import json

import numpy as np
import pytest

from narrator.memory.embedder import default_embedder
from narrator.memory.tuned import RECALL, TunedModelError, load_tuned, recall_embedder
from narrator.models.recall.data import data_fingerprint, training_files


def test_the_recall_embedder_was_trained_on_the_training_sessions_as_they_are():
    meta = load_tuned(RECALL, "x").meta
    assert meta["fingerprint"] == data_fingerprint(training_files()), \
        "retrain: python -m narrator.models.recall.train (see its docstring)"
    assert meta["sessions"] == [p.name for p in training_files()] and len(meta["sessions"]) >= 20


def test_recall_vectors_are_normalised_and_not_the_packaged_models():
    texts = ["who sold us out to the reeve?", "Jory, the ferry boy, lets them have his leaky punt for two coppers."]
    tuned = np.array(recall_embedder().embed(texts))
    plain = np.array(default_embedder().embed(texts))
    assert tuned.shape == plain.shape == (2, 384)
    assert np.allclose((tuned ** 2).sum(axis=1), 1.0, atol=1e-4)
    assert float((tuned[1] * plain[1]).sum()) < 0.999  # the tuned layers took
    assert recall_embedder().name.startswith("minilm-recall-") and recall_embedder() is recall_embedder()


def test_a_missing_damaged_or_foreign_file_is_a_clear_error(tmp_path):
    with pytest.raises(TunedModelError, match="weights are missing"):
        load_tuned(tmp_path / "none.npz", "The memory's recall embedder")
    bad = tmp_path / "bad.npz"
    bad.write_bytes(RECALL.read_bytes()[:4000])
    with pytest.raises(TunedModelError, match="cannot be read"):
        load_tuned(bad, "The memory's recall embedder")
    with np.load(RECALL) as npz:
        arrays = {k: npz[k] for k in npz.files}
    meta = json.loads(arrays["meta"].tobytes())
    meta["onnx_sha256"] = "0" * 64
    arrays["meta"] = np.frombuffer(json.dumps(meta).encode(), dtype=np.uint8)
    np.savez(tmp_path / "foreign.npz", **arrays)
    with pytest.raises(TunedModelError, match="another MiniLM"):
        load_tuned(tmp_path / "foreign.npz", "The memory's recall embedder")
