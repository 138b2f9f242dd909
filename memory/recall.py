"""Ranking memories for a question: vector similarity, then what the table knows that a vector does not.

Why not similarity alone: "who is the innkeeper" is answered by the NPC whose concept says innkeeper (an exact
alias), "what did we promise the duke" by a turn flagged as a promise that names the duke, and of two equally
similar turns the later one is more likely to matter. So the score is the cosine similarity plus small bonuses:
an entity named in the question, the speaking actor, the current scene, a matching promise/discovery cue, and
recency by event seq. Results are de-duplicated (the same text set twice, or one memory contained in another).

The same :func:`rank` serves the campaign memory and the recall harness (:mod:`memory.evaluate`), so the harness
measures what the narrator really gets.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from chromadb.api.models.Collection import Collection

from memory.records import DISCOVERY, PROMISE, AliasIndex

ENTITY_KINDS = ("character", "place", "item")
W_MENTION = 0.12  # an event naming someone the question names
W_ENTITY_NAMED = 0.2  # the entity the question names
W_ACTOR = 0.04
W_SCENE = 0.03
W_CUE = 0.06
W_RECENT = 0.05
HALF_LIFE = 300  # events: recency halves every HALF_LIFE events
WHERE_WHO = re.compile(r"\b(who|whom|where|which)\b", re.I)


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


def aliases_from(entities: Collection, campaign_id: str) -> AliasIndex:
    """The alias index of a campaign's entities, read back from their metadata."""
    index = AliasIndex()
    got = entities.get(where={"campaign": campaign_id}, include=["metadatas"])
    for meta in got["metadatas"] or []:
        if meta and meta.get("kind") != "item" and meta.get("name") and meta.get("name") != "scene":
            index.add(str(meta["name"]), [str(a) for a in meta.get("aliases") or [meta["name"]]])
    return index


def _query(col: Collection, embedding: Sequence[float], n: int, where: dict[str, Any]) -> list[tuple[str, str, dict, float]]:
    n = min(n, col.count())
    if n <= 0:
        return []
    r = col.query(query_embeddings=[list(embedding)], n_results=n, where=where,
                  include=["documents", "metadatas", "distances"])
    return [(i, d or "", dict(m or {}), 1.0 - float(dist))
            for i, d, m, dist in zip(r["ids"][0], r["documents"][0], r["metadatas"][0], r["distances"][0])]


def _names_filter(campaign_id: str, names: list[str]) -> dict[str, Any]:
    contains = [{"names": {"$contains": n}} for n in names]
    return {"$and": [{"campaign": campaign_id}, contains[0] if len(contains) == 1 else {"$or": contains}]}


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
         aliases: AliasIndex) -> list[Memory]:
    """The ``k`` best memories for ``q`` (``embedding`` is the question's vector, computed once by the caller)."""
    mentioned = aliases.find(q.text)
    wants_promise = bool(PROMISE.search(q.text))
    wants_discovery = bool(DISCOVERY.search(q.text))
    asks_who_where = bool(WHERE_WHO.search(q.text))
    base = {"campaign": q.campaign_id}
    n = max(4 * k, 24)
    found: dict[str, Memory] = {}

    def add(hits: list[tuple[str, str, dict, float]], entity: bool) -> None:
        for rid, doc, meta, sim in hits:
            names = set(meta.get("names") or [])
            score = sim
            if entity:
                named = meta.get("name") in mentioned or (meta.get("owner") in mentioned and meta.get("name") in q.text)
                score += W_ENTITY_NAMED * named + (0.02 if asks_who_where else 0.0)
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

    add(_query(events, embedding, n, base), entity=False)
    if mentioned:
        add(_query(events, embedding, 2 * k + 4, _names_filter(q.campaign_id, mentioned)), entity=False)
        add(_query(entities, embedding, len(mentioned) + 2,
                   {"$and": [base, {"name": {"$in": mentioned}}]}), entity=True)
    add(_query(entities, embedding, max(2 * k, 8), base), entity=True)
    return dedupe(list(found.values()))[:k]
