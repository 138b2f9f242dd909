"""Mastery (``mastery.md``): the 2007 minimalist dice-pool system — "The GM is always right."

A challenge rolls ``1 + trait + ability + skill + circumstance`` dice of the campaign's one kind (d6, d10 or d20)
and counts those at or above a target number. Every module in this package that defines :class:`tools.tool.Tool`
objects contributes them; nothing here lists them. This object is Mastery's side of the contract in
:mod:`tools.systems.contract`: its words, conditions, people, and where its book covers the shared table.

What the book leaves to the GM is a campaign option (:mod:`.options`: the die, the trait list, health boxes, the
combat mode, starting triumphs...) or an explicit argument of the pure tools; the module docstrings say which
reading was chosen wherever the book is open.
"""

from __future__ import annotations

from typing import Any

from narrator.tools.systems.contract import ConditionRule, Resource, SystemBase, TurnStart, Vocabulary
from narrator.tools.table import TableState

COMBAT = "mastery.md#Combat"


def _stats() -> tuple[str, ...]:
    from narrator.tools.systems.mastery.catalogue import ABILITIES, SKILLS
    from narrator.tools.systems.mastery.rules import DEFAULT_TRAITS

    return (*DEFAULT_TRAITS, *ABILITIES, *SKILLS)


STATS = _stats()
"""The book's example traits and the generators' abilities and skills: a number beside one is a rating. (A GM's own
trait names live in the campaign's options, which the vocabulary cannot see.)"""
ROUNDTABLE = "mastery.md#Single-Action Roundtable"
BLOODBATH = "mastery.md#Bloodbath"


class Mastery(SystemBase):
    name = "mastery"
    title = "Mastery"
    rulebook = "mastery.md"
    order = 40
    downed_condition = "coma"
    options_model = "options:CampaignOptions"
    sheet_model = "sheet:MasteryCharacter"
    table_citations = {"table_next_turn": [COMBAT]}

    def circumstances(self) -> dict[str, int]:
        """Circumstance modifiers are dice ("assistance from others, low visibility, weariness, wounds, magic,
        distraction", ``mastery.md#Challenges``); the book gives no sizes, so a big one is 2 dice, a small one 1."""
        return {"big advantage": 2, "small advantage": 1, "none": 0, "small disadvantage": -1,
                "big disadvantage": -2}

    def vocabulary(self) -> Vocabulary:
        return Vocabulary(
            resources=(
                Resource(field="health", word="health boxes", kind="health", downed_at=0),
                Resource(field="triumphs", word="triumphs", kind="pool"),
                Resource(field="max_health", word="health boxes in all", kind="stat"),
            ),
            items_field="gear",
            mechanics=("dice pool", "target number", "successes", "degree of success", "health box", "health boxes",
                       "triumph", "triumphs", "base die", "counter-attack die", "tn"),
            outcomes={"success": 1, "failure": -1, "win": 1, "loss": -1, "tie": 0, "hit": 1, "defended": -1,
                      "improved": 1, "not learned": -1},
            downed_words=("in a coma", "dead"),
            stats=STATS,
        )

    def conditions(self) -> dict[str, ConditionRule]:
        rules = [
            ConditionRule(name="coma", blocks_action=True, blocks_move=True,
                          meaning="the last health box is marked", rule_ref=COMBAT),
            ConditionRule(name="dead", blocks_action=True, blocks_move=True,
                          meaning="the last health box is marked, and the GM rules death", rule_ref=COMBAT),
            ConditionRule(name="stunned", ends="end_of_turn", meaning="cannot defend", rule_ref=ROUNDTABLE),
            ConditionRule(name="surprised", ends="end_of_round", meaning="cannot defend", rule_ref=ROUNDTABLE),
            ConditionRule(name="counter-attack", ends="end_of_turn", modifier=1,
                          meaning="won a defence: one extra die on their next attack", rule_ref=ROUNDTABLE),
            ConditionRule(name="fled", blocks_action=True, blocks_move=True,
                          meaning="withdrew from the fight; off the order when the next turn begins",
                          rule_ref=BLOODBATH),
        ]
        return {r.name: r for r in rules}

    def actions_per_turn(self, state: TableState, actor: str) -> int:
        return 1  # "each player takes a single action" (Single-Action Roundtable); one secret action (Bloodbath)

    def on_turn_start(self, state: TableState, actor: str, roller: Any) -> TurnStart:
        from narrator.tools.systems.mastery.turns import on_turn_start

        return on_turn_start(state, actor, roller)


SYSTEM = Mastery()
