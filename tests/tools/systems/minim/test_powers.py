"""minim_power and minim_purchase: the one-die power roll, faith spent only on activation, wealth purchases."""

from __future__ import annotations

from fractions import Fraction

import pytest

from narrator.tools.errors import ToolArgumentError
from narrator.tools.systems.minim.rules import QUALITY_PRICE
from narrator.tools.phrases import steps_of, summary_of


def faces_at_most(score: int) -> Fraction:
    """Hand count: how many of the six faces are equal to or lower than the score."""
    return Fraction(sum(1 for face in range(1, 7) if face <= score), 6)


def exact(odds) -> dict[str, Fraction]:
    return {k: Fraction(v) for k, v in odds.exact.items()}


# --- minim_power -------------------------------------------------------------------------------------------------

def test_roll_equal_to_score_activates_and_spends_the_faith_point(call):
    # "If the result is equal or lower than its power-score it is activated"
    r = call("minim_power", {"power": "Fire-ball", "score": 3, "faith": 2}, faces=[3])
    assert r.outcome == "activated" and r.success is True
    assert (r.faith_before, r.faith_after, r.faith_spent) == (2, 1, 1)
    assert [d.face for d in r.dice] == [3] and r.dice[0].sides == 6
    assert r.rule_refs == ["minim.md#Powers", "minim.md#Faith"]
    assert "Fire-ball" in summary_of(r)


def test_roll_above_score_wastes_the_action_but_keeps_the_faith_point(call):
    # "else the action is wasted but the faith-point also isn't-spent"
    r = call("minim_power", {"power": "Detect lies", "score": 3, "faith": 1}, faces=[4])
    assert r.outcome == "wasted" and r.success is False
    assert (r.faith_after, r.faith_spent) == (1, 0)
    assert any("not spent" in s for s in steps_of(r))


@pytest.mark.parametrize("score,face,outcome", [(1, 1, "activated"), (1, 2, "wasted"), (5, 5, "activated"),
                                                (5, 6, "wasted"), (2, 1, "activated"), (4, 5, "wasted")])
def test_boundaries(call, score, face, outcome):
    assert call("minim_power", {"power": "Kick", "score": score, "faith": 3}, faces=[face]).outcome == outcome


@pytest.mark.parametrize("score", range(1, 6))
def test_odds_are_faces_at_most_the_score(call, score):
    r = call("minim_power", {"power": "Kick", "score": score, "faith": 1}, seed=score)
    p = faces_at_most(score)
    assert exact(r.odds) == {"activated": p, "wasted": 1 - p}
    assert r.odds.p_success == pytest.approx(float(p))
    assert list(r.odds.distribution) == ["activated", "wasted"]


def test_zero_faith_is_an_argument_error(registry):
    # "Characters with zero-faith can't use their powers until they regain at least one-point."
    with pytest.raises(ToolArgumentError) as e:
        registry.validate("minim_power", {"power": "Fire-ball", "score": 3, "faith": 0})
    assert [p.field for p in e.value.problems] == ["faith"]
    assert "0 faith cannot use powers until regaining" in str(e.value)


def test_uncounted_faith_is_allowed_for_a_narrators_pool(call):
    r = call("minim_power", {"power": "Claw", "score": 2, "faith": None}, faces=[2])
    assert r.outcome == "activated" and (r.faith_before, r.faith_after, r.faith_spent) == (None, None, 1)
    assert "faith is not counted here" in steps_of(r)[0] and "faith" not in summary_of(r)


def test_every_bad_power_field_is_listed_and_modifiers_are_not_accepted(registry):
    with pytest.raises(ToolArgumentError) as e:
        registry.call("minim_power", {"power": "   ", "score": 0, "faith": -1, "modifier": 1}, None)
    assert {p.field for p in e.value.problems} == {"power", "score", "faith", "modifier"}


# --- minim_purchase ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("wealth,price", [(3, 1), (4, 2), (4, 1), (5, 3), (5, 1)])
def test_much_cheaper_items_are_free_without_dice_or_faith(call, wealth, price):
    # "Buying items much-cheaper than a character's wealth-score is free"
    r = call("minim_purchase", {"wealth": wealth, "price": price}, faces=[])
    assert r.outcome == "free" and r.success is True and r.dice == []
    assert (r.wealth_after, r.faith_spent) == (wealth, 0)
    assert r.odds.exact == {"free": "1"} and r.odds.p_success == 1
    offered = call("minim_purchase", {"wealth": wealth, "price": price, "faith": True}, faces=[])
    assert offered.faith_spent == 0 and "No roll is needed, so no faith point is spent." in steps_of(offered)


def test_a_purchase_costs_wealth_not_faith(call):
    """"Buying score-appropriate items require a roll and 1-point is permanently-lost on a success": the point lost
    is wealth; no faith point is needed to buy, even with none left."""
    r = call("minim_purchase", {"wealth": 3, "price": 3}, faces=[2])
    assert r.outcome == "bought" and r.success is True
    assert (r.wealth_before, r.wealth_after, r.faith_spent) == (3, 2, 0)
    assert "minim.md#Faith" not in r.rule_refs
    assert any("No faith point is needed" in s for s in steps_of(r))


def test_a_faith_point_may_add_its_usual_plus_one(call):
    """"A point can be spent to provide a +1 bonus to an action, once per-action": d6 <= wealth + 1, spent whether
    the purchase succeeds or not."""
    r = call("minim_purchase", {"wealth": 3, "price": 3, "faith": True}, faces=[4])
    assert (r.outcome, r.wealth_after, r.faith_spent) == ("bought", 2, 1)
    assert exact(r.odds) == {"bought": Fraction(4, 6), "failed": Fraction(2, 6)}
    assert "minim.md#Faith" in r.rule_refs
    r = call("minim_purchase", {"wealth": 3, "price": 3, "faith": True}, faces=[5])
    assert (r.outcome, r.wealth_after, r.faith_spent) == ("failed", 3, 1)
    r = call("minim_purchase", {"wealth": 5, "price": 5, "faith": True}, faces=[6])
    assert r.outcome == "bought" and r.odds.p_success == 1  # 1d6 <= 6


def test_price_one_below_wealth_still_needs_a_roll_and_a_failure_costs_nothing(call):
    r = call("minim_purchase", {"wealth": 3, "price": 2}, faces=[5])
    assert r.outcome == "failed" and r.success is False
    assert (r.wealth_after, r.faith_spent) == (3, 0)
    assert [d.face for d in r.dice] == [5]


@pytest.mark.parametrize("wealth", range(1, 6))
def test_purchase_roll_odds_are_faces_at_most_wealth(call, wealth):
    r = call("minim_purchase", {"wealth": wealth, "price": wealth}, seed=wealth)
    p = faces_at_most(wealth)
    assert exact(r.odds) == {"bought": p, "failed": 1 - p}
    assert r.odds.p_success == pytest.approx(float(p))


@pytest.mark.parametrize("wealth,price", [(2, 3), (0, 1), (4, 5), (1, 5)])
def test_items_above_wealth_are_unaffordable(call, wealth, price):
    r = call("minim_purchase", {"wealth": wealth, "price": price}, faces=[])
    assert r.outcome == "unaffordable" and r.success is False and r.dice == []
    assert r.wealth_after == wealth
    assert r.odds.exact == {"unaffordable": "1"} and r.odds.p_success == 0


def test_quality_sets_the_price(call):
    # "Prices go from 1-wealth for a -2-item to 5-wealth for a +2-one": a +1 item costs 4
    r = call("minim_purchase", {"wealth": 4, "quality": 1}, faces=[4])
    assert (r.price, r.quality, r.outcome, r.wealth_after) == (4, 1, "bought", 3)
    assert "minim.md#Attacks" in r.rule_refs
    cheap = call("minim_purchase", {"wealth": 3, "quality": -2}, faces=[])
    assert (cheap.price, cheap.outcome) == (1, "free")


def test_quality_price_table_is_the_rulebook_scale():
    assert QUALITY_PRICE == {-2: 1, -1: 2, 0: 3, 1: 4, 2: 5}


@pytest.mark.parametrize("args", [{"wealth": 3}, {"wealth": 3, "price": 3, "quality": 0}])
def test_exactly_one_of_price_or_quality(registry, args):
    with pytest.raises(ToolArgumentError) as e:
        registry.validate("minim_purchase", args)
    assert [p.field for p in e.value.problems] == ["quality"]
    assert "exactly one of price" in str(e.value)


def test_every_bad_purchase_field_is_listed(registry):
    with pytest.raises(ToolArgumentError) as e:
        registry.validate("minim_purchase", {"wealth": 6, "price": 0, "faith": "lots", "cost": 2})
    assert {p.field for p in e.value.problems} == {"wealth", "price", "faith", "cost"}
