"""Scene generators behind one seam: ``/scene NAME`` asks a generator for the next scene.

Why a seam: each system has its own way to invent a place — one rolls dungeon floors, another deals cards — and
the game should not care which. A generator only uses ``campaign.call`` (so every die is logged and replayable)
and returns what happened plus a view. Generic generators (any system) are listed here; a system's own come from
its game adapter (``GameRules.scene_generators``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from narrator.memory.campaign import Campaign
from narrator.tools.contract import ToolResult


@dataclass
class SceneOutcome:
    title: str
    scene_text: str
    results: list[tuple[str, ToolResult]] = field(default_factory=list)
    view: Any = None


@runtime_checkable
class SceneGenerator(Protocol):
    name: str
    system: str | None  # None: any system
    description: str

    def generate(self, campaign: Campaign) -> SceneOutcome: ...


@dataclass(frozen=True)
class Scene:
    """A scene generator written as one function (:func:`scene`): its name, system and description beside it."""

    name: str
    system: str | None
    description: str
    make: Callable[[Campaign], SceneOutcome]

    def generate(self, campaign: Campaign) -> SceneOutcome:
        return self.make(campaign)


def scene(name: str, system: str | None, description: str) -> Callable[[Callable[[Campaign], SceneOutcome]], Scene]:
    """Decorator: the function ``(campaign) -> SceneOutcome`` as a :class:`SceneGenerator` named ``name`` (what
    ``/scene NAME`` asks for) for ``system`` (None: any), with the ``description`` ``/scene`` lists. A system names
    it in its adapter's ``scene_kinds`` as ``"module:function"``."""

    def wrap(fn: Callable[[Campaign], SceneOutcome]) -> Scene:
        return Scene(name, system, description, fn)

    return wrap


GENERIC: list[SceneGenerator] = []
"""Generators that work in every system (registered by the modules that define them)."""


def register_generic(generator: SceneGenerator) -> SceneGenerator:
    if not any(g.name == generator.name for g in GENERIC):
        GENERIC.append(generator)
    return generator


def scene_generators(system: str) -> dict[str, SceneGenerator]:
    """The generators that work in ``system``, by name (a system's own wins over a generic one)."""
    from narrator.game.rules import rules_for

    found: dict[str, SceneGenerator] = {g.name: g for g in GENERIC}
    found.update({g.name: g for g in rules_for(system).scene_generators()})
    return found
