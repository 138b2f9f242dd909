"""State-bound Minim combat: attacks, surprise, and starting or joining a fight (``minim.md#Attacks``,
``#Fumbles``, ``#Zones``, ``#Initiative``). The agent names the fighters; weapons, armor, health, zones and
conditions come off the table, and the pure tools (:mod:`.combat`, :mod:`.initiative`) do the mechanics. Each
result carries the pure result's full data plus the actor names and the ``changes``.

Readings chosen (see also :mod:`.table_common` for the conditions):

* ``minim_attack_target``: the default weapon is the attacker's best-quality gear of kind ``weapon`` (the first
  listed on a tie); with none — or while ``disarmed`` — the attack is bare-handed or improvised, quality 0. A named
  weapon may be any non-armor gear. The defender's armor is its best-quality ``armor`` (0 without). Zones apply
  when both positions are known: the same zone is plain, an adjacent zone is −1 for fire/sports and refused for
  fight, farther is out of range; with a position unknown no zone modifier applies. ``off-guard-1/2`` count only
  before combat starts or during round 1 — "cannot act on the first round" is when a surprised character cannot
  defend; from round 2 they lapse (the tool says so; the narrator removes them). ``modifier`` is −9..+9 so that
  with −1 for having fallen the total stays in the test's −10..+10.
* Fumbles leave a condition on the victim named after the table's effect (stunned, fallen, disarmed, shaken,
  disabled, pinned; "Grapples" marks attacker *and* target ``grappled``); Dodge and the three "Interacts with"
  results leave none — the narrator describes them.
* ``minim_surprise_check``: each listed character tests brass ± perception; neutral or worse adds ``surprised``,
  −1/−2 also ``off-guard-1``/``off-guard-2``; earlier surprise conditions are replaced. ``fallen`` does not apply:
  noticing an ambush is a reaction, not an action.
* ``minim_start_combat`` rolls everyone's brain dice at once (ties rerolled among the tied, as the pure tool does);
  by default every character not at 0 health fights. ``minim_join_combat`` rolls the newcomer's brain dice and
  places them after everyone whose total is equal or higher — no tie reroll against those already placed, whose
  order is settled. Joining before the current turn shifts the turn index so the current actor keeps the turn;
  the newcomer then first acts next round.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from tools.binding import bind, run_pure
from tools.contract import ToolArgs, ref, signed
from tools.dice import Die, Roller
from tools.tool import table_tool
from tools.systems.minim.combat import (
    FUMBLE_RULE, ZONES, AttackSkill, MinimAttackResult, MinimSurpriseResult, minim_attack,
    minim_surprise, short_effect,
)
from tools.systems.minim.initiative import Combatant, MinimInitiativeResult, minim_initiative
from tools.systems.minim.rules import BOOK
from tools.systems.minim.sheet import GearItem, MinimCharacter
from tools.systems.minim.table_common import (
    DEFENDING, FUMBLE_CONDITIONS, MODIFIER, OFF_GUARD, SURPRISED, UNCONSCIOUS, ConditionEdits, FAITH_ARG,
    conditions_of, fail, fallen_penalty, find, lower, modifier_line, not_acting_notes, require_conscious,
    spend_faith, unique_names, unknown,
)
from tools.table import BoundResult, Initiative, SetField, SetInitiative, TableState

# --- attacks -----------------------------------------------------------------------------------------------------


class AttackTargetArgs(ToolArgs):
    attacker: str = Field(min_length=1, max_length=60, description="Who attacks.")
    defender: str = Field(min_length=1, max_length=60, description="Who is attacked.")
    skill: AttackSkill = Field("fight", description="fight (close combat, same zone), fire (missiles) or sports "
                               "(thrown); fire and sports reach an adjacent zone at -1.")
    weapon: str | None = Field(None, min_length=1, max_length=60, description="A weapon from the attacker's gear; "
                               "default: their best-quality weapon, or bare-handed/improvised (quality 0).")
    aim: bool = Field(False, description="The attacker aimed at this defender last turn: +1.")
    modifier: int = MODIFIER
    faith: bool = FAITH_ARG

    @field_validator("skill", mode="before")
    @classmethod
    def _lower_skill(cls, v: Any) -> Any:
        return lower(v)


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


def _weapon(name: str, c: MinimCharacter, wanted: str | None, conds: list[str], steps: list[str]) -> GearItem:
    if wanted is not None:
        match = next((g for g in c.gear if g.name.casefold() == wanted.casefold()), None)
        if match is None:
            unknown("weapon", wanted, [g.name for g in c.gear if g.kind != "armor"], "weapon")
        if match.kind == "armor":
            fail("weapon", f"'{match.name}' is {name}'s armor, not a weapon", wanted)
        return match
    weapons = [g for g in c.gear if g.kind == "weapon"]
    if "disarmed" in conds:
        steps.append(f"{name} is disarmed: bare-handed or improvised, quality ±0 (name a weapon once it is "
                     "picked up again, and remove the condition).")
        return BARE
    if not weapons:
        steps.append(f"{name} carries no weapon: bare-handed or improvised, quality ±0.")
        return BARE
    return max(weapons, key=lambda g: g.quality)


def _reach(state: TableState, att: str, dfn: str, skill: str, steps: list[str]) -> bool:
    """True when the attack goes into an adjacent zone (-1); an error when it cannot reach at all."""
    here, there = state.positions.get(att), state.positions.get(dfn)
    if here not in state.zones or there not in state.zones:
        steps.append("Zones: a position is unknown, so no zone modifier applies.")
        return False
    distance = abs(state.zones.index(here) - state.zones.index(there))
    if distance == 0:
        steps.append(f"Zones: both in {here}.")
        return False
    if distance == 1:
        if skill == "fight":
            fail("skill", f"{dfn} is in {there}, next to {att}'s zone {here}: close combat (fight) only reaches "
                          "the same zone; move first (table_move), or shoot (fire) or throw (sports) at -1", skill)
        steps.append(f"Zones: {dfn} is in the adjacent zone {there}: -1 to shoot or throw there.")
        return True
    fail("defender", f"{dfn} is out of range: {there} is {distance} zones from {att}'s zone {here}; attacks reach "
                     "the same zone, or an adjacent one with fire or sports", dfn)


def _off_guard(state: TableState, dfn: str, conds: list[str], steps: list[str]) -> int:
    marks = [c for c in conds if c in OFF_GUARD]
    if not marks:
        return 0
    if state.initiative.active and state.initiative.round > 1:
        steps.append(f"{dfn}'s {', '.join(marks)} lapsed after the first round: no penalty (remove it with "
                     "table_condition).")
        return 0
    return min(OFF_GUARD[m] for m in marks)


@table_tool("minim_attack_target", "minim", "One character attacks another on the table: brawl and skill, weapon, "
      "armor, health, zones and conditions read from the table; health, fumbles and unconsciousness recorded.", acts="attacker")
def minim_attack_target(args: AttackTargetArgs, roller: Roller, state: TableState) -> AttackOnTableResult:
    att, a = find(state, args.attacker, "attacker")
    dfn, d = find(state, args.defender, "defender")
    if att == dfn:
        fail("defender", f"{att} cannot attack themselves", args.defender)
    require_conscious(att, a, "attacker", "attack")
    if d.health <= 0:
        fail("defender", f"{dfn} is already unconscious (health 0); no attack is needed", args.defender)
    a_conds, d_conds = conditions_of(state, att), conditions_of(state, dfn)
    steps: list[str] = []
    adjacent = _reach(state, att, dfn, args.skill, steps)
    weapon = _weapon(att, a, args.weapon, a_conds, steps)
    armors = [g for g in d.gear if g.kind == "armor"]
    armor = max(armors, key=lambda g: g.quality) if armors else None
    steps.append(f"{att} attacks with {weapon.name} ({signed(weapon.quality)}); {dfn} wears "
                 + (f"{armor.name} ({signed(armor.quality)})." if armor else "no armor (±0)."))
    defending = DEFENDING in d_conds
    if defending:
        steps.append(f"{dfn} is only defending: +1 to health-rolls.")
    penalty = _off_guard(state, dfn, d_conds, steps)
    fallen, fallen_steps = fallen_penalty(att, a_conds)
    parts = [(fallen, "fallen")] if fallen else []
    steps += fallen_steps + modifier_line(args.modifier, parts) + not_acting_notes(att, a_conds)
    changes: list[Any] = [spend_faith(att, a)] if args.faith else []
    r = run_pure(minim_attack, roller, trait=a.traits.brawl, skill=args.skill, has_skill=args.skill in a.skills,
                 modifier=args.modifier + fallen, faith=args.faith, weapon_quality=weapon.quality,
                 armor_quality=armor.quality if armor else 0, defender_health=d.health, aim=args.aim,
                 adjacent_zone=adjacent, defending=defending, avoidance_penalty=penalty)

    edits = ConditionEdits(state)
    added: dict[str, list[str]] = {}
    after: list[str] = []

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
            after.append(f"{att} and {dfn} are grappled.")
        elif cond is not None:
            mark(victim, cond)
            after.append(f"{victim} is now {cond}.")
        else:
            after.append(f"{r.fumble.effect}: no lasting condition; the narrator describes what happens to {victim}.")
    changes += edits.ops()
    refs = ([ZONES] if adjacent else []) + ([FUMBLE_RULE] if fallen else [])
    return bind(AttackOnTableResult, r, changes, summary=f"{att} attacks {dfn} ({args.skill}): {r.summary}", before=steps,
                after=after, refs=refs, attacker=att, defender=dfn, skill=args.skill, weapon=weapon.name,
                weapon_quality=weapon.quality, armor=armor.name if armor else None,
                armor_quality=armor.quality if armor else 0, adjacent_zone=adjacent, conditions_added=added)


# --- surprise ----------------------------------------------------------------------------------------------------


class SurpriseCheckArgs(ToolArgs):
    actors: list[str] = Field(min_length=1, max_length=20, description="The surprised characters; each makes a "
                              "brass-perception test.")

    @field_validator("actors")
    @classmethod
    def _unique(cls, v: list[str]) -> list[str]:
        return unique_names(v)


class SurpriseEntry(BaseModel):
    model_config = ConfigDict(frozen=True)

    actor: str
    result: MinimSurpriseResult
    conditions: list[str] = Field(description="The surprise conditions it now has.")


class SurpriseCheckResult(BoundResult):
    actors: list[str]
    entries: list[SurpriseEntry]
    dice: list[Die] = Field(description="Every die thrown, actor by actor.")


@table_tool("minim_surprise_check", "minim", "Characters caught by surprise each test brass-perception: who cannot act "
      "on the first round (surprised) and who cannot defend (off-guard-1/-2 to health-rolls).")
def minim_surprise_check(args: SurpriseCheckArgs, roller: Roller, state: TableState) -> SurpriseCheckResult:
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
        steps += [f"{n}: brass {c.traits.brass}, {'has' if 'perception' in c.skills else 'lacks'} perception.",
                  *r.steps, f"{n}: " + (", ".join(now) if now else "not surprised") + "."]
    return SurpriseCheckResult(
        summary="Surprise: " + "; ".join(f"{e.actor} {e.result.outcome}" for e in entries),
        steps=steps, rule_refs=[ref(BOOK, "Initiative"), ref(BOOK, "Tests")], actors=names, entries=entries,
        dice=dice, changes=edits.ops(),
    )


# --- initiative --------------------------------------------------------------------------------------------------


class StartCombatArgs(ToolArgs):
    combatants: list[str] | None = Field(None, min_length=1, max_length=50, description="Who fights; default: "
                                         "every character and NPC on the table not at 0 health.")

    @field_validator("combatants")
    @classmethod
    def _unique(cls, v: list[str] | None) -> list[str] | None:
        return None if v is None else unique_names(v)


class StartCombatResult(MinimInitiativeResult, BoundResult):
    initiative: Initiative = Field(description="The tracker as it now stands: round 1, first in order to act.")


@table_tool("minim_start_combat", "minim", "Start a fight: every combatant rolls brain d6 for initiative (from their "
      "sheets) and the tracker starts at round 1.")
def minim_start_combat(args: StartCombatArgs, roller: Roller, state: TableState) -> StartCombatResult:
    if state.initiative.active:
        fail("(state)", f"combat is already running (round {state.initiative.round}: "
                        f"{', '.join(state.initiative.order)}); add someone with minim_join_combat, or end it with "
                        "table_end_combat first")
    if args.combatants is None:
        fighters = [(n, find(state, n, "combatants")[1]) for n in state.characters]
        fighters = [(n, c) for n, c in fighters if c.health > 0]
        if not fighters:
            fail("combatants", "nobody on the table can fight (no characters, or all at 0 health); add characters "
                               "first")
    else:
        fighters = [find(state, n, f"combatants.{i}") for i, n in enumerate(args.combatants)]
        if len({n for n, _ in fighters}) != len(fighters):
            fail("combatants", "each character once", ", ".join(n for n, _ in fighters))
        for i, (n, c) in enumerate(fighters):
            require_conscious(n, c, f"combatants.{i}", "fight")
    r = run_pure(minim_initiative, roller, combatants=[Combatant(name=n, brain=c.traits.brain) for n, c in fighters])
    ini = Initiative(active=True, round=1, turn=0, order=r.order, totals={e.name: e.total for e in r.entries})
    surprised = [n for n in r.order if SURPRISED in conditions_of(state, n)]
    steps = r.steps + ([f"Surprised, cannot act on round 1: {', '.join(surprised)} (their turns pass; remove "
                        "the condition after the round)."] if surprised else [])
    return StartCombatResult(**{**dict(r), "summary": f"Combat starts. {r.summary}; round 1: {ini.current}'s turn",
                                "steps": steps},
                             initiative=ini, changes=[SetInitiative(initiative=ini)])


class JoinCombatArgs(ToolArgs):
    actor: str = Field(min_length=1, max_length=60, description="Who joins the running fight.")


class JoinCombatResult(MinimInitiativeResult, BoundResult):
    actor: str
    total: int
    position: int = Field(description="1 acts first.")
    initiative: Initiative


@table_tool("minim_join_combat", "minim", "Add a character or NPC to a running fight: it rolls brain d6 and is placed "
      "by its total (after anyone with an equal total).")
def minim_join_combat(args: JoinCombatArgs, roller: Roller, state: TableState) -> JoinCombatResult:
    ini = state.initiative
    if not ini.active:
        fail("(state)", "no combat is running; start one with minim_start_combat")
    name, c = find(state, args.actor, "actor")
    if name in ini.order:
        fail("actor", f"{name} is already in the initiative order (position {ini.order.index(name) + 1})", name)
    require_conscious(name, c, "actor", "fight")
    r = run_pure(minim_initiative, roller, combatants=[Combatant(name=name, brain=c.traits.brain)])
    total = r.entries[0].total
    pos = 0
    for i, other in enumerate(ini.order):
        if ini.totals.get(other, 0) >= total:
            pos = i + 1
    order = ini.order[:pos] + [name] + ini.order[pos:]
    turn = ini.turn + 1 if pos <= ini.turn else ini.turn
    new = ini.model_copy(update={"order": order, "turn": turn, "totals": {**ini.totals, name: total}})
    steps = r.steps + [f"{name} ({total}) goes after everyone with {total} or more: position {pos + 1} of "
                       f"{len(order)}."]
    if pos <= ini.turn:
        steps.append(f"That slot has already passed this round: {name} first acts in round {ini.round + 1}; it is "
                     f"still {new.current}'s turn.")
    return JoinCombatResult(**{**dict(r), "summary": f"{name} joins the fight at position {pos + 1}: "
                                                     + ", ".join(order), "steps": steps},
                            actor=name, total=total, position=pos + 1, initiative=new,
                            changes=[SetInitiative(initiative=new)])
