"""mastery_challenge: the pool, the base die, unfit picks, target numbers, and exact odds against brute force."""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from math import comb

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from narrator.tools.errors import ToolArgumentError
from narrator.tools.systems.mastery.challenge import count_dist, hit_chance
from narrator.tools.systems.mastery.rules import TARGET_NUMBERS
from narrator.tools.phrases import steps_of


def test_the_issue_example_has_the_exact_p_success(call):
    # pool 1 + 1 + 2 + 1 = 5 d6 at Normal (4): P(at least 2 of 5 at 1/2) = 1 - (1 + 5)/32 = 13/16
    r = call("mastery_challenge", {"die": 6, "trait": 1, "ability": 2, "skill": 1, "circumstance": 0,
                                   "tn": "Normal", "needed": 2}, faces=[4, 1, 6, 2, 3])
    assert r.pool == 5 and r.tn == 4 and r.difficulty == "Normal"
    assert r.odds.p_success == pytest.approx(13 / 16) and r.p_success_exact == "13/16"
    assert r.odds.exact == {"0": "1/32", "1": "5/32", "2": "5/16", "3": "5/16", "4": "5/32", "5": "1/32"}
    assert r.successes == 2 and r.success is True and r.outcome_label == "success" and r.margin == 0
    assert [d.face for d in r.dice] == [4, 1, 6, 2, 3]
    assert r.rule_refs == ["mastery.md#Challenges"]


@pytest.mark.parametrize("die", [6, 10, 20])
@pytest.mark.parametrize("name", ["Easy", "Normal", "Difficult", "Extreme"])
def test_difficulty_names_resolve_through_the_book_table(call, die, name):
    r = call("mastery_challenge", {"die": die, "trait": 0, "tn": name.lower()}, faces=[1])
    assert r.tn == TARGET_NUMBERS[die][name] and r.difficulty == name


def test_the_table_is_the_books():
    assert TARGET_NUMBERS == {6: {"Easy": 3, "Normal": 4, "Difficult": 5, "Extreme": 6},
                              10: {"Easy": 4, "Normal": 6, "Difficult": 8, "Extreme": 10},
                              20: {"Easy": 7, "Normal": 11, "Difficult": 15, "Extreme": 19}}


def test_a_die_counts_when_it_equals_or_exceeds_the_target(call):
    r = call("mastery_challenge", {"die": 10, "trait": 2, "tn": 6}, faces=[6, 5, 10])
    assert r.successes == 2  # 6 equals, 10 exceeds, 5 falls short


def test_the_one_base_die_cannot_be_removed_by_modifiers(call):
    r = call("mastery_challenge", {"die": 6, "trait": -2, "circumstance": -3, "tn": "Easy"}, faces=[3])
    assert r.pool_breakdown.raw == -4 and r.pool == 1 and r.success is True


def test_without_the_guaranteed_die_modifiers_can_take_the_base_die(call):
    """"Unless a challenge is impossible, all characters get one base die, which cannot be removed due to
    modifiers." The flag says what it does (the book's impossible challenge: the base die is not guaranteed)."""
    r = call("mastery_challenge", {"die": 6, "trait": 0, "circumstance": -1, "tn": "Easy",
                                   "no_guaranteed_die": True}, faces=[])
    assert r.pool == 0 and r.successes == 0 and r.success is False
    assert r.odds.p_success == 0.0 and r.odds.exact == {"0": "1"}
    lifted = call("mastery_challenge", {"die": 6, "trait": 2, "tn": "Easy", "no_guaranteed_die": True},
                  faces=[1, 2, 3])
    assert lifted.pool == 3  # only the guarantee goes: a strong enough pool still rolls
    assert lifted.odds.exact["0"] == "1/27"  # (1/3)^3: it can still succeed, so the flag is not called impossible


def test_the_old_flag_name_is_still_read_so_old_logs_replay(call):
    old = call("mastery_challenge", {"die": 6, "trait": 0, "circumstance": -1, "tn": "Easy", "impossible": True},
               faces=[])
    assert old.pool == 0 and old.success is False


def test_an_unfit_ability_or_skill_adds_nothing(call):
    r = call("mastery_challenge", {"die": 6, "trait": 1, "ability": 3, "skill": 2, "ability_unfit": True,
                                   "ability_name": "farming", "tn": "Normal"}, faces=[1, 1, 1, 1])
    assert r.pool == 4  # 1 + 1 + 0 (farming ruled unfit) + 2
    assert any("farming unfit" in s and "may not choose another" in s for s in steps_of(r))
    assert "mastery.md#One Comment" in r.rule_refs


def test_tn_must_be_a_face_of_the_die(call):
    with pytest.raises(ToolArgumentError) as e:
        call("mastery_challenge", {"die": 6, "trait": 0, "tn": 7})
    assert "not a face of a d6" in str(e.value)
    assert "impossible" not in str(e.value)  # the flag of that name never made such a target possible


def test_every_bad_field_is_listed(call):
    with pytest.raises(ToolArgumentError) as e:
        call("mastery_challenge", {"die": 8, "trait": 5, "ability": 6, "skill": -1, "needed": 0})
    text = str(e.value)
    for field in ("die", "trait", "ability", "skill", "needed"):
        assert f"- {field}:" in text


def brute_force(pool: int, die: int, tn: int) -> dict[int, Fraction]:
    counts: dict[int, int] = {}
    for faces in product(range(1, die + 1), repeat=pool):
        k = sum(f >= tn for f in faces)
        counts[k] = counts.get(k, 0) + 1
    return {k: Fraction(v, die ** pool) for k, v in counts.items()}


@pytest.mark.parametrize("die,pools", [(6, range(0, 6)), (10, range(0, 5)), (20, range(0, 4))])
def test_odds_match_enumeration_of_every_roll(die, pools):
    for pool in pools:
        for tn in range(1, die + 1):
            assert dict(count_dist(pool, die, tn).items()) == {k: v for k, v in brute_force(pool, die, tn).items()
                                                               if v}, (pool, die, tn)


@pytest.mark.parametrize("die", [6, 10, 20])
def test_odds_match_binomial_counts_for_every_die_type(call, die):
    for name, tn in TARGET_NUMBERS[die].items():
        for pool in (1, 4, 9):
            r = call("mastery_challenge", {"die": die, "trait": 0, "circumstance": pool - 1, "tn": name,
                                           "needed": 2}, seed=pool)
            p = Fraction(die - tn + 1, die)
            expected = {str(k): comb(pool, k) * p ** k * (1 - p) ** (pool - k) for k in range(pool + 1)}
            assert {k: Fraction(v) for k, v in r.odds.exact.items()} == expected
            exact = sum((v for k, v in expected.items() if int(k) >= 2), Fraction(0))
            assert Fraction(r.p_success_exact) == exact and r.odds.p_success == pytest.approx(float(exact))


def test_normal_is_one_in_two_on_every_die():
    assert {hit_chance(d, TARGET_NUMBERS[d]["Normal"]) for d in (6, 10, 20)} == {Fraction(1, 2)}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(die=st.sampled_from([6, 10, 20]), trait=st.integers(-2, 4), ability=st.integers(0, 4),
       skill=st.integers(0, 5), circumstance=st.integers(-10, 10), needed=st.integers(1, 8),
       tn=st.sampled_from(["Easy", "Normal", "Difficult", "Extreme"]), no_guaranteed_die=st.booleans(),
       unfit=st.booleans(), seed=st.integers(0, 10**6))
def test_pool_and_outcome_invariants(call, die, trait, ability, skill, circumstance, needed, tn, no_guaranteed_die, unfit,
                                     seed):
    r = call("mastery_challenge", {"die": die, "trait": trait, "ability": ability, "skill": skill,
                                   "circumstance": circumstance, "needed": needed, "tn": tn,
                                   "no_guaranteed_die": no_guaranteed_die, "ability_unfit": unfit}, seed=seed)
    raw = 1 + trait + (0 if unfit else ability) + skill + circumstance
    assert r.pool == (max(0, raw) if no_guaranteed_die else max(1, raw)) == len(r.dice)
    assert r.successes == sum(d.face >= r.tn for d in r.dice)
    assert r.success == (r.successes >= needed)
    assert all(1 <= d.face <= die for d in r.dice)
    assert sum(Fraction(v) for v in r.odds.exact.values()) == 1
    assert set(r.odds.exact) <= {str(k) for k in range(r.pool + 1)}
    assert Fraction(r.p_success_exact) == sum((Fraction(v) for k, v in r.odds.exact.items() if int(k) >= needed),
                                              Fraction(0))


def test_assume_average_is_half_the_pool_at_normal(call):
    # "if they are looking for a 'normal' target number, just make their degree of success = half their dice pool"
    for die in (6, 10, 20):
        r = call("mastery_average", {"die": die, "trait": 1, "ability": 2, "skill": 2}, faces=[])
        assert r.pool == 6 and r.degree == 3 and r.dice == []
    odd = call("mastery_average", {"die": 6, "trait": 1, "ability": 2, "skill": 1}, faces=[])
    assert odd.pool == 5 and odd.degree == 2 and odd.exact_average == "5/2"
    up = call("mastery_average", {"die": 6, "trait": 1, "ability": 2, "skill": 1, "rounding": "up"}, faces=[])
    assert up.degree == 3
    easy = call("mastery_average", {"die": 6, "trait": 2, "skill": 3, "tn": "Easy"}, faces=[])
    assert easy.degree == 4  # 6 dice x 4/6
