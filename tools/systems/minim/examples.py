"""Worked examples for rulings (``narrator rules``): one small, valid argument set per pure Minim tool.

Each runs with a fixed seed when a question matches the tool, so the same question always shows the same case.
The conformance test checks that every pure tool of the system has one and that it validates.
"""

from __future__ import annotations

from typing import Any

ARIA: dict[str, Any] = {"name": "Aria", "traits": {"brain": 4, "brawl": 3, "brass": 2},
                        "skills": ["cure", "knowledge", "art", "fight", "sports", "steering"], "health": 2,
                        "max_health": 2, "faith": 4, "max_faith": 4, "virtue": "courage", "vice": "greed"}

WORKED_EXAMPLES: dict[str, dict[str, Any]] = {
    "minim_test": {"trait": 3, "skill": "fight", "has_skill": True, "trait_name": "brawl"},
    "minim_attack": {"trait": 3, "skill": "fight", "has_skill": True, "weapon_quality": 1, "armor_quality": -1,
                     "defender_health": 3},
    "minim_fumble": {"victim": "attacker"},
    "minim_initiative": {"combatants": [{"name": "Aria", "brain": 4}, {"name": "Goblins", "brain": 2, "count": 3}]},
    "minim_collaborate": {"tests": [{"trait": 3, "skill": "security", "has_skill": True}, {"trait": 2}]},
    "minim_power": {"power": "fire-ball", "score": 2, "faith": 3},
    "minim_purchase": {"wealth": 3, "quality": 0},
    "minim_recover": {"mode": "mid_action", "brass": 3, "health": 1},
    "minim_surprise": {"trait": 3, "skill": "perception", "has_skill": False, "trait_name": "brass"},
    "minim_linger": {"room": "the crypt"},
    "minim_revisit": {"empty_rooms": [2, 5]},
    "minim_challenge": {"party": [{"tier": 3}, {"tier": 3}], "foes": [{"tier": 2}, {"tier": 2}, {"tier": 2}]},
    "minim_project": {"threshold": 20, "tests": [{"trait": 4, "skill": "technology", "has_skill": True}]},
    "minim_dungeon_floor": {"party": [{"tier": 3, "count": 3}]},
    "minim_character_validate": {"character": {**ARIA, "powers": {"languages": 1, "wealth": 1, "healing": 2,
                                                                  "contacts": 2}}},
    "minim_character_create": {"name": "Aria", "traits": {"brain": 4, "brawl": 3, "brass": 2},
                               "skills": ["cure", "knowledge", "art", "fight", "sports", "steering"],
                               "powers": {"healing": 2, "contacts": 2}, "virtue": "courage", "vice": "greed"},
    "minim_character_random": {"name": "Aria", "concept": "wandering healer"},
    "minim_highlights": {"party": {"Aria": {"faith": 2, "max_faith": 4}, "Brom": {"faith": 3, "max_faith": 3}},
                         "roleplay_vote": "Aria", "action_vote": "Brom", "pass_to": {"Brom": "Aria"}},
    "minim_horizontal_progress": {"character": {**ARIA, "powers": {"languages": 1, "wealth": 1, "fireball": 2,
                                                                    "healing": 2}},
                                  "from_power": "fireball", "to_power": "healing"},
    "minim_vertical_progress": {"character": {**ARIA, "powers": {"languages": 1, "wealth": 1, "healing": 2,
                                                                  "contacts": 2}}, "skill": "perception"},
}
