"""GM-less play with a card deck: a seeded 54-card deck, hands of 3 or 4, the lowest card opens, later cards beat
the one on the table, the scene ends when nobody can play — pure tools with the state passed in and out."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from narrator.tools.errors import ToolArgumentError
from narrator.tools.systems.fiveplus.cards import FULL_DECK, Deck, consistent, value


def play_scene(call, players, seed, hand_size=4):
    dealt = call("fiveplus_deck_deal", {"players": players, "hand_size": hand_size}, seed=seed)
    state, plays = dealt.state, []
    while True:
        can = state.who_can_play()
        if not can:
            break
        player = next(iter(can))
        r = call("fiveplus_deck_play", {"state": state.model_dump(), "player": player})
        plays.append(r)
        state = r.state
    return dealt, plays, state


def test_a_full_seeded_scene_is_played_to_its_end(call):
    """"The player with the lowest value card may play it, starting a scene and defining the next challenge. Once
    that challenge is complete, all players may play another card with a face value above the one on the table …
    Once no player can play more cards, the scene ends.\""""
    dealt, plays, end = play_scene(call, ["Aria", "Brom"], seed=11)
    assert len(FULL_DECK) == 54 and len(dealt.dice) == 53  # one die per position of the shuffle
    assert all(len(h) == 4 for h in dealt.state.hands.values())
    lowest = min(value(c) for h in dealt.state.hands.values() for c in h)
    assert plays[0].opening and plays[0].card.value == lowest
    values = [p.card.value for p in plays]
    assert values == sorted(values) and len(set(values)) == len(values)  # each card beats the one before
    assert plays[-1].scene_over and end.who_can_play() == {}
    assert consistent(end) == [] and sorted(end.all_cards()) == sorted(FULL_DECK)
    # the same seed deals the same scene
    again, replays, _ = play_scene(call, ["Aria", "Brom"], seed=11)
    assert again.state == dealt.state and [p.card.card for p in replays] == [p.card.card for p in plays]


def test_suits_royals_aces_and_jokers_define_the_challenge(call):
    """"Hearts are for socializers … Diamonds are for achievers … Spades are for explorers … Clubs are for killers";
    "royals as important NPC encounters …, aces special local events and joker far reaching, world changing
    events\""""
    hand = ["7H", "8D", "9S", "10C", "QS", "AH", "RJ"]
    state = Deck(deck=[c for c in FULL_DECK if c not in hand], hands={"Solo": hand}, seats=["Solo"], dealt=True)
    seen = []
    while state.who_can_play():
        r = call("fiveplus_deck_play", {"state": state.model_dump(), "player": "Solo"})
        seen.append((r.card.type, r.card.kind))
        state = r.state
    assert seen == [("social", "challenge"), ("achievement", "challenge"), ("exploration", "challenge"),
                    ("combat", "challenge"), ("exploration", "important NPC encounter"),
                    ("social", "special local event"), ("free", "world-changing event")]


def test_illegal_plays_are_refused(call):
    hand = ["4H", "9C", "QS"]
    state = Deck(deck=[c for c in FULL_DECK if c not in hand + ["2S"]], hands={"A": hand, "B": ["2S"]},
                 seats=["A", "B"], dealt=True)
    with pytest.raises(ToolArgumentError) as e:
        call("fiveplus_deck_play", {"state": state.model_dump(), "player": "A", "card": "4h"})
    assert "lowest card" in str(e.value)  # B's 2 of spades opens
    opened = call("fiveplus_deck_play", {"state": state.model_dump(), "player": "B"}).state
    with pytest.raises(ToolArgumentError):
        call("fiveplus_deck_play", {"state": opened.model_dump(), "player": "A", "card": "KH"})  # not held
    broken = state.model_copy(update={"deck": state.deck[1:]})
    with pytest.raises(ToolArgumentError) as e:
        call("fiveplus_deck_play", {"state": broken.model_dump(), "player": "B"})
    assert "missing" in str(e.value)


def test_aces_low_and_equal_values_do_not_beat(call):
    assert value("AS", "low") == 1 and value("AS", "high") == 14 and value("RJ") == 15
    hand = ["7H", "7S"]
    state = Deck(deck=[c for c in FULL_DECK if c not in hand], hands={"Solo": hand}, seats=["Solo"], dealt=True)
    r = call("fiveplus_deck_play", {"state": state.model_dump(), "player": "Solo"})
    assert r.scene_over  # a 7 does not beat a 7


def test_the_next_scene_tops_hands_up_and_discards_the_table(call):
    dealt, plays, end = play_scene(call, ["Aria"], seed=3, hand_size=3)
    nxt = call("fiveplus_deck_deal", {"state": end.model_dump(), "players": ["Aria"], "hand_size": 3}, seed=4)
    assert nxt.state.scene == 2 and len(nxt.state.hands["Aria"]) == 3
    assert set(end.table) <= set(nxt.state.discard) and nxt.state.table == []
    running = dealt.state
    with pytest.raises(ToolArgumentError):
        call("fiveplus_deck_deal", {"state": running.model_dump(), "players": ["Aria"]}, seed=4)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32), players=st.integers(1, 4), hand=st.sampled_from([3, 4]), scenes=st.integers(1, 8))
def test_scenes_always_conserve_the_deck_and_rise(call, seed, players, hand, scenes):
    seats = [f"P{i}" for i in range(players)]
    state = None
    for n in range(scenes):
        args = {"players": seats, "hand_size": hand, **({"state": state.model_dump()} if state else {})}
        state = call("fiveplus_deck_deal", args, seed=seed + n).state
        last = 0
        while state.who_can_play():
            player = next(iter(state.who_can_play()))
            r = call("fiveplus_deck_play", {"state": state.model_dump(), "player": player})
            assert r.card.value > last
            last, state = r.card.value, r.state
        assert consistent(state) == []
