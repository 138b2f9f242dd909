"""Typed answers to a wizard's questions that every game adapter reads the same way: a short text, one word of a
list, JSON, one value for each of a few names.

Why here: each adapter's creation and option steps (:class:`narrator.game.rules.Step`) need these two parsers, and
each adapter used to carry its own copy, word for word. A system's own answers (Minim's traits, Mini Six's die
codes, Brew's scores) stay in its adapter; what every system asks alike is written once, with one wording of its
messages.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any, TypeVar

from narrator.game.rules import Step, StepError
from narrator.tools.phrases import listed

T = TypeVar("T")
COUNTS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def text_answer(label: str, limit: int = 60, optional: bool = False) -> Callable[[str], str | None]:
    """A line of text of at most ``limit`` characters, trimmed; empty is None when ``optional``, else refused."""

    def parse(text: str) -> str | None:
        text = text.strip()
        if not text:
            if optional:
                return None
            raise StepError(f"The {label} cannot be empty.")
        if len(text) > limit:
            raise StepError(f"The {label} is too long ({len(text)} characters; at most {limit}).")
        return text

    return parse


def choice_answer(options: tuple[str, ...]) -> Callable[[str], str]:
    """One of ``options``, by any beginning of it that names no other ("st" for "stronger")."""

    def parse(text: str) -> str:
        word = text.strip().lower()
        matches = [o for o in options if o.startswith(word)] if word else []
        if len(matches) != 1:
            raise StepError(f"Choose one of: {', '.join(options)}.")
        return matches[0]

    return parse


def choice_step(key: str, question: str, options: tuple[str, ...], default: str) -> Step:
    """A question answered by one of ``options`` (:func:`choice_answer`), which the wizard also offers as the
    step's choices: the list is named once."""
    return Step(key, question, choice_answer(options), default=default, choices=options)


YES_NO = ("yes", "no")


def yes_no_answer(also_yes: tuple[str, ...] = (), also_no: tuple[str, ...] = ()) -> Callable[[str], bool]:
    """Yes (y, yes, true, on) or no (n, no, false, off), with a system's own words for either."""
    yes, no = ("y", "yes", "true", "on", *also_yes), ("n", "no", "false", "off", *also_no)

    def parse(text: str) -> bool:
        word = text.strip().lower()
        if word in yes:
            return True
        if word in no:
            return False
        raise StepError("Answer yes or no.")

    return parse


def yes_no_step(key: str, question: str, default: str = "no", also_yes: tuple[str, ...] = (),
                also_no: tuple[str, ...] = ()) -> Step:
    """A yes-or-no question (:func:`yes_no_answer`), offered as the choices yes and no."""
    return Step(key, question, yes_no_answer(also_yes, also_no), default=default, choices=YES_NO)


def json_answer(text: str) -> Any:
    """The JSON a player typed, or a :class:`StepError` saying where it broke."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise StepError(f"That is not valid JSON ({e.msg} at column {e.colno}).") from None


def named_values(text: str, names: tuple[str, ...], value: str, convert: Callable[[str, str], T], kind: str,
                 example: tuple[str, ...], json_ok: Callable[[Any], bool] = lambda v: True,
                 json_refusal: str = "") -> dict[str, T]:
    """One value for each of ``names``, typed in their order ('4 3 2'), named in any order ('brain 4 brawl 3 brass
    2', 'brass=2, brain=4, brawl=3') or as a JSON object: what a system's scores step reads (Minim's traits, Mini
    Six's attribute codes).

    ``value`` is the pattern of one value, ``convert(text, name)`` makes it typed or refuses it; ``kind`` names the
    values in the message ("whole numbers"), ``example`` is one value per name; ``json_ok`` tells a JSON value
    ``convert`` may read (else ``json_refusal``)."""
    text = text.strip()
    names_said = listed(names)
    said = f"'{' '.join(f'{n} {v}' for n, v in zip(names, example))}'"
    if text.startswith("{"):
        data = json_answer(text)
        if not isinstance(data, dict) or {str(k).lower() for k in data} != set(names):
            raise StepError(f"The JSON object needs exactly {names_said}.")
        if not all(json_ok(v) for v in data.values()):
            raise StepError(json_refusal)
        return {str(k).lower(): convert(str(v), str(k)) for k, v in data.items()}
    named = re.findall(rf"\b({'|'.join(names)})\b\s*[:=]?\s*({value})", text, flags=re.I)
    if named:
        found = {k.lower(): convert(v, k) for k, v in named}
        if set(found) != set(names) or len(named) != len(names):
            raise StepError(f"Give each of {names_said} once, e.g. {said}.")
        return found
    values = re.findall(value, text)
    leftover = re.sub(rf"{value}|[\s,;/]", "", text)
    if len(values) != len(names) or leftover:
        raise StepError(f"Give {COUNTS.get(len(names), len(names))} {kind} for {names_said} in that order, e.g. "
                        f"'{' '.join(example)}', or name them: {said}.")
    return {n: convert(v, n) for n, v in zip(names, values)}
