"""The 5+ system's fixed vocabulary and tables, transcribed from ``five-plus.md`` (rules data, not mechanics).

The book is descriptor-based and free-form: it names no fixed skill list. What is fixed here is what the book
itself fixes (the base value 5, the level table, the card suits) plus the *approach groups* this implementation
uses to find a descriptor on a sheet from a player's words: the book's own "basic skill groups, such as physical,
combat, social, magic, profession, knowledge, etc." (``#Characters``), completed with the groups its examples use
(sneaking, perceiving, riding and tracking, healing, defending) and one group per common resistance.
"""

from __future__ import annotations

from typing import Literal

from narrator.tools.contract import ref

BOOK = "five-plus"

INTRO = ref(BOOK, "1) Introduction")
DESCRIPTORS = ref(BOOK, "Descriptors")
EFFECTS = ref(BOOK, "2.1) Descriptor Effects")
COUNTER = ref(BOOK, "2.2) Descriptor Counter")
LEVEL = ref(BOOK, "2.3) Descriptor Level")
TIERS = ref(BOOK, "Tiers")
CHARACTERS = ref(BOOK, "Characters")
RANGE = ref(BOOK, "3.1) Success Range")
FAILURE = ref(BOOK, "Failure handling")
HELPING = ref(BOOK, "Helping")
SPECIAL = ref(BOOK, "Special Values")
RECOVERY = ref(BOOK, "3.2) Recovery")
WOUNDS = ref(BOOK, "Wounds")
CONDITIONS = ref(BOOK, "Conditions")
IMPROVEMENT = ref(BOOK, "3.3) Improvement")
ABILITIES = ref(BOOK, "Abilities")
ITEMS = ref(BOOK, "Items")
STRUCTURE = ref(BOOK, "4.1 Structure")
OBJECTIVES = ref(BOOK, "4.2) Objectives")
SUCCESSES = ref(BOOK, "Successes (“damage”)")
NPCS = ref(BOOK, "NPCs")
ACTIONS = ref(BOOK, "4.3) Actions")
GM_OPTIONS = ref(BOOK, "5) Game Master options")

BASE = 5
"""'the base value of 5, which is the default value at which an untrained character succeeds an action'."""
MAX_FACE = 6

LEVEL_TABLE: dict[int, tuple[str, str]] = {
    0: ("Incompetent", "~10%"),
    1: ("Novice", "~25%"),
    2: ("Trained", "~40%"),
    3: ("Competent", "~50%"),
    4: ("Proficient", "~70%"),
    5: ("Specialist", "~75%"),
    6: ("Expert", "~80%"),
}
"""The book's level table: level -> (description, the chance it states)."""
MAX_LEVEL = 6

Kind = Literal["trait", "skill", "resistance", "condition", "wound", "ability", "equipment"]
KINDS: tuple[str, ...] = ("trait", "skill", "resistance", "condition", "wound", "ability", "equipment")
LEVELLED = ("skill", "resistance")
"""Descriptors with a level that a check can use and doubles can improve (``#2.3) Descriptor Level``)."""

SKILL_GROUPS: tuple[str, ...] = ("physical", "combat", "ranged", "stealth", "social", "knowledge", "perception",
                                 "survival", "profession", "medicine", "magic", "defense")
RESISTANCE_GROUPS: tuple[str, ...] = ("endurance", "willpower", "fatigue")
GROUPS: tuple[str, ...] = SKILL_GROUPS + RESISTANCE_GROUPS
Group = Literal["physical", "combat", "ranged", "stealth", "social", "knowledge", "perception", "survival",
                "profession", "medicine", "magic", "defense", "endurance", "willpower", "fatigue"]

GROUP_MEANING: dict[str, str] = {
    "physical": "athletics, climbing, jumping, swimming, running, lifting, balance",
    "combat": "close combat with weapons or bare hands",
    "ranged": "bows, firearms, slings and thrown weapons",
    "stealth": "sneaking, hiding, moving unseen, sleight of hand",
    "social": "persuading, lying, intimidating, haggling, performing, insulting",
    "knowledge": "lore, history, languages, deciphering, remembering facts",
    "perception": "noticing, searching, listening, investigating",
    "survival": "riding, handling animals, tracking, foraging, finding the way",
    "profession": "crafts, repairs, locks, traps, machines, trades",
    "medicine": "first aid, medicine, treating wounds and poisons",
    "magic": "casting spells and rituals",
    "defense": "blocking, parrying, dodging an attack",
    "endurance": "physical resistance: toughness, enduring pain, poison and cold",
    "willpower": "mental resistance: nerve, fear, resisting spells and pressure",
    "fatigue": "fatigue resistance: pushing one's limits",
}

KEYWORD_GROUPS: dict[str, tuple[str, ...]] = {
    "physical": ("athletics", "athletic", "climb", "climbing", "jump", "jumping", "swim", "swimming", "run",
                 "running", "strength", "acrobatics", "acrobat", "lift", "balance", "parkour"),
    "combat": ("sword", "swords", "axe", "mace", "spear", "melee", "brawl", "brawling", "fight", "fighting", "dagger",
               "knife", "hammer", "warhammer", "unarmed", "martial", "fencing", "blade", "blades", "staff", "whip",
               "club", "combat", "weapon", "weapons", "polearm", "boxing", "wrestling"),
    "ranged": ("bow", "archery", "crossbow", "firearms", "firearm", "gun", "guns", "pistol", "rifle", "throw",
               "throwing", "sling", "shoot", "shooting", "marksman", "marksmanship", "javelin"),
    "stealth": ("sneak", "sneaking", "stealth", "hide", "hiding", "pickpocket", "sleight", "shadow", "shadows",
                "infiltration", "ninja"),
    "social": ("persuade", "persuasion", "charm", "diplomacy", "deceive", "deception", "lie", "lying", "bluff",
               "intimidate", "intimidation", "haggle", "barter", "etiquette", "perform", "performance", "seduce",
               "leadership", "command", "speech", "rhetoric", "insult", "negotiate", "negotiation", "oratory"),
    "knowledge": ("lore", "history", "knowledge", "arcana", "religion", "languages", "language", "read", "science",
                  "scholar", "law", "heraldry", "occult", "geography", "lore-master", "research"),
    "perception": ("perception", "notice", "search", "investigate", "investigation", "listen", "awareness", "spot",
                   "senses", "attentive", "insight"),
    "survival": ("survival", "ride", "riding", "animal", "animals", "horse", "horses", "track", "tracking", "forage",
                 "navigate", "navigation", "hunt", "hunting", "nature", "wilderness", "beasts", "river", "rivers",
                 "ford", "fords", "forest", "forests", "woods", "mountain", "mountains", "wilds", "marsh", "swamp"),
    "profession": ("craft", "crafting", "smith", "smithing", "repair", "lock", "locks", "lockpick", "lockpicking",
                   "trap", "traps", "mechanics", "engineer", "engineering", "cook", "cooking", "carpentry", "sail",
                   "sailing", "trade", "alchemy", "tinker", "forgery"),
    "medicine": ("medicine", "medical", "heal", "healing", "first", "surgery", "herbalism", "herbs", "physician"),
    "magic": ("magic", "spell", "spells", "sorcery", "ritual", "rituals", "prayer", "divine", "wizardry",
              "telekinesis", "necromancy", "illusion", "enchantment", "elemental"),
    "defense": ("shield", "dodge", "parry", "block", "evade", "evasion", "defense", "defence"),
}
"""Descriptor-name words -> the approach group they suggest (a skill named 'Sword' is combat)."""

RESISTANCE_KEYWORDS: dict[str, tuple[str, ...]] = {
    "endurance": ("physical", "health", "toughness", "body", "constitution", "endurance", "poison"),
    "willpower": ("mental", "mind", "will", "willpower", "sanity", "fear", "courage", "nerve", "frustration",
                  "stress", "magic", "magical", "spirit"),
    "fatigue": ("fatigue", "stamina", "strain", "exhaustion"),
}

SuccessMode = Literal["normal", "immunity", "resistance", "weakness"]
"""'This value may be ignored (immunity), downgraded to 1 (resistance), or upgraded to the highest value rolled
(weakness)' (``#Successes (“damage”)``)."""

# --- the card deck of the single-player option (5) Game Master options) -----------------------------------------

SUITS: dict[str, str] = {"H": "hearts", "D": "diamonds", "S": "spades", "C": "clubs"}
SUIT_SYMBOLS: dict[str, str] = {"H": "♥", "D": "♦", "S": "♠", "C": "♣"}
SUIT_CHALLENGE: dict[str, tuple[str, str]] = {
    "H": ("social", "Hearts are for socializers: a relevant amount of interaction with NPCs (chatty enemies, "
                    "distressed peasants, negotiating passage)."),
    "D": ("achievement", "Diamonds are for achievers: some clear reward or something the players can achieve or "
                         "collect (rare equipment sets, money, status)."),
    "S": ("exploration", "Spades are for explorers: new lands, long lost secrets, a historical event or any other "
                         "discovery (background information, rumours of distant lands, a puzzle's secret)."),
    "C": ("combat", "Clubs are for killers: combat and fights (challenges of power, all out combat, arenas)."),
}
RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
RANK_NAMES: dict[str, str] = {"J": "jack", "Q": "queen", "K": "king", "A": "ace"}
JOKERS: tuple[str, ...] = ("RJ", "BJ")
"""The red and the black joker: a standard French-suited deck of 54 cards."""
ROYALS = ("J", "Q", "K")
