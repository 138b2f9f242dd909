"""Die codes (``mini-six.md#Dice Basics``, ``#How to Make a Character``): ``4D+2`` is four dice plus two pips.

"Each die is equal to three pips ... Going to '+3' advances the die code to the next largest die": a code's value
is its pips, ``3 × dice + pips``, and arithmetic on codes is arithmetic on pips. :meth:`DieCode.normalised` carries
every three pips into a die, the progression the book prints (1D, 1D+1, 1D+2, 2D ...). A code is **rolled
normalised** (:func:`rolled_code`), wherever it enters a roll: ``3D+5`` is ``4D+2`` and throws four dice, because
the book's "+3 advances the die code" makes them the same code (rolled as written, 3D+5 and 4D+2 would give
different odds: P(15 or more) 827/1296 against 1757/2592). The roll's steps say so when the code was written
otherwise. Penalties are whole dice (``-1D``), bonuses may be
either (``+2D``, ``+1``), and a code with no dice (``+2``) is a flat bonus.

``minisix_dice_code`` is the pure tool: add and subtract codes, see the pips, the normalised code, the static
defence value (dice × 3 + pips) and the average roll.
"""

from __future__ import annotations

import re
from fractions import Fraction
from functools import lru_cache
from typing import Annotated, Any

from pydantic import AfterValidator, Field

from narrator.tools.steps import Step, step
from narrator.tools.contract import ToolArgs, ToolResult
from narrator.tools.dice import Roller
from narrator.tools.frozen import Frozen
from narrator.tools.tool import tool
from narrator.tools.systems.minisix.rules import CREATION, DICE_BASICS, SKILLS_REF

CODE = re.compile(r"^\s*([+-]?)\s*(?:(\d{1,3})\s*[dD](?![0-9]))?\s*(?:([+-])\s*(\d{1,3}))?\s*$")
MAX_CODE_DICE = 100


class CodeError(ValueError):
    """A die code that does not parse; the message shows the shape that does."""


class DieCode(Frozen):
    """``dice`` six-sided dice (one of them the wild die when rolled) plus ``pips`` added to the total."""

    dice: int = 0
    pips: int = 0

    @classmethod
    def parse(cls, text: Any) -> "DieCode":
        if isinstance(text, DieCode):
            return text
        if type(text) is str:  # a code is frozen: each text is parsed once per class (a character reads ~80)
            return _parse_text(cls, text)
        if not isinstance(text, str):
            raise CodeError(f"a die code is text like '3D+1', not {type(text).__name__}")
        return cls._parse(text)

    @classmethod
    def _parse(cls, text: str) -> "DieCode":
        m = CODE.match(text)
        if not m or (m.group(2) is None and m.group(4) is None):
            raise CodeError(f"'{text[:30]}' is not a die code; write it like 3D, 4D+2, +1D, -1D or +2")
        sign = -1 if m.group(1) == "-" else 1
        dice = int(m.group(2)) if m.group(2) is not None else 0
        pips = int(m.group(4)) if m.group(4) is not None else 0
        if m.group(3) == "-":
            pips = -pips
        if m.group(2) is None and m.group(1) == "-":  # "-2": a flat penalty
            return cls(dice=0, pips=-abs(pips))
        return cls(dice=sign * dice, pips=pips)  # "-1D-1": the sign belongs to the dice, the pips carry their own

    @classmethod
    def from_pips(cls, total: int) -> "DieCode":
        """The normalised code of a pip total (negative totals keep whole negative dice: -4 pips is -1D-1)."""
        if cls is DieCode and type(total) is int:
            return _of_pips(total)
        if total >= 0:
            return cls(dice=total // 3, pips=total % 3)
        return cls(dice=-((-total) // 3), pips=-((-total) % 3))

    @property
    def total_pips(self) -> int:
        return 3 * self.dice + self.pips

    def normalised(self) -> "DieCode":
        return DieCode.from_pips(self.total_pips)

    def __add__(self, other: "DieCode") -> "DieCode":
        return DieCode(dice=self.dice + other.dice, pips=self.pips + other.pips)

    def __sub__(self, other: "DieCode") -> "DieCode":
        return DieCode(dice=self.dice - other.dice, pips=self.pips - other.pips)

    def minus_dice(self, n: int) -> "DieCode":
        return DieCode(dice=self.dice - n, pips=self.pips)

    @property
    def static(self) -> int:
        """The static defence value of the code: "multiply the number of dice ... by 3 and add any pips"."""
        return 3 * self.dice + self.pips

    def text(self, signed: bool = False) -> str:
        """'4D+2', '-1D', '+2'; ``signed`` writes a leading '+' on a positive code ('+1D', as bonuses read)."""
        if self.dice == 0:
            return f"{self.pips:+d}" if self.pips or signed else "0D"
        head = f"{'+' if signed and self.dice > 0 else ''}{self.dice}D"
        return head + (f"{self.pips:+d}" if self.pips else "")

    def __str__(self) -> str:
        return self.text()


@lru_cache(maxsize=4096)
def _of_pips(total: int) -> DieCode:
    """:meth:`DieCode.from_pips` memoised (a code is frozen; every roll normalises its code)."""
    if total >= 0:
        return DieCode(dice=total // 3, pips=total % 3)
    return DieCode(dice=-((-total) // 3), pips=-((-total) % 3))


@lru_cache(maxsize=4096)
def _parse_text(cls: type[DieCode], text: str) -> DieCode:
    """:meth:`DieCode._parse` memoised (a text that does not parse raises every time: errors are not cached)."""
    return cls._parse(text)


def code(text: Any) -> DieCode:
    """:meth:`DieCode.parse`, straight to the memo for text (a character's sheet reads ~80 codes a call)."""
    if type(text) is str:
        return _parse_text(DieCode, text)
    return DieCode.parse(text)


def rolled_code(text: Any) -> tuple[DieCode, list[Step]]:
    """The code a roll throws (normalised), and the line showing it when it was written otherwise (a fresh list)."""
    if type(text) is str:
        rolled, lines = _rolled_text(text)
        return rolled, list(lines)
    return _rolled_code(text)


@lru_cache(maxsize=4096)
def _rolled_text(text: str) -> tuple[DieCode, tuple[Step, ...]]:
    rolled, lines = _rolled_code(text)
    return rolled, tuple(lines)


def _rolled_code(text: Any) -> tuple[DieCode, list[Step]]:
    written = code(text)
    rolled = written.normalised()
    if rolled == written:
        return rolled, []
    return rolled, [step("minisix.normalised", written=written.text(), rolled=rolled.text())]


def rolled_dice(text: Any) -> int:
    """How many dice a code throws once normalised (``1D-3`` throws none; ``+4`` throws one)."""
    if type(text) is str:
        return _rolled_text(text)[0].dice
    return code(text).normalised().dice


def average(c: DieCode) -> Fraction:
    """The mean roll: 3.5 a plain die; the wild die's mean is 4.2 (5 × 3 / 6 + (6 + 4.2) / 6, solved)."""
    if c.dice <= 0:
        return Fraction(c.pips)
    return Fraction(7, 2) * (c.dice - 1) + Fraction(21, 5) + c.pips


# --- the pure tool -----------------------------------------------------------------------------------------------


def parse_field(v: Any) -> str:
    """A die-code argument: validated here so a bad one is an argument error naming the field."""
    if isinstance(v, DieCode):
        return v.text()
    try:
        c = DieCode.parse(v)
    except CodeError as e:
        raise ValueError(str(e)) from None
    if abs(c.dice) > MAX_CODE_DICE or abs(c.pips) > 999:
        raise ValueError(f"at most {MAX_CODE_DICE} dice and 999 pips")
    return v.strip() if isinstance(v, str) else c.text()


CodeText = Annotated[str, Field(max_length=20), AfterValidator(parse_field)]
"""A die-code argument, checked where it stands (a bad one in a list names its index: ``add.1``)."""


class CodeArgs(ToolArgs):
    code: CodeText = Field(description="A die code: '3D+1', '4D', '+1D', '-1D', '+2'.")
    add: list[CodeText] = Field(default_factory=list, max_length=10, description="Codes to add, e.g. ['+1D', '+2'].")
    subtract: list[CodeText] = Field(default_factory=list, max_length=10, description="Codes to subtract, e.g. "
                                     "['1D'].")


class CodeResult(ToolResult):
    code: str = Field(description="The result, normalised (3 pips = 1D).")
    dice: int
    pips: int
    total_pips: int
    static: int = Field(description="dice × 3 + pips: the value as a static defence.",
                        json_schema_extra={"fact": "target"})
    average: float = Field(description="The mean roll, the wild die included.", json_schema_extra={"fact": None})
    average_exact: str


@tool("minisix")
def minisix_dice_code(args: CodeArgs, roller: Roller) -> CodeResult:
    """Die-code arithmetic in pips (3 pips = 1D): add and subtract codes, normalise them, and read a code as a static
    value (dice × 3 + pips)."""
    total = code(args.code)
    steps = [step("minisix.code_pips", code=args.code, pips=total.total_pips)]
    for c in args.add:
        total = total + code(c)
        steps.append(step("minisix.code_add", code=c, pips=code(c).total_pips, total=total.total_pips))
    for c in args.subtract:
        total = total - code(c)
        steps.append(step("minisix.code_subtract", code=c, pips=-code(c).total_pips, total=total.total_pips))
    result = total.normalised()
    steps.append(step("minisix.pips_code", pips=total.total_pips, code=result.text()))
    if result.dice > 0:
        steps.append(step("minisix.static_value", dice=result.dice, pips=result.pips, static=result.static))
    mean = average(result)
    steps.append(step("minisix.mean_roll", mean=float(mean)) if result.dice > 0 else
                 step("minisix.flat", pips=result.pips))
    return CodeResult(summary=step("minisix.dice_code", code=args.code, add=list(args.add),
                                   subtract=list(args.subtract), result=result.text()),
                      steps=steps, rule_refs=[DICE_BASICS, CREATION, SKILLS_REF], code=result.text(),
                      dice=result.dice, pips=result.pips, total_pips=result.total_pips, static=result.static,
                      average=float(mean), average_exact=f"{mean.numerator}/{mean.denominator}"
                      if mean.denominator != 1 else str(mean.numerator))
