"""Mini Six (``mini-six.md``): die codes with an exploding wild die against target numbers, static defences, a
wound-level chart, mass combat — and, as the named option ``thule`` (off by default), the Thule setting's house
rules: Hero Points, +1 at the start of each session.

Every module in this package that defines :class:`tools.tool.Tool` objects contributes them; nothing here lists
them. This object is Mini Six's side of :mod:`tools.systems.contract`: its words (wound levels rise when hurt),
its conditions, its people, and where its book covers the shared table. The readings chosen where the book is
garbled or silent are in the module docstrings of each mechanic (:mod:`.damage` for the wound chart, :mod:`.mass`
for mass combat's halves, :mod:`.dodge`, :mod:`.defences`, :mod:`.healing`, :mod:`.table_combat` ...).
"""

from __future__ import annotations

from typing import Any

from narrator.tools.dice import Roller
from narrator.tools.systems.contract import ConditionRule, Effect, Resource, SystemBase, TurnStart, Vocabulary
from narrator.tools.table import TableState

BOOK = "mini-six.md"
COMBAT = "mini-six.md#COMBAT"
MOVEMENT = "mini-six.md#Movement"
EFFECTS = "mini-six.md#Wound Level Effects"
STATIC = "mini-six.md#Static Defenses"
ATTACKING = "mini-six.md#Attacking a Target"
PERKS = "mini-six.md#2. Perks"


class MiniSix(SystemBase):
    name = "minisix"
    title = "Mini Six"
    rulebook = BOOK
    order = 20
    downed_condition = "incapacitated"
    options_model = "options:MiniSixOptions"
    sheet_model = "sheet:MiniSixCharacter"
    table_citations = {"table_set_zones": [MOVEMENT], "table_move": [MOVEMENT], "table_area": [MOVEMENT],
                       "table_next_turn": [COMBAT], "party_down": [EFFECTS]}

    def circumstances(self) -> dict[str, int]:
        """A difficulty band is five wide and range and cover move the TN by fives: a small advantage is +5 to
        the total (a band easier), a big one +10; disadvantages the same downward."""
        return {"big advantage": 10, "small advantage": 5, "none": 0, "small disadvantage": -5,
                "big disadvantage": -10}

    def sample_party(self) -> list[dict[str, Any]]:
        """Aria carries a sword and a bow and has two perks; Brom an axe and a shield; the rest as rolled."""
        party = super().sample_party()
        party[0] = {**party[0], "sheet": {
            "perks": {"lucky": 2, "favors": 1},
            "gear": [{"name": "sword", "kind": "melee", "damage": "+2D"},
                     {"name": "bow", "kind": "missile", "damage": "3D+1"},
                     {"name": "leather cuirass", "kind": "armor", "armor": 3}]}}
        party[1] = {**party[1], "sheet": {"gear": [{"name": "axe", "kind": "melee", "damage": "+2D+1"},
                                                   {"name": "shield", "kind": "shield"}]}}
        return party

    def vocabulary(self) -> Vocabulary:
        """Wound levels *rise* when hurt: ``wounds`` is an injury whose higher values are worse, and its bearer is
        down from 3 (incapacitated) on."""
        from narrator.tools.systems.minisix.rules import ATTRIBUTE_OF_SKILL, ATTRIBUTES, BAND_LABELS, BELOW_BANDS, LEVELS

        outcomes = {"success": 1, "failure": -1, "roll improves": 1, "static stands": 0, "conscious": 1,
                    "knocked out": -1, "lives": 1, "dies": -1, "healed": 1, "not healed": -1}
        outcomes.update({label: 0 for label in [BELOW_BANDS, *BAND_LABELS.values(), *LEVELS]})
        return Vocabulary(
            resources=(
                Resource(field="wounds", word="wound level", kind="injury", higher_is_better=False, downed_at=3),
                Resource(field="stuns", word="stun", kind="injury", higher_is_better=False),
                Resource(field="hero_points", word="Hero Points", kind="pool"),
                Resource(field="cp", word="character points", kind="pool"),
            ),
            items_field="gear",
            mechanics=("wild die", "soak", "static defence", "static defense", "dodge score", "die code", "pips",
                       "target number", "hero point", "hero points", "character point", "character points",
                       "wound level", "mass roll", "skill dice"),
            outcomes=outcomes,
            downed_words=("incapacitated",),
            powers_field="perks",
            passive_powers=("sidekick", "sorcerer"),
            stats=(*ATTRIBUTES, *ATTRIBUTE_OF_SKILL, "soak", "block", "parry"),
        )

    def effects(self, tool: str, result: Any, before: TableState | None = None) -> list[Effect]:
        """The shared reading of the ops, with Mini Six's worse-than-incapacitated levels as going down and its
        condition labels in words (:mod:`.effects`)."""
        from narrator.tools.systems.minisix.effects import story_effects

        return story_effects(super().effects(tool, result, before))

    def conditions(self) -> dict[str, ConditionRule]:
        """What each condition does and when it ends; ``modifier`` is in dice (-1 is -1D). The readings are in
        :mod:`.table_common` and :mod:`.table_combat`."""
        rules = [
            ConditionRule(name="incapacitated", blocks_action=True, blocks_move=True, meaning="fallen; a Moderate "
                          "(15) stamina roll at the start of the next turn to stay conscious", rule_ref=EFFECTS),
            ConditionRule(name="fighting on", modifier=-3, meaning="incapacitated but conscious: -3D",
                          rule_ref=EFFECTS),
            ConditionRule(name="unconscious", blocks_action=True, blocks_move=True, meaning="knocked out for 10D "
                          "minutes", rule_ref=EFFECTS),
            ConditionRule(name="mortally wounded", blocks_action=True, blocks_move=True, meaning="near death and "
                          "unconscious: a Might roll each minute", rule_ref=EFFECTS),
            ConditionRule(name="dead", blocks_action=True, blocks_move=True, meaning="perished", rule_ref=EFFECTS),
            ConditionRule(name="stunned", modifier=-1, ends="end_of_turn", meaning="-1D to all actions",
                          rule_ref=EFFECTS),
            ConditionRule(name="wounded", modifier=-1, meaning="-1D to all actions until healed", rule_ref=EFFECTS),
            ConditionRule(name="severely wounded", modifier=-2, meaning="-2D on all actions until healed",
                          rule_ref=EFFECTS),
            ConditionRule(name="dodging", ends="start_of_turn", meaning="the dodge roll is the minimum TN against "
                          "every attack", rule_ref=STATIC),
            ConditionRule(name="full dodge", ends="start_of_turn", meaning="a full dodge: dodge +10 against every "
                          "attack", rule_ref=STATIC),
            ConditionRule(name="cover 50%", meaning="+5 to the TN to hit", rule_ref=ATTACKING),
            ConditionRule(name="cover 75%", meaning="+10 to the TN to hit", rule_ref=ATTACKING),
            ConditionRule(name="cover 90%", meaning="+15 to the TN to hit", rule_ref=ATTACKING),
            ConditionRule(name="cover 100%", meaning="cannot be hit", rule_ref=ATTACKING),
            ConditionRule(name="lucky", meaning="the next roll's result is doubled", rule_ref=PERKS),
            ConditionRule(name="daredevil", ends="start_of_turn", meaning="defences halved, Might doubled against "
                          "damage", rule_ref=PERKS),
        ]
        return {r.name: r for r in rules}

    def actions_per_turn(self, state: TableState, actor: str) -> int:
        """One action, or as many as the combatant declared this turn (``Multiple Actions``: up to ten, -1D each
        per extra action)."""
        from narrator.tools.systems.minisix.table_combat import actions_allowed

        return actions_allowed(state, actor)

    def on_turn_start(self, state: TableState, actor: str, roller: Roller) -> TurnStart:
        """An incapacitated combatant's stamina roll as its turn begins (``Wound Level Effects``)."""
        from narrator.tools.systems.minisix.table_combat import stamina_at_turn_start

        return stamina_at_turn_start(state, actor, roller)


SYSTEM = MiniSix()
