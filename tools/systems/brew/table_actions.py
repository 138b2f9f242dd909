"""State-bound Brew actions: skill rolls, Resolve rerolls and chance rolls on the last roll, contests, teamwork,
the time mode, downtime training, flaws, XP and gear (``brew.md#Skill Rolls`` and after). Scores, health, load,
tricks and conditions come off the sheets; the pure tools (:mod:`.checks`, :mod:`.rerolls`, :mod:`.contests`,
:mod:`.flaws`, :mod:`.advancement`) do the mechanics.

Readings chosen (see also :mod:`.table_common`):

* ``brew_skill_roll``: the attribute defaults to the skill's (:data:`rules.DEFAULT_ATTRIBUTE`); a Profession roll
  uses the named profession's share of the dots (the largest share when none is named). A specialty applies when
  the caller says the action falls within one the sheet has. Lucky comes from the sheet; A Thousand Masks adds +2
  to deception tasks; Superstitious takes −2 when things get spooky; size turns hiding and handling large objects
  into 2d6 keep high or low; Best at Thing (when the campaign uses it and the skill is at 5) makes the roll an
  automatic success. Old Enemies rolls its extra d6 beside every Interaction or Performance roll (a 1 brings an
  old enemy). The roll is remembered, so Resolve and chance rolls act on it.
* ``brew_spend_resolve`` rerolls the actor's last roll; ``brew_take_chance`` risks a chance roll on it. Both belong
  to the action that made the roll, so in a fight they take no action of their own. Once a chance roll is made the
  roll can no longer be rerolled.
* ``brew_contest_roll`` by a grappled character, Power against Power, is their attempt to get up: winning
  removes ``grappled`` ("keeping the other person down requires simple Power vs. Power opposed rolls for every time
  the other person attempts to get up, with the grappled person rolling at a disadvantage").
* ``brew_train``: in Downtime, every three days of training a skill give one Resolve point usable only on it
  (three at most in all).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from narrator.tools.arg_words import LOWER
from narrator.tools.binding import bind, run_pure
from narrator.tools.check_args import skill_or
from narrator.tools.contract import ToolArgs
from narrator.tools.dice import Roller
from narrator.tools.steps import Step, step
from narrator.tools.tool import table_tool
from narrator.tools.systems.brew.advancement import AdvanceResult, brew_advance
from narrator.tools.systems.brew.checks import BrewCheckResult, brew_check
from narrator.tools.systems.brew.contests import CollaborateResult, ContestResult, brew_collaborate, brew_contest
from narrator.tools.systems.brew.flaws import FlawResult, brew_flaw_roll
from narrator.tools.systems.brew.rerolls import ChanceResult, RerollResult, brew_chance_roll, brew_reroll
from narrator.tools.systems.brew.rules import (
    DEFAULT_ATTRIBUTE, MAX_TRAINING_RESOLVE, TIME, TIME_NAMES, XP_REF, Advance, Attribute,
    DifficultyName, Skill, TimeMode,
)
from narrator.tools.systems.brew.sheet import BrewCharacter, GearItem
from narrator.tools.systems.brew.table_common import (
    ACTOR, MODIFIER, Edits, condition_mods, conditions_of, difficulty_value, fail, find, health_ops, health_rule,
    mods_line, option, require_conscious, set_state, time_mode, two, unknown,
)
from narrator.tools.table_sheets import without_item
from narrator.tools.table import BoundResult, SetConditions, SetField, TableState, field_changes

Task = Literal["other", "hiding", "large_objects", "deception", "spooky"]
SOCIAL = ("interaction", "performance")
"""Social rolls, for Old Enemies ("Whenever you roll a social interaction ... also roll an additional d6")."""
DIFFICULTY = Field("challenging", description="A number, or easy (6), challenging (8), expert (10), feeling lucky "
                   "(16), teamwork (18). Most rolls are 8 or more.")


def size_advantage(size: str, task: str) -> str:
    if task == "hiding":
        return {"small": "high", "large": "low"}.get(size, "none")
    if task == "large_objects":
        return {"small": "low", "large": "high"}.get(size, "none")
    return "none"


def combine(a: str, b: str) -> str:
    """Two reasons to roll 2d6: a high and a low cancel."""
    picks = {a, b} - {"none"}
    return "none" if picks == {"high", "low"} else (picks.pop() if picks else "none")


def skill_points(sheet: BrewCharacter, skill: str | None, profession: str | None,
                 field: str) -> tuple[int, str | None]:
    """The points rolled for ``skill``, and the profession they are of (where the skill is Profession)."""
    if skill is None:
        return 0, None
    if skill == "profession":
        split = sheet.professions
        if profession:
            match = next((k for k in split if k.casefold() == profession.strip().casefold()), None)
            if match is None:
                unknown("profession", profession, sorted(split), "profession")
            return split[match], match
        if split:
            best = max(split, key=lambda k: split[k])
            return split[best], best
        return sheet.skills.get("profession", 0), None
    return sheet.score(skill), None


def roll_spec(state: TableState, name: str, sheet: BrewCharacter, attribute: str, skill: str | None, modifier: int,
              specialty: bool, task: str = "other", profession: str | None = None,
              field: str = "skill") -> tuple[dict[str, Any], list[str], list[tuple[int, str]]]:
    """The pure check's arguments for ``name`` rolling ``attribute`` + ``skill`` on this table."""
    points, prof = skill_points(sheet, skill, profession, field)
    if specialty:
        if skill is None or not sheet.specialty_in(skill):
            have = ", ".join(f"{s.name} ({s.skill})" for s in sheet.specialties) or "none"
            fail("specialty", f"{name} has no specialty in {skill or 'an attribute'}; specialties: {have}", skill)
    parts, cond_keep = condition_mods(state, name, attribute, skill)
    if task == "deception" and "A Thousand Masks" in sheet.tricks:
        parts.append((2, "A Thousand Masks"))
    if task == "spooky" and "Superstitious" in sheet.tricks + sheet.flaws:
        parts.append((-2, "Superstitious"))
    keep = combine(size_advantage(sheet.size, task), cond_keep)
    best = bool(option(state, "best_at_thing", False)) and skill is not None and sheet.best_at == skill and \
        sheet.score(skill) >= 5
    spec = {"attribute": sheet.score(attribute), "skill": points, "bonus": modifier + sum(n for n, _ in parts),
            "specialty": specialty, "attribute_name": attribute, "health": sheet.health,
            "health_rule": health_rule(state), "laden": sheet.laden, "lucky": "Lucky" in sheet.tricks,
            "advantage": keep}
    lines = [step("brew.rolls", name=name, attribute=attribute, score=sheet.score(attribute), skill=skill,
                  profession=prof, points=points)]
    if keep != "none":
        lines.append(step("brew.keep", keep=keep, size=sheet.size, task=task,
                          sized=size_advantage(sheet.size, task) != "none", grappled=cond_keep != "none"))
    if best:
        lines.append(step("brew.best_at", skill=skill))
    return {**spec, "best_at_thing": best}, lines, parts


def remember(state: TableState, name: str, entry: dict[str, Any]) -> Any:
    rolls = dict(state.system_state.get("last_roll") or {})
    rolls[name] = entry
    return set_state("last_roll", rolls)


class SkillRollArgs(ToolArgs):
    actor: str = ACTOR
    skill: Annotated[Skill | None, LOWER] = Field(None, description="The skill, or null for the attribute alone.")
    attribute: Annotated[Attribute | None, LOWER] = Field(None, description="Default: the skill's usual attribute. "
                                                          "Required without a skill.")
    difficulty: Annotated[int | DifficultyName, LOWER] = DIFFICULTY
    modifier: int = MODIFIER
    specialty: bool = Field(False, description="The action falls within one of the actor's specialties in this "
                            "skill: 2d6 keep the higher.")
    profession: str | None = Field(None, max_length=60, description="For a Profession roll: which profession.")
    task: Annotated[Task, LOWER] = Field("other", description="hiding / large_objects (size rolls 2d6), deception (A "
                                         "Thousand Masks), spooky (Superstitious), or other.")

    @model_validator(mode="after")
    def _what(self):
        if self.skill is None and self.attribute is None:
            raise ValueError("name a skill, or the attribute when no skill applies")
        if isinstance(self.difficulty, int) and not 1 <= self.difficulty <= 40:
            raise ValueError("difficulty runs from 1 to 40 (6 easy, 8 challenging, 10 expert)")
        return self


class SkillRollResult(BrewCheckResult, BoundResult):
    actor: str
    attribute_name: str
    skill: str | None


@table_tool("brew", acts="actor")
def brew_skill_roll(args: SkillRollArgs, roller: Roller, state: TableState) -> SkillRollResult:
    """A character or NPC makes a Brew skill roll: attribute + skill from the sheet, health, load, conditions and tricks
    applied, against a difficulty."""
    name, sheet = find(state, args.actor, "actor")
    require_conscious(name, sheet, "actor")
    attribute = args.attribute or DEFAULT_ATTRIBUTE[args.skill]
    difficulty = difficulty_value(args.difficulty)
    spec, lines, parts = roll_spec(state, name, sheet, attribute, args.skill, args.modifier, args.specialty,
                                   args.task, args.profession)
    r = run_pure(brew_check, roller, **spec, difficulty=difficulty)
    entry = {"args": {**spec, "difficulty": difficulty}, "skill": args.skill, "die": r.die_result,
             "total": r.total, "outcome": r.outcome, "chance": False}
    after: list[Step] = []
    refs: list[str] = []
    if "Old Enemies" in sheet.flaws and args.skill in SOCIAL:
        enemy = roller.roll(6, "old enemies die")
        r = r.model_copy(update={"dice": [*r.dice, enemy]})
        after.append(step("brew.old_enemies_die", face=enemy.face))
        refs.append("brew.md#Rogue Warrior")
    return bind(SkillRollResult, r, [remember(state, name, entry)],
                summary=step("brew.skill_roll", name=name, attribute=attribute, skill=args.skill, roll=r.summary),
                before=lines + mods_line(args.modifier, parts), after=after, refs=refs, actor=name,
                attribute_name=attribute, skill=args.skill)


class LastRollArgs(ToolArgs):
    actor: str = ACTOR


class ResolveArgs(ToolArgs):
    actor: str = ACTOR
    divine: bool = Field(False, description="A Servant to a Martial God acting for their god's will or their "
                         "destiny: a free Resolve roll.")


def last_roll(state: TableState, name: str) -> dict[str, Any]:
    entry = (state.system_state.get("last_roll") or {}).get(name)
    if not entry:
        fail("actor", f"{name} has made no skill roll to act on")
    return entry


class SpendResolveResult(RerollResult, BoundResult):
    actor: str


@table_tool("brew")
def brew_spend_resolve(args: ResolveArgs, roller: Roller, state: TableState) -> SpendResolveResult:
    """Spend a Resolve point to reroll the actor's last failed roll (its die showed more than 1; not in Downtime;
    training points for that skill first). Part of that roll's action, not a new one."""
    name, sheet = find(state, args.actor, "actor")
    if args.divine and (sheet.character_class != "servant to a martial god"
                        or "Bound to the God" not in sheet.flaws):
        fail("divine", f"{name} is no Servant to a Martial God keeping the faith: no free Resolve roll")
    entry = last_roll(state, name)
    if entry.get("chance"):
        fail("actor", "a chance roll was made on that roll: it cannot be rerolled, even with Resolve")
    if entry.get("die") is None:
        fail("actor", "the last roll was an automatic failure: there is no die to reroll")
    skill = entry.get("skill")
    training = sheet.training_resolve.get(skill, 0) if skill else 0
    r = run_pure(brew_reroll, roller, **entry["args"], previous_die=entry["die"], resolve=sheet.resolve,
                 training_resolve=training, time=time_mode(state), free=args.divine)
    changes: list[Any] = []
    if r.spent == "free":
        pass
    elif r.spent == "training":
        left = {**sheet.training_resolve, skill: training - 1}
        changes.append(SetField(name=name, field="training_resolve", value={k: v for k, v in left.items() if v},
                                was=dict(sheet.training_resolve)))
    else:
        changes.append(SetField(name=name, field="resolve", value=sheet.resolve - 1, was=sheet.resolve))
    changes.append(remember(state, name, {**entry, "die": r.die_result, "total": r.total, "outcome": r.outcome}))
    return bind(SpendResolveResult, r, changes, summary=step("brew.said", name=name, said=r.summary), actor=name)


class TakeChanceArgs(ToolArgs):
    actor: str = ACTOR
    thousand_masks: bool = Field(False, description="Invoke A Thousand Masks (once a session, on acting, lying or "
                                 "grifting): a 1-3 is ignored.")


class TakeChanceResult(ChanceResult, BoundResult):
    actor: str


@table_tool("brew")
def brew_take_chance(args: TakeChanceArgs, roller: Roller, state: TableState) -> TakeChanceResult:
    """After a successful roll in Bullet Time, risk a chance roll on it: 1-3 fails the action, 4-6 adds for a higher
    threshold. Part of that roll's action, not a new one."""
    name, sheet = find(state, args.actor, "actor")
    entry = last_roll(state, name)
    if entry.get("chance"):
        fail("actor", "a chance roll was already made on that roll")
    if entry.get("outcome") == "failure" or entry.get("total") is None:
        fail("actor", "a chance roll follows a success; the last roll failed")
    if args.thousand_masks and "A Thousand Masks" not in sheet.tricks:
        fail("thousand_masks", f"{name} does not have the trick A Thousand Masks")
    mode = time_mode(state)
    if mode != "bullet":
        fail("actor", f"chance rolls are only for Bullet Time; it is {TIME_NAMES[mode]} (brew_set_time, or a fight)")
    r = run_pure(brew_chance_roll, roller, total=entry["total"], difficulty=entry["args"]["difficulty"],
                 time="bullet", thousand_masks=args.thousand_masks)
    change = remember(state, name, {**entry, "total": r.total, "outcome": r.outcome, "chance": True})
    return bind(TakeChanceResult, r, [change], summary=step("brew.said", name=name, said=r.summary), actor=name)


class ContestRollArgs(ToolArgs):
    actor: str = ACTOR
    opponent: str = Field(min_length=1, max_length=60, description="Who the actor contests.")
    skill: Annotated[Skill | None, LOWER] = None
    attribute: Annotated[Attribute | None, LOWER] = None
    opponent_skill: Annotated[Skill | None, LOWER] = Field(None, description="Default: the same skill.")
    opponent_attribute: Annotated[Attribute | None, LOWER] = Field(None, description="Default: the opponent skill's "
                                                                   "attribute.")
    modifier: int = MODIFIER
    opponent_modifier: int = Field(0, ge=-20, le=20)
    task: Annotated[Task, LOWER] = "other"

    _what = skill_or("attribute", "name a skill, or the attribute when no skill applies")


class ContestRollResult(ContestResult, BoundResult):
    actor: str
    opponent: str


@table_tool("brew", acts="actor")
def brew_contest_roll(args: ContestRollArgs, roller: Roller, state: TableState) -> ContestRollResult:
    """A contested roll between two characters on the table (arm-wrestling, a baking contest, a bluff against insight):
    each side's pool + 1d6, the higher wins."""
    name, a, other, b = two(state, args.actor, "actor", args.opponent, "opponent", "contest")
    require_conscious(name, a, "actor")
    a_attr = args.attribute or DEFAULT_ATTRIBUTE[args.skill]
    b_skill = args.opponent_skill if args.opponent_skill is not None else args.skill
    b_attr = args.opponent_attribute or (DEFAULT_ATTRIBUTE[b_skill] if b_skill else a_attr)
    sa, la, pa = roll_spec(state, name, a, a_attr, args.skill, args.modifier, False, args.task)
    sb, lb, pb = roll_spec(state, other, b, b_attr, b_skill, args.opponent_modifier, False, args.task)
    if b.health <= 0:
        sb = {**sb, "bonus": -30}
        lb.append(step("brew.cannot_resist", name=other, health=b.health))
    sa.pop("best_at_thing")
    best_b = sb.pop("best_at_thing")
    r = run_pure(brew_contest, roller, a={**sa, "name": name, "best_at_thing": False}, b={**sb, "name": other,
                                                                                        "best_at_thing": best_b})
    changes: list[Any] = []
    after: list[Step] = []
    getting_up = "grappled" in conditions_of(state, name) and a_attr == "power" and b_attr == "power"
    if getting_up:
        after.append(step("brew.getting_up", name=name))
        if r.outcome == "win":
            kept = [c for c in state.conditions.get(name, []) if c != "grappled"]
            changes.append(SetConditions(name=name, conditions=kept))
            after.append(step("brew.breaks_free", name=name))
    return bind(ContestRollResult, r, changes, summary=step("brew.versus", name=name, other=other, said=r.summary),
                before=la + mods_line(args.modifier, pa) + lb + mods_line(args.opponent_modifier, pb), after=after,
                refs=["brew.md#Combat"] if getting_up else [], actor=name, opponent=other)


class TeamRollArgs(ToolArgs):
    actors: list[str] = Field(min_length=2, max_length=8, description="Who works together.")
    skill: Annotated[Skill | None, LOWER] = None
    attribute: Annotated[Attribute | None, LOWER] = None
    difficulty: Annotated[int | DifficultyName, LOWER] = DIFFICULTY
    mode: Literal["consecutive", "concurrent"] = "concurrent"
    max_rolls: int | None = Field(None, ge=1, le=20)
    minutes_per_roll: int | None = Field(None, ge=1, le=10_000)

    @model_validator(mode="after")
    def _what(self):
        if self.skill is None and self.attribute is None:
            raise ValueError("name a skill, or the attribute when no skill applies")
        if isinstance(self.difficulty, int) and not 1 <= self.difficulty <= 60:
            raise ValueError("difficulty runs from 1 to 60")
        if self.mode == "concurrent" and self.max_rolls is not None:
            raise ValueError("max_rolls is for consecutive collaboration")
        return self


class TeamRollResult(CollaborateResult, BoundResult):
    actors: list[str]


@table_tool("brew")
def brew_team_roll(args: TeamRollArgs, roller: Roller, state: TableState) -> TeamRollResult:
    """Characters work together on one task: the best pool is the base and every helper's d6 is added (concurrent, or
    consecutive turns until done)."""
    found = [find(state, n, f"actors.{i}") for i, n in enumerate(args.actors)]
    names = [n for n, _ in found]
    if len(set(names)) != len(names):
        fail("actors", "each character once", ", ".join(names))
    attribute = args.attribute or DEFAULT_ATTRIBUTE[args.skill]
    people, lines = [], []
    for i, (n, c) in enumerate(found):
        require_conscious(n, c, f"actors.{i}", "help")
        spec, _, _ = roll_spec(state, n, c, attribute, args.skill, 0, False)
        from narrator.tools.systems.brew.checks import PoolSpec, pool_of

        pool = pool_of(PoolSpec(**{k: v for k, v in spec.items() if k != "best_at_thing"}))[0].pool
        people.append({"name": n, "pool": pool})
        lines.append(step("brew.team_pool", name=n, pool=pool))
    r = run_pure(brew_collaborate, roller, participants=people, difficulty=difficulty_value(args.difficulty),
                 mode=args.mode, max_rolls=args.max_rolls, minutes_per_roll=args.minutes_per_roll)
    return bind(TeamRollResult, r, [], summary=step("brew.team", names=list(names), said=r.summary), before=lines,
                actors=names)


class SetTimeArgs(ToolArgs):
    mode: TimeMode = Field(description="story (standard roleplay), bullet (focused action: chance rolls), "
                           "downtime (rest and summarised action: no Resolve, training).")


@table_tool("brew")
def brew_set_time(args: SetTimeArgs, roller: Roller, state: TableState) -> BoundResult:
    """Switch the table between Story Time, Bullet Time and Downtime (a fight is always Bullet Time)."""
    return BoundResult(summary=step("brew.time_begins", mode=args.mode), rule_refs=[TIME],
                       steps=[step("brew.time_mode", mode=args.mode)],
                       changes=[set_state("time", args.mode)])


class TrainArgs(ToolArgs):
    actor: str = ACTOR
    skill: Annotated[Skill, LOWER]
    days: int = Field(ge=1, le=60)


class TrainResult(BoundResult):
    actor: str
    gained: int


@table_tool("brew")
def brew_train(args: TrainArgs, roller: Roller, state: TableState) -> TrainResult:
    """Train a skill in Downtime: every three days give a Resolve point usable only on that skill (three at most)."""
    name, sheet = find(state, args.actor, "actor")
    if time_mode(state) != "downtime":
        fail("actor", "training happens in Downtime (brew_set_time downtime first)")
    have = sum(sheet.training_resolve.values())
    gained = min(args.days // 3, MAX_TRAINING_RESOLVE - have)
    steps = [step("brew.training", days=args.days, skill=args.skill, points=args.days // 3, have=have,
                  cap=MAX_TRAINING_RESOLVE),
             step("brew.training_gain", gained=gained, skill=args.skill) if gained else step("brew.training_capped"),
             step("brew.training_xp")]
    changes = []
    if gained:
        now = {**sheet.training_resolve, args.skill: sheet.training_resolve.get(args.skill, 0) + gained}
        changes.append(SetField(name=name, field="training_resolve", value=now, was=dict(sheet.training_resolve)))
    return TrainResult(summary=step("brew.trains", name=name, skill=args.skill, gained=gained), steps=steps,
                       rule_refs=[TIME], actor=name, gained=gained, changes=changes)


class FlawArgs(ToolArgs):
    actor: str = ACTOR
    flaw: Annotated[Literal["unlucky", "old enemies", "bound by their word", "thin face"], LOWER]


class FlawOnTable(FlawResult, BoundResult):
    actor: str


FLAW_NAMES = {"unlucky": "Unlucky", "old enemies": "Old Enemies", "bound by their word": "Bound by Their Word",
              "thin face": "Thin Face"}


@table_tool("brew")
def brew_trigger_flaw(args: FlawArgs, roller: Roller, state: TableState) -> FlawOnTable:
    """A character's flaw comes into play (Unlucky, Old Enemies, Bound by Their Word, Thin Face): its roll, and what it
    costs them."""
    name, sheet = find(state, args.actor, "actor")
    if FLAW_NAMES[args.flaw] not in sheet.flaws:
        fail("flaw", f"{name}'s flaws are {', '.join(sheet.flaws) or 'none'}", args.flaw)
    a = sheet.attributes
    r = run_pure(brew_flaw_roll, roller, flaw=args.flaw, power=a.power, wits=a.wits,
                 performance=sheet.skills.get("performance", 0))
    changes: list[Any] = []
    edits = Edits(state)
    if r.damage:
        after = sheet.health - r.damage
        changes += health_ops(name, sheet, after, edits)
    if r.attribute_lost:
        score = getattr(a, r.attribute_lost)
        changes.append(SetField(name=name, field=f"attributes.{r.attribute_lost}", value=score - 1, was=score))
    if args.flaw == "thin face" and r.outcome == "triggered":
        edits.add(name, "embarrassed")
    changes += edits.ops()
    return bind(FlawOnTable, r, changes, summary=step("brew.said", name=name, said=r.summary), actor=name)


class AwardXpArgs(ToolArgs):
    actor: str = ACTOR
    amount: int = Field(ge=1, le=200)
    reason: str = Field(min_length=1, max_length=200, description="The obstacle overcome or goal achieved.")


class XpResult(BoundResult):
    actor: str
    xp: int


@table_tool("brew")
def brew_award_xp(args: AwardXpArgs, roller: Roller, state: TableState) -> XpResult:
    """Award experience points for overcoming a significant obstacle or reaching a goal (an emotional breakthrough
    counts)."""
    name, sheet = find(state, args.actor, "actor")
    after = sheet.xp + args.amount
    return XpResult(summary=step("brew.gains_xp", name=name, amount=args.amount, xp=sheet.xp, after=after),
                    steps=[step("brew.xp_for", reason=args.reason, amount=args.amount)], rule_refs=["brew.md#Experience Points"],
                    actor=name, xp=after, changes=[SetField(name=name, field="xp", value=after, was=sheet.xp)])


class SpendXpArgs(ToolArgs):
    actor: str = ACTOR
    advance: Advance
    trait: str | None = None
    name: str | None = Field(None, max_length=80)
    class_choice: str | None = None


class SpendXpResult(AdvanceResult, BoundResult):
    actor: str


@table_tool("brew")
def brew_spend_xp(args: SpendXpArgs, roller: Roller, state: TableState) -> SpendXpResult:
    """Spend a character's XP on an advance: attribute, skill, specialty, field of magic, trick or class, at the book's
    costs."""
    who, sheet = find(state, args.actor, "actor")
    r = run_pure(brew_advance, roller, character=sheet.model_dump(mode="json"), advance=args.advance,
                 trait=args.trait, name=args.name, class_choice=args.class_choice)
    changes = field_changes(who, sheet.model_dump(mode="json"), r.character.model_dump(mode="json"))
    return bind(SpendXpResult, r, changes, summary=step("brew.said", name=who, said=r.summary), refs=[XP_REF],
                actor=who)


class GainItemArgs(ToolArgs):
    actor: str = ACTOR
    item: GearItem


class LoseItemArgs(ToolArgs):
    actor: str = ACTOR
    item: str = Field(min_length=1, max_length=60)


class GearResult(BoundResult):
    actor: str
    gear: list[GearItem]


def _gear_change(name: str, sheet: BrewCharacter, gear: list[GearItem]) -> SetField:
    return SetField(name=name, field="gear", value=[g.model_dump(mode="json") for g in gear],
                    was=[g.model_dump(mode="json") for g in sheet.gear])


@table_tool("brew")
def brew_gain_item(args: GainItemArgs, roller: Roller, state: TableState) -> GearResult:
    """A character gains an item, weapon (attack type or example weapon) or armor (soak)."""
    name, sheet = find(state, args.actor, "actor")
    gear = [*sheet.gear, args.item]
    probe = sheet.model_copy(update={"gear": gear})
    from narrator.tools.systems.brew.sheet import problems

    bad = [v for v in problems(probe, creation=False) if v.field.startswith("gear")]
    if bad:
        fail("item", bad[0].sentence)
    return GearResult(summary=step("brew.gains_item", name=name, item=args.item.name),
                      steps=[step("brew.item_joins", name=name, item=args.item.name, item_kind=args.item.kind)],
                      rule_refs=["brew.md#Load, Movement & Transport"], actor=name, gear=gear,
                      changes=[_gear_change(name, sheet, gear)])


@table_tool("brew")
def brew_lose_item(args: LoseItemArgs, roller: Roller, state: TableState) -> GearResult:
    """A character loses, gives away or uses up an item."""
    name, sheet = find(state, args.actor, "actor")
    gone, gear = without_item(sheet.gear, args.item)
    return GearResult(summary=step("brew.loses_item", name=name, item=gone.name),
                      steps=[step("brew.item_leaves", name=name, item=gone.name)],
                      rule_refs=["brew.md#Load, Movement & Transport"], actor=name, gear=gear,
                      changes=[_gear_change(name, sheet, gear)])


class StateOfMindArgs(ToolArgs):
    actor: str = ACTOR
    state_of_mind: Literal["relaxed", "normal", "alert"]


@table_tool("brew")
def brew_state_of_mind(args: StateOfMindArgs, roller: Roller, state: TableState) -> BoundResult:
    """Set a character's state of mind (optional Story Time rule): relaxed (+2 on focus, -2 perceiving danger), normal,
    alert (+2 perceiving danger, -2 on focus)."""
    name, _ = find(state, args.actor, "actor")
    conds = [c for c in state.conditions.get(name, []) if c not in ("relaxed", "alert")]
    if args.state_of_mind != "normal":
        conds.append(args.state_of_mind)
    return BoundResult(summary=step("brew.state_of_mind", name=name, state=args.state_of_mind), rule_refs=[TIME],
                       steps=[step("brew.states_of_mind")],
                       changes=[SetConditions(name=name, conditions=conds)])


class CarryArgs(ToolArgs):
    actor: str = ACTOR
    carried_kg: float = Field(ge=0, le=1000, description="What the character carries, in kilograms.")


class CarryResult(BoundResult):
    actor: str
    laden: bool
    capacity_kg: int


@table_tool("brew")
def brew_carry(args: CarryArgs, roller: Roller, state: TableState) -> CarryResult:
    """Set what a character carries: over their Power's capacity (15, 20 or 30 kg) they are laden, -2 to Speed and
    Precision."""
    from narrator.tools.systems.brew.hardship import brew_load

    name, sheet = find(state, args.actor, "actor")
    r = run_pure(brew_load, roller, power=sheet.attributes.power, carried_kg=args.carried_kg)
    changes = [] if r.laden == sheet.laden else [SetField(name=name, field="laden", value=r.laden, was=sheet.laden)]
    return bind(CarryResult, r, changes, summary=step("brew.said", name=name, said=r.summary), actor=name,
                laden=r.laden,
                capacity_kg=r.capacity_kg)
