"""The Mini Six roll (``mini-six.md#Dice Basics``, ``#Multiple Actions``, the difficulty bands in ``#2. Perks``):
``minisix_roll`` is the core every other Mini Six tool builds on.

A die code ``ND+P`` rolls N six-sided dice, one of them the wild die (which explodes on every 6, see
:mod:`.wild`), and adds P. Against a target number the roll succeeds when the total reaches it (``total >= tn``:
the TN is "the number needed to successfully hit"); an open roll (no TN) is read against the difficulty bands
(Very Easy 2-5 ... Heroic 30+), the odds giving the exact chance of each band.

Readings chosen:

* Multiple actions: "withholding one die from every action ... for each action beyond the first", at least one
  die left for each action and at most ten actions — more is an argument error, never a silent cap.
* Penalty dice (wounds −1D/−2D/−3D, a stun −1D: ``penalty_dice``) come off before the multiple-action dice and
  stop at 1D: the book never takes the last die away (the wild die is "always" rolled), so a wounded 1D character
  still rolls 1D; the multiple-action rule is then applied to what is left and may refuse.
* ``modifier`` is a flat bonus or penalty to the total (the table's circumstances; a difficulty moved a band is
  ±5); ``hero_points`` adds +6 per Hero Point spent before the roll, at most three (+18) — Thule's house rule,
  which the table tools allow only when the campaign option is on; ``double`` doubles the result (the Lucky perk).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any

from pydantic import Field, field_validator, model_validator

from narrator.tools.contract import CheckResult, ToolArgs
from narrator.tools.dice import Roller
from narrator.tools.odds import Odds
from narrator.tools.steps import Step, step
from narrator.tools.tool import tool
from narrator.tools.systems.minisix.codes import DieCode, parse_field, rolled_code, rolled_dice
from narrator.tools.systems.minisix.rules import DICE_BASICS, DIFFICULTY, HERO_POINT_BONUS, HOUSE, MULTIPLE
from narrator.tools.systems.minisix.wild import (
    BAND_ORDER, WildRoll, at_least, band_dist, band_of, chain_lines, success_dist, throw,
)

MAX_ACTIONS = 10


class DiceSpec(ToolArgs):
    """The dice of a Mini Six roll, without a target; other tools extend it (dodges, attacks, healing, stamina)."""

    code: str = Field(max_length=20, description="The die code rolled, e.g. '3D+1' (skill or attribute).")
    extra_actions: int = Field(0, ge=0, le=MAX_ACTIONS - 1, description="Actions beyond the first this round: "
                               "-1D to every action for each; at least 1D must be left; at most 10 actions.")
    penalty_dice: int = Field(0, ge=0, le=20, description="Dice lost to wounds or a stun (-1D, -2D, -3D); never "
                              "below 1D.")
    modifier: int = Field(0, ge=-60, le=60, description="A flat bonus or penalty to the total.")
    hero_points: int = Field(0, ge=0, le=3, description="Hero Points spent before the roll: +6 each, at most +18 "
                             "(Thule house rule).")
    double: bool = Field(False, description="The Lucky perk: the result of this roll is doubled.")

    @field_validator("code")
    @classmethod
    def _code(cls, v: str) -> str:
        v = parse_field(v)
        if rolled_dice(v) < 1:
            raise ValueError(f"'{v}' has no dice to roll; a roll is at least 1D (e.g. '1D', '3D+1')")
        return v

    @model_validator(mode="after")
    def _one_die_per_action(self) -> "DiceSpec":
        left = max(1, rolled_dice(self.code) - self.penalty_dice)
        if left - self.extra_actions < 1:
            actions = self.extra_actions + 1
            raise ValueError(f"{actions} actions from {left}D leave {left - self.extra_actions}D for each: a "
                             "character must be able to allocate at least one die to each action")
        return self


class RollSpec(DiceSpec):
    """A roll against a target number, or open."""

    tn: int | None = Field(..., ge=1, le=500, description="Target number, or null for an open roll read against "
                           "the difficulty bands.")


class Effective:
    """The code actually rolled and the lines saying how it came from the code given (worked out once per the code,
    penalties, actions, modifier and Hero Points: :func:`_effective`)."""

    def __init__(self, spec: DiceSpec):
        self.given, self.code, self.bonus, lines = _effective(spec.code, spec.penalty_dice, spec.extra_actions,
                                                              spec.modifier, spec.hero_points)
        self.lines = list(lines)

    @property
    def pips(self) -> int:
        return self.code.pips + self.bonus


@lru_cache(maxsize=4096, typed=True)
def _effective(code: str, penalty_dice: int, extra_actions: int, modifier: int,
               hero_points: int) -> tuple[DieCode, DieCode, int, tuple[Step, ...]]:
    """(the code given, normalised; the code rolled; the flat bonus; the lines) of a roll's dice, once per its values:
    a fight rolls the same codes with the same penalties again and again."""
    given, lines = rolled_code(code)
    lines += [step("minisix.code_rolls", code=given.text() if lines else code, dice=given.dice, pips=given.pips)]
    dice = given.dice
    if penalty_dice:
        after = max(1, dice - penalty_dice)
        lines.append(step("minisix.penalty_dice", dice=penalty_dice, after=after, floored=dice - penalty_dice < 1))
        dice = after
    if extra_actions:
        n = extra_actions
        lines.append(step("minisix.multiple_actions", actions=n + 1, withheld=n, left=dice - n))
        dice -= n
    rolled = DieCode(dice=dice, pips=given.pips)
    if modifier:
        lines.append(step("minisix.modifier", mod=modifier))
    if hero_points:
        lines.append(step("minisix.hero_points_spent", points=hero_points, bonus=HERO_POINT_BONUS * hero_points))
    return given, rolled, modifier + HERO_POINT_BONUS * hero_points, tuple(lines)


def withheld(eff: Effective, spec: DiceSpec) -> dict[str, Any]:
    """The code given and the dice it lost (wounds, a stun, more actions), for a summary that rolls fewer dice than
    the sheet shows ("4D+1 -1D hurt: 3D+1: ..."); nothing when it lost none."""
    if eff.given.dice == eff.code.dice:
        return {}
    hurt = eff.given.dice - eff.code.dice - spec.extra_actions  # what the penalty took (it stops at one die)
    return {"given": eff.given.text(), "penalty": hurt, "actions": spec.extra_actions}


@lru_cache(maxsize=4096)
def tn_odds(dice: int, pips: int, tn: int, double: bool) -> tuple[Fraction, Odds]:
    """P(success) against a target number and the odds block, once per (dice, pips, tn, double)."""
    p = at_least(dice, pips, tn, double)
    return p, success_dist(dice, pips, tn, double).odds(p_success=p, order=("failure", "success"))


class RollOutcome:
    """A thrown roll judged: total (doubled if lucky), success against the TN or its band, exact odds, steps."""

    def __init__(self, spec: DiceSpec, roller: Roller, purpose: str = "", tn: int | None = None):
        eff = Effective(spec)
        self.eff = eff
        self.roll: WildRoll = throw(roller, eff.code.dice, eff.pips, purpose)
        total = self.roll.total * 2 if spec.double else self.roll.total
        self.total = total
        steps = list(eff.lines)
        steps.append(step("minisix.rolled", story=self.roll.story()))
        steps += chain_lines(self.roll)
        if spec.double:
            steps.append(step("minisix.lucky_doubled", roll=self.roll.total, total=total))
        tn = getattr(spec, "tn", None) if tn is None else tn
        self.tn = tn
        if tn is not None:
            self.success: bool | None = total >= tn
            self.margin: int | None = total - tn
            self.outcome = "success" if self.success else "failure"
            steps.append(step("minisix.tn_verdict", tn=tn, total=total, success=self.success, outcome=self.outcome,
                              margin=self.margin))
            self.p, self.odds = tn_odds(eff.code.dice, eff.pips, tn, spec.double)
        else:
            self.success, self.margin, self.p = None, None, None
            self.outcome = band_of(total)
            steps.append(step("minisix.open_band", total=total, band=self.outcome))
            self.odds = band_dist(eff.code.dice, eff.pips, spec.double).odds(order=BAND_ORDER)
        self.steps = steps

    @property
    def dice(self):
        return self.roll.dice


class MiniSixRollResult(CheckResult):
    code: str = Field(description="The code given.")
    rolled: str = Field(description="The code actually rolled after penalties and multiple actions.")
    total: int
    tn: int | None
    margin: int | None = Field(description="total - tn (null for an open roll).")
    outcome_label: str
    band: str = Field(description="The difficulty band the total falls in.")
    wild_chain: list[int] = Field(description="The wild die's faces in order: every 6 exploded into the next.",
                                  json_schema_extra={"fact": "die"})
    plain: list[int] = Field(description="The other dice's faces.", json_schema_extra={"fact": "die"})
    extra_actions: int
    hero_points: int = Field(json_schema_extra={"fact": "resource"})
    doubled: bool


def refs_for(spec: DiceSpec) -> list[str]:
    return [DICE_BASICS, DIFFICULTY] + ([MULTIPLE] if spec.extra_actions else []) + (
        [HOUSE] if spec.hero_points else [])


def result_fields(o: RollOutcome, spec: DiceSpec) -> dict[str, Any]:
    return dict(dice=o.dice, outcome=o.outcome, outcome_label=o.outcome, success=o.success, odds=o.odds,
                code=spec.code, rolled=o.eff.code.text(), total=o.total, tn=o.tn, margin=o.margin,
                band=band_of(o.total), wild_chain=[d.face for d in o.roll.wild],
                plain=[d.face for d in o.roll.plain], extra_actions=spec.extra_actions,
                hero_points=spec.hero_points, doubled=spec.double)


@tool("minisix")
def minisix_roll(args: RollSpec, roller: Roller) -> MiniSixRollResult:
    """Roll a Mini Six die code (e.g. 3D+1) with the exploding wild die, against a target number or open; -1D per extra
    action; exact odds."""
    o = RollOutcome(args, roller)
    return MiniSixRollResult(summary=step("minisix.roll", code=o.eff.code.text(), story=o.roll.story(),
                                          doubled=args.double, total=o.total, tn=args.tn, outcome=o.outcome,
                                          **withheld(o.eff, args)),
                             steps=o.steps, rule_refs=refs_for(args), **result_fields(o, args))
