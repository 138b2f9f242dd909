"""Word against word, the last step of recall: each token of the question against the closest token of a memory.

Why: a memory's vector is the mean of its tokens, so one telling detail in a long narration ("chalk dust on his
boots", asked as "what was on the lawman's clothes") counts for little in it, and BM25 only sees words spelled the
same. Matching token with token (MaxSim, the late interaction of ColBERT: the mean over the question's tokens of
the best cosine with any token of the memory) finds a detail a paraphrase points at. The memories the ranking put
first (:data:`RERANK`) get :data:`W_TOKENS` times it added to their score and are ordered again; the rest keep
their places.

Which token vectors: MiniLM's embedding layer (the word and position embeddings after their layer norm, the tensor
:data:`~memory.embedder.EMBEDDING_LAYER`, before any attention layer), cut (:mod:`memory.onnx_cut`) from the
graph the recall embedder is made of (:func:`memory.tuned.recall_token_session`). The whole model's token outputs
ranked a little better on the development sessions, but take about 85 ms for ten memories on one thread here; the
embedding layer takes under 2 ms. Measured on the blind sessions (docs/memory.md): development hit@5 48 → 51 of 60,
held out 47 → 49 of 60 (MRR 0.512 → 0.576).
Only the packaged MiniLM and its tuned recall version have this tensor; a memory embedded by another model
(a campaign's own ONNX or GGUF embedder) is ranked without this step.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from pathlib import Path

from narrator.memory.chroma import EmbedderSpec
from narrator.memory.embedder import EMBEDDING_LAYER, MAX_TOKENS, PooledSession, _verified, minilm_files
from narrator.memory.onnx_cut import cut_at

RERANK = 10
"""How many of the best memories are ordered again (and how many recall gathers at the least)."""
W_TOKENS = 0.5
"""The weight of MaxSim in the score: chosen on the development sessions (0.2 to 2 all gained 2 or 3 questions
there; 0.5 was fixed before the held-out sessions were read)."""


class TokenVectors:
    """Unit vectors of each token of a text (its [CLS] and [SEP] left out), from a graph cut at the embedding
    layer."""

    def __init__(self, session: PooledSession):
        self.session = session

    def vectors(self, texts: Sequence[str]) -> list:
        import numpy as np

        hidden, mask = self.session.hidden(list(texts))
        out = []
        for row, m in zip(hidden, mask):
            v = row[1:max(2, int(m.sum()) - 1)]
            out.append(v / np.clip(np.linalg.norm(v, axis=1, keepdims=True), 1e-9, None))
        return out


def maxsim(question, memory) -> float:
    """The mean over the question's token vectors of the best cosine with any of the memory's."""
    return float((question @ memory.T).max(axis=1).mean())


_LOADED: dict[str, TokenVectors] = {}
_LOCK = threading.Lock()


def token_vectors(spec: EmbedderSpec) -> TokenVectors | None:
    """The token vectors of the model ``spec`` names, loaded once per process; None where it has no embedding layer
    this reads (a model of the campaign's own)."""
    if spec.kind not in ("recall", "minilm"):
        return None
    with _LOCK:
        if spec.kind not in _LOADED:
            if spec.kind == "recall":  # cut from the graph the recall embedder is made of, read once for both
                from narrator.memory.tuned import recall_token_session

                session = recall_token_session()
            else:
                model_path, tokenizer_path, sha256 = minilm_files()
                graph = Path(_verified(model_path, sha256)).read_bytes()
                session = PooledSession(cut_at(graph, EMBEDDING_LAYER), tokenizer_path, MAX_TOKENS)
            _LOADED[spec.kind] = TokenVectors(session)
        return _LOADED[spec.kind]
