"""Rulings: the rulebook passages that answer a question, and — where a rules tool does what is asked — that
tool's own explanation of a worked case.

Why a worked case: a passage says what the rule is; the tool shows it applied, step by step, with the exact odds
and its own citations. The tool is picked by embedding similarity between the question and the tool descriptions
of the registry, among tools with a canned example (:data:`EXAMPLES`); it runs with a fixed seed
(:data:`WORKED_SEED`), so the same question always shows the same case.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from memory.chroma import Embedder
from memory.rulebooks import Passage, RulebookIndex
from tools import render
from tools.dice import Roller
from tools.registry import Registry, default_registry

WORKED_SEED = 7
MIN_TOOL_SIMILARITY = 0.33

EXAMPLES: dict[str, dict[str, Any]] = {
    "minim_test": {"trait": 3, "skill": "fight", "has_skill": True, "trait_name": "brawl"},
    "minim_attack": {"trait": 3, "skill": "fight", "has_skill": True, "weapon_quality": 1, "armor_quality": -1,
                     "defender_health": 3},
    "minim_fumble": {"victim": "attacker"},
    "minim_initiative": {"combatants": [{"name": "Aria", "brain": 4}, {"name": "Goblins", "brain": 2, "count": 3}]},
    "minim_collaborate": {"tests": [{"trait": 3, "skill": "security", "has_skill": True}, {"trait": 2}]},
    "minim_power": {"power": "fire-ball", "score": 2, "faith": 3},
    "minim_purchase": {"wealth": 3, "quality": 0, "faith": 2},
    "minim_recover": {"mode": "mid_action", "brass": 3, "health": 1},
    "minim_surprise": {"trait": 3, "skill": "perception", "has_skill": False, "trait_name": "brass"},
    "minim_linger": {"room": "the crypt"},
    "minim_revisit": {"empty_rooms": [2, 5]},
    "minim_challenge": {"party": [{"tier": 3}, {"tier": 3}], "foes": [{"tier": 2}, {"tier": 2}, {"tier": 2}]},
    "minim_project": {"threshold": 20, "tests": [{"trait": 4, "skill": "technology", "has_skill": True}]},
    "table_roll": {"expression": "2d6+1"},
}
"""One small, valid argument set per tool that can illustrate a ruling (pure tools only: no table needed)."""


@dataclass(frozen=True)
class WorkedCase:
    tool: str
    args: dict[str, Any]
    seed: int
    similarity: float
    explanation: str  # render.terminal: summary, steps, odds, citations
    steps: list[str]
    rule_refs: list[str]


@dataclass(frozen=True)
class Rulings:
    question: str
    passages: list[Passage]
    worked: WorkedCase | None = None
    citations: list[str] = field(default_factory=list)

    def render(self) -> str:
        """For a terminal: each passage with its citation, then the worked case."""
        out = []
        for p in self.passages:
            body = p.text if len(p.text) <= 600 else p.text[:599].rstrip() + "…"
            out += [f"[{p.citation}] (similarity {p.score:.2f})", f"  {body}", ""]
        if self.worked:
            w = self.worked
            out += [f"Worked example ({w.tool}, seed {w.seed}, args {w.args}):", w.explanation, ""]
        return "\n".join(out).rstrip() + "\n"


class ToolMatcher:
    """Which tool with a canned example a question is about, by cosine similarity of descriptions."""

    def __init__(self, embedder: Embedder, registry: Registry | None = None):
        self.registry = registry or default_registry()
        known = set(self.registry.names())
        self.tools = [self.registry.get(n) for n in EXAMPLES if n in known]
        self.embedder = embedder
        self._vectors: list[list[float]] | None = None

    def _tool_vectors(self) -> list[list[float]]:
        if self._vectors is None:
            texts = [f"{t.name.replace('_', ' ')}: {t.description}" for t in self.tools]
            self._vectors = self.embedder.embed(texts)
        return self._vectors

    def match(self, question: str, system: str | None = None) -> tuple[str, float] | None:
        q = self.embedder.embed([question])[0]
        best: tuple[str, float] | None = None
        for t, v in zip(self.tools, self._tool_vectors()):
            if system and t.system not in (system, "table"):
                continue
            sim = sum(a * b for a, b in zip(q, v))
            if sim >= MIN_TOOL_SIMILARITY and (best is None or sim > best[1]):
                best = (t.name, sim)
        return best


def worked_case(tool: str, similarity: float, registry: Registry | None = None) -> WorkedCase:
    registry = registry or default_registry()
    args = registry.validate(tool, EXAMPLES[tool])
    result = registry.call(tool, args, Roller(WORKED_SEED))
    return WorkedCase(tool, EXAMPLES[tool], WORKED_SEED, round(similarity, 4), render.terminal(result, tool),
                      list(result.steps), list(result.rule_refs))


_MATCHERS: dict[int, ToolMatcher] = {}


def rulings_in(index: RulebookIndex, question: str, system: str | None = None, k: int = 3) -> Rulings:
    """The ``k`` best rulebook sections for ``question`` (of ``system``'s book if given) and a worked case."""
    found = index.search(question, system, k)
    matcher = _MATCHERS.setdefault(id(index.ef.embedder), ToolMatcher(index.ef.embedder))
    hit = matcher.match(question, system)
    worked = worked_case(*hit) if hit else None
    citations = [p.citation for p in found] + [r for r in (worked.rule_refs if worked else []) if r]
    return Rulings(question, found, worked, list(dict.fromkeys(citations)))
