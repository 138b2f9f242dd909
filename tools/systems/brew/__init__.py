"""The Brew System (``brew.md``): attribute + skill + 1d6 against a difficulty, with thresholds above it, for any
setting.

Every module of this package that defines :class:`tools.tool.Tool` objects contributes them; nothing here lists
them. This object is Brew's side of the contract in :mod:`tools.systems.contract`: its people, its words
(:mod:`.honesty`), its conditions, its foes' tactics (:mod:`.tactics`) and where its book covers the shared table.
"""

from __future__ import annotations

from typing import Any

from narrator.tools.systems.contract import ConditionRule, Effect, SystemBase, Vocabulary
from narrator.tools.table import TableState

WEAPONS = "brew.md#Examples of weapon attacks"
TIME = "brew.md#Bullet Time, Story Time & Downtime"


class Brew(SystemBase):
    name = "brew"
    title = "The Brew System"
    rulebook = "brew.md"
    order = 10
    downed_condition = "unconscious"
    options_model = "options:BrewOptions"
    sheet_model = "sheet:BrewCharacter"
    table_citations = {"table_set_zones": [WEAPONS], "table_move": [WEAPONS], "table_area": ["brew.md#Combat"],
                       "table_next_turn": [TIME], "table_end_combat": [TIME]}

    # -- the agent --------------------------------------------------------------------------------------------

    def circumstances(self) -> dict[str, int]:
        """The book's modifiers come in steps of 2 (a +2 boost, a -2 penalty, -2 per extra attacker)."""
        return {"big advantage": 4, "small advantage": 2, "none": 0, "small disadvantage": -2,
                "big disadvantage": -4}

    # -- people -----------------------------------------------------------------------------------------------

    def sample_party(self) -> list[dict[str, Any]]:
        return [
            {"name": "Aria", "npc": False, "sheet": {"magic": {"healing": 2, "destruction": 1, "illusion": 1},
                                                     "mana": 4, "max_mana": 4, "magic_attribute": "wits"}},
            {"name": "Brom", "npc": False, "sheet": {"gear": [
                {"name": "broadsword", "kind": "weapon", "weapon": "broadsword"},
                {"name": "composite bow", "kind": "weapon", "weapon": "composite bow"},
                {"name": "leather armor", "kind": "armor", "soak": 1}]}},
            {"name": "Guard", "npc": True}, {"name": "Innkeeper", "npc": True}, {"name": "Wolf", "npc": True},
        ]

    # -- honesty ----------------------------------------------------------------------------------------------
    def vocabulary(self) -> Vocabulary:
        from narrator.tools.systems.brew.honesty import VOCABULARY

        return VOCABULARY

    def effects(self, tool: str, result: Any, before: TableState | None = None) -> list[Effect]:
        from narrator.tools.systems.brew.honesty import extra_effects

        base = super().effects(tool, result, before)
        extra = [e for e in extra_effects(getattr(result, "changes", [])) if e not in base]
        return base + extra

    # -- the table --------------------------------------------------------------------------------------------
    def conditions(self) -> dict[str, ConditionRule]:
        from narrator.tools.systems.brew.honesty import CONDITIONS

        return {r.name: r for r in CONDITIONS}

    def actions_per_turn(self, state: TableState, actor: str) -> int:
        return 1  # "In a single round, you can only attack one person" (brew.md#Examples of weapon attacks)


SYSTEM = Brew()
