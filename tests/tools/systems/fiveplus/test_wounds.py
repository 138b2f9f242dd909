"""Resistances and wounds: damage on the counter, the wound above the level, incapacitation above the tier."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from narrator.tools.phrases import steps_of
from narrator.tools.systems.fiveplus.wounds import ResistanceState, apply_damage


def test_the_dragon_burns_away_a_tier_1_resistance(call):
    """"For example, a dragon burns away the character's tier 1 resistance with 7 damage. The character will gain a
    minor burned wound, imposing a constant -1 penalty to all actions 1 damage to the tier 2 resistance.\""""
    r = call("fiveplus_resistance_damage", {"resistance": {"name": "Physical", "counter": 0, "level": 6, "tier": 1},
                                            "amount": 7, "wound": "burned"})
    out = r.outcome
    assert out.wounds_gained == 1 and out.wound_level_after == 1 and not out.major and not r.incapacitated
    assert r.penalty == -1  # "a constant -1 penalty to all actions"
    assert out.counter_after == 1 and out.current_tier == 2  # "1 damage to the tier 2 resistance"
    assert any("burned" in s for s in steps_of(r))


def test_health_0_3_1_resets_while_the_wound_is_not_above_the_tier():
    """"Health (0/3:1) … If the damage accumulated to Health is above its level, the character gains a wound
    descriptor. The damage accumulated resets to 0 if the wound level below Health's tier, otherwise, the character
    is incapacitated.\""""
    health = ResistanceState(name="Health", counter=0, level=3, tier=1)
    first = apply_damage(health, 4)
    assert (first.wound_level_after, first.counter_after, first.major) == (1, 1, False)
    second = apply_damage(health.model_copy(update={"counter": first.counter_after, "wound_level": 1}), 3)
    assert second.wound_level_after == 2 and second.major and second.counter_after == 0


def test_the_scaffold_tier_0_resistance_is_incapacitated_by_its_first_wound():
    out = apply_damage(ResistanceState(name="Physical", counter=2, level=3, tier=0), 2)
    assert out.major and out.wound_level_after == 1 and out.lost == 1


def test_damage_up_to_the_level_is_no_wound():
    out = apply_damage(ResistanceState(name="Physical", counter=1, level=3, tier=0), 2)
    assert (out.counter_after, out.wound_level_after, out.wounds_gained) == (3, 0, 0)


def test_protection_reduces_and_immunity_prevents():
    """Items "can either reduce or prevent certain types of damage"."""
    r = ResistanceState(name="Physical", counter=0, level=3, tier=1)
    assert apply_damage(r, 3, reduction=1).counter_after == 2
    assert apply_damage(r, 3, immune=True).taken == 0


@settings(max_examples=300, deadline=None)
@given(counter=st.integers(0, 20), level=st.integers(0, 12), tier=st.integers(0, 6), wound=st.integers(0, 6),
       amount=st.integers(0, 60), reduction=st.integers(0, 5))
def test_damage_is_conserved_until_incapacitation(counter, level, tier, wound, amount, reduction):
    counter, wound = min(counter, level), min(wound, tier)  # a resistance as play leaves it
    r = ResistanceState(counter=counter, level=level, tier=tier, wound_level=wound)
    out = apply_damage(r, amount, reduction)
    assert out.taken == max(0, amount - reduction)
    assert out.counter_after <= max(level, counter) and out.counter_after >= 0
    if not out.major:
        # every point is on the counter or was absorbed by a wound (the level plus one per wound)
        assert counter + out.taken == out.counter_after + out.wounds_gained * level
        assert out.wound_level_after <= tier
    else:
        assert out.wound_level_after > tier and out.counter_after == 0


def test_more_damage_on_an_incapacitated_resistance_is_lost():
    out = apply_damage(ResistanceState(counter=0, level=3, tier=0, wound_level=1), 5)
    assert out.major and out.lost == 5 and out.counter_after == 0 and out.wounds_gained == 0


def test_damage_that_becomes_a_wound_is_no_recovery():
    """ "gaining a wound immediately restore all accumulated damage" (five-plus.md#Wounds): the counter starts again,
    but the damage became the wound. Seen in 5+: a witch's curse that incapacitated was told "You go down. You feel
    better." — the counter's fall read as healing."""
    from narrator.tools.systems.fiveplus.effects import descriptor_effects

    before = {"physical": {"name": "Physical", "kind": "resistance", "counter": 2, "level": 2, "tier": 0}}
    after = {"physical": {"name": "Physical", "kind": "resistance", "counter": 0, "level": 2, "tier": 0},
             "physical wound": {"name": "Physical wound", "kind": "wound", "level": 1, "major": True,
                                "of": "Physical"}}
    kinds = [(e.kind, e.what) for e in descriptor_effects("Kit", before, after)]
    assert ("downed", "Physical wound (major wound)") in kinds and not any(k == "healed" for k, _ in kinds)
    rested = {"physical": {"name": "Physical", "kind": "resistance", "counter": 1, "level": 2, "tier": 0}}
    assert [e.kind for e in descriptor_effects("Kit", before, rested)] == ["healed"]  # a rest still recovers
