"""The packaged MiniLM with its matrix products done in int8: how the router embeds a player's line in half the time.

The packaged file stores every weight matrix as int8 with one scale per output column, and its graph turns each back
into float32 (``Cast`` then ``Mul``) before an ordinary ``MatMul``. onnxruntime folds those at load, so every run
multiplies by 42 MB of float32 weights: for a one-line input that is memory traffic, about 3.3 ms of a 9-token line
on one thread here. This rewrite gives each such product to onnxruntime's ``DynamicQuantizeMatMul`` (the
``com.microsoft`` contrib op every CPU build ships): the same int8 weights and column scales, the activations
quantized per call, an int8 product — about 1.5 ms for the same line. It is not the same function: the vectors'
cosine to the packaged model's is about 0.99, so it has its own embedder name, and the router's classifier, keyed on
that name, is trained on its vectors (docs/performance.md has both models' router figures). The memory keeps the
packaged model: its stored vectors were made with it.

No onnx package (as :mod:`memory.onnx_cut`): the few protobuf fields needed are read and written here — field
numbers from ``onnx.proto``: ``ModelProto.opset_import`` (8), ``NodeProto.name`` (3), ``op_type`` (4), ``domain``
(7), ``TensorProto.dims`` (1), ``data_type`` (2); the rest as in :mod:`memory.onnx_cut`.
"""

from __future__ import annotations

from narrator.memory.onnx_cut import (GRAPH_INITIALIZER, GRAPH_NODE, GRAPH_OUTPUT, GRAPH_VALUE_INFO, MODEL_GRAPH,
                                      NODE_INPUT, NODE_OUTPUT, TENSOR_NAME, VALUE_INFO_NAME, OnnxCutError,
                                      _encode_varint, _field, _fields, _strings, _varint)

MODEL_OPSET_IMPORT = 8
OPSET_DOMAIN, OPSET_VERSION = 1, 2
NODE_NAME, NODE_OP_TYPE, NODE_DOMAIN = 3, 4, 7
TENSOR_DIMS, TENSOR_DATA_TYPE = 1, 2
FLOAT, INT8 = 1, 3  # TensorProto.DataType
CONTRIB = "com.microsoft"
INT8_MATMUL = "DynamicQuantizeMatMul"


class OnnxInt8Error(OnnxCutError):
    """The model has no weight this rewrite knows how to take in int8."""


def _ints(message: bytes, number: int) -> list[int]:
    """Every value of an integer field, written one by one (varints) or packed."""
    values, at = [], 0
    while at < len(message):
        key, at = _varint(message, at)
        field, wire = key >> 3, key & 7
        if wire == 0:
            value, at = _varint(message, at)
            if field == number:
                values.append(value)
            continue
        if wire == 2:
            length, at = _varint(message, at)
            if field == number:
                end, inner = at + length, at
                while inner < end:
                    value, inner = _varint(message, inner)
                    values.append(value)
            at += length
        elif wire in (1, 5):
            at += 8 if wire == 1 else 4
        else:
            raise OnnxInt8Error(f"wire type {wire} is not used by ONNX")
    return values


def _varint_field(number: int, value: int) -> bytes:
    return _encode_varint(number << 3) + _encode_varint(value)


def _text(number: int, value: str) -> bytes:
    return _field(number, value.encode("utf-8"))


def _one(message: bytes, number: int) -> str:
    found = _strings(message, number)
    return found[0] if found else ""


def _as_columns(scale: bytes, name: str, columns: int) -> bytes:
    """A ``[1, N]`` scale tensor as ``[N]`` (the op's per-column form), under a new name; its data copied as is."""
    kept = b"".join(whole for n, whole, _ in _fields(scale) if n not in (TENSOR_DIMS, TENSOR_NAME))
    return _varint_field(TENSOR_DIMS, columns) + kept + _text(TENSOR_NAME, name)


def int8_matmuls(model: bytes) -> bytes:
    """``model`` (an ONNX file's bytes) with every ``MatMul`` by a dequantized int8 weight done in int8.

    A weight qualifies when it is ``Mul(Cast(W), S)`` with ``W`` an int8 ``[K, N]`` initializer and ``S`` a float
    ``[1, N]`` initializer (symmetric, one scale per column: the packaged MiniLM's form). Nodes and initializers
    that only fed the rewritten products are left out, so the float weights are never built."""
    graph = next((payload for n, _, payload in _fields(model) if n == MODEL_GRAPH), None)
    if graph is None:
        raise OnnxInt8Error("no graph in the model")
    parts = list(_fields(graph))
    tensors = {_one(payload, TENSOR_NAME): payload for n, _, payload in parts if n == GRAPH_INITIALIZER}
    nodes = [(payload, _strings(payload, NODE_INPUT), _strings(payload, NODE_OUTPUT), _one(payload, NODE_OP_TYPE))
             for n, _, payload in parts if n == GRAPH_NODE]
    producer = {out: (op, inputs) for _, inputs, outputs, op in nodes for out in outputs}

    def int8_weight(name: str) -> tuple[str, str, int] | None:
        """(the int8 tensor, its scale, columns) behind a MatMul's weight input, or None."""
        op, inputs = producer.get(name, ("", []))
        if op != "Mul" or len(inputs) != 2 or inputs[1] not in tensors:
            return None
        cast_op, cast_inputs = producer.get(inputs[0], ("", []))
        if cast_op != "Cast" or not cast_inputs or cast_inputs[0] not in tensors:
            return None
        weight, scale = tensors[cast_inputs[0]], tensors[inputs[1]]
        dims, scale_dims = _ints(weight, TENSOR_DIMS), _ints(scale, TENSOR_DIMS)
        if (_ints(weight, TENSOR_DATA_TYPE) != [INT8] or _ints(scale, TENSOR_DATA_TYPE) != [FLOAT] or len(dims) != 2
                or scale_dims != [1, dims[1]]):
            return None
        return cast_inputs[0], inputs[1], dims[1]

    rewritten, added = [], {}
    for payload, inputs, outputs, op in nodes:
        found = int8_weight(inputs[1]) if op == "MatMul" and len(inputs) == 2 else None
        if found is None:
            rewritten.append((_field(GRAPH_NODE, payload), inputs, outputs))
            continue
        weight, scale, columns = found
        columns_name = f"{scale}/columns"
        added.setdefault(columns_name, _as_columns(tensors[scale], columns_name, columns))
        node = (b"".join(_text(NODE_INPUT, i) for i in (inputs[0], weight, columns_name))
                + b"".join(_text(NODE_OUTPUT, o) for o in outputs) + _text(NODE_NAME, f"{outputs[0]}/int8")
                + _text(NODE_OP_TYPE, INT8_MATMUL) + _text(NODE_DOMAIN, CONTRIB))
        rewritten.append((_field(GRAPH_NODE, node), [inputs[0], weight, columns_name], outputs))
    if not added:
        raise OnnxInt8Error("no MatMul in the model takes an int8 weight with one scale per column")

    outputs_wanted = {_one(payload, VALUE_INFO_NAME) for n, _, payload in parts if n == GRAPH_OUTPUT}
    needed, kept = set(outputs_wanted), []
    for whole, inputs, outputs in reversed(rewritten):  # ONNX lists nodes in topological order
        if needed.intersection(outputs):
            kept.append(whole)
            needed.update(i for i in inputs if i)
    kept.reverse()

    out, nodes_written = bytearray(), False
    for n, whole, payload in parts:
        if n == GRAPH_NODE:
            if not nodes_written:
                out += b"".join(kept)
                nodes_written = True
        elif n == GRAPH_INITIALIZER:
            if _one(payload, TENSOR_NAME) in needed:
                out += whole
        elif n == GRAPH_VALUE_INFO:
            if _one(payload, VALUE_INFO_NAME) in needed:
                out += whole
        else:
            out += whole
    out += b"".join(_field(GRAPH_INITIALIZER, t) for t in added.values())
    fields = list(_fields(model))
    imported = {_one(payload, OPSET_DOMAIN) for n, _, payload in fields if n == MODEL_OPSET_IMPORT}
    opset = b"" if CONTRIB in imported else _field(
        MODEL_OPSET_IMPORT, _text(OPSET_DOMAIN, CONTRIB) + _varint_field(OPSET_VERSION, 1))
    return b"".join(_field(MODEL_GRAPH, bytes(out)) if n == MODEL_GRAPH else whole for n, whole, _ in fields) + opset
