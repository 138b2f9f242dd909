"""State-bound Brew combat: starting and joining a fight, attacks and chases between characters on the table
(``brew.md#Combat``, ``#Examples of weapon attacks``, ``#Bullet Time, Story Time & Downtime``).

Readings chosen:

* **Turn order** is by Speed (ties by d6); a fight is Bullet Time. Starting a fight forgets who engaged whom.
* **Ranges on the table's zones**: the same zone is close range, a bordering zone mid range, two zones away long
  range; farther is out of reach. Without known positions everything is close.
* **The weapon**: the named gear, or the attacker's first weapon, or bare hands (unarmed). The attack's attribute
  is the weapon's (example weapons) or the better of Power and Precision the attack type allows; the skill is the
  attack type's (Melee, Athletics for thrown things, Craft for complex ranged weapons).
* **The defence**: against close attacks the better of Power and Precision + Melee; against anything at range
  (mid or long) or thrown or shot, Speed + Athletics (dodging is physical reaction); ``fight_back`` defends with
  the defender's own weapon and, winning at close range against the attacker they engage, hurts them.
* **Several opponents**: each combatant engages the first one they attack or who attacks them; every other
  attacker on them this fight is defended at −2 per additional attacker (counting everyone engaging them who is
  still standing).
* **Armor** is the defender's best soak; Cloak of the God's Favour adds 2 while its bearer is actively fighting
  (has attacked in this fight and is not disengaging).
* Health and the unconscious/dying/dead conditions follow the damage; a grapple leaves ``grappled``; winning a
  disengage moves the defender one zone farther from the attacker when the map has one.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from narrator.tools.arg_words import LOWER
from narrator.tools.binding import bind, run_pure
from narrator.tools.contract import ToolArgs
from narrator.tools.dice import Roller
from narrator.tools.steps import Step, step
from narrator.tools.tool import table_tool
from narrator.tools.systems.brew.combat import AttackResult, ChaseResult, brew_attack, brew_chase
from narrator.tools.systems.brew.initiative import BrewInitiativeResult, Combatant, brew_initiative
from narrator.tools.systems.brew.rules import (
    ATTACK_TYPES, FIELDS_REF, MAGIC_ROLLS, MANA, SERVANT_REF, TIME, WEAPONS, WEAPONS_TABLE, Attribute,
)
from narrator.tools.systems.brew.sheet import BrewCharacter, GearItem, specialty_fits
from narrator.tools import table_fights
from narrator.tools.systems.brew.table_common import (
    SHEETS, ACTOR, GRAPPLED, MODIFIER, Edits, armor_soak, condition_mods, fail, fallen, health_ops, health_rule,
    injury_setback, mods_line, require_conscious, set_state, two, unknown,
)
from narrator.tools.table import BoundResult, Initiative, Move, SetField, SetInitiative, TableState

BARE = GearItem(name="bare hands", kind="weapon", attack_type="unarmed")
CLOAK = "Cloak of the God's Favour"


def engaged_map(state: TableState) -> dict[str, str]:
    return dict(state.system_state.get("engaged") or {})


def range_between(state: TableState, a: str, b: str) -> str | None:
    here, there = state.positions.get(a), state.positions.get(b)
    if here not in state.zones or there not in state.zones:
        return "close"
    path = state.zone_path(here, there)
    if path is None:
        return None
    return {1: "close", 2: "mid", 3: "long"}.get(len(path))


RANGED_KINDS = ("simple_projectile", "complex_ranged")
THROWN = GearItem(name="a thrown object", kind="weapon", attack_type="simple_projectile")


def reach_of(g: GearItem) -> tuple[str, ...]:
    if g.ranges:
        return tuple(g.ranges)
    if g.weapon:
        return WEAPONS_TABLE[g.weapon]["ranges"]
    return ATTACK_TYPES[g.attack_type]["ranges"] if g.attack_type else ("close",)


def is_ranged_weapon(g: GearItem) -> bool:
    return (g.attack_type or "") in RANGED_KINDS or (g.weapon or "") in ("composite bow", "handgun")


def weapon_of(name: str, sheet: BrewCharacter, wanted: str | None, rng: str = "close") -> GearItem:
    """The named gear; 'unarmed', 'ranged' (their first ranged weapon), 'thrown' (whatever comes to hand); by
    default their first weapon that reaches ``rng`` (a hand weapon up close, a ranged one farther), else bare
    hands or a thrown object."""
    weapons = [g for g in sheet.gear if g.kind == "weapon"]
    word = (wanted or "").strip().lower()
    if wanted is None:
        fits = [g for g in weapons if rng in reach_of(g)]
        hand = [g for g in fits if not is_ranged_weapon(g)]
        return (hand or fits or [BARE if rng == "close" else THROWN])[0]
    if word in ("unarmed", "bare hands", "fists"):
        return BARE
    if word == "ranged":
        found = next((g for g in weapons if is_ranged_weapon(g)), None)
        if found is None:
            fail("weapon", f"{name} carries no ranged weapon; weapons: {', '.join(g.name for g in weapons) or 'none'}"
                           " (or throw something: 'thrown')", wanted)
        return found
    if word == "thrown":
        return next((g for g in weapons if g.attack_type == "simple_projectile"), THROWN)
    match = next((g for g in sheet.gear if g.name.casefold() == word), None)
    if match is None:
        unknown("weapon", wanted, [g.name for g in weapons] + ["unarmed", "ranged", "thrown", "spell"], "weapon")
    if match.kind != "weapon":
        fail("weapon", f"'{match.name}' is not a weapon", wanted)
    return match


def weapon_spec(g: GearItem) -> dict[str, Any]:
    spec: dict[str, Any] = {"attack_type": g.attack_type, "weapon": g.weapon}
    for key in ("damage_rule", "damage_fixed", "ranges"):
        if getattr(g, key) is not None:
            spec[key] = getattr(g, key)
    return spec


def attack_stats(g: GearItem, sheet: BrewCharacter, wanted: str | None) -> tuple[str, str]:
    """(attribute, skill) of an attack with ``g``."""
    if g.weapon:
        attr, skill = WEAPONS_TABLE[g.weapon]["attribute"], WEAPONS_TABLE[g.weapon]["skill"]
        if g.weapon in ("broadsword", "knife"):
            attr = wanted or attr  # "Power or Precision" for handheld weapons, as Pete's knife shows
        return attr, skill
    kind = ATTACK_TYPES[g.attack_type]
    allowed = kind["attributes"]
    if wanted and wanted in allowed:
        return wanted, kind["skill"]
    if wanted:
        fail("attribute", f"a {g.attack_type.replace('_', ' ')} attack uses {' or '.join(allowed)}", wanted)
    return max(allowed, key=lambda a: sheet.score(a)), kind["skill"]


def is_ranged(g: GearItem, rng: str) -> bool:
    return rng != "close" or is_ranged_weapon(g)


def defence_pool(sheet: BrewCharacter, ranged: bool, magic: bool) -> tuple[str, str | None]:
    if magic:
        if sheet.magic_points():
            field = max(sheet.magic, key=lambda f: sheet.magic[f])
            return sheet.magic_attribute, field
        return max(("power", "precision"), key=lambda a: sheet.score(a)), None
    if ranged:
        return "speed", "athletics"
    return max(("power", "precision"), key=lambda a: sheet.score(a)), "melee"


def verdict_of(r: AttackResult) -> Step:
    """How an attack went (hit and its damage, grappled, disengaged, the damage back), read from the result's
    fields: the words after the attack summary's "attacker → defender: "."""
    return step("brew.attack_verdict", outcome=r.outcome, damage=r.damage, grappled=r.grappled,
                disengaged=r.disengaged, counter_damage=r.counter_damage)


def weapon_specialty(sheet: BrewCharacter, skill: str | None, weapon: GearItem) -> str | None:
    """The attacker's specialty in the attack's skill that fits the weapon ("Firearms" for a handgun), if any: "When a
    character has a specialty in a skill, and the action they are attempting is related to their specialty, they get
    to roll 2d6 and take the highest result" (brew.md#Choose Skills). Attacks ignored it: a gunslinger with
    Firearms (craft) shot a handgun on one die."""
    if skill is None:
        return None
    return next((s.name for s in sheet.specialty_in(skill) if specialty_fits(s.name, weapon)), None)


def side(state: TableState, name: str, sheet: BrewCharacter, attribute: str, skill: str | None, modifier: int,
         lines: list[Step], role: str, specialty: str | None = None) -> dict[str, Any]:
    parts, keep = condition_mods(state, name, attribute, skill)
    lines += [step("brew.side_sheet", role=role, name=name, attribute=attribute, score=sheet.score(attribute),
                   skill=skill, points=sheet.score(skill) if skill else None)]
    if specialty:
        lines.append(step("brew.specialty_fits", name=name, specialty=specialty))
    lines += mods_line(modifier, parts)
    return {"name": name, "attribute": sheet.score(attribute), "skill": sheet.score(skill) if skill else None,
            "bonus": modifier + sum(n for n, _ in parts), "attribute_name": attribute, "health": sheet.health,
            "health_rule": health_rule(state), "laden": sheet.laden, "lucky": "Lucky" in sheet.tricks,
            "advantage": keep, "specialty": specialty is not None}


class AttackTargetArgs(ToolArgs):
    attacker: str = Field(min_length=1, max_length=60)
    defender: str = Field(min_length=1, max_length=60)
    weapon: str | None = Field(None, max_length=60, description="A weapon from the attacker's gear, or 'unarmed', "
                               "'ranged' (their bow or gun), 'thrown' (whatever comes to hand), 'spell' (destruction "
                               "magic); default: their first weapon that reaches.")
    attribute: Annotated[Attribute | None, LOWER] = Field(None, description="power or precision where the attack "
                                                          "allows both (default: the better).")
    targeted: bool = Field(False, description="Aimed past the armor (an eye, a gap): -2, armor ignored.")
    pull_punch: bool = Field(False, description="Hold back: no damage on a hit.")
    grapple: bool = Field(False, description="Wrestle the defender down (unarmed): no damage, they are grappled.")
    defence: Annotated[Literal["dodge", "fight_back", "take_hit", "disengage"], LOWER] = Field(
        "dodge", description="How the defender answers: dodge or parry, fight_back (hurts the attacker on winning), "
        "take_hit (to act instead), disengage (from mid to long range).")
    modifier: int = MODIFIER
    defence_modifier: int = Field(0, ge=-20, le=20)


class AttackOnTableResult(AttackResult, BoundResult):
    attacker: str
    defender: str
    weapon: str
    range: str
    armor: str | None


def _farther_zone(state: TableState, mover: str, away_from: str) -> str | None:
    here, foe = state.positions.get(mover), state.positions.get(away_from)
    if here not in state.zones or foe not in state.zones:
        return None
    now = len(state.zone_path(foe, here) or [])
    for z in state.neighbours(here):
        path = state.zone_path(foe, z)
        if path is not None and len(path) > now:
            return z
    return None


@table_tool("brew", acts="attacker")
def brew_attack_target(args: AttackTargetArgs, roller: Roller, state: TableState) -> AttackOnTableResult:
    """One character attacks another on the table: contested attack and defence from their sheets, weapon and armor,
    ranges from the zones, several opponents, health and conditions recorded."""
    att, a, dfn, d = two(state, args.attacker, "attacker", args.defender, "defender", "attack")
    require_conscious(att, a, "attacker", "attack")
    if d.health <= -5:
        fail("defender", f"{dfn} is dead", args.defender)
    rng = range_between(state, att, dfn)
    if rng is None:
        fail("defender", f"{dfn} is out of reach: more than two zones away", args.defender)
    if (args.weapon or "").strip().lower() == "spell":
        return spell_strike(state, roller, att, a, dfn, d, rng, args.modifier, args.targeted)
    weapon = BARE if args.grapple else weapon_of(att, a, args.weapon, rng)
    attribute, skill = attack_stats(weapon, a, args.attribute)
    lines: list[Step] = [step("brew.attacks_with", attacker=att, defender=dfn, weapon=weapon.name, range=rng)]
    attacker = side(state, att, a, attribute, skill, args.modifier, lines, "attacker",
                    weapon_specialty(a, skill, weapon))
    defence = args.defence
    if d.health <= 0 and defence != "take_hit":
        defence = "take_hit"
        lines.append(step("brew.cannot_defend", name=dfn))
    engaged = engaged_map(state)
    on_defender = {z for z, target in engaged.items() if target == dfn and z in state.characters
                   and state.characters[z].get("health", 0) > 0} | {att}
    engaged_with = engaged.get(dfn) in (None, att) or engaged.get(dfn) not in state.characters
    counter = None
    call: dict[str, Any] = {"attacker": attacker, "weapon": weapon_spec(weapon), "targeted": args.targeted,
                            "pull_punch": args.pull_punch, "grapple": args.grapple, "range": rng,
                            "attackers": max(1, len(on_defender)), "engaged": engaged_with or len(on_defender) < 2}
    soak, armor = armor_soak(d)
    if CLOAK in d.tricks and dfn in engaged and defence != "disengage":
        soak += 2
        lines.append(step("brew.cloak", name=dfn))
    call["armor_soak"] = soak
    if defence == "take_hit":
        call["defence"] = "take_hit"
    else:
        d_weapon = weapon_of(dfn, d, None, "close")
        if defence == "fight_back" and rng == "close" and call["engaged"] and not is_ranged(d_weapon, "close"):
            d_attr, d_skill = attack_stats(d_weapon, d, None)
            a_soak, _ = armor_soak(a)
            counter = {**weapon_spec(d_weapon), "attacker_soak": a_soak}
        else:
            if defence == "fight_back":
                lines.append(step("brew.cannot_strike_back", name=dfn))
            d_attr, d_skill = defence_pool(d, is_ranged(weapon, rng), False)
        call["defender"] = side(state, dfn, d, d_attr, d_skill, args.defence_modifier, lines, "defender")
        call["defence"] = "disengage" if defence == "disengage" else "contest"
    if counter:
        call["counter"] = counter
    r = run_pure(brew_attack, roller, **call)
    edits = Edits(state)
    changes: list[Any] = []
    after: list[Step] = []
    if r.damage:
        changes += health_ops(dfn, d, d.health - r.damage, edits)
        changes += injury_setback(dfn, d, r.damage)
        after.append(step("brew.health_of", name=dfn, health=d.health, after=d.health - r.damage))
    if r.counter_damage:
        changes += health_ops(att, a, a.health - r.counter_damage, edits)
        changes += injury_setback(att, a, r.counter_damage)
        after.append(step("brew.health_of", name=att, health=a.health, after=a.health - r.counter_damage))
    if r.grappled:
        edits.add(dfn, GRAPPLED)
    changes += edits.ops()
    if r.disengaged:
        zone = _farther_zone(state, dfn, att)
        if zone:
            changes.append(Move(name=dfn, zone=zone))
            after.append(step("brew.moves_away", name=dfn, zone=zone))
    new_engaged = {**engaged, att: dfn}
    new_engaged.setdefault(dfn, att)
    if new_engaged != engaged:
        changes.append(set_state("engaged", new_engaged))
    refs = [WEAPONS] if len(on_defender) > 1 else []
    refs += [SERVANT_REF] if CLOAK in d.tricks and dfn in engaged else []
    down = (fallen(dfn, d.health, d.health - r.damage) if r.damage else []) + \
        (fallen(att, a.health, a.health - r.counter_damage) if r.counter_damage else [])
    return bind(AttackOnTableResult, r, changes,
                summary=step("brew.attacks", attacker=att, defender=dfn, verdict=verdict_of(r), down=down),
                before=lines, after=after, refs=refs, attacker=att, defender=dfn, weapon=weapon.name, range=rng,
                armor=armor)


# --- turn order --------------------------------------------------------------------------------------------------


StartCombatArgs = table_fights.start_args("everyone on the table still standing.")


class StartCombatResult(BrewInitiativeResult, BoundResult):
    initiative: Initiative


@table_tool("brew")
def brew_start_combat(args: StartCombatArgs, roller: Roller, state: TableState) -> StartCombatResult:
    """Start a fight (Bullet Time): turn order by Speed, ties broken by d6, and the tracker starts at round 1."""
    table_fights.no_fight_yet(state, "brew_join_combat", listed=False)
    fighters = table_fights.fighters(state, args.combatants, SHEETS, standing=lambda n, c: c.health > 0,
                                     able=lambda n, c, field: require_conscious(n, c, field, "fight"))
    r = run_pure(brew_initiative, roller, combatants=[Combatant(name=n, speed=c.attributes.speed) for n, c in fighters])
    ini = table_fights.opened(r.order, {e.name: e.speed for e in r.entries})
    return StartCombatResult(**{**dict(r), "summary": step("brew.combat_starts", order=r.summary,
                                                           current=ini.current)},
                             initiative=ini, changes=[SetInitiative(initiative=ini), set_state("engaged", None),
                                                      set_state("time", "bullet")])


class JoinCombatResult(BrewInitiativeResult, table_fights.Joined):
    """Brew's initiative roll for the latecomer, and where it placed them."""


@table_tool("brew")
def brew_join_combat(args: table_fights.JoinCombatArgs, roller: Roller, state: TableState) -> JoinCombatResult:
    """Add a character to a running fight, placed by Speed (after everyone as fast or faster)."""
    ini = state.initiative
    name, c = table_fights.latecomer(state, args.actor, SHEETS, start_tool="brew_start_combat", order="the turn order",
                                     position=False, able=lambda n, c, field: require_conscious(n, c, field, "fight"))
    r = run_pure(brew_initiative, roller, combatants=[Combatant(name=name, speed=c.attributes.speed)])
    pos, new = table_fights.by_total(ini, name, c.attributes.speed)
    return JoinCombatResult(**{**dict(r), "summary": step("brew.joins_fight", name=name, position=pos + 1,
                                                          order=list(new.order))},
                            actor=name, position=pos + 1, initiative=new, changes=[SetInitiative(initiative=new)])


# --- chases ------------------------------------------------------------------------------------------------------


class ChaseTargetArgs(ToolArgs):
    actor: str = ACTOR
    target: str = Field(min_length=1, max_length=60)
    role: Literal["chaser", "quarry"] = Field("chaser", description="chaser: the actor pursues the target; quarry: "
                                              "the actor flees from them.")
    max_rolls: int = Field(5, ge=1, le=9)


class ChaseOnTableResult(ChaseResult, BoundResult):
    actor: str
    target: str


def _runner(state: TableState, name: str, c: BrewCharacter) -> dict[str, Any]:
    parts, _ = condition_mods(state, name, "speed", None)
    from narrator.tools.systems.brew.checks import health_penalty

    bonus = sum(n for n, _ in parts) + (-2 if c.laden else 0) + health_penalty("speed", c.health, health_rule(state))
    return {"name": name, "speed": c.attributes.speed, "power": c.attributes.power, "bonus": bonus}


@table_tool("brew", acts="actor")
def brew_chase_target(args: ChaseTargetArgs, roller: Roller, state: TableState) -> ChaseOnTableResult:
    """A chase between two characters: contested Speed rolls (laden and health penalties from the sheets), tiring from
    the second roll; caught or got away."""
    name, a, other, b = two(state, args.actor, "actor", args.target, "target", "chase")
    require_conscious(name, a, "actor", "run")
    if b.health <= 0:
        fail("target", f"{other} is down: there is no chase", args.target)
    ra, rb = _runner(state, name, a), _runner(state, other, b)
    chaser, quarry = (ra, rb) if args.role == "chaser" else (rb, ra)
    r = run_pure(brew_chase, roller, chaser=chaser, quarry=quarry, max_rolls=args.max_rolls)
    return bind(ChaseOnTableResult, r, [], summary=r.summary, refs=[TIME], actor=name, target=other)


# --- magical attacks ---------------------------------------------------------------------------------------------


def spell_strike(state: TableState, roller: Roller, name: str, c: BrewCharacter, dfn: str, d: BrewCharacter,
                 rng: str, modifier: int, targeted: bool) -> AttackOnTableResult:
    """A destruction spell at someone: a contested roll (magic against magic, or a flat Power or Precision), the
    caster's attribute in damage (:mod:`.table_magic` explains the reading), one mana slot."""
    points = c.magic.get("destruction", 0)
    if points < 1:
        fail("weapon", f"{name} has no points in destruction: no striking spell (fields: "
                       f"{', '.join(f'{f} {v}' for f, v in c.magic.items()) or 'none'})", "spell")
    if c.mana < 1:
        fail("attacker", f"{name} has no mana slot left ({c.mana} of {c.max_mana})")
    attribute = c.magic_attribute
    lines = [step("brew.casts_destruction", name=name, defender=dfn, range=rng)]
    attacker = side(state, name, c, attribute, None, modifier, lines, "caster")
    attacker["skill"] = points
    spell = {"attack_type": "complex_ranged", "damage_rule": "attribute", "ranges": ["close", "mid", "long"]}
    call: dict[str, Any] = {"attacker": attacker, "weapon": spell,
                            "targeted": targeted, "range": rng, "armor_soak": armor_soak(d)[0]}
    if d.health > 0:
        d_attr, d_field = defence_pool(d, False, True)
        if not d_field:
            lines.append(step("brew.no_magic_defence", name=dfn, attribute=d_attr))
        defender = side(state, dfn, d, d_attr, None, 0, lines, "defender")
        if d_field:
            defender["skill"] = d.magic.get(d_field, 0)
        call.update(defender=defender, defence="contest")
    else:
        call["defence"] = "take_hit"
    r = run_pure(brew_attack, roller, **call)
    edits = Edits(state)
    changes: list[Any] = [SetField(name=name, field="mana", value=c.mana - 1, was=c.mana)]
    if r.damage:
        changes += health_ops(dfn, d, d.health - r.damage, edits)
        changes += injury_setback(dfn, d, r.damage)
    changes += edits.ops()
    down = fallen(dfn, d.health, d.health - r.damage) if r.damage else []
    return bind(AttackOnTableResult, r, changes,
                summary=step("brew.strikes_with_magic", name=name, defender=dfn, verdict=verdict_of(r), down=down),
                before=lines, after=[step("brew.mana_used", mana=c.mana, after=c.mana - 1)],
                refs=[MAGIC_ROLLS, FIELDS_REF, MANA], attacker=name, defender=dfn, weapon="destruction spell",
                range=rng, armor=armor_soak(d)[1])
