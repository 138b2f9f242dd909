"""Static defences and the TN: the book's Sir Baelen and Soak 12 examples verbatim, shields, range and cover."""

from __future__ import annotations

import pytest

from narrator.tools.errors import ToolArgumentError


def test_sir_baelen_parry_16(call):
    """"Sir Baelen has a Sword/Blade skill of 5D+1. His static Parry score would become 16 ((5 x 3)+1)." """
    r = call("minisix_static_defence", {"kind": "parry", "code": "5D+1"})
    assert r.value == 16 and r.base == 16
    assert r.rule_refs == ["mini-six.md#Static Defenses"]


def test_soak_of_might_3d_and_a_leather_cuirass_is_12(call):
    """"Eg a PC with Might 3D and leather cuirass has Soak 3x3=9+3=12." """
    r = call("minisix_static_defence", {"kind": "soak", "code": "3D", "armor": 3})
    assert r.value == 12 and r.parts == {"armor": 3}


@pytest.mark.parametrize("kind,offhand,value", [
    ("block", "shield", 13), ("parry", "shield", 13), ("parry", "buckler", 11), ("parry", "weapon", 10),
    ("block", "buckler", 9), ("block", "weapon", 9), ("dodge", "shield", 9), ("soak", "shield", 9)])
def test_shields_and_off_hand_weapons(call, kind, offhand, value):
    """"Shields add +4 to Block/Parry, not to Soak. An offhand ... dagger ... adds +1 to Parry. An offhand buckler
    adds +2 to Parry." """
    assert call("minisix_static_defence", {"kind": kind, "code": "3D", "offhand": offhand}).value == value


def test_armor_adds_to_soak_only(call):
    with pytest.raises(ToolArgumentError, match="Soak only"):
        call("minisix_static_defence", {"kind": "parry", "code": "3D", "armor": 3})


def test_hero_points_add_six_each_and_daredevil_halves(call):
    assert call("minisix_static_defence", {"kind": "dodge", "code": "3D", "hero_points": 3}).value == 9 + 18
    assert call("minisix_static_defence", {"kind": "parry", "code": "5D+1", "daredevil": True}).value == 8
    assert call("minisix_static_defence", {"kind": "soak", "code": "3D", "armor": 3,
                                           "daredevil": True}).value == 18 + 3


@pytest.mark.parametrize("rng,cover,tn", [("short", "none", 16), ("medium", "none", 21), ("long", "50%", 31),
                                          ("short", "75%", 26), ("medium", "90%", 36)])
def test_range_and_cover_add_to_the_tn(call, rng, cover, tn):
    r = call("minisix_attack_tn", {"defence": 16, "ranged": True, "range": rng, "cover": cover})
    assert r.tn == tn and r.possible


def test_a_target_behind_full_cover_cannot_be_hit(call):
    r = call("minisix_attack_tn", {"defence": 12, "cover": "100%"})
    assert r.tn is None and not r.possible


def test_missiles_are_blocked_or_parried_only_with_a_shield(call):
    with pytest.raises(ToolArgumentError, match="only be blocked or parried with a shield"):
        call("minisix_attack_tn", {"defence": 13, "defence_kind": "parry", "ranged": True})
    assert call("minisix_attack_tn", {"defence": 13, "defence_kind": "parry", "ranged": True,
                                      "shield": True}).tn == 13
    assert call("minisix_attack_tn", {"defence": 13, "defence_kind": "parry", "range": "long"}).tn == 13  # melee
