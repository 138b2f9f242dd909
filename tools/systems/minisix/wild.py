"""The wild die and the exact odds of a Mini Six roll (``mini-six.md#Dice Basics``).

"One die rolled is always the Wild Die ... If the wild die results in a six, then roll again adding the six and
the new result together ... Keep doing it until the wild die lands on something other than a 6." The wild die's
value is ``6k + r``: k sixes, then a face r of 1-5, with probability ``(1/6)^k · 1/6``. It is never a multiple
of six.

Exact odds without simulation. The series over k is infinite, but its tails have a closed form: writing
``w - 1 = 6q + t`` (0 ≤ t ≤ 5), ``P(W ≥ w) = (6 - t) / 6^(q+1)`` — q sixes are needed, then either another six or a
face above t. Every probability a tool reports (a success, a difficulty band, a wound level) is a difference of
such tails convolved with the plain dice, so it is an exact fraction of the *whole* series, not an approximation.
:func:`truncated_wild` sums the series term by term until the remainder is below 1e-12 — the form the issue
describes — and the tests check the two agree to within that remainder, and both against brute-force enumeration
of every chain at small sizes.

The dice actually thrown stop after :data:`tools.dice.MAX_EXPLOSIONS` sixes in a row (the roller's safety cap);
the odds are those of the rule as written, which differ from the capped process by less than 6^-100.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import ceil
from typing import NamedTuple


from narrator.tools.dice import Die, Roller
from narrator.tools.odds import Dist, sum_of
from narrator.tools.steps import Step, step
from narrator.tools.systems.minisix.rules import BAND_LABELS, BELOW_BANDS, DIFFICULTIES

SERIES_EPSILON = 1e-12


def wild_at_least(w: int) -> Fraction:
    """P(the wild die's value ≥ w), exactly."""
    if w <= 1:
        return Fraction(1)
    q, t = divmod(w - 1, 6)
    return Fraction(6 - t, 6 ** (q + 1))


def wild_value_p(v: int) -> Fraction:
    """P(the wild die's value == v): zero on multiples of six."""
    if v < 1 or v % 6 == 0:
        return Fraction(0)
    return Fraction(1, 6 ** (v // 6 + 1))


def truncated_wild(epsilon: float = SERIES_EPSILON) -> tuple[dict[int, Fraction], Fraction]:
    """The wild die's distribution summed term by term (k sixes, then 1-5) until the probability left over —
    k or more sixes — is below ``epsilon``: ``(values → probability, remainder)``."""
    out: dict[int, Fraction] = {}
    k = 0
    while Fraction(1, 6 ** k) >= Fraction(epsilon):
        for r in range(1, 6):
            out[6 * k + r] = Fraction(1, 6 ** (k + 1))
        k += 1
    return out, Fraction(1, 6 ** k)


@lru_cache(maxsize=65536)
def at_least(dice: int, pips: int, threshold: int, double: bool = False) -> Fraction:
    """P(roll ≥ threshold) for ``dice``D+``pips`` (one die the wild die), exactly; ``double`` doubles the result
    (the Lucky perk), so the roll needs half the threshold, rounded up."""
    if dice < 1:
        raise ValueError("a roll needs at least one die")
    if double:
        threshold = ceil(Fraction(threshold, 2))
    need = threshold - pips
    plain = sum_of(dice - 1, 6)
    return sum((p * wild_at_least(need - s) for s, p in plain.items()), Fraction(0))


def between(dice: int, pips: int, low: int | None, high: int | None, double: bool = False) -> Fraction:
    """P(low ≤ roll ≤ high); None is open."""
    top = at_least(dice, pips, low, double) if low is not None else Fraction(1)
    return top - (at_least(dice, pips, high + 1, double) if high is not None else Fraction(0))


@lru_cache(maxsize=4096)
def band_dist(dice: int, pips: int, double: bool = False) -> Dist:
    """The exact chance of landing in each difficulty band (Very Easy 2-5 ... Heroic 30+), and under 2."""
    parts = {BELOW_BANDS: between(dice, pips, None, 1, double)}
    for name, (low, high, _) in DIFFICULTIES.items():
        parts[BAND_LABELS[name]] = between(dice, pips, low, high, double)
    return Dist(parts)


BAND_ORDER = (BELOW_BANDS, *BAND_LABELS.values())


def band_of(total: int) -> str:
    for name, (low, high, _) in DIFFICULTIES.items():
        if total >= low and (high is None or total <= high):
            return BAND_LABELS[name]
    return BELOW_BANDS


@lru_cache(maxsize=65536)
def success_dist(dice: int, pips: int, tn: int, double: bool = False) -> Dist:
    p = at_least(dice, pips, tn, double)
    return Dist({"failure": 1 - p, "success": p})


class WildRoll(NamedTuple):
    """A thrown die code: the plain dice, the wild die's whole chain, and the total. A tuple, not a validated model:
    it never leaves the engine (results keep its dice and faces), and every Mini Six roll makes one or two."""

    plain: list[Die]
    wild: list[Die]
    pips: int
    total: int

    @property
    def dice(self) -> list[Die]:
        return [*self.plain, *self.wild]

    @property
    def wild_value(self) -> int:
        return sum(d.face for d in self.wild)

    def story(self) -> Step:
        """'4 + 2, wild die 6 → 6 → 3 (15), +1 = 22' (:func:`story_words`): every die, the chain shown in full."""
        return step("minisix.story", plain=[d.face for d in self.plain], wild=[d.face for d in self.wild],
                    pips=self.pips, total=self.total)


def story_words(plain: list[int], wild: list[int], pips: int, total: int) -> str:
    """A thrown code in words: '4 + 2, wild die 6 → 6 → 3 (15), +1 = 22'."""
    parts = []
    if plain:
        parts.append(" + ".join(map(str, plain)))
    parts.append(f"wild die {' → '.join(map(str, wild))}" + (f" ({sum(wild)})" if len(wild) > 1 else ""))
    text = ", ".join(parts)
    if pips:
        text += f", {pips:+d}"
    return f"{text} = {total}"


def throw(roller: Roller, dice: int, pips: int, purpose: str = "") -> WildRoll:
    """Throw ``dice``D+``pips``: dice − 1 plain d6 and the wild die, which explodes on every 6."""
    if dice < 1:
        raise ValueError("a roll needs at least one die")
    head = f"{purpose} " if purpose else ""
    plain = roller.roll_many(dice - 1, 6, f"{head}die".strip())
    wild = roller.roll_exploding(6, f"{head}wild die".strip(), wild=True)
    return WildRoll(plain, wild, pips, sum(d.face for d in plain) + sum(d.face for d in wild) + pips)


def chain_lines(r: WildRoll) -> list[Step]:
    """The wild die's chain, when it exploded."""
    if len(r.wild) == 1:
        return []
    return [step("minisix.exploded", wild=[d.face for d in r.wild])]


def exploded_words(wild: list[int]) -> str:
    sixes = len(wild) - 1
    return (f"The wild die rolled {sixes} six{'es' if sixes > 1 else ''} in a row and exploded each time: "
            f"{' + '.join(map(str, wild))} = {sum(wild)}.")
