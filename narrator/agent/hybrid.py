"""The hybrid proposer: the router's top candidates, already built into valid proposals, and the LLM picks one
with an enum grammar (it can only answer a listed number). The router's best stands when the LLM fails."""

from __future__ import annotations

from narrator.models.base import BackendError, GenerationSettings, LLMBackend, Message
from narrator.agent.router import RouterProposer, from_candidate
from narrator.tools import safe_json
from narrator.tools.proposals import Proposal
from narrator.tools.table import TableState


def describe(p: Proposal) -> str:
    args = ", ".join(f"{k}={v}" for k, v in p.args.items() if v not in (None, False, "none", ""))
    return f"{p.tool}({args})"


class HybridProposer:
    name = "hybrid"

    def __init__(self, router: RouterProposer, backend: LLMBackend, k: int = 4):
        self.router = router
        self.backend = backend
        self.k = k

    def candidates(self, text: str, state: TableState, actor: str | None) -> list[Proposal]:
        out: list[Proposal] = []
        seen: set[str] = set()
        for c in self.router.rank(text, state, actor):
            p = from_candidate(c, text, state, actor, self.name)
            key = describe(p)
            if key not in seen:
                seen.add(key)
                out.append(p)
            if len(out) == self.k:
                break
        return out

    def propose(self, text: str, state: TableState, actor: str | None = None) -> Proposal:
        options = self.candidates(text, state, actor)
        if not options:
            return self.router.propose(text, state, actor)
        if len(options) == 1:
            return options[0]
        listing = "\n".join(f"{i}: {describe(p)}" for i, p in enumerate(options))
        schema = {"type": "object", "properties": {"choice": {"type": "integer", "enum": list(range(len(options)))}},
                  "required": ["choice"], "additionalProperties": False}
        messages = [
            Message("system", "Pick the rules action that matches what the player's character attempts. "
                              'Answer {"choice": N}.'),
            Message("user", f"Player: {text}\nOptions:\n{listing}"),
        ]
        try:
            answer = self.backend.complete(messages, GenerationSettings(max_tokens=12, temperature=0.0, json_schema=schema))
            choice = safe_json.loads(answer)["choice"]  # bounded: depth and number length checked first
            if isinstance(choice, int) and 0 <= choice < len(options):
                return options[choice]
        except (ValueError, KeyError, TypeError, BackendError):
            pass
        return options[0].model_copy(update={"note": "the model's pick did not parse; the router's best stands"})
