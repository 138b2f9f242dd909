"""Healing (``brew.md#Healing``, ``#Simplified healing for combat-oriented games``): Medicine and magical Healing
rolls, rest, stabilising the dying, and day-by-day recovery.

Readings chosen:

* **Healing rolls.** ``simplified`` Medicine heals 2 on a total of 6, 4 on 8; ``simplified`` magic 4 on 6, 6 on
  8. Realistic magical Healing heals 2 on 6, 4 on 8, 8 on 12 (Xuan Fengyin: Perception 3 + Healing 3 is already 6,
  she rolls a 2 anyway, 7: 2 points). A realistic Medicine roll is a day's medical attention: the patient heals 2
  that day (3 on a total of 8 or more: "outside of the period, heal one additional point"); a failed roll leaves
  the day's natural 1. The roll must meet its difficulty (6 standard); a higher difficulty heals by the same table.
  Never above maximum health. The book's Xuan Fengyin example says her die "comes up a 2, to a total of 7", but
  Perception 3 + Healing 3 + 2 is 8 (4 points); the engine adds as the rule says, and the test reproduces the
  stated total, 7, with a 1. With a lasting injury under the simplified rules, health stops at 8 (maximum − 2)
  and the injury itself heals only with a full eight hours of rest.
* **Rest** (simplified): two hours heal half the damage sustained, rounded up; eight hours heal all of it,
  lasting injuries too, and clear illness and poison. Five hours of rest refresh Resolve, in either rule set.
* **Stabilising** (realistic): Medicine against 6 (once a day per caregiver) brings a character at 0 to −4 to
  health 1, where they stay through a stabilisation period of 10 − Power days (at least 1); a total of 8 or more
  shortens it by a day.
* **Recovery by days** (realistic): health 1 or more heals 1 a day, 2 with medical care. During stabilisation
  health holds; a day without care does not count (the period is extended by a day), and missing Power days in a
  row kills. A character at 0 not yet stabilised recovers only with daily care through the whole period, then
  wakes at 1 ("they will revive on the last day with Health 1"). Lasting injuries heal concurrently with normal
  healing: 1 a day, 2 with expert care. Bertha the Brute (−2, Power 4, stabilised): six days at 1, then 3 and 5.
"""

from __future__ import annotations

from functools import lru_cache
from math import ceil
from typing import Literal

from pydantic import Field, model_validator

from narrator.tools.contract import CheckResult, ToolArgs, ToolResult
from narrator.tools.dice import Roller
from narrator.tools.frozen import Frozen
from narrator.tools.odds import Dist
from narrator.tools.steps import step
from narrator.tools.tool import tool
from narrator.tools.systems.brew.checks import (
    PoolSpec, check_odds, die_dist, keep_mode, pool_of, resolve_roll,
)
from narrator.tools.systems.brew.health import state_lines
from narrator.tools.systems.brew.rules import (
    HEALING, HEALING_MORE, MAGIC_ROLLS, MANA, SKILL_ROLLS, HealingRule, Outcome,
)

Method = Literal["medicine", "magic"]
HEAL_TABLES: dict[tuple[str, str], tuple[tuple[int, int], ...]] = {
    ("simplified", "medicine"): ((8, 4), (6, 2)),
    ("simplified", "magic"): ((8, 6), (6, 4)),
    ("realistic", "magic"): ((12, 8), (8, 4), (6, 2)),
    ("realistic", "medicine"): ((8, 3), (6, 2)),
}
"""(rules, method) -> (total reached, points healed), highest first."""
LASTING_CAP = 8


def healed_by(rules: str, method: str, total: int | None, difficulty: int) -> int:
    if total is None or total < difficulty:
        return 1 if (rules, method) == ("realistic", "medicine") else 0
    table = HEAL_TABLES[(rules, method)]
    return next((points for at, points in table if total >= at), table[-1][1])


def cap_of(max_health: int, rules: str, lasting: bool) -> int:
    return min(LASTING_CAP, max_health - 2) if lasting and rules == "simplified" else max_health


class HealRollArgs(PoolSpec):
    method: Method = Field(description="medicine (a Medicine or nursing Profession roll) or magic (the Healing "
                           "field).")
    rules: HealingRule = Field("realistic", description="realistic (the base rules) or simplified (combat-heavy "
                               "games).")
    difficulty: int = Field(6, ge=1, le=40, description="6 is the standard (indoors, resting, a first-aid kit).")
    patient_health: int = Field(ge=-4, le=30, description="The patient's health (realistic Medicine: at 0 or "
                                "below, stabilise first).")
    max_health: int = Field(10, ge=1, le=30)
    lasting_injury: bool = Field(False, description="The patient has a lasting injury.")

    @model_validator(mode="after")
    def _alive(self):
        if self.rules == "realistic" and self.method == "medicine" and self.patient_health <= 0:
            raise ValueError(f"the patient is at {self.patient_health}: under the realistic rules stabilise them "
                             "first (brew_stabilise)")
        return self


class HealRollResult(CheckResult):
    outcome: Outcome
    total: int | None
    healed: int
    health_after: int
    cap: int
    heal_odds: dict[str, str] = Field(description="Exact distribution of the points healed.")


@tool("brew")
def brew_heal_roll(args: HealRollArgs, roller: Roller) -> HealRollResult:
    """A Brew Medicine or magical Healing roll: points healed by the total (realistic magic 6 -> 2, 8 -> 4, 12 -> 8;
    simplified medicine 2/4, magic 4/6; a realistic Medicine day 2, 3 on 8+)."""
    breakdown, steps = pool_of(args)
    mode = keep_mode(args.specialty, args.advantage)
    r = resolve_roll(roller, breakdown.pool, args.difficulty, mode, args.lucky, purpose="healing die")
    cap = cap_of(args.max_health, args.rules, args.lasting_injury)
    table = HEAL_TABLES[(args.rules, args.method)]
    points = healed_by(args.rules, args.method, r.total, args.difficulty)
    after = max(args.patient_health, min(cap, args.patient_health + points))
    steps += r.steps
    steps.append(step("brew.heal_table", rules=args.rules, method=args.method, table=[list(row) for row in table]))
    steps.append(step("brew.heals", points=points, health=args.patient_health, after=after, cap=cap,
                      max_health=args.max_health))
    if args.lasting_injury and args.rules == "simplified":
        steps.append(step("brew.injury_not_healed"))
    if args.method == "magic":
        steps.append(step("brew.casting_mana"))
    pool = breakdown.pool
    refs = [HEALING_MORE if args.rules == "realistic" else HEALING, SKILL_ROLLS]
    if args.method == "magic":
        refs += [MAGIC_ROLLS, MANA]
    return HealRollResult(
        summary=step("brew.heal_roll", method=args.method, rules=args.rules, total=r.total, outcome=r.outcome,
                     points=points),
        steps=steps, rule_refs=refs, dice=r.dice, outcome=r.outcome, success=r.outcome != "failure",
        odds=check_odds(pool, args.difficulty, mode, args.lucky, False), total=r.total, healed=after -
        args.patient_health, health_after=after, cap=cap,
        heal_odds=heal_exact(pool, mode, args.lucky, args.patient_health, cap, args.rules, args.method,
                             args.difficulty),
    )


@lru_cache(maxsize=4096)
def heal_exact(pool: int, mode: str, lucky: bool, health: int, cap: int, rules: str, method: str,
               difficulty: int) -> dict[str, str]:
    """The exact distribution of the points healed, as text, once per roll shape (the result copies the dict)."""
    heal = Dist.certain(None) if pool <= 0 else die_dist(mode, lucky) + pool
    points_dist = heal.map(lambda t: max(health, min(cap, health + healed_by(rules, method, t, difficulty))) - health)
    return {str(k): _frac(v) for k, v in sorted(points_dist.items())}


def _frac(v) -> str:
    return str(v.numerator) if v.denominator == 1 else f"{v.numerator}/{v.denominator}"


# --- rest (simplified) -----------------------------------------------------------------------------------------------


class RestArgs(ToolArgs):
    hours: int = Field(ge=1, le=24, description="Hours of rest: 2 heal half the damage, 8 heal everything "
                       "(simplified rules); 5 or more refresh Resolve.")
    health: int = Field(ge=-4, le=30)
    max_health: int = Field(10, ge=1, le=30)
    rules: HealingRule = "simplified"
    lasting_injuries: int = Field(0, ge=0, le=10)

    @model_validator(mode="after")
    def _awake(self):
        if self.rules == "simplified" and self.health <= 0 and self.hours < 8:
            raise ValueError("at 0 health or below only a full eight hours of rest heals under the simplified rules")
        return self


class RestResult(ToolResult):
    health_after: int
    healed: int
    injuries_cleared: bool
    resolve_refreshed: bool


@tool("brew")
def brew_rest(args: RestArgs, roller: Roller) -> RestResult:
    """Brew rest: under the simplified rules two hours heal half the damage (rounded up), eight hours heal all of it and
    lasting injuries; five hours refresh Resolve."""
    damage = max(0, args.max_health - args.health)
    steps = [step("brew.damage_sustained", damage=damage, health=args.health, max_health=args.max_health)]
    healed = 0
    cleared = False
    refs = [HEALING]
    if args.rules == "simplified":
        if args.hours >= 8:
            healed, cleared = damage, bool(args.lasting_injuries)
            steps.append(step("brew.full_rest"))
        elif args.hours >= 2:
            cap = cap_of(args.max_health, "simplified", bool(args.lasting_injuries))
            healed = max(0, min(ceil(damage / 2), cap - args.health))
            steps.append(step("brew.two_hours", half=ceil(damage / 2), cap=cap, injured=bool(args.lasting_injuries)))
        else:
            steps.append(step("brew.short_rest"))
    else:
        refs = [HEALING_MORE]
        steps.append(step("brew.realistic_rest"))
    refreshed = args.hours >= 5
    if refreshed:
        steps.append(step("brew.resolve_refresh"))
        refs.append("brew.md#Resolve Points")
    after = args.health + healed
    steps.append(step("brew.health_change", health=args.health, after=after))
    return RestResult(summary=step("brew.rest", hours=args.hours, health=args.health, after=after, refreshed=refreshed),
                      steps=steps, rule_refs=refs,
                      health_after=after, healed=healed, injuries_cleared=cleared, resolve_refreshed=refreshed)


# --- stabilising (realistic) -----------------------------------------------------------------------------------------


class StabiliseArgs(PoolSpec):
    patient_health: int = Field(ge=-4, le=0, description="The dying or unconscious patient's health (0 to -4).")
    patient_power: int = Field(ge=1, le=15)
    difficulty: int = Field(6, ge=1, le=40)


class StabiliseResult(CheckResult):
    outcome: Outcome
    total: int | None
    health_after: int
    stabilisation_days: int | None = Field(description="Days at health 1 before normal healing (when stabilised).")


def stabilisation_period(power: int) -> int:
    return max(1, 10 - power)


@tool("brew")
def brew_stabilise(args: StabiliseArgs, roller: Roller) -> StabiliseResult:
    """Stabilise a Brew character at 0 to -4: Medicine against 6 brings them to health 1 for a stabilisation period of
    10 - Power days (8+ shortens it by a day)."""
    breakdown, steps = pool_of(args)
    mode = keep_mode(args.specialty, args.advantage)
    r = resolve_roll(roller, breakdown.pool, args.difficulty, mode, args.lucky, purpose="medicine die")
    steps += r.steps
    period = stabilisation_period(args.patient_power)
    if r.outcome != "failure":
        days = max(1, period - (1 if r.total is not None and r.total >= 8 else 0))
        after = 1
        steps.append(step("brew.stabilised", power=args.patient_power, period=period, days=days))
    else:
        days, after = None, args.patient_health
        steps.append(step("brew.not_stabilised", health=args.patient_health, power=args.patient_power))
    return StabiliseResult(summary=step("brew.stabilise", outcome=r.outcome, days=days),
                           steps=steps, rule_refs=[HEALING_MORE, SKILL_ROLLS], dice=r.dice, outcome=r.outcome,
                           success=r.outcome != "failure",
                           odds=check_odds(breakdown.pool, args.difficulty, mode, args.lucky, False), total=r.total,
                           health_after=after, stabilisation_days=days)


# --- recovery by days (realistic) ------------------------------------------------------------------------------------


class RecoveryArgs(ToolArgs):
    health: int = Field(ge=-4, le=30)
    max_health: int = Field(10, ge=1, le=30)
    power: int = Field(ge=1, le=15)
    care: list[bool] = Field(min_length=1, max_length=120, description="One entry per day: true when medical "
                             "attention was received that day.")
    stabilising_days: int | None = Field(None, ge=0, le=30, description="Days left in a stabilisation period "
                                         "(health 1, after a stabilising roll).")
    injuries: list[int] = Field(default_factory=list, max_length=10, description="Points of healing each lasting "
                                "injury still needs.")

    @model_validator(mode="after")
    def _not_dying(self):
        if self.health < 0 and self.stabilising_days is None:
            raise ValueError(f"health {self.health}: dying within hours; stabilise first (brew_stabilise)")
        if any(not 0 <= i <= 200 for i in self.injuries):
            raise ValueError("each injury needs 0 to 200 points of healing")
        return self


class RecoveryDay(Frozen):
    day: int
    care: bool
    health: int
    stabilising_days: int | None
    injuries: list[int]


class RecoveryResult(ToolResult):
    health_after: int
    stabilising_days: int | None
    injuries_after: list[int]
    dead: bool
    days: list[RecoveryDay]


def recover(args: RecoveryArgs) -> RecoveryResult:
    health = 1 if args.stabilising_days is not None and args.health < 1 else args.health
    left = args.stabilising_days
    if left is None and health <= 0:
        left = stabilisation_period(args.power)  # unconscious at 0: daily care through the whole period
        waking = True
    else:
        waking = False
    injuries = list(args.injuries)
    missed = 0
    dead = False
    days: list[RecoveryDay] = []
    steps = [step("brew.recovery_from", health=args.health, power=args.power, left=left, injuries=list(injuries))]
    for n, care in enumerate(args.care, 1):
        if left:
            if care:
                left -= 1
                missed = 0
                note = step("brew.day_stabilising", left=left, waking=waking)
                if left == 0 and waking:
                    health = 1
            else:
                missed += 1
                dead = missed >= args.power
                note = step("brew.day_missed", missed=missed, power=args.power, dies=dead)
        else:
            gain = 2 if care else 1
            was = health
            health = min(args.max_health, health + gain)
            injuries = [max(0, i - gain) for i in injuries]
            note = step("brew.day_healed", care=care, was=was, health=health, injuries=list(injuries))
        days.append(RecoveryDay(day=n, care=care, health=health, stabilising_days=left if left else None,
                                injuries=injuries))
        steps.append(step("brew.day", n=n, note=note))
        if dead:
            break
    if not dead:
        steps += state_lines(health, args.power, "standard")
        for i, need in enumerate(injuries):
            if need:
                steps.append(step("brew.injury_left", n=i + 1, need=need, expert=ceil(need / 2)))
    return RecoveryResult(summary=step("brew.recovered", dead=dead, days=len(days), health=args.health, after=health),
                          steps=steps, rule_refs=[HEALING_MORE], health_after=health,
                          stabilising_days=left if left else None, injuries_after=injuries, dead=dead, days=days)


@tool("brew")
def brew_recovery(args: RecoveryArgs, roller: Roller) -> RecoveryResult:
    """Brew realistic recovery day by day: 1 health a day (2 with medical care), the stabilisation period at health 1,
    missed days, death after Power missed days, lasting injuries (30 points)."""
    return recover(args)

