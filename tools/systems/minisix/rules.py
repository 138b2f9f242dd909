"""Mini Six's fixed vocabulary and tables, transcribed from ``mini-six.md`` (the rules data, not the mechanics).

The book has no ``#`` headings; its sections are its title-like lines (``memory.rulebooks.is_plain_heading``), and
citations name them exactly as ``split_book`` gives them. Two of them hold text one would not look for there: the
difficulty bands follow the complications inside ``2. Perks``, and mass combat sits under ``Spending Character
Points (CP)`` (its own text is missing from this patchwork), ``Skill Mass Roll`` and ``Damage``.

The skill catalogue. The book says skills sit "under" an attribute and default to it, and names Brawling (Might),
a weapon skill such as Sword/Blade, Dodge, Athletics, Medicine and stamina rolls, but prints no list ("the
following serve as examples" is its spirit throughout). The catalogue below is a suggestive list in that spirit,
each skill under the attribute its activities use; a sheet may hold any other skill with the attribute it falls
under (``custom`` skills), exactly as the book's own "Sword/Blade".
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from narrator.tools.contract import ref

BOOK = "mini-six"

DICE_BASICS = ref(BOOK, "Dice Basics")
CREATION = ref(BOOK, "How to Make a Character")
SKILLS_REF = ref(BOOK, "2. Skills")
PERKS_REF = ref(BOOK, "2. Perks")
DIFFICULTY = PERKS_REF  # the difficulty bands follow the complications, inside "2. Perks"
COMBAT = ref(BOOK, "COMBAT")
MULTIPLE = ref(BOOK, "Multiple Actions")
ATTACKING = ref(BOOK, "Attacking a Target")
STATIC = ref(BOOK, "Static Defenses")
MOVEMENT = ref(BOOK, "Movement")
DEFENCES = ref(BOOK, "Defences")
RESISTING = ref(BOOK, "Resisting Damage")
WOUND_EFFECTS = ref(BOOK, "Wound Level Effects")
MASS = ref(BOOK, "Spending Character Points (CP)")  # the mass-combat rules begin under this heading
MASS_TABLE = ref(BOOK, "Skill Mass Roll")
MASS_DAMAGE = ref(BOOK, "Damage")
HOUSE = CREATION  # Thule's hero points and +1 HP per session are written in "How to Make a Character"

Attribute = Literal["might", "agility", "wit", "charm"]
ATTRIBUTES: tuple[str, ...] = ("might", "agility", "wit", "charm")
ATTRIBUTE_DESCRIPTIONS: dict[str, str] = {
    "might": "physical strength, toughness, and amount of damage dealt when striking unarmed",
    "agility": "aim and coordination",
    "wit": "mental creativity and intelligence",
    "charm": "charisma, resolve, and leadership",
}

SKILLS_BY_ATTRIBUTE: dict[str, tuple[str, ...]] = {
    "might": ("athletics", "brawling", "lifting", "melee", "stamina"),
    "agility": ("dodge", "missile", "throwing", "stealth", "thievery", "riding", "piloting"),
    "wit": ("knowledge", "medicine", "search", "repair", "survival", "magic"),
    "charm": ("persuasion", "con", "command", "intimidation", "willpower", "animal handling"),
}
ATTRIBUTE_OF_SKILL: dict[str, str] = {s: a for a, skills in SKILLS_BY_ATTRIBUTE.items() for s in skills}
Skill = Literal[
    "athletics", "brawling", "lifting", "melee", "stamina",
    "dodge", "missile", "throwing", "stealth", "thievery", "riding", "piloting",
    "knowledge", "medicine", "search", "repair", "survival", "magic",
    "persuasion", "con", "command", "intimidation", "willpower", "animal handling",
]
SKILL_DESCRIPTIONS: dict[str, str] = {
    "athletics": "running; jumping; climbing; swimming; a full run or a sprint",
    "brawling": "striking unarmed; punching; kicking; wrestling; grappling",
    "lifting": "lifting and carrying heavy loads; forcing doors; bending bars; pushing",
    "melee": "fighting with a sword or blade, axe, club, spear or knife in hand",
    "stamina": "endurance; resisting poison, sickness and exhaustion; staying conscious",
    "dodge": "getting out of the way; diving aside; ducking",
    "missile": "shooting a bow, crossbow, sling, pistol or rifle at a target",
    "throwing": "throwing knives, spears, stones and grenades",
    "stealth": "moving unseen and unheard; hiding; shadowing someone",
    "thievery": "picking locks; picking pockets; sleight of hand; disarming traps",
    "riding": "riding and steering horses and other mounts",
    "piloting": "driving, sailing or flying a vehicle",
    "knowledge": "lore; history; languages; legends; recalling facts",
    "medicine": "treating wounds; diagnosing illness; first aid; poisons and cures",
    "search": "noticing details; spotting clues; searching a room; keeping watch",
    "repair": "fixing, building and modifying things; crafting; smithing",
    "survival": "tracking; navigation; foraging; finding shelter in the wild",
    "magic": "casting spells and understanding the occult (needs the Sorcerer perk)",
    "persuasion": "convincing; negotiating; bargaining; diplomacy; haggling",
    "con": "lying; bluffing; disguise; fast talk; deception",
    "command": "leadership; giving orders in battle; rallying people",
    "intimidation": "threatening; frightening; interrogating",
    "willpower": "courage; resisting fear, temptation and mind control",
    "animal handling": "calming, training and commanding animals",
}

WeaponKind = Literal["melee", "brawling", "missile", "throwing"]
WEAPON_SKILLS: dict[str, str] = {"melee": "melee", "brawling": "brawling", "missile": "missile", "throwing": "throwing"}

DIFFICULTIES: dict[str, tuple[int, int | None, int]] = {
    "very easy": (2, 5, 5),
    "easy": (6, 10, 10),
    "moderate": (11, 15, 15),
    "difficult": (16, 20, 20),
    "very difficult": (21, 29, 25),
    "heroic": (30, None, 30),
}
"""Difficulty -> (lowest TN, highest TN or None, the TN the book uses when it names the difficulty): "Moderate
(15)" for the stamina roll, "Easy (10...)", "Difficult (20...)", "Very Difficult (25...)" in the healing table;
"Very Difficult (21-29, average 25)"."""
Difficulty = Literal["very easy", "easy", "moderate", "difficult", "very difficult", "heroic"]
BAND_LABELS: dict[str, str] = {"very easy": "Very Easy (2-5)", "easy": "Easy (6-10)", "moderate": "Moderate (11-15)",
                               "difficult": "Difficult (16-20)", "very difficult": "Very Difficult (21-29)",
                               "heroic": "Heroic (30+)"}
BELOW_BANDS = "below Very Easy (under 2)"

RANGES: dict[str, int] = {"short": 0, "medium": 5, "long": 10}
Range = Literal["short", "medium", "long"]
COVER: dict[str, int | None] = {"none": 0, "50%": 5, "75%": 10, "90%": 15, "100%": None}
Cover = Literal["none", "50%", "75%", "90%", "100%"]
"""Cover -> the TN added; 100% cover cannot be hit."""

OffHand = Literal["none", "weapon", "buckler", "shield"]
OFFHAND_PARRY: dict[str, int] = {"none": 0, "weapon": 1, "buckler": 2, "shield": 4}
SHIELD_BLOCK = 4
HERO_POINT_BONUS = 6
MAX_HERO_POINTS_SPENT = 3  # +6 per HP, max +18

# --- wounds ------------------------------------------------------------------------------------------------------

WOUND_NAMES: dict[int, str] = {0: "unharmed", 1: "wounded", 2: "severely wounded", 3: "incapacitated",
                               4: "mortally wounded", 5: "dead"}
"""Wounds on the sheet -> the wound level ("(1 Wound)" ... "(5 Wounds)"); a stun is half a wound (see damage.py)."""
STUNNED = "stunned"
LEVELS: tuple[str, ...] = ("unharmed", "stunned", "wounded", "severely wounded", "incapacitated", "mortally wounded",
                           "dead")
Level = Literal["unharmed", "stunned", "wounded", "severely wounded", "incapacitated", "mortally wounded", "dead"]
WOUND_PENALTY: dict[int, int] = {0: 0, 1: 1, 2: 2, 3: 3, 4: 0, 5: 0}
"""Dice lost to every action at each wound count: wounded -1D, severely -2D, incapacitated (conscious) -3D."""

MARGIN_BANDS: tuple[tuple[int, int | None, str], ...] = (
    (0, 3, "stunned"), (4, 8, "wounded"), (9, 12, "incapacitated"), (13, 15, "mortally wounded"),
    (16, None, "dead"),
)
"""Damage minus Soak -> the result (``Resisting Damage``; the Soak 12 example: stunned 12-15 ... killed 28+)."""
RESULT_WOUNDS: dict[str, Fraction] = {"stunned": Fraction(1, 2), "wounded": Fraction(1), "incapacitated": Fraction(3),
                                      "mortally wounded": Fraction(4), "dead": Fraction(5)}

NATURAL_HEALING: dict[str, tuple[str, int | None]] = {
    "stunned": ("1 minute", None),
    "wounded": ("3 days", 6),
    "severely wounded": ("3 days", 6),
    "incapacitated": ("2 weeks", 8),
    "mortally wounded": ("5 weeks", 9),
}
"""Level -> (how long natural healing takes, the Might difficulty; None: automatic)."""
ASSISTED_HEALING: dict[str, tuple[str, int, int]] = {
    "stunned": ("Easy", 10, 6),
    "wounded": ("Moderate", 15, 11),
    "severely wounded": ("Moderate", 15, 11),
    "incapacitated": ("Difficult", 20, 16),
    "mortally wounded": ("Very Difficult", 25, 21),
}
"""Level -> (difficulty, TN, TN with a medicine kit)."""
STAMINA_TN = 15
KNOCKOUT_DICE = 10  # "knocked out for 10D minutes"

# --- movement ----------------------------------------------------------------------------------------------------

Move = Literal["walk", "charge", "dash", "charge and dash", "run", "sprint"]
FREE_MOVE = 15

# --- creation ----------------------------------------------------------------------------------------------------

ATTRIBUTE_DICE = 12
SKILL_DICE = 7
SIDEKICK_ATTRIBUTE_DICE = 10
SIDEKICK_SKILL_DICE = 4
MIN_ATTRIBUTE = 2  # dice
MAX_ATTRIBUTE = 4
MAX_SKILL_ADD = 2  # dice added to one skill at creation
MAX_COMPLICATIONS = 2

PERKS: dict[str, int] = {"daredevil": 2, "destiny": 2, "favors": 1, "lucky": 2, "perceptive": 2, "recall": 1,
                         "sidekick": 3, "sorcerer": 3}
"""The book's example perks and their cost in skill dice."""
ONCE_PER_SESSION: tuple[str, ...] = ("daredevil", "destiny", "favors", "lucky", "perceptive")
PERK_TEXT: dict[str, str] = {
    "daredevil": "once per session, throw caution to the wind: dodge, block and parry are halved, and Might is "
                 "doubled when resisting damage, for one round",
    "destiny": "once per session, declare a failed roll is not part of your Destiny and reroll it at once",
    "favors": "once per session, call in a debt: information, a loan of equipment, a place to hide",
    "lucky": "once per session, declare you are feeling lucky: the result of your next roll is doubled",
    "perceptive": "once per session, study an object or situation and the GM may reveal a clue no one else "
                  "could find (if nothing is revealed, it may be used again)",
    "recall": "any time, recall anything you have experienced: the GM must tell the truth in as much detail as "
              "you were aware of",
    "sidekick": "a boon companion: 10D of attributes and 4D of starting skills",
    "sorcerer": "magically sensitive: spells actually work for you, you can cast them",
}
COMPLICATIONS: tuple[str, ...] = ("age", "crazy", "enemies", "personal code", "skeletons in the closet",
                                  "unlucky in love", "unlucky in money")

MASS_TABLE_ROWS: dict[int, int] = {1: 0, 2: 3, 3: 7, 4: 10, 5: 14, 6: 17, 7: 21, 8: 24, 9: 28}
"""The book's Skill Mass Roll table: dice -> the printed base to which the wild die is added."""
SCALES: tuple[tuple[int, int, str], ...] = ((1000, 12, "brigade"), (100, 8, "company"), (10, 4, "squad"))
"""Unit size -> scale dice: squad of 10 +4D, company of 100 +8D, brigade of 1000 +12D."""
