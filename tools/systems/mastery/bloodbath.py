"""Bloodbath (``mastery.md#Bloodbath``): "all characters decide on their actions in secret and act simultaneously.
The results of a round of combat depend on the nature of the actions involved."

The four natures, as the book gives them, and how this tool reads each pair of actions:

* **Independent non-challenge** — "two characters that run away from each other. No rolls are made, and both
  characters successfully withdraw": a ``flee`` nobody attacks withdraws without a roll; a ``defend`` nobody
  attacks does nothing.
* **Independent challenge** — "two characters that attack each other. Each character rolls a solo challenge to hit
  and deals their raw successes as damage to their opponent (plus any modifier from weapon or armor). This can mean
  that both characters kill each other": an attack on someone who is attacking (anyone) hits with its raw
  successes; no success, no hit.
* **Conflicting challenge** — "a character that attacks a defending or fleeing character. The action is made as an
  opposed challenge, where the victor is the only one to have their action take effect, and their degree of success
  is the difference": the attacker wins -> damage = difference + weapon - armor; the defender wins -> unhurt (and
  a fleeing one gets away, if they beat every attacker); a tie -> neither action takes effect.
* **Asynchronous** — "a character that attacks a character trying to focus on something ... the action that is not
  effected works and the other is disrupted": the attack hits with its raw successes, as an independent one; the
  focus is disrupted whatever the attack rolls. A ``focus`` nobody attacks works: its own challenge is rolled.

Readings chosen: each character rolls once per round — a defender facing several attackers opposes each of them
with the same roll ("Bloodbath ... favors power in numbers"); damage never goes below 0 and is marked after all
rolls ("simultaneously"), so both sides of an exchange can go down.
"""

from __future__ import annotations

from collections import defaultdict
from functools import lru_cache
from typing import Literal

from pydantic import AliasChoices, Field, field_validator, model_validator

from narrator.tools.contract import CheckResult
from narrator.tools.dice import Die as RolledDie
from narrator.tools.dice import Roller
from narrator.tools.frozen import Frozen
from narrator.tools.steps import Step, step
from narrator.tools.tool import tool
from narrator.tools.systems.mastery.challenge import (
    PoolRoll, PoolSpec, TargetSpec, build_pool, roll_pool, target_number, tn_line,
)
from narrator.tools.systems.mastery.roundtable import damage_of, unique
from narrator.tools.systems.mastery.rules import BLOODBATH, COMBAT

ActionKind = Literal["attack", "defend", "flee", "focus"]
Nature = Literal["independent non-challenge", "independent challenge", "conflicting challenge", "asynchronous"]


class SecretAction(PoolSpec):
    """One character's secret action for the round, with the pool it rolls if it comes to a roll."""

    name: str = Field(min_length=1, max_length=60)
    action: ActionKind = Field(description="attack (needs target), defend, flee, or focus (anything an attack "
                               "disrupts: a spell, aiming, a lock).")
    target: str | None = Field(None, min_length=1, max_length=60, description="Whom an attack is aimed at.")
    task: str | None = Field(None, max_length=80, description="What a focus is on.")
    weapon: int = Field(0, ge=-5, le=20, description="Weapon modifier added to damage this character deals.")
    armor: int = Field(0, ge=0, le=20, description="Armor taken off damage this character takes.")
    damage_modifier: int = Field(0, ge=-10, le=10, description="A damage modifier the GM grants this attack.")
    health: int | None = Field(None, ge=0, le=1000, description="Boxes left.")

    @model_validator(mode="after")
    def _target(self):
        if self.action == "attack" and self.target is None:
            raise ValueError(f"{self.name} attacks: name the target")
        if self.action != "attack" and self.target is not None:
            raise ValueError(f"{self.name} does not attack ({self.action}): no target")
        return self


class BloodbathArgs(TargetSpec):
    fighters: list[SecretAction] = Field(min_length=1, max_length=20, description="Everyone's secret action.")

    @field_validator("fighters")
    @classmethod
    def _names(cls, v: list[SecretAction]) -> list[SecretAction]:
        unique([f.name for f in v])
        names = {f.name.casefold() for f in v}
        for f in v:
            if f.target is not None:
                if f.target.casefold() == f.name.casefold():
                    raise ValueError(f"{f.name} cannot attack themselves")
                if f.target.casefold() not in names:
                    raise ValueError(f"{f.name} attacks {f.target}, who is not in the fight")
        return v


class Exchange(Frozen):
    nature: Nature
    actor: str
    action: ActionKind
    against: str | None = None
    actor_successes: int | None = None
    against_successes: int | None = None
    winner: str | None = None
    damage: int = 0
    line: Step | str = Field(validation_alias=AliasChoices("line", "text"), description=(
        "The exchange, as a step (a result logged before results were data holds its words as 'text')."))


class FighterOutcome(Frozen):
    name: str
    action: ActionKind
    successes: int | None = Field(description="What they rolled (null: no roll was needed).")
    damage_taken: int
    health_after: int | None
    down: bool
    withdrew: bool
    disrupted: bool
    focus_worked: bool


class BloodbathResult(CheckResult):
    outcome: dict[str, int] = Field(description="Damage each character takes this round.",
                                    json_schema_extra={"fact": "damage"})
    exchanges: list[Exchange]
    fighters: list[FighterOutcome]


_FIGHTERS: dict[tuple, tuple[int, str, Step, tuple[Step, ...]]] = {}
_FIGHTERS_KEPT = 4096
"""Fighters' pools and lines remembered (fighters seen in play) before the memo starts afresh."""


def fighter_roll(f: SecretAction, roller: Roller, die: int, tn: int) -> tuple[PoolRoll, list[Step]]:
    """A fighter's throw for the round and its lines: the pool's, under their name, then the throw's. What comes
    before the dice (the pool, its lines, what the fighter is doing) depends only on the fighter's values, so it is
    made once per those; the throw is rolled fresh."""
    key = tuple(f.__dict__.values())  # every field of the fighter, a field added later too
    found = _FIGHTERS.get(key)
    if found is None:
        if len(_FIGHTERS) >= _FIGHTERS_KEPT:
            _FIGHTERS.clear()
        pool, lines = build_pool(f)
        found = _FIGHTERS[key] = (pool.dice, f"{f.name} {f.action}",
                                  step("mastery.doing", name=f.name, action=f.action, target=f.target, task=f.task),
                                  tuple(step("mastery.of", who=f.name, line=line) for line in lines))
    dice, purpose, doing, lines = found
    thrown = roll_pool(roller, dice, die, tn, purpose, doing)
    return thrown, [*lines, thrown.line]


@lru_cache(maxsize=4096)
def conflict(actor: str, against: str, action: str, mine: int, theirs: int, hurt: int, winner: str | None) -> Exchange:
    """An attack on a defending or fleeing character (an opposed challenge), once per the values it states."""
    return Exchange(nature="conflicting challenge", actor=actor, action="attack", against=against,
                    actor_successes=mine, against_successes=theirs, winner=winner, damage=hurt,
                    line=step("mastery.conflict", actor=actor, against=against, action=action, mine=mine,
                              theirs=theirs, damage=hurt))


@lru_cache(maxsize=4096)
def blow(nature: str, actor: str, against: str, mine: int, hurt: int) -> Exchange:
    """An attack on an attacking (independent) or focusing (asynchronous) character, once per its values."""
    return Exchange(nature=nature, actor=actor, action="attack", against=against, actor_successes=mine, damage=hurt,
                    winner=actor if hurt else None,
                    line=step("mastery.both_attack" if nature == "independent challenge" else "mastery.disrupts",
                              actor=actor, against=against, successes=mine, damage=hurt))


@lru_cache(maxsize=4096)
def unattacked(name: str, action: str, task: str | None, successes: int | None) -> Exchange:
    """A fighter nobody attacks: a flight that withdraws, a defence with nothing to do, a focus that works."""
    if action == "flee":
        line = step("mastery.withdraws", name=name)
    elif action == "defend":
        line = step("mastery.unattacked", name=name)
    else:
        line = step("mastery.undisturbed", name=name, task=task, successes=successes)
    return Exchange(nature="independent non-challenge" if action != "focus" else "independent challenge",
                    actor=name, action=action, actor_successes=successes, line=line)


@lru_cache(maxsize=4096)
def fighter_outcome(name: str, action: str, successes: int | None, taken: int, after: int | None, withdrew: bool,
                    disrupted: bool) -> FighterOutcome:
    """A fighter's row at the end of the round, once per its values."""
    return FighterOutcome(name=name, action=action, successes=successes, damage_taken=taken, health_after=after,
                          down=bool(taken) and after == 0, withdrew=withdrew, disrupted=disrupted,
                          focus_worked=action == "focus" and not disrupted)


@lru_cache(maxsize=4096)
def takes_line(name: str, damage: int, left: int | None, down: bool) -> Step:
    return step("mastery.takes", name=name, damage=damage, left=left, down=down)


AT_ONCE = step("mastery.at_once")


@lru_cache(maxsize=4096)
def summary_line(fighters: tuple[tuple[str, str, int, bool, bool, bool], ...]) -> Step:
    """The round's summary, once per what came of each fighter."""
    return step("mastery.bloodbath", fighters=[
        {"name": name, "action": action, "damage": damage, "down": down, "withdrew": withdrew, "disrupted": disrupted}
        for name, action, damage, down, withdrew, disrupted in fighters])


@tool("mastery")
def mastery_bloodbath(args: BloodbathArgs, roller: Roller) -> BloodbathResult:
    """Resolve a Bloodbath round: everyone's secret actions at once — independent non-challenges, independent challenges
    (raw successes as damage), conflicting challenges (opposed) and asynchronous ones (the unaffected action works,
    the other is disrupted)."""
    tn, difficulty = target_number(args.die, args.tn)
    by_name = {f.name.casefold(): f for f in args.fighters}
    attackers: dict[str, list[str]] = defaultdict(list)
    for f in args.fighters:
        if f.action == "attack":
            attackers[by_name[f.target.casefold()].name].append(f.name)
    steps = [tn_line(args.die, tn, difficulty)]
    rolls: dict[str, int] = {}
    dice: list[RolledDie] = []
    for f in args.fighters:
        attacked = bool(attackers.get(f.name))
        rolls_now = f.action == "attack" or (f.action in ("defend", "flee") and attacked) or \
            (f.action == "focus" and not attacked)
        if not rolls_now:
            continue
        thrown, lines = fighter_roll(f, roller, args.die, tn)
        steps += lines
        rolls[f.name] = thrown.successes
        dice += thrown.dice

    exchanges: list[Exchange] = []
    told: list[Step] = []

    def exchange(row: Exchange) -> None:
        told.append(row.line)
        exchanges.append(row)

    damage: dict[str, int] = defaultdict(int)
    lost_flight: set[str] = set()
    disrupted: set[str] = set()
    for f in args.fighters:
        if f.action != "attack":
            continue
        t = by_name[f.target.casefold()]
        mine = rolls[f.name]
        if t.action in ("defend", "flee"):
            theirs = rolls[t.name]
            d = mine - theirs
            hurt = damage_of(d, f.weapon, f.damage_modifier, t.armor)
            if t.action == "flee" and d >= 0:
                lost_flight.add(t.name)  # beaten or held: the flight does not take effect
            winner = f.name if d > 0 else t.name if d < 0 else None
            exchange(conflict(f.name, t.name, t.action, mine, theirs, hurt, winner))
        else:
            nature = "independent challenge" if t.action == "attack" else "asynchronous"
            hurt = damage_of(mine, f.weapon, f.damage_modifier, t.armor)
            if nature == "asynchronous":
                disrupted.add(t.name)
            exchange(blow(nature, f.name, t.name, mine, hurt))
        damage[t.name] += exchanges[-1].damage
    for f in args.fighters:
        if f.action == "attack" or attackers.get(f.name):
            continue
        exchange(unattacked(f.name, f.action, f.task, rolls.get(f.name)))

    outcomes = []
    for f in args.fighters:
        taken = damage.get(f.name, 0)
        after = None if f.health is None else max(0, f.health - taken)
        outcomes.append(fighter_outcome(f.name, f.action, rolls.get(f.name), taken, after,
                                        f.action == "flee" and f.name not in lost_flight, f.name in disrupted))
    steps += told
    for o in outcomes:
        if o.damage_taken:
            steps.append(takes_line(o.name, o.damage_taken, o.health_after, o.down))
    steps.append(AT_ONCE)
    summary = summary_line(tuple([(o.name, o.action, o.damage_taken, o.down, o.withdrew, o.disrupted)
                                  for o in outcomes]))
    return BloodbathResult(summary=summary, steps=steps,
                           rule_refs=[BLOODBATH] + ([COMBAT] if any(damage.values()) else []), dice=dice,
                           outcome={o.name: o.damage_taken for o in outcomes}, success=None, odds=None,
                           exchanges=exchanges, fighters=outcomes)
