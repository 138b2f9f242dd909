"""The solo oracle tool: its table is exact and symmetric, its answer follows its dice, a campaign replays it."""

from __future__ import annotations

from fractions import Fraction

import pytest

from narrator.memory.campaign import Campaign
from narrator.tools.dice import Roller
from narrator.tools.errors import ToolArgumentError
from narrator.tools.oracle import LIKELIHOODS, answer_dist, answer_for, p_yes
from narrator.tools.registry import default_registry

TABLE = {  # likelihood: (no, yes-but, yes) out of 36, as documented in tools/oracle.py
    "certain": (1, 2, 33), "likely": (6, 4, 26), "even": (15, 6, 15), "unlikely": (26, 4, 6),
    "impossible": (33, 2, 1),
}


@pytest.mark.parametrize("likelihood", LIKELIHOODS)
def test_the_documented_table_is_the_exact_distribution(likelihood):
    dist = answer_dist(likelihood)
    no, but, yes = TABLE[likelihood]
    assert (dist["no"], dist["yes, but"], dist["yes"]) == (Fraction(no, 36), Fraction(but, 36), Fraction(yes, 36))
    brute = [answer_for(a + b, likelihood) for a in range(1, 7) for b in range(1, 7)]
    assert (brute.count("no"), brute.count("yes, but"), brute.count("yes")) == TABLE[likelihood]


def test_the_table_is_symmetric():
    assert answer_dist("even")["yes"] == answer_dist("even")["no"]
    assert p_yes("likely") + answer_dist("unlikely")["yes"] == 1
    assert answer_dist("certain")["yes"] == answer_dist("impossible")["no"]


def test_answer_follows_the_dice_and_the_odds_are_shown():
    r = default_registry().call("oracle_ask", {"question": "Is it locked?", "likelihood": "likely"},
                                Roller.scripted([2, 3]))
    assert r.total == 5 and r.outcome == "yes, but" and r.success is True and r.threshold == 5
    assert r.odds.exact == {"no": "1/6", "yes, but": "1/9", "yes": "13/18"}
    assert [d.face for d in r.dice] == [2, 3]
    r = default_registry().call("oracle_ask", {"question": "Is it locked?"}, Roller.scripted([1, 1]))
    assert r.likelihood == "even" and r.outcome == "no" and r.success is False


def test_same_seed_same_answer_and_synonyms():
    a = default_registry().call("oracle_ask", {"question": "Q", "likelihood": "Very Likely"}, Roller(9))
    b = default_registry().call("oracle_ask", {"question": "Q", "likelihood": "likely"}, Roller(9))
    assert a == b and a.likelihood == "likely"


@pytest.mark.parametrize("args", [{}, {"question": ""}, {"question": "Q", "likelihood": "perhaps"},
                                  {"question": "Q" * 301}, {"question": "Q", "odds": 3}])
def test_bad_arguments_list_the_fields(args):
    with pytest.raises(ToolArgumentError) as e:
        default_registry().validate("oracle_ask", args)
    assert e.value.problems


def test_a_campaign_logs_and_replays_the_oracle(tmp_path):
    with Campaign.new("solo", "minim", seed=3, root=tmp_path) as c:
        r = c.call("oracle_ask", {"question": "Does the bridge hold?", "likelihood": "unlikely"})
        logged = c.events()[-1].payload
        assert logged["tool"] == "oracle_ask" and logged["result"]["outcome"] == r.outcome
        assert c.replay().ok
