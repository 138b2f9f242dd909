"""State-bound Mastery health (``mastery.md#Combat``): marking boxes the GM rules, and clearing them.

"When a character takes damage, mark off a number of health boxes. When the last one is marked, the character
typically goes into a coma or dies, depending on the circumstances."

Readings chosen:

* ``mastery_damage`` marks boxes outside an attack or hazard tool (a fall, poison, a spell the GM rules); the boxes
  left never go below 0. Marking the last one adds ``coma`` or ``dead``: the GM's ``lethal`` for this damage, else
  the campaign's ``last_box``.
* The book has no healing rule ("the GM is always right"): ``mastery_heal`` clears the boxes the GM grants (rest,
  medicine, magic), never above the character's total; clearing a box wakes a character from a coma. The dead stay
  dead: healing them is refused.
"""

from __future__ import annotations

from pydantic import Field

from narrator.tools.contract import ToolArgs
from narrator.tools.dice import Roller
from narrator.tools.steps import step
from narrator.tools.table import BoundResult, TableState
from narrator.tools.tool import table_tool
from narrator.tools import table_sheets
from narrator.tools.table_sheets import ON_TABLE
from narrator.tools.systems.mastery.options import options_of
from narrator.tools.systems.mastery.rules import COMBAT
from narrator.tools.systems.mastery.table_common import DEAD, ConditionEdits, conditions_of, fail, find, health_change

TARGET = ON_TABLE


class DamageArgs(ToolArgs):
    target: str = TARGET
    amount: int = Field(ge=1, le=100, description="Health boxes marked.")
    reason: str = Field(min_length=1, max_length=200, description="What hurts: a fall, poison, fire, a spell...")
    lethal: bool | None = Field(None, description="If the last box is marked: true death, false coma (default: the "
                                "campaign's choice).")


class HealArgs(table_sheets.HealArgs):
    amount: int = Field(ge=1, le=100, description="Health boxes cleared (never above the total).")
    reason: str | None = Field(None, max_length=200, description="What heals: rest, medicine, magic...")


class HealthResult(BoundResult):
    target: str
    amount: int = Field(json_schema_extra={"fact": "health"})
    reason: str | None
    health_before: int
    health_after: int
    max_health: int
    down: bool


def _change(state: TableState, target: str, delta: int, reason: str | None, lethal: bool | None) -> HealthResult:
    options = options_of(state)
    name, c = find(state, target, "target")
    if delta > 0 and DEAD in conditions_of(state, name):
        fail("target", f"{name} is dead; clearing boxes does not bring them back (the GM may remove 'dead' with "
                       "table_condition if the story says otherwise)", target)
    after = max(0, min(c.max_health, c.health + delta))
    edits = ConditionEdits(state)
    ops, lines = health_change(name, c, after, edits, options, lethal)
    steps = [step("mastery.boxes_change", name=name, delta=delta, reason=reason, health=c.health, after=after,
                  max_health=c.max_health)]
    if delta < 0 and c.health + delta < 0:
        steps.append(step("mastery.no_more_boxes"))
    if delta > 0 and c.health + delta > c.max_health:
        steps.append(step("mastery.only_marked", marked=c.max_health - c.health, max_health=c.max_health))
    return HealthResult(summary=step("mastery.health_now", name=name, health=c.health, after=after, reason=reason),
                        steps=[*steps, *lines],
                        rule_refs=[COMBAT], target=name, amount=abs(delta), reason=reason, health_before=c.health,
                        health_after=after, max_health=c.max_health, down=after == 0, changes=[*ops, *edits.ops()])


@table_tool("mastery")
def mastery_damage(args: DamageArgs, roller: Roller, state: TableState) -> HealthResult:
    """A character or NPC marks health boxes the GM rules (a fall, poison, fire); the last box marked means a coma or
    death."""
    return _change(state, args.target, -args.amount, args.reason, args.lethal)


@table_tool("mastery")
def mastery_heal(args: HealArgs, roller: Roller, state: TableState) -> HealthResult:
    """The GM clears a character's marked health boxes (rest, medicine, magic); never above the total, and it wakes one
    from a coma."""
    return _change(state, args.target, args.amount, args.reason, None)
