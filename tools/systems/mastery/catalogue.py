"""Abilities, skills, gear and concept words the generators draw from (random characters, NPCs).

Mastery names no list of abilities or skills ("Mastery is built to be flexible"); these are the book's own examples
("martial arts, stealth, acrobatics, or magical lore"; "tracking, lock-picking, feinting, or swimming"; parrying,
counterattacking with a specific weapon, engineering, farming, magic, music, athletics) and a few more of the same
kind, following the author's advice: abilities are "professions, general skillsets and skill with weapons", skills
are "much more specific" and "very rarely cover simple attacking". Every name is classified by its words
(:mod:`.fit`) as the activities listed here — the tests hold that.
"""

from __future__ import annotations

from functools import lru_cache

from narrator.tools.word_tables import word_tables

_TABLES = word_tables(__file__, "catalogue")
ABILITIES: dict[str, tuple[str, ...]] = _TABLES["abilities"]
"""Ability name -> the activities it serves (``catalogue.toml``, as every table here)."""

SKILLS: dict[str, tuple[str, ...]] = _TABLES["skills"]

DEFENSE_SKILLS = ("parrying", "dodging", "shield blocking")
MELEE_WEAPONS = ("sword", "axe", "spear", "mace", "hammer")
BEASTS = frozenset({"beast", "wolf", "dog", "hound", "bear", "rat", "spider", "boar", "snake", "serpent", "bat",
                    "lion", "tiger", "crocodile", "shark", "dragon"})
"""Concept words that name an animal or a monster fighting with its body: no weapon ability or weapon, but brawling
and its teeth and claws (a giant rat with "axe fighting" was what a player read)."""
NATURAL_WEAPON = "teeth and claws"
RANGED_WEAPONS = ("bow", "crossbow", "sling")
STARTING_WEAPON = 1
STARTING_ARMOR = 1
"""Reading: the book leaves gear to the setting ("whatever items ... are considered appropriate"); a generated
hero carries an ordinary weapon (+1 damage) and light armor (1), on the scale the GM's weapons and armor use."""

CONCEPT_ACTIVITIES: dict[str, tuple[str, ...]] = _TABLES["concept_activities"]
"""Concept words -> the activities they suggest, first the main one. A word matches a key exactly, as a plural
('wolves' through :data:`ALIASES`), or (keys of 5+ letters) as its start: 'guardsman', 'priestess'."""
ALIASES = {"thieves": "thief", "wolves": "wolf", "spies": "spy", "mages": "mage", "dwarves": "dwarf"}


def concept_activities(concept: str | None) -> list[str]:
    """The activities a concept's words suggest, without repeats, the last word first: in English the head noun
    comes last ('bandit archer' is an archer, 'tomb guardian' a guardian)."""
    return list(_concept_activities(concept))


@lru_cache(maxsize=4096)
def _concept_activities(concept: str | None) -> tuple[str, ...]:
    """Remembered per concept: every word against every key was a third of rolling a random character."""
    from narrator.tools.concepts import concept_words
    from narrator.tools.npc_archetypes import head_first, stand_in

    found: list[str] = []
    words = [ALIASES.get(word, word) for word in head_first(concept_words(concept))]
    for word in words:
        exact = [k for k in CONCEPT_ACTIVITIES if word in (k, k + "s", k + "es")]
        prefix = [k for k in CONCEPT_ACTIVITIES if len(k) >= 5 and word.startswith(k)]
        for key in (exact or sorted(prefix, key=len, reverse=True))[:1]:  # 'guardian' is a guardian, not a guard
            found += [a for a in CONCEPT_ACTIVITIES[key] if a not in found]
    for word in words if not found else ():  # no word known: a word's stand-in ("jailer" reads as a guard)
        key = stand_in(word, CONCEPT_ACTIVITIES)
        found += [a for a in CONCEPT_ACTIVITIES.get(key, ()) if a not in found]
    return tuple(found)


def names_beast(concept: str | None) -> bool:
    """Whether the concept's words name one of :data:`BEASTS` ("giant rat", "wolves", "a hungry bear")."""
    from narrator.tools.concepts import concept_words

    return any(ALIASES.get(w, w) in BEASTS or w.rstrip("s") in BEASTS for w in concept_words(concept))
