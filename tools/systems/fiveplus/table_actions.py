"""State-bound 5+ actions: attempts and attacks with a descriptor from the sheet (``five-plus.md#3.1) Success
Range``, ``#4.3) Actions``), with everything the table knows added to the range.

What the tools read, so a proposal only names the actor and a descriptor (or an approach group):

* the descriptor's level, damage (a resistance's counter), tier and the levels of the tier above;
* every modifier of the sheet (:func:`.sheet.modifiers_for`: wounds, conditions, traits, equipped items), the
  items a descriptor needs (:func:`.sheet.restriction`), its extra successes;
* the turn's value (:mod:`.turn`): the declared plan (``fiveplus_plan_turn``) or, without one, a single focused
  action, +1; in a fight, a character who has moved to another area since their turn began has made a full move
  (−2) whether or not they declared it;
* help waiting for this character (``fiveplus_help``), or the same-action help flag — one +1 at most;
* the challenge the check counts toward (its rank, its successes, its losing conditions, how its failures go on);
* for an attack, the defender: its rank (lower bound), how it takes successes (immunity, resistance, weakness),
  and where the successes go (an NPC's successes to defeat it, a character's resistance).

Then the dice decide, and the tool records what follows: the double's improvement on the descriptor, a
condition's resistance check when a 1 shows (the snakebite), the challenge's progress, a negative failure's
setback, the failed attempt that may not be repeated unchanged, and the check itself for raising the stakes.

Readings chosen (besides those of the modules named):

* The help bonus is consumed by the helped character's next action; help for everyone against an adversary lasts
  the round (out of combat: until used once by each).
* Reach: with both positions known, a combat (melee) attack needs the same zone, a ranged, magic or social attack
  reaches the next zone, nothing reaches further ("away" is outside the conflict). Unknown positions: no limit.
* An attack on a character that is not an NPC is damage: its successes, reduced by equipped protection of that
  resistance, go to the defender's resistance (social attacks to a willpower resistance, others to endurance).
* A failed attempt may not be repeated unchanged in the same scene (a new scene changes the conditions); saying
  what is different ("this time with a rope") lifts it. "Unchanged" is the same purpose words
  (:func:`.failure.purpose_words`: what is acted on and why), whatever the descriptor; an attempt without purpose
  words, or with other words toward the same open challenge, rolls.
* Out of combat each check on a challenge is one of its turns. An attack on an NPC of a challenge's opposition
  counts toward that challenge without being told.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, field_validator

from narrator.tools.binding import bind, run_pure
from narrator.tools.contract import ToolArgs, signed
from narrator.tools.dice import Die, Roller
from narrator.tools.frozen import Frozen
from narrator.tools.systems.fiveplus.challenges import Challenge, advance
from narrator.tools.systems.fiveplus.checks import CheckArgs, CheckRoll, FivePlusCheckResult, fiveplus_check
from narrator.tools.systems.fiveplus.conditions import ConditionResult, ConditionState, fiveplus_condition
from narrator.tools.systems.fiveplus.descriptors import Descriptor, key_of, make
from narrator.tools.systems.fiveplus.failure import MEANING, purpose_words
from narrator.tools.systems.fiveplus.rules import (
    ACTIONS, FAILURE, HELPING, ITEMS, NPCS, OBJECTIVES, RANGE, SUCCESSES, WOUNDS, Group,
)
from narrator.tools.systems.fiveplus.sheet import (
    FivePlusCharacter, extra_successes_for, modifiers_for, restriction, takes_mode,
)
from narrator.tools.systems.fiveplus.table_common import (
    INCAPACITATED, MODIFIER_FIELD_DOC, ConditionEdits, SheetEdits, SystemEdits, fail, find, pick, require_able,
    resistance_for, round_key, two, with_progress,
)
from narrator.tools.systems.fiveplus.turn import turn_value
from narrator.tools.systems.fiveplus.wounds import Outcome, ResistanceState, damage_explained
from narrator.tools.steps import Step, step
from narrator.tools.systems import get_system
from narrator.tools.table import BoundResult, SetConditions, TableState
from narrator.tools.tool import table_tool
from narrator.tools.turns import expiry_for
from narrator.tools.table_sheets import ON_TABLE

ACTOR = ON_TABLE
MODIFIER = Field(0, ge=-9, le=9, description=MODIFIER_FIELD_DOC)
AttackApproach = Literal["combat", "ranged", "magic", "social"]
FRUSTRATION_LEVEL = 3


def _names(v: list[str]) -> list[str]:
    if len(v) > 6 or any(not 0 < len(n.strip()) <= 60 for n in v):
        raise ValueError("at most 6 names of 1-60 characters")
    return [n.strip() for n in v]


class Triggered(Frozen):
    condition: str
    result: ConditionResult


class Prepared(Frozen):
    check: CheckArgs
    lines: list[Step]
    modifiers: list[str]
    help_used: list[str]


def turn_plan(state: TableState, name: str) -> dict[str, Any] | None:
    plan = (state.system_state.get("plans") or {}).get(name)
    if not isinstance(plan, dict):
        return None
    if plan.get("round") != round_key(state):
        return None
    if round_key(state) is None and plan.get("left", 0) <= 0:
        return None
    return plan


def moved_this_turn(state: TableState, name: str) -> bool:
    """In a fight, whether ``name`` is in another area than when their turn began (a full move: −2)."""
    if not state.initiative.active or state.initiative.current != name:
        return False
    origin = (state.system_state.get("turn_origin") or {}).get(name)
    return origin is not None and state.positions.get(name) not in (None, origin)


def prepare(state: TableState, name: str, c: FivePlusCharacter, d: Descriptor, *, modifier: int, traits: list[str],
            helped: bool, upper: bool, rank: int, sys: SystemEdits, target: str | None = None,
            successes_mode: str = "normal", field: str = "actor") -> Prepared:
    """Every number of the check, from the sheet and the table, with the lines saying where each comes from."""
    blocked = restriction(c, d)
    if blocked:
        fail("descriptor", f"{name} cannot use {d.name} without {' or '.join(blocked)} equipped (fiveplus_equip)",
             d.name)
    for t in traits:
        found = c.get(t)
        if found is None or found.kind != "trait":
            fail("traits", f"{name} has no trait '{t}'; traits: "
                           f"{', '.join(x.name for x in c.of_kind('trait')) or 'none'}", t)
    parts: list[tuple[int, str]] = list(modifiers_for(c, d, traits))
    rules = get_system(state.system).conditions()
    for cond in state.conditions.get(name, []):
        rule = rules.get(cond)
        if rule is not None and rule.modifier:
            parts.append((rule.modifier, f"{cond} ({rule.meaning})"))
    for cond in state.conditions.get(target, []) if target else []:
        rule = rules.get(cond)
        if rule is not None and rule.modifier < 0:  # a disadvantage imposed on the opponent
            parts.append((-rule.modifier, f"{target} is {cond}"))
    plan = turn_plan(state, name)
    actions, move = (int(plan.get("actions", 1)), bool(plan.get("move"))) if plan else (1, False)
    move = move or moved_this_turn(state, name)
    value = turn_value(actions, move)
    parts.append((value, ("focus on a single action" if actions == 1 else "no action this turn (at most the focus "
                          "bonus)" if actions == 0 else f"rush: {actions} actions this turn")
                  + (", full move −2" if move else "")))
    helps = sys.get("help", {})
    help_used: list[str] = []
    bonus_from = None
    if name in helps:
        bonus_from = f"help from {helps[name].get('from', 'an ally')}"
        help_used.append(name)
    elif target is not None and f"*{target}" in helps and helps[f"*{target}"].get("from") != name:
        bonus_from = f"{helps[f'*{target}'].get('from')} helps everyone against {target}"
    elif helped:
        bonus_from = "help on the same action"
    if bonus_from:
        parts.append((1, bonus_from))
    if modifier:
        parts.append((modifier, "situation"))
    total = max(-20, min(20, sum(v for v, _ in parts)))
    if upper:
        if not d.next_level:
            fail("upper_tier", f"{d.name} has no level in the tier above ({d.notation()})", d.name)
        level, tier = d.next_level, d.tier + 1
    else:
        level, tier = d.level or 0, d.tier
    extra = extra_successes_for(c, d, traits)
    modifiers = [f"{signed(v)} {why}" for v, why in parts]
    lines = [step("fiveplus.uses", name=name, descriptor=d.notation().split(' – ')[0], upper=upper, tier=tier,
                  level=level)]
    lines.append(step("fiveplus.modifiers", modifiers=modifiers, total=total))
    if extra:
        lines.append(step("fiveplus.extra_successes", extra=[[v, why] for v, why in extra]))
    check = CheckArgs(level=min(20, level), damage=min(40, d.counter or 0), modifier=total,
                      rank=max(-10, min(10, rank)), tier=tier, next_level=None if upper else d.next_level,
                      successes_mode=successes_mode, extra_successes=max(-6, min(6, sum(v for v, _ in extra))),
                      descriptor=d.name)
    return Prepared(check=check, lines=lines, modifiers=modifiers,
                    help_used=help_used)


def after_roll(state: TableState, name: str, d: Descriptor, r: FivePlusCheckResult | CheckRoll, prepared: Prepared,
               upper: bool, roller: Roller, edits: SheetEdits, sys: SystemEdits,
               conds: ConditionEdits) -> tuple[list[Step], list[Triggered], list[Die], list[str]]:
    """What follows a roll on the table: improvement, conditions a 1 worsens, help and plan used up."""
    lines: list[Step] = []
    refs: list[str] = []
    dice: list[Die] = []
    triggered: list[Triggered] = []
    if r.improvement is not None:
        now = edits.current(name, d.key) or d
        if upper and r.improvement.event == "upper_level_up":
            edits.put(name, now.model_copy(update={"next_level": r.improvement.after.next_level}))
        elif upper:
            edits.put(name, now.model_copy(update={"marked": True}))
        else:
            edits.put(name, with_progress(now, r.improvement.after))
        lines.append(step("fiveplus.is_now", name=d.name,
                          notation=(edits.current(name, d.key) or d).notation().split(' – ')[0]))
    if r.ones:
        c_now = edits.sheet(name)
        for cond in [x for x in c_now.of_kind("condition") if x.check_on_one]:
            res = c_now.get(cond.check_on_one or "")
            if res is None or not res.has_level:
                lines.append(step("fiveplus.no_such_resistance", condition=cond.name, check=cond.check_on_one,
                                  name=name))
                continue
            state_c = ConditionState(name=cond.name, level=max(0, min(12, cond.level or 0)),
                                     tier=max(0, min(10, cond.tier)), reset_level=cond.reset_level or 3,
                                     permanent_tier=cond.permanent_tier, becomes=cond.becomes)
            resist = CheckArgs(level=min(20, res.level or 0), damage=min(40, res.counter or 0),
                               modifier=max(-20, min(20, sum(v for v, _ in modifiers_for(c_now, res)))),
                               tier=res.tier, descriptor=res.name)
            cr = run_pure(fiveplus_condition, roller, condition=state_c, resistance=resist, one_rolled=True)
            triggered.append(Triggered(condition=cond.name, result=cr))
            dice += cr.dice
            lines += [step("fiveplus.condition_line", condition=cond.name, line=s) for s in cr.steps[1:]]
            refs += cr.rule_refs
            if cr.permanent:
                edits.drop(name, cond.key)
                if cond.becomes:
                    edits.put(name, make({"name": cond.becomes, "kind": "trait",
                                          "effect": f"permanently affected by {cond.name}"}))
            elif cr.after != state_c:
                edits.put(name, cond.model_copy(update={"level": cr.after.level, "tier": cr.after.tier}))
    helps = sys.get("help", {})
    for who in prepared.help_used:
        helps.pop(who, None)
    sys.set("help", helps)
    plans = sys.get("plans", {})
    plan = plans.get(name)
    if isinstance(plan, dict) and plan.get("round") is None and plan.get("left", 0) > 0:
        plan["left"] = plan["left"] - 1
        if plan["left"] <= 0:
            plans.pop(name)
    sys.set("plans", plans)
    return lines, triggered, dice, refs


def remember(sys: SystemEdits, name: str, entry: dict[str, Any]) -> None:
    last = sys.get("last", {})
    last[name] = entry
    sys.set("last", last)


def setback(state: TableState, name: str, challenge: Challenge, edits: SheetEdits,
            conds: ConditionEdits) -> list[Step]:
    """A negative failure: 1 damage to the challenge's setback resistance (created on the fly if missing)."""
    res = edits.current(name, challenge.setback_to)
    lines = []
    if res is None or res.kind != "resistance":
        res = make({"name": challenge.setback_to, "kind": "resistance", "level": FRUSTRATION_LEVEL, "tier": 0,
                    "counter": 0, "group": "willpower",
                    "effect": "frustration: the agitation and loss of focus of failing"})
        lines.append(step("fiveplus.gains_resistance", name=name, notation=res.notation()))
    lines += harm(name, res, 1, edits, conds, wound=None)
    return lines


def harm(name: str, res: Descriptor, amount: int, edits: SheetEdits, conds: ConditionEdits, *,
         wound: str | None, reduction: int = 0, immune: bool = False) -> list[Step]:
    """Damage on a resistance of ``name``'s sheet, with the wound rules, recorded on the sheet."""
    wd = wound_on(edits, name, res)
    state_r = ResistanceState(name=res.name, counter=min(60, res.counter or 0), level=min(20, res.level or 0),
                              tier=min(10, res.tier), wound_level=min(20, wd.level or 0) if wd else 0)
    out, steps = damage_explained(state_r, min(60, amount), min(20, reduction), immune,
                                  wound or (wd.name if wd else None))
    record(name, res, out, edits, conds, wound)
    return steps


def wound_on(edits: SheetEdits, name: str, res: Descriptor) -> Descriptor | None:
    return next((w for w in edits.descriptors_of(name).values()
                 if w.kind == "wound" and key_of(w.of or "") == res.key), None)


def record(name: str, res: Descriptor, out: Outcome, edits: SheetEdits, conds: ConditionEdits,
           wound: str | None) -> None:
    """Write a damage outcome: the resistance's counter, its wound (made or raised, major when incapacitating) and
    the incapacitated condition."""
    now = edits.current(name, res.key) or res
    edits.put(name, now.model_copy(update={"counter": out.counter_after}))
    wd = wound_on(edits, name, res)
    if out.wound_level_after and (wd is None or out.wound_level_after != wd.level or out.major != wd.major):
        base = wd
        if base is None:
            label = wound or f"{res.name} wound"
            if edits.current(name, label) is not None:
                label = f"{res.name} wound"
            base = make({"name": label, "kind": "wound", "of": res.name, "level": 1, "penalty_from": "level",
                         "effect": "a constant penalty equal to its level to all actions"})
        edits.put(name, base.model_copy(update={"level": out.wound_level_after, "major": out.major,
                                                "of": res.name}))
    if out.major:
        conds.add(name, INCAPACITATED)


# --- attempts -----------------------------------------------------------------------------------------------------


class AttemptArgs(ToolArgs):
    actor: str = ACTOR
    descriptor: str | None = Field(None, min_length=1, max_length=60, description="A skill or resistance on the "
                                   "actor's sheet, e.g. 'Sneak'.")
    approach: Group | None = Field(None, description="Or an approach group: the actor's best descriptor of it "
                                   "(stealth, social, physical, knowledge, perception, survival, profession, magic, "
                                   "combat, ranged, medicine, defense, endurance, willpower, fatigue).")
    modifier: int = MODIFIER
    rank: int | None = Field(None, ge=-5, le=10, description="Challenge rank; default: the challenge's, else 0.")
    traits: list[str] = Field(default_factory=list, description="Situational traits of the actor that apply "
                              "(e.g. 'Strong').")
    helped: bool = Field(False, description="Another character supports this very action: +1 help.")
    upper_tier: bool = Field(False, description="Use the technique of the tier above (its level).")
    challenge: str | None = Field(None, min_length=1, max_length=80, description="The open challenge its successes "
                                  "count toward.")
    purpose: str | None = Field(None, min_length=1, max_length=120, description="What for (a failed attempt may not "
                                "be repeated for the same purpose unchanged).")
    changed: bool = Field(False, description="The conditions changed since a failure (a better place, a tool).")

    _traits = field_validator("traits")(_names)


class ActionResult(FivePlusCheckResult, BoundResult):
    actor: str
    descriptor: str
    modifiers: list[str] = Field(description="Every modifier added, with where it comes from.")
    challenge: Challenge | None = None
    failure: str | None = Field(None, description="How the failure goes on, if it failed.")
    triggered: list[Triggered] = Field(default_factory=list, description="Conditions a rolled 1 tested.")


def failed_key(state: TableState, name: str, purpose: str | None) -> list[str] | None:
    """What may not be repeated unchanged: this character, these purpose words, in this scene — a new scene is a
    change of conditions. The book: "players should not repeat the same the exact action for the same exact
    purpose, unless there was a relevant change in the conditions" (``five-plus.md#Failure handling``). What is
    compared is what the words act on and why (:func:`.failure.purpose_words`), not the descriptor or the
    challenge: after a failed study of a carving, asking an NPC, climbing or forcing a door are other actions even
    with the same descriptor toward the same challenge, and "I study the carving again" is the same action whichever
    skill it is read as. None (nothing remembered, nothing refused) when there are no purpose words: when in doubt,
    the roll happens."""
    words = purpose_words(purpose)
    return [name, words, state.scene] if words else None


def open_challenge(state: TableState, sys: SystemEdits, name: str | None) -> Challenge | None:
    if name is None:
        return None
    found = sys.get("challenges", {})
    key = next((k for k in found if k.casefold() == name.strip().casefold()), None)
    if key is None:
        fail("challenge", f"no challenge named '{name}'; challenges: {', '.join(found) or 'none'} "
                          "(fiveplus_start_challenge)", name)
    c = Challenge.model_validate(found[key])
    if c.status != "open":
        fail("challenge", f"the challenge {c.name} is already {c.status}", name)
    return c


def opposing(sys: SystemEdits, npc: str) -> str | None:
    """The open challenge whose opposition includes ``npc`` (an attack on it counts there)."""
    for name, raw in sys.get("challenges", {}).items():
        if isinstance(raw, dict) and raw.get("status", "open") == "open" and npc in (raw.get("opposition") or []):
            return name
    return None


def count_toward(state: TableState, sys: SystemEdits, ch: Challenge, success: bool, successes: int,
                 opposition_defeated: bool = False) -> tuple[Challenge, list[Step]]:
    now, lines = advance(ch, success, successes, new_turn=not state.initiative.active,
                         opposition_defeated=opposition_defeated)
    found = sys.get("challenges", {})
    found[ch.name] = now.model_dump(mode="json")
    sys.set("challenges", found)
    return now, lines


@table_tool("fiveplus", acts="actor")
def fiveplus_attempt(args: AttemptArgs, roller: Roller, state: TableState) -> ActionResult:
    """A character attempts something uncertain with a descriptor from their sheet (or their best of an approach group):
    the success range adds wounds, conditions, traits, items, help and the turn's focus or rush; doubles improve it;
    successes count toward a challenge."""
    name, c = find(state, args.actor, "actor")
    require_able(state, name, c, "actor")
    before: list[Step] = []
    d = pick(c, args.descriptor, args.approach, "descriptor", name, before)
    sys, edits, conds = SystemEdits(state), SheetEdits(state), ConditionEdits(state)
    ch = open_challenge(state, sys, args.challenge)
    key = failed_key(state, name, args.purpose)
    failed = sys.get("failed", [])
    if key is not None and key in failed:
        if not args.changed:
            fail("purpose", f"{name} already failed at this here (\"{args.purpose}\"): the same action for the same "
                 "purpose is not simply repeated — try another way, or say what is different this time "
                 "(changed=true)", args.purpose)
        failed = [f for f in failed if f != key]
        before.append(step("fiveplus.conditions_changed"))
    rank = args.rank if args.rank is not None else ch.rank if ch else 0
    prepared = prepare(state, name, c, d, modifier=args.modifier, traits=args.traits, helped=args.helped,
                       upper=args.upper_tier, rank=rank, sys=sys)
    r = run_pure(fiveplus_check, roller, **prepared.check.model_dump())
    after, triggered, more_dice, more_refs = after_roll(state, name, d, r, prepared, args.upper_tier, roller, edits,
                                                        sys, conds)
    refs = [RANGE, ACTIONS] + ([HELPING] if any("help" in m for m in prepared.modifiers) else []) + more_refs
    failure = None
    reduced = 0
    if ch is not None:
        if not r.success and ch.failure == "reduced" and r.total is not None:
            reduced = max(0, min(x.face for x in r.dice) - r.distance)
        ch, lines = count_toward(state, sys, ch, r.success, r.successes if r.success else reduced)
        after += lines
        refs.append(OBJECTIVES)
        if not r.success:
            failure = MEANING[ch.failure if ch.failure else "interrupted"]
            after.append(step("fiveplus.failure_handling", how=ch.failure))
            if ch.failure == "negative":
                after += setback(state, name, ch, edits, conds)
                refs.append(WOUNDS)
            refs.append(FAILURE)
    if not r.success:
        after.append(step("fiveplus.no_retry"))
        if key is not None and key not in failed:
            failed = [*failed, key][-50:]
        refs.append(FAILURE)
    sys.set("failed", failed)
    remember(sys, name, {"tool": "fiveplus_attempt", "check": prepared.check.model_dump(mode="json"),
                         "first": [x.face for x in r.dice], "challenge": ch.name if ch else None,
                         "successes": r.successes if r.success else 0, "success": r.success,
                         "counted": r.successes if r.success else reduced, "failed_key": key,
                         "round": round_key(state), "raised": False, "upper": args.upper_tier,
                         "descriptor": d.key})
    changes = [*edits.ops(), *conds.ops(), *sys.ops()]
    summary = step("fiveplus.attempt", name=name, descriptor=d.name, check=r.summary,
                   challenge=ch.name if ch else None, progress=ch.progress_step() if ch else None,
                   status=ch.status if ch else None)
    return bind(ActionResult, r, changes, summary=summary,
                before=before + prepared.lines,
                after=after, refs=refs, actor=name, descriptor=d.name, modifiers=prepared.modifiers, challenge=ch,
                failure=failure, triggered=triggered, dice=[*r.dice, *more_dice])


# --- attacks ------------------------------------------------------------------------------------------------------


class AttackArgs(ToolArgs):
    attacker: str = ACTOR
    defender: str = ACTOR
    descriptor: str | None = Field(None, min_length=1, max_length=60, description="The attacker's skill, e.g. "
                                   "'Sword'; default: their best of the approach.")
    approach: AttackApproach = Field("combat", description="combat (melee), ranged, magic or social (insults, "
                                     "threats, accusations: damage to the mind).")
    damage_type: str | None = Field(None, min_length=1, max_length=40, description="What harms, for immunities and "
                                    "weaknesses (fire, poison, silver...).")
    modifier: int = MODIFIER
    traits: list[str] = Field(default_factory=list, description="Situational traits of the attacker that apply.")
    helped: bool = Field(False, description="Another character supports this very attack: +1 help.")
    upper_tier: bool = Field(False, description="Use the technique of the tier above.")
    challenge: str | None = Field(None, min_length=1, max_length=80, description="The open challenge it counts "
                                  "toward.")

    _traits = field_validator("traits")(_names)


class AttackResult(ActionResult):
    attacker: str
    defender: str
    successes_mode: str
    defeated: bool = Field(description="The defender is defeated or incapacitated now.")
    defender_progress: str


def reach(state: TableState, att: str, dfn: str, approach: str, steps: list[Step]) -> None:
    here, there = state.positions.get(att), state.positions.get(dfn)
    if here not in state.zones or there not in state.zones:
        return
    path = state.zone_path(here, there)
    distance = None if path is None else len(path) - 1
    if distance == 0:
        steps.append(step("fiveplus.both_in", zone=here))
        return
    if distance == 1 and approach != "combat":
        steps.append(step("fiveplus.one_area_away", name=dfn, zone=there, approach=approach))
        return
    if distance == 1:
        fail("approach", f"{dfn} is in {there}, not in {att}'s area {here}: melee only reaches the same area; move "
                         "first (table_move, a full move is −2 to all actions) or attack at range", approach)
    fail("defender", f"{dfn} is out of reach in {there} (away: outside the conflict)", dfn)


@table_tool("fiveplus", acts="attacker")
def fiveplus_attack(args: AttackArgs, roller: Roller, state: TableState) -> AttackResult:
    """A character attacks another (physically, magically or socially) with a descriptor from their sheet: the
    defender's rank sets the lower bound; successes (lowest die, or as the defender takes them) defeat an NPC or
    damage a character's resistance."""
    att, a, dfn, t = two(state, args.attacker, "attacker", args.defender, "defender", "attack")
    require_able(state, att, a, "attacker", "attack")
    if (t.npc and t.defeated) or INCAPACITATED in state.conditions.get(dfn, []) or t.incapacitated:
        fail("defender", f"{dfn} is already out of the fight", dfn)
    before: list[Step] = []
    reach(state, att, dfn, args.approach, before)
    d = pick(a, args.descriptor, args.approach, "descriptor", att, before)
    sys, edits, conds = SystemEdits(state), SheetEdits(state), ConditionEdits(state)
    ch = open_challenge(state, sys, args.challenge or opposing(sys, dfn))
    mode, why = takes_mode(t, [d.name, d.group or "", args.approach, args.damage_type or ""])
    if mode != "normal":
        before.append(step("fiveplus.takes_with", name=dfn, mode=mode, why=why))
    rank = t.rank if t.npc else (ch.rank if ch else 0)
    if t.npc:
        before.append(step("fiveplus.npc_rank", name=dfn, rank=t.rank))
    prepared = prepare(state, att, a, d, modifier=args.modifier, traits=args.traits, helped=args.helped,
                       upper=args.upper_tier, rank=rank, sys=sys, target=dfn, successes_mode=mode, field="attacker")
    r = run_pure(fiveplus_check, roller, **prepared.check.model_dump())
    after, triggered, more_dice, more_refs = after_roll(state, att, d, r, prepared, args.upper_tier, roller, edits,
                                                        sys, conds)
    refs = [RANGE, SUCCESSES, ACTIONS] + ([NPCS] if t.npc else []) + more_refs
    defeated, progress, dealt = False, "", 0
    if r.success and r.successes:
        dealt = r.successes
        if t.npc and t.successes_to_defeat is not None:
            taken = min(400, t.successes_taken + dealt)
            edits.set_field(dfn, "successes_taken", taken)
            defeated = taken >= t.successes_to_defeat
            progress = f"{taken}/{t.successes_to_defeat} successes"
            after.append(step("fiveplus.npc_takes", name=dfn, dealt=dealt, taken=taken, of=t.successes_to_defeat,
                              defeated=defeated))
            if defeated:
                conds.add(dfn, INCAPACITATED)
        else:
            group = "willpower" if args.approach == "social" else "endurance"
            res = resistance_for(t, None, group, "defender")
            armour = [x for x in t.of_kind("equipment")
                      if x.equipped and x.protects and key_of(x.protects) == res.key]
            reduction = sum(x.reduction for x in armour)
            after.append(step("fiveplus.as_damage", dealt=dealt, name=dfn, resistance=res.name, reduction=reduction,
                              armour=[x.name for x in armour]))
            after += harm(dfn, res, dealt, edits, conds, wound=args.damage_type, reduction=reduction)
            now = edits.current(dfn, res.key)
            defeated = conds.has(dfn, INCAPACITATED)
            progress = f"{res.name} {now.counter if now else '?'}/{res.level}"
            refs += [WOUNDS] + ([ITEMS] if reduction else [])
    elif t.npc and t.successes_to_defeat is not None:
        progress = f"{t.successes_taken}/{t.successes_to_defeat} successes"
    failure = None
    if ch is not None:
        opposition = {n.casefold() for n in ch.opposition}
        beaten = False
        if opposition:
            beaten = all(_out(state, n, edits, conds, dfn if defeated else None) for n in ch.opposition)
        ch, lines = count_toward(state, sys, ch, r.success, r.successes, opposition_defeated=beaten)
        after += lines
        refs.append(OBJECTIVES)
        if not r.success:
            failure = MEANING[ch.failure]
    remember(sys, att, {"tool": "fiveplus_attack", "check": prepared.check.model_dump(mode="json"),
                        "first": [x.face for x in r.dice], "challenge": ch.name if ch else None,
                        "successes": r.successes if r.success else 0, "success": r.success, "round": round_key(state),
                        "raised": False, "upper": args.upper_tier, "descriptor": d.key, "target": dfn,
                        "dealt": dealt if t.npc and t.successes_to_defeat is not None else 0})
    changes = [*edits.ops(), *conds.ops(), *sys.ops()]
    return bind(AttackResult, r, changes, summary=step("fiveplus.attack", attacker=att, defender=dfn, descriptor=d.name,
                                                       check=r.summary, defeated=defeated,
                                                       challenge=ch.name if ch and ch.status != "open" else None,
                                                       status=ch.status if ch else None),
                before=before + prepared.lines, after=after,
                refs=refs, actor=att, descriptor=d.name, modifiers=prepared.modifiers, challenge=ch, failure=failure,
                triggered=triggered, dice=[*r.dice, *more_dice], attacker=att, defender=dfn, successes_mode=mode,
                defeated=defeated, defender_progress=progress)


def _out(state: TableState, name: str, edits: SheetEdits, conds: ConditionEdits, just: str | None) -> bool:
    """Whether an opposing NPC is out of the fight after this action."""
    known = next((n for n in state.characters if n.casefold() == name.casefold()), None)
    if known is None:
        return True  # gone from the table
    if known == just or conds.has(known, INCAPACITATED):
        return True
    sheet = FivePlusCharacter.model_validate(state.characters[known])
    taken = edits.fields.get(known, {}).get("successes_taken", sheet.successes_taken)
    return sheet.successes_to_defeat is not None and taken >= sheet.successes_to_defeat


# --- manoeuvres ---------------------------------------------------------------------------------------------------

Manoeuvre = Literal["prone", "disarmed", "restrained", "stunned", "confused", "aiming", "hidden"]
SELF = ("aiming", "hidden")
MANOEUVRE_APPROACH = {"prone": "physical", "disarmed": "combat", "restrained": "physical", "stunned": "combat",
                      "confused": "stealth", "aiming": "ranged", "hidden": "stealth"}


class ManoeuvreArgs(ToolArgs):
    actor: str = ACTOR
    condition: Manoeuvre = Field(description="What it achieves: on the opponent prone (trip, shove), disarmed, "
                                 "restrained (grab, pin, net), stunned, confused (sand in the eyes, a feint); on "
                                 "oneself aiming or hidden (taking cover): +1 next turn.")
    against: str | None = Field(None, min_length=1, max_length=60, description="The opponent (default: the only "
                                "NPC still in the fight).")
    descriptor: str | None = Field(None, min_length=1, max_length=60, description="The actor's descriptor (default: "
                                   "their best of the approach the manoeuvre needs).")
    modifier: int = MODIFIER


class ManoeuvreResult(ActionResult):
    condition: str
    on: str = Field(description="Who now has the condition (when it worked).")
    applied: bool


@table_tool("fiveplus", acts="actor")
def fiveplus_maneuver(args: ManoeuvreArgs, roller: Roller, state: TableState) -> ManoeuvreResult:
    """A manoeuvre: outmanoeuvre, distract or discredit — trip, disarm, restrain, stun or confuse an opponent (a penalty
    to it, +1 against it), or aim or take cover (+1 next turn); a check against the opponent's rank."""
    name, c = find(state, args.actor, "actor")
    require_able(state, name, c, "actor", "manoeuvre")
    before: list[Step] = []
    target = name
    rank = 0
    if args.condition not in SELF:
        if args.against is not None:
            target, t = find(state, args.against, "against")
        else:
            foes = [n for n, s in state.characters.items() if s.get("npc") and n != name
                    and INCAPACITATED not in state.conditions.get(n, [])]
            if len(foes) != 1:
                fail("against", f"name the opponent to make {args.condition}; on the table: "
                                f"{', '.join(sorted(state.characters))}")
            target, t = find(state, foes[0], "against")
        if target == name:
            fail("against", f"{name} cannot do that to themselves", args.against)
        rank = t.rank if t.npc else 0
        reach(state, name, target, "combat" if args.condition in ("prone", "disarmed", "restrained", "stunned")
              else "ranged", before)
    d = pick(c, args.descriptor, MANOEUVRE_APPROACH[args.condition], "descriptor", name, before)
    sys, edits, conds = SystemEdits(state), SheetEdits(state), ConditionEdits(state)
    prepared = prepare(state, name, c, d, modifier=args.modifier, traits=[], helped=False, upper=False, rank=rank,
                       sys=sys, target=None if target == name else target)
    r = run_pure(fiveplus_check, roller, **prepared.check.model_dump())
    after, triggered, more_dice, more_refs = after_roll(state, name, d, r, prepared, False, roller, edits, sys, conds)
    applied = r.success and not conds.has(target, args.condition)
    last = sys.get("last", {})
    last.pop(name, None)  # raising the stakes re-rolls attempts and attacks, not this
    sys.set("last", last)
    changes: list[Any] = [*edits.ops(), *sys.ops()]
    if applied:
        now = [*state.conditions.get(target, []), args.condition]
        timers = dict(state.expiry.get(target, {}))
        timer = expiry_for(state, target, args.condition)
        if timer is not None:
            timers[args.condition] = timer
        changes.append(SetConditions(name=target, conditions=now, expiry=timers))
        after.append(step("fiveplus.now_has", name=target, condition=args.condition))
    elif r.success:
        after.append(step("fiveplus.already_has", name=target, condition=args.condition))
    else:
        after.append(step("fiveplus.manoeuvre_fails"))
    changes += [op for op in conds.ops() if op.name != target or not applied]
    return bind(ManoeuvreResult, r, changes, summary=step("fiveplus.manoeuvre", name=name,
                                                          target=None if target == name else target,
                                                          condition=args.condition, descriptor=d.name, check=r.summary),
                before=before + prepared.lines, after=after,
                refs=[ACTIONS, *more_refs], actor=name, descriptor=d.name, modifiers=prepared.modifiers,
                triggered=triggered, dice=[*r.dice, *more_dice], condition=args.condition, on=target,
                applied=applied)
