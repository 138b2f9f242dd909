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
