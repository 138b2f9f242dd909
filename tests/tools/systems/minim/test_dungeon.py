"""minim_dungeon_floor, minim_linger, minim_revisit: scripted floors, every table row, exact spreads and odds."""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from narrator.tools.dice import DieFlag, Roller
from narrator.tools.errors import ToolArgumentError
from narrator.tools.registry import default_registry
from narrator.tools.systems.minim.dungeon import lower_median, spread
from narrator.tools.phrases import steps_of, summary_of

# minim.md#Creating floors, typed here independently of rules.py.
FEATURE_TABLE = {
    1: "Mechanical or magical trap",
    2: "Hidden-reward",
    3: "Brawl or brain test to access a room",
    4: "A combat can be resolved with clever role-play; negotiation or other-wise peacefully",
    5: "A combat has environmental-modifiers",
    6: "One of the rooms holds a key",
}
TRAP_TABLE = {
    1: "Guarding a reward", 2: "With hidden-reward", 3: "On a combat-room",
    4: "One of the combats is an ambush", 5: "In an empty-room", 6: "Hidden in an empty-room",
}
KEY_TABLE = {
    1: "Hard-combat and great-rewards", 2: "Hard-combat and good-rewards", 3: "All of the floor's rewards",
    4: "Mediocre-rewards", 5: "Poor-rewards", 6: "Access to other floor",
}
TIER_CHALLENGE = {5: Fraction(100), 4: Fraction(20), 3: Fraction(5), 2: Fraction(1), 1: Fraction(1, 5)}
FIVE_TIER_4 = {"party": [{"tier": 4, "count": 5}]}  # challenge 100, "5 tier-4 characters have a challenge of 100"


def test_scripted_floor_with_rerolls_spread_features_and_reward(call):
    faces = [2, 3,  # rooms 2d6 = 5
             4,  # combats d6 = 4
             3,  # features d3 = 3
             2, 2, 5, 1, 5, 4,  # combat rooms on d5: 2, (2 again: reroll), 5, 1, (5 again: reroll), 4
             1, 2, 3, 4,  # challenge weights, out of 10
             3,  # reward room d5
             1, 5,  # feature 1: trap, in an empty-room -> the only empty room, no die
             6, 3, 2,  # feature 2: key unlocking all rewards, any room: d5 = 2
             5, 4]  # feature 3: environmental modifiers, combat rooms [1, 2, 4, 5]: d4 = 4 -> room 5
    r = call("minim_dungeon_floor", FIVE_TIER_4, faces=faces)
    assert [d.face for d in r.dice] == faces
    assert [i for i, d in enumerate(r.dice) if d.has(DieFlag.REROLLED)] == [5, 8]
    assert [d.sides for d in r.dice[4:10]] == [5] * 6
    assert len(r.rooms) == 5 and r.combats == 4
    kinds = {room.number: room.kind for room in r.rooms}
    assert kinds == {1: "combat", 2: "combat", 3: "empty", 4: "combat", 5: "combat"}
    share = {room.number: room.challenge_exact for room in r.rooms}
    assert share == {1: "30", 2: "10", 3: None, 4: "40", 5: "20"}  # 100 × 3/10, 1/10, -, 4/10, 2/10
    assert r.party_challenge_exact == "100"
    assert r.reward.score == 4 and r.reward.room == 3
    assert [room.number for room in r.rooms if room.reward] == [3]
    assert [(f.roll, f.sub_roll, f.room) for f in r.features] == [(1, 5, 3), (6, 3, 2), (5, None, 5)]
    assert r.features[0].text == "Mechanical or magical trap: In an empty-room"
    assert r.features[1].text == "One of the rooms holds a key that unlocks: All of the floor's rewards"
    assert r.rooms[4].features == ["A combat has environmental-modifiers"]
    assert r.rule_refs == ["minim.md#Dungeons", "minim.md#Creating floors", "minim.md#Challenge"]
    assert "Rooms: 2d6 = 2 + 3 = 5" in steps_of(r)
    assert "Combat 2: d5 = 2, already a combat room → reroll" in steps_of(r)
    assert "Room 4 combat: 4/10 × 100 = challenge 40" in steps_of(r)


def test_combats_are_capped_at_the_rooms_and_empty_room_traps_fall_back_to_any_room(call):
    faces = [1, 1,  # 2 rooms
             6,  # 6 combats, capped at 2
             1,  # 1 feature
             1, 1, 2,  # combat rooms on d2: 1, (1 again), 2
             6, 6,  # equal weights
             2,  # reward room
             1, 6, 1]  # trap hidden in an empty-room; no room is empty -> all rooms, d2 = 1
    r = call("minim_dungeon_floor", {"party": [{"tier": 1}]}, faces=faces)
    assert r.combats == 2 and [room.kind for room in r.rooms] == ["combat", "combat"]
    assert [room.challenge_exact for room in r.rooms] == ["1/10", "1/10"]  # 1/5 split in two
    assert r.features[0].room == 1 and r.features[0].detail == "Hidden in an empty-room"
    assert "Combats: d6 = 6, capped at the 2 rooms → 2" in steps_of(r)


def test_a_lone_combat_takes_the_whole_challenge_without_a_weight_die(call):
    faces = [6, 6, 1, 1, 7, 12, 2, 5]  # 12 rooms, 1 combat in room 7, reward in room 12, hidden reward in room 5
    r = call("minim_dungeon_floor", FIVE_TIER_4, faces=faces)
    assert [(room.number, room.challenge_exact) for room in r.rooms if room.kind == "combat"] == [(7, "100")]
    assert r.reward.room == 12 and r.features[0].feature == "Hidden-reward" and r.features[0].room == 5
    assert [d.sides for d in r.dice] == [6, 6, 6, 3, 12, 12, 6, 12]


def _minimal_floor_faces(feature: int, sub: int | None) -> tuple[list[int], int]:
    """3 rooms, combat in room 1, reward in room 2, empty rooms 2 and 3; returns faces and the expected room."""
    faces = [1, 2, 1, 1, 1, 2, feature] + ([sub] if sub is not None else [])
    combat_type = feature in (4, 5) or (feature == 1 and sub in (3, 4))
    if feature == 1 and sub == 1:
        return faces, 2  # guarding the reward: the reward's room, no die
    if combat_type:
        return faces, 1  # the only combat room, no die
    if feature == 1 and sub in (5, 6):
        return faces + [2], 3  # empty rooms [2, 3], d2 = 2
    return faces + [3], 3  # any of [1, 2, 3], d3 = 3


ROWS = [(f, None) for f in (2, 3, 4, 5)] + [(1, s) for s in range(1, 7)] + [(6, s) for s in range(1, 7)]


@pytest.mark.parametrize("feature,sub", ROWS)
def test_every_feature_and_sub_table_row_is_reachable(call, feature, sub):
    faces, room = _minimal_floor_faces(feature, sub)
    r = call("minim_dungeon_floor", {"party": [{"tier": 3}]}, faces=faces)
    (f,) = r.features
    assert f.roll == feature and f.feature == FEATURE_TABLE[feature]
    assert f.sub_roll == sub
    assert f.detail == {1: TRAP_TABLE, 6: KEY_TABLE}.get(feature, {}).get(sub)
    assert f.room == room
    assert f.text in r.rooms[room - 1].features


def test_room_odds_are_2d6_by_hand(call):
    r = call("minim_dungeon_floor", FIVE_TIER_4, seed=4)
    counts = {}
    for a, b in product(range(1, 7), repeat=2):
        counts[a + b] = counts.get(a + b, 0) + 1
    assert r.room_odds.exact == {str(k): str(Fraction(v, 36)) for k, v in sorted(counts.items())}
    assert r.room_odds.exact["7"] == "1/6" and r.room_odds.exact["2"] == "1/36"
    assert sum(r.room_odds.distribution.values()) == pytest.approx(1)


def test_combat_odds_are_d6_capped_at_2d6_by_hand(call):
    r = call("minim_dungeon_floor", FIVE_TIER_4, seed=4)
    counts = {}
    for a, b, c in product(range(1, 7), repeat=3):
        k = min(c, a + b)
        counts[k] = counts.get(k, 0) + 1
    assert {k: Fraction(v) for k, v in r.combat_odds.exact.items()} == {
        str(k): Fraction(v, 216) for k, v in counts.items()
    }
    assert r.combat_odds.exact["6"] == "13/108"  # c = 6 and a + b >= 6: 26 of 216


def test_same_seed_same_floor_different_seeds_differ(call):
    party = {"party": [{"traits": [4, 3, 2], "count": 4}, {"tier": 5}]}
    first = call("minim_dungeon_floor", party, seed=11).model_dump_json()
    assert call("minim_dungeon_floor", party, seed=11).model_dump_json() == first
    others = {call("minim_dungeon_floor", party, seed=s).model_dump_json() for s in range(12, 17)}
    assert first not in others and len(others) == 5


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**9), st.lists(st.tuples(st.integers(1, 5), st.integers(1, 30)), min_size=1, max_size=6))
def test_generated_floors_keep_their_invariants(seed, party):
    r = default_registry().call(
        "minim_dungeon_floor", {"party": [{"tier": t, "count": c} for t, c in party]}, Roller(seed)
    )
    total = sum((TIER_CHALLENGE[t] * c for t, c in party), Fraction(0))
    combat = [room for room in r.rooms if room.kind == "combat"]
    assert 2 <= len(r.rooms) <= 12 and 1 <= r.combats <= min(6, len(r.rooms)) and 1 <= len(r.features) <= 3
    assert [room.number for room in r.rooms] == list(range(1, len(r.rooms) + 1))
    assert len(combat) == r.combats
    assert sum(Fraction(room.challenge_exact) for room in combat) == total  # spread exactly, nothing lost
    assert all(Fraction(room.challenge_exact) > 0 for room in combat)
    assert all(room.challenge is None for room in r.rooms if room.kind == "empty")
    tiers = sorted(t for t, c in party for _ in range(c))
    assert r.reward.score == tiers[(len(tiers) - 1) // 2]
    assert 1 <= r.reward.room <= len(r.rooms) and sum(room.reward for room in r.rooms) == 1
    assert all(1 <= d.face <= d.sides for d in r.dice)
    placements = [d for d in r.dice if d.purpose.endswith(" room") and d.purpose.startswith("combat")]
    kept = [d.face for d in placements if not d.has(DieFlag.REROLLED)]
    assert sorted(kept) == [room.number for room in combat]
    for i, d in enumerate(r.dice):  # a rerolled die is followed by its replacement
        if d.has(DieFlag.REROLLED):
            assert r.dice[i + 1].purpose == d.purpose
    for f in r.features:
        assert f.feature == FEATURE_TABLE[f.roll] and 1 <= f.room <= len(r.rooms)


def test_lower_median_and_exact_spread():
    assert lower_median([2, 4]) == 2
    assert lower_median([4, 2, 3]) == 3
    assert lower_median([1, 5, 5, 5]) == 5
    shares = spread(Fraction(100), [1, 1, 1])
    assert shares == [Fraction(100, 3)] * 3 and sum(shares) == 100


def test_even_party_uses_the_lower_median_tier(call):
    r = call("minim_dungeon_floor", {"party": [{"tier": 2}, {"tier": 5}]}, seed=1)
    assert r.reward.score == 2


def test_floor_argument_errors_list_every_field(registry):
    with pytest.raises(ToolArgumentError) as e:
        registry.validate("minim_dungeon_floor", {"party": [{"tier": 0}, {"traits": [3, 3, 3, 3]}, {}], "depth": 2})
    assert {p.field for p in e.value.problems} == {"party.0.tier", "party.1.traits", "party.2", "depth"}
    with pytest.raises(ToolArgumentError) as e:
        registry.validate("minim_dungeon_floor", {"party": []})
    assert [p.field for p in e.value.problems] == ["party"]


@pytest.mark.parametrize("face,outcome", [(1, "patrol"), (2, "quiet"), (3, "quiet"), (4, "quiet"), (5, "quiet"),
                                          (6, "quiet")])
def test_linger_patrol_only_on_a_1(call, face, outcome):
    r = call("minim_linger", {"room": 4}, faces=[face])
    assert r.outcome == outcome and r.room == "4" and r.success is None
    assert [(d.sides, d.face) for d in r.dice] == [(6, face)]
    assert r.odds.exact == {"patrol": "1/6", "quiet": "5/6"} and r.odds.p_success is None
    assert r.rule_refs == ["minim.md#Dungeons"]


def test_linger_room_is_optional(call):
    assert summary_of(call("minim_linger", {}, faces=[1])) == "Lingering: d6 = 1 → patrol"


def test_revisit_rolls_once_per_empty_room(call):
    r = call("minim_revisit", {"empty_rooms": [3, "crypt", 7, "well"]}, faces=[1, 4, 6, 1])
    assert r.reoccupied == ["3", "well"] and r.outcome == 2 and r.success is None
    assert [(c.room, c.face, c.reoccupied) for c in r.rooms] == [
        ("3", 1, True), ("crypt", 4, False), ("7", 6, False), ("well", 1, True)
    ]
    assert [d.purpose for d in r.dice] == ["revisit room 3", "revisit room crypt", "revisit room 7", "revisit room well"]


@pytest.mark.parametrize("n", [0, 1, 2, 5, 12])
def test_revisit_odds_are_binomial_by_hand(call, n):
    r = call("minim_revisit", {"empty_rooms": [f"room {i}" for i in range(n)]}, faces=[6] * n)
    expected = {str(k): Fraction(comb(n, k) * 5 ** (n - k), 6**n) for k in range(n + 1)}
    assert {k: Fraction(v) for k, v in r.odds.exact.items()} == expected
    assert r.outcome == 0 and r.reoccupied == []
    assert len(r.dice) == n


def test_revisit_argument_errors(registry):
    with pytest.raises(ToolArgumentError) as e:
        registry.validate("minim_revisit", {"empty_rooms": [3, "3", "hall", "hall"]})
    assert [p.field for p in e.value.problems] == ["empty_rooms"]
    assert "['3', 'hall']" in str(e.value)
    with pytest.raises(ToolArgumentError) as e:
        registry.validate("minim_revisit", {"empty_rooms": list(range(101)), "when": "later"})
    assert {p.field for p in e.value.problems} == {"empty_rooms", "when"}
    with pytest.raises(ToolArgumentError) as e:
        registry.validate("minim_revisit", {"empty_rooms": ["", None]})
    assert {p.field for p in e.value.problems} == {"empty_rooms.0", "empty_rooms.1"}


def test_new_tools_export_schemas(registry):
    for name in ("minim_challenge", "minim_dungeon_floor", "minim_linger", "minim_revisit"):
        schema = registry.get(name).schema()
        assert schema["system"] == "minim" and schema["parameters"]["additionalProperties"] is False
