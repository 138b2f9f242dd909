"""The recall harness: load memories into a throw-away on-disk Chroma, ask questions, report recall@k and latency.

Why a file of memories rather than a campaign: a development set can then state exactly which memory answers each
question (its id), and be read by a person. Each JSONL line is either
``{"memory": {"id": ..., "text": ..., "metadata": {...}}}`` or
``{"question": ..., "expected": [ids], "actor": optional, "scene": optional}``. Memory metadata follows
:mod:`memory.records` (``kind``, ``seq``, ``names``, ``actor``, ``scene``, ``promise``, ``discovery``; entities
have kind ``character``/``place``/``item`` with ``name`` and ``aliases``). Ranking is :func:`memory.recall.rank`,
exactly what the narrator gets.

recall@k is the share of a question's expected ids found in its top k, averaged over questions; latency is per
question, embedding included.
"""

from __future__ import annotations

import json
import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from narrator.memory.chroma import HNSW, MEMORY_DEFAULT, EmbedderSpec, NarratorEmbedding, close_client, open_client
from narrator.memory.errors import MemoryStoreError
from narrator.memory.lexical import LexicalIndex
from narrator.memory.recall import ENTITY_KINDS, RecallQuery, aliases_from, rank
from narrator.memory.tokens import token_vectors

CAMPAIGN = "eval"


def percentiles(ms: list[float]) -> dict[str, float]:
    """p50 and p95 (nearest rank) of latencies in milliseconds."""
    if not ms:
        return {"p50": 0.0, "p95": 0.0}
    ordered = sorted(ms)
    return {"p50": round(statistics.median(ordered), 3),
            "p95": round(ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))], 3)}


@dataclass(frozen=True)
class Question:
    line: int
    text: str
    expected: list[str]
    actor: str | None = None
    scene: str | None = None


def load(path: str | Path) -> tuple[list[dict[str, Any]], list[Question]]:
    memories: list[dict[str, Any]] = []
    questions: list[Question] = []
    with open(path, encoding="utf-8") as fh:
        for n, raw in enumerate(fh, 1):
            if not raw.strip():
                continue
            try:
                row = json.loads(raw)
                if "memory" in row:
                    m = row["memory"]
                    memories.append({"id": str(m["id"]), "text": str(m["text"]), "metadata": dict(m.get("metadata") or {})})
                else:
                    questions.append(Question(n, str(row["question"]), [str(x) for x in row["expected"]],
                                              row.get("actor"), row.get("scene")))
            except (json.JSONDecodeError, KeyError, TypeError) as e:
                raise MemoryStoreError(f"{path}:{n}: expected a memory or a question line ({e})") from None
    ids = [m["id"] for m in memories]
    if len(set(ids)) != len(ids):
        raise MemoryStoreError(f"{path}: memory ids repeat")
    unknown = sorted({x for q in questions for x in q.expected} - set(ids))
    if unknown:
        raise MemoryStoreError(f"{path}: questions expect unknown memory ids {unknown}")
    return memories, questions


def _meta(m: dict[str, Any]) -> dict[str, Any]:
    meta = {k: v for k, v in m["metadata"].items() if v is not None and v != []}
    meta.setdefault("kind", "turn")
    return {**meta, "campaign": CAMPAIGN}


def evaluate(path: str | Path, k: int = 5, spec: EmbedderSpec | None = None) -> dict[str, Any]:
    memories, questions = load(path)
    ef = NarratorEmbedding(spec or MEMORY_DEFAULT)
    with tempfile.TemporaryDirectory(prefix="narrator-eval-") as tmp:
        client = open_client(Path(tmp))
        try:
            cols = {name: client.create_collection(name, embedding_function=ef,
                                                   configuration={"hnsw": dict(HNSW)})
                    for name in ("events", "entities")}
            started = time.perf_counter()
            for name, col in cols.items():
                chosen = [m for m in memories if (_meta(m)["kind"] in ENTITY_KINDS) == (name == "entities")]
                if chosen:
                    col.add(ids=[m["id"] for m in chosen], documents=[m["text"] for m in chosen],
                            metadatas=[_meta(m) for m in chosen])
            index_s = time.perf_counter() - started
            last_seq = max((int(m["metadata"].get("last_seq", m["metadata"].get("seq", 0)) or 0) for m in memories),
                           default=0)
            aliases = aliases_from(cols["entities"])
            words = LexicalIndex.build((m["id"], m["text"]) for m in memories)
            ef.embedder.embed(["warm-up"])
            tokens = token_vectors(ef.spec)
            latencies, scores, hits, rr, misses = [], [], 0, 0.0, []
            for q in questions:
                t = time.perf_counter()
                found = rank(cols["events"], cols["entities"], RecallQuery(CAMPAIGN, q.text, q.actor, q.scene, last_seq),
                             ef.embedder.embed([q.text])[0], k, aliases, words, tokens)
                latencies.append((time.perf_counter() - t) * 1000)
                got = [m.id for m in found]
                share = len(set(got) & set(q.expected)) / len(q.expected)
                scores.append(share)
                hits += share > 0
                rank_of = next((i for i, g in enumerate(got, 1) if g in q.expected), None)
                rr += 1 / rank_of if rank_of else 0.0
                if share < 1:
                    misses.append({"line": q.line, "question": q.text, "expected": q.expected, "got": got})
        finally:
            close_client(client)
    n = len(questions)
    return {"file": str(path), "k": k, "memories": len(memories), "questions": n,
            "recall_at_k": round(sum(scores) / n, 4) if n else 0.0, "hit_rate": round(hits / n, 4) if n else 0.0,
            "mrr": round(rr / n, 4) if n else 0.0, "latency_ms": percentiles(latencies),
            "index_seconds": round(index_s, 3), "misses": misses}
