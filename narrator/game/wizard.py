"""The new-campaign wizard and the character wizard: one question at a time, every answer judged by the engine.

Why the engine judges: the rules live in the tools. After each guided answer the wizard *probes* the system's
character tool on the current table with the answers so far (and harmless placeholders for the rest) — a call
that is neither logged nor applied — and shows the tool's own :class:`ToolArgumentError` lines for the fields
already answered, then asks those again. Only the final creation is a real, logged ``campaign.call``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from narrator.memory.paths import safe_name
from narrator.game.blocks import Block
from narrator.game.rules import Step, StepError
from narrator.tools.dice import Roller
from narrator.tools.errors import NarratorError, ToolArgumentError
from narrator.tools.registry import default_registry
from narrator.tools.systems import all_systems, get_system

if TYPE_CHECKING:
    from narrator.game.context import Host

DEFAULT_CAMPAIGN = "My Campaign"


BACK = frozenset({"back", "/back", "menu"})


def campaign_system(name: str, root: Any = None) -> str | None:
    """A campaign's rules system, read from its settings without opening it (no lock taken, no backup, no check),
    only to choose which campaigns ``play --system`` offers; opening the one chosen still verifies everything.
    None when the settings cannot be read (a damaged or busy file): such a campaign is not offered by system."""
    import json
    import sqlite3

    from narrator.memory.paths import campaign_dir
    from narrator.memory.store import DB_FILE

    path = campaign_dir(name, root) / DB_FILE
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            row = conn.execute("SELECT value FROM meta WHERE key = 'system'").fetchone()
        finally:
            conn.close()
        value = json.loads(row[0]) if row else None
    except (sqlite3.Error, ValueError, TypeError, OSError):
        return None
    return value if isinstance(value, str) else None


def chose_line(concept: str, picks: list[str]) -> str:
    """What a random character's concept chose ("For a hedge witch: Survival, the Hex power, a sickle."), or that
    it chose nothing, so a player never wonders whether the concept was read at all."""
    from narrator.tools.concepts import concept_line

    return concept_line(concept, picks) or (f"Nothing in the rules matched the concept '{concept}': the dice chose "
                                            "everything.")


def _ask(session: "Host", question: str, default: str | None = None) -> None:
    session.emit(Block("prompt", question + (f" [{default}]" if default else "")))


class Wizard(Protocol):
    """What the session asks of a wizard: it takes over the input line until it is ``done``."""

    done: bool

    @property
    def prompt(self) -> str: ...

    def choices(self) -> tuple[str, ...]: ...

    def begin(self) -> None: ...

    def answer(self, text: str) -> None: ...

    def cancel(self) -> bool: ...


class CampaignWizard:
    """Resume or name a campaign, then choose its system and options, then create it."""

    def __init__(self, session: "Host", name: str | None, system: str | None, existing: list[str]):
        self.s = session
        self.name = name
        self.system = system
        self.existing = existing
        self.options: dict[str, Any] = {}
        self.steps: list[Step] = []
        self.index = 0
        self.state = "pick" if name is None and existing else "name" if name is None else "system"
        self.done = False

    # -- the questions ------------------------------------------------------------------------------------
    @property
    def prompt(self) -> str:
        return {"pick": "campaign", "name": "campaign name", "system": "system"}.get(
            self.state, self.steps[self.index].key.replace("_", " ") if self.steps else "option")

    def choices(self) -> tuple[str, ...]:
        if self.state == "pick":
            return tuple(self.existing)
        if self.state == "system":
            return tuple(s.name for s in all_systems())
        if self.state == "options" and self.steps:
            return self.steps[self.index].choices
        return ()

    def begin(self) -> None:
        if self.state == "system" and self.system:
            self._take_system(self.system)
            return
        self._ask_current()

    def _ask_current(self) -> None:
        if self.state == "pick":
            _ask(self.s, f"Campaigns here: {', '.join(self.existing)}. Type one to resume it, or a new name to "
                         "start a campaign.")
        elif self.state == "name":
            _ask(self.s, "Name your new campaign:", DEFAULT_CAMPAIGN)
        elif self.state == "system":
            listing = "; ".join(f"{i}) {s.name} — {s.title}" for i, s in enumerate(all_systems(), 1))
            _ask(self.s, f"Which rules system? {listing}", all_systems()[0].name)
        else:
            step = self.steps[self.index]
            _ask(self.s, step.question, step.default)

    def cancel(self) -> bool:
        self.s.emit(Block("info", "There is no game to go back to yet: answer the question, or /quit."))
        return False

    def answer(self, text: str) -> None:
        if self.state == "pick":
            match = next((n for n in self.existing if n.casefold() == text.strip().casefold()), None)
            if match is not None:
                self._open(match)
                return
            if not text.strip():
                self.s.emit(Block("error", "Type a campaign's name, or a new name."))
                return self._ask_current()
            self.state = "name"
        if self.state == "name":
            self._take_name(text.strip() or DEFAULT_CAMPAIGN)
        elif self.state == "system":
            self._take_system(text.strip() or all_systems()[0].name)
        else:
            self._take_option(text)

    def _take_name(self, text: str) -> None:
        try:
            name = safe_name(text)
        except NarratorError as e:
            self.s.emit(Block("error", str(e)))
            return self._ask_current()
        from narrator.memory.campaign import list_campaigns

        existing = next((n for n in list_campaigns(self.s.config.root) if n.casefold() == name.casefold()), None)
        if existing is not None:
            return self._open(existing)
        self.name = name
        self.state = "system"
        if self.system:
            return self._take_system(self.system)
        self._ask_current()

    def _take_system(self, text: str) -> None:
        systems = all_systems()
        chosen = None
        if text.isdigit() and 1 <= int(text) <= len(systems):
            chosen = systems[int(text) - 1]
        else:
            chosen = next((s for s in systems if s.name == text.lower() or s.title.lower() == text.lower()), None)
        if chosen is None:
            self.system = None
            self.s.emit(Block("error", f"Unknown system {text[:40]!r}. Choose a number or one of: "
                                       f"{', '.join(s.name for s in systems)}."))
            self.state = "system"
            return self._ask_current()
        self.system = chosen.name
        self.steps = self.s.rules_of(chosen.name).option_steps()
        self.state, self.index = "options", 0
        if len(self.steps) > 2:  # Mastery asks nine: a newcomer should know Enter is enough
            self.s.emit(Block("info", f"{len(self.steps)} questions set up this {chosen.title} campaign. Enter takes "
                                      f"the answer in [brackets]; 'defaults' takes it for every question left."))
        self._next_option()

    def _take_option(self, text: str) -> None:
        if text.strip().casefold() in DEFAULTS:
            return self._take_defaults()
        try:
            self._store(self.steps[self.index], text)
        except StepError as e:
            self.s.emit(Block("error", str(e)))
            return self._ask_current()
        self.index += 1
        self._next_option()

    def _take_defaults(self) -> None:
        """Every question left answered with its default; one that has none (and is not optional) is asked."""
        while self.index < len(self.steps):
            if _asked(self.steps[self.index], self.options):
                try:
                    self._store(self.steps[self.index], "")
                except StepError:
                    return self._ask_current()
            self.index += 1
        self._next_option()

    def _store(self, step: Step, text: str) -> None:
        """The answer ``text`` to ``step`` (its default when empty) kept among the options; raises a StepError."""
        value = _parse(step, text)
        if step.key == "options" and isinstance(value, dict):
            self.options.update(value)
        elif value is not None:
            self.options[step.key] = value

    def _next_option(self) -> None:
        while self.index < len(self.steps) and not _asked(self.steps[self.index], self.options):
            self.index += 1  # a question about a choice not made (5+'s buy points after the fixed method)
        if self.index < len(self.steps):
            return self._ask_current()
        assert self.name is not None and self.system is not None
        try:
            self.s.create_campaign(self.name, self.system, self.options)
        except NarratorError as e:
            self.s.emit(Block("error", str(e)))
            self.state, self.name, self.options = "name", None, {}
            return self._ask_current()
        self.done = True

    def _open(self, name: str) -> None:
        try:
            self.s.open_campaign(name)
        except NarratorError as e:
            self.s.emit(Block("error", str(e)))
            self.state = "name"
            return self._ask_current()
        self.done = True


def _asked(step: Step, answers: dict[str, Any]) -> bool:
    return step.ask_if is None or bool(step.ask_if(answers))


def _parse(step: Step, text: str) -> Any:
    text = text.strip()
    if not text:
        if step.default is not None:
            text = step.default
        elif step.optional:
            return None
    return step.parse(text)


DEFAULTS = frozenset({"defaults", "default", "all defaults", "the defaults", "book defaults"})
"""What takes every campaign question left at its default."""
MENU = {"g": "guided", "guided": "guided", "r": "random", "random": "random", "d": "done", "done": "done"}


class CharacterWizard:
    """Create player-characters: guided through the system's questions, or generated by the system's dice."""

    def __init__(self, session: "Host", first: bool):
        self.s = session
        self.first = first
        self.rules = session.rules
        self.steps = self.rules.creation_steps(self._options())
        self.state = "menu"
        self.queue: list[int] = []
        self.answers: dict[str, Any] = {}
        self.random: dict[str, Any] = {}
        self.done = False

    @property
    def prompt(self) -> str:
        if self.state == "guided":
            return self.steps[self.queue[0]].key
        return {"menu": "create", "random_name": "name", "random_concept": "concept"}[self.state]

    def choices(self) -> tuple[str, ...]:
        if self.state == "menu":
            return ("guided", "random", "done") if self.steps else ("random", "done")
        if self.state == "guided":
            return self.steps[self.queue[0]].choices
        return ()

    def _default(self) -> str:
        if self.s.pcs():
            return "done"
        return "guided" if self.steps else "random"

    def begin(self) -> None:
        self.state = "menu"
        how = "(g)uided, (r)andom, or (d)one" if self.steps else "(r)andom or (d)one"
        _ask(self.s, f"Create a character: {how}?", self._default())

    def cancel(self) -> bool:
        if self.state != "menu":
            self.s.emit(Block("info", "Character creation cancelled."))
            self.begin()
            return True
        if self.s.pcs() or not self.first:
            self.done = True
            return True
        self.s.emit(Block("info", "The game needs at least one player-character: choose random if in a hurry."))
        return False

    def answer(self, text: str) -> None:
        if self.state == "menu":
            self._menu(text.strip().lower() or self._default())
        elif self.state == "guided":
            self._guided(text)
        elif self.state == "random_name":
            name = text.strip()
            if not name or len(name) > 60:
                self.s.emit(Block("error", "A name of 1 to 60 characters, please."))
                return _ask(self.s, "Name?")
            self.random = {"name": name}
            self.state = "random_concept"
            _ask(self.s, "Concept in a few words (press Enter to skip)?")
        else:
            from narrator.game.concept import random_character_args

            concept = text.strip()[:200] or None
            args = self.rules.random_args(self.random["name"], concept, self._options())
            self._create(random_character_args(self.s.system, args), random=True)

    # -- menu ----------------------------------------------------------------------------------------------
    def _menu(self, word: str) -> None:
        choice = MENU.get(word)
        if choice == "guided" and not self.steps:
            choice = None
        if choice is None:
            self.s.emit(Block("error", f"Answer {', '.join(self.choices())}."))
            return self.begin()
        if choice == "done":
            if not self.s.pcs():
                self.s.emit(Block("error", "The game needs at least one player-character."))
                return self.begin()
            self.done = True
        elif choice == "random":
            self.state = "random_name"
            _ask(self.s, "Name?")
        else:
            self.state, self.answers, self.queue = "guided", {}, list(range(len(self.steps)))
            self._ask_step()

    # -- guided --------------------------------------------------------------------------------------------
    def _ask_step(self) -> None:
        """The next question whose ``ask_if`` holds of the answers so far (one that does not is left unanswered);
        the character is made when none is left."""
        while self.queue and not _asked(self.steps[self.queue[0]], self.answers):
            self.answers.pop(self.steps[self.queue.pop(0)].key, None)
        if not self.queue:
            return self._create(self.rules.creation_args(self.answers, self._options()), random=False)
        step = self.steps[self.queue[0]]
        _ask(self.s, step.ask(self.answers) if step.ask else step.question, step.default)

    def _guided(self, text: str) -> None:
        step = self.steps[self.queue[0]]
        if text.strip().casefold() in BACK:
            return self.begin()  # a newcomer who picked guided by pressing Enter can still go random
        if not self.answers and text.strip().casefold() in MENU:  # "r" at the first question: the menu was meant
            return self._menu(text.strip().casefold())  # (a guided character named "r" was made)
        try:
            value = _parse(step, text)
        except StepError as e:
            self.s.emit(Block("error", f"{e} (Type back for the menu: guided, random or done.)"))
            return self._ask_step()
        self.answers[step.key] = value
        self.queue.pop(0)
        bad = self._probe()
        if bad:
            self.s.emit(Block("error", "The rules say:\n" + "\n".join(line for _, line in bad)))
            again = self._again({k for k, _ in bad})
            self.queue = again + [i for i in self.queue if i not in again]
        self._ask_step()

    def _again(self, keys: set[str]) -> list[int]:
        """The steps to ask again for problems with ``keys``: those steps, and the answered steps that share their
        budget (:attr:`Step.shares`), in the order of the questions."""
        keys = keys | {k for st in self.steps if st.key in keys for k in st.shares if k in self.answers}
        return [i for i, st in enumerate(self.steps) if st.key in keys]

    def _options(self) -> dict[str, Any]:
        campaign = self.s.campaign
        return dict(campaign.state.options) if campaign is not None else {}

    def _probe(self) -> list[tuple[str, str]]:
        """The engine's problems with the answers so far: (step key, line) for answered steps only."""
        campaign = self.s.campaign
        assert campaign is not None
        args = self.rules.creation_args({**self.rules.creation_placeholders(self._options()), **self.answers},
                                        self._options())
        tool = get_system(campaign.system).character_tool
        try:
            default_registry().call(tool, args, Roller(0), campaign.state)
        except ToolArgumentError as e:
            return [(p.field.split(".")[0], p.line()) for p in e.problems if p.field.split(".")[0] in self.answers]
        except NarratorError as e:
            return [("name", f"- {e}")] if "name" in self.answers else []
        return []

    # -- creating ------------------------------------------------------------------------------------------
    def _create(self, args: dict[str, Any], random: bool) -> None:
        campaign = self.s.campaign
        assert campaign is not None
        system = get_system(campaign.system)
        tool = system.random_character_tool if random else system.character_tool
        try:
            result = campaign.call(tool, args)
        except ToolArgumentError as e:
            self.s.emit(Block("error", str(e)))
            keys = {p.field.split(".")[0] for p in e.problems}
            if random:
                self.state = "random_name"
                return _ask(self.s, "Name?")
            again = self._again(keys)
            if not again:
                return self.begin()
            self.queue = again
            return self._ask_step()
        except NarratorError as e:
            self.s.emit(Block("error", str(e)))
            return self.begin()
        name = getattr(result, "actor", None) or args.get("name")
        self.s.show_result(tool, result)
        if random and args.get("concept"):
            line = chose_line(args["concept"], getattr(result, "concept_picks", []))
            if not (self.s.play_mode.explains and line in map(str, getattr(result, "steps", []))):
                self.s.emit(Block("info", line))  # unless the steps just shown said it already
        if name in campaign.state.characters:
            self.s.show_sheet(name)
            if self.s.actor is None:
                self.s.actor = name
        self.begin()
