"""One turn, one direction: player input → explicit command or proposal → engine executes → narration →
provenance guard and quality gate → events (and memory).

The mechanics line shown to the player is rendered by the engine from the results; the model only writes prose.
:mod:`narrator.narration` asks the model for seeded candidates, judges each with the gate (which includes the
provenance guard: no number, roll or health change the results do not contain) and shows the best that passes,
else a sentence the engine composes itself. Every step, and every rejected candidate, lands in the event log.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from memory.campaign import Campaign
from models.base import GenerationSettings, LLMBackend
from narrator.agent.evidence import Evidence
from narrator.agent.guard import GuardReport
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
    gate: dict[str, Any] | None = None  # narrator.narration.candidates.Narration.record()
    error: str | None = None
    question: str | None = None


class Agent:
    def __init__(self, campaign: Campaign, backend: LLMBackend | None, proposer, memory=None,
                 settings: GenerationSettings | None = None, narration_style: str | None = None):
        self.campaign = campaign
        self.backend = backend
        self.proposer = proposer
        self.memory = memory
        self.narration_style = narration_style  # None/"auto": fitted to the model (narrator.narration)
        self.on_progress: Callable[[int, int], None] | None = None  # candidate i of n (the screen shows it)
        self._narrator: Any = None
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
        self.campaign.say("narration", outcome.narration, guard=outcome.guard.as_dict(), gate=outcome.gate,
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
    def narrate(self, outcome: TurnOutcome, on_text: Callable[[str], None] | None) -> tuple[str, GuardReport]:
        """Best-of-N candidates through the gate, else the engine's floor (:mod:`narrator.narration`)."""
        from narrator.narration.candidates import Narrator
        from narrator.narration.context import facts_and_context, turn_seed

        if self._narrator is None or self._narrator.backend is not self.backend:
            self._narrator = Narrator(self.backend, style=self.narration_style)
        recalled = ""
        if self.memory is not None and self._narrator.profile.style == "chat":
            recalled = self.memory.recall_for_prompt(self.campaign, outcome.input, outcome.actor)
        facts, context = facts_and_context(self.campaign, outcome.input, outcome.actor, recalled)
        result = self._narrator.narrate(self.evidence(outcome), facts, context, turn_seed(self.campaign),
                                        on_text, self.on_progress)
        if result.error:
            outcome.error = result.error
        outcome.gate = result.record()
        return result.text, result.guard
