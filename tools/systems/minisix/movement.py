"""Movement options (``mini-six.md#Movement``, ``#Static Defenses``): how far a character goes in a round.

* walk — the free 15' that goes with any action ("may freely move up to 15', as normal").
* charge — an attack action: +15' (30' in all) toward the foe, then a melee attack; movement ends after it.
* dash — once a round, +30' (45' with the free move); it may go with other actions, a charge among them:
  "charge and dash" is 60' before the attack (or 30' charging and 30' after).
* run — the only action: 60' plus an Athletics roll; sprint — in a straight line: 90' plus double the Athletics
  roll.
* slow creatures (dwarfs and the like): charge +10' (25'), dash +25', run 50' + Athletics, sprint 75' + double
  Athletics. Reading: their free move stays 15' (the book's "so 25' total" for a charge is 15' + 10').

A run or sprint throws Athletics (the wild die included); the odds are the exact chance of each distance band
the roll can reach, in the difficulty bands of an open roll.
"""

from __future__ import annotations

from pydantic import Field, field_validator, model_validator

from narrator.tools.contract import CheckResult, ToolArgs
from narrator.tools.dice import Roller
from narrator.tools.odds import Dist, Odds, shape_cache
from narrator.tools.steps import step
from narrator.tools.tool import tool
from narrator.tools.systems.minisix.checks import RollOutcome, RollSpec
from narrator.tools.systems.minisix.codes import parse_field, rolled_dice
from narrator.tools.systems.minisix.rules import FREE_MOVE, MOVEMENT, STATIC, Move
from narrator.tools.systems.minisix.wild import between

NORMAL = {"walk": 15, "charge": 30, "dash": 45, "charge and dash": 60, "run": 60, "sprint": 90}
SLOW = {"walk": 15, "charge": 25, "dash": 40, "charge and dash": 50, "run": 50, "sprint": 75}
ROLLED = {"run": 1, "sprint": 2}


class MoveArgs(ToolArgs):
    mode: Move = Field(description="walk (free 15'), charge (30' then a melee attack), dash (+30', once a round), "
                       "charge and dash (60' then attack), run (60' + Athletics, no other action), sprint (90' + "
                       "double Athletics, straight line).")
    slow: bool = Field(False, description="A dwarf or other slow creature.")
    athletics: str | None = Field(None, max_length=20, description="The Athletics code, for run and sprint.")
    penalty_dice: int = Field(0, ge=0, le=20, description="Wound and stun dice lost from the Athletics roll.")

    @field_validator("athletics")
    @classmethod
    def _code(cls, v: str | None) -> str | None:
        if v is None:
            return None
        v = parse_field(v)
        if rolled_dice(v) < 1:
            raise ValueError("an Athletics code has at least 1D")
        return v

    @model_validator(mode="after")
    def _athletics_when_rolled(self) -> "MoveArgs":
        if self.mode in ROLLED and self.athletics is None:
            raise ValueError(f"a {self.mode} adds an Athletics roll: give the athletics code (e.g. '3D+1')")
        return self


DISTANCE_BANDS: tuple[tuple[int | None, int | None], ...] = (
    (None, 1), (2, 5), (6, 10), (11, 15), (16, 20), (21, 29), (30, None))
"""The roll's difficulty bands, read as distances: how far a run or sprint gets, in steps an eye can follow."""


def _band_label(base: int, times: int, low: int | None, high: int | None) -> str:
    if low is None:
        return f"up to {base + times * high}'"
    if high is None:
        return f"{base + times * low}' or more"
    return f"{base + times * low}'-{base + times * high}'"


def distance_label(base: int, times: int, roll: int) -> str:
    for low, high in DISTANCE_BANDS:
        if (low is None or roll >= low) and (high is None or roll <= high):
            return _band_label(base, times, low, high)
    raise AssertionError(roll)


def distance_odds(o: RollOutcome, base: int, times: int) -> Odds:
    """The exact chance of each distance band (the Athletics roll's difficulty bands, scaled)."""
    return _distance_odds(o.eff.code.dice, o.eff.pips, base, times)


@shape_cache
def _distance_odds(dice: int, pips: int, base: int, times: int) -> Odds:
    """:func:`distance_odds` once per shape (dice, pips, base distance, multiplier)."""
    parts = {_band_label(base, times, lo, hi): between(dice, pips, lo, hi) for lo, hi in DISTANCE_BANDS}
    return Dist(parts).odds(order=tuple(parts))


class MoveResult(CheckResult):
    mode: str
    feet: int = Field(description="How far the character may move this round.")
    base_feet: int
    athletics_roll: int | None = Field(json_schema_extra={"fact": "total"})
    attack_after: bool = Field(description="The move ends with a melee attack (a charge).")
    other_actions: bool = Field(description="Whether other actions may be taken this round.")


@tool("minisix")
def minisix_move(args: MoveArgs, roller: Roller) -> MoveResult:
    """Movement this round: free 15', charge (30' then attack), dash (+30'), run (60' + Athletics), sprint (90' + double
    Athletics); slow creatures move less."""
    table = SLOW if args.slow else NORMAL
    base = table[args.mode]
    steps: list = [step("minisix.move_" + args.mode.replace(" ", "_"), slow=args.slow, free=FREE_MOVE, feet=base,
                        added=base - FREE_MOVE, after=base - table["charge"])]
    dice, odds, roll, success, outcome = [], None, None, None, f"{base}'"
    feet = base
    if args.mode in ROLLED:
        o = RollOutcome(RollSpec(code=args.athletics, tn=None, penalty_dice=args.penalty_dice), roller, "athletics")
        times = ROLLED[args.mode]
        roll = o.total
        feet = base + times * roll
        steps += o.steps[:-1]
        steps.append(step("minisix.move_feet", base=base, times=times, roll=roll, feet=feet))
        dice, odds, outcome = o.dice, distance_odds(o, base, times), distance_label(base, times, roll)
    return MoveResult(summary=step("minisix.move", mode=args.mode, slow=args.slow, feet=feet), steps=steps,
                      rule_refs=[MOVEMENT] + ([STATIC] if args.mode == "walk" else []), dice=dice, outcome=outcome,
                      success=success, odds=odds, mode=args.mode, feet=feet, base_feet=base, athletics_roll=roll,
                      attack_after=args.mode in ("charge", "charge and dash"),
                      other_actions=args.mode not in ROLLED)
