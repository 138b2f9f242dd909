"""Chroma plumbing: the narrator's embedding function, embedder selection, and opening a client.

Why a registered embedding function: chromadb persists each collection's embedding-function *name and config*
and, on ``get_collection`` in a later process, rebuilds it from its registry. Registering :class:`NarratorEmbedding`
(at import of this module) means a collection written today reopens tomorrow with the same local model, and
chromadb's own default function — which downloads a model on first use — is never reached.

Which embedder (an :class:`EmbedderSpec`), first match wins:

* a campaign option ``embedder``: ``{"onnx": MODEL, "tokenizer": TOKENIZER_JSON, "sha256": optional}`` or
  ``{"gguf": MODEL}`` (table option set by a tool, then the campaign's creation option);
* environment: ``NARRATOR_EMBED_ONNX`` + ``NARRATOR_EMBED_TOKENIZER`` (+ ``NARRATOR_EMBED_SHA256``), or
  ``NARRATOR_EMBED_GGUF``;
* the recall embedder: the packaged all-MiniLM-L6-v2 int8 model with its layers tuned on players' questions and the
  turns that answer them (:func:`memory.tuned.recall_embedder`); the option ``embedder: "minilm"`` keeps the packaged
  model as it is (:func:`memory.embedder.default_embedder`, what the rulebook index uses).

A collection remembers the identity of the embedder that filled it (collection metadata ``embedder``); opening
it with another one rebuilds it, since vectors of two models are not comparable.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import urlparse

from chromadb import Documents, EmbeddingFunction, Embeddings
from chromadb.api import ClientAPI
from chromadb.config import Settings
from chromadb.utils.embedding_functions import register_embedding_function

from narrator.memory.errors import MemoryStoreError
from narrator.models.files import file_sha256

EF_NAME = "narrator-local"
SPACE = "cosine"
EF_SEARCH = 400
"""HNSW search breadth. Recall over-fetches ~150 nearest events and filters names in Python
(:func:`memory.recall.named_events`); chromadb's default (100) then misses a few true neighbours at 100k records
(133 of 140 against an exact scan in ``narrator bench``'s store; 138 of 140 at 400, at about the same latency)."""
HNSW = {"space": SPACE, "ef_search": EF_SEARCH}


class Embedder(Protocol):
    name: str
    dimension: int

    def embed(self, texts: list[str]) -> list[list[float]]: ...


@dataclass(frozen=True)
class EmbedderSpec:
    """Which local model embeds: ``minilm`` (packaged), ``recall`` (packaged, tuned for recall), ``onnx`` (model +
    tokenizer.json paths) or ``gguf``."""

    kind: str = "minilm"
    model_path: str = ""
    tokenizer_path: str = ""
    sha256: str = ""

    def __post_init__(self) -> None:
        if self.kind not in ("minilm", "recall", "onnx", "gguf"):
            raise MemoryStoreError(f"Unknown embedder kind {self.kind!r}: use minilm, recall, onnx or gguf")
        if self.kind not in ("minilm", "recall") and not self.model_path:
            raise MemoryStoreError(f"The {self.kind} embedder needs a model path")
        if self.kind == "onnx" and not self.tokenizer_path:
            raise MemoryStoreError("The onnx embedder needs a tokenizer.json path")

    def config(self) -> dict[str, str]:
        return {k: v for k, v in asdict(self).items() if v}

    @classmethod
    def from_config(cls, config: Mapping[str, Any]) -> "EmbedderSpec":
        return cls(**{k: str(config[k]) for k in ("kind", "model_path", "tokenizer_path", "sha256") if k in config})

    def identity(self) -> str:
        """What must match for two vectors to be comparable: the model file's content, not where it lies."""
        if self.kind == "minilm":
            return "minilm:all-MiniLM-L6-v2-int8"
        if self.kind == "recall":
            from narrator.memory.tuned import RECALL

            return f"recall:{_file_sha256(str(RECALL))[:16]}"
        return f"{self.kind}:{self.sha256 or _file_sha256(self.model_path)}"


_SHA_CACHE: dict[tuple[str, float, int], str] = {}


def _file_sha256(path: str) -> str:
    st = os.stat(path)
    key = (path, st.st_mtime, st.st_size)
    if key not in _SHA_CACHE:
        _SHA_CACHE[key] = file_sha256(path)
    return _SHA_CACHE[key]


def spec_from(options: Mapping[str, Any] | None = None, env: Mapping[str, str] | None = None) -> EmbedderSpec:
    """The embedder a campaign (its options) or the environment asks for; see the module docstring."""
    env = os.environ if env is None else env
    chosen = (options or {}).get("embedder")
    if isinstance(chosen, Mapping):
        if chosen.get("gguf"):
            return EmbedderSpec("gguf", str(chosen["gguf"]))
        if chosen.get("onnx"):
            return EmbedderSpec("onnx", str(chosen["onnx"]), str(chosen.get("tokenizer", "")),
                                str(chosen.get("sha256", "")))
        raise MemoryStoreError(f"Campaign option 'embedder' must name 'onnx' (+ 'tokenizer') or 'gguf': {dict(chosen)}")
    if chosen not in (None, "", "minilm", "recall"):
        raise MemoryStoreError(f"Campaign option 'embedder' must be 'recall', 'minilm' or a mapping, got {chosen!r}")
    if chosen == "minilm":
        return EmbedderSpec()
    if chosen is None and env.get("NARRATOR_EMBED_GGUF"):
        return EmbedderSpec("gguf", env["NARRATOR_EMBED_GGUF"])
    if chosen is None and env.get("NARRATOR_EMBED_ONNX"):
        return EmbedderSpec("onnx", env["NARRATOR_EMBED_ONNX"], env.get("NARRATOR_EMBED_TOKENIZER", ""),
                            env.get("NARRATOR_EMBED_SHA256", ""))
    return MEMORY_DEFAULT


MEMORY_DEFAULT = EmbedderSpec("recall")
"""The campaign memory's embedder when neither the campaign nor the environment names one."""

_LOADED: dict[EmbedderSpec, Embedder] = {}
_LOAD_LOCK = threading.Lock()


def load_embedder(spec: EmbedderSpec) -> Embedder:
    """One loaded model per spec per process (loading MiniLM takes most of a second; GGUF longer)."""
    from narrator.memory.embedder import GgufEmbedder, OnnxSentenceEmbedder, default_embedder

    with _LOAD_LOCK:
        if spec not in _LOADED:
            if spec.kind == "minilm":
                _LOADED[spec] = default_embedder()
            elif spec.kind == "recall":
                from narrator.memory.tuned import recall_embedder

                _LOADED[spec] = recall_embedder()
            elif spec.kind == "onnx":
                _LOADED[spec] = OnnxSentenceEmbedder(Path(spec.model_path), Path(spec.tokenizer_path),
                                                     spec.sha256 or None, name=Path(spec.model_path).stem)
            else:
                _LOADED[spec] = GgufEmbedder(Path(spec.model_path), name=Path(spec.model_path).stem)
        return _LOADED[spec]


@register_embedding_function
class NarratorEmbedding(EmbeddingFunction[Documents]):
    """A chromadb embedding function over a local embedder; the model loads on first use, not on reopen."""

    def __init__(self, spec: EmbedderSpec | None = None):
        self.spec = spec or EmbedderSpec()

    @property
    def embedder(self) -> Embedder:
        return load_embedder(self.spec)

    def __call__(self, input: Documents) -> Embeddings:
        import numpy as np

        return [np.asarray(v, dtype=np.float32) for v in self.embedder.embed(list(input))]

    @staticmethod
    def name() -> str:
        return EF_NAME

    @staticmethod
    def build_from_config(config: dict[str, Any]) -> "NarratorEmbedding":
        return NarratorEmbedding(EmbedderSpec.from_config(config))

    def get_config(self) -> dict[str, Any]:
        return self.spec.config()

    def default_space(self) -> str:  # type: ignore[override]
        return SPACE

    def supported_spaces(self) -> list[str]:  # type: ignore[override]
        return ["cosine", "l2", "ip"]

    def validate_config_update(self, old_config: dict[str, Any], new_config: dict[str, Any]) -> None:
        if EmbedderSpec.from_config(old_config).identity() != EmbedderSpec.from_config(new_config).identity():
            raise ValueError("A collection's embedder cannot change in place; rebuild the memory instead")


def settings() -> Settings:
    return Settings(anonymized_telemetry=False)


def open_client(path: Path | None = None, url: str | None = None) -> ClientAPI:
    """An on-disk client at ``path``, or a client of the Chroma server at ``url`` (``http://HOST:PORT``)."""
    import chromadb

    if url:
        parts = urlparse(url if "://" in url else f"http://{url}")
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise MemoryStoreError(f"--memory-url must look like http://HOST:PORT, got {url!r}")
        port = parts.port or (443 if parts.scheme == "https" else 8000)
        try:
            client = chromadb.HttpClient(host=parts.hostname, port=port, ssl=parts.scheme == "https",
                                         settings=settings())
            client.heartbeat()
        except Exception as e:  # connection refused, DNS, TLS: all mean "not reachable" to a person
            raise MemoryStoreError(f"Cannot reach the Chroma server at {url}: {e}") from None
        return client
    if path is None:
        raise ValueError("open_client needs a path or a url")
    path.mkdir(parents=True, exist_ok=True)
    return chromadb.PersistentClient(path=str(path), settings=settings())


def close_client(client: ClientAPI) -> None:
    """Release an on-disk client's files (HTTP clients hold nothing worth closing)."""
    close = getattr(client, "close", None)
    if close is not None:
        try:
            close()
        except Exception:  # closing twice, or a client that never opened a system: nothing left to release
            pass
