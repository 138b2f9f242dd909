"""Minim's tests, attacks and collaborations against icepool models of minim.md.

The model: each of the two d6 gives a partial result against the target (+1 / 0 / -1), the outcome is their sum.
A natural 1 always succeeds and a natural 6 always fails (the book's automatic success and failure); otherwise a
roll below the target succeeds, equal is neutral, above fails.
"""

from __future__ import annotations

import icepool
from hypothesis import given
from hypothesis import strategies as st

from tests.tools.oracle.books import (
    FEW,
    ORACLE,
    assert_p_success,
    assert_same,
    call,
    engine_exact,
    model_exact,
    probability,
)

SKILLS = ["art", "cure", "knowledge", "security", "technology", "coordination", "fight", "fire", "sports",
          "stealth", "coercion", "communication", "perception", "steering", "survival"]


def partial(roll: int, target: int) -> int:
    """minim.md#Tests: success if a 1 or lower than the target, neutral if equal, otherwise (a 6, higher) failure;
    #Bonuses and penalties: 1 is an automatic success for targets below 1 and 6 an automatic failure above 5."""
    if roll == 1:
        return 1
    if roll == 6:
        return -1
    if roll < target:
        return 1
    if roll == target:
        return 0
    return -1


def outcome_die(target: int) -> icepool.Die:
    """The outcome of one test: the sum of two partial results."""
    return 2 @ icepool.d6.map(lambda r: partial(r, target))


def target_of(spec: dict) -> int:
    """The target: trait, +1 with the skill or -1 without it (±0 with no clear skill), the summed bonuses and
    penalties, +1 for a faith point and +1 for a specialty."""
    skill = 0 if spec.get("skill") is None else (1 if spec["has_skill"] else -1)
    return (spec["trait"] + skill + spec.get("modifier", 0) + int(spec.get("faith", False))
            + int(spec.get("specialty", False)))


@st.composite
def check_specs(draw, skills=SKILLS, need_skill=False):
    spec = {"trait": draw(st.integers(1, 5))}
    skill = draw(st.sampled_from(skills) if need_skill else st.none() | st.sampled_from(skills))
    if skill is not None:
        spec["skill"] = skill
        spec["has_skill"] = draw(st.booleans())
    spec["modifier"] = draw(st.integers(-6, 6))
    spec["faith"] = draw(st.booleans())
    spec["specialty"] = draw(st.booleans())
    return spec


@ORACLE
@given(check_specs())
def test_minim_test_matches_the_book(spec):
    """minim.md#Tests: "Apply +1 to the trait-score if the character has that skill or a -1 if he doesn't ... This
    number will be the test's target. Now roll 2-dice ... If the roll is a 1; or lower than the target then you have
    a success (+1); If the dice roll is the same as the target, you have a neutral result (±0); Otherwise a 6; or a
    roll higher-than the target is a failure (-1). Add the first and second partial-results".
    #Bonuses and penalties: "Targets lower-than 1 only achieve successes with rolls of 1 (automatic-success); and 6
    (automatic-failures) for targets over-5." #Faith: "A point can be spent to provide a +1 bonus to an action".

    Strategy: trait 1-5, any skill or none (had or not), modifier -6..+6, faith and a specialty on or off; targets
    run from -2 to 13, so both automatic rules are reached."""
    res = call("minim_test", spec)
    die = outcome_die(target_of(spec))
    assert_same(engine_exact(res.odds), model_exact(die), spec)
    assert_p_success(res.odds, probability(die, lambda o: o >= 1), spec)


def test_minim_book_examples():
    """minim.md#Tests examples: target 4 rolling 3 and 4 is +1; target 1 rolling 1 and 5 is neutral ("a natural-1
    is an automatic-success"). The model's partial results give the same."""
    assert partial(3, 4) + partial(4, 4) == 1
    assert partial(1, 1) + partial(5, 1) == 0


def fatigue_on(outcome: int, weapon: int, armor: int) -> int:
    """minim.md#Attacks: weapon quality against armor quality, +1 for a success or +2 for a critical success,
    at least 1; no fatigue unless the attack succeeded."""
    if outcome < 1:
        return 0
    return max(1, weapon - armor + outcome)


def damage_die(outcome_die: icepool.Die, weapon: int, armor: int, threshold: int) -> icepool.Die:
    """Each point of fatigue is one avoidance die; a roll at or below the threshold avoids that point."""
    point = icepool.d6.map(lambda r: 0 if r <= threshold else 1)
    return outcome_die.map(lambda o: fatigue_on(o, weapon, armor) @ point)


@st.composite
def attack_specs(draw):
    spec = draw(check_specs(skills=["fight", "fire", "sports"], need_skill=True))
    spec["weapon_quality"] = draw(st.integers(-2, 2))
    spec["armor_quality"] = draw(st.integers(-2, 2))
    spec["defender_health"] = draw(st.integers(1, 6))
    spec["aim"] = draw(st.booleans())
    spec["adjacent_zone"] = spec["skill"] != "fight" and draw(st.booleans())
    spec["defending"] = draw(st.booleans())
    spec["avoidance_penalty"] = draw(st.sampled_from([0, -1, -2]))
    return spec


@ORACLE
@given(attack_specs())
def test_minim_attack_matches_the_book(spec):
    """minim.md#Attacks: "Brawl is used with Fight in close-range; Fire to shoot-missiles; and Sports to
    throw-objects ... In case of success calculate the fatigue-points inflicted based on the quality of the
    attacker's weapon; and defender's armor; with an extra +1 for a success or +2 for a critical-success. All-attacks
    have the potential to deal at-least 1-fatigue regardless of modifiers. ... the defender can avoid the
    damage-points by rolling a die per-point. Rolls equal or lower to their current-health cause 1 point to be
    avoided." "A character that only-defends gains +1 to health-rolls until next-turn. Aiming grants +1 to attack".
    #Zones: "Firing projectiles or throwing objects to an adjacent-zone incurs a -1 penalty". #Initiative: a
    surprised character's failure grants "-1 or -2 to health-rolls". The example: "a hero with a +1-sword versus a
    ruffian wearing a torn; -1 leather-armor will inflict 3 fatigue-points on a success".

    Strategy: the test's ranges with fight/fire/sports (always named), weapon and armor -2..+2, defender health
    1-6, aim, adjacent zone (not for fight), defending and a surprise penalty 0/-1/-2. Checks the test odds and the
    distribution of health lost."""
    res = call("minim_attack", spec)
    target = target_of(spec) + int(spec["aim"]) - int(spec["adjacent_zone"])
    outcome = outcome_die(target)
    assert_same(engine_exact(res.odds), model_exact(outcome), spec)
    assert_p_success(res.odds, probability(outcome, lambda o: o >= 1), spec)
    threshold = spec["defender_health"] + int(spec["defending"]) + spec["avoidance_penalty"]
    damage = damage_die(outcome, spec["weapon_quality"], spec["armor_quality"], threshold)
    assert_same(engine_exact(res.damage_odds), model_exact(damage), spec)


def test_minim_attack_book_example():
    """minim.md#Attacks: "+1-sword versus a ... -1 leather-armor will inflict 3 fatigue-points on a success"."""
    assert fatigue_on(1, 1, -1) == 3


@FEW
@given(st.lists(check_specs(), min_size=1, max_size=4))
def test_minim_collaboration_matches_the_book(tests):
    """minim.md#Collaboration: "each makes their-own test ... Sum all-results to determine the action's out-come."
    "Out-comes higher-than +2 or lower-than -2 are bound to these limits."

    Strategy: 1-4 participants, each drawn like a single test."""
    res = call("minim_collaborate", {"tests": tests})
    total = icepool.Die([0])
    for spec in tests:
        total = total + outcome_die(target_of(spec))
    bound = total.map(lambda t: max(-2, min(2, t)))
    assert_same(engine_exact(res.odds), model_exact(bound), tests)
    assert_p_success(res.odds, probability(bound, lambda o: o >= 1), tests)


SURPRISE = {2: "can act", 1: "can act", 0: "cannot act", -1: "cannot act, -1 to health-rolls",
            -2: "cannot act, -2 to health-rolls"}


@ORACLE
@given(check_specs(skills=["perception"], need_skill=True))
def test_minim_surprise_matches_the_book(spec):
    """minim.md#Initiative: "a surprised-character cannot-act on the first-round of battle unless it passes a
    perception-test. Neutral out-comes mean the character cannot-act and failures will also make-him unable to
    defend, granting -1 or -2 to health-rolls!"

    Strategy: a perception test drawn like any test (trait 1-5, had or not, modifier -6..+6, faith, specialty)."""
    res = call("minim_surprise", spec)
    die = outcome_die(target_of(spec)).map(SURPRISE)
    assert_same(engine_exact(res.odds), model_exact(die), spec)
    assert_p_success(res.odds, probability(die, lambda o: o == "can act"), spec)


@ORACLE
@given(st.integers(1, 5), st.integers(1, 4))
def test_minim_power_matches_the_book(score, faith):
    """minim.md#Powers: "characters use powers by spending a faith-point and rolling a die. If the result is equal or
    lower than its power-score it is activated; else the action is wasted".

    Strategy: power score 1-5, 1-4 faith points."""
    spec = {"power": "fire-ball", "score": score, "faith": faith}
    res = call("minim_power", spec)
    die = icepool.d6.map(lambda r: "activated" if r <= score else "wasted")
    assert_same(engine_exact(res.odds), model_exact(die), spec)
