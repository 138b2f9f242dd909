"""The game without a terminal: ``GameSession.handle(line)`` → output blocks.

Why separate from the screen: every rule of play — wizards, slash commands, modes, the active character, what
is shown before and after a roll — is ordinary, synchronous Python that tests drive line by line. The session
owns the campaign (and so must live on one thread: SQLite connections belong to their thread), the agent's
parts, the mode and the wizards; it never draws anything.

Nothing is ever "unsaved": each action is a logged tool call, committed before ``handle`` returns. Bad input —
empty, huge, control characters, unknown commands — produces a message and the session goes on; a line is cleaned
and limited as the agent cleans and limits player text (:func:`narrator.agent.turn.clean_input`), by one rule.

Play modes are objects (:mod:`narrator.game.modes`): a free-text line takes one path whatever the mode, and the
session calls its mode at the moments the modes differ (before a roll, after a turn, when the turn passes on).
The agent is built once and rebuilt only when what it holds changes (a model finished loading, a memory opened).
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from narrator.memory.campaign import Campaign, list_campaigns
from narrator.agent.admit import Admitted
from narrator.agent.turn import DICE_ONLY, MAX_INPUT, TurnOutcome, clean_input
from narrator.game.blocks import Block, Sink
from narrator.game.foes import FoeTurns
from narrator.game import preferences
from narrator.game.modes import MODES, PlayMode, mode_named
from narrator.game.resources import ReadyResources, Resources
from narrator.game.rules import GameRules, rules_for
from narrator.game.turns import GameAgent
from narrator.game.wizard import CampaignWizard, CharacterWizard, Wizard, campaign_system
from narrator.tools import render
from narrator.tools.contract import ToolResult
from narrator.tools.errors import NarratorError
from narrator.tools.systems import get_system
from narrator.tools.phrases import summary_of

RECALLED = 3
"""How many memories ``/recall`` shows: the best few, as the narration's prompt gets them."""


@dataclass
class SessionConfig:
    campaign: str | None = None
    root: str | Path | None = None
    system: str | None = None
    mode: str | None = None  # None: the mode the campaign was last played in (narrator.game.preferences), else solo
    seed: int | None = None
    actor: str | None = None
    memory: bool = True
    memory_url: str | None = None
    narration: str = "auto"  # who writes the story (narrator.narration.candidates.STYLES)


class Pending(NamedTuple):
    """A turn waiting for the player to pick between two readings of their words (and the agent that asked)."""

    agent: GameAgent
    outcome: TurnOutcome


class GameSession:
    def __init__(self, config: SessionConfig, resources: Resources | None = None,
                 rulings: Callable[..., Any] | None = None):
        self.play_mode: PlayMode = mode_named(config.mode or "solo")
        self.config = config
        self.resources: Resources = resources or ReadyResources()
        self.campaign: Campaign | None = None
        self.actor: str | None = None
        self.wizard: Wizard | None = None
        self.memory: Any = None
        self.memory_note: str | None = None
        self.last: tuple[str, ToolResult] | None = None
        self.done = False
        self._rulings = rulings
        self._out: list[Block] = []
        self._sink: Sink | None = None
        self._prompt = "> "
        self._told_resources = False  # the model's load failure is said once
        self._session_begun = False  # the system's session start is played once per game session
        self.pending: Pending | None = None  # while the player picks between choices
        self._pending_action: tuple[str, int | None, str | None] | None = None  # the line that asked, for /undo
        self._line = ""  # the line being handled
        self.last_line = ""  # the line whose roll /why explains
        self.activity: str | None = None  # what the narrator is doing right now (the status line shows it)
        self._narrator: Any = None
        self._agent: GameAgent | None = None
        self._agent_parts: tuple[Any, ...] = ()  # what the agent was built with
        self.foes = FoeTurns(self)  # the NPCs' turns where no narrator plays them (solo, teach)

    @property
    def mode(self) -> str:
        """The mode's name (what the prompt, the status line and ``/help`` show)."""
        return self.play_mode.name

    # -- output ----------------------------------------------------------------------------------------------
    def emit(self, block: Block) -> None:
        if block.kind != "chunk":
            self._out.append(block)
        if self._sink is not None:
            self._sink(block)

    def info(self, text: str) -> None:
        self.emit(Block("info", text))

    def error(self, text: str) -> None:
        self.emit(Block("error", text))

    @contextmanager
    def _collect(self, sink: Sink | None) -> Iterator[list[Block]]:
        self._out, self._sink = [], sink
        try:
            yield self._out
        finally:
            self._sink = None
            self._prompt = self._current_prompt()

    # -- lifecycle -------------------------------------------------------------------------------------------
    def start(self, sink: Sink | None = None) -> list[Block]:
        """Open the campaign named in the config, or start the wizard that makes one.

        ``--system`` without ``--campaign`` is honoured: only that system's campaigns are resumed (the one, or a
        list of them to pick from); with none of that system, the wizard makes a new one of it. A campaign named
        with ``--campaign`` opens whatever its system, with a line when the flag names another."""
        with self._collect(sink) as out:
            existing = list_campaigns(self.config.root)
            name = self.config.campaign
            wanted = self.config.system
            match = next((n for n in existing if name and n.casefold() == name.strip().casefold()), None)
            has = campaign_system(match, self.config.root) if match is not None and wanted else None
            if has is not None and has != wanted:
                self.info(f"'{match}' uses {get_system(has).title}: --system only chooses the system of a new "
                          "campaign.")
            if name is None and wanted:
                others = existing
                existing = [n for n in others if campaign_system(n, self.config.root) == wanted]
                if others and not existing:
                    self.info(f"No campaign here uses {get_system(wanted).title} yet ({', '.join(others)} "
                              f"use{'s' if len(others) == 1 else ''} another system).")
            if match is None and name is None and len(existing) == 1:
                match = existing[0]
            if match is not None:
                try:
                    self.open_campaign(match)
                except NarratorError as e:
                    self.error(str(e))
                    self._begin(CampaignWizard(self, None, self.config.system, existing))
                else:
                    self._after_campaign()
            else:
                self.info("Welcome to narrator. Let us set up a new campaign." if name or not existing
                          else "Welcome back.")
                self._begin(CampaignWizard(self, name, self.config.system, existing))
            return list(out)

    def close(self) -> None:
        """Close the campaign (its log is already committed), the memory and the model; safe to call twice."""
        for part in (self.memory, self.resources):
            if part is not None and callable(getattr(part, "close", None)):
                try:
                    part.close()
                except Exception:  # noqa: BLE001 - closing must not fail the exit
                    pass
        self.memory = None
        if self.campaign is not None:
            self.campaign.close()
            self.campaign = None
        self.done = True

    def open_campaign(self, name: str) -> None:
        self.campaign = Campaign.open(name, self.config.root)
        self.info(f"Opened '{self.campaign.name}' ({get_system(self.campaign.system).title}, "
                  f"{self.campaign.store.last_seq()} events).")
        for warning in self.campaign.store.warnings:  # a log shorter than its newest backup is never silent
            self.error(warning)

    def create_campaign(self, name: str, system: str, options: dict[str, Any]) -> None:
        self.campaign = Campaign.new(name, system, options, self.config.seed, self.config.root)
        self.info(f"Created '{self.campaign.name}' ({get_system(system).title}) at {self.campaign.store.directory}.")

    def _begin(self, wizard: Wizard) -> None:
        self.wizard = wizard
        wizard.begin()
        self._wizard_check()

    def _wizard_check(self) -> None:
        """Move on when the current wizard has finished (a wizard may finish inside ``begin``)."""
        while self.wizard is not None and self.wizard.done:
            finished, self.wizard = self.wizard, None
            if isinstance(finished, CampaignWizard):
                self._after_campaign()
            else:
                self._enter_play()

    def _after_campaign(self) -> None:
        self._warm_router()
        if self.pcs():
            self._enter_play()
        else:
            self.info("Now the player-characters.")
            self._begin(CharacterWizard(self, first=True))

    def _warm_router(self) -> None:
        """Read or train the router's classifier for this campaign's system on a background thread: in a new home
        it trains on first use (seconds), which the player's first line would otherwise wait for; meanwhile the
        player makes a character. A proposer without a classifier (a scripted one) has nothing to warm."""
        system, resources = self.campaign.system, self.resources

        def warm() -> None:
            if not resources.wait(timeout=600):
                return
            proposer = resources.proposer
            for part in (proposer, getattr(proposer, "fallback", None), getattr(proposer, "router", None)):
                model = getattr(part, "model", None)
                if callable(model):
                    try:
                        model(system)
                    except Exception:  # noqa: BLE001 - the first line trains it again and reports what fails
                        pass
                    return

        threading.Thread(target=warm, name="narrator-router-warm", daemon=True).start()

    def _enter_play(self) -> None:
        assert self.campaign is not None
        wanted = self.actor or self.config.actor
        if wanted:
            try:
                self.actor = self.campaign.state.find(wanted)
            except NarratorError:
                self.error(f"There is no character named {wanted!r} here.")
                self.actor = None
        if self.actor is None and self.pcs():
            self.actor = self.pcs()[0]
        if self.config.memory and self.memory is None and self.memory_note is None:
            from narrator.game.memory_bridge import open_memory

            self.memory, self.memory_note = open_memory(self.campaign, self.config.memory_url)
            if self.memory_note:
                self.info(self.memory_note)
        self._begin_session()
        if self.config.mode is None:
            remembered = preferences.load(self.campaign.store.directory).get("mode")
            if remembered in MODES:
                self.play_mode = MODES[remembered]
        self._remember_mode()
        who = f" as {self.actor}" if self.actor else ""
        self.info(f"Playing '{self.campaign.name}' in {self.mode} mode{who}. {self.play_mode.hint} "
                  "/help lists every command.")
        self.play_mode.enter(self)

    def recap(self) -> None:
        """Where the story stands: the scene, then the last thing narrated (a resumed solo game says it)."""
        campaign = self._open()
        if campaign.state.scene:  # a game begun in teach mode may have none
            self.info(f"Where you are: {campaign.state.scene}")
        recent = campaign.effective_tail(campaign.store.events(after=max(0, campaign.store.last_seq() - 200)))
        last = next((e.payload.get("text") for e in reversed(recent) if e.kind == "narration"), None)  # not undone
        if isinstance(last, str) and last.strip():
            self.info(f"Last time: {last.strip()}")
        ini = campaign.state.initiative
        if ini.active:  # a resumed fight said only its last blow, and the status line "round 5"
            from narrator.agent.evidence import role_names
            from narrator.agent.extract import standing_npcs
            from narrator.narration.floor import story_name

            roles = role_names(campaign.state)
            foes = [story_name(n, roles) for n in standing_npcs(campaign.state, self.actor)]
            turn = "your turn" if ini.current == self.actor else f"{ini.current}'s turn"
            self.info(f"A fight is on: round {ini.round}, {turn}"
                      + (f"; still standing against you: {', '.join(foes)}." if foes else "."))

    def _begin_session(self) -> None:
        """A game session begins when play does: the rules system's ``session_start`` (if its adapter has one) is
        played once, every call logged like any other."""
        if self._session_begun or self.campaign is None:
            return
        self._session_begun = True
        start = getattr(self.rules, "session_start", None)
        if start is None:
            return
        try:
            for tool, result in start(self.campaign):
                self.show_result(tool, result, own=False)
        except NarratorError as e:
            self.error(f"The session could not begin as the rules say: {e}")

    # -- lines -----------------------------------------------------------------------------------------------
    def handle(self, line: str, sink: Sink | None = None) -> list[Block]:
        with self._collect(sink) as out:
            self._handle(line)
            return list(out)

    def _handle(self, line: str) -> None:
        from narrator.game.cmd_teach import answer_rules_question
        from narrator.game.command_set import hint_for, run_command

        if self.done:
            self.info("The session is closed.")
            return
        if len(line) > MAX_INPUT:  # refused whole rather than silently cut
            self.error(f"That line is {len(line)} characters long; the limit is {MAX_INPUT}. Nothing was done.")
            return
        text = clean_input(line)
        self._line = text
        since = self.campaign.store.last_seq() if self.campaign is not None else None
        action = (text, since, self.actor)  # what /undo takes back as one unit (memory.actions)
        if self.pending is not None and not text.startswith("/") and self._pick(text):
            action = self._pending_action or action
        elif text.startswith("/") and len(text) > 1:
            run_command(self, text)
            if text.split()[0].lower() == "/undo":
                action = None
        elif self.wizard is not None:
            self.wizard.answer(text)
            action = (self._made_since(since) or text, since, self.actor)
        elif not text:
            self.info("Say what your character does, or type /help.")
        elif text.strip(" .!").lower() in ("look", "l") and self.campaign is not None and self.state.scene:
            self.recap()  # a bare "look" asked to clarify; it is a look at where the story stands
            self.info("(To search for what is hidden, say so: \"I look around the room\".)")
        elif (hint := hint_for(text)) is not None:
            self.info(hint)
        elif not answer_rules_question(self, text):
            self._turn(text)
            if self.pending is not None:
                self._pending_action = action
        self._say_party_down(since)
        self._skip_blocked()
        self._mark(action)
        self._wizard_check()

    def _made_since(self, since: int | None) -> str:
        """What a wizard's answer made, in the engine's words ("Created Aria: brain 4, ..."): the name /undo and the
        export give the action, where the answer itself ("greed", the last question's) would mean nothing."""
        if since is None or self.campaign is None:
            return ""
        made = [summary_of(e.payload["result"]) for e in self.campaign.store.events(after=since)
                if e.kind == "tool_call"]
        return "; ".join(m for m in made if m)

    def _mark(self, action: tuple[str, int | None, str | None] | None) -> None:
        from narrator.memory.actions import mark_action

        if action is None or action[1] is None or self.campaign is None:
            return
        try:
            mark_action(self.campaign, *action)
        except Exception:  # noqa: BLE001 - a marker that cannot be written leaves undo on its fallback
            pass

    def _say_party_down(self, since: int | None) -> None:
        """A total-party kill the line just caused (the engine logged a ``party_down`` event) is said after it."""
        if since is None or self.campaign is None or self.campaign.store.last_seq() == since:
            return
        for e in self.campaign.store.events(after=since):
            if e.kind == "party_down":
                self.error(f"{e.payload.get('text', 'Total-party kill.')} /undo takes the last action back; "
                           "/quit ends the session.")

    def cancel_wizard(self) -> bool:
        if self.wizard is None:
            return False
        self.wizard.cancel()
        self._wizard_check()
        return True

    # -- a free-text turn --------------------------------------------------------------------------------------
    def _turn(self, text: str) -> None:
        if self.campaign is None:
            self.error("There is no campaign open.")
            return
        if not self.pcs():
            self.error("There is no player-character yet: /character creates one.")
            return
        agent = self._ready_agent()
        if agent is None:
            return
        if DICE_ONLY.match(text):  # a bare roll: the agent throws it without a proposal
            self.play_mode.before_roll(self, "table_roll", {"expression": re.sub(r"^/roll\s+", "", text)})
        speaker = self.play_mode.speaker(self, text)
        outcome, streamed = self._played(lambda stream: agent.turn(text, actor=speaker, on_text=stream))
        if outcome.choices:
            self._offer(agent, outcome)
            return
        self._after_turn(outcome, streamed, text)

    def _ready_agent(self) -> GameAgent | None:
        """The agent for the next turn, or None with a line saying why there is none yet. Built once; rebuilt when
        what it holds changes (the campaign, the model that finished loading, the proposer, the memory)."""
        from narrator.game.cast import CastingProposer
        from narrator.game.turns import PreviewProposer

        if not self.resources.ready():
            progress = self.resources.progress()
            pct = f" ({progress * 100:.0f}%)" if progress is not None else ""
            self.info(f"The narrator is still {self.resources.label()}{pct}. Your line was not played: press ↑ to "
                      "bring it back in a moment. Slash commands work meanwhile.")
            return None
        if self.resources.error and not self._told_resources:
            self._told_resources = True
            self.error(self.resources.error)
        try:
            proposer = self.resources.proposer
        except Exception as e:  # noqa: BLE001 - the router failing to load must not end the session
            self.error(f"The action proposer is not available ({e}); slash commands still work.")
            return None
        if proposer is None:
            self.error("The action proposer is not available; slash commands still work.")
            return None
        parts = (self.campaign, self.resources.backend, proposer, self.memory)
        if self._agent is None or any(a is not b for a, b in zip(parts, self._agent_parts)):
            # story people the words act on are cast onto the table first; the proposal then passes the admission
            # check, then the mode before its roll is thrown (teach shows the odds: a reading the check sets aside,
            # an everyday line's check, was previewed and then not rolled)
            cast = CastingProposer(proposer, lambda: self.engine.state, self._cast)
            proposing = PreviewProposer(Admitted(cast), lambda tool, args, circumstance: self.play_mode.before_roll(
                self, tool, args, circumstance))
            self._agent = GameAgent(self.campaign, self.resources.backend, proposing, memory=self.memory,
                                    on_result=self.show_result, ask_between=True,
                                    narration_style=self.config.narration,
                                    engine_narration=self.config.narration == "engine")  # asked for, model or not
            self._agent.on_progress = self._progress
            self._agent_parts = parts
        return self._agent

    def _played(self, play: Callable[[Callable[[str], None]], TurnOutcome]) -> tuple[TurnOutcome, str]:
        """Run one turn of the agent (``play`` is given the stream its narration flows through), the narration
        streamed onto the screen as it comes; the outcome and what streamed (for an outcome without narration)."""
        streamed: list[str] = []

        def stream(piece: str) -> None:
            streamed.append(piece)
            self.emit(Block("chunk", piece))

        try:
            outcome = play(stream)
        finally:
            self.activity = None
        return outcome, "".join(streamed)

    def _cast(self, name: str, tool: str, args: dict[str, Any]) -> None:
        """A story person the player acts on steps onto the table (see :mod:`narrator.game.cast`)."""
        self.info(f"{name} steps into play as an NPC, so the rules have a sheet to test against (/sheet {name}).")
        self.call(tool, args, preview=False, own=False)

    def _offer(self, agent: GameAgent, outcome: TurnOutcome) -> None:
        """The words fit two rolls about equally: show both with their odds and let the player pick."""
        from narrator.agent.turn import choice_names

        lines = []
        for i, (choice, name) in enumerate(zip(outcome.choices, choice_names(outcome.choices)), 1):
            p = self.rules.preview(self.campaign.state, choice.tool, dict(choice.call_args)) if self.campaign else None
            known = p is not None and p.odds.p_success is not None
            odds = f" — P(success) {render.percent(p.odds.p_success, 0)}" if known else ""
            lines.append(f"{i}. {name}{odds}")
        self.pending = Pending(agent, outcome)
        self.emit(Block("prompt", f"{outcome.question}\n" + "\n".join(lines)))

    def _pick(self, text: str) -> bool:
        """Answer a pending choice ("1", "2" or a word of it); anything else drops the choice and plays as usual."""
        from narrator.agent.turn import ATTACK_ON, choice_names

        agent, outcome = self.pending
        self.pending = None
        word = text.strip().lower()
        names = [n.lower() for n in choice_names(outcome.choices)]
        short = [n.removeprefix(ATTACK_ON) for n in names]  # "Giant Rat" picks "an attack on Giant Rat"
        index = int(word) - 1 if word.isdigit() and 1 <= int(word) <= len(names) else \
            names.index(word) if word in names else short.index(word) if word in short else None
        if index is None:
            self.info("(The choice was left; playing your new line.)")
            return False
        self._line = outcome.input
        picked = outcome.choices[index]
        self.play_mode.before_roll(self, picked.tool, dict(picked.call_args), picked.args.get("circumstance"))
        done, streamed = self._played(lambda stream: agent.choose(outcome, index, on_text=stream))
        self._after_turn(done, streamed, outcome.input)
        return True

    def _after_turn(self, outcome: TurnOutcome, streamed: str, text: str) -> None:
        if outcome.acted:
            from narrator.narration.voice import own_act

            self.info(f"(Trying again: {own_act(outcome.acted, outcome.actor)})")
        self.play_mode.read_as(self, outcome)
        story = outcome.question or outcome.narration.strip() or streamed.strip()
        if story:
            self.emit(Block("narration", story))  # closes the streamed block on screen with the final text
        elif self.resources.backend is None and not outcome.results:
            self.info("Nothing to roll. (No narrator model is loaded, so the engine only answers with dice.)")
        if outcome.error and not outcome.question:
            self.error(f"The narrator's model failed ({outcome.error}); the engine's summary stands in.")
        self.play_mode.after_turn(self, outcome, text)

    def _progress(self, i: int, n: int) -> None:
        self.activity = f"narrating {i}/{n}"

    # -- solo scenes -------------------------------------------------------------------------------------------
    def frame_scene(self, kind: str = "next") -> None:
        """Frame a scene from the oracle tables (a logged ``story_scene`` call) and tell it: the engine's framing
        (where you are, what is going on, who is here, the hook — always, so the player knows where they are),
        then the model's best candidate when one passes the gate. Logged and remembered."""
        from narrator.agent.evidence import Evidence, known_names
        from narrator.narration.candidates import Narrator
        from narrator.narration.context import facts_and_context, turn_seed

        from narrator.narration.floor import compose

        campaign = self._open()
        result = campaign.call("story_scene", {"kind": kind})
        self.last = ("story_scene", result)  # /why shows the oracle rolls behind the scene
        backend = self.resources.backend if self.resources.ready() else None
        if self._narrator is None or self._narrator.backend is not backend:
            self._narrator = Narrator(backend, style=self.config.narration)
        facts, context = facts_and_context(campaign, "look around", self.actor)
        evidence = Evidence((("story_scene", result),), (), get_system(campaign.system).vocabulary(),
                            campaign.system, self.actor, known_names(campaign.state))
        framing = compose(evidence, "look around", campaign.state.scene, None, turn_seed(campaign))[0]
        self.activity = "framing the scene"
        try:
            told = self._narrator.narrate(evidence, facts, context, turn_seed(campaign),
                                          on_progress=self._progress, lead=framing)
        finally:
            self.activity = None
        text = {"model": f"{framing} {told.text}", "colour": f"{framing} {told.colour}"}.get(told.source, framing)
        self.emit(Block("narration", text))
        campaign.say("narration", text, gate=told.record(), scene=kind, framing=framing)
        if self.memory is not None:
            try:
                self.memory.remember_turn(campaign)
            except Exception:  # noqa: BLE001 - the memory is derived; the next open catches up
                pass

    # -- what commands may touch (narrator.game.context.Play) ---------------------------------------------------
    @property
    def has_campaign(self) -> bool:
        return self.campaign is not None

    def _open(self) -> Campaign:
        if self.campaign is None:
            raise NarratorError("There is no campaign open.")
        return self.campaign

    @property
    def engine(self) -> Campaign:
        return self._open()

    @property
    def state(self):
        return self._open().state

    @property
    def system(self) -> str:
        return self._open().system

    @property
    def campaign_name(self) -> str:
        return self._open().name

    def say(self, kind: str, text: str, **extra: Any) -> int:
        return self._open().say(kind, text, **extra)

    def events(self):
        return self._open().events()

    def history(self):
        campaign = self._open()
        return campaign.effective_events(campaign.store.events())

    def event_count(self) -> int:
        return self._open().store.last_seq()

    def undo(self):
        """Undo the player's last action as a unit (:mod:`memory.actions`): its line, its rolls, the bookkeeping it
        caused and its narration. The character who spoke speaks again; /why falls back to the last roll kept."""
        from narrator.memory.actions import undo_action

        campaign = self._open()
        self.pending = None
        undone = undo_action(campaign)
        if undone is None:
            return None
        if undone.actor in campaign.state.characters:
            self.actor = undone.actor
        if self.actor is not None and self.actor not in campaign.state.characters:
            self.actor = self.pcs()[0] if self.pcs() else None
        self.last = None
        return undone

    def backup(self) -> Path:
        return self._open().store.backup()

    def export(self, path: Path | None) -> tuple[Path, int, int]:
        """Write the session as Markdown; (the file, its lines, the rolls in it)."""
        from narrator.memory.export import export_markdown

        campaign = self._open()
        default = f"{campaign.name}-session.md"
        path = campaign.store.directory / default if path is None else path / default if path.is_dir() else path
        text = export_markdown(campaign)
        try:
            path.write_text(text, encoding="utf-8")
        except OSError as e:
            raise NarratorError(f"Could not write {path}: {e.strerror or e}") from None
        rolls = sum(1 for e in campaign.events() if e.kind == "tool_call" and e.payload["result"].get("dice"))
        return path, len(text.splitlines()), rolls

    def result_of(self, event) -> ToolResult:
        return self._open().result_of(event)

    def set_mode(self, mode: str) -> None:
        if mode not in MODES:
            raise NarratorError(f"Choose a mode: {', '.join(MODES)} (now {self.mode}).")
        self.play_mode = MODES[mode]
        self._remember_mode()
        self.info(self.play_mode.hint)

    def _remember_mode(self) -> None:
        """The mode is the campaign's next session's too (unless ``--mode`` says otherwise); a folder that cannot
        be written only loses the preference."""
        if self.campaign is None:
            return
        try:
            preferences.save(self.campaign.store.directory, mode=self.play_mode.name)
        except OSError:
            pass

    def start_character_wizard(self) -> None:
        self._begin(CharacterWizard(self, first=False))

    def resume_hint(self) -> str:
        where = f' --campaign-dir "{self.config.root}"' if self.config.root else ""
        return f'narrator{where} play --campaign "{self.campaign_name}"'

    def run_foes(self) -> None:
        """No narrator (solo, teach): the NPCs act on their turns until a player-character's comes round
        (:mod:`.foes`)."""
        self.foes.run()

    def loses_turn(self, name: str) -> None:
        self.foes.loses_turn(name)

    def _skip_blocked(self) -> None:
        """After a line, a turn that cannot be played as it stands is passed on, as the mode does it
        (:meth:`narrator.game.modes.PlayMode.skip_blocked`); never while a wizard or a question waits."""
        if self.campaign is None or self.wizard is not None or self.pending is not None:
            return
        self.play_mode.skip_blocked(self)

    # -- shared helpers for commands and wizards -----------------------------------------------------------------
    @property
    def rules(self) -> GameRules:
        return rules_for(self._open().system)

    @staticmethod
    def rules_of(system: str) -> GameRules:
        return rules_for(system)

    def pcs(self) -> list[str]:
        if self.campaign is None:
            return []
        return [n for n, s in self.campaign.state.characters.items() if not s.get("npc")]

    def names(self) -> list[str]:
        return list(self.campaign.state.characters) if self.campaign is not None else []

    def call(self, tool: str, args: dict[str, Any], preview: bool = True, explain: bool | None = None,
             own: bool = True) -> ToolResult:
        """One logged tool call: what the mode does before a roll (teach: the odds), then the result as the mode
        shows results."""
        assert self.campaign is not None
        if preview:
            self.play_mode.before_roll(self, tool, args)
        result = self.campaign.call(tool, args)
        self.show_result(tool, result, explain, own)
        return result

    def preview(self, tool: str, args: dict[str, Any]) -> None:
        """Show the exact odds of a roll before it is thrown (teach mode), if the rules can compute them."""
        from narrator.game.views import odds_view

        if self.campaign is None:
            return
        if tool == "table_roll":
            p = _roll_preview(str(args.get("expression", "")))
        else:
            p = self.rules.preview(self.campaign.state, tool, args)
        if p is not None:
            self.emit(Block.of("odds", odds_view(p.odds, p.title, p.lines, p.refs, self.rules.odds_labels)))

    def show_result(self, tool: str, result: ToolResult, explain: bool | None = None, own: bool = True) -> None:
        """Teach mode (or ``explain``): every step, the odds and the citations; otherwise the one-line summary.
        /why explains the player's last *roll* (``own``: a result with dice the player's line asked for), never what
        followed it (a fight starting, the NPCs' turns, a turn passing, a story person cast onto the table)."""
        if own and getattr(result, "dice", None):
            self.last = (tool, result)
            self.last_line = self._line
        if explain if explain is not None else self.play_mode.explains:
            self.emit(Block("explain", render.terminal(result, tool, labels=self.rules.odds_labels)))
        else:
            self.emit(Block("mechanics", render.terminal(result, tool, explain=False)))

    def show_sheet(self, name: str) -> None:
        assert self.campaign is not None
        sheet = self.campaign.state.characters[name]
        self.emit(Block.of("view", self.rules.sheet_view(sheet)))

    def remembered(self, question: str) -> tuple[list[str], str | None]:
        if self.memory is None:
            return [], self.memory_note or "The campaign memory is off in this game (--no-memory)."
        try:
            found = self.memory.recall(self.campaign, question, self.actor, k=RECALLED)
        except Exception as e:  # noqa: BLE001 - a failing memory must not end the session
            return [], f"The campaign memory could not be searched ({type(e).__name__}: {e})."
        return [m.line() for m in found], None

    def rulings(self) -> tuple[Callable[..., Any] | None, str | None]:
        """The rulings source (given, the campaign memory's, or the rulebook index's) or why there is none."""
        if self._rulings is not None:
            return self._rulings, None
        from narrator.game.memory_bridge import find_rulings

        fn, why = find_rulings(self.memory)
        self._rulings = fn
        return fn, why

    # -- what the screen asks ----------------------------------------------------------------------------------
    @property
    def prompt(self) -> str:
        """The input line's prompt as of the last line handled (a snapshot: the screen reads it from another
        thread while the session may be half-way through the next line)."""
        return self._prompt

    def _current_prompt(self) -> str:
        if self.done:
            return "> "
        if self.wizard is not None:
            return f"{self.wizard.prompt}> "
        return f"{self.actor or self.mode}> "

    def status(self) -> list[tuple[str, str]]:
        """(style, text) parts of the status line; read from the in-memory table, safe from any thread."""
        campaign = self.campaign
        if campaign is None:
            return [("bold", " narrator "), ("", " new campaign ")]
        state = campaign.state
        parts = [("bold", f" {campaign.name} "), ("", f" {self.mode} ")]
        if state.story.place or state.scene:
            scene = state.story.place or state.scene
            scene = scene if len(scene) <= 40 else scene[:39] + "…"
            chaos = f" · chaos {state.story.chaos}" if state.story.place else ""
            parts.append(("", f" {scene}{chaos} "))
        if self.activity:
            parts.append(("", f" {self.activity}… "))
        actor = self.actor
        if actor and actor in state.characters:
            parts.append(("bold", f" {actor} {rules_for(campaign.system).resources(state.characters[actor])} "))
        ini = state.initiative
        if ini.active and ini.current:
            parts.append(("bold", f" round {ini.round}: {ini.current}'s turn "))
        return parts


def _roll_preview(expression: str) -> Any:
    from narrator.game.rules import Preview
    from narrator.tools.notation import expression_odds, parse

    try:
        odds = expression_odds(parse(expression))
    except NarratorError:
        return None
    if odds is None:
        return None
    return Preview(f"Before the roll — {expression}:", odds, ["The exact distribution of the total."])
