"""Healing (``mini-six.md#Wound Level Effects``): natural healing by Might, and assisted healing by Medicine.

The table, as printed::

    Wound Level        Frequency (N.Healing)  Might Difficulty  Assisted Healing Difficulty
    Stunned            1 minute               automatic         Easy (10, 6 with medicine kit)
    Wounded            3 days                 6                 Moderate (15, 11 with medicine kit)
    Severely Wounded   3 days                 6                 Moderate (15, 11 with medicine kit)
    Incapacitated      2 weeks                8                 Difficult (20, 16 with medicine kit)
    Mortally Wounded   5 weeks                9                 Very Difficult (25, 21 with medicine kit)

Readings chosen:

* Natural healing: after the period at a level, the character rolls Might against that level's difficulty; a
  success heals one wound level, as assisted healing does ("the patient heals one wound level"). The book says
  nothing of a failure, so nothing changes and the character tries again after another period. A stun wears off
  by itself after a minute, no roll.
* Assisted healing: "A skill check may be made once per day for each patient ... On a successful roll, the
  patient heals one wound level. This normally takes about ten minutes." The once-a-day limit is the table's
  (it remembers whom each day's checks treated). A mortally wounded patient's death roll waits for the attempt.
* Healing one level: Severely Wounded → Wounded → unharmed, Incapacitated → Severely Wounded, Mortally Wounded →
  Incapacitated; a stun not yet worth a wound is gone by the time anyone heals (it lasts a minute).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from pydantic import Field, model_validator

from narrator.tools.contract import CheckResult
from narrator.tools.dice import Roller
from narrator.tools.odds import Dist, Odds
from narrator.tools.steps import step
from narrator.tools.tool import tool
from narrator.tools.systems.minisix.checks import DiceSpec, RollOutcome
from narrator.tools.systems.minisix.rules import ASSISTED_HEALING, NATURAL_HEALING, WOUND_EFFECTS, Level
from narrator.tools.systems.minisix.damage import level_name

HEALABLE = ("stunned", "wounded", "severely wounded", "incapacitated", "mortally wounded")
WOUNDS_OF = {"stunned": 0, "wounded": 1, "severely wounded": 2, "incapacitated": 3, "mortally wounded": 4}


def healed(level: str) -> str:
    """The level one step better."""
    if level == "stunned":
        return "unharmed"
    return level_name(WOUNDS_OF[level] - 1)


class NaturalArgs(DiceSpec):
    code: str = Field(max_length=20, description="The character's Might code.")
    level: Level = Field(description="The wound level being healed.")

    @model_validator(mode="after")
    def _healable(self) -> "NaturalArgs":
        if self.level not in HEALABLE:
            raise ValueError(f"{self.level} cannot be healed: {', '.join(HEALABLE)} can")
        return self


@lru_cache(maxsize=4096)
def healing_odds(p: Fraction) -> Odds:
    """Not healed / healed at P(healed) = ``p``, built once per chance."""
    return Dist({"not healed": 1 - p, "healed": p}).odds(p_success=p, order=("not healed", "healed"))


class HealingResult(CheckResult):
    level_before: str
    level_after: str
    tn: int | None
    total: int | None
    period: str | None = Field(None, description="How long natural healing takes at this level.")


@tool("minisix")
def minisix_natural_healing(args: NaturalArgs, roller: Roller) -> HealingResult:
    """Natural healing: after the period (stunned 1 minute, wounded 3 days, incapacitated 2 weeks, mortally wounded 5
    weeks) a Might roll vs 6/6/8/9 heals one wound level."""
    period, tn = NATURAL_HEALING[args.level]
    if tn is None:
        return HealingResult(summary=step("minisix.stun_wears_off"), steps=[
            step("minisix.stun_heals")], rule_refs=[WOUND_EFFECTS], dice=[],
            outcome="healed", success=True, odds=Dist.certain("healed").odds(p_success=1, order=("not healed",
                                                                                                   "healed")),
            level_before=args.level, level_after="unharmed", tn=None, total=None, period=period)
    o = RollOutcome(args, roller, "natural healing", tn=tn)
    after = healed(args.level) if o.success else args.level
    steps = [step("minisix.natural_period", level=args.level, period=period, tn=tn), *o.steps,
             step("minisix.healed_level", level=args.level, after=after) if o.success else
             step("minisix.not_healed", level=args.level, period=period)]
    return HealingResult(summary=step("minisix.natural_healing", level=args.level, total=o.total, tn=tn,
                                      healed=bool(o.success), after=after),
                         steps=steps, rule_refs=[WOUND_EFFECTS], dice=o.dice, outcome="healed" if o.success else
                         "not healed", success=o.success, odds=healing_odds(o.p),
                         level_before=args.level, level_after=after, tn=tn, total=o.total, period=period)


class AssistedArgs(DiceSpec):
    code: str = Field(max_length=20, description="The healer's Medicine code.")
    level: Level = Field(description="The patient's wound level.")
    kit: bool = Field(False, description="The healer has a medicine kit: each difficulty 4 lower.")

    @model_validator(mode="after")
    def _healable(self) -> "AssistedArgs":
        if self.level not in HEALABLE:
            raise ValueError(f"{self.level} cannot be healed: {', '.join(HEALABLE)} can")
        return self


@tool("minisix")
def minisix_assisted_healing(args: AssistedArgs, roller: Roller) -> HealingResult:
    """Assisted healing: a Medicine check once per day per patient (stunned 10, wounded 15, incapacitated 20, mortally
    wounded 25; 4 less with a medicine kit) heals one level."""
    name, tn, kit_tn = ASSISTED_HEALING[args.level]
    target = kit_tn if args.kit else tn
    o = RollOutcome(args, roller, "medicine", tn=target)
    after = healed(args.level) if o.success else args.level
    steps = [step("minisix.treating", level=args.level, difficulty=name, tn=tn, kit_tn=kit_tn, kit=args.kit),
             *o.steps,
             (step("minisix.patient_heals", level=args.level, after=after) if o.success else
              step("minisix.treatment_fails")),
             step("minisix.ten_minutes")]
    if args.level == "mortally wounded":
        steps.append(step("minisix.death_roll_waits"))
    return HealingResult(summary=step("minisix.assisted_healing", total=o.total, tn=target, level=args.level,
                                      healed=bool(o.success), after=after),
                         steps=steps, rule_refs=[WOUND_EFFECTS], dice=o.dice,
                         outcome="healed" if o.success else "not healed", success=o.success,
                         odds=healing_odds(o.p), level_before=args.level,
                         level_after=after, tn=target, total=o.total)
