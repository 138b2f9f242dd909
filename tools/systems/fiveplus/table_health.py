"""State-bound 5+ harm and healing: NPC actions, damage the narrator rules, recovery actions, treating conditions
and wounds, rest and practice (``five-plus.md#NPCs``, ``#Wounds``, ``#3.2) Recovery``, ``#Conditions``,
``#3.3) Improvement``).

Readings chosen (besides those of :mod:`.npcs`, :mod:`.wounds`, :mod:`.conditions`, :mod:`.recovery`):

* ``fiveplus_npc_act`` is the NPC's action on its turn. The character's response is chosen by the caller or, by
  default, ``defend`` with their best defence descriptor when they have one, else ``resist`` with the resistance
  hit. A successful resistance check absorbs its successes; worn protection of that resistance (equipped items
  whose ``protects`` names it) reduces the rest; an item immune to the damage type prevents it and spends one of
  its uses. The response takes none of the character's actions on the table, but gets their turn's value.
* ``fiveplus_damage`` is damage the narrator rules (a trap, a fall, a dragon's breath): no response roll, so only
  immunity protects; the wound rules apply.
* A recovery action heals a resistance (default: the most damaged one); by check, the healer may be another
  character (their medicine descriptor, else Improvise). Recovery actions per rest: the campaign option
  ``recoveries_per_rest`` (default 2), counted per character healed.
* Treating a condition with a level and tier uses :mod:`.conditions`; a wound eases a level per successful
  treatment — a minor wound by anyone, a major wound only with a medicine descriptor, supplies and a long rest;
  the first successful treatment of a major wound ends the incapacitation (it stays a wound trait until healed).
* A rest resets the recovery actions and practices; ``long`` marks a long rest (what major wounds need). Practices
  per rest: the campaign option ``practices_per_rest`` (default 1).
"""

from __future__ import annotations

from pydantic import Field

from narrator.tools.binding import bind, run_pure
from narrator.tools.contract import CheckResult, ToolArgs
from narrator.tools.dice import Roller
from narrator.tools.systems.fiveplus.checks import CheckArgs
from narrator.tools.systems.fiveplus.conditions import ConditionResult, ConditionState, fiveplus_condition
from narrator.tools.systems.fiveplus.descriptors import Descriptor, key_of, make
from narrator.tools.systems.fiveplus.npcs import NpcActionResult, Response, fiveplus_npc_action
from narrator.tools.systems.fiveplus.recovery import (
    DEFAULT_RECOVERIES, PracticeResult, RecoveryMode, RecoveryResult, fiveplus_practice_roll, fiveplus_recovery,
)
from narrator.tools.systems.fiveplus.rules import CONDITIONS, IMPROVEMENT, ITEMS, NPCS, RECOVERY, WOUNDS
from narrator.tools.systems.fiveplus.sheet import FivePlusCharacter, modifiers_for
from narrator.tools.systems.fiveplus.table_actions import harm, prepare, record
from narrator.tools.systems.fiveplus.table_common import (
    INCAPACITATED, ConditionEdits, SheetEdits, SystemEdits, best_of, descriptor_named, fail, find, pick,
    require_able, resistance_for, with_progress,
)
from narrator.tools.systems.fiveplus.wounds import ResistanceState
from narrator.tools.steps import Step, step
from narrator.tools.table import BoundResult, TableState
from narrator.tools.tool import table_tool
from narrator.tools.table_sheets import ON_TABLE

NAME = ON_TABLE


def wound_of(c: FivePlusCharacter, res: Descriptor) -> Descriptor | None:
    return next((w for w in c.of_kind("wound") if key_of(w.of or "") == res.key), None)


def protection(c: FivePlusCharacter, res: Descriptor, damage_type: str | None) -> tuple[int, Descriptor | None,
                                                                                          list[Descriptor]]:
    """(reduction, the item immune to this damage, the items reducing it) among equipped items."""
    worn = [x for x in c.of_kind("equipment") if x.equipped]
    reducing = [x for x in worn if x.protects and key_of(x.protects) == res.key and x.reduction]
    immune = None
    if damage_type:
        immune = next((x for x in worn if key_of(damage_type) in {key_of(t) for t in x.immune_to}
                       and (x.uses is None or x.uses > 0)), None)
    return sum(x.reduction for x in reducing), immune, reducing


# --- an NPC's action -----------------------------------------------------------------------------------------------


class NpcActArgs(ToolArgs):
    npc: str = NAME
    target: str = NAME
    action: str | None = Field(None, min_length=1, max_length=80, description="Which of its actions (bite, "
                               "smash...); default its first.")
    response: Response | None = Field(None, description="defend, resist or none; default: defend with a defence "
                                      "descriptor when the target has one, else resist.")
    descriptor: str | None = Field(None, min_length=1, max_length=60, description="The target's descriptor for the "
                                   "response (default: best defence, or the resistance hit).")
    resistance: str | None = Field(None, min_length=1, max_length=60, description="The resistance it harms "
                                   "(default Physical; Mental for social or mental actions).")
    damage_type: str | None = Field(None, min_length=1, max_length=40, description="fire, poison... (immunities).")
    mental: bool = Field(False, description="A mental or social action (insult, fear, spell): it harms the "
                         "willpower resistance.")


class NpcActResult(NpcActionResult, BoundResult):
    npc: str
    target: str
    action: str
    incapacitated: bool


@table_tool("fiveplus", acts="npc")
def fiveplus_npc_act(args: NpcActArgs, roller: Roller, state: TableState) -> NpcActResult:
    """An NPC acts against a character on its turn (NPCs never roll): the character defends or resists with a check from
    their sheet; a failure takes the NPC's damage 1 + rank on a resistance, with wounds."""
    npc, n = find(state, args.npc, "npc")
    target, t = find(state, args.target, "target")
    if npc == target:
        fail("target", f"{npc} cannot act against itself", args.target)
    if not n.npc:
        fail("npc", f"{npc} is a player-character: they roll their own actions (fiveplus_attack)", npc)
    require_able(state, npc, n, "npc")
    if t.incapacitated or INCAPACITATED in state.conditions.get(target, []):
        fail("target", f"{target} is already out of the fight", target)
    action = args.action or (n.actions[0] if n.actions else "strike")
    steps = [step("fiveplus.npc_acts", npc=npc, concept=n.concept, action=action, target=target)]
    res = resistance_for(t, args.resistance, "willpower" if args.mental else "endurance", "resistance")
    response = args.response
    if response is None:
        response = "defend" if best_of(t, "defense") is not None and not args.mental else "resist"
    sys, edits, conds = SystemEdits(state), SheetEdits(state), ConditionEdits(state)
    check = None
    d = None
    if response != "none":
        if response == "resist":
            d = descriptor_named(t, args.descriptor, "descriptor", ("resistance",)) if args.descriptor else res
        else:
            d = pick(t, args.descriptor, "defense", "descriptor", target, steps)
        prepared = prepare(state, target, t, d, modifier=0, traits=[], helped=False, upper=False, rank=n.rank,
                           sys=sys, field="target")
        steps += prepared.lines
        check = prepared.check
    reduction, immune_item, reducing = protection(t, res, args.damage_type)
    wd = wound_of(t, res)
    r = run_pure(fiveplus_npc_action, roller, rank=n.rank, damage_bonus=n.damage_bonus, response=response,
                 check=check, resistance=ResistanceState(name=res.name, counter=min(60, res.counter or 0),
                                                         level=min(20, res.level or 0), tier=min(10, res.tier),
                                                         wound_level=min(20, wd.level or 0) if wd else 0),
                 reduction=min(20, reduction), immune=immune_item is not None, ability=n.ability)
    after: list[Step] = []
    record(target, res, r.harm, edits, conds, args.damage_type)
    if immune_item is not None and response == "resist" and r.response_check and r.response_check.success \
            and immune_item.uses is not None:
        edits.put(target, immune_item.model_copy(update={"uses": immune_item.uses - 1}))
        after.append(step("fiveplus.spends_a_use", item=immune_item.name, left=immune_item.uses - 1))
    if r.response_check is not None and r.response_check.improvement is not None and d is not None:
        now = edits.current(target, d.key) or d
        edits.put(target, with_progress(now, r.response_check.improvement.after))
        after.append(step("fiveplus.is_now", name=d.name,
                          notation=(edits.current(target, d.key) or d).notation().split(' – ')[0]))
    if reducing and response == "resist" and r.response_check and r.response_check.success:
        after.append(step("fiveplus.protected_by", items=[x.name for x in reducing]))
    incap = conds.has(target, INCAPACITATED)
    refs = [NPCS, WOUNDS] + ([ITEMS] if reducing or immune_item else [])
    return bind(NpcActResult, r, [*edits.ops(), *conds.ops(), *sys.ops()],
                summary=step("fiveplus.npc_acted", npc=npc, action=action, target=target, acted=r.summary),
                before=steps, after=after, refs=refs, npc=npc,
                target=target, action=action, incapacitated=incap)


# --- damage the narrator rules ------------------------------------------------------------------------------------


class DamageArgs(ToolArgs):
    target: str = NAME
    amount: int = Field(ge=1, le=60, description="Damage dealt.")
    reason: str = Field(min_length=1, max_length=200, description="What harms: a trap, a fall, poison, dragon fire.")
    resistance: str | None = Field(None, min_length=1, max_length=60, description="The resistance it goes to "
                                   "(default Physical; Mental with mental=true).")
    mental: bool = Field(False, description="Mental harm: fear, stress, a curse.")
    damage_type: str | None = Field(None, min_length=1, max_length=40, description="fire, poison... (immunity, and "
                                    "the wound's name).")


class DamageResult(BoundResult):
    target: str
    resistance: str
    taken: int
    counter_after: int
    wound_level: int
    incapacitated: bool


@table_tool("fiveplus")
def fiveplus_damage(args: DamageArgs, roller: Roller, state: TableState) -> DamageResult:
    """Damage the narrator rules (trap, fall, poison, dragon fire) on a character's resistance: the counter accumulates;
    above the level a wound; a wound above the tier incapacitates."""
    name, c = find(state, args.target, "target")
    res = resistance_for(c, args.resistance, "willpower" if args.mental else "endurance", "resistance")
    _, immune_item, _ = protection(c, res, args.damage_type)
    edits, conds = SheetEdits(state), ConditionEdits(state)
    steps = [step("fiveplus.damage_to", reason=args.reason, amount=args.amount, name=name, resistance=res.name)]
    steps += harm(name, res, args.amount, edits, conds, wound=args.damage_type, immune=immune_item is not None)
    if immune_item is not None and immune_item.uses is not None:
        edits.put(name, immune_item.model_copy(update={"uses": immune_item.uses - 1}))
        steps.append(step("fiveplus.harmless", item=immune_item.name))
    now = edits.sheet(name)
    r_now = now.get(res.name)
    w = wound_of(now, res)
    incap = conds.has(name, INCAPACITATED)
    return DamageResult(summary=step("fiveplus.damaged", name=name, resistance=res.name,
                                     counter=r_now.counter if r_now else None, level=res.level,
                                     wound=w.level if w else None, incapacitated=incap),
                        steps=steps, rule_refs=[WOUNDS] + ([ITEMS] if immune_item else []), target=name,
                        resistance=res.name, taken=0 if immune_item else args.amount,
                        counter_after=(r_now.counter or 0) if r_now else 0, wound_level=w.level or 0 if w else 0,
                        incapacitated=incap, changes=[*edits.ops(), *conds.ops()])


# --- recovery -----------------------------------------------------------------------------------------------------


def rest_state(sys: SystemEdits) -> dict:
    rest = sys.get("rest", {})
    rest.setdefault("n", 0)
    rest.setdefault("recoveries", {})
    rest.setdefault("practices", {})
    rest.setdefault("long", False)
    return rest


class RecoverArgs(ToolArgs):
    actor: str = Field(min_length=1, max_length=60, description="Who recovers.")
    mode: RecoveryMode = Field("automatic", description="automatic (resting quietly), item (consume something) or "
                               "check (a healer's skill check).")
    resistance: str | None = Field(None, min_length=1, max_length=60, description="Which resistance heals (default: "
                                   "the most damaged).")
    amount: int = Field(1, ge=1, le=20, description="Damage removed by automatic or item recovery.")
    item: str | None = Field(None, min_length=1, max_length=60, description="The item consumed (mode item): one of "
                             "its uses, or the item itself.")
    healer: str | None = Field(None, min_length=1, max_length=60, description="Who makes the check (default: the "
                               "actor).")
    descriptor: str | None = Field(None, min_length=1, max_length=60, description="The healer's descriptor (default: "
                                   "their best medicine, else Improvise).")
    supplies: bool = Field(False, description="Appropriate items and conditions: the check heals its highest die.")


class RecoverResult(RecoveryResult, BoundResult):
    actor: str
    resistance: str
    healer: str | None


@table_tool("fiveplus")
def fiveplus_recover(args: RecoverArgs, roller: Roller, state: TableState) -> RecoverResult:
    """A recovery action heals a character's resistance damage: automatically by rest, by consuming an item, or by a
    healer's check; only so many recovery actions per rest."""
    name, c = find(state, args.actor, "actor")
    if args.resistance is not None:
        res = descriptor_named(c, args.resistance, "resistance", ("resistance",))
    else:
        hurt = [d for d in c.of_kind("resistance") if d.counter]
        if not hurt:
            fail("actor", f"{name} has no damage on any resistance: nothing to recover", name)
        res = sorted(hurt, key=lambda d: (-(d.counter or 0), d.key))[0]
    if not res.counter:
        fail("resistance", f"{name}'s {res.name} has no damage to recover", res.name)
    sys, edits = SystemEdits(state), SheetEdits(state)
    rest = rest_state(sys)
    used = int(rest["recoveries"].get(name, 0))
    limit = int(state.options.get("recoveries_per_rest", DEFAULT_RECOVERIES))
    before: list[Step] = []
    check = None
    healer = None
    if args.mode == "item":
        if args.item is None:
            fail("item", "name the item consumed (mode item)")
        item = c.get(args.item)
        if item is None:
            fail("item", f"{name} has no '{args.item}'; descriptors: "
                         f"{', '.join(d.name for d in c.descriptors.values())}", args.item)
        if item.uses is not None and item.uses <= 1 or item.uses is None:
            edits.drop(name, item.key)
            before.append(step("fiveplus.consumed", item=item.name))
        else:
            edits.put(name, item.model_copy(update={"uses": item.uses - 1}))
            before.append(step("fiveplus.use_consumed", item=item.name, left=item.uses - 1))
    if args.mode == "check":
        healer, h = find(state, args.healer or name, "healer")
        require_able(state, healer, h, "healer", "heal")
        d = pick(h, args.descriptor, "medicine", "descriptor", healer, before)
        prepared = prepare(state, healer, h, d, modifier=0, traits=[], helped=False, upper=False, rank=0, sys=sys,
                           field="healer")
        before += prepared.lines
        check = prepared.check
    elif args.healer is not None or args.descriptor is not None:
        fail("healer", "a healer and a descriptor are for recovery by check (mode check)")
    r = run_pure(fiveplus_recovery, roller, counter=min(60, res.counter or 0), mode=args.mode, amount=args.amount,
                 check=check, supplies=args.supplies, used=min(20, used), limit=min(20, limit))
    edits.put(name, (edits.current(name, res.key) or res).model_copy(update={"counter": r.counter_after}))
    rest["recoveries"][name] = used + 1
    sys.set("rest", rest)
    return bind(RecoverResult, r, [*edits.ops(), *sys.ops()],
                summary=step("fiveplus.actor_said", name=name, said=r.summary), before=before,
                actor=name, resistance=res.name, healer=healer)


# --- treatment ----------------------------------------------------------------------------------------------------


class TreatArgs(ToolArgs):
    healer: str = NAME
    patient: str = NAME
    condition: str | None = Field(None, min_length=1, max_length=60, description="The condition or wound treated "
                                  "(default: the patient's worst).")
    descriptor: str | None = Field(None, min_length=1, max_length=60, description="The healer's descriptor (default: "
                                   "their best medicine, else Improvise).")
    supplies: bool = Field(False, description="Adequate medical supplies (major wounds need them).")


class TreatResult(CheckResult, BoundResult):
    healer: str
    patient: str
    condition: str = Field(description="The condition or wound treated, or 'damage' when there was none.")
    condition_result: ConditionResult | None = None
    recovery: RecoveryResult | None = Field(None, description="With no condition or wound: the recovery action on "
                                            "the patient's damage.")
    cured: bool = False
    permanent: bool = False


@table_tool("fiveplus", acts="healer")
def fiveplus_treat(args: TreatArgs, roller: Roller, state: TableState) -> TreatResult:
    """Treat a condition or wound: a successful check eases it a level (a tier when its level runs out); a rolled 1
    calls the patient's resistance check, whose failure worsens it; major wounds need medical training, supplies and
    a long rest."""
    healer, h = find(state, args.healer, "healer")
    patient, p = find(state, args.patient, "patient")
    require_able(state, healer, h, "healer", "treat anyone")
    treatable = [d for d in p.descriptors.values() if d.kind in ("condition", "wound")]
    if args.condition is not None:
        cond = descriptor_named(p, args.condition, "condition", ("condition", "wound"))
    elif treatable:
        cond = sorted(treatable, key=lambda d: (-int(d.major), -d.tier, -(d.level or 0), d.key))[0]
    else:
        return _treat_damage(args, roller, state, healer, h, patient, p)
    before: list[Step] = []
    sys, edits, conds = SystemEdits(state), SheetEdits(state), ConditionEdits(state)
    if cond.kind == "wound" and cond.major:
        d = best_of(h, "medicine")
        if d is None:
            fail("healer", f"{cond.name} is a major wound: it needs trained medical treatment (a medicine "
                           f"descriptor), and {healer} has none", healer)
        if not args.supplies:
            fail("supplies", f"{cond.name} is a major wound: it needs adequate medical supplies")
        if not rest_state(sys).get("long"):
            fail("healer", f"{cond.name} is a major wound: it needs long resting (fiveplus_rest with long=true)")
        if args.descriptor is not None:
            d = descriptor_named(h, args.descriptor, "descriptor", ("skill",))
    else:
        d = pick(h, args.descriptor, "medicine", "descriptor", healer, before)
    prepared = prepare(state, healer, h, d, modifier=1 if args.supplies else 0, traits=[], helped=False, upper=False,
                       rank=0, sys=sys, field="healer")
    before += prepared.lines
    if args.supplies:
        before.append(step("fiveplus.adequate_supplies"))
    resist = None
    res = p.get(cond.check_on_one) if cond.check_on_one else None
    if res is not None and res.has_level:
        resist = CheckArgs(level=min(20, res.level or 0), damage=min(40, res.counter or 0),
                           modifier=max(-20, min(20, sum(v for v, _ in modifiers_for(p, res)))), tier=res.tier,
                           descriptor=res.name)
    if cond.kind == "wound":
        state_c = ConditionState(name=cond.name, level=max(1, min(12, cond.level or 1)), tier=1, reset_level=12,
                                 permanent_tier=None, becomes=None)
    else:
        state_c = ConditionState(name=cond.name, level=max(0, min(12, cond.level or 0)), tier=max(0, min(10, cond.tier)),
                                 reset_level=cond.reset_level or 3, permanent_tier=cond.permanent_tier,
                                 becomes=cond.becomes)
    r = run_pure(fiveplus_condition, roller, condition=state_c, treatment=prepared.check, resistance=resist)
    after: list[Step] = []
    if r.treatment is not None and r.treatment.improvement is not None:
        now = edits.current(healer, d.key) or d
        edits.put(healer, with_progress(now, r.treatment.improvement.after))
    if cond.kind == "wound":
        if r.after.tier == 0 or (r.after.level == 0):
            edits.drop(patient, cond.key)
            after.append(step("fiveplus.healed_wound", condition=cond.name))
        elif r.after.level != state_c.level:
            edits.put(patient, cond.model_copy(update={"level": r.after.level}))
            after.append(step("fiveplus.wound_level", condition=cond.name, level=r.after.level))
        if cond.major and r.success:
            conds.remove(patient, INCAPACITATED)
            after.append(step("fiveplus.stabilised", patient=patient))
    elif r.cured:
        edits.drop(patient, cond.key)
        after.append(step("fiveplus.cured_of", patient=patient, condition=cond.name))
    elif r.permanent:
        edits.drop(patient, cond.key)
        if cond.becomes:
            edits.put(patient, make({"name": cond.becomes, "kind": "trait",
                                     "effect": f"permanently affected by {cond.name}"}))
            after.append(step("fiveplus.trait_for_good", patient=patient, trait=cond.becomes))
    elif (r.after.level, r.after.tier) != (cond.level, cond.tier):
        edits.put(patient, cond.model_copy(update={"level": r.after.level, "tier": r.after.tier}))
    return TreatResult(summary=step("fiveplus.treats", healer=healer, patient=patient, condition=cond.name,
                                    treated=r.summary), steps=[*before, *r.steps,
                       *after], rule_refs=list(dict.fromkeys([*r.rule_refs, CONDITIONS, WOUNDS, RECOVERY])),
                       dice=r.dice, outcome=r.outcome, success=r.success, odds=r.odds, healer=healer, patient=patient,
                       condition=cond.name, condition_result=r, cured=r.cured, permanent=r.permanent,
                       changes=[*edits.ops(), *conds.ops(), *sys.ops()])


def _treat_damage(args: TreatArgs, roller: Roller, state: TableState, healer: str, h: FivePlusCharacter,
                  patient: str, p: FivePlusCharacter) -> TreatResult:
    """No condition or wound: tending the patient's damage is a recovery action by the healer's check."""
    hurt = [d for d in p.of_kind("resistance") if d.counter]
    if not hurt:
        fail("patient", f"{patient} has no condition, wound or damage to treat", patient)
    res = sorted(hurt, key=lambda d: (-(d.counter or 0), d.key))[0]
    sys, edits = SystemEdits(state), SheetEdits(state)
    before: list[Step] = [step("fiveplus.tends_damage", patient=patient, healer=healer, resistance=res.name)]
    d = pick(h, args.descriptor, "medicine", "descriptor", healer, before)
    prepared = prepare(state, healer, h, d, modifier=0, traits=[], helped=False, upper=False, rank=0, sys=sys,
                       field="healer")
    before += prepared.lines
    rest = rest_state(sys)
    used = int(rest["recoveries"].get(patient, 0))
    limit = int(state.options.get("recoveries_per_rest", DEFAULT_RECOVERIES))
    r = run_pure(fiveplus_recovery, roller, counter=min(60, res.counter or 0), mode="check", check=prepared.check,
                 supplies=args.supplies, used=min(20, used), limit=min(20, limit))
    edits.put(patient, res.model_copy(update={"counter": r.counter_after}))
    if r.check is not None and r.check.improvement is not None and healer != patient:
        edits.put(healer, with_progress(edits.current(healer, d.key) or d, r.check.improvement.after))
    rest["recoveries"][patient] = used + 1
    sys.set("rest", rest)
    return TreatResult(summary=step("fiveplus.tends", healer=healer, patient=patient, resistance=res.name,
                                    tended=r.summary), steps=[*before, *r.steps],
                       rule_refs=list(dict.fromkeys([*r.rule_refs, RECOVERY])), dice=r.dice, outcome=r.outcome,
                       success=r.success, odds=r.odds, healer=healer, patient=patient, condition="damage",
                       recovery=r, changes=[*edits.ops(), *sys.ops()])


# --- rest and practice --------------------------------------------------------------------------------------------


class RestArgs(ToolArgs):
    long: bool = Field(False, description="A long rest (days in a safe place): what major wounds need.")
    note: str | None = Field(None, max_length=200, description="Where and how they rest.")


class RestResult(BoundResult):
    rest: int
    long: bool
    recoveries_per_rest: int


@table_tool("fiveplus")
def fiveplus_rest(args: RestArgs, roller: Roller, state: TableState) -> RestResult:
    """The party rests (a rest, or a day): recovery actions and practice are available again; a long rest allows
    treating major wounds."""
    sys = SystemEdits(state)
    rest = rest_state(sys)
    n = int(rest.get("n", 0)) + 1
    limit = int(state.options.get("recoveries_per_rest", DEFAULT_RECOVERIES))
    practices = int(state.options.get("practices_per_rest", 1))
    sys.set("rest", {"n": n, "recoveries": {}, "practices": {}, "long": args.long})
    steps = [step("fiveplus.rest_begins", n=n, long=args.long, note=args.note),
             step("fiveplus.recoveries_allowed", limit=limit),
             step("fiveplus.practices_allowed", practices=practices)]
    if args.long:
        steps.append(step("fiveplus.long_rest"))
    return RestResult(summary=step("fiveplus.rest", n=n, long=args.long), steps=steps,
                      rule_refs=[RECOVERY, IMPROVEMENT], rest=n, long=args.long, recoveries_per_rest=limit,
                      changes=sys.ops())


class PracticeArgs(ToolArgs):
    actor: str = NAME
    first: str | None = Field(None, min_length=1, max_length=60, description="The marked descriptor that gets the "
                              "roll (default: the first marked).")
    second: str | None = Field(None, min_length=1, max_length=60, description="The other marked descriptor, set "
                               "aside (default: the next marked).")


class PracticeOnTable(PracticeResult, BoundResult):
    actor: str


@table_tool("fiveplus")
def fiveplus_practice(args: PracticeArgs, roller: Roller, state: TableState) -> PracticeOnTable:
    """During a rest a character practices: two marked descriptors lose their marks and one gets a free level-up 2d6
    roll."""
    name, c = find(state, args.actor, "actor")
    marked = [d for d in c.levelled() if d.marked]
    first = descriptor_named(c, args.first, "first", ("skill", "resistance")) if args.first else \
        (marked[0] if marked else None)
    second = descriptor_named(c, args.second, "second", ("skill", "resistance")) if args.second else \
        next((d for d in marked if first is None or d.key != first.key), None)
    if first is None or second is None or not first.marked or not second.marked or first.key == second.key:
        fail("actor", f"practice needs two marked descriptors; {name}'s marked: "
                      f"{', '.join(d.name for d in marked) or 'none'}", name)
    sys, edits = SystemEdits(state), SheetEdits(state)
    rest = rest_state(sys)
    done = int(rest["practices"].get(name, 0))
    allowed = int(state.options.get("practices_per_rest", 1))
    if done >= allowed:
        fail("actor", f"{name} has practised {done} time(s) this rest, the most allowed; rest again first", name)
    r = run_pure(fiveplus_practice_roll, roller, descriptors=[
        {"name": first.name, "level": min(20, first.level or 0), "tier": min(10, first.tier),
         "next_level": first.next_level, "marked": True},
        {"name": second.name, "level": min(20, second.level or 0), "tier": min(10, second.tier),
         "next_level": second.next_level, "marked": True}], roll_for=0)
    edits.put(name, with_progress(first, r.after[0]))
    edits.put(name, with_progress(second, r.after[1]))
    rest["practices"][name] = done + 1
    sys.set("rest", rest)
    return bind(PracticeOnTable, r, [*edits.ops(), *sys.ops()],
                summary=step("fiveplus.actor_said", name=name, said=r.summary), actor=name)

