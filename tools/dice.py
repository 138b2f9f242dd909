"""Dice: every die keeps its face and what happened to it.

The roller never touches Python's global RNG: it is built from a seed, a ``random.Random``, or a scripted list of
faces (for tests and for reproducing a rulebook example). Every die it returns is a frozen :class:`Die` so a result
object can carry the whole story of a roll — kept, dropped, exploded, rerolled, wild — to the narration, the
teaching view and the tests alike.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from enum import Enum
from functools import lru_cache

from pydantic import BaseModel, ConfigDict, Field

from narrator.tools.errors import DiceLimitError, ScriptedDiceExhausted

MAX_DICE = 1000
"""No single roll or tool call may throw more dice than this (explosions and rerolls included)."""
MAX_SIDES = 1000
MAX_EXPLOSIONS = 100
"""An exploding die stops exploding after this many extra dice, whatever it rolls."""


class DieFlag(str, Enum):
    KEPT = "kept"
    DROPPED = "dropped"
    EXPLODED = "exploded"  # this die rolled its maximum and caused an extra die
    EXTRA = "extra"  # this die was added by an explosion
    REROLLED = "rerolled"  # this die was thrown again; a later die replaces it
    WILD = "wild"


class Die(BaseModel):
    """One physical die throw."""

    model_config = ConfigDict(frozen=True)

    sides: int
    face: int
    flags: tuple[DieFlag, ...] = ()
    purpose: str = Field("", description="What the die was rolled for, e.g. 'test die 1', 'avoidance'.")

    def with_flags(self, *flags: DieFlag) -> "Die":
        return _die(self.sides, self.face, _sorted_flags(self.flags + flags), self.purpose)

    def has(self, flag: DieFlag) -> bool:
        return flag in self.flags

    def __str__(self) -> str:
        marks = f" [{', '.join(f.value for f in self.flags)}]" if self.flags else ""
        return f"d{self.sides}={self.face}{marks}"


def _sorted_flags(flags: Iterable[DieFlag]) -> tuple[DieFlag, ...]:
    """Flags once each, in the order of their names (a plain die has none: the common case skips this), sorted
    once per combination: a wild die, an explosion or a kept die asks for the same few on every roll."""
    key = flags if type(flags) is tuple else tuple(flags)
    found = _FLAG_SETS.get(key)
    if found is None:
        if len(_FLAG_SETS) >= _DICE_KEPT:
            _FLAG_SETS.clear()
        found = _FLAG_SETS[key] = tuple(sorted(set(key), key=lambda f: f.value))
    return found


_FLAG_SETS: dict[tuple[DieFlag, ...], tuple[DieFlag, ...]] = {}


_DICE: dict[tuple[int, int, tuple[DieFlag, ...], str], Die] = {}
_DICE_KEPT = 16384
"""Distinct dice remembered before the memo starts afresh (faces x purposes seen in play; a few MB at most)."""


def _die(sides: int, face: int, flags: tuple[DieFlag, ...], purpose: str) -> Die:
    """The validated, frozen :class:`Die` for these values, shared: a die is a value, and the same throw of the same
    die for the same purpose recurs all session, so validating it once saves most of what rolling it costs."""
    key = (sides, face, flags, purpose)
    die = _DICE.get(key)
    if die is None:
        if len(_DICE) >= _DICE_KEPT:
            _DICE.clear()
        die = _DICE[key] = Die(sides=sides, face=face, flags=flags, purpose=purpose)
    return die


@lru_cache(maxsize=4096)
def _numbered(purpose: str, n: int) -> tuple[str, ...]:
    """``('attack 1', 'attack 2')``: the purposes of ``n`` dice rolled together, written once per purpose and count."""
    return tuple(f"{purpose} {i + 1}".strip() for i in range(n))


_NEVER_DRAWN = random.Random(0)
"""The generator a scripted roller holds: it never draws from it (every die comes from the script, and a script
that runs out raises), so they share this one rather than seed a new one each (about 5 µs)."""


class Roller:
    """The only source of randomness for tools.

    ``Roller(seed)`` and ``Roller(random.Random(...))`` draw from an isolated generator; ``Roller.scripted([3, 4])``
    returns those faces in order (and fails loudly if a test gave too few). It counts dice so that no input can
    make a tool roll forever.
    """

    def __init__(self, source: int | random.Random | None = None, *, max_dice: int = MAX_DICE):
        if source is None:
            raise ValueError("Roller needs a seed or a random.Random; the global RNG is never used")
        self._rng = source if isinstance(source, random.Random) else random.Random(source)
        # randint(1, n) is 1 + _randbelow(n) for a plain random.Random (the same draws): calling it directly skips
        # two layers of argument checks on every die. A subclass keeps randint, whatever it overrides.
        self._below = self._rng._randbelow if type(self._rng) is random.Random else None
        self._script: list[int] | None = None
        self.max_dice = max_dice
        self.count = 0

    @classmethod
    def scripted(cls, faces: Iterable[int], *, max_dice: int = MAX_DICE) -> "Roller":
        roller = cls(_NEVER_DRAWN, max_dice=max_dice)
        roller._script = list(faces)
        return roller

    @property
    def remaining_script(self) -> Sequence[int] | None:
        return None if self._script is None else tuple(self._script)

    def roll(self, sides: int = 6, purpose: str = "", flags: Iterable[DieFlag] = ()) -> Die:
        if not 1 <= sides <= MAX_SIDES:
            raise DiceLimitError(f"A die must have 1 to {MAX_SIDES} sides, not {sides}")
        self.count += 1
        if self.count > self.max_dice:
            raise DiceLimitError(f"More than {self.max_dice} dice in one call; refusing to roll more")
        if self._script is not None:
            if not self._script:
                raise ScriptedDiceExhausted(f"Scripted dice ran out at die {self.count} ({purpose or 'unnamed'})")
            face = self._script.pop(0)
            if not 1 <= face <= sides:
                raise ScriptedDiceExhausted(f"Scripted face {face} is impossible on a d{sides} ({purpose})")
        else:
            face = 1 + self._below(sides) if self._below is not None else self._rng.randint(1, sides)
        return _die(sides, face, _sorted_flags(flags) if flags else (), purpose)

    def roll_many(self, n: int, sides: int = 6, purpose: str = "") -> list[Die]:
        if n < 0:
            raise DiceLimitError(f"Cannot roll a negative number of dice ({n})")
        if n > self.max_dice:
            raise DiceLimitError(f"{n} dice is more than the limit of {self.max_dice}")
        labels = _numbered(purpose, n)
        below = self._below
        if below is None or self._script is not None or self.count + n > self.max_dice or not 1 <= sides <= MAX_SIDES:
            return [self.roll(sides, label) for label in labels]  # die by die: a script, a limit, an error
        # The common case, the same draws as die by die: a plain generator and every die within the limit.
        self.count += n
        return [_die(sides, 1 + below(sides), (), label) for label in labels]

    def roll_exploding(self, sides: int, purpose: str = "", wild: bool = False,
                       max_explosions: int = MAX_EXPLOSIONS) -> list[Die]:
        """Roll one die that explodes on its maximum: returns the chain (first die, then every extra die), at most
        ``max_explosions`` extra dice long."""
        base = (DieFlag.WILD,) if wild else ()
        chain = [self.roll(sides, purpose, base)]
        while chain[-1].face == sides and sides > 1 and len(chain) <= max_explosions:
            chain[-1] = chain[-1].with_flags(DieFlag.EXPLODED)
            chain.append(self.roll(sides, f"{purpose} explosion {len(chain)}".strip(), (*base, DieFlag.EXTRA)))
        return chain
