"""Dice notation for every system: ``NdM``, ``+/-K``, keep highest/lowest, exploding, success counts, Mini Six codes.

Grammar (whitespace allowed between terms)::

    expr  := term (("+" | "-") term)*
    term  := INT | dice
    dice  := [INT] "d" (INT | "%") mod*        e.g. 2d6, d20, 4d6kh3, 2d6kl1, 3d6!, 5d6>=5, d%
           | INT "D"                            a Mini Six die code: N d6, one of them the exploding wild die
    mod   := ("kh" | "kl" | "k") [INT]  |  "!"  |  ">=" INT

``3D+2`` (capital D, no sides) is a Mini Six code; ``3D6`` or ``3d6`` is three plain d6. Parsing errors say at which
character and what was expected. Caps (:data:`tools.dice.MAX_DICE`, sides, explosions, length) keep any input from
hanging the process.

Limits are decided from the expression, before any die is rolled: an exploding die here explodes at most
:data:`EXPLOSIONS_PER_DIE` times, so its worst case is ``1 + EXPLOSIONS_PER_DIE`` dice, and the worst case of the
whole expression must fit :data:`~tools.dice.MAX_DICE`. Whether ``1000d1000!`` is accepted therefore never depends
on the seed (it used to: explosions were counted as they were rolled). Twenty explosions rather than the roller's
hundred keep real pools possible — ``20d6!`` (worst case 420 dice) — while a chain of twenty 6s has probability
6^-20. A dice count cannot be negative: ``-5d6`` is refused (subtracting dice from something, ``1d20-1d4``, is fine).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from narrator.tools.dice import MAX_DICE, MAX_SIDES, Die, DieFlag, Roller
from narrator.tools.errors import DiceLimitError, DiceNotationError
from narrator.tools.odds import Dist, Odds, OddsTooComplex, count_at_least, keep, sum_of
from narrator.tools.safe_json import parse_int
from narrator.tools.steps import Step, step

MAX_LENGTH = 200
EXPLOSIONS_PER_DIE = 20
"""An exploding die in notation adds at most this many dice (the limits are checked against this worst case)."""
DIGITS = "0123456789"  # str.isdigit() also accepts superscripts and other scripts: only ASCII digits count
MAX_TERMS = 20
MAX_ODDS_SPREAD = 3000
"""Exact odds are computed when the summed dice span at most this many values (beyond that, odds = null)."""


@dataclass(frozen=True)
class DiceTerm:
    count: int
    sides: int
    keep: tuple[Literal["h", "l"], int] | None = None
    explode: bool = False
    at_least: int | None = None
    wild: bool = False  # Mini Six: one die of the code is the wild die

    def worst_case_dice(self) -> int:
        """The most dice this term can throw, every explosion included."""
        if self.wild:
            return self.count - 1 + 1 + EXPLOSIONS_PER_DIE
        return self.count * (1 + EXPLOSIONS_PER_DIE) if self.explode else self.count

    def text(self) -> str:
        if self.wild:
            return f"{self.count}D"
        s = f"{self.count}d{self.sides}"
        if self.keep:
            s += f"k{self.keep[0]}{self.keep[1]}"
        if self.explode:
            s += "!"
        if self.at_least is not None:
            s += f">={self.at_least}"
        return s


@dataclass(frozen=True)
class Term:
    sign: int
    dice: DiceTerm | None
    constant: int = 0

    def text(self) -> str:
        return self.dice.text() if self.dice else str(self.constant)


class _Parser:
    def __init__(self, text: str):
        self.text = text
        self.i = 0

    def error(self, expected: str) -> DiceNotationError:
        return DiceNotationError(self.text, self.i, expected)

    def skip_ws(self) -> None:
        while self.i < len(self.text) and self.text[self.i].isspace():
            self.i += 1

    def peek(self, s: str) -> bool:
        return self.text.startswith(s, self.i)

    def int_(self, required: str | None = None, max_digits: int | None = 6) -> int | None:
        """A run of ASCII digits. Dice counts and sides pass ``max_digits=None``: their own limits say more
        ("1000000d6: at most 1000 dice") than a digit count would."""
        start = self.i
        while self.i < len(self.text) and self.text[self.i] in DIGITS:
            self.i += 1
        if start == self.i:
            if required:
                raise self.error(required)
            return None
        if max_digits is not None and self.i - start > max_digits:
            self.i = start
            raise self.error(f"a number of at most {max_digits} digits")
        value = parse_int(self.text[start : self.i], max_digits=MAX_LENGTH)  # the text is at most MAX_LENGTH long
        assert value is not None
        return value

    def parse(self) -> list[Term]:
        if len(self.text) > MAX_LENGTH:
            raise DiceLimitError(f"Dice expression longer than {MAX_LENGTH} characters")
        terms: list[Term] = []
        self.skip_ws()
        sign, sign_at = 1, self.i
        if self.peek("-") or self.peek("+"):
            sign = -1 if self.peek("-") else 1
            self.i += 1
            self.skip_ws()
        while True:
            terms.append(self.term(sign))
            if not terms[1:] and sign < 0 and terms[0].dice is not None:
                self.i = sign_at
                raise self.error("a dice count of at least 1: dice cannot be negative (to subtract dice, write e.g. "
                                 "1d20-1d4)")
            if len(terms) > MAX_TERMS:
                raise DiceLimitError(f"More than {MAX_TERMS} terms in one expression")
            self.skip_ws()
            if self.i == len(self.text):
                worst = sum(t.dice.worst_case_dice() for t in terms if t.dice)
                if worst > MAX_DICE:
                    raise DiceLimitError(f"{self.text.strip()}: at most {MAX_DICE} dice, explosions included (each "
                                         f"exploding die may add {EXPLOSIONS_PER_DIE} more: up to {worst} dice here)")
                return terms
            if self.peek("+") or self.peek("-"):
                sign = -1 if self.peek("-") else 1
                self.i += 1
                self.skip_ws()
            else:
                raise self.error("'+', '-', a modifier (kh, kl, !, >=) or the end")

    def term(self, sign: int) -> Term:
        start = self.i
        count = self.int_(max_digits=None)
        if self.i < len(self.text) and self.text[self.i] in "dD":
            upper = self.text[self.i] == "D"
            self.i += 1
            if upper and count is not None and not (self.i < len(self.text) and (self.text[self.i] in DIGITS or self.text[self.i] == "%")):
                return Term(sign, self.checked(DiceTerm(count, 6, wild=True), start))
            if self.peek("%"):
                self.i += 1
                sides = 100
            else:
                sides = self.int_("the number of sides after 'd' (e.g. d6) or '%'", max_digits=None)
            return Term(sign, self.checked(self.mods(DiceTerm(1 if count is None else count, sides)), start))
        if count is None:
            raise self.error("a number or dice such as 2d6")
        if self.i - start > 6:
            self.i = start
            raise self.error("a number of at most 6 digits")
        return Term(sign, None, count)

    def mods(self, d: DiceTerm) -> DiceTerm:
        while True:
            if self.peek("kh") or self.peek("kl") or self.peek("k"):
                if d.keep:
                    raise self.error("only one keep modifier")
                which = "l" if self.peek("kl") else "h"
                self.i += 2 if self.peek("kh") or self.peek("kl") else 1
                n = self.int_() or 1
                d = DiceTerm(d.count, d.sides, (which, n), d.explode, d.at_least)
            elif self.peek("!"):
                if d.explode:
                    raise self.error("only one '!'")
                self.i += 1
                d = DiceTerm(d.count, d.sides, d.keep, True, d.at_least)
            elif self.peek(">="):
                if d.at_least is not None:
                    raise self.error("only one '>=' success threshold")
                self.i += 2
                t = self.int_("a target number after '>='")
                d = DiceTerm(d.count, d.sides, d.keep, d.explode, t)
            else:
                return d

    def checked(self, d: DiceTerm, start: int) -> DiceTerm:
        term = self.text[start : self.i]
        if d.count < 1:
            self.i = start
            raise self.error("at least one die")
        if d.count > MAX_DICE:
            raise DiceLimitError(f"{term}: at most {MAX_DICE} dice")
        if not 2 <= d.sides <= MAX_SIDES:
            raise DiceLimitError(f"{term}: dice need 2 to {MAX_SIDES} sides, not {d.sides}")
        if d.keep and not 1 <= d.keep[1] <= d.count:
            raise DiceLimitError(f"{term}: cannot keep {d.keep[1]} of {d.count} dice")
        return d


def parse(text: str) -> list[Term]:
    return _Parser(text).parse()


class TermResult(BaseModel):
    model_config = ConfigDict(frozen=True)

    text: str
    sign: int
    dice: list[Die]
    value: int


class RollResult(BaseModel):
    """A rolled expression with every die, each term's value, the total, the steps and the exact odds."""

    model_config = ConfigDict(frozen=True)

    expression: str
    terms: list[TermResult]
    dice: list[Die]
    total: int
    steps: list[Step]
    odds: Odds | None = Field(description="Exact distribution of the total, or null (explosions or too large).")


def _roll_term(d: DiceTerm, roller: Roller) -> tuple[list[Die], int, Step]:
    if d.wild:
        plain = roller.roll_many(d.count - 1, 6, "die")
        chain = roller.roll_exploding(6, "wild die", wild=True, max_explosions=EXPLOSIONS_PER_DIE)
        dice = plain + chain
        total = sum(x.face for x in dice)
        return dice, total, step("dice.wild", code=d.text(), faces=[x.face for x in dice], total=total)
    groups: list[list[Die]] = []
    for i in range(d.count):
        groups.append(roller.roll_exploding(d.sides, f"die {i + 1}", max_explosions=EXPLOSIONS_PER_DIE) if d.explode
                      else [roller.roll(d.sides, f"die {i + 1}")])
    if d.at_least is not None:
        flat = [x for g in groups for x in g]
        hits = sum(1 for x in flat if x.face >= d.at_least)
        return flat, hits, step("dice.hits", code=d.text(), faces=[x.face for x in flat], hits=hits,
                                at_least=d.at_least)
    values = [sum(x.face for x in g) for g in groups]
    if d.keep:
        which, k = d.keep
        order = sorted(range(len(groups)), key=lambda j: values[j], reverse=(which == "h"))
        kept = set(order[:k])
        groups = [[x.with_flags(DieFlag.KEPT if j in kept else DieFlag.DROPPED) for x in g] for j, g in enumerate(groups)]
        total = sum(values[j] for j in kept)
        return [x for g in groups for x in g], total, step("dice.keep", code=d.text(), values=values, keep=k,
                                                           which="highest" if which == "h" else "lowest", total=total)
    flat = [x for g in groups for x in g]
    return flat, sum(values), step("dice.sum", code=d.text(), faces=[x.face for x in flat], total=sum(values))


def _term_dist(d: DiceTerm) -> Dist | None:
    if d.explode or d.wild:
        return None
    if d.at_least is not None:
        return count_at_least(d.count, d.sides, d.at_least)
    if d.count * d.sides > MAX_ODDS_SPREAD:
        return None
    try:
        return keep(d.count, d.sides, d.keep[1], d.keep[0] == "h") if d.keep else sum_of(d.count, d.sides)
    except OddsTooComplex:
        return None


def expression_odds(terms: list[Term]) -> Odds | None:
    total = Dist.certain(0)
    for t in terms:
        dist = Dist.certain(t.constant) if t.dice is None else _term_dist(t.dice)
        if dist is None:
            return None
        total = total + (dist if t.sign > 0 else dist.map(lambda v: -v))
    return total.odds()


def written(parts: list[tuple[int, str]]) -> str:
    """Signed terms as an expression is written: ``[(1, "3D"), (1, "5")]`` -> ``3D+5``, a leading minus kept."""
    return "".join(("-" if sign < 0 else ("+" if i else "")) + text for i, (sign, text) in enumerate(parts))


def as_code(terms: list[Term]) -> tuple[list[Term], list[Step]]:
    """A die code written with three pips or more (``3D+5``: one wild-die term and numbers) is rolled normalised,
    ``4D+2``, and the line saying so comes back: "each die is equal to three pips ... going to '+3' advances the die
    code to the next largest die" — the same reading the system's own tools use. Any other expression is as written,
    and a code whose pips would leave no die (``1D-3``) too: there it is plain arithmetic."""
    wild = [t for t in terms if t.dice is not None]
    if len(wild) != 1 or not wild[0].dice.wild or wild[0].sign < 0:
        return terms, []
    pips = sum(t.sign * t.constant for t in terms if t.dice is None)
    if 0 <= pips <= 2:
        return terms, []
    total = 3 * wild[0].dice.count + pips
    if total < 3:
        return terms, []
    code = [Term(1, DiceTerm(total // 3, 6, wild=True))] + ([Term(1, None, total % 3)] if total % 3 else [])
    given, shown = (written([(t.sign, t.text()) for t in ts]) for ts in (terms, code))
    return code, [step("dice.as_code", given=given, code=shown)]


def roll(text: str, roller: Roller) -> RollResult:
    terms, steps = as_code(parse(text))
    results: list[TermResult] = []
    for t in terms:
        if t.dice is None:
            results.append(TermResult(text=t.text(), sign=t.sign, dice=[], value=t.constant))
            continue
        dice, value, line = _roll_term(t.dice, roller)
        results.append(TermResult(text=t.text(), sign=t.sign, dice=dice, value=value))
        steps.append(line)
    total = sum(r.sign * r.value for r in results)
    expression = written([(r.sign, r.text) for r in results])
    steps.append(step("dice.total", terms=[[r.sign, r.value] for r in results], total=total))
    return RollResult(
        expression=expression,
        terms=results,
        dice=[x for r in results for x in r.dice],
        total=total,
        steps=steps,
        odds=expression_odds(terms),
    )
