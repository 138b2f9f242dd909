"""The Minim sheet: a legal starting character passes, each broken rule is found on its own and all together."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from narrator.tools.systems.minim.sheet import MinimCharacter, problems, tier, violations


def sheet(**changes: Any) -> dict[str, Any]:
    """A legal normal-campaign starting character, built by hand from the rulebook's creation steps."""
    base: dict[str, Any] = {
        "name": "Mira",
        "concept": "street medic",
        "traits": {"brain": 4, "brawl": 2, "brass": 3},
        "skills": ["cure", "knowledge", "security", "perception", "communication", "stealth"],
        "specialties": [],
        "powers": {"languages": 2, "wealth": 1, "healing touch": 2, "contacts": 1},
        "virtue": "compassion",
        "vice": "greed",
        "health": 3, "max_health": 3,
        "faith": 4, "max_faith": 4,
        "campaign": "normal",
        "npc": False,
        "gear": [{"name": "scalpel", "kind": "weapon", "quality": -1}, {"name": "coat", "kind": "armor", "quality": 0}],
    }
    base.update(changes)
    return base


def char(**changes: Any) -> MinimCharacter:
    return MinimCharacter.model_validate(sheet(**changes))


def fields(c: MinimCharacter, creation: bool = True) -> list[str]:
    return [v.field for v in problems(c, creation)]


def test_hand_built_starting_character_is_legal():
    c = char()
    assert violations(c) == []
    assert violations(c, creation=False) == []
    assert tier(c) == 3  # median of 4, 2, 3


def test_sheet_is_frozen():
    c = char()
    with pytest.raises(ValidationError):
        c.name = "other"  # type: ignore[misc]


@pytest.mark.parametrize("change,field,words", [
    ({"traits": {"brain": 4, "brawl": 4, "brass": 3}, "max_health": 3}, "traits", "traits 4, 3 and 2"),
    ({"skills": ["cure", "knowledge", "perception", "communication", "stealth"]}, "skills", "1 too few"),
    ({"skills": ["cure", "knowledge", "security", "art", "perception", "communication"]}, "skills", "1 too many"),
    ({"skills": ["cure", "knowledge", "security", "perception", "communication", "stealth", "stealth"]}, "skills", "listed 2 times"),
    ({"powers": {"languages": 2, "wealth": 1, "healing touch": 2, "contacts": 2}}, "powers", "1 too many"),
    ({"powers": {"languages": 1, "wealth": 1, "healing touch": 2}}, "powers", "2 too few"),
    ({"powers": {"languages": 3, "healing touch": 3}}, "powers", "'wealth' is missing"),
    ({"powers": {"languages": 1, "wealth": 1, "storm": 6, "x": -2}}, "powers.storm", "range from 1 to 5"),
    ({"powers": {"languages": 0, "wealth": 2, "healing touch": 2, "contacts": 2}}, "powers.languages", "start at 1 for free"),
    ({"virtue": None}, "virtue", "needs a virtue"),
    ({"vice": "  "}, "vice", "needs a vice"),
    ({"vice": "Compassion"}, "vice", "must differ"),
    ({"health": 2}, "health", "health equal to brass"),
    ({"health": 4, "max_health": 4}, "max_health", "must equal brass"),
    ({"faith": 3}, "faith", "faith equal to brain"),
    ({"faith": 5, "max_faith": 5}, "max_faith", "must equal brain"),
    ({"gear": [{"name": "laser", "kind": "weapon", "quality": 3}]}, "gear.0.quality", "-2 to +2"),
    ({"specialties": [{"name": "surgery", "skill": "cure"}]}, "powers", "1 too many"),
    ({"specialties": [{"name": "surgery", "skill": "cure"}, {"name": "Surgery", "skill": "cure"}],
      "powers": {"languages": 1, "wealth": 1, "contacts": 2}}, "specialties", "listed 2 times"),
])
def test_each_rule_is_detected_alone(change, field, words):
    found = problems(char(**change))
    assert field in [v.field for v in found], [v.sentence for v in found]
    assert any(words in v.sentence for v in found if v.field == field), [v.sentence for v in found]
    assert all("minim.md#" in v.sentence for v in found)  # every sentence cites its rule


def test_out_of_range_trait_is_named():
    c = char(traits={"brain": 6, "brawl": 2, "brass": 3}, faith=6, max_faith=6)
    assert "traits.brain" in fields(c)
    assert "traits.brain" in fields(c, creation=False)


def test_every_violation_is_listed_at_once():
    c = char(
        traits={"brain": 5, "brawl": 5, "brass": 0},
        skills=["fight", "fight", "art"],
        powers={"languages": 1, "fireball": 9},
        virtue="pride", vice="pride",
        health=7, max_health=2, faith=-1, max_faith=5,
        gear=[{"name": "club", "kind": "weapon", "quality": -3}],
    )
    got = fields(c)
    for expected in ["traits.brass", "powers.fireball", "gear.0.quality", "health", "faith", "skills", "powers",
                     "vice", "max_health", "traits"]:
        assert expected in got, expected
    assert len(violations(c)) == len(got) >= 12
    assert len(set(violations(c))) == len(violations(c))  # each its own sentence


def test_skill_budget_names_the_trait_and_its_rank():
    c = char(skills=["cure", "perception", "communication", "survival", "stealth", "fight"])
    text = " ".join(violations(c))
    assert "Brain (4) is the highest trait" in text and "2 too few" in text
    assert "Brass (3) is the middle trait" in text and "1 too many" in text
    assert "Brawl (2) is the lowest trait" in text


@pytest.mark.parametrize("campaign,traits", [
    ("stronger", {"brain": 5, "brawl": 3, "brass": 4}),
    ("weaker", {"brain": 3, "brawl": 1, "brass": 2}),
])
def test_stronger_and_weaker_campaigns_shift_every_trait(campaign, traits):
    derived = {"health": traits["brass"], "max_health": traits["brass"], "faith": traits["brain"], "max_faith": traits["brain"]}
    assert violations(char(campaign=campaign, traits=traits, **derived)) == []
    wrong = char(campaign=campaign)  # 4/3/2 is not a legal start there
    assert [v.field for v in problems(wrong) if v.field == "traits"] == ["traits"]
    assert campaign in next(v.sentence for v in problems(wrong) if v.field == "traits")


def test_tied_traits_accept_either_skill_budget_but_flag_the_traits():
    c = char(traits={"brain": 3, "brawl": 3, "brass": 3}, faith=3, max_faith=3,
             skills=["fight", "fire", "sports", "cure", "knowledge", "perception"])
    assert fields(c) == ["traits"]  # 3 brawl, 2 brain, 1 brass fits one tie-break


def test_specialty_costs_one_of_the_four_points():
    c = char(specialties=[{"name": "surgery", "skill": "cure"}], powers={"languages": 2, "wealth": 1, "healing touch": 2})
    assert violations(c) == []


def test_in_play_sheet_skips_budgets_but_keeps_limits():
    veteran = char(skills=["cure", "knowledge", "security", "perception", "communication", "stealth", "fight", "art"],
                   powers={"languages": 0, "wealth": 0, "healing touch": 5, "contacts": 3}, health=1, faith=0)
    assert violations(veteran, creation=False) == []
    assert fields(veteran)  # but it is no longer a starting character
    hurt = char(health=4, faith=5)
    assert fields(hurt, creation=False) == ["health", "faith"]


def test_npc_only_checks_invariants():
    dog = char(npc=True, name="Rex", traits={"brain": 1, "brawl": 3, "brass": 2}, skills=["perception", "sports"],
               powers={"bite": 2}, virtue=None, vice=None, health=2, max_health=2, faith=0, max_faith=0, gear=[])
    assert violations(dog) == [] and violations(dog, creation=False) == []
    villain = char(npc=True, traits={"brain": 5, "brawl": 5, "brass": 5}, health=9, max_health=8, faith=5, max_faith=5)
    assert fields(villain) == ["health"]


def test_names_are_normalized_and_shape_errors_rejected_on_parsing():
    c = char(skills=[" Cure", "KNOWLEDGE", "security", "perception", "communication", "stealth"],
             powers={"Languages ": 2, "WEALTH": 1, "healing touch": 2, "contacts": 1})
    assert c.skills[0] == "cure" and "languages" in c.powers and violations(c) == []
    with pytest.raises(ValidationError):
        char(skills=["juggling"])
    with pytest.raises(ValidationError):
        char(powers={"wealth": 1, "Wealth": 1})
    with pytest.raises(ValidationError):
        char(gear=[{"name": "wand", "kind": "spell", "quality": 0}])
    with pytest.raises(ValidationError):
        char(bogus=1)


def test_health_above_its_maximum_is_reported_once_at_creation():
    found = [v.sentence for v in problems(char(health=9)) if v.field == "health"]
    assert found == ["Health is 9, above its maximum 3; it can never go above it (minim.md#Health)."]


def test_violations_come_in_sheet_order():
    c = char(gear=[{"name": "x", "quality": 9}], vice=None, traits={"brain": 4, "brawl": 2, "brass": 9},
             health=9, max_health=9)
    assert fields(c)[0].startswith("traits") and fields(c)[-1] == "gear.0.quality"
