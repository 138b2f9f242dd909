"""A question about one term (:mod:`narrator.memory.questions`): the term as written, or None."""

from __future__ import annotations

import pytest

from narrator.memory.questions import asked_term


@pytest.mark.parametrize("question, term", [
    ("what does Lucky do?", "Lucky"), ("What does my Superstitious do", "Superstitious"),
    ("what is a wild die?", "wild die"), ("what are CP for?", "CP"), ("What's the wild die for", "wild die"),
    ("what is soak", "soak"), ("what are hero points used for?", "hero points"),
    ("what does incapacitated mean?", "incapacitated"),
])
def test_the_term_is_found_as_written(question, term):
    assert asked_term(question) == term


@pytest.mark.parametrize("question", ["how do I hide?", "I ask what the guard wants", "what? ", ""])
def test_other_lines_ask_about_no_term(question):
    """Only the shape is read here: "what does the guard say?" has one too, and the game asks the rules only when its
    term is one of the game's words or the sheet's names."""
    assert asked_term(question) is None
