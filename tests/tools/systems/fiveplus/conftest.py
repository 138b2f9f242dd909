"""A 5+ table for the state-bound tool tests: call tools through the registry and fold their changes."""

from __future__ import annotations

from typing import Any

import pytest

from narrator.tools.dice import Roller
from narrator.tools.systems.fiveplus.descriptors import make
from narrator.tools.systems.fiveplus.sheet import FivePlusCharacter
from narrator.tools.table import PutCharacter, TableState, apply_all


class Table:
    """A live table: ``call`` runs a tool through the registry on the current state and applies its changes."""

    def __init__(self, registry, **options: Any):
        self.registry = registry
        self.state = TableState(system="fiveplus", options=options)

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

    def put(self, name: str, *descriptors: dict[str, Any], npc: bool = False, **fields: Any) -> FivePlusCharacter:
        """Put a character straight on the table (no tool): descriptors as dicts, e.g. {'name': 'Sneak', ...}."""
        c = FivePlusCharacter(name=name, npc=npc, descriptors={make(d).key: make(d) for d in descriptors}, **fields)
        self.state = apply_all(self.state, [PutCharacter(name=name, sheet=c.sheet())])
        return c

    def sheet(self, name: str) -> FivePlusCharacter:
        return FivePlusCharacter.model_validate(self.state.characters[name])

    def d(self, name: str, descriptor: str):
        return self.sheet(name).get(descriptor)

    def conditions(self, name: str) -> list[str]:
        return self.state.conditions.get(name, [])

    def system(self, key: str):
        return self.state.system_state.get(key)


SKILL = {"kind": "skill"}
SCAFFOLD = [{"name": "Improvise", "kind": "skill", "level": 2},
            {"name": "Physical", "kind": "resistance", "level": 3, "tier": 1, "counter": 0}]


@pytest.fixture
def table(registry) -> Table:
    return Table(registry)


@pytest.fixture
def ninja(table) -> Table:
    """The book's sneaking character: sneak (4:1) and the ninja training trait (+1)."""
    table.put("Kage", *SCAFFOLD, {"name": "Sneak", "kind": "skill", "level": 4, "tier": 1},
              {"name": "Ninja training", "kind": "trait", "modifier": 1, "applies_to": ["Sneak"]},
              {"name": "Fatigue", "kind": "resistance", "level": 2, "counter": 0},
              {"name": "Shield", "kind": "skill", "level": 3, "tier": 2})
    return table
