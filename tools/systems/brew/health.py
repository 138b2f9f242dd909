"""Damage and what health means (``brew.md#Damage``): the penalty thresholds, unconsciousness, dying, death, and
lasting injuries.

Readings chosen:

* **States.** Health above 5: fine; 5 or below: hurt (−2 Power/Precision/Speed, −1 Perception/Wits/Charisma);
  3 or below: badly hurt (−4/−2); 0: unconscious, dies within Power *days* without medical care; −1 to −4:
  unconscious and dying within Power *hours* unless stabilised by a Medicine roll; −5 or below: dead at once.
  ``halved`` and ``ignored`` are the book's variants for combat-oriented games.
* **Lasting injuries.** When damage lands, the player may take a lasting injury to absorb up to 5 of it: health
  goes back up by the amount absorbed, never above maximum − 5. Jenny the cheerleader, at 3, takes 4 damage (−1)
  and recovers 5 with a broken arm: health 4 — more than this hit took, so "nor can it recover health that was
  lost earlier in a different incident" is read as *when* it may be taken (with the damage, not later to undo old
  damage), not as a cap at this hit's damage. At most 3 lasting injuries; none against deprivation damage. Each
  takes 30 points of healing; new damage sets every open injury's tracker back by the same amount.
* **Permanent injuries** (optional, off by default: the campaign option ``permanent_injuries``). "The gamemaster
  may also decide to allow taking a *permanent injury* in order to regain more health points, or only allow
  regaining health points if the injury is permanent": with ``allowed`` a permanent injury may be taken instead of
  a lasting one and absorbs up to 10 ("more health points"; the book names no number: twice a lasting one's 5),
  under the same cap of maximum − 5; with ``only``, no lasting injury absorbs anything and a permanent one absorbs
  up to 5, in its place. It never heals — no rest, Medicine or Healing clears it (magical healing cannot, the book
  says, unless it was "magically bound", which is the GM's call) — and counts toward the cap of 3 injuries.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from narrator.tools.contract import ToolArgs, ToolResult
from narrator.tools.dice import Roller
from narrator.tools.frozen import Frozen
from narrator.tools.steps import Step, step
from narrator.tools.tool import tool
from narrator.tools.systems.brew.checks import health_penalty
from narrator.tools.systems.brew.rules import (
    DAMAGE, FOOD, LASTING_INJURY_ABSORB, LASTING_INJURY_HEALING, MAX_LASTING_INJURIES, PERMANENT_INJURY_ABSORB,
    HealthRule,
)

HealthState = Literal["fine", "hurt", "badly hurt", "unconscious", "dying", "dead"]
STATE_WORDS = {
    "fine": "no penalties",
    "hurt": "hurt: penalties to physical and mental rolls",
    "badly hurt": "badly hurt: heavy penalties to every roll",
    "unconscious": "unconscious: without medical care, dies within days equal to Power",
    "dying": "unconscious and dying: without a stabilising Medicine roll, dies within hours equal to Power",
    "dead": "dead",
}


def health_state(health: int) -> HealthState:
    if health <= -5:
        return "dead"
    if health < 0:
        return "dying"
    if health == 0:
        return "unconscious"
    if health <= 3:
        return "badly hurt"
    if health <= 5:
        return "hurt"
    return "fine"


class Penalties(Frozen):
    physical: int = Field(description="To Power, Precision and Speed rolls.")
    mental: int = Field(description="To Perception, Wits and Charisma rolls.")


def penalties(health: int, rule: str = "standard") -> Penalties:
    return Penalties(physical=health_penalty("power", health, rule), mental=health_penalty("wits", health, rule))


def death_clock(health: int, power: int) -> str | None:
    state = health_state(health)
    if state == "unconscious":
        return f"dies within {power} day(s) without medical care"
    if state == "dying":
        return f"dies within {power} hour(s) unless stabilised (Medicine, difficulty 6)"
    return None


def state_lines(health: int, power: int, rule: str) -> list[Step]:
    state = health_state(health)
    lines = [step("brew.health_state", health=health, state=state)]
    if state in ("hurt", "badly hurt"):
        p = penalties(health, rule)
        if rule == "ignored":
            lines.append(step("brew.penalties_ignored"))
        else:
            lines.append(step("brew.penalties", physical=p.physical, mental=p.mental, halved=rule == "halved"))
    if death_clock(health, power):
        lines.append(step("brew.death_clock", health=health, power=power))
    return lines


class DamageArgs(ToolArgs):
    health: int = Field(ge=-10, le=30, description="Health before the damage.")
    max_health: int = Field(10, ge=1, le=30)
    amount: int = Field(ge=0, le=50, description="Damage taken (after armor).")
    power: int = Field(ge=1, le=15, description="Power: the days (or hours) a dying character lasts.")
    absorb: int = Field(0, ge=0, le=PERMANENT_INJURY_ABSORB, description="Take a lasting injury absorbing up to 5 "
                        "of this damage (0: none); a permanent one up to 10.")
    permanent: bool = Field(False, description="Optional rule: the injury taken is permanent (absorbs up to 10, "
                            "never heals).")
    injuries: int = Field(0, ge=0, le=10, description="Lasting injuries the character already has.")
    permanent_injuries: int = Field(0, ge=0, le=10, description="Permanent injuries the character already has (they "
                                    "count toward the cap of 3; they have no healing to set back).")
    deprivation: bool = Field(False, description="Hunger or thirst damage: no lasting injury can absorb it.")
    health_rule: HealthRule = "standard"

    @model_validator(mode="after")
    def _injury_allowed(self):
        if self.permanent and not self.absorb:
            raise ValueError("a permanent injury is taken to absorb damage: give absorb (up to 10)")
        if self.absorb > LASTING_INJURY_ABSORB and not self.permanent:
            raise ValueError(f"a lasting injury absorbs up to {LASTING_INJURY_ABSORB}; up to "
                             f"{PERMANENT_INJURY_ABSORB} only with a permanent injury (the optional rule)")
        if self.absorb:
            if self.deprivation:
                raise ValueError("deprivation damage cannot be avoided by taking a lasting injury")
            if self.injuries + self.permanent_injuries >= MAX_LASTING_INJURIES:
                raise ValueError(f"already {self.injuries + self.permanent_injuries} injuries: the cap is "
                                 f"{MAX_LASTING_INJURIES}")
            if self.amount == 0:
                raise ValueError("a lasting injury is taken with damage, not later to recover old damage")
            if self.max_health - 5 <= self.health - self.amount:
                raise ValueError(f"health would already be {self.health - self.amount}, at or above the cap of "
                                 f"maximum - 5 = {self.max_health - 5}: a lasting injury would absorb nothing")
        return self


class DamageResult(ToolResult):
    damage: int = Field(description="The damage taken, before any lasting injury absorbs some of it.")
    health_before: int
    health_after: int
    absorbed: int
    lasting_injury: bool = Field(description="An injury was taken (lasting, or permanent when ``permanent``).")
    permanent: bool = Field(False, description="The injury taken is permanent (the optional rule).")
    state: HealthState
    penalties: Penalties
    death_clock: str | None
    injury_setback: int = Field(description="Points every open lasting injury's tracker goes back.")


def take_damage(args: DamageArgs) -> DamageResult:
    hit = args.health - args.amount
    steps = [step("brew.damage_taken", health=args.health, amount=args.amount, hit=hit)]
    absorbed = 0
    if args.absorb:
        cap = args.max_health - 5
        after = min(hit + args.absorb, cap)
        absorbed = after - hit
        if args.permanent:
            steps.append(step("brew.permanent_injury", absorbed=absorbed, absorb=args.absorb, cap=cap, health=after))
        else:
            steps.append(step("brew.lasting_injury", absorbed=absorbed, absorb=LASTING_INJURY_ABSORB, cap=cap,
                              health=after, healing=LASTING_INJURY_HEALING))
    else:
        after = hit
    refs = [DAMAGE] + ([FOOD] if args.deprivation else [])
    if args.deprivation:
        steps.append(step("brew.deprivation_damage"))
    steps += state_lines(after, args.power, args.health_rule)
    if args.injuries and args.amount:
        steps.append(step("brew.injury_setback", amount=args.amount))
    state = health_state(after)
    return DamageResult(summary=step("brew.health_after", health=args.health, after=after, state=state), steps=steps,
                        rule_refs=refs,
                        damage=args.amount, health_before=args.health, health_after=after, absorbed=absorbed,
                        lasting_injury=absorbed > 0, permanent=args.permanent and absorbed > 0, state=state, penalties=penalties(after, args.health_rule),
                        death_clock=death_clock(after, args.power), injury_setback=args.amount if args.injuries else 0)


@tool("brew")
def brew_damage(args: DamageArgs, roller: Roller) -> DamageResult:
    """Brew damage: health after a hit, the penalty thresholds (5, 3), unconscious at 0, dying below 0, dead at -5;
    optionally a lasting injury absorbing up to 5."""
    return take_damage(args)
