"""Turn order in Bullet Time (``brew.md#Bullet Time, Story Time & Downtime``): by Speed, highest first; ties are
broken by a d6 for each tied character, rolled again among those still tied until every tie is broken. The same
order repeats each round.

The exact odds: within a group of equal Speed the tie-break rolls are symmetric, so every order of the group is
equally likely; the distribution given is who acts first.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

from pydantic import Field

from narrator.tools.contract import CheckResult, ToolArgs
from narrator.tools.dice import Die, DieFlag, Roller
from narrator.tools.frozen import Frozen
from narrator.tools.name_lists import records_once
from narrator.tools.odds import Dist, Odds
from narrator.tools.steps import Step, step
from narrator.tools.tool import tool
from narrator.tools.systems.brew.rules import TIME

MAX_TIE_ROUNDS = 50


class Combatant(ToolArgs):
    name: str = Field(min_length=1, max_length=60)
    speed: int = Field(ge=-10, le=15, description="Speed score (with its penalties, e.g. laden).")


class InitiativeEntry(Frozen):
    name: str
    speed: int
    tie_rolls: list[int] = Field(default_factory=list, description="d6 rolls that broke a tie, in order.")


class InitiativeArgs(ToolArgs):
    combatants: list[Combatant] = Field(min_length=1, max_length=50)

    _unique = records_once("combatants", "name", "each combatant once (names ignore case)")


class BrewInitiativeResult(CheckResult):
    outcome: list[str] = Field(description="The order of turns, first to act first.")
    order: list[str]
    entries: list[InitiativeEntry]


def break_ties(roller: Roller, names: Sequence[str], rolls: dict[str, list[int]], dice: list[Die],
               steps: list[Step]) -> list[str]:
    """Order a tied group by d6, rerolling among those still tied (recursively) until all are apart."""
    if len(names) == 1:
        return list(names)
    for _ in range(MAX_TIE_ROUNDS):
        faces = {}
        for n in names:
            d = roller.roll(6, f"{n} tie-break")
            if rolls[n]:
                d = d.with_flags(DieFlag.REROLLED)
            dice.append(d)
            rolls[n].append(d.face)
            faces[n] = d.face
        steps.append(step("brew.tie_break", faces=[[n, faces[n]] for n in names]))
        groups: dict[int, list[str]] = {}
        for n in names:
            groups.setdefault(faces[n], []).append(n)
        if len(groups) == 1:
            continue
        out = []
        for face in sorted(groups, reverse=True):
            out += break_ties(roller, groups[face], rolls, dice, steps)
        return out
    return sorted(names)  # pragma: no cover - 50 all-equal rounds


@lru_cache(maxsize=4096)
def first_odds(tied: tuple[str, ...], order: tuple[str, ...]) -> Odds:
    """Who acts first, labelled in the rolled order: once per tied group and order (the tie-break is fair, so the
    chances never depend on the dice, only the order the labels are listed in)."""
    dist = Dist({n: Fraction(1, len(tied)) for n in tied})
    return dist.odds(label=lambda n: f"{n} first", order=[n for n in order if dist[n]])


class Roster(NamedTuple):
    """What a list of combatants says before any die: read once per the names and speeds in their order."""

    speeds_line: Step
    groups: tuple[tuple[tuple[str, ...], Step | None], ...]  # the names at each speed, fastest first; a tie's line
    tied: tuple[str, ...]  # those at the top speed
    speeds: dict[str, int]


@lru_cache(maxsize=4096)
def roster(combatants: tuple[tuple[str, int], ...]) -> Roster:
    """The groups by speed, their lines, who shares the top speed and each name's speed, once per roster (a fight
    asks for its order every round with the same combatants)."""
    by_speed: dict[int, list[str]] = {}
    for name, speed in combatants:
        by_speed.setdefault(speed, []).append(name)
    groups = tuple((tuple(by_speed[speed]), step("brew.tied", speed=speed, names=list(by_speed[speed]))
                    if len(by_speed[speed]) > 1 else None) for speed in sorted(by_speed, reverse=True))
    top = max(speed for _, speed in combatants)
    return Roster(step("brew.by_speed", speeds=[[n, s] for n, s in sorted(combatants, key=lambda c: -c[1])]),
                  groups, tuple(n for n, speed in combatants if speed == top), {n: speed for n, speed in combatants})


@lru_cache(maxsize=4096)
def order_lines(order: tuple[str, ...]) -> tuple[Step, Step]:
    """The turn order's line and the summary that states it, once per order."""
    return step("brew.turn_order", order=list(order)), step("brew.order", order=list(order))


@lru_cache(maxsize=4096)
def entry(name: str, speed: int, tie_rolls: tuple[int, ...]) -> InitiativeEntry:
    """A combatant's row, once per name, speed and tie-break faces (frozen: shared between results)."""
    return InitiativeEntry(name=name, speed=speed, tie_rolls=list(tie_rolls))


@tool("brew")
def brew_initiative(args: InitiativeArgs, roller: Roller) -> BrewInitiativeResult:
    """Brew turn order: highest Speed first, ties broken by a d6 each, rerolled until broken; the order repeats every
    round."""
    r = roster(tuple([(c.name, c.speed) for c in args.combatants]))
    dice: list[Die] = []
    rolls: dict[str, list[int]] = {c.name: [] for c in args.combatants}
    steps = [r.speeds_line]
    order: list[str] = []
    for group, tie in r.groups:
        if tie is not None:
            steps.append(tie)
        order += break_ties(roller, group, rolls, dice, steps)
    turn_order, summary = order_lines(tuple(order))
    steps.append(turn_order)
    tied, speeds = r.tied, r.speeds
    return BrewInitiativeResult(
        summary=summary, steps=steps, rule_refs=[TIME], dice=dice, outcome=order,
        success=None,
        odds=first_odds(tied, tuple(n for n in order if n in tied)), order=order,
        entries=[entry(n, speeds[n], tuple(rolls[n])) for n in order],
    )
