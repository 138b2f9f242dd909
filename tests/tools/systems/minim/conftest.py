"""A Minim table for the state-bound tool tests: call tools through the registry and fold their changes."""

from __future__ import annotations

import pytest

from narrator.tools.dice import Roller
from narrator.tools.systems.minim.sheet import MinimCharacter
from narrator.tools.table import PutCharacter, TableState, apply_all


class Table:
    """A live table: ``call`` runs a tool through the registry on the current state and applies its changes."""

    def __init__(self, registry):
        self.registry = registry
        self.state = TableState(system="minim")

    def call(self, name, args, faces=None, seed=0, apply=True):
        roller = Roller.scripted(faces) if faces is not None else Roller(seed)
        before = self.state
        result = self.registry.call(name, args, roller, self.state)
        assert self.state == before, "a tool must not change the table itself"
        if faces is not None:
            assert roller.remaining_script == (), f"test supplied unused dice: {roller.remaining_script}"
        if apply:
            self.state = apply_all(self.state, result.changes)
        return result

    def put(self, name, brain=2, brawl=3, brass=4, skills=(), health=None, faith=None, gear=(), powers=None, **over):
        """Put a narrator-character straight on the table (no tool), for setting up a situation."""
        sheet = MinimCharacter(
            name=name, traits={"brain": brain, "brawl": brawl, "brass": brass}, skills=list(skills),
            health=brass if health is None else health, max_health=brass,
            faith=brain if faith is None else faith, max_faith=brain, npc=True, gear=list(gear),
            powers=powers or {}, **over,
        )
        self.state = apply_all(self.state, [PutCharacter(name=name, sheet=sheet.model_dump(mode="json"))])
        return sheet

    def sheet(self, name) -> dict:
        return self.state.characters[name]

    def conditions(self, name) -> list[str]:
        return self.state.conditions.get(name, [])

    def set(self, **fields):
        self.state = self.state.model_copy(update=fields)


@pytest.fixture
def table(registry) -> Table:
    return Table(registry)


HERO = {
    # the rulebook's warrior: brawl 3 with the fight skill (target 4), carrying a +1 sword
    "name": "Hero", "concept": "a wandering swordsman",
    "traits": {"brain": 2, "brawl": 3, "brass": 4},
    "skills": ["perception", "coercion", "survival", "fight", "sports", "art"],
    "powers": {"fireball": 2, "wealth": 2},
    "virtue": "courage", "vice": "pride",
    "gear": [{"name": "sword", "kind": "weapon", "quality": 1}],
}


@pytest.fixture
def hero_args() -> dict:
    return {k: (v.copy() if isinstance(v, (dict, list)) else v) for k, v in HERO.items()}
