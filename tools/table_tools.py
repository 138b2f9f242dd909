"""System-agnostic state-bound tools: the scene, zones and positions, conditions, and the initiative tracker.

Starting combat and adding a combatant roll initiative, which is each system's own business; everything after
(whose turn, next turn, removing someone, ending combat) is the same in every system and lives here.
"""

from __future__ import annotations

from pydantic import Field, field_validator

from narrator.tools.contract import ToolArgs, ToolResult
from narrator.tools.dice import Die, Roller
from narrator.tools.errors import FieldProblem, ToolArgumentError
from narrator.tools.odds import Odds
from narrator.tools.steps import step
from narrator.tools.table import BoundResult, Initiative, Move, SetConditions, SetInitiative, SetScene, SetZones, TableState
from narrator.tools.tool import table_tool, tool


def cites(state: TableState, tool_name: str) -> list[str]:
    """The campaign's rulebook sections for a shared table tool (each system says where its book covers zones)."""
    from narrator.tools.systems import get_system

    return list(get_system(state.system).table_citations.get(tool_name, []))


class SceneArgs(ToolArgs):
    text: str = Field(min_length=1, max_length=2000, description="What the scene is: place, time, situation.")


@table_tool("table", name="table_set_scene")
def set_scene(args: SceneArgs, roller: Roller, state: TableState) -> BoundResult:
    """Set the current scene description."""
    return BoundResult(summary=step("table.scene", text=args.text), changes=[SetScene(text=args.text)])


def _zone_list(zones: list[str]) -> list[str]:
    cleaned = [z.strip() for z in zones]
    if any(not z or len(z) > 60 for z in cleaned):
        raise ValueError("zone names must be 1-60 characters")
    if len({z.casefold() for z in cleaned}) != len(cleaned):
        raise ValueError("zone names must be unique")
    return cleaned


class ZonesArgs(ToolArgs):
    zones: list[str] = Field(min_length=1, max_length=20, description="Zone names, e.g. entrance, dance floor, bar, "
                             "lounge.")
    links: list[list[str]] | None = Field(None, max_length=190, description="Which pairs of zones border each "
                                          "other, e.g. [['entrance', 'dance floor'], ['dance floor', 'bar']]; "
                                          "default: each zone borders the next in the list.")

    @field_validator("zones")
    @classmethod
    def _unique(cls, zones: list[str]) -> list[str]:
        return _zone_list(zones)

    @field_validator("links")
    @classmethod
    def _pairs(cls, links: list[list[str]] | None) -> list[list[str]] | None:
        if links is None:
            return None
        for pair in links:
            if len(pair) != 2 or pair[0].strip().casefold() == pair[1].strip().casefold():
                raise ValueError("each link is two different zones, e.g. ['bar', 'lounge']")
        return [[a.strip(), b.strip()] for a, b in links]


@table_tool("table", name="table_set_zones")
def set_zones(args: ZonesArgs, roller: Roller, state: TableState) -> BoundResult:
    """Divide the battlefield into zones and say which border each other (a map: a room may border several)."""
    links: list[tuple[str, str]] | None = None
    if args.links is not None:
        folded = {z.casefold(): z for z in args.zones}
        links = []
        for i, (a, b) in enumerate(args.links):
            missing = [z for z in (a, b) if z.casefold() not in folded]
            if missing:
                raise ToolArgumentError("?", [FieldProblem(f"links.{i}", f"not a zone: {', '.join(missing)}; zones: "
                                                                         f"{', '.join(args.zones)}")])
            pair = (folded[a.casefold()], folded[b.casefold()])
            if pair not in links and pair[::-1] not in links:
                links.append(pair)
    op = SetZones(zones=args.zones, links=links)
    shown = links if links is not None else list(zip(args.zones, args.zones[1:]))
    return BoundResult(
        summary=step("table.zones", zones=list(args.zones)),
        steps=[step("table.borders", borders=[list(pair) for pair in shown]), step("table.zone_moves")],
        rule_refs=cites(state, "table_set_zones"),
        changes=[op],
    )


class MoveArgs(ToolArgs):
    actor: str = Field(min_length=1, max_length=60)
    zone: str = Field(min_length=1, max_length=60)


@table_tool("table", name="table_move", acts="actor", moves=True)
def move(args: MoveArgs, roller: Roller, state: TableState) -> BoundResult:
    """Move a character or NPC to a zone (in combat: one bordering zone per turn)."""
    from narrator.tools.turns import blocking, condition_text

    name = state.find(args.actor, "actor")
    zone = state.find_zone(args.zone)
    pinned = blocking(state, name, "move")
    if pinned:
        why = "; ".join(condition_text(state, name, c) for c in pinned)
        raise ToolArgumentError("?", [FieldProblem("actor", f"{name} cannot move: {why}")])
    here = state.positions.get(name)
    steps = []
    if here is not None and here != zone:
        path = state.zone_path(here, zone)
        if path is None:
            raise ToolArgumentError("?", [FieldProblem("zone", f"no way from {here} to {zone}: no chain of "
                                                               "bordering zones joins them")])
        steps.append(step("table.path", start=here, zone=zone, path=list(path)))
        if state.initiative.active and name in state.initiative.order and len(path) > 2:
            raise ToolArgumentError("?", [FieldProblem(
                "zone", f"{zone} is {len(path) - 1} zones away from {here}; in combat a move reaches one bordering "
                        f"zone per turn: move to {path[1]} first")])
    return BoundResult(summary=step("table.moves", name=name, zone=zone), steps=steps, rule_refs=cites(state, "table_move"),
                       changes=[Move(name=name, zone=zone)])


class ConditionArgs(ToolArgs):
    actor: str = Field(min_length=1, max_length=60)
    condition: str = Field(min_length=1, max_length=60, description="e.g. stunned, prone, defending, surprised")
    remove: bool = Field(False, description="true to remove the condition instead of adding it")


@table_tool("table", name="table_condition")
def condition(args: ConditionArgs, roller: Roller, state: TableState) -> BoundResult:
    """Add or remove a condition on a character or NPC (the system says what it does and when it ends)."""
    from narrator.tools.turns import condition_step, expiry_for

    name = state.find(args.actor, "actor")
    current = list(state.conditions.get(name, []))
    timers = dict(state.expiry.get(name, {}))
    cond = args.condition.lower()
    if args.remove:
        if cond not in current:
            return BoundResult(summary=step("table.not_condition", name=name, condition=cond), changes=[])
        current.remove(cond)
        timers.pop(cond, None)
        summary = step("table.no_longer", name=name, condition=cond)
    else:
        if cond in current:
            return BoundResult(summary=step("table.already", name=name, condition=cond), changes=[])
        current.append(cond)
        timer = expiry_for(state, name, cond)
        if timer is not None:
            timers[cond] = timer
        summary = step("table.now", name=name, condition=cond)
    op = SetConditions(name=name, conditions=current, expiry=timers)
    steps = [] if args.remove else [step("table.bears", name=name, condition=condition_step(_apply(state, op), name,
                                                                                           cond))]
    return BoundResult(summary=summary, steps=steps, changes=[op])


def _apply(state: TableState, op) -> TableState:
    from narrator.tools.table import apply

    return apply(state, op)


class NoArgs(ToolArgs):
    pass


def _require_combat(state: TableState) -> Initiative:
    if not state.initiative.active:
        raise ToolArgumentError("?", [FieldProblem("(state)", "no combat is running; start one first")])
    return state.initiative


class NextTurnResult(BoundResult):
    round: int
    current: str | None
    dice: list[Die] = Field(default_factory=list, description="Dice the system rolled as the turn began.")


@table_tool("table", name="table_next_turn")
def next_turn(args: NoArgs, roller: Roller, state: TableState) -> NextTurnResult:
    """Advance the initiative tracker to the next turn (and round); timed conditions end, and the system may test the
    combatant whose turn begins."""
    from narrator.tools.systems import get_system
    from narrator.tools.table import apply_all
    from narrator.tools.turns import advance

    _require_combat(state)
    new, ops, lines = advance(state)
    changes = [*ops, SetInitiative(initiative=new)]
    start = get_system(state.system).on_turn_start(apply_all(state, changes), new.current, roller) \
        if new.current else None
    if start is not None:
        changes += start.changes
        lines += start.steps
    said = start.summary if start is not None and start.summary else None
    return NextTurnResult(summary=step("table.turn", round=new.round, current=new.current, start=said), steps=lines,
                          rule_refs=[*cites(state, "table_next_turn"), *(start.rule_refs if start else [])],
                          changes=changes, round=new.round, current=new.current,
                          dice=list(start.dice) if start else [])


class CombatantArgs(ToolArgs):
    actor: str = Field(min_length=1, max_length=60)


@table_tool("table", name="table_remove_combatant")
def remove_combatant(args: CombatantArgs, roller: Roller, state: TableState) -> BoundResult:
    """Remove a character or NPC from the initiative order."""
    ini = _require_combat(state)
    name = next((n for n in ini.order if n.casefold() == args.actor.strip().casefold()), None)
    if name is None:
        from narrator.tools.table import UnknownNameError

        raise UnknownNameError("combatant", args.actor, ini.order, "actor")
    idx = ini.order.index(name)
    order = [n for n in ini.order if n != name]
    turn = ini.turn - 1 if idx < ini.turn else ini.turn
    turn = 0 if turn >= len(order) else max(turn, 0)
    totals = {k: v for k, v in ini.totals.items() if k != name}
    used = ini.used if idx != ini.turn else 0
    new = ini.model_copy(update={"order": order, "turn": turn, "totals": totals, "active": bool(order),
                                 "used": used})
    return BoundResult(summary=step("table.leaves_fight", name=name), changes=[SetInitiative(initiative=new)])


@table_tool("table", name="table_end_combat")
def end_combat(args: NoArgs, roller: Roller, state: TableState) -> BoundResult:
    """End combat and clear the initiative tracker (and turn-timed conditions)."""
    _require_combat(state)
    ops: list = []
    lines = []
    for bearer, timers in state.expiry.items():
        left = [c for c in state.conditions.get(bearer, []) if c not in timers]
        ops.append(SetConditions(name=bearer, conditions=left, expiry={}))
        lines += [step("table.ended", name=bearer, condition=c) for c in timers]
    return BoundResult(summary=step("table.combat_ends"), steps=lines, changes=[*ops, SetInitiative(initiative=Initiative())])


class AreaArgs(ToolArgs):
    zone: str = Field(min_length=1, max_length=60, description="The zone the effect fills.")


class AreaResult(BoundResult):
    zone: str
    affected: list[str] = Field(description="Everyone in the zone — friend, foe or neutral.")


@table_tool("table", name="table_area")
def area(args: AreaArgs, roller: Roller, state: TableState) -> AreaResult:
    """Who an area effect reaches: everyone in a zone, friend, foe or neutral (the system's own tool applies the effect
    to each)."""
    zone = state.find_zone(args.zone)
    inside = state.in_zone(zone)
    return AreaResult(summary=step("table.in_zone", zone=zone, inside=list(inside)), zone=zone, affected=inside,
                      steps=[step("table.area")],
                      rule_refs=cites(state, "table_area"))


TOOLS = [set_scene, set_zones, move, condition, next_turn, remove_combatant, end_combat, area]


class EditArgs(ToolArgs):
    actor: str = Field(min_length=1, max_length=60)
    set: dict[str, object] = Field(
        min_length=1, max_length=20, description="Sheet fields to set, dotted for nested ones: {'powers.wealth': 2}."
    )


@table_tool("table", name="table_edit_character")
def edit_character(args: EditArgs, roller: Roller, state: TableState) -> BoundResult:
    """Edit fields of a character or NPC sheet; the system's rules judge the result."""
    from narrator.tools.systems import get_system
    from narrator.tools.table import SetField, _set_path, get_path, path_problem

    name = state.find(args.actor, "actor")
    sheet = dict(state.characters[name])
    changes = []
    bad = [FieldProblem("set", f"{problem}: {path[:40] + '...' if len(path) > 40 else path!r}")
           for path in args.set if (problem := path_problem(path))]
    if bad:
        raise ToolArgumentError("?", bad)
    for path, value in args.set.items():
        if path.split(".")[0] == "name":
            raise ToolArgumentError("?", [FieldProblem(f"set.{path}", "a character cannot be renamed by editing")])
        changes.append(SetField(name=name, field=path, value=value, was=get_path(sheet, path)))
        sheet = _set_path(sheet, path, value)
    problems = get_system(state.system).sheet_problems(sheet, creation=False)
    if problems:
        raise ToolArgumentError("?", [FieldProblem("set", p) for p in problems])
    return BoundResult(summary=step("table.edited", name=name, changes=[[c.field, c.was, c.value] for c in changes]),
                       changes=changes)


class RemoveArgs(ToolArgs):
    actor: str = Field(min_length=1, max_length=60)


@table_tool("table", name="table_remove_character")
def remove_character(args: RemoveArgs, roller: Roller, state: TableState) -> BoundResult:
    """Remove a character or NPC from the campaign."""
    from narrator.tools.table import RemoveCharacter

    name = state.find(args.actor, "actor")
    return BoundResult(summary=step("table.removed", name=name), changes=[RemoveCharacter(name=name)])


TOOLS += [edit_character, remove_character]


class RollArgs(ToolArgs):
    expression: str = Field(min_length=1, max_length=200, description="Dice notation: 2d6+1, 4d6kh3, 3D+2, 5d6>=5")


class RollToolResult(ToolResult):
    expression: str
    dice: list[Die]
    total: int
    odds: Odds | None = None


@tool("table", name="table_roll")
def roll_dice(args: RollArgs, roller: Roller) -> RollToolResult:
    """Roll dice notation openly (a player's or narrator's explicit roll)."""
    from narrator.tools.errors import DiceLimitError, DiceNotationError
    from narrator.tools.notation import roll

    try:
        r = roll(args.expression, roller)
    except (DiceNotationError, DiceLimitError) as e:
        raise ToolArgumentError("?", [FieldProblem("expression", str(e).splitlines()[0])]) from None
    return RollToolResult(summary=step("dice.rolled", expression=r.expression, total=r.total), steps=r.steps, expression=r.expression,
                          dice=r.dice, total=r.total, odds=r.odds)


TOOLS += [roll_dice]
