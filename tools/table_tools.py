"""System-agnostic state-bound tools: the scene, zones and positions, conditions, and the initiative tracker.

Starting combat and adding a combatant roll initiative, which is each system's own business; everything after
(whose turn, next turn, removing someone, ending combat) is the same in every system and lives here.
"""

from __future__ import annotations

from pydantic import Field, field_validator

from tools.contract import ToolArgs, ToolResult
from tools.dice import Die
from tools.odds import Odds
from tools.dice import Roller
from tools.registry import tool
from tools.table import BoundResult, Initiative, Move, SetConditions, SetInitiative, SetScene, SetZones, TableState


class SceneArgs(ToolArgs):
    text: str = Field(min_length=1, max_length=2000, description="What the scene is: place, time, situation.")


@tool("table_set_scene", "table", "Set the current scene description.")
def set_scene(args: SceneArgs, roller: Roller, state: TableState) -> BoundResult:
    return BoundResult(summary=f"Scene: {args.text}", changes=[SetScene(text=args.text)])


class ZonesArgs(ToolArgs):
    zones: list[str] = Field(min_length=1, max_length=20, description="Zone names in order; neighbours are adjacent.")

    @field_validator("zones")
    @classmethod
    def _unique(cls, zones: list[str]) -> list[str]:
        cleaned = [z.strip() for z in zones]
        if any(not z or len(z) > 60 for z in cleaned):
            raise ValueError("zone names must be 1-60 characters")
        if len({z.casefold() for z in cleaned}) != len(cleaned):
            raise ValueError("zone names must be unique")
        return cleaned


@tool("table_set_zones", "table", "Divide the battlefield into ordered zones (neighbours are adjacent).")
def set_zones(args: ZonesArgs, roller: Roller, state: TableState) -> BoundResult:
    return BoundResult(
        summary=f"Zones: {' | '.join(args.zones)}",
        steps=["Moving between adjacent zones takes a turn; close combat only reaches the same zone."],
        rule_refs=["minim.md#Zones"] if state.system == "minim" else [],
        changes=[SetZones(zones=args.zones)],
    )


class MoveArgs(ToolArgs):
    actor: str = Field(min_length=1, max_length=60)
    zone: str = Field(min_length=1, max_length=60)


@tool("table_move", "table", "Move a character or NPC to a zone.")
def move(args: MoveArgs, roller: Roller, state: TableState) -> BoundResult:
    name = state.find(args.actor, "actor")
    zone = state.find_zone(args.zone)
    here = state.positions.get(name)
    steps = []
    if here is not None:
        distance = abs(state.zones.index(zone) - state.zones.index(here))
        steps.append(f"From {here} to {zone}: {distance} zone(s) away, {distance} turn(s) of movement.")
    return BoundResult(summary=f"{name} moves to {zone}", steps=steps, changes=[Move(name=name, zone=zone)])


class ConditionArgs(ToolArgs):
    actor: str = Field(min_length=1, max_length=60)
    condition: str = Field(min_length=1, max_length=60, description="e.g. stunned, prone, defending, surprised")
    remove: bool = Field(False, description="true to remove the condition instead of adding it")


@tool("table_condition", "table", "Add or remove a condition on a character or NPC.")
def condition(args: ConditionArgs, roller: Roller, state: TableState) -> BoundResult:
    name = state.find(args.actor, "actor")
    current = list(state.conditions.get(name, []))
    cond = args.condition.lower()
    if args.remove:
        if cond not in current:
            return BoundResult(summary=f"{name} is not {cond}", changes=[])
        current.remove(cond)
        verb = "is no longer"
    else:
        if cond in current:
            return BoundResult(summary=f"{name} is already {cond}", changes=[])
        current.append(cond)
        verb = "is now"
    return BoundResult(summary=f"{name} {verb} {cond}", changes=[SetConditions(name=name, conditions=current)])


class NoArgs(ToolArgs):
    pass


def _require_combat(state: TableState) -> Initiative:
    from tools.errors import FieldProblem, ToolArgumentError

    if not state.initiative.active:
        raise ToolArgumentError("?", [FieldProblem("(state)", "no combat is running; start one first")])
    return state.initiative


@tool("table_next_turn", "table", "Advance the initiative tracker to the next turn (and round).")
def next_turn(args: NoArgs, roller: Roller, state: TableState) -> BoundResult:
    ini = _require_combat(state)
    turn, rnd = ini.turn + 1, ini.round
    if turn >= len(ini.order):
        turn, rnd = 0, rnd + 1
    new = ini.model_copy(update={"turn": turn, "round": rnd})
    return BoundResult(summary=f"Round {rnd}: {new.current}'s turn", changes=[SetInitiative(initiative=new)])


class CombatantArgs(ToolArgs):
    actor: str = Field(min_length=1, max_length=60)


@tool("table_remove_combatant", "table", "Remove a character or NPC from the initiative order.")
def remove_combatant(args: CombatantArgs, roller: Roller, state: TableState) -> BoundResult:
    ini = _require_combat(state)
    name = next((n for n in ini.order if n.casefold() == args.actor.strip().casefold()), None)
    if name is None:
        from tools.table import UnknownNameError

        raise UnknownNameError("combatant", args.actor, ini.order, "actor")
    idx = ini.order.index(name)
    order = [n for n in ini.order if n != name]
    turn = ini.turn - 1 if idx < ini.turn else ini.turn
    turn = 0 if turn >= len(order) else max(turn, 0)
    totals = {k: v for k, v in ini.totals.items() if k != name}
    new = ini.model_copy(update={"order": order, "turn": turn, "totals": totals, "active": bool(order)})
    return BoundResult(summary=f"{name} leaves the fight", changes=[SetInitiative(initiative=new)])


@tool("table_end_combat", "table", "End combat and clear the initiative tracker.")
def end_combat(args: NoArgs, roller: Roller, state: TableState) -> BoundResult:
    _require_combat(state)
    return BoundResult(summary="Combat ends", changes=[SetInitiative(initiative=Initiative())])


TOOLS = [set_scene, set_zones, move, condition, next_turn, remove_combatant, end_combat]


class EditArgs(ToolArgs):
    actor: str = Field(min_length=1, max_length=60)
    set: dict[str, object] = Field(
        min_length=1, max_length=20, description="Sheet fields to set, dotted for nested ones: {'powers.wealth': 2}."
    )


@tool("table_edit_character", "table", "Edit fields of a character or NPC sheet; the system's rules judge the result.")
def edit_character(args: EditArgs, roller: Roller, state: TableState) -> BoundResult:
    from tools.errors import FieldProblem, ToolArgumentError
    from tools.systems import get_system
    from tools.table import SetField, _set_path, get_path

    name = state.find(args.actor, "actor")
    sheet = dict(state.characters[name])
    changes = []
    for path, value in args.set.items():
        if path.split(".")[0] == "name":
            raise ToolArgumentError("?", [FieldProblem(f"set.{path}", "a character cannot be renamed by editing")])
        changes.append(SetField(name=name, field=path, value=value, was=get_path(sheet, path)))
        sheet = _set_path(sheet, path, value)
    problems = get_system(state.system).sheet_problems(sheet, creation=False)
    if problems:
        raise ToolArgumentError("?", [FieldProblem("set", p) for p in problems])
    return BoundResult(summary=f"{name}: " + ", ".join(f"{c.field} {c.was!r} → {c.value!r}" for c in changes),
                       changes=changes)


class RemoveArgs(ToolArgs):
    actor: str = Field(min_length=1, max_length=60)


@tool("table_remove_character", "table", "Remove a character or NPC from the campaign.")
def remove_character(args: RemoveArgs, roller: Roller, state: TableState) -> BoundResult:
    from tools.table import RemoveCharacter

    name = state.find(args.actor, "actor")
    return BoundResult(summary=f"{name} is removed from the campaign", changes=[RemoveCharacter(name=name)])


TOOLS += [edit_character, remove_character]


class RollArgs(ToolArgs):
    expression: str = Field(min_length=1, max_length=200, description="Dice notation: 2d6+1, 4d6kh3, 3D+2, 5d6>=5")


class RollToolResult(ToolResult):
    expression: str
    dice: list[Die]
    total: int
    odds: Odds | None = None


@tool("table_roll", "table", "Roll dice notation openly (a player's or narrator's explicit roll).")
def roll_dice(args: RollArgs, roller: Roller) -> RollToolResult:
    from tools.errors import DiceNotationError, DiceLimitError, FieldProblem, ToolArgumentError
    from tools.notation import roll

    try:
        r = roll(args.expression, roller)
    except (DiceNotationError, DiceLimitError) as e:
        raise ToolArgumentError("?", [FieldProblem("expression", str(e).splitlines()[0])]) from None
    return RollToolResult(summary=f"{r.expression} = {r.total}", steps=r.steps, expression=r.expression,
                          dice=r.dice, total=r.total, odds=r.odds)


TOOLS += [roll_dice]
