"""Whom the words target when they do not give a full name."""

from __future__ import annotations

from narrator.agent.extract import target_for
from narrator.tools.systems import default_system
from narrator.tools.table import TableState


def table(*npcs: str, downed: tuple[str, ...] = ()) -> TableState:
    system = default_system()
    chars = {"Tamsin": {"npc": False}, **{n: {"npc": True} for n in npcs}}
    return TableState(system=system.name, characters=chars,
                      conditions={n: [system.downed_condition] for n in downed})


def test_a_full_name_wins():
    assert target_for("I hit Town Thug 2", table("Town Thug", "Town Thug 2"), "Tamsin") == "Town Thug 2"


def test_a_word_of_the_name_picks_the_first_of_one_kind():
    assert target_for("I hit the nearest thug", table("Town Thug", "Town Thug 2"), "Tamsin") == "Town Thug"


def test_a_downed_one_is_skipped():
    state = table("Town Thug", "Town Thug 2", downed=("Town Thug",))
    assert target_for("I hit the thug", state, "Tamsin") == "Town Thug 2"


def test_a_word_shared_by_two_kinds_is_ambiguous():
    assert target_for("I hit the thug", table("Town Thug", "Thug Boss"), "Tamsin") is None


def test_the_word_picks_among_kinds():
    assert target_for("I shoot the boss", table("Town Thug", "Thug Boss"), "Tamsin") == "Thug Boss"


def test_no_word_and_one_kind_present_is_that_kind():
    assert target_for("I attack", table("Wolf", "Wolf 2"), "Tamsin") == "Wolf"


def test_no_word_and_two_kinds_present_is_nobody():
    assert target_for("I attack", table("Wolf", "Bandit"), "Tamsin") is None


def test_a_blow_on_a_fallen_one_named_by_its_kind_goes_to_the_next_of_its_kind():
    """Seen in Minim teach play: with Thug down, "I kick the other thug" named Thug (an exact word of its name) and
    was refused as an attack on the unconscious; Thug 2 stood beside him. A full name still wins, and anything but
    a blow (tending the fallen thug) keeps the one named."""
    state = table("Thug", "Thug 2", downed=("Thug",))
    assert target_for("I kick the other thug", state, "Tamsin", blow=True) == "Thug 2"
    assert target_for("I kick Thug 2", state, "Tamsin", blow=True) == "Thug 2"
    assert target_for("I bandage the thug", state, "Tamsin") == "Thug"
    assert target_for("I kick the thug", table("Thug", "Thug 2"), "Tamsin", blow=True) == "Thug"


def test_an_ordinal_names_the_foe_the_story_numbered_so():
    """Seen in Minim solo: the foe lines call Bandit 2 "the second bandit"; "I cut at the second bandit" struck
    Bandit, whose name the words also hold. An ordinal is read as the story says it."""
    state = table("Bandit", "Bandit 2", "Town Thug", "Town Thug 2", "Town Thug 3")
    assert target_for("I cut at the second bandit", state, "Tamsin") == "Bandit 2"
    assert target_for("I strike the first bandit", state, "Tamsin") == "Bandit"
    assert target_for("I shoot the third town thug", state, "Tamsin") == "Town Thug 3"
    assert target_for("I shoot the 2nd town thug", state, "Tamsin") == "Town Thug 2"
    assert target_for("I hit the bandit", state, "Tamsin") == "Bandit"  # no ordinal: as before
    assert target_for("I hit the fourth bandit", state, "Tamsin") == "Bandit"  # no such foe: the words' name


def test_the_story_name_and_the_reading_agree():
    from narrator.narration.floor import story_name

    names = ["Bandit", "Bandit 2", "Bandit 3"]
    state = table(*names)
    for name in names[1:]:
        assert target_for(f"I attack {story_name(name, tuple(names))}", state, "Tamsin") == name
