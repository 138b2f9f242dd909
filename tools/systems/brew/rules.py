"""Brew's fixed vocabulary and tables, transcribed from ``brew.md`` (the rules data, not the mechanics).

Citations name the sections exactly as :func:`memory.rulebooks.split_book` cuts the book (it has no ``#``
headings, so a section starts at a title-like line): some rules sit under the nearest title above them, e.g. the
automatic failure and success under "Typical Difficulty Thresholds", ranges and chases under "Examples of weapon
attacks", realistic healing under "Simplified healing for combat-oriented games", the seven fields of magic
under "Scrying (prophecy and far-seeing/hearing)".
"""

from __future__ import annotations

from typing import Literal

from narrator.tools.contract import ref

BOOK = "brew"

# --- citations (section headings as the splitter reads the book) ---------------------------------------------------
SKILL_ROLLS = ref(BOOK, "Skill Rolls")
THRESHOLDS = ref(BOOK, "Typical Difficulty Thresholds")
RESOLVE = ref(BOOK, "Resolve Points")
CHANCE = ref(BOOK, "Chance Rolls")
MAGIC_ROLLS = ref(BOOK, "Magic Rolls")
CONTESTED = ref(BOOK, "Contested Rolls")
COLLABORATIVE = ref(BOOK, "Collaborative Rolls")
TIME = ref(BOOK, "Bullet Time, Story Time & Downtime")
LOAD = ref(BOOK, "Load")
TRAVEL = ref(BOOK, "Travel")
COMBAT = ref(BOOK, "Combat")
WEAPONS = ref(BOOK, "Examples of weapon attacks")
DAMAGE = ref(BOOK, "Damage")
HEALING = ref(BOOK, "Healing")
HEALING_MORE = ref(BOOK, "Simplified healing for combat-oriented games")
ILLNESS = ref(BOOK, "Illness")
FOOD = ref(BOOK, "Food and Drink")
SLEEP = ref(BOOK, "Sleep")
EXHAUSTION = ref(BOOK, "Exhaustion")
WEATHER = ref(BOOK, "Extreme Weather Conditions")
CHARACTERS = ref(BOOK, "Characters")
POINT_BUY = ref(BOOK, "Point Buying Statistics")
CLASS_ANCESTRY = ref(BOOK, "Choose Character Class and/or Ancestry")
ATTRIBUTES_REF = ref(BOOK, "Choose Attributes")
SKILLS_REF = ref(BOOK, "Choose Skills")
MAGIC_REF = ref(BOOK, "Choose Magic")
MANA = ref(BOOK, "Mana")
FIELDS_REF = ref(BOOK, "Scrying (prophecy and far-seeing/hearing)")
TRICKS_REF = ref(BOOK, "Choose Tricks and Flaws")
XP_REF = ref(BOOK, "Using Experience Points")
CAPS_REF = ref(BOOK, "Capping Stats")
LUCKY_REF = ref(BOOK, "Lucky")
MASKS_REF = ref(BOOK, "A Thousand Masks")
THIN_FACE_REF = ref(BOOK, "Thin Face")
UNLUCKY_REF = ref(BOOK, "Unlucky")
SERVANT_REF = ref(BOOK, "A Servant to a Martial God")
ROGUE_REF = ref(BOOK, "Rogue Warrior")
HUMAN_REF = ref(BOOK, "Human")
ELF_REF = ref(BOOK, "Elf")
UNDERGROUNDLING_REF = ref(BOOK, "Undergroundling")

# --- attributes, skills, magic ---------------------------------------------------------------------------------------
Attribute = Literal["power", "precision", "speed", "perception", "wits", "charisma"]
ATTRIBUTES: tuple[str, ...] = ("power", "precision", "speed", "perception", "wits", "charisma")
ATTRIBUTE_DESCRIPTIONS: dict[str, str] = {
    "power": "strength and endurance",
    "precision": "dexterity, aim and fine motor skills",
    "speed": "physical reaction and movement speed",
    "perception": "the five senses and alertness",
    "wits": "intelligence and wisdom",
    "charisma": "natural ability to persuade or affect others",
}
PHYSICAL: tuple[str, ...] = ("power", "precision", "speed")
"""The attributes the heavier health penalty falls on (−2 at 5 or below, −4 at 3 or below)."""
MENTAL: tuple[str, ...] = ("perception", "wits", "charisma")

Skill = Literal["athletics", "animal handling", "craft", "interaction", "investigation", "medicine", "melee",
                "performance", "stealth", "survival", "profession"]
SKILLS: tuple[str, ...] = ("athletics", "animal handling", "craft", "interaction", "investigation", "medicine",
                           "melee", "performance", "stealth", "survival", "profession")
SKILL_ACTIVITIES: dict[str, str] = {
    "athletics": "climbing; jumping; swimming; running; lifting and carrying",
    "animal handling": "lassoing a wild horse; calming, riding or training animals",
    "craft": "carpentry; chiselling through bars; building a birdhouse; repairing a gun; a ritual ceremony",
    "interaction": "persuading; haggling with a merchant; hitching a ride; finding underworld contacts",
    "investigation": "investigating a crime scene; searching for clues; researching",
    "medicine": "tending wounds; first aid; stabilising the dying; treating poison and illness",
    "melee": "sparring for practice; showing off sword drills; breaking a board with a bare hand",
    "performance": "acting; lying; singing; sculpting sugar for a baking contest; keeping a straight face",
    "stealth": "sneaking; hiding; moving unseen",
    "survival": "resisting illness; enduring heat or cold; tracking; foraging; the criminal underworld",
    "profession": "anything the character's trade covers, like a pig farmer's knowledge of the meat market",
}
DEFAULT_ATTRIBUTE: dict[str, str] = {
    "athletics": "power", "animal handling": "precision", "craft": "precision", "interaction": "charisma",
    "investigation": "perception", "medicine": "wits", "melee": "power", "performance": "charisma",
    "stealth": "precision", "survival": "power", "profession": "wits",
}
"""The attribute a skill roll takes when none is named. The book pairs them case by case ("Like with all skill
rolls, use what makes the most sense", brew.md#Combat); these are its own examples: Precision + Animal Handling
(the lasso), Power + Melee (the punch), Charisma + Interaction (hitching a ride), Power + Survival (illness,
weather), Wits + Medicine. The router names another where the player's words tell an activity that needs it
(tracking is Perception + Survival, foraging Wits + Survival: the ``values`` of ``prompts/brew/lexicon/router.json``)."""

MagicField = Literal["transfiguration", "healing", "destruction", "illusion", "scrying", "odds", "movement"]
MAGIC_FIELDS: tuple[str, ...] = ("transfiguration", "healing", "destruction", "illusion", "scrying", "odds",
                                 "movement")
FIELD_DESCRIPTIONS: dict[str, str] = {
    "transfiguration": "turning one thing to another, or changing aspects of it to something else",
    "healing": "healing wounds, illnesses and injuries",
    "destruction": "martial magic; destroying or deconstructing physical objects",
    "illusion": "false visions and sounds; disguises; evoking emotions",
    "scrying": "prophecy; far-seeing; far-hearing",
    "odds": "upping your luck or diminishing someone else's",
    "movement": "adding to one's speed; flying; stopping motion",
}
Trait = Literal["power", "precision", "speed", "perception", "wits", "charisma", "athletics", "animal handling",
                "craft", "interaction", "investigation", "medicine", "melee", "performance", "stealth", "survival",
                "profession", "transfiguration", "healing", "destruction", "illusion", "scrying", "odds", "movement"]
"""Anything a bonus or an advance may name: an attribute, a skill or a field of magic."""

MAX_SCORE = 5
MAX_HEALTH = 10
MAX_RESOLVE = 5
MAX_TRAINING_RESOLVE = 3
MAX_LASTING_INJURIES = 3
LASTING_INJURY_HEALING = 30
LASTING_INJURY_ABSORB = 5
PERMANENT_INJURY_ABSORB = 10
"""Optional rule (``brew.md#Damage``): "allow taking a permanent injury in order to regain more health points". The
book names no number; a permanent injury absorbs twice a lasting one's 5, under the same cap (maximum − 5)."""

# --- difficulties and outcomes ---------------------------------------------------------------------------------------
DIFFICULTIES: dict[str, int] = {"easy": 6, "challenging": 8, "expert": 10, "feeling lucky": 16, "teamwork": 18}
"""The table of typical thresholds (brew.md#Typical Difficulty Thresholds); "teamwork or god-tier" is 18."""
DifficultyName = Literal["easy", "challenging", "expert", "feeling lucky", "teamwork"]
THRESHOLD_STEP = 2
"""One threshold is two points (6, 8, 10): "perfect" meets difficulty + 2, "astounding" difficulty + 4."""
OUTCOMES: tuple[str, ...] = ("failure", "success", "perfect", "astounding")
Outcome = Literal["failure", "success", "perfect", "astounding"]

TimeMode = Literal["story", "bullet", "downtime"]
TIME_NAMES = {"story": "Story Time", "bullet": "Bullet Time", "downtime": "Downtime"}

HealthRule = Literal["standard", "halved", "ignored"]
HealingRule = Literal["realistic", "simplified"]

# --- combat --------------------------------------------------------------------------------------------------------
AttackType = Literal["unarmed", "blunt", "simple_bladed", "simple_projectile", "complex_handheld", "complex_ranged"]
DamageRule = Literal["half_attribute", "attribute", "half_total", "total"]
Range = Literal["close", "mid", "long"]
RANGES: tuple[str, ...] = ("close", "mid", "long")

ATTACK_TYPES: dict[str, dict] = {
    "unarmed": {"roll": "Power or Precision + Melee", "damage": "half_attribute", "ranges": ("close",),
                "attributes": ("power", "precision"), "skill": "melee"},
    "blunt": {"roll": "Power or Precision + Melee", "damage": "attribute", "ranges": ("close",),
              "attributes": ("power", "precision"), "skill": "melee"},
    "simple_bladed": {"roll": "Power or Precision + Melee", "damage": "half_total", "ranges": ("close",),
                      "attributes": ("power", "precision"), "skill": "melee"},
    "simple_projectile": {"roll": "Precision + Athletics (Power for heavy objects)", "damage": "attribute",
                          "ranges": ("close", "mid"), "attributes": ("precision", "power"), "skill": "athletics"},
    "complex_handheld": {"roll": "Power or Precision + Melee, depends on weapon", "damage": None,
                         "ranges": ("close",), "attributes": ("power", "precision"), "skill": "melee"},
    "complex_ranged": {"roll": "Precision + Craft", "damage": None, "ranges": ("mid", "long"),
                       "attributes": ("precision",), "skill": "craft"},
}
"""The attack-type table (brew.md#Combat): the roll, the damage rule (None: the weapon's stats say) and the
ranges it reaches by default."""

WeaponName = Literal["composite bow", "handgun", "broadsword", "knife"]
WEAPONS_TABLE: dict[str, dict] = {
    "composite bow": {"type": "complex_ranged", "attribute": "precision", "skill": "craft", "ranges": ("mid", "long"),
                      "damage": "half_total"},
    "handgun": {"type": "complex_ranged", "attribute": "precision", "skill": "craft", "ranges": ("close", "mid"),
                "damage": "total"},
    "broadsword": {"type": "complex_handheld", "attribute": "power", "skill": "melee", "ranges": ("close",),
                   "damage": "total"},
    "knife": {"type": "simple_bladed", "attribute": "precision", "skill": "melee", "ranges": ("close",),
              "damage": "half_total"},
}
"""The four example weapons (brew.md#Examples of weapon attacks)."""
DAMAGE_WORDS = {"half_attribute": "half the attack's attribute, rounded down (at least 1)",
                "attribute": "the attack's attribute", "half_total": "half the attack roll's total, rounded down",
                "total": "the attack roll's total"}

# --- characters ----------------------------------------------------------------------------------------------------
Size = Literal["small", "medium", "large"]
ATTRIBUTE_POINTS = 10
SKILL_POINTS = 10
MAGIC_POINTS = 5
FREE_POINTS = 5
NO_SPECIALTY_POINTS = 2
TRICK_PRICE = 5
MAX_SPECIALTIES_AT_CREATION = 2
MAX_SPECIALTIES = 3

ANCESTRIES: dict[str, dict] = {
    "human": {"plus": None, "amount": 1, "minus": None, "trick": None, "flaw": None, "size": "medium",
              "ref": HUMAN_REF},
    "elf": {"plus": "perception", "amount": 2, "minus": "power", "trick": "Magical Affinity",
            "flaw": "Bound by Their Word", "size": "small", "ref": ELF_REF, "free_magic": {"illusion": 1}},
    "undergroundling": {"plus": "power", "amount": 2, "minus": "charisma", "trick": "Dark Sight",
                        "flaw": "Weakness to Sunlight", "size": "medium", "ref": UNDERGROUNDLING_REF},
}
"""The sample ancestries. Human: +1 to any chosen attribute, a free trick and flaw. The undergroundling's size is
not given; it is read as medium (the default "no modifiers apply")."""
AncestryName = Literal["human", "elf", "undergroundling"]

CLASSES: dict[str, dict] = {
    "servant to a martial god": {
        "fixed": "melee", "either": ("power", "stealth"),
        "specialties": {"weaponsmithing": "craft", "politics": "interaction", "command": "interaction"},
        "tricks": ("Cloak of the God's Favour",), "flaw": "Bound to the God", "ref": SERVANT_REF,
    },
    "rogue warrior": {
        "fixed": "melee", "either": ("power", "precision"),
        "specialties": {"criminal underworld": "survival", "conmanship": "performance"},
        "tricks": ("Lucky", "Know People Who Know People"), "flaw": "Old Enemies", "ref": ROGUE_REF,
    },
}
"""The sample classes: +2 on a fixed trait and +2 on one of two, a free specialty from a list, their tricks and
their unique flaw."""
ClassName = Literal["servant to a martial god", "rogue warrior"]
CLASS_BONUS = 2

TRICKS: dict[str, str] = {
    "A Thousand Masks": "+2 on acting, lying and grifting; once a session ignore a 1-3 on such a chance roll",
    "Lucky": "if you hit a 6, roll again and add both rolls",
    "Magical Affinity": "a free point of Illusion; senses magical activity without rolling (elves)",
    "Dark Sight": "navigates effortlessly in total darkness (undergroundlings)",
    "Cloak of the God's Favour": "soaks 2 damage while actively fighting (servants to a martial god)",
    "Know People Who Know People": "Charisma or Wits + Interaction to find underworld contacts (rogue warriors)",
    "Tough Skin": "counteracts a weakness of the skin (an example from the book)",
    "Winning Arguments": "an advantage when arguing (an example from the book)",
}
FLAWS: dict[str, str] = {
    "Thin Face": "when embarrassed, Wits + Performance against 8 or lose composure (-2 until the scene ends)",
    "Unlucky": "when the stakes are high, a d6 of 1-3 makes the action fail catastrophically",
    "Bound by Their Word": "breaking a promise costs 5 health, maybe a point of Power or Wits (elves)",
    "Weakness to Sunlight": "loses 1 health for each hour exposed to daylight (undergroundlings)",
    "Old Enemies": "a d6 of 1 beside each social roll brings an old enemy (rogue warriors)",
    "Bound to the God": "leaving the faith makes enemies of the faithful (servants to a martial god)",
    "Superstitious": "-2 on all applicable rolls when things get spooky (Marlo the Monk's flaw)",
}
EXCLUSIVE_TRICKS = {"Magical Affinity", "Dark Sight", "Cloak of the God's Favour", "Know People Who Know People"}
EXCLUSIVE_FLAWS = {"Bound by Their Word", "Weakness to Sunlight", "Old Enemies", "Bound to the God"}

# --- progression -----------------------------------------------------------------------------------------------------
Advance = Literal["attribute", "new_skill", "skill", "specialty", "new_field", "magic", "trick", "class"]
XP_COSTS: dict[str, str] = {
    "attribute": "3 x existing score", "new_skill": "5", "skill": "2 x existing score",
    "specialty": "4 x existing skill score", "new_field": "10", "magic": "2 x existing score", "trick": "10",
    "class": "50",
}

# --- hardship ------------------------------------------------------------------------------------------------------
CARRY_KG = {1: 15, 2: 15, 3: 20, 4: 20, 5: 30}
"""Power score -> kilograms carried without being laden (a higher score carries what 5 does)."""
TRAVEL_KMH: dict[str, tuple[float, float, str]] = {
    "carriage": (5, 8, "90 km a day on a good road"),
    "foot, terrain": (1, 2, "5 miles a day over rough terrain"),
    "foot, difficult road": (2, 3, "10 miles a day on bad roads"),
    "foot, good road": (4, 5, "20 miles a day on good roads"),
    "horseback": (7, 7, "45 km a day, then the horse must rest"),
}
TravelMode = Literal["carriage", "foot, terrain", "foot, difficult road", "foot, good road", "horseback"]
