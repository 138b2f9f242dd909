"""A Brew table for the state-bound tool tests: call tools through the registry and fold their changes."""

from __future__ import annotations

import pytest

from narrator.tools.dice import Roller
from narrator.tools.systems.brew.sheet import BrewCharacter
from narrator.tools.table import PutCharacter, TableState, apply_all


class Table:
    """A live table: ``call`` runs a tool through the registry on the current state and applies its changes."""

    def __init__(self, registry, **options):
        self.registry = registry
        self.state = TableState(system="brew", options=options)

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

    def put(self, name, npc=True, attributes=None, skills=None, **over):
        """Put a character straight on the table (no tool), for setting up a situation."""
        attrs = {"power": 2, "precision": 2, "speed": 2, "perception": 2, "wits": 2, "charisma": 2,
                 **(attributes or {})}
        data = {"name": name, "npc": npc, "attributes": attrs, "skills": skills or {}, "health": 10,
                "max_health": 10, "resolve": 0 if npc else 5, "max_resolve": 0 if npc else 5, **over}
        sheet = BrewCharacter.model_validate(data)
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


@pytest.fixture
def make_table(registry):
    return lambda **options: Table(registry, **options)
