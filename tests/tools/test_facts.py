"""Facts: a result's numbers in the roles the rules give them — derived, never stored, never read from odds or text."""

from __future__ import annotations

import json

from pydantic import BaseModel, ConfigDict, Field

from narrator.agent.evaluate import table_for
from narrator.tools.contract import CheckResult, ToolResult
from narrator.tools.dice import Die, Roller
from narrator.tools.facts import Fact, effect_facts, facts_of, role_of
from narrator.tools.odds import Dist
from narrator.tools.registry import default_registry
from narrator.tools.systems.contract import Effect
from narrator.tools.table import BoundResult, SetField

REGISTRY = default_registry()


def roles(facts: list[Fact], value) -> set[str]:
    return {f.role for f in facts if f.value == value}


def call(tool: str, args: dict, faces: list[int] = (), state=None):
    table = state or table_for("minim", None, None)
    return REGISTRY.call(tool, args, Roller.scripted(faces), table if REGISTRY.get(tool).bound else None)


class _Check(CheckResult):
    target: int
    damage: int = 0
    fatigue: int = 0
    price: int = 0
    modifier: int = 0
    raw_total: int = 0
    successes: int = 0
    tier: int = 0
    faith_before: int = 0
    faith_spent: int = 0
    max_health: int = 0
    rooms_cleared: int = 0


def check(**fields) -> _Check:
    odds = Dist.uniform([13, 36, 99]).odds(p_success=None)
    base = dict(summary="rolled 12 against 77", steps=["Die 1 rolled 44", "odds 13/36"], dice=[Die(sides=6, face=2),
                Die(sides=6, face=5)], outcome=0, success=False, odds=odds, target=3)
    return _Check(**{**base, **fields})


def test_dice_give_faces_sides_and_how_many():
    facts = check().facts()
    assert [f.value for f in facts if f.role == "die"] == [2, 5]
    assert {f.value for f in facts if f.role == "sides"} == {6}
    assert Fact("count", 2, None, "dice") in facts


def test_field_names_give_roles():
    facts = check(damage=4, fatigue=7, price=8, modifier=-2, raw_total=11, successes=9, tier=14, faith_before=15,
                  faith_spent=16, max_health=17, rooms_cleared=18).facts()
    assert roles(facts, 3) == {"target"} and roles(facts, 4) == {"damage"} and roles(facts, 7) == {"damage"}
    assert roles(facts, 8) == {"price"} and roles(facts, -2) == {"modifier"} and roles(facts, 11) == {"total"}
    assert roles(facts, 9) == {"successes"} and roles(facts, 14) == {"level"}
    assert Fact("resource", 15, None, "faith_before") in facts and Fact("resource", 16, None, "faith_spent") in facts
    assert Fact("health", 17, None, "max_health") in facts
    assert role_of("faith_spent") == ("resource", "faith") and role_of("max_health") == ("health", "max health")
    assert roles(facts, 18) == {"count"}  # a number no convention names is a count
    assert role_of("defender_health_after") == ("health", "defender_health_after")
    assert role_of("summary") == (None, None) and role_of("damage_odds") == (None, None)


def test_odds_and_text_never_give_facts():
    facts = check().facts()
    values = {f.value for f in facts}
    assert not values & {13, 36, 99, 12, 77, 44}  # the odds hold 13/36; the summary and steps say 12, 77, 44


def test_facts_are_a_method_not_a_field():
    result = check()
    assert "facts" not in type(result).model_fields
    assert "facts" not in result.model_dump(mode="json")
    assert json.loads(result.model_dump_json()) == result.model_dump(mode="json")


def test_a_field_may_declare_its_role_or_none():
    class Declared(ToolResult):
        outcome: int = Field(json_schema_extra={"fact": "total"})
        secret: int = Field(json_schema_extra={"fact": None})

    facts = Declared(summary="x", outcome=9, secret=4).facts()
    assert facts == [Fact("total", 9, None, "outcome")]


def test_minim_annotations_where_a_convention_would_be_wrong():
    fumble = call("minim_fumble", {}, [5, 6])
    assert roles(fumble.facts(), 11) == {"total"}  # the fumble table's 2d6 total, not a degree of success
    test = call("minim_test", {"trait": 3, "faith": True}, [2, 5])
    assert Fact("modifier", 1, None, "faith") in test.facts()  # the +1 of a faith point spent


def test_nested_models_dicts_and_who():
    class Entry(BaseModel):
        model_config = ConfigDict(frozen=True)
        name: str
        total: int

    class Order(ToolResult):
        entries: list[Entry]
        totals: dict[str, int]

    facts = Order(summary="x", entries=[Entry(name="Aria", total=7)], totals={"Wolf": 6}).facts()
    assert Fact("total", 7, "Aria", "total") in facts and Fact("total", 6, "Wolf", "Wolf") in facts


def test_contents_take_the_role_of_their_container():
    sheet = call("minim_add_random_character", {"name": "Zed"}, [3, 1, 1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5])
    traits = sheet.character.traits
    facts = sheet.facts()
    assert Fact("score", traits.brain, "Zed", "brain") in facts


def test_table_ops_give_before_after_and_change_for_the_character():
    result = BoundResult(summary="x", changes=[SetField(name="Guard", field="health", value=1, was=3),
                                               SetField(name="Aria", field="faith", value=2, was=1)])
    facts = result.facts()
    assert Fact("health", 1, "Guard", "health after") in facts and Fact("health", 3, "Guard", "health before") in facts
    assert Fact("damage", 2, "Guard", "health change") in facts
    assert Fact("resource", 1, "Aria", "faith change") in facts


def test_a_minim_attack_on_the_table():
    r = call("minim_attack_target", {"attacker": "Aria", "defender": "Guard"}, [2, 3, 5])
    facts = r.facts()
    assert Fact("health", 1, "Guard", "defender_health_after") in facts
    assert Fact("damage", 1, "Guard", "health change") in facts
    assert {f.value for f in facts if f.role == "die"} == {2, 3, 5}
    assert Fact("target", 3, "Aria", "target") in facts and Fact("modifier", -1, "Aria", "skill_adjustment") in facts
    assert not any(f.role == "damage" and f.who == "bare-handed or improvised" for f in facts)


def test_dice_notation_constants_are_modifiers():
    r = call("table_roll", {"expression": "2d6+1"}, [4, 3])
    facts = r.facts()
    assert Fact("modifier", 1, None, "expression") in facts and roles(facts, 8) == {"total"}


def test_effect_facts():
    facts = effect_facts([Effect(kind="harmed", who="Brom", what="health", amount=2, before=3, after=1),
                          Effect(kind="spent", who="Aria", what="faith", amount=1, before=2, after=1),
                          Effect(kind="item_gained", who="Aria", what="rope")])
    assert Fact("damage", 2, "Brom", "health change") in facts and Fact("health", 1, "Brom", "health after") in facts
    assert Fact("resource", 1, "Aria", "faith change") in facts
    assert len(facts) == 6  # amount, before and after of each; nothing for the rope


def test_dumped_results_read_the_same():
    r = call("minim_check", {"actor": "Aria", "skill": "stealth"}, [2, 5])
    dumped = {(f.role, f.value) for f in facts_of(r.model_dump(mode="json"))}
    assert {(f.role, f.value) for f in r.facts()} <= dumped | {("die", 2), ("die", 5)}
