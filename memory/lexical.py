"""A lexical ranking of memories (Okapi BM25), beside the vector one, so a rare word a question shares counts.

Why: a dense embedding of "Aria paints a heron on the harbour wall as a signal" gives the heron little weight, and
"which signal did she leave?" can then rank a turn about rowing back to the harbour above it. BM25 scores the
words a question and a memory share by how rare they are in this campaign — the anchor of hybrid retrieval, fused
with the vector ranking in :mod:`memory.recall`.

Why our own index and not ``bm25s``: a memory is added after every turn, and ``bm25s`` indexes a corpus at once
(adding one document means indexing all of them again: seconds at 100k memories, against a budget of 20 ms a turn).
This inverted index takes a document in microseconds, forgets one as fast, and answers from the postings of the
question's words only.

Why nothing on disk: the index is derived from the documents the vector collection already holds (which are derived
from the event log), so it is built when a memory opens (:meth:`LexicalIndex.build`) and kept in step with every
write. A killed writer cannot leave it behind the log, a rebuild rebuilds it, and with a Chroma server it is built
from the server's documents the same way.
"""

from __future__ import annotations

import math
import re
from array import array
from collections import Counter
from collections.abc import Iterable

K1 = 1.2
B = 0.75
WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
STOP = frozenset("""
a an and are as at be been but by did do does for from had has have he her hers him his i if in into is it its
me my no not of on or our ours she so that the their them then there they this to up us was we were what when
where which while who whom why will with you your yours about after again all also am any back can could down
just more most now off once only other out over own same should some such than too very would s t d ll m re ve
""".split())


def stem(word: str) -> str:
    """A light suffix strip (signals, signalled, signalling -> signal; painted -> paint; stashed -> stash), enough
    for the forms a player's question and a narration use for the same thing. Not a full stemmer: short words and
    names are left as they are."""
    if len(word) <= 4 or "'" in word:
        return word.split("'")[0]
    for suffix, keep in (("ings", 4), ("ing", 3), ("edly", 4), ("ed", 2), ("ies", 3), ("es", 2), ("s", 1)):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            if suffix == "ies":
                return word[:-3] + "y"
            if suffix == "es" and not word[-3] in "sxz" and word[-4:-2] not in ("ch", "sh"):
                return word[:-1]  # "stones" -> "stone", but "boxes" -> "box"
            if suffix == "s" and word.endswith("ss"):
                return word
            base = word[: -len(suffix)]
            if suffix in ("ed", "ing", "ings") and len(base) >= 4 and base[-1] == base[-2] and base[-1] not in "lsz":
                base = base[:-1]  # "stopped" -> "stop"
            if suffix in ("ed", "ing", "ings") and len(base) >= 4 and base[-1] == base[-2] == "l":
                base = base[:-1]  # "signalled" -> "signal"
            return base
    return word


def terms(text: str) -> list[str]:
    """The indexed words of a text: lower-cased, stop words out, lightly stemmed."""
    return [stem(w) for w in WORD.findall(text.casefold()) if w not in STOP and len(w) > 1]


class LexicalIndex:
    """BM25 over one memory's documents, by record id; add, replace and forget one at a time.

    Postings are append-only arrays (a replaced or forgotten document leaves a dead entry, skipped by a mask, and the
    arrays are compacted when the dead outnumber the living), so a query scores a word's whole posting list in one
    vectorised step: about a millisecond at 100k memories for a word in most of them."""

    def __init__(self) -> None:
        self.slot: dict[str, int] = {}  # live id -> its slot
        self.ids: list[str | None] = []  # slot -> id (None: dead)
        self.lengths = array("f")  # slot -> document length in terms
        self.alive = bytearray()
        self.postings: dict[str, tuple[array, array]] = {}  # term -> (slots, term frequencies)
        self.df: Counter[str] = Counter()  # term -> live documents holding it
        self.words: dict[str, tuple[str, ...]] = {}  # live id -> its distinct terms
        self.total = 0

    def __len__(self) -> int:
        return len(self.slot)

    def __contains__(self, rid: str) -> bool:
        return rid in self.slot

    def live_ids(self) -> set[str]:
        return set(self.slot)

    @classmethod
    def build(cls, documents: Iterable[tuple[str, str]]) -> "LexicalIndex":
        index = cls()
        for rid, text in documents:
            index.put(rid, text)
        return index

    def put(self, rid: str, text: str) -> None:
        """Index ``text`` under ``rid``, replacing what it held."""
        self.forget(rid)
        counts = Counter(terms(text))
        at = len(self.ids)
        self.ids.append(rid)
        self.slot[rid] = at
        length = sum(counts.values())
        self.lengths.append(float(length))
        self.alive.append(1)
        for term, n in counts.items():
            slots, tfs = self.postings.setdefault(term, (array("i"), array("f")))
            slots.append(at)
            tfs.append(float(n))
            self.df[term] += 1
        self.words[rid] = tuple(counts)
        self.total += length

    def forget(self, rid: str) -> None:
        at = self.slot.pop(rid, None)
        if at is None:
            return
        self.alive[at] = 0
        self.ids[at] = None
        self.total -= int(self.lengths[at])
        for term in self.words.pop(rid, ()):
            self.df[term] -= 1
            if not self.df[term]:
                del self.df[term]
                del self.postings[term]
        if len(self.ids) > 64 and len(self.slot) * 2 < len(self.ids):
            self._compact()

    def _compact(self) -> None:
        """Drop the dead entries: re-slot the living in order (their terms are known, their frequencies kept)."""
        old_slots = dict(self.slot)
        order = sorted(old_slots, key=old_slots.get)
        remap = {old_slots[rid]: new for new, rid in enumerate(order)}
        postings: dict[str, tuple[array, array]] = {}
        for term, (slots, tfs) in self.postings.items():
            keep = [(remap[s], tf) for s, tf in zip(slots, tfs) if s in remap]
            postings[term] = (array("i", [s for s, _ in keep]), array("f", [tf for _, tf in keep]))
        self.postings = postings
        self.lengths = array("f", [self.lengths[old_slots[rid]] for rid in order])
        self.ids = list(order)
        self.alive = bytearray([1]) * len(order)
        self.slot = {rid: new for new, rid in enumerate(order)}

    def search(self, text: str, n: int) -> list[tuple[str, float]]:
        """The ``n`` best (id, BM25 score) for ``text``; only documents sharing a word with it score at all."""
        import numpy as np

        count = len(self.slot)
        if not count:
            return []
        mean = self.total / count or 1.0
        lengths = np.frombuffer(self.lengths, dtype=np.float32)
        alive = np.frombuffer(bytes(self.alive), dtype=np.uint8).astype(bool)
        scores = np.zeros(len(self.ids), dtype=np.float64)
        hit = False
        for term in set(terms(text)):
            if term not in self.postings:
                continue
            slots = np.frombuffer(self.postings[term][0], dtype=np.int32)
            tfs = np.frombuffer(self.postings[term][1], dtype=np.float32).astype(np.float64)
            df = self.df[term]
            idf = math.log(1 + (count - df + 0.5) / (df + 0.5))
            norm = tfs + K1 * (1 - B + B * lengths[slots] / mean)
            scores[slots] += idf * tfs * (K1 + 1) / norm * alive[slots]
            hit = True
        if not hit:
            return []
        best = np.flatnonzero(scores > 0)
        if len(best) > n:
            best = best[np.argpartition(-scores[best], n - 1)[:n]]
        ranked = sorted(((self.ids[i], float(scores[i])) for i in best), key=lambda kv: (-kv[1], kv[0]))
        return [(rid, score) for rid, score in ranked if rid is not None][:n]
