"""A Mini Six table for the state-bound tool tests: call tools through the registry and fold their changes."""

from __future__ import annotations

import pytest

from narrator.tools.dice import Roller
from narrator.tools.systems.minisix.sheet import MiniSixCharacter
from narrator.tools.table import Initiative, PutCharacter, SetInitiative, TableState, apply_all


class Table:
    """A live table: ``call`` runs a tool through the registry on the current state and applies its changes."""

    def __init__(self, registry, **options):
        self.registry = registry
        self.state = TableState(system="minisix", options=options)

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

    def put(self, name, might="3D", agility="3D", wit="3D", charm="3D", skills=None, gear=(), npc=True, **over):
        """Put a character straight on the table (no tool), for setting up a situation."""
        sheet = MiniSixCharacter(
            name=name, attributes={"might": might, "agility": agility, "wit": wit, "charm": charm},
            skills=skills or {}, gear=list(gear), npc=npc, **over)
        self.state = apply_all(self.state, [PutCharacter(name=name, sheet=sheet.model_dump(mode="json"))])
        return sheet

    def fight(self, *order, turn=0):
        self.state = apply_all(self.state, [SetInitiative(initiative=Initiative(
            active=True, round=1, turn=turn, order=list(order), totals={n: 10 for n in order}))])

    def sheet(self, name) -> dict:
        return self.state.characters[name]

    def conditions(self, name) -> list[str]:
        return self.state.conditions.get(name, [])


@pytest.fixture
def table(registry) -> Table:
    return Table(registry)


@pytest.fixture
def thule_table(registry) -> Table:
    return Table(registry, thule=True)


def skill(attribute: str, code: str) -> dict:
    return {"attribute": attribute, "code": code}


SWORD = {"name": "sword", "kind": "melee", "damage": "+2D"}
KNIFE = {"name": "kitchen knife", "kind": "melee", "damage": "+1D"}
BOW = {"name": "bow", "kind": "missile", "damage": "3D+1"}
CUIRASS = {"name": "leather cuirass", "kind": "armor", "armor": 3}
SHIELD = {"name": "shield", "kind": "shield"}
