"""Typed answers to a wizard's questions that every game adapter reads the same way: a short text, one word of a
list.

Why here: each adapter's creation and option steps (:class:`narrator.game.rules.Step`) need these two parsers, and
each adapter used to carry its own copy, word for word. A system's own answers (Minim's traits, Mini Six's die
codes, Brew's scores) stay in its adapter; what every system asks alike is written once, with one wording of its
messages.
"""

from __future__ import annotations

from collections.abc import Callable

from narrator.game.rules import StepError


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
