"""Minim combat (``minim.md#Attacks``, ``#Fumbles``, ``#Zones``, ``#Initiative``): attacks, fumbles, surprise.

An attack is a brawl test (fight close-range, fire for missiles, sports for thrown objects). A success inflicts
fatigue, which the defender may avoid point by point with d6 "health-rolls"; a neutral result fumbles the target
and a critical failure fumbles the attacker.

Readings chosen where the rulebook is ambiguous:

* Fatigue = weapon quality − armor quality + 1 on a success (+2 on a critical success), and never below 1 ("all
  attacks have the potential to deal at least 1 fatigue"). The rulebook's example fits: +1 sword vs −1 armor on a
  success is 1 + 1 + 1 = 3.
* Avoidance compares each die with the defender's *current* health before this attack, plus +1 if it only defended
  and −1/−2 if it was surprised and failed perception. It is a plain "equal or lower" comparison: the test rule
  that a 1 always succeeds and a 6 always fails does not apply (it belongs to tests, not health-rolls). The dice
  are always rolled, even when the threshold is 0 or less (nothing can be avoided) or 6 or more (everything is).
* Damage dealt is fatigue − avoided; health after is not reported below 0, and 0 health means unconscious.
* Aim (+1) and shooting or throwing into an adjacent zone (−1) are extra modifiers to the attack target. Close
  combat (fight) only reaches the attacker's own zone, so fight into an adjacent zone is an argument error.
* A surprised character's perception test is brass + the perception skill: +1 or +2 acts on the first round; 0
  cannot act; −1 / −2 cannot act and suffer −1 / −2 to health-rolls (``avoidance_penalty`` of ``minim_attack``)
  for that first round, the time it "cannot act".
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Literal

from pydantic import Field, ValidationInfo, field_validator

from narrator.tools.contract import CheckResult, ToolArgs, ref
from narrator.tools.dice import Die, Roller
from narrator.tools.frozen import Frozen
from narrator.tools.odds import Dist, Odds, binomial, sum_of
from narrator.tools.steps import Step, step
from narrator.tools.systems.minim.checks import cached_step
from narrator.tools.tool import tool
from narrator.tools.systems.minim.checks import (
    FAITH, MODIFIERS, TESTS, TargetBreakdown, TestSpec, label, outcome_dist, resolve,
)
from narrator.tools.systems.minim.rules import BOOK, FUMBLES, Skill, Trait

ATTACKS = ref(BOOK, "Attacks")
FUMBLE_RULE = ref(BOOK, "Fumbles")
ZONES = ref(BOOK, "Zones")
HEALTH = ref(BOOK, "Health")
INITIATIVE = ref(BOOK, "Initiative")

AttackSkill = Literal["fight", "fire", "sports"]


# --- fumbles -------------------------------------------------------------------------------------------------------


class FumbleRoll(Frozen):
    """Who fumbles and, when the table is used, the 2d6 thrown and the effect read from it."""

    victim: str = Field(description="Who suffers the fumble: 'target', 'attacker' or a name.")
    dice: list[Die] = Field(default_factory=list, description="The two table dice (empty if not rolled).")
    total: int | None = Field(None, description="2d6 total, 2-12 (null if the table was not rolled).")
    effect: str | None = Field(None, description="The table's effect (null: describe the fumble creatively).")


def short_effect(effect: str) -> str:
    """'Stunned, cannot act next-turn' -> 'Stunned' (the table's name for the effect)."""
    return effect.split(",")[0]


def roll_fumble_table(roller: Roller, victim: str) -> tuple[FumbleRoll, list[Step]]:
    dice = [roller.roll(6, f"fumble die {i}") for i in (1, 2)]
    total = dice[0].face + dice[1].face
    effect = FUMBLES[total]
    steps = [step("minim.fumble_table", faces=[dice[0].face, dice[1].face], total=total, victim=victim)]
    return FumbleRoll(victim=victim, dice=dice, total=total, effect=effect), steps


@lru_cache(maxsize=1)
def fumble_odds() -> Odds:
    """The 2d6 total decides the effect, one effect per total: 2..12 weighted 1,2,..,6,..,2,1 out of 36."""
    return sum_of(2, 6).odds(order=range(2, 13))


class FumbleArgs(ToolArgs):
    victim: str | None = Field(
        None, max_length=60, description="Who fumbles: 'target', 'attacker' or a character's name (optional)."
    )


class MinimFumbleResult(CheckResult):
    outcome: int = Field(ge=2, le=12, description="The 2d6 total on the fumble table.",
                         json_schema_extra={"fact": "total"})
    effect: str
    effect_name: str = Field(description="The effect's short name, e.g. 'Stunned'.")
    victim: str | None


@tool("minim")
def minim_fumble(args: FumbleArgs, roller: Roller) -> MinimFumbleResult:
    """Roll 2d6 on the Minim fumble table (after a neutral attack or a critical failure)."""
    who = args.victim or "the fumbling character"
    fumble, steps = roll_fumble_table(roller, who)
    assert fumble.total is not None and fumble.effect is not None
    return MinimFumbleResult(
        summary=step("minim.fumble", who=who, faces=[fumble.dice[0].face, fumble.dice[1].face], total=fumble.total),
        steps=[step("minim.fumble_rule"), *steps],
        rule_refs=[FUMBLE_RULE],
        dice=fumble.dice,
        outcome=fumble.total,
        success=None,
        odds=fumble_odds(),
        effect=fumble.effect,
        effect_name=short_effect(fumble.effect),
        victim=args.victim,
    )


# --- attacks -------------------------------------------------------------------------------------------------------


class AttackArgs(TestSpec):
    trait: int = Field(ge=1, le=5, description="The attacker's brawl score (1-5).")
    skill: AttackSkill = Field(description="fight (close range, same zone), fire (missiles) or sports (thrown).")
    has_skill: bool = Field(description="True if the attacker has that skill (+1), false if not (-1).")
    trait_name: Literal["brawl"] = Field("brawl", description="Attacks always test brawl.")
    weapon_quality: int = Field(0, ge=-2, le=2, description="Attacker's weapon quality, -2..+2 (unarmed: 0).")
    armor_quality: int = Field(0, ge=-2, le=2, description="Defender's armor quality, -2..+2 (no armor: 0).")
    defender_health: int = Field(
        ge=1, le=10, description="The defender's current health (normally at most its brass score, 1-5)."
    )
    aim: bool = Field(False, description="The attacker aimed at this target last turn: +1 to the attack test.")
    adjacent_zone: bool = Field(
        False, description="Shooting or throwing into an adjacent zone: -1. Not allowed for fight (close combat)."
    )
    defending: bool = Field(False, description="The defender only defended since its last turn: +1 to health-rolls.")
    avoidance_penalty: Literal[0, -1, -2] = Field(
        0, description="A surprised defender that failed perception: -1 or -2 to health-rolls (see minim_surprise)."
    )
    roll_fumble: bool = Field(True, description="Roll the 2d6 fumble table when a fumble happens.")

    @field_validator("adjacent_zone")
    @classmethod
    def _close_combat_reaches_own_zone(cls, adjacent: bool, info: ValidationInfo) -> bool:
        if adjacent and info.data.get("skill") == "fight":
            raise ValueError(
                "close combat (fight) only reaches targets in the attacker's own zone; move first, "
                "or shoot (fire) or throw (sports) into the adjacent zone"
            )
        return adjacent


def fatigue_for(outcome: int, weapon: int, armor: int) -> int:
    """Fatigue of a hit: weapon − armor + 1 (success) or +2 (critical success), at least 1."""
    return max(1, weapon - armor + (2 if outcome >= 2 else 1))


def avoidance_threshold(args: AttackArgs) -> int:
    """Health-rolls at or below this avoid a point: current health, +1 if only defending, the surprise penalty."""
    return args.defender_health + (1 if args.defending else 0) + args.avoidance_penalty


def avoid_chance(threshold: int) -> Fraction:
    """Chance one health-roll (a d6 equal or lower than the threshold) avoids a point."""
    return Fraction(min(max(threshold, 0), 6), 6)


def damage_dist(target: int, weapon: int, armor: int, threshold: int) -> Dist:
    """Exact damage dealt: the test outcome, then each fatigue point independently avoided or not."""
    unavoided = 1 - avoid_chance(threshold)

    def after(outcome: int) -> Dist:
        return binomial(fatigue_for(outcome, weapon, armor), unavoided) if outcome >= 1 else Dist.certain(0)

    return outcome_dist(target).bind(after)


class MinimAttackResult(CheckResult):
    outcome: int = Field(ge=-2, le=2, description="The attack test's outcome.")
    outcome_label: str
    target: int
    target_breakdown: TargetBreakdown
    partials: list[int]
    fatigue: int = Field(description="Fatigue inflicted before avoidance (0 on a miss).")
    avoidance_threshold: int | None = Field(description="Health-rolls at or below this avoid a point (null: no hit).")
    avoidance_dice: list[Die]
    avoided: int
    damage: int = Field(description="Fatigue the defender actually loses: fatigue − avoided.")
    defender_health_before: int
    defender_health_after: int
    unconscious: bool
    fumble: FumbleRoll | None
    damage_odds: Odds = Field(description="Exact distribution of damage dealt by this attack, before any die.")


def _attack_target(args: AttackArgs) -> tuple[int, tuple[str, ...], list[Step]]:
    """The aim and zone modifiers, their reasons, and a note when they cancel (target_of shows one extra)."""
    parts = [(n, why) for on, n, why in ((args.aim, 1, "aim"), (args.adjacent_zone, -1, "adjacent_zone")) if on]
    extra = sum(n for n, _ in parts)
    reason = tuple(why for _, why in parts)
    note = [step("minim.aim_cancels")] if parts and not extra else []
    return extra, reason, note


def _hit(args: AttackArgs, outcome: int, roller: Roller, steps: list[Step]) -> tuple[int, int, list[Die], int]:
    fatigue = fatigue_for(outcome, args.weapon_quality, args.armor_quality)
    raw = args.weapon_quality - args.armor_quality + (2 if outcome == 2 else 1)
    steps.append(cached_step("minim.fatigue", ("weapon", args.weapon_quality), ("armor", args.armor_quality),
                             ("outcome", outcome), ("raw", raw)))
    threshold = avoidance_threshold(args)
    steps.append(cached_step("minim.avoidance", ("fatigue", fatigue), ("health", args.defender_health),
                             ("defending", args.defending), ("penalty", args.avoidance_penalty),
                             ("threshold", threshold)))
    dice = roller.roll_many(fatigue, 6, "avoidance die")
    avoided = 0
    for i, d in enumerate(dice, 1):
        ok = d.face <= threshold
        avoided += int(ok)
        steps.append(cached_step("minim.avoidance_die", ("die", i), ("face", d.face), ("threshold", threshold)))
    return fatigue, threshold, dice, avoided


@tool("minim")
def minim_attack(args: AttackArgs, roller: Roller) -> MinimAttackResult:
    """Resolve a Minim attack: brawl test, fatigue from weapon vs armor, the defender's avoidance rolls, damage, and
    fumbles on neutral or critical failure."""
    extra, reason, note = _attack_target(args)
    breakdown, rolled, odds, steps = resolve(args, roller, extra, reason, purpose="attack die")
    steps[1:1] = note
    outcome = rolled.outcome
    fatigue, threshold, avoid_dice, avoided, fumble = 0, None, [], 0, None
    refs = [TESTS, ATTACKS] + ([MODIFIERS] if args.modifier else []) + ([FAITH] if args.faith else [])
    refs += [ZONES] if args.adjacent_zone else []
    if outcome >= 1:
        fatigue, threshold, avoid_dice, avoided = _hit(args, outcome, roller, steps)
        refs += [HEALTH] + ([INITIATIVE] if args.avoidance_penalty else [])
    elif outcome == -1:
        steps.append(step("minim.attack_missed"))
    else:
        victim = "target" if outcome == 0 else "attacker"
        steps.append(step("minim.attack_fumbled", outcome=outcome, victim=victim))
        refs.append(FUMBLE_RULE)
        if args.roll_fumble:
            fumble, fumble_steps = roll_fumble_table(roller, victim)
            steps += fumble_steps
        else:
            fumble = FumbleRoll(victim=victim)
            steps.append(step("minim.fumble_not_rolled"))
    damage = fatigue - avoided
    after = max(0, args.defender_health - damage)
    if outcome >= 1:
        steps.append(cached_step("minim.damage", ("fatigue", fatigue), ("avoided", avoided), ("damage", damage),
                                 ("before", args.defender_health), ("after", after)))
    return MinimAttackResult(
        summary=_summary(breakdown.target, rolled.dice, outcome, fatigue, avoided, damage, args.defender_health,
                         after, fumble),
        steps=steps,
        rule_refs=list(dict.fromkeys(refs)),
        dice=rolled.dice + avoid_dice + (fumble.dice if fumble else []),
        outcome=outcome,
        outcome_label=label(outcome),
        success=outcome >= 1,
        odds=odds,
        target=breakdown.target,
        target_breakdown=breakdown,
        partials=rolled.partials,
        fatigue=fatigue,
        avoidance_threshold=threshold,
        avoidance_dice=avoid_dice,
        avoided=avoided,
        damage=damage,
        defender_health_before=args.defender_health,
        defender_health_after=after,
        unconscious=after == 0,
        fumble=fumble,
        damage_odds=damage_odds(breakdown.target, args.weapon_quality, args.armor_quality, avoidance_threshold(args)),
    )


@lru_cache(maxsize=4096)
def damage_odds(target: int, weapon: int, armor: int, threshold: int) -> Odds:
    """The damage's odds block, once per (target, weapon, armor, avoidance threshold): a fight repeats them."""
    top = fatigue_for(2, weapon, armor)
    return damage_dist(target, weapon, armor, threshold).odds(order=range(top + 1))


def _summary(target: int, dice: list[Die], outcome: int, fatigue: int, avoided: int, damage: int, before: int,
             after: int, fumble: FumbleRoll | None) -> Step:
    return step("minim.attacked", target=target, faces=[dice[0].face, dice[1].face], outcome=outcome,
                fatigue=fatigue, avoided=avoided, damage=damage, before=before, after=after,
                fumble_victim=fumble.victim if fumble else None, fumble_effect=fumble.effect if fumble else None)


# --- surprise ------------------------------------------------------------------------------------------------------

SURPRISE_RESULTS: dict[int, tuple[str, bool, int]] = {
    2: ("can act", True, 0),
    1: ("can act", True, 0),
    0: ("cannot act", False, 0),
    -1: ("cannot act, -1 to health-rolls", False, -1),
    -2: ("cannot act, -2 to health-rolls", False, -2),
}
SURPRISE_ORDER = ("can act", "cannot act", "cannot act, -1 to health-rolls", "cannot act, -2 to health-rolls")


class SurpriseArgs(TestSpec):
    trait: int = Field(ge=1, le=5, description="The surprised character's brass score (1-5).")
    skill: Skill | None = Field("perception", description="Normally perception.")
    trait_name: Trait | None = Field("brass", description="Normally brass.")


class MinimSurpriseResult(CheckResult):
    outcome: str = Field(description="One of: " + "; ".join(SURPRISE_ORDER))
    test_outcome: int = Field(ge=-2, le=2)
    test_outcome_label: str
    target: int
    target_breakdown: TargetBreakdown
    partials: list[int]
    can_act: bool = Field(description="Whether the character may act on the first round.")
    avoidance_penalty: int = Field(description="0, -1 or -2 to its health-rolls (pass to minim_attack).")


@lru_cache(maxsize=None)
def surprise_odds(target: int) -> Odds:
    """The surprise test's odds block per target (the test's outcome read as what the character may do)."""
    dist = outcome_dist(target)
    return dist.map(lambda o: SURPRISE_RESULTS[o][0]).odds(p_success=dist.p(lambda o: o >= 1), order=SURPRISE_ORDER)


@tool("minim")
def minim_surprise(args: SurpriseArgs, roller: Roller) -> MinimSurpriseResult:
    """A surprised Minim character's perception test: can it act on the first round, and does it suffer -1/-2 to
    health-rolls?"""
    breakdown, rolled, _, steps = resolve(args, roller, purpose="perception die")
    result, can_act, penalty = SURPRISE_RESULTS[rolled.outcome]
    if can_act:
        steps.append(step("minim.surprise_can_act"))
    elif penalty == 0:
        steps.append(step("minim.surprise_cannot_act"))
    else:
        steps.append(step("minim.surprise_off_guard", outcome=rolled.outcome, penalty=penalty))
    refs = [INITIATIVE, TESTS] + ([MODIFIERS] if args.modifier else []) + ([FAITH] if args.faith else [])
    return MinimSurpriseResult(
        summary=step("minim.surprise", target=breakdown.target, faces=[rolled.dice[0].face, rolled.dice[1].face],
                     outcome=rolled.outcome),
        steps=steps,
        rule_refs=refs,
        dice=rolled.dice,
        outcome=result,
        success=can_act,
        odds=surprise_odds(breakdown.target),
        test_outcome=rolled.outcome,
        test_outcome_label=label(rolled.outcome),
        target=breakdown.target,
        target_breakdown=breakdown,
        partials=rolled.partials,
        can_act=can_act,
        avoidance_penalty=penalty,
    )
