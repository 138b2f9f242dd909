"""Die codes: pips, the 3-pips-make-a-die progression, arithmetic."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tools.errors import ToolArgumentError
from tools.systems.minisix.codes import DieCode, code


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
