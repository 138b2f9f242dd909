"""The packaged MiniLM ONNX graph as a small torch module, for fine-tuning (the claims reader's and the recall
embedder's ``train.py``); needs torch and onnx.

The ONNX file stores each layer's matrices weight-only quantized: ``val_N_q`` (int8, in × out) times
``val_N_scale`` (one scale per output column), six per layer in the order query, key, value, attention output,
intermediate, output — the order of the layers' biases. :func:`load_onnx` dequantizes them into this module;
:func:`quantize` writes them back in the same format, so the run-time override (``claims_encoder``) feeds the same
graph.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from pathlib import Path

import numpy as np
import torch
from torch import nn

LAYERS = 6
HIDDEN = 384
HEADS = 12
MATRICES = ("attention.self.query", "attention.self.key", "attention.self.value", "attention.output.dense",
            "intermediate.dense", "output.dense")
EPS = 1e-12


class Layer(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.query, self.key, self.value = (nn.Linear(HIDDEN, HIDDEN) for _ in range(3))
        self.attn_out = nn.Linear(HIDDEN, HIDDEN)
        self.attn_norm = nn.LayerNorm(HIDDEN, eps=EPS)
        self.inter = nn.Linear(HIDDEN, 4 * HIDDEN)
        self.out = nn.Linear(4 * HIDDEN, HIDDEN)
        self.out_norm = nn.LayerNorm(HIDDEN, eps=EPS)

    def linears(self) -> list[nn.Linear]:
        return [self.query, self.key, self.value, self.attn_out, self.inter, self.out]

    def forward(self, x: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        b, t, _ = x.shape

        def split(y: torch.Tensor) -> torch.Tensor:
            return y.view(b, t, HEADS, HIDDEN // HEADS).transpose(1, 2)

        q, k, v = split(self.query(x)), split(self.key(x)), split(self.value(x))
        scores = q @ k.transpose(-1, -2) / math.sqrt(HIDDEN // HEADS) + bias
        context = (scores.softmax(-1) @ v).transpose(1, 2).reshape(b, t, HIDDEN)
        x = self.attn_norm(x + self.attn_out(context))
        return self.out_norm(x + self.out(nn.functional.gelu(self.inter(x))))


class MiniLM(nn.Module):
    def __init__(self, word: np.ndarray, position: np.ndarray, token_type: np.ndarray, layers: int = LAYERS) -> None:
        super().__init__()
        self.word = nn.Embedding.from_pretrained(torch.tensor(word), freeze=True)
        self.position = nn.Embedding.from_pretrained(torch.tensor(position), freeze=True)
        self.token_type = nn.Embedding.from_pretrained(torch.tensor(token_type), freeze=True)
        self.norm = nn.LayerNorm(HIDDEN, eps=EPS)
        self.layers = nn.ModuleList(Layer() for _ in range(layers))

    def forward(self, ids: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        """Mean-pooled last hidden state (not normalised)."""
        positions = torch.arange(ids.shape[1], device=ids.device)[None, :]
        x = self.norm(self.word(ids) + self.position(positions) + self.token_type(torch.zeros_like(ids)))
        bias = (1.0 - mask[:, None, None, :].float()) * torch.finfo(torch.float32).min
        for layer in self.layers:
            x = layer(x, bias)
        weights = mask[..., None].float()
        return (x * weights).sum(1) / weights.sum(1).clamp(min=1e-9)


@lru_cache(maxsize=2)
def _initializers(path: str) -> dict[str, np.ndarray]:
    """The file's initializers, parsed once: training builds a fresh module from them every epoch (read-only)."""
    import onnx
    from onnx import numpy_helper

    return {i.name: numpy_helper.to_array(i) for i in onnx.load(path).graph.initializer}


def matrix_names(inits: dict[str, np.ndarray]) -> list[str]:
    """The quantized layer matrices' base names (``val_N``) in graph order: six per layer."""
    names = sorted((k[:-2] for k in inits if re.fullmatch(r"val_\d+_q", k)), key=lambda k: int(k[4:]))
    assert len(names) == 6 * LAYERS, names
    return names


def load_onnx(path: str, layers: int = LAYERS) -> MiniLM:
    """The packaged model's first ``layers`` layers (all six by default) as a torch module."""
    if not 1 <= layers <= LAYERS:
        raise ValueError(f"MiniLM has {LAYERS} layers, not {layers}")
    inits = _initializers(path)

    def deq(base: str) -> np.ndarray:
        return inits[base + "_q"].astype(np.float32) * inits[base + "_scale"]

    p = "inner.embeddings."
    model = MiniLM(deq(p + "word_embeddings.weight"), deq(p + "position_embeddings.weight"),
                   inits[p + "token_type_embeddings.weight"], layers)
    with torch.no_grad():
        model.norm.weight.copy_(torch.tensor(inits[p + "LayerNorm.weight"]))
        model.norm.bias.copy_(torch.tensor(inits[p + "LayerNorm.bias"]))
        names = iter(matrix_names(inits))
        for i, layer in enumerate(model.layers):
            q = f"inner.encoder.layer.{i}."
            for linear, matrix in zip(layer.linears(), MATRICES):
                linear.weight.copy_(torch.tensor(deq(next(names)).T))
                linear.bias.copy_(torch.tensor(inits[q + matrix + ".bias"]))
            for norm, where in ((layer.attn_norm, "attention.output.LayerNorm"), (layer.out_norm, "output.LayerNorm")):
                norm.weight.copy_(torch.tensor(inits[q + where + ".weight"]))
                norm.bias.copy_(torch.tensor(inits[q + where + ".bias"]))
    return model


def output_tensor(layers: int) -> str:
    """The name of the packaged graph's tensor that holds layer ``layers``' output (the graph's output after six):
    each layer ends in two LayerNormalization nodes, after the embeddings' one, named ``layer_norm_N`` in order."""
    return "last_hidden_state" if layers == LAYERS else f"layer_norm_{2 * layers}"


def quantize(weight: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``weight`` (in × out) as int8 with one scale per output column, symmetric, as the packaged file stores it."""
    scale = np.abs(weight).max(axis=0, keepdims=True) / 127.0
    scale = np.where(scale == 0, 1.0, scale).astype(np.float32)
    return np.clip(np.round(weight / scale), -127, 127).astype(np.int8), scale


def overrides(model: MiniLM, path: str) -> dict[str, np.ndarray]:
    """The initializers that put ``model``'s trained layers into the packaged graph (names as in ``path``)."""
    inits = _initializers(path)
    out: dict[str, np.ndarray] = {}
    p = "inner.embeddings."
    out[p + "LayerNorm.weight"] = model.norm.weight.detach().cpu().numpy()
    out[p + "LayerNorm.bias"] = model.norm.bias.detach().cpu().numpy()
    names = iter(matrix_names(inits))
    for i, layer in enumerate(model.layers):
        q = f"inner.encoder.layer.{i}."
        for linear, matrix in zip(layer.linears(), MATRICES):
            base = next(names)
            out[base + "_q"], out[base + "_scale"] = quantize(linear.weight.detach().cpu().numpy().T)
            out[q + matrix + ".bias"] = linear.bias.detach().cpu().numpy()
        for norm, where in ((layer.attn_norm, "attention.output.LayerNorm"), (layer.out_norm, "output.LayerNorm")):
            out[q + where + ".weight"] = norm.weight.detach().cpu().numpy()
            out[q + where + ".bias"] = norm.bias.detach().cpu().numpy()
    out = {name: np.ascontiguousarray(value).copy() for name, value in out.items()}
    for name, value in out.items():
        assert inits[name].shape == value.shape and inits[name].dtype == value.dtype, name
    return out


def byte_offsets(path: str, names: list[str]) -> dict[str, int]:
    """Where each named initializer's raw bytes lie in the file: the run time writes the trained values over them
    (same shape and type, so the same length), which keeps the file a valid model with no onnx package."""
    import onnx

    data = Path(path).read_bytes()
    out = {}
    for init in onnx.load(path).graph.initializer:
        if init.name in names:
            assert init.raw_data and data.count(init.raw_data) == 1, f"{init.name} is not uniquely placed"
            out[init.name] = data.index(init.raw_data)
    assert set(out) == set(names), set(names) - set(out)
    return out


def quantized_copy(model: MiniLM) -> None:
    """Round ``model``'s layer matrices in place to what the int8 file will hold (to measure what ships)."""
    with torch.no_grad():
        for layer in model.layers:
            for linear in layer.linears():
                q, scale = quantize(linear.weight.detach().cpu().numpy().T)
                linear.weight.copy_(torch.tensor((q.astype(np.float32) * scale).T, device=linear.weight.device))
