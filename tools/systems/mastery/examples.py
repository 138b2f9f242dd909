"""Worked examples for rulings (``narrator rules``) and lessons: one small, valid argument set per pure Mastery tool.

Each runs with a fixed seed when a question matches the tool, so the same question always shows the same case.
The book's own cases are used where it has them: the spiked pit (two successes at Difficult, 4 boxes on
failure) and the tomb guardian's hammer (block or move, 4 boxes).
"""

from __future__ import annotations

from typing import Any

KESTREL: dict[str, Any] = {
    "name": "Kestrel", "traits": {"agility": 2, "cunning": 1, "fortitude": 0, "intelligence": -1},
    "abilities": {"swordsmanship": 3, "stealth": 2}, "skills": {"parrying": 2, "lock-picking": 1},
    "triumphs": 2, "starting_triumphs": 20, "health": 10, "max_health": 10,
}
"""A legal starting character: 2 + 1 trait points (intelligence lowered to -1), 9 + 5 + 3 + 1 = 18 triumphs spent."""

WORKED_EXAMPLES: dict[str, dict[str, Any]] = {
    "mastery_challenge": {"die": 6, "trait": 1, "ability": 2, "skill": 1, "circumstance": 0, "tn": "Normal",
                          "needed": 2, "trait_name": "agility", "ability_name": "athletics",
                          "skill_name": "climbing"},
    "mastery_average": {"die": 6, "trait": 1, "ability": 2, "skill": 1, "tn": "Normal", "trait_name": "agility"},
    "mastery_opposed": {"die": 6, "first": {"name": "Kestrel", "trait": 2, "ability": 2, "trait_name": "agility",
                                            "ability_name": "stealth"},
                        "second": {"name": "Guard", "trait": 1, "skill": 1, "trait_name": "cunning",
                                   "skill_name": "listening"}},
    "mastery_hazard": {"die": 6, "hazard": "spiked pit", "trait": 1, "ability": 2, "tn": "Difficult",
                       "needed": 2, "damage": 4, "health": 10, "trait_name": "agility",
                       "ability_name": "athletics"},
    "mastery_initiative": {"die": 6, "combatants": [
        {"name": "Kestrel", "trait": 2, "tie_trait": 2, "trait_name": "agility"},
        {"name": "Bandit", "trait": 1, "skill": 1, "tie_trait": 1, "trait_name": "agility",
         "skill_name": "quick draw"}]},
    "mastery_attack_roll": {"die": 6, "attacker": {"name": "Kestrel", "trait": 2, "ability": 3,
                                                   "trait_name": "agility", "ability_name": "swordsmanship"},
                            "defender": {"name": "Bandit", "trait": 1, "ability": 2, "skill": 1,
                                         "trait_name": "agility", "ability_name": "brawling",
                                         "skill_name": "dodging"},
                            "weapon": 1, "armor": 1, "defender_health": 10},
    "mastery_bloodbath": {"die": 6, "fighters": [
        {"name": "Kestrel", "action": "attack", "target": "Bandit", "trait": 2, "ability": 3, "weapon": 1,
         "health": 10},
        {"name": "Bandit", "action": "attack", "target": "Kestrel", "trait": 1, "ability": 2, "weapon": 1,
         "armor": 1, "health": 8},
        {"name": "Mira", "action": "flee", "trait": 1, "ability": 1}]},
    "mastery_character_validate": {"character": KESTREL},
    "mastery_character_create": {"name": "Kestrel", "traits": {"agility": 2, "cunning": 1, "intelligence": -1},
                                 "abilities": {"swordsmanship": 3, "stealth": 2},
                                 "skills": {"parrying": 2, "lock-picking": 1}},
    "mastery_character_random": {"name": "Kestrel", "concept": "a wandering thief"},
    "mastery_cost": {"kind": "skill", "start": 1, "end": 4},
    "mastery_advance": {"character": KESTREL, "kind": "skill", "name": "lock-picking",
                        "learning": {"trait": "cunning", "skill": "lock-picking", "tn": "Normal", "needed": 1}},
    "mastery_health_boxes": {"base": 5, "trait": 1, "trait_name": "fortitude"},
}
