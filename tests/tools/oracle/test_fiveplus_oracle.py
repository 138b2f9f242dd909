"""5+'s checks, help and raised stakes against icepool models of five-plus.md.

The model: 2d6 summed; the action succeeds when the sum lies in the success range [5 + rank, 5 + proficiency],
proficiency being the descriptor's level less its damage plus every bonus and penalty. A success accumulates
successes read from the same two dice: the lowest die normally, none under immunity, 1 under resistance, the highest
under weakness, plus what descriptors add.
"""

from __future__ import annotations

import icepool
from hypothesis import given
from hypothesis import strategies as st

from tests.tools.oracle.books import (
    ORACLE,
    assert_p_success,
    assert_same,
    call,
    engine_exact,
    model_exact,
    probability,
)


def success_range(check: dict) -> tuple[int, int]:
    """#3.1 Success Range: "Choose any appropriate descriptor ... Subtract the damage (if available) from the level.
    To that value, add all trait and condition bonuses and penalties ... Add the proficiency to 5 to determine the
    upper bound"; "Each challenge will have a rank ... added to 5 to determine the success range lower bound"."""
    lower = 5 + check.get("rank", 0)
    upper = 5 + check["level"] - check.get("damage", 0) + check.get("modifier", 0)
    return lower, upper


def sum_die() -> icepool.Die:
    return 2 @ icepool.d6


def succeeds(check: dict) -> icepool.Die:
    lower, upper = success_range(check)
    return sum_die().map(lambda s: lower <= s <= upper)


def successes_die(check: dict) -> icepool.Die:
    """#Successes: "The default number of successes obtain is the lowest value rolled. This value may be ignored
    (immunity), downgraded to 1 (resistance), or upgraded to the highest value rolled (weakness). However,
    descriptors can provide modifiers"; a failed action accumulates none."""
    lower, upper = success_range(check)
    mode = check.get("successes_mode", "normal")
    extra = check.get("extra_successes", 0)

    def read(a: int, b: int) -> int:
        if not lower <= a + b <= upper:
            return 0
        if mode == "immunity":  # the successes are "ignored": an immune target takes none, extra ones included
            return 0
        base = {"normal": min(a, b), "resistance": 1, "weakness": max(a, b)}[mode]
        return max(0, base + extra)

    return icepool.map(read, icepool.d6, icepool.d6)


def pass_fail(die: icepool.Die, check: dict | None = None) -> dict:
    """success / failure; a range whose upper bound is below its lower bound is reported as "impossible" ("the
    range is invalid, and the character is not capable of succeeding no matter what")."""
    if check is not None:
        lower, upper = success_range(check)
        if upper < lower:
            return {"impossible": 1}
    p = probability(die, bool)
    return {label: q for label, q in (("success", p), ("failure", 1 - p)) if q}


@st.composite
def checks(draw):
    return {"level": draw(st.integers(0, 8)), "damage": draw(st.integers(0, 3)),
            "modifier": draw(st.integers(-4, 4)), "rank": draw(st.integers(-2, 4)), "tier": draw(st.integers(0, 3)),
            "successes_mode": draw(st.sampled_from(["normal", "immunity", "resistance", "weakness"])),
            "extra_successes": draw(st.integers(-2, 2))}


@ORACLE
@given(checks())
def test_fiveplus_check_matches_the_book(check):
    """five-plus.md#3.1 Success Range: "integrating all the values that modify the chances of a given action's
    success ... into a range of values to which the sum of a 2d6 is compared to. If this sum is within the success
    range, then the action succeeds as intended." "if the upper bound is below the lower bound, the range is invalid,
    and the character is not capable of succeeding no matter what." The sneak example: "5 + 4 (skill level) + 1
    (training bonus) -1 (situation) = 9. The lower bound is 5 + 2 (rank) = 7".
    #Successes: "The default number of successes obtain is the lowest value rolled. This value may be ignored
    (immunity), downgraded to 1 (resistance), or upgraded to the highest value rolled (weakness)."

    Strategy: level 0..8, damage 0..3, modifier -4..+4, rank -2..+4 (empty ranges included), tier 0..3, every
    successes mode, -2..+2 extra successes (never below 0 in all; an immune target takes none at all). Checks
    success/failure and the successes' distribution."""
    res = call("fiveplus_check", check)
    assert_same(engine_exact(res.odds), pass_fail(succeeds(check), check), check)
    assert_p_success(res.odds, probability(succeeds(check), bool), check)
    assert_same(engine_exact(res.successes_odds), model_exact(successes_die(check)), check)


def test_fiveplus_book_example_range():
    """The sneak example: range 7-9, "if the sum of the 2d6 is 7, 8 or 9, the character's action succeeds"."""
    assert success_range({"level": 4, "modifier": 0, "rank": 2}) == (7, 9)
    res = call("fiveplus_check", {"level": 4, "rank": 2})
    assert engine_exact(res.odds)["success"] == probability(sum_die(), lambda s: 7 <= s <= 9)


@st.composite
def help_specs(draw):
    check = draw(checks())
    return {"mode": draw(st.sampled_from(["different_action", "everyone"])),
            "check": {k: check[k] for k in ("level", "damage", "modifier", "rank")}}


@ORACLE
@given(help_specs())
def test_fiveplus_help_matches_the_book(spec):
    """five-plus.md#Helping: "Besides helping in a single action, it is possible for characters to help each other
    using different actions. On such cases, the help action needs to succeed to provide the help bonus." "it may also
    be possible for a character to help all other characters in their various actions simultaneously ... all other
    characters will gain the help bonus from one single action, however, the action will suffer from a -1 difficulty
    penalty."

    Strategy: a help action (different action, or helping everyone at -1) with the helper's check drawn like a
    check (level 0..8, damage 0..3, modifier -4..+4, rank -2..+4)."""
    res = call("fiveplus_help_bonus", spec)
    check = dict(spec["check"])
    if spec["mode"] == "everyone":
        check["modifier"] = check.get("modifier", 0) - 1
    die = succeeds(check)
    assert_same(engine_exact(res.odds), pass_fail(die, check), spec)
    assert_p_success(res.odds, probability(die, bool), spec)


@st.composite
def stakes_specs(draw):
    check = draw(checks())
    return {"check": {k: check[k] for k in ("level", "damage", "modifier", "rank")},
            "first": [draw(st.integers(1, 6)), draw(st.integers(1, 6))],
            "fatigue": {"name": "Fatigue", "counter": 0, "level": 6, "tier": 0}}


@ORACLE
@given(stakes_specs())
def test_fiveplus_stakes_matches_the_book(spec):
    """five-plus.md#Abilities: "One default ability to consider is raising the action stakes. ... For the cost of 1
    fatigue damage, the dice can be re-rolled to either revert a failure or strengthen a success". The re-roll is a
    fresh 2d6 against the same success range, whatever the first roll was.

    Strategy: a check as above, any first roll, a fatigue resistance with room for the 1 damage."""
    res = call("fiveplus_stakes", spec)
    die = succeeds(spec["check"])
    assert_same(engine_exact(res.odds), pass_fail(die, spec["check"]), spec)


@st.composite
def practice_specs(draw):
    marked = [{"name": name, "level": draw(st.integers(0, 6)), "tier": draw(st.integers(0, 3))}
              for name in ("shield", "sword")]
    return {"descriptors": marked, "roll_for": draw(st.integers(0, 1))}


@ORACLE
@given(practice_specs())
def test_fiveplus_practice_roll_matches_the_book(spec):
    """five-plus.md#3.3 Improvement: "if the same number is rolled on both dice (double) then the character notices
    something interesting ... If the double is at least the current descriptor level plus tier value, the character
    learns from the action, immediately improving it by gaining a level ... Otherwise, you may mark the skill". "for
    each practice the player chooses two marked descriptors and removed the marking in order to attempt a free level
    up 2d6 roll for one of them".

    Strategy: two marked descriptors with level 0-6 and tier 0-3, either one practised."""
    res = call("fiveplus_practice_roll", spec)
    chosen = spec["descriptors"][spec["roll_for"]]
    need = chosen["level"] + chosen["tier"]

    def read(a: int, b: int) -> str:
        if a != b:
            return "nothing"
        return "improved" if a >= need else "marked"

    assert_same(engine_exact(res.odds), model_exact(icepool.map(read, icepool.d6, icepool.d6)), spec)
