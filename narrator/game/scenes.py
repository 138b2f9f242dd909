"""Scene generators behind one seam: ``/scene NAME`` asks a generator for the next scene.

Why a seam: each system has its own way to invent a place — Minim rolls dungeon floors, the 5+ system will deal
cards — and the game should not care which. A generator only uses ``campaign.call`` (so every die is logged and
replayable) and returns what happened plus a view; generators register themselves from
:mod:`narrator.game.systems`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from memory.campaign import Campaign
from tools.contract import ToolResult


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


_GENERATORS: list[SceneGenerator] = []


def register_scene(generator: SceneGenerator) -> SceneGenerator:
    if not any(g.name == generator.name and g.system == generator.system for g in _GENERATORS):
        _GENERATORS.append(generator)
    return generator


def scene_generators(system: str) -> dict[str, SceneGenerator]:
    """The generators that work in ``system``, by name (a system's own wins over a generic one)."""
    from narrator.game.systems import discover

    discover()
    found: dict[str, SceneGenerator] = {g.name: g for g in _GENERATORS if g.system is None}
    found.update({g.name: g for g in _GENERATORS if g.system == system})
    return found
