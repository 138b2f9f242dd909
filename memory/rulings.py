"""Rulings: the rulebook passages that answer a question, and — where a rules tool does what is asked — that
tool's own explanation of a worked case.

Why a worked case: a passage says what the rule is; the tool shows it applied, step by step, with the exact odds
and its own citations. The tool is picked by embedding similarity between the question and the tool descriptions
of the registry, among tools with a canned example (each system's ``worked_examples``); it runs with a fixed seed
(:data:`WORKED_SEED`), so the same question always shows the same case.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from narrator.memory.chroma import Embedder
from narrator.memory.rulebooks import Passage, RulebookIndex
from narrator.tools import render
from narrator.tools.dice import Roller
from narrator.tools.registry import Registry, default_registry
from narrator.tools.phrases import steps_of

WORKED_SEED = 7
MIN_TOOL_SIMILARITY = 0.33

GENERIC_EXAMPLES: dict[str, dict[str, Any]] = {"table_roll": {"expression": "2d6+1"}}
"""Worked examples of tools no system owns; each system gives its own (``RulesSystem.worked_examples``)."""


def examples() -> dict[str, dict[str, Any]]:
    """One small, valid argument set per pure tool that can illustrate a ruling (no table needed)."""
    from narrator.tools.systems import all_systems

    found = dict(GENERIC_EXAMPLES)
    for system in all_systems():
        found.update(system.worked_examples())
    return found


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
        self.examples = examples()
        self.tools = [self.registry.get(n) for n in self.examples if n in known]
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
    example = examples()[tool]
    args = registry.validate(tool, example)
    result = registry.call(tool, args, Roller(WORKED_SEED))
    return WorkedCase(tool, example, WORKED_SEED, round(similarity, 4), render.terminal(result, tool),
                      steps_of(result), list(result.rule_refs))


_MATCHERS: dict[int, ToolMatcher] = {}


def rulings_in(index: RulebookIndex, question: str, system: str | None = None, k: int = 3) -> Rulings:
    """The ``k`` best rulebook sections for ``question`` (of ``system``'s book if given) and a worked case."""
    from narrator.memory.rulebooks import system_key

    system = system_key(system)
    found = index.search(question, system, k)
    matcher = _MATCHERS.setdefault(id(index.ef.embedder), ToolMatcher(index.ef.embedder))
    hit = matcher.match(question, system)
    worked = worked_case(*hit) if hit else None
    citations = [p.citation for p in found] + [r for r in (worked.rule_refs if worked else []) if r]
    return Rulings(question, found, worked, list(dict.fromkeys(citations)))
