"""Every number in a piece of prose, in whatever form it is written, with its value.

Why a module of its own: the provenance guard (:mod:`narrator.agent.guard`) must see "forty", "IV", "a dozen",
"+3", "50%", "DC 15", "2d6" and "double sixes" as the numbers they are, and the narration gate reuses the same
reading. Spelled-out numbers are read by ``text2num`` (``text_to_num.find_numbers``, English), a maintained
library; this module adds the forms it does not cover: digits (with thousands separators, decimals, signs and
ordinal suffixes), dice notation, percentages, roman numerals, "a dozen / a score of / a pair of", "half / double /
twice / triple", "plus three / minus two" and dice words ("snake eyes", "boxcars", "double sixes", "a pair of
fives").

What a number *means* (a die face, damage, a price...) is not decided here but in :mod:`narrator.agent.claims`.

Bounded by design: model text is untrusted, so a run of digits is never given to ``int()`` beyond
:data:`MAX_DIGITS` digits (Python refuses more than 4,300 and the value could not be a fact anyway); such a number
has ``value`` None. Everything is one left-to-right pass of linear regular expressions.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from text_to_num import find_numbers as _library_numbers

MAX_DIGITS = 15
"""Longer digit runs are not read (value None): no tool result holds such a number."""

FACE_WORDS = {"ones": 1, "aces": 1, "twos": 2, "deuces": 2, "threes": 3, "treys": 3, "fours": 4, "fives": 5,
              "sixes": 6}
FACE_SINGULAR = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
HOW_MANY = {"double": 2, "doubles": 2, "two": 2, "pair of": 2, "a pair of": 2, "both": 2, "twin": 2, "three": 3,
            "triple": 3, "four": 4, "all": 0}
MULTIPLIERS = {"half": 0.5, "double": 2, "doubled": 2, "twice": 2, "triple": 3, "tripled": 3, "thrice": 3,
               "quadruple": 4}
ROMAN_VALUES = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}


@dataclass(frozen=True)
class Number:
    """One number found in text. ``kind``: digits, word, ordinal, roman, percent, fraction (odds: 13/36,
    one in six), dice (notation), faces (dice words), quantity (a dozen...), multiplier (double, half...). ``signed``: written with + / - / ± / plus / minus.
    ``faces``: the die faces dice words name. ``sides`` / ``count``: dice notation."""

    start: int
    end: int
    text: str
    value: int | float | None
    kind: str
    signed: bool = False
    faces: tuple[int, ...] = ()
    sides: int | None = None
    count: int | None = None
    parts: tuple[int | float | None, ...] = ()  # a fraction's two numbers


DICE_NOTATION = re.compile(r"(?<![\w.])(\d{0,4})([dD])(\d{1,4}|%)(?:\s*[+\-−]\s*\d{1,4})?(?![\w])"
                           r"|(?<![\w.])(\d{1,3})D(?:\s*[+\-]\s*\d{1,2})?(?![\w])")
DIGITS = re.compile(
    r"(?:(?P<sign>(?<![\w)\]])[+\-−–±](?=\s?\d)\s?)|(?<![\w.,]))"
    r"(?P<num>\d+(?:,\d{3})*(?:\.\d+)?)"
    r"(?P<suffix>st|nd|rd|th)?"
    r"(?P<pct>\s?%|\s?(?:percent|per\s?cent)\b)?"
    r"(?![\w])"
)
DICE_WORDS = re.compile(
    r"\b(?:(?P<eyes>snake[\s-]?eyes)|(?P<box>box[\s-]?cars)"
    r"|(?P<many>a\s+pair\s+of|pair\s+of|double|doubles|two|both|twin|three|triple|four|all)[\s-]+"
    r"(?P<faces>ones|aces|twos|deuces|threes|treys|fours|fives|sixes)"
    r"|(?:a\s+)?double[\s-](?P<one>one|two|three|four|five|six)(?!\w)"
    r"|(?P<bare>twos|deuces|threes|treys|fours|fives|sixes))\b",
    re.IGNORECASE,
)
QUANTITY = re.compile(
    r"\b(?:(?P<halfdozen>half\s+a\s+dozen)|(?:a|one)\s+(?P<dozen>dozen)|(?P<score>a\s+score)(?=\s+of\b)"
    r"|(?P<vague>dozens|scores|hundreds|thousands|millions)(?=\s+(?:of|more)\b)"
    r"|(?P<pair>a\s+(?:pair|couple)\s+of))\b",
    re.IGNORECASE,
)
MULTIPLIER = re.compile(r"\b(half|double|doubled|twice|triple|tripled|thrice|quadruple)\b", re.IGNORECASE)
ROMAN = re.compile(r"(?<![\w'’])(?=[MDCLXVI]{2,}\b|[VX]\b)"
                   r"(M{0,3}(?:CM|CD|D?C{0,3})(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3}))(?![\w'’])")
NOT_ROMAN = frozenset({"DC", "CD", "MD", "MC", "CC", "CV", "DM", "CL", "DL", "DI", "MI", "ML", "MM", "LL", "MIX", "DID",
                       "MID", "DIM", "LID", "MILD", "CIVIC", "VIM", "CIVIL"})
"""Upper-case words and abbreviations that are valid roman numerals but mean something else ("DC 15")."""
PERCENT_AFTER = re.compile(r"\s?(?:%|percent\b|per\s?cent\b)", re.IGNORECASE)
FRACTION_JOIN = re.compile(r"\s*(?:/|in|out\s+of)\s*", re.IGNORECASE)
SIGN_WORD = re.compile(r"\b(plus|minus|negative)\s+$", re.IGNORECASE)
WORD_TOKEN = re.compile(r"[A-Za-z]+|\d+|[^\w\s]")


class _Token:
    """The token protocol ``text_to_num.find_numbers`` reads."""

    __slots__ = ("t",)

    def __init__(self, t: str):
        self.t = t

    def text(self) -> str:
        return self.t

    def nt_separated(self, previous: _Token) -> bool:
        return False

    def not_a_number_part(self) -> bool:
        return False


def read_digits(digits: str) -> int | float | None:
    """The value of a digit string (commas and a decimal part allowed), or None when it is too long to read."""
    plain = digits.replace(",", "")
    whole, _, frac = plain.partition(".")
    if len(whole) > MAX_DIGITS or len(frac) > MAX_DIGITS:
        return None
    if frac:
        value = float(f"{whole}.{frac}")
        return int(value) if value.is_integer() else value
    return int(whole)


def roman_value(text: str) -> int:
    total = 0
    for a, b in zip(text, text[1:] + " "):
        va, vb = ROMAN_VALUES[a], ROMAN_VALUES.get(b, 0)
        total += -va if va < vb else va
    return total


def _free(taken: list[tuple[int, int]], start: int, end: int) -> bool:
    return all(end <= s or start >= e for s, e in taken)


def find_numbers(text: str) -> list[Number]:
    """Every number in ``text``, left to right, spans never overlapping (the more specific form wins)."""
    found: list[Number] = []
    taken: list[tuple[int, int]] = []

    def add(n: Number) -> None:
        if _free(taken, n.start, n.end):
            found.append(n)
            taken.append((n.start, n.end))

    for m in DICE_NOTATION.finditer(text):
        if m.group(2):
            count = read_digits(m.group(1)) if m.group(1) else 1
            sides = 100 if m.group(3) == "%" else read_digits(m.group(3))
        else:
            count, sides = read_digits(m.group(4)), 6
        add(Number(m.start(), m.end(), m.group(), sides, "dice", sides=sides if isinstance(sides, int) else None,
                   count=count if isinstance(count, int) else None))
    for m in DICE_WORDS.finditer(text):
        if m.group("eyes"):
            faces: tuple[int, ...] = (1, 1)
        elif m.group("box"):
            faces = (6, 6)
        elif m.group("one"):
            faces = (FACE_SINGULAR[m.group("one").lower()],) * 2
        elif m.group("bare"):  # "both dice come up fives": at least two of them
            faces = (FACE_WORDS[m.group("bare").lower()],) * 2
        else:
            many = HOW_MANY[re.sub(r"\s+", " ", m.group("many").lower())] or 2
            faces = (FACE_WORDS[m.group("faces").lower()],) * many
        add(Number(m.start(), m.end(), m.group(), faces[0], "faces", faces=faces))
    for m in DIGITS.finditer(text):
        value = read_digits(m.group("num"))
        sign = (m.group("sign") or "").strip()
        if value is not None and sign in ("-", "−", "–"):
            value = -value
        kind = "percent" if m.group("pct") else "ordinal" if m.group("suffix") else "digits"
        add(Number(m.start(), m.end(), m.group(), value, kind, signed=bool(sign)))
    for m in QUANTITY.finditer(text):
        value = (6 if m.group("halfdozen") else 12 if m.group("dozen") else 20 if m.group("score")
                 else 2 if m.group("pair") else None)
        add(Number(m.start(), m.end(), m.group(), value, "quantity"))
    for m in ROMAN.finditer(text):
        if m.group(1) and m.group(1) not in NOT_ROMAN:
            add(Number(m.start(1), m.end(1), m.group(1), roman_value(m.group(1)), "roman"))
    _words(text, add)
    for m in MULTIPLIER.finditer(text):
        add(Number(m.start(), m.end(), m.group(), MULTIPLIERS[m.group().lower()], "multiplier"))
    found.sort(key=lambda n: n.start)
    return _fractions(text, found)


def _fractions(text: str, found: list[Number]) -> list[Number]:
    """"13/36", "1 in 4", "one out of six": odds, one number of kind ``fraction`` (its value is not a fact)."""
    out: list[Number] = []
    for n in found:
        prev = out[-1] if out else None
        if (prev is not None and prev.kind in ("digits", "word") and n.kind in ("digits", "word")
                and FRACTION_JOIN.fullmatch(text, prev.end, n.start)):
            out[-1] = Number(prev.start, n.end, text[prev.start:n.end], None, "fraction", parts=(prev.value, n.value))
        else:
            out.append(n)
    return out


def _words(text: str, add) -> None:
    """Spelled-out numbers, read by ``text2num``; "plus three" / "minus two" become signed."""
    spans = [(m.start(), m.end()) for m in WORD_TOKEN.finditer(text)]
    if not any(text[s].isalpha() for s, _ in spans):
        return
    tokens = [_Token(text[s:e]) for s, e in spans]
    for occ in _library_numbers(tokens, "en", 0):
        start, end = spans[occ.start][0], spans[occ.end - 1][1]
        if not any(text[s].isalpha() for s, _ in spans[occ.start:occ.end]):
            continue  # plain digits: read above, with their signs and suffixes
        value = occ.value
        if not math.isfinite(value) or abs(value) >= 10 ** MAX_DIGITS:
            number: int | float | None = None
        else:
            number = int(value) if float(value).is_integer() else float(value)
        signed = SIGN_WORD.search(text, max(0, start - 12), start)
        if signed and number is not None:
            start = signed.start()
            number = -number if signed.group(1).lower() in ("minus", "negative") else number
        kind = "ordinal" if occ.is_ordinal else "word"
        pct = PERCENT_AFTER.match(text, end)
        if pct and not occ.is_ordinal:
            end, kind = pct.end(), "percent"
        add(Number(start, end, text[start:end], number, kind, signed=bool(signed)))
