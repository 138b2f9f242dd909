"""Worked examples for rulings (``narrator rules``) and ``/learn``: one valid argument set per pure 5+ tool, taken
from the rulebook's own examples where it has one. Each runs with a fixed seed; the conformance test checks that
every pure tool has one and that it validates."""

from __future__ import annotations

from typing import Any

from narrator.tools.systems.fiveplus.cards import FULL_DECK

HAND = ["4H", "9C", "QS"]

SNEAK = {"level": 4, "damage": 0, "modifier": 0, "rank": 2, "tier": 1, "descriptor": "sneak"}
"""The sneaking example of #3.1: sneak(4:1), ninja training +1, guards on alert -1, rank 2: range 7-9."""

WORKED_EXAMPLES: dict[str, dict[str, Any]] = {
    "fiveplus_check": SNEAK,
    "fiveplus_level_table": {},
    "fiveplus_descriptor": {"notation": "Fire magic (5:1+2) – you can cast fire spells"},
    "fiveplus_character_create": {"name": "Aria", "method": "buy", "points": 30,
                                  "skills": {"Sneak": 4, "Sword": 2, "Persuade": 2},
                                  "resistances": {"Physical": 3, "Mental": 2, "Fatigue": 2},
                                  "traits": ["Ninja training +1 sneak"]},
    "fiveplus_character_random": {"name": "Brom", "concept": "a travelling mercenary"},
    "fiveplus_turn": {"actions": 2, "resisting": 1, "move": False},
    "fiveplus_help_bonus": {"mode": "everyone", "check": {"level": 3, "modifier": 1, "descriptor": "feint"}},
    "fiveplus_failure": {"total": 10, "lower": 5, "upper": 8, "kind": "reduced", "effect": 3},
    "fiveplus_resistance_damage": {"resistance": {"name": "Physical", "counter": 0, "level": 6, "tier": 1},
                                   "amount": 7, "wound": "burned"},
    "fiveplus_condition": {"condition": {"name": "Poisoned", "level": 3, "tier": 2},
                           "treatment": {"level": 3, "modifier": 1, "descriptor": "medicine"},
                           "resistance": {"level": 3, "descriptor": "Physical"}},
    "fiveplus_recovery": {"counter": 3, "mode": "check", "check": {"level": 3, "modifier": 1, "descriptor":
                                                                   "medicine"}, "supplies": True},
    "fiveplus_practice_roll": {"descriptors": [{"name": "shield", "level": 3, "tier": 2},
                                               {"name": "sword", "level": 3, "tier": 1}], "roll_for": 0},
    "fiveplus_stakes": {"check": {"level": 3, "modifier": 1, "descriptor": "sword"}, "first": [5, 6],
                        "fatigue": {"name": "Fatigue", "counter": 0, "level": 2, "tier": 0}},
    "fiveplus_ability": {"ability": "Quick-Draw", "check": {"level": 4, "tier": 1, "modifier": 1,
                                                            "descriptor": "sword"},
                         "cost": 1, "pays": {"name": "Fatigue", "counter": 0, "level": 2, "tier": 0}},
    "fiveplus_challenge": {"challenge": {"name": "Convince the commander", "target": 8, "successes": 5,
                                         "turn_limit": 4, "turns": 2}, "success": True, "successes": 3,
                           "new_turn": True},
    "fiveplus_default_challenge": {"key_levels": [4, 3, 3]},
    "fiveplus_npc_action": {"rank": 1, "response": "defend", "check": {"level": 3, "rank": 1, "modifier": 1,
                                                                      "descriptor": "shield"},
                            "resistance": {"name": "Physical", "counter": 1, "level": 3, "tier": 1}},
    "fiveplus_deck_deal": {"players": ["Aria", "Brom"], "hand_size": 4},
    "fiveplus_deck_play": {"state": {"deck": [c for c in FULL_DECK if c not in HAND], "discard": [],
                                     "hands": {"Aria": HAND},
                                     "seats": ["Aria"], "table": [], "hand_size": 3, "dealt": True},
                           "player": "Aria"},
}
