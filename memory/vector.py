"""Campaign memory in chromadb: what the story remembers, derived from the event log and kept in step with it.

Why it is safe to lose: every record is a function of the log and the table (:mod:`memory.records`), so the
``chroma`` folder in the campaign directory can be deleted at any time; :meth:`CampaignMemory.rebuild` (or simply
the next open) recreates it with the same ids and documents.

How it keeps in step: the events collection's metadata holds ``indexed_seq``, the last event whose records are
known to be written. Opening a campaign's memory catches up every event after it (so a process killed mid-write
loses nothing the log has), and :meth:`remember_turn` does the same after each turn. ``indexed_seq`` is written
after the records, and upserts are idempotent, so a crash between the two only repeats work. A rewind changes the
past: the memory then re-derives everything and writes only the difference.

The words: a BM25 index over the same documents (:mod:`memory.lexical`) is built from both collections the first
time a recall needs it (a campaign that never recalls never reads them all) and kept in step with every write and
delete here after that, so it is exactly as derived as they are.

Where it lives: ``<campaign dir>/chroma`` (a ``chromadb.PersistentClient``), or a Chroma server given by
``--memory-url http://HOST:PORT``, where a campaign's collections carry its id in their names.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any

from chromadb.api import ClientAPI
from chromadb.api.models.Collection import Collection

from narrator.memory.campaign import Campaign
from narrator.memory.chroma import (
    HNSW,
    MEMORY_DEFAULT,
    EmbedderSpec,
    NarratorEmbedding,
    close_client,
    open_client,
    spec_from,
)
from narrator.memory.lexical import LexicalIndex
from narrator.memory.recall import Memory, RecallQuery, aliases_from, rank
from narrator.memory.records import AliasIndex, EventDeriver, MemoryRecord, derive_events, entity_records
from narrator.memory.rulebooks import RulebookIndex
from narrator.memory.rulings import Rulings, rulings_in
from narrator.memory.tokens import token_vectors

CHROMA_DIR = "chroma"
SCHEMA = 2  # bump when records change shape: collections of another schema are rebuilt (2: documents for meaning)
UPSERT_BATCH = 256
PROMPT_CHARS = 1400


def campaign_id(campaign: Campaign) -> str:
    """A stable id from the log itself (name, master seed, creation time), the same wherever the files move."""
    first = campaign.store.events(upto=1)
    created = first[0].created_at if first else ""
    return hashlib.sha256(f"{campaign.name}\0{campaign.master_seed}\0{created}".encode()).hexdigest()[:16]


def _same(record: MemoryRecord, document: str | None, metadata: dict[str, Any] | None) -> bool:
    return record.document == document and record.metadata == dict(metadata or {})


class CampaignMemory:
    """The events and entities collections of one campaign. Build with :meth:`for_campaign`."""

    def __init__(self, client: ClientAPI, cid: str, spec: EmbedderSpec | None = None, prefix: str = ""):
        self.client = client
        self.campaign_id = cid
        self.spec = spec or MEMORY_DEFAULT
        self.ef = NarratorEmbedding(self.spec)
        self.prefix = prefix
        self.events = self._collection("events")
        self.entities = self._collection("entities")
        self._lexical: LexicalIndex | None = None  # built from the collections when a recall first needs it
        self._deriver: EventDeriver | None = None
        self._seen_seq = 0  # the last event of the log this process has looked at (rewinds included)
        self._aliases: AliasIndex | None = None

    @classmethod
    def for_campaign(cls, campaign: Campaign, memory_url: str | None = None) -> "CampaignMemory":
        """Open (or create) the campaign's memory and catch up with its log."""
        cid = campaign_id(campaign)
        client = open_client(path=campaign.store.directory / CHROMA_DIR, url=memory_url)
        spec = spec_from({**campaign.options, **campaign.state.options})
        memory = cls(client, cid, spec, prefix=f"narrator-{cid}-" if memory_url else "")
        memory.catch_up(campaign)
        return memory

    def close(self) -> None:
        close_client(self.client)

    # -- collections ---------------------------------------------------------------------------------------
    def _base_meta(self) -> dict[str, Any]:
        return {"campaign": self.campaign_id, "embedder": self.spec.identity(), "schema": SCHEMA}

    def _collection(self, kind: str) -> Collection:
        name = self.prefix + kind
        if name in {c.name for c in self.client.list_collections()}:
            try:
                col = self.client.get_collection(name, embedding_function=self.ef)
                meta = col.metadata or {}
                if all(meta.get(k) == v for k, v in self._base_meta().items()):
                    self._tune(col)
                    return col
            except ValueError:  # written with an embedding function this process does not know
                pass
            self._drop(name)  # another embedder or schema: derived data, rebuilt by the catch-up
        return self.client.create_collection(name, embedding_function=self.ef, metadata=self._base_meta(),
                                             configuration={"hnsw": dict(HNSW)})

    @staticmethod
    def _tune(col: Collection) -> None:
        """Bring a collection made before :data:`memory.chroma.EF_SEARCH` to it (a search setting, no rebuild)."""
        try:
            if (col.configuration.get("hnsw") or {}).get("ef_search") != HNSW["ef_search"]:
                col.modify(configuration={"hnsw": {"ef_search": HNSW["ef_search"]}})
        except Exception:  # noqa: BLE001 - a server or version without it searches as before: slower, not wrong
            pass

    def _drop(self, name: str) -> None:
        """Delete a collection, emptying it record by record first. chromadb 1.5.9's ``delete_collection`` leaves
        list-valued metadata behind (table ``embedding_metadata_array``), and the next records written reuse
        those row ids and inherit it (chroma-core/chroma#7594); deleting records by id cleans both tables."""
        try:
            col = self.client.get_collection(name, embedding_function=self.ef)
            while ids := col.get(limit=1000, include=[])["ids"]:
                col.delete(ids=ids)
        except ValueError:  # an embedding function this process cannot build: nothing we could have written
            pass
        self.client.delete_collection(name)

    @property
    def lexical(self) -> LexicalIndex:
        """The BM25 index of what both collections hold (the collections are this campaign's alone)."""
        if self._lexical is None:
            held = [col.get(include=["documents"]) for col in (self.events, self.entities)]
            self._lexical = LexicalIndex.build((rid, doc or "") for got in held
                                               for rid, doc in zip(got["ids"], got["documents"] or []))
        return self._lexical

    def indexed_seq(self) -> int:
        return int((self.events.metadata or {}).get("indexed_seq", 0))

    def _set_indexed(self, seq: int) -> None:
        self.events.modify(metadata={**self._base_meta(), "indexed_seq": seq})

    def _upsert(self, col: Collection, records: list[MemoryRecord],
                current: dict[str, tuple[Any, dict[str, Any]]] | None = None) -> None:
        """Write records. Chroma merges metadata on upsert, so a key a record no longer has is sent as None."""
        for start in range(0, len(records), UPSERT_BATCH):
            chunk = records[start : start + UPSERT_BATCH]
            if current is None:
                got = col.get(ids=[r.id for r in chunk], include=["metadatas"])
                old = {i: dict(m or {}) for i, m in zip(got["ids"], got["metadatas"] or [])}
            else:
                old = {r.id: dict(current[r.id][1] or {}) for r in chunk if r.id in current}
            metas = [{**{k: None for k in old.get(r.id, {}) if k not in r.metadata}, **r.metadata} for r in chunk]
            col.upsert(ids=[r.id for r in chunk], documents=[r.document for r in chunk],
                       metadatas=metas)  # type: ignore[arg-type]
            if self._lexical is not None:  # after the write: a failed upsert leaves the words as the collection is
                for r in chunk:
                    self._lexical.put(r.id, r.document)

    def _sync(self, col: Collection, desired: dict[str, MemoryRecord]) -> None:
        """Make ``col`` hold exactly ``desired``: delete the rest, (re-)embed only what changed."""
        have = col.get(include=["documents", "metadatas"])  # the collection is this campaign's alone
        current = {i: (d, m) for i, d, m in zip(have["ids"], have["documents"] or [], have["metadatas"] or [])}
        stale = [i for i in current if i not in desired]
        if stale:
            col.delete(ids=stale)
            if self._lexical is not None:
                for rid in stale:
                    self._lexical.forget(rid)
        self._upsert(col, [r for i, r in desired.items() if i not in current or not _same(r, *current[i])], current)

    # -- keeping in step with the log ----------------------------------------------------------------------
    def catch_up(self, campaign: Campaign) -> int:
        """Index every event after the last one indexed; returns how many events were read."""
        if self._deriver is None:
            return self._catch_up_cold(campaign)
        new = campaign.store.events(after=self._seen_seq)
        if not new:
            return 0
        if any(e.kind == "rewind" for e in new):
            return self._resync(campaign)
        touched: dict[str, MemoryRecord] = {}
        for e in new:
            for r in self._deriver.feed(e):
                touched[r.id] = r
        self._seen_seq = new[-1].seq
        self._upsert(self.events, list(touched.values()))
        self._finish(campaign)
        return len(new)

    def _catch_up_cold(self, campaign: Campaign) -> int:
        """First catch-up in this process: fold the whole log (cheap, no model), write what the index lacks."""
        events = campaign.events()
        done = self.indexed_seq()
        if any(e.kind == "rewind" and e.seq > done for e in events):
            return self._resync(campaign, events)
        self._deriver = EventDeriver(self.campaign_id)
        touched: dict[str, MemoryRecord] = {}
        for e in Campaign.effective_events(events):
            for r in self._deriver.feed(e):
                if e.seq > done:
                    touched[r.id] = r
        self._seen_seq = events[-1].seq if events else 0
        self._upsert(self.events, list(touched.values()))
        self._finish(campaign)
        return sum(e.seq > done for e in events)

    def _resync(self, campaign: Campaign, events: list | None = None) -> int:
        events = campaign.events() if events is None else events
        self._deriver, records = derive_events(self.campaign_id, Campaign.effective_events(events))
        self._sync(self.events, records)
        self._seen_seq = events[-1].seq if events else 0
        self._finish(campaign)
        return len(events)

    def _finish(self, campaign: Campaign) -> None:
        assert self._deriver is not None
        self._sync(self.entities, {r.id: r for r in entity_records(self.campaign_id, campaign.state,
                                                                    self._deriver.sheets)})
        self._aliases = None
        open_turn = self._deriver.turn
        self._set_indexed(self._seen_seq if open_turn is None else open_turn.seq - 1)

    def remember_turn(self, campaign: Campaign, outcome: Any = None) -> None:
        """After a turn (the agent's hook). The turn is already in the log, which is what gets indexed."""
        self.catch_up(campaign)

    def rebuild(self, campaign: Campaign) -> None:
        """Drop both collections and index the whole log again (the log and the table are the truth)."""
        for kind in ("events", "entities"):
            if self.prefix + kind in {c.name for c in self.client.list_collections()}:
                self._drop(self.prefix + kind)
        self.events = self._collection("events")
        self.entities = self._collection("entities")
        self._lexical = None
        self._deriver = None
        self.catch_up(campaign)

    # -- recalling -----------------------------------------------------------------------------------------
    def aliases(self) -> AliasIndex:
        if self._aliases is None:
            self._aliases = aliases_from(self.entities)
        return self._aliases

    def recall(self, campaign: Campaign, text: str, actor: str | None = None, k: int = 5) -> list[Memory]:
        """The ``k`` memories most worth knowing for ``text`` said by ``actor`` in the current scene."""
        q = RecallQuery(self.campaign_id, text, actor, campaign.state.scene, campaign.store.last_seq())
        embedding = self.ef.embedder.embed([text])[0]
        return rank(self.events, self.entities, q, embedding, k, self.aliases(), self.lexical, token_vectors(self.spec))

    def recall_for_prompt(self, campaign: Campaign, text: str, actor: str | None = None, k: int = 5) -> str:
        """Compact lines for the narration prompt, best first, within :data:`PROMPT_CHARS`."""
        lines: list[str] = []
        for m in self.recall(campaign, text, actor, k):
            line = "- " + m.line()
            if sum(len(x) + 1 for x in lines) + len(line) > PROMPT_CHARS:
                break
            lines.append(line)
        return "\n".join(lines)

    def entity(self, name: str) -> Memory | None:
        """The entity called ``name``: by its name, then an alias ("the innkeeper"), then the closest by meaning."""
        got = self.entities.get(include=["documents", "metadatas"])
        rows = [(i, d or "", dict(m or {})) for i, d, m in zip(got["ids"], got["documents"] or [], got["metadatas"] or [])]
        if not rows:
            return None
        want = re.sub(r"^(the|a|an)\s+", "", name.strip(), flags=re.I).casefold()
        named = self.aliases().find(name)
        for test in (lambda m: str(m.get("name", "")).casefold() == want,
                     lambda m: any(str(a).casefold() == want for a in m.get("aliases") or []),
                     lambda m: m.get("kind") != "item" and m.get("name") in named[:1]):
            for i, d, m in rows:
                if test(m):
                    return Memory(i, str(m.get("kind")), d, 1.0, 1.0, m)
        r = self.entities.query(query_embeddings=self.ef.embedder.embed([name]), n_results=1,
                                include=["documents", "metadatas", "distances"])
        m = dict(r["metadatas"][0][0] or {})
        sim = 1.0 - r["distances"][0][0]
        return Memory(r["ids"][0][0], str(m.get("kind")), r["documents"][0][0] or "", sim, sim, m)

    def mentions(self, name: str, limit: int = 5) -> list[Memory]:
        """The latest events that name ``name`` (canonical name), newest first."""
        got = self.events.get(where={"names": {"$contains": name}}, include=["documents", "metadatas"])
        rows = sorted(zip(got["ids"], got["documents"] or [], got["metadatas"] or []),
                      key=lambda row: -int((row[2] or {}).get("seq", 0)))
        return [Memory(i, str(m.get("kind")), d or "", 0.0, 0.0, dict(m)) for i, d, m in rows[:limit]]

    def dump(self) -> dict[str, dict[str, tuple[str, dict[str, Any]]]]:
        """Every record of both collections: id -> (document, metadata). For checks and debugging."""
        out = {}
        for kind, col in (("events", self.events), ("entities", self.entities)):
            got = col.get(include=["documents", "metadatas"])
            out[kind] = {i: (d, dict(m or {})) for i, d, m in zip(got["ids"], got["documents"] or [],
                                                                   got["metadatas"] or [])}
        return out

    def rulings(self, question: str, system: str | None = None, k: int = 3) -> Rulings:
        return rulings(question, system, k)


_RULES: RulebookIndex | None = None


def rulings(question: str, system: str | None = None, k: int = 3) -> Rulings:
    """Rulebook passages for ``question`` (from the rules index in the user cache, brought up to date with the
    books once per process) and, where a rules tool matches, its worked case. No campaign needed."""
    global _RULES
    if _RULES is None:
        _RULES = RulebookIndex.open_default()
    return rulings_in(_RULES, question, system, k)
