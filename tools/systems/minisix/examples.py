"""Worked examples for rulings (``narrator rules``) and lessons: one valid argument set per pure Mini Six tool,
mostly the book's own cases (Sir Baelen's Parry, the Soak 12 character, the ten soldiers, the elite gunners).

Each runs with a fixed seed when a question matches the tool; the conformance test checks that every pure tool of
the system has one, that it validates, and that every section it cites exists.
"""

from __future__ import annotations

from typing import Any

BAELEN: dict[str, Any] = {
    "name": "Sir Baelen", "concept": "a knight errant",
    "attributes": {"might": "3D+1", "agility": "3D+2", "wit": "2D", "charm": "3D"},
    "skills": {"sword/blade": {"attribute": "might", "code": "5D+1"},
               "dodge": {"attribute": "agility", "code": "4D+2"}},
    "perks": {"destiny": 2}, "complications": ["personal code"],
    "gear": [{"name": "sword", "kind": "melee", "damage": "+2D", "skill": "sword/blade"},
             {"name": "leather cuirass", "kind": "armor", "armor": 3}],
}

WORKED_EXAMPLES: dict[str, dict[str, Any]] = {
    "minisix_roll": {"code": "3D+1", "tn": 12, "extra_actions": 0},
    "minisix_dice_code": {"code": "3D+2", "add": ["1D+1"]},
    "minisix_static_defence": {"kind": "parry", "code": "5D+1"},
    "minisix_attack_tn": {"defence": 16, "defence_kind": "dodge", "ranged": True, "range": "medium", "cover": "50%"},
    "minisix_dodge": {"code": "4D", "static_dodge": 12, "mode": "full"},
    "minisix_move": {"mode": "run", "athletics": "3D+1"},
    "minisix_initiative": {"combatants": [{"name": "Sir Baelen", "agility": "3D+2"},
                                          {"name": "Bandit", "agility": "2D+1"}]},
    "minisix_damage": {"damage": "5D", "soak": 12},
    "minisix_wound_effects": {"level": "severely wounded"},
    "minisix_stay_conscious": {"code": "3D+1"},
    "minisix_death_roll": {"code": "3D", "minutes": 4},
    "minisix_natural_healing": {"code": "3D", "level": "wounded"},
    "minisix_assisted_healing": {"code": "4D", "level": "incapacitated", "kit": True},
    "minisix_mass_table": {"code": "4D"},
    "minisix_mass_attack": {"attackers": 10, "code": "4D", "tn": 15},
    "minisix_mass_casualties": {"wounds": 24, "incapacitating": 3},
    "minisix_mass_damage": {"hits": 6, "damage": "5D", "soak": 12},
    "minisix_unit_scale": {"attacker_size": 100, "defender_size": 10, "code": "4D", "tn": 15},
    "minisix_character_validate": {"character": BAELEN, "creation": True},
    "minisix_character_create": {
        "name": "Tess", "concept": "a wandering healer",
        "attributes": {"might": "2D+1", "agility": "3D", "wit": "4D", "charm": "2D+2"},
        "skills": {"medicine": "+2D", "search": "+1D", "dodge": "+1D", "persuasion": "+1D"},
        "perks": ["lucky"], "complications": ["enemies"]},
    "minisix_character_random": {"name": "Tess", "concept": "a wandering healer"},
}
