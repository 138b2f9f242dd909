"""Dice notation: every form the five systems need, errors with positions, caps."""

from __future__ import annotations

from fractions import Fraction

import pytest

from narrator.tools.dice import MAX_DICE, DieFlag, Roller
from narrator.tools.errors import DiceLimitError, DiceNotationError
from narrator.tools.notation import EXPLOSIONS_PER_DIE, parse, roll
from narrator.tools.phrases import steps_of


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
    assert steps_of(r)[-1] == "Total = 3 +2 +2 = 7"


@pytest.mark.parametrize("text", ["¹", "2d٦", "²d6", "3d6+³"])
def test_only_ascii_digits_are_numbers(text):
    # found by the fuzz test: str.isdigit() accepts '¹', which int() then refuses
    with pytest.raises(DiceNotationError):
        parse(text)


# -- limits decided from the expression, before any die is rolled ---------------------------------------------------
@pytest.mark.parametrize("text", ["1000d1000!", "48d6!", "600d6+600d6", "40d6!+40d6!"])
def test_worst_case_over_the_limit_is_refused_whatever_the_seed(text):
    """``1000d1000!`` was accepted or refused depending on the seed (explosions counted while rolling)."""
    for seed in range(200):
        with pytest.raises(DiceLimitError) as info:
            roll(text, Roller(seed))
        assert "at most 1000 dice" in str(info.value)


def test_an_accepted_expression_can_always_be_rolled():
    """The worst case fits: even if every exploding die explodes as often as it may, the roller's cap is not hit."""
    r = roll("47d6!", Roller.scripted(([6] * EXPLOSIONS_PER_DIE + [1]) * 47))
    assert len(r.dice) == 47 * (1 + EXPLOSIONS_PER_DIE) and len(r.dice) <= MAX_DICE
    assert roll("20d6!", Roller(7)).total > 0  # a real exploding pool stays possible


def test_an_exploding_chain_stops_after_the_per_die_cap():
    r = roll("1d6!", Roller.scripted([6] * (EXPLOSIONS_PER_DIE + 1)))
    assert len(r.dice) == EXPLOSIONS_PER_DIE + 1
    wild = roll("1D", Roller.scripted([6] * (EXPLOSIONS_PER_DIE + 1)))
    assert len(wild.dice) == EXPLOSIONS_PER_DIE + 1


@pytest.mark.parametrize("text, position", [("-5d6", 0), ("  -d20", 2), ("- 3d6+2", 0)])
def test_a_negative_dice_count_is_refused(text, position):
    """``-5d6`` was accepted and totalled -12."""
    with pytest.raises(DiceNotationError) as info:
        parse(text)
    assert info.value.position == position and "cannot be negative" in info.value.expected


def test_subtracting_dice_from_something_is_still_fine():
    assert roll("1d20-1d4", Roller.scripted([15, 3])).total == 12
    assert roll("-2 + 1d4", Roller.scripted([4])).total == 2


@pytest.mark.parametrize("text, message", [
    ("1000000d6", "1000000d6: at most 1000 dice"),
    ("1001d6", "1001d6: at most 1000 dice"),
    ("2d1000000", "2d1000000: dice need 2 to 1000 sides"),
    ("1" + "0" * 150 + "d6", "d6: at most 1000 dice"),
])
def test_too_many_dice_or_sides_says_so(text, message):
    """The message for ``1000000d6`` used to be "at most 6 digits, found '1'"."""
    with pytest.raises(DiceLimitError) as info:
        parse(text)
    assert message in str(info.value)


@pytest.mark.parametrize("text,expression,dice", [("3D+5", "4D+2", 4), ("3D+1+4", "4D+2", 4), ("3D+3", "4D", 4),
                                                  ("3D-1", "2D+2", 2)])
def test_a_die_code_with_three_pips_or_more_is_rolled_normalised(text, expression, dice):
    """"Each die is equal to three pips ... Going to '+3' advances the die code to the next largest die": /roll and
    the system's own tools read 3D+5 alike, as 4D+2, and the roll says so."""
    r = roll(text, Roller(1))
    assert r.expression == expression and steps_of(r)[0].startswith(f"{text} is {expression}: every three pips")
    assert r.terms[0].text == f"{dice}D"


@pytest.mark.parametrize("text", ["3D+2", "2d6+5", "1D-3", "3D+1d4+5"])
def test_other_expressions_roll_as_written(text):
    r = roll(text, Roller(1))
    assert not any("three pips" in s for s in steps_of(r))
