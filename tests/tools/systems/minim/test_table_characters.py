"""Minim's NPC generator (``minim_add_npc``): an animal's sheet reads as an animal's."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from narrator.agent.evaluate import table_for
from narrator.tools.dice import Roller
from narrator.tools.registry import default_registry
from narrator.tools.systems.minim.sheet import violations
from narrator.tools.systems.minim.table_characters import BEAST_SKILLS, KEYWORD_SKILLS

TABLE = table_for("minim", None, None)


@settings(max_examples=60, deadline=None)
@given(concept=st.sampled_from(["giant rat", "wild dog", "hungry wolf", "wolves", "cave bear", "giant spider"]),
       tier=st.integers(1, 5), seed=st.integers(0, 10**6))
def test_an_animal_has_an_animals_skills_teeth_and_a_hide(concept, tier, seed):
    """Seen in play: a giant rat with "communication" and a wolf with a "crude close-combat weapon" and "shabby
    armor". An animal's rolled skills are an animal's; it bites and claws, and its armor is its hide."""
    c = default_registry().call("minim_add_npc", {"concept": concept, "tier": tier}, Roller(seed), TABLE).character
    suggested = {s for kw in KEYWORD_SKILLS for s in KEYWORD_SKILLS[kw] if kw in concept}
    assert set(c.skills) <= set(BEAST_SKILLS) | suggested
    weapon, armor = c.gear
    assert weapon.name.endswith("teeth and claws") and armor.name.endswith("hide")
    assert "shabby" not in weapon.name + armor.name and "crude" not in weapon.name + armor.name
    assert violations(c, creation=False) == []


def test_people_keep_their_weapons():
    c = default_registry().call("minim_add_npc", {"concept": "bandit", "tier": 2}, Roller(1), TABLE).character
    assert c.gear[0].name.endswith("close-combat weapon") and c.gear[1].name.endswith("armor")
