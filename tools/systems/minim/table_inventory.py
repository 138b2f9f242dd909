"""Inventory on the table (``minim.md#Advancement``, Gear): items found, given, lost or used up.

Buying goes through ``minim_buy`` (wealth); these tools record gear that changes hands any other way. Quality is
−2..+2 as everywhere in Minim. "Many items work exactly like powers with their own power-scores": an item gained
with a ``power`` score (the dungeon's magic item: ``minim_dungeon_floor``'s ``reward.item``, score = the party's
median tier) is rolled with ``minim_use_power`` like a power, faith and all; an ``expendable`` one (a potion, a
grenade) leaves the gear when it activates.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from narrator.tools.contract import ToolArgs, ref
from narrator.tools.dice import Roller
from narrator.tools.steps import step
from narrator.tools.tool import table_tool
from narrator.tools.systems.minim.rules import BOOK
from narrator.tools.systems.minim.sheet import GearItem
from narrator.tools.systems.minim.table_common import find
from narrator.tools.table_sheets import without_item
from narrator.tools.table import BoundResult, SetField, TableState

GEAR = ref(BOOK, "Advancement")
ATTACKS = ref(BOOK, "Attacks")
POWERS = ref(BOOK, "Powers")


class GainItemArgs(ToolArgs):
    actor: str = Field(min_length=1, max_length=60, description="Who receives the item.")
    item: str = Field(min_length=1, max_length=60)
    kind: Literal["weapon", "armor", "item"] = "item"
    quality: int = Field(0, ge=-2, le=2, description="-2 shabby .. +2 legendary.")
    power: int | None = Field(None, ge=1, le=5, description="The item works like a power with this score (1-5): a "
                              "magic wand, the dungeon's magic item.")
    expendable: bool = Field(False, description="Used up when it activates (a potion, a grenade).")


class LoseItemArgs(ToolArgs):
    actor: str = Field(min_length=1, max_length=60, description="Who loses, gives away or uses up the item.")
    item: str = Field(min_length=1, max_length=60)


class InventoryResult(BoundResult):
    actor: str
    gear: list[GearItem]


@table_tool("minim")
def minim_gain_item(args: GainItemArgs, roller: Roller, state: TableState) -> InventoryResult:
    """A character gains an item (found, given, looted); it joins their gear."""
    name, sheet = find(state, args.actor, "actor")
    new = GearItem(name=args.item, kind=args.kind, quality=args.quality, power=args.power,
                   expendable=args.expendable)
    gear = [*sheet.gear, new]
    item = {"item": args.item, "item_kind": args.kind, "quality": args.quality, "power": args.power}
    return InventoryResult(
        summary=step("minim.gains_item", name=name, **item),
        steps=[step("minim.item_joins", name=name, **item, expendable=args.expendable)],
        rule_refs=[GEAR] + ([ATTACKS] if args.kind != "item" else []) + ([POWERS] if args.power else []),
        actor=name, gear=gear,
        changes=[SetField(name=name, field="gear", value=[g.model_dump(mode="json") for g in gear],
                          was=[g.model_dump(mode="json") for g in sheet.gear])],
    )


@table_tool("minim")
def minim_lose_item(args: LoseItemArgs, roller: Roller, state: TableState) -> InventoryResult:
    """A character loses, gives away or uses up an item from their gear."""
    name, sheet = find(state, args.actor, "actor")
    gone, gear = without_item(sheet.gear, args.item)
    return InventoryResult(
        summary=step("minim.loses_item", name=name, item=gone.name),
        steps=[step("minim.item_leaves", name=name, item=gone.name)],
        rule_refs=[GEAR], actor=name, gear=gear,
        changes=[SetField(name=name, field="gear", value=[g.model_dump(mode="json") for g in gear],
                          was=[g.model_dump(mode="json") for g in sheet.gear])],
    )
