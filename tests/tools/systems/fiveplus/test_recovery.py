"""Recovery actions (limited per rest) and practice during rest."""

from __future__ import annotations

import pytest

from narrator.tools.errors import ToolArgumentError


def test_automatic_and_item_recovery_heal_their_amount(call):
    assert call("fiveplus_recovery", {"counter": 3, "mode": "automatic", "amount": 2}).counter_after == 1
    assert call("fiveplus_recovery", {"counter": 1, "mode": "item", "amount": 3}).counter_after == 0


def test_a_healers_check_heals_its_successes_and_supplies_upgrade_it(call):
    """"Using skills with appropriate items and in the appropriate conditions upgrades the effect.\""""
    plain = call("fiveplus_recovery", {"counter": 6, "mode": "check", "check": {"level": 3}}, faces=[2, 5])
    assert plain.healed == 2 and plain.counter_after == 4
    kit = call("fiveplus_recovery", {"counter": 6, "mode": "check", "check": {"level": 3}, "supplies": True},
               faces=[2, 5])
    assert kit.healed == 5 and kit.counter_after == 1


def test_only_so_many_recovery_actions_per_rest(call):
    """"During each rest (or day), the players may be allowed to take only so many recovery actions.\""""
    with pytest.raises(ToolArgumentError) as e:
        call("fiveplus_recovery", {"counter": 3, "mode": "automatic", "used": 2, "limit": 2})
    assert "rest again" in str(e.value)


def test_practice_unmarks_two_and_rolls_for_one(call):
    """"For each practice the player chooses two marked descriptors and removed the marking in order to attempt a
    free level up 2d6 roll for one of them.\""""
    r = call("fiveplus_practice_roll", {"descriptors": [{"name": "shield", "level": 3, "tier": 2},
                                                        {"name": "sword", "level": 3, "tier": 1}]}, faces=[5, 5])
    assert r.outcome == "improved" and (r.after[0].level, r.after[0].marked) == (4, False)
    assert (r.after[1].level, r.after[1].marked) == (3, False)
    nothing = call("fiveplus_practice_roll", {"descriptors": [{"name": "shield", "level": 3, "tier": 2},
                                                              {"name": "sword", "level": 3, "tier": 1}]},
                   faces=[2, 5])
    assert nothing.outcome == "nothing" and not any(p.marked for p in nothing.after)
    assert nothing.odds.exact == {"nothing": "5/6", "marked": "1/9", "improved": "1/18"}
    with pytest.raises(ToolArgumentError):
        call("fiveplus_practice_roll", {"descriptors": [{"name": "a", "level": 1, "marked": False},
                                                        {"name": "b", "level": 1}]})
