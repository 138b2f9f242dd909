"""Choosing by dice: how every generator (random characters, NPCs) picks one option among several.

Why one place: five systems wrote the same five lines — roll a die with a side per option, keep the die with the
result's dice (so a replay and a reader see every roll), take the option it names — and a generator's choice is
part of what a seed reproduces, so it must be the same everywhere.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from narrator.tools.dice import Die, Roller

T = TypeVar("T")


def pick(roller: Roller, options: Sequence[T], purpose: str, dice: list[Die], roll_single: bool = False) -> T:
    """One of ``options``, uniformly, by one die of ``len(options)`` sides appended to ``dice``. A single option
    needs no die, unless ``roll_single`` (a generator whose seeds were recorded rolling a one-sided die keeps it)."""
    if len(options) == 1 and not roll_single:
        return options[0]
    die = roller.roll(len(options), purpose)
    dice.append(die)
    return options[die.face - 1]
