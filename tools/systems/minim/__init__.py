"""Minim (``minim.md``): a 2d6 partial-result system with three traits and fifteen skills.

Every module in this package that defines :class:`tools.tool.Tool` objects contributes them to the system;
nothing here lists them, so adding a mechanic is adding a module. This object is Minim's side of the contract in
:mod:`tools.systems.contract`: its words, its conditions, its people and where its book covers the shared table.
"""

from __future__ import annotations

from typing import Any

from narrator.tools.dice import Roller
from narrator.tools.effects import HEALTH_POINTS, MAX_HEALTH
from narrator.tools.systems.contract import ConditionRule, Resource, SystemBase, TurnStart, Vocabulary
from narrator.tools.systems.minim.rules import TRAIT_OF_SKILL, TRAITS
from narrator.tools.table import TableState

ZONES = "minim.md#Zones"
FUMBLES = "minim.md#Fumbles"
INITIATIVE = "minim.md#Initiative"
ATTACKS = "minim.md#Attacks"


class Minim(SystemBase):
    name = "minim"
    title = "Minim"
    rulebook = "minim.md"
    order = 0
    downed_condition = "unconscious"
    options_model = "options:MinimOptions"
    sheet_model = "sheet:MinimCharacter"
    npc_level_arg = "tier"  # Minim's tier is the power level itself (1 a feeble critter … 5 a mighty villain)
    table_citations = {"table_set_zones": [ZONES], "table_move": [ZONES], "table_area": [ZONES],
                       "table_next_turn": [INITIATIVE], "party_down": ["minim.md#Health"]}

    def sample_party(self) -> list[dict[str, Any]]:
        party = super().sample_party()
        party[0] = {**party[0], "sheet": {"powers": {"languages": 1, "wealth": 1, "lightning": 2,
                                                     "healing touch": 2}}}
        return party

    def vocabulary(self) -> Vocabulary:
        return Vocabulary(
            resources=(
                HEALTH_POINTS,
                Resource(field="faith", word="faith", kind="pool"),
                Resource(field="powers.wealth", word="wealth", kind="money"),
                MAX_HEALTH,
                Resource(field="max_faith", word="maximum faith", kind="stat"),
            ),
            items_field="gear",
            mechanics=("fatigue", "faith point", "faith points", "health-roll", "health-rolls", "health roll",
                       "health rolls", "avoidance roll", "partial result", "tier", "target", "power-score",
                       "power score"),
            outcomes={"critical success": 1, "success": 1, "neutral": 0, "failure": -1, "critical failure": -1},
            downed_words=("unconscious",),
            powers_field="powers",
            passive_powers=("languages", "wealth"),
            stats=TRAITS + tuple(TRAIT_OF_SKILL),
        )

    def conditions(self) -> dict[str, ConditionRule]:
        """What each condition does and when it ends; the readings are in :mod:`.table_combat`'s docstring.

        "Cannot act" forbids moving too (moving is one of the single actions a turn holds, ``minim.md#Initiative``),
        so stunned and surprised block both; disabled "can-not act but can-move" blocks only acting.
        """
        rules = [
            ConditionRule(name="unconscious", blocks_action=True, blocks_move=True,
                          meaning="no health left", rule_ref="minim.md#Health"),
            ConditionRule(name="stunned", blocks_action=True, blocks_move=True, ends="end_of_turn",
                          meaning="cannot act next turn", rule_ref=FUMBLES),
            ConditionRule(name="disabled", blocks_action=True, ends="end_of_turn",
                          meaning="cannot act but can move next turn", rule_ref=FUMBLES),
            ConditionRule(name="pinned", blocks_move=True, ends="end_of_turn",
                          meaning="cannot move but can act next turn", rule_ref=FUMBLES),
            ConditionRule(name="fallen", modifier=-1, ends="end_of_turn", meaning="-1 to all actions",
                          rule_ref=FUMBLES),
            ConditionRule(name="shaken", ends="end_of_turn",
                          meaning="must pass a brain test or lose the next action", rule_ref=FUMBLES),
            ConditionRule(name="surprised", blocks_action=True, blocks_move=True, ends="end_of_round",
                          meaning="cannot act on the first round", rule_ref=INITIATIVE),
            ConditionRule(name="defending", ends="start_of_turn", meaning="+1 to health-rolls",
                          rule_ref=ATTACKS),
            ConditionRule(name="off-guard-1", ends="end_of_round", meaning="surprised: -1 to health-rolls",
                          rule_ref=INITIATIVE),
            ConditionRule(name="off-guard-2", ends="end_of_round", meaning="surprised: -2 to health-rolls",
                          rule_ref=INITIATIVE),
            ConditionRule(name="disarmed", meaning="dropped a held or carried item", rule_ref=FUMBLES),
            ConditionRule(name="grappled", meaning="attacker and target grab each other", rule_ref=FUMBLES),
        ]
        return {r.name: r for r in rules}

    def actions_per_turn(self, state: TableState, actor: str) -> int:
        return 1  # "doing one single-action such as: attacking; moving; ..." (minim.md#Initiative)

    def on_turn_start(self, state: TableState, actor: str, roller: Roller) -> TurnStart:
        """A shaken combatant tests brain as its turn begins, or loses the turn's action (``minim.md#Fumbles``)."""
        from narrator.tools.systems.minim.table_combat import shaken_test

        return shaken_test(state, actor, roller)


SYSTEM = Minim()
