"""State-bound 5+ challenges and conflicts (``five-plus.md#4.2) Objectives``, ``#4.1 Structure``, ``#4.3)
Actions``): opening and closing challenges on the table, and starting a fight.

Readings chosen (besides those of :mod:`.challenges`):

* A challenge opened without a target takes the default challenge: the sum of the player-characters' key
  descriptor levels, each one's best in the approach groups of the challenge's kind (combat: combat, ranged,
  magic; social: social; exploration: perception, knowledge, survival; achievement: profession, physical, social),
  else their best skill. Its failures go on as its kind suggests (social and exploration partial, achievement and
  combat reduced, general interrupted) unless told otherwise.
* A conflict has no initiative roll: "there is no intrinsic order within a turn, with all actions on the same turn
  being considered as simultaneously as possible". The tracker still takes turns one by one (the table needs an
  order): the player-characters first, in the order they joined the table, then the NPCs, who announce what they
  do ("a quick definition of what each NPC will be doing") and act. A table without zones gets the three areas
  near, far and away, everyone near unless placed. Without a list of combatants, the NPCs who fight are the
  opposition of the open challenges when there is one (a patron or a bystander stays out), else every NPC.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator

from narrator.tools import table_fights
from narrator.tools.contract import ToolArgs
from narrator.tools.dice import Roller
from narrator.tools.name_lists import names_once
from narrator.tools.systems.fiveplus.challenges import KIND_FAILURE, KIND_GROUPS, Challenge, ChallengeKind
from narrator.tools.systems.fiveplus.failure import FailureKind
from narrator.tools.systems.fiveplus.rules import ACTIONS, NPCS, OBJECTIVES, STRUCTURE
from narrator.tools.systems.fiveplus.sheet import FivePlusCharacter
from narrator.tools.systems.fiveplus.table_common import INCAPACITATED, SHEETS, SystemEdits, fail, sheet_of
from narrator.tools.steps import Step, step
from narrator.tools.table import BoundResult, Initiative, Move, SetInitiative, SetSystemState, SetZones, TableState
from narrator.tools.tool import table_tool

AREAS = ["near", "far", "away"]


def key_levels(state: TableState, kind: str) -> list[tuple[str, str, int]]:
    """Each player-character's key descriptor for a kind of challenge: (who, descriptor, level)."""
    groups = KIND_GROUPS.get(kind, ())
    out = []
    for name, sheet in state.characters.items():
        if sheet.get("npc"):
            continue
        best = sheet_of(state, name, "challenge").key_descriptor(groups)
        if best is not None:
            out.append((name, best.name, best.level or 0))
    return out


class StartChallengeArgs(ToolArgs):
    name: str = Field(min_length=1, max_length=80, description="What must be overcome, e.g. 'Disarm the trap'.")
    kind: ChallengeKind = Field("general", description="general, social, achievement, exploration or combat.")
    target: int | None = Field(None, ge=1, le=200, description="Successes to win; default: the default challenge "
                               "(the players' key descriptor levels summed).")
    adjust: int = Field(0, ge=-50, le=50, description="Successes added to the default challenge to tune it.")
    rank: int = Field(0, ge=-5, le=10, description="Challenge rank (+rank to the lower bound of its checks).")
    turn_limit: int | None = Field(None, ge=1, le=50, description="Lost when this many turns pass.")
    failure_tolerance: int | None = Field(None, ge=0, le=50, description="Lost at one failure more than this.")
    point_of_no_return: int | None = Field(None, ge=1, le=50, description="Arm-wrestling: the track is lost at minus "
                                           "this.")
    failure: FailureKind | None = Field(None, description="How failures go on: interrupted, partial, reduced, "
                                        "negative; default by kind.")
    setback_to: str = Field("Frustration", min_length=1, max_length=60, description="Resistance a negative failure "
                            "damages.")
    opposition: list[str] = Field(default_factory=list, max_length=20, description="NPCs opposing the players: each "
                                  "is a goal defeated by its own successes.")

    @field_validator("opposition")
    @classmethod
    def _names(cls, v: list[str]) -> list[str]:
        if any(not 0 < len(n.strip()) <= 60 for n in v):
            raise ValueError("names are 1-60 characters")
        return [n.strip() for n in v]


class ChallengeOnTable(BoundResult):
    challenge: Challenge


def start(state: TableState, sys: SystemEdits, args: StartChallengeArgs, card: str | None = None,
          steps: list[Step] | None = None) -> Challenge:
    steps = steps if steps is not None else []
    found = sys.get("challenges", {})
    same = next((k for k in found if k.casefold() == args.name.casefold()), None)
    if same is not None and found[same].get("status") == "open":
        fail("name", f"a challenge named {same} is already open ({Challenge.model_validate(found[same]).progress()})",
             args.name)
    opposition = []
    for i, n in enumerate(args.opposition):
        who = state.find(n, f"opposition.{i}")
        if not state.characters[who].get("npc"):
            fail(f"opposition.{i}", f"{who} is a player-character, not an opposing NPC", n)
        opposition.append(who)
    target = args.target
    if target is None:
        keys = key_levels(state, args.kind)
        total = sum(level for _, _, level in keys) if keys else 4
        target = max(1, total + args.adjust)
        steps.append(step("fiveplus.default_of", keys=[[w, d, lv] for w, d, lv in keys], adjust=args.adjust,
                          target=target))
    failure = args.failure or KIND_FAILURE[args.kind]
    ch = Challenge(name=args.name, kind=args.kind, target=target, rank=args.rank, turn_limit=args.turn_limit,
                   failure_tolerance=args.failure_tolerance, point_of_no_return=args.point_of_no_return,
                   failure=failure, setback_to=args.setback_to, opposition=opposition, card=card)
    if same is not None:
        found.pop(same)
    found[ch.name] = ch.model_dump(mode="json")
    sys.set("challenges", found)
    steps += [step("fiveplus.to_win", opposition=list(opposition), target=target, rank=ch.rank),
              step("fiveplus.to_lose", turn_limit=ch.turn_limit, failure_tolerance=ch.failure_tolerance,
                   point_of_no_return=ch.point_of_no_return),
              step("fiveplus.failures_go_on", how=failure)]
    return ch


@table_tool("fiveplus")
def fiveplus_start_challenge(args: StartChallengeArgs, roller: Roller, state: TableState) -> ChallengeOnTable:
    """Open a 5+ challenge: the successes to win (default: the sum of the players' key descriptor levels), its rank,
    losing conditions (turn limit, failure tolerance, arm-wrestling track) and opposing NPCs."""
    sys = SystemEdits(state)
    steps: list[Step] = []
    ch = start(state, sys, args, steps=steps)
    return ChallengeOnTable(summary=step("fiveplus.challenge_opened", name=ch.name, what=ch.kind,
                                         progress=ch.progress_step()), steps=steps,
                            rule_refs=[OBJECTIVES] + ([NPCS] if ch.opposition else []), challenge=ch,
                            changes=sys.ops())


class EndChallengeArgs(ToolArgs):
    name: str = Field(min_length=1, max_length=80)
    outcome: Literal["won", "lost", "abandoned"] = Field(description="How it ends when its own conditions did not "
                                                         "decide (a story turn, giving up).")


@table_tool("fiveplus")
def fiveplus_end_challenge(args: EndChallengeArgs, roller: Roller, state: TableState) -> ChallengeOnTable:
    """Close a 5+ challenge by the story: won, lost or abandoned."""
    sys = SystemEdits(state)
    found = sys.get("challenges", {})
    key = next((k for k in found if k.casefold() == args.name.strip().casefold()), None)
    if key is None:
        fail("name", f"no challenge named '{args.name}'; challenges: {', '.join(found) or 'none'}", args.name)
    ch = Challenge.model_validate(found[key])
    status = "lost" if args.outcome in ("lost", "abandoned") else "won"
    ch = ch.model_copy(update={"status": status, "why": f"{args.outcome} by the story"})
    found[key] = ch.model_dump(mode="json")
    sys.set("challenges", found)
    return ChallengeOnTable(summary=step("fiveplus.challenge_ended", name=ch.name, outcome=args.outcome),
                            steps=[step("fiveplus.challenge_ends", name=ch.name, outcome=args.outcome,
                                        progress=ch.progress_step())],
                            rule_refs=[OBJECTIVES], challenge=ch, changes=sys.ops())


class ConflictArgs(ToolArgs):
    combatants: list[str] | None = Field(None, min_length=1, max_length=30, description="Who takes part; default: "
                                         "everyone on the table who can act.")

    _names = names_once("combatants", refusal="names are 1-60 characters, each once")


class ConflictResult(BoundResult):
    initiative: Initiative
    order: list[str]


def able(state: TableState, name: str) -> bool:
    try:
        c = FivePlusCharacter.model_validate(state.characters[name])
    except Exception:  # noqa: BLE001 - an unreadable sheet simply does not fight
        return False
    return not (c.incapacitated or (c.npc and c.defeated) or INCAPACITATED in state.conditions.get(name, []))


@table_tool("fiveplus")
def fiveplus_start_conflict(args: ConflictArgs, roller: Roller, state: TableState) -> ConflictResult:
    """Start a 5+ fight: no initiative roll (a turn's actions are simultaneous); player-characters act, then the NPCs;
    the areas near, far and away if the table has none."""
    table_fights.no_fight_yet(state, fight="a fight")
    if args.combatants is None:
        names = [n for n in state.characters if able(state, n)]
        foes = {n for raw in (state.system_state.get("challenges") or {}).values()
                if isinstance(raw, dict) and raw.get("status", "open") == "open" for n in raw.get("opposition") or []}
        if foes:  # the opposition fights; other NPCs (a patron, a bystander) stay out of it
            names = [n for n in names if not state.characters[n].get("npc") or n in foes]
        if not names:
            fail("combatants", "nobody on the table can fight; add characters first")
    else:
        names = [state.find(n, f"combatants.{i}") for i, n in enumerate(args.combatants)]
        if len(set(names)) != len(names):
            fail("combatants", "each character once", ", ".join(names))
        for i, n in enumerate(names):
            if not able(state, n):
                fail(f"combatants.{i}", f"{n} is out of the fight (incapacitated or defeated)", n)
    pcs = [n for n in names if not state.characters[n].get("npc")]
    npcs = [n for n in names if state.characters[n].get("npc")]
    order = pcs + npcs
    ini = table_fights.opened(order, {})
    changes: list = []
    steps = [step("fiveplus.no_initiative"), step("fiveplus.turn_order", order=list(order))]
    if not state.zones:
        changes.append(SetZones(zones=AREAS))
        changes += [Move(name=n, zone="near") for n in order]
        steps.append(step("fiveplus.areas"))
    changes.append(SetInitiative(initiative=ini))
    origin = {n: state.positions.get(n) or ("near" if not state.zones else None) for n in order}
    changes.append(SetSystemState(key="turn_origin", value=origin))
    return ConflictResult(summary=step("fiveplus.conflict", order=list(order)), steps=steps,
                          rule_refs=[STRUCTURE, ACTIONS], initiative=ini, order=order, changes=changes)


class JoinConflictResult(table_fights.Joined):
    """Where the latecomer stands in the running fight's order, and the area they enter (if any)."""


def _refuse_unable(state: TableState, name: str, field: str) -> None:
    if not able(state, name):
        fail(field, f"{name} is out of the fight (incapacitated or defeated)", name)


@table_tool("fiveplus")
def fiveplus_join_conflict(args: table_fights.JoinCombatArgs, roller: Roller, state: TableState) -> JoinConflictResult:
    """Add a character or NPC to the running fight: no initiative roll, as when it began (the turn's actions are
    simultaneous) — a player-character acts after the other player-characters, an NPC after everyone."""
    ini = state.initiative
    name, c = table_fights.latecomer(state, args.actor, SHEETS, start_tool="fiveplus_start_conflict", fight="fight",
                                     order="the fight", able=lambda n, c, field: _refuse_unable(state, n, field))
    if c.npc:
        pos = len(ini.order)
    else:
        pos = max((i + 1 for i, other in enumerate(ini.order) if not state.characters[other].get("npc")), default=0)
    new = table_fights.seated(ini, name, pos)
    steps = [step("fiveplus.no_initiative"), step("fiveplus.joins_order", name=name, npc=c.npc, position=pos + 1,
                                                  order=list(new.order))]
    changes: list = [SetInitiative(initiative=new)]
    if state.zones == AREAS and name not in state.positions:
        changes.append(Move(name=name, zone="near"))
        steps.append(step("fiveplus.joins_near", name=name))
    if pos <= ini.turn:
        steps.append(step("fiveplus.joins_next_turn", name=name))
    return JoinConflictResult(summary=step("fiveplus.joins_conflict", name=name, position=pos + 1), steps=steps,
                              rule_refs=[STRUCTURE, ACTIONS], actor=name, position=pos + 1, initiative=new,
                              changes=changes)
