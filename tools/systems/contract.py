"""The rules-system contract: everything a rules system gives the rest of narrator, in one place.

Shared code (the table, the agent, the guard, memory, the game) knows a system only through :class:`RulesSystem`.
A new system is a package under :mod:`tools.systems` whose ``SYSTEM`` satisfies it — usually by subclassing
:class:`SystemBase`, which supplies defaults for everything optional — plus data files under ``prompts/<name>/``
and a game adapter it names by dotted path. Nothing outside the package, its prompts and its adapter changes.

:class:`SystemBase` reads the parts every system has from the package's own modules, by the names the systems share
(``proposals.SPECS`` and ``proposals.router_examples``, ``examples.WORKED_EXAMPLES``, ``tactics.npc_turn``,
``sheet_view.sheet_text``) and from two declarations (``options_model``, ``sheet_model``): five systems once wrote
the same eight methods each to say where those parts were, so a fix to that glue is made once here and a new
system writes only its rules. The table glue is shared the same way, a system passing its rules as a parameter or
a small hook: :mod:`tools.table_people` (the tools that seat a made, random or NPC character),
:mod:`tools.table_sheets` (a sheet read off the table), :mod:`tools.table_fights` (who fights, where a latecomer
joins), :mod:`tools.table_tactics` (a foe's step toward its target), :class:`tools.turns.ConditionEdits` (condition
changes and their timers), :func:`tools.draws.pick` (a generator's choice by dice). ``tests/coin_system`` is the
smallest system written on them.

What a system provides (``tests/tools/systems/test_conformance.py`` checks every registered system):

* identity — ``name`` (tool prefix, CLI flag), ``title``, ``rulebook`` (file name) and ``rulebook_dir`` (None:
  the shared rulebooks folder), ``order`` (the wizard lists systems by it; the lowest is the default).
* mechanics — ``tools()``: pure tools and table tools, found in the package's modules (nothing lists them).
* people — ``character_tool`` / ``random_character_tool`` / ``npc_tool`` (table tools that add a sheet; named
  ``<name>_add_character`` … unless the system says otherwise) and ``npc_args(concept, level, name)``: the NPC
  tool's arguments for a system-neutral power level 1–5 (:data:`POWER_LEVELS`); ``sheet_problems`` /
  ``sheet_text``; ``sample_party()`` for evaluations and tests.
* fights — ``start_combat_tool`` (``<name>_start_combat`` unless the system says otherwise; None: no fights),
  ``join_combat_tool`` (``<name>_join_combat``: who arrives while a fight runs joins it) and
  ``start_combat_args(combatants)``; ``actions_per_turn(state, actor)``;
  ``on_turn_start(state, actor, roller)`` for what a turn's beginning sets off (a nerve test, a bleed);
  ``npc_turn(state, name)``: what a foe does on its turn in solo play (the calls, never the dice).
* the agent — ``proposals()`` (what may be proposed, number-free), ``router_examples()`` (labelled anchors from
  the rulebook), ``circumstances()`` (the words a proposal uses for advantage → the book's modifiers).
* honesty — ``vocabulary()``: the sheet fields that are resources (health, pools, money, injuries…) with which
  way is better and when their bearer is down, the items field, the mechanics words of the book, the outcome
  labels and the names of its traits and skills (``stats``); the numbers of a result are read from the result
  itself (``ToolResult.facts()``, :mod:`tools.facts`); ``effects(tool, result, before)`` turns a result's ops into :class:`Effect` s (harmed, healed, downed, spent,
  gained…) that the guard, the gate and the narration prompt read instead of assuming "health".
* the table — ``conditions()``: what each condition does (blocks acting or moving, a modifier, when it ends);
  ``downed_condition``; ``table_citations`` for the shared table tools (zones, moves) in this book.
* teaching and rulings — ``worked_examples()``: canned arguments for pure tools (``narrator rules``).
* files — ``prompts_dir``, laid out by kind as ``prompts/README.md`` says (``examples/``, ``training/``, ``lexicon/``,
  ``out_of_game/``, ``narration/``; the names in :mod:`prompts`); ``prompts/<name>/``, or ``<rulebook_dir>/prompts/``
  for a system that keeps its own rulebook folder.
* the game — not here: its adapter registers through the hook ``narrator.game_rules`` (:mod:`narrator.tools.hooks`).
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field

from narrator.tools.effects import Effect, Resource, Vocabulary, effects_from_changes  # noqa: F401  (the contract's words)
from narrator.tools.steps import Step

if TYPE_CHECKING:
    from narrator.tools.contract import ToolResult
    from narrator.tools.dice import Roller
    from narrator.tools.table import TableState
    from narrator.tools.tool import Tool

PROMPTS_ROOT = Path(__file__).resolve().parents[2] / "prompts"

POWER_LEVELS: dict[int, str] = {1: "weak", 2: "ordinary", 3: "capable", 4: "veteran", 5: "legendary"}
"""The system-neutral power level of an NPC: each system maps it onto its own scale (Minim: tier = level)."""

PEOPLE_TOOLS: dict[str, str] = {"character_tool": "add_character", "random_character_tool": "add_random_character",
                                "npc_tool": "add_npc"}
"""The seating tools' names after the system's (``<name>_<suffix>``), by the attribute that names each."""

CIRCUMSTANCES: tuple[str, ...] = ("big advantage", "small advantage", "none", "small disadvantage",
                                  "big disadvantage")
"""The qualitative circumstance words a proposal may use; each system maps them onto its own modifiers."""


class ConditionRule(BaseModel):
    """What a condition does at the table, enforced by the engine (:mod:`tools.turns`), not left to narration.

    ``ends`` — when a condition added with its defaults goes away: ``removed`` (only by a tool), ``start_of_turn``
    or ``end_of_turn`` of its bearer's next turn, ``end_of_round``.
    """

    model_config = ConfigDict(frozen=True)

    name: str
    blocks_action: bool = False
    blocks_move: bool = False
    modifier: int = 0
    ends: Literal["removed", "start_of_turn", "end_of_turn", "end_of_round"] = "removed"
    meaning: str = ""
    rule_ref: str | None = None


class TurnStart(BaseModel):
    """A system's reaction to a turn beginning: the dice it rolled, lines explaining them, and table ops."""

    model_config = ConfigDict(frozen=True)

    dice: list[Any] = Field(default_factory=list)
    steps: list[Step | str] = Field(default_factory=list)
    changes: list[Any] = Field(default_factory=list)
    rule_refs: list[str] = Field(default_factory=list)
    summary: Step | str = Field("", description="What came of it in one line, added to the turn's summary (the line a "
                         "player reads); empty when nothing happened.")


# --- the protocol -------------------------------------------------------------------------------------------------


@runtime_checkable
class RulesSystem(Protocol):
    """What the rest of the project may know about a rules system — nothing more. See the module docstring."""

    name: str
    title: str
    rulebook: str
    rulebook_dir: Path | None
    order: int
    character_tool: str
    random_character_tool: str
    npc_tool: str
    start_combat_tool: str | None
    join_combat_tool: str | None
    downed_condition: str
    table_citations: dict[str, list[str]]
    prompts_dir: Path

    def tools(self) -> list["Tool"]: ...

    def proposals(self) -> list: ...

    def router_examples(self) -> list[tuple[str, str]]: ...

    def circumstances(self) -> dict[str, int]: ...

    def npc_args(self, concept: str, level: int | None = None, name: str | None = None) -> dict[str, Any]: ...

    def start_combat_args(self, combatants: list[str]) -> dict[str, Any]: ...

    def sample_party(self) -> list[dict[str, Any]]: ...

    def sheet_problems(self, sheet: dict, creation: bool = False) -> list[str]: ...

    def sheet_text(self, sheet: dict) -> str: ...

    def campaign_options(self) -> type[BaseModel] | None: ...

    def vocabulary(self) -> Vocabulary: ...

    def effects(self, tool: str, result: "ToolResult", before: "TableState | None" = None) -> list[Effect]: ...

    def conditions(self) -> dict[str, ConditionRule]: ...

    def actions_per_turn(self, state: "TableState", actor: str) -> int: ...

    def on_turn_start(self, state: "TableState", actor: str, roller: "Roller") -> "TurnStart": ...

    def npc_turn(self, state: "TableState", name: str) -> list[tuple[str, dict[str, Any]]]: ...

    def worked_examples(self) -> dict[str, dict[str, Any]]: ...


class SystemBase:
    """Defaults for the optional parts of :class:`RulesSystem`; a system sets its identity and overrides the rest.

    ``tools()`` collects every :class:`tools.tool.Tool` defined in the modules of the package the subclass lives
    in (``package`` — set automatically from the subclass's module), so adding a mechanic is adding a module.
    """

    name: str = ""
    title: str = ""
    rulebook: str = ""
    rulebook_dir: Path | None = None
    order: int = 100
    character_tool: str = ""
    random_character_tool: str = ""
    npc_tool: str = ""
    """The three table tools that seat a sheet; left empty, ``<name>_add_character``, ``<name>_add_random_character``
    and ``<name>_add_npc`` (:data:`PEOPLE_TOOLS`), the names every system gave them: a system names only one that
    breaks the pattern."""
    start_combat_tool: str | None = ""
    """The table tool that starts a fight; left empty, ``<name>_start_combat``; None: the system has no fights."""
    join_combat_tool: str | None = ""
    """The table tool that adds a latecomer to the running fight (its one argument, ``actor``); left empty,
    ``<name>_join_combat`` where the system has fights, else None."""
    downed_condition: str = "unconscious"
    table_citations: dict[str, list[str]] = {}
    package: str = ""

    # -- where the defaults below find the system's parts: "module" or "module:attribute" inside ``package`` -------
    npc_level_arg: str = "level"
    """The NPC tool's argument that takes the neutral power level (Minim's tier is the level itself: ``tier``)."""
    options_model: str | None = None
    """The campaign options model, e.g. ``"options:BrewOptions"``; None: the system reads no options."""
    sheet_model: str | None = None
    """The sheet model, e.g. ``"sheet:BrewCharacter"``; its module's ``violations(character, creation)``, if it has
    one, are the book's rules beyond the model's own. None: every sheet is accepted."""
    proposals_from: str = "proposals"
    """The module with ``SPECS`` (what may be proposed) and ``router_examples()`` (anchors from the book)."""
    examples_from: str = "examples"
    """The module with ``WORKED_EXAMPLES`` (canned arguments of the pure tools)."""
    tactics_from: str = "tactics"
    """The module with ``npc_turn(state, name)`` (a foe's calls in solo play)."""
    sheet_view_from: str = "sheet_view"
    """The module with ``sheet_text(sheet)`` (the sheet as a player reads it)."""
    phrases_from: str = "phrases"
    """The module with ``PHRASES``: the words of the system's steps, keyed by phrase (:mod:`tools.phrases`)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if not cls.__dict__.get("package"):
            module = cls.__module__
            cls.package = module if _is_package(module) else module.rpartition(".")[0]
        if cls.name:
            for attribute, suffix in PEOPLE_TOOLS.items():
                if not getattr(cls, attribute):
                    setattr(cls, attribute, f"{cls.name}_{suffix}")
            if cls.start_combat_tool == "":
                cls.start_combat_tool = f"{cls.name}_start_combat"
            if cls.join_combat_tool == "":
                cls.join_combat_tool = f"{cls.name}_join_combat" if cls.start_combat_tool else None

    @property
    def prompts_dir(self) -> Path:
        """``prompts/<name>/``; a system that keeps its rulebook in its own folder (``rulebook_dir``: a plugin, the
        test-only Coin) keeps its prompts beside it, in ``<rulebook_dir>/prompts/``."""
        if self.rulebook_dir is not None:
            return Path(self.rulebook_dir) / "prompts"
        return PROMPTS_ROOT / self.name

    def part(self, ref: str | None, attribute: str = "") -> Any:
        """The system's own ``"module:attribute"`` (or ``ref`` a module and ``attribute`` given), or None when the
        module or the attribute is absent: the defaults below read a system's parts through this, so a system
        writes its rules in its modules and not the same lookup method again."""
        if ref is None:
            return None
        module, _, name = ref.partition(":")
        return _part(self.package, module, name or attribute)

    # -- mechanics ---------------------------------------------------------------------------------------------
    def tools(self) -> list["Tool"]:
        cached = self.__dict__.get("_tools")
        if cached is None:
            cached = self.__dict__["_tools"] = _collect_tools(self.package, self.name)
        return list(cached)

    # -- the agent ---------------------------------------------------------------------------------------------
    def proposals(self) -> list:
        return list(self.part(self.proposals_from, "SPECS") or [])

    def router_examples(self) -> list[tuple[str, str]]:
        make = self.part(self.proposals_from, "router_examples")
        return make() if make is not None else []

    def circumstances(self) -> dict[str, int]:
        return {"big advantage": 2, "small advantage": 1, "none": 0, "small disadvantage": -1,
                "big disadvantage": -2}

    # -- people ------------------------------------------------------------------------------------------------
    def npc_args(self, concept: str, level: int | None = None, name: str | None = None) -> dict[str, Any]:
        args: dict[str, Any] = {"concept": concept}
        if level is not None:
            args[self.npc_level_arg] = level
        if name:
            args["name"] = name
        return args

    def start_combat_args(self, combatants: list[str]) -> dict[str, Any]:
        return {"combatants": combatants}

    def sample_party(self) -> list[dict[str, Any]]:
        """A small table for evaluations: two player-characters and three NPCs, with sheet overrides if any."""
        return [{"name": "Aria", "npc": False}, {"name": "Brom", "npc": False}, {"name": "Guard", "npc": True},
                {"name": "Innkeeper", "npc": True}, {"name": "Wolf", "npc": True}]

    def sheet_problems(self, sheet: dict, creation: bool = False) -> list[str]:
        """A sheet the model refuses gives its field errors; a valid one the book's own rules (``violations``)."""
        model = self.part(self.sheet_model)
        if model is None:
            return []
        from pydantic import ValidationError

        try:
            character = model.model_validate(sheet)
        except ValidationError as e:
            return [f"{'.'.join(map(str, err['loc']))}: {err['msg']}" for err in e.errors(include_url=False)]
        rules = self.part(self.sheet_model.partition(":")[0], "violations")
        return rules(character, creation=creation) if rules is not None else []

    def sheet_text(self, sheet: dict) -> str:
        view = self.part(self.sheet_view_from, "sheet_text")
        if view is not None:
            return view(sheet)
        return "\n".join(f"{k}: {v}" for k, v in sheet.items())

    # -- the campaign ------------------------------------------------------------------------------------------
    def campaign_options(self) -> type[BaseModel] | None:
        """The campaign options this system reads (``TableState.options``) as a pydantic model — every key with
        its type, allowed values and default — or None when it reads none. A new campaign's options are checked
        against it (:func:`tools.options.validate_options`); a key it does not declare is refused."""
        return self.part(self.options_model)

    # -- honesty -----------------------------------------------------------------------------------------------
    def vocabulary(self) -> Vocabulary:
        return Vocabulary()

    def effects(self, tool: str, result: "ToolResult", before: "TableState | None" = None) -> list[Effect]:
        """The story facts of one result; ``before`` is the table it ran on (conditions are diffed against it)."""
        return effects_from_changes(getattr(result, "changes", []), self.vocabulary(), self.downed_condition,
                                    before.conditions if before is not None else None)

    # -- the table ---------------------------------------------------------------------------------------------
    def conditions(self) -> dict[str, ConditionRule]:
        return {self.downed_condition: ConditionRule(name=self.downed_condition, blocks_action=True,
                                                     blocks_move=True, meaning="out of the fight")}

    def actions_per_turn(self, state: "TableState", actor: str) -> int:
        return 1

    def on_turn_start(self, state: "TableState", actor: str, roller: "Roller") -> "TurnStart":
        """What happens as ``actor``'s turn begins (a shaken character's nerve test…): dice, steps and ops that
        ``table_next_turn`` records. The state given already has the new turn and the expired conditions."""
        return TurnStart()

    def npc_turn(self, state: "TableState", name: str) -> list[tuple[str, dict[str, Any]]]:
        """What an NPC does on its turn when no human narrator decides (solo play): tool calls, in order; an empty
        list passes the turn. Deterministic from the table, so a replay makes the same choices (dice decide the
        rest)."""
        decide = self.part(self.tactics_from, "npc_turn")
        return decide(state, name) if decide is not None else []

    def worked_examples(self) -> dict[str, dict[str, Any]]:
        return dict(self.part(self.examples_from, "WORKED_EXAMPLES") or {})

    def phrases(self) -> dict[str, Any]:
        """The phrase table that writes this system's steps in words (kind ``"<system>.<phrase>"``)."""
        return dict(self.part(self.phrases_from, "PHRASES") or {})


def _is_package(module: str) -> bool:
    mod = sys.modules.get(module)
    return bool(mod is not None and getattr(mod, "__path__", None))


def _part(package: str, module: str, attribute: str) -> Any:
    name = f"{package}.{module}"
    if name not in sys.modules and importlib.util.find_spec(name) is None:
        return None
    return getattr(importlib.import_module(name), attribute, None)


def _collect_tools(package: str, system: str) -> list["Tool"]:
    from narrator.tools.tool import Tool

    pkg = importlib.import_module(package)
    modules = [pkg]
    for info in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda i: i.name):
        modules.append(importlib.import_module(f"{package}.{info.name}"))
    found: dict[str, Tool] = {}
    for module in modules:
        for value in vars(module).values():
            if isinstance(value, Tool) and value.system == system:
                found[value.name] = value
    return [found[k] for k in sorted(found)]
