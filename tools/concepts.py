"""What a random character's concept picks: the skills, magic and gear a system offers that fit the player's words.

Why: "hedge witch" must get magic and "wandering swordswoman" a sword, or the random character is not the one the
player asked for. Each system lists what a concept can pick as :class:`ConceptOption` (``CONCEPT_OPTIONS`` in its
``characters`` module): a key, the words a player would say for it, and a line of text to compare a concept with.

Two ways in, one deterministic result:

* **Words** (here, pure): a concept word that is an option's word — exactly, as a plural, or (words of 5+ letters)
  as the start of a longer word ("swordswoman" starts with "sword") — picks it. The random tools do this
  themselves, so a call with only a concept (from the narrator model, or a replayed log) picks the obvious things.
* **Meaning** (the game's side, :mod:`narrator.game.concept`): the packaged MiniLM embedder compares the concept
  with every option's text and passes the close ones in the tool's ``picks`` argument. The embedding is computed
  before the call, so the logged arguments say what it chose and a replay never depends on a float.

The tool then builds a character that holds every rule (the engine still validates it) with the picks placed
first, and says what the concept chose: "For a hedge witch: Survival, the Hex power, a sickle."
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from narrator.tools.errors import FieldProblem, ToolArgumentError
from narrator.tools.npc_archetypes import head_first

Kind = Literal["skill", "magic", "gear"]
MAX_PICKS = 8
PREFIX_LETTERS = 5
"""An option word this long also picks longer concept words it starts ("sword" → "swordswoman"); shorter ones
("axe", "gun") only match whole words, so "gunwale" is no gun."""
FREE_FORM_WEAPONS: dict[str, tuple[str, tuple[str, ...]]] = {
    "sword": ("a blade for close fighting", ("sword", "swordsman", "swordswoman", "blade", "knight", "fencer",
                                             "duelist", "samurai")),
    "axe": ("a heavy chopping weapon", ("axe", "barbarian", "woodcutter", "lumberjack", "viking")),
    "dagger": ("a short blade, easily hidden", ("dagger", "knife", "assassin", "rogue", "cutthroat")),
    "spear": ("a long thrusting weapon", ("spear", "pike", "hoplite", "legionary")),
    "mace": ("a blunt weapon of holy warriors", ("mace", "cleric", "templar")),
    "staff": ("a walking staff, a wizard's focus", ("staff", "wizard", "mage", "monk", "pilgrim")),
    "sickle": ("a curved harvesting blade; a witch's and druid's tool", ("sickle", "witch", "druid", "farmer")),
    "bow": ("a bow and arrows for shooting at range", ("bow", "archer", "bowman", "hunter", "ranger")),
    "pistol": ("a handgun, a fire-arm", ("pistol", "gun", "gunslinger", "gunman", "revolver", "detective")),
    "rifle": ("a long fire-arm", ("rifle", "rifleman", "sniper", "soldier")),
    "blaster": ("a ray-gun of science-fiction", ("blaster", "spacer", "trooper", "laser")),
}
"""The weapons a concept can pick in a system whose gear is free-form, each with a line for the embedder and the
words that name it: one table, so every such system offers the same swords and a new word reaches them all."""
RANGED_WEAPONS = frozenset({"bow", "pistol", "rifle", "blaster"})


@dataclass(frozen=True)
class ConceptOption:
    key: str
    """What ``picks`` holds, e.g. ``"power:hex"``; unique within a system."""
    kind: Kind
    label: str
    """How the wizard names it: "Survival", "the Hex power", "a sickle"."""
    text: str
    """What the embedder compares a concept with: the name and what it covers, in the rulebook's words."""
    words: tuple[str, ...] = ()
    """Concept words that pick it outright."""


FEMININE = {"huntress": "hunter", "sorceress": "sorcerer", "enchantress": "enchanter", "actress": "actor",
            "murderess": "murderer", "adventuress": "adventurer", "seductress": "seducer"}
"""Concept words in a feminine form the word lists name in another ("-woman" reads as "-man" by rule)."""


def base_word(word: str) -> str:
    """A concept word as the word lists name it: a swordswoman is a swordsman, a huntress a hunter — "a weary
    swordswoman" rolled a healer before, her only fighting word unknown."""
    if word in FEMININE:
        return FEMININE[word]
    if word.endswith(("woman", "women")) and len(word) > 5:
        return word[:-5] + word[-5:].replace("wom", "m", 1)
    return word


HUNTED_BY = frozenset({"hunter", "slayer", "killer", "catcher"})
"""Agent nouns whose word before them is what is hunted, not what the character is: a witch hunter is no witch (he
rolled the Hex power and carried a sickle in every system), a dragon slayer no dragon."""
COMPOUNDS: dict[tuple[str, str], str] = {("bounty", "hunter"): "tracker", ("treasure", "hunter"): "explorer",
                                         ("stage", "magician"): "showman", ("private", "eye"): "detective",
                                         ("private", "investigator"): "detective", ("customs", "officer"): "inspector"}
"""Two words that name one trade, read as the word the lists know it by (a bounty hunter was given a bow; a retired
stage magician turned private eye was given real sorcery and no eye for clues; a customs officer, a bow)."""


def _base_words(concept: str | None) -> list[str]:
    return [base_word(w) for w in re.findall(r"[a-z]+", (concept or "").casefold())]


def concept_words(concept: str | None) -> list[str]:
    """A concept's words as the word lists read them: base forms, a hunted thing left out, a two-word trade as one."""
    words = _base_words(concept)
    out: list[str] = []
    i = 0
    while i < len(words):
        pair = (words[i], words[i + 1]) if i + 1 < len(words) else None
        if pair in COMPOUNDS:
            out.append(COMPOUNDS[pair])
            i += 2
            continue
        if pair is None or pair[1] not in HUNTED_BY:
            out.append(words[i])
        i += 1
    return out


def as_read(concept: str) -> str:
    """The concept as the word lists read it, for a reader of its meaning (the game's embedder): "a witch hunter" is
    "a hunter" (the embedder gave him a sickle and sorcery); a concept no rule changes is returned as written."""
    read = concept_words(concept)
    return " ".join(read) if read != _base_words(concept) else concept


def _matches(word: str, key: str) -> bool:
    return word in (key, key + "s", key + "es") or (len(key) >= PREFIX_LETTERS and word.startswith(key))


def word_hits(concept: str | None, options: Sequence[ConceptOption]) -> list[str]:
    """The keys of the options a concept's words name, the last word's first (the head noun comes last in English:
    a "grizzled sellsword" is a sellsword first), then in the options' order."""
    return list(_remembered(options)[1].hits(concept)) if type(options) is tuple else _word_hits(concept, options)


class _Known:
    """What one options tuple answers again and again, remembered: a system's options are a module-level tuple and
    a character's concept recurs (every random character of a session, every replay), and matching every concept
    word against every option word was most of what rolling a random character cost."""

    def __init__(self, options: tuple[ConceptOption, ...]):
        self.options = options
        self.by_key = {o.key: o for o in options}
        self._hits: dict[str | None, tuple[str, ...]] = {}

    def hits(self, concept: str | None) -> tuple[str, ...]:
        found = self._hits.get(concept)
        if found is None:
            if len(self._hits) >= 4096:
                self._hits.clear()
            found = self._hits[concept] = tuple(_word_hits(concept, self.options))
        return found


_KNOWN: dict[int, tuple[tuple[ConceptOption, ...], _Known]] = {}
"""Per options tuple (kept here, so its id is not reused while remembered)."""


def _remembered(options: tuple[ConceptOption, ...]) -> tuple[tuple[ConceptOption, ...], _Known]:
    entry = _KNOWN.get(id(options))
    if entry is None or entry[0] is not options:
        if len(_KNOWN) >= 64:
            _KNOWN.clear()
        entry = _KNOWN[id(options)] = (options, _Known(options))
    return entry


def _word_hits(concept: str | None, options: Sequence[ConceptOption]) -> list[str]:
    found: list[str] = []
    words = head_first(concept_words(concept))
    for word in words:
        for o in options:
            if o.key not in found and any(_matches(word, w) for w in o.words):
                found.append(o.key)
    if found:
        return found
    from narrator.tools.npc_archetypes import like

    for word in words:  # no word is known: the people it is most like, as NPCs read it (a poacher is a
        for stand_in in like(word):  # hunter: "a poacher with a grudge" read "Nothing in the rules matched")
            hits = [o.key for o in options if any(_matches(stand_in, w) for w in o.words)]
            if hits:
                return hits
    return found


def check_picks(tool: str, picks: Sequence[str], options: Sequence[ConceptOption]) -> None:
    """A ``picks`` argument names options of this system only; anything else is a bad call, listed at once."""
    if not picks:
        return
    known = {o.key for o in options}
    bad = [FieldProblem(f"picks.{i}", f"'{p}' is not an option of this system's concepts; choose from: "
                        + ", ".join(sorted(known)), p) for i, p in enumerate(picks) if p not in known]
    if bad:
        raise ToolArgumentError(tool, bad)


def chosen(concept: str | None, picks: Sequence[str], options: Sequence[ConceptOption]) -> list[ConceptOption]:
    """The options a concept picks: its words' first, then the embedder's (``picks``), each once."""
    if type(options) is tuple:
        known = _remembered(options)[1]
        hits, by_key = known.hits(concept), known.by_key
    else:
        hits, by_key = tuple(_word_hits(concept, options)), {o.key: o for o in options}
    keys = dict.fromkeys([*hits, *picks]) if picks else hits
    return [by_key[k] for k in keys if k in by_key]


def of_kind(options: Sequence[ConceptOption], kind: Kind) -> list[ConceptOption]:
    return [o for o in options if o.kind == kind]


def concept_line(concept: str | None, labels: Sequence[str]) -> str | None:
    """'For a hedge witch: Survival, the Hex power, a sickle.' — None when the concept chose nothing."""
    if not concept or not labels:
        return None
    text = " ".join(concept.split())
    first = text.split()[0].casefold()
    if first not in ("a", "an", "the", "my", "some"):
        text = ("an " if first[0] in "aeiou" else "a ") + text
    return f"For {text}: {', '.join(dict.fromkeys(labels))}."
