"""Initiative (``mini-six.md#COMBAT``): "determine order of Initiative by rolling Agility for each character.
Highest goes first ... In case of tied initiative, character actions are almost simultaneous."

Readings chosen:

* Each combatant rolls its Agility code with the wild die, as every roll does.
* Ties are not rerolled: tied combatants share a slot and act "almost simultaneously" (``slots`` groups them).
  The tracker still needs a sequence, so inside a slot they are listed by name; what the book says about such
  a slot — actions resolve "in order of actions - first, second, third", and "in case of opposed actions on tied
  initiative or a readied action the higher roll (eg attack) resolves first" — is for the narrator and is said in
  the steps.
"""

from __future__ import annotations

from pydantic import Field, field_validator

from narrator.tools.contract import ToolArgs, ToolResult
from narrator.tools.dice import Die, Roller
from narrator.tools.frozen import Frozen
from narrator.tools.steps import step
from narrator.tools.tool import tool
from narrator.tools.systems.minisix.codes import parse_field, rolled_code, rolled_dice
from narrator.tools.systems.minisix.rules import COMBAT
from narrator.tools.systems.minisix.wild import throw


class Combatant(ToolArgs):
    name: str = Field(min_length=1, max_length=60)
    agility: str = Field(max_length=20, description="The Agility code rolled for initiative, e.g. '3D+1'.")

    @field_validator("agility")
    @classmethod
    def _code(cls, v: str) -> str:
        v = parse_field(v)
        if rolled_dice(v) < 1:
            raise ValueError("an Agility code has at least 1D")
        return v


class InitiativeArgs(ToolArgs):
    combatants: list[Combatant] = Field(min_length=1, max_length=50)

    @field_validator("combatants")
    @classmethod
    def _unique(cls, v: list[Combatant]) -> list[Combatant]:
        folded = [c.name.casefold() for c in v]
        dupes = sorted({c.name for c in v if folded.count(c.name.casefold()) > 1})
        if dupes:
            raise ValueError(f"each combatant once (ignoring case); repeated: {', '.join(dupes)}")
        return v


class InitiativeEntry(Frozen):
    name: str
    agility: str
    total: int
    dice: list[Die]
    slot: int = Field(description="1 acts first; tied combatants share a slot.")


class InitiativeResult(ToolResult):
    order: list[str] = Field(description="Highest first; inside a tie, by name.")
    slots: list[list[str]] = Field(description="Who acts together: a tie is one slot, almost simultaneous.")
    entries: list[InitiativeEntry]
    totals: dict[str, int]
    dice: list[Die]


def roll_initiative(combatants: list[tuple[str, str]], roller: Roller) -> InitiativeResult:
    rolled, dice, steps = [], [], [step("minisix.initiative_rule")]
    for name, agility in combatants:
        c, shown = rolled_code(agility)
        r = throw(roller, c.dice, c.pips, f"{name} initiative")
        rolled.append((name, agility, r))
        dice += r.dice
        steps += shown
        steps.append(step("minisix.initiative_roll", name=name, agility=agility, story=r.story()))
    ranked = sorted(rolled, key=lambda x: (-x[2].total, x[0].casefold()))
    slots: list[list[str]] = []
    entries = []
    last = None
    for name, agility, r in ranked:
        if last is None or r.total != last:
            slots.append([])
        slots[-1].append(name)
        last = r.total
        entries.append(InitiativeEntry(name=name, agility=agility, total=r.total, dice=r.dice, slot=len(slots)))
    ties = [s for s in slots if len(s) > 1]
    for s in ties:
        steps.append(step("minisix.initiative_tie", names=s))
    steps.append(step("minisix.initiative_order", slots=slots))
    return InitiativeResult(summary=step("minisix.initiative", slots=slots), steps=steps,
                            rule_refs=[COMBAT], order=[e.name for e in entries], slots=slots, entries=entries,
                            totals={e.name: e.total for e in entries}, dice=dice)


@tool("minisix")
def minisix_initiative(args: InitiativeArgs, roller: Roller) -> InitiativeResult:
    """Roll initiative: each combatant rolls Agility, highest first; ties act almost simultaneously."""
    return roll_initiative([(c.name, c.agility) for c in args.combatants], roller)
