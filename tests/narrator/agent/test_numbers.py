"""Numbers in any form: digits, words (text2num), roman numerals, quantities, dice words, odds — and never int()
on an unbounded digit run."""

from __future__ import annotations

import pytest

from narrator.agent.numbers import MAX_DIGITS, find_numbers, read_digits, roman_value


def found(text: str) -> list[tuple[str, object, str]]:
    return [(n.text, n.value, n.kind) for n in find_numbers(text)]


@pytest.mark.parametrize("text, expected", [
    ("You rolled a 12.", [("12", 12, "digits")]),
    ("It costs 1,000 gold.", [("1,000", 1000, "digits")]),
    ("A 2.5 inch gap.", [("2.5", 2.5, "digits")]),
    ("the 21st day", [("21st", 21, "ordinal")]),
    ("2-3 guards", [("2", 2, "digits"), ("3", 3, "digits")]),  # a range, not a minus
])
def test_digits(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize("text, value", [("+3 to your next attack", 3), ("a -1 penalty", -1), ("take −2", -2),
                                         ("±0", 0), ("minus two to hit", -2), ("plus three", 3)])
def test_signed_numbers(text, value):
    [n] = find_numbers(text)
    assert n.signed and n.value == value


@pytest.mark.parametrize("text, value", [("forty gold crowns", 40), ("strength rises to eighteen", 18),
                                         ("twenty-one", 21), ("two hundred and five arrows", 205),
                                         ("a hundred experience", 100), ("You need a seven", 7)])
def test_number_words_are_read_by_text2num(text, value):
    [n] = find_numbers(text)
    assert n.kind == "word" and n.value == value


@pytest.mark.parametrize("text, value", [("IV hit points", 4), ("Guard XIV", 14), ("X marks the spot", 10),
                                         ("MCMXCIV", 1994)])
def test_roman_numerals(text, value):
    assert [(n.value, n.kind) for n in find_numbers(text)] == [(value, "roman")]


@pytest.mark.parametrize("text", ["I am here.", "DC 15", "MIX it up", "The CD player"])
def test_words_that_only_look_roman(text):
    assert all(n.kind != "roman" for n in find_numbers(text))


def test_roman_value():
    assert [roman_value(r) for r in ("IV", "IX", "XL", "MMXXV")] == [4, 9, 40, 2025]


@pytest.mark.parametrize("text, value", [("a dozen wounds", 12), ("half a dozen eggs", 6), ("a score of arrows", 20),
                                         ("a pair of boots", 2), ("dozens of rats", None), ("hundreds of bats", None)])
def test_quantities(text, value):
    [n] = find_numbers(text)
    assert n.kind == "quantity" and n.value == value


@pytest.mark.parametrize("text, value", [("double damage", 2), ("twice as fast", 2), ("half your health", 0.5),
                                         ("triple", 3)])
def test_multipliers(text, value):
    [n] = find_numbers(text)
    assert n.kind == "multiplier" and n.value == value


@pytest.mark.parametrize("text, faces", [("Snake eyes!", (1, 1)), ("boxcars", (6, 6)), ("double sixes", (6, 6)),
                                         ("a pair of fives", (5, 5)), ("three sixes", (6, 6, 6)),
                                         ("a double-six", (6, 6)), ("both dice come up fives", (5, 5))])
def test_dice_words(text, faces):
    [n] = find_numbers(text)
    assert n.kind == "faces" and n.faces == faces


@pytest.mark.parametrize("text, count, sides", [("2d6+1", 2, 6), ("a d20", 1, 20), ("d%", 1, 100), ("3D+2", 3, 6),
                                                ("4d6kh3", None, None)])
def test_dice_notation(text, count, sides):
    dice = [n for n in find_numbers(text) if n.kind == "dice"]
    if sides is None:
        assert all(n.sides != 20 for n in dice)
    else:
        assert (dice[0].count, dice[0].sides) == (count, sides)


@pytest.mark.parametrize("text", ["a 50% chance", "fifty percent", "50 per cent"])
def test_percentages(text):
    [n] = find_numbers(text)
    assert n.kind == "percent" and n.value == 50


@pytest.mark.parametrize("text, parts", [("13/36", (13, 36)), ("one in six", (1, 6)), ("1 out of 4", (1, 4))])
def test_fractions_are_one_number_of_two_parts(text, parts):
    [n] = find_numbers(text)
    assert n.kind == "fraction" and n.parts == parts and n.value is None


def test_harmless_words_are_still_numbers_meaning_is_decided_elsewhere():
    assert found("the two of you") == [("two", 2, "word")]
    assert found("one of the guards") == [("one", 1, "word")]
    assert found("a single candle") == []


def test_a_huge_digit_run_is_never_given_to_int():
    digits = "7" * 5000  # int() refuses more than 4300 digits; the value could never be a fact anyway
    [n] = find_numbers(f"You rolled {digits}.")
    assert n.value is None and n.kind == "digits" and len(n.text) == 5000
    assert read_digits("9" * MAX_DIGITS) == int("9" * MAX_DIGITS) and read_digits("9" * (MAX_DIGITS + 1)) is None
    assert find_numbers("1," + "000," * 2000 + "000")[0].value is None


def test_spans_never_overlap_and_come_in_order():
    numbers = find_numbers("Roll 2d6+1: double sixes, IV, +3, forty, a dozen, 50% and 13/36.")
    assert [n.kind for n in numbers] == ["dice", "faces", "roman", "digits", "word", "quantity", "percent",
                                         "fraction"]
    assert all(a.end <= b.start for a, b in zip(numbers, numbers[1:]))
