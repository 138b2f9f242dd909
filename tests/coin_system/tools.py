"""Coin's rules and data: the flip, the sheet, how a character is made, the check at the table, what the agent may
propose. The glue (seating characters, reading sheets) is the shared seams' (:mod:`tools.table_people`)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from narrator.tools.binding import bind, run_pure
from narrator.tools.contract import CheckResult, ToolArgs, ToolResult
from narrator.tools.dice import Roller
from narrator.tools.odds import Dist
from narrator.tools.problems import fail
from narrator.tools.steps import step
from narrator.tools.proposals import ACTOR_ENUM, Circumstance, ProposalArgs, ProposalSpec
from narrator.tools.table import BoundResult, SetField, TableState
from narrator.tools.table_people import NAME, RandomArgs, npc_seat_tool, random_seat_tool, seat_tool
from narrator.tools.table_sheets import Sheets
from narrator.tools.tool import table_tool, tool

CHECKS, CHARACTERS = "coin.md#Checks", "coin.md#Characters"


class Sheet(BaseModel):
    name: str = NAME
    luck: int = Field(2, ge=0, le=3, description="Spent for an edge.")
    health: int = Field(3, ge=0, le=3)
    npc: bool = False


SHEETS = Sheets(Sheet, "Coin")


class FlipArgs(ToolArgs):
    edge: bool = Field(False, description="Flip two coins and keep the better.")


class FlipResult(CheckResult):
    outcome: Literal["heads", "tails"]


@tool("coin")
def coin_flip(args: FlipArgs, roller: Roller) -> FlipResult:
    """Flip a coin: heads succeeds, tails fails; with an edge, flip two and keep the better."""
    dice = [roller.roll(2, "coin")] + ([roller.roll(2, "edge coin")] if args.edge else [])
    heads = any(d.face == 2 for d in dice)
    one = Dist.uniform(["heads", "tails"])
    dist = one.combine(one, lambda a, b: "heads" if "heads" in (a, b) else "tails") if args.edge else one
    outcome = "heads" if heads else "tails"
    return FlipResult(summary=step("coin.outcome", outcome=outcome),
                      steps=[step("coin.flipped", sides=["heads" if d.face == 2 else "tails" for d in dice])],
                      rule_refs=[CHECKS], dice=dice, outcome=outcome, success=heads,
                      odds=dist.odds(p_success=dist.p(lambda o: o == "heads"), order=("tails", "heads")))


class MakeArgs(ToolArgs):
    name: str = NAME
    luck: int = Field(2, ge=1, le=3)
    npc: bool = False


class Made(ToolResult):
    character: Sheet


@tool("coin")
def coin_character(args: MakeArgs, roller: Roller) -> Made:
    """Make a Coin character: luck 1-3 as chosen, health 3."""
    return Made(summary=step("coin.joins", name=args.name, luck=args.luck), steps=[step("coin.sheet", luck=args.luck, health=3)],
                rule_refs=[CHARACTERS], character=Sheet(name=args.name, luck=args.luck, npc=args.npc))


coin_add_character = seat_tool("coin_add_character", "coin", "Add a Coin character.", coin_character)
coin_add_random_character = random_seat_tool(
    "coin_add_random_character", "coin", "Add a Coin character with luck rolled on a d3.", coin_character,
    args=RandomArgs, made_by=lambda a, r, s: coin_character.fn(MakeArgs(name=a.name, luck=r.roll(3, "luck").face), r))
coin_add_npc = npc_seat_tool(  # luck follows the power level: 1-2 → 1, 3-4 → 2, 5 → 3
    "coin_add_npc", "coin", "Add a Coin NPC from a concept; luck follows the power level.", coin_character,
    made_by=lambda a, r, name: coin_character.fn(MakeArgs(name=name, luck=min(3, (a.level + 1) // 2), npc=True), r))


class CheckArgs(ToolArgs):
    actor: str = Field(min_length=1, max_length=60)
    edge: bool = False


class CheckOnTable(FlipResult, BoundResult):
    actor: str


@table_tool("coin", acts="actor")
def coin_check(args: CheckArgs, roller: Roller, state: TableState) -> CheckOnTable:
    """A character tries something risky: a coin decides (an edge spends luck)."""
    name, c = SHEETS.find(state, args.actor, "actor")
    if args.edge and c.luck < 1:
        fail("edge", f"{name} has no luck left")
    changes = [SetField(name=name, field="luck", value=c.luck - 1, was=c.luck)] if args.edge else []
    r = run_pure(coin_flip, roller, edge=args.edge)
    return bind(CheckOnTable, r, changes, summary=step("coin.check", name=name, flip=r.summary), actor=name)


class CheckProposal(ProposalArgs):
    actor: str = Field(min_length=1, max_length=60, json_schema_extra=ACTOR_ENUM)
    circumstance: Circumstance = "none"


SPECS = [ProposalSpec("coin_check", CheckProposal, lambda a, s: {"actor": a.actor,
                                                                 "edge": a.circumstance.endswith("advantage")
                                                                 and not a.circumstance.endswith("disadvantage")},
                      "someone tries something risky")]
WORKED_EXAMPLES = {"coin_flip": {"edge": True}, "coin_character": {"name": "Flip", "luck": 3}}


def router_examples() -> list[tuple[str, str]]:
    return [("I flip a coin to see if it works", "coin_check")]
