"""minim_recover: catching breath mid-action, a full rest, gritty long-term healing with a medic; exact odds."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from narrator.tools.dice import Roller
from narrator.tools.errors import ToolArgumentError
from narrator.tools.phrases import steps_of


def die_partial(face: int, target: int) -> int:
    """The Tests rule written out again, independently of the tool: 1 always +1, 6 always -1."""
    if face == 1 or (face != 6 and face < target):
        return 1
    return 0 if face == target and face != 6 else -1


def passes(a: int, b: int, target: int) -> bool:
    return die_partial(a, target) + die_partial(b, target) >= 1


def exact(odds) -> dict[str, Fraction]:
    return {k: Fraction(v) for k, v in odds.exact.items()}


# --- mid_action ------------------------------------------------------------------------------------------------------

def test_mid_action_success_restores_one_point(call):
    # "characters mid-action may take a turn to regain their breath and restore a single fatigue-point if they pass a
    # brass-test": brass 3, no skill -> target 3; 2 is a success, 3 is neutral -> +1
    r = call("minim_recover", {"mode": "mid_action", "brass": 3, "health": 1}, faces=[2, 3])
    assert r.tests[0].target == 3 and r.tests[0].target_breakdown.skill_adjustment == 0
    assert r.tests[0].outcome == 1 and r.tests[0].who == "character"
    assert (r.outcome, r.success, r.health_before, r.health_after, r.max_health) == (1, True, 1, 2, 3)
    assert r.rule_refs == ["minim.md#Health", "minim.md#Tests"]
    assert [d.face for d in r.dice] == [2, 3]


def test_mid_action_neutral_restores_nothing(call):
    r = call("minim_recover", {"mode": "mid_action", "brass": 3, "health": 2}, faces=[2, 4])
    assert r.tests[0].outcome == 0
    assert (r.outcome, r.success, r.health_after) == (0, False, 2)


def test_mid_action_modifier_and_faith(call):
    r = call("minim_recover", {"mode": "mid_action", "brass": 2, "health": 1, "modifier": -1, "faith": True},
             faces=[1, 1])
    assert r.tests[0].target == 2  # 2 -1 +1
    assert r.faith_spent == 1 and r.health_after == 2
    assert "minim.md#Faith" in r.rule_refs and "minim.md#Bonuses and penalties" in r.rule_refs


@pytest.mark.parametrize("brass,modifier", [(1, 0), (3, 0), (5, 0), (2, 2), (4, -3)])
def test_mid_action_odds_by_hand(call, brass, modifier):
    target = brass + modifier
    wins = sum(passes(a, b, target) for a, b in product(range(1, 7), repeat=2))
    r = call("minim_recover", {"mode": "mid_action", "brass": brass, "health": 1, "max_health": 5,
                               "modifier": modifier}, seed=brass)
    assert exact(r.odds) == {"0": Fraction(36 - wins, 36), "1": Fraction(wins, 36)}
    assert r.odds.p_success == pytest.approx(wins / 36)


# --- full_rest -------------------------------------------------------------------------------------------------------

def test_full_rest_recovers_everything_without_dice(call):
    # "Health-points are fully-recovered when characters are able to relax for a-few minutes."
    r = call("minim_recover", {"mode": "full_rest", "brass": 4, "health": 1}, faces=[])
    assert (r.outcome, r.success, r.health_after, r.max_health) == (3, True, 4, 4)
    assert r.dice == [] and r.tests == []
    assert r.odds.exact == {"3": "1"} and r.odds.p_success == 1
    assert r.rule_refs == ["minim.md#Health"]


def test_full_rest_honours_a_max_health_other_than_brass_and_works_from_zero(call):
    r = call("minim_recover", {"mode": "full_rest", "brass": 3, "max_health": 6, "health": 0}, faces=[])
    assert (r.health_after, r.outcome) == (6, 6)


# --- long_term -------------------------------------------------------------------------------------------------------

def test_long_term_uninterrupted_rest_adds_one(call):
    # "recovering a health-point requires long-term healing with a +1 for uninterrupted-rest in that period"
    r = call("minim_recover", {"mode": "long_term", "brass": 3, "health": 1, "uninterrupted_rest": True},
             faces=[4, 5])
    t = r.tests[0]
    assert t.target == 4 and t.target_breakdown.modifier == 1
    assert t.partials == [0, -1] and t.success is False
    assert (r.outcome, r.health_after) == (0, 1)


def test_gritty_healing_restores_at_most_one_point_a_period(call):
    """"Recovering a health-point requires long-term healing with a +1 for uninterrupted-rest in that period. A medic
    may also make his-own cure-test": one period, one point — the medic's cure test joins the patient's brass test
    as one collaborative action. Brass 3 -> target 3; medic brain 3 with cure -> target 4; +2 and +1 together are +3,
    bound to +2: a success, and still only one point."""
    r = call("minim_recover", {"mode": "long_term", "brass": 3, "health": 0, "medic_brain": 3,
                               "medic_has_cure": True}, faces=[1, 2, 2, 4])
    assert [t.who for t in r.tests] == ["character", "medic"]
    assert [t.target for t in r.tests] == [3, 4]
    assert [t.outcome for t in r.tests] == [2, 1] and r.collaborative_outcome == 2
    assert (r.outcome, r.health_after) == (1, 1)
    assert [d.purpose for d in r.dice] == ["character test die 1", "character test die 2",
                                           "medic test die 1", "medic test die 2"]
    assert "minim.md#Collaboration" in r.rule_refs
    assert any("at most one point" in s for s in steps_of(r))


def test_the_medic_can_carry_a_failing_patient_and_a_failing_medic_can_sink_a_success(call):
    # patient brass 2 -> target 2: 4, 5 is -2; medic brain 4 + cure -> 5: 1, 1 is +2; together 0: no point
    r = call("minim_recover", {"mode": "long_term", "brass": 2, "health": 0, "medic_brain": 4,
                               "medic_has_cure": True}, faces=[4, 5, 1, 1])
    assert (r.collaborative_outcome, r.outcome) == (0, 0)
    # patient at target 3 rolls 3 (neutral) and 6 (failure): -1; the medic's +2 makes it +1 -> one point
    r = call("minim_recover", {"mode": "long_term", "brass": 3, "health": 0, "medic_brain": 4,
                               "medic_has_cure": True}, faces=[3, 6, 1, 1])
    assert (r.tests[0].outcome, r.collaborative_outcome, r.outcome) == (-1, 1, 1)
    # the patient's own success (+1) undone by a medic's critical failure (-2): -1, no point
    r = call("minim_recover", {"mode": "long_term", "brass": 3, "health": 0, "medic_brain": 2,
                               "medic_has_cure": False}, faces=[2, 3, 6, 6])
    assert (r.tests[0].success, r.collaborative_outcome, r.outcome) == (True, -1, 0)


@pytest.mark.parametrize("health,rest,medic_brain,has_cure,medic_mod", [
    (1, True, 3, True, 0), (3, False, 4, False, 1), (0, True, 2, True, -1), (4, False, 5, True, 0),
])
def test_long_term_odds_by_hand(call, health, rest, medic_brain, has_cure, medic_mod):
    brass = 5
    own = brass + (1 if rest else 0)
    medic = medic_brain + (1 if has_cure else -1) + medic_mod
    counts: dict[str, int] = {}
    for a, b, c, d in product(range(1, 7), repeat=4):
        together = die_partial(a, own) + die_partial(b, own) + die_partial(c, medic) + die_partial(d, medic)
        n = 1 if max(-2, min(2, together)) >= 1 else 0
        counts[str(n)] = counts.get(str(n), 0) + 1
    r = call("minim_recover", {"mode": "long_term", "brass": brass, "health": health, "uninterrupted_rest": rest,
                               "medic_brain": medic_brain, "medic_has_cure": has_cure, "medic_modifier": medic_mod},
             seed=health)
    assert exact(r.odds) == {k: Fraction(v, 6 ** 4) for k, v in counts.items()}
    assert r.odds.exact.keys() == {"0", "1"}  # never two points in one period


@settings(max_examples=60, deadline=None)
@given(mode=st.sampled_from(["mid_action", "long_term", "full_rest"]), brass=st.integers(1, 5),
       data=st.data(), seed=st.integers(0, 10_000))
def test_health_after_stays_within_bounds(registry, mode, brass, data, seed):
    health = data.draw(st.integers(1 if mode == "mid_action" else 0, brass - 1)) if brass > 1 else None
    if health is None:
        return
    r = registry.call("minim_recover", {"mode": mode, "brass": brass, "health": health}, Roller(seed))
    assert health <= r.health_after <= brass
    assert r.health_after - health == r.outcome
    assert sum(Fraction(v) for v in r.odds.exact.values()) == 1


# --- argument errors -------------------------------------------------------------------------------------------------

def test_health_above_or_at_maximum_is_rejected(registry):
    with pytest.raises(ToolArgumentError) as e:
        registry.validate("minim_recover", {"mode": "full_rest", "brass": 3, "health": 4})
    assert [p.field for p in e.value.problems] == ["health"] and "above the maximum 3" in str(e.value)
    with pytest.raises(ToolArgumentError) as e:
        registry.validate("minim_recover", {"mode": "long_term", "brass": 2, "max_health": 4, "health": 4})
    assert "nothing to recover" in str(e.value)


def test_unconscious_character_cannot_catch_breath(registry):
    with pytest.raises(ToolArgumentError) as e:
        registry.validate("minim_recover", {"mode": "mid_action", "brass": 3, "health": 0})
    assert [p.field for p in e.value.problems] == ["health"] and "unconscious" in str(e.value)


def test_options_that_do_not_fit_the_mode_are_each_listed(registry):
    with pytest.raises(ToolArgumentError) as e:
        registry.validate("minim_recover", {"mode": "full_rest", "brass": 3, "health": 1, "modifier": 1,
                                            "faith": True, "uninterrupted_rest": True, "medic_brain": 3,
                                            "medic_has_cure": True})
    assert {p.field for p in e.value.problems} == {"modifier", "faith", "uninterrupted_rest", "medic_brain"}


def test_medic_fields_go_together(registry):
    with pytest.raises(ToolArgumentError) as e:
        registry.validate("minim_recover", {"mode": "long_term", "brass": 3, "health": 1, "medic_brain": 3})
    assert [p.field for p in e.value.problems] == ["medic_has_cure"]
    with pytest.raises(ToolArgumentError) as e:
        registry.validate("minim_recover", {"mode": "long_term", "brass": 3, "health": 1, "medic_has_cure": True,
                                            "medic_modifier": 1})
    assert {p.field for p in e.value.problems} == {"medic_has_cure", "medic_modifier"}


def test_every_bad_field_is_listed(registry):
    with pytest.raises(ToolArgumentError) as e:
        registry.call("minim_recover", {"mode": "nap", "brass": 0, "health": -1, "modifier": 11, "potion": 1}, None)
    assert {p.field for p in e.value.problems} == {"mode", "brass", "health", "modifier", "potion"}
