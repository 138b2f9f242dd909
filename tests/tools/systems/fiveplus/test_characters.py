"""Characters: the scaffold, the level table with its chances, and the fixed / random / buy-point methods."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from narrator.tools.errors import ToolArgumentError
from narrator.tools.concepts import MAX_PICKS
from narrator.tools.systems.fiveplus.characters import CONCEPT_OPTIONS, random_level_dist
from narrator.tools.systems.fiveplus.sheet import cost, violations

BOOK_CHANCES = {0: 0.10, 1: 0.25, 2: 0.40, 3: 0.50, 4: 0.70, 5: 0.75, 6: 0.80}


def test_the_level_table_matches_the_books_approximate_chances(call):
    """|Level|Descriptions|Chances| 0 Incompetent ~10% … 6 Expert ~80%."""
    r = call("fiveplus_level_table", {})
    assert [row.description for row in r.rows] == ["Incompetent", "Novice", "Trained", "Competent", "Proficient",
                                                   "Specialist", "Expert"]
    for row in r.rows:
        assert abs(row.p_success - BOOK_CHANCES[row.level]) <= 0.06, row
        hits = sum(1 for a, b in product(range(1, 7), repeat=2) if 5 <= a + b <= 5 + row.level)
        assert row.p_success == float(Fraction(hits, 36))


def test_the_scaffold_character(call):
    """"A character can be as simple as: Skills: Improvise(2:0) … Resistances: Physical(0/3:0).\""""
    r = call("fiveplus_character_create", {"name": "Plain"})
    c = r.character
    assert c.get("Improvise").notation().startswith("Improvise (2:0)")
    assert c.get("Physical").notation().startswith("Physical (0/3:0)")
    assert violations(c, creation=True) == []


def test_random_levels_keep_the_worse_of_2d6(call):
    """"Randomized creation: roll 2d6 for each descriptor and keep the worse value.\""""
    r = call("fiveplus_character_create", {"name": "Rolled", "method": "random", "skills": {"Sneak": None},
                                           "resistances": {"Physical": None}}, faces=[5, 2, 4, 6])
    assert r.character.get("Physical").level == 4 and r.character.get("Sneak").level == 2  # names in log order
    assert [d.flags for d in r.dice][:2] == [("dropped",), ("kept",)]


def test_the_random_level_distribution_is_exact():
    counts: dict[int, int] = {}
    for a, b in product(range(1, 7), repeat=2):
        counts[min(a, b)] = counts.get(min(a, b), 0) + 1
    assert dict(random_level_dist().items()) == {k: Fraction(v, 36) for k, v in counts.items()}


def test_buy_points_cost_the_cumulative_levels(call):
    """"Buy Points: … the progression cost being the same as the cumulative levels being bought.\""""
    assert [cost(n) for n in range(7)] == [0, 1, 3, 6, 10, 15, 21]
    r = call("fiveplus_character_create", {"name": "Bought", "method": "buy", "points": 16,
                                           "skills": {"Sneak": 4}, "resistances": {"Physical": 3}})
    assert r.points_spent == 16
    with pytest.raises(ToolArgumentError) as e:
        call("fiveplus_character_create", {"name": "Greedy", "method": "buy", "points": 15,
                                           "skills": {"Sneak": 4}, "resistances": {"Physical": 3}})
    assert "more than the 15 available" in str(e.value)


def test_methods_refuse_what_they_do_not_allow(call):
    with pytest.raises(ToolArgumentError) as e:
        call("fiveplus_character_create", {"name": "X", "method": "random", "skills": {"Sneak": 3}})
    assert "rolls every level" in str(e.value)
    with pytest.raises(ToolArgumentError) as e:
        call("fiveplus_character_create", {"name": "X", "skills": {"Sneak": 7, "Sword": None}, "points": 3})
    text = str(e.value)
    assert "skills.Sneak" in text and "skills.Sword" in text and "points" in text  # every problem at once


def test_traits_are_written_as_name_modifier_target(call):
    r = call("fiveplus_character_create", {"name": "Ninja", "skills": {"Sneak": 4},
                                           "traits": ["Ninja training +1 sneak", "Strong +1", "Amphibious"]})
    c = r.character
    assert c.get("Ninja training").modifier == 1 and c.get("Ninja training").applies_to == ["sneak"]
    assert c.get("Strong").applies_to == [] and c.get("Amphibious").modifier == 0


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32), concept=st.sampled_from([None, "a sneaky thief", "an old wizard", "guard"]),
       picks=st.lists(st.sampled_from([o.key for o in CONCEPT_OPTIONS]), max_size=MAX_PICKS, unique=True))
def test_random_characters_are_always_legal(call, seed, concept, picks):
    """Legal by construction (the generator no longer checks itself on every call), embedder picks included."""
    r = call("fiveplus_character_random", {"name": "Any", "concept": concept, "picks": picks}, seed=seed)
    assert violations(r.character, creation=True) == []
    assert len(r.character.of_kind("skill")) == 5 and len(r.character.of_kind("resistance")) == 3
    assert all(1 <= d.level <= 6 for d in r.character.levelled())


def test_a_blank_concept_still_names_the_training_trait(call):
    r = call("fiveplus_character_random", {"name": "Any", "concept": " \x1f "}, seed=3)
    assert [d.name for d in r.character.of_kind("trait")] == ["Trained adventurer"]
    assert violations(r.character, creation=True) == []


@pytest.mark.parametrize("concept, trait", [("an old sailor with a bow", "Trained sailor"),
                                            ("Knight Of the Rose", "Trained Knight"),
                                            ("a travelling mercenary", "Trained mercenary")])
def test_the_training_trait_is_named_for_who_the_concept_is(call, concept, trait):
    r = call("fiveplus_character_random", {"name": "Any", "concept": concept}, seed=3)
    assert [d.name for d in r.character.of_kind("trait")] == [trait]


@pytest.mark.parametrize("concept, groups", [("a smuggler pilot", ("profession", "physical")),
                                             ("a street urchin", ("stealth", "profession"))])
def test_a_concept_no_keyword_names_is_read_through_its_stand_in(call, concept, groups):
    """Played in 5+ solo: "a smuggler pilot" matched no keyword, its skills were rolled, and the training trait read
    "Trained pilot +1 Lore". A concept no keyword names is read as who it is most like (a pilot as a sailor, an urchin
    as a thief: ``tools.npc_archetypes``), as the other systems and the NPC tools read it; the trait trains the first."""
    from narrator.tools.systems.fiveplus.characters import GROUP_SKILL, concept_groups

    assert tuple(concept_groups(concept)) == groups
    r = call("fiveplus_character_random", {"name": "Any", "concept": concept}, seed=3)
    trait = r.character.of_kind("trait")[0]
    assert trait.applies_to == [GROUP_SKILL[groups[0]]], trait


def test_a_guide_who_knows_every_ford_is_trained_in_survival(call):
    """Played in 5+ teach: "a river guide who knows every ford" came out with Archery, Dodge, Perception and
    Persuade, and "Trained guide +1 Dodge"; no word of it was known. A guide reads as survival and perception, and
    the river and its fords as the wild (``five-plus.md#Characters``: skills are free form, grouped by approach)."""
    from narrator.tools.systems.fiveplus.characters import concept_groups

    assert concept_groups("a river guide who knows every ford")[:2] == ["survival", "perception"]
    r = call("fiveplus_character_random", {"name": "Oren", "concept": "a river guide who knows every ford"}, seed=3)
    assert r.character.of_kind("trait")[0].applies_to == ["Survival"]
    assert {"Survival", "Perception"} <= {d.name for d in r.character.of_kind("skill")}


@pytest.mark.parametrize("text, name, modifier, applies", [
    ("Sure-footed +1 climbing", "Sure-footed", 1, ["climbing"]),  # played in 5+ teach: refused for its hyphen
    ("One-eyed -1 to shooting", "One-eyed", -1, ["shooting"]),
    ("Ninja training +1 sneak", "Ninja training", 1, ["sneak"]),
    ("Clumsy -1 sneak", "Clumsy", -1, ["sneak"]),
])
def test_a_trait_is_read_as_name_modifier_and_target(text, name, modifier, applies):
    from narrator.tools.systems.fiveplus.characters import parse_trait

    trait = parse_trait(text)
    assert (trait["name"], trait["modifier"], trait["applies_to"]) == (name, modifier, applies)
