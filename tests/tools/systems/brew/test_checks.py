"""brew_check: the book's worked examples verbatim, automatic results, penalties, the die's variants, and exact odds
against brute-force enumeration."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from narrator.tools.dice import Roller
from narrator.tools.errors import ToolArgumentError
from narrator.tools.registry import default_registry
from narrator.tools.systems.brew.checks import die_dist, health_penalty, keep_mode, outcome_dist, outcome_of


def test_shaggy_pete_lassoes_the_wild_horse(call):
    """"Shaggy Pete wants to lasso a wild horse, which the gamemaster decides is difficulty 8. Pete's player rolls a
    1d6 and gets a 6, then adds his Precision (Attribute) and Animal Handling (Skill) points to their result, 2 and
    3 respectively, for a point total of 11, which is a success. Since the result was of a higher threshold...\""""
    r = call("brew_check", {"attribute": 2, "skill": 3, "difficulty": 8, "bonus": 0, "specialty": False,
                            "attribute_name": "precision"}, faces=[6])
    assert r.total == 11 and r.pool == 5 and r.die_result == 6
    assert r.success is True
    assert r.outcome == "perfect"  # 11 meets 10, one threshold above 8
    assert r.rule_refs[:2] == ["brew.md#Skill Rolls", "brew.md#Typical Difficulty Thresholds"]
    assert r.odds.exact == {"failure": "1/3", "success": "1/3", "perfect": "1/3", "astounding": "0"}


def test_the_issue_call_returns_an_exact_p_success(call):
    r = call("brew_check", {"attribute": 2, "skill": 3, "difficulty": 8, "bonus": 0, "specialty": False}, seed=1)
    assert r.odds.p_success == pytest.approx(2 / 3)
    assert sum(r.odds.distribution.values()) == pytest.approx(1)


def test_bertha_hitches_a_ride_with_the_weather_penalty(call):
    """"She sticks up her thumb, rolling Charisma 4 + Interaction 2 to look like good company. She rolls 1d6 and gets
    2. With a score total of 8, minus the -2 penalty, the roll is 6, which is the minimum for an easy success.\""""
    r = call("brew_check", {"attribute": 4, "skill": 2, "bonus": -2, "difficulty": 6, "attribute_name": "charisma"},
             faces=[2])
    assert r.total == 6 and r.outcome == "success"


def test_a_pool_of_zero_or_less_fails_without_a_roll(call):
    """"If a penalty or stacked penalties mean that the character has 0 or negative points in an Attribute + Skill
    pool, the attempt is an automatic fail. You do not get to roll.\""""
    r = call("brew_check", {"attribute": 1, "skill": 0, "bonus": -1, "difficulty": 6}, faces=[])
    assert r.dice == [] and r.total is None and r.automatic == "failure" and r.success is False
    assert r.odds.p_success == 0


def test_a_pool_at_the_difficulty_succeeds_and_still_rolls(call):
    """"...the Attribute + Skill pool is equal to or greater than the difficulty ... automatic success. The character
    can still roll a die as well\""""
    r = call("brew_check", {"attribute": 5, "skill": 5, "difficulty": 10}, faces=[4])
    assert r.automatic == "success" and r.total == 14 and r.outcome == "astounding"
    assert r.odds.exact["failure"] == "0"


def test_shania_rolls_two_dice_with_her_specialty(call):
    """"If Shania is called to help an elderly person who has fallen and broken a bone, she gets to roll 2d6 and take
    the highest, then add 3 + the relevant attribute score\""""
    r = call("brew_check", {"attribute": 3, "skill": 3, "difficulty": 10, "specialty": True,
                            "attribute_name": "wits"}, faces=[2, 5])
    assert [d.face for d in r.dice] == [2, 5]
    assert [f.value for f in r.dice[1].flags] == ["kept"] and [f.value for f in r.dice[0].flags] == ["dropped"]
    assert r.total == 11 and r.keep == "high"
    # "if she is called to help with a child with a dicky tummy, she would roll just the usual 1d6"
    plain = call("brew_check", {"attribute": 3, "skill": 3, "difficulty": 10}, faces=[2])
    assert len(plain.dice) == 1


def test_lucky_rolls_again_on_a_six_once(call):
    r = call("brew_check", {"attribute": 2, "skill": 1, "difficulty": 12, "lucky": True}, faces=[6, 6])
    assert r.die_result == 12 and r.total == 15 and len(r.dice) == 2  # no third die on the second 6
    assert "brew.md#Lucky" in r.rule_refs


@pytest.mark.parametrize("health,attribute,rule,expected", [
    (6, "power", "standard", 0), (5, "power", "standard", -2), (5, "wits", "standard", -1),
    (3, "speed", "standard", -4), (3, "charisma", "standard", -2), (3, "precision", "halved", -2),
    (3, "perception", "halved", -1), (5, "wits", "halved", 0), (2, "power", "ignored", 0),
    (None, "power", "standard", 0),
])
def test_health_penalties(health, attribute, rule, expected):
    """"Once Health drops to 5 ... -2 ... Power, Precision or Speed, and -1 on ... Perception, Wits or Charisma. When
    it drops to 3 or below, the penalties are -4 and -2\"; halved: "on 3 or below ... -2 and -1\""""
    assert health_penalty(attribute, health, rule) == expected


def test_health_and_load_penalties_enter_the_pool(call):
    r = call("brew_check", {"attribute": 3, "skill": 2, "difficulty": 8, "attribute_name": "precision", "health": 4,
                            "laden": True}, faces=[3])
    assert r.pool == 3 + 2 - 2 - 2
    assert r.breakdown.health_penalty == -2 and r.breakdown.laden_penalty == -2
    assert "brew.md#Damage" in r.rule_refs and "brew.md#Load" in r.rule_refs


def test_nobody_rolls_at_zero_health(call):
    r = call("brew_check", {"attribute": 5, "skill": 5, "difficulty": 6, "attribute_name": "wits", "health": 0},
             faces=[])
    assert r.outcome == "failure" and r.dice == []


def test_best_at_thing_is_an_automatic_success(call):
    r = call("brew_check", {"attribute": 1, "skill": 5, "difficulty": 16, "best_at_thing": True}, faces=[1])
    assert r.outcome == "success" and r.automatic == "success"


@pytest.mark.parametrize("specialty,advantage,mode", [
    (False, "none", "none"), (True, "none", "high"), (False, "high", "high"), (False, "low", "low"),
    (True, "low", "none"), (True, "high", "high"),
])
def test_keep_modes(specialty, advantage, mode):
    assert keep_mode(specialty, advantage) == mode


def brute(pool: int, difficulty: int, mode: str, lucky: bool) -> dict[str, Fraction]:
    """Every sequence of faces, counted by hand."""
    out: dict[str, Fraction] = {}
    n = 2 if mode != "none" else 1
    for faces in product(range(1, 7), repeat=n):
        kept = max(faces) if mode == "high" else min(faces) if mode == "low" else faces[0]
        extras = range(1, 7) if lucky and kept == 6 else [0]
        for extra in extras:
            p = Fraction(1, 6 ** n) * (Fraction(1, 6) if lucky and kept == 6 else 1)
            label = "failure" if pool <= 0 else outcome_of(pool + kept + extra, difficulty)
            out[label] = out.get(label, Fraction(0)) + p
    return out


@pytest.mark.parametrize("pool", [-1, 0, 1, 3, 5, 8, 10])
@pytest.mark.parametrize("difficulty", [6, 8, 10, 16])
@pytest.mark.parametrize("mode", ["none", "high", "low"])
@pytest.mark.parametrize("lucky", [False, True])
def test_exact_odds_match_enumeration(pool, difficulty, mode, lucky):
    dist = outcome_dist(pool, difficulty, mode, lucky)
    assert {k: v for k, v in dist.items()} == {k: v for k, v in brute(pool, difficulty, mode, lucky).items() if v}


def test_die_distributions_by_hand():
    assert die_dist("high", False)[6] == Fraction(11, 36)
    assert die_dist("low", False)[1] == Fraction(11, 36)
    assert die_dist("none", True)[12] == Fraction(1, 36)


@settings(max_examples=150, deadline=None)
@given(attribute=st.integers(1, 15), skill=st.integers(0, 15), bonus=st.integers(-30, 30),
       difficulty=st.integers(1, 40), specialty=st.booleans(), lucky=st.booleans(),
       health=st.none() | st.integers(-10, 30), seed=st.integers(0, 2 ** 32))
def test_properties(attribute, skill, bonus, difficulty, specialty, lucky, health, seed):
    args = {"attribute": attribute, "skill": skill, "bonus": bonus, "difficulty": difficulty, "specialty": specialty,
            "lucky": lucky, "attribute_name": "speed", "health": health}
    call = default_registry().call
    r = call("brew_check", args, Roller(seed))
    assert sum(r.odds.distribution.values()) == pytest.approx(1)
    assert r.success == (r.outcome != "failure")
    if r.total is not None:
        assert r.total == r.pool + r.die_result
        assert r.odds.distribution[r.outcome] > 0
    else:
        assert r.pool <= 0 and r.dice == []
    easier = call("brew_check", {**args, "bonus": min(30, bonus + 1)}, Roller(seed))
    assert easier.odds.p_success >= r.odds.p_success


def test_bad_arguments_list_every_problem(call):
    with pytest.raises(ToolArgumentError) as e:
        call("brew_check", {"attribute": 0, "skill": 99, "difficulty": 0, "bogus": 1})
    fields = {p.field for p in e.value.problems}
    assert {"attribute", "skill", "difficulty", "bogus"} <= fields


@pytest.mark.parametrize("difficulty,die,outcome", [(10, 1, "failure"), (10, 4, "success"), (10, 6, "perfect"),
                                                    (6, 4, "astounding"), (6, 3, "perfect")])
def test_one_threshold_higher_is_two_points(call, difficulty, die, outcome):
    """"Meeting one threshold higher than required is a perfect success; meeting a threshold two times higher is an
    astounding success", and "Magical healing with a minimum success (6) heals 2 HP, and at 8, one threshold higher,
    4 HP": a threshold is two points, so an expert task (10) goes perfectly at 12, not at the table's next 16."""
    r = call("brew_check", {"attribute": 3, "skill": 3, "difficulty": difficulty}, faces=[die])
    assert r.outcome == outcome, (r.total, r.outcome)
