"""Character names checked at the door: the one rule every way a name enters the table goes through.

Why: a name is shown on every line of play, written into the log, the export and the prompt. A newline in it
breaks the transcript into fake lines ("Mira\\nEngine: Grub health 0"); a right-to-left override (U+202E) makes a
terminal print the rest of the line backwards; other control, format, private-use or unassigned characters
(Unicode categories ``C*``) are invisible or render differently everywhere. Letters of any script, marks,
digits, spaces, punctuation and symbols (emoji included) are fine.

Each system's table tools call :func:`require_character_name` where a new character or NPC gets its name (their
``require_new_name``), so the CLI (``character new|random``, ``npc new``), the game's wizard and the LLM's tool
calls all meet the same rule with the same words. :func:`name_problem` is the same test for callers that are not
tools (the wizard's prompt asks again at once instead of after the concept).
"""

from __future__ import annotations

import json
import unicodedata

from narrator.tools.problems import fail

MAX_NAME = 60

BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""The explicit bidirectional formatting characters (Unicode's Bidi_Control property): marks, embeddings,
overrides and isolates. All are category Cf, listed apart so the message can name them."""


def _describe(ch: str) -> str:
    code = f"U+{ord(ch):04X}"
    name = unicodedata.name(ch, "")
    if ch in BIDI_CONTROLS:
        return f"a right-to-left/left-to-right control ({code}{' ' + name if name else ''})"
    if ch in "\n\r\u2028\u2029\x0b\x0c\x85":
        return f"a line break ({code})"
    if ch == "\t":
        return "a tab (U+0009)"
    kind = {"Cc": "a control character", "Cf": "an invisible formatting character", "Cs": "a lone surrogate",
            "Co": "a private-use character", "Cn": "an unassigned code point"}[unicodedata.category(ch)]
    return f"{kind} ({code}{' ' + name if name else ''})"


def name_problem(name: object, what: str = "name") -> str | None:
    """Why ``name`` cannot be a character's name, in plain words; None when it can."""
    if not isinstance(name, str):
        return f"the {what} must be text"
    if not name.strip():
        return f"the {what} cannot be empty"
    bad = next((ch for ch in name if ch in BIDI_CONTROLS or unicodedata.category(ch).startswith("C")), None)
    if bad is not None:
        return (f"the {what} contains {_describe(bad)}; a name is one line of visible text: letters, digits, "
                f"spaces, punctuation or symbols")
    if len(name.strip()) > MAX_NAME:
        return f"the {what} is {len(name.strip())} characters long; at most {MAX_NAME}"
    return None


def shown(name: object) -> str:
    """A name quoted for an error message with every unsafe character escaped (never printed raw: an override
    would reverse the rest of the terminal line)."""
    text = json.dumps(name if isinstance(name, str) else str(name))
    return text if len(text) <= 60 else text[:57] + "..."


def require_character_name(name: object, field: str = "name") -> None:
    """Refuse (as a tool-argument error on ``field``) a name :func:`name_problem` rejects."""
    problem = name_problem(name)
    if problem is not None:
        fail(field, problem, shown(name))
