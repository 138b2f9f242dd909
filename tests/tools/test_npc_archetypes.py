"""Stand-ins for NPC concept words a system's table does not know (``tools/npc_archetypes.py``)."""

from __future__ import annotations

import pytest

from narrator.tools.dice import Roller
from narrator.tools.npc_archetypes import ARCHETYPES
from narrator.tools.registry import default_registry
from narrator.tools.table import TableState

SYSTEMS = [("brew", "level", "keywords"), ("minisix", "level", "keywords"), ("minim", "tier", "keywords"),
           ("mastery", "level", "activities")]


def npc(system: str, power: str, concept: str):
    return default_registry().call(f"{system}_add_npc", {"concept": concept, power: 3}, Roller(1),
                                   TableState(system=system))


@pytest.mark.parametrize("system,power,read", SYSTEMS)
def test_every_stand_in_word_is_read_by_every_npc_tool(system, power, read):
    """Played as a human narrator would: a smuggler, an orc, a jailer, a ferryman, a skeleton were read by no
    keyword in three systems and got random skills (an orc with Medicine). Every word of the table now reads as
    something each system knows."""
    unread = [word for word in ARCHETYPES if not getattr(npc(system, power, word), read)]
    assert unread == []


@pytest.mark.parametrize("system,power,read", SYSTEMS)
def test_a_known_word_is_read_before_any_stand_in(system, power, read):
    """The stand-in is only for a concept none of whose words is known: a "jailer archer" is an archer."""
    archer = getattr(npc(system, power, "jailer archer"), read)
    assert archer == getattr(npc(system, power, "archer"), read)


def test_a_plural_or_a_longer_concept_finds_its_stand_in():
    assert npc("brew", "level", "orc raiders").keywords == ["warrior", "bandit"]
    assert npc("minim", "tier", "grim old jailer").keywords == ["guard"]
    assert npc("minisix", "level", "witches of the fen").keywords == ["witch"]  # Mini Six knows witches itself
    assert npc("brew", "level", "river baron's enforcer").keywords == ["thug"]  # played: animal handling, medicine


def test_a_fiveplus_npc_acts_as_its_stand_in():
    """5+ NPCs never roll; their concept names their actions (five-plus.md#NPCs). A jailer acts as a guard, a
    smuggler as a thief, a troll as a brute — not every unknown word "strike, threaten"."""
    from narrator.tools.systems.fiveplus.npcs import ACTION_WORDS, npc_actions

    assert npc_actions("grim jailer") == list(ACTION_WORDS["guard"])
    assert npc_actions("river smuggler") == list(ACTION_WORDS["thief"])
    assert npc_actions("cave trolls") == list(ACTION_WORDS["brute"])
    assert npc_actions("goblin archer") == list(ACTION_WORDS["archer"])  # a known word first
