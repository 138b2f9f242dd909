"""Ranking memories for a question: vector similarity and shared words, then what the table knows that a vector
does not.

Why words too: a rare word a question shares with a memory (a heron, a rowboat, a name) counts for little in a dense
embedding, so a lexical ranking (BM25, :mod:`memory.lexical`) both brings its best matches in as candidates and adds
to their score, in proportion to the best match's BM25 (:data:`W_WORDS`, a calibrated blend). It is kept small: on
the blind development sessions, whose questions were written in other words than the events on purpose, a larger
weight lost recall (see docs/memory.md).

Why not similarity alone: "who is the innkeeper" is answered by the NPC whose concept says innkeeper (an exact
alias), "what did we promise the duke" by a turn flagged as a promise that names the duke, and of two equally
similar turns the later one is more likely to matter. So the score is the cosine similarity plus small bonuses:
an entity named in the question, the speaking actor, the current scene, a matching promise/discovery cue, and
recency by event seq. Results are de-duplicated (the same text set twice, or one memory contained in another).

Why word against word last: a turn's vector is the mean of its tokens, so a detail in a long narration counts for
little in it; the best ten are ordered again by how closely each word of the question finds a word of theirs
(:mod:`memory.tokens`), where the embedder has the token vectors for it.

Why no query filters on the campaign: every campaign has collections of its own (its own directory, or names
prefixed with its id on a server), and a chromadb filter costs in proportion to the rows it matches in the whole
store — the local store fetches every matching id from SQLite before searching, across collections (measured at
100k memories: 2.4 ms unfiltered, 470 ms filtered by campaign, and 70 ms for a 12-entity collection filtered by a
campaign the events share). Records still carry ``campaign`` as provenance. For the same reason the name filter
is used only for a name that is not in most events (player characters are), and for one name per question.

The same :func:`rank` serves the campaign memory and the recall harness (:mod:`memory.evaluate`), so the harness
measures what the narrator really gets.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from chromadb.api.models.Collection import Collection

from narrator.memory.lexical import LexicalIndex
from narrator.memory.records import CURRENT_SCENE, DISCOVERY, PROMISE, AliasIndex
from narrator.memory.tokens import RERANK, W_TOKENS, TokenVectors, maxsim

ENTITY_KINDS = ("character", "place", "item")
W_WORDS = 0.03  # the best BM25 match of the question gets this much; the others in proportion
W_MENTION = 0.12  # an event naming someone the question names
W_ENTITY_NAMED = 0.25  # the entity an identity question ("who is the innkeeper") names
W_ENTITY_MENTIONED = 0.05  # an entity (or an item of someone) another kind of question names
W_NOW = 0.5  # "where are we now": the current scene (0.25 before the tuned embedder, 0.35 before the word-against-word step)
W_ACTOR = 0.04
W_SCENE = 0.03
W_CUE = 0.06
W_RECENT = 0.05
HALF_LIFE = 300  # events: recency halves every HALF_LIFE events
WHERE_WHO = re.compile(r"\b(who|whom|where|which)\b", re.I)
IDENTITY = re.compile(r"\b(who|what)(\s+|')(is|was|are|were|s|runs|keeps|owns|has|holds|leads|rules|carries)\b|"
                      r"\bwhose\b", re.I)
NOW = re.compile(r"\b(now|currently|current|right here)\b", re.I)


@dataclass(frozen=True)
class Memory:
    """One recalled memory: its id and text, the final score and the similarity it started from."""

    id: str
    kind: str
    text: str
    score: float
    similarity: float
    metadata: dict[str, Any] = field(default_factory=dict)

    @property
    def seq(self) -> int | None:
        return self.metadata.get("seq")

    def line(self, width: int = 240) -> str:
        """One compact line for a prompt or a terminal."""
        where = f"event {self.seq}" if self.seq is not None else self.kind
        text = " / ".join(part.strip() for part in self.text.splitlines() if part.strip())
        text = text if len(text) <= width else text[: width - 1].rstrip() + "…"
        return f"({where}) {text}"


@dataclass(frozen=True)
class RecallQuery:
    campaign_id: str
    text: str
    actor: str | None = None
    scene: str | None = None
    last_seq: int = 0


def aliases_from(entities: Collection) -> AliasIndex:
    """The alias index of a campaign's entities, read back from their metadata."""
    index = AliasIndex()
    got = entities.get(include=["metadatas"])
    for meta in got["metadatas"] or []:
        if meta and meta.get("kind") != "item" and meta.get("name") and meta.get("name") != "scene":
            index.add(str(meta["name"]), [str(a) for a in meta.get("aliases") or [meta["name"]]])
            if meta.get("kind") == "character" and meta.get("npc") is False:
                index.common.add(str(meta["name"]))
    return index


def _query(col: Collection, embedding: Sequence[float], n: int,
           where: dict[str, Any] | None) -> list[tuple[str, str, dict, float]]:
    r = col.query(query_embeddings=[list(embedding)], n_results=n, where=where,
                  include=["documents", "metadatas", "distances"])
    return [(i, d or "", dict(m or {}), 1.0 - float(dist))
            for i, d, m, dist in zip(r["ids"][0], r["documents"][0], r["metadatas"][0], r["distances"][0])]


def _names_filter(names: list[str]) -> dict[str, Any]:
    contains = [{"names": {"$contains": n}} for n in names]
    return contains[0] if len(contains) == 1 else {"$or": contains}


OVERFETCH = 150
"""How many nearest events an unfiltered query fetches for :func:`named_events` to filter in Python."""
WIDE_OVERFETCH = 1000
SCAN_LIMIT = 2000
"""The most events naming someone that :func:`named_events` scores itself when the over-fetch had too few."""


def _names_of(meta: dict) -> set[str]:
    return set(meta.get("names") or [])


def _fetch(col: Collection, ids: list[str], embedding: Sequence[float]) -> list[tuple[str, str, dict, float]]:
    """The records of ``ids`` that ``col`` holds (others are skipped), with their cosine similarity to
    ``embedding``, computed here: no approximate index involved."""
    if not ids:
        return []
    got = col.get(ids=ids, include=["embeddings", "documents", "metadatas"])
    if not got["ids"]:
        return []
    import numpy as np

    vectors = np.asarray(got["embeddings"], dtype=np.float32)
    q = np.asarray(embedding, dtype=np.float32)
    sims = vectors @ q / (np.linalg.norm(vectors, axis=1) * float(np.linalg.norm(q)) + 1e-12)
    return [(i, d or "", dict(m or {}), float(sim))
            for i, d, m, sim in zip(got["ids"], got["documents"] or [], got["metadatas"] or [], sims)]


def named_events(events: Collection, embedding: Sequence[float], n: int, names: list[str],
                 wide: list[tuple[str, str, dict, float]] | None = None) -> list[tuple[str, str, dict, float]]:
    """The ``n`` events most like ``embedding`` among those naming any of ``names``.

    Why not one chromadb query with ``where``: chromadb 1.x answers a filtered vector query in about 80 ms at 100k
    records whatever the filter matches (the filter's own lookup takes under 10 ms for a rare name), against
    about 9 ms for an unfiltered query of 150. So, in order:

    1. the :data:`OVERFETCH` nearest events, unfiltered (or ``wide``, that query already made by the caller),
       filtered here: when ``n`` of them name someone, they are exactly the ``n`` best such events (any better one
       would be nearer, so among them);
    2. when some but too few named someone, a wider unfiltered query sized from the share caught (at most
       :data:`WIDE_OVERFETCH`), filtered here — exact for the same reason;
    3. else the name is rare: fetch every event naming it (a cheap metadata lookup when there are few) and rank
       them by cosine similarity here — exact, no approximate index involved;
    4. else (more than :data:`SCAN_LIMIT` such events, and too few near the question) the
       :data:`WIDE_OVERFETCH` nearest, filtered here, and only when even those have too few, the filtered query.
    """
    wanted = set(names)
    pool = wide if wide is not None and len(wide) >= OVERFETCH else _query(events, embedding, OVERFETCH, None)
    hits = [h for h in pool if _names_of(h[2]) & wanted]
    if len(hits) >= n or len(pool) < OVERFETCH:  # enough, or the store holds fewer events than were asked for
        return hits[:n]
    if hits:  # the name is not rare, only a little thin near the question: a net sized from what was caught
        size = min(WIDE_OVERFETCH, -(-OVERFETCH * n * 3 // (2 * len(hits))))
        pool = _query(events, embedding, size, None)
        hits = [h for h in pool if _names_of(h[2]) & wanted]
        if len(hits) >= n or len(pool) < size:
            return hits[:n]
    ids = events.get(where=_names_filter(names), include=[], limit=SCAN_LIMIT + 1)["ids"]
    if len(ids) > SCAN_LIMIT:  # a common name, far from the question: the widest net, then the filtered query
        pool = _query(events, embedding, WIDE_OVERFETCH, None)
        hits = [h for h in pool if _names_of(h[2]) & wanted]
        return hits[:n] if len(hits) >= n else _query(events, embedding, n, _names_filter(names))
    scored = _fetch(events, ids, embedding)
    return sorted(scored, key=lambda row: -row[3])[:n]  # stable: equal similarities keep the store's order


def _key(text: str) -> str:
    return re.sub(r"\W+", " ", text.casefold()).strip()


def dedupe(memories: list[Memory]) -> list[Memory]:
    """Best first; drop a memory whose text equals, or is contained in, a better one's."""
    kept: list[Memory] = []
    keys: list[str] = []
    for m in sorted(memories, key=lambda m: -m.score):
        k = _key(m.text)
        if k and not any(k in other for other in keys):
            kept.append(m)
            keys.append(k)
    return kept


def rank(events: Collection, entities: Collection, q: RecallQuery, embedding: Sequence[float], k: int,
         aliases: AliasIndex, lexical: LexicalIndex | None = None, tokens: TokenVectors | None = None) -> list[Memory]:
    """The ``k`` best memories for ``q`` (``embedding`` is the question's vector, computed once by the caller;
    ``lexical`` the BM25 index of the same collections, when there is one; ``tokens`` the embedder's token vectors,
    when it has them: the best :data:`memory.tokens.RERANK` are then ordered again word against word)."""
    wanted, k = k, max(k, RERANK) if tokens is not None else k  # gather as many as are ordered again
    mentioned = aliases.find(q.text)
    wants_promise = bool(PROMISE.search(q.text))
    wants_discovery = bool(DISCOVERY.search(q.text))
    asks_who_where = bool(WHERE_WHO.search(q.text))
    asks_identity = bool(IDENTITY.search(q.text))
    asks_now = bool(NOW.search(q.text))
    n = max(4 * k, 24)
    found: dict[str, Memory] = {}
    words = dict(lexical.search(q.text, n)) if lexical is not None else {}
    best_words = max(words.values(), default=0.0) or 1.0

    def add(hits: list[tuple[str, str, dict, float]], entity: bool) -> None:
        for rid, doc, meta, sim in hits:
            names = set(meta.get("names") or [])
            score = sim + W_WORDS * words.get(rid, 0.0) / best_words
            if entity:
                if meta.get("name") in mentioned:
                    score += W_ENTITY_NAMED if asks_identity else W_ENTITY_MENTIONED
                elif meta.get("owner") in mentioned:
                    score += W_ENTITY_MENTIONED
                score += 0.02 * asks_who_where + W_NOW * (asks_now and meta.get("name") == "scene")
            else:
                score += W_MENTION * bool(names & set(mentioned))
                score += W_ACTOR * bool(q.actor and q.actor in names)
                score += W_SCENE * bool(q.scene and meta.get("scene") == q.scene[:200])
                score += W_CUE * ((wants_promise and bool(meta.get("promise"))) or
                                  (wants_discovery and bool(meta.get("discovery"))))
                seq = meta.get("last_seq", meta.get("seq"))
                if isinstance(seq, int) and q.last_seq:
                    score += W_RECENT * 0.5 ** (max(0, q.last_seq - seq) / HALF_LIFE)
            kind = str(meta.get("kind", "entity" if entity else "event"))
            if rid not in found or found[rid].score < score:
                found[rid] = Memory(rid, kind, doc, round(score, 6), round(sim, 6), meta)

    rare = [m for m in mentioned if m not in aliases.common][:1]  # events naming someone rarely named, too
    wide = _query(events, embedding, OVERFETCH if rare else n, None)
    add(wide[:n], entity=False)
    if rare:
        add(named_events(events, embedding, 2 * k + 4, rare, wide), entity=False)
    if mentioned:
        add(_query(entities, embedding, len(mentioned) + 2, {"name": {"$in": mentioned}}), entity=True)
    add(_query(entities, embedding, max(2 * k, 8), None), entity=True)
    if asks_now:  # "where are we now" is about the current scene's record however far its words are
        add(_fetch(entities, [CURRENT_SCENE], embedding), entity=True)
    missing = [rid for rid in words if rid not in found]  # matched by words only: brought in as candidates too
    hits = _fetch(events, missing, embedding)  # an id the events collection does not hold is an entity's
    add(hits, entity=False)
    events_held = {h[0] for h in hits}
    add(_fetch(entities, [rid for rid in missing if rid not in events_held], embedding), entity=True)
    ranked = dedupe(list(found.values()))
    return (by_words(ranked, q.text, tokens) if tokens is not None else ranked)[:wanted]


def by_words(ranked: list[Memory], question: str, tokens: TokenVectors) -> list[Memory]:
    """The best :data:`~memory.tokens.RERANK` of ``ranked`` with :data:`~memory.tokens.W_TOKENS` times their MaxSim
    with the question added to their score, in that order; the rest as they were (:mod:`memory.tokens`)."""
    head = ranked[:RERANK]
    if len(head) < 2:
        return ranked
    vectors = tokens.vectors([question] + [m.text for m in head])
    rescored = [replace(m, score=round(m.score + W_TOKENS * maxsim(vectors[0], v), 6))
                for m, v in zip(head, vectors[1:])]
    return sorted(rescored, key=lambda m: -m.score) + ranked[RERANK:]
