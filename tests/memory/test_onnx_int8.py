"""The router's MiniLM with its matrix products in int8 (:mod:`memory.onnx_int8`): every weight product of the six
layers is rewritten and nothing else, the float weights are no longer in the graph, the vectors stay close to the
packaged model's (the router's classifier is trained on its own), and what is not that model is a clear error."""

from __future__ import annotations

import numpy as np
import pytest

from narrator.memory.embedder import (ROUTER_EMBEDDER, EmbedderError, PooledSession, default_embedder, minilm_files,
                                      router_embedder, router_threads)
from narrator.memory.onnx_cut import (GRAPH_INITIALIZER, GRAPH_NODE, MODEL_GRAPH, NODE_INPUT, OnnxCutError, _fields,
                                      _strings)
from narrator.memory.onnx_int8 import (INT8_MATMUL, NODE_OP_TYPE, TENSOR_DIMS, OnnxInt8Error, _ints, _varint_field,
                                       int8_matmuls)

TEXTS = ["I sneak past the guard", "I attack the innkeeper with my sword", "I try to recall the legend of the tower",
         "bribe", "Do I smell smoke? I sniff the air."]


def _packaged() -> bytes:
    return minilm_files()[0].read_bytes()


def _graph(model: bytes) -> list[tuple[int, bytes]]:
    graph = next(payload for n, _, payload in _fields(model) if n == MODEL_GRAPH)
    return [(n, payload) for n, _, payload in _fields(graph)]


def _ops(model: bytes) -> list[str]:
    return [_strings(payload, NODE_OP_TYPE)[0] for n, payload in _graph(model) if n == GRAPH_NODE]


def test_every_weight_product_of_the_six_layers_is_int8_and_nothing_else_changes():
    before, after = _ops(_packaged()), _ops(int8_matmuls(_packaged()))
    assert after.count(INT8_MATMUL) == 36  # six layers: query, key, value, output, and the two feed-forward products
    assert before.count("MatMul") - after.count("MatMul") == 36  # the two attention products keep float MatMul
    assert before.count("Cast") - after.count("Cast") == 36  # and the weights' dequantizing Cast and Mul are gone
    assert before.count("Mul") - after.count("Mul") == 36
    others = {op for op in before if op not in ("MatMul", "Cast", "Mul")}
    assert all(before.count(op) == after.count(op) for op in others)


def test_the_products_read_the_packaged_int8_weights_not_float_copies():
    model = int8_matmuls(_packaged())
    names = {_strings(payload, 8)[0] for n, payload in _graph(model) if n == GRAPH_INITIALIZER}
    weights = [_strings(payload, NODE_INPUT)[1] for n, payload in _graph(model)
               if n == GRAPH_NODE and _strings(payload, NODE_OP_TYPE)[0] == INT8_MATMUL]
    assert all(w.endswith("_q") and w in names for w in weights)
    assert len({w[:-2] for w in weights} & names) == 0  # no float version of any of them is kept


def test_the_vectors_stay_close_to_the_packaged_models_and_come_faster_to_nobody_but_the_router():
    tokenizer = minilm_files()[1]
    packaged = PooledSession(str(minilm_files()[0]), tokenizer, 64).pooled(TEXTS)
    fast = PooledSession(int8_matmuls(_packaged()), tokenizer, 64).pooled(TEXTS)
    cosine = (packaged * fast).sum(1) / np.linalg.norm(packaged, axis=1) / np.linalg.norm(fast, axis=1)
    assert cosine.min() > 0.98 and not np.allclose(packaged, fast)  # close, and not the same function
    router = router_embedder()
    assert router.name == ROUTER_EMBEDDER != default_embedder().name and router is router_embedder()
    assert router.dimension == default_embedder().dimension == 384
    assert np.allclose(np.linalg.norm(router.embed(TEXTS), axis=1), 1.0, atol=1e-5)


def test_the_router_is_trained_on_the_int8_vectors():
    from narrator.agent.router import RouterProposer

    assert RouterProposer().embedder is router_embedder()


def test_the_router_runs_on_two_threads_where_there_are_two_and_its_vectors_do_not_change(monkeypatch):
    import os

    options = router_embedder().model.session.get_session_options()
    assert options.intra_op_num_threads == router_threads() == min(2, os.cpu_count() or 1)
    if router_threads() > 1:  # a spinning thread beside another process's work costs more than it saves
        assert options.get_session_config_entry("session.intra_op.allow_spinning") == "0"
    tokenizer = minilm_files()[1]
    one, two = (PooledSession(int8_matmuls(_packaged()), tokenizer, 64, threads=n) for n in (1, 2))
    for text in TEXTS:  # the router's classifier was trained on one thread's vectors: the same bits, not close ones
        assert np.array_equal(one.pooled([text]), two.pooled([text]))
    monkeypatch.setattr(os, "cpu_count", lambda: None)
    assert router_threads() == 1
    monkeypatch.setattr(os, "cpu_count", lambda: 16)
    assert router_threads() == 2


def test_integer_fields_are_read_one_by_one_or_packed():
    one_by_one = _varint_field(TENSOR_DIMS, 384) + _varint_field(TENSOR_DIMS, 1536)
    packed = bytes([TENSOR_DIMS << 3 | 2, 4]) + bytes([0x80, 0x03, 0x80, 0x0C])
    assert _ints(one_by_one, TENSOR_DIMS) == _ints(packed, TENSOR_DIMS) == [384, 1536]


def test_what_is_not_the_packaged_model_is_a_clear_error():
    with pytest.raises(OnnxInt8Error, match="no graph"):
        int8_matmuls(b"")
    with pytest.raises(OnnxCutError, match="past the end"):  # a truncated file (OnnxInt8Error's parent)
        int8_matmuls(_packaged()[:5000])
    once = int8_matmuls(_packaged())
    with pytest.raises(OnnxInt8Error, match="no MatMul"):
        int8_matmuls(once)  # nothing left to rewrite


def test_a_damaged_model_file_is_refused_before_it_is_rewritten(tmp_path, monkeypatch):
    import narrator.memory.embedder as embedder

    damaged = tmp_path / "model.onnx"
    damaged.write_bytes(_packaged()[:-10] + b"0123456789")
    model, tokenizer, sha = minilm_files()
    monkeypatch.setattr(embedder, "minilm_files", lambda: (damaged, tokenizer, sha))
    monkeypatch.setattr(embedder, "_ROUTER", None)
    with pytest.raises(EmbedderError, match="damaged"):
        embedder.router_embedder()
