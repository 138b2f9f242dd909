"""Minim advancement through the registry: highlights (max, double votes, passing), horizontal and vertical progress."""

from __future__ import annotations

from typing import Any

import pytest

from narrator.tools.errors import ToolArgumentError
from narrator.tools.systems.minim.sheet import MinimCharacter, violations

from .test_sheet import sheet
from narrator.tools.phrases import steps_of, summary_of


def party(**tracks: tuple[int, int]) -> dict[str, dict[str, int]]:
    return {n: {"faith": f, "max_faith": m} for n, (f, m) in tracks.items()}


def faith_of(result) -> dict[str, int]:
    return {n: t.faith for n, t in result.faith.items()}


# --- highlights -------------------------------------------------------------------------------------------------

def test_each_voted_character_gains_one_faith(call):
    r = call("minim_highlights", {"party": party(Ana=(1, 4), Bo=(2, 3), Cy=(0, 2)),
                                  "roleplay_vote": "Ana", "action_vote": "Bo"}, faces=[])
    assert faith_of(r) == {"Ana": 2, "Bo": 3, "Cy": 0}
    assert [(a.highlight, a.recipient, a.status) for a in r.awards] == [("role-play", "Ana", "kept"), ("action", "Bo", "kept")]
    assert r.forfeited == [] and r.rule_refs == ["minim.md#Advancement", "minim.md#Faith"]


def test_at_max_may_pass_the_point_but_need_not(call):
    """"If the character is already at their maximum-points ... he *may* choose to pass this reward to other-player
    of his-choosing": keeping it is allowed; faith never goes above the maximum, so the point is forfeited."""
    r = call("minim_highlights", {"party": party(Ana=(4, 4), Bo=(1, 3)),
                                  "roleplay_vote": "Ana", "action_vote": "Bo"}, faces=[])
    assert faith_of(r) == {"Ana": 4, "Bo": 2}
    assert r.forfeited == ["Ana"] and r.awards[0].status == "forfeited" and r.awards[0].recipient is None
    assert "1 point forfeited" in summary_of(r) and "must" not in summary_of(r)
    assert any("may pass the point" in s for s in steps_of(r))


def test_at_max_passes_to_another_player(call):
    r = call("minim_highlights", {"party": party(Ana=(4, 4), Bo=(1, 3)), "roleplay_vote": "Ana",
                                  "action_vote": "Ana", "pass_to": {"Ana": "Bo"}}, faces=[])
    assert faith_of(r) == {"Ana": 4, "Bo": 3}  # both of Ana's points go to Bo
    assert [a.status for a in r.awards] == ["passed", "passed"] and r.forfeited == []


def test_both_votes_keep_both_by_default_or_pass_the_second(call):
    base = {"party": party(Ana=(1, 4), Bo=(1, 3)), "roleplay_vote": "Ana", "action_vote": "Ana"}
    kept = call("minim_highlights", base, faces=[])
    assert faith_of(kept) == {"Ana": 3, "Bo": 1}
    passed = call("minim_highlights", {**base, "pass_to": {"Ana": "Bo"}}, faces=[])
    assert faith_of(passed) == {"Ana": 2, "Bo": 2}
    assert [a.status for a in passed.awards] == ["kept", "passed"]


def test_both_votes_one_below_max_second_point_may_be_passed_or_forfeited(call):
    r = call("minim_highlights", {"party": party(Ana=(3, 4), Bo=(1, 3)),
                                  "roleplay_vote": "Ana", "action_vote": "Ana"}, faces=[])
    assert faith_of(r) == {"Ana": 4, "Bo": 1} and r.forfeited == ["Ana"]
    passed = call("minim_highlights", {"party": party(Ana=(3, 4), Bo=(1, 3)), "roleplay_vote": "Ana",
                                       "action_vote": "Ana", "pass_to": {"Ana": "Bo"}}, faces=[])
    assert faith_of(passed) == {"Ana": 4, "Bo": 2} and passed.forfeited == []


def test_recipient_at_max_forfeits_the_point_and_never_exceeds_max(call):
    r = call("minim_highlights", {"party": party(Ana=(2, 2), Bo=(3, 3), Cy=(0, 1)), "roleplay_vote": "Ana",
                                  "action_vote": "Ana", "pass_to": {"Ana": ["Cy", "Bo"]}}, faces=[])
    assert faith_of(r) == {"Ana": 2, "Bo": 3, "Cy": 1}
    assert [a.status for a in r.awards] == ["passed", "forfeited"] and r.forfeited == ["Ana"]
    assert all(t.faith <= t.max_faith for t in r.faith.values())


def test_highlight_errors_are_all_listed(call):
    with pytest.raises(ToolArgumentError) as e:
        call("minim_highlights", {"party": party(Ana=(1, 4), Bo=(1, 3)), "roleplay_vote": "Zed",
                                  "action_vote": "Ana", "pass_to": {"Ana": "Bo", "Bo": "Bo", "Cy": "Ana"}}, faces=[])
    problems = {(p.field, p.problem.split(" ")[0]) for p in e.value.problems}
    assert ("roleplay_vote", "not") in problems
    assert ("pass_to.Ana", "Ana") in problems  # one vote and room: must keep it
    assert {p.field for p in e.value.problems} >= {"pass_to.Bo", "pass_to.Cy"}
    with pytest.raises(ToolArgumentError) as e:
        call("minim_highlights", {"party": party(Ana=(5, 4)), "roleplay_vote": "Ana", "action_vote": "Ana"}, faces=[])
    assert e.value.problems[0].field == "party.Ana"


# --- horizontal progress ----------------------------------------------------------------------------------------

def character(**changes: Any) -> dict[str, Any]:
    return sheet(**changes)


def test_horizontal_moves_one_point_to_a_new_power(call):
    r = call("minim_horizontal_progress", {"character": character(), "from_power": "Healing Touch",
                                           "to_power": "Night-vision"}, faces=[])
    assert r.character.powers == {"languages": 2, "wealth": 1, "healing touch": 1, "contacts": 1, "night-vision": 1}
    assert violations(r.character, creation=False) == [] and r.rule_refs[0] == "minim.md#Advancement"


def test_horizontal_removes_an_emptied_power_but_keeps_languages_and_wealth(call):
    r = call("minim_horizontal_progress", {"character": character(), "from_power": "contacts",
                                           "to_power": "healing touch"}, faces=[])
    assert "contacts" not in r.character.powers and r.character.powers["healing touch"] == 3
    r = call("minim_horizontal_progress", {"character": character(), "from_power": "wealth",
                                           "to_power": "languages"}, faces=[])
    assert r.character.powers["wealth"] == 0 and r.character.powers["languages"] == 3


def test_horizontal_can_change_virtue_and_vice(call):
    r = call("minim_horizontal_progress", {"character": character(), "from_power": "contacts", "to_power": "wealth",
                                           "virtue": "patience", "vice": "envy"}, faces=[])
    assert (r.character.virtue, r.character.vice) == ("patience", "envy")
    with pytest.raises(ToolArgumentError) as e:
        call("minim_horizontal_progress", {"character": character(), "from_power": "contacts", "to_power": "wealth",
                                           "vice": "compassion"}, faces=[])
    assert [p.field for p in e.value.problems] == ["vice"]


@pytest.mark.parametrize("args,fields", [
    ({"from_power": "fireball", "to_power": "wealth"}, ["from_power"]),
    ({"from_power": "wealth", "to_power": "Wealth"}, ["to_power"]),
    ({"from_power": "contacts", "to_power": "storm", "character": character(
        powers={"languages": 1, "wealth": 0, "contacts": 1, "storm": 5})}, ["to_power"]),
    ({"from_power": "wealth", "to_power": "contacts", "character": character(
        powers={"languages": 1, "wealth": 0, "contacts": 1})}, ["from_power"]),
    ({"from_power": "contacts", "to_power": "wealth", "character": character(health=9)}, ["character.health"]),
])
def test_horizontal_errors_go_through_the_registry(call, args, fields):
    with pytest.raises(ToolArgumentError) as e:
        call("minim_horizontal_progress", {"character": character(), **args}, faces=[])
    assert [p.field for p in e.value.problems] == fields


# --- vertical progress ------------------------------------------------------------------------------------------

def test_vertical_adds_a_power_point_or_a_new_power(call):
    r = call("minim_vertical_progress", {"character": character(), "power": "contacts"}, faces=[])
    assert r.character.powers["contacts"] == 2 and sum(r.character.powers.values()) == 7
    r = call("minim_vertical_progress", {"character": character(), "power": "Flight"}, faces=[])
    assert r.character.powers["flight"] == 1 and "a new power" in summary_of(r)


def test_vertical_adds_a_skill(call):
    r = call("minim_vertical_progress", {"character": character(), "skill": "Fight"}, faces=[])
    assert r.character.skills[-1] == "fight" and r.rule_refs == ["minim.md#Advancement", "minim.md#Skills"]
    assert violations(r.character, creation=False) == [] and violations(r.character) != []
    assert isinstance(r.character, MinimCharacter)


@pytest.mark.parametrize("args,fields", [
    ({"skill": "cure"}, ["skill"]),
    ({"power": "storm", "character": character(powers={"languages": 1, "wealth": 0, "storm": 5})}, ["power"]),
    ({"power": "contacts", "character": character(faith=7)}, ["character.faith"]),
])
def test_vertical_errors_go_through_the_registry(call, args, fields):
    with pytest.raises(ToolArgumentError) as e:
        call("minim_vertical_progress", {"character": character(), **args}, faces=[])
    assert [p.field for p in e.value.problems] == fields


@pytest.mark.parametrize("extra", [{}, {"power": "contacts", "skill": "fight"}])
def test_vertical_needs_exactly_one_reward(registry, extra):
    with pytest.raises(ToolArgumentError) as e:
        registry.validate("minim_vertical_progress", {"character": character(), **extra})
    assert "exactly one of power" in str(e.value)
