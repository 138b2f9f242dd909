"""Stand-ins for an NPC's concept words that a system's keyword table does not know.

Why: an NPC tool reads its concept through the system's own keywords ("guard" → Melee and Search), and a concept
none of them names got random skills. Played as a human narrator would, most of sixty common concepts — a
smuggler, an orc, a jailer, a ferryman, a skeleton — went unread in three systems: the orc fought with Medicine. A
concept word here names, in order, the people or creatures it is most like; the first that the system's table
knows is read in its place (:func:`tools.table_people.concept_keywords`), only when no word of the concept is
known itself. The words are plain English, in no system's terms: a system adds its own keyword to do better.
"""

from __future__ import annotations

from collections.abc import Container, Sequence

ARCHETYPES: dict[str, tuple[str, ...]] = {
    # the road and the underworld
    "smuggler": ("thief", "sailor"), "highwayman": ("bandit", "thief"), "brigand": ("bandit",),
    "raider": ("bandit", "warrior"), "outlaw": ("bandit",), "cutthroat": ("assassin", "bandit"),
    "poacher": ("hunter",), "ranger": ("hunter",), "beggar": ("thief",), "pickpocket": ("thief",),
    "pirate": ("sailor", "bandit"), "robber": ("thief", "bandit"), "graverobber": ("thief",),
    "mugger": ("thief", "thug"), "looter": ("thief", "bandit"), "scavenger": ("thief", "scout"),
    "urchin": ("thief", "scout"), "orphan": ("thief", "scout"), "guttersnipe": ("thief", "scout"),
    "vagabond": ("thief", "scout"), "runaway": ("thief", "scout"),
    # the law and the arena
    "watchman": ("guard",), "jailer": ("guard",), "warden": ("guard",), "sentry": ("guard",),
    "constable": ("guard",), "executioner": ("brute", "warrior"), "gladiator": ("warrior", "soldier"),
    "barbarian": ("warrior",), "berserker": ("warrior",), "militiaman": ("soldier", "guard"),
    # trades
    "blacksmith": ("smith",), "fisherman": ("sailor",), "ferryman": ("sailor",), "boatman": ("sailor",),
    "pilot": ("sailor", "rider"), "driver": ("rider", "sailor"),
    "collector": ("merchant",), "courtesan": ("noble", "bard"), "scholar": ("sage", "wizard"),
    "innkeeper": ("merchant",), "monk": ("priest",), "mechanic": ("engineer", "smith"), "nurse": ("healer", "doctor"),
    # the city, old and new
    "courier": ("acrobat", "scout", "rider"), "messenger": ("scout", "rider"), "runner": ("acrobat", "scout"),
    "detective": ("spy", "scout"), "investigator": ("spy", "scout"), "inspector": ("spy", "guard"),
    "cop": ("guard", "soldier"), "policeman": ("guard",), "officer": ("soldier", "guard"),
    "bodyguard": ("guard", "warrior"), "bouncer": ("brute", "guard"), "reporter": ("spy", "bard"),
    "journalist": ("spy", "bard"), "cowboy": ("rider", "hunter"), "gunslinger": ("gunman", "archer", "soldier"),
    "showman": ("bard", "acrobat"), "enforcer": ("thug", "brute", "guard"), "henchman": ("thug", "bandit"),
    "goon": ("thug", "brute"), "bruiser": ("brute", "thug"), "heavy": ("brute", "thug"),
    # magic
    "necromancer": ("wizard", "mage"), "shaman": ("priest", "healer"), "druid": ("priest", "healer"),
    "cultist": ("priest",), "sorcerer": ("wizard", "mage"), "witch": ("wizard", "mage"),
    # creatures
    "orc": ("warrior", "brute"), "goblin": ("bandit", "thief"), "kobold": ("bandit", "thief"),
    "zombie": ("brute",), "skeleton": ("soldier", "warrior"), "ghoul": ("beast",), "troll": ("brute",),
    "ogre": ("brute",), "giant": ("brute",), "dragon": ("beast",), "werewolf": ("wolf", "beast"),
    "boar": ("beast",), "spider": ("beast",), "bear": ("beast",), "snake": ("beast",),
}
"""Concept word → the people or creatures it is most like, best first."""


def like(word: str) -> tuple[str, ...]:
    """``word``'s stand-ins, best first (none for a word not here); a plural ("orcs", "witches") reads as its word."""
    return next((ARCHETYPES[w] for w in (word, word[:-1], word[:-2]) if w in ARCHETYPES), ())


def stand_in(word: str, known: Container[str]) -> str | None:
    """The first of ``word``'s stand-ins (:func:`like`) that ``known`` (a system's keywords) holds."""
    return next((a for a in like(word) if a in known), None)


PHRASE_BREAKS = frozenset({"with", "of", "from", "who", "whose", "that", "which", "in", "on", "at", "for", "by",
                           "to"})
"""Words that end a concept's main phrase: "a herbalist *with* a dog" is a herbalist first."""


def head_first(words: Sequence[str]) -> list[str]:
    """A concept's words in the order they say who someone is: the main phrase from its last word back (its head
    noun: "hedge *witch*"), then what follows a break word ("with a dog", "of the old order") from its end back.
    Reading the whole concept from its end put a herbalist with a dog down as a dog handler first."""
    cut = next((i for i, w in enumerate(words) if w in PHRASE_BREAKS and i > 0), len(words))
    return [*reversed(words[:cut]), *reversed(words[cut:])]


def head_stand_in(words: Sequence[str], known: Container[str]) -> str | None:
    """The stand-in ``known`` holds for the first of ``words``, read head first (:func:`head_first`), that has one:
    "a smuggler pilot" is a pilot, read as a sailor."""
    return next((kw for w in head_first(words) if (kw := stand_in(w, known)) is not None), None)
