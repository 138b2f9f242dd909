"""State-bound 5+ turn tools: declaring the turn's actions, helping, raising the stakes and using abilities
(``five-plus.md#4.3) Actions``, ``#Helping``, ``#Abilities``).

Readings chosen (besides those of :mod:`.turn` and :mod:`.abilities`):

* ``fiveplus_plan_turn`` declares how many actions a character takes this turn and whether they make a full move:
  every roll of theirs gets the turn's value; in a fight it is also how many actions the table lets them take
  (``actions_per_turn``; a move is one of them). Without a plan a character takes one focused action (+1). Out of
  a fight the plan covers their next that-many checks.
* ``fiveplus_help``: helping an ally with a different action is a check (any fitting descriptor; default the same
  approach as Improvise) whose success leaves +1 for the ally's next action; helping everyone is aimed at an
  adversary (an NPC): a check at −1 whose success gives every other character +1 against it for the round.
  Supporting the very same action needs no roll: it is the ``helped`` flag of that action.
* ``fiveplus_raise_stakes`` re-rolls the character's last attempt or attack (once) for 1 damage to their fatigue
  resistance; the new roll replaces the old: its successes and failure replace the old ones on the challenge and
  on the NPC attacked, and its double may improve the descriptor. A setback the first roll caused stays. It is
  part of the same action (not another one).
* ``fiveplus_use_ability``: the ability's descriptor (its ``skill``) is checked; the cost goes to its ``cost_to``
  resistance through the wound rules; an ability granted by an item needs the item equipped; uses are spent.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from narrator.tools.binding import bind, run_pure
from narrator.tools.contract import ToolArgs
from narrator.tools.dice import Roller
from narrator.tools.systems.fiveplus.abilities import AbilityResult, StakesResult, fiveplus_ability, fiveplus_stakes
from narrator.tools.systems.fiveplus.challenges import Challenge
from narrator.tools.systems.fiveplus.checks import CheckArgs
from narrator.tools.systems.fiveplus.descriptors import key_of
from narrator.tools.systems.fiveplus.rules import ABILITIES, ACTIONS, HELPING, OBJECTIVES, Group
from narrator.tools.systems.fiveplus.sheet import FivePlusCharacter
from narrator.tools.systems.fiveplus.table_actions import (
    Prepared, after_roll, count_toward, open_challenge, prepare, record, remember,
)
from narrator.tools.systems.fiveplus.table_common import (
    INCAPACITATED, ConditionEdits, SheetEdits, SystemEdits, descriptor_named, fail, find, pick, require_able,
    resistance_for, round_key, two, with_progress,
)
from narrator.tools.systems.fiveplus.turn import HelpResult, fiveplus_help_bonus, turn_lines, turn_value
from narrator.tools.systems.fiveplus.wounds import ResistanceState
from narrator.tools.steps import Step, step
from narrator.tools.table import BoundResult, TableState
from narrator.tools.tool import table_tool

NAME = Field(min_length=1, max_length=60, description="A character on the table.")


class PlanArgs(ToolArgs):
    actor: str = NAME
    actions: int = Field(1, ge=1, le=4, description="Active and passive actions this turn (resisting rolls do not "
                         "count).")
    move: bool = Field(False, description="A full move to another area (near, far, away): -2 to all actions.")


class PlanResult(BoundResult):
    actor: str
    actions: int
    move: bool
    value: int


@table_tool("fiveplus")
def fiveplus_plan_turn(args: PlanArgs, roller: Roller, state: TableState) -> PlanResult:
    """Declare a character's turn: how many actions (one focused action +1, each extra action -1 to all rolls) and
    whether they make a full move (-2)."""
    name, c = find(state, args.actor, "actor")
    require_able(state, name, c, "actor", "plan a turn")
    ini = state.initiative
    if ini.active and name in ini.order and ini.current == name and ini.used:
        fail("actor", f"{name} has already acted this turn: plan before the first action", name)
    sys = SystemEdits(state)
    plans = sys.get("plans", {})
    plans[name] = {"round": round_key(state), "actions": args.actions, "move": args.move, "left": args.actions}
    sys.set("plans", plans)
    value = turn_value(args.actions, args.move)
    steps = turn_lines(args.actions, 0, args.move)
    if ini.active and name in ini.order:
        steps.append(step("fiveplus.in_this_fight", name=name, actions=args.actions + (1 if args.move else 0),
                          move=args.move))
    else:
        steps.append(step("fiveplus.next_checks", name=name, actions=args.actions))
    return PlanResult(summary=step("fiveplus.plan", name=name, actions=args.actions, move=args.move, value=value),
                      steps=steps, rule_refs=[ACTIONS], actor=name,
                      actions=args.actions, move=args.move, value=value, changes=sys.ops())


class HelpArgs(ToolArgs):
    helper: str = NAME
    target: str = Field(min_length=1, max_length=60, description="The ally helped, or the adversary (an NPC) whom "
                        "the help is against, for everyone.")
    mode: Literal["same_action", "different_action", "everyone"] | None = Field(
        None, description="same_action (support the ally's very action: +1, no roll), different_action (help an ally "
                          "with another action: a check that must succeed) or everyone (against an adversary, -1); "
                          "default: everyone against an NPC, else different_action.")
    descriptor: str | None = Field(None, min_length=1, max_length=60, description="The helper's descriptor (default: "
                                   "their best of the approach, else Improvise).")
    approach: Group | None = Field(None, description="How they help (physical, social...).")


class HelpOnTable(HelpResult, BoundResult):
    helper: str
    target: str


@table_tool("fiveplus", acts="helper")
def fiveplus_help(args: HelpArgs, roller: Roller, state: TableState) -> HelpOnTable:
    """One character helps another with a different action (a check that must succeed: +1 to the ally's next action), or
    distracts an adversary to help everyone (the check at -1: +1 to all others against it)."""
    helper, h, target, t = two(state, args.helper, "helper", args.target, "target", "help")
    require_able(state, helper, h, "helper", "help")
    mode = args.mode or ("everyone" if t.npc and not h.npc else "different_action")
    if mode == "same_action" and t.npc and not h.npc:
        fail("mode", f"{target} is an adversary: helping against it is help for everyone", mode)
    before: list[Step] = []
    sys, edits, conds = SystemEdits(state), SheetEdits(state), ConditionEdits(state)
    if mode == "same_action":
        r = run_pure(fiveplus_help_bonus, roller, mode=mode)
        after, more_dice, refs = [], [], []
        prepared_lines: list[Step] = []
    else:
        d = pick(h, args.descriptor, args.approach, "descriptor", helper, before)
        prepared = prepare(state, helper, h, d, modifier=0, traits=[], helped=False, upper=False,
                           rank=t.rank if mode == "everyone" and t.npc else 0, sys=sys, field="helper")
        prepared_lines = prepared.lines
        r = run_pure(fiveplus_help_bonus, roller, mode=mode, check=prepared.check)
        after, _, more_dice, refs = after_roll(state, helper, d, r.helper_check, prepared, False, roller, edits,
                                               sys, conds) if r.helper_check else ([], [], [], [])
    if r.bonus:
        helps = sys.get("help", {})
        key = f"*{target}" if mode == "everyone" else target
        helps[key] = {"from": helper, "round": round_key(state)}
        sys.set("help", helps)
        after.append(step("fiveplus.help_everyone_waits" if mode == "everyone" else "fiveplus.help_waits",
                          target=target))
    return bind(HelpOnTable, r, [*edits.ops(), *conds.ops(), *sys.ops()],
                summary=step("fiveplus.helps", helper=helper, target=target, everyone=mode == "everyone",
                             help=r.summary),
                before=before + prepared_lines, after=after, refs=[HELPING, *refs], helper=helper, target=target,
                dice=[*r.dice, *more_dice])


# --- raising the stakes -----------------------------------------------------------------------------------------


class StakesArgs(ToolArgs):
    actor: str = NAME
    resistance: str | None = Field(None, min_length=1, max_length=60, description="The resistance that pays 1 damage "
                                   "(default: their fatigue resistance).")


class StakesOnTable(StakesResult, BoundResult):
    actor: str
    successes: int
    challenge: Challenge | None = None


@table_tool("fiveplus")
def fiveplus_raise_stakes(args: StakesArgs, roller: Roller, state: TableState) -> StakesOnTable:
    """Raise the stakes: a character re-rolls their last check for 1 fatigue damage, to revert a failure or strengthen a
    success; the new roll stands, fumbles included."""
    name, c = find(state, args.actor, "actor")
    require_able(state, name, c, "actor", "raise the stakes")
    sys, edits, conds = SystemEdits(state), SheetEdits(state), ConditionEdits(state)
    last = sys.get("last", {}).get(name)
    if not isinstance(last, dict) or last.get("tool") not in ("fiveplus_attempt", "fiveplus_attack"):
        fail("actor", f"{name} has made no check to raise the stakes on", name)
    if last.get("raised"):
        fail("actor", f"{name} already raised the stakes on that check", name)
    if last.get("round") != round_key(state):
        fail("actor", "the stakes are raised on a check of this turn; that one is past", name)
    if args.resistance is not None:
        fatigue = descriptor_named(c, args.resistance, "resistance", ("resistance",))
    else:
        tired = [d for d in c.of_kind("resistance") if d.group == "fatigue" or d.key == "fatigue"]
        if not tired:
            fail("resistance", f"{name} has no fatigue resistance to pay with; create one on the fly "
                               "(fiveplus_add_descriptor 'Fatigue (0/2:0)') or name another resistance")
        fatigue = tired[0]
    check = CheckArgs.model_validate(last["check"])
    wd = next((w for w in c.of_kind("wound") if key_of(w.of or "") == fatigue.key), None)
    r = run_pure(fiveplus_stakes, roller, check=check, first=list(last["first"]),
                 fatigue=ResistanceState(name=fatigue.name, counter=min(60, fatigue.counter or 0),
                                         level=min(20, fatigue.level or 0), tier=min(10, fatigue.tier),
                                         wound_level=min(20, wd.level or 0) if wd else 0))
    record(name, fatigue, r.fatigue, edits, conds, None)
    after: list[Step] = []
    roll = r.replaced
    d = c.get(last.get("descriptor", ""))
    if roll.improvement is not None and d is not None:
        now = edits.current(name, d.key) or d
        if last.get("upper"):
            edits.put(name, now.model_copy(update={"next_level": roll.improvement.after.next_level}
                                           if roll.improvement.event == "upper_level_up" else {"marked": True}))
        else:
            edits.put(name, with_progress(now, roll.improvement.after))
    ch = None
    old_successes = int(last.get("counted", last.get("successes", 0)))
    if last.get("challenge"):
        found = sys.get("challenges", {})
        if last["challenge"] in found:
            ch = Challenge.model_validate(found[last["challenge"]])
            position = ch.position
            if ch.point_of_no_return is not None:
                position = ch.position - old_successes if last.get("success") else ch.position + 1 + max(0, ch.rank)
            undo = ch.model_copy(update={"successes": max(0, ch.successes - old_successes),
                                         "failures": max(0, ch.failures - (0 if last.get("success") else 1)),
                                         "position": max(-100, min(400, position)),
                                         "turns": max(0, ch.turns - (0 if state.initiative.active else 1)),
                                         "status": "open", "why": ""})
            ch, lines = count_toward(state, sys, undo, roll.success, roll.successes)
            after += [step("fiveplus.effect_replaced", challenge=ch.name), *lines]
    target = last.get("target")
    if target and target in state.characters and last.get("dealt") is not None:
        t = FivePlusCharacter.model_validate(state.characters[target])
        if t.npc and t.successes_to_defeat is not None:
            taken = max(0, t.successes_taken - int(last.get("dealt", 0))) + (roll.successes if roll.success else 0)
            edits.set_field(target, "successes_taken", min(400, taken))
            if taken >= t.successes_to_defeat:
                conds.add(target, INCAPACITATED)
                after.append(step("fiveplus.npc_successes", name=target, taken=taken, of=t.successes_to_defeat,
                                  defeated=True))
            else:
                conds.remove(target, INCAPACITATED)
                after.append(step("fiveplus.npc_successes", name=target, taken=taken, of=t.successes_to_defeat,
                                  defeated=False))
    failed = sys.get("failed", [])
    key = last.get("failed_key")
    if key:
        failed = [f for f in failed if f != key] + ([] if roll.success else [key])
        sys.set("failed", failed)
    last = {**last, "raised": True, "first": [x.face for x in roll.dice], "success": roll.success,
            "successes": roll.successes if roll.success else 0, "counted": roll.successes if roll.success else 0,
            "dealt": roll.successes if roll.success and last.get("dealt") is not None else last.get("dealt")}
    remember(sys, name, last)
    return bind(StakesOnTable, r, [*edits.ops(), *conds.ops(), *sys.ops()],
                summary=step("fiveplus.actor_said", name=name, said=r.summary),
                after=after, refs=[OBJECTIVES] if ch else [], actor=name, successes=roll.successes, challenge=ch)


# --- abilities ----------------------------------------------------------------------------------------------------


class AbilityArgs(ToolArgs):
    actor: str = NAME
    ability: str = Field(min_length=1, max_length=60, description="An ability on the actor's sheet.")
    modifier: int = Field(0, ge=-9, le=9, description="Situational bonuses and penalties.")
    challenge: str | None = Field(None, min_length=1, max_length=80, description="The open challenge it counts "
                                  "toward.")


class AbilityOnTable(AbilityResult, BoundResult):
    actor: str
    descriptor: str


@table_tool("fiveplus", acts="actor")
def fiveplus_use_ability(args: AbilityArgs, roller: Roller, state: TableState) -> AbilityOnTable:
    """A character uses an ability from their sheet: a check with its descriptor, its cost paid in resistance damage, a
    trigger on a 6 or a 1, uses spent, items required."""
    name, c = find(state, args.actor, "actor")
    require_able(state, name, c, "actor", "use an ability")
    ab = descriptor_named(c, args.ability, "ability", ("ability",))
    granting = [e for e in c.of_kind("equipment") if ab.key in {key_of(g) for g in e.grants}]
    if granting and not any(e.equipped for e in granting):
        fail("ability", f"{ab.name} comes from {' or '.join(e.name for e in granting)}, which must be equipped "
                        "(fiveplus_equip)", ab.name)
    before: list[Step] = [step("fiveplus.uses_ability", name=name, ability=ab.notation())]
    d = pick(c, ab.skill, None, "ability", name, before) if ab.skill else pick(c, None, None, "ability", name, before)
    sys, edits, conds = SystemEdits(state), SheetEdits(state), ConditionEdits(state)
    ch = open_challenge(state, sys, args.challenge)
    prepared: Prepared = prepare(state, name, c, d, modifier=args.modifier, traits=[], helped=False, upper=False,
                                 rank=ch.rank if ch else 0, sys=sys)
    pays = None
    if ab.cost:
        res = resistance_for(c, ab.cost_to, "fatigue", "ability")
        wd = next((w for w in c.of_kind("wound") if key_of(w.of or "") == res.key), None)
        pays = ResistanceState(name=res.name, counter=min(60, res.counter or 0), level=min(20, res.level or 0),
                               tier=min(10, res.tier), wound_level=min(20, wd.level or 0) if wd else 0)
    r = run_pure(fiveplus_ability, roller, ability=ab.name, check=prepared.check, cost=min(12, ab.cost), pays=pays,
                 trigger=ab.trigger, uses=ab.uses)
    after, triggered, more_dice, refs = after_roll(state, name, d, r.check, prepared, False, roller, edits,
                                                   sys, conds)
    if pays is not None and r.cost_paid is not None:
        record(name, resistance_for(c, ab.cost_to, "fatigue", "ability"), r.cost_paid, edits, conds, None)
    if r.uses_after is not None:
        edits.put(name, (edits.current(name, ab.key) or ab).model_copy(update={"uses": r.uses_after}))
    if ch is not None:
        ch, lines = count_toward(state, sys, ch, r.success is True, r.check.successes)
        after += lines
    return bind(AbilityOnTable, r, [*edits.ops(), *conds.ops(), *sys.ops()],
                summary=step("fiveplus.actor_said", name=name, said=r.summary),
                before=before + prepared.lines, after=after, refs=[ABILITIES, *refs], actor=name, descriptor=d.name,
                dice=[*r.dice, *more_dice])

