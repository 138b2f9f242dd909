"""The tuned encoder's shipped weights (``models/claims/reader.npz``): they load into the packaged MiniLM file,
match the training lines they claim, read in bounded time, and a damaged or foreign file is a clear error."""

from __future__ import annotations

import json

import numpy as np
import pytest

from narrator.agent.claims_encoder import SHIPPED, ClaimsModelError, TunedEncoder, tuned_encoder
from narrator.agent.claims_reader import FAMILIES, data_fingerprint, load_rows, training_files


def test_the_shipped_weights_were_trained_on_the_training_lines_as_they_are():
    meta = tuned_encoder().meta
    rows = load_rows(training_files())
    assert meta["fingerprint"] == data_fingerprint(rows), "retrain: python -m narrator.models.claims.train (see its docstring)"
    assert meta["lines"] == len(rows)
    assert {f: tuple(v) for f, v in meta["families"].items()} == FAMILIES


def test_probabilities_are_one_row_per_sentence_per_family():
    out = tuned_encoder().probabilities(["You pick the lock.", "", "x" * 5000])
    for family, labels in FAMILIES.items():
        assert out[family].shape == (3, len(labels))
        assert np.allclose(out[family].sum(axis=1), 1.0, atol=1e-5)
    assert tuned_encoder().probabilities([])["outcome"].shape == (0, 4)


def test_the_weights_change_what_the_packaged_model_computes():
    """The override took: the tuned layers give other hidden states than the packaged model's own."""
    from narrator.memory.embedder import default_embedder

    tuned = tuned_encoder().pooled(["The lock clicks open."])
    tuned = tuned / np.linalg.norm(tuned, axis=1, keepdims=True)
    plain = np.array(default_embedder().embed(["The lock clicks open."]))
    assert float((tuned * plain).sum()) < 0.95


def test_a_missing_file_is_a_clear_error(tmp_path):
    with pytest.raises(ClaimsModelError, match="missing"):
        TunedEncoder(tmp_path / "nothing.npz")


def test_a_damaged_file_is_a_clear_error(tmp_path):
    bad = tmp_path / "reader.npz"
    bad.write_bytes(SHIPPED.read_bytes()[:5000])
    with pytest.raises(ClaimsModelError, match="cannot be read"):
        TunedEncoder(bad)


def with_meta(tmp_path, change):
    """A copy of the shipped weights whose meta ``change(meta)`` altered."""
    with np.load(SHIPPED) as npz:
        arrays = {k: npz[k] for k in npz.files}
    meta = json.loads(arrays["meta"].tobytes())
    change(meta)
    arrays["meta"] = np.frombuffer(json.dumps(meta).encode(), dtype=np.uint8)
    path = tmp_path / "altered.npz"
    np.savez(path, **arrays)
    return path


def test_weights_for_another_model_file_are_refused(tmp_path):
    with pytest.raises(ClaimsModelError, match="another MiniLM"):
        TunedEncoder(with_meta(tmp_path, lambda meta: meta.update(onnx_sha256="0" * 64)))


def test_offsets_outside_the_model_file_are_refused(tmp_path):
    def far(meta):
        meta["offsets"][next(iter(meta["offsets"]))] = 10**12

    with pytest.raises(ClaimsModelError, match="do not fit"):
        TunedEncoder(with_meta(tmp_path, far))
