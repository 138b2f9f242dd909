"""A line of words said, read as the saying: the deeds a player claims are not the deeds done.

Why: played in Mastery, "I tell him we're just hauling turnips to my aunt" was offered as athletics or intimidation,
and "I tell the soldier we were only out hunting rabbits" was rolled as survival, "I say we're fishermen mending
nets" as crafting, in every system — the router reads the deeds the words describe, not the telling. Where the
player's own verb is one of saying and a clause of its own follows (someone doing or being something), a plain check
of a skill that is not social gives way to the router's social reading: a lie's (deception, con) where the claim is
about the speaker's own side ("we're", "I was", "my aunt"), a persuasion's otherwise. A claim about themselves made
small ("just", "only", "nothing more") is a cover story, so it is a lie's reading even where the router heard a
threat in "I tell him". A threat stays a threat (:mod:`narrator.agent.blows`), and a line read as needing no roll
("I explain that we carry grain for the abbey") is left as it was read.

A question asked is the asking too: played in 5+ solo, "I ask Captain Orrin who told him my partner sold me out" was
refused as someone else acting ("who told him", "sold me out": the shape of "the guard gives me the keys"). Where
the player's own verb asks and a question word follows, a refusal gives way to the router's next reading.
"""

from __future__ import annotations

import re
from typing import Any

from narrator.agent.blows import MINE

SAYING = (r"tell|say|assure|explain|insist|claim|swear|promise|inform|reassure|answer|reply|lie|fib|bluff|"
          r"pretend|protest")
"""Verbs of saying whose object is what is said ("I tell him we're ...", "I swear we were only ...")."""
LISTENER = r"(?:(?:to\s+)?(?:him|her|them|us|it|the\s+[\w'-]+(?:\s+[\w'-]+)?|an?\s+[\w'-]+|[A-Z][\w'-]*)\s+)?"
OWN = r"(?:we|i)(?:['’](?:re|m|ve|d|ll))?|our|my|me"
OTHERS = r"(?:you|he|she|they|it|there)(?:['’](?:re|s|ve|d|ll))?|his|her|their|its"
SAID = re.compile(rf"{MINE}(?:{SAYING})(?:s|es|ed)?\s+{LISTENER}(?:that\s+)?(?:(?P<own>{OWN})|{OTHERS})\s+\w",
                  re.I)
SMALL = re.compile(r"\b(just|only|merely|simply|nothing (more|else|but)|poor|humble|honest)\b", re.I)
"""Words that make a claim about oneself small: a cover story ("we're just hauling turnips")."""
LIE = ("deception", "con", "communication", "interaction", "social", "persuasion")
PERSUADE = ("persuasion", "communication", "interaction", "social", "con", "deception")
"""The social readings of a claim, best first: about the speaker's side (a lie's), or about others."""
THREAT = ("intimidation", "coercion", "command", "intimidate", "taunt")
"""Social readings of another kind: a threat heard in "I tell him ...", kept unless the claim is a cover story."""


def said_instead(ranked: list[Any], text: str, plain: Any) -> Any | None:
    """The social candidate to play instead of ``ranked[0]`` when the line says something rather than does it, or
    None: of the same tool (5+'s attempt by another approach), or a plain check for a plain check —
    ``plain(candidate)``: no aim, ability or other specific reading."""
    if not ranked or ranked[0].variant is None:
        return None
    said = SAID.search(text)
    if said is None:
        return None
    own = said.group("own") is not None
    cover = own and SMALL.search(text[said.start("own"):]) is not None
    top = ranked[0].variant
    if top in LIE + PERSUADE or (top in THREAT and not cover):
        return None

    def social(c: Any) -> bool:  # the same tool read another way (5+'s approach), or one plain check for another
        return c.tool == ranked[0].tool or plain(ranked[0]) and plain(c)

    order = LIE if own else PERSUADE
    return next((c for kind in order for c in ranked[1:] if c.variant == kind and social(c)), None)


ASKED = re.compile(rf"{MINE}(?:ask|question|inquire|enquire)(?:s|es|ed)?\s+(?:[\w'-]+\s+){{0,3}}?"
                   r"(?:who|whom|what|where|when|why|how|whether|if|which|whose)\b", re.I)
"""The player's own question ("I ask Captain Orrin who told him ...", up to three words of whom before the question
word): what follows is asked, not done."""


def asked_instead(ranked: list[Any], text: str, refused: str) -> Any | None:
    """The reading to play instead of a refusal (``ranked[0]``, label ``refused``) of the player's own question, or
    None: the router's best reading that is not a refusal."""
    if not ranked or ranked[0].label != refused or not ASKED.search(text):
        return None
    return next((c for c in ranked[1:] if c.label != refused), None)
