"""Random encounters sized by a system's challenge rules: ``/encounter [easy|moderate|deadly] [CONCEPT]``.

Why per system: how dangerous a group of foes is belongs to the rules (Minim compares tier-based challenge
scores). A builder picks the foes with logged dice (``table_roll``), adds them with the system's NPC tool and
checks the rating with the system's own tool, so the export shows every choice and the table can replay it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from memory.campaign import Campaign
from tools.contract import ToolResult

DIFFICULTIES = ("easy", "moderate", "deadly")


@dataclass
class EncounterOutcome:
    difficulty: str
    rating: str
    added: list[str]
    results: list[tuple[str, ToolResult]] = field(default_factory=list)
    view: Any = None
    note: str = ""


@runtime_checkable
class EncounterBuilder(Protocol):
    system: str

    def build(self, campaign: Campaign, difficulty: str, concept: str | None) -> EncounterOutcome: ...


def encounter_builder(system: str) -> EncounterBuilder | None:
    """The system's encounter builder, from its game adapter (None: the system has no encounter rules)."""
    from narrator.game.rules import rules_for

    return rules_for(system).encounter_builder()


def roll_choice(campaign: Campaign, options: list[Any], purpose: str) -> tuple[Any, list[tuple[str, ToolResult]]]:
    """Choose among ``options`` with a logged ``1dN`` roll (no roll for a single option)."""
    if len(options) == 1:
        return options[0], []
    result = campaign.call("table_roll", {"expression": f"1d{len(options)}"})
    total = getattr(result, "total")
    return options[total - 1], [(f"table_roll ({purpose})", result)]
