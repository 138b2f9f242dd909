"""JSON and integers from untrusted text (a model's answer, ``--args``, a file), bounded before they are parsed.

Why a wrapper: the standard library fails on hostile sizes in ways that are not :class:`json.JSONDecodeError` —
``json.loads`` recurses once per ``[``/``{`` (``RecursionError`` near 1,000 levels), and every integer goes
through ``int()``, which refuses more than 4,300 digits with a bare ``ValueError``. Callers that catch
``JSONDecodeError`` to send a repairable message back then crash instead. Here the size, the nesting depth and
the length of every integer are checked first, and every refusal *is* a ``JSONDecodeError`` (a
:class:`JSONLimitError`), so existing ``except json.JSONDecodeError`` handlers keep working unchanged.

The depth check scans brackets outside strings with one linear regular expression (strings are skipped whole,
an unterminated one runs to the end, so no input makes it quadratic), and is skipped outright when the text holds
fewer brackets than the limit — the common case costs one ``str.count``.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

MAX_CHARS = 1_000_000
"""Longest JSON text parsed at all (a tool call's arguments or a model answer are a few kilobytes)."""
MAX_DEPTH = 64
"""Deepest nesting of arrays and objects; no tool argument comes near it, ``json`` itself fails near 1,000."""
MAX_INT_DIGITS = 100
"""Longest integer (in digits) read from JSON or from text; ``int()`` itself refuses beyond 4,300."""

_TOKENS = re.compile(r'"(?:[^"\\]++|\\.)*+"?|[\[{]|[\]}]', re.S)


class JSONLimitError(json.JSONDecodeError):
    """The text is too long, nested too deeply, or holds a number no tool could use. ``msg`` says which."""


def nesting_depth_error(text: str, max_depth: int = MAX_DEPTH) -> int | None:
    """The position of the first bracket nested deeper than ``max_depth`` (outside strings), or None."""
    if text.count("[") + text.count("{") <= max_depth:
        return None
    depth = 0
    for m in _TOKENS.finditer(text):
        c = m.group()[0]
        if c == '"':
            continue
        if c in "[{":
            depth += 1
            if depth > max_depth:
                return m.start()
        else:
            depth -= 1
    return None


def parse_int(digits: str, max_digits: int = MAX_INT_DIGITS) -> int | None:
    """``int(digits)`` for a run of ASCII digits (optionally signed), or None when it is longer than
    ``max_digits`` or not an integer at all. Never raises, whatever the length."""
    body = digits[1:] if digits[:1] in "+-" else digits
    if not body or len(body) > max_digits or not body.isascii() or not body.isdigit():
        return None
    return int(digits)


def loads(text: str | bytes, *, max_chars: int = MAX_CHARS, max_depth: int = MAX_DEPTH,
          max_int_digits: int = MAX_INT_DIGITS) -> Any:
    """``json.loads`` with the limits checked first. Raises :class:`json.JSONDecodeError` (or its subclass
    :class:`JSONLimitError`) and nothing else for any text; refuses NaN and infinities as well."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > 4 * max_chars:
            raise JSONLimitError(f"longer than {max_chars} characters", "", 0)
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as e:
            raise JSONLimitError("not UTF-8 text", "", e.start) from None
    if len(text) > max_chars:
        raise JSONLimitError(f"longer than {max_chars} characters ({len(text)})", text[:0], 0)
    deep = nesting_depth_error(text, max_depth)
    if deep is not None:
        raise JSONLimitError(f"nested deeper than {max_depth} levels", text, deep)

    def integer(s: str) -> int:
        value = parse_int(s, max_int_digits)
        if value is None:
            raise JSONLimitError(f"a number longer than {max_int_digits} digits", text, max(text.find(s[:20]), 0))
        return value

    def real(s: str) -> float:
        value = float(s)
        if not math.isfinite(value):
            raise JSONLimitError(f"a number too large to represent ({s[:20]}...)", text, max(text.find(s[:20]), 0))
        return value

    def constant(name: str) -> Any:
        raise JSONLimitError(f"{name} is not a number JSON allows", text, max(text.find(name), 0))

    try:
        return json.loads(text, parse_int=integer, parse_float=real, parse_constant=constant)
    except RecursionError:  # unreachable after the depth check; kept so no input can escape as a traceback
        raise JSONLimitError(f"nested deeper than {max_depth} levels", text, 0) from None
