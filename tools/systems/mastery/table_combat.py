"""State-bound Mastery combat in the campaign's combat mode (``mastery.md#Combat``: "Combat can also vary, depending
on GM. Presented below are three ways"). The GM chooses the mode once, as the campaign's ``combat_mode`` option;
these tools read it.

**What an attack becomes** (``mastery_attack``, the tool the agent's attack proposal calls), by mode:

* ``roundtable`` (Single-Action Roundtable, the default) — rolled at once as a contested challenge: the attacker's
  pool (the trait the campaign uses for melee or ranged, the best fitting weapon ability and skill) against the
  defender's (the defense trait, a weapon ability or a defensive skill). A win deals degree + weapon - armor; a
  defender who wins gains the ``counter-attack`` die for their next turn. Stunned or surprised defenders roll
  nothing.
* ``fearsome`` (Fearsome Challenges) — foes don't roll. A character striking an NPC rolls against the NPC's
  assumed-average defence (the difference is the degree, as in an opposed challenge). An NPC striking a character
  is a hazard: the character makes a challenge to block or move, needing the foe's assumed-average degree in
  successes; failure marks the foe's ``harm`` (its sheet's, else its average degree + weapon - armor, at least 1).
  Between two characters, or two NPCs, both roll as in the roundtable.
* ``bloodbath`` (Bloodbath) — nothing is rolled yet: the attack is the attacker's secret action for the round
  (``mastery_declare`` gives the others: defend, flee, focus). When every combatant still in the fight has chosen,
  the round resolves at once (:func:`.bloodbath.mastery_bloodbath`) inside the call of the last one to choose.

**The other actions** (``mastery_declare``: defend, flee, focus): in Bloodbath they are secret choices like an
attack. In the other modes a defence is rolled against each attack as it comes, so choosing to defend spends the
turn and rolls nothing; fleeing is an athletics challenge (success: out of the fight when the next turn begins);
focusing is a challenge of its activity (magic by default), rolled at once.

**Starting a fight** (``mastery_start_combat``): the roundtable rolls each combatant's initiative challenge
(the campaign's initiative trait, the best fitting ability and skill); Fearsome Challenges put the foes first or
the party first (the GM's ``foes_first``; "determine if enemies act first, then take turns where the whole party
acts"), each side in the order given; Bloodbath takes the order given — only the order choices are made in, since
everything happens simultaneously.

Readings chosen beyond the pure tools': a close-combat attack reaches only someone in the same zone (when both
positions are on the table), a ranged one any zone; a character downed (coma, death) or fled is out of the fight.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, field_validator

from narrator.tools.binding import bind, run_pure
from narrator.tools.contract import ToolArgs
from narrator.tools.dice import Die, Roller
from narrator.tools.frozen import Frozen
from narrator.tools.odds import Odds
from narrator.tools.steps import Step, step
from narrator.tools.table import BoundResult, Initiative, SetInitiative, SetSystemState, TableState
from narrator.tools.tool import table_tool
from narrator.tools.turns import expiry_for
from narrator.tools.systems.mastery.bloodbath import BloodbathResult, mastery_bloodbath
from narrator.tools.systems.mastery.challenge import (
    ChallengeResult, PoolSpec, average_degree, build_pool, difficulty_name, mastery_challenge, target_number,
)
from narrator.tools.systems.mastery.fearsome import HazardResult, mastery_hazard
from narrator.tools.systems.mastery.options import CampaignOptions, initiative_trait, options_of
from narrator.tools.systems.mastery.roundtable import AttackRollResult, mastery_attack_roll, mastery_initiative
from narrator.tools.systems.mastery.rules import (
    ACTIVITIES, BLOODBATH, COMBAT_MODES, FEARSOME, MODE_REFS, CheckActivity, Difficulty,
)
from narrator.tools.systems.mastery.sheet import GearItem, MasteryCharacter
from narrator.tools import table_fights
from narrator.tools.name_lists import names_once
from narrator.tools.systems.mastery.table_common import (
    SHEETS, CANNOT_DEFEND, COUNTER, FLED, ConditionEdits, Picked, conditions_of, fail, find, health_change, is_down,
    pick_pool, require_up, two, wound_dice,
)

BLOODBATH_KEY = "bloodbath"
"""system_state key: {"actions": {name: the secret action}} for the Bloodbath round being chosen."""
Style = Literal["melee", "ranged"]
BARE = GearItem(name="bare hands", kind="weapon", modifier=0, style="melee")


def mode_line(options: CampaignOptions) -> Step:
    return step("mastery.mode", mode=options.combat_mode)


# --- starting and joining ------------------------------------------------------------------------------------------


class StartCombatArgs(ToolArgs):
    combatants: list[str] | None = Field(None, min_length=1, max_length=30, description="Who fights, in the GM's "
                                         "order; default: everyone on the table who can fight.")
    foes_first: bool | None = Field(None, description="Fearsome Challenges: the enemies act before the party "
                                    "(default: the campaign's choice).")
    surprised: list[str] = Field(default_factory=list, max_length=30, description="Who is caught by surprise "
                                 "(cannot defend this first round).")

    _names = names_once("combatants", "surprised")


class InitiativeLine(Frozen):
    name: str
    degree: int | None = None


class StartCombatResult(BoundResult):
    mode: str
    order: list[str]
    initiative: Initiative
    dice: list[Die] = Field(default_factory=list)


def _fighters(state: TableState, names: list[str] | None, field: str) -> list[tuple[str, MasteryCharacter]]:
    return table_fights.fighters(state, names, SHEETS, standing=lambda n, c: not is_down(state, n, c),
                                 able=lambda n, c, at: require_up(state, n, c, at, "fight"), field=field)


def _initiative_pool(name: str, sheet: MasteryCharacter, options: CampaignOptions) -> tuple[Picked, int]:
    trait = initiative_trait(options)
    picked = pick_pool(sheet, name, "initiative", options, trait=trait)
    wounds, lines = wound_dice(name, sheet, options)
    picked.circumstance += wounds
    picked.lines += lines
    return picked, sheet.traits.get(trait, 0)


@table_tool("mastery")
def mastery_start_combat(args: StartCombatArgs, roller: Roller, state: TableState) -> StartCombatResult:
    """Start a fight in the campaign's combat mode: roundtable rolls initiative challenges, fearsome puts foes or party
    first, bloodbath opens a round of secret actions."""
    options = options_of(state)
    table_fights.no_fight_yet(state, "mastery_join_combat", fight="a fight")
    fighters = _fighters(state, args.combatants, "combatants")
    names = [n for n, _ in fighters]
    surprised = [state.find(n, f"surprised.{i}") for i, n in enumerate(args.surprised)]
    outside = [n for n in surprised if n not in names]
    if outside:
        fail("surprised", f"not in the fight: {', '.join(outside)}")
    mode = options.combat_mode
    steps = [mode_line(options)]
    dice: list[Die] = []
    totals: dict[str, int] = {}
    if mode == "roundtable":
        entries = []
        for n, c in fighters:
            picked, tie = _initiative_pool(n, c, options)
            steps += [step("mastery.of", who=n, line=line) for line in picked.lines]
            entries.append({"name": n, "tie_trait": tie, **picked.spec()})
        r = run_pure(mastery_initiative, roller, die=options.die, tn=options.difficulty, combatants=entries)
        steps += r.steps
        order, dice = r.order, list(r.dice)
        totals = {e.name: e.degree for e in r.entries}
    elif mode == "fearsome":
        foes_first = options.foes_first if args.foes_first is None else args.foes_first
        party = [n for n, c in fighters if not c.npc]
        foes = [n for n, c in fighters if c.npc]
        order = foes + party if foes_first else party + foes
        steps.append(step("mastery.sides_order", foes_first=foes_first))
    else:
        order = names
        steps.append(step("mastery.secret_order"))
    ini = table_fights.opened(order, totals)
    edits = ConditionEdits(state)
    for n in names:
        edits.remove(n, FLED)
        edits.remove(n, COUNTER)
    start = state.model_copy(update={"initiative": ini})
    for n in surprised:
        edits.add(n, "surprised", timer=expiry_for(start, n, "surprised"))
        steps.append(step("mastery.surprised", name=n))
    changes: list[Any] = [SetInitiative(initiative=ini), *edits.ops()]
    if mode == "bloodbath":
        changes.append(SetSystemState(key=BLOODBATH_KEY, value={"actions": {}}))
    return StartCombatResult(summary=step("mastery.combat_starts", mode=mode, order=order, current=ini.current),
                             steps=steps, rule_refs=[MODE_REFS[mode]], mode=mode, order=order,
                             initiative=ini, dice=dice, changes=changes)


class JoinCombatResult(table_fights.Joined):
    """Where the latecomer joins, by the campaign's combat mode (and the dice of a roundtable's initiative)."""

    dice: list[Die] = Field(default_factory=list)


@table_tool("mastery")
def mastery_join_combat(args: table_fights.JoinCombatArgs, roller: Roller, state: TableState) -> JoinCombatResult:
    """Add a character or NPC to the running fight: an initiative challenge in the roundtable, their side's place in
    fearsome, the end of the order in bloodbath."""
    options = options_of(state)
    ini = state.initiative
    name, sheet = table_fights.latecomer(state, args.actor, SHEETS, start_tool="mastery_start_combat", fight="fight",
                                         order="the fight",
                                         able=lambda n, c, field: require_up(state, n, c, field, "fight"))
    steps = [mode_line(options)]
    dice: list[Die] = []
    totals = dict(ini.totals)
    if options.combat_mode == "roundtable":
        picked, tie = _initiative_pool(name, sheet, options)
        r = run_pure(mastery_initiative, roller, die=options.die, tn=options.difficulty,
                     combatants=[{"name": name, "tie_trait": tie, **picked.spec()}])
        degree = r.entries[0].degree
        dice = list(r.dice)
        steps += picked.lines + r.steps
        pos = max((i + 1 for i, other in enumerate(ini.order) if ini.totals.get(other, 0) >= degree), default=0)
        totals[name] = degree
        steps.append(step("mastery.joins_after", name=name, degree=degree))
    elif options.combat_mode == "fearsome":
        side = [i for i, other in enumerate(ini.order) if bool(state.characters[other].get("npc")) == sheet.npc]
        pos = (side[-1] + 1) if side else len(ini.order)
        steps.append(step("mastery.joins_side", name=name, npc=sheet.npc))
    else:
        pos = len(ini.order)
        steps.append(step("mastery.chooses_last", name=name))
    new = table_fights.seated(ini, name, pos, totals.get(name))
    order = new.order
    if pos <= ini.turn:
        steps.append(step("mastery.next_round", name=name, round=ini.round + 1))
    return JoinCombatResult(summary=step("mastery.joins", name=name, position=pos + 1, order=order), steps=steps,
                            rule_refs=[MODE_REFS[options.combat_mode]], actor=name, position=pos + 1,
                            initiative=new, dice=dice, changes=[SetInitiative(initiative=new)])


# --- attacks -------------------------------------------------------------------------------------------------------


class AttackArgs(ToolArgs):
    attacker: str = Field(min_length=1, max_length=60, description="Who attacks.")
    defender: str = Field(min_length=1, max_length=60, description="Who is attacked.")
    style: Style | None = Field(None, description="melee (close combat, same zone) or ranged (shooting, throwing); "
                                "default: the weapon's, else melee.")
    weapon: str | None = Field(None, max_length=60, description="A weapon from the attacker's gear; default: their "
                               "best one for the style, else bare hands.")
    ability: str | None = Field(None, max_length=40, description="The attacker's ability ('none' for none; default: "
                                "the best one that fits).")
    skill: str | None = Field(None, max_length=40, description="The attacker's skill ('none'; default: best fit).")
    circumstance: int = Field(0, ge=-20, le=20, description="Circumstance modifiers in dice for the attacker.")
    damage_modifier: int = Field(0, ge=-10, le=10, description="A damage modifier the GM grants (killing blow, "
                                 "point-blank shot).")
    difficulty: Difficulty | None = Field(None, description="The target number's difficulty (default: the "
                                          "campaign's).")
    lethal: bool | None = Field(None, description="If the last box is marked: true death, false coma (default: the "
                                "campaign's choice).")

    _difficulty = field_validator("difficulty", mode="before")(difficulty_name)


class AttackOnTable(BoundResult):
    mode: str
    attacker: str
    defender: str
    style: str
    weapon: str
    resolved: bool = Field(description="False in Bloodbath until everyone has chosen.")
    dice: list[Die] = Field(default_factory=list)
    outcome: Any = None
    outcome_label: str | None = None
    success: bool | None = None
    odds: Any = None
    damage: int = 0
    attack: AttackRollResult | None = None
    defence: HazardResult | None = None
    round: BloodbathResult | None = None


def choose_weapon(name: str, sheet: MasteryCharacter, wanted: str | None, style: str | None,
                  steps: list[Step]) -> GearItem:
    if wanted is not None:
        match = next((g for g in sheet.gear if g.name.casefold() == wanted.strip().casefold()), None)
        if match is None:
            fail("weapon", f"{name} has no '{wanted}'; weapons: {', '.join(g.name for g in sheet.weapons()) or 'none'}",
                 wanted)
        if match.kind == "armor":
            fail("weapon", f"'{match.name}' is {name}'s armor, not a weapon", wanted)
        return match
    weapons = [g for g in sheet.weapons() if style is None or g.style in (style, None)]
    if not weapons:
        steps.append(step("mastery.no_weapon", name=name, style=style))
        return BARE if style != "ranged" else GearItem(name="thrown stone", kind="weapon", style="ranged")
    return max(weapons, key=lambda g: g.modifier)


def _reach(state: TableState, att: str, dfn: str, style: str, steps: list[Step]) -> None:
    here, there = state.positions.get(att), state.positions.get(dfn)
    if here is None or there is None or here not in state.zones or there not in state.zones:
        return
    if here == there:
        steps.append(step("mastery.same_zone", zone=here))
    elif style == "melee":
        fail("style", f"{dfn} is in {there}, {att} in {here}: a close-combat attack reaches only the same zone; move "
                      "first (table_move), or shoot or throw (ranged)", style)
    else:
        steps.append(step("mastery.shoots", name=att, here=here, there=there))


def attack_pool(state: TableState, name: str, sheet: MasteryCharacter, style: str, options: CampaignOptions,
                ability: str | None = None, skill: str | None = None, circumstance: int = 0) -> Picked:
    picked = pick_pool(sheet, name, style, options, ability=ability, skill=skill)
    wounds, lines = wound_dice(name, sheet, options)
    picked.circumstance = circumstance + wounds
    picked.lines += lines
    return picked


def defence_pool(state: TableState, name: str, sheet: MasteryCharacter, options: CampaignOptions,
                 activity: str = "defense") -> Picked:
    picked = pick_pool(sheet, name, activity, options)
    wounds, lines = wound_dice(name, sheet, options)
    picked.circumstance = wounds
    picked.lines += lines
    return picked


def foe_harm(sheet: MasteryCharacter, average: int, weapon: GearItem, armor: int) -> tuple[int, Step]:
    """The boxes a foe's blow marks, and the step saying where the number came from."""
    if sheet.harm is not None:
        return sheet.harm, step("mastery.harm_on_sheet", harm=sheet.harm)
    value = max(1, average + weapon.modifier - armor)
    return value, step("mastery.harm_of_average", average=average, weapon=weapon.name, modifier=weapon.modifier,
                       armor=armor)


@table_tool("mastery", acts="attacker")
def mastery_attack(args: AttackArgs, roller: Roller, state: TableState) -> AttackOnTable:
    """One character attacks another in the campaign's combat mode: a contested roll (roundtable), a challenge against a
    foe that doesn't roll (fearsome), or a secret action for the round (bloodbath); damage, counter-attacks and
    downed characters recorded."""
    options = options_of(state)
    att, a, dfn, d = two(state, args.attacker, "attacker", args.defender, "defender", "attack")
    require_up(state, att, a, "attacker", "attack")
    if is_down(state, dfn, d):
        fail("defender", f"{dfn} is already down; no attack is needed", args.defender)
    if FLED in conditions_of(state, dfn):
        fail("defender", f"{dfn} has fled the fight", args.defender)
    steps = [mode_line(options)]
    style_hint = args.style
    weapon = choose_weapon(att, a, args.weapon, style_hint, steps)
    style = args.style or weapon.style or "melee"
    _reach(state, att, dfn, style, steps)
    armor = d.armor()
    armor_value = armor.modifier if armor else 0
    steps.append(step("mastery.attacks_with", name=att, weapon=weapon.name, modifier=weapon.modifier, defender=dfn,
                      armor=armor.name if armor else None, armor_value=armor.modifier if armor else 0))
    mode = options.combat_mode
    if mode == "bloodbath":
        return _declare_attack(args, state, options, att, dfn, style, weapon, [mode_line(options)], roller)
    tn = args.difficulty or options.difficulty
    picked = attack_pool(state, att, a, style, options, args.ability, args.skill, args.circumstance)
    steps += [step("mastery.of", who=att, line=line) for line in picked.lines]
    cannot = [c for c in conditions_of(state, dfn) if c in CANNOT_DEFEND]
    edits = ConditionEdits(state)
    counter = COUNTER in conditions_of(state, att) and mode == "roundtable"
    if counter:
        edits.remove(att, COUNTER)
    foe_attacks = mode == "fearsome" and a.npc and not d.npc
    foe_defends = mode == "fearsome" and d.npc and not a.npc
    if foe_attacks:
        return _foe_attack(args, roller, state, options, att, a, dfn, d, picked, weapon, armor_value, cannot, tn,
                           steps, edits)
    defence = defence_pool(state, dfn, d, options)
    steps += [step("mastery.of", who=dfn, line=line) for line in defence.lines]
    if cannot:
        steps.append(step("mastery.cannot", name=dfn, conditions=cannot))
    defends = "cannot" if cannot else "average" if foe_defends else "rolls"
    r = run_pure(mastery_attack_roll, roller, die=options.die, tn=tn, attacker={"name": att, **picked.spec()},
                 defender={"name": dfn, **defence.spec()}, defends=defends, counter_attack=counter,
                 weapon=weapon.modifier, armor=armor_value, damage_modifier=args.damage_modifier,
                 defender_health=d.health, rounding=options.average_rounding)
    changes: list[Any] = []
    after: list[Step] = []
    if r.damage:
        ops, lines = health_change(dfn, d, r.defender_health_after, edits, options, args.lethal)
        changes += ops
        after += lines
    if r.counter_gained and mode == "roundtable":
        edits.add(dfn, COUNTER, timer=expiry_for(state, dfn, COUNTER))
    changes += edits.ops()
    refs = [MODE_REFS[mode]] if mode == "fearsome" else []
    return bind(AttackOnTable, r, changes, summary=step("mastery.attack", name=att, defender=dfn, style=style,
                                                         result=r.summary), before=steps,
                after=after, refs=refs, mode=mode, attacker=att, defender=dfn, style=style, weapon=weapon.name,
                resolved=True, attack=r)


def _foe_attack(args: AttackArgs, roller: Roller, state: TableState, options: CampaignOptions, att: str,
                a: MasteryCharacter, dfn: str, d: MasteryCharacter, picked: Picked, weapon: GearItem, armor: int,
                cannot: list[str], tn: Any, steps: list[Step], edits: ConditionEdits) -> AttackOnTable:
    """Fearsome Challenges: the foe does not roll; its attack is a challenge the defender must meet."""
    pool, _ = build_pool(PoolSpec(**picked.spec()))
    tn_value, _ = target_number(options.die, tn)
    average, _ = average_degree(pool.dice, options.die, tn_value, options.average_rounding)
    harm, why = foe_harm(a, average, weapon, armor)
    harm = max(0, harm + args.damage_modifier)
    steps.append(step("mastery.foe_attack", name=att, dice=pool.dice, defender=dfn, harm=harm, why=why))
    defence = defence_pool(state, dfn, d, options)
    steps += [step("mastery.blocks", name=dfn, line=line) for line in defence.lines]
    spec = defence.spec()
    if cannot:
        steps.append(step("mastery.blow_lands", name=dfn, conditions=cannot))
        spec.update(no_guaranteed_die=True, circumstance=-(1 + spec["trait"] + spec["ability"] + spec["skill"]))
    r = run_pure(mastery_hazard, roller, die=options.die, tn=tn, foe_pool=pool.dice, rounding=options.average_rounding,
                 hazard=f"{att}'s attack", damage=harm, health=d.health, **spec)
    ops, lines = health_change(dfn, d, r.health_after if r.health_after is not None else d.health, edits, options,
                               args.lethal)
    summary = step("mastery.foe_strikes", name=att, defender=dfn, avoided=bool(r.success), successes=r.successes,
                   needed=r.needed, damage=r.damage)
    return bind(AttackOnTable, r, [*ops, *edits.ops()], summary=summary, before=steps,
                after=lines, refs=[FEARSOME], mode="fearsome", attacker=att, defender=dfn, style=args.style or "melee",
                weapon=weapon.name, resolved=True, damage=r.damage, defence=r)


# --- Bloodbath -----------------------------------------------------------------------------------------------------


def _actions(state: TableState) -> dict[str, dict[str, Any]]:
    return dict((state.system_state.get(BLOODBATH_KEY) or {}).get("actions", {}))


def _still_fighting(state: TableState) -> list[str]:
    out = []
    for n in state.initiative.order:
        sheet = state.characters.get(n)
        if sheet is None:
            continue
        if sheet.get("health", 0) <= 0 or {"coma", "dead", FLED} & set(conditions_of(state, n)):
            continue
        out.append(n)
    return out


def _declare(state: TableState, roller: Roller, options: CampaignOptions, name: str, action: dict[str, Any],
             steps: list[Step]) -> tuple[list[Any], BloodbathResult | None, list[Step]]:
    """Seal one action; when it is the last one the round needs, resolve the round. (ops, round, lines after)

    The sealed result says only *that* a choice was made: "all characters decide on their actions in secret"."""
    if not state.initiative.active or name not in state.initiative.order:
        fail("actor", "Bloodbath actions are chosen during a fight; start one with mastery_start_combat"
             + ("" if not state.initiative.active else f" or add {name} with mastery_join_combat"))
    actions = _actions(state)
    if name in actions:
        fail("actor", f"{name} has already chosen an action this round")
    actions[name] = action
    waiting = [n for n in _still_fighting(state) if n not in actions]
    steps.append(step("mastery.chooses", name=name))
    if waiting:
        steps.append(step("mastery.waiting", names=waiting))
        return [SetSystemState(key=BLOODBATH_KEY, value={"actions": actions})], None, []
    return _resolve(state, roller, options, actions, steps)


def _resolve(state: TableState, roller: Roller, options: CampaignOptions, actions: dict[str, dict[str, Any]],
             steps: list[Step]) -> tuple[list[Any], BloodbathResult, list[Step]]:
    fighters = []
    sheets = {}
    for name in [n for n in state.initiative.order if n in actions]:
        sheet = find(state, name, "actor")[1]
        sheets[name] = sheet
        act = actions[name]
        kind = act["action"]
        if kind == "attack":
            picked = attack_pool(state, name, sheet, act["style"], options, act.get("ability"), act.get("skill"),
                                 act.get("circumstance", 0))
        else:
            activity = {"defend": "defense", "flee": "athletics"}.get(kind, act.get("activity") or "magic")
            picked = defence_pool(state, name, sheet, options, activity)
            picked.circumstance += act.get("circumstance", 0)
        armor = sheet.armor()
        fighters.append({"name": name, "action": kind, "target": act.get("target"), "task": act.get("task"),
                         "weapon": act.get("weapon_modifier", 0), "armor": armor.modifier if armor else 0,
                         "damage_modifier": act.get("damage_modifier", 0), "health": sheet.health, **picked.spec()})
    steps.append(step("mastery.all_chosen"))
    r = run_pure(mastery_bloodbath, roller, die=options.die, tn=options.difficulty, fighters=fighters)
    edits = ConditionEdits(state)
    ops: list[Any] = []
    after: list[Step] = []
    for o in r.fighters:
        if o.damage_taken:
            hurt, lines = health_change(o.name, sheets[o.name], o.health_after, edits, options,
                                        actions[o.name].get("lethal"))
            ops += hurt
            after += lines
        if o.withdrew:
            edits.add(o.name, FLED)
            after.append(step("mastery.gets_away", name=o.name))
    ops += edits.ops()
    ops.append(SetSystemState(key=BLOODBATH_KEY, value={"actions": {}}))
    return ops, r, after


def _declare_attack(args: AttackArgs, state: TableState, options: CampaignOptions, att: str, dfn: str, style: str,
                    weapon: GearItem, steps: list[Step], roller: Roller) -> AttackOnTable:
    action = {"action": "attack", "target": dfn, "style": style, "weapon": weapon.name,
              "weapon_modifier": weapon.modifier, "ability": args.ability, "skill": args.skill,
              "circumstance": args.circumstance, "damage_modifier": args.damage_modifier, "lethal": args.lethal}
    ops, r, after = _declare(state, roller, options, att, action, steps)
    if r is None:
        return AttackOnTable(summary=step("mastery.sealed", name=att), steps=steps,
                             rule_refs=[BLOODBATH], changes=ops, mode="bloodbath", attacker=att, defender=dfn,
                             style=style, weapon=weapon.name, resolved=False)
    return AttackOnTable(summary=r.summary, steps=[*steps, *r.steps, *after], rule_refs=r.rule_refs, changes=ops,
                         mode="bloodbath", attacker=att, defender=dfn, style=style, weapon=weapon.name, resolved=True,
                         dice=r.dice, outcome=r.outcome, damage=r.outcome.get(dfn, 0), round=r)


class DeclareArgs(ToolArgs):
    actor: str = Field(min_length=1, max_length=60, description="Who chooses.")
    action: Literal["defend", "flee", "focus"] = Field(description="defend (oppose any attack), flee (withdraw), "
                                                       "or focus on something an attack would disrupt.")
    activity: CheckActivity | None = Field(None, description="focus: what it is (magic, lore, thievery...).")
    task: str | None = Field(None, max_length=80, description="focus: on what.")
    circumstance: int = Field(0, ge=-20, le=20)


class DeclareResult(BoundResult):
    actor: str
    action: str
    resolved: bool
    dice: list[Die] = Field(default_factory=list)
    round: BloodbathResult | None = None
    challenge: ChallengeResult | None = Field(None, description="Outside Bloodbath: the challenge a flight or a "
                                              "focus was.")
    odds: Odds | None = None
    success: bool | None = None


@table_tool("mastery", acts="actor")
def mastery_declare(args: DeclareArgs, roller: Roller, state: TableState) -> DeclareResult:
    """A combatant's action that is not an attack — defend, flee, or focus on something. In Bloodbath it is chosen in
    secret and the round resolves when all have chosen; otherwise a flight or a focus is a challenge rolled now."""
    options = options_of(state)
    name, sheet = find(state, args.actor, "actor")
    require_up(state, name, sheet, "actor")
    cannot = [c for c in conditions_of(state, name) if c in CANNOT_DEFEND]
    if cannot and args.action == "defend":
        fail("action", f"{name} is {' and '.join(cannot)} and cannot defend this round", args.action)
    if args.action != "focus" and (args.activity or args.task):
        fail("activity", "only a focus names an activity or a task", args.activity or args.task)
    steps = [mode_line(options)]
    if options.combat_mode != "bloodbath":
        return _act_now(args, roller, state, options, name, sheet, steps)
    if cannot and args.action == "flee":
        fail("action", f"{name} is {' and '.join(cannot)} and cannot flee this round", args.action)
    action = {"action": args.action, "activity": args.activity, "task": args.task,
              "circumstance": args.circumstance}
    ops, r, after = _declare(state, roller, options, name, action, steps)
    if r is None:
        return DeclareResult(summary=step("mastery.sealed", name=name), steps=steps,
                             rule_refs=[BLOODBATH], changes=ops, actor=name, action=args.action, resolved=False)
    return DeclareResult(summary=r.summary, steps=[*steps, *r.steps, *after], rule_refs=r.rule_refs, changes=ops,
                         actor=name, action=args.action, resolved=True, dice=r.dice, round=r)


def _act_now(args: DeclareArgs, roller: Roller, state: TableState, options: CampaignOptions, name: str,
             sheet: MasteryCharacter, steps: list[Step]) -> DeclareResult:
    """Outside Bloodbath a defence is rolled when someone attacks, so defending takes the turn and rolls nothing;
    a flight is an athletics challenge (success: out of the fight when the next turn begins); a focus is a
    challenge of its activity, rolled now."""
    mode = options.combat_mode
    if args.action == "defend":
        steps.append(step("mastery.guard_up", name=name))
        return DeclareResult(summary=step("mastery.on_guard", name=name), steps=steps, rule_refs=[MODE_REFS[mode]], actor=name,
                             action="defend", resolved=True)
    activity = "athletics" if args.action == "flee" else args.activity or "magic"
    picked = defence_pool(state, name, sheet, options, activity)
    picked.circumstance += args.circumstance
    r = run_pure(mastery_challenge, roller, die=options.die, tn=options.difficulty, needed=1, **picked.spec())
    ops: list[Any] = []
    after: list[Step] = []
    if args.action == "flee":
        steps.append(step("mastery.breaks_away", name=name))
        if r.success and state.initiative.active and name in state.initiative.order:
            edits = ConditionEdits(state)
            edits.add(name, FLED)
            ops = edits.ops()
            after.append(step("mastery.fled", name=name))
        elif not r.success:
            after.append(step("mastery.cannot_flee", name=name))
    else:
        steps.append(step("mastery.focuses", name=name, task=args.task, activity=activity))
    return bind(DeclareResult, r, ops, summary=step("mastery.acts", name=name, action=args.action, result=r.summary),
                before=[*steps, *picked.lines], after=after, refs=[MODE_REFS[mode]], actor=name,
                action=args.action, resolved=True, challenge=r)
