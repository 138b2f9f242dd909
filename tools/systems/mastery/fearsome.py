"""Fearsome Challenges (``mastery.md#Fearsome Challenges``): combat as "a series of deadly challenges" — a hazard or
a foe is a solo challenge with damage on failure, and foes don't roll.

The book's own examples, which the tests run verbatim: "Jumping across the pit might take two successes against a
difficult target number, with failure dealing 4 health boxes of damage", and the tomb guardian that "swings it's
hammer at a single character, forcing a challenge to either block or move with failure meaning the victim takes 4
health boxes of damage".

Readings chosen:

* "There is no difference between an environmental hazard and an intelligent opponent": one tool serves both. The
  damage is marked only on failure, all of it (the book gives no partial damage).
* The successes needed to dodge a humanoid foe are its assumed-average degree ("just assume that they roll all
  average ... their degree of success = half their dice pool"), at least 1 (a solo challenge requires at least
  one success). Give either ``needed`` or the foe's ``foe_pool``, never both.
* Boxes left never go below 0; marking the last one leaves the character ``down`` (coma or death: the GM's call,
  ``mastery.md#Combat``).
"""

from __future__ import annotations

from functools import lru_cache

from pydantic import Field, model_validator

from narrator.tools.dice import Roller
from narrator.tools.odds import Dist, Odds
from narrator.tools.steps import step
from narrator.tools.tool import tool
from narrator.tools.systems.mastery.challenge import (
    ChallengeResult, ChallengeSpec, Rounding, average_degree, count_dist, resolve_fields, target_number,
)
from narrator.tools.systems.mastery.rules import COMBAT, FEARSOME


class HazardArgs(ChallengeSpec):
    """A hazard or a foe's attack as a challenge: the pool of the one who faces it, and what failure costs."""

    hazard: str = Field("hazard", min_length=1, max_length=80, description="What is faced: 'spiked pit', "
                        "'the tomb guardian's hammer'.")
    damage: int = Field(ge=0, le=100, description="Health boxes marked on failure.")
    foe_pool: int | None = Field(None, ge=0, le=100, description="A humanoid foe that does not roll: its dice "
                                 "pool; the successes needed are its average degree (instead of 'needed').")
    rounding: Rounding = Field("down", description="How half an odd foe pool rounds.")
    health: int | None = Field(None, ge=0, le=1000, description="Boxes the character has left (to report what "
                               "remains).")

    @model_validator(mode="before")
    @classmethod
    def _needed_or_foe(cls, data):
        if isinstance(data, dict) and data.get("foe_pool") is not None and data.get("needed") is not None:
            raise ValueError("give either needed or foe_pool (the successes needed come from the foe's average)")
        return data


class HazardResult(ChallengeResult):
    hazard: str
    damage: int = Field(description="Boxes marked (0 on success).")
    damage_on_failure: int
    health_before: int | None
    health_after: int | None
    down: bool = Field(description="The last box was marked.")
    damage_odds: Odds = Field(description="Exact distribution of the boxes marked.")


@tool("mastery")
def mastery_hazard(args: HazardArgs, roller: Roller) -> HazardResult:
    """Fearsome Challenges: a hazard or a foe's attack as a challenge — the successes needed (or the foe's
    assumed-average degree) at a target number, with health boxes of damage on failure."""
    lines: list[str] = []
    spec = args
    if args.foe_pool is not None:
        tn, _ = target_number(args.die, args.tn)
        degree, _ = average_degree(args.foe_pool, args.die, tn, args.rounding)
        needed = max(1, degree)
        lines.append(step("mastery.foe_average", dice=args.foe_pool, die=args.die, tn=tn, rounding=args.rounding,
                          degree=degree, needed=needed))
        spec = args.model_copy(update={"needed": needed})
    r = resolve_fields(spec, roller)
    damage = 0 if r["success"] else args.damage
    after = None if args.health is None else max(0, args.health - damage)
    down = after == 0 and args.health is not None and damage > 0
    steps = [step("mastery.hazard_needs", hazard=args.hazard, needed=r["needed"], damage=args.damage), *lines,
             *r["steps"]]
    if r["success"]:
        steps.append(step("mastery.hazard_met"))
    else:
        steps.append(step("mastery.hazard_failed", damage=args.damage, health=args.health, after=after))
        if down:
            steps.append(step("mastery.hazard_down"))
    return HazardResult(
        **{**r, "summary": step("mastery.hazard", hazard=args.hazard, challenge=r["summary"], damage=damage),
           "steps": steps, "rule_refs": [FEARSOME, *r["rule_refs"], *([COMBAT] if damage else [])]},
        hazard=args.hazard, damage=damage, damage_on_failure=args.damage, health_before=args.health,
        health_after=after, down=down,
        damage_odds=marked_odds(r["pool"], r["die"], r["tn"], r["needed"], args.damage),
    )


@lru_cache(maxsize=4096)
def marked_odds(pool: int, die: int, tn: int, needed: int, damage: int) -> Odds:
    """The boxes marked (none, or all of ``damage`` on failure), once per hazard shape."""
    p = count_dist(pool, die, tn).p(lambda k: k >= needed)
    return (Dist({0: p, damage: 1 - p}) if damage else Dist.certain(0)).odds()
