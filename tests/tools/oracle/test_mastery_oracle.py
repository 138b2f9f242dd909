"""Mastery's challenges, opposed challenges and attack rolls against icepool models of mastery.md.

The model: a pool of the campaign's dice (d6, d10 or d20), each die a success when it equals or exceeds the target
number; the pool is 1 + trait + ability + skill + circumstance, never below the one base die unless the challenge
has no guaranteed die (the book's "impossible"), where it may reach 0 and 0 dice cannot succeed.
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
    constant,
    engine_exact,
    model_exact,
    probability,
)

TN_TABLE = {6: {"Easy": 3, "Normal": 4, "Difficult": 5, "Extreme": 6},
            10: {"Easy": 4, "Normal": 6, "Difficult": 8, "Extreme": 10},
            20: {"Easy": 7, "Normal": 11, "Difficult": 15, "Extreme": 19}}
"""mastery.md#Challenges, the table of target numbers by difficulty and die."""


def tn_value(die: int, tn) -> int:
    return TN_TABLE[die][tn] if isinstance(tn, str) else tn


def pool_of(side: dict) -> int:
    """ "1 + trait + ability (if any) + skill (if any) + circumstance modifiers (if any)"; an ability or skill the GM
    ruled unfit adds nothing; "Unless a challenge is impossible, all characters get one base die, which cannot be
    removed due to modifiers"."""
    pool = (1 + side["trait"] + (0 if side.get("ability_unfit") else side.get("ability", 0))
            + (0 if side.get("skill_unfit") else side.get("skill", 0)) + side.get("circumstance", 0))
    impossible = side.get("no_guaranteed_die", False) or side.get("impossible", False)
    return max(0 if impossible else 1, pool)


def successes(pool: int, die: int, tn: int) -> icepool.Die:
    """ "counting the number of results that equal or exceed a Target Number"."""
    hit = icepool.d(die).map(lambda face: 1 if face >= tn else 0)
    return pool @ hit if pool > 0 else constant(0)


def signed(degree: int) -> str:
    return f"+{degree}" if degree > 0 else str(degree)


@st.composite
def sides(draw, flag_names=("no_guaranteed_die", "impossible")):
    side = {"trait": draw(st.integers(-2, 4)), "ability": draw(st.integers(0, 4)), "skill": draw(st.integers(0, 5)),
            "circumstance": draw(st.integers(-10, 4)), "ability_unfit": draw(st.booleans()),
            "skill_unfit": draw(st.booleans())}
    if draw(st.booleans()):
        side[draw(st.sampled_from(flag_names))] = True
    return side


def tns(die: int):
    """A named difficulty, or a number the die can reach (1 .. die)."""
    return st.sampled_from(sorted(TN_TABLE[die])) | st.integers(1, die)


@st.composite
def challenges(draw):
    die = draw(st.sampled_from([6, 10, 20]))
    spec = {"die": die, **draw(sides()), "tn": draw(tns(die)), "needed": draw(st.integers(1, 5))}
    return spec


@ORACLE
@given(challenges())
def test_mastery_challenge_matches_the_book(spec):
    """mastery.md#Challenges: "All challenges are made by rolling dice and counting the number of results that equal
    or exceed a Target Number." "For any solo challenge, the GM will require a certain number of successes". "The
    player then rolls a number of dice equal to: 1 + trait + ability (if any) + skill (if any) + circumstance
    modifiers (if any). Unless a challenge is impossible, all characters get one base die, which cannot be removed
    due to modifiers." (Engine team's reading, issue 28: the flag no_guaranteed_die, old name impossible, lets the
    pool fall to 0 dice, and 0 dice cannot succeed.)

    Strategy: d6/d10/d20, trait -2..4, ability 0..4, skill 0..5, circumstance -10..+4 (pools down to -11 before the
    floor), unfit flags, the no-guaranteed-die flag under either name, a named or numeric TN (1..die), 1-5 successes
    needed."""
    res = call("mastery_challenge", spec)
    count = successes(pool_of(spec), spec["die"], tn_value(spec["die"], spec["tn"]))
    assert_same(engine_exact(res.odds), model_exact(count), spec)
    assert_p_success(res.odds, probability(count, lambda c: c >= spec["needed"]), spec)


def side_successes(side: dict, die: int, rounding: str = "down") -> icepool.Die:
    """A side that does not roll: "just assume that they roll all average. That is, if they are looking for a
    "normal" target number, just make their degree of success = half their dice pool." """
    pool = pool_of(side)
    if side.get("rolls", True):
        return successes(pool, die, tn_value(die, side.get("tn", "Normal")))
    return constant(pool // 2 if rounding == "down" else (pool + 1) // 2)


@st.composite
def opposed_sides(draw, die):
    side = draw(sides())
    side["circumstance"] = draw(st.integers(-4, 3))  # keep contests of two pools fast
    side["rolls"] = draw(st.booleans()) or draw(st.booleans())
    side["tn"] = draw(tns(die)) if side["rolls"] else "Normal"  # the book's average is for a normal TN
    return side


@st.composite
def opposed_specs(draw):
    die = draw(st.sampled_from([6, 10, 20]))
    return {"die": die, "first": {"name": "first", **draw(opposed_sides(die))},
            "second": {"name": "second", **draw(opposed_sides(die))},
            "rounding": draw(st.sampled_from(["down", "up"]))}


@ORACLE
@given(opposed_specs())
def test_mastery_opposed_matches_the_book(spec):
    """mastery.md#Challenges: "When characters oppose one another, treat it as though both characters were
    performing solo challenges where the victor is the one with the most successes. In this circumstance, the degree
    of success is equal to the difference, rather than the absolute number of successes." #Fearsome Challenges:
    "just assume that they roll all average. That is, if they are looking for a "normal" target number, just make
    their degree of success = half their dice pool."

    Strategy: two sides drawn like a challenge's pool (circumstance -4..+3), each with its own TN; about a quarter
    of the sides do not roll (then at a Normal TN) and take half their pool, rounded down or up."""
    res = call("mastery_opposed", spec)
    first = side_successes(spec["first"], spec["die"], spec["rounding"])
    second = side_successes(spec["second"], spec["die"], spec["rounding"])
    degree = first - second
    assert_same(engine_exact(res.odds), model_exact(degree, signed), spec)
    assert_p_success(res.odds, probability(degree, lambda d: d > 0), spec)


@st.composite
def attack_specs(draw):
    die = draw(st.sampled_from([6, 10, 20]))
    attacker = draw(sides(flag_names=("no_guaranteed_die",)))
    defender = draw(sides(flag_names=("no_guaranteed_die",)))
    attacker["circumstance"] = draw(st.integers(-4, 3))
    defender["circumstance"] = draw(st.integers(-4, 3))
    defends = draw(st.sampled_from(["rolls", "rolls", "cannot", "average"]))
    return {"die": die, "tn": "Normal" if defends == "average" else draw(tns(die)),
            "attacker": {"name": "attacker", **attacker}, "defender": {"name": "defender", **defender},
            "defends": defends, "counter_attack": draw(st.booleans()), "weapon": draw(st.integers(-2, 4)),
            "armor": draw(st.integers(0, 4)), "damage_modifier": draw(st.integers(-2, 2)),
            "defender_health": 10, "rounding": draw(st.sampled_from(["down", "up"]))}


@FEW
@given(attack_specs())
def test_mastery_attack_roll_matches_the_book(spec):
    """mastery.md#Single-Action Roundtable: "Attacks are handled as contested challenges with the defender. Stunned
    or surprised characters cannot defend. If the attacker wins, he or she deals damage equal to their degree of
    success (plus any modifier from weapon or armor). If the defender wins, they gain a counter-attack advantage on
    their next turn of a single die." "Typical actions involve directly attacking the opponent, or modifying
    circumstances to get more dice on a future attack" (so the counter-attack die is a circumstance die, added before
    the one-base-die floor). #Fearsome Challenges for a foe that does not roll ("degree of success = half
    their dice pool"); the Comment: "If you feel that an attack deserves a damage modifier (such as a killing blow or
    a point-blank shot), propose it to the GM."

    Strategy: two pools as in a challenge, one TN for both, the defender rolling (half the time), unable to defend
    (0 dice) or average, the attacker's counter-attack die, weapon -2..+4, armor 0..4, a GM damage modifier -2..+2.
    Checks the degree's distribution and the damage's (degree + weapon - armor + modifier when the attacker wins, never
    below 0)."""
    res = call("mastery_attack_roll", spec)
    tn = tn_value(spec["die"], spec["tn"])
    # The counter-attack die is one more die of circumstance ("modifying circumstances to get more dice on a
    # future attack"), so it counts before the one-base-die floor, not on top of it.
    with_counter = {**spec["attacker"], "circumstance": spec["attacker"]["circumstance"] + int(spec["counter_attack"])}
    attacker = successes(pool_of(with_counter), spec["die"], tn)
    if spec["defends"] == "cannot":
        defender = constant(0)
    elif spec["defends"] == "average":
        defender = side_successes({**spec["defender"], "rolls": False}, spec["die"], spec["rounding"])
    else:
        defender = successes(pool_of(spec["defender"]), spec["die"], tn)
    degree = attacker - defender
    assert_same(engine_exact(res.odds), model_exact(degree, signed), spec)
    assert_p_success(res.odds, probability(degree, lambda d: d > 0), spec)
    bonus = spec["weapon"] - spec["armor"] + spec["damage_modifier"]
    damage = degree.map(lambda d: max(0, d + bonus) if d > 0 else 0)
    assert_same(engine_exact(res.damage_odds), model_exact(damage), spec)


@st.composite
def hazard_specs(draw):
    spec = draw(challenges())
    spec["damage"] = draw(st.integers(0, 6))
    if draw(st.booleans()):
        spec.pop("needed")
        spec["tn"] = "Normal"  # the book's average foe looks for a normal target number
        spec["foe_pool"] = draw(st.integers(2, 9))  # half of 0 or 1 die would be no successes to dodge at all
        spec["rounding"] = draw(st.sampled_from(["down", "up"]))
    return spec


@ORACLE
@given(hazard_specs())
def test_mastery_hazard_matches_the_book(spec):
    """mastery.md#Fearsome Challenges: "Jumping across the pit might take two successes against a difficult target
    number, with failure dealing 4 health boxes of damage". "To determine the number of successes to dodge the attack
    of a humanoid opponent, just assume that they roll all average. That is, if they are looking for a "normal"
    target number, just make their degree of success = half their dice pool."

    Strategy: a challenge drawn as above with 0-6 boxes of damage on failure; half the time the successes needed are
    an average foe's (a pool of 2-9 dice, half rounded down or up). Checks the successes, the success probability and
    the damage's distribution."""
    res = call("mastery_hazard", spec)
    needed = spec["needed"] if "foe_pool" not in spec else (
        spec["foe_pool"] // 2 if spec["rounding"] == "down" else (spec["foe_pool"] + 1) // 2)
    count = successes(pool_of(spec), spec["die"], tn_value(spec["die"], spec["tn"]))
    assert_same(engine_exact(res.odds), model_exact(count), spec)
    assert_p_success(res.odds, probability(count, lambda c: c >= needed), spec)
    damage = count.map(lambda c: 0 if c >= needed else spec["damage"])
    assert_same(engine_exact(res.damage_odds), model_exact(damage), spec)
