"""brew_attack and its relatives: the book's punch and knife verbatim, every attack type, the four weapons,
targeted attacks, several opponents, taking the hit, magic without magic, ranges, throws, chases, exhaustion."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from narrator.tools.dice import Roller
from narrator.tools.errors import ToolArgumentError
from narrator.tools.phrases import steps_of
from narrator.tools.registry import default_registry
from narrator.tools.systems.brew.combat import base_damage, chase_dist, ChaseArgs

PETE = {"name": "Shaggy Pete", "attribute": 2, "skill": 3, "attribute_name": "power"}
MARLO = {"name": "Marlo the Monk", "attribute": 2, "skill": 2, "attribute_name": "precision"}


def test_petes_punch_lands_and_the_fur_cap_soaks_one(call):
    """"Pete rolls a 2 (to a total of 7), Marlo 1 (a total of 5), and so the punch lands, and Pete deals damage with
    an added point of damage, since he scored 2 points higher than Marlo." ... "the damage equals half his Power
    score + 1, which makes 2. Marlo the Monk, however, is wearing a thick leather fur cap that ... soaks 1 damage, so
    he only takes 1.\""""
    r = call("brew_attack", {"attacker": PETE, "weapon": {"attack_type": "unarmed"}, "defender": MARLO,
                             "armor_soak": 1}, faces=[2, 1])
    assert (r.attacker_roll.total, r.defender_roll.total) == (7, 5)
    assert r.outcome == "hit" and r.margin == 2 and r.damage == 1
    assert "7 beats 5 by 2 or more: +1 damage." in steps_of(r)


def test_with_the_belt_knife_the_damage_is_three(call):
    """"Had Pete used his belt knife for the attack, the damage would have been (Power 2 + Melee 3 + roll 2) / 2 =
    3.5, rounded down to 3, minus 1 point of damage soaked, plus 1 damage added, ending with 3.\""""
    r = call("brew_attack", {"attacker": PETE, "weapon": {"attack_type": "simple_bladed"}, "defender": MARLO,
                             "armor_soak": 1}, faces=[2, 1])
    assert r.damage == 3


@pytest.mark.parametrize("rule,attribute,total,expected", [
    ("half_attribute", 2, 9, 1), ("half_attribute", 1, 9, 1), ("attribute", 4, 9, 4), ("half_total", 3, 9, 4),
    ("total", 3, 9, 9), (5, 3, 9, 5),
])
def test_damage_rules(rule, attribute, total, expected):
    assert base_damage(rule, attribute, total) == expected


@pytest.mark.parametrize("weapon,rng,expected", [
    ("composite bow", "long", 4), ("handgun", "close", 9), ("broadsword", "close", 9), ("knife", "close", 4),
])
def test_the_four_example_weapons(call, weapon, rng, expected):
    r = call("brew_attack", {"attacker": {"attribute": 3, "skill": 3}, "weapon": {"weapon": weapon},
                             "defender": {"attribute": 1}, "range": rng}, faces=[3, 6])
    assert r.attacker_roll.total == 9 and r.defender_roll.total == 7 and r.damage == expected + 1


@pytest.mark.parametrize("weapon,rng", [("composite bow", "close"), ("handgun", "long"), ("knife", "mid")])
def test_weapons_reach_only_their_ranges(call, weapon, rng):
    with pytest.raises(ToolArgumentError) as e:
        call("brew_attack", {"attacker": {"attribute": 3}, "weapon": {"weapon": weapon}, "defender": {"attribute": 1},
                             "range": rng})
    assert e.value.problems[0].field == "range"


def test_complex_weapons_need_their_stats(call):
    with pytest.raises(ToolArgumentError):
        call("brew_attack", {"attacker": {"attribute": 3}, "weapon": {"attack_type": "complex_handheld"},
                             "defender": {"attribute": 1}})
    r = call("brew_attack", {"attacker": {"attribute": 3}, "weapon": {"attack_type": "complex_handheld",
                                                                      "damage_fixed": 5, "ranges": ["mid"]},
                             "defender": {"attribute": 1}, "range": "mid"}, faces=[6, 1])
    assert r.damage == 6  # 5 + 1 for winning by 2


def test_a_targeted_attack_takes_minus_two_and_ignores_armor(call):
    r = call("brew_attack", {"attacker": PETE, "weapon": {"attack_type": "blunt"}, "defender": MARLO,
                             "armor_soak": 3, "targeted": True}, faces=[5, 1])
    assert r.attacker_roll.total == 2 + 3 - 2 + 5 and r.damage == 2 + 1


def test_pulling_a_punch_deals_nothing(call):
    r = call("brew_attack", {"attacker": PETE, "weapon": {"attack_type": "unarmed"}, "defender": MARLO,
                             "pull_punch": True}, faces=[6, 1])
    assert r.outcome == "hit" and r.damage == 0


def test_a_tie_lands_nothing(call):
    r = call("brew_attack", {"attacker": PETE, "weapon": {"attack_type": "unarmed"}, "defender": MARLO},
             faces=[2, 3])
    assert r.outcome == "miss" and r.damage == 0


def test_three_attackers_two_defences_at_minus_four(call):
    """"Fighting three people, then, means that you can engage one ..., and roll to defend only at the other two
    attackers, with a -4 penalty against both additional attacks.\""""
    tough = {**MARLO, "skill": 3}
    r = call("brew_attack", {"attacker": PETE, "weapon": {"attack_type": "unarmed"}, "defender": tough,
                             "attackers": 3, "engaged": False}, faces=[1, 6])
    assert r.defence_penalty == -4 and r.defender_roll.total == 5 + 6 - 4
    engaged = call("brew_attack", {"attacker": PETE, "weapon": {"attack_type": "unarmed"}, "defender": tough,
                                   "attackers": 3}, faces=[1, 6])
    assert engaged.defence_penalty == 0 and engaged.defender_roll.total == 11
    # Marlo's own pool of 4 at -4 is 0: the defence fails without a roll
    bare = call("brew_attack", {"attacker": PETE, "weapon": {"attack_type": "unarmed"}, "defender": MARLO,
                                "attackers": 3, "engaged": False}, faces=[1])
    assert bare.defender_roll.total is None and bare.outcome == "hit"


def test_taking_the_hit_means_no_defence(call):
    """"If you choose to take the hit ... you will take the incoming weapon damage.\""""
    r = call("brew_attack", {"attacker": PETE, "weapon": {"attack_type": "blunt"}, "defence": "take_hit"},
             faces=[1])
    assert r.outcome == "hit" and r.damage == 2 and r.defender_roll is None
    assert r.odds.p_success == 1


def test_magic_without_magic_is_a_flat_roll(call):
    r = call("brew_attack", {"attacker": {"attribute": 3, "skill": 2}, "defender": {"attribute": 3, "skill": 4},
                             "weapon": {"attack_type": "complex_ranged", "damage_rule": "attribute"},
                             "defence": "flat", "range": "mid"}, faces=[3, 3])
    assert r.defender_roll.pool == 3 and r.outcome == "hit"


def test_fighting_back_hurts_the_attacker_on_winning(call):
    r = call("brew_attack", {"attacker": PETE, "weapon": {"attack_type": "unarmed"}, "defender": MARLO,
                             "counter": {"attack_type": "blunt"}}, faces=[1, 6])
    assert r.outcome == "countered" and r.counter_damage == 2 + 1 and r.damage == 0


def test_disengaging_from_mid_range(call):
    r = call("brew_attack", {"attacker": {"attribute": 3}, "weapon": {"weapon": "handgun"}, "defender": MARLO,
                             "defence": "disengage", "range": "mid"}, faces=[1, 5])
    assert r.disengaged and r.damage == 0
    with pytest.raises(ToolArgumentError):  # close to mid is taking the hit
        call("brew_attack", {"attacker": PETE, "weapon": {"attack_type": "unarmed"}, "defender": MARLO,
                             "defence": "disengage"})


def test_a_grapple_holds_and_deals_nothing(call):
    r = call("brew_attack", {"attacker": PETE, "weapon": {"attack_type": "unarmed"}, "defender": MARLO,
                             "grapple": True}, faces=[5, 1])
    assert r.grappled and r.damage == 0


def brute_attack(pa: int, pd: int, soak: int) -> tuple[dict[str, Fraction], dict[int, Fraction]]:
    outcomes: dict[str, Fraction] = {}
    damage: dict[int, Fraction] = {}
    for x, y in product(range(1, 7), repeat=2):
        a, d = pa + x, pd + y
        o = "hit" if a > d else "miss"
        dmg = max(0, a // 2 + (1 if a - d >= 2 else 0) - soak) if o == "hit" else 0
        outcomes[o] = outcomes.get(o, Fraction(0)) + Fraction(1, 36)
        damage[dmg] = damage.get(dmg, Fraction(0)) + Fraction(1, 36)
    return outcomes, damage


@pytest.mark.parametrize("pa,pd,soak", [(5, 4, 1), (3, 6, 0), (7, 2, 2)])
def test_attack_odds_and_damage_match_enumeration(call, pa, pd, soak):
    r = call("brew_attack", {"attacker": {"attribute": 1, "skill": pa - 1}, "weapon": {"attack_type": "simple_bladed"},
                             "defender": {"attribute": 1, "skill": pd - 1}, "armor_soak": soak}, seed=0)
    outcomes, damage = brute_attack(pa, pd, soak)
    assert Fraction(r.odds.exact["hit"]) == outcomes.get("hit", 0)
    assert {int(k): Fraction(v) for k, v in r.damage_exact.items()} == damage


@settings(max_examples=80, deadline=None)
@given(pa=st.integers(1, 8), pd=st.integers(1, 8), soak=st.integers(0, 5), kind=st.sampled_from(
    ["unarmed", "blunt", "simple_bladed", "simple_projectile"]), targeted=st.booleans(), seed=st.integers(0, 2 ** 32))
def test_attack_properties(pa, pd, soak, kind, targeted, seed):
    r = default_registry().call("brew_attack", {"attacker": {"attribute": pa}, "weapon": {"attack_type": kind},
                                                "defender": {"attribute": pd}, "armor_soak": soak,
                                                "targeted": targeted}, Roller(seed))
    assert r.damage >= 0 and (r.outcome == "hit" or r.damage == 0)
    assert sum(r.damage_odds.values()) == pytest.approx(1)
    assert r.odds.distribution[r.outcome] > 0


# --- throws, chases, exhaustion ------------------------------------------------------------------------------------


@pytest.mark.parametrize("face,heavy,reach", [(1, False, 0), (2, False, 15), (4, False, 30), (4, True, 15),
                                              (2, True, 6)])
def test_throws_at_an_unaware_target(call, face, heavy, reach):
    """"a small or medium projectile has an effective range of Precision x 5m for a result of 8 points, and
    Precision x 10m for a result of 10 or more. For heavy objects ... Power x 2 for a result of 8, and Power x 5 for
    a result of 10 or more.\""""
    r = call("brew_throw", {"attribute": 3, "athletics": 3, "heavy": heavy}, faces=[face])
    assert r.effective_range_m == reach


def test_a_chase_is_decided_by_the_first_majority(call):
    r = call("brew_chase", {"chaser": {"name": "Deputy", "speed": 3, "power": 3},
                            "quarry": {"name": "Thief", "speed": 3, "power": 1}, "max_rolls": 3},
             faces=[6, 1, 4, 2, 5, 2])
    # roll 1: 9 vs 4 (deputy); roll 2: stamina 3+4 ok, thief 1+2 < 6 tired: 3+5 vs 3+2-2 (deputy) → caught
    assert r.outcome == "caught" and r.chaser_wins == 2 and r.rounds[1].quarry_tired


def brute_chase(c_speed: int, q_speed: int, c_power: int, q_power: int, n: int) -> Fraction:
    need = n // 2 + 1
    caught = Fraction(0)
    rounds = []
    for i in range(n):
        outcomes: dict[str, Fraction] = {}
        dice = 4 if i else 2
        for faces in product(range(1, 7), repeat=dice):
            if i:
                tc = c_speed + faces[2] - (2 if c_power + faces[0] < 6 else 0)
                tq = q_speed + faces[3] - (2 if q_power + faces[1] < 6 else 0)
            else:
                tc, tq = c_speed + faces[0], q_speed + faces[1]
            w = "c" if tc > tq else "q" if tq > tc else "t"
            outcomes[w] = outcomes.get(w, Fraction(0)) + Fraction(1, 6 ** dice)
        rounds.append(outcomes)
    for seq in product("cqt", repeat=n):
        p = Fraction(1)
        c = q = 0
        decided = None
        for i, w in enumerate(seq):
            if decided:
                break
            p *= rounds[i].get(w, 0)
            c, q = c + (w == "c"), q + (w == "q")
            if c >= need:
                decided = "caught"
            elif q >= need:
                decided = "away"
        if decided is None:
            decided = "caught" if c > q else "away"
        if decided == "caught":
            # sequences that stopped early are counted once per continuation: divide by the continuations
            stop = next((i for i in range(n) if sum(x == "c" for x in seq[:i + 1]) >= need
                         or sum(x == "q" for x in seq[:i + 1]) >= need), n - 1)
            caught += p / 3 ** (n - 1 - stop)
    return caught


def test_chase_odds_match_enumeration():
    args = ChaseArgs(chaser={"name": "A", "speed": 3, "power": 2}, quarry={"name": "B", "speed": 2, "power": 4},
                     max_rolls=3)
    assert chase_dist(args)["caught"] == brute_chase(3, 2, 2, 4, 3)


@pytest.mark.parametrize("power,rounds,penalty", [(3, 2, 0), (3, 3, 0), (3, 4, -2), (3, 6, -6)])
def test_a_drawn_out_fight_tires(call, power, rounds, penalty):
    """"After POW x rounds, substract 2 from effective attacks and defenses every round\""""
    assert call("brew_fight_exhaustion", {"power": power, "rounds": rounds}).penalty == penalty
