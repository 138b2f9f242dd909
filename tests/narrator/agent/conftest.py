"""A real campaign (SQLite under tmp_path) with two PCs and an NPC in zones, for the agent's unit tests."""

from __future__ import annotations

import pytest

from narrator.memory.campaign import Campaign


@pytest.fixture
def campaign(tmp_path):
    c = Campaign.new("agent test", "minim", seed=42, root=tmp_path)
    c.call("minim_add_random_character", {"name": "Aria"})
    c.call("minim_add_random_character", {"name": "Brom"})
    c.call("minim_add_npc", {"name": "Guard", "concept": "a bored town guard", "tier": 3})
    c.call("table_set_zones", {"zones": ["gate", "courtyard", "tower"]})
    for who in ("Aria", "Brom", "Guard"):
        c.call("table_move", {"actor": who, "zone": "gate"})
    c.call("table_set_scene", {"text": "The castle gate at dusk."})
    yield c
    c.close()
