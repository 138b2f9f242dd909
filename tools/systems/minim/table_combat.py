"""State-bound Minim combat: attacks, defending, area effects, surprise, the shaken test, and starting or joining
a fight (``minim.md#Attacks``, ``#Fumbles``, ``#Zones``, ``#Initiative``, ``#Powers``). The agent names the
fighters; weapons, armor, health, zones and conditions come off the table, and the pure tools (:mod:`.combat`,
:mod:`.initiative`) do the mechanics. Each result carries the pure result's full data plus the actor names and the
``changes``.

Readings chosen (see also :mod:`.table_common` for how conditions and faith are applied):

* ``minim_attack_target``: the default weapon is the attacker's best-quality gear of kind ``weapon`` (the first
  listed on a tie); with none — or while ``disarmed`` — the attack is bare-handed or improvised, quality 0. A named
  weapon may be any non-armor gear. The defender's armor is its best-quality ``armor`` (0 without).
* Zones are a map ("a night-club could have: an entrance; dance-floor; bar; lounge": a room borders several), set
  by ``table_set_zones`` with its ``links``. The distance between two zones is the shortest chain of bordering
  zones. The same zone is plain; a bordering zone is −1 for fire/sports and refused for fight ("close-combat
  attacks ... for targets in their-zone"); with a position unknown no zone modifier applies. **Two or more zones
  away the book is silent** (it only prices "an adjacent-zone"): such attacks are refused, and the error says so.
* Conditions bite through the engine, not the narration: the table refuses acting while ``stunned``,
  ``disabled``, ``surprised`` or ``unconscious`` and moving while ``pinned``, ``stunned``, ``surprised`` or
  ``unconscious`` (``disabled`` "can-move"); ``fallen`` is −1 to every check, attack and recovery test. Each lasts
  as the catalogue (:meth:`tools.systems.minim.Minim.conditions`) says and the turn order ends it:
  stunned, disabled, pinned and shaken through the bearer's *next* turn ("next-turn"); defending until the start
  of the defender's next turn ("until next-turn"); surprised and off-guard until the end of the first round.
  The book gives "Falls" no end: ours lasts through the bearer's next turn like its neighbours on the table
  (getting up is part of that turn), so the −1 bites on every action until then. Disarmed and grappled last until
  a tool or the narrator removes them (picking an item up, breaking free are story). Outside a fight there are no
  turns: a timed condition waits for its bearer's first turn of the next fight (or a tool removing it), and
  ``table_end_combat`` clears every timed one.
* ``shaken`` ("pass a brain-test or lose next action"): as the shaken combatant's next turn begins
  (:func:`shaken_test`, the system's ``on_turn_start``) it tests brain alone (no skill names itself); a success
  (+1 or +2) keeps the action, anything else loses the turn's action. Either way the condition is gone.
* Fumbles leave a condition on the victim named after the table's effect (stunned, fallen, disarmed, shaken,
  disabled, pinned; "Grapples" marks attacker *and* target ``grappled``); Dodge and the three "Interacts with"
  results leave none — the narrator describes them.
* ``minim_defend``: "a character that only-defends gains +1 to health-rolls until next-turn" — defending is the
  turn's one action and ``defending`` lasts until the start of the defender's next turn.
* ``minim_area_effect`` ("affect all in a zone, whether they be friend; foe or neutral"): everyone in the zone,
  the source included if it stands there, takes the fatigue — 1 by default, the book's guide-line for a power that
  "affect[s] all-targets in an area". Reading chosen: area fatigue is avoided with health-rolls exactly like an
  attack's (the book calls both "fatigue", and the 2-for-one-target / 1-for-an-area guide-line only balances
  against attacks if both are avoidable); ``avoidable=false`` is for a hazard the narrator rules nobody can dodge
  by dice. Dodging "by going to its very-edges" is a move out of the zone (``table_move``) before the effect.
  It records the effect of an action already taken (a power, a grenade), so it is not an action itself.
* ``minim_surprise_check``: each listed character tests brass ± perception; neutral or worse adds ``surprised``,
  −1/−2 also ``off-guard-1``/``off-guard-2``; earlier surprise conditions are replaced. Condition modifiers do not
  apply: noticing an ambush is a reaction, not an action.
* ``minim_start_combat`` rolls everyone's brain dice at once (ties rerolled among the tied, as the pure tool does);
  by default every character not at 0 health fights. ``minim_join_combat`` rolls the newcomer's brain dice and
  places it by its total; a tie with combatants already placed is rerolled as starting a fight does — the
  newcomer and each tied combatant in turn (in their settled order) reroll their brain dice until one is higher,
  and the newcomer goes before the first it beats, so the order of those already placed never changes. Joining
  before the current turn shifts the turn index so the current actor keeps the turn; the newcomer then first acts
  next round.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field, model_validator

from narrator.tools.arg_words import LOWER
from narrator.tools.binding import bind, run_pure
from narrator.tools.contract import ToolArgs, ref
from narrator.tools.dice import Die, DieFlag, Roller
from narrator.tools.frozen import Frozen
from narrator.tools.steps import Step, step
from narrator.tools.tool import table_tool
from narrator.tools.systems.minim.combat import (
    FUMBLE_RULE, ZONES, AttackSkill, MinimAttackResult, MinimSurpriseResult, minim_attack,
    minim_surprise, short_effect,
)
from narrator.tools.systems.minim.initiative import Combatant, MinimInitiativeResult, minim_initiative
from narrator.tools.systems.minim.rules import BOOK
from narrator.tools.systems.minim.sheet import GearItem, MinimCharacter
from narrator.tools.systems.minim.checks import TESTS, TestSpec, resolve
from narrator.tools import table_fights
from narrator.tools.name_lists import names_once
from narrator.tools.systems.minim.table_common import (
    SHEETS, DEFENDING, FUMBLE_CONDITIONS, MODIFIER, OFF_GUARD, SURPRISED, UNCONSCIOUS, ConditionEdits, FAITH_ARG,
    condition_modifier, condition_state, conditions_of, fail, find, health_change, modifier_line, require_conscious,
    sheet_of, specialty_for, spend_faith, two, unknown,
)
from narrator.tools.systems.contract import TurnStart
from narrator.tools.table import BoundResult, Initiative, SetField, SetInitiative, TableState, apply_all

# --- attacks -----------------------------------------------------------------------------------------------------


class AttackTargetArgs(ToolArgs):
    attacker: str = Field(min_length=1, max_length=60, description="Who attacks.")
    defender: str = Field(min_length=1, max_length=60, description="Who is attacked.")
    skill: Annotated[AttackSkill, LOWER] = Field("fight", description="fight (close combat, same zone), fire "
                                                 "(missiles) or sports (thrown); fire and sports reach an adjacent "
                                                 "zone at -1.")
    weapon: str | None = Field(None, min_length=1, max_length=60, description="A weapon from the attacker's gear; "
                               "default: their best-quality weapon, or bare-handed/improvised (quality 0).")
    aim: bool = Field(False, description="The attacker aimed at this defender last turn: +1.")
    specialty: str | None = Field(None, min_length=1, max_length=60, description="A specialty of the attacker "
                                  "that refines the attack skill (karate, fencing): +1.")
    modifier: int = MODIFIER
    faith: bool = FAITH_ARG


class AttackOnTableResult(MinimAttackResult, BoundResult):
    attacker: str
    defender: str
    skill: AttackSkill
    weapon: str = Field(description="The weapon used ('bare-handed or improvised' without one).")
    weapon_quality: int
    armor: str | None
    armor_quality: int
    adjacent_zone: bool
    conditions_added: dict[str, list[str]] = Field(description="Conditions this attack put on each character.")


BARE = GearItem(name="bare-handed or improvised", kind="weapon", quality=0)


def _weapon(name: str, c: MinimCharacter, wanted: str | None, conds: list[str], steps: list[Step]) -> GearItem:
    if wanted is not None:
        match = next((g for g in c.gear if g.name.casefold() == wanted.casefold()), None)
        if match is None:
            unknown("weapon", wanted, [g.name for g in c.gear if g.kind != "armor"], "weapon")
        if match.kind == "armor":
            fail("weapon", f"'{match.name}' is {name}'s armor, not a weapon", wanted)
        return match
    weapons = [g for g in c.gear if g.kind == "weapon"]
    if "disarmed" in conds:
        steps.append(step("minim.disarmed", name=name))
        return BARE
    if not weapons:
        steps.append(step("minim.no_weapon", name=name))
        return BARE
    return max(weapons, key=lambda g: g.quality)


def _reach(state: TableState, att: str, dfn: str, skill: str, steps: list[Step]) -> bool:
    """True when the attack goes into a bordering zone (-1); an error when it cannot reach at all."""
    here, there = state.positions.get(att), state.positions.get(dfn)
    if here not in state.zones or there not in state.zones:
        steps.append(step("minim.zone_unknown"))
        return False
    path = state.zone_path(here, there)
    if path is None:
        fail("defender", f"{dfn} is out of reach: no chain of bordering zones joins {att}'s zone {here} to {there}",
             dfn)
    distance = len(path) - 1
    if distance == 0:
        steps.append(step("minim.same_zone", zone=here))
        return False
    if distance == 1:
        if skill == "fight":
            fail("skill", f"{dfn} is in {there}, next to {att}'s zone {here}: close combat (fight) only reaches "
                          "the same zone; move first (table_move), or shoot (fire) or throw (sports) at -1", skill)
        steps.append(step("minim.adjacent_zone", defender=dfn, zone=there))
        return True
    fail("defender", f"{dfn} is out of range: {there} is {distance} zones from {att}'s zone {here} "
                     f"({' → '.join(path)}); the rulebook gives attacks into the same zone, or an adjacent one with "
                     "fire or sports at -1, and is silent on farther ones, so they are refused: move closer first",
         dfn)


def _off_guard(conds: list[str]) -> int:
    """Surprised and caught unable to defend: -1 or -2 to health-rolls while it lasts (the first round)."""
    marks = [c for c in conds if c in OFF_GUARD]
    return min(OFF_GUARD[m] for m in marks) if marks else 0


def _now(state: TableState, edits: ConditionEdits, who: str, cond: str) -> dict[str, Any]:
    """'stunned (cannot act next turn) until the end of X's next turn', as the table will hold it (as data)."""
    return condition_state(apply_all(state, edits.ops()), who, cond)


@table_tool("minim", acts="attacker")
def minim_attack_target(args: AttackTargetArgs, roller: Roller, state: TableState) -> AttackOnTableResult:
    """One character attacks another on the table: brawl and skill, weapon, armor, health, zones and conditions read
    from the table; health, fumbles and unconsciousness recorded."""
    att, a, dfn, d = two(state, args.attacker, "attacker", args.defender, "defender", "attack")
    require_conscious(att, a, "attacker", "attack")
    if d.health <= 0:
        fail("defender", f"{dfn} is already unconscious (health 0); no attack is needed", args.defender)
    a_conds, d_conds = conditions_of(state, att), conditions_of(state, dfn)
    steps: list[Step] = []
    adjacent = _reach(state, att, dfn, args.skill, steps)
    weapon = _weapon(att, a, args.weapon, a_conds, steps)
    armors = [g for g in d.gear if g.kind == "armor"]
    armor = max(armors, key=lambda g: g.quality) if armors else None
    steps.append(step("minim.attacks_with", attacker=att, weapon=weapon.name, weapon_quality=weapon.quality,
                      defender=dfn, armor=armor.name if armor else None, armor_quality=armor.quality if armor else 0))
    defending = DEFENDING in d_conds
    if defending:
        steps.append(step("minim.defending", name=dfn))
    penalty = _off_guard(d_conds)
    if penalty:
        steps.append(step("minim.off_guard", name=dfn, penalty=penalty))
    parts, cond_steps, cond_refs = condition_modifier(state, att)
    special, special_steps = specialty_for(att, a, args.specialty, args.skill)
    steps += cond_steps + special_steps + modifier_line(args.modifier, parts)
    faith = spend_faith(state, att, a, roller) if args.faith else None
    steps += faith.steps if faith else []
    changes: list[Any] = list(faith.spend) if faith and faith.granted else []
    r = run_pure(minim_attack, roller, trait=a.traits.brawl, skill=args.skill, has_skill=args.skill in a.skills,
                 modifier=args.modifier + sum(n for n, _ in parts), faith=bool(faith and faith.granted),
                 specialty=special, weapon_quality=weapon.quality, armor_quality=armor.quality if armor else 0,
                 defender_health=d.health, aim=args.aim, adjacent_zone=adjacent, defending=defending,
                 avoidance_penalty=penalty)

    edits = ConditionEdits(state)
    added: dict[str, list[str]] = {}
    after: list[Step] = []

    def mark(who: str, cond: str) -> None:
        if edits.add(who, cond):
            added.setdefault(who, []).append(cond)

    if r.damage > 0:
        changes.append(SetField(name=dfn, field="health", value=r.defender_health_after, was=d.health))
        if r.defender_health_after == 0:
            mark(dfn, UNCONSCIOUS)
    if r.fumble is not None and r.fumble.effect is not None:
        victim = dfn if r.fumble.victim == "target" else att
        effect = short_effect(r.fumble.effect)
        cond = FUMBLE_CONDITIONS.get(effect)
        if cond == "grappled":
            mark(att, cond)
            mark(dfn, cond)
            after.append(step("minim.grappled", attacker=att, defender=dfn))
        elif cond is not None:
            mark(victim, cond)
            after.append(step("minim.now_has", name=victim, condition=_now(state, edits, victim, cond)))
        else:
            after.append(step("minim.fumble_no_condition", effect=r.fumble.effect, name=victim))
    changes += edits.ops()
    refs = ([ZONES] if adjacent else []) + cond_refs
    extra = {"dice": [*faith.dice, *r.dice]} if faith and faith.dice else {}
    summary = step("minim.attacks", attacker=att, defender=dfn, skill=args.skill, said=r.summary)
    return bind(AttackOnTableResult, r, changes, summary=summary, before=steps,
                after=after, refs=refs, attacker=att, defender=dfn, skill=args.skill, weapon=weapon.name,
                weapon_quality=weapon.quality, armor=armor.name if armor else None,
                armor_quality=armor.quality if armor else 0, adjacent_zone=adjacent, conditions_added=added,
                **extra)


# --- defending ---------------------------------------------------------------------------------------------------


class DefendArgs(ToolArgs):
    actor: str = Field(min_length=1, max_length=60, description="Who spends the turn only defending.")


class DefendResult(BoundResult):
    actor: str


@table_tool("minim", acts="actor")
def minim_defend(args: DefendArgs, roller: Roller, state: TableState) -> DefendResult:
    """A character spends the turn only defending: +1 to their health-rolls until their next turn."""
    name, c = find(state, args.actor, "actor")
    require_conscious(name, c, "actor", "defend")
    edits = ConditionEdits(state)
    edits.add(name, DEFENDING)
    return DefendResult(summary=step("minim.defends", name=name),
                        steps=[step("minim.only_defends", name=name),
                               step("minim.has_condition", name=name, condition=_now(state, edits, name, DEFENDING))],
                        rule_refs=[ref(BOOK, "Attacks")], actor=name, changes=edits.ops())


# --- area effects ------------------------------------------------------------------------------------------------


class AreaEffectArgs(ToolArgs):
    zone: str = Field(min_length=1, max_length=60, description="The zone the effect fills.")
    fatigue: int = Field(1, ge=0, le=10, description="Fatigue each one in the zone suffers before avoidance; the "
                         "book's guide-line for a power that affects an area is 1.")
    avoidable: bool = Field(True, description="Each may avoid points with health-rolls, as from an attack (false: a "
                            "hazard the narrator rules nobody can dodge by dice).")
    condition: Annotated[str | None, LOWER] = Field(None, min_length=1, max_length=60, description="A condition it "
                                                    "leaves on everyone it reaches (e.g. stunned, fallen); it ends as "
                                                    "the condition does.")
    source: str | None = Field(None, max_length=200, description="What it is: a storm spell, a salvo, a grenade.")

    @model_validator(mode="after")
    def _something(self) -> "AreaEffectArgs":
        if self.condition is None and self.fatigue == 0:
            raise ValueError("an area effect deals fatigue, leaves a condition, or both")
        return self


class AreaHit(Frozen):
    name: str
    fatigue: int
    avoidance_threshold: int | None = Field(description="Health-rolls at or below this avoid a point (null: none).")
    avoidance_dice: list[Die]
    avoided: int
    damage: int
    health_before: int
    health_after: int
    unconscious: bool
    condition: str | None = None


class AreaEffectResult(BoundResult):
    zone: str
    affected: list[str] = Field(description="Everyone in the zone — friend, foe or neutral.")
    hits: list[AreaHit]
    dice: list[Die] = Field(description="Every avoidance die, person by person.")


@table_tool("minim")
def minim_area_effect(args: AreaEffectArgs, roller: Roller, state: TableState) -> AreaEffectResult:
    """An area effect (a storm spell, a salvo, a grenade) hits everyone in a zone, friend, foe or neutral: fatigue each
    may avoid with health-rolls, and/or a condition."""
    from narrator.tools.systems import get_system

    zone = state.find_zone(args.zone)
    if args.condition is not None and args.condition not in get_system(state.system).conditions():
        known = ", ".join(get_system(state.system).conditions())
        fail("condition", f"unknown condition '{args.condition}'; Minim's conditions: {known}", args.condition)
    inside = state.in_zone(zone)
    steps = [step("minim.area_fills", source=args.source, zone=zone, inside=list(inside))]
    if args.fatigue:
        steps.append(step("minim.area_fatigue", fatigue=args.fatigue, avoidable=args.avoidable))
    edits = ConditionEdits(state)
    changes: list[Any] = []
    hits, dice = [], []
    for name in inside:
        c = sheet_of(state, name, "zone")
        if c.health <= 0:
            steps.append(step("minim.already_out", name=name))
            continue
        threshold, thrown, avoided = None, [], 0
        if args.fatigue and args.avoidable:
            conds = conditions_of(state, name)
            threshold = c.health + (1 if DEFENDING in conds else 0) + _off_guard(conds)
            thrown = roller.roll_many(args.fatigue, 6, f"{name} avoidance die")
            avoided = sum(d.face <= threshold for d in thrown)
            steps.append(step("minim.area_avoidance", name=name, fatigue=args.fatigue, threshold=threshold,
                              faces=[d.face for d in thrown], avoided=avoided))
        damage = args.fatigue - avoided
        after = max(0, c.health - damage)
        changes += health_change(name, c, after, edits)
        if args.fatigue:
            steps.append(step("minim.area_damage", name=name, damage=damage, before=c.health, after=after))
        if args.condition is not None:
            edits.add(name, args.condition)
            steps.append(step("minim.now_has", name=name, condition=_now(state, edits, name, args.condition)))
        dice += thrown
        hits.append(AreaHit(name=name, fatigue=args.fatigue, avoidance_threshold=threshold, avoidance_dice=thrown,
                            avoided=avoided, damage=damage, health_before=c.health, health_after=after,
                            unconscious=after == 0, condition=args.condition))
    changes += edits.ops()
    summary = step("minim.area", source=args.source, zone=zone, fatigue=args.fatigue, affected=len(hits),
                   hurt=[[h.name, h.health_before, h.health_after] for h in hits if h.damage])
    refs = [ZONES, ref(BOOK, "Powers")] + ([ref(BOOK, "Attacks")] if args.fatigue and args.avoidable else [])
    return AreaEffectResult(summary=summary, steps=steps, rule_refs=refs, zone=zone, affected=inside, hits=hits,
                            dice=dice, changes=changes)


# --- the shaken test ---------------------------------------------------------------------------------------------


def shaken_test(state: TableState, actor: str, roller: Roller) -> TurnStart:
    """"Shaken, pass a brain-test or lose next action": as the shaken combatant's turn begins it tests brain (no
    skill); anything short of a success spends the turn's action. The condition goes either way."""
    from narrator.tools.systems import get_system

    if "shaken" not in conditions_of(state, actor) or actor not in state.characters:
        return TurnStart()
    c = sheet_of(state, actor)
    edits = ConditionEdits(state)
    edits.remove(actor, "shaken")
    if c.health <= 0:
        return TurnStart(steps=[step("minim.shaken_unconscious", name=actor)],
                         changes=edits.ops())
    _, rolled, _, lines = resolve(TestSpec(trait=c.traits.brain, trait_name="brain"), roller,
                                  purpose="shaken brain test die")
    changes: list[Any] = edits.ops()
    steps = [step("minim.shaken", name=actor), *lines]
    if rolled.outcome >= 1:
        steps.append(step("minim.shaken_passed", name=actor))
    else:
        ini = state.initiative
        budget = get_system(state.system).actions_per_turn(state, actor)
        changes.append(SetInitiative(initiative=ini.model_copy(update={"used": max(ini.used, budget)})))
        steps.append(step("minim.shaken_failed", name=actor))
    return TurnStart(dice=list(rolled.dice), steps=steps, changes=changes, rule_refs=[FUMBLE_RULE, TESTS])


# --- surprise ----------------------------------------------------------------------------------------------------


class SurpriseCheckArgs(ToolArgs):
    actors: list[str] = Field(min_length=1, max_length=20, description="The surprised characters; each makes a "
                              "brass-perception test.")

    _names = names_once("actors")


class SurpriseEntry(Frozen):
    actor: str
    result: MinimSurpriseResult
    conditions: list[str] = Field(description="The surprise conditions it now has.")


class SurpriseCheckResult(BoundResult):
    actors: list[str]
    entries: list[SurpriseEntry]
    dice: list[Die] = Field(description="Every die thrown, actor by actor.")


@table_tool("minim")
def minim_surprise_check(args: SurpriseCheckArgs, roller: Roller, state: TableState) -> SurpriseCheckResult:
    """Characters caught by surprise each test brass-perception: who cannot act on the first round (surprised) and who
    cannot defend (off-guard-1/-2 to health-rolls)."""
    found = [find(state, n, f"actors.{i}") for i, n in enumerate(args.actors)]
    names = [n for n, _ in found]
    if len({n for n in names}) != len(names):
        fail("actors", "each character once", ", ".join(names))
    for i, (n, c) in enumerate(found):
        require_conscious(n, c, f"actors.{i}", "be surprised")
    edits = ConditionEdits(state)
    entries, steps, dice = [], [], []
    for n, c in found:
        r = run_pure(minim_surprise, roller, trait=c.traits.brass, skill="perception",
                     has_skill="perception" in c.skills)
        for old in (SURPRISED, *OFF_GUARD):
            edits.remove(n, old)
        now = [] if r.can_act else [SURPRISED]
        now += [f"off-guard-{-r.avoidance_penalty}"] if r.avoidance_penalty else []
        for cond in now:
            edits.add(n, cond)
        entries.append(SurpriseEntry(actor=n, result=r, conditions=now))
        dice += r.dice
        steps += [step("minim.surprise_who", name=n, brass=c.traits.brass, has_skill="perception" in c.skills),
                  *r.steps, step("minim.surprise_conditions", name=n, conditions=list(now))]
    return SurpriseCheckResult(
        summary=step("minim.surprised", entries=[[e.actor, e.result.outcome] for e in entries]),
        steps=steps, rule_refs=[ref(BOOK, "Initiative"), ref(BOOK, "Tests")], actors=names, entries=entries,
        dice=dice, changes=edits.ops(),
    )


# --- initiative --------------------------------------------------------------------------------------------------


class StartCombatArgs(ToolArgs):
    combatants: list[str] | None = table_fights.combatants_arg("every character and NPC on the table not at 0 health.")

    _names = names_once("combatants")


class StartCombatResult(MinimInitiativeResult, BoundResult):
    initiative: Initiative = Field(description="The tracker as it now stands: round 1, first in order to act.")


@table_tool("minim")
def minim_start_combat(args: StartCombatArgs, roller: Roller, state: TableState) -> StartCombatResult:
    """Start a fight: every combatant rolls brain d6 for initiative (from their sheets) and the tracker starts at round
    1."""
    table_fights.no_fight_yet(state, "minim_join_combat")
    fighters = table_fights.fighters(state, args.combatants, SHEETS, standing=lambda n, c: c.health > 0,
                                     able=lambda n, c, field: require_conscious(n, c, field, "fight"),
                                     nobody="nobody on the table can fight (no characters, or all at 0 health); add "
                                            "characters first")
    r = run_pure(minim_initiative, roller, combatants=[Combatant(name=n, brain=c.traits.brain) for n, c in fighters])
    ini = table_fights.opened(r.order, {e.name: e.total for e in r.entries})
    surprised = [n for n in r.order if SURPRISED in conditions_of(state, n)]
    steps = r.steps + ([step("minim.surprised_round_1", names=surprised)] if surprised else [])
    return StartCombatResult(**{**dict(r), "summary": step("minim.combat_starts", order=r.summary,
                                                           current=ini.current),
                                "steps": steps},
                             initiative=ini, changes=[SetInitiative(initiative=ini)])


class JoinCombatResult(MinimInitiativeResult, table_fights.Joined):
    """The latecomer's brain roll (and any tie's rerolls), its total, and where it placed them."""

    total: int


@table_tool("minim")
def minim_join_combat(args: table_fights.JoinCombatArgs, roller: Roller, state: TableState) -> JoinCombatResult:
    """Add a character or NPC to a running fight: it rolls brain d6 and is placed by its total (a tie with someone
    already placed is rerolled between the two)."""
    ini = state.initiative
    name, c = table_fights.latecomer(state, args.actor, SHEETS, start_tool="minim_start_combat",
                                     able=lambda n, c, field: require_conscious(n, c, field, "fight"))
    r = run_pure(minim_initiative, roller, combatants=[Combatant(name=name, brain=c.traits.brain)])
    total = r.entries[0].total
    pos = 0
    for i, other in enumerate(ini.order):
        if ini.totals.get(other, 0) > total:
            pos = i + 1
    steps, dice, rounds = list(r.steps), list(r.dice), 0
    tied = [o for o in ini.order if ini.totals.get(o) == total]
    for other in tied:
        brain = sheet_of(state, other, "actor").traits.brain if other in state.characters else 1
        tie = run_pure(minim_initiative, roller, combatants=[Combatant(name=other, brain=brain),
                                                             Combatant(name=name, brain=c.traits.brain)])
        if not rounds:
            dice[:len(r.dice)] = [d.with_flags(DieFlag.REROLLED) for d in r.dice]
        rounds += 1 + tie.reroll_rounds
        dice += tie.dice
        rolls = [[e.name, e.total, [x.total for x in e.rerolls]] for e in tie.entries]
        if tie.order[0] == name:
            steps.append(step("minim.join_tie", total=total, other=other, rolls=rolls, name=name, ahead=False))
            break
        steps.append(step("minim.join_tie", total=total, other=other, rolls=rolls, name=name, ahead=True))
        pos = ini.order.index(other) + 1
    new = table_fights.seated(ini, name, pos, total)
    order = new.order
    steps.append(step("minim.join_position", name=name, total=total, position=pos + 1, of=len(order)))
    if pos <= ini.turn:
        steps.append(step("minim.join_next_round", name=name, round=ini.round + 1, current=new.current))
    return JoinCombatResult(**{**dict(r), "summary": step("minim.joins", name=name, position=pos + 1,
                                                          order=list(order)), "steps": steps, "dice": dice,
                               "reroll_rounds": rounds},
                            actor=name, total=total, position=pos + 1, initiative=new,
                            changes=[SetInitiative(initiative=new)])
