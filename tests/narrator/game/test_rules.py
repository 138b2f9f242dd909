"""The game adapters' shared parts (``narrator.game.rules``, ``narrator.game.views``)."""

from __future__ import annotations

import pytest
from rich.console import Console

from narrator.game.rules import rules_for

SYSTEMS = ("brew", "fiveplus", "mastery", "minim", "minisix")


def text_of(renderable) -> str:
    console = Console(width=160, record=True)
    console.print(renderable)
    return console.export_text()


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_sheet_is_read_as_the_systems_model_or_shown_as_its_text(system):
    """``sheet_of`` gives the system's model for a sheet it made, None for one it cannot read; a view of the
    unreadable sheet is the system's text, never an error."""
    from narrator.tools.dice import Roller
    from narrator.tools.registry import default_registry
    from narrator.tools.table import TableState

    rules = rules_for(system)
    power = "tier" if system == "minim" else "level"
    made = default_registry().call(f"{system}_add_npc", {"concept": "town guard", power: 2}, Roller(3),
                                   TableState(system=system))
    sheet = made.character.model_dump(mode="json")
    assert type(rules.sheet_of(sheet)) is type(made.character)
    broken = {"name": "Wreck", "npc": "perhaps", "concept": "a torn page"}  # no book's sheet reads "perhaps"
    assert rules.sheet_of(broken) is None
    shown = text_of(rules.sheet_view(broken))
    assert "Wreck" in shown
    drawn = text_of(rules.sheet_view(sheet))
    assert f"{made.character.name} (NPC)" in drawn and "town guard" in drawn  # the shared frame: name, kind, concept


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_system_has_lessons_read_from_where_its_adapter_names_them(system):
    from narrator.game.rules import Lesson

    lessons = rules_for(system).lessons()
    assert lessons and all(isinstance(v, Lesson) for v in lessons.values())


def _guided_args(system: str, concept: str) -> dict:
    """The create tool's arguments for the adapter's example answers with ``concept`` instead of its own."""
    rules = rules_for(system)
    steps = {s.key: s for s in rules.creation_steps({})}
    answers = {**rules.example_answers({}), "concept": concept}
    parsed = dict(rules.creation_placeholders({}))
    for key, text in answers.items():
        if key in steps and (text or not steps[key].optional):
            parsed[key] = steps[key].parse(text)
    return rules.creation_args(parsed, {})


@pytest.mark.parametrize("system, concept, carried", [
    ("brew", "a gunslinger with a bad past", ["handgun", "thick leather cap"]),
    ("brew", "an archer of the north woods", ["composite bow", "belt knife", "thick leather cap"]),
    ("brew", "a wandering healer", ["belt knife", "thick leather cap"]),
    ("minim", "a gunslinger with a bad past", ["pistol"]),
    ("minim", "a wandering healer", []),
])
def test_a_guided_character_carries_the_weapon_its_concept_names(system, concept, carried):
    """Brew and Minim ask no gear question, so a guided gunslinger used to start with a belt knife (Brew) or
    nothing (Minim) and was told in the first fight that it "carries no ranged weapon". The concept's weapons now
    come with it, as they do for a random character; an archer keeps a knife for close range (a composite bow
    reaches "Medium & long", brew.md#Examples of weapon attacks). A concept that names no weapon changes nothing."""
    from narrator.tools.dice import Roller
    from narrator.tools.registry import default_registry

    made = default_registry().call(f"{system}_character_create", _guided_args(system, concept), Roller(1))
    assert [g.name for g in made.character.gear] == carried


def test_a_table_keeps_its_title_on_one_line():
    """Seen in 5+ and Brew solo: an encounter's title was folded into three lines over its narrow table."""
    from narrator.game.views import rows_table

    title = "Encounter (moderate): 1 × veteran soldier — 3 successes to defeat (party's default challenge 4), rank 1"
    shown = text_of(rows_table(title, ["foe", "rank"], [["Veteran Soldier", "1"]])).splitlines()
    assert shown[0].strip() == title
    assert len(text_of(rows_table("Gear", ["item"], [["sword"]])).splitlines()[1].rstrip()) < 20  # short: as before


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_systems_scene_generators_are_found_from_their_specs(system):
    """``scene_kinds`` names each generator as ``"module:function"`` (a :func:`narrator.game.scenes.scene`): the
    adapter finds it, a generator of its own system with a name and a description for ``/scene show``."""
    from narrator.game.scenes import Scene, SceneGenerator, scene_generators

    found = rules_for(system).scene_generators()
    assert found and len(found) == len(rules_for(system).scene_kinds)
    for g in found:
        assert isinstance(g, Scene) and isinstance(g, SceneGenerator)
        assert g.system == system and g.name and len(g.description) > 20
        assert scene_generators(system)[g.name] is g


def test_a_spec_names_a_class_to_make_or_an_object_to_take():
    """``"module:name"`` specs: a class (an encounter builder, or a plugin's scene written as a class) is made; a
    scene written as a function is the generator already, taken as it is."""
    from narrator.game.rules import _made
    from narrator.game.systems.brew_play import BrewEncounters, journey

    assert isinstance(_made("narrator.game.systems.brew_play:BrewEncounters"), BrewEncounters)
    assert _made("narrator.game.systems.brew_play:journey") is journey
