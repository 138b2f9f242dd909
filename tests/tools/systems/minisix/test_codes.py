"""Die codes: pips, the 3-pips-make-a-die progression, arithmetic."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from narrator.tools.errors import ToolArgumentError
from narrator.tools.systems.minisix.codes import DieCode, code
from narrator.tools.phrases import steps_of, summary_of


@pytest.mark.parametrize("text,dice,pips", [("4D+2", 4, 2), ("3D", 3, 0), ("+1D", 1, 0), ("-1D", -1, 0),
                                            ("+2", 0, 2), ("-2", 0, -2), ("2d+1", 2, 1), (" 5D + 1 ", 5, 1)])
def test_parse(text, dice, pips):
    assert code(text) == DieCode(dice=dice, pips=pips)


def test_the_books_progression():
    """"Example progression is 1D, 1D+1, 1D+2, 2D, 2D+1, etc." """
    assert [DieCode.from_pips(p).text() for p in range(3, 10)] == ["1D", "1D+1", "1D+2", "2D", "2D+1", "2D+2",
                                                                    "3D"]


def test_going_to_plus_3_advances_to_the_next_die(call):
    r = call("minisix_dice_code", {"code": "3D+2", "add": ["+1"]})
    assert r.code == "4D" and r.total_pips == 12 and r.static == 12


def test_arithmetic_and_static_value(call):
    r = call("minisix_dice_code", {"code": "3D+2", "add": ["1D+1"], "subtract": ["+2"]})
    assert r.code == "4D+1" and r.static == 13
    assert r.average == pytest.approx(3 * 3.5 + 4.2 + 1)


def test_a_bad_code_names_its_field(call):
    with pytest.raises(ToolArgumentError) as e:
        call("minisix_dice_code", {"code": "3D", "add": ["1D", "two dice"]})
    assert e.value.problems[0].field == "add.1"


@given(st.integers(-300, 300), st.integers(-300, 300))
def test_pips_add_like_numbers(a, b):
    x, y = DieCode.from_pips(a), DieCode.from_pips(b)
    assert (x + y).total_pips == a + b and (x - y).total_pips == a - b
    n = (x + y).normalised()
    assert n.total_pips == a + b and abs(n.pips) <= 2
    assert code(n.text()) == n


def test_a_code_with_three_pips_or_more_is_rolled_normalised(call):
    """"Each die is equal to three pips ... Going to '+3' advances the die code to the next largest die": 3D+5 and
    4D+2 are the same code, so they roll the same dice with the same odds, and the roll shows the carry."""
    written = call("minisix_roll", {"code": "3D+5", "tn": 15}, seed=3)
    plain = call("minisix_roll", {"code": "4D+2", "tn": 15}, seed=3)
    assert len(written.dice) == len(plain.dice) == 4
    assert written.odds.exact["success"] == plain.odds.exact["success"] == "1757/2592"
    assert steps_of(written)[0].startswith("3D+5 is 4D+2: every three pips make a die")
    assert steps_of(written)[1:] == steps_of(plain) and summary_of(written) == summary_of(plain)


@pytest.mark.parametrize("tool,args", [
    ("minisix_damage", {"damage": "2D+3", "soak": 6}),
    ("minisix_initiative", {"combatants": [{"name": "Ana", "agility": "2D+3"}]}),
    ("minisix_mass_attack", {"code": "3D+3", "attackers": 10, "tn": 12}),
    ("minisix_mass_damage", {"damage": "3D+3", "hits": 2, "soak": 6}),
    ("minisix_mass_table", {"code": "3D+3"}),
])
def test_every_roll_of_a_code_normalises_it_and_says_so(call, tool, args):
    r = call(tool, args, seed=1)
    shown = [s for s in steps_of(r) if "every three pips make a die" in s]
    assert len(shown) == 1 and re.match(r"^\dD\+3 is \dD: ", shown[0]), steps_of(r)


def test_a_code_that_normalises_to_no_dice_is_refused(call):
    with pytest.raises(ToolArgumentError) as e:
        call("minisix_roll", {"code": "1D-3", "tn": 5})
    assert "no dice to roll" in str(e.value)
