"""The router proposer: nearest neighbours in MiniLM space over labelled example actions, plus a small lexicon.

Examples come from the rulebook (each skill's and trait's own description, via the system) and from
``prompts/<system>/router_examples.jsonl``; the lexicon (``prompts/<system>/lexicon.json``) adds keyword boosts.
A label is ``tool`` or ``tool:variant`` (``minim_check:stealth``); the variant fills the one field of the proposal
whose allowed values contain it, and the names come from :mod:`narrator.agent.extract`.
"""

from __future__ import annotations

import json
import re
import typing
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from narrator.agent.extract import actor_for, power_for, target_for, zone_for
from narrator.agent.specs import spec_named
from prompts import prompt_path
from tools.errors import ToolArgumentError
from tools.proposals import CLARIFY, NO_ROLL, NOT_TOOLS, REFUSE, Proposal, build
from tools.systems import get_system
from tools.table import TableState

MIN_SIMILARITY = 0.30
"""Below this, nothing is close enough: ask the player to clarify."""


@dataclass(frozen=True)
class Candidate:
    label: str
    score: float

    @property
    def tool(self) -> str:
        return self.label.split(":", 1)[0]

    @property
    def variant(self) -> str | None:
        return self.label.split(":", 1)[1] if ":" in self.label else None


@lru_cache(maxsize=None)
def examples(system: str) -> tuple[tuple[str, str], ...]:
    rows = list(get_system(system).router_examples())
    path = prompt_path(system, "router_examples.jsonl")
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                rows.append((row["text"], row["label"]))
    return tuple(rows)


@lru_cache(maxsize=None)
def lexicon(system: str) -> tuple[dict[str, Any], ...]:
    path = prompt_path(system, "lexicon.json")
    return tuple(json.loads(path.read_text(encoding="utf-8"))["rules"]) if path.exists() else ()


class RouterProposer:
    name = "router"

    def __init__(self, embedder=None, k: int = 5):
        if embedder is None:
            from memory.embedder import default_embedder

            embedder = default_embedder()
        self.embedder = embedder
        self.k = k
        self._index: dict[str, tuple[list[str], Any]] = {}

    def _vectors(self, system: str):
        if system not in self._index:
            import numpy as np

            rows = examples(system)
            self._index[system] = ([label for _, label in rows],
                                   np.array(self.embedder.embed([text for text, _ in rows]), dtype=np.float32))
        return self._index[system]

    def rank(self, text: str, state: TableState, actor: str | None = None) -> list[Candidate]:
        import numpy as np

        labels, matrix = self._vectors(state.system)
        query = np.array(self.embedder.embed([text])[0], dtype=np.float32)
        sims = matrix @ query
        scores: dict[str, float] = {}
        for i in np.argsort(-sims)[: max(self.k, 1) * 4]:
            label = labels[i]
            scores[label] = max(scores.get(label, -1.0), float(sims[i]))
        for rule in lexicon(state.system):
            if re.search(rule["pattern"], text, flags=re.IGNORECASE):
                if rule.get("needs_target") and target_for(text, state, actor_for(text, state, actor)) is None:
                    continue
                if rule.get("needs_zone") and zone_for(text, state) is None:
                    continue
                scores[rule["label"]] = scores.get(rule["label"], 0.0) + rule["weight"]
        ranked = sorted((Candidate(l, s) for l, s in scores.items()), key=lambda c: -c.score)
        return ranked

    def propose(self, text: str, state: TableState, actor: str | None = None) -> Proposal:
        ranked = self.rank(text, state, actor)
        if not ranked or ranked[0].score < MIN_SIMILARITY:
            return clarify(state, "I'm not sure what you want to do; could you say it another way?", self.name)
        return from_candidate(ranked[0], text, state, actor, self.name)


def clarify(state: TableState, question: str, source: str) -> Proposal:
    return Proposal(tool=CLARIFY, args={"question": question}, source=source)


def _allowed(annotation: Any) -> set[str]:
    values: set[str] = set()
    for arg in typing.get_args(annotation) or ():
        if typing.get_origin(arg) is typing.Literal:
            values |= set(typing.get_args(arg))
        else:
            values |= _allowed(arg)
    if typing.get_origin(annotation) is typing.Literal:
        values |= set(typing.get_args(annotation))
    return values


def from_candidate(candidate: Candidate, text: str, state: TableState, actor: str | None, source: str) -> Proposal:
    """Turn a label into a validated proposal, filling names from the player's words; clarify what is missing."""
    tool = candidate.tool
    if tool in NOT_TOOLS:
        key = "question" if tool == CLARIFY else "reason"
        text_ = {NO_ROLL: "no roll needed", CLARIFY: "Could you say what your character does?",
                 REFUSE: "That is not something a character can do in the story."}[tool]
        return Proposal(tool=tool, args={key: text_}, source=source)
    if tool in ("table_next_turn", "table_end_combat") and not state.initiative.active:
        return Proposal(tool=NO_ROLL, args={"reason": "no fight is running"}, source=source)
    spec = spec_named(state.system, tool)
    who = actor_for(text, state, actor)
    args: dict[str, Any] = {}
    for field, info in spec.args_model.model_fields.items():
        if candidate.variant and candidate.variant in _allowed(info.annotation):
            args[field] = candidate.variant
        elif field in ("actor", "attacker"):
            args[field] = who
        elif field in ("defender", "target"):
            args[field] = target_for(text, state, who)
        elif field == "zone":
            args[field] = zone_for(text, state)
        elif field == "power":
            args[field] = power_for(text, state, who)
        elif field == "combatants":
            args[field] = [n for n in state.characters if "unconscious" not in state.conditions.get(n, [])]
    missing = [f for f, v in args.items() if v is None]
    if missing:
        what = {"actor": "who acts", "attacker": "who attacks", "defender": "whom you attack",
                "target": "whom you target", "zone": "where to", "power": "which power"}
        question = "Please say " + " and ".join(what.get(f, f) for f in missing) + "."
        return clarify(state, question, source)
    try:
        return build(spec, args, state, source)
    except ToolArgumentError as e:
        return clarify(state, str(e).splitlines()[-1].lstrip("- "), source)
