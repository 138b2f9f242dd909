"""Hardship (``brew.md#Illness``, ``#Food and Drink``, ``#Sleep``, ``#Exhaustion``, ``#Extreme Weather
Conditions``, ``#Load``, ``#Travel``): what wears a character down, and how far they get.

Readings chosen:

* **Illness.** Resisting is Power + Survival against the illness's infectiousness; once infected, the illness
  lasts 10 − 1d6 − Power days (the 10 is the gamemaster's, ``base``), never below 0 (0: it passes within the day).
  A magical illness or curse uses the current mana in place of Power (``mana``).
* **Food and water.** No food: 2 health a week, meagre food 1 a week (full weeks); no water: 3 a day, meagre
  water 1 a day. Falling to 0 or below this way costs a point of maximum health for good, unless the setting has
  magical healing.
* **Sleep.** Easy mode, no sleep at all: day 2, Power + 1d6 against 5 to stay awake; day 3 the same roll and −2 to
  every roll even on a success; after day 3 the character falls asleep. Hard mode, no sleep at all: penalties from
  the second day (−1 Precision and Charisma, −2 Perception and Wits), after the third −2 and −4, after that no
  skill rolls at all; a Power + Survival roll against 8 on the second day staves it off a day (the schedule shifts
  by one); from the day after the second day of penalties, Power + 1d6 against 5 each day to stay awake; from day
  5, 1 damage a day until sleep or unconsciousness at health 1. Less than five hours of sleep (either mode): from
  the second day −1 to Precision, Perception and Wits; after the third also Power and Charisma; after the fifth −2
  to every roll.
* **Exhaustion.** −2 to every skill; persisting in strenuous activity, −3, then −4, then unconscious.
* **Extreme weather.** −2 to all rolls while exposed; every five hours Power + Survival (no penalty, +2 with
  shade and water or warm clothing) against 10 − Power, or 1 damage. Bertha: Power 4, Survival 3, rolls 3: 10
  against 6, fine.
* **Load.** Power 1-2 carries 15 kg unladen, 3-4 20 kg, 5 30 kg; laden is −2 to Speed and Precision.
* **Movement** (the crunchy option): a sprint covers Speed + half a d6 (rounded up) metres per 3 seconds; a run
  is (Speed + Power + 1d6) / 2 km/h, rounded up. Speed 3 and a 3: 5 m in 3 s; with Power 3: 5 km/h.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import ceil
from typing import Literal

from pydantic import Field, model_validator

from narrator.tools.contract import CheckResult, ToolArgs, ToolResult
from narrator.tools.dice import Die, Roller
from narrator.tools.odds import Dist, Odds, binomial, certain_odds, die, two_way_odds
from narrator.tools.steps import Step, step
from narrator.tools.tool import tool
from narrator.tools.systems.brew.rules import (
    ATTRIBUTES, CARRY_KG, EXHAUSTION, FOOD, ILLNESS, LOAD, SLEEP, TRAVEL, TRAVEL_KMH, WEATHER, TravelMode,
)


def _text(v: Fraction) -> str:
    return str(v.numerator) if v.denominator == 1 else f"{v.numerator}/{v.denominator}"


# --- illness ---------------------------------------------------------------------------------------------------------


class IllnessArgs(ToolArgs):
    power: int = Field(ge=0, le=30, description="Power (or the current mana pool for a magical illness or curse).")
    survival: int = Field(0, ge=0, le=15)
    infectiousness: int | None = Field(None, ge=1, le=40, description="Difficulty to resist infection; null: "
                                       "already infected, only the duration is rolled.")
    base: int = Field(10, ge=1, le=60, description="What the duration is counted down from (10 for a standard "
                      "illness).")
    mana: bool = Field(False, description="A magical illness or curse: the score given is the mana pool.")


class IllnessResult(CheckResult):
    outcome: Literal["resisted", "ill"]
    days: int | None = Field(description="How long the illness lasts (null when resisted).")
    duration_odds: dict[str, str]


def duration_dist(base: int, power: int) -> Dist:
    return die(6).map(lambda d: max(0, base - d - power))


@tool("brew")
def brew_illness(args: IllnessArgs, roller: Roller) -> IllnessResult:
    """Brew illness: resist with Power + Survival against its infectiousness; infected, it lasts 10 - 1d6 - Power days."""
    what = "mana" if args.mana else "Power"
    dice: list[Die] = []
    steps = []
    resisted = False
    p_resist = Fraction(0)
    if args.infectiousness is not None:
        pool = args.power + args.survival
        p_resist = Fraction(sum(1 for f in range(1, 7) if pool + f >= args.infectiousness), 6) if pool > 0 else \
            Fraction(0)
        if pool <= 0:
            steps.append(step("brew.no_resisting", what=what, power=args.power, survival=args.survival, pool=pool))
        else:
            d = roller.roll(6, "resist die")
            dice.append(d)
            resisted = pool + d.face >= args.infectiousness
            steps.append(step("brew.resist_illness", what=what, power=args.power, survival=args.survival, face=d.face,
                              total=pool + d.face, infectiousness=args.infectiousness, resisted=resisted))
    days = None
    if not resisted:
        d = roller.roll(6, "duration die")
        dice.append(d)
        days = max(0, args.base - d.face - args.power)
        steps.append(step("brew.illness_duration", base=args.base, face=d.face, what=what, power=args.power,
                          days=days))
    outcome = "resisted" if resisted else "ill"
    if args.infectiousness is None:
        odds = certain_odds("ill", ("resisted", "ill"))
    else:
        odds = two_way_odds(p_resist, "resisted", "ill")
    return IllnessResult(summary=step("brew.illness", resisted=resisted, days=days), steps=steps,
                         rule_refs=[ILLNESS], dice=dice, outcome=outcome,
                         success=None if args.infectiousness is None else resisted, odds=odds, days=days,
                         duration_odds=duration_exact(args.base, args.power))


@lru_cache(maxsize=4096)
def duration_exact(base: int, power: int) -> dict[str, str]:
    """The duration's exact distribution as text, once per (base, Power) (the result copies the dict)."""
    return {str(k): _text(v) for k, v in sorted(duration_dist(base, power).items())}


# --- food and water --------------------------------------------------------------------------------------------------

Supply = Literal["none", "meagre", "enough"]


class DeprivationArgs(ToolArgs):
    days: int = Field(ge=1, le=365)
    food: Supply = "enough"
    water: Supply = "enough"
    health: int = Field(ge=-4, le=30)
    max_health: int = Field(10, ge=1, le=30)
    magical_healing: bool = Field(False, description="The setting has magical healing: no permanent loss.")


class DeprivationResult(ToolResult):
    damage: int
    health_after: int
    max_health_after: int


@tool("brew")
def brew_deprivation(args: DeprivationArgs, roller: Roller) -> DeprivationResult:
    """Brew hunger and thirst: no food 2 health a week, meagre 1; no water 3 a day, meagre 1; falling to 0 this way
    costs a point of maximum health."""
    weeks = args.days // 7
    food = {"none": 2, "meagre": 1, "enough": 0}[args.food] * weeks
    water = {"none": 3, "meagre": 1, "enough": 0}[args.water] * args.days
    damage = food + water
    after = args.health - damage
    steps = [step("brew.deprived", days=args.days, food=args.food, food_damage=food, weeks=weeks, water=args.water,
                  water_damage=water),
             step("brew.deprivation_health", health=args.health, damage=damage, after=after)]
    top = args.max_health
    if after <= 0 < args.health and damage:
        if args.magical_healing:
            steps.append(step("brew.deprivation_magic"))
        else:
            top -= 1
            steps.append(step("brew.deprivation_max", max_health=args.max_health, after=top))
    steps.append(step("brew.eating_again"))
    return DeprivationResult(summary=step("brew.deprivation", damage=damage, health=args.health, after=after),
                             steps=steps,
                             rule_refs=[FOOD], damage=damage, health_after=after, max_health_after=top)


# --- sleep -----------------------------------------------------------------------------------------------------------


class SleepArgs(ToolArgs):
    mode: Literal["easy", "hard"] = "easy"
    sleep: Literal["none", "short"] = Field("none", description="none at all, or short (less than 5 hours).")
    day: int = Field(ge=1, le=30, description="Which day without enough sleep this is (1 = the first).")
    power: int = Field(ge=1, le=15)
    survival: int = Field(0, ge=0, le=15)
    staved: bool | None = Field(None, description="Hard mode: whether the day-2 resist roll succeeded (null: roll "
                                "it today if today is that day).")


class SleepResult(CheckResult):
    outcome: Literal["no effect", "penalties", "awake", "falls asleep", "too exhausted"]
    penalties: dict[str, int] = Field(description="Attribute -> penalty on rolls using it today.")
    no_rolls: bool
    damage: int
    staved: bool | None


def _short_penalties(day: int) -> dict[str, int]:
    if day >= 6:
        return {a: -2 for a in ATTRIBUTES}
    if day >= 4:
        return {a: -1 for a in ("precision", "perception", "wits", "power", "charisma")}
    if day >= 2:
        return {a: -1 for a in ("precision", "perception", "wits")}
    return {}


def _awake_roll(roller: Roller, power: int, dice: list[Die], steps: list[Step]) -> bool:
    d = roller.roll(6, "stay awake die")
    dice.append(d)
    ok = power + d.face >= 5
    steps.append(step("brew.stay_awake", power=power, face=d.face, ok=ok))
    return ok


def _p(pool: int, difficulty: int) -> Fraction:
    return Fraction(sum(1 for f in range(1, 7) if pool + f >= difficulty), 6) if pool > 0 else Fraction(0)


@tool("brew")
def brew_sleep(args: SleepArgs, roller: Roller) -> SleepResult:
    """Brew sleep deprivation for one day: easy mode (Power vs 5 to stay awake, -2 on day 3, asleep after) or hard mode
    (growing penalties, Power + Survival vs 8 to stave off, damage from day 5); short sleep penalties."""
    dice: list[Die] = []
    steps = [step("brew.sleepless", day=args.day, sleep=args.sleep, mode=args.mode)]
    penalties: dict[str, int] = {}
    no_rolls = False
    damage = 0
    staved = args.staved
    outcome = "no effect"
    p_ok: Fraction | None = None  # the chance of today's roll, when one is made
    ok: bool | None = None
    if args.sleep == "short":
        penalties = _short_penalties(args.day)
        outcome = "penalties" if penalties else "no effect"
    elif args.mode == "easy":
        if args.day >= 4:
            outcome = "falls asleep"
            steps.append(step("brew.falls_asleep"))
        elif args.day >= 2:
            p_ok = _p(args.power, 5)
            ok = _awake_roll(roller, args.power, dice, steps)
            outcome = "awake" if ok else "falls asleep"
            if ok and args.day == 3:
                penalties = {a: -2 for a in ATTRIBUTES}
                steps.append(step("brew.day_three"))
    else:
        if args.day == 2 and staved is None:
            d = roller.roll(6, "resist die")
            dice.append(d)
            pool = args.power + args.survival
            staved = ok = pool + d.face >= 8
            p_ok = _p(pool, 8)
            steps.append(step("brew.resist_sleep", power=args.power, survival=args.survival, face=d.face,
                              total=pool + d.face, staved=staved))
        effective = args.day - (1 if staved and args.day >= 2 else 0)
        if staved and args.day >= 2:
            steps.append(step("brew.staved", day=effective))
        if effective >= 5:
            no_rolls, damage = True, 1
            steps.append(step("brew.too_exhausted"))
        elif effective == 4:
            penalties = {"precision": -2, "charisma": -2, "perception": -4, "wits": -4}
        elif effective >= 2:
            penalties = {"precision": -1, "charisma": -1, "perception": -2, "wits": -2}
        if effective >= 4:
            p_ok = _p(args.power, 5)
            ok = _awake_roll(roller, args.power, dice, steps)
        if ok is False and effective >= 4:
            outcome = "falls asleep"
        else:
            outcome = "too exhausted" if no_rolls else "penalties" if penalties else "no effect"
    if penalties:
        steps.append(step("brew.penalties_today", penalties=[[a, v] for a, v in penalties.items()]))
    odds = certain_odds(outcome) if p_ok is None else two_way_odds(p_ok, "succeeds", "fails")
    success = ok
    return SleepResult(summary=step("brew.sleep", day=args.day, outcome=outcome), steps=steps, rule_refs=[SLEEP], dice=dice,
                       outcome=outcome, success=success, odds=odds, penalties=penalties, no_rolls=no_rolls,
                       damage=damage, staved=staved)


# --- exhaustion ------------------------------------------------------------------------------------------------------


class ExhaustionArgs(ToolArgs):
    level: int = Field(ge=0, le=3, description="Exhaustion so far: 0 fresh, 1 (-2), 2 (-3), 3 (-4).")
    persist: bool = Field(True, description="The character pushes on with strenuous activity: one step worse.")


class ExhaustionResult(ToolResult):
    level: int
    penalty: int
    unconscious: bool


EXHAUSTION_PENALTY = {0: 0, 1: -2, 2: -3, 3: -4}


@tool("brew")
def brew_exhaustion(args: ExhaustionArgs, roller: Roller) -> ExhaustionResult:
    """Brew exhaustion from exertion: -2 to all skills, then -3, then -4, then the character falls unconscious."""
    level = args.level + (1 if args.persist else 0)
    if level >= 4:
        return ExhaustionResult(summary=step("brew.exhausted_out"), steps=[step("brew.past_four")],
            rule_refs=[EXHAUSTION],
            level=4, penalty=-4, unconscious=True)
    pen = EXHAUSTION_PENALTY[level]
    return ExhaustionResult(summary=step("brew.exhaustion", level=level, penalty=pen),
                            steps=[step("brew.exhaustion_step", level=level, penalty=pen)],
                            rule_refs=[EXHAUSTION], level=level, penalty=pen, unconscious=False)


# --- extreme weather -------------------------------------------------------------------------------------------------


class WeatherArgs(ToolArgs):
    power: int = Field(ge=1, le=15)
    survival: int = Field(0, ge=0, le=15)
    hours: int = Field(5, ge=5, le=240, description="Hours exposed; a check every five hours.")
    equipped: bool = Field(False, description="Shade and water for heat, warm clothing for cold: +2 on the check.")
    bonus: int = Field(0, ge=-30, le=30, description="Other bonuses to the check (not the weather's -2).")


class WeatherResult(CheckResult):
    outcome: int = Field(description="Damage taken.")
    checks: int
    damage: int
    difficulty: int


@tool("brew")
def brew_weather(args: WeatherArgs, roller: Roller) -> WeatherResult:
    """Brew extreme heat or cold: -2 to all rolls; every five hours Power + Survival (+2 equipped) against 10 - Power,
    or 1 damage."""
    checks = args.hours // 5
    difficulty = 10 - args.power
    pool = args.power + args.survival + (2 if args.equipped else 0) + args.bonus
    steps = [step("brew.exposed", hours=args.hours, checks=checks),
             step("brew.weather_check", power=args.power, survival=args.survival, equipped=args.equipped,
                  bonus=args.bonus, pool=pool, difficulty=difficulty)]
    dice = []
    damage = 0
    for i in range(1, checks + 1):
        if pool <= 0:
            damage += 1
            steps.append(step("brew.weather_fails", n=i, pool=pool))
            continue
        d = roller.roll(6, f"weather check {i}")
        dice.append(d)
        ok = pool + d.face >= difficulty
        damage += 0 if ok else 1
        steps.append(step("brew.weather_roll", n=i, face=d.face, total=pool + d.face, ok=ok))
    return WeatherResult(summary=step("brew.weather", damage=damage, hours=args.hours), steps=steps,
                         rule_refs=[WEATHER],
                         dice=dice, outcome=damage, success=damage == 0, odds=weather_odds(checks, pool, difficulty),
                         checks=checks, damage=damage, difficulty=difficulty)


@lru_cache(maxsize=4096)
def weather_odds(checks: int, pool: int, difficulty: int) -> Odds:
    """Damage over the checks, once per (checks, pool, difficulty): up to 48 binomial rounds of exact arithmetic."""
    dist = binomial(checks, 1 - _p(pool, difficulty))
    return dist.odds(p_success=dist[0])


# --- load, movement, travel ------------------------------------------------------------------------------------------


class LoadArgs(ToolArgs):
    power: int = Field(ge=1, le=15)
    carried_kg: float = Field(ge=0, le=1000)


class LoadResult(ToolResult):
    capacity_kg: int
    laden: bool


@tool("brew")
def brew_load(args: LoadArgs, roller: Roller) -> LoadResult:
    """Brew load: Power 1-2 carries 15 kg unladen, 3-4 20 kg, 5 30 kg; laden is -2 to Speed and Precision."""
    cap = CARRY_KG[min(5, args.power)]
    laden = args.carried_kg > cap
    return LoadResult(summary=step("brew.load", kg=args.carried_kg, capacity=cap, laden=laden),
                      steps=[step("brew.carries", power=args.power, capacity=cap),
                             step("brew.carried", kg=args.carried_kg, laden=laden)],
                      rule_refs=[LOAD], capacity_kg=cap, laden=laden)


class MovementArgs(ToolArgs):
    mode: Literal["sprint", "run"] = Field(description="sprint: metres per 3 seconds; run: km per hour.")
    speed: int = Field(ge=1, le=15)
    power: int | None = Field(None, ge=1, le=15, description="Needed for a run.")
    seconds: int | None = Field(None, ge=3, le=60, description="A sprint's duration (multiples of 3 s).")

    @model_validator(mode="after")
    def _power(self):
        if self.mode == "run" and self.power is None:
            raise ValueError("a run is (Speed + Power + 1d6) / 2: give power")
        return self


class MovementResult(CheckResult):
    outcome: int = Field(description="Metres per 3 seconds (sprint) or km/h (run).")
    distance_m: int | None


@tool("brew")
def brew_movement(args: MovementArgs, roller: Roller) -> MovementResult:
    """Brew movement (the crunchy option): a sprint is Speed + half a d6 metres per 3 seconds; a run is (Speed + Power +
    1d6) / 2 km/h, rounded up."""
    d = roller.roll(6, "movement die")
    if args.mode == "sprint":
        value = args.speed + ceil(d.face / 2)
        distance = value * (args.seconds // 3) if args.seconds else None
        steps = [step("brew.sprint_speed", speed=args.speed, face=d.face, half=ceil(d.face / 2), value=value)]
        if distance is not None:
            steps.append(step("brew.sprint_distance", seconds=args.seconds, distance=distance))
        summary = step("brew.sprint", value=value)
    else:
        value = ceil((args.speed + args.power + d.face) / 2)
        distance = None
        steps = [step("brew.run_speed", speed=args.speed, power=args.power, face=d.face, value=value)]
        summary = step("brew.run", value=value)
    return MovementResult(summary=summary, steps=steps, rule_refs=[TRAVEL], dice=[d], outcome=value, success=None,
                          odds=movement_odds(args.mode, args.speed, args.power), distance_m=distance)


@lru_cache(maxsize=4096)
def movement_odds(mode: str, speed: int, power: int | None) -> Odds:
    """The odds block of a sprint or a run, once per (mode, Speed, Power)."""
    if mode == "sprint":
        return die(6).map(lambda f: speed + ceil(f / 2)).odds()
    return die(6).map(lambda f: ceil((speed + power + f) / 2)).odds()


class TravelArgs(ToolArgs):
    mode: TravelMode
    distance_km: float = Field(gt=0, le=10_000)


class TravelResult(ToolResult):
    hours_min: float
    hours_max: float


@tool("brew")
def brew_travel(args: TravelArgs, roller: Roller) -> TravelResult:
    """Brew example travel times: carriage 5-8 km/h, on foot 1-2 (terrain) to 4-5 km/h (good road), horseback 7 km/h."""
    low, high, note = TRAVEL_KMH[args.mode]
    fast, slow = args.distance_km / high, args.distance_km / low
    steps = [step("brew.travel_speed", mode=args.mode, low=low, high=high, note=note),
             step("brew.travel_hours", km=args.distance_km, fast=fast, slow=slow),
             step("brew.travel_rest")]
    return TravelResult(summary=step("brew.travel", km=args.distance_km, mode=args.mode, fast=fast, slow=slow),
                        steps=steps,
                        rule_refs=[TRAVEL], hours_min=round(fast, 2), hours_max=round(slow, 2))
