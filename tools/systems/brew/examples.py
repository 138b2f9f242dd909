"""Worked examples for rulings (``narrator rules``) and ``/learn``: one valid argument set per pure Brew tool, the
book's own cases where it has them (Shaggy Pete's lasso, Pete and Marlo at the bars, the punch, Xuan Fengyin's
healing, Bertha in the desert and in hospital, Jenny's lasting injury, Shania's specialties)."""

from __future__ import annotations

from typing import Any

SHANIA: dict[str, Any] = {
    "name": "Shania", "concept": "carer turned pop musician",
    "attributes": {"power": 2, "precision": 2, "speed": 2, "perception": 3, "wits": 3, "charisma": 3},
    "skills": {"medicine": 3, "performance": 2, "interaction": 3},
    "specialties": [{"name": "Geriatric Care", "skill": "medicine", "source": "free"},
                    {"name": "Pop Musician", "skill": "performance", "source": "bought"}],
    "tricks": ["Winning Arguments"], "flaws": ["Thin Face"], "health": 10, "max_health": 10, "resolve": 5,
    "max_resolve": 5,
}
PETE = {"name": "Shaggy Pete", "attribute": 2, "skill": 3, "attribute_name": "power"}
MARLO = {"name": "Marlo the Monk", "attribute": 2, "skill": 2, "attribute_name": "precision"}

WORKED_EXAMPLES: dict[str, dict[str, Any]] = {
    "brew_check": {"attribute": 2, "skill": 3, "difficulty": 8, "bonus": 0, "specialty": False,
                   "attribute_name": "precision"},
    "brew_reroll": {"attribute": 2, "skill": 2, "difficulty": 8, "previous_die": 3, "resolve": 5,
                    "attribute_name": "wits"},
    "brew_chance_roll": {"total": 9, "difficulty": 8, "time": "bullet"},
    "brew_contest": {"a": {"name": "Sugar sculptor", "attribute": 3, "skill": 2, "attribute_name": "precision"},
                     "b": {"name": "Pie baker", "attribute": 2, "skill": 3, "attribute_name": "wits"}},
    "brew_collaborate": {"participants": [{"name": "Shaggy Pete", "pool": 4}, {"name": "Marlo the Monk", "pool": 3}],
                         "difficulty": 10, "mode": "consecutive", "minutes_per_roll": 15},
    "brew_initiative": {"combatants": [{"name": "Marlo", "speed": 3}, {"name": "Pete", "speed": 3},
                                       {"name": "Cranky Ted", "speed": 2}]},
    "brew_attack": {"attacker": PETE, "weapon": {"attack_type": "unarmed"}, "defender": MARLO, "armor_soak": 1},
    "brew_throw": {"attribute": 3, "athletics": 2, "distance_m": 20},
    "brew_chase": {"chaser": {"name": "Deputy", "speed": 3, "power": 3},
                   "quarry": {"name": "Horse thief", "speed": 4, "power": 2}},
    "brew_fight_exhaustion": {"power": 2, "rounds": 4},
    "brew_damage": {"health": 3, "amount": 4, "power": 2, "absorb": 5},
    "brew_heal_roll": {"method": "magic", "attribute": 3, "skill": 3, "attribute_name": "perception",
                       "patient_health": 4},
    "brew_rest": {"hours": 2, "health": 4, "rules": "simplified"},
    "brew_stabilise": {"attribute": 3, "skill": 3, "attribute_name": "wits", "patient_health": -2,
                       "patient_power": 4},
    "brew_recovery": {"health": 1, "power": 4, "stabilising_days": 6, "care": [True] * 8},
    "brew_illness": {"power": 3, "survival": 1, "infectiousness": 8},
    "brew_deprivation": {"days": 3, "water": "meagre", "food": "meagre", "health": 10},
    "brew_sleep": {"mode": "hard", "day": 2, "power": 3, "survival": 2},
    "brew_exhaustion": {"level": 1},
    "brew_weather": {"power": 4, "survival": 3, "hours": 5},
    "brew_load": {"power": 3, "carried_kg": 24},
    "brew_movement": {"mode": "sprint", "speed": 3, "seconds": 9},
    "brew_travel": {"mode": "horseback", "distance_km": 45},
    "brew_cast": {"attribute": 3, "skill": 1, "field": "odds", "difficulty": 8, "mana": 3,
                  "attribute_name": "perception"},
    "brew_mana": {"method": "timed", "mana": 1, "max_mana": 3, "hours_since_use": [3, 1], "interval_hours": 2},
    "brew_flaw_roll": {"flaw": "thin face", "wits": 2, "performance": 1},
    "brew_character_validate": {"character": SHANIA},
    "brew_character_create": {"name": "Shania", "attributes": {"perception": 3, "wits": 3, "charisma": 3,
                                                               "power": 2, "precision": 2, "speed": 2},
                              "skills": {"medicine": 3, "performance": 2, "interaction": 3},
                              "specialty": {"name": "Geriatric Care", "skill": "medicine"},
                              "second_specialty": {"name": "Pop Musician", "skill": "performance"},
                              "tricks": ["Winning Arguments"], "flaws": ["Thin Face"]},
    "brew_character_random": {"name": "Tess", "concept": "wandering healer"},
    "brew_xp_cost": {"advance": "specialty", "score": 3},
    "brew_advance": {"character": {**SHANIA, "xp": 12}, "advance": "skill", "trait": "medicine"},
    "brew_regress": {"character": SHANIA, "agreed": 2, "lower": {"charisma": 1, "performance": 1}},
}
