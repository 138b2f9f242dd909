"""Query latency of the campaign memory at 10k and 100k memories (not run by the tests). Prints one JSON line.

Why synthetic vectors: embedding 100k documents with the CPU model would take most of an hour and measure the
embedder, not the store. So ``--base`` distinct event texts are embedded for real, and the rest are mixtures of
two of those vectors plus a little noise (normalised), which keeps the clustered shape of real memories. Queries
are real questions embedded at query time, ranked by :func:`memory.recall.rank` — the narrator's own path (an
unfiltered and a name-filtered event query, an entity query) — so the latency is what a turn pays. The raw
latency of one plain chromadb query (no filter) is reported beside it.

    python benchmarks/memory_scale.py [--sizes 10000 100000] [--queries 60] [--base 1500] [--max-seconds 1500]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from memory.chroma import SPACE, NarratorEmbedding, close_client, open_client  # noqa: E402
from memory.evaluate import percentiles  # noqa: E402
from memory.recall import RecallQuery, aliases_from, rank  # noqa: E402
from memory.records import cues  # noqa: E402

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


def event_text(rng: random.Random) -> tuple[str, list[str]]:
    """A turn-shaped memory: who did what with which thing where, and who saw it."""
    actor, other = rng.choice(PEOPLE[:2]), rng.choice(PEOPLE[2:])
    act = rng.choice(ACTS).format(p=other)
    text = (f"{actor}: {actor} {act} {rng.choice(THINGS)} {rng.choice(PLACES)}.\n"
            f"Narration: {other} watches as {actor} {act.split(' ', 1)[0]} {rng.choice(THINGS)}.")
    return text, [actor, other]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000])
    ap.add_argument("--queries", type=int, default=60)
    ap.add_argument("--base", type=int, default=1500, help="event texts embedded for real")
    ap.add_argument("--k", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-seconds", type=float, default=1500, help="stop growing the store after this long")
    ns = ap.parse_args()
    started = time.perf_counter()
    rng = random.Random(ns.seed)
    nprng = np.random.default_rng(ns.seed)
    ef = NarratorEmbedding()
    embedder = ef.embedder
    base = [event_text(rng) for _ in range(ns.base)]
    t = time.perf_counter()
    base_vectors = np.array(embedder.embed([text for text, _ in base]), dtype=np.float32)
    embed_s = time.perf_counter() - t
    report: dict = {"benchmark": "memory_scale", "embedder": embedder.name, "base_embedded": ns.base,
                    "base_embed_seconds": round(embed_s, 2), "queries": ns.queries, "k": ns.k, "sizes": {}}
    with tempfile.TemporaryDirectory(prefix="narrator-bench-") as tmp:
        client = open_client(Path(tmp))
        try:
            events = client.create_collection("events", embedding_function=ef, configuration={"hnsw": {"space": SPACE}})
            entities = client.create_collection("entities", embedding_function=ef,
                                                configuration={"hnsw": {"space": SPACE}})
            entities.add(ids=[f"character:{p.casefold()}" for p in PEOPLE], documents=[f"{p} — NPC." for p in PEOPLE],
                         metadatas=[{"campaign": CAMPAIGN, "kind": "character", "name": p, "aliases": [p],
                                     "npc": p not in PEOPLE[:2]} for p in PEOPLE])
            aliases = aliases_from(entities)
            batch = min(5000, client.get_max_batch_size())
            have = 0
            for size in sorted(ns.sizes):
                t = time.perf_counter()
                while have < size:
                    n = min(batch, size - have)
                    ids, docs, metas, vecs = [], [], [], []
                    for j in range(have, have + n):
                        if j < ns.base:
                            text, names = base[j]
                            vec = base_vectors[j]
                        else:
                            a, b = rng.randrange(ns.base), rng.randrange(ns.base)
                            text, names = base[a][0], sorted(set(base[a][1] + base[b][1]))
                            vec = base_vectors[a] + 0.6 * base_vectors[b] + nprng.normal(0, 0.02, base_vectors.shape[1])
                            vec = vec / np.linalg.norm(vec)
                        ids.append(f"turn-{j + 1}")
                        docs.append(text)
                        metas.append({"campaign": CAMPAIGN, "kind": "turn", "seq": j + 1, "last_seq": j + 1,
                                      "names": names, **cues(text)})
                        vecs.append(vec.astype(np.float32))
                    events.add(ids=ids, documents=docs, metadatas=metas, embeddings=vecs)
                    have += n
                    if time.perf_counter() - started > ns.max_seconds:
                        break
                insert_s = time.perf_counter() - t
                if have < size:
                    report["sizes"][str(size)] = {"truncated_at": have}
                    break
                questions = [QUESTIONS[i % len(QUESTIONS)] for i in range(ns.queries)]
                rank(events, entities, RecallQuery(CAMPAIGN, questions[0], last_seq=have),
                     embedder.embed([questions[0]])[0], ns.k, aliases)  # warm the index into memory
                ranked, raw = [], []
                for q in questions:
                    t = time.perf_counter()
                    rank(events, entities, RecallQuery(CAMPAIGN, q, "Aria", None, have), embedder.embed([q])[0],
                         ns.k, aliases)
                    ranked.append((time.perf_counter() - t) * 1000)
                    vector = embedder.embed([q])[0]
                    t = time.perf_counter()
                    events.query(query_embeddings=[vector], n_results=ns.k)
                    raw.append((time.perf_counter() - t) * 1000)
                report["sizes"][str(size)] = {"memories": events.count(), "insert_seconds": round(insert_s, 2),
                                              "recall_ms": percentiles(ranked), "raw_query_ms": percentiles(raw)}
        finally:
            close_client(client)
    report["seconds"] = round(time.perf_counter() - started, 1)
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
