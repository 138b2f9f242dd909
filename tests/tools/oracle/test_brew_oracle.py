"""Brew's skill rolls, rerolls, chance rolls, contests and attacks against icepool models of brew.md.

The model: Attribute + Skill + bonuses and penalties is the pool; one d6 is added (2d6 keeping the higher with a
specialty or a size advantage, the lower with a disadvantage; the Lucky trick rolls once more on a 6 and adds).
A threshold is two points (the table's 6, 8, 10, and "at 8, one threshold higher" than 6): meeting the difficulty
is a success, difficulty + 2 a perfect success, difficulty + 4 an astounding one. A pool of 0 or less fails without
a roll; a pool at or above the difficulty succeeds and still rolls for the higher thresholds.
"""

from __future__ import annotations

from fractions import Fraction

import icepool
from hypothesis import assume, given
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

PHYSICAL = {"power", "precision", "speed"}
ATTRIBUTES = ["power", "precision", "speed", "perception", "wits", "charisma"]


def health_penalty(side: dict) -> int:
    """#Damage: "Once Health drops to 5, the character will get a -2 penalty on all rolls using Power, Precision or
    Speed, and -1 on rolls using Perception, Wits or Charisma. When it drops to 3 or below, the penalties are -4 and
    -2." "For combat oriented games, you may choose to ignore the penalties ... or half the effect per threshold
    reached (for example, on 3 or below the character has -2 and -1 penalties instead of -4 and -2)." """
    health, rule = side.get("health"), side.get("health_rule", "standard")
    if health is None or rule == "ignored" or health > 5:
        return 0
    physical = side.get("attribute_name") in PHYSICAL
    if health <= 3:
        penalty = -4 if physical else -2
    else:
        penalty = -2 if physical else -1
    return penalty // 2 if rule == "halved" else penalty


def pool_of(side: dict) -> int:
    """#Skill Rolls: "The result is added to the character's relevant Attribute + Skill total"; "If the relevant Skill
    is missing, add only the Attribute. If your character has any bonuses through Tricks or other effects, add those
    points to the pool." #Load: laden, "-2 penalties to Speed and Precision"."""
    laden = -2 if side.get("laden") and side.get("attribute_name") in {"speed", "precision"} else 0
    return side["attribute"] + (side.get("skill") or 0) + side.get("bonus", 0) + health_penalty(side) + laden


def roll_die(side: dict) -> icepool.Die:
    """Specialties: "they get to roll 2d6 and take the highest result"; size (Ancestries): "roll 2d6 and take the
    *highest* result ... roll 2d6 and take the *lowest* result"; the Lucky trick: "If you hit a 6, roll again and add
    the result of both rolls to your points total." """
    d6 = icepool.d6
    if side.get("specialty") or side.get("advantage") == "high":
        die = icepool.highest(d6, d6)
    elif side.get("advantage") == "low":
        die = icepool.lowest(d6, d6)
    else:
        die = d6
    if side.get("lucky"):
        die = die.map(lambda face: face + d6 if face == 6 else face)
    return die


def outcome_of(total: int, difficulty: int, sure: bool = False) -> str:
    """ "Meeting one threshold higher than required is a perfect success; meeting a threshold two times higher is an
    astounding success"; ``sure``: an automatic success that still rolls for the higher thresholds."""
    if total >= difficulty + 4:
        return "astounding"
    if total >= difficulty + 2:
        return "perfect"
    if total >= difficulty or sure:
        return "success"
    return "failure"


def check_outcomes(spec: dict) -> dict:
    pool = pool_of(spec)
    if pool <= 0:  # "the attempt is an automatic fail. You do not get to roll."
        return {"failure": 1}
    sure = pool >= spec["difficulty"] or spec.get("best_at_thing", False)
    die = roll_die(spec).map(lambda face: outcome_of(pool + face, spec["difficulty"], sure))
    return model_exact(die)


@st.composite
def sides(draw, contest=False):
    side = {"attribute": draw(st.integers(1, 6)), "skill": draw(st.none() | st.integers(0, 5)),
            "bonus": draw(st.integers(-6, 4)), "attribute_name": draw(st.sampled_from(ATTRIBUTES)),
            "laden": draw(st.booleans()), "lucky": draw(st.booleans())}
    edge = draw(st.sampled_from(["none", "specialty", "high", "low"]))
    if edge == "specialty":
        side["specialty"] = True
    elif edge != "none":
        side["advantage"] = edge
    if draw(st.booleans()):
        side["health"] = draw(st.integers(1, 10))
        side["health_rule"] = draw(st.sampled_from(["standard", "ignored", "halved"]))
        if side["health_rule"] == "halved" and side["health"] in (4, 5):
            side["health_rule"] = "standard"  # the book halves only its example (-4/-2 to -2/-1); -1 has no half
    if draw(st.integers(0, 5)) == 0:
        side["skill"] = 5  # "in order to truly become the best, you also have to advance that skill to 5"
        side["best_at_thing"] = True
        assume(pool_of(side) > 0)
    if contest:
        assume(pool_of(side) > 0)
    return side


@st.composite
def check_specs(draw):
    return {**draw(sides()), "difficulty": draw(st.integers(1, 20))}


@ORACLE
@given(check_specs())
def test_brew_check_matches_the_book(spec):
    """brew.md#Skill Rolls: "skill rolls are made with a single sixsided die (1d6). The result is added to the
    character's relevant Attribute + Skill total ... and judged against a difficulty ... The roll must be above or
    equal to the difficulty." "If a penalty or stacked penalties mean that the character has 0 or negative points in
    an Attribute + Skill pool, the attempt is an automatic fail. You do not get to roll." "it is possible that the
    Attribute + Skill pool is equal to or greater than the difficulty set for the task, in which case it is an
    automatic success. The character can still roll a die as well". #Healing: "Magical healing with a minimum
    success (6) heals 2 HP, and at 8, one threshold higher, 4 HP." (a threshold is 2 points). Best at Thing: "anything
    you attempt to do with that skill will be an automatic success".

    Strategy: attribute 1-6, skill none or 0-5, bonus -6..+4, any attribute name, laden, Lucky, a specialty or a
    high/low size roll, health 1-10 under standard/ignored/halved penalties (sometimes), Best at Thing (skill 5)
    now and then, difficulty 1-20 (pools at or below 0 and at or above the difficulty both come up)."""
    res = call("brew_check", spec)
    oracle = check_outcomes(spec)
    assert_same(engine_exact(res.odds), oracle, spec)
    assert_p_success(res.odds, 1 - oracle.get("failure", 0), spec)


@st.composite
def reroll_specs(draw):
    spec = draw(check_specs())
    spec.pop("best_at_thing", None)
    pool = pool_of(spec)
    assume(pool > 0)
    previous = draw(st.integers(2, 6))
    assume(pool + previous < spec["difficulty"])  # "If the roll was a failure, but the result of the roll ... was
    return {**spec, "previous_die": previous, "resolve": draw(st.integers(1, 5)), "time": "bullet"}  # more than 1"


@ORACLE
@given(reroll_specs())
def test_brew_reroll_matches_the_book(spec):
    """brew.md#Resolve Points: "If the roll was a failure, but the result of the roll (not counting the Skill +
    Attribute pool) was more than 1, it is possible to reroll it by using a Resolve point". The reroll is a fresh roll
    of the same check.

    Strategy: a check drawn as above whose failed die showed 2-6, 1-5 Resolve, in Bullet Time."""
    res = call("brew_reroll", spec)
    oracle = check_outcomes(spec)
    assert_same(engine_exact(res.odds), oracle, spec)


@st.composite
def chance_specs(draw):
    difficulty = draw(st.integers(1, 20))
    return {"total": difficulty + draw(st.integers(0, 8)), "difficulty": difficulty, "time": "bullet",
            "thousand_masks": draw(st.booleans())}


@ORACLE
@given(chance_specs())
def test_brew_chance_roll_matches_the_book(spec):
    """brew.md#Chance Rolls: "the player whose roll succeeded can roll 1d6 on top of their usual roll to increase
    their total score to reach a higher threshold ... if the dice comes up as 1-3, then whatever the result of the
    first roll, the action fails. If it comes up as 4-6, you can add the points to your point total." A Thousand
    Masks: "once a session the character can ignore a 1-3 result on a Chance Roll ... meaning they can try for a
    higher success without the risk of failure."

    Strategy: difficulty 1-20, a successful total 0-8 above it, with or without A Thousand Masks."""
    res = call("brew_chance_roll", spec)
    total, difficulty = spec["total"], spec["difficulty"]

    def after(face: int) -> str:
        if face >= 4:
            return outcome_of(total + face, difficulty)
        return outcome_of(total, difficulty) if spec["thousand_masks"] else "failure"

    oracle = model_exact(icepool.d6.map(after))
    assert_same(engine_exact(res.odds), oracle, spec)
    assert_p_success(res.odds, 1 - oracle.get("failure", 0), spec)


def contest_total(side: dict) -> icepool.Die:
    """A side's total; Best at Thing: "For contested rolls, such as combat or a contest, failure will still be an
    option, but you gain a +5 bonus." """
    bonus = 5 if side.get("best_at_thing") else 0
    return roll_die(side) + (pool_of(side) + bonus)


def nonzero(exact: dict) -> dict:
    """An exact-fraction map of the engine's (label -> "p/q"), zero labels dropped."""
    return {label: Fraction(p) for label, p in exact.items() if Fraction(p)}


@FEW
@given(sides(contest=True), sides(contest=True))
def test_brew_contest_matches_the_book(a, b):
    """brew.md#Contested Rolls: "two characters ... both roll their 1d6 and add their Attribute + Skill pool, plus
    any bonuses and minus any penalties, after which the results are compared. Instead of a set difficulty, the
    characters simply try to beat each other's scores."

    Strategy: two sides drawn like a check's (pools above 0), each with its own specialty / size roll, Lucky, health,
    load and Best at Thing."""
    res = call("brew_contest", {"a": {"name": "a", **a}, "b": {"name": "b", **b}})
    margin = contest_total(a) - contest_total(b)
    result = margin.map(lambda m: "win" if m > 0 else "tie" if m == 0 else "lose")
    assert_same(engine_exact(res.odds), model_exact(result), (a, b))
    assert_p_success(res.odds, probability(margin, lambda m: m > 0), (a, b))
    assert_same(nonzero(res.margin_odds), model_exact(margin), (a, b))


@st.composite
def attack_specs(draw):
    attacker = draw(sides(contest=True))
    attacker.pop("best_at_thing", None)
    attacker["attribute_name"] = draw(st.sampled_from(["power", "precision"]))
    defender = draw(sides(contest=True))
    defender.pop("best_at_thing", None)
    attack_type = draw(st.sampled_from(["unarmed", "blunt", "simple_bladed"]))
    targeted = attack_type != "simple_bladed" and draw(st.booleans())
    attackers = draw(st.integers(1, 4))
    spec = {"attacker": {"name": "attacker", **attacker}, "weapon": {"attack_type": attack_type},
            "defender": {"name": "defender", **defender}, "targeted": targeted,
            "armor_soak": draw(st.integers(0, 3)), "attackers": attackers,
            "engaged": attackers == 1 or draw(st.booleans())}
    assume(pool_of(attacker) - 2 * targeted > 0)
    assume(pool_of(defender) - (0 if spec["engaged"] else 2 * (attackers - 1)) > 0)
    return spec


def base_damage(attack_type: str, attribute: int, total: int) -> int:
    """#Combat's table: unarmed, "Half of the attack's Attribute rounded down" ("but is a minimum of 1 for a
    successful attack"); blunt weapon, "The attack's Attribute"; simple bladed weapon, "Half of the attack roll's
    total score rounded down"."""
    if attack_type == "unarmed":
        return max(1, attribute // 2)
    if attack_type == "blunt":
        return attribute
    return total // 2


@FEW
@given(attack_specs())
def test_brew_attack_matches_the_book(spec):
    """brew.md#Combat: "Combat is composed of contested rolls, in which each party rolls at the same time, and the
    person with the higher total score succeeds." "If the successful attack roll total was 2 points higher than the
    losing roll, add 1 point of damage." "It is possible to attack in a way that is specifically designed to
    circumvent armor ... that comes with a penalty -2 to the attack roll. This is called a targeted attack, and if
    successful, will deal damage as if the character wasn't wearing armor." "You will also roll simultaneous
    defending rolls against everyone who is attacking you in the same round ... Those additional defense rolls will
    all be rolled at a -2 penalty per additional attacker." "Some damage is absorbed by armor".

    Strategy: attacker with Power or Precision, defender drawn like a check's side (pools above 0), unarmed / blunt /
    simple bladed (targeted attacks, -2, for the first two), armor soak 0-3, 1-4 attackers with this one engaged or
    not. Checks the hit odds and the damage distribution (0 on a miss or a tie)."""
    res = call("brew_attack", spec)
    attacker, defender = spec["attacker"], spec["defender"]
    att_bonus = -2 if spec["targeted"] else 0
    def_bonus = 0 if spec["engaged"] else -2 * (spec["attackers"] - 1)
    att = roll_die(attacker) + (pool_of(attacker) + att_bonus)
    dfn = roll_die(defender) + (pool_of(defender) + def_bonus)
    hit = probability(att - dfn, lambda m: m > 0)
    assert_same(engine_exact(res.odds), {k: v for k, v in (("hit", hit), ("miss", 1 - hit)) if v}, spec)
    assert_p_success(res.odds, hit, spec)
    soak = 0 if spec["targeted"] else spec["armor_soak"]
    kind = spec["weapon"]["attack_type"]

    def damage(a: int, d: int) -> int:
        if a <= d:
            return 0
        dealt = base_damage(kind, attacker["attribute"], a) + (1 if a - d >= 2 else 0)
        return max(0, dealt - soak)

    oracle = model_exact(icepool.map(damage, att, dfn))
    assert_same(nonzero(res.damage_exact), oracle, spec)


@st.composite
def collaborations(draw):
    pools = draw(st.lists(st.integers(1, 8), min_size=2, max_size=4))
    spec = {"participants": [{"name": f"p{i}", "pool": p} for i, p in enumerate(pools)],
            "difficulty": draw(st.integers(4, 30)), "mode": draw(st.sampled_from(["consecutive", "concurrent"]))}
    if spec["mode"] == "consecutive":
        assume(max(pools) < spec["difficulty"])  # a task already done by the base pool takes no turns
    return spec


def consecutive_total(base: int, rolls: int, difficulty: int) -> icepool.Die:
    """Turns at one continuous task: each try adds its d6 to the total; the work stops once the task is done."""
    if rolls == 0 or base >= difficulty:
        return icepool.Die([base])
    return (icepool.d6 + base).map(lambda t: consecutive_total(t, rolls - 1, difficulty))


@ORACLE
@given(collaborations())
def test_brew_collaboration_matches_the_book(spec):
    """brew.md#Collaborative Rolls: "Consecutive: Each character rolls in turn to accomplish another piece of a
    continuous task. The gamemaster may decree a limit of tries per time period, and/or a number of tries after which
    the task has failed, if not accomplished." "Concurrent: The characters work together to achieve an effect. This
    usually involves only one try, aka one skill roll per person attempting the task." "In both cases, players choose
    which character's Attribute + Skill points are going to be used as base, and then both roll 1d6, and add the
    results of both rolls to the point pool." The example: "Shaggy Pete's Power (Attribute) + Craft (Skill) is 2 + 2 =
    4, which is more than Marlo's, so they choose to add 4 to their rolls" (the higher pool is the base).

    Strategy: 2-4 participants with pools 1-8, difficulty 4-30; concurrent (every d6 added at once) or consecutive
    (one try each, in turn, stopping when the task is done; a base pool below the difficulty)."""
    res = call("brew_collaborate", spec)
    base = max(p["pool"] for p in spec["participants"])
    n = len(spec["participants"])
    if spec["mode"] == "concurrent":
        total = n @ icepool.d6 + base
    else:
        total = consecutive_total(base, n, spec["difficulty"])
    oracle = model_exact(total.map(lambda t: outcome_of(t, spec["difficulty"], base >= spec["difficulty"])))
    assert_same(engine_exact(res.odds), oracle, spec)
    assert_p_success(res.odds, 1 - oracle.get("failure", 0), spec)


@st.composite
def casts(draw):
    spec = draw(check_specs())
    spec.pop("best_at_thing", None)
    spec["skill"] = draw(st.integers(1, 5))
    return {**spec, "field": draw(st.sampled_from(["healing", "destruction", "illusion", "odds"])),
            "mana": draw(st.integers(1, 5))}


@ORACLE
@given(casts())
def test_brew_cast_matches_the_book(spec):
    """brew.md#Magic Rolls: "Magic rolls work in much the same way, with the difference being that a magic effect
    cannot be rolled for with just the Attribute; at least one dot in the relevant field of magic is required."

    Strategy: a check drawn as above with 1-5 dots in a field of magic and mana left."""
    res = call("brew_cast", spec)
    oracle = check_outcomes(spec)
    assert_same(engine_exact(res.odds), oracle, spec)
