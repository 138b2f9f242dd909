"""Mastery's fixed tables (``mastery.md``): dice, target numbers, ranges, the three cost tables, and the activity
vocabulary the engine uses to stand in for the GM's calls.

Everything the rulebook leaves to the GM is *not* here: the die, the trait list, health boxes, the combat mode and
the rest are campaign options (:mod:`.options`) or explicit tool arguments. What is here is what the book fixes.

The book's headings, as :func:`memory.rulebooks.split_book` splits them, are the citation targets: ``Characters``,
``Challenges``, ``Character Creation and Advancement``, ``Combat``, ``Fearsome Challenges``,
``Single-Action Roundtable``, ``Bloodbath`` and ``One Comment`` (the author's advice on skills, weapons and armor).
"""

from __future__ import annotations

from typing import Literal

from narrator.tools.contract import ref

BOOK = "mastery"
CHARACTERS = ref(BOOK, "Characters")
CHALLENGES = ref(BOOK, "Challenges")
CREATION = ref(BOOK, "Character Creation and Advancement")
COMBAT = ref(BOOK, "Combat")
FEARSOME = ref(BOOK, "Fearsome Challenges")
ROUNDTABLE = ref(BOOK, "Single-Action Roundtable")
BLOODBATH = ref(BOOK, "Bloodbath")
ADVICE = ref(BOOK, "One Comment")

Die = Literal[6, 10, 20]
DIE_SIZES: tuple[int, ...] = (6, 10, 20)
Difficulty = Literal["Easy", "Normal", "Difficult", "Extreme"]
DIFFICULTIES: tuple[str, ...] = ("Easy", "Normal", "Difficult", "Extreme")
TARGET_NUMBERS: dict[int, dict[str, int]] = {
    6: {"Easy": 3, "Normal": 4, "Difficult": 5, "Extreme": 6},
    10: {"Easy": 4, "Normal": 6, "Difficult": 8, "Extreme": 10},
    20: {"Easy": 7, "Normal": 11, "Difficult": 15, "Extreme": 19},
}
"""The book's difficulty table: the target number for each difficulty on each kind of die."""

TRAIT_RANGE = (-2, 4)
ABILITY_RANGE = (0, 4)
SKILL_RANGE = (0, 5)
"""'Normally, traits can be -2 through +4', abilities +1 through +4, skills +1 through +5 (0: not held)."""
CREATION_TRAIT_RANGE = (-1, 2)
"""'Normally, a trait cannot be increased above +2 or reduced below a -1' at creation (the specialist aside)."""
TRAIT_POINTS = 2
STARTING_TRIUMPHS = 20

TRAIT_COSTS: dict[int, int] = {-2: 1, -1: 2, 0: 3, 1: 4, 2: 5, 3: 7}
ABILITY_COSTS: dict[int, int] = {0: 2, 1: 3, 2: 4, 3: 6}
SKILL_COSTS: dict[int, int] = {0: 1, 1: 2, 2: 2, 3: 4, 4: 6}
"""The three cost tables: from a rating to the next one, in triumphs ('-2 -> -1 = 1' ... '+4 -> +5 = 6')."""
COSTS: dict[str, dict[int, int]] = {"trait": TRAIT_COSTS, "ability": ABILITY_COSTS, "skill": SKILL_COSTS}
RANGES: dict[str, tuple[int, int]] = {"trait": TRAIT_RANGE, "ability": ABILITY_RANGE, "skill": SKILL_RANGE}
Kind = Literal["trait", "ability", "skill"]

DEFAULT_TRAITS: tuple[str, ...] = ("agility", "cunning", "fortitude", "intelligence")
"""The book's own example traits ('cunning, intelligence, fortitude, or agility'): the wizard's default list."""

CombatMode = Literal["fearsome", "roundtable", "bloodbath"]
COMBAT_MODES: dict[str, str] = {
    "fearsome": "Fearsome Challenges: hazards and foes are challenges with damage on failure; foes don't roll",
    "roundtable": "Single-Action Roundtable: initiative by challenge, one action each, attacks contested",
    "bloodbath": "Bloodbath: everyone picks an action in secret, all resolve at once",
}
MODE_REFS: dict[str, str] = {"fearsome": FEARSOME, "roundtable": ROUNDTABLE, "bloodbath": BLOODBATH}

Activity = Literal[
    "athletics", "acrobatics", "stealth", "perception", "survival", "thievery", "persuasion", "deception",
    "intimidation", "lore", "magic", "crafting", "medicine", "performance", "riding", "endurance",
    "melee", "ranged", "defense", "initiative",
]
"""What a challenge is about, so the engine can stand in for the GM's and the player's calls: which trait the GM
picks (:func:`.options.trait_for`) and which of the character's abilities and skills fit (:mod:`.fit`)."""
CheckActivity = Literal[
    "athletics", "acrobatics", "stealth", "perception", "survival", "thievery", "persuasion", "deception",
    "intimidation", "lore", "magic", "crafting", "medicine", "performance", "riding", "endurance",
]
"""The activities of an ordinary (non-combat) challenge."""

ACTIVITIES: dict[str, str] = {
    "athletics": "climbing, jumping a gap, swimming, running, lifting, forcing a door",
    "acrobatics": "balancing, tumbling, cartwheels, squeezing through, landing a fall",
    "stealth": "sneaking, hiding, moving unseen or unheard",
    "perception": "noticing, searching, listening, spotting an ambush or a lie",
    "survival": "tracking, foraging, classifying wild plants, finding the way in the wild",
    "thievery": "lock-picking, picking pockets, disarming traps, sleight of hand",
    "persuasion": "convincing, charming, bargaining, calming someone down",
    "deception": "lying, bluffing, disguise, forging",
    "intimidation": "threatening, scaring, interrogating",
    "lore": "recalling history and legends, deciphering, reading old texts",
    "magic": "casting a spell, sensing or dispelling magic",
    "crafting": "engineering, repairing, building, forging, farming",
    "medicine": "treating wounds, curing poison or illness",
    "performance": "music, singing, dancing, telling a story to a crowd",
    "riding": "riding, driving, handling animals, steering boats",
    "endurance": "resisting poison, cold, exhaustion or pain",
    "melee": "attacking in close combat",
    "ranged": "shooting or throwing at someone",
    "defense": "parrying, blocking, dodging an attack",
    "initiative": "acting first when a fight starts",
}

ACTIVITY_WORDS: dict[str, tuple[str, ...]] = {
    "athletics": ("athlet", "climb", "swim", "jump", "running", "runner", "sprint", "lift", "strength", "brawn"),
    "acrobatics": ("acrobat", "tumbl", "balanc", "cartwheel", "gymnast", "contortion", "agile"),
    "stealth": ("stealth", "sneak", "hid", "shadow", "silent", "infiltrat"),
    "perception": ("percept", "notic", "search", "listen", "spot", "alert", "watch", "awareness", "insight"),
    "survival": ("surviv", "track", "wild", "forag", "hunt", "ranger", "plant", "herb", "woodcraft", "navigat",
                 "scout"),
    "thievery": ("thie", "lock", "pick", "pocket", "trap", "sleight", "burglar", "rogue"),
    "persuasion": ("persua", "diplom", "haggl", "barter", "negotiat", "charm", "etiquette", "merchant", "trade",
                   "leadership", "seduc"),
    "deception": ("decept", "decei", "lie", "lying", "bluff", "disguis", "forg", "con ", "con-", "grift",
                  "feint"),
    "intimidation": ("intimid", "threat", "interrogat", "menac", "torture", "command", "soldier"),
    "lore": ("lore", "history", "scholar", "knowledge", "language", "read", "decipher", "learn", "sage",
             "theology", "law"),
    "magic": ("magic", "spell", "sorcer", "wizard", "arcane", "ritual", "conjur", "enchant", "witch",
              "divin", "prayer", "miracle"),
    "crafting": ("craft", "engineer", "smith", "repair", "build", "mechan", "carpent", "farm", "tinker",
                 "alchem", "cook", "mason"),
    "medicine": ("medic", "heal", "surgery", "first aid", "physic", "herbalism", "cure", "doctor", "nurs"),
    "performance": ("perform", "music", "sing", "danc", "bard", "acting", "actor", "storytell", "oratory", "lute",
                    "juggl"),
    "riding": ("riding", "rider", "horse", "driv", "animal", "beast", "mount", "teamster", "sail", "steer", "pilot",
               "boat", "seaman", "barge"),
    "endurance": ("endur", "hardi", "tough", "stamina", "resist", "fortitude", "constitution", "drink"),
    "melee": ("sword", "blade", "axe", "mace", "hammer", "spear", "martial", "fight", "brawl", "melee",
              "dagger", "knife", "fenc", "club", "staff", "flail", "counterattack", "counter-attack", "unarmed",
              "wrestl", "boxing", "soldier", "weapon", "feint", "lance", "longsword", "broadsword", "shortsword",
              "greatsword", "battleaxe", "warhammer", "rapier", "sabre", "saber", "scimitar", "halberd", "pike",
              "polearm", "glaive", "cudgel", "whip"),
    "ranged": ("archer", "bow", "shoot", "marksman", "sling", "throw", "javelin", "gun", "pistol", "rifle",
               "firearm", "aim", "crossbow", "longbow", "shortbow", "shotgun", "musket", "blaster", "dart"),
    "defense": ("parry", "parrying", "block", "dodg", "shield", "defen", "evasion", "evade", "martial",
                "acrobat"),
    "initiative": ("reflex", "quick", "initiative", "alert", "draw", "ambush"),
}
"""Word stems that make an ability or skill *fit* an activity when its name contains one ('lock-picking' fits
thievery): a stem matches at the start of a word of the name, so a weapon that is one word with another
('crossbows', 'longsword') is a stem of its own. The sheet's own ``fits`` entries, written by the player or the GM,
always win (:mod:`.fit`)."""

TRAIT_WORDS: dict[str, tuple[str, ...]] = {
    "athletics": ("strength", "might", "brawn", "power", "body", "physique", "agility", "dexterity", "fortitude"),
    "acrobatics": ("agility", "dexterity", "grace", "reflex", "speed", "quick", "body"),
    "stealth": ("agility", "dexterity", "grace", "stealth", "cunning", "quick"),
    "perception": ("perception", "awareness", "wits", "cunning", "wisdom", "insight", "senses", "intelligence"),
    "survival": ("wisdom", "cunning", "wits", "perception", "fortitude", "intelligence"),
    "thievery": ("dexterity", "agility", "finesse", "cunning", "wits"),
    "persuasion": ("charisma", "presence", "charm", "personality", "cunning", "wits", "spirit"),
    "deception": ("cunning", "wits", "charisma", "presence", "guile", "intelligence"),
    "intimidation": ("presence", "charisma", "strength", "might", "fortitude", "will", "cunning"),
    "lore": ("intelligence", "intellect", "knowledge", "mind", "reason", "learning", "wisdom", "wits"),
    "magic": ("magic", "arcane", "power", "will", "spirit", "intelligence", "intellect", "mind", "wisdom"),
    "crafting": ("intelligence", "intellect", "craft", "dexterity", "mind", "reason", "wits"),
    "medicine": ("intelligence", "wisdom", "intellect", "mind", "knowledge", "dexterity"),
    "performance": ("charisma", "presence", "charm", "grace", "cunning", "agility"),
    "riding": ("agility", "dexterity", "grace", "wisdom", "fortitude"),
    "endurance": ("fortitude", "constitution", "endurance", "toughness", "health", "vigor", "stamina", "body",
                  "strength", "will"),
    "melee": ("agility", "strength", "might", "dexterity", "brawn", "combat", "body"),
    "ranged": ("agility", "dexterity", "perception", "precision", "wits", "cunning"),
    "defense": ("agility", "dexterity", "reflex", "speed", "quick", "grace", "fortitude"),
    "initiative": ("agility", "reflex", "speed", "quick", "dexterity", "wits", "cunning", "awareness"),
}
"""For the GM's own trait list: which trait names each activity looks for, best first ('agility' before
'dexterity'...). With the book's four example traits every activity finds one; a list that matches none of an
activity's words falls back to the list's first trait, and the ``activity_traits`` option overrides any of this."""

SUCCESS_WORDS = {True: "success", False: "failure"}
