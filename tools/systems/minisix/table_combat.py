"""State-bound Mini Six combat: attacks, the Dodge action, starting and joining a fight, and the incapacitated
character's stamina roll as their turn begins (``mini-six.md#COMBAT``, ``#Attacking a Target``, ``#Static
Defenses``, ``#Defences``, ``#Resisting Damage``, ``#Wound Level Effects``).

Readings chosen (see also :mod:`.table_common`):

* Weapons. A named weapon comes from the attacker's gear; otherwise the kind asked for (melee, brawling, missile,
  throwing) picks the gear's best weapon of that kind. With nothing named, an attacker next to the target (same
  zone, or no zones on the table) uses its best melee weapon, else its missile weapon (an archer at arm's length
  shoots), else a thrown one, else its fists (brawling); farther away its missile weapon, else something thrown.
  Melee without a melee weapon is brawling; a throw without a thrown weapon is an improvised one (Might's
  damage). Melee and thrown damage is Might plus the weapon's bonus, brawling Might alone ("amount of damage
  dealt when striking unarmed"), a missile weapon its own code.
* Which defence meets the attack: against melee and brawling the better of Block and Parry (Parry needs a melee
  weapon in hand; a shield or off-hand weapon adds as :mod:`.defences` says); against missiles and throws Dodge,
  or Block/Parry when the defender has a shield and they are higher ("Can only Block or Parry missile weapons with
  a Shield"). An active Dodge action raises the TN to its value ("minimum Dodge score TN against any number of
  attacks"); Daredevil halves the defence.
* Range from the zones, since the book's gear list with ranges is not in this patchwork: the target's own zone
  is short (+0), a bordering zone medium (+5), two zones away long (+10); farther is out of range. Melee reaches
  only the same zone (a charge moves first: ``table_move``). A ``range`` named in the call is used when the
  zones do not say.
* Cover is the defender's ``cover 50%`` ... ``cover 100%`` condition, or the ``cover`` named in the call; behind
  100% cover the attack is refused as impossible.
* A hit rolls damage against the defender's Soak (Might × 3 + pips + best armor + other armor value; Daredevil
  doubles the Might part) and moves its wound level (:mod:`.damage`); the wound conditions follow.
* A charge is the attack with +15' of movement toward the foe; the book gives it no bonus or penalty.
* The Dodge action is an action (it may be one of several declared); a full dodge must be the turn's only action
  (a dash may go with it): it declares one action. Both last until the start of the dodger's next turn.
* Starting a fight rolls everyone's Agility (:mod:`.initiative`); ties keep one slot and are listed by name. A
  newcomer is placed after everyone who rolled at least as high (a tie acts with them, after them in the list);
  placed before the current turn it first acts next round.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from narrator.tools.arg_words import LOWER
from narrator.tools.binding import bind, run_pure
from narrator.tools.contract import ToolArgs
from narrator.tools.dice import Roller
from narrator.tools.steps import Step, step
from narrator.tools.table import BoundResult, Initiative, SetInitiative, SetSystemState, TableState
from narrator.tools.tool import table_tool
from narrator.tools.systems.contract import TurnStart
from narrator.tools.systems.minisix.checks import MiniSixRollResult, minisix_roll
from narrator.tools.systems.minisix.codes import DieCode, code
from narrator.tools.systems.minisix.damage import DamageResult, level_name, minisix_damage
from narrator.tools.systems.minisix.defences import attack_tn
from narrator.tools.systems.minisix.dodge import DodgeResult, minisix_dodge
from narrator.tools.systems.minisix.initiative import InitiativeResult, minisix_initiative
from narrator.tools.systems.minisix.rules import (
    ATTACKING, COVER, DEFENCES, MOVEMENT as MOVEMENT_REF, PERKS_REF, RESISTING, STATIC, STAMINA_TN,
    WOUND_EFFECTS, Cover, Range, WeaponKind,
)
from narrator.tools.systems.minisix.sheet import GearItem, MiniSixCharacter
from narrator.tools.systems.minisix.table_actions import EXTRA, HERO, remember_failure
from narrator.tools import table_fights
from narrator.tools.systems.minisix.table_common import (
    SHEETS, COVER_CONDITIONS, DODGE_KEY, ConditionEdits, can_act, conditions_of, declare, declared, fail, find, lucky,
    penalty_dice, require_able, sheet_of, spend_hero_points, two, unknown, wound_edits,
)
from narrator.tools.systems.minisix.wounds import minisix_stay_conscious

RANGED = ("missile", "throwing")
DISTANCE_RANGE = {0: "short", 1: "medium", 2: "long"}


# --- choosing the weapon, the defence, the range ------------------------------------------------------------------


def _best(weapons: list[GearItem]) -> GearItem | None:
    return max(weapons, key=lambda g: code(g.damage).total_pips) if weapons else None


def choose_weapon(name: str, c: MiniSixCharacter, wanted: str | None, kind: str | None, near: bool,
                  steps: list[Step]) -> tuple[str, GearItem | None]:
    """(the attack's kind, the weapon or None for fists / an improvised throw)."""
    if wanted is not None:
        match = next((g for g in c.gear if g.name.casefold() == wanted.strip().casefold()), None)
        if match is None:
            unknown("weapon", wanted, [g.name for g in c.weapons()], "weapon")
        if match.kind not in ("melee", "missile", "thrown") or match.damage is None:
            fail("weapon", f"'{match.name}' is not a weapon (it is {match.kind})", wanted)
        return {"melee": "melee", "missile": "missile", "thrown": "throwing"}[match.kind], match
    if kind is None:
        if near and c.weapons(("melee",)):
            kind = "melee"
        elif c.weapons(("missile",)):
            kind = "missile"  # an archer at arm's length still shoots rather than punches
        elif c.weapons(("thrown",)) or not near:
            kind = "throwing"
        else:
            kind = "brawling"
    if kind == "melee":
        w = _best(c.weapons(("melee",)))
        if w is None:
            steps.append(step("minisix.no_melee_weapon", name=name))
            return "brawling", None
        return "melee", w
    if kind == "missile":
        w = _best(c.weapons(("missile",)))
        if w is None:
            fail("kind", f"{name} has no missile weapon (bow, crossbow, gun...) in their gear", kind)
        return "missile", w
    if kind == "throwing":
        w = _best(c.weapons(("thrown",)))
        if w is None:
            steps.append(step("minisix.improvised_throw", name=name))
        return "throwing", w
    return "brawling", None


def attack_skill(kind: str, weapon: GearItem | None) -> str:
    if kind == "brawling":
        return "brawling"
    if weapon is not None:
        return weapon.uses
    return "throwing" if kind == "throwing" else kind


def damage_code(c: MiniSixCharacter, kind: str, weapon: GearItem | None) -> tuple[DieCode, str]:
    might = c.attribute("might")
    if kind == "missile" and weapon is not None:
        return code(weapon.damage), f"{weapon.name} {weapon.damage}"
    if weapon is None:
        return might, f"Might {might.text()}" + (" (unarmed)" if kind == "brawling" else " (improvised)")
    bonus = code(weapon.damage)
    return (might + bonus).normalised(), f"Might {might.text()} + {weapon.name} {bonus.text(signed=True)}"


def distance(state: TableState, a: str, b: str) -> int | None:
    here, there = state.positions.get(a), state.positions.get(b)
    if here not in state.zones or there not in state.zones:
        return None
    path = state.zone_path(here, there)
    return None if path is None else len(path) - 1


def defence_of(state: TableState, name: str, d: MiniSixCharacter, kind: str,
               steps: list[Step]) -> tuple[int, str]:
    """The defender's defence against this kind of attack, and its name."""
    statics = d.defences()
    armed = bool(d.weapons(("melee",)))
    shield = d.offhand() == "shield"
    if kind in RANGED:
        options = {"dodge": statics["dodge"]}
        if shield:
            options.update(block=statics["block"], parry=statics["parry"] if armed else 0)
    else:
        options = {"block": statics["block"]}
        if armed:
            options["parry"] = statics["parry"]
    which = max(options, key=lambda k: options[k])
    value = options[which]
    steps.append(step("minisix.defence_meets", name=name, which=which, value=value,
                      unshielded=kind in RANGED and not shield))
    conds = conditions_of(state, name)
    active = (state.system_state.get(DODGE_KEY) or {}).get(name)
    if active is not None and ("dodging" in conds or "full dodge" in conds) and active > value:
        steps.append(step("minisix.dodge_raises", name=name, value=active))
        value, which = int(active), "dodge"
    if "daredevil" in conds:
        steps.append(step("minisix.daredevil_defence", name=name, value=value, halved=value // 2))
        value //= 2
    return value, which


# --- attacks -------------------------------------------------------------------------------------------------------


class AttackArgs(ToolArgs):
    attacker: str = Field(min_length=1, max_length=60, description="Who attacks.")
    defender: str = Field(min_length=1, max_length=60, description="Who is attacked.")
    weapon: str | None = Field(None, min_length=1, max_length=60, description="A weapon from the attacker's gear.")
    kind: Annotated[WeaponKind | None, LOWER] = Field(None, description="melee, brawling, missile or throwing; default "
                                                      "from the gear and the distance.")
    range: Annotated[Range | None, LOWER] = Field(None, description="short, medium, long: used when the zones do not "
                                                  "say.")
    cover: Annotated[Cover | None, LOWER] = Field(None, description="The defender's cover when not on the table: 50%, "
                                                  "75%, 90%, 100%.")
    charge: bool = Field(False, description="A charge: +15' of movement toward the foe, then the attack.")
    extra_actions: int | None = EXTRA
    modifier: int = Field(0, ge=-20, le=20, description="A flat bonus or penalty to the attack roll.")
    hero_points: int = HERO
    defender_hero_points: int = Field(0, ge=0, le=3, description="Hero Points the defender spends on the static "
                                      "defence, +6 each (Thule).")


class AttackOnTableResult(MiniSixRollResult, BoundResult):
    attacker: str
    defender: str
    kind: str
    skill: str
    weapon: str | None
    defence: int = Field(json_schema_extra={"fact": "target"})
    defence_kind: str
    range: str | None
    cover: str
    hit: bool
    damage: DamageResult | None = Field(description="The damage roll against Soak, on a hit.")
    level_after: str


@table_tool("minisix", acts="attacker")
def minisix_attack_target(args: AttackArgs, roller: Roller, state: TableState) -> AttackOnTableResult:
    """One character attacks another: the skill roll against the defender's Block, Parry or Dodge with range and cover;
    a hit rolls damage against Soak and moves the wound level."""
    att, a, dfn, d = two(state, args.attacker, "attacker", args.defender, "defender", "attack")
    require_able(att, a, state, "attacker", "attack")
    if d.wounds >= 5:
        fail("defender", f"{dfn} is already dead", args.defender)
    steps: list[Step] = []
    dist = distance(state, att, dfn)
    kind, weapon = choose_weapon(att, a, args.weapon, args.kind, dist in (None, 0), steps)
    rng: str | None = None
    if kind in RANGED:
        if dist is not None:
            if dist > 2:
                fail("defender", f"{dfn} is {dist} zones away: beyond long range (short is the same zone, medium "
                                 "a bordering one, long two away)", args.defender)
            rng = DISTANCE_RANGE[dist]
            steps.append(step("minisix.zone_range", name=dfn, zones=dist, range=rng))
        else:
            rng = args.range or "short"
    elif dist is not None and dist > 0:
        fail("defender", f"{dfn} is {dist} zone{'s' if dist > 1 else ''} away: a melee or brawling attack reaches "
                         "only the same zone (move or charge first, or shoot or throw)", args.defender)
    if args.charge:
        steps.append(step("minisix.charges", name=att, target=dfn))
    skill = attack_skill(kind, weapon)
    attack = a.skill_code(skill)
    steps.append(step("minisix.attacks_with", name=att, weapon=weapon.name if weapon else None,
                      brawling=kind == "brawling", skill=skill, code=attack.text()))
    defence, which = defence_of(state, dfn, d, kind, steps)
    extra, changes = declare(state, att, args.extra_actions)
    changes += spend_hero_points(state, att, a, args.hero_points)
    dhp = spend_hero_points(state, dfn, d, args.defender_hero_points, "defender_hero_points")
    if args.defender_hero_points:
        defence += 6 * args.defender_hero_points
        steps.append(step("minisix.defender_hero_points", name=dfn, points=args.defender_hero_points,
                          bonus=6 * args.defender_hero_points, defence=defence))
    changes += dhp
    conds = conditions_of(state, dfn)
    covers = [COVER_CONDITIONS[cnd] for cnd in conds if cnd in COVER_CONDITIONS] + ([args.cover] if args.cover else [])
    cover = max(covers, key=lambda x: 100 if COVER[x] is None else COVER[x], default="none")
    tn, _, _, tn_steps = attack_tn(defence, "dodge" if which == "dodge" else which, kind in RANGED, rng or "short",
                                   cover, True)
    steps += tn_steps[1:]
    if tn is None:
        fail("defender", f"{dfn} is behind 100% cover: it is impossible to hit them", args.defender)
    pen, pen_lines = penalty_dice(state, att, a)
    steps += pen_lines
    edits = ConditionEdits(state)
    double = lucky(state, att)
    if double:
        edits.remove(att, "lucky")
        steps.append(step("minisix.lucky_attack", name=att))
    r = run_pure(minisix_roll, roller, code=attack.text(), tn=tn, extra_actions=extra,
                 penalty_dice=pen, modifier=args.modifier, hero_points=args.hero_points, double=double)
    after: list[Step] = []
    dmg = None
    level_after = level_name(d.wounds, d.stuns)
    dice = list(r.dice)
    if r.success:
        dcode, dtext = damage_code(a, kind, weapon)
        soak = d.defences()["soak"]
        if "daredevil" in conds:
            might = d.attribute("might").static
            soak += might
            after.append(step("minisix.daredevil_soak_doubled", name=dfn, before=soak - might, soak=soak))
        after.append(step("minisix.hit_damage", damage=dtext, code=dcode.text(), name=dfn, soak=soak))
        dmg = run_pure(minisix_damage, roller, damage=dcode.text(), soak=soak, wounds=d.wounds, stuns=d.stuns)
        after += dmg.steps
        dice += dmg.dice
        changes += wound_edits(dfn, d, dmg.wounds_after, dmg.stuns_after, edits, stunned=dmg.stunned)
        level_after = dmg.level_after
    else:
        after.append(step("minisix.miss"))
    changes += edits.ops()
    changes += remember_failure(state, att, "minisix_attack_target", args.model_dump(mode="json"), not r.success)
    refs = [ATTACKING, STATIC] + ([DEFENCES] if which != "dodge" or cover != "none" else []) + (
        [RESISTING, WOUND_EFFECTS] if r.success else []) + ([PERKS_REF] if double or "daredevil" in conds else [])
    what = (step("minisix.hit", damage=dmg.damage_total, soak=dmg.soak, result=dmg.result, after=dmg.level_after)
            if dmg else step("minisix.missed"))
    return bind(AttackOnTableResult, r, changes, summary=step("minisix.attack", name=att, target=dfn, skill=skill,
                                                              roll=r.summary, what=what),
                before=steps, after=after, refs=refs, dice=dice, attacker=att, defender=dfn, kind=kind, skill=skill,
                weapon=weapon.name if weapon else None, defence=defence, defence_kind=which, range=rng, cover=cover,
                hit=bool(r.success), damage=dmg, level_after=level_after)


# --- the Dodge action ---------------------------------------------------------------------------------------------


class DodgeActionArgs(ToolArgs):
    actor: str = Field(min_length=1, max_length=60, description="Who dodges.")
    mode: Annotated[Literal["action", "full"], LOWER] = Field("action", description="action: a dodge roll beside other "
                                                              "actions; full: the only action this turn, +10.")
    dash: bool = Field(False, description="Full dodge only: Dodge & Dash, +30' of movement.")
    extra_actions: int | None = EXTRA


class DodgeActionResult(DodgeResult, BoundResult):
    actor: str


@table_tool("minisix", acts="actor")
def minisix_dodge_action(args: DodgeActionArgs, roller: Roller, state: TableState) -> DodgeActionResult:
    """A character takes the Dodge action: rolls Dodge, keeps it if higher than static Dodge, against all attacks until
    their next turn; a full dodge adds +10."""
    name, c = find(state, args.actor, "actor")
    require_able(name, c, state, "actor", "dodge")
    ini = state.initiative
    if args.mode == "full":
        if args.extra_actions:
            fail("extra_actions", "a full dodge is the only action of the turn", args.extra_actions)
        if ini.active and ini.current == name and ini.used:
            fail("mode", f"{name} has already acted this turn; a full dodge takes no other action", args.mode)
    pen, lines = penalty_dice(state, name, c)
    extra, changes = declare(state, name, 0 if args.mode == "full" else args.extra_actions)
    r = run_pure(minisix_dodge, roller, code=c.skill_code("dodge").text(), static_dodge=c.defences()["dodge"],
                 mode=args.mode, dash=args.dash, extra_actions=extra, penalty_dice=pen)
    edits = ConditionEdits(state)
    cond = "full dodge" if args.mode == "full" else "dodging"
    edits.remove(name, "dodging" if cond == "full dodge" else "full dodge")
    edits.add(name, cond)
    book = dict(state.system_state.get(DODGE_KEY) or {})
    book[name] = r.value
    changes += [SetSystemState(key=DODGE_KEY, value=book), *edits.ops()]
    return bind(DodgeActionResult, r, changes, summary=step("minisix.actor_said", name=name, said=r.summary),
                before=lines, actor=name)


# --- starting and joining a fight ---------------------------------------------------------------------------------


StartCombatArgs = table_fights.start_args("everyone on the table who can act.")


class StartCombatResult(InitiativeResult, BoundResult):
    initiative: Initiative


@table_tool("minisix")
def minisix_start_combat(args: StartCombatArgs, roller: Roller, state: TableState) -> StartCombatResult:
    """Start a fight: every combatant rolls Agility for initiative, highest first, ties almost simultaneous; the tracker
    starts at round 1."""
    table_fights.no_fight_yet(state, "minisix_join_combat")
    fighters = table_fights.fighters(state, args.combatants, SHEETS,
                                     standing=lambda n, c: can_act(c, conditions_of(state, n)) is None,
                                     able=lambda n, c, field: require_able(n, c, state, field, "fight"))
    r = run_pure(minisix_initiative, roller, combatants=[{"name": n, "agility": c.attribute("agility").text()}
                                                          for n, c in fighters])
    ini = table_fights.opened(r.order, r.totals)
    edits = ConditionEdits(state)  # a new fight starts without cover: everyone takes it anew
    for n in state.characters:
        for cond in COVER_CONDITIONS:
            edits.remove(n, cond)
    return StartCombatResult(**{**dict(r), "summary": step("minisix.combat_starts", initiative=r.summary,
                                                             first=ini.current)},
                             initiative=ini, changes=[*edits.ops(), SetInitiative(initiative=ini)])


class JoinCombatResult(InitiativeResult, table_fights.Joined):
    """The latecomer's Agility roll, and where its total placed them."""


@table_tool("minisix")
def minisix_join_combat(args: table_fights.JoinCombatArgs, roller: Roller, state: TableState) -> JoinCombatResult:
    """Add a character or NPC to a running fight: it rolls Agility and is placed by its total."""
    ini = state.initiative
    name, c = table_fights.latecomer(state, args.actor, SHEETS, start_tool="minisix_start_combat",
                                     able=lambda n, c, field: require_able(n, c, state, field, "fight"))
    r = run_pure(minisix_initiative, roller, combatants=[{"name": name, "agility": c.attribute("agility").text()}])
    total = r.totals[name]
    pos, new = table_fights.by_total(ini, name, total)
    steps = [*r.steps, step("minisix.takes_position", name=name, total=total, position=pos + 1, of=len(new.order))]
    tied = [o for o in ini.order if ini.totals.get(o) == total]
    if tied:
        steps.append(step("minisix.tied_with", names=tied))
    if pos <= ini.turn:
        steps.append(step("minisix.slot_passed", name=name, round=ini.round + 1))
    return JoinCombatResult(**{**dict(r), "summary": step("minisix.joins_fight", name=name, position=pos + 1),
                               "steps": steps}, actor=name, position=pos + 1, initiative=new,
                            changes=[SetInitiative(initiative=new)])


# --- the stamina roll as an incapacitated character's turn begins -------------------------------------------------


def stamina_code(c: MiniSixCharacter) -> DieCode:
    """The stamina skill where the sheet has it, else Might (the skill's default)."""
    return c.skill_code("stamina")


def stamina_at_turn_start(state: TableState, actor: str, roller: Roller) -> TurnStart:
    """"The character may try to stay conscious with a Moderate (15) stamina roll at the start of their next
    turn": an incapacitated combatant not yet tested (no ``fighting on``, not ``unconscious``) rolls now."""
    if actor not in state.characters:
        return TurnStart()
    c = sheet_of(state, actor)
    conds = conditions_of(state, actor)
    if c.wounds != 3 or "fighting on" in conds or "unconscious" in conds:
        return TurnStart()
    r = run_pure(minisix_stay_conscious, roller, code=stamina_code(c).text())
    edits = ConditionEdits(state)
    changes: list[Any] = []
    if r.conscious:
        edits.remove(actor, "incapacitated")
        edits.add(actor, "fighting on")
    else:
        edits.add(actor, "unconscious")
        ini = state.initiative
        changes.append(SetInitiative(initiative=ini.model_copy(update={"used": max(ini.used, 1)})))
    steps = [step("minisix.stamina_at_turn", name=actor, tn=STAMINA_TN), *r.steps[1:]]
    return TurnStart(dice=list(r.dice), steps=steps, changes=[*edits.ops(), *changes],
                     rule_refs=[WOUND_EFFECTS], summary=step("minisix.incapacitated_said", name=actor,
                                                             said=r.summary))


def actions_allowed(state: TableState, actor: str) -> int:
    """The actions the combatant declared for this turn (one unless it declared more)."""
    return declared(state, actor) or 1


# --- taking cover --------------------------------------------------------------------------------------------------


class CoverArgs(ToolArgs):
    actor: str = Field(min_length=1, max_length=60, description="Who takes cover.")
    cover: Literal["none", "50%", "75%", "90%", "100%"] = Field("50%", description="How much of them the cover hides: "
                                                               "50% (+5 to hit), 75% (+10), 90% (+15), 100% (cannot "
                                                               "be hit); none leaves cover.")


class CoverResult(BoundResult):
    actor: str
    cover: str
    tn_added: int | None = Field(description="What the cover adds to an attacker's TN; null: cannot be hit.")


@table_tool("minisix", description="A character gets behind cover (50% +5, 75% +10, 90% +15 to the TN to "
            "hit them; 100% cannot be hit) or leaves it; part of the free 15' move, not an action.")
def minisix_take_cover(args: CoverArgs, roller: Roller, state: TableState) -> CoverResult:
    """Cover is the ``cover N%`` condition the attack tools read; one at a time. Reading: getting behind cover is
    the free 15' that goes with any action ("The character may freely move up to 15'"), so it takes no action;
    it lasts until the character leaves it (``cover='none'``), and a new fight starts without it."""
    name, c = find(state, args.actor, "actor")
    require_able(name, c, state, "actor", "move into cover")
    edits = ConditionEdits(state)
    for cond in COVER_CONDITIONS:
        edits.remove(name, cond)
    if args.cover != "none":
        edits.add(name, f"cover {args.cover}")
    added = COVER[args.cover]
    steps = ([step("minisix.leaves_cover", name=name)] if args.cover == "none" else
             [step("minisix.takes_cover", name=name, cover=args.cover, added=added),
              step("minisix.cover_is_free")])
    return CoverResult(summary=step("minisix.cover_taken", name=name, cover=args.cover),
                       steps=steps, rule_refs=[ATTACKING, MOVEMENT_REF], actor=name, cover=args.cover,
                       tn_added=added, changes=edits.ops())
