"""Evidence for the narration tests: real Minim results from a seeded campaign (no model), and helpers."""

from __future__ import annotations

import pytest

from narrator.memory.campaign import Campaign
from narrator.agent.evidence import Evidence
from narrator.agent.turn import effects_of
from narrator.tools.systems import get_system


@pytest.fixture
def table(tmp_path):
    c = Campaign.new("narration test", "minim", seed=42, root=tmp_path)
    c.call("minim_add_random_character", {"name": "Kit"})
    c.call("minim_add_npc", {"name": "Guard", "concept": "a bored town guard", "tier": 2})
    c.call("table_set_scene", {"text": "The fog-bound docks at night. A cargo has gone missing."})
    yield c
    c.close()


def evidence_of(campaign, tool, result, before, actor="Kit") -> Evidence:
    return Evidence(((tool, result),), tuple(effects_of(before, tool, result)), get_system("minim").vocabulary(),
                    "minim", actor, tuple(campaign.state.characters))


def nothing(actor: str = "Kit") -> Evidence:
    return Evidence.none("minim", get_system("minim").vocabulary(), actor, ("Kit", "Guard"))
