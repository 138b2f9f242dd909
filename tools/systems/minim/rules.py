"""Minim's fixed vocabulary and tables, transcribed from ``minim.md`` (the rules data, not the mechanics)."""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

BOOK = "minim"

Trait = Literal["brain", "brawl", "brass"]
TRAITS: tuple[str, ...] = ("brain", "brawl", "brass")

SKILLS_BY_TRAIT: dict[str, tuple[str, ...]] = {
    "brain": ("art", "cure", "knowledge", "security", "technology"),
    "brawl": ("coordination", "fight", "fire", "sports", "stealth"),
    "brass": ("coercion", "communication", "perception", "steering", "survival"),
}
TRAIT_OF_SKILL: dict[str, str] = {s: t for t, skills in SKILLS_BY_TRAIT.items() for s in skills}
Skill = Literal[
    "art", "cure", "knowledge", "security", "technology",
    "coordination", "fight", "fire", "sports", "stealth",
    "coercion", "communication", "perception", "steering", "survival",
]

SKILL_DESCRIPTIONS: dict[str, str] = {
    "art": "creating things; painting; drawing; stone-work; jewelry; repairs; manufacturing; building; assembling; forgery",
    "cure": "medicine; healing; first-aid",
    "knowledge": "wisdom; learning; researching; remembering facts",
    "security": "lock-picking; burglary; arming and disarming traps and security systems and alarms",
    "technology": "operating artifacts, from scrolls and magic-items to computers and robots",
    "coordination": "fine motor-skills and manipulation of objects such as calligraphy or playing musical-instruments",
    "fight": "fighting at close-quarters with a weapon or improvised-weapon or bare-handed; martial arts; grappling",
    "fire": "using missile-attacks at-range like a fire-arm or bow to hit a far-away target",
    "sports": "athletics, acrobatics; balance; running; jumping; reaching; dancing; attacking by throwing objects",
    "stealth": "moving and acting undetected",
    "coercion": "intimidation; bribery; street-smarts; banter",
    "communication": "oratory; barter; socializing; discovering-rumors; detecting-lies",
    "perception": "awareness; readiness; acuity; sight; smell; taste; hearing; touch",
    "steering": "controlling a vehicle or vessel such as a horse; car; ship; plane; space-craft; giant-robot",
    "survival": "interaction with beasts and critters; riding; farming; zoology; herbalism",
}

TRAIT_DESCRIPTIONS: dict[str, str] = {
    "brain": "the intellectual-prowess of the character",
    "brawl": "speed; dexterity; precision",
    "brass": "presence: endurance; mental-fortitude; charm; beauty",
}

SCORE_NAMES: dict[int, str] = {5: "great", 4: "good", 3: "normal", 2: "bad", 1: "terrible"}

OUTCOME_LABELS: dict[int, str] = {
    2: "critical success",
    1: "success",
    0: "neutral",
    -1: "failure",
    -2: "critical failure",
}

CHALLENGE_BY_TIER: dict[int, Fraction] = {
    5: Fraction(100),
    4: Fraction(20),
    3: Fraction(5),
    2: Fraction(1),
    1: Fraction(1, 5),
}

FUMBLES: dict[int, str] = {
    12: "Stunned, cannot act next-turn",
    11: "Falls, -1 penalty to all-actions",
    10: "Disarmed, drops a held or carried item",
    9: "Shaken, pass a brain-test or lose next action",
    8: "Interacts with near-by enemy",
    7: "Interacts with environment",
    6: "Interacts with near-by ally",
    5: "Dodge, target moves-away from attack",
    4: "Disabled, can-not act but can-move next-turn",
    3: "Pinned, can-not move but can-act next-turn",
    2: "Grapples, attacker and target grab each-other",
}

FEATURES: dict[int, str] = {
    1: "Mechanical or magical trap",
    2: "Hidden-reward",
    3: "Brawl or brain test to access a room",
    4: "A combat can be resolved with clever role-play; negotiation or other-wise peacefully",
    5: "A combat has environmental-modifiers",
    6: "One of the rooms holds a key",
}
TRAP_PLACEMENT: dict[int, str] = {
    1: "Guarding a reward",
    2: "With hidden-reward",
    3: "On a combat-room",
    4: "One of the combats is an ambush",
    5: "In an empty-room",
    6: "Hidden in an empty-room",
}
KEY_UNLOCKS: dict[int, str] = {
    1: "Hard-combat and great-rewards",
    2: "Hard-combat and good-rewards",
    3: "All of the floor's rewards",
    4: "Mediocre-rewards",
    5: "Poor-rewards",
    6: "Access to other floor",
}

QUALITY_PRICE: dict[int, int] = {-2: 1, -1: 2, 0: 3, 1: 4, 2: 5}
"""Item quality -> wealth price ("Prices go from 1-wealth for a -2-item to 5-wealth for a +2-one")."""
