"""Advancement: burning triumphs by the cost tables, new abilities and skills from 0, the learning challenge."""

from __future__ import annotations

import pytest

from narrator.tools.errors import ToolArgumentError
from narrator.tools.systems.mastery.examples import KESTREL


def test_raising_a_skill_spends_its_step_cost(call):
    r = call("mastery_advance", {"character": KESTREL, "kind": "skill", "name": "Lock-Picking"}, faces=[])
    assert r.before == 1 and r.after == 2 and r.cost == 2 and r.triumphs_spent == 2
    assert r.character.skills["lock-picking"] == 2 and r.character.triumphs == 0


def test_a_new_ability_starts_at_zero(call):
    rich = {**KESTREL, "triumphs": 10}
    r = call("mastery_advance", {"character": rich, "kind": "ability", "name": "magical lore", "steps": 2},
             faces=[])
    assert r.before == 0 and r.after == 2 and r.cost == 5 and r.character.abilities["magical lore"] == 2


def test_traits_rise_past_the_creation_limit_in_play(call):
    rich = {**KESTREL, "triumphs": 20}
    r = call("mastery_advance", {"character": rich, "kind": "trait", "name": "agility", "steps": 2}, faces=[])
    assert r.after == 4 and r.cost == 5 + 7


def test_too_few_triumphs_or_too_high_is_refused(call):
    with pytest.raises(ToolArgumentError) as e:
        call("mastery_advance", {"character": KESTREL, "kind": "ability", "name": "swordsmanship"})
    assert "costs 6 triumphs" in str(e.value)
    with pytest.raises(ToolArgumentError):
        call("mastery_advance", {"character": {**KESTREL, "triumphs": 99}, "kind": "skill", "name": "parrying",
                                 "steps": 4})
    with pytest.raises(ToolArgumentError):
        call("mastery_advance", {"character": KESTREL, "kind": "trait", "name": "luck"})


def test_a_failed_learning_challenge_improves_nothing_and_spends_nothing(call):
    """"If the task of learning is difficult (such as without a teacher) the GM may require a challenge to
    improve.\""""
    args = {"character": KESTREL, "kind": "skill", "name": "lock-picking",
            "learning": {"trait": "cunning", "skill": "lock-picking", "tn": "Normal", "needed": 1}}
    failed = call("mastery_advance", args, faces=[1, 2, 3])
    assert failed.success is False and failed.after == 1 and failed.triumphs_spent == 0
    assert failed.character.triumphs == 2
    lost = call("mastery_advance", {**args, "lose_on_failure": True}, faces=[1, 2, 3])
    assert lost.triumphs_spent == 2 and lost.character.triumphs == 0 and lost.character.skills["lock-picking"] == 1
    learned = call("mastery_advance", args, faces=[6, 1, 1])
    assert learned.success and learned.after == 2
