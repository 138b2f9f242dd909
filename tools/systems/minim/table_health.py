"""State-bound Minim health: fatigue the narrator rules, healing, and recovery tests (``minim.md#Health``).

Readings chosen:

* ``minim_damage`` is fatigue or damage the narrator rules outside an attack (a trap, a fall, a power's 2 points,
  terror): no avoidance roll — those belong to attacks (``minim_attack_target``). Health stops at 0, which adds
  ``unconscious``.
* ``minim_heal`` restores points a power, an item or the story grants: no roll, never above max_health; leaving
  0 health removes ``unconscious``. Healing at full health changes nothing (not an error: the narrator may not know).
* ``minim_recover_health`` runs the pure ``minim_recover`` with the sheet's brass, health and max_health. At full
  health it is an argument error (nothing to roll for). ``mid_action`` needs a conscious character, is the turn's
  action and takes the condition modifiers (``fallen`` −1); ``full_rest`` and ``long_term`` also work from 0
  health. A ``medic`` is another character on the table (their brain and cure skill are read from their sheet),
  for ``long_term`` only: their cure test joins the patient's as one collaborative action, and the period restores
  at most one point (the reading is in :mod:`.recovery`).
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from narrator.tools.binding import bind, run_pure
from narrator.tools.contract import ToolArgs, ref
from narrator.tools.dice import Roller
from narrator.tools.steps import step
from narrator.tools.tool import table_tool
from narrator.tools.turns import after_action, before_action
from narrator.tools.systems.minim.recovery import Mode, RecoveryResult, minim_recover
from narrator.tools.systems.minim.rules import BOOK
from narrator.tools.systems.minim.table_common import (
    FAITH_ARG, MODIFIER, ConditionEdits, condition_modifier, fail, find, health_change, modifier_line,
    require_conscious, spend_faith,
)
from narrator.tools.table import BoundResult, TableState
from narrator.tools.table_sheets import ON_TABLE, HealArgs

HEALTH = ref(BOOK, "Health")
TARGET = ON_TABLE


class DamageArgs(ToolArgs):
    target: str = TARGET
    amount: int = Field(ge=1, le=50, description="Fatigue or damage points lost.")
    reason: str = Field(min_length=1, max_length=200, description="What hurts: a trap, a fall, a power, terror...")


class HealthResult(BoundResult):
    target: str
    amount: int
    reason: str | None
    health_before: int
    health_after: int
    max_health: int
    unconscious: bool


def _health(target: str, state: TableState, delta: int, reason: str | None, verb: str) -> HealthResult:
    name, c = find(state, target, "target")
    after = max(0, min(c.max_health, c.health + delta))
    edits = ConditionEdits(state)
    changes: list[Any] = health_change(name, c, after, edits)
    changes += edits.ops()
    steps = [step("minim.health_change", name=name, verb=verb, amount=abs(delta), reason=reason, before=c.health,
                  after=after, max_health=c.max_health)]
    if delta < 0 and c.health + delta < 0:
        steps.append(step("minim.health_floor"))
    if delta > 0 and c.health + delta > c.max_health:
        steps.append(step("minim.health_ceiling", max_health=c.max_health))
    if after == 0:
        steps.append(step("minim.knocked_out", name=name))
    elif c.health == 0:
        steps.append(step("minim.wakes", name=name))
    return HealthResult(summary=step("minim.health", name=name, before=c.health, after=after, reason=reason),
                        steps=steps, rule_refs=[HEALTH],
                        target=name, amount=abs(delta), reason=reason, health_before=c.health, health_after=after,
                        max_health=c.max_health, unconscious=after == 0, changes=changes)


@table_tool("minim")
def minim_damage(args: DamageArgs, roller: Roller, state: TableState) -> HealthResult:
    """A character or NPC loses health to fatigue or damage the narrator rules (trap, fall, power, terror); no avoidance
    roll. 0 health is unconscious."""
    return _health(args.target, state, -args.amount, args.reason, "loses")


@table_tool("minim")
def minim_heal(args: HealArgs, roller: Roller, state: TableState) -> HealthResult:
    """A character or NPC regains health (a power, potion or first aid); never above the maximum, and it wakes an
    unconscious one."""
    return _health(args.target, state, args.amount, args.reason, "regains")


class RecoverHealthArgs(ToolArgs):
    actor: str = Field(min_length=1, max_length=60, description="Who recovers.")
    mode: Mode = Field(description="mid_action (a turn to catch breath: brass test, 1 point), full_rest (a few "
                                   "minutes' relaxing: all of it) or long_term (gritty healing: brass test, +1 "
                                   "uninterrupted, a medic's cure test).")
    modifier: int = MODIFIER
    faith: bool = FAITH_ARG
    uninterrupted_rest: bool = Field(False, description="long_term only: +1 for rest without interruption.")
    medic: str | None = Field(None, min_length=1, max_length=60, description="long_term only: another character "
                              "who makes a cure test (brain and cure read from their sheet).")
    medic_modifier: int = Field(0, ge=-10, le=10, description="Bonuses and penalties to the medic's cure test.")


class RecoverHealthResult(RecoveryResult, BoundResult):
    actor: str
    medic: str | None


@table_tool("minim")
def minim_recover_health(args: RecoverHealthArgs, roller: Roller, state: TableState) -> RecoverHealthResult:
    """A character recovers health from their sheet: mid-action brass test, full rest, or long-term healing with an
    optional medic from the table."""
    name, c = find(state, args.actor, "actor")
    if c.health >= c.max_health:
        fail("actor", f"{name} is already at full health ({c.health} of {c.max_health}); there is nothing to "
                      "recover", name)
    if args.mode == "mid_action":  # a turn spent regaining breath is the character's action; resting is not
        require_conscious(name, c, "actor", "take a turn to regain breath")
        before_action(state, name, "actor", "minim_recover_health")
    medic = medic_sheet = None
    if args.medic is not None:
        if args.mode != "long_term":
            fail("medic", "only long_term healing uses a medic", args.medic)
        medic, medic_sheet = find(state, args.medic, "medic")
        if medic == name:
            fail("medic", "the medic's cure test comes on top of the character's own brass test: name another "
                          "character", args.medic)
        require_conscious(medic, medic_sheet, "medic", "treat anyone")
    parts: list[tuple[int, str]] = []
    steps: list[Any] = []
    refs: list[str] = []
    if args.mode == "mid_action":
        parts, cond_steps, refs = condition_modifier(state, name)
        steps += cond_steps + modifier_line(args.modifier, parts)
    faith = spend_faith(state, name, c, roller) if args.faith else None
    steps += faith.steps if faith else []
    changes: list[Any] = list(faith.spend) if faith and faith.granted else []
    r = run_pure(minim_recover, roller, mode=args.mode, brass=c.traits.brass, max_health=c.max_health,
                 health=c.health, modifier=args.modifier + sum(n for n, _ in parts),
                 faith=bool(faith and faith.granted), uninterrupted_rest=args.uninterrupted_rest,
                 medic_brain=medic_sheet.traits.brain if medic_sheet else None,
                 medic_has_cure=("cure" in medic_sheet.skills) if medic_sheet else None,
                 medic_modifier=args.medic_modifier)
    if medic_sheet is not None:
        steps.append(step("minim.medic", name=medic, brain=medic_sheet.traits.brain,
                          has_cure="cure" in medic_sheet.skills))
    edits = ConditionEdits(state)
    changes += health_change(name, c, r.health_after, edits) + edits.ops()
    extra = {"dice": [*faith.dice, *r.dice]} if faith and faith.dice else {}
    result = bind(RecoverHealthResult, r, changes, summary=step("minim.said", name=name, said=r.summary), before=steps,
                  refs=refs,
                  actor=name, medic=medic, **extra)
    return after_action(state, name, result) if args.mode == "mid_action" else result
