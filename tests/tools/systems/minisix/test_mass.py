"""Mass combat: the ten soldiers and the sixty-five elite gunners verbatim, the mass-roll table, casualties,
scaling — and the exact hit odds against enumeration."""

from __future__ import annotations

from fractions import Fraction
from math import floor

import pytest

from narrator.tools.systems.minisix.codes import code
from narrator.tools.systems.minisix.mass import mass_base, table_base, _binomial
from narrator.tools.systems.minisix.rules import MASS_TABLE_ROWS
from narrator.tools.systems.minisix.wild import wild_at_least
from narrator.tools.phrases import steps_of


def test_ten_soldiers_with_4d_roll_11_plus_wd(call):
    """"Eg: 10 soldiers, each with attack 4D, shoot once at 1 PC, so each rolls a 11+WD for their attacks."
    Each die but the wild die is 3.5: 3 × 3.5 = 10½, which the example writes 11 (the half rounded up) and the
    Skill Mass Roll table 10 (rounded down); against a whole TN, 10½ + WD hits exactly when 10 + WD does."""
    r = call("minisix_mass_attack", {"attackers": 10, "code": "4D", "tn": 14},
             faces=[1, 2, 3, 4, 5, 6, 1, 3, 4, 5, 2])
    exact = Fraction(r.base_exact)
    assert exact == 3 * Fraction(7, 2)
    assert floor(exact + Fraction(1, 2)) == 11  # the example's 11+WD: the half rounded up
    assert r.base == 10 == floor(exact)  # the table's 10+WD: the half rounded down
    assert r.rolled == 10 and r.assumed_sixes == 0
    assert r.hits == sum(1 for w in (1, 2, 3, 4, 5, 7, 3, 4, 5, 2) if Fraction(21, 2) + w >= 14)
    assert "10½+WD" in steps_of(r)[0]


def test_65_elite_gunners_against_dodge_27(call):
    """"65 elite gunners, each with attack 6D, shoot at the Mighty Hero with Dodge 9D, Dodge Defence 27. Each
    rolls 17+WD for their attacks. 10 from 60 are assumed to roll a '6', giving 23+WD, while the remaining 5 are
    rolled as 17+WD. Rolls of 28+ actually hit." """
    defence = call("minisix_static_defence", {"kind": "dodge", "code": "9D"}).value
    assert defence == 27
    rerolls = [4, 3, 1, 2, 6, 1, 5, 2, 2, 1, 3]  # the ten assumed sixes roll on (one 6 explodes: 6 + 1)
    rest = [6, 5, 2, 3, 1, 5]  # the other five: 6 then 5 (= 11), 2, 3, 1, 5
    r = call("minisix_mass_attack", {"attackers": 65, "code": "6D", "tn": defence}, faces=rerolls + rest)
    assert r.base == 17 and Fraction(r.base_exact) == Fraction(35, 2)
    assert r.over == 10 and r.assumed_sixes == 10 and r.rolled == 5 and r.rerolled_sixes
    assert "going on from 23½+WD" in " ".join(steps_of(r))
    # a six's reroll of 4+ reaches 27½; a rolled wild die needs 10+: the lowest hitting total, 27½, is the "28+"
    assert r.lowest_hit == "27½"
    assert r.hits == sum(v >= 4 for v in (4, 3, 1, 2, 7, 5, 2, 2, 1, 3)) + sum(v >= 10 for v in (11, 2, 3, 1, 5))
    assert r.hits == 4
    assert Fraction(r.p_hit_each_exact) == wild_at_least(10)


def test_six_or_seven_over_every_assumed_six_hits(call):
    r = call("minisix_mass_attack", {"attackers": 12, "code": "4D", "tn": 17}, faces=[])
    assert r.over == 7 and r.assumed_sixes == 2 and r.rolled == 0 and r.hits == 2 and not r.rerolled_sixes


@pytest.mark.parametrize("dice", range(1, 10))
def test_the_skill_mass_roll_table(call, dice):
    r = call("minisix_mass_table", {"code": f"{dice}D"})
    assert r.base == MASS_TABLE_ROWS[dice] == int(mass_base(code(f"{dice}D")))
    assert r.reads == f"{MASS_TABLE_ROWS[dice]}+WD" if dice > 1 else r.reads == "0+WD"


def test_the_mass_hit_odds_match_enumeration_at_small_sizes():
    c = code("3D")
    base = mass_base(c)
    for attackers in range(1, 5):
        for tn in (8, 10, 12, 14):
            p = sum((Fraction(1, 6 ** (k + 1)) for k in range(0, 8) for r in range(1, 6)
                     if base + 6 * k + r >= tn), Fraction(0)) + Fraction(1, 6 ** 9)
            assert abs(float(p - wild_at_least(int((tn - base).__ceil__())))) < 6 ** -8
            dist = _binomial(attackers, wild_at_least(int((tn - base).__ceil__())))
            assert sum(pr for _, pr in dist.items()) == 1
    assert table_base(code("4D+1")) == 11


def test_casualties_24_wounds_and_3_incapacitate_take_out_11(call):
    """"So eg if you get 24 wounds and 3 incapacitate+ results on a unit, you take out 11 men." """
    r = call("minisix_mass_casualties", {"wounds": 24, "incapacitating": 3})
    assert r.taken_out == 11 and r.from_wounds == 8 and r.wounds_left_over == 0
    assert call("minisix_mass_casualties", {"wounds": 5, "incapacitating": 0, "unit_size": 10}).taken_out == 1
    assert call("minisix_mass_casualties", {"wounds": 0, "incapacitating": 12, "unit_size": 10}).taken_out == 10


def test_mass_damage_counts_results_and_its_odds_sum_to_one(call):
    r = call("minisix_mass_damage", {"hits": 3, "damage": "5D", "soak": 12}, faces=[1, 5, 6, 4])
    # 14½ + WD vs 12: 1 → 3½ stun; 5 → 7½ wound; 6,4 → 10 → 12½ incapacitating
    assert (r.stuns, r.wounds, r.incapacitating) == (1, 1, 1) and r.taken_out == 1
    assert abs(sum(r.odds.distribution.values()) - 1) < 1e-12


@pytest.mark.parametrize("att,dfn,bonus", [(10, 1, 4), (100, 10, 4), (1000, 10, 8), (100, 1, 8), (1000, 1, 12),
                                           (10, 100, 0), (5, 1, 0)])
def test_unit_scaling(call, att, dfn, bonus):
    """"squad of 10 +4D, company of 100 +8D, brigade of 1000 +12D" """
    r = call("minisix_unit_scale", {"attacker_size": att, "defender_size": dfn, "code": "3D", "tn": None}, seed=1)
    assert r.bonus_dice == bonus and r.scaled_code == f"{3 + bonus}D"
