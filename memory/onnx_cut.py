"""Cut an ONNX graph short at one of its tensors, with no onnx package: how a tuned model keeps fewer layers.

A reader tuned on the packaged MiniLM's first N layers (:mod:`memory.tuned`) runs the packaged graph up to the
N-th layer's output and no further: the graph's output becomes that tensor, and every node and initializer the
output no longer needs is left out, so onnxruntime never computes the layers above it. Fewer layers, less time
(issue 26: the claims reader's budget is 10 ms a narration on two threads).

The ONNX file is a protobuf message; only the few fields this needs are read (field numbers from ``onnx.proto``):
``ModelProto.graph`` (7); ``GraphProto.node`` (1), ``initializer`` (5), ``output`` (12), ``value_info`` (13);
``NodeProto.input`` (1), ``output`` (2); ``TensorProto.name`` (8); ``ValueInfoProto.name`` (1). Every other field
is copied byte for byte.
"""

from __future__ import annotations

from typing import Iterator

MODEL_GRAPH = 7
GRAPH_NODE, GRAPH_INITIALIZER, GRAPH_OUTPUT, GRAPH_VALUE_INFO = 1, 5, 12, 13
NODE_INPUT, NODE_OUTPUT = 1, 2
TENSOR_NAME = 8
VALUE_INFO_NAME = 1


class OnnxCutError(ValueError):
    """The file is not the protobuf this expects, or the tensor to cut at is not in it."""


def _varint(data: bytes, at: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        if at >= len(data) or shift > 63:
            raise OnnxCutError("a truncated or malformed varint")
        byte = data[at]
        value |= (byte & 0x7F) << shift
        at += 1
        if byte < 0x80:
            return value, at
        shift += 7


def _encode_varint(value: int) -> bytes:
    out = bytearray()
    while True:
        low = value & 0x7F
        value >>= 7
        if value:
            out.append(low | 0x80)
        else:
            out.append(low)
            return bytes(out)


def _fields(data: bytes) -> Iterator[tuple[int, bytes, bytes]]:
    """Each field of a message: its number, its whole encoding (to copy) and its payload (length-delimited only)."""
    at = 0
    while at < len(data):
        start = at
        key, at = _varint(data, at)
        number, wire = key >> 3, key & 7
        if wire == 0:
            _, at = _varint(data, at)
            payload = b""
        elif wire == 1:
            at += 8
            payload = b""
        elif wire == 2:
            length, at = _varint(data, at)
            payload = data[at:at + length]
            at += length
        elif wire == 5:
            at += 4
            payload = b""
        else:
            raise OnnxCutError(f"wire type {wire} is not used by ONNX")
        if at > len(data):
            raise OnnxCutError("a field runs past the end of its message")
        yield number, data[start:at], payload


def _strings(message: bytes, number: int) -> list[str]:
    return [payload.decode("utf-8") for n, _, payload in _fields(message) if n == number]


def _field(number: int, payload: bytes) -> bytes:
    return _encode_varint(number << 3 | 2) + _encode_varint(len(payload)) + payload


def _renamed(value_info: bytes, name: str) -> bytes:
    kept = b"".join(whole for n, whole, _ in _fields(value_info) if n != VALUE_INFO_NAME)
    return _field(VALUE_INFO_NAME, name.encode("utf-8")) + kept


def cut_at(model: bytes, tensor: str) -> bytes:
    """``model`` (an ONNX file's bytes) with one output, ``tensor``, and only the nodes and initializers it needs.

    The graph's output keeps its declared type: cut where the tensor has the same type and shape as the output
    (a BERT layer's output, as the last layer's)."""
    graph = next((payload for n, _, payload in _fields(model) if n == MODEL_GRAPH), None)
    if graph is None:
        raise OnnxCutError("no graph in the model")
    parts = list(_fields(graph))
    nodes = [(whole, _strings(payload, NODE_INPUT), _strings(payload, NODE_OUTPUT))
             for n, whole, payload in parts if n == GRAPH_NODE]
    if not any(tensor in outputs for _, _, outputs in nodes):
        raise OnnxCutError(f"no node writes {tensor!r}")
    needed, kept_nodes = {tensor}, set()
    for index in range(len(nodes) - 1, -1, -1):  # ONNX lists nodes in topological order
        _, inputs, outputs = nodes[index]
        if needed.intersection(outputs):
            kept_nodes.add(index)
            needed.update(i for i in inputs if i)
    out, node_index, output_done = bytearray(), 0, False
    for n, whole, payload in parts:
        if n == GRAPH_NODE:
            if node_index in kept_nodes:
                out += whole
            node_index += 1
        elif n == GRAPH_INITIALIZER:
            if set(_strings(payload, TENSOR_NAME)) & needed:
                out += whole
        elif n == GRAPH_VALUE_INFO:
            if set(_strings(payload, VALUE_INFO_NAME)) & (needed - {tensor}):
                out += whole
        elif n == GRAPH_OUTPUT:
            if not output_done:
                out += _field(GRAPH_OUTPUT, _renamed(payload, tensor))
                output_done = True
        else:
            out += whole
    if not output_done:
        raise OnnxCutError("the graph declares no output")
    return b"".join(_field(MODEL_GRAPH, bytes(out)) if n == MODEL_GRAPH else whole for n, whole, _ in _fields(model))
