"""The provenance guard: the model's prose may not state a number, a dice claim or a health change that this
turn's tool results do not contain.

The guard works sentence by sentence (so narration can still stream): a sentence that states a number not found
in the results, or claims a roll, damage or healing when the engine rolled or changed nothing, is dropped. The
caller regenerates once when too much was dropped and falls back to the engine's own summary after that. What
the guard did is returned so the event log can record it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from narrator.agent.evidence import Evidence
from tools.safe_json import parse_int

NUMBER_WORDS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "twenty": 20,
    "hundred": 100,
}
MECHANICS = re.compile(
    r"\b(roll(?:s|ed)?|dice|die|d\d+|natural|nat|damage|health|hp|hit points?|fatigue|faith|points?|"
    r"heal(?:s|ed)?|loses?|lost|gains?|restor(?:es|ed)|modifier|bonus|penalty|target number|critical)\b",
    re.IGNORECASE,
)
HEALTH_CHANGE = re.compile(
    r"\b(loses?|lost|takes?|took|suffers?|gains?|regains?|heals?|healed|restor(?:es|ed)|recovers?)\b"
    r"[^.!?]*\b(damage|health|hp|hit points?|fatigue|wounds?)\b|\b(health|hp)\b[^.!?]*\b(\d+|drops?|rises?)\b",
    re.IGNORECASE,
)
DICE_CLAIM = re.compile(r"\b(roll(?:s|ed)?|natural|nat)\b[^.!?]*\b(\d+|" + "|".join(NUMBER_WORDS) + r")\b",
                        re.IGNORECASE)
SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n+")


@dataclass
class GuardReport:
    removed: list[str] = field(default_factory=list)
    reasons: list[str] = field(default_factory=list)
    regenerated: bool = False
    fallback: bool = False

    @property
    def acted(self) -> bool:
        return bool(self.removed) or self.regenerated or self.fallback

    def as_dict(self) -> dict[str, Any]:
        return {"removed": self.removed, "reasons": self.reasons, "regenerated": self.regenerated,
                "fallback": self.fallback}


def allowed_numbers(results: list[BaseModel | dict]) -> set[int]:
    """Every integer that appears anywhere in this turn's results (values and the text of steps/summaries)."""
    found: set[int] = set()

    def walk(node: Any) -> None:
        if isinstance(node, bool):
            return
        if isinstance(node, int):
            found.add(abs(node))
        elif isinstance(node, float) and node.is_integer():
            found.add(abs(int(node)))
        elif isinstance(node, str):
            found.update(int(n) for n in re.findall(r"\d+", node) if len(n) < 7)
        elif isinstance(node, dict):
            for v in node.values():
                walk(v)
        elif isinstance(node, (list, tuple)):
            for v in node:
                walk(v)

    for r in results:
        walk(r.model_dump(mode="json") if isinstance(r, BaseModel) else r)
    return found


def split_sentences(text: str) -> list[str]:
    return [s.strip() for s in SENTENCE_END.split(text) if s and s.strip()]


def judge(sentence: str, allowed: set[int], engine_changed_health: bool, engine_rolled: bool) -> str | None:
    """Why this sentence must go, or None when it may stay."""
    for digits in re.findall(r"\d+", sentence):
        if parse_int(digits) not in allowed:  # None for a number too long for int(): never allowed
            return f"states {digits if len(digits) <= 12 else digits[:12] + '...'}, which no tool result contains"
    if MECHANICS.search(sentence):
        for word, value in NUMBER_WORDS.items():
            if re.search(rf"\b{word}\b", sentence, re.IGNORECASE) and value not in allowed:
                return f"states '{word}' in a mechanical claim that no tool result contains"
    if not engine_rolled and DICE_CLAIM.search(sentence):
        return "claims a roll, but the engine rolled nothing this turn"
    if not engine_changed_health and HEALTH_CHANGE.search(sentence):
        return "claims a health change, but no tool changed health this turn"
    return None


class SentenceGuard:
    """Feed text chunks in; complete sentences come out already judged (for streaming)."""

    def __init__(self, evidence: Evidence, max_sentences: int = 3):
        self.max_sentences = max_sentences
        self.evidence = evidence
        self.allowed = allowed_numbers([r for _, r in evidence.results])
        self.health = evidence.health_changed
        self.rolled = evidence.rolled
        self.report = GuardReport()
        self.kept: list[str] = []
        self._buffer = ""

    @property
    def full(self) -> bool:
        """Narration is short: once enough sentences are kept, the rest of the stream is not wanted."""
        return len(self.kept) >= self.max_sentences

    def _check(self, sentence: str) -> str | None:
        if self.full:
            return None
        why = judge(sentence, self.allowed, self.health, self.rolled)
        if why:
            self.report.removed.append(sentence)
            self.report.reasons.append(why)
            return None
        self.kept.append(sentence)
        return sentence

    def feed(self, chunk: str) -> list[str]:
        self._buffer += chunk
        parts = SENTENCE_END.split(self._buffer)
        self._buffer = parts.pop() if parts else ""
        return [s for s in (self._check(p.strip()) for p in parts if p.strip()) if s]

    def finish(self) -> list[str]:
        rest, self._buffer = self._buffer.strip(), ""
        return [s] if rest and (s := self._check(rest)) else []

    @property
    def text(self) -> str:
        return " ".join(self.kept)

    @property
    def mostly_removed(self) -> bool:
        return not self.kept or len(self.report.removed) > len(self.kept)


def guard_text(text: str, evidence: Evidence) -> tuple[str, GuardReport]:
    g = SentenceGuard(evidence)
    g.feed(text)
    g.finish()
    return g.text, g.report
