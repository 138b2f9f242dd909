"""The Single-Action Roundtable (``mastery.md#Single-Action Roundtable``): initiative by challenge, then one action
each, attacks contested with the defender.

"Each character, at the beginning of combat, performs a challenge to act first, comparing degrees of success. In
the case of a tie, the character with the highest 'agility' trait (or equivalent) acts first, or the GM simply
decides." — "Attacks are handled as contested challenges with the defender. Stunned or surprised characters cannot
defend. If the attacker wins, he or she deals damage equal to their degree of success (plus any modifier from
weapon or armor). If the defender wins, they gain a counter-attack advantage on their next turn of a single die."

Readings chosen:

* Initiative: each combatant rolls a solo challenge (no successes required) and the degrees are compared; equal
  degrees go to the higher agility-like trait; equal traits too, and "the GM simply decides": the order the GM
  listed the combatants in.
* An attack is an opposed challenge (:mod:`.opposed`): damage = the attacker's degree (the difference) + the
  weapon's modifier + any damage modifier the GM grants ("a killing blow or a point-blank shot") - the defender's
  armor, never below 0. A tie: nobody wins, nothing happens.
* A stunned or surprised defender rolls no dice (0 successes), so any success of the attacker wins.
* The counter-attack advantage is one extra die on the defender's next attack, during their next turn (the table
  tools keep it as the ``counter-attack`` condition until then). Only a defender who rolled can win it.
* The same contest serves the Fearsome Challenges' strike on a foe that does not roll (``defends = "average"``):
  the foe's degree is assumed, and no counter-attack comes of it.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator, model_validator

from narrator.tools.contract import CheckResult
from narrator.tools.dice import Die as RolledDie
from narrator.tools.dice import Roller
from narrator.tools.frozen import Frozen
from narrator.tools.odds import Dist, Odds, shape_cache
from narrator.tools.steps import step
from narrator.tools.tool import tool
from narrator.tools.systems.mastery.challenge import (
    PoolSpec, Rounding, TargetSpec, build_pool, count_dist, roll_pool, target_number, tn_line,
)
from narrator.tools.systems.mastery.opposed import SideResult, difference_odds, side_roll, versus
from narrator.tools.systems.mastery.rules import COMBAT, FEARSOME, ROUNDTABLE


def unique(names: list[str]) -> None:
    folded = [n.strip().casefold() for n in names]
    repeated = sorted({n for n, f in zip(names, folded) if folded.count(f) > 1})
    if repeated:
        raise ValueError(f"each combatant once (names ignore case); repeated: {', '.join(repeated)}")


# --- initiative ----------------------------------------------------------------------------------------------------


class InitiativeEntry(PoolSpec):
    name: str = Field(min_length=1, max_length=60)
    tie_trait: int = Field(0, ge=-2, le=4, description="The 'agility' trait (or equivalent) that breaks ties.")


class InitiativeArgs(TargetSpec):
    combatants: list[InitiativeEntry] = Field(min_length=1, max_length=30, description="In the GM's order (the "
                                              "last tie-break).")

    @field_validator("combatants")
    @classmethod
    def _unique(cls, v: list[InitiativeEntry]) -> list[InitiativeEntry]:
        unique([c.name for c in v])
        return v


class InitiativeRoll(Frozen):
    name: str
    pool: int
    degree: int
    tie_trait: int
    dice: list[RolledDie]
    odds: Odds = Field(description="Exact distribution of this combatant's degree.")


class InitiativeResult(CheckResult):
    outcome: list[str] = Field(description="The order of action, first to last.")
    order: list[str]
    entries: list[InitiativeRoll]


@tool("mastery")
def mastery_initiative(args: InitiativeArgs, roller: Roller) -> InitiativeResult:
    """Single-Action Roundtable initiative: each combatant makes a challenge to act first; higher degree first, ties to
    the higher agility-like trait, then the GM's order."""
    tn, difficulty = target_number(args.die, args.tn)
    steps = [tn_line(args.die, tn, difficulty)]
    entries = []
    for c in args.combatants:
        pool, lines = build_pool(c)
        thrown = roll_pool(roller, pool.dice, args.die, tn, f"{c.name} initiative", c.name)
        steps += [step("mastery.of", who=c.name, line=line) for line in lines] + [thrown.line]
        entries.append(InitiativeRoll(name=c.name, pool=pool.dice, degree=thrown.successes, tie_trait=c.tie_trait,
                                      dice=thrown.dice, odds=count_dist(pool.dice, args.die, tn).odds()))
    ranked = sorted(range(len(entries)), key=lambda i: (-entries[i].degree, -entries[i].tie_trait, i))
    order = [entries[i].name for i in ranked]
    for a, b in zip(ranked, ranked[1:]):
        x, y = entries[a], entries[b]
        if x.degree == y.degree:
            steps.append(step("mastery.initiative_tie", first=x.name, second=y.name, degree=x.degree,
                              first_trait=x.tie_trait, second_trait=y.tie_trait))
    steps.append(step("mastery.order", entries=[[e.name, e.degree] for e in (entries[i] for i in ranked)]))
    return InitiativeResult(summary=step("mastery.initiative", order=order), steps=steps, rule_refs=[ROUNDTABLE],
                            dice=[d for e in entries for d in e.dice], outcome=order, success=None, odds=None,
                            order=order, entries=entries)


# --- a contested attack --------------------------------------------------------------------------------------------


class Fighter(PoolSpec):
    name: str = Field(min_length=1, max_length=60)


Defence = Literal["rolls", "cannot", "average"]


class AttackRollArgs(TargetSpec):
    attacker: Fighter = Field(description="The attacker's pool for this attack.")
    defender: Fighter = Field(description="The defender's pool to block, parry or dodge.")
    defends: Defence = Field("rolls", description="rolls; cannot (stunned or surprised: no dice); average (a foe "
                             "that does not roll, Fearsome Challenges).")
    counter_attack: bool = Field(False, description="The attacker won a defence since their last turn: +1 die.")
    weapon: int = Field(0, ge=-5, le=20, description="The attacker's weapon modifier, added to damage.")
    armor: int = Field(0, ge=0, le=20, description="The defender's armor, taken off damage.")
    damage_modifier: int = Field(0, ge=-10, le=10, description="A damage modifier the GM grants (a killing blow, "
                                 "a point-blank shot).")
    defender_health: int | None = Field(None, ge=0, le=1000, description="The defender's boxes left.")
    rounding: Rounding = Field("down", description="How a non-rolling defender's half pool rounds.")

    @model_validator(mode="after")
    def _two(self):
        if self.attacker.name.casefold() == self.defender.name.casefold():
            raise ValueError("a character does not attack themselves")
        return self


class AttackRollResult(CheckResult):
    outcome: int = Field(description="attacker's successes - defender's successes.")
    outcome_label: Literal["hit", "defended", "tie"]
    attacker: SideResult
    defender: SideResult
    winner: str | None
    degree: int
    damage: int
    counter_gained: bool = Field(description="The defender won and gains a die on their next attack.")
    defender_health_after: int | None
    down: bool
    damage_odds: Odds


def damage_of(difference: int, weapon: int, extra: int, armor: int) -> int:
    return max(0, difference + weapon + extra - armor) if difference > 0 else 0


@tool("mastery")
def mastery_attack_roll(args: AttackRollArgs, roller: Roller) -> AttackRollResult:
    """How attacks work in the Single-Action Roundtable: a contested challenge, attacker against defender (a stunned or
    surprised defender cannot defend; a foe that does not roll is assumed average); damage = degree + weapon - armor;
    a winning defender gains a counter-attack die."""
    tn, difficulty = target_number(args.die, args.tn)
    attacker = args.attacker
    pre = [tn_line(args.die, tn, difficulty)]
    if args.counter_attack:
        attacker = attacker.model_copy(update={"circumstance": attacker.circumstance + 1})
        pre.append(step("mastery.counter_die", name=attacker.name))
    a, a_dist, a_lines = side_roll(roller, attacker, args.die, tn, True, args.rounding, attacker.name,
                                   f"{attacker.name} attack")
    if args.defends == "cannot":
        b = SideResult(name=args.defender.name, pool=0, tn=tn, rolled=False, successes=0, dice=[])
        b_dist, b_lines = Dist.certain(0), [step("mastery.cannot_defend", name=args.defender.name)]
    else:
        b, b_dist, b_lines = side_roll(roller, args.defender, args.die, tn, args.defends == "rolls", args.rounding,
                                       args.defender.name, f"{args.defender.name} defence")
    odds, damage_odds = attack_figures(a_dist, b_dist, args.weapon, args.damage_modifier, args.armor)
    d = a.successes - b.successes
    damage = damage_of(d, args.weapon, args.damage_modifier, args.armor)
    counter = d < 0 and args.defends == "rolls"
    after = None if args.defender_health is None else max(0, args.defender_health - damage)
    down = bool(damage) and after == 0
    steps = [*pre, *a_lines, *b_lines, versus(a, b, d)]
    if d > 0:
        steps.append(step("mastery.damage", degree=d, weapon=args.weapon, modifier=args.damage_modifier,
                          armor=args.armor, damage=damage, defender=b.name, health=args.defender_health,
                          after=after))
        if down:
            steps.append(step("mastery.struck_down", name=b.name))
    elif counter:
        steps.append(step("mastery.counter_won", name=b.name))
    refs = [ROUNDTABLE] + ([FEARSOME] if args.defends == "average" else []) + ([COMBAT] if damage else [])
    label = "hit" if d > 0 else "defended" if d < 0 else "tie"
    return AttackRollResult(
        summary=step("mastery.attack_roll", first=a.name, first_successes=a.successes, second=b.name,
                     second_successes=b.successes, difference=d, damage=damage),
        steps=steps, rule_refs=refs, dice=[*a.dice, *b.dice], outcome=d, outcome_label=label, success=d > 0,
        odds=odds, attacker=a, defender=b, winner=a.name if d > 0 else b.name if d < 0 else None, degree=abs(d),
        damage=damage, counter_gained=counter, defender_health_after=after, down=down,
        damage_odds=damage_odds,
    )


@shape_cache
def attack_figures(first: Dist, second: Dist, weapon: int, modifier: int, armor: int) -> tuple[Odds, Odds]:
    """The exchange's odds block and the damage's, once per pair of pools and weapon against armor."""
    diff, odds = difference_odds(first, second)
    return odds, diff.map(lambda x: damage_of(x, weapon, modifier, armor)).odds()
