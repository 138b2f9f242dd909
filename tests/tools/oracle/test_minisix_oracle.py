"""Mini Six's rolls, dodges and damage against icepool models of mini-six.md.

The model: a die code ND+P is first normalised (every 3 pips are one more die: "Going to "+3" advances the die code
to the next largest die"); then N-1 plain d6 plus one Wild Die that explodes on a 6 (add the six and roll again, as
often as sixes come up) plus the pips. icepool's explosion has a finite depth; the depth is chosen so that every
chain it cuts off already lies above every boundary the test reads (a target number, a wound band), which makes the
comparison exact for an unbounded explosion.

mini-six.md has no rule for a 1 on the Wild Die (no complication, no removed die), so the model has none.
"""

from __future__ import annotations

import icepool
from hypothesis import assume, given
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


def normalised(dice: int, pips: int) -> tuple[int, int]:
    """ "Each die is equal to three pips." "Going to "+3" advances the die code to the next largest die. Example
    progression is 1D, 1D+1, 1D+2, 2D, 2D+1, etc." """
    total = 3 * dice + pips
    return total // 3, total % 3


def code_roll(dice: int, pips: int, highest_boundary: int) -> icepool.Die:
    """ "One die rolled is always the Wild Die ... If the wild die results in a six, then roll again adding the six
    and the new result together. If a six comes up on the reroll, then you add six and reroll again! Keep doing it
    until the wild die lands on something other than a 6." Exact for every question about totals up to
    ``highest_boundary``: a chain cut at depth k already totals at least 6 (k + 1) + (dice - 1) + pips."""
    depth = max(1, highest_boundary // 6 + 1)
    wild = icepool.d6.explode(depth=depth)
    plain = (dice - 1) @ icepool.d6 if dice > 1 else icepool.Die([0])
    return plain + wild + pips


@st.composite
def codes(draw, min_dice=1, max_dice=6):
    """Codes as a player writes them, pips 0..5: half of them have 3+ pips and must be normalised first."""
    dice = draw(st.integers(min_dice, max_dice))
    pips = draw(st.integers(0, 5))
    return f"{dice}D+{pips}" if pips else f"{dice}D"


@st.composite
def roll_specs(draw):
    code = draw(codes())
    n, _ = normalised(*_parse(code))
    extra = draw(st.integers(0, 3))
    penalty = draw(st.integers(0, 3))
    assume(n - extra - penalty >= 1)  # "A character must be able to allocate at least one die to each action."
    spec = {"code": code, "extra_actions": extra, "penalty_dice": penalty}
    if draw(st.booleans()):
        spec["double"] = True  # Lucky: "Double the result of your next roll" (the roll as the code reads)
    else:
        spec["modifier"] = draw(st.integers(-6, 6))
        spec["hero_points"] = draw(st.integers(0, 3))
    spec["tn"] = draw(st.integers(1, 45))
    return spec


@ORACLE
@given(roll_specs())
def test_minisix_roll_matches_the_book(spec):
    """mini-six.md#Dice Basics: "The number before the "D" is how many to roll, and any number after a + is how much
    to add to the roll. ... One die rolled is always the Wild Die. ... If the wild die results in a six, then roll
    again adding the six and the new result together." #How to Make a Character: "Going to "+3" advances the die code
    to the next largest die." #Multiple Actions: "withholding one die from every action they attempt, for each action
    beyond the first". #Wound Level Effects: "-1D for all actions". #Attacking a Target: "The Target Number, or TN, is
    the number needed to successfully hit the target." Hero Points: "add +6 ... per HP (max +18), as well as to dice
    rolls". Lucky: "Double the result of your next roll."

    Strategy: codes 1D..6D with 0..5 pips (3+ pips normalised: 3D+5 rolls 4D+2), 0-3 extra actions and 0-3 penalty
    dice leaving at least 1D, either doubled (Lucky) or with a flat modifier -6..+6 and 0-3 Hero Points, TN 1..45."""
    res = call("minisix_roll", spec)
    dice, pips = normalised(*_parse(spec["code"]))
    dice -= spec["extra_actions"] + spec["penalty_dice"]
    flat = spec.get("modifier", 0) + 6 * spec.get("hero_points", 0)
    factor = 2 if spec.get("double") else 1
    total = code_roll(dice, pips, spec["tn"] + 10).map(lambda t: factor * (t + flat))
    success = probability(total, lambda t: t >= spec["tn"])
    oracle = {label: p for label, p in (("success", success), ("failure", 1 - success)) if p}
    assert_same(engine_exact(res.odds), oracle, spec)
    assert_p_success(res.odds, success, spec)


def _parse(code: str) -> tuple[int, int]:
    dice, _, pips = code.partition("D")
    return int(dice), int(pips.lstrip("+") or 0)


def test_minisix_normalising_changes_the_odds():
    """The book's progression makes 3D+5 the code 4D+2; rolled as written the odds would differ (the reason the
    engine team normalises, issue 28)."""
    assert normalised(3, 5) == (4, 2)
    as_written = probability(code_roll(3, 5, 15), lambda t: t >= 15)
    as_normalised = probability(code_roll(4, 2, 15), lambda t: t >= 15)
    assert as_written != as_normalised
    res = call("minisix_roll", {"code": "3D+5", "tn": 15})
    assert engine_exact(res.odds)["success"] == as_normalised


@st.composite
def stamina_specs(draw):
    code = draw(codes(max_dice=5))
    return {"code": code}


@ORACLE
@given(stamina_specs())
def test_minisix_stay_conscious_matches_the_book(spec):
    """mini-six.md#Wound Level Effects, Incapacitated: "The character may try to stay conscious with a Moderate (15)
    stamina roll at the start of their next turn."

    Strategy: codes 1D..5D with 0..5 pips, against 15."""
    res = call("minisix_stay_conscious", spec)
    dice, pips = normalised(*_parse(spec["code"]))
    success = probability(code_roll(dice, pips, 15), lambda t: t >= 15)
    oracle = {label: p for label, p in (("success", success), ("failure", 1 - success)) if p}
    assert_same(engine_exact(res.odds), oracle, spec)


@st.composite
def dodge_specs(draw):
    code = draw(codes())
    return {"code": code, "static_dodge": draw(st.integers(0, 30)), "mode": draw(st.sampled_from(["action", "full"]))}


@ORACLE
@given(dodge_specs())
def test_minisix_dodge_matches_the_book(spec):
    """mini-six.md#Defences: "Dodge Action is a Dodge roll combined with other actions. Roll Dodge dice, and if
    higher than Static Dodge use the result vs all attacks until the character's next turn." "Full Dodge is a Dodge
    with no other actions. ... The TN becomes their Dodge roll (or their static dodge score if lower) +10". Either way
    the roll replaces the static score exactly when it is higher (the +10 of a full dodge goes on whichever stands).

    Strategy: codes 1D..6D with 0..5 pips, static Dodge 0..30, both modes."""
    res = call("minisix_dodge", spec)
    dice, pips = normalised(*_parse(spec["code"]))
    improves = probability(code_roll(dice, pips, spec["static_dodge"] + 1), lambda t: t > spec["static_dodge"])
    oracle = {label: p for label, p in (("roll improves", improves), ("static stands", 1 - improves)) if p}
    assert_same(engine_exact(res.odds), oracle, spec)


WOUND_BANDS = [(0, "stunned"), (4, "wounded"), (9, "incapacitated"), (13, "mortally wounded"), (16, "dead")]
"""mini-six.md#Resisting Damage: Stunned 0-3, Wounded 4-8, Incapacitated 9-12, Mortally Wounded 13-15, Dead 16+."""


def wound_level(margin: int) -> str:
    """The level for an unharmed target (no wound yet: "Severely Wounded" needs the Wounded level already)."""
    if margin < 0:
        return "unharmed"
    label = "unharmed"
    for low, name in WOUND_BANDS:
        if margin >= low:
            label = name
    return label


@st.composite
def damage_specs(draw):
    code = draw(codes(max_dice=8))
    return {"damage": code, "soak": draw(st.integers(0, 30))}


@ORACLE
@given(damage_specs())
def test_minisix_damage_matches_the_book(spec):
    """mini-six.md#Resisting Damage: "When a target has been hit, the attacker rolls damage and the target's Soak
    score is subtracted from the damage. The player or GM then checks the Wound Level chart ... Unharmed: Below Res;
    Stunned 0 - 3 ...; Wounded 4 - 8 ...; Incapacitated 9 -12 ...; Mortally Wounded 13 - 15 ...; Dead 16+". #COMBAT:
    "rolls 5d6 for damage ... but 1 of the dice, the wild die, can 'explode' - on a 6 roll again and again".

    Strategy: damage codes 1D..8D with 0..5 pips, Soak 0..30, an unharmed target (no wounds or stuns yet)."""
    res = call("minisix_damage", spec)
    dice, pips = normalised(*_parse(spec["damage"]))
    total = code_roll(dice, pips, spec["soak"] + 16)
    level = total.map(lambda t: wound_level(t - spec["soak"]))
    assert_same(engine_exact(res.odds), model_exact(level), spec)


@st.composite
def death_specs(draw):
    code = draw(codes(max_dice=5))
    return {"code": code, "minutes": draw(st.integers(1, 30))}


@ORACLE
@given(death_specs())
def test_minisix_death_roll_matches_the_book(spec):
    """mini-six.md#Wound Level Effects, Mortally Wounded: "Roll the character's Might each minute, the character
    finally dies if the roll is less than the number of minutes he's been at this level."

    Strategy: Might codes 1D..5D with 0..5 pips, 1-30 minutes."""
    res = call("minisix_death_roll", spec)
    dice, pips = normalised(*_parse(spec["code"]))
    lives = probability(code_roll(dice, pips, spec["minutes"]), lambda t: t >= spec["minutes"])
    oracle = {label: p for label, p in (("success", lives), ("failure", 1 - lives)) if p}
    assert_same(engine_exact(res.odds), oracle, spec)
