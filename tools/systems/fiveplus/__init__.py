"""The 5+ system (``five-plus.md``): a descriptor-based 2d6 system — success ranges, doubles that improve,
resistances that wound, challenges won by accumulated successes, NPCs that never roll, and GM-less play with cards.

Every module here that defines :class:`tools.tool.Tool` objects contributes them; nothing lists them. This object is
the system's side of the contract in :mod:`tools.systems.contract`: its words, its conditions, its people, its
turn economy (how many actions a declared turn allows), what a new round does (challenge turns, help that lapses),
what an NPC does in solo play, and where its book covers the shared table.

The mechanics, one module each: :mod:`.checks` (the success range), :mod:`.improvement` (doubles, tiers),
:mod:`.descriptors` and :mod:`.sheet` (descriptors as data), :mod:`.characters` (creation), :mod:`.turn` (focus,
rush, move, help), :mod:`.failure`, :mod:`.wounds`, :mod:`.conditions`, :mod:`.recovery` (and practice),
:mod:`.abilities` (costs, raising the stakes), :mod:`.challenges`, :mod:`.npcs`, :mod:`.cards` (GM-less play); the
``table_*`` modules bind them to the table.
"""

from __future__ import annotations

from typing import Any

from narrator.tools.systems.contract import ConditionRule, Effect, Resource, SystemBase, TurnStart, Vocabulary
from narrator.tools.table import TableState

STRUCTURE = "five-plus.md#4.1 Structure"
ACTIONS = "five-plus.md#4.3) Actions"
WOUNDS = "five-plus.md#Wounds"


class FivePlus(SystemBase):
    name = "fiveplus"
    title = "The 5+ system"
    rulebook = "five-plus.md"
    order = 30
    start_combat_tool = "fiveplus_start_conflict"
    join_combat_tool = "fiveplus_join_conflict"
    downed_condition = "incapacitated"
    options_model = "options:FivePlusOptions"
    sheet_model = "sheet:FivePlusCharacter"
    table_citations = {"table_set_zones": [ACTIONS], "table_move": [ACTIONS], "table_area": [ACTIONS],
                       "table_next_turn": [STRUCTURE]}

    # -- the agent ---------------------------------------------------------------------------------------------

    def circumstances(self) -> dict[str, int]:
        """'Challenge difficulty may provide quick +1 bonus or -1 penalty adjustments'; big ones count twice."""
        return {"big advantage": 2, "small advantage": 1, "none": 0, "small disadvantage": -1,
                "big disadvantage": -2}

    # -- people ------------------------------------------------------------------------------------------------

    def sample_party(self) -> list[dict[str, Any]]:
        from narrator.tools.systems.fiveplus.examples_party import SAMPLE_PARTY

        return [dict(m) for m in SAMPLE_PARTY]

    # -- honesty -----------------------------------------------------------------------------------------------
    def vocabulary(self) -> Vocabulary:
        from narrator.tools.systems.fiveplus.rules import GROUPS

        return Vocabulary(
            resources=(Resource(field="descriptors.physical.counter", word="physical damage", kind="health",
                                higher_is_better=False),),
            items_field=None,
            mechanics=("success range", "lower bound", "upper bound", "rank", "tier", "descriptor", "focus bonus",
                       "rush penalty", "move penalty", "help bonus", "successes", "double", "marked", "wound",
                       "counter", "raise the stakes", "resistance check", "level up", "default challenge"),
            outcomes={"success": 1, "failure": -1, "impossible": -1, "cured": 1, "eased": 1, "worse": -1,
                      "permanent": -1, "unchanged": 0, "improved": 1, "marked": 0, "nothing": 0, "undefended": -1,
                      "healed": 1, "help": 1},
            downed_words=("incapacitated", "defeated", "out of the fight"),
            stats=("improvise", "physical", "mental", "fatigue", "frustration", *GROUPS),
        )

    def effects(self, tool: str, result: Any, before: TableState | None = None) -> list[Effect]:
        from narrator.tools.systems.fiveplus.effects import effects

        return effects(tool, result, before, self.vocabulary(), self.downed_condition)

    # -- the table ---------------------------------------------------------------------------------------------
    def conditions(self) -> dict[str, ConditionRule]:
        """The downed condition, and the conditions the book's manoeuvres impose ("impose a condition (stunned,
        prone, confused)") or grant ("provides a bonus (hide, use terrain advantage, aim, engage)"): a ±1 each,
        like a difficulty; "moving is only required to remove conditions (stand up, clear head)"."""
        rules = [
            ConditionRule(name="incapacitated", blocks_action=True, blocks_move=True,
                          meaning="a major wound, or defeated: out of the fight", rule_ref=WOUNDS),
            ConditionRule(name="stunned", blocks_action=True, ends="end_of_turn", meaning="cannot act next turn",
                          rule_ref=ACTIONS),
            ConditionRule(name="prone", modifier=-1, meaning="-1 to all actions until they stand up (a move)",
                          rule_ref=ACTIONS),
            ConditionRule(name="confused", modifier=-1, meaning="-1 to all actions until they clear their head "
                          "(a move)", rule_ref=ACTIONS),
            ConditionRule(name="restrained", blocks_move=True, modifier=-1, meaning="cannot move; -1 to all actions",
                          rule_ref=ACTIONS),
            ConditionRule(name="disarmed", meaning="dropped their weapon: what needs it cannot be used",
                          rule_ref=ACTIONS),
            ConditionRule(name="hidden", modifier=1, ends="end_of_turn", meaning="+1 to their next turn's actions",
                          rule_ref=ACTIONS),
            ConditionRule(name="aiming", modifier=1, ends="end_of_turn", meaning="+1 to their next turn's actions",
                          rule_ref=ACTIONS),
        ]
        return {r.name: r for r in rules}

    def actions_per_turn(self, state: TableState, actor: str) -> int:
        """The declared plan's actions (and its move); without a plan, one focused action."""
        from narrator.tools.systems.fiveplus.table_actions import turn_plan

        plan = turn_plan(state, actor)
        if plan is None:
            return 1
        return int(plan.get("actions", 1)) + (1 if plan.get("move") else 0)

    def on_turn_start(self, state: TableState, actor: str, roller: Any) -> TurnStart:
        from narrator.tools.systems.fiveplus.table_rounds import round_starts

        return round_starts(state, actor)


SYSTEM = FivePlus()
