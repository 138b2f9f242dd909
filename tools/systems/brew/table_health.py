"""State-bound Brew health: damage the narrator rules, lasting injuries, healing by Medicine or grant, stabilising,
rest and recovery by days, exhaustion and extreme weather (``brew.md#Damage``, ``#Healing``, ``#Simplified healing
for combat-oriented games``, ``#Exhaustion``, ``#Extreme Weather Conditions``).

The campaign's ``healing`` option (realistic by default, or simplified) and ``health_rule`` decide which tables
apply. Readings chosen (see :mod:`.health` and :mod:`.healing` for the rules themselves):

* ``brew_take_damage`` is damage outside an attack (a fall, a fire, a flaw, deprivation); a ``lasting_injury``
  names the injury the player takes to absorb up to 5 of it.
* ``brew_treat_wounds`` is a Medicine roll (or a medical Profession's, when higher: nurse, doctor, medic,
  surgeon, healer). Realistic rules: a patient at 0 or below is stabilised instead; otherwise it is that day's
  care. Simplified rules: the Medicine table heals directly.
* ``brew_take_rest``: five hours refresh Resolve; under simplified rules two hours heal half the damage and eight
  heal everything, lasting injuries too; a full night also clears the exhaustion and weather conditions.
* ``brew_recover_days`` (realistic) runs the day-by-day recovery, with or without medical care every day.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from narrator.tools.binding import bind, run_pure
from narrator.tools.contract import ToolArgs
from narrator.tools.dice import Die, Roller
from narrator.tools.odds import Odds
from narrator.tools.steps import step
from narrator.tools.tool import table_tool
from narrator.tools.systems.brew.hardship import ExhaustionResult, WeatherResult, brew_exhaustion, brew_weather
from narrator.tools.systems.brew.healing import (
    RecoveryResult, RestResult, StabiliseResult, brew_heal_roll, brew_recovery, brew_rest,
    brew_stabilise,
)
from narrator.tools.systems.brew.health import DamageResult, brew_damage
from narrator.tools.systems.brew.rules import DAMAGE, LASTING_INJURY_ABSORB, PERMANENT_INJURY_ABSORB
from narrator.tools.systems.brew.sheet import BrewCharacter
from narrator.tools.systems.brew.table_actions import roll_spec
from narrator.tools.systems.brew.table_common import (
    ACTOR, EXHAUSTED, MODIFIER, STABILISING, Edits, fail, find, health_ops, health_rule, healing_rule,
    injuries_json, injury_setback, option, require_conscious,
)
from narrator.tools.table import BoundResult, SetField, TableState
from narrator.tools.table_sheets import ON_TABLE, HealArgs

TARGET = ON_TABLE
MEDICAL = ("nurse", "doctor", "medic", "surgeon", "healer", "physician", "midwife", "apothecary")


class TakeDamageArgs(ToolArgs):
    target: str = TARGET
    amount: int = Field(ge=1, le=50, description="Damage (after any armor).")
    reason: str = Field(min_length=1, max_length=200, description="What hurts: a fall, a fire, a flaw...")
    lasting_injury: str | None = Field(None, max_length=120, description="Take a lasting injury to absorb up to 5 "
                                       "(name it: 'broken and dislocated arm').")
    permanent_injury: str | None = Field(None, min_length=1, max_length=120, description="Optional rule (the "
                                         "campaign's permanent_injuries): take an injury that never heals instead, "
                                         "absorbing up to 10 ('lost left eye').")
    deprivation: bool = Field(False, description="Hunger or thirst damage (no lasting injury can absorb it).")


class TakeDamageResult(DamageResult, BoundResult):
    target: str
    reason: str


@table_tool("brew")
def brew_take_damage(args: TakeDamageArgs, roller: Roller, state: TableState) -> TakeDamageResult:
    """A character or NPC takes damage the narrator rules (a fall, fire, a flaw, deprivation), optionally absorbing up
    to 5 with a lasting injury; health, conditions and injuries follow."""
    name, c = find(state, args.target, "target")
    absorb, permanent = injury_taken(args, state)
    r = run_pure(brew_damage, roller, health=c.health, max_health=c.max_health, amount=args.amount,
                 power=c.attributes.power, absorb=absorb, permanent=permanent,
                 injuries=len(c.lasting_injuries), permanent_injuries=len(c.permanent_injuries),
                 deprivation=args.deprivation,
                 health_rule=health_rule(state))
    edits = Edits(state)
    changes: list[Any] = health_ops(name, c, r.health_after, edits)
    changes += injury_setback(name, c, args.amount if c.lasting_injuries else 0,
                              args.lasting_injury if r.lasting_injury and not permanent else None)
    if permanent and r.lasting_injury:
        changes.append(SetField(name=name, field="permanent_injuries", value=[*c.permanent_injuries,
                                                                               args.permanent_injury],
                                was=list(c.permanent_injuries)))
    changes += edits.ops()
    return bind(TakeDamageResult, r, changes,
                summary=step("brew.hurt_by", name=name, reason=args.reason, said=r.summary),
                before=[step("brew.reason", name=name, reason=args.reason)], target=name, reason=args.reason)


def injury_taken(args: TakeDamageArgs, state: TableState) -> tuple[int, bool]:
    """(how much the injury named may absorb, whether it is permanent), as the campaign's permanent_injuries says."""
    rule = option(state, "permanent_injuries", "off")
    if args.lasting_injury and args.permanent_injury:
        fail("permanent_injury", "one injury absorbs the damage: give lasting_injury or permanent_injury, not both",
             args.permanent_injury)
    if args.permanent_injury:
        if rule == "off":
            fail("permanent_injury", "permanent injuries are an optional rule this campaign does not use (campaign "
                                     "option permanent_injuries: allowed or only)", args.permanent_injury)
        return (PERMANENT_INJURY_ABSORB if rule == "allowed" else LASTING_INJURY_ABSORB), True
    if args.lasting_injury:
        if rule == "only":
            fail("lasting_injury", "in this campaign only a permanent injury regains health (permanent_injuries: "
                                   "only): give permanent_injury", args.lasting_injury)
        return LASTING_INJURY_ABSORB, False
    return 0, False


class HealResult(BoundResult):
    target: str
    health_before: int
    health_after: int


@table_tool("brew")
def brew_heal(args: HealArgs, roller: Roller, state: TableState) -> HealResult:
    """A character or NPC regains health the story grants (a potion, a miracle); never above the maximum."""
    name, c = find(state, args.target, "target")
    if c.health <= -5:
        fail("target", f"{name} is dead", args.target)
    after = min(c.max_health, c.health + args.amount)
    edits = Edits(state)
    changes: list[Any] = health_ops(name, c, after, edits) + edits.ops()
    return HealResult(summary=step("brew.healed", name=name, reason=args.reason, health=c.health, after=after),
                      steps=[step("brew.heal_sum", health=c.health, amount=args.amount, max_health=c.max_health,
                                  after=after)], rule_refs=[DAMAGE], target=name, health_before=c.health,
                      health_after=after, changes=changes)


def medicine_points(sheet: BrewCharacter) -> tuple[str, int, str | None]:
    """Medicine, or a medical profession's share when it is higher ("her Profession roll would take the place of
    Medicine")."""
    med = sheet.skills.get("medicine", 0)
    prof = max(((k, v) for k, v in sheet.professions.items() if any(m in k.lower() for m in MEDICAL)),
               key=lambda kv: kv[1], default=None)
    if prof and prof[1] > med:
        return "profession", prof[1], prof[0]
    return "medicine", med, None


class TreatArgs(ToolArgs):
    actor: str = Field(min_length=1, max_length=60, description="The one giving care.")
    target: str = Field(min_length=1, max_length=60, description="The patient.")
    difficulty: int = Field(6, ge=1, le=40, description="6 indoors with a first-aid kit; higher travelling, "
                            "sleeping rough or with poor tools.")
    modifier: int = MODIFIER
    specialty: bool = False
    method: Literal["medicine", "magic"] = Field("medicine", description="medicine (a Medicine roll) or magic (a "
                                                 "Healing spell: one mana slot).")


class TreatResult(BoundResult):
    """Care given: a Medicine roll (a day of care, or the simplified table), a stabilising roll, or a Healing
    spell — the roll's dice, outcome and odds, and the points healed."""

    actor: str
    target: str
    dice: list[Die] = Field(default_factory=list)
    outcome: str
    success: bool | None
    odds: Odds | None = None
    healed: int = 0


@table_tool("brew", acts="actor")
def brew_treat_wounds(args: TreatArgs, roller: Roller, state: TableState) -> TreatResult:
    """A character tends another's wounds with Medicine: the simplified heal table, or a realistic day of care (2
    points, 3 on 8+), or stabilising someone at 0 or below."""
    name, c = find(state, args.actor, "actor")
    patient, p = find(state, args.target, "target")
    require_conscious(name, c, "actor", "give care")
    if p.health <= -5:
        fail("target", f"{patient} is dead", args.target)
    if args.method == "magic":
        from narrator.tools.systems.brew.table_magic import CastSpellArgs, brew_cast_spell

        spell = brew_cast_spell.fn(CastSpellArgs(actor=name, field="healing", target=patient,
                                                 difficulty=args.difficulty, modifier=args.modifier), roller, state)
        return TreatResult(summary=spell.summary, steps=spell.steps, rule_refs=spell.rule_refs, dice=spell.dice,
                           outcome=spell.outcome, success=spell.success, odds=spell.odds, healed=spell.healed,
                           actor=name, target=patient, changes=spell.changes)
    rules = healing_rule(state)
    skill, points, prof = medicine_points(c)
    spec, lines, parts = roll_spec(state, name, c, "wits", skill, args.modifier, args.specialty,
                                   profession=prof)
    spec.pop("best_at_thing")
    edits = Edits(state)
    changes: list[Any] = []
    if p.health <= 0 and rules == "realistic":
        r = run_pure(brew_stabilise, roller, **spec, patient_health=p.health, patient_power=p.attributes.power,
                     difficulty=args.difficulty)
        if r.stabilisation_days:
            changes += health_ops(patient, p, 1, edits)
            changes.append(SetField(name=patient, field="stabilising_days", value=r.stabilisation_days,
                                    was=p.stabilising_days))
            edits.add(patient, STABILISING)
        changes += edits.ops()
        return bind(TreatResult, r, changes,
                    summary=step("brew.tries_to_stabilise", name=name, patient=patient, said=r.summary),
                    before=lines, actor=name, target=patient, healed=max(0, 1 - p.health) if r.stabilisation_days
                    else 0)
    if p.stabilising_days:
        fail("target", f"{patient} is stabilising ({p.stabilising_days} day(s) left): the care counts in "
                       "brew_recover_days")
    if p.health >= p.max_health:
        fail("target", f"{patient} is at full health", args.target)
    r = run_pure(brew_heal_roll, roller, **spec, method="medicine", rules=rules, difficulty=args.difficulty,
                 patient_health=max(-4, p.health), max_health=p.max_health, lasting_injury=bool(p.lasting_injuries))
    after = p.health + r.healed
    changes += health_ops(patient, p, after, edits)
    if rules == "realistic" and p.lasting_injuries:
        gain = 2 if r.outcome != "failure" else 1
        now = [{**i, "healing_left": max(0, i["healing_left"] - gain)} for i in injuries_json(p)]
        now = [i for i in now if i["healing_left"] > 0]
        changes.append(SetField(name=patient, field="lasting_injuries", value=now, was=injuries_json(p)))
    changes += edits.ops()
    return bind(TreatResult, r, changes, summary=step("brew.treats", name=name, patient=patient, said=r.summary),
                before=lines, after=[step("brew.health_of", name=patient, health=p.health, after=after)],
                actor=name, target=patient, healed=after - p.health)


class StabiliseArgs(ToolArgs):
    actor: str = Field(min_length=1, max_length=60, description="The caregiver.")
    target: str = Field(min_length=1, max_length=60, description="The patient at 0 to -4.")
    difficulty: int = Field(6, ge=1, le=40)
    modifier: int = MODIFIER


class StabiliseOnTable(StabiliseResult, BoundResult):
    actor: str
    target: str


@table_tool("brew", acts="actor")
def brew_stabilise_patient(args: StabiliseArgs, roller: Roller, state: TableState) -> StabiliseOnTable:
    """A caregiver tries to stabilise someone at 0 to -4 health: Medicine against 6 brings them to 1 for a stabilisation
    period of 10 - Power days."""
    name, c = find(state, args.actor, "actor")
    patient, p = find(state, args.target, "target")
    require_conscious(name, c, "actor", "give care")
    if not -5 < p.health <= 0:
        fail("target", f"{patient} is at health {p.health}: stabilising is for 0 to -4", args.target)
    skill, points, prof = medicine_points(c)
    spec, lines, parts = roll_spec(state, name, c, "wits", skill, args.modifier, False, profession=prof)
    spec.pop("best_at_thing")
    r = run_pure(brew_stabilise, roller, **spec, patient_health=p.health, patient_power=p.attributes.power,
                 difficulty=args.difficulty)
    edits = Edits(state)
    changes: list[Any] = []
    if r.stabilisation_days:
        changes += health_ops(patient, p, 1, edits)
        changes.append(SetField(name=patient, field="stabilising_days", value=r.stabilisation_days,
                                was=p.stabilising_days))
        edits.add(patient, STABILISING)
    changes += edits.ops()
    return bind(StabiliseOnTable, r, changes,
                summary=step("brew.stabilises", name=name, patient=patient, said=r.summary), before=lines,
                actor=name, target=patient)


class RestArgs(ToolArgs):
    actor: str = ACTOR
    hours: int = Field(ge=1, le=24, description="2 (half the damage, simplified), 5 (Resolve), 8 (a full night).")


class RestOnTable(RestResult, BoundResult):
    actor: str


@table_tool("brew")
def brew_take_rest(args: RestArgs, roller: Roller, state: TableState) -> RestOnTable:
    """A character rests: five hours refresh Resolve; simplified healing heals half the damage in two hours and
    everything (lasting injuries too) in eight."""
    name, c = find(state, args.actor, "actor")
    if c.health <= -5:
        fail("actor", f"{name} is dead")
    rules = healing_rule(state)
    if rules == "simplified" and c.health <= 0 and args.hours < 8:
        fail("hours", f"{name} is at health {c.health}: only a full eight hours heal them (simplified rules)")
    r = run_pure(brew_rest, roller, hours=args.hours, health=max(-4, c.health), max_health=c.max_health, rules=rules,
                 lasting_injuries=len(c.lasting_injuries))
    edits = Edits(state)
    changes: list[Any] = health_ops(name, c, r.health_after if c.health > -5 else c.health, edits)
    if r.resolve_refreshed and c.resolve < c.max_resolve:
        changes.append(SetField(name=name, field="resolve", value=c.max_resolve, was=c.resolve))
    if r.injuries_cleared:
        changes.append(SetField(name=name, field="lasting_injuries", value=[], was=injuries_json(c)))
    if args.hours >= 8:
        for cond in (*EXHAUSTED, "exposed", "embarrassed"):
            edits.remove(name, cond)
    changes += edits.ops()
    return bind(RestOnTable, r, changes, summary=step("brew.said", name=name, said=r.summary), actor=name)


class RecoverDaysArgs(ToolArgs):
    actor: str = ACTOR
    days: int = Field(ge=1, le=60)
    care: bool = Field(True, description="Medical attention every one of these days.")


class RecoverDaysResult(RecoveryResult, BoundResult):
    actor: str


@table_tool("brew")
def brew_recover_days(args: RecoverDaysArgs, roller: Roller, state: TableState) -> RecoverDaysResult:
    """Days pass in recovery (realistic healing): 1 health a day, 2 with medical care; stabilisation periods, lasting
    injuries, death after Power days without care."""
    name, c = find(state, args.actor, "actor")
    if c.health <= -5:
        fail("actor", f"{name} is dead")
    if c.health < 0 and not c.stabilising_days:
        fail("actor", f"{name} is dying (health {c.health}): stabilise them first (brew_stabilise_patient)")
    if healing_rule(state) != "realistic":
        fail("actor", "this campaign uses the simplified healing rules: rest heals (brew_take_rest)")
    r = run_pure(brew_recovery, roller, health=c.health, max_health=c.max_health, power=c.attributes.power,
                 care=[args.care] * args.days, stabilising_days=c.stabilising_days or None,
                 injuries=[i.healing_left for i in c.lasting_injuries])
    edits = Edits(state)
    changes: list[Any] = []
    if r.dead:
        changes += health_ops(name, c, -5, edits)
    else:
        changes += health_ops(name, c, r.health_after, edits)
    left = r.stabilising_days or 0
    if left != c.stabilising_days:
        changes.append(SetField(name=name, field="stabilising_days", value=left, was=c.stabilising_days))
    if left:
        edits.add(name, STABILISING)
    else:
        edits.remove(name, STABILISING)
    now = [{"name": i.name, "healing_left": n} for i, n in zip(c.lasting_injuries, r.injuries_after) if n > 0]
    if now != injuries_json(c):
        changes.append(SetField(name=name, field="lasting_injuries", value=now, was=injuries_json(c)))
    changes += edits.ops()
    return bind(RecoverDaysResult, r, changes, summary=step("brew.said", name=name, said=r.summary), actor=name)


class ExertArgs(ToolArgs):
    actor: str = ACTOR
    rest: bool = Field(False, description="true: the character rests and the exhaustion goes.")


class ExertResult(ExhaustionResult, BoundResult):
    actor: str


@table_tool("brew")
def brew_exert(args: ExertArgs, roller: Roller, state: TableState) -> ExertResult:
    """A character pushes on through strenuous activity: exhausted at -2, then -3, then -4, then unconscious."""
    name, c = find(state, args.actor, "actor")
    conds = list(state.conditions.get(name, []))
    level = max((int(x[-1]) for x in conds if x in EXHAUSTED), default=0)
    edits = Edits(state)
    for x in EXHAUSTED:
        edits.remove(name, x)
    if args.rest:
        from narrator.tools.systems.brew.hardship import ExhaustionResult as E

        r = E(summary=step("brew.exhaustion_gone", name=name), steps=[step("brew.rest_clears")],
              rule_refs=["brew.md#Exhaustion"], level=0, penalty=0, unconscious=False)
        return ExertResult(**dict(r), actor=name, changes=edits.ops())
    require_conscious(name, c, "actor", "push on")
    r = run_pure(brew_exhaustion, roller, level=level, persist=True)
    changes: list[Any] = []
    if r.unconscious:
        edits.add(name, "unconscious")
    else:
        edits.add(name, f"exhausted-{r.level}")
    changes += edits.ops()
    return bind(ExertResult, r, changes, summary=step("brew.said", name=name, said=r.summary), actor=name)


class WeatherArgs(ToolArgs):
    actor: str = ACTOR
    hours: int = Field(5, ge=5, le=240)
    equipped: bool = Field(False, description="Shade and water, or warm clothing: +2.")


class WeatherOnTable(WeatherResult, BoundResult):
    actor: str


@table_tool("brew")
def brew_endure_weather(args: WeatherArgs, roller: Roller, state: TableState) -> WeatherOnTable:
    """A character endures extreme heat or cold: exposed (-2 to all rolls), and every five hours Power + Survival
    against 10 - Power or 1 damage."""
    name, c = find(state, args.actor, "actor")
    require_conscious(name, c, "actor", "walk on")
    r = run_pure(brew_weather, roller, power=c.attributes.power, survival=c.skills.get("survival", 0),
                 hours=args.hours, equipped=args.equipped)
    edits = Edits(state)
    edits.add(name, "exposed")
    changes: list[Any] = []
    if r.damage:
        changes += health_ops(name, c, c.health - r.damage, edits)
        changes += injury_setback(name, c, r.damage)
    changes += edits.ops()
    return bind(WeatherOnTable, r, changes, summary=step("brew.said", name=name, said=r.summary), actor=name)

