"""Illness, food and water, sleep, exhaustion, weather, load, movement, travel, magic and the sample flaws."""

from __future__ import annotations

from fractions import Fraction

import pytest

from narrator.tools.errors import ToolArgumentError


def test_bertha_in_the_desert(call):
    """"She has Power 4 and Survival 3, but no water or shade. ... After five hours, she rolls a 1d6 and gets a 3,
    which gets her a total of 10, which is more than the target number 6 (10-4). She's fine\""""
    r = call("brew_weather", {"power": 4, "survival": 3, "hours": 5}, faces=[3])
    assert r.difficulty == 6 and r.damage == 0 and r.success
    assert r.odds.p_success == 1  # 7 + 1d6 always meets 6


def test_weather_damage_is_binomial(call):
    r = call("brew_weather", {"power": 1, "survival": 1, "hours": 10}, faces=[1, 6])
    # difficulty 9, pool 2: only a 6 holds (no: 2 + 6 = 8 < 9): both fail
    assert r.damage == 2 and r.odds.exact == {"2": "1"}
    equipped = call("brew_weather", {"power": 1, "survival": 1, "hours": 10, "equipped": True}, faces=[5, 1])
    assert equipped.damage == 1 and Fraction(equipped.odds.exact["0"]) == Fraction(1, 3) ** 2


def test_illness_duration(call):
    """"Once infected with a standard illness, roll 1D6. Subtract the result from 10, then subtract the character's
    Power score\""""
    r = call("brew_illness", {"power": 3}, faces=[2])
    assert r.days == 5 and r.success is None
    resisted = call("brew_illness", {"power": 3, "survival": 2, "infectiousness": 8}, faces=[4])
    assert resisted.outcome == "resisted" and resisted.days is None
    assert resisted.odds.exact["resisted"] == "2/3"  # 5 + 1d6 >= 8 on a 3 or more
    short = call("brew_illness", {"power": 5}, faces=[6])
    assert short.days == 0


@pytest.mark.parametrize("days,food,water,damage", [(7, "none", "enough", 2), (13, "meagre", "enough", 1),
                                                    (2, "enough", "none", 6), (3, "meagre", "meagre", 3)])
def test_deprivation(call, days, food, water, damage):
    assert call("brew_deprivation", {"days": days, "food": food, "water": water, "health": 10}).damage == damage


def test_falling_to_zero_from_thirst_costs_maximum_health(call):
    r = call("brew_deprivation", {"days": 4, "water": "none", "health": 10})
    assert r.health_after == -2 and r.max_health_after == 9
    magic = call("brew_deprivation", {"days": 4, "water": "none", "health": 10, "magical_healing": True})
    assert magic.max_health_after == 10


def test_easy_sleep_deprivation(call):
    assert call("brew_sleep", {"day": 1, "power": 2}).outcome == "no effect"
    awake = call("brew_sleep", {"day": 2, "power": 2}, faces=[3])
    assert awake.outcome == "awake" and awake.odds.exact["succeeds"] == "2/3"
    day3 = call("brew_sleep", {"day": 3, "power": 2}, faces=[6])
    assert day3.penalties["wits"] == -2
    assert call("brew_sleep", {"day": 4, "power": 5}).outcome == "falls asleep"


def test_hard_sleep_deprivation(call):
    resist = call("brew_sleep", {"mode": "hard", "day": 2, "power": 3, "survival": 2}, faces=[3])
    assert resist.staved and resist.penalties == {}
    fail = call("brew_sleep", {"mode": "hard", "day": 2, "power": 1, "survival": 0}, faces=[3])
    assert fail.staved is False and fail.penalties == {"precision": -1, "charisma": -1, "perception": -2,
                                                       "wits": -2}
    day4 = call("brew_sleep", {"mode": "hard", "day": 4, "power": 3, "staved": False}, faces=[2])
    assert day4.penalties["wits"] == -4 and day4.outcome == "penalties" and day4.success
    asleep = call("brew_sleep", {"mode": "hard", "day": 4, "power": 3, "staved": False}, faces=[1])
    assert asleep.outcome == "falls asleep" and asleep.success is False
    day5 = call("brew_sleep", {"mode": "hard", "day": 5, "power": 3, "staved": False}, faces=[4])
    assert day5.no_rolls and day5.damage == 1
    staved5 = call("brew_sleep", {"mode": "hard", "day": 5, "power": 3, "staved": True}, faces=[4])
    assert not staved5.no_rolls and staved5.penalties["perception"] == -4


def test_short_sleep(call):
    assert call("brew_sleep", {"sleep": "short", "day": 2, "power": 2}).penalties == {
        "precision": -1, "perception": -1, "wits": -1}
    assert len(call("brew_sleep", {"sleep": "short", "day": 6, "power": 2}).penalties) == 6


@pytest.mark.parametrize("level,penalty,down", [(0, -2, False), (1, -3, False), (2, -4, False), (3, -4, True)])
def test_exhaustion_steps(call, level, penalty, down):
    r = call("brew_exhaustion", {"level": level})
    assert r.penalty == penalty and r.unconscious == down


@pytest.mark.parametrize("power,kg,laden", [(2, 15, False), (2, 16, True), (4, 20, False), (5, 30, False),
                                            (5, 31, True)])
def test_load(call, power, kg, laden):
    assert call("brew_load", {"power": power, "carried_kg": kg}).laden == laden


def test_movement_examples(call):
    """"Speed 3 + 1d6 result of 3, divided by 2 and rounded up = 5m in 3 seconds, 10m in 6 seconds, and 15m in 9
    seconds." "Speed 3 + Power 3 + 1d6 result of 3, all divided by 2 and rounded up = 5km/h.\""""
    sprint = call("brew_movement", {"mode": "sprint", "speed": 3, "seconds": 9}, faces=[3])
    assert sprint.outcome == 5 and sprint.distance_m == 15
    run = call("brew_movement", {"mode": "run", "speed": 3, "power": 3}, faces=[3])
    assert run.outcome == 5


def test_travel(call):
    r = call("brew_travel", {"mode": "carriage", "distance_km": 40})
    assert (r.hours_min, r.hours_max) == (5.0, 8.0)


# --- magic ---------------------------------------------------------------------------------------------------------


def test_no_field_point_no_spell(call):
    """"a character who has no points in a field of magic cannot cast magic of that type simply by rolling an
    Attribute.\""""
    with pytest.raises(ToolArgumentError) as e:
        call("brew_cast", {"attribute": 3, "skill": 0, "field": "movement", "difficulty": 8, "mana": 3})
    assert e.value.problems[0].field == "skill"


def test_a_spell_uses_a_mana_slot(call):
    r = call("brew_cast", {"attribute": 3, "skill": 1, "field": "odds", "difficulty": 8, "mana": 3}, faces=[4])
    assert r.total == 8 and r.success and r.mana_after == 2
    with pytest.raises(ToolArgumentError):
        call("brew_cast", {"attribute": 3, "skill": 1, "field": "odds", "difficulty": 8, "mana": 0})


def test_mana_refresh(call):
    assert call("brew_mana", {"method": "daily", "mana": 0, "max_mana": 5}).mana_after == 5
    assert call("brew_mana", {"method": "timed", "mana": 1, "max_mana": 4, "hours_since_use": [2, 1, 5],
                              "interval_hours": 2}).mana_after == 3
    ritual = call("brew_mana", {"method": "ritual", "mana": 0, "max_mana": 4, "difficulty": 8,
                                "ritual": {"attribute": 3, "skill": 2}}, faces=[3])
    assert ritual.mana_after == 4 and ritual.success
    lost = call("brew_mana", {"method": "ritual", "mana": 0, "max_mana": 4, "difficulty": 8,
                              "ritual": {"attribute": 3, "skill": 2}}, faces=[2])
    assert lost.mana_after == 0


# --- flaws ---------------------------------------------------------------------------------------------------------


def test_the_sample_flaws(call):
    assert call("brew_flaw_roll", {"flaw": "unlucky"}, faces=[3]).outcome == "triggered"
    assert call("brew_flaw_roll", {"flaw": "old enemies"}, faces=[2]).outcome == "safe"
    thin = call("brew_flaw_roll", {"flaw": "thin face", "wits": 2, "performance": 2}, faces=[3])
    assert thin.outcome == "triggered" and thin.odds.exact["safe"] == "1/2"
    word = call("brew_flaw_roll", {"flaw": "bound by their word", "power": 2, "wits": 3}, faces=[4])
    assert word.damage == 5 and word.attribute_lost == "wits" and word.success is False
    kept = call("brew_flaw_roll", {"flaw": "bound by their word", "power": 2, "wits": 3}, faces=[5])
    assert kept.damage == 5 and kept.attribute_lost is None
