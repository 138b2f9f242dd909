"""Minim initiative (``minim.md#Initiative``): who acts first in a scene.

Each combatant rolls as many d6 as its brain score and adds them; the order is highest to lowest. A group of similar
units (the rulebook's half-dozen rats) rolls once for the whole group.

Readings chosen where the rulebook is ambiguous:

* "Rerolling ties" is read as: only the tied combatants reroll (each its brain dice again), and the reroll only
  orders them among themselves, never against anyone else. A tie inside the reroll is rerolled again, among those
  still tied. The ``total`` reported is the first roll, the one that places a combatant in the overall order.
* A combatant's superseded dice are kept in the result with the REROLLED flag, so the whole story can be shown.
* Reroll rounds (one round = one tied set rerolling) are capped at 100 per call, and rerolling also stops before
  the roller's dice budget would be exceeded; anyone still tied is then ordered by name, and the steps say so.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from pydantic import Field, field_validator

from narrator.tools.contract import ToolArgs, ToolResult, ref
from narrator.tools.dice import Die, DieFlag, Roller
from narrator.tools.frozen import Frozen
from narrator.tools.steps import Step, step
from narrator.tools.tool import tool
from narrator.tools.systems.minim.rules import BOOK

INITIATIVE = ref(BOOK, "Initiative")
MAX_REROLL_ROUNDS = 100


class Combatant(ToolArgs):
    name: str = Field(min_length=1, max_length=60, description="A character's or group's name (unique).")
    brain: int = Field(ge=1, le=5, description="Brain score (1-5): how many d6 it rolls.")
    count: int = Field(1, ge=1, le=1000, description="Group size: similar units that roll once and act together.")


class InitiativeArgs(ToolArgs):
    combatants: list[Combatant] = Field(min_length=1, max_length=50, description="Everyone in the scene (1-50).")

    @field_validator("combatants")
    @classmethod
    def _unique_names(cls, combatants: list[Combatant]) -> list[Combatant]:
        seen: dict[str, str] = {}
        dupes = []
        for c in combatants:
            key = c.name.casefold()
            if key in seen:
                dupes.append(f"'{c.name}' (same as '{seen[key]}')")
            seen.setdefault(key, c.name)
        if dupes:
            raise ValueError(f"names must be unique (ignoring case); repeated: {', '.join(dupes)}")
        return combatants


class InitiativeRoll(Frozen):
    total: int
    dice: list[Die]


class InitiativeEntry(Frozen):
    position: int = Field(description="1 acts first.")
    name: str
    count: int
    brain: int
    total: int = Field(description="The initiative roll's total (the first roll).")
    dice: list[Die] = Field(description="The first roll's dice (flagged 'rerolled' if a tie made it roll again).")
    rerolls: list[InitiativeRoll] = Field(description="Tie-break rerolls in order; they only order the tied.")


class MinimInitiativeResult(ToolResult):
    order: list[str] = Field(description="Names from first to act to last.")
    entries: list[InitiativeEntry]
    dice: list[Die] = Field(description="Every die thrown, in order.")
    reroll_rounds: int
    ordered_by_name: list[str] = Field(default_factory=list, description="Names still tied at the cap, set by name.")


@dataclass
class _State:
    """One combatant while rolling: its rolls so far, each a list of indexes into the call's dice list."""

    spec: Combatant
    rolls: list[list[int]] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)

    @property
    def who(self) -> dict[str, object]:
        """Who it is, as a step states it: the name and the group's size."""
        return {"name": self.spec.name, "count": self.spec.count}


def _roll(state: _State, roller: Roller, dice: list[Die], purpose: str) -> Step:
    """Roll the combatant's brain dice, record them, and explain the sum."""
    thrown = roller.roll_many(state.spec.brain, 6, f"{state.spec.name} {purpose}")
    state.rolls.append(list(range(len(dice), len(dice) + len(thrown))))
    dice.extend(thrown)
    state.totals.append(sum(d.face for d in thrown))
    return _roll_line(state.spec.name, state.spec.count, state.spec.brain, tuple(d.face for d in thrown),
                      state.totals[-1])


@lru_cache(maxsize=4096)
def _roll_line(name: str, count: int, brain: int, faces: tuple[int, ...], total: int) -> Step:
    """A combatant's initiative roll, once per its values (a fight's combatants roll the same dice often)."""
    return step("minim.initiative_roll", who={"name": name, "count": count}, brain=brain, faces=list(faces),
                total=total)


def _tied_sets(states: list[_State]) -> list[list[_State]]:
    """Sets of combatants whose rolls so far are all equal, highest first (only those can still be tied)."""
    by_key: dict[tuple[int, ...], list[_State]] = {}
    for s in states:
        by_key.setdefault(tuple(s.totals), []).append(s)
    return [group for key, group in sorted(by_key.items(), key=lambda kv: [-t for t in kv[0]]) if len(group) > 1]


@tool("minim")
def minim_initiative(args: InitiativeArgs, roller: Roller) -> MinimInitiativeResult:
    """Roll Minim initiative: each combatant (or group) rolls brain d6, highest acts first, ties rerolled among the
    tied."""
    dice: list[Die] = []
    states = [_State(c) for c in args.combatants]
    steps = [step("minim.initiative_rule")]
    steps += [_roll(s, roller, dice, "initiative die") for s in states]
    rounds = 0
    stuck: list[_State] = []
    while tied := _tied_sets(states):
        group = tied[0]
        needed = sum(s.spec.brain for s in group)
        if rounds >= MAX_REROLL_ROUNDS or roller.count + needed > roller.max_dice:
            stuck = [s for g in tied for s in g]
            steps.append(step("minim.still_tied", rounds=MAX_REROLL_ROUNDS if rounds >= MAX_REROLL_ROUNDS else None,
                              who=[s.who for s in stuck]))
            break
        rounds += 1
        steps.append(step("minim.tie", totals=list(group[0].totals), who=[s.who for s in group], round=rounds))
        for s in group:
            for i in s.rolls[-1]:
                dice[i] = dice[i].with_flags(DieFlag.REROLLED)
            steps.append(_roll(s, roller, dice, f"tie-break {rounds} die"))
    ranked = sorted(states, key=lambda s: ([-t for t in s.totals], s.spec.name.casefold()))
    entries = [_entry(i, s, dice) for i, s in enumerate(ranked, 1)]
    steps.append(step("minim.order", order=[{**s.who, "totals": list(s.totals)} for s in ranked]))
    return MinimInitiativeResult(
        summary=step("minim.initiative", who=[s.who for s in ranked]),
        steps=steps,
        rule_refs=[INITIATIVE],
        order=[s.spec.name for s in ranked],
        entries=entries,
        dice=dice,
        reroll_rounds=rounds,
        ordered_by_name=sorted((s.spec.name for s in stuck), key=str.casefold),
    )


def _entry(position: int, s: _State, dice: list[Die]) -> InitiativeEntry:
    rolls = [[dice[i] for i in idx] for idx in s.rolls]
    return InitiativeEntry(
        position=position,
        name=s.spec.name,
        count=s.spec.count,
        brain=s.spec.brain,
        total=s.totals[0],
        dice=rolls[0],
        rerolls=[InitiativeRoll(total=t, dice=d) for t, d in zip(s.totals[1:], rolls[1:])],
    )
