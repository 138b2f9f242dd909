"""Invariants of the contests, attacks and Bloodbath rounds over hypothesis-drawn arguments: the outcome is the
difference of what was rolled, damage follows the book's formula, odds are exact distributions."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
pools = st.fixed_dictionaries({"trait": st.integers(-2, 4), "ability": st.integers(0, 4), "skill": st.integers(0, 5),
                               "circumstance": st.integers(-6, 6)})
dice = st.sampled_from([6, 10, 20])
difficulty = st.sampled_from(["Easy", "Normal", "Difficult", "Extreme"])


@SETTINGS
@given(die=dice, a=pools, b=pools, rolls=st.booleans(), tn=difficulty, seed=st.integers(0, 10**6))
def test_opposed_outcome_is_the_difference(call, die, a, b, rolls, tn, seed):
    r = call("mastery_opposed", {"die": die, "first": {"name": "A", "tn": tn, **a},
                                 "second": {"name": "B", "rolls": rolls, **b}}, seed=seed)
    assert r.outcome == r.first.successes - r.second.successes and r.degree == abs(r.outcome)
    assert r.tie == (r.outcome == 0) and r.success == (r.outcome > 0)
    assert sum(Fraction(v) for v in r.odds.exact.values()) == 1
    assert abs(r.odds.p_success + r.p_tie + r.p_loss - 1) < 1e-9
    assert (len(r.second.dice) == r.second.pool) if rolls else r.second.dice == []


@SETTINGS
@given(die=dice, a=pools, b=pools, defends=st.sampled_from(["rolls", "cannot", "average"]),
       weapon=st.integers(-5, 20), armor=st.integers(0, 20), extra=st.integers(-10, 10),
       health=st.integers(0, 30), counter=st.booleans(), seed=st.integers(0, 10**6))
def test_attack_damage_follows_the_formula(call, die, a, b, defends, weapon, armor, extra, health, counter, seed):
    r = call("mastery_attack_roll", {"die": die, "attacker": {"name": "A", **a}, "defender": {"name": "B", **b},
                                     "defends": defends, "weapon": weapon, "armor": armor, "damage_modifier": extra,
                                     "defender_health": health, "counter_attack": counter}, seed=seed)
    d = r.attacker.successes - r.defender.successes
    assert r.outcome == d
    assert r.damage == (max(0, d + weapon + extra - armor) if d > 0 else 0)
    assert r.defender_health_after == max(0, health - r.damage)
    assert r.counter_gained == (d < 0 and defends == "rolls")
    if defends == "cannot":
        assert r.defender.successes == 0 and r.defender.dice == []
    assert sum(Fraction(v) for v in r.damage_odds.exact.values()) == 1


actions = st.sampled_from(["attack", "defend", "flee", "focus"])


@SETTINGS
@given(die=dice, kinds=st.lists(actions, min_size=1, max_size=5), picks=st.lists(st.integers(0, 4), min_size=5,
                                                                                   max_size=5),
       pool=pools, seed=st.integers(0, 10**6))
def test_a_bloodbath_round_marks_only_what_attacks_dealt(call, die, kinds, picks, pool, seed):
    names = [f"F{i}" for i in range(len(kinds))]
    fighters = []
    for i, kind in enumerate(kinds):
        if kind == "attack" and len(names) == 1:
            kind = "defend"
        f = {"name": names[i], "action": kind, "health": 10, "weapon": 1, "armor": 1, **pool}
        if kind == "attack":
            others = [n for n in names if n != names[i]]
            f["target"] = others[picks[i] % len(others)]
        fighters.append(f)
    r = call("mastery_bloodbath", {"die": die, "fighters": fighters}, seed=seed)
    dealt = {n: 0 for n in names}
    for e in r.exchanges:
        if e.against is not None:
            dealt[e.against] += e.damage
        assert e.damage >= 0
    for o in r.fighters:
        assert o.damage_taken == dealt[o.name] and o.health_after == max(0, 10 - o.damage_taken)
        assert not (o.withdrew and o.action != "flee") and not (o.disrupted and o.action != "focus")
    assert r.outcome == dealt
