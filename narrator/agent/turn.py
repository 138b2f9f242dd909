"""One turn, one direction: player input → explicit command or proposal → engine executes → narration →
provenance guard → events (and memory).

The mechanics line shown to the player is rendered by the engine from the results; the model only writes prose,
and the guard removes any sentence of it that states a number or a roll or a health change the results do not
contain (regenerating once, then falling back to the engine's summary). Every step lands in the event log.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from memory.campaign import Campaign
from models.base import BackendError, GenerationSettings, LLMBackend, Message
from narrator.agent.evidence import Evidence
from narrator.agent.guard import GuardReport, SentenceGuard
from prompts import load
from tools import render
from tools.contract import ToolResult
from tools.errors import ToolCallError
from tools.notation import parse
from tools.proposals import CLARIFY, NO_ROLL, Proposal
from tools.systems.contract import Effect
from tools.table import TableState


def effects_of(before: TableState, tool: str, result: ToolResult) -> list[Effect]:
    """What a result establishes, in its system's words (conditions diffed against the table it ran on)."""
    from tools.systems import get_system

    return get_system(before.system).effects(tool, result, before)

MAX_INPUT = 2000
DICE_ONLY = re.compile(r"^\s*(/roll\s+)?[0-9dDkhl%!+\-\s>=]+\s*$")


def clean_input(text: str) -> str:
    """Player text as data: control characters removed, whitespace folded, length capped."""
    text = "".join(ch if ch in "\n\t" or unicodedata.category(ch)[0] != "C" else " " for ch in text)
    return re.sub(r"\s+", " ", text).strip()[:MAX_INPUT]


@dataclass
class TurnOutcome:
    input: str
    actor: str | None
    proposal: Proposal | None
    results: list[tuple[str, ToolResult]] = field(default_factory=list)
    effects_by: list[list[Effect]] = field(default_factory=list)  # parallel to results

    @property
    def effects(self) -> list[Effect]:
        return [e for group in self.effects_by for e in group]
    mechanics: str = ""
    narration: str = ""
    guard: GuardReport = field(default_factory=GuardReport)
    error: str | None = None
    question: str | None = None


class Agent:
    def __init__(self, campaign: Campaign, backend: LLMBackend | None, proposer, memory=None,
                 settings: GenerationSettings | None = None):
        self.campaign = campaign
        self.backend = backend
        self.proposer = proposer
        self.memory = memory
        self.settings = settings or GenerationSettings(max_tokens=90, temperature=0.7,
                                                       stop=("\n\n", "Player", "Engine", "[", "Narrate"))

    # -- the turn ------------------------------------------------------------------------------------------
    def turn(self, text: str, actor: str | None = None, on_text: Callable[[str], None] | None = None) -> TurnOutcome:
        text = clean_input(text)
        if not text:
            return TurnOutcome(input="", actor=actor, proposal=None, error="Say what your character does.")
        self.campaign.say("player", text, actor=actor)
        outcome = TurnOutcome(input=text, actor=actor, proposal=None)
        if DICE_ONLY.match(text) and self._is_notation(text):
            self._execute(outcome, "table_roll", {"expression": re.sub(r"^/roll\s+", "", text).strip()})
        else:
            outcome.proposal = self.proposer.propose(text, self.campaign.state, actor)
            if outcome.proposal.tool == CLARIFY:
                outcome.question = outcome.proposal.args.get("question") or "What does your character do?"
            elif outcome.proposal.tool != NO_ROLL:
                self._execute(outcome, outcome.proposal.tool, outcome.proposal.call_args)
        outcome.mechanics = "\n".join(render.terminal(r, explain=False) for _, r in outcome.results)
        if outcome.question:
            outcome.narration = outcome.question
        elif self.backend is not None:
            outcome.narration, outcome.guard = self.narrate(outcome, on_text)
        self.campaign.say("narration", outcome.narration, guard=outcome.guard.as_dict(),
                          proposal=outcome.proposal.model_dump(mode="json") if outcome.proposal else None)
        if self.memory is not None:
            self.memory.remember_turn(self.campaign, outcome)
        return outcome

    @staticmethod
    def _is_notation(text: str) -> bool:
        try:
            parse(re.sub(r"^/roll\s+", "", text).strip())
            return True
        except Exception:
            return False

    def _execute(self, outcome: TurnOutcome, tool: str, args: dict[str, Any]) -> None:
        before = self.campaign.state
        try:
            result = self.campaign.call(tool, args)
            outcome.results.append((tool, result))
            outcome.effects_by.append(effects_of(before, tool, result))
        except ToolCallError as e:  # logged as tool_rejected by the campaign; the player is asked instead
            outcome.error = str(e)
            outcome.question = "That did not work: " + str(e).splitlines()[-1].lstrip("- ")

    def evidence(self, outcome: TurnOutcome) -> Evidence:
        """What this turn's results establish, for the guard and the gate."""
        from tools.systems import get_system

        state = self.campaign.state
        return Evidence(tuple(outcome.results), tuple(outcome.effects), get_system(state.system).vocabulary(),
                        state.system, outcome.actor, tuple(state.characters))

    # -- narration -----------------------------------------------------------------------------------------
    def messages(self, outcome: TurnOutcome, strict: bool = False) -> list[Message]:
        state = self.campaign.state
        system = load(state.system, "narrator_system.md") + "\n" + load(state.system, "narrator_style.md")
        context = [f"Scene: {state.scene or 'not set'}"]
        if outcome.actor and outcome.actor in state.characters:
            context.append(f"The player's character: {outcome.actor}")
        if self.memory is not None:
            recalled = self.memory.recall_for_prompt(self.campaign, outcome.input, outcome.actor)
            if recalled:
                context.append("What the story remembers:\n" + recalled)
        if outcome.results:
            context.append("What happened (already decided):\n" + "\n".join(
                f"- {render.prompt(r, n, e)}" for (n, r), e in zip(outcome.results, outcome.effects_by)))
        else:
            context.append("What happened: nothing needed the dice and nothing changed.")
        context.append(f'Player says: "{outcome.input}"')
        ask = "Narrate what happens."
        if strict:
            ask += " Do not write any number, roll or health change."
        return [Message("system", system), Message("user", "\n\n".join(context) + "\n\n" + ask)]

    def narrate(self, outcome: TurnOutcome, on_text: Callable[[str], None] | None) -> tuple[str, GuardReport]:
        results = [r for _, r in outcome.results]
        evidence = self.evidence(outcome)
        report = GuardReport()
        for attempt in range(2):
            guard = SentenceGuard(evidence)
            try:
                for chunk in self.backend.stream(self.messages(outcome, strict=attempt > 0), self.settings):
                    for sentence in guard.feed(chunk):
                        if on_text:
                            on_text(sentence + " ")
                    if guard.full:
                        break
                for sentence in guard.finish():
                    if on_text:
                        on_text(sentence + " ")
            except BackendError as e:
                outcome.error = str(e)
                break
            report.removed += guard.report.removed
            report.reasons += guard.report.reasons
            if guard.kept:  # whatever survived was already shown, sentence by sentence
                return guard.text, report
            report.regenerated = True
        report.fallback = True
        fallback = "; ".join(r.summary for r in results) or "Nothing happens that needs the dice."
        if on_text:
            on_text(fallback)
        return fallback, report
