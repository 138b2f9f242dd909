"""Rules systems, discovered rather than listed.

Each subpackage of :mod:`tools.systems` is one rules system and exposes ``SYSTEM``, an object satisfying
:class:`RulesSystem`. Adding a sixth system means adding a sixth subpackage; no other system's file changes.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from tools.registry import Tool


@runtime_checkable
class RulesSystem(Protocol):
    """What the rest of the project may know about a rules system — nothing more.

    ``character_tool`` (state-bound) adds a character built by the player's choices, ``random_character_tool``
    (state-bound) adds a generated one, ``npc_tool`` (state-bound) adds an NPC from a concept and a tier/power
    level. ``sheet_problems`` judges an edited sheet; ``sheet_text`` renders one for people.
    """

    name: str  # short id used in tool names and CLI flags, e.g. "minim"
    title: str  # human title, e.g. "Minim"
    rulebook: str  # file name in the rulebooks folder, e.g. "minim.md"
    character_tool: str
    random_character_tool: str
    npc_tool: str

    def tools(self) -> list["Tool"]: ...

    def proposals(self) -> list: ...  # tools.proposals.ProposalSpec: what the agent may propose

    def router_examples(self) -> list[tuple[str, str]]: ...  # (text, "tool[:variant]") from the rulebook

    def sheet_problems(self, sheet: dict, creation: bool = False) -> list[str]: ...

    def sheet_text(self, sheet: dict) -> str: ...


@lru_cache(maxsize=1)
def all_systems() -> tuple[RulesSystem, ...]:
    found = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        system = getattr(module, "SYSTEM", None)
        if not isinstance(system, RulesSystem):
            raise TypeError(f"tools.systems.{info.name} has no SYSTEM satisfying RulesSystem")
        found.append(system)
    return tuple(found)


def get_system(name: str) -> RulesSystem:
    from tools.errors import UserError

    for s in all_systems():
        if s.name == name:
            return s
    raise UserError(f"Unknown system '{name}'. Known systems: {', '.join(s.name for s in all_systems())}")
