"""Bounded JSON and integers from untrusted text: every hostile size is a JSONDecodeError, never a traceback."""

from __future__ import annotations

import json
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from narrator.tools import safe_json
from narrator.tools.safe_json import JSONLimitError, loads, parse_int

BOMBS = {
    "100k open brackets": "[" * 100_000,
    "objects 1,000 deep": '{"a":' * 1000 + "1" + "}" * 1000,
    "5,000-digit integer": "1" * 5000,
    "5,000-digit integer in an object": '{"trait": ' + "9" * 5000 + "}",
    "negative 5,000-digit integer": "[-" + "7" * 5000 + "]",
    "float overflowing to infinity": "[1e999]",
    "NaN": "NaN",
    "Infinity": '{"x": -Infinity}',
    "two megabytes": '"' + "x" * 2_000_000 + '"',
}


@pytest.mark.parametrize("text", list(BOMBS.values()), ids=list(BOMBS))
def test_hostile_sizes_are_refused_as_decode_errors(text):
    with pytest.raises(JSONLimitError) as info:
        loads(text)
    assert isinstance(info.value, json.JSONDecodeError)  # callers' existing handlers catch it
    assert info.value.msg


def test_the_stdlib_really_fails_on_these():
    """What the wrapper exists for: these are not JSONDecodeErrors in the standard library."""
    with pytest.raises(RecursionError):
        json.loads("[" * 100_000)
    with pytest.raises(ValueError) as info:
        json.loads("1" * 5000)
    assert not isinstance(info.value, json.JSONDecodeError)


def test_limits_are_exact_and_brackets_in_strings_do_not_count():
    assert loads("[" * 64 + "]" * 64) is not None
    with pytest.raises(JSONLimitError, match="deeper than 64"):
        loads("[" * 65 + "]" * 65)
    assert loads('["' + "[" * 500 + '"]') == ["[" * 500]
    assert loads('{"a": "]]]]\\"[[[["}') == {"a": ']]]]"[[[['}
    assert loads("9" * 100) == int("9" * 100)
    with pytest.raises(JSONLimitError, match="longer than 100 digits"):
        loads("9" * 101)
    assert loads("[1.5e10, -0.25]") == [1.5e10, -0.25]


def test_the_position_of_a_too_deep_bracket_is_reported():
    with pytest.raises(JSONLimitError) as info:
        loads('{"a": ' + "[" * 70)
    assert info.value.pos == len('{"a": ') + 63  # the object is level 1, so the 64th "[" is level 65


@pytest.mark.parametrize("text", [
    '"' + '\\"' * 400_000 + "[" * 100,  # one unterminated string full of escaped quotes
    '"a" ' * 200_000 + "[" * 100,  # many strings
    "[]" * 400_000,
])
def test_the_bracket_scan_stays_linear(text):
    started = time.perf_counter()
    with pytest.raises(json.JSONDecodeError):
        loads(text)
    assert time.perf_counter() - started < 2.0


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet='[]{}",:\\0123456789eE.-+ ntrufalsNIiy', max_size=400))
def test_any_text_parses_or_raises_a_decode_error(text):
    try:
        loads(text, max_depth=8, max_int_digits=5)
    except json.JSONDecodeError:
        pass


def test_bytes_are_decoded_or_refused():
    assert loads(b'{"a": 1}') == {"a": 1}
    with pytest.raises(JSONLimitError, match="UTF-8"):
        loads(b'{"a": "\xff"}')


@pytest.mark.parametrize("digits, value", [
    ("42", 42), ("-7", -7), ("+3", 3), ("0" * 100, 0),
    ("1" * 101, None), ("1" * 5000, None), ("", None), ("-", None), ("٣", None), ("1.5", None), ("12a", None),
])
def test_parse_int_never_raises(digits, value):
    assert parse_int(digits) == value


def test_parse_int_keeps_below_pythons_own_limit():
    assert safe_json.MAX_INT_DIGITS < 4300
