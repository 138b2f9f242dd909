"""What the game needs to know about a rules system beyond :class:`tools.systems.RulesSystem`.

Why a second seam: the engine's systems describe mechanics; the game also needs *table manners* — which questions
guided creation asks, what the status line shows, how ``/check`` names its arguments, how to show the odds of a
proposed roll before it is thrown, which worked examples ``/learn`` offers. A system without an adapter still
plays through :class:`BaseRules` (random characters, sheets as the system's own text, no previews).

Adapters live in :mod:`narrator.game.systems`, one module per system, and are found through the hook
``narrator.game_rules`` (:mod:`narrator.tools.hooks`): an entry point named for the system whose value is its
adapter, registered in ``pyproject.toml`` for the five built-in systems exactly as a plugin registers its own. The
engine never names the game (no dotted string from ``tools`` up to here). The adapter also hands out the system's
scene generators and its encounter builder, and what the beginning of a game session sets off (``session_start``).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Protocol, runtime_checkable

from narrator.tools.errors import UserError
from narrator.tools.hooks import GAME_RULES, Origin, load
from narrator.tools.odds import Odds
from narrator.tools.phrases import say
from narrator.tools.systems import get_system
from narrator.tools.table import TableState


class StepError(ValueError):
    """An answer a wizard step cannot use; the message says what to type instead."""


@dataclass(frozen=True)
class Step:
    """One wizard question. ``key`` is the argument of the system's tool the answer fills."""

    key: str
    question: str
    parse: Callable[[str], Any]
    optional: bool = False
    default: str | None = None
    choices: tuple[str, ...] = ()
    ask_if: Callable[[dict[str, Any]], bool] | None = None
    """Asked only when this holds of the answers so far (a question about a choice not made is never asked: 5+'s
    buy points only after the buy method). None: always asked."""
    ask: Callable[[dict[str, Any]], str] | None = None
    """The question from the answers so far, when it depends on them (Brew's tricks: the class already gives two, so
    the question names them and offers only the others); None: ``question``."""
    shares: tuple[str, ...] = ()
    """Later steps paid from this one's budget: when the rules send this step back, those answered are asked again
    after it (Mini Six's perks come out of the skills' 7D: a player who lowers the skills may want a perk back)."""


@dataclass(frozen=True)
class Preview:
    """The odds of a proposed roll, computed from the sheets before anything is thrown."""

    title: str
    odds: Odds
    lines: list[str] = field(default_factory=list)
    refs: list[str] = field(default_factory=list)
    result: Any = field(default=None, compare=False, repr=False)  # the scratch result of a dry run, if any


@dataclass(frozen=True)
class Lesson:
    """A worked example for ``/learn``: a pure tool, canned arguments and a fixed seed (so it reads the same); or,
    where no pure tool shows the rule (``tool`` None), the rule in words alone."""

    topic: str
    intro: str
    tool: str | None
    args: dict[str, Any]
    seed: int = 7


@runtime_checkable
class GameRules(Protocol):
    system: str
    start_combat_tool: str | None
    odds_labels: dict[str, str] | None
    """Outcomes named for people ('2' -> '+2 critical success'), wherever odds are shown; None: as the engine writes them."""
    sheet_words: tuple[str, ...]
    """What the system calls the parts of a sheet ("resistance", "perk", "trick"): "what is a resistance?" asks the
    rules, not the story (:func:`narrator.game.cmd_teach.game_terms` holds the mechanics' and resources' own)."""

    def option_steps(self) -> list[Step]: ...

    def creation_steps(self, options: dict[str, Any]) -> list[Step]: ...

    def creation_placeholders(self, options: dict[str, Any]) -> dict[str, Any]: ...

    def example_answers(self, options: dict[str, Any]) -> dict[str, str]: ...  # step key -> a valid typed answer

    def creation_args(self, answers: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]: ...

    def random_args(self, name: str, concept: str | None, options: dict[str, Any]) -> dict[str, Any]: ...

    def skills(self) -> list[str]: ...

    def resources(self, sheet: dict[str, Any]) -> str: ...

    def check_call(self, actor: str, what: str, modifier: int) -> tuple[str, dict[str, Any]]: ...

    def preview(self, state: TableState, tool: str, args: dict[str, Any]) -> Preview | None: ...

    def lessons(self) -> dict[str, Lesson]: ...

    def sheet_view(self, sheet: dict[str, Any]) -> Any: ...

    def inventory_view(self, sheet: dict[str, Any]) -> Any: ...

    def party_row(self, name: str, sheet: dict[str, Any], state: TableState) -> dict[str, str]: ...

    def scene_generators(self) -> list[Any]: ...  # narrator.game.scenes.SceneGenerator

    def encounter_builder(self) -> Any | None: ...  # narrator.game.encounters.EncounterBuilder


def parse_options(text: str) -> dict[str, Any]:
    """``KEY=VALUE`` pairs separated by spaces or commas; values are JSON when they parse, else text."""
    out: dict[str, Any] = {}
    for pair in text.replace(",", " ").split():
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise StepError(f"Write options as KEY=VALUE (got {pair[:40]!r}); press Enter for none.")
        try:
            out[key.strip()] = json.loads(value)
        except json.JSONDecodeError:
            out[key.strip()] = value
    return out


class BaseRules:
    """Defaults that work for any system: everything a specific adapter does not say differently."""

    system: str = ""
    """The system the adapter serves: an adapter names it once, as a class attribute."""
    start_combat_tool: str | None = None
    odds_labels: dict[str, str] | None = None
    sheet_words: tuple[str, ...] = ()
    scene_kinds: tuple[str, ...] = ()
    """The system's own scene generators, each as ``"module:name"`` (a :func:`narrator.game.scenes.scene` function, or
    a class to make): found when asked, so the adapter loads without the modules that hold them."""
    encounter_kind: str | None = None
    """The system's encounter builder as ``"module:Class"``; None: the system has no encounter rules."""
    lessons_from: str | None = None
    """The system's ``/learn`` lessons as ``"module:NAME"`` (a dict of topic → :class:`Lesson`), read when asked;
    None: the ``LESSONS`` of the adapter's own module, if it has any (so an adapter beside its lessons names
    nothing)."""

    def __init__(self, system: str | None = None):
        self.system = system or type(self).system
        self.start_combat_tool = get_system(self.system).start_combat_tool

    def option_steps(self) -> list[Step]:
        """Campaign options as KEY=VALUE pairs; none asked of a system that reads no options (every key would be
        refused)."""
        if get_system(self.system).campaign_options() is None:
            return []
        return [Step("options", "Campaign options as KEY=VALUE pairs (press Enter for none):", parse_options,
                     optional=True)]

    def creation_steps(self, options: dict[str, Any]) -> list[Step]:
        return []

    def creation_placeholders(self, options: dict[str, Any]) -> dict[str, Any]:
        return {}

    def example_answers(self, options: dict[str, Any]) -> dict[str, str]:
        """A valid answer, as a player would type it, to every creation step (help text and conformance tests)."""
        return {}

    def creation_args(self, answers: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in answers.items() if v is not None}

    def random_args(self, name: str, concept: str | None, options: dict[str, Any]) -> dict[str, Any]:
        return {"name": name, **({"concept": concept} if concept else {})}

    def skills(self) -> list[str]:
        return []

    def resources(self, sheet: dict[str, Any]) -> str:
        if "health" in sheet and "max_health" in sheet:
            return f"♥ {sheet['health']}/{sheet['max_health']}"
        return ""

    def check_call(self, actor: str, what: str, modifier: int) -> tuple[str, dict[str, Any]]:
        raise UserError(f"/check has no shortcut for {self.system} yet; describe the action instead.")

    def preview(self, state: TableState, tool: str, args: dict[str, Any]) -> Preview | None:
        return dry_run_preview(state, tool, args)

    def lessons(self) -> dict[str, Lesson]:
        if self.lessons_from is not None:
            return _named(self.lessons_from)
        return getattr(sys.modules[type(self).__module__], "LESSONS", {})  # the adapter's own module, loaded

    def sheet_of(self, sheet: dict[str, Any]) -> Any | None:
        """The sheet as the system's own model (its ``sheet_model``), or None when it has none or the sheet cannot
        be read as one — a view then shows the system's text (:meth:`sheet_view`) rather than fail."""
        system = get_system(self.system)
        model = system.part(getattr(system, "sheet_model", None))
        try:
            return model.model_validate(sheet) if model is not None else None
        except Exception:  # noqa: BLE001 - an unreadable sheet is shown as the system's text
            return None

    def sheet_view(self, sheet: dict[str, Any]) -> Any:
        from narrator.game.views import text_sheet

        return text_sheet(str(sheet.get("name", "?")), get_system(self.system).sheet_text(sheet))

    def inventory_view(self, sheet: dict[str, Any]) -> Any:
        from narrator.game.views import rows_table

        gear = sheet.get("gear") or []
        rows = [[str(g.get("name", "?")), str(g.get("kind", "")), str(g.get("quality", ""))] for g in gear
                if isinstance(g, dict)]
        return rows_table(f"{sheet.get('name', '?')}'s gear", ["item", "kind", "quality"], rows or [["—", "", ""]])

    def party_row(self, name: str, sheet: dict[str, Any], state: TableState) -> dict[str, str]:
        return {"name": name, "health": self.resources(sheet), "conditions": ", ".join(state.conditions.get(name, []))}

    def scene_generators(self) -> list[Any]:
        return [_made(spec) for spec in self.scene_kinds]

    def encounter_builder(self) -> Any | None:
        return _made(self.encounter_kind) if self.encounter_kind else None

    def session_start(self, campaign: Any) -> list[tuple[str, Any]]:
        """What the beginning of a game session sets off, for a book that counts sessions (once-per-session
        abilities come back, points refill): logged calls on ``campaign`` and their results, made once when play
        begins in ``narrator play``. Default: nothing."""
        return []


def with_concept_gear(args: dict[str, Any], gear_for: Callable[[str | None], list[Any]]) -> dict[str, Any]:
    """A guided character's arguments with the gear its concept names (``gear_for``: the system's reading of it)
    when the answers gave none, as a random character of that concept would carry: a guided gunslinger started with a
    belt knife, or nothing, in the systems that ask no gear question."""
    if args.get("gear") or not (gear := gear_for(args.get("concept"))):
        return args
    return {**args, "gear": [g.model_dump(mode="json", exclude_defaults=True) for g in gear]}


def _named(spec: str) -> Any:
    """What a ``"module:NAME"`` spec names, the module imported when asked."""
    import importlib

    module, _, name = spec.partition(":")
    return getattr(importlib.import_module(module), name)


def _made(spec: str) -> Any:
    """What a ``"module:name"`` spec names: an instance where it names a class, else the object itself (a scene
    written as a function is one already)."""
    found = _named(spec)
    return found() if isinstance(found, type) else found


def party_row(name: str, sheet: dict[str, Any], state: TableState, columns: dict[str, str]) -> dict[str, str]:
    """A ``/party`` row as the adapters write it: the name and whether it is an NPC, the system's own ``columns``
    in their order, then the conditions and the zone (the table's, the same for every system)."""
    return {"name": name, "kind": "NPC" if sheet.get("npc") else "PC", **columns,
            "conditions": ", ".join(state.conditions.get(name, [])), "zone": state.positions.get(name, "")}


def out_of(sheet: dict[str, Any], key: str) -> str:
    """A pool and its most, as the sheet holds them (``health`` and ``max_health``): "7/10"."""
    return f"{sheet.get(key)}/{sheet.get('max_' + key)}"


def dry_run_result(state: TableState, tool: str, args: dict[str, Any]) -> Preview | None:
    """:func:`dry_run_preview` for an adapter that goes on to read the scratch result (``Preview.result``): None
    also when the arguments cannot be read at all (a field missing or malformed, which the real call reports)."""
    from narrator.tools.errors import ToolCallError

    try:
        return dry_run_preview(state, tool, args)
    except (ToolCallError, KeyError, ValueError):
        return None


def dry_run_preview(state: TableState, tool: str, args: dict[str, Any]) -> Preview | None:
    """Any check-like tool's odds, by running it on the table with a scratch roller: nothing is logged or applied.

    Valid because the result contract makes ``odds`` the distribution *before* the roll: it never depends on the
    dice thrown. Tools without odds, and calls the engine refuses, give no preview (the real call reports).
    """
    from narrator.tools.dice import Roller
    from narrator.tools.errors import ToolCallError
    from narrator.tools.registry import default_registry

    try:
        result = default_registry().call(tool, args, Roller(0), state)
    except (ToolCallError, UserError):
        return None
    odds = getattr(result, "odds", None)
    if not isinstance(odds, Odds):
        return None
    return Preview(f"Before the roll — {doing(tool, result)}:", odds, [], list(result.rule_refs), result)


def scratch_preview(state: TableState, tool: str, args: dict[str, Any],
                    said: Callable[[list[Any]], Iterable[Any]]) -> Preview | None:
    """:func:`dry_run_result` with its lines: the scratch result's steps that ``said`` picks (what decides the odds,
    each adapter knows which), in words. None as there."""
    p = dry_run_result(state, tool, args)
    if p is not None:
        p.lines.extend(say(s) for s in said(p.result.steps))
    return p


def kept(keep: Callable[[Any], bool]) -> Callable[[list[Any]], Iterable[Any]]:
    """:func:`scratch_preview`'s ``said`` for an adapter that judges each step alone."""
    return lambda steps: filter(keep, steps)


def exact_line(what: str, exact: dict[Any, Any]) -> str:
    """A preview's line of an exact distribution beyond the odds ("Damage it may deal (exact): 1: 1/6, ...")."""
    return f"{what} (exact): " + ", ".join(f"{k}: {v}" for k, v in exact.items())


ROLLERS = ("actor", "attacker", "healer", "helper")
"""The fields a result names whoever rolls in, first found first."""


def doing(tool: str, result: Any) -> str:
    """Who rolls and for what, in words ("Tess (dodge)"), not the tool's name ("minisix_dodge")."""
    what = tool.split("_", 1)[1].replace("_", " ") if "_" in tool else tool
    who = next((v for v in (getattr(result, f, None) for f in ROLLERS) if isinstance(v, str) and v), "")
    return f"{who} ({what})" if who else what


_RUNTIME: dict[str, "GameRules"] = {}


def register_rules(system: str, rules: "GameRules") -> None:
    """The adapter of a system made at run time (a test's own, beside :func:`narrator.tools.systems.register_system`);
    an installed system registers through the ``narrator.game_rules`` hook instead."""
    if not isinstance(rules, GameRules):
        raise TypeError(f"{rules!r} is not a GameRules adapter")
    _RUNTIME[system] = rules


def _check(name: str, value: object) -> str | None:
    return None if isinstance(value, GameRules) else "it is not a GameRules adapter"


@lru_cache(maxsize=1)
def _built_in() -> tuple[tuple[str, str], ...]:
    """The game's own adapters: the module of :mod:`narrator.game.systems` named for each built-in rules system
    (read from the folders, nothing imported)."""
    import pkgutil

    from narrator.game import systems as adapters
    from narrator.tools import systems as engines

    modules = {info.name for info in pkgutil.iter_modules(adapters.__path__)}
    return tuple((info.name, f"{adapters.__name__}.{info.name}:RULES")
                 for info in sorted(pkgutil.iter_modules(engines.__path__), key=lambda i: i.name)
                 if info.ispkg and info.name in modules)


def _adapters() -> tuple:
    """The ``narrator.game_rules`` hook, with the game's own adapters as its built-ins."""
    return load(GAME_RULES, _check, _built_in())


def rules_problems() -> tuple:
    """The installed adapters that could not be loaded (``narrator systems`` lists them)."""
    return _adapters()[1]


def rules_origins() -> dict[str, Origin]:
    """Where each system's adapter comes from, by system name (``narrator systems``)."""
    found = {item.name: item.origin for item in _adapters()[0]}
    found.update({name: Origin(name, "registered at run time", target=type(rules).__module__)
                  for name, rules in _RUNTIME.items()})
    return found


def rules_for(system: str) -> GameRules:
    """The system's adapter: registered at run time, else through the ``narrator.game_rules`` hook (the game's own
    adapters are its built-ins); the defaults when there is none."""
    get_system(system)  # an unknown system is the user's error, named with the known ones
    if system in _RUNTIME:
        return _RUNTIME[system]
    installed = {item.name: item.value for item in _adapters()[0]}
    return installed[system] if system in installed else BaseRules(system)
