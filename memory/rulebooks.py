"""The rulebooks as a searchable index of sections, each passage cited the way tools cite: ``minim.md#Tests``.

Why sections: a ruling must point at the place in the book a person can read, so the unit is the section under a
heading, and the citation is the file name and the heading text exactly as written (trimmed). Markdown books
(``#`` headings) split on their headings. Books converted from PDFs have no ``#`` at all; there a heading is a
short title-like line (capitalised, at most seven words, no sentence punctuation, not a table row or a dice
code) — :func:`is_plain_heading`. Long sections are cut into passages of about :data:`PASSAGE_WORDS` words so the
embedding model (256 tokens) sees all of them; each passage keeps its section's citation.

Where the books are: ``$NARRATOR_RULEBOOKS``, else ``shared/rulebooks`` beside the repository (nothing of them is
copied into the repository). The index is derived and lives in a user cache (:func:`rules_index_dir`); a book is
re-indexed when its sha256 (or the splitter version, or the embedder) changes.
"""

from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass
from pathlib import Path

from chromadb.api import ClientAPI
from chromadb.api.models.Collection import Collection

from narrator.memory.chroma import SPACE, EmbedderSpec, NarratorEmbedding, open_client
from narrator.memory.errors import MemoryStoreError
from narrator.memory.questions import asked_term

SPLITTER_VERSION = "3"  # 3: sections carry the owning system's name, not the file stem
PASSAGE_WORDS = 150
MIN_TAIL_WORDS = 40  # a shorter last piece joins the one before: a fragment says too little to match on
COLLECTION = "rulebooks"
MD_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
DICE_CODE = re.compile(r"^\d+D\b")
NUMBERING = re.compile(r"^\d+(\.\d+)*[.)]?\s+")
PREAMBLE = "(start)"
MIN_PREAMBLE_WORDS = 12


def repo_root() -> Path:
    return Path(__file__).resolve().parents[1]


def rulebooks_dir() -> Path:
    """``$NARRATOR_RULEBOOKS``, else the nearest ``shared/rulebooks`` beside the repository or one of its parent
    folders (a checkout at ``work/main`` or a worktree at ``work/wt/x`` both find ``work/shared/rulebooks``);
    an error naming where it looked when there is none."""
    override = os.environ.get("NARRATOR_RULEBOOKS")
    if override:
        candidates = [Path(override).expanduser()]
    else:
        candidates = [parent / "shared" / "rulebooks" for parent in repo_root().parents]
    for path in candidates:
        if path.is_dir() and any(path.glob("*.md")):
            return path
    raise MemoryStoreError(f"No rulebooks (*.md) in {candidates[0]}; set NARRATOR_RULEBOOKS to the folder that holds "
                           "them")


def system_key(name: str | None) -> str | None:
    """The system a caller means: its name, or the stem of its rulebook ("mini-six" names ``minisix``)."""
    if not name:
        return name
    books = book_systems()
    return books.get(f"{name}.md", books.get(name, name)) if name not in books.values() else name


def rules_index_dir() -> Path:
    """``$NARRATOR_HOME/rules-index``, else ``$XDG_CACHE_HOME/narrator/rules-index``, else ``~/.cache/...``."""
    if os.environ.get("NARRATOR_HOME"):
        return Path(os.environ["NARRATOR_HOME"]).expanduser() / "rules-index"
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "narrator" / "rules-index"


def book_systems() -> dict[str, str]:
    """Rulebook file name → the name of the system that owns it (``mini-six.md`` may belong to ``minisix``):
    callers filter by system name, so the index stores that, not the file's stem."""
    from narrator.tools.systems import all_systems

    return {s.rulebook: s.name for s in all_systems()}


def system_rulebooks() -> dict[str, Path]:
    """The rulebooks that systems keep outside the shared folder (``rulebook_dir``), by file name."""
    from narrator.tools.systems import all_systems

    return {s.rulebook: Path(s.rulebook_dir) / s.rulebook for s in all_systems()
            if s.rulebook_dir is not None and (Path(s.rulebook_dir) / s.rulebook).is_file()}


@dataclass(frozen=True)
class Section:
    book: str  # file name, e.g. "minim.md"
    heading: str
    ordinal: int  # position in the book (headings may repeat)
    text: str

    @property
    def citation(self) -> str:
        return f"{self.book}#{self.heading}"

    @property
    def system(self) -> str:
        return book_systems().get(self.book, self.book.removesuffix(".md"))


@dataclass(frozen=True)
class Passage:
    """A recalled piece of a rulebook with its citation."""

    citation: str
    book: str
    heading: str
    text: str
    score: float


def is_plain_heading(line: str) -> bool:
    s = line.strip()
    if not s or len(s) > 60 or len(s.split()) > 7 or "\t" in s or "|" in s or ": " in s:
        return False
    if s.startswith(("(", "*", "-", "•", "#")) or s[-1] in ".,;:!?-–—" or DICE_CODE.match(s):
        return False
    tokens = NUMBERING.sub("", s).split()
    if sum(any(c.isdigit() for c in t) for t in tokens) * 5 >= len(tokens) * 2:  # a table row, not a title
        return False
    return (s[0].isupper() or s[0].isdigit()) and re.search(r"[A-Za-z]{3,}", s) is not None


def split_book(book: str, text: str) -> list[Section]:
    """A book's sections in order. Text before the first heading, if it says anything (a cover line does not),
    is cited as ``book.md#(start)``: there is no heading to cite."""
    lines = text.splitlines()
    markdown = any(MD_HEADING.match(line) for line in lines)
    sections: list[Section] = []
    heading, body = PREAMBLE, []

    def close() -> None:
        content = "\n".join(body).strip()
        if content and (heading != PREAMBLE or len(content.split()) >= MIN_PREAMBLE_WORDS):
            sections.append(Section(book, heading, len(sections), content))

    for line in lines:
        m = MD_HEADING.match(line) if markdown else None
        if m or (not markdown and is_plain_heading(line)):
            close()
            heading, body = (m.group(2).strip() if m else line.strip()), []
        else:
            body.append(line.rstrip())
    close()
    return sections


def passages(section: Section, words: int = PASSAGE_WORDS) -> list[str]:
    """The section cut at line (then word) boundaries into pieces of about ``words`` words."""
    out: list[str] = []
    current: list[str] = []
    for line in section.text.splitlines():
        tokens = line.split()
        while tokens:
            room = words - len(current)
            current += tokens[:room]
            tokens = tokens[room:]
            if len(current) >= words:
                out.append(" ".join(current))
                current = []
    if current:
        if out and len(current) < MIN_TAIL_WORDS:
            out[-1] += " " + " ".join(current)
        else:
            out.append(" ".join(current))
    return out


def book_hash(text: str, spec: EmbedderSpec) -> str:
    return hashlib.sha256(f"{SPLITTER_VERSION}\0{spec.identity()}\0{text}".encode()).hexdigest()


class RulebookIndex:
    """The rulebooks collection: one record per passage, re-indexed per book when that book changes."""

    def __init__(self, client: ClientAPI, directory: Path | None = None, spec: EmbedderSpec | None = None,
                 name: str = COLLECTION):
        self.client = client
        self.with_system_books = directory is None  # the default index also holds books systems keep elsewhere
        self.directory = directory or rulebooks_dir()
        self.spec = spec or EmbedderSpec()
        self.ef = NarratorEmbedding(self.spec)
        self.name = name
        self.collection = self._collection()

    @classmethod
    def open_default(cls, directory: Path | None = None) -> "RulebookIndex":
        """The index in the user cache, brought up to date with the books on disk."""
        index = cls(open_client(rules_index_dir()), directory)
        index.ensure()
        return index

    def _collection(self) -> Collection:
        return self.client.get_or_create_collection(self.name, embedding_function=self.ef,
                                                    configuration={"hnsw": {"space": SPACE}})

    def books(self) -> dict[str, str]:
        found = {p.name: p for p in sorted(self.directory.glob("*.md"))}
        if self.with_system_books:
            found.update(system_rulebooks())
        return {name: path.read_text(encoding="utf-8") for name, path in sorted(found.items())}

    def ensure(self) -> list[str]:
        """Index every book whose content changed since it was indexed; drop books gone. Returns those indexed."""
        books = self.books()
        meta = {**(self.collection.metadata or {}), "splitter": SPLITTER_VERSION}
        changed = []
        owners = book_systems()
        for book, text in books.items():
            digest = book_hash(owners.get(book, "") + "\0" + text, self.spec)
            if meta.get(f"sha:{book}") == digest:
                continue
            self.collection.delete(where={"book": book})
            sections = split_book(book, text)
            ids, docs, metas = [], [], []
            for s in sections:
                for j, piece in enumerate(passages(s)):
                    ids.append(f"{book}#{s.ordinal}.{j}")
                    docs.append(f"{s.heading}: {piece}")
                    metas.append({"book": book, "system": s.system, "heading": s.heading, "citation": s.citation,
                                  "section": s.ordinal, "part": j})
            for start in range(0, len(ids), 128):
                self.collection.upsert(ids=ids[start:start + 128], documents=docs[start:start + 128],
                                       metadatas=metas[start:start + 128])
            meta[f"sha:{book}"] = digest
            self.collection.modify(metadata=meta)  # after the passages: a crash leaves the book marked stale
            changed.append(book)
        for key in [k for k in meta if k.startswith("sha:") and k[4:] not in books]:
            self.collection.delete(where={"book": key[4:]})
            meta.pop(key)
            self.collection.modify(metadata=meta)
        return changed

    def search(self, question: str, system: str | None = None, k: int = 3) -> list[Passage]:
        """The ``k`` best sections (best passage of each), optionally of one system's book. A section whose heading
        the question names, as whole words, comes first among those found: "what does Lucky do?" is answered by the
        section *Lucky*, which the nearest passages put after *Unlucky*. Next come the sections whose heading holds the
        term a "what is X?" / "what does X do?" question asks about ("what are CP for?": *Spending Character Points
        (CP)*), then those that mention it (:func:`memory.questions.asked_term`), found by their words: Minim's
        *contacts* is one clause of the Powers section, which no passage near the question's meaning held."""
        system = system_key(system)
        where = {"system": system} if system else None
        n = min(max(4 * k, 12), self.collection.count())
        if n <= 0:
            return []
        vector = self.ef([question])  # embedded once for every query below
        found = [self.collection.query(query_embeddings=vector, n_results=n, where=where,
                                       include=["documents", "metadatas", "distances"])]
        term = asked_term(question)
        for form in dict.fromkeys((term, term.capitalize(), term.title())) if term else ():
            found.append(self.collection.query(query_embeddings=vector, n_results=k, where=where,
                                               where_document={"$contains": form},
                                               include=["documents", "metadatas", "distances"]))
        out: list[Passage] = []
        mentioned: set[str] = set()
        for i, r in enumerate(found):
            for doc, meta, dist in zip(r["documents"][0], r["metadatas"][0], r["distances"][0]):
                if meta is None or doc is None:  # a passage deleted (a book re-indexed) that the vector index
                    continue  # still returned: chroma answers it with no record
                if i:
                    mentioned.add(meta["citation"])
                if any(p.citation == meta["citation"] for p in out):
                    continue
                text = doc.split(": ", 1)[1] if doc.startswith(meta["heading"] + ": ") else doc
                text = text if meta.get("part", 0) == 0 else "… " + text  # a later piece of its section
                out.append(Passage(meta["citation"], meta["book"], meta["heading"], text, round(1.0 - dist, 6)))
        out.sort(key=lambda p: -p.score)

        def spaced(text: str) -> str:
            """The text's words, lower case, between spaces: whole words are found as " word "."""
            return f" {' '.join(re.findall(r'[a-z0-9]+', text.casefold()))} "

        asked = spaced(question)
        words = spaced(term).strip() if term else ""
        about = {f" {words} ", f" {words}s "} if words else set()  # the term, or its plural ("descriptors")

        def heading(p: Passage) -> str:
            return "" if p.heading == "(start)" else spaced(p.heading)

        def rank(p: Passage) -> tuple[bool, bool, bool, bool]:
            h = heading(p)
            return (not (h.strip() and h in asked), h not in about, not any(a in h for a in about),
                    p.citation not in mentioned)

        out.sort(key=rank)  # stable: by similarity otherwise
        return out[:k]
