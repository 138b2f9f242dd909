"""State-bound Mini Six harm and healing (``mini-six.md#Resisting Damage``, ``#Wound Level Effects``): damage the
narrator rules, the incapacitated character's stamina roll, the mortally wounded character's death roll each
minute, natural and assisted healing, and the passing of days.

Readings chosen (see :mod:`.damage`, :mod:`.wounds`, :mod:`.healing` for the mechanics):

* ``minisix_damage_target`` is harm outside an attack (a fall, a trap, fire): a damage code rolled — or a total
  — against the target's Soak, moving the wound level as any hit does.
* ``minisix_stay_conscious`` is the stamina roll outside the turn order (in a fight it is rolled as the
  incapacitated character's turn begins, ``on_turn_start``).
* ``minisix_death_roll`` counts the minutes itself: each call is the next minute at Mortally Wounded (the sheet's
  ``mortal_minutes``); a roll below that count kills.
* ``minisix_natural_heal`` rolls the character's Might after the level's period; ``minisix_treat_wounds`` rolls
  the healer's Medicine, once per day for each patient (the table remembers whom today's checks treated, and
  ``minisix_pass_time`` starts a new day). A healer does not treat themselves: the book's assisted healing is
  "help others heal". Treating is the healer's action (in a fight, on their turn); resting is not an action.
* ``minisix_pass_time`` moves the campaign's day on; every stun still pending wears off (a stun heals in a
  minute).
"""

from __future__ import annotations

from typing import Any

from pydantic import Field, field_validator, model_validator

from narrator.tools.binding import bind, run_pure
from narrator.tools.contract import ToolArgs
from narrator.tools.dice import Roller
from narrator.tools.steps import step
from narrator.tools.table import BoundResult, SetField, SetSystemState, TableState
from narrator.tools.tool import table_tool
from narrator.tools.table_sheets import ON_TABLE
from narrator.tools.systems.minisix.codes import parse_field
from narrator.tools.systems.minisix.damage import DamageResult, level_name, minisix_damage
from narrator.tools.systems.minisix.healing import HealingResult, healed, minisix_assisted_healing, minisix_natural_healing
from narrator.tools.systems.minisix.rules import WOUND_EFFECTS
from narrator.tools.systems.minisix.table_combat import stamina_code
from narrator.tools.systems.minisix.table_common import (
    ConditionEdits, conditions_of, fail, find, penalty_dice, require_able, wound_edits,
)
from narrator.tools.systems.minisix.wounds import DeathResult, StaminaResult, minisix_death_roll, minisix_stay_conscious

TARGET = ON_TABLE
TREATED = "treated"
DAY = "day"


class DamageTargetArgs(ToolArgs):
    target: str = TARGET
    damage: str | None = Field(None, max_length=20, description="A damage code to roll, e.g. '4D' for a bad fall.")
    damage_total: int | None = Field(None, ge=0, le=200, description="Or a damage total already known.")
    reason: str = Field(min_length=1, max_length=200, description="What hurts: a fall, a trap, fire...")

    @field_validator("damage")
    @classmethod
    def _code(cls, v: str | None) -> str | None:
        return None if v is None else parse_field(v)

    @model_validator(mode="after")
    def _one(self) -> "DamageTargetArgs":
        if (self.damage is None) == (self.damage_total is None):
            raise ValueError("give either damage (a code to roll) or damage_total")
        return self


class DamageTargetResult(DamageResult, BoundResult):
    target: str
    reason: str


@table_tool("minisix")
def minisix_damage_target(args: DamageTargetArgs, roller: Roller, state: TableState) -> DamageTargetResult:
    """Harm the narrator rules outside an attack (a fall, a trap, fire): a damage roll against the target's Soak moves
    its wound level."""
    name, c = find(state, args.target, "target")
    if c.wounds >= 5:
        fail("target", f"{name} is already dead", args.target)
    soak = c.defences()["soak"]
    r = run_pure(minisix_damage, roller, damage=args.damage, damage_total=args.damage_total, soak=soak,
                 wounds=c.wounds, stuns=c.stuns)
    edits = ConditionEdits(state)
    changes: list[Any] = wound_edits(name, c, r.wounds_after, r.stuns_after, edits, stunned=r.stunned)
    changes += edits.ops()
    return bind(DamageTargetResult, r, changes, summary=step("minisix.harmed", name=name, reason=args.reason,
                                                             said=r.summary),
                before=[step("minisix.harm_against_soak", reason=args.reason, name=name, soak=soak)], target=name,
                reason=args.reason)


# --- staying conscious, dying ------------------------------------------------------------------------------------


class ActorArgs(ToolArgs):
    actor: str = ON_TABLE


class StayConsciousResult(StaminaResult, BoundResult):
    actor: str


@table_tool("minisix", name="minisix_stamina_check")
def minisix_stay_conscious_table(args: ActorArgs, roller: Roller, state: TableState) -> StayConsciousResult:
    """An incapacitated character's Moderate (15) stamina roll: conscious and acting at -3D, or knocked out for 10D
    minutes."""
    name, c = find(state, args.actor, "actor")
    conds = conditions_of(state, name)
    if c.wounds != 3:
        fail("actor", f"{name} is {level_name(c.wounds, c.stuns)}, not incapacitated: no stamina roll is due", name)
    if "fighting on" in conds or "unconscious" in conds:
        state_now = "conscious" if "fighting on" in conds else "knocked out"
        fail("actor", f"{name} has already made the stamina roll ({state_now})", name)
    r = run_pure(minisix_stay_conscious, roller, code=stamina_code(c).text())
    edits = ConditionEdits(state)
    if r.conscious:
        edits.remove(name, "incapacitated")
        edits.add(name, "fighting on")
    else:
        edits.add(name, "unconscious")
    return bind(StayConsciousResult, r, edits.ops(), summary=step("minisix.actor_said", name=name, said=r.summary),
                actor=name)


class DeathRollResult(DeathResult, BoundResult):
    actor: str


@table_tool("minisix", name="minisix_death_check")
def minisix_death_roll_table(args: ActorArgs, roller: Roller, state: TableState) -> DeathRollResult:
    """A mortally wounded character's Might roll for the next minute at that level: a roll below the minutes counted is
    death."""
    name, c = find(state, args.actor, "actor")
    if c.wounds != 4:
        fail("actor", f"{name} is {level_name(c.wounds, c.stuns)}, not mortally wounded: no death roll", name)
    minutes = c.mortal_minutes + 1
    r = run_pure(minisix_death_roll, roller, code=c.attribute("might").text(), minutes=minutes)
    changes: list[Any] = [SetField(name=name, field="mortal_minutes", value=minutes, was=c.mortal_minutes)]
    if r.dies:
        edits = ConditionEdits(state)
        changes = wound_edits(name, c, 5, 0, edits) + edits.ops()
    return bind(DeathRollResult, r, changes, summary=step("minisix.actor_said", name=name, said=r.summary),
                actor=name)


# --- healing -------------------------------------------------------------------------------------------------------


class TreatArgs(ToolArgs):
    healer: str = Field(min_length=1, max_length=60, description="Who treats the patient (their Medicine).")
    patient: str = Field(min_length=1, max_length=60, description="Who is treated.")
    kit: bool = Field(False, description="The healer has a medicine kit (each difficulty 4 lower).")


class HealResult(HealingResult, BoundResult):
    patient: str
    healer: str | None


def _today(state: TableState) -> int:
    return int(state.system_state.get(DAY, 1))


def _level(name: str, c, field: str) -> str:
    level = level_name(c.wounds, c.stuns)
    if level in ("unharmed", "dead"):
        fail(field, f"{name} is {level}: there is nothing to heal", name)
    return level


def _healed_ops(state: TableState, name: str, c, level: str, success: bool) -> list[Any]:
    if not success:
        return []
    wounds = {"unharmed": 0, "wounded": 1, "severely wounded": 2, "incapacitated": 3,
              "mortally wounded": 4}[healed(level)]
    edits = ConditionEdits(state)
    ops: list[Any] = wound_edits(name, c, wounds, 0, edits)
    if level == "stunned":
        edits.remove(name, "stunned")
    return ops + edits.ops()


@table_tool("minisix", acts="healer")
def minisix_treat_wounds(args: TreatArgs, roller: Roller, state: TableState) -> HealResult:
    """A healer treats a patient: a Medicine check (stunned 10, wounded 15, incapacitated 20, mortally wounded 25; 4
    less with a medicine kit) heals one wound level; once a day per patient."""
    name, c = find(state, args.patient, "patient")
    level = _level(name, c, "patient")
    healer, h = find(state, args.healer, "healer")
    if healer == name:
        fail("patient", "assisted healing is a healer helping others; a character heals themselves naturally "
                        "(minisix_natural_heal)", args.patient)
    require_able(healer, h, state, "healer", "treat anyone")
    day = _today(state)
    book = state.system_state.get(TREATED) or {}
    treated = list(book.get("patients", [])) if book.get("day") == day else []
    if name in treated:
        fail("patient", f"{name} has already had today's Medicine check (once per day for each patient); "
                        "minisix_pass_time starts a new day", args.patient)
    pen, lines = penalty_dice(state, healer, h)
    r = run_pure(minisix_assisted_healing, roller, code=h.skill_code("medicine").text(), level=level, kit=args.kit,
                 penalty_dice=pen)
    changes: list[Any] = [SetSystemState(key=TREATED, value={"day": day, "patients": treated + [name]})]
    changes += _healed_ops(state, name, c, level, bool(r.success))
    return bind(HealResult, r, changes, summary=step("minisix.treats", healer=healer, name=name, said=r.summary),
                before=[step("minisix.rolls_code", name=healer, what="medicine", code=h.skill_code("medicine").text()),
                        *lines], patient=name,
                healer=healer)


class NaturalArgs(ToolArgs):
    actor: str = Field(min_length=1, max_length=60, description="Who heals naturally, resting.")


@table_tool("minisix")
def minisix_natural_heal(args: NaturalArgs, roller: Roller, state: TableState) -> HealResult:
    """A character heals naturally: after the level's period (a stun 1 minute, wounded 3 days, incapacitated 2 weeks,
    mortally wounded 5 weeks) Might vs 6/6/8/9 heals one level."""
    name, c = find(state, args.actor, "actor")
    level = _level(name, c, "actor")
    r = run_pure(minisix_natural_healing, roller, code=c.attribute("might").text(), level=level)
    return bind(HealResult, r, _healed_ops(state, name, c, level, bool(r.success)),
                summary=step("minisix.actor_said", name=name, said=r.summary),
                patient=name, healer=None)


class PassTimeArgs(ToolArgs):
    days: int = Field(1, ge=1, le=365, description="Days that pass.")


class PassTimeResult(BoundResult):
    day: int


@table_tool("minisix")
def minisix_pass_time(args: PassTimeArgs, roller: Roller, state: TableState) -> PassTimeResult:
    """Days pass: a new day for once-a-day Medicine checks, and stuns wear off."""
    day = _today(state) + args.days
    changes: list[Any] = [SetSystemState(key=DAY, value=day), SetSystemState(key=TREATED, value=None)]
    edits = ConditionEdits(state)
    steps = [step("minisix.days_pass", days=args.days, day=day)]
    for name, sheet in state.characters.items():
        if sheet.get("stuns"):
            changes.append(SetField(name=name, field="stuns", value=0, was=sheet.get("stuns")))
            steps.append(step("minisix.stun_worn_off", name=name))
        if "stunned" in conditions_of(state, name):
            edits.remove(name, "stunned")
    return PassTimeResult(summary=step("minisix.day", day=day), steps=steps, rule_refs=[WOUND_EFFECTS],
                          changes=changes + edits.ops(), day=day)
