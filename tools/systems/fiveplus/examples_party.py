"""The sample party of the 5+ system (``RulesSystem.sample_party``): evaluations and tests play on it.

Aria's sheet is written out so a tool-choice line can name her descriptors ('Sneak', 'Sword', 'Fire magic'), her
ability and her items; Brom is rolled; the NPCs carry the data the book gives NPCs (rank, actions, successes to
defeat them)."""

from __future__ import annotations

from typing import Any

from narrator.tools.systems.fiveplus.descriptors import make

ARIA_DESCRIPTORS = [
    {"name": "Improvise", "kind": "skill", "level": 2},
    {"name": "Sneak", "kind": "skill", "level": 4, "tier": 1},
    {"name": "Sword", "kind": "skill", "level": 3},
    {"name": "Bow", "kind": "skill", "level": 2},
    {"name": "Persuade", "kind": "skill", "level": 2},
    {"name": "Lore", "kind": "skill", "level": 2},
    {"name": "Perception", "kind": "skill", "level": 3},
    {"name": "Riding", "kind": "skill", "level": 2},
    {"name": "Lockpicking", "kind": "skill", "level": 3},
    {"name": "Athletics", "kind": "skill", "level": 2},
    {"name": "Medicine", "kind": "skill", "level": 2},
    {"name": "Fire magic", "kind": "skill", "level": 2},
    {"name": "Shield", "kind": "skill", "level": 3, "tier": 0},
    {"name": "Physical", "kind": "resistance", "level": 3, "tier": 1, "counter": 0},
    {"name": "Mental", "kind": "resistance", "level": 2, "counter": 0},
    {"name": "Fatigue", "kind": "resistance", "level": 2, "counter": 0},
    {"name": "Ninja training", "kind": "trait", "modifier": 1, "applies_to": ["Sneak"], "effect": "+1 to sneak"},
    {"name": "Quick-Draw", "kind": "ability", "tier": 1, "skill": "Sword", "cost": 1, "cost_to": "Fatigue",
     "effect": "draw and strike in one motion: a surprise attack"},
    {"name": "Leather armour", "kind": "equipment", "equipped": True, "protects": "Physical", "reduction": 1,
     "effect": "reduces physical damage by 1 on a successful resistance check"},
    {"name": "Healing potion", "kind": "equipment", "uses": 2, "effect": "heals 2 physical damage when drunk"},
    {"name": "Rope", "kind": "equipment", "effect": "thirty feet of good rope"},
    {"name": "Hunting bow", "kind": "equipment", "equipped": True, "required_for": ["Bow"],
     "effect": "a light bow for hunting"},
    {"name": "Short sword", "kind": "equipment", "modifier": 1, "applies_to": ["Sword"],
     "effect": "a well-balanced blade: +1 to Sword while drawn"},
]
SAMPLE_PARTY: list[dict[str, Any]] = [
    {"name": "Aria", "npc": False, "sheet": {"descriptors": {make(d).key: make(d).dump() for d in ARIA_DESCRIPTORS},
                                             "concept": "a ninja-trained scout"}},
    {"name": "Brom", "npc": False},
    {"name": "Guard", "npc": True, "sheet": {"rank": 0, "successes_to_defeat": 3, "actions": ["strike",
                                                                                             "shout for help"],
                                             "goal": "to guard the gate", "behaviour": "calls for help after three "
                                                                                       "turns"}},
    {"name": "Innkeeper", "npc": True, "sheet": {"rank": 0, "successes_to_defeat": 2, "actions": ["haggle"]}},
    {"name": "Wolf", "npc": True, "sheet": {"rank": 0, "successes_to_defeat": 3, "actions": ["bite", "pounce"]}},
]
