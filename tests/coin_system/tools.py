"""Coin's tools: the flip (pure), and the table tools that put people on the table and let them try things."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from tools.binding import bind, run_pure
from tools.contract import CheckResult, ToolArgs
from tools.dice import Roller
from tools.errors import FieldProblem, ToolArgumentError
from tools.odds import Dist
from tools.proposals import ACTOR_ENUM, Circumstance, ProposalArgs, ProposalSpec
from tools.table import BoundResult, PutCharacter, SetField, TableState
from tools.tool import table_tool, tool

CHECKS = "coin.md#Checks"


class FlipArgs(ToolArgs):
    edge: bool = Field(False, description="Flip two coins and keep the better.")


class FlipResult(CheckResult):
    outcome: Literal["heads", "tails"]


@tool("coin_flip", "coin", "Flip a coin: heads succeeds, tails fails; with an edge, flip two and keep the better.")
def coin_flip(args: FlipArgs, roller: Roller) -> FlipResult:
    dice = [roller.roll(2, "coin")] + ([roller.roll(2, "edge coin")] if args.edge else [])
    heads = any(d.face == 2 for d in dice)
    one = Dist.uniform(["heads", "tails"])
    dist = one.combine(one, lambda a, b: "heads" if "heads" in (a, b) else "tails") if args.edge else one
    outcome = "heads" if heads else "tails"
    return FlipResult(summary=f"{outcome}", steps=[f"Flipped {', '.join('heads' if d.face == 2 else 'tails' for d in dice)}."],
                      rule_refs=[CHECKS], dice=dice, outcome=outcome, success=heads,
                      odds=dist.odds(p_success=dist.p(lambda o: o == "heads"), order=("tails", "heads")))


class AddArgs(ToolArgs):
    name: str = Field(min_length=1, max_length=60)
    luck: int = Field(2, ge=1, le=3)


class AddResult(BoundResult):
    actor: str


def _put(state: TableState, name: str, luck: int, npc: bool) -> AddResult:
    if any(n.casefold() == name.casefold() for n in state.characters):
        raise ToolArgumentError("?", [FieldProblem("name", f"'{name}' is already on the table")])
    sheet = {"name": name, "luck": luck, "health": 3, "npc": npc}
    return AddResult(summary=f"{name} joins (luck {luck})", actor=name,
                     changes=[PutCharacter(name=name, sheet=sheet)])


@table_tool("coin_add_character", "coin", "Add a Coin character.")
def coin_add_character(args: AddArgs, roller: Roller, state: TableState) -> AddResult:
    return _put(state, args.name, args.luck, False)


class RandomArgs(ToolArgs):
    name: str = Field(min_length=1, max_length=60)
    concept: str | None = Field(None, max_length=200)


@table_tool("coin_add_random_character", "coin", "Add a Coin character with luck rolled on a d3.")
def coin_add_random_character(args: RandomArgs, roller: Roller, state: TableState) -> AddResult:
    return _put(state, args.name, roller.roll(3, "luck").face, False)


class NpcArgs(ToolArgs):
    concept: str = Field(min_length=1, max_length=200)
    level: int = Field(3, ge=1, le=5)
    name: str | None = Field(None, min_length=1, max_length=60)


@table_tool("coin_add_npc", "coin", "Add a Coin NPC from a concept; luck follows the power level.")
def coin_add_npc(args: NpcArgs, roller: Roller, state: TableState) -> AddResult:
    name = args.name
    if name is None:
        base, n = args.concept.title()[:50], 1
        name = base
        while any(k.casefold() == name.casefold() for k in state.characters):
            n += 1
            name = f"{base} {n}"
    return _put(state, name, min(3, max(1, (args.level + 1) // 2)), True)


class CheckArgs(ToolArgs):
    actor: str = Field(min_length=1, max_length=60)
    edge: bool = False


class CheckOnTable(FlipResult, BoundResult):
    actor: str


@table_tool("coin_check", "coin", "A character tries something risky: a coin decides (an edge spends luck).",
            acts="actor")
def coin_check(args: CheckArgs, roller: Roller, state: TableState) -> CheckOnTable:
    name = state.find(args.actor, "actor")
    luck = state.characters[name]["luck"]
    changes = []
    if args.edge:
        if luck < 1:
            raise ToolArgumentError("?", [FieldProblem("edge", f"{name} has no luck left")])
        changes.append(SetField(name=name, field="luck", value=luck - 1, was=luck))
    r = run_pure(coin_flip, roller, edge=args.edge)
    return bind(CheckOnTable, r, changes, summary=f"{name}: {r.summary}", actor=name)


class CheckProposal(ProposalArgs):
    actor: str = Field(min_length=1, max_length=60, json_schema_extra=ACTOR_ENUM)
    circumstance: Circumstance = "none"


SPECS = [ProposalSpec("coin_check", CheckProposal, lambda a, s: {"actor": a.actor,
                                                                 "edge": a.circumstance.endswith("advantage")
                                                                 and not a.circumstance.endswith("disadvantage")},
                      "someone tries something risky")]


def problems(sheet: dict) -> list[str]:
    out = []
    if not isinstance(sheet.get("luck"), int) or not 0 <= sheet["luck"] <= 3:
        out.append("luck must be 0-3")
    if not isinstance(sheet.get("health"), int) or not 0 <= sheet["health"] <= 3:
        out.append("health must be 0-3")
    return out
