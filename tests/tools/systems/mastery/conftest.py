"""A Mastery table for the state-bound tool tests: call tools through the registry and fold their changes."""

from __future__ import annotations

import pytest

from narrator.tools.dice import Roller
from narrator.tools.systems.mastery.sheet import MasteryCharacter
from narrator.tools.table import Initiative, PutCharacter, SetInitiative, TableState, apply_all

TRAITS = ("agility", "cunning", "fortitude", "intelligence")


class Table:
    """A live table: ``call`` runs a tool through the registry on the current state and applies its changes."""

    def __init__(self, registry, **options):
        self.registry = registry
        self.state = TableState(system="mastery", options=options)

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

    def put(self, name, traits=None, abilities=None, skills=None, health=10, max_health=10, npc=True, gear=(),
            trait_list=TRAITS, **over):
        """Put a character straight on the table (no tool), for setting up a situation."""
        sheet = MasteryCharacter(
            name=name, traits={t: 0 for t in trait_list} | (traits or {}), abilities=abilities or {},
            skills=skills or {}, health=health, max_health=max_health, npc=npc, gear=list(gear), **over)
        self.state = apply_all(self.state, [PutCharacter(name=name, sheet=sheet.model_dump(mode="json"))])
        return sheet

    def fight(self, *order, turn=0, round=1):
        ini = Initiative(active=True, round=round, turn=turn, order=list(order), totals={})
        self.state = apply_all(self.state, [SetInitiative(initiative=ini)])

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
