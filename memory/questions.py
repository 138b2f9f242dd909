"""What a question about one term asks about: "what does Lucky do?", "what is a wild die?", "what are CP for?".

Why one place: the game reads such a line as a question for the rulebook (not a character's action) when the term
is one of the game's words, and the rulings search then looks for the sections that mention the term; both read the
question the same way. No chromadb here: the game imports this at start.
"""

from __future__ import annotations

import re

ASKED = re.compile(r"^\s*what(?:'s|\s+is|\s+are|\s+does|\s+do)\s+(?:a\s+|an\s+|the\s+|my\s+)?"
                   r"(?P<term>[a-z][a-z' -]{0,38}?)(?:\s+(?:do|mean|for|used for|good for))?\s*\??\s*$", re.I)
"""A question about one term, with what it is for or what it does."""


def asked_term(question: str) -> str | None:
    """The term :data:`ASKED` finds, as written (a book's words are searched as they are cased), or None."""
    found = ASKED.match(question)
    return found.group("term").strip() if found else None
