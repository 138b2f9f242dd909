"""The roller: seeded, isolated from the global RNG, scripted for examples, capped."""

from __future__ import annotations

import random

import pytest

from narrator.tools.dice import MAX_EXPLOSIONS, Die, DieFlag, Roller
from narrator.tools.errors import DiceLimitError, ScriptedDiceExhausted


def test_same_seed_same_dice_and_global_rng_untouched():
    state = random.getstate()
    a = [Roller(42).roll(6).face for _ in range(1)] + [d.face for d in Roller(42).roll_many(20, 6)]
    b = [Roller(42).roll(6).face for _ in range(1)] + [d.face for d in Roller(42).roll_many(20, 6)]
    assert a == b
    assert random.getstate() == state


def test_roller_refuses_to_run_without_a_seed():
    with pytest.raises(ValueError):
        Roller(None)


def test_accepts_a_random_instance():
    rng = random.Random(7)
    expected = random.Random(7).randint(1, 20)
    assert Roller(rng).roll(20).face == expected


def test_scripted_faces_in_order_and_loud_when_exhausted():
    r = Roller.scripted([3, 4])
    assert [r.roll(6).face, r.roll(6).face] == [3, 4]
    with pytest.raises(ScriptedDiceExhausted):
        r.roll(6)


def test_scripted_face_impossible_on_die_is_rejected():
    with pytest.raises(ScriptedDiceExhausted):
        Roller.scripted([7]).roll(6)


def test_dice_cap_stops_runaway_calls():
    r = Roller(1, max_dice=10)
    r.roll_many(10, 6)
    with pytest.raises(DiceLimitError):
        r.roll(6)
    with pytest.raises(DiceLimitError):
        Roller(1).roll_many(10_000, 6)


def test_exploding_chain_flags_and_cap():
    chain = Roller.scripted([6, 6, 2]).roll_exploding(6, "wild die", wild=True)
    assert [d.face for d in chain] == [6, 6, 2]
    assert chain[0].flags == (DieFlag.EXPLODED, DieFlag.WILD)
    assert DieFlag.EXTRA in chain[1].flags and DieFlag.EXPLODED in chain[1].flags
    assert chain[2].flags == (DieFlag.EXTRA, DieFlag.WILD)
    endless = Roller.scripted([6] * (MAX_EXPLOSIONS + 5)).roll_exploding(6)
    assert len(endless) == MAX_EXPLOSIONS + 1


def test_die_is_frozen_and_flags_are_canonical():
    d = Die(sides=6, face=3)
    with pytest.raises(Exception):
        d.face = 4
    assert d.with_flags(DieFlag.WILD, DieFlag.KEPT).flags == (DieFlag.KEPT, DieFlag.WILD)
    assert str(d.with_flags(DieFlag.DROPPED)) == "d6=3 [dropped]"
