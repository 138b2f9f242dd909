"""Inventory tools on a real campaign table."""

from __future__ import annotations

import pytest

from narrator.memory.campaign import Campaign
from narrator.tools.dice import Roller
from narrator.tools.errors import ToolArgumentError
from narrator.tools.phrases import steps_of


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


def test_the_dungeons_magic_item_lands_on_a_sheet_and_works_like_a_power(camp):
    """"Magic-items are a great-choice, with one-item per-floor as a good base-line, its score equal to the
    player's median-tier"; "Many items work exactly like powers with their own power-scores"."""
    floor = camp.registry.call("minim_dungeon_floor", {"party": [{"tier": 3}, {"tier": 3}, {"tier": 4}]}, Roller(4))
    item = floor.reward.item
    assert (item.kind, item.power) == ("item", floor.reward.score) == ("item", 3)
    camp.call("minim_gain_item", {"actor": "Aria", "item": item.name, "kind": item.kind, "power": item.power})
    assert camp.state.characters["Aria"]["gear"][-1] == {"name": "magic item", "kind": "item", "quality": 0,
                                                         "power": 3}
    faith = camp.state.characters["Aria"]["faith"]
    while camp.state.characters["Aria"]["faith"] == faith:  # the seed decides when it activates
        r = camp.call("minim_use_power", {"actor": "Aria", "power": "Magic Item"})
        assert r.score == 3 and r.item is not None and "minim.md#Advancement" in r.rule_refs
    assert r.outcome == "activated" and camp.state.characters["Aria"]["faith"] == faith - 1
    assert camp.replay().ok


def test_an_expendable_item_is_used_up_when_it_activates(camp):
    """"Items can also be expendable (like an invisibility-potion or a grenade)"."""
    r = camp.call("minim_gain_item", {"actor": "Aria", "item": "invisibility potion", "power": 5, "expendable": True})
    assert "working like a power with score 5, used up when it activates" in steps_of(r)[0]
    while any(g["name"] == "invisibility potion" for g in camp.state.characters["Aria"]["gear"]):
        r = camp.call("minim_use_power", {"actor": "Aria", "power": "invisibility potion"})
    assert r.outcome == "activated" and "invisibility potion is used up and leaves Aria's gear." in steps_of(r)
    with pytest.raises(ToolArgumentError, match="unknown power 'invisibility potion'"):
        camp.call("minim_use_power", {"actor": "Aria", "power": "invisibility potion"})
    with pytest.raises(ToolArgumentError, match="power"):
        camp.call("minim_gain_item", {"actor": "Aria", "item": "Wand", "power": 6})
