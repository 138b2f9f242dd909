"""Abilities with a cost, and raising the stakes."""

from __future__ import annotations

import pytest

from narrator.tools.errors import ToolArgumentError

FATIGUE = {"name": "Fatigue", "counter": 0, "level": 2, "tier": 0}


def test_raising_the_stakes_costs_1_fatigue_and_the_new_roll_stands(call):
    """"For the cost of 1 fatigue damage, the dice can be re-rolled to either revert a failure or strengthen a
    success, allowing for both critical hits and critical fumbles to occur.\""""
    revert = call("fiveplus_stakes", {"check": {"level": 3}, "first": [6, 6], "fatigue": FATIGUE}, faces=[3, 4])
    assert not revert.first_success and revert.success and revert.fatigue.counter_after == 1
    fumble = call("fiveplus_stakes", {"check": {"level": 3}, "first": [3, 4], "fatigue": FATIGUE}, faces=[6, 5])
    assert fumble.first_success and not fumble.success
    assert all("rerolled" in [f.value for f in d.flags] for d in fumble.dice)


def test_an_ability_pays_its_cost_and_may_need_a_6(call):
    r = call("fiveplus_ability", {"ability": "Dual strike", "check": {"level": 4}, "cost": 1, "pays": FATIGUE,
                                  "trigger": "six"}, faces=[2, 4])
    assert r.success and not r.activated and r.cost_paid.counter_after == 1
    r = call("fiveplus_ability", {"ability": "Dual strike", "check": {"level": 4}, "trigger": "six"}, faces=[6, 3])
    assert r.activated
    with pytest.raises(ToolArgumentError):
        call("fiveplus_ability", {"ability": "Poison", "check": {"level": 4}, "uses": 0})
    with pytest.raises(ToolArgumentError):
        call("fiveplus_ability", {"ability": "Blast", "check": {"level": 4}, "cost": 2})
