"""minim_challenge: the rulebook's worked examples verbatim, the median tier, exact sums, bands and modifiers."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from narrator.tools.errors import ToolArgumentError
from narrator.tools.systems.minim.challenge import challenge_of, rating_of, tier_of
from narrator.tools.phrases import steps_of

# The tier table as printed in minim.md#Challenge, typed here independently of rules.py.
TABLE = {5: Fraction(100), 4: Fraction(20), 3: Fraction(5), 2: Fraction(1), 1: Fraction(2, 10)}


def test_worked_example_2_tier3_foes_5_tier4_characters_combined_110(call):
    # "2 tier-3 foes have a challenge of 10 (2 X 5); 5 tier-4 characters have a challenge of 100 (5 X 20);
    #  both-combined have 110."
    r = call("minim_challenge", {"party": [{"tier": 4, "count": 5}], "foes": [{"tier": 3, "count": 2}]})
    assert r.foes.total_exact == "10" and r.foes.total == 10
    assert r.party.total_exact == "100" and r.party.total == 100
    assert r.combined_exact == "110" and r.combined == 110
    assert r.foes.members[0].challenge_each_exact == "5"
    assert r.party.members[0].challenge_each_exact == "20"
    assert r.ratio_exact == "1/10" and r.rating == "easy"
    assert r.rule_refs == ["minim.md#Challenge"]
    assert "foe 1: tier 3 → challenge 2 × 5 = 10" in steps_of(r)
    assert "party member 1: tier 4 → challenge 5 × 20 = 100" in steps_of(r)


def test_every_trait_at_4_is_tier_4(call):
    # "A character with every trait exactly at value 4 is considered to be tier-4."
    assert tier_of([4, 4, 4]) == 4
    r = call("minim_challenge", {"party": [{"name": "Ana", "traits": [4, 4, 4]}]})
    member = r.party.members[0]
    assert (member.name, member.tier, member.challenge_exact) == ("Ana", 4, "20")
    assert "Ana: median of traits [4, 4, 4] is tier 4 → challenge 20" in steps_of(r)


@pytest.mark.parametrize("traits", [(2, 3, 4), (4, 3, 2), (3, 4, 2), (2, 4, 3)])
def test_median_of_2_3_4_is_3_in_any_order(traits):
    assert tier_of(traits) == 3


def test_typical_starting_character_is_tier_3_worth_5():
    # "A typical player-character starting at tier-3 will have roughly 5-challenge" (traits 4, 3 and 2)
    assert tier_of([4, 3, 2]) == 3 and challenge_of(3) == 5


@given(st.lists(st.integers(1, 5), min_size=3, max_size=3))
def test_tier_is_a_trait_with_at_least_two_traits_on_each_side(traits):
    t = tier_of(traits)
    assert t in traits
    assert sum(x >= t for x in traits) >= 2 and sum(x <= t for x in traits) >= 2


@pytest.mark.parametrize("tier", [1, 2, 3, 4, 5])
def test_challenge_table_is_exact(tier):
    assert challenge_of(tier) == TABLE[tier]
    assert isinstance(challenge_of(tier), Fraction)


@pytest.mark.parametrize("bad", [[1, 2], [1, 2, 3, 4], [0, 3, 3], [3, 3, 6]])
def test_tier_of_rejects_anything_but_three_scores(bad):
    with pytest.raises(ValueError):
        tier_of(bad)


def test_tier_1_is_one_fifth_exactly_and_five_of_them_sum_to_exactly_1(call):
    r = call("minim_challenge", {"party": [{"tier": 1, "count": 5}], "foes": [{"tier": 1}]})
    assert r.party.members[0].challenge_each_exact == "1/5"
    assert r.party.members[0].challenge_each == pytest.approx(0.2)
    assert r.party.total_exact == "1"  # 0.2 * 5 in floats is not always 1; exact fractions are
    assert r.ratio_exact == "1/5" and r.rating == "moderate"


@given(st.lists(st.tuples(st.integers(1, 5), st.integers(1, 50)), min_size=1, max_size=8),
       st.lists(st.tuples(st.integers(1, 5), st.integers(1, 50)), max_size=8))
def test_totals_are_the_exact_sums_of_the_table(party, foes):
    from narrator.tools.dice import Roller
    from narrator.tools.registry import default_registry

    args = {"party": [{"tier": t, "count": c} for t, c in party], "foes": [{"tier": t, "count": c} for t, c in foes]}
    r = default_registry().call("minim_challenge", args, Roller(0))
    p = sum((TABLE[t] * c for t, c in party), Fraction(0))
    f = sum((TABLE[t] * c for t, c in foes), Fraction(0))
    assert Fraction(r.party.total_exact) == p and Fraction(r.foes.total_exact) == f
    assert Fraction(r.combined_exact) == p + f
    assert Fraction(r.ratio_exact) == f / p
    assert r.ratio == pytest.approx(float(f / p))


@pytest.mark.parametrize("party,foes,ratio,rating", [
    ([{"tier": 3}], [], "0", "easy"),
    ([{"tier": 3}], [{"tier": 1, "count": 4}], "4/25", "easy"),  # 0.8 / 5, just under a fifth
    ([{"tier": 3}], [{"tier": 2}], "1/5", "moderate"),  # "A fifth of the challenge is a moderate fight"
    ([{"tier": 3}], [{"tier": 2, "count": 2}, {"tier": 1, "count": 2}], "12/25", "moderate"),  # 2.4 / 5
    ([{"tier": 2, "count": 2}], [{"tier": 2}], "1/2", "deadly"),  # "even half the challenge ... eliminating"
    ([{"tier": 3}], [{"tier": 5}], "20", "deadly"),
])
def test_rating_bands(call, party, foes, ratio, rating):
    r = call("minim_challenge", {"party": party, "foes": foes})
    assert (r.ratio_exact, r.rating) == (ratio, rating)
    assert steps_of(r)[-1].endswith(rating)


def test_rating_band_edges():
    assert rating_of(Fraction(1, 5) - Fraction(1, 10**9)) == "easy"
    assert rating_of(Fraction(1, 5)) == "moderate"
    assert rating_of(Fraction(1, 2) - Fraction(1, 10**9)) == "moderate"
    assert rating_of(Fraction(1, 2)) == "deadly"


def test_environmental_advantage_doubles_and_disadvantage_halves(call):
    # Foes that prepared the room with traps: doubled; a party caught asleep: halved.
    base = {"party": [{"tier": 3, "count": 4}], "foes": [{"tier": 3, "count": 2}]}
    plain = call("minim_challenge", base)
    doubled = call("minim_challenge", {**base, "foes_multiplier": 2})
    both = call("minim_challenge", {**base, "foes_multiplier": 2, "party_multiplier": "1/2"})
    assert (plain.ratio_exact, plain.rating) == ("1/2", "deadly")
    assert doubled.foes.base_exact == "10" and doubled.foes.total_exact == "20" and doubled.ratio_exact == "1"
    assert both.party.total_exact == "10" and both.party.multiplier_exact == "1/2" and both.ratio_exact == "2"
    assert "minim.md#Environmental-modifiers" in both.rule_refs
    assert "minim.md#Environmental-modifiers" not in plain.rule_refs
    assert any("× 2 for environmental modifiers = 20" in s for s in steps_of(doubled))


def test_an_advantage_may_be_worth_one_and_a_half(call):
    """"Each such-advantage will modify the group benefiting or suffering from-it as-much as-doubling or halving its
    challenge": as much as, so ×1.5 for a modest edge is as good a factor as ×2."""
    r = call("minim_challenge", {"party": [{"tier": 3, "count": 2}], "foes": [{"tier": 3, "count": 2}],
                                 "foes_multiplier": 1.5})
    assert (r.foes.base_exact, r.foes.multiplier_exact, r.foes.total_exact) == ("10", "3/2", "15")
    assert r.ratio_exact == "3/2" and r.rating == "deadly"
    assert any("× 3/2 for environmental modifiers = 15" in s for s in steps_of(r))


@pytest.mark.parametrize("given_value,exact", [(0.5, "1/2"), ("1/2", "1/2"), ("3/4", "3/4"), (1, "1"), (1.5, "3/2"),
                                               ("4/3", "4/3"), (2, "2"), ([2, 2], "4"), ([2, "1/2"], "1"),
                                               ([1.5, 0.5, "2"], "3/2"), ([], "1")])
def test_any_factor_from_a_half_to_two_per_advantage_and_lists_multiply(call, given_value, exact):
    r = call("minim_challenge", {"party": [{"tier": 4}], "foes": [{"tier": 4}], "foes_multiplier": given_value})
    assert r.foes.multiplier_exact == exact
    assert Fraction(r.foes.total_exact) == 20 * Fraction(exact)


@pytest.mark.parametrize("bad", [0.25, "1/4", 4, 2.5, [2, 3], ["1/3"], 0, float("inf"), [2, float("-inf")],
                                 float("nan")])
def test_a_factor_beyond_doubling_or_halving_is_refused(registry, bad):
    with pytest.raises(ToolArgumentError) as e:
        registry.validate("minim_challenge", {"party": [{"tier": 4}], "foes": [{"tier": 4}], "foes_multiplier": bad})
    assert "from 1/2 to 2" in str(e.value)


def test_every_bad_field_is_listed(registry):
    with pytest.raises(ToolArgumentError) as e:
        registry.validate("minim_challenge", {
            "party": [],
            "foes": [{"traits": [1, 2]}, {"tier": 3, "traits": [3, 3, 3]}, {}, {"tier": 6}, {"tier": 2, "count": 0}],
            "party_multiplier": 3,
            "foes_multiplier": "lots",
            "terrain": "swamp",
        })
    fields = {p.field for p in e.value.problems}
    assert fields == {"party", "foes.0.traits", "foes.1", "foes.2", "foes.3.tier", "foes.4.count",
                      "party_multiplier", "foes_multiplier", "terrain"}
    assert "exactly one of traits" in str(e.value)
    assert "from 1/2 to 2" in str(e.value) and "'lots' is not a factor" in str(e.value)


def test_list_limits(registry):
    with pytest.raises(ToolArgumentError) as e:
        registry.validate("minim_challenge", {"party": [{"tier": 1}] * 101, "foes": [{"tier": 1}] * 101})
    assert {p.field for p in e.value.problems} == {"party", "foes"}
    registry.validate("minim_challenge", {"party": [{"tier": 1}] * 100, "foes": [{"tier": 1}] * 100})
