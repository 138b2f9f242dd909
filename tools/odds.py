"""Exact probability distributions: enumeration and convolution over :class:`fractions.Fraction`.

Nothing here simulates. A :class:`Dist` maps outcomes to exact probabilities that sum to exactly 1; tools turn it
into the contract's ``odds`` block (floats for machines, fraction strings for people checking by hand). The
building blocks that repeat across calls (one die, N dice summed, keep-highest pools) are cached.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable, Mapping
from fractions import Fraction
from functools import lru_cache, wraps
from itertools import combinations_with_replacement
from math import factorial, lcm
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field

MAX_ENUMERATION = 200_000
"""Refuse exact enumerations larger than this many multisets; callers report odds as unavailable instead."""


class OddsTooComplex(Exception):
    """The exact computation would be too large; callers fall back to ``odds = None``."""


class Dist:
    """An exact discrete distribution. Immutable; operations return new distributions."""

    __slots__ = ("_p", "_odds", "_hash")

    def __init__(self, probabilities: Mapping[Hashable, Fraction]):
        cleaned = {k: v if type(v) is Fraction else Fraction(v) for k, v in probabilities.items() if v != 0}
        if not _sums_to_one(cleaned.values()):
            raise ValueError(f"probabilities sum to {sum(cleaned.values(), Fraction(0))}, not 1")
        self._p = cleaned
        self._odds: dict = {}
        self._hash: int | None = None

    @classmethod
    def _exact(cls, probabilities: Mapping[Hashable, Fraction]) -> "Dist":
        """A distribution built from others by exact arithmetic (map, combine, bind, normalised weights): its
        Fractions already sum to 1 by construction, so re-checking the sum would only redo the arithmetic."""
        made = cls.__new__(cls)
        made._p = {k: v for k, v in probabilities.items() if v}
        made._odds = {}
        made._hash = None
        return made

    @classmethod
    def certain(cls, value: Hashable) -> "Dist":
        return cls._exact({value: Fraction(1)})

    @classmethod
    def uniform(cls, values: Iterable[Hashable]) -> "Dist":
        """Each value equally likely (repeats count twice). Uniforms over a ``range`` or plain ints and strings are
        built once and shared: tools ask for ``Dist.uniform(range(1, 7))`` on every call."""
        key = values if type(values) is range else tuple(values)
        if type(key) is range or all(type(v) is int or type(v) is str for v in key):
            return _uniform(key)
        return _make_uniform(key)

    @classmethod
    def from_weights(cls, weights: Mapping[Hashable, int | Fraction]) -> "Dist":
        total = sum(weights.values())
        if total and all(type(w) is int for w in weights.values()):  # w / total over ints sums to 1 exactly
            return cls._exact({k: Fraction(w, total) for k, w in weights.items()})
        return cls({k: Fraction(w) / total for k, w in weights.items()})

    def items(self):
        return self._p.items()

    def __getitem__(self, value: Hashable) -> Fraction:
        return self._p.get(value, Fraction(0))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Dist) and self._p == other._p

    def __hash__(self) -> int:
        """By content, like equality, and computed once: a distribution is immutable, so it can key a
        :func:`shape_cache` (the cached building blocks are the same object every time, found by identity)."""
        if self._hash is None:
            self._hash = hash(frozenset(self._p.items()))
        return self._hash

    def __repr__(self) -> str:
        inner = ", ".join(f"{k!r}: {v}" for k, v in sorted(self._p.items(), key=lambda kv: repr(kv[0])))
        return f"Dist({{{inner}}})"

    def map(self, f: Callable[[Hashable], Hashable]) -> "Dist":
        out: dict[Hashable, Fraction] = defaultdict(Fraction)
        for k, p in self._p.items():
            out[f(k)] += p
        return Dist._exact(out)

    def combine(self, other: "Dist", f: Callable[[Hashable, Hashable], Hashable]) -> "Dist":
        out: dict[Hashable, Fraction] = defaultdict(Fraction)
        for a, pa in self._p.items():
            for b, pb in other._p.items():
                out[f(a, b)] += pa * pb
        return Dist._exact(out)

    def __add__(self, other: "Dist | int") -> "Dist":
        if isinstance(other, int):
            return self.map(lambda k: k + other)
        return self.combine(other, lambda a, b: a + b)

    def bind(self, f: Callable[[Hashable], "Dist"]) -> "Dist":
        """Chain a dependent distribution: for each outcome, ``f`` gives the next distribution."""
        out: dict[Hashable, Fraction] = defaultdict(Fraction)
        for k, p in self._p.items():
            for k2, p2 in f(k).items():
                out[k2] += p * p2
        return Dist._exact(out)

    def p(self, predicate: Callable[[Hashable], bool]) -> Fraction:
        return sum((p for k, p in self._p.items() if predicate(k)), Fraction(0))

    def repeat_sum(self, n: int) -> "Dist":
        result = Dist.certain(0)
        for _ in range(n):
            result = result + self
        return result

    def odds(self, p_success: Fraction | None = None, label: Callable[[Hashable], str] = str,
             order: Iterable[Hashable] | None = None) -> "Odds":
        """The contract's odds block. Memoised per distribution (results are frozen, so one block is shared by
        every roll of the same cached distribution: the exact arithmetic is done once)."""
        order = tuple(order) if order is not None else None
        key = (p_success, label, order)
        try:
            return self._odds[key]
        except (KeyError, TypeError):
            pass
        keys = list(order) if order is not None else sorted(self._p, key=_sort_key)
        exact = {label(k): self[k] for k in keys}
        made = Odds(
            p_success=None if p_success is None else float(p_success),
            distribution={k: float(v) for k, v in exact.items()},
            exact={k: fraction_text(v) for k, v in exact.items()},
        )
        try:
            self._odds[key] = made
        except TypeError:  # an unhashable order or label: not memoised
            pass
        return made


def _sums_to_one(values: Iterable[Fraction]) -> bool:
    """Whether exact probabilities sum to 1, in integers over their common denominator (adding Fractions one by
    one reduces by a gcd at every step, which is most of what building a distribution cost)."""
    values = list(values)
    common = lcm(*(v.denominator for v in values)) if values else 1
    return sum(v.numerator * (common // v.denominator) for v in values) == common


def _make_uniform(values: tuple) -> Dist:
    counts: dict[Hashable, int] = defaultdict(int)
    for v in values:
        counts[v] += 1
    return Dist({v: Fraction(c, len(values)) for v, c in counts.items()})


@lru_cache(maxsize=1024)
def _uniform(values: tuple | range) -> Dist:
    """The shared uniform distributions (keys are ranges or tuples of exact ints and strings, so ``1`` and ``1.0``
    or ``True`` never share an entry)."""
    return _make_uniform(tuple(values))


F = TypeVar("F", bound=Callable[..., Any])
SHAPE_CACHE_SIZE = 4096
"""Entries each shape cache keeps before it starts afresh (a shape is a handful of small ints)."""


def shape_cache(fn: F) -> F:
    """Memoise an exact computation by the *shape* of a roll (pool sizes, targets, modifiers: its positional
    arguments), so the Fraction arithmetic behind a tool's odds runs once per shape instead of on every call.

    The function must be pure and its result never mutated (a :class:`Dist`, an :class:`Odds`, a tuple of them).
    Arguments that cannot be hashed (a list inside an arguments model) are computed afresh, uncached."""
    memo: dict[tuple, Any] = {}

    @wraps(fn)
    def cached(*args: Any) -> Any:
        try:
            return memo[args]
        except KeyError:
            pass
        except TypeError:  # unhashable: no memo, same answer
            return fn(*args)
        value = fn(*args)
        if len(memo) >= SHAPE_CACHE_SIZE:
            memo.clear()
        memo[args] = value
        return value

    cached.cache_clear = memo.clear  # type: ignore[attr-defined]
    return cached  # type: ignore[return-value]


def _sort_key(k: Hashable):
    return (0, k) if isinstance(k, (int, float, Fraction)) else (1, str(k))


def fraction_text(f: Fraction) -> str:
    """'110', '1/5': an exact value as people check it by hand."""
    return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"


class Odds(BaseModel):
    """The contract's odds block: the exact distribution of the outcome before the roll."""

    model_config = ConfigDict(frozen=True)

    p_success: float | None = Field(description="P(success) where the system has pass/fail, else null.")
    distribution: dict[str, float] = Field(description="Outcome label -> probability; sums to 1.")
    exact: dict[str, str] = Field(default_factory=dict, description="The same probabilities as exact fractions.")


@lru_cache(maxsize=4096)
def two_way_odds(p: Fraction, yes: str, no: str) -> Odds:
    """The odds block of a yes-or-no roll with P(yes) = ``p`` (``yes`` listed first), built once per chance: many
    tools end on one such roll and asked for a fresh distribution every call."""
    return Dist({yes: p, no: 1 - p}).odds(p_success=p, order=(yes, no))


@lru_cache(maxsize=4096)
def certain_odds(value: Hashable, order: tuple | None = None) -> Odds:
    """The odds block of an outcome decided without dice (``order`` lists the labels a table expects)."""
    return Dist.certain(value).odds(p_success=None, order=order)


@lru_cache(maxsize=None)
def die(sides: int) -> Dist:
    return Dist({face: Fraction(1, sides) for face in range(1, sides + 1)})


@lru_cache(maxsize=4096)
def sum_of(n: int, sides: int) -> Dist:
    """The sum of ``n`` dice with ``sides`` sides."""
    return die(sides).repeat_sum(n)


@lru_cache(maxsize=4096)
def keep(n: int, sides: int, k: int, highest: bool = True) -> Dist:
    """The sum of the ``k`` highest (or lowest) of ``n`` dice, by enumerating multisets with their multiplicities."""
    if k >= n:
        return sum_of(n, sides)
    count = factorial(n + sides - 1) // (factorial(n) * factorial(sides - 1))
    if count > MAX_ENUMERATION:
        raise OddsTooComplex(f"{n}d{sides} keep {k} has {count} multisets")
    weights: dict[int, int] = defaultdict(int)
    n_fact = factorial(n)
    for combo in combinations_with_replacement(range(1, sides + 1), n):  # sorted ascending
        mult = n_fact
        run = 1
        for i in range(1, n + 1):
            if i < n and combo[i] == combo[i - 1]:
                run += 1
            else:
                mult //= factorial(run)
                run = 1
        kept = combo[-k:] if highest else combo[:k]
        weights[sum(kept) if k else 0] += mult
    return Dist.from_weights(weights)


@lru_cache(maxsize=4096)
def count_at_least(n: int, sides: int, threshold: int) -> Dist:
    """How many of ``n`` dice show ``threshold`` or more (a dice-pool success count)."""
    hits = max(0, min(sides, sides - threshold + 1))
    one = Dist.from_weights({1: hits, 0: sides - hits}) if 0 < hits < sides else Dist.certain(1 if hits else 0)
    return one.repeat_sum(n)


def binomial(n: int, p: Fraction) -> Dist:
    """Number of successes in ``n`` independent trials each succeeding with probability ``p``."""
    one = Dist({1: p, 0: 1 - p}) if 0 < p < 1 else Dist.certain(1 if p >= 1 else 0)
    return one.repeat_sum(n)
