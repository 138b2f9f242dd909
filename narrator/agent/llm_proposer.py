"""The LLM proposer: a JSON grammar over the discriminated union of proposals, validation, up to two repairs
with the error text, then a fallback (the router, or a request to clarify).

The schema carries the names on the table as enums, so with a grammar-capable backend the model can only name
real actors, zones and skills; everything is validated again anyway.
"""

from __future__ import annotations

import json

from narrator.models.base import BackendError, GenerationSettings, LLMBackend, Message
from narrator.agent.specs import spec_named, specs_for
from narrator.prompts import PROPOSER_EXAMPLES, PROPOSER_SYSTEM, load, prompt_path
from narrator.tools import safe_json
from narrator.tools.errors import ToolArgumentError
from narrator.tools.proposals import CLARIFY, Proposal, build, proposal_schema
from narrator.tools.table import TableState

MAX_REPAIRS = 2


def table_line(state: TableState, actor: str | None) -> str:
    pcs = [n for n, s in state.characters.items() if not s.get("npc")]
    npcs = [n for n, s in state.characters.items() if s.get("npc")]
    parts = [f"Player characters: {', '.join(pcs) or 'none'}", f"NPCs: {', '.join(npcs) or 'none'}"]
    if state.zones:
        parts.append(f"Zones: {', '.join(state.zones)}")
    parts.append("A fight is running." if state.initiative.active else "No fight is running.")
    if actor:
        parts.append(f"The player speaks for {actor}.")
    return " ".join(parts)


def system_prompt(state: TableState) -> str:
    actions = "\n".join(f"- {s.tool}: {s.when}" for s in specs_for(state.system))
    return load(state.system, PROPOSER_SYSTEM).replace("{actions}", actions)


def few_shot(state: TableState, actor: str | None) -> list[Message]:
    path = prompt_path(state.system, PROPOSER_EXAMPLES)
    if not path.exists():
        return []
    npc = next((n for n, s in state.characters.items() if s.get("npc")), "Guard")
    out: list[Message] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            row = json.loads(line)
            answer = json.dumps(row["output"]).replace("{actor}", actor or "Hero").replace("{npc}", npc)
            out += [Message("user", row["input"]), Message("assistant", answer)]
    return out


def parse(text: str, state: TableState, source: str) -> Proposal:
    """Parse and validate a model answer; raises ToolArgumentError with a message the model can act on."""
    try:
        data = safe_json.loads(text.strip())  # bounded: a hostile answer is a JSONDecodeError, never a crash
    except json.JSONDecodeError as e:
        raise ToolArgumentError("proposal", [_problem("(answer)", f"not valid JSON ({e.msg}); answer one JSON object")]) from None
    if not isinstance(data, dict) or "tool" not in data:
        raise ToolArgumentError("proposal", [_problem("(answer)", 'answer {"tool": ..., "args": {...}}')])
    try:
        spec = spec_named(state.system, str(data["tool"]))
    except KeyError:
        names = ", ".join(s.tool for s in specs_for(state.system))
        raise ToolArgumentError("proposal", [_problem("tool", f"unknown action {data['tool']!r}; choose one of {names}")]) from None
    return build(spec, data.get("args") or {}, state, source)


def _problem(field: str, text: str):
    from narrator.tools.errors import FieldProblem

    return FieldProblem(field, text)


class LLMProposer:
    name = "llm"

    def __init__(self, backend: LLMBackend, fallback=None, settings: GenerationSettings | None = None):
        self.backend = backend
        self.fallback = fallback
        self.settings = settings or GenerationSettings(max_tokens=120, temperature=0.0)
        self.last_attempts: list[str] = []

    def propose(self, text: str, state: TableState, actor: str | None = None) -> Proposal:
        schema = proposal_schema(list(specs_for(state.system)), state)
        settings = GenerationSettings(**{**self.settings.__dict__, "json_schema": schema})
        messages = [Message("system", system_prompt(state)), *few_shot(state, actor),
                    Message("user", f"{table_line(state, actor)}\nPlayer: {text}")]
        self.last_attempts = []
        for attempt in range(1 + MAX_REPAIRS):
            try:
                answer = self.backend.complete(messages, settings)
            except BackendError as e:
                self.last_attempts.append(f"(backend error: {e})")
                break
            self.last_attempts.append(answer)
            try:
                return parse(answer, state, self.name if attempt == 0 else f"{self.name}+repair")
            except ToolArgumentError as e:
                messages += [Message("assistant", answer), Message("user", f"That is invalid:\n{e}\nAnswer again.")]
        if self.fallback is not None:
            proposal = self.fallback.propose(text, state, actor)
            return proposal.model_copy(update={"source": f"{self.name}->fallback:{proposal.source}",
                                               "note": "the model's answers did not validate"})
        return Proposal(tool=CLARIFY, args={"question": "Could you say what your character does?"},
                        source=f"{self.name}-failed")
