"""Magic (``brew.md#Magic Rolls``, ``#Choose Magic``, ``#Mana``, the seven fields): casting and refreshing mana.

Readings chosen:

* A spell's pool is the attribute that suits the caster's kind of magic (a Cultivator's Perception, a ceremonial
  magician's Precision or Wits) + one of the seven fields. A field at 0 cannot be cast at all, not even by the
  attribute alone: Xuan Fengyin, with no Movement or Transfiguration, cannot cross the river by magic.
* Mana slots equal the magic points in all fields together; every casting uses one slot, whether it works or not
  (Xuan's healing "uses up one mana slot"); with no slot left nothing is cast.
* Refreshing, as the gamemaster chooses: *daily* (every slot back at dawn or sunset), *timed* (each used slot
  comes back a set number of hours after it was used: 2, or 4 or 10 in a less charged world), *ritual* (all
  slots back on a successful ritual roll: Wits + Craft, Precision + Craft or Wits + Athletics by the setting).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from narrator.tools.contract import CheckResult, ToolArgs
from narrator.tools.dice import Roller
from narrator.tools.errors import FieldProblem, ToolArgumentError
from narrator.tools.odds import certain_odds
from narrator.tools.steps import step
from narrator.tools.tool import tool
from narrator.tools.systems.brew.checks import (
    BrewCheckResult, CheckArgs, PoolSpec, check_fields, check_odds, keep_mode, pool_of, resolve_roll,
)
from narrator.tools.systems.brew.rules import FIELDS_REF, MAGIC_ROLLS, MANA, SKILL_ROLLS, MagicField, Outcome


class CastArgs(CheckArgs):
    field: MagicField = Field(description="transfiguration, healing, destruction, illusion, scrying, odds or "
                              "movement.")
    mana: int = Field(ge=0, le=60, description="Mana slots left.")


class CastResult(BrewCheckResult):
    field: MagicField
    mana_before: int
    mana_after: int


@tool("brew")
def brew_cast(args: CastArgs, roller: Roller) -> CastResult:
    """Cast a Brew spell: attribute + field of magic + 1d6 against a difficulty; no point in the field means it cannot
    be cast; uses one mana slot."""
    problems = []
    if not args.skill:
        problems.append(FieldProblem("skill", f"no points in {args.field}: magic of a field cannot be cast by "
                                              "rolling the attribute alone (brew.md#Magic Rolls)"))
    if args.mana < 1:
        problems.append(FieldProblem("mana", "no mana slot left; mana refreshes as the setting says (brew.md#Mana)"))
    if problems:
        raise ToolArgumentError("?", problems)
    r = check_fields(args, roller, "spell die")
    steps = [step("brew.spell_pool", field=args.field, skill=args.skill), *r["steps"],
             step("brew.mana_used", mana=args.mana, after=args.mana - 1)]
    return CastResult(**{**r, "summary": step("brew.spell", field=args.field, roll=r["summary"]), "steps": steps,
                         "rule_refs": [MAGIC_ROLLS, FIELDS_REF, MANA, *r["rule_refs"]]},
                      field=args.field, mana_before=args.mana, mana_after=args.mana - 1)


class ManaArgs(ToolArgs):
    method: Literal["daily", "timed", "ritual"]
    mana: int = Field(ge=0, le=60)
    max_mana: int = Field(ge=0, le=60, description="The total of the caster's magic points.")
    hours_since_use: list[float] = Field(default_factory=list, max_length=60, description="timed: hours since "
                                         "each used slot was spent.")
    interval_hours: int = Field(2, ge=1, le=48, description="timed: hours until a used slot comes back (2, 4 or "
                                "10).")
    ritual: PoolSpec | None = Field(None, description="ritual: the ritual roll's pool (Wits or Precision + Craft, "
                                    "Wits + Athletics).")
    difficulty: int = Field(8, ge=1, le=40, description="ritual: the roll's difficulty.")

    @model_validator(mode="after")
    def _fits(self):
        if self.mana > self.max_mana:
            raise ValueError(f"mana {self.mana} is above its maximum {self.max_mana}")
        if self.method == "ritual" and self.ritual is None:
            raise ValueError("a ritual refresh needs the ritual roll's pool (ritual)")
        if self.method == "timed" and len(self.hours_since_use) > self.max_mana - self.mana:
            raise ValueError(f"only {self.max_mana - self.mana} slot(s) are used; hours_since_use lists "
                             f"{len(self.hours_since_use)}")
        return self


class ManaResult(CheckResult):
    outcome: Outcome | Literal["refreshed"]
    mana_after: int
    regained: int


@tool("brew")
def brew_mana(args: ManaArgs, roller: Roller) -> ManaResult:
    """Refresh Brew mana slots: daily (all at dawn or sunset), timed (each slot back some hours after use) or by a
    ritual roll."""
    spent = args.max_mana - args.mana
    steps = [step("brew.mana_of", mana=args.mana, max_mana=args.max_mana, spent=spent)]
    dice = []
    outcome = "refreshed"
    odds = certain_odds("refreshed")
    success = None
    if args.method == "daily":
        after = args.max_mana
        steps.append(step("brew.daily_refresh"))
    elif args.method == "timed":
        back = sum(1 for h in args.hours_since_use if h >= args.interval_hours)
        after = args.mana + back
        steps.append(step("brew.timed_refresh", hours=args.interval_hours, back=back, used=len(args.hours_since_use)))
    else:
        breakdown, lines = pool_of(args.ritual)
        mode = keep_mode(args.ritual.specialty, args.ritual.advantage)
        r = resolve_roll(roller, breakdown.pool, args.difficulty, mode, args.ritual.lucky, purpose="ritual die")
        dice, outcome, success = r.dice, r.outcome, r.outcome != "failure"
        odds = check_odds(breakdown.pool, args.difficulty, mode, args.ritual.lucky, False)
        after = args.max_mana if success else args.mana
        steps += [step("brew.ritual"), *lines, *r.steps, step("brew.ritual_done", success=success)]
    return ManaResult(summary=step("brew.mana", mana=args.mana, after=after, method=args.method), steps=steps,
                      rule_refs=[MANA] + ([SKILL_ROLLS] if args.method == "ritual" else []), dice=dice,
                      outcome=outcome, success=success, odds=odds, mana_after=after, regained=after - args.mana)
