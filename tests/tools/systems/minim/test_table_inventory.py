"""Inventory tools on a real campaign table."""

from __future__ import annotations

import pytest

from memory.campaign import Campaign
from tools.errors import ToolArgumentError


@pytest.fixture
def camp(tmp_path):
    c = Campaign.new("inv", "minim", seed=9, root=tmp_path)
    c.call("minim_add_random_character", {"name": "Aria"})
    yield c
    c.close()


def test_gain_then_use_up_an_item(camp):
    before = list(camp.state.characters["Aria"]["gear"])
    r = camp.call("minim_gain_item", {"actor": "aria", "item": "Healing potion"})
    assert r.actor == "Aria" and camp.state.characters["Aria"]["gear"][-1]["name"] == "Healing potion"
    camp.call("minim_gain_item", {"actor": "Aria", "item": "Legendary sword", "kind": "weapon", "quality": 2})
    camp.call("minim_lose_item", {"actor": "Aria", "item": "healing POTION"})
    names = [g["name"] for g in camp.state.characters["Aria"]["gear"]]
    assert names == [g["name"] for g in before] + ["Legendary sword"]
    assert camp.replay().ok


def test_unknown_item_lists_the_actor_gear(camp):
    camp.call("minim_gain_item", {"actor": "Aria", "item": "Rope"})
    with pytest.raises(ToolArgumentError, match="Rope"):
        camp.call("minim_lose_item", {"actor": "Aria", "item": "Lantern"})
    with pytest.raises(ToolArgumentError, match="quality"):
        camp.call("minim_gain_item", {"actor": "Aria", "item": "Rope", "quality": 3})
