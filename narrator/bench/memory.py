"""Campaign memory (chromadb) at growing sizes: add and query latency, p50/p95.

Why synthetic vectors: embedding 100k documents with the CPU model would take most of an hour and measure the
embedder, not the store. So ``base`` distinct event texts are embedded for real, and the rest are mixtures of two
of those vectors plus a little noise (normalised), which keeps the clustered shape of real memories. Questions are
embedded once, before timing. Measured at each size:

* ``add_ms`` — one turn's worth of records (``add_batch``) upserted, vectors given (the store, not the embedder);
* ``query_ms`` — a plain chromadb query, top k, no filter;
* ``named_query_ms`` — the name-filtered event query recall runs for a rarely mentioned name
  (:func:`memory.recall.named_events`);
* ``where_query_ms`` — for comparison, the same events from one chromadb query with a ``where`` filter (what
  recall did before: about 80 ms at 100k records whatever the filter matches);
* ``recall_ms`` — the whole ranked recall (:func:`memory.recall.rank`, its word-against-word step included), the
  narrator's own path.
"""

from __future__ import annotations

import random
import tempfile
import time
from pathlib import Path
from typing import Any

from narrator.bench.util import percentiles

CAMPAIGN = "bench"
PEOPLE = ["Aria", "Brom", "Old Tom", "Mirela", "Duke Varen", "Kessa", "Captain Dorn", "Sister Anwe", "Grell",
          "Lisbet", "the ferryman", "the witch of the fen"]
ACTS = ["asks {p} about", "hides", "finds", "swears to {p} to guard", "buys", "steals", "loses", "repairs",
        "promises {p} to return", "searches for", "sells", "trades {p} for"]
THINGS = ["the brass key", "a silver locket", "the duke's signet ring", "a map of the fen", "an iron chest",
          "the lighthouse logbook", "a crooked spear", "a sack of salt", "the black candle", "a letter sealed in wax",
          "the ferry token", "a jar of leeches"]
PLACES = ["in the cellar of the Drowned Rat", "at the Saltmere docks", "in the great hall of Highmoor",
          "on the causeway through the fen", "inside the sunken chapel", "at the top of the lighthouse",
          "behind the Copper Kettle", "under the north pier", "in the goblin camp", "by the old oak"]
QUESTIONS = ["where did we leave the key", "who is the innkeeper", "what did we promise the duke",
             "who has the signet ring", "what happened at the lighthouse", "where is the silver locket",
             "what did Kessa want in return", "who did we meet in the fen", "what is in the iron chest",
             "what did we sell at the docks"]
RARE = "Kessa"  # an NPC: recall filters events by a rarely mentioned name like this one


def event_text(rng: random.Random) -> tuple[str, list[str]]:
    """A turn-shaped memory: who did what with which thing where, and who saw it."""
    actor, other = rng.choice(PEOPLE[:2]), rng.choice(PEOPLE[2:])
    act = rng.choice(ACTS).format(p=other)
    text = (f"{actor}: {actor} {act} {rng.choice(THINGS)} {rng.choice(PLACES)}.\n"
            f"Narration: {other} watches as {actor} {act.split(' ', 1)[0]} {rng.choice(THINGS)}.")
    return text, [actor, other]


def bench_memory(sizes: list[int], queries: int = 60, base: int = 1500, k: int = 5, seed: int = 1,
                 add_batch: int = 3, max_seconds: float = 1800) -> dict[str, Any]:
    import numpy as np

    from narrator.memory.chroma import HNSW, NarratorEmbedding, close_client, open_client
    from narrator.memory.lexical import LexicalIndex
    from narrator.memory.recall import RecallQuery, _names_filter, _query, aliases_from, named_events, rank
    from narrator.memory.records import cues
    from narrator.memory.tokens import token_vectors

    started = time.perf_counter()
    rng = random.Random(seed)
    nprng = np.random.default_rng(seed)
    ef = NarratorEmbedding()
    embedder = ef.embedder
    tokens = token_vectors(ef.spec)  # the last step of recall, word against word (memory/tokens.py)
    base = max(2, min(base, max(sizes)))
    texts = [event_text(rng) for _ in range(base)]
    t = time.perf_counter()
    base_vectors = np.array(embedder.embed([text for text, _ in texts]), dtype=np.float32)
    embed_s = time.perf_counter() - t
    questions = [QUESTIONS[i % len(QUESTIONS)] for i in range(queries)]
    qvec = {q: embedder.embed([q])[0] for q in set(questions)}
    report: dict[str, Any] = {"embedder": embedder.name, "base_embedded": base, "base_embed_s": round(embed_s, 2),
                              "queries": queries, "k": k, "add_batch": add_batch, "sizes": {}}

    def record(j: int):
        if j < base:
            text, names = texts[j]
            vec = base_vectors[j]
        else:
            a, b = rng.randrange(base), rng.randrange(base)
            text, names = texts[a][0], sorted(set(texts[a][1] + texts[b][1]))
            vec = base_vectors[a] + 0.6 * base_vectors[b] + nprng.normal(0, 0.02, base_vectors.shape[1])
            vec = vec / np.linalg.norm(vec)
        meta = {"campaign": CAMPAIGN, "kind": "turn", "seq": j + 1, "last_seq": j + 1, "names": names, **cues(text)}
        return f"turn-{j + 1}", text, meta, vec.astype(np.float32)

    words = LexicalIndex()

    def add(col, start: int, n: int) -> None:
        rows = [record(j) for j in range(start, start + n)]
        col.add(ids=[r[0] for r in rows], documents=[r[1] for r in rows], metadatas=[r[2] for r in rows],
                embeddings=[r[3] for r in rows])
        for r in rows:  # the BM25 index follows every write, as in the campaign memory
            words.put(r[0], r[1])

    with tempfile.TemporaryDirectory(prefix="narrator-bench-") as tmp:
        client = open_client(Path(tmp))
        try:
            events = client.create_collection("events", embedding_function=ef, configuration={"hnsw": dict(HNSW)})
            entities = client.create_collection("entities", embedding_function=ef,
                                                configuration={"hnsw": dict(HNSW)})
            entities.add(ids=[f"character:{p.casefold()}" for p in PEOPLE], documents=[f"{p} — NPC." for p in PEOPLE],
                         metadatas=[{"campaign": CAMPAIGN, "kind": "character", "name": p, "aliases": [p],
                                     "npc": p not in PEOPLE[:2]} for p in PEOPLE])
            aliases = aliases_from(entities)
            batch = min(5000, client.get_max_batch_size())
            have = 0
            for size in sorted(sizes):
                t = time.perf_counter()
                while have < size and time.perf_counter() - started < max_seconds:
                    n = min(batch, size - have)
                    add(events, have, n)
                    have += n
                fill_s = time.perf_counter() - t
                if have < size:
                    report["sizes"][str(size)] = {"truncated_at": have}
                    break
                rank(events, entities, RecallQuery(CAMPAIGN, questions[0], last_seq=have), qvec[questions[0]], k,
                     aliases, words, tokens)  # warm the index into memory
                adds, plain, named, where, ranked = [], [], [], [], []
                for q in questions:
                    vector = qvec[q]
                    t = time.perf_counter()
                    events.query(query_embeddings=[vector], n_results=k)
                    plain.append((time.perf_counter() - t) * 1000)
                    t = time.perf_counter()
                    named_events(events, vector, 2 * k + 4, [RARE])
                    named.append((time.perf_counter() - t) * 1000)
                    t = time.perf_counter()
                    _query(events, vector, 2 * k + 4, _names_filter([RARE]))
                    where.append((time.perf_counter() - t) * 1000)
                    t = time.perf_counter()
                    rank(events, entities, RecallQuery(CAMPAIGN, q, "Aria", None, have), vector, k, aliases, words,
                         tokens)
                    ranked.append((time.perf_counter() - t) * 1000)
                for _ in range(max(3, queries // 3)):
                    t = time.perf_counter()
                    add(events, have, add_batch)
                    adds.append((time.perf_counter() - t) * 1000)
                    have += add_batch
                report["sizes"][str(size)] = {"records": events.count(), "fill_s": round(fill_s, 2),
                                              "add_ms": percentiles(adds), "query_ms": percentiles(plain),
                                              "named_query_ms": percentiles(named), "where_query_ms": percentiles(where),
                                              "recall_ms": percentiles(ranked)}
        finally:
            close_client(client)
    report["seconds"] = round(time.perf_counter() - started, 1)
    return report
