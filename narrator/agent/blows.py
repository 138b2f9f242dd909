"""A blow the router read as a check, and a threat it read as a blow: the reading it ranked lower, played instead.

Why: round 14's blind read (held-out 11) had "I smash the ghoul with the brass lamp-trimming hook" rolled as a
lifting check and "I throw my heavy wrench at the saboteur's helmet" as crafting — the thing in the hand pulled the
reading to the skill that works it, though the router ranked the attack second or third. Where the player's own
verb strikes a standing NPC (that NPC its object, or aimed at them), a plain check gives way to the best attack
the router ranked, of the kind the verb names (a blow up close, a throw, a shot). Specific readings — an aim, a
manoeuvre, an ability, a defence — are left as the router read them.
"""

from __future__ import annotations

import re
from typing import Any

from narrator.agent.extract import name_words, standing_npcs
from narrator.tools.proposals import REFUSE
from narrator.tools.table import TableState

MINE = r"(?:^|\bI\s+|\bwe\s+|\band\s+|,\s*|\bthen\s+)"
"""Where the player's own verb stands ("I smash", "..., and smash"): "the spear the guard throws at me" is not."""
STRUCK = (r"smash|hit|strike|stab|slash|punch|kick|bash|club|whack|attack|hack|chop|beat|pummel|tackle|slam|ram|"
          r"skewer|bludgeon|clobber|shove|crack|cleave|batter|wallop|thump")
"""Verbs of a blow whose object is the one struck ("I smash the ghoul with the hook")."""
THROWN = r"throw|hurl|fling|toss|lob|chuck"
SHOT = r"shoot|fire|loose"
"""Verbs of a blow aimed *at* someone ("I throw my wrench at the saboteur's helmet"); aiming alone is no blow."""
BODY = (r"(?:head|face|skull|jaw|nose|mouth|teeth|arm|arms|wrist|hand|hands|leg|legs|knee|knees|shin|foot|feet|back|"
        r"chest|gut|belly|stomach|ribs|side|neck|throat|shoulder|eye|eyes|ear|ears|temple|chin|groin|spine)")
"""A part of someone: a blow at "the thug's head" strikes the thug ("the ghoul's lantern" does not)."""
CLOSE = ("melee", "brawling", "fight", "weapon", "close", "unarmed")
RANGED = ("missile", "ranged", "fire", "shoot")
THROWING = ("throwing", "thrown", *RANGED)
"""The attack variants (the router's labels) for each kind of blow, best first."""
SPECIFIC = frozenset({"condition", "ability", "approach", "against", "target", "defender", "maneuver", "power"})
"""Arguments of a reading more specific than a plain check: left as the router read it."""


PRONOUN = "him|her|them"
"""How the one foe standing is struck without a name: "I shove him overboard" (played in Mastery, it was offered
as athletics, rolled, and told "you shove him overboard" — and the pirate fought on). "It" too in a fight (a
beast); outside one, "I kick it open" is a door."""
NEAREST = r"(?:nearest|closest|first) (?:one|foe|enemy|of them)"
"""The one foe standing in a fight, by where it stands: "I crack the nearest one with my mace" (played in Mastery:
"thievery or an attack on Skeleton?")."""


UNNAMED_BLOW = re.compile(rf"{MINE}(?:{STRUCK})(?:s|es|ed)?\s+(?:the\s+)?{NEAREST}\b", re.I)


def strikes_unnamed(text: str, state: TableState, actor: str | None) -> bool:
    """A blow at "the nearest one" in a fight where several foes stand: the words strike someone, and not whom.
    Played in Minim: "I hit the nearest one with my lamp pole" among six giant rats was a Fire check, "it goes the
    way you wanted", and no rat was touched."""
    return bool(state.initiative.active and len(standing_npcs(state, actor)) > 1 and UNNAMED_BLOW.search(text))


def _who(name: str, pronouns: str = "") -> str | None:
    words = "|".join(re.escape(w) for w in name_words(name))
    return f"{words}|{pronouns}" if pronouns and words else words or None


def blow_at(text: str, name: str, pronouns: str = "") -> tuple[str, ...] | None:
    """The attack variants the player's blow at ``name`` calls for, best first (:data:`CLOSE`, :data:`THROWING`,
    :data:`RANGED`), or None when their words do not strike ``name``: ``name`` (a word of it) the blow's object —
    not their things ("I smash the ghoul's lantern") — or the blow aimed at them or a part of them. ``pronouns``:
    the words that also name them (``"him|her|them"`` for the only one standing)."""
    who = _who(name, pronouns)
    if who is None:
        return None
    them = rf"(?:{who})(?:['’]s\s+{BODY}\b|\b(?!['’]s))"  # they, or a part of them: not their lantern
    if re.search(rf"{MINE}(?:{STRUCK})(?:s|es|ed)?\s+(?:the\s+|a\s+)?{them}", text, re.I) \
            or re.search(rf"{MINE}(?:{STRUCK})(?:s|es|ed)?\b[^.!?]{{0,40}}?\b(?:over|across|against|on|into)\s+"
                         rf"(?:the\s+)?{them}", text, re.I):  # "I smash a bottle over the thug's head"
        return CLOSE
    aimed = rf"\b[^.!?]{{0,40}}?\b(?:at|into)\s+(?:the\s+)?(?:{who})\b"
    if re.search(rf"{MINE}(?:{THROWN})(?:s|es|ed)?{aimed}", text, re.I):
        return THROWING
    if re.search(rf"{MINE}(?:{SHOT})(?:s|es|ed)?{aimed}", text, re.I) \
            or re.search(rf"{MINE}(?:shoot|shot)(?:s)?\s+(?:the\s+|a\s+)?{them}", text, re.I):  # "I shoot the thug"
        return RANGED
    return None


def struck_instead(ranked: list[Any], text: str, state: TableState, actor: str | None, is_attack: Any,
                   plain: Any) -> Any | None:
    """The attack candidate to play instead of ``ranked[0]`` — a plain check (``plain(label)``), or an attack of
    another kind than the verb's ("I smash a bottle over the thug's head" was asked "ranged or melee?"); ``ranked[0]``
    itself when it is an attack of the verb's kind (so no question is asked) — or None.
    ``ranked``: the router's candidates, best first; ``is_attack(tool)``: whether a tool attacks someone."""
    if not ranked:
        return None
    attacking = is_attack(ranked[0].tool)
    if not attacking and not plain(ranked[0]):
        return None
    attacks = [c for c in ranked[1:] if is_attack(c.tool)]
    if not attacks:
        return None
    standing = standing_npcs(state, actor)
    pronouns = (PRONOUN + (f"|it|{NEAREST}" if state.initiative.active else "")) if len(standing) == 1 else ""
    for npc in standing:
        kinds = blow_at(text, npc, pronouns)
        if kinds is None:
            continue
        if attacking:  # an attack already: itself when of the verb's kind (the words decided: no question); a
            if ranked[0].variant in kinds:  # blow up close read as a shot gives way to a close one — a throw's
                return ranked[0]  # or a shot's kind is left to the router (a hurled ball of fire is a spell)
            return next((c for c in attacks if c.variant in kinds), None) if kinds is CLOSE else None
        return next((c for kind in kinds for c in attacks if c.variant == kind), attacks[0])
    return None


THREAT = re.compile(r"\b(threaten\w*|lean on|put the squeeze on|make (?:him|her|them) talk|or (else|I'?ll|I will|"
                    r"we'?ll)|unless|if (you|he|she|they|it) (don'?t|do not|won'?t|"
                    r"will not|doesn'?t|does not)|to back off|to stand down|to drop (it|his|her|their|the|your))\b",
                    re.I)
"""Words that make violence a threat, or an order backed by one: "drop your gun or I'll shoot", "I threaten to blow
the tower unless...", "I tell the Enforcer to back off", "I lean on the guard to make him talk" (a Brew attack, played
at stop 51)."""
SOCIAL = ("intimidation", "coercion", "interaction", "command", "persuasion", "con", "taunt", "intimidate")
"""The readings of a threat, best first (a check of the social skill, or 5+'s taunt: its mental attack)."""


def threat_instead(ranked: list[Any], text: str, is_attack: Any) -> Any | None:
    """The social reading to play instead of ``ranked[0]``, an attack or a chase, when the words threaten rather than
    strike ("I tell the Raider to drop his gun or I'll shoot" was a shot in every system; "I threaten to blow the
    tower unless the Raider backs off" a Brew throw), or None: the router's best threat-reading (intimidation,
    coercion, 5+'s taunt), when it ranked one."""
    if not ranked or not (is_attack(ranked[0].tool) or "_chase" in ranked[0].tool or ranked[0].tool == REFUSE) \
            or ranked[0].variant in SOCIAL or not THREAT.search(text):
        return None  # a chase too: "I flash my badge and tell the Enforcer to back off" was a Brew chase; and a
    # refusal: on an AVX2-only host the router's int8 vectors ranked "refuse" (0.185) over a throw (0.177) for "I
    # threaten to blow the tower unless the Raider backs off" — a threat in the story is the character's own act
    return next((c for kind in SOCIAL for c in ranked[1:] if c.variant == kind), None)
