"""State-bound Minim tools outside combat: adding characters and NPCs, checks, powers, purchases, faith, health.

Every call goes through the registry on a real :class:`TableState` (the ``table`` fixture folds the changes),
with scripted dice where the numbers matter.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from narrator.tools.dice import Roller
from narrator.tools.errors import ToolArgumentError
from narrator.tools.systems import get_system
from narrator.tools.systems.minim.rules import CHALLENGE_BY_TIER, TRAIT_OF_SKILL
from narrator.tools.systems.minim.sheet import MinimCharacter, tier, violations
from narrator.tools.systems.minim.table_characters import KEYWORD_SKILLS, keywords_in
from narrator.tools.table import PutCharacter, SetConditions, SetField, SetSystemState, TableState
from narrator.tools.phrases import steps_of


def problems_of(excinfo) -> dict[str, str]:
    return {p.field: p.problem for p in excinfo.value.problems}


@pytest.fixture
def hero(table, hero_args):
    table.call("minim_add_character", hero_args)
    return table


# --- adding characters ---------------------------------------------------------------------------------------


def test_system_names_its_character_tools(registry):
    minim = get_system("minim")
    for attr in ("character_tool", "random_character_tool", "npc_tool"):
        assert registry.get(getattr(minim, attr)).bound


def test_add_character_puts_the_created_sheet(table, hero_args, registry):
    r = table.call("minim_add_character", hero_args)
    pure = registry.call("minim_character_create", {k: v for k, v in hero_args.items()}, Roller(0))
    assert r.actor == "Hero" and r.tier == 3
    assert r.character == pure.character and r.steps == pure.steps and r.rule_refs == pure.rule_refs
    assert r.changes == [PutCharacter(name="Hero", sheet=pure.character.model_dump(mode="json"))]
    sheet = MinimCharacter.model_validate(table.sheet("Hero"))
    assert violations(sheet, creation=True) == []
    assert (sheet.health, sheet.faith, sheet.powers) == (4, 2, {"languages": 1, "wealth": 3, "fireball": 2})


def test_add_character_refuses_a_taken_name_listing_the_names(hero, hero_args):
    hero.put("Ruffian")
    with pytest.raises(ToolArgumentError) as e:
        hero.call("minim_add_character", {**hero_args, "name": "  hERO "})
    assert e.value.tool == "minim_add_character"
    assert "a character named 'Hero' is already on the table" in problems_of(e)["name"]
    assert "names on the table: Hero, Ruffian" in problems_of(e)["name"]


def test_add_character_passes_the_creation_rules_errors(table, hero_args):
    with pytest.raises(ToolArgumentError) as e:
        table.call("minim_add_character", {**hero_args, "traits": {"brain": 4, "brawl": 4, "brass": 4}})
    assert e.value.tool == "minim_add_character"
    assert any("4, 3 and 2" in p.problem for p in e.value.problems)
    assert table.state.characters == {}


def test_add_random_character_is_the_pure_generator_seeded_by_the_roller(table, registry):
    r = table.call("minim_add_random_character", {"name": "Brom", "concept": "dwarf", "campaign": "stronger"}, seed=5)
    pure = registry.call("minim_character_random", {"name": "Brom", "concept": "dwarf", "campaign": "stronger"},
                         Roller(5))
    assert r.character == pure.character and r.dice == pure.dice and r.actor == "Brom"
    assert table.sheet("Brom") == pure.character.model_dump(mode="json")
    with pytest.raises(ToolArgumentError) as e:
        table.call("minim_add_random_character", {"name": "brom"})
    assert "already on the table" in problems_of(e)["name"]


# --- NPCs --------------------------------------------------------------------------------------------------------

CONCEPTS = ["city guard", "a bandit archer", "thief", "the priest of the moon", "merchant", "hungry wolf",
            "mysterious stranger", "", "!!!", "Ñandú rider", "veteran soldier with a limp"]


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**63), tier_=st.integers(1, 5),
       concept=st.sampled_from(CONCEPTS[:7] + CONCEPTS[8:]) | st.text(min_size=1, max_size=40))
def test_npcs_are_valid_at_every_tier_and_seed(registry, seed, tier_, concept):
    state = TableState(system="minim")
    if not concept.strip():
        concept = "x"
    r = registry.call("minim_add_npc", {"concept": concept, "tier": tier_}, Roller(seed), state)
    c = r.character
    assert c.npc and violations(c, creation=False) == [] and tier(c) == tier_ == r.tier
    assert get_system("minim").sheet_problems(r.changes[0].sheet, creation=False) == []
    expected = {1: [1, 1, 2], 5: [4, 5, 5]}.get(tier_, [tier_ - 1, tier_, tier_ + 1])
    assert sorted(c.traits.scores().values()) == expected
    assert len(c.skills) == len(set(c.skills)) == tier_ + 1
    assert (c.health, c.max_health, c.faith, c.max_faith) == (c.traits.brass,) * 2 + (c.traits.brain,) * 2
    weapon, armor = c.gear
    assert (weapon.kind, armor.kind) == ("weapon", "armor")
    for g in c.gear:
        assert max(-2, tier_ - 4) <= g.quality <= min(2, tier_ - 2)
    assert len(c.powers) <= (1 if tier_ >= 4 else 0)
    assert r.challenge == float(CHALLENGE_BY_TIER[tier_])
    assert r.changes == [PutCharacter(name=r.actor, sheet=c.model_dump(mode="json"))]
    assert [d.face for d in r.dice] and all(1 <= d.face <= d.sides for d in r.dice)


def test_npc_is_deterministic_per_seed(registry):
    state = TableState(system="minim")
    runs = [registry.call("minim_add_npc", {"concept": "city guard", "tier": 4}, Roller(s), state) for s in (1, 1, 2)]
    assert runs[0].model_dump(mode="json") == runs[1].model_dump(mode="json")
    sheets = {repr(registry.call("minim_add_npc", {"concept": "city guard", "tier": 4}, Roller(s), state).character)
              for s in range(20)}
    assert len(sheets) > 5  # the dice really choose


def test_npc_scripted_dice_by_hand(table):
    # tier 3 guard: d6=2 picks order 2 of (brain,brawl,brass) permutations = brain, brass, brawl -> 4, 3, 2.
    # "guard" suggests fight and perception (2 suggestions, 4 slots: both taken, no dice); then d13=1 -> art,
    # d12=1 -> cure; weapon d6=6 -> 0 + 1 = +1; armor d6=1 -> 0 - 1 = -1. Tier 3: no power roll.
    r = table.call("minim_add_npc", {"concept": "a bored city guard"}, faces=[2, 1, 1, 6, 1])
    c = r.character
    assert r.actor == c.name == "Bored City Guard"
    assert c.traits.scores() == {"brain": 4, "brawl": 2, "brass": 3}
    assert c.skills == ["fight", "perception", "art", "cure"]
    assert [(g.name, g.kind, g.quality) for g in c.gear] == [("superior close-combat weapon", "weapon", 1),
                                                              ("shabby armor", "armor", -1)]
    assert (c.health, c.faith, c.powers) == (3, 4, {})
    assert r.keywords == ["guard"] and r.challenge_exact == "5"
    assert table.sheet("Bored City Guard")["npc"] is True


@pytest.mark.parametrize("concept,expected", [
    ("city guard", {"fight", "perception"}),
    ("bandit", {"fight", "coercion"}),
    ("elven archer", {"fire", "perception"}),
    ("thieves' guild cutpurse thief", {"stealth", "security"}),
    ("old priestess", {"knowledge", "cure"}),
    ("wandering scholar", {"knowledge", "cure"}),
    ("travelling merchant", {"communication", "coercion"}),
    ("river smuggler", {"stealth", "steering"}),
])
def test_npc_skills_follow_the_concept_keywords(registry, concept, expected):
    state = TableState(system="minim")
    for seed in range(40):
        c = registry.call("minim_add_npc", {"concept": concept, "tier": 1}, Roller(seed), state).character
        assert set(c.skills) == expected  # tier 1: two skills, both from the keywords


def test_npc_keyword_bias_against_no_keyword(registry):
    state = TableState(system="minim")
    counts = {concept: Counter(s for seed in range(200) for s in registry.call(
        "minim_add_npc", {"concept": concept, "tier": 3}, Roller(seed), state).character.skills)
        for concept in ("hunter", "mysterious stranger")}
    assert counts["hunter"]["fire"] == counts["hunter"]["survival"] == 200
    assert 0 < counts["mysterious stranger"]["fire"] < 120  # 4 of 15 skills rolled: about 53
    r = registry.call("minim_add_npc", {"concept": "mysterious stranger"}, Roller(0), state)
    assert r.keywords == [] and "No concept keyword matched: every skill is rolled." in steps_of(r)


def test_npc_weapon_suits_its_attack_skill(registry):
    state = TableState(system="minim")
    for seed in range(20):
        c = registry.call("minim_add_npc", {"concept": "archer", "tier": 2}, Roller(seed), state).character
        assert c.gear[0].name.endswith("ranged weapon")


def test_keywords_match_plurals_and_longer_words():
    assert keywords_in("Two guardsmen and their HUNTERS, thieves all") == ["guard", "hunter", "thief"]
    assert keywords_in("a rather grateful person") == []  # 'rat' only matches whole words or plurals
    assert all(s in TRAIT_OF_SKILL for skills in KEYWORD_SKILLS.values() for s in skills)


def test_npc_names_derived_numbered_and_explicit(table):
    assert table.call("minim_add_npc", {"concept": "city guard"}).actor == "City Guard"
    assert table.call("minim_add_npc", {"concept": "City guard"}, seed=1).actor == "City Guard 2"
    assert table.call("minim_add_npc", {"concept": "the sage of the tower"}).actor == "Sage"
    assert table.call("minim_add_npc", {"concept": "!!!"}).actor == "NPC"
    assert table.call("minim_add_npc", {"concept": "a corrupt corporate security chief with a gun"}).actor == \
        "Corporate Security Chief"  # played in Mini Six: "Corrupt Corporate Security" lost the chief
    assert table.call("minim_add_npc", {"concept": "guard", "name": "Gus", "tier": 5}).actor == "Gus"
    with pytest.raises(ToolArgumentError) as e:
        table.call("minim_add_npc", {"concept": "guard", "name": "city GUARD"})
    assert e.value.tool == "minim_add_npc" and "already on the table" in problems_of(e)["name"]
    assert list(table.state.characters) == ["City Guard", "City Guard 2", "Sage", "NPC", "Corporate Security Chief",
                                            "Gus"]


# --- checks ------------------------------------------------------------------------------------------------------


def test_check_reads_trait_and_skill_from_the_sheet(hero, registry):
    r = hero.call("minim_check", {"actor": "hero", "skill": "fight"}, faces=[3, 4])
    pure = registry.call("minim_test", {"trait": 3, "skill": "fight", "has_skill": True, "trait_name": "brawl"},
                         Roller.scripted([3, 4]))
    assert r.actor == "Hero" and r.trait_name == "brawl" and r.has_skill is True
    assert (r.target, r.outcome, r.dice, r.odds, r.partials) == (pure.target, pure.outcome, pure.dice, pure.odds,
                                                                 pure.partials)
    assert r.target == 4 and r.outcome == 1 and r.changes == []
    assert steps_of(r)[0] == "Hero tests brawl 3 with fight (has it)."
    assert "Target = brawl 3 +1 (has the fight skill) = 4" in steps_of(r)


def test_check_lacking_skill_other_trait_and_trait_only(hero):
    assert hero.call("minim_check", {"actor": "Hero", "skill": "stealth"}, faces=[1, 1]).target == 2  # brawl 3 - 1
    r = hero.call("minim_check", {"actor": "Hero", "skill": "fight", "trait": "brass"}, faces=[1, 1])
    assert r.target == 5 and r.trait_name == "brass"
    r = hero.call("minim_check", {"actor": "Hero", "trait": "BRAIN"}, faces=[1, 1])
    assert r.target == 2 and r.skill is None and r.has_skill is None
    with pytest.raises(ToolArgumentError) as e:
        hero.call("minim_check", {"actor": "Hero"})
    assert "name the trait" in str(e.value)


def test_check_modifiers_twice_as_long_and_fallen(hero):
    r = hero.call("minim_check", {"actor": "Hero", "skill": "fight", "twice_as_long": True, "modifier": -2},
                  faces=[1, 1])
    assert r.target == 3 and "Modifier -1 = -2 given, +1 taking twice as long." in steps_of(r)
    hero.call("table_condition", {"actor": "Hero", "condition": "fallen"})
    r = hero.call("minim_check", {"actor": "Hero", "skill": "fight"}, faces=[1, 1])
    assert r.target == 3 and r.target_breakdown.modifier == -1
    assert "Hero is fallen (-1 to all actions) until the end of Hero's next turn: -1 to the target." in steps_of(r)
    assert "minim.md#Fumbles" in r.rule_refs
    r = hero.call("minim_check", {"actor": "Hero", "skill": "fight", "twice_as_long": True}, faces=[1, 1])
    assert r.target == 4 and "Modifier ±0 = +1 taking twice as long, -1 fallen." in steps_of(r)


def test_check_spends_faith_and_refuses_at_zero(hero):
    r = hero.call("minim_check", {"actor": "Hero", "skill": "fight", "faith": True}, faces=[5, 5])
    assert r.target == 5 and r.faith_spent == 1
    assert r.changes == [SetField(name="Hero", field="faith", value=1, was=2)]
    hero.call("minim_check", {"actor": "Hero", "skill": "fight", "faith": True}, faces=[5, 5])
    assert hero.sheet("Hero")["faith"] == 0
    with pytest.raises(ToolArgumentError) as e:
        hero.call("minim_check", {"actor": "Hero", "skill": "fight", "faith": True}, faces=[])
    assert e.value.tool == "minim_check" and "Hero has 0 faith" in problems_of(e)["faith"]


def test_unconscious_actor_cannot_check(hero):
    hero.call("minim_damage", {"target": "Hero", "amount": 9, "reason": "rockfall"})
    with pytest.raises(ToolArgumentError) as e:
        hero.call("minim_check", {"actor": "Hero", "skill": "fight"}, faces=[])
    assert "Hero cannot act: unconscious (no health left)" in problems_of(e)["actor"]


@pytest.mark.parametrize("name,args", [
    ("minim_check", {"actor": "Nobody", "skill": "fight"}),
    ("minim_use_power", {"actor": "Nobody", "power": "x"}),
    ("minim_buy", {"actor": "Nobody", "item": "rope"}),
    ("minim_grant_faith", {"actor": "Nobody", "reason": "virtue"}),
    ("minim_damage", {"target": "Nobody", "amount": 1, "reason": "x"}),
    ("minim_heal", {"target": "Nobody", "amount": 1}),
    ("minim_recover_health", {"actor": "Nobody", "mode": "full_rest"}),
    ("minim_surprise_check", {"actors": ["Hero", "Nobody"]}),
    ("minim_attack_target", {"attacker": "Hero", "defender": "Nobody"}),
    ("minim_join_combat", {"actor": "Nobody"}),
    ("minim_start_combat", {"combatants": ["Nobody"]}),
])
def test_unknown_names_list_the_known_ones(hero, name, args):
    hero.put("Ruffian")
    if name == "minim_join_combat":
        hero.call("minim_start_combat", {})
    with pytest.raises(ToolArgumentError) as e:
        hero.call(name, args, faces=[])
    assert e.value.tool == name
    [problem] = e.value.problems
    assert problem.problem == "unknown character 'Nobody'; known characters: Hero, Ruffian"


# --- powers, purchases, faith ------------------------------------------------------------------------------------


def test_use_power_reads_score_and_faith(hero):
    r = hero.call("minim_use_power", {"actor": "Hero", "power": " FireBall "}, faces=[2])
    assert r.outcome == "activated" and r.score == 2 and r.actor == "Hero"
    assert r.changes == [SetField(name="Hero", field="faith", value=1, was=2)]
    r = hero.call("minim_use_power", {"actor": "Hero", "power": "fireball"}, faces=[3])
    assert r.outcome == "wasted" and r.changes == [] and r.faith_after == 1


def test_use_power_errors(hero):
    with pytest.raises(ToolArgumentError) as e:
        hero.call("minim_use_power", {"actor": "Hero", "power": "teleport"}, faces=[])
    assert problems_of(e)["power"] == "unknown power 'teleport'; known powers: fireball, languages, wealth"
    with pytest.raises(ToolArgumentError) as e:
        hero.call("minim_use_power", {"actor": "Hero", "power": "wealth"}, faces=[])
    assert "minim_buy" in problems_of(e)["power"]
    hero.call("table_edit_character", {"actor": "Hero", "set": {"faith": 0}})
    with pytest.raises(ToolArgumentError) as e:
        hero.call("minim_use_power", {"actor": "Hero", "power": "fireball"}, faces=[])
    assert "Hero has 0 faith" in problems_of(e)["actor"]


def test_buy_with_a_wealth_roll(hero):
    # wealth 3, a +0 item costs 3: score-appropriate, roll d6 <= 3; it costs a wealth point, not a faith point
    r = hero.call("minim_buy", {"actor": "Hero", "item": "chain mail", "kind": "armor", "quality": 0}, faces=[3])
    assert r.outcome == "bought" and r.price == 3 and r.actor == "Hero"
    assert r.changes == [
        SetField(name="Hero", field="gear", was=[{"name": "sword", "kind": "weapon", "quality": 1}],
                 value=[{"name": "sword", "kind": "weapon", "quality": 1},
                        {"name": "chain mail", "kind": "armor", "quality": 0}]),
        SetField(name="Hero", field="powers.wealth", value=2, was=3),
    ]
    assert get_system("minim").sheet_problems(hero.sheet("Hero"), creation=False) == []
    r = hero.call("minim_buy", {"actor": "Hero", "item": "lute", "quality": -1}, faces=[3])  # wealth 2 now
    assert r.outcome == "failed" and r.changes == []


def test_buy_with_a_faith_point_for_plus_one(hero):
    # wealth 3, price 3: 4 fails alone, but a faith point makes it d6 <= 4; the point is spent either way
    r = hero.call("minim_buy", {"actor": "Hero", "item": "chain mail", "kind": "armor", "faith": True}, faces=[4])
    assert r.outcome == "bought" and r.faith_spent == 1
    assert SetField(name="Hero", field="faith", value=1, was=2) in r.changes
    r = hero.call("minim_buy", {"actor": "Hero", "item": "helm", "kind": "armor", "quality": -1, "faith": True},
                  faces=[4])
    assert r.outcome == "failed" and r.changes == [SetField(name="Hero", field="faith", value=0, was=1)]


def test_buy_free_unaffordable_and_without_faith(hero):
    """"Buying score-appropriate items require a roll and 1-point is permanently-lost on a success": a purchase
    needs no faith point, so a character with none still buys."""
    r = hero.call("minim_buy", {"actor": "Hero", "item": "shabby dagger", "kind": "weapon", "quality": -2}, faces=[])
    assert r.outcome == "free" and len(r.changes) == 1 and hero.sheet("Hero")["gear"][-1]["name"] == "shabby dagger"
    r = hero.call("minim_buy", {"actor": "Hero", "item": "legendary sword", "kind": "weapon", "quality": 2}, faces=[])
    assert r.outcome == "unaffordable" and r.changes == []
    hero.call("table_edit_character", {"actor": "Hero", "set": {"faith": 0}})
    r = hero.call("minim_buy", {"actor": "Hero", "item": "rope", "quality": 0}, faces=[2])
    assert r.outcome == "bought" and hero.sheet("Hero")["powers"]["wealth"] == 2 and hero.sheet("Hero")["faith"] == 0
    with pytest.raises(ToolArgumentError) as e:  # spending a point one does not have is still refused
        hero.call("minim_buy", {"actor": "Hero", "item": "rope", "quality": -1, "faith": True}, faces=[])
    assert "Hero has 0 faith" in problems_of(e)["faith"]
    hero.put("Rat", brain=1, brawl=2, brass=1)
    r = hero.call("minim_buy", {"actor": "Rat", "item": "cheese", "quality": -2}, faces=[])
    assert r.outcome == "unaffordable" and "Rat has no wealth power on the sheet: wealth 0." in steps_of(r)


def test_grant_faith_caps_and_reports_overflow(hero):
    hero.call("table_edit_character", {"actor": "Hero", "set": {"faith": 0}})
    r = hero.call("minim_grant_faith", {"actor": "Hero", "amount": 3, "reason": "virtue", "note": "saved a child"})
    assert (r.faith_before, r.faith_after, r.gained, r.overflow) == (0, 2, 2, 1)
    assert r.changes == [SetField(name="Hero", field="faith", value=2, was=0)]
    assert "acting on their virtue (courage): saved a child" in steps_of(r)[0]
    r = hero.call("minim_grant_faith", {"actor": "Hero", "reason": "highlight"})
    assert r.changes == [] and r.overflow == 1 and "minim.md#Advancement" in r.rule_refs
    with pytest.raises(ToolArgumentError):
        hero.call("minim_grant_faith", {"actor": "Hero", "amount": 4, "reason": "vice"})


# --- health ------------------------------------------------------------------------------------------------------


def test_damage_and_heal_clamp_and_track_unconsciousness(hero):
    r = hero.call("minim_damage", {"target": "hero", "amount": 6, "reason": "falls off the wall"})
    assert (r.health_before, r.health_after, r.unconscious) == (4, 0, True)
    assert r.changes == [SetField(name="Hero", field="health", value=0, was=4),
                         SetConditions(name="Hero", conditions=["unconscious"])]
    assert "Health cannot go below 0." in steps_of(r)
    assert hero.call("minim_damage", {"target": "Hero", "amount": 1, "reason": "kicked"}).changes == []
    r = hero.call("minim_heal", {"target": "Hero", "amount": 2, "reason": "potion"})
    assert r.health_after == 2 and hero.conditions("Hero") == [] and "Hero regains consciousness." in steps_of(r)
    r = hero.call("minim_heal", {"target": "Hero", "amount": 50})
    assert r.health_after == 4 and "Health can never go above its maximum 4." in steps_of(r)
    assert hero.call("minim_heal", {"target": "Hero", "amount": 1}).changes == []
    with pytest.raises(ToolArgumentError):
        hero.call("minim_damage", {"target": "Hero", "amount": 51, "reason": "x"})


def test_recover_mid_action_reads_brass_and_conditions(hero):
    hero.call("minim_damage", {"target": "Hero", "amount": 2, "reason": "bruised"})
    hero.call("table_condition", {"actor": "Hero", "condition": "fallen"})
    r = hero.call("minim_recover_health", {"actor": "Hero", "mode": "mid_action"}, faces=[2, 3])
    assert r.tests[0].target == 3 and r.outcome == 1  # brass 4, -1 fallen
    assert r.changes == [SetField(name="Hero", field="health", value=3, was=2)]
    with pytest.raises(ToolArgumentError) as e:
        hero.call("minim_recover_health", {"actor": "Hero", "mode": "full_rest", "modifier": 1})
    assert "full_rest has no test" in problems_of(e)["modifier"]


def test_recover_refusals(hero):
    with pytest.raises(ToolArgumentError) as e:
        hero.call("minim_recover_health", {"actor": "Hero", "mode": "full_rest"})
    assert "already at full health (4 of 4)" in problems_of(e)["actor"]
    hero.call("minim_damage", {"target": "Hero", "amount": 4, "reason": "poison"})
    with pytest.raises(ToolArgumentError) as e:
        hero.call("minim_recover_health", {"actor": "Hero", "mode": "mid_action"})
    assert "unconscious" in problems_of(e)["actor"]
    with pytest.raises(ToolArgumentError) as e:
        hero.call("minim_recover_health", {"actor": "Hero", "mode": "long_term", "medic": "Hero"})
    assert "name another character" in problems_of(e)["medic"]
    r = hero.call("minim_recover_health", {"actor": "Hero", "mode": "full_rest"})
    assert r.health_after == 4 and hero.conditions("Hero") == []


def test_recover_long_term_with_a_medic_from_the_table(hero):
    hero.put("Doc", brain=4, brawl=2, brass=3, skills=["cure"])
    hero.call("minim_damage", {"target": "Hero", "amount": 3, "reason": "arrow wound"})
    with pytest.raises(ToolArgumentError) as e:
        hero.call("minim_recover_health", {"actor": "Hero", "mode": "mid_action", "medic": "Doc"})
    assert "only long_term" in problems_of(e)["medic"]
    r = hero.call("minim_recover_health", {"actor": "Hero", "mode": "long_term", "medic": "doc",
                                           "uninterrupted_rest": True, "faith": True}, faces=[4, 5, 4, 4])
    # brass 4 +1 rest +1 faith = 6: 4 and 5 succeed (+2); medic brain 4 + cure = 5: 4 and 4 succeed (+2); one
    # collaborative action, bound to +2, and one period restores one point
    assert [t.target for t in r.tests] == [6, 5] and r.outcome == 1 and r.medic == "Doc"
    assert r.collaborative_outcome == 2
    assert r.changes == [SetField(name="Hero", field="faith", value=1, was=2),
                         SetField(name="Hero", field="health", value=2, was=1)]
    assert "Medic Doc: brain 4, has cure." in steps_of(r)


# --- specialties -------------------------------------------------------------------------------------------------


def test_a_specialty_that_applies_adds_one(hero):
    """"To add realism use specialties that each cost 1-point like ... fencing and karate (fight)": the book gives
    no number; ours is +1 to the target when the specialty applies."""
    hero.call("table_edit_character", {"actor": "Hero", "set": {"specialties": [{"name": "fencing",
                                                                                  "skill": "fight"}]}})
    r = hero.call("minim_check", {"actor": "Hero", "skill": "fight", "specialty": "Fencing"}, faces=[5, 5])
    assert r.target == 5 and r.target_breakdown.specialty == 1 and r.outcome == 0
    assert "Target = brawl 3 +1 (has the fight skill) +1 (a specialty applies) = 5" in steps_of(r)
    assert "Hero's specialty fencing (fight) applies: +1." in steps_of(r) and "minim.md#Skills" in r.rule_refs
    hero.put("Rat")
    a = hero.call("minim_attack_target", {"attacker": "Hero", "defender": "Rat", "specialty": "fencing"},
                  faces=[5, 5, 1, 1])
    assert a.target == 5 and a.target_breakdown.specialty == 1
    with pytest.raises(ToolArgumentError) as e:
        hero.call("minim_check", {"actor": "Hero", "skill": "sports", "specialty": "fencing"}, faces=[])
    assert "fencing is a specialty of fight, and this action tests sports" in problems_of(e)["specialty"]
    with pytest.raises(ToolArgumentError) as e:
        hero.call("minim_check", {"actor": "Hero", "skill": "fight", "specialty": "karate"}, faces=[])
    assert problems_of(e)["specialty"] == "unknown specialty 'karate'; known specialtys: fencing"


# --- narrator-characters' faith ------------------------------------------------------------------------------------


@pytest.fixture
def npcs(hero):
    hero.put("Guard", brain=2, faith=1)
    hero.put("Mage", brain=4, faith=0, powers={"bolt": 3})
    return hero


def test_npc_faith_is_their_own_by_default(npcs):
    r = npcs.call("minim_check", {"actor": "Guard", "skill": "fight", "faith": True}, faces=[4, 4])
    assert r.changes == [SetField(name="Guard", field="faith", value=0, was=1)]
    with pytest.raises(ToolArgumentError) as e:
        npcs.call("minim_check", {"actor": "Guard", "skill": "fight", "faith": True}, faces=[])
    assert "Guard has 0 faith" in problems_of(e)["faith"]


def test_npc_faith_infinite_pool(npcs):
    """"Narrators can rather-have an infinite-pool of faith-points"."""
    npcs.set(options={"npc_faith": "infinite"})
    r = npcs.call("minim_check", {"actor": "Mage", "trait": "brain", "faith": True}, faces=[5, 5])
    assert r.target == 5 and r.faith_spent == 1 and r.changes == []
    assert any("infinite pool" in s for s in steps_of(r))
    r = npcs.call("minim_use_power", {"actor": "Mage", "power": "bolt"}, faces=[2])
    assert r.outcome == "activated" and r.changes == [] and r.faith_before is None
    # a player-character still spends their own
    r = npcs.call("minim_check", {"actor": "Hero", "skill": "fight", "faith": True}, faces=[4, 4])
    assert r.changes == [SetField(name="Hero", field="faith", value=1, was=2)]


def test_npc_faith_pool_per_scene_is_the_npcs_brain_summed(npcs):
    """"A finite-pool per-scene (usually the sum-total of all narrator-characters brain-scores)": Guard 2 + Mage 4."""
    npcs.set(options={"npc_faith": "pool"})
    npcs.call("table_set_scene", {"text": "The gatehouse"})
    r = npcs.call("minim_check", {"actor": "Mage", "trait": "brain", "faith": True}, faces=[5, 5])
    assert r.target == 5 and r.changes == [SetSystemState(key="npc_faith_pool",
                                                          value={"scene": "The gatehouse", "left": 5})]
    assert any("starts at 6" in s for s in steps_of(r))
    for left in (4, 3, 2, 1, 0):
        npcs.call("minim_check", {"actor": "Guard", "skill": "fight", "faith": True}, faces=[4, 4])
        assert npcs.state.system_state["npc_faith_pool"]["left"] == left
    assert npcs.sheet("Guard")["faith"] == 1  # the sheet's own points are untouched
    with pytest.raises(ToolArgumentError) as e:
        npcs.call("minim_use_power", {"actor": "Mage", "power": "bolt"}, faces=[])
    assert "faith pool for this scene is empty" in str(e.value)
    npcs.call("table_set_scene", {"text": "The courtyard"})
    r = npcs.call("minim_use_power", {"actor": "Mage", "power": "bolt"}, faces=[4])
    assert r.outcome == "wasted" and r.changes == [] and r.faith_before == 6  # a fresh pool; kept on a miss
    r = npcs.call("minim_use_power", {"actor": "Mage", "power": "bolt"}, faces=[1])
    assert r.changes == [SetSystemState(key="npc_faith_pool", value={"scene": "The courtyard", "left": 5})]


def test_npc_faith_by_brain_test(npcs):
    """"... or by rolling brain-tests rather than spending-points"."""
    npcs.set(options={"npc_faith": "brain"})
    r = npcs.call("minim_check", {"actor": "Guard", "skill": "fight", "faith": True}, faces=[1, 2, 5, 5])
    # brain 2: 1 and 2 pass (+1): the +1 applies, brawl 3 - 1 (lacks fight) + 1 = 3, and nothing is spent
    assert r.target == 3 and r.changes == [] and [d.face for d in r.dice] == [1, 2, 5, 5]
    assert any("brain test instead of spending a faith point" in s for s in steps_of(r))
    r = npcs.call("minim_check", {"actor": "Guard", "skill": "fight", "faith": True}, faces=[2, 3, 5, 5])
    assert r.target == 2 and r.faith_spent == 0  # brain 2: 2 is neutral, 3 fails — no +1
    r = npcs.call("minim_use_power", {"actor": "Mage", "power": "bolt"}, faces=[6, 6])
    assert r.outcome == "wasted" and [d.face for d in r.dice] == [6, 6] and r.changes == []
    assert "The action is wasted: no power roll." in steps_of(r)
    assert sum(Fraction(v) for v in r.odds.exact.values()) == 1
    r = npcs.call("minim_use_power", {"actor": "Mage", "power": "bolt"}, faces=[1, 1, 3])
    assert r.outcome == "activated" and r.changes == []


def test_an_unknown_npc_faith_option_is_named(npcs):
    npcs.set(options={"npc_faith": "lots"})
    with pytest.raises(ToolArgumentError) as e:
        npcs.call("minim_check", {"actor": "Guard", "skill": "fight", "faith": True}, faces=[])
    assert "npc_faith='lots' is not one of own, infinite, pool, brain" in str(e.value)


@pytest.mark.parametrize("seed", range(12))
def test_a_river_smuggler_sneaks_and_steers_and_is_handed_no_ray_gun(registry, seed):
    """"Smuggler" names no genre: it suggests stealth and steering, never a science-fiction blaster."""
    r = registry.call("minim_character_random", {"name": "Wren", "concept": "a sly river smuggler"}, Roller(seed))
    assert {"stealth", "steering"} <= set(r.character.skills)
    assert "blaster" not in [g.name for g in r.character.gear]
