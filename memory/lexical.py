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
    """BM25 over one collection's documents, by record id; add, replace and forget one at a time."""

    def __init__(self) -> None:
        self.postings: dict[str, dict[str, int]] = {}  # term -> {id: term frequency}
        self.lengths: dict[str, int] = {}
        self.words: dict[str, tuple[str, ...]] = {}  # id -> its distinct terms, so forgetting touches only those
        self.total = 0

    def __len__(self) -> int:
        return len(self.lengths)

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
        for term, n in counts.items():
            self.postings.setdefault(term, {})[rid] = n
        self.lengths[rid] = sum(counts.values())
        self.words[rid] = tuple(counts)
        self.total += self.lengths[rid]

    def forget(self, rid: str) -> None:
        length = self.lengths.pop(rid, None)
        if length is None:
            return
        self.total -= length
        for term in self.words.pop(rid, ()):
            posting = self.postings.get(term)
            if posting is not None and posting.pop(rid, None) is not None and not posting:
                del self.postings[term]

    def search(self, text: str, n: int) -> list[tuple[str, float]]:
        """The ``n`` best (id, BM25 score) for ``text``; only documents sharing a word with it score at all."""
        if not self.lengths:
            return []
        count = len(self.lengths)
        mean = self.total / count or 1.0
        scores: dict[str, float] = {}
        for term in set(terms(text)):
            posting = self.postings.get(term)
            if not posting:
                continue
            idf = math.log(1 + (count - len(posting) + 0.5) / (len(posting) + 0.5))
            for rid, tf in posting.items():
                norm = tf + K1 * (1 - B + B * self.lengths[rid] / mean)
                scores[rid] = scores.get(rid, 0.0) + idf * tf * (K1 + 1) / norm
        return sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))[:n]
