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

from narrator.memory.campaign import Campaign
from narrator.models.base import GenerationSettings, LLMBackend
from narrator.agent.admit import admitted
from narrator.agent.evidence import Evidence
from narrator.agent.guard import GuardReport
from narrator.tools import render
from narrator.tools.contract import ToolResult
from narrator.tools.errors import ToolCallError, player_message
from narrator.tools.notation import parse
from narrator.tools.proposals import CLARIFY, NO_ROLL, REFUSE, Proposal
from narrator.tools.systems.contract import Effect
from narrator.tools.table import TableState
from narrator.tools.phrases import summary_of


ATTACK_ON = "an attack on "
"""How a choice that attacks someone begins ("an attack on Giant Rat"); typing the name alone picks it."""


def choice_words(p: Proposal) -> str:
    """How a choice is named to the player: the variant that distinguishes it (a skill, a trait, whom an attack is
    on: "an attack on Giant Rat", not the bare name), else the tool."""
    for key in ("skill", "trait", "power", "descriptor", "approach", "zone", "defender", "target", "attribute",
                "ability", "activity", "action"):
        value = p.args.get(key)
        if isinstance(value, str) and value:
            return ATTACK_ON + value if key == "defender" else value
    return p.tool.split("_", 1)[-1].replace("_", " ")


def distinct_words(chosen: Proposal, other: Proposal) -> tuple[str, str]:
    """Both choices named so a player can tell them apart: their ``choice_words`` unless those are the same (two
    attacks on one defender), then the first argument that differs ("style unarmed" vs "style weapon"). An argument
    one of them leaves out tells nothing ("attacker None"): two choices that differ only so read the same, unless
    their tools differ — an attack is then named by whom it is on, anything else by its tool ("fight (check)")."""
    a, b = choice_words(chosen), choice_words(other)
    if a != b:
        return a, b
    for key, value in chosen.args.items():
        if other.args.get(key) != value and value is not None and other.args.get(key) is not None:
            show = (lambda v: key if v is True else f"not {key}" if v is False else f"{key} {v}")
            return f"{a} ({show(value)})", f"{b} ({show(other.args.get(key))})"
    if chosen.tool != other.tool:  # an attack and a check of one skill: "fight or fight?" told nothing
        a, b = (ATTACK_ON + p.args["defender"] if isinstance(p.args.get("defender"), str) and p.args["defender"]
                else f"{w} ({p.tool.split('_', 1)[-1].replace('_', ' ')})" for p, w in ((chosen, a), (other, b)))
    return a, b


def choice_names(choices: list[Proposal]) -> list[str]:
    """Each choice named so that no two read the same: its ``choice_words``, and where another choice has the same
    words, what tells it apart (:func:`distinct_words`: "an attack on Giant Rat (style ranged)")."""
    names = [choice_words(c) for c in choices]
    return [distinct_words(c, next(o for j, o in enumerate(choices) if j != i and names[j] == names[i]))[0]
            if names.count(names[i]) > 1 else names[i] for i, c in enumerate(choices)]


def effects_of(before: TableState, tool: str, result: ToolResult) -> list[Effect]:
    """What a result establishes, in its system's words (conditions diffed against the table it ran on)."""
    from narrator.tools.systems import get_system

    return get_system(before.system).effects(tool, result, before)

MAX_INPUT = 2000
MODEL_SOURCES = frozenset({"llm", "llm+repair"})
"""Proposals whose question back was written by the model (so it is judged); every other source is the engine's."""
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
    refusal: str | None = None
    choices: list[Proposal] = field(default_factory=list)  # close candidates the player is asked to choose among
    picked: bool = False  # the player chose the proposal among ``choices`` (the engine's reading was not taken)
    acted: str | None = None  # the words the turn acted on when not the input's ("I try again": the earlier line)

    @property
    def action(self) -> str:
        """The words the story tells: the input, or the earlier line a retry acted on."""
        return self.acted or self.input


class Agent:
    """One turn at a time. ``ask_between``: when the proposer offers a close runner-up, stop before rolling and
    return both as ``choices`` (the game asks the player; :meth:`choose` then plays the pick). Without it (the CLI)
    the most probable choice is played."""

    def __init__(self, campaign: Campaign, backend: LLMBackend | None, proposer, memory=None,
                 settings: GenerationSettings | None = None, ask_between: bool = False,
                 narration_style: str | None = None, engine_narration: bool = False, narration_profile: Any = None):
        self.campaign = campaign
        self.backend = backend
        self.proposer = proposer
        self.memory = memory
        self.ask_between = ask_between
        self.narration_style = narration_style  # None/"auto": fitted to the model (narrator.narration)
        self.engine_narration = engine_narration  # with no model, the engine's floor narrates (an evaluation's baseline)
        self.narration_profile = narration_profile  # a Profile that overrides the style's (a harvest of candidates)
        self.on_progress: Callable[[int, int], None] | None = None  # candidate i of n (the screen shows it)
        self._narrator: Any = None
        self.settings = settings or GenerationSettings(max_tokens=90, temperature=0.7,
                                                       stop=("\n\n", "Player", "Engine", "[", "Narrate"))

    # -- the turn ------------------------------------------------------------------------------------------
    def turn(self, text: str, actor: str | None = None, on_text: Callable[[str], None] | None = None) -> TurnOutcome:
        """One turn: the player's line, the proposal, the tool call and the narration, committed as one batch
        (:meth:`Campaign.batch`: one fsync for the turn), except that a model's narration comes after the rest
        is committed (:meth:`_close`)."""
        text = clean_input(text)
        if not text:
            return TurnOutcome(input="", actor=actor, proposal=None, error="Say what your character does.")
        with self.campaign.batch():
            return self._turn(text, actor, on_text)

    def _turn(self, text: str, actor: str | None, on_text: Callable[[str], None] | None) -> TurnOutcome:
        self.campaign.say("player", text, actor=actor)
        outcome = TurnOutcome(input=text, actor=actor, proposal=None)
        try:
            if DICE_ONLY.match(text) and self._is_notation(text):
                self._execute(outcome, "table_roll", {"expression": re.sub(r"^/roll\s+", "", text).strip()})
            else:
                outcome.proposal = self._proposed(outcome, text, actor)
                if self.ask_between and outcome.proposal.ask and outcome.proposal.alternatives:
                    outcome.choices = [outcome.proposal, *(Proposal.model_validate(a)
                                                           for a in outcome.proposal.alternatives)]
                    outcome.question = self.choice_question(outcome.choices)
                    self.campaign.say("note", outcome.question, choices=[c.model_dump(mode="json")
                                                                          for c in outcome.choices])
                    return outcome
                self._play(outcome)
        except Exception as e:  # noqa: BLE001 - a turn always ends with an event, whatever failed
            outcome.error = f"{type(e).__name__}: {str(e)[:200]}"
            outcome.question = outcome.question or "Something went wrong with that turn; nothing more was done."
            if isinstance(e, (KeyboardInterrupt, SystemExit)):
                raise
            self._close(outcome, on_text)
            raise
        return self._close(outcome, on_text)

    def _proposed(self, outcome: TurnOutcome, text: str, actor: str | None) -> Proposal:
        """The proposer's reading of ``text``; a line that asks for the last attempt again and names nothing to roll
        by itself plays the attempt that line was read as, again (:mod:`narrator.agent.retry`), and the story tells
        that act (``outcome.acted``)."""
        from narrator.agent.retry import asks_again, last_rolled, only_manner

        proposal = admitted(self.proposer).propose(text, self.campaign.state, actor)
        if not asks_again(text) or (proposal.needs_roll and not only_manner(text)):
            return proposal  # "more carefully this time" names no act: the router's reading of it (a sneak, on
            # one host's vectors) is not what the player asked for
        earlier = last_rolled(self.campaign, actor)
        if earlier is None:
            return proposal
        try:
            again = Proposal.model_validate({**earlier[1], "alternatives": [], "ask": False, "note": "retry"})
        except ValueError:  # a reading logged in a shape this narrator no longer reads: the line as it was read
            return proposal
        outcome.acted = earlier[0]
        replayed = getattr(self.proposer, "replayed", None)  # the game shows its odds first, as for any proposal
        if callable(replayed):
            replayed(again)
        return again

    def choose(self, outcome: TurnOutcome, index: int, on_text: Callable[[str], None] | None = None) -> TurnOutcome:
        """Play the choice the player picked among ``outcome.choices`` (the same turn: one narration closes it)."""
        picked = outcome.choices[index]
        done = TurnOutcome(input=outcome.input, actor=outcome.actor, proposal=picked, picked=True)
        with self.campaign.batch():
            try:
                self._play(done)
            except Exception as e:  # noqa: BLE001
                done.error = f"{type(e).__name__}: {str(e)[:200]}"
                self._close(done, on_text)
                raise
            return self._close(done, on_text)

    @staticmethod
    def choice_question(choices: list[Proposal]) -> str:
        words = choice_names(choices)
        return f"{' or '.join(words)}? " + "/".join(str(i) for i in range(1, len(choices) + 1))

    def _play(self, outcome: TurnOutcome) -> None:
        proposal = outcome.proposal
        assert proposal is not None
        if proposal.tool == CLARIFY:
            outcome.question = proposal.args.get("question") or "What does your character do?"
        elif proposal.tool == REFUSE:
            outcome.refusal = proposal.args.get("reason") or "That is not something a character can do in the story."
        elif proposal.tool != NO_ROLL:
            self._execute(outcome, proposal.tool, proposal.call_args)

    def _close(self, outcome: TurnOutcome, on_text: Callable[[str], None] | None) -> TurnOutcome:
        """Narrate (or not), and write the narration event that ends every turn."""
        outcome.mechanics = "\n".join(render.terminal(r, explain=False) for _, r in outcome.results)
        if outcome.refusal:
            outcome.narration = outcome.refusal
        elif outcome.question:
            outcome.narration = self.checked_question(outcome)
        elif (self.backend is not None or self.engine_narration) and not outcome.error:
            if self.backend is not None:
                self.campaign.flush()  # the roll is saved before the model, which takes seconds, tells it
            try:
                outcome.narration, outcome.guard = self.narrate(outcome, on_text)
            except Exception as e:  # noqa: BLE001 - the narration failing still ends the turn with an event
                outcome.error = f"{type(e).__name__}: {str(e)[:200]}"
                outcome.narration = self.summary(outcome)
        self.campaign.say("narration", outcome.narration, guard=outcome.guard.as_dict(), gate=outcome.gate,
                          proposal=outcome.proposal.model_dump(mode="json") if outcome.proposal else None,
                          **({"error": outcome.error} if outcome.error else {}))
        if self.memory is not None:
            self.campaign.flush()  # the memory indexes committed events only (an open checks it never ran ahead)
            self.memory.remember_turn(self.campaign, outcome)
        return outcome

    def checked_question(self, outcome: TurnOutcome) -> str:
        """A question shown to the player: model-written ones pass the same guard as narration; the engine's own
        (the router's, the admission check's, an error's) are trusted and shown unaltered. (An engine refusal is
        not a question: it is shown as ``refusal``, through :func:`tools.errors.player_message`.)"""
        from narrator.agent.guard import guard_text

        proposal = outcome.proposal
        if proposal is None or proposal.source not in MODEL_SOURCES or proposal.note.startswith("admit"):
            return outcome.question or "What does your character do?"

        text, report = guard_text(outcome.question or "", self.evidence(outcome))
        if report.removed:
            outcome.guard.removed += report.removed
            outcome.guard.reasons += report.reasons
        return text or "What does your character do?"

    @staticmethod
    def summary(outcome: TurnOutcome) -> str:
        return "; ".join(summary_of(r) for _, r in outcome.results) or "Nothing happens that needs the dice."

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
        except ToolCallError as e:
            # The raw message is logged as tool_rejected by the campaign and kept in the turn's ``error`` (for the
            # model and the log); the player reads it in plain words, with what would work, as a refusal: it is
            # the engine's own text, so it skips the narration guard, which would strip a refusal that mentions a
            # failure down to nothing and leave only "What does your character do?".
            outcome.error = str(e)
            who = next((args[k] for k in ("actor", "attacker", "healer", "medic") if isinstance(args.get(k), str)),
                       outcome.actor)
            outcome.refusal = outcome.question = player_message(e, who)

    def evidence(self, outcome: TurnOutcome) -> Evidence:
        """What this turn's results establish, for the guard and the gate."""
        return Evidence.on_table(self.campaign.state, outcome.results, outcome.effects, outcome.actor)

    # -- narration -----------------------------------------------------------------------------------------
    def narrate(self, outcome: TurnOutcome, on_text: Callable[[str], None] | None) -> tuple[str, GuardReport]:
        """Best-of-N candidates through the gate, else the engine's floor (:mod:`narrator.narration`)."""
        from narrator.narration.candidates import Narrator
        from narrator.narration.context import facts_and_context, turn_seed

        if self._narrator is None or self._narrator.backend is not self.backend:
            self._narrator = Narrator(self.backend, profile=self.narration_profile, style=self.narration_style)
        recalled = ""
        if self.memory is not None and self._narrator.profile.style == "chat":
            recalled = self.memory.recall_for_prompt(self.campaign, outcome.action, outcome.actor)
        facts, context = facts_and_context(self.campaign, outcome.action, outcome.actor, recalled)
        result = self._narrator.narrate(self.evidence(outcome), facts, context, turn_seed(self.campaign),
                                        on_text, self.on_progress)
        if result.error:
            outcome.error = result.error
        outcome.gate = result.record()
        return result.text, result.guard
