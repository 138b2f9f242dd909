"""Brew proposals: a specialty the player's words name counts when it is in the rolled skill (brew.md#Choose Skills:
"When a character has a specialty in a skill, and the action they are attempting is related to their specialty, they
get to roll 2d6 and take the higher")."""

from __future__ import annotations

from narrator.agent.router import RouterProposer
from narrator.agent.specs import spec_named
from narrator.tools.proposals import build

CARD_TRICKS = [{"name": "Card Tricks", "skill": "performance", "source": "free"}]


def skill_roll(table, **args):
    spec = spec_named("brew", "brew_skill_roll")
    return build(spec, {"actor": "Tamsin", **args}, table.state, "test").call_args


def test_a_named_specialty_in_the_rolled_skill_rolls_two_dice(table):
    table.put("Tamsin", npc=False, skills={"performance": 3, "stealth": 2}, specialties=CARD_TRICKS)
    assert skill_roll(table, skill="performance", specialty_named="Card Tricks")["specialty"] is True
    assert skill_roll(table, skill="stealth", specialty_named="Card Tricks")["specialty"] is False  # not its skill
    assert skill_roll(table, skill="performance")["specialty"] is False
    r = table.call("brew_skill_roll", skill_roll(table, skill="performance", specialty_named="card tricks"), seed=3)
    assert len(r.dice) == 2


def test_the_router_reads_the_specialty_from_the_players_words(table):
    table.put("Tamsin", npc=False, skills={"performance": 3, "stealth": 2}, specialties=CARD_TRICKS)
    p = RouterProposer().propose("I deal the cards and palm an ace for myself", table.state, actor="Tamsin")
    assert p.tool == "brew_skill_roll" and p.call_args["skill"] == "performance"
    assert p.call_args["specialty"] is True
    sneak = RouterProposer().propose("I sneak past the guard", table.state, actor="Tamsin")
    assert sneak.call_args["specialty"] is False


def test_a_named_profession_with_more_dots_is_rolled_in_place_of_the_skill(table):
    """brew.md#Profession: "In questions related to your profession you can roll that skill, even if another ...
    would have applied as well", with the attribute the task calls for ("Power 3 + Profession (farming) 2 + 1d6 to
    hoist a pig"). Played: a ferrywoman 3 poling her ferry across a flooded river rolled Athletics 0."""
    table.put("Tamsin", npc=False, skills={"interaction": 3, "profession": 3}, professions={"ferrywoman": 3},
              specialties=[{"name": "River Lore", "skill": "profession", "source": "free"}])
    call = skill_roll(table, skill="athletics", profession_named="Ferrywoman", specialty_named="River Lore")
    assert (call["skill"], call["attribute"], call["profession"], call["specialty"]) == \
        ("profession", "power", "ferrywoman", True)
    assert skill_roll(table, skill="interaction", profession_named="ferrywoman")["skill"] == "interaction"  # 3 ≯ 3
    assert "profession" not in skill_roll(table, skill="athletics")
    r = table.call("brew_skill_roll", call, seed=3)
    assert r.skill == "profession" and r.attribute_name == "power"
    p = RouterProposer().propose("I pole the ferry across the flooded river", table.state, actor="Tamsin")
    assert (p.call_args["skill"], p.call_args.get("profession")) == ("profession", "ferrywoman")


def test_a_spell_of_a_field_the_caster_lacks_weighs_less_unless_said_outright(table):
    """brew.md#Magic Rolls: "at least one dot in the relevant field of magic is required". Played: the ferrywoman
    (no magic) poling her ferry was offered a movement spell first."""
    table.put("Tamsin", npc=False, skills={"athletics": 1}, magic={})
    p = RouterProposer().propose("I pole the ferry across the flooded river in the dark", table.state, actor="Tamsin")
    assert p.tool == "brew_skill_roll" and not p.ask  # no "cast spell or athletics?" question
    said = RouterProposer().propose("I cast a spell to calm the river", table.state, actor="Tamsin")
    assert said.tool == "brew_cast_spell"  # the engine refuses it in the book's words
