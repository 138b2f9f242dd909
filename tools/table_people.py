"""The table tools that seat a character: a player-character made by a system's creation tool, or a random one.

Why one place: every system wrote the same two table tools — check the name is free on the table, run the pure
creation tool, return its result with the seated character as ``actor`` and one :class:`~tools.table.PutCharacter`
— and a fix to them was made five times. A system now names its pure tool, and where it differs gives a small
hook, never a copy:

* ``made_by(args, roller, state)`` — how the pure tool is run from the table when the table adds something (the
  campaign's options, a sidekick's leader on the table); by default the pure tool on the table arguments;
* ``args`` — the tool's own arguments model when it is not the pure tool's plus a ``name``;
* ``sheet(character)`` — how the made character lands on the table (by default its JSON dump);
* ``check_name(state, name)`` — the system's words when the name is taken (:func:`require_new_name`'s
  ``listing``).

An NPC tool is a system's own rules (its scores by power level, its concept words), but it starts the same way:
:func:`npc_seat_name` names it, :func:`concept_keywords` reads the concept, :func:`put` seats the sheet. A system
whose NPC is only its creation tool's character with scores by level writes the scores: :func:`npc_seat_tool`.

The generated argument and result models are named as the systems named them (``AddCharacterArgs``,
``AddRandomResult``…), so the JSON schemas a model reads stay what they were.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from pydantic import BaseModel, Field, create_model

from narrator.tools.concepts import concept_words
from narrator.tools.contract import CheckResult, ToolArgs, ToolResult
from narrator.tools.dice import Roller
from narrator.tools.names import require_character_name
from narrator.tools.npc_names import npc_name
from narrator.tools.npc_archetypes import stand_in
from narrator.tools.problems import fail
from narrator.tools.table import BoundResult, PutCharacter, TableState
from narrator.tools.tool import Tool, table_tool

NAME = Field(min_length=1, max_length=60, description="The character's name; unique on the table (ignoring case).")
"""The table name of a new character: the field every seating tool adds to its pure tool's arguments."""


class RandomArgs(ToolArgs):
    """The arguments of a random character's seating tool for a system whose random tool needs no more."""

    name: str = NAME
    concept: str | None = Field(None, max_length=200, description="A few words about who they are.")


def npc_concept(example: str = "bored city guard", steers: str | None = None) -> Any:
    """An NPC tool's ``concept`` argument: the system's example, and ``steers``, the words that shape what the NPC
    gets ("guard, archer, thief steer its skills")."""
    return Field(min_length=1, max_length=200,
                 description=f"Who the NPC is, e.g. '{example}'" + (f"; words like {steers}." if steers else "."))


def npc_level(default: int = 3, capable: str = "3 capable", after: str = "") -> Any:
    """An NPC tool's ``level`` argument, the system-neutral power level 1-5 (``capable``: how the system says level
    3; ``after``: what the level sets, if the system says)."""
    return Field(default, ge=1, le=5,
                 description=f"Power level: 1 weak, 2 ordinary, {capable}, 4 veteran, 5 legendary{after}.")


class NpcArgs(ToolArgs):
    """The arguments an NPC tool takes at least: who (the concept), how strong (the system-neutral power level of
    :data:`tools.systems.contract.POWER_LEVELS`, which the system's ``npc_args`` fills) and, optionally, a name. A
    system says its own words for them with :func:`npc_args_model` (or overrides ``concept`` and ``level`` with
    :func:`npc_concept` and :func:`npc_level` in a subclass that takes more)."""

    concept: str = npc_concept()
    level: int = npc_level()
    name: str | None = Field(None, min_length=1, max_length=60, description="Optional; default: from the concept, "
                             "numbered if taken.")


def npc_args_model(example: str = "bored city guard", steers: str | None = None, *, default: int = 3,
                   capable: str = "3 capable", after: str = "") -> type[NpcArgs]:
    """A system's :class:`NpcArgs`, in its words (:func:`npc_concept`'s and :func:`npc_level`'s arguments), named
    ``NpcArgs`` in the caller's module as a class written there would be."""
    return create_model("NpcArgs", __base__=NpcArgs, __module__=sys._getframe(1).f_globals["__name__"],
                        concept=(str, npc_concept(example, steers)), level=(int, npc_level(default, capable, after)))


class NpcSeated(CheckResult, BoundResult):
    # An NPC tool's result at least: who was seated (``actor``) and at what power level; a system adds the sheet
    # and what it read in the concept. (A comment: a docstring would be every NPC result's description.)
    actor: str
    level: int


def require_new_name(state: TableState, name: str, field: str = "name",
                     listing: str | None = "names on the table") -> None:
    """Refuse a name that is not a valid character name or is on the table already, ignoring case.

    ``listing`` is the words before the list of names the refusal shows (None: no list)."""
    require_character_name(name, field)
    for known in state.characters:
        if known.casefold() == name.strip().casefold():
            names = f" ({listing}: {', '.join(sorted(state.characters))})" if listing is not None else ""
            fail(field, f"a character named '{known}' is already on the table; choose another name{names}", name)


def npc_seat_name(state: TableState, name: str | None, concept: str,
                  check_name: Callable[[TableState, str], None] = require_new_name) -> str:
    """An NPC's name on the table: the one given (refused when taken), else one made from the concept's first
    words, numbered when taken ("City Guard 2", :func:`tools.npc_names.npc_name`)."""
    if name is not None:
        check_name(state, name)
    return name or npc_name(concept, state)


def concept_keywords(concept: str, keywords: Iterable[str], aliases: Mapping[str, str] | None = None) -> list[str]:
    """The keywords a concept's words name, in the order the words come, each once: a word names a keyword when
    it is the keyword, its plural (+s, +es) or, for a keyword of five letters or more, a longer word it begins
    ("archers", "guardsman" after the alias). ``aliases`` map a word first ("wolves" → "wolf"). When no word names
    one, a word's stand-in does (:data:`tools.npc_archetypes.ARCHETYPES`: "jailer" → guard, "orcs" → warrior)."""
    keys = list(keywords)
    words = [(aliases or {}).get(word, word) for word in concept_words(concept)]
    found: list[str] = []
    for word in words:
        for kw in keys:
            if word in (kw, kw + "s", kw + "es") or (len(kw) >= 5 and word.startswith(kw)):
                if kw not in found:
                    found.append(kw)
                break
    for word in words if not found else ():
        kw = stand_in(word, keys)
        if kw is not None and kw not in found:
            found.append(kw)
    return found


def dump_sheet(character: BaseModel) -> dict[str, Any]:
    return character.model_dump(mode="json")


def put(character: Any, sheet: Callable[[Any], dict[str, Any]] = dump_sheet) -> PutCharacter:
    """The op that seats a made character (a sheet model with a ``name``) on the table."""
    return PutCharacter(name=character.name, sheet=sheet(character))


def seat_tool(name: str, system: str, description: str, create: Tool, *,
              names: tuple[str, str] = ("AddCharacterArgs", "AddCharacterResult"),
              args: type[ToolArgs] | None = None,
              made_by: Callable[[Any, Roller, TableState], ToolResult] | None = None,
              sheet: Callable[[Any], dict[str, Any]] = dump_sheet,
              check_name: Callable[[TableState, str], None] = require_new_name, module: str | None = None) -> Tool:
    """A table tool ``name`` that makes a character with ``create`` (a pure tool whose result has ``character``)
    and puts it on the table; see the module docstring for the hooks. ``names`` are the argument and result
    models' class names (the schema titles)."""
    module = module or sys._getframe(1).f_globals.get("__name__", __name__)
    args_name, result_name = names
    args_model = args or create_model(args_name, __base__=create.args_model, __module__=module, name=(str, NAME))
    result_model = create_model(result_name, __base__=(create.result_model, BoundResult), __module__=module,
                                actor=(str, ...))

    def seat(args: ToolArgs, roller: Roller, state: TableState) -> BoundResult:
        check_name(state, args.name)
        made = made_by(args, roller, state) if made_by is not None else create.fn(args, roller)
        return result_model(**dict(made), actor=made.character.name, changes=[put(made.character, sheet)])

    seat.__name__ = seat.__qualname__ = name
    seat.__module__ = module
    seat.__annotations__ = {"args": args_model, "roller": Roller, "state": TableState, "return": result_model}
    return table_tool(system, name=name, description=description)(seat)


def random_seat_tool(name: str, system: str, description: str, create: Tool, *,
                     names: tuple[str, str] = ("AddRandomArgs", "AddRandomResult"), **hooks: Any) -> Tool:
    """:func:`seat_tool` for a system's random-character tool (its models named as the systems named them)."""
    module = hooks.pop("module", None) or sys._getframe(1).f_globals.get("__name__", __name__)
    return seat_tool(name, system, description, create, names=names, module=module, **hooks)


def npc_seat_tool(name: str, system: str, description: str, create: Tool,
                  made_by: Callable[[Any, Roller, str], ToolResult], *, args: type[ToolArgs] = NpcArgs,
                  names: tuple[str, str] = ("NpcArgs", "NpcResult"),
                  check_name: Callable[[TableState, str], None] = require_new_name, module: str | None = None) -> Tool:
    """:func:`seat_tool` for an NPC tool whose NPC is the creation tool's character with scores by power level (a
    system with no NPC rules of its own): the NPC is named by :func:`npc_seat_name` (the name given, refused by
    ``check_name`` when taken, else one from the concept) and ``made_by(args, roller, name)`` makes it."""
    module = module or sys._getframe(1).f_globals.get("__name__", __name__)
    return seat_tool(name, system, description, create, names=names, args=args, module=module,
                     made_by=lambda a, roller, state: made_by(a, roller, npc_seat_name(state, a.name, a.concept,
                                                                                       check_name)),
                     check_name=lambda state, given: None)  # checked where the name is chosen, above
