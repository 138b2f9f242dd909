"""State-bound Mastery challenges: a character's challenge, a contest between two on the table, and a hazard
(``mastery.md#Challenges``, ``#Fearsome Challenges``). The caller names who and what; ratings, wounds and the
campaign's die and difficulty come off the table; the pure tools (:mod:`.challenge`, :mod:`.opposed`,
:mod:`.fearsome`) do the rules.

Readings chosen:

* ``mastery_check``: the GM's trait is the one named, else the one the activity uses in this campaign
  (:func:`.options.trait_for`); the player's ability and skill are the ones named ('none' for none), else the
  best-rated that fit the activity (:mod:`.fit`). The difficulty is the one named (or a target number), else the
  campaign's default (Normal).
* "Don't let your players re-pick different skills or abilities once you turn the first ones down! (unless you
  really think they deserve it)" (``#One Comment``): when the GM rules a pick unfit for a named ``task``, the table
  remembers it; trying the same task again with another ability (or skill) in place of the one turned down is
  refused unless the GM allows it (``allow_repick``).
* "Don't be afraid to say that certain actions are only possible by characters with points in a specific skill":
  ``requires`` names that ability or skill; a character without points in it cannot attempt the challenge at all.
* Standing hazards (``mastery_set_hazard``, Fearsome Challenges): "Jumping across the pit might take two successes
  against a difficult target number, with failure dealing 4 health boxes of damage" is a ruling the GM makes once
  for the scene. While a hazard stands, a ``mastery_check`` of its activity (athletics for the pit) *is* facing it:
  its difficulty and successes apply, and failure marks its boxes — so a player who says "I leap across" meets the
  GM's numbers without the GM repeating them. ``hazard: false`` in the call sets it aside.
* ``mastery_contest``: both sides roll their pools; the opponent's activity is the one that naturally opposes the
  actor's (sneaking against noticing, lying against noticing, picking a pocket against noticing), else the same
  activity (arm-wrestling, racing, haggling). The GM may let the opponent not roll (``opponent_average``).
"""

from __future__ import annotations

from typing import Any

from pydantic import AliasChoices, Field, field_validator, model_validator

from narrator.tools.binding import bind, run_pure
from narrator.tools.contract import ToolArgs
from narrator.tools.dice import Roller
from narrator.tools.odds import Odds
from narrator.tools.steps import Step, step
from narrator.tools.table import BoundResult, SetSystemState, TableState
from narrator.tools.tool import table_tool
from narrator.tools.table_sheets import ON_TABLE
from narrator.tools.systems.mastery.challenge import ChallengeResult, difficulty_name, mastery_challenge
from narrator.tools.systems.mastery.fearsome import HazardResult, mastery_hazard
from narrator.tools.systems.mastery.opposed import OpposedResult, mastery_opposed
from narrator.tools.systems.mastery.options import CampaignOptions, clean_name, options_of
from narrator.tools.systems.mastery.rules import ADVICE, FEARSOME, CheckActivity, Difficulty
from narrator.tools.systems.mastery.table_common import (
    ConditionEdits, Picked, fail, find, health_change, pick_pool, require_up, two, wound_dice,
)

RULINGS = "unfit_rulings"
"""system_state key: 'actor|task' -> the ability and skill the GM turned down for that task."""
OPPOSES = {"stealth": "perception", "deception": "perception", "thievery": "perception"}

ACTOR = ON_TABLE
ACTIVITY = Field(None, description="What the challenge is about (athletics, stealth, persuasion, lore...): picks "
                 "the trait and the fitting ability and skill when they are not named.")
NAMED = Field(None, max_length=40)


class PickArgs(ToolArgs):
    """How a challenge's pool is chosen from the sheet, and its difficulty."""

    activity: CheckActivity | None = ACTIVITY
    trait: str | None = Field(None, max_length=30, description="The trait the GM calls for (default: the one the "
                              "activity uses in this campaign).")
    ability: str | None = Field(None, max_length=40, description="The ability the player chooses ('none' for "
                                "none; default: the best one that fits).")
    skill: str | None = Field(None, max_length=40, description="The skill the player chooses ('none' for none; "
                              "default: the best one that fits).")
    ability_unfit: bool = Field(False, description="The GM rules the ability unfit: it adds nothing.")
    skill_unfit: bool = Field(False, description="The GM rules the skill unfit: it adds nothing.")
    difficulty: Difficulty | None = Field(None, description="Easy, Normal, Difficult or Extreme (default: the "
                                          "campaign's).")
    tn: int | None = Field(None, ge=1, le=20, description="A target number instead of a difficulty.")
    circumstance: int = Field(0, ge=-20, le=20, description="Circumstance modifiers in dice (wounds are added by "
                              "the tool).")

    _difficulty = field_validator("difficulty", mode="before")(difficulty_name)

    @model_validator(mode="after")
    def _what(self):
        if self.activity is None and self.trait is None:
            raise ValueError("name the activity (what the challenge is about) or the trait the GM calls for")
        if self.difficulty is not None and self.tn is not None:
            raise ValueError("give a difficulty or a target number, not both")
        return self


def target(args: PickArgs, options: CampaignOptions) -> int | str:
    tn = args.tn if args.tn is not None else args.difficulty or options.difficulty
    if isinstance(tn, int) and tn > options.die:
        fail("tn", f"the campaign rolls d{options.die}: a target number is 1..{options.die}", tn)
    return tn


def picked_for(state: TableState, name: str, sheet, args: PickArgs, options: CampaignOptions,
               activity: str | None = None) -> Picked:
    picked = pick_pool(sheet, name, activity or args.activity, options, trait=args.trait, ability=args.ability,
                       skill=args.skill)
    wounds, lines = wound_dice(name, sheet, options)
    picked.circumstance = args.circumstance + wounds
    picked.lines += lines
    return picked


class CheckArgs(PickArgs):
    actor: str = ACTOR
    needed: int = Field(1, ge=1, le=30, description="Successes the GM requires.")
    no_guaranteed_die: bool = Field(False, validation_alias=AliasChoices("no_guaranteed_die", "impossible"),
                                    description="The book's impossible challenge: the base die is not guaranteed "
                                    "(modifiers may leave 0 dice).")
    requires: str | None = Field(None, max_length=40, description="An ability or skill without which the GM rules "
                                 "the action impossible ('only possible by characters with points in it').")
    task: str | None = Field(None, max_length=80, description="What is attempted, e.g. 'classify the wild plants': "
                             "the GM's unfit rulings for it are remembered.")
    allow_repick: bool = Field(False, description="The GM lets the player choose again after a pick was ruled unfit.")
    hazard: bool = Field(True, description="A standing hazard of this activity applies (false: set it aside).")


class CheckOnTable(ChallengeResult, BoundResult):
    actor: str
    activity: str | None
    trait_name: str
    ability: str | None
    skill: str | None
    hazard: str | None = Field(None, description="The standing hazard this challenge faced, if any.")
    damage: int = Field(0, description="Health boxes marked by a failed hazard.")
    damage_on_failure: int | None = None
    health_before: int | None = None
    health_after: int | None = None
    down: bool = False
    damage_odds: Odds | None = None


HAZARDS = "hazards"
"""system_state key: the standing hazards of the scene, a list of {name, activity, tn, needed, damage}."""


def standing_hazard(state: TableState, activity: str | None) -> dict[str, Any] | None:
    if activity is None:
        return None
    return next((h for h in state.system_state.get(HAZARDS, []) if h.get("activity") == activity), None)


def _ruling_problems(state: TableState, name: str, args: CheckArgs, picked: Picked) -> list[Any]:
    """Refuse a re-pick after an unfit ruling on the same task; the op remembering a new ruling."""
    if not args.task:
        return []
    key = f"{name}|{clean_name(args.task)}"
    rulings = dict(state.system_state.get(RULINGS, {}))
    earlier = rulings.get(key, {})
    for kind, now in (("ability", picked.ability), ("skill", picked.skill)):
        turned_down = earlier.get(kind)
        if turned_down and now not in (None, turned_down) and not args.allow_repick:
            fail(kind, f"the GM turned down {turned_down} for '{args.task}'; the player may not pick another {kind} "
                       f"instead (use {turned_down}, which adds nothing, or none; the GM may allow_repick)", now)
    ruled = {k: v for k, v in (("ability", picked.ability if args.ability_unfit else None),
                               ("skill", picked.skill if args.skill_unfit else None)) if v}
    if not ruled:
        return []
    rulings[key] = {**earlier, **ruled}
    return [SetSystemState(key=RULINGS, value=rulings)]


@table_tool("mastery", acts="actor")
def mastery_check(args: CheckArgs, roller: Roller, state: TableState) -> CheckOnTable:
    """A character or NPC on the table makes a Mastery challenge: the GM's trait and the best fitting ability and skill
    from their sheet (or the ones named), wounds applied, against the campaign's die and difficulty."""
    options = options_of(state)
    name, sheet = find(state, args.actor, "actor")
    require_up(state, name, sheet, "actor")
    if args.requires is not None:
        need = clean_name(args.requires)
        if sheet.abilities.get(need, 0) <= 0 and sheet.skills.get(need, 0) <= 0:
            fail("requires", f"only characters with points in {need} can do this, and {name} has none (the GM rules "
                             f"it impossible for them)", args.requires)
    picked = picked_for(state, name, sheet, args, options)
    changes = _ruling_problems(state, name, args, picked)
    standing = standing_hazard(state, args.activity) if args.hazard else None
    unfit = {"ability_unfit": args.ability_unfit and picked.ability is not None,
             "skill_unfit": args.skill_unfit and picked.skill is not None}
    before = [step("mastery.attempts", name=name, task=args.task, activity=args.activity), *picked.lines]
    after: list[Step] = []
    refs = [ADVICE] if args.requires or args.task and (args.ability_unfit or args.skill_unfit) else []
    if standing is not None:
        before.append(step("mastery.ruling_stands", hazard=standing["name"], needed=standing["needed"],
                           tn=standing["tn"], damage=standing["damage"]))
        r = run_pure(mastery_hazard, roller, die=options.die, tn=standing["tn"], needed=standing["needed"],
                     no_guaranteed_die=args.no_guaranteed_die, hazard=standing["name"], damage=standing["damage"],
                     health=sheet.health, **unfit, **picked.spec())
        edits = ConditionEdits(state)
        ops, after = health_change(name, sheet, r.health_after if r.health_after is not None else sheet.health,
                                   edits, options)
        changes += [*ops, *edits.ops()]
    else:
        r = run_pure(mastery_challenge, roller, die=options.die, tn=target(args, options), needed=args.needed,
                     no_guaranteed_die=args.no_guaranteed_die, **unfit, **picked.spec())
    return bind(CheckOnTable, r, changes, summary=step("mastery.check", name=name, using=picked.using(), result=r.summary),
                before=before,
                after=after, refs=refs, actor=name, activity=args.activity, trait_name=picked.trait,
                ability=picked.ability, skill=picked.skill)


class SetHazardArgs(ToolArgs):
    name: str = Field(min_length=1, max_length=80, description="The hazard: 'spiked pit', 'rope bridge'.")
    activity: CheckActivity = Field(description="The challenge that faces it: athletics to jump the pit...")
    difficulty: Difficulty = Field("Normal", description="Easy, Normal, Difficult or Extreme.")
    needed: int = Field(1, ge=1, le=30, description="Successes needed to come through unhurt.")
    damage: int = Field(0, ge=0, le=100, description="Health boxes marked on failure.")
    remove: bool = Field(False, description="Take the hazard away (it is passed, or the scene moved on).")

    _difficulty = field_validator("difficulty", mode="before")(difficulty_name)


class SetHazardResult(BoundResult):
    hazards: list[dict[str, Any]] = Field(description="The standing hazards now.")


@table_tool("mastery")
def mastery_set_hazard(args: SetHazardArgs, roller: Roller, state: TableState) -> SetHazardResult:
    """Fearsome Challenges: the GM sets (or removes) a standing hazard of the scene — a challenge of some activity with
    its difficulty, successes needed and damage on failure."""
    hazards = [h for h in state.system_state.get(HAZARDS, []) if h.get("name", "").casefold() != args.name.casefold()]
    if args.remove:
        if len(hazards) == len(state.system_state.get(HAZARDS, [])):
            fail("name", f"no standing hazard '{args.name}' (standing: "
                         f"{', '.join(h['name'] for h in hazards) or 'none'})", args.name)
        summary, steps = step("mastery.hazard_removed", hazard=args.name), []
    else:
        if any(h.get("activity") == args.activity for h in hazards):
            fail("activity", f"another standing hazard already answers to {args.activity}; remove it first",
                 args.activity)
        hazards.append({"name": args.name, "activity": args.activity, "tn": args.difficulty, "needed": args.needed,
                        "damage": args.damage})
        summary = step("mastery.hazard_set", hazard=args.name, needed=args.needed, difficulty=args.difficulty,
                       activity=args.activity, damage=args.damage)
        steps = [step("mastery.hazard_stands", hazard=args.name, activity=args.activity)]
    return SetHazardResult(summary=summary, steps=steps, rule_refs=[FEARSOME], hazards=hazards,
                           changes=[SetSystemState(key=HAZARDS, value=hazards or None)])


# --- contests ------------------------------------------------------------------------------------------------------


class ContestArgs(PickArgs):
    actor: str = ACTOR
    opponent: str = Field(min_length=1, max_length=60, description="Who opposes the actor on the table.")
    opponent_activity: CheckActivity | None = Field(None, description="What the opponent does against it (default: "
                                                    "the natural opposite — stealth vs perception — or the same).")
    opponent_average: bool = Field(False, description="The opponent does not roll: assume average.")


class ContestOnTable(OpposedResult, BoundResult):
    actor: str
    opponent: str
    activity: str | None
    opponent_activity: str | None


@table_tool("mastery", acts="actor")
def mastery_contest(args: ContestArgs, roller: Roller, state: TableState) -> ContestOnTable:
    """Two on the table oppose one another (sneaking past a guard, arm-wrestling, out-haggling): both roll their pools,
    the one with more successes wins by the difference; ties reported."""
    options = options_of(state)
    name, sheet, other, theirs = two(state, args.actor, "actor", args.opponent, "opponent", "oppose")
    require_up(state, name, sheet, "actor")
    mine = picked_for(state, name, sheet, args, options)
    against = args.opponent_activity or (OPPOSES.get(args.activity, args.activity) if args.activity else None)
    if against is None:
        fail("opponent_activity", "name what the opponent does against it (the actor's trait alone does not say)")
    opp_args = args.model_copy(update={"trait": None, "ability": None, "skill": None, "ability_unfit": False,
                                       "skill_unfit": False, "circumstance": 0})
    if is_down_now(state, other, theirs):
        fail("opponent", f"{other} is down and cannot oppose anyone", args.opponent)
    yours = picked_for(state, other, theirs, opp_args, options, activity=against)
    tn = target(args, options)
    r = run_pure(mastery_opposed, roller, die=options.die, rounding=options.average_rounding,
                 first={"name": name, "tn": tn, **mine.spec(ability_unfit=args.ability_unfit and bool(mine.ability),
                                                             skill_unfit=args.skill_unfit and bool(mine.skill))},
                 second={"name": other, "tn": tn, "rolls": not args.opponent_average, **yours.spec()})
    before = [step("mastery.contest_sides", name=name, doing=args.activity or mine.trait, other=other,
                   against=against), *mine.lines, *[step("mastery.of", who=other, line=line) for line in yours.lines]]
    return bind(ContestOnTable, r, [], summary=step("mastery.contest", name=name, other=other, result=r.summary),
                before=before, actor=name,
                opponent=other, activity=args.activity, opponent_activity=against)


def is_down_now(state: TableState, name: str, sheet) -> bool:
    from narrator.tools.systems.mastery.table_common import is_down

    return is_down(state, name, sheet)


# --- hazards -------------------------------------------------------------------------------------------------------


class HazardArgs(PickArgs):
    actor: str = ACTOR
    hazard: str = Field(min_length=1, max_length=80, description="What is faced: 'spiked pit', 'falling rocks'.")
    needed: int = Field(1, ge=1, le=30, description="Successes needed to come through unhurt.")
    damage: int = Field(ge=0, le=100, description="Health boxes marked on failure.")
    lethal: bool | None = Field(None, description="If the last box is marked: true death, false coma (default: "
                                "the campaign's choice).")


class HazardOnTable(HazardResult, BoundResult):
    actor: str
    activity: str | None
    trait_name: str
    ability: str | None
    skill: str | None


@table_tool("mastery")
def mastery_face_hazard(args: HazardArgs, roller: Roller, state: TableState) -> HazardOnTable:
    """Fearsome Challenges: a character faces a hazard (a spiked pit, a collapsing bridge) as a challenge; failure marks
    its health boxes of damage on the sheet."""
    options = options_of(state)
    name, sheet = find(state, args.actor, "actor")
    require_up(state, name, sheet, "actor", "face it")
    picked = picked_for(state, name, sheet, args, options)
    r = run_pure(mastery_hazard, roller, die=options.die, tn=target(args, options), needed=args.needed,
                 hazard=args.hazard, damage=args.damage, health=sheet.health,
                 ability_unfit=args.ability_unfit and picked.ability is not None,
                 skill_unfit=args.skill_unfit and picked.skill is not None, **picked.spec())
    edits = ConditionEdits(state)
    ops, lines = health_change(name, sheet, r.health_after if r.health_after is not None else sheet.health, edits,
                               options, args.lethal)
    return bind(HazardOnTable, r, [*ops, *edits.ops()],
                summary=step("mastery.faces_hazard", name=name, using=picked.using(), result=r.summary),
                before=[step("mastery.faces", name=name, hazard=args.hazard), *picked.lines], after=lines, actor=name,
                activity=args.activity, trait_name=picked.trait, ability=picked.ability, skill=picked.skill)
