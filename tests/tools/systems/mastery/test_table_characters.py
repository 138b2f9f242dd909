"""Mastery's NPC generator (``mastery_add_npc``): what a player reads on a foe's sheet agrees with what the foe is."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from narrator.agent.evaluate import table_for
from narrator.tools.dice import Roller
from narrator.tools.registry import default_registry
from narrator.tools.systems.mastery.catalogue import MELEE_WEAPONS, NATURAL_WEAPON, RANGED_WEAPONS
from narrator.tools.systems.mastery.characters import named_weapon
from narrator.tools.systems.mastery.sheet import violations

TABLE = table_for("mastery", None, None)


def npc(concept: str, level: int, seed: int):
    return default_registry().call("mastery_add_npc", {"concept": concept, "level": level}, Roller(seed), TABLE)


@settings(max_examples=40, deadline=None)
@given(concept=st.sampled_from(["giant rat", "wild dog", "wolves", "a hungry bear", "dragon"]),
       level=st.integers(1, 5), seed=st.integers(0, 10**6))
def test_a_beast_fights_with_its_body(concept, level, seed):
    """Seen in play: a giant rat with "axe fighting 1" on the encounter table. A beast brawls with its teeth and
    claws, names no weapon in any ability or skill, blocks with no shield and wears a thick hide, if anything."""
    c = npc(concept, level, seed).character
    assert "brawling" in c.abilities and [g.name for g in c.weapons()] == [NATURAL_WEAPON]
    assert not any(named_weapon(n) for n in (*c.abilities, *c.skills)) and "shield blocking" not in c.skills
    assert all(g.name == "thick hide" for g in c.gear if g.kind == "armor")
    assert violations(c, creation=False) == []


@settings(max_examples=60, deadline=None)
@given(concept=st.sampled_from(["bandit", "town guard", "mercenary", "archer", "orc raider", "veteran knight"]),
       level=st.integers(1, 5), seed=st.integers(0, 10**6))
def test_a_fighter_carries_the_weapon_its_skills_name(concept, level, seed):
    """A swordsman carries a sword, and no skill of his counterattacks with an axe."""
    c = npc(concept, level, seed).character
    [weapon] = c.weapons()
    assert weapon.name in (*MELEE_WEAPONS, *RANGED_WEAPONS)
    for name in (*c.abilities, *c.skills):
        assert named_weapon(name) in (None, weapon.name), (name, weapon.name)
    assert violations(c, creation=False) == []


@pytest.mark.parametrize("concept", ["bandit", "skeleton", "town guard"])
def test_people_and_the_dead_are_no_beasts(concept):
    assert npc(concept, 3, 1).character.weapons()[0].name != NATURAL_WEAPON


@settings(max_examples=30, deadline=None)
@given(concept=st.sampled_from(["river pirate", "sailor", "smuggler on the river"]), level=st.integers(1, 5),
       seed=st.integers(0, 10**6))
def test_a_seafarer_steers_boats_not_horses(concept, level, seed):
    """Seen in play: a river pirate with "horsemanship 1". The concept's words name the ability its activity
    (riding: steering boats too) is served by."""
    c = npc(concept, level, seed).character
    assert "horsemanship" not in c.abilities


def test_a_players_boating_ability_is_read_as_steering_boats():
    from narrator.tools.systems.mastery.fit import activities_of_name

    assert activities_of_name("boating") == {"riding"} and activities_of_name("shipwright") == set()
