"""Stated intents that set a boolean argument, read from each system's lexicon (no embedder needed)."""

from __future__ import annotations

import pytest

from narrator.agent.router import stated_flags


def fields(text: str, system: str) -> set[str]:
    return {flag["field"] for flag in stated_flags(text, system)}


@pytest.mark.parametrize("line, long", [
    ("party rests a whole week in the monastery", True),
    ("we hole up at the inn for a few days to heal", True),
    ("a long rest, please", True),
    ("Let's all take a short rest before we head into the tower.", False),
    ("we all stop for a quick breather on the stairs", False),
])
def test_a_5plus_rest_of_days_is_a_long_one(line, long):
    assert ("long" in fields(line, "fiveplus")) is long


@pytest.mark.parametrize("line, faith", [
    ("I draw on my faith to keep climbing", True),
    ("I climb without using faith", False),
])
def test_a_minim_faith_point_is_spent_only_when_said(line, faith):
    assert ("faith" in fields(line, "minim")) is faith


@pytest.mark.parametrize("line, move", [
    ("two actions plus a move this turn", True),
    ("I rush: one attack, but I also run over to the tower", True),
    ("one action and a full move", True),
    ("two actions this turn", False),
    ("I focus on one careful shot", False),
])
def test_a_5plus_turn_plan_with_a_full_move(line, move):
    assert ("move" in fields(line, "fiveplus")) is move


@pytest.mark.parametrize("line, field", [
    ("no hurry, i spend extra long searching the bedroom", "twice_as_long"),
    ("I take my time with the lock", "twice_as_long"),
    ("I took aim last turn — now I shoot the wolf", "aim"),
    ("I loose another arrow at the wolf, I've been aiming at it since last turn", "aim"),
])
def test_minim_time_and_aim_said_in_everyday_words(line, field):
    assert field in fields(line, "minim")


def test_minim_aim_is_not_read_into_a_plain_shot():
    assert fields("I aim at the wolf and shoot", "minim") == set()


@pytest.mark.parametrize("line, pulled", [
    ("I punch the guard but pull it, I just want to knock sense into him, not hurt him.", True),
    ("hit the innkeeper with the flat of my knife, I don't want to really hurt him", True),
    ("I pull it out of the sack", False),
    ("I punch him as hard as I can", False),
])
def test_a_brew_pulled_punch_in_everyday_words(line, pulled):
    assert ("pull_punch" in fields(line, "brew")) is pulled


@pytest.mark.parametrize("line, said", [
    ("From the top of the stairs I have the higher ground; I hack down at the guard", "small advantage"),
    ("my sword tip snapped off but I stab at the wolf anyway", "small disadvantage"),
    ("The wolf hasn't noticed me at all, it's busy with the carcass — I stab it from behind", "big advantage"),
    ("from the higher ground, with my broken blade, I strike", "none"),
    ("the monster is completely unaware and I strike from the higher ground", "big advantage"),
    ("I stab at the wolf", "none"),
])
def test_circumstances_told_in_the_words(line, said):
    """Minim's own example: higher ground small advantage, broken sword tip small disadvantage, an unaware monster
    big advantage; they add up and stay within two steps."""
    from narrator.agent.router import circumstance_for

    assert circumstance_for(line) == said
