"""Cutting the packaged MiniLM after its first layers (:mod:`memory.onnx_cut`), as a reader tuned on fewer layers
loads (:mod:`memory.tuned`): the cut at the last layer is the whole model, a cut after N layers keeps exactly N
layers' nodes, and a bad cut or a damaged file is a clear error."""

from __future__ import annotations

import json

import numpy as np
import pytest

from narrator.agent.claims_encoder import SHIPPED
from narrator.memory.embedder import PooledSession, minilm_files
from narrator.memory.onnx_cut import GRAPH_NODE, MODEL_GRAPH, OnnxCutError, _fields, cut_at
from narrator.memory.tuned import load_tuned

TEXTS = ["Your blade finds only air.", "He lies in the gravel, eyes shut.", "Rain drums on the shutters."]


def _packaged() -> tuple[bytes, object]:
    model, tokenizer, _ = minilm_files()
    return model.read_bytes(), tokenizer


def _nodes(model: bytes) -> list[bytes]:
    graph = next(payload for n, _, payload in _fields(model) if n == MODEL_GRAPH)
    return [payload for n, _, payload in _fields(graph) if n == GRAPH_NODE]


def _layer_norms(model: bytes) -> int:
    return sum(b"LayerNormalization" in node for node in _nodes(model))


def test_a_cut_at_the_graphs_own_output_is_the_whole_model():
    data, tokenizer = _packaged()
    whole = PooledSession(data, tokenizer, 64).pooled(TEXTS)
    cut = PooledSession(cut_at(data, "last_hidden_state"), tokenizer, 64).pooled(TEXTS)
    assert np.array_equal(whole, cut)


def test_a_cut_after_n_layers_keeps_n_layers_and_runs():
    data, tokenizer = _packaged()
    assert _layer_norms(data) == 13  # the embeddings' one, two per layer
    previous = None
    for layers in (1, 3, 4):
        cut = cut_at(data, f"layer_norm_{2 * layers}")
        assert _layer_norms(cut) == 2 * layers + 1
        assert len(cut) < len(data)  # the unused layers' weights are left out too
        vectors = PooledSession(cut, tokenizer, 64).pooled(TEXTS)
        assert vectors.shape == (3, 384) and np.isfinite(vectors).all()
        assert previous is None or not np.allclose(vectors, previous)
        previous = vectors


def test_a_bad_cut_or_a_damaged_file_is_a_clear_error():
    data, _ = _packaged()
    with pytest.raises(OnnxCutError, match="no node writes 'nowhere'"):
        cut_at(data, "nowhere")
    with pytest.raises(OnnxCutError):
        cut_at(data[:1000], "layer_norm_8")
    with pytest.raises(OnnxCutError, match="no graph"):
        cut_at(b"", "layer_norm_8")


def test_a_tuned_file_that_names_an_output_loads_cut_there(tmp_path):
    with np.load(SHIPPED) as npz:
        arrays = {k: npz[k] for k in npz.files}
    meta = json.loads(arrays["meta"].tobytes())
    whole = load_tuned(SHIPPED, "The claims reader").session.pooled(TEXTS)
    meta["output"] = "layer_norm_8"
    arrays["meta"] = np.frombuffer(json.dumps(meta).encode(), dtype=np.uint8)
    np.savez(tmp_path / "four.npz", **arrays)
    four = load_tuned(tmp_path / "four.npz", "The claims reader").session.pooled(TEXTS)
    assert four.shape == whole.shape and not np.allclose(four, whole)
    meta["output"] = "layer_norm_99"
    arrays["meta"] = np.frombuffer(json.dumps(meta).encode(), dtype=np.uint8)
    np.savez(tmp_path / "bad.npz", **arrays)
    with pytest.raises(Exception, match="do not fit the model file"):
        load_tuned(tmp_path / "bad.npz", "The claims reader")
