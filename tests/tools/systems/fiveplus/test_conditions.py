"""Conditions with a level and a tier: the book's snakebite, Poisoned(3:2), step by step with scripted dice."""

from __future__ import annotations

POISON = {"name": "Poisoned", "level": 3, "tier": 2, "reset_level": 3, "permanent_tier": 4, "becomes": "Paranoid"}
MEDICINE = {"level": 3, "modifier": 1, "descriptor": "medicine"}
PHYSICAL = {"level": 3, "descriptor": "Physical"}


def test_a_successful_medical_check_decreases_the_level(call):
    """"A character is bitten by a snake, gaining the descriptor Poisoned(3:2) … A successful medical check decreases
    the level of the descriptor.\""""
    r = call("fiveplus_condition", {"condition": POISON, "treatment": MEDICINE, "resistance": PHYSICAL}, faces=[3, 4])
    assert r.treatment.success and (r.after.level, r.after.tier) == (2, 2) and r.outcome == "eased"
    assert r.resistance_check is None  # no 1 rolled
    assert r.penalty == -2  # "penalty to perception equal to the descriptor tier"


def test_level_0_drops_the_tier_and_restarts_the_level_at_3(call):
    """"If the level is reduced to 0, the tier is decrease by 1 and the level restarted at 3 until reduced to tier
    0.\""""
    r = call("fiveplus_condition", {"condition": {**POISON, "level": 1}, "treatment": MEDICINE}, faces=[3, 4])
    assert (r.after.level, r.after.tier) == (3, 1)
    cured = call("fiveplus_condition", {"condition": {**POISON, "level": 1, "tier": 1}, "treatment": MEDICINE},
                 faces=[3, 4])
    assert cured.cured and cured.after.tier == 0 and cured.outcome == "cured"


def test_a_1_calls_a_physical_resistance_check_and_a_failure_gains_a_level(call):
    """"Physical resistance checks are required every time a 1 is rolled and, if failed, the poison corrodes deeper
    gaining a level.\""""
    r = call("fiveplus_condition", {"condition": POISON, "treatment": {**MEDICINE, "level": 0, "modifier": 0},
                                    "resistance": PHYSICAL}, faces=[1, 6, 6, 6])
    assert not r.treatment.success and r.treatment.ones == 1
    assert r.resistance_check is not None and not r.resistance_check.success
    assert (r.after.level, r.after.tier) == (1, 3) and r.outcome == "worse"  # level 3 + 1 → the tier above
    held = call("fiveplus_condition", {"condition": POISON, "treatment": MEDICINE, "resistance": PHYSICAL},
                faces=[1, 4, 3, 3])
    assert held.treatment.success and held.resistance_check.success and (held.after.level, held.after.tier) == (2, 2)


def test_tier_4_is_permanent_the_paranoid_trait(call):
    """"If the descriptor reaches tier 4, the character is permanently affected, gaining the paranoids trait.\""""
    r = call("fiveplus_condition", {"condition": {**POISON, "level": 3, "tier": 3}, "resistance": PHYSICAL,
                                    "one_rolled": True}, faces=[6, 6])
    assert r.permanent and r.trait == "Paranoid" and (r.after.level, r.after.tier) == (1, 4)


def test_without_a_1_no_resistance_check(call):
    r = call("fiveplus_condition", {"condition": POISON, "treatment": MEDICINE, "resistance": PHYSICAL}, faces=[5, 6])
    assert not r.treatment.success and r.resistance_check is None and r.after.level == 3
