"""Dice notation: every form the five systems need, errors with positions, caps."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tools.dice import DieFlag, Roller
from tools.errors import DiceLimitError, DiceNotationError
from tools.notation import parse, roll


def test_ndm_plus_constant():
    r = roll("2d6+3", Roller.scripted([2, 5]))
    assert r.total == 10 and [d.face for d in r.dice] == [2, 5]
    assert r.odds.exact["15"] == "1/36" and r.odds.exact["10"] == "1/6" and r.odds.exact["13"] == "1/12"


def test_minus_and_leading_sign_and_spaces():
    assert roll("1d8 - 1", Roller.scripted([1])).total == 0
    assert roll("-2 + 1d4", Roller.scripted([4])).total == 2


def test_keep_highest_marks_kept_and_dropped():
    r = roll("4d6kh3", Roller.scripted([1, 5, 3, 6]))
    assert r.total == 14
    flags = [d.flags for d in r.dice]
    assert flags[0] == (DieFlag.DROPPED,) and all(f == (DieFlag.KEPT,) for f in flags[1:])


def test_keep_lowest_and_k_alias():
    assert roll("2d20kl1", Roller.scripted([15, 4])).total == 4
    assert roll("2d20k", Roller.scripted([15, 4])).total == 15


def test_exploding_adds_chain_and_has_no_exact_odds():
    r = roll("2d6!", Roller.scripted([6, 6, 1, 3]))
    assert r.total == 16 and len(r.dice) == 4
    assert DieFlag.EXPLODED in r.dice[0].flags and DieFlag.EXTRA in r.dice[1].flags
    assert r.odds is None


def test_success_count_pool():
    r = roll("5d6>=5", Roller.scripted([5, 6, 1, 4, 5]))
    assert r.total == 3
    assert Fraction(r.odds.exact["0"]) == Fraction(2, 3) ** 5


def test_mini_six_code_has_one_exploding_wild_die():
    # "2D+2 means roll two dice and add two"; the wild die rerolls and adds on a 6
    r = roll("2D+2", Roller.scripted([3, 6, 6, 2]))
    assert r.total == 3 + 6 + 6 + 2 + 2
    assert [DieFlag.WILD in d.flags for d in r.dice] == [False, True, True, True]
    plain = roll("3D6", Roller.scripted([1, 2, 3]))
    assert plain.total == 6 and not any(DieFlag.WILD in d.flags for d in plain.dice)


def test_percentile():
    assert roll("d%", Roller.scripted([77])).total == 77


@pytest.mark.parametrize("text,position,expected", [
    ("2x6", 1, "'+', '-'"),
    ("3d", 2, "number of sides"),
    ("2d6+", 4, "a number or dice"),
    ("kh3", 0, "a number or dice"),
    ("0d6", 0, "at least one die"),
    ("2d6>=", 5, "target number"),
    ("4d6kh3kh2", 6, "only one keep"),
])
def test_malformed_notation_says_where_and_what(text, position, expected):
    with pytest.raises(DiceNotationError) as e:
        parse(text)
    assert e.value.position == position
    assert expected in e.value.expected


@pytest.mark.parametrize("text", ["1001d6", "1d1001", "3d6kh4", "d1", "+".join(["1"] * 30), "1" * 300])
def test_caps(text):
    with pytest.raises((DiceLimitError, DiceNotationError)):
        roll(text, Roller(1))


def test_steps_show_every_term():
    r = roll("1d6+1d4+2", Roller.scripted([3, 2]))
    assert r.steps[-1] == "Total = 3 +2 +2 = 7"


@pytest.mark.parametrize("text", ["¹", "2d٦", "²d6", "3d6+³"])
def test_only_ascii_digits_are_numbers(text):
    # found by the fuzz test: str.isdigit() accepts '¹', which int() then refuses
    with pytest.raises(DiceNotationError):
        parse(text)
