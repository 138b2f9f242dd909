"""Turn order in Bullet Time (``brew.md#Bullet Time, Story Time & Downtime``): by Speed, highest first; ties are
broken by a d6 for each tied character, rolled again among those still tied until every tie is broken. The same
order repeats each round.

The exact odds: within a group of equal Speed the tie-break rolls are symmetric, so every order of the group is
equally likely; the distribution given is who acts first.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

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


def break_ties(roller: Roller, names: list[str], rolls: dict[str, list[int]], dice: list[Die],
               steps: list[Step]) -> list[str]:
    """Order a tied group by d6, rerolling among those still tied (recursively) until all are apart."""
    if len(names) == 1:
        return names
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


@tool("brew")
def brew_initiative(args: InitiativeArgs, roller: Roller) -> BrewInitiativeResult:
    """Brew turn order: highest Speed first, ties broken by a d6 each, rerolled until broken; the order repeats every
    round."""
    by_speed: dict[int, list[str]] = {}
    for c in args.combatants:
        by_speed.setdefault(c.speed, []).append(c.name)
    dice: list[Die] = []
    rolls: dict[str, list[int]] = {c.name: [] for c in args.combatants}
    steps = [step("brew.by_speed", speeds=[[c.name, c.speed] for c in sorted(args.combatants, key=lambda c: -c.speed)])]
    order: list[str] = []
    for speed in sorted(by_speed, reverse=True):
        group = by_speed[speed]
        if len(group) > 1:
            steps.append(step("brew.tied", speed=speed, names=list(group)))
        order += break_ties(roller, group, rolls, dice, steps)
    steps.append(step("brew.turn_order", order=list(order)))
    top = max(c.speed for c in args.combatants)
    tied = tuple(c.name for c in args.combatants if c.speed == top)
    speeds = {c.name: c.speed for c in args.combatants}
    return BrewInitiativeResult(
        summary=step("brew.order", order=list(order)), steps=steps, rule_refs=[TIME], dice=dice, outcome=order,
        success=None,
        odds=first_odds(tied, tuple(n for n in order if n in tied)), order=order,
        entries=[InitiativeEntry(name=n, speed=speeds[n], tie_rolls=rolls[n]) for n in order],
    )
