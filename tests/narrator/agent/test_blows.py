"""A blow at someone on the table that the router read as a check (:mod:`narrator.agent.blows`), with the real
router on real campaigns."""

from __future__ import annotations

import pytest

from narrator.agent.blows import CLOSE, RANGED, THROWING, blow_at
from narrator.agent.router import RouterProposer
from narrator.memory.campaign import Campaign


@pytest.mark.parametrize("text, kinds", [
    ("I smash the ghoul with the brass lamp-trimming hook.", CLOSE),
    ("I tackle the ghoul and pin it", CLOSE),
    ("I throw my heavy wrench at the ghoul's head.", THROWING),
    ("I grab a bottle and hurl it at the ghoul", THROWING),
    ("I fire my revolver at the ghoul", RANGED),
])
def test_the_players_blow_names_the_kind_of_attack(text, kinds):
    assert blow_at(text, "Ghoul") == kinds


@pytest.mark.parametrize("text", ["I smash the ghoul's lantern", "I throw a rope to the ghoul",
                                  "I duck the spear the ghoul throws at me", "I aim at the ghoul",
                                  "I ask the ghoul what it wants", "I smash the window beside the ghoul"])
def test_words_that_strike_no_one(text):
    assert blow_at(text, "Ghoul") is None


@pytest.fixture(scope="module")
def router():
    return RouterProposer()


def table(tmp_path, system: str, pc: str, npc: dict) -> Campaign:
    c = Campaign.new("t", system, seed=3, root=tmp_path)
    c.call(f"{system}_add_random_character", {"name": pc})
    c.call(f"{system}_add_npc", npc)
    return c


def test_round_14s_blows_read_as_checks_are_attacks(tmp_path, router):
    """Round 14 (held-out 11, read blind): the hook rolled lifting and the wrench crafting; the router ranked the
    attack below them."""
    with table(tmp_path / "a", "minisix", "Agnes", {"concept": "ghoul", "name": "Ghoul"}) as c:
        p = router.propose("I smash the ghoul with the brass lamp-trimming hook.", c.state, "Agnes")
        assert (p.tool, p.call_args["defender"], p.call_args["kind"]) == ("minisix_attack_target", "Ghoul", "melee")
        assert not p.ask  # the words decided: no question between the attack and the check
    with table(tmp_path / "b", "mastery", "Tavi", {"concept": "saboteur", "name": "Saboteur"}) as c:
        p = router.propose("I throw my heavy wrench at the saboteur's helmet.", c.state, "Tavi")
        assert (p.tool, p.call_args["defender"], p.call_args["style"]) == ("mastery_attack", "Saboteur", "ranged")


@pytest.mark.parametrize("system, expected", [
    ("brew", ("brew_skill_roll", "interaction")), ("minim", ("minim_check", "coercion")),
    ("minisix", ("minisix_check", "intimidation")), ("mastery", ("mastery_check", "intimidation")),
    ("fiveplus", ("fiveplus_attack", "social")),  # 5+'s taunt is its mental attack
])
def test_a_threat_is_no_blow(tmp_path, router, system, expected):
    """Round 15 (held-out 12, read blind): "I threaten to blow the tower unless the Raider backs off" was a Brew
    attack; "I tell the Raider to drop his gun or I'll shoot" was a shot in every system. A threat is the threat's
    reading the router ranked (intimidation, coercion, 5+'s taunt)."""
    from narrator.tools.systems import get_system

    with Campaign.new("t", system, seed=3, root=tmp_path) as c:
        c.call(f"{system}_add_random_character", {"name": "Nell"})
        c.call(get_system(system).npc_tool, get_system(system).npc_args("raider", 2, "Raider"))
        for line in ("I threaten to blow the tower unless the Raider backs off.",
                     "I tell the Raider to drop his gun or I'll shoot"):
            p = router.propose(line, c.state, "Nell")
            what = p.call_args.get("skill") or p.call_args.get("activity") or p.call_args.get("approach")
            assert (p.tool, what) == expected, (line, p.tool, p.call_args)
        assert router.propose("I shoot the Raider", c.state, "Nell").call_args.get("defender") == "Raider"


def test_leaning_on_someone_to_make_him_talk_is_no_blow(tmp_path, router):
    """Played in Brew assist: "I lean on the guard to make him talk" was an attack on the guard."""
    with table(tmp_path, "brew", "Mags", {"concept": "town guard", "name": "Guard"}) as c:
        p = router.propose("I lean on the guard to make him talk", c.state, "Mags")
        assert (p.tool, p.call_args.get("skill")) == ("brew_skill_roll", "interaction"), p


def test_an_order_backed_by_a_badge_is_no_chase(tmp_path, router):
    """Round 16 (held-out 13, read blind): "I flash my expired police badge and tell the Enforcer to back off" was a
    Brew chase, told "You run after the enforcer, but you lose them" (both readers: nonsense)."""
    from narrator.tools.systems import get_system

    with Campaign.new("t", "brew", seed=3, root=tmp_path) as c:
        c.call("brew_add_random_character", {"name": "Rafael"})
        c.call(get_system("brew").npc_tool, get_system("brew").npc_args("enforcer", 2, "Enforcer"))
        p = router.propose("I flash my expired police badge and tell the Enforcer to back off.", c.state, "Rafael")
        assert (p.tool, p.call_args.get("skill")) == ("brew_skill_roll", "interaction")
        assert router.propose("I chase the Enforcer down the alley", c.state, "Rafael").tool == "brew_chase_target"


@pytest.mark.parametrize("text, pronouns, kinds", [
    ("I shove him overboard", "him|her|them", CLOSE),
    ("I kick it hard", "him|her|them|it", CLOSE),
    ("I kick it open", "him|her|them", None),  # outside a fight "it" is a door
    ("I throw the rope to him", "him|her|them", None),
    ("I shove him overboard", "", None),  # several standing: "him" is not one of them
])
def test_the_one_foe_standing_is_struck_as_him_or_her(text, pronouns, kinds):
    assert blow_at(text, "River Pirate", pronouns) == kinds


def test_a_shove_at_the_one_foe_in_a_fight_is_an_attack(tmp_path, router):
    """Played in Mastery: "I shove him overboard" was offered as athletics or an attack, rolled as athletics and
    told "you shove him overboard" — and the pirate fought on."""
    with table(tmp_path, "mastery", "Wren", {"concept": "river pirate", "name": "River Pirate"}) as c:
        c.call("mastery_start_combat", {"combatants": ["Wren", "River Pirate"]})
        p = router.propose("I shove him overboard", c.state, "Wren")
        assert (p.tool, p.call_args["defender"]) == ("mastery_attack", "River Pirate") and not p.ask


def test_the_nearest_one_cracked_with_a_mace_in_a_fight_is_an_attack(tmp_path, router):
    """Played in Mastery solo: "I crack the nearest one with my mace" against one skeleton was asked "thievery or an
    attack on Skeleton?" (a safe cracked). Cracking someone is a blow, and the nearest one the foe standing."""
    with table(tmp_path, "mastery", "Wren", {"concept": "skeleton", "name": "Skeleton"}) as c:
        c.call("mastery_start_combat", {"combatants": ["Wren", "Skeleton"]})
        p = router.propose("I crack the nearest one with my mace", c.state, "Wren")
        assert (p.tool, p.call_args["defender"]) == ("mastery_attack", "Skeleton") and not p.ask
    assert blow_at("I crack the nearest one with my mace", "Skeleton", "him|her|them") is None  # outside a fight


def test_the_nearest_one_among_several_foes_asks_whom(tmp_path, router):
    """Played in Minim solo: "I hit the nearest one with my lamp pole" among six giant rats was a Fire check ("it
    goes the way you wanted") and no rat was touched. Among several, the nearest one is asked for by name."""
    with table(tmp_path, "minim", "Wren", {"concept": "giant rat", "tier": 1, "name": "Rat"}) as c:
        c.call("minim_add_npc", {"concept": "giant rat", "tier": 1, "name": "Rat 2"})
        c.call("minim_start_combat", {"combatants": ["Wren", "Rat", "Rat 2"]})
        p = router.propose("I hit the nearest one with my lamp pole", c.state, "Wren")
        assert p.tool == "clarify" and p.args["question"].startswith("Whom do you attack? Here: Rat, Rat 2")
        assert router.propose("I hit Rat 2 with my lamp pole", c.state, "Wren").call_args.get("defender") == "Rat 2"


@pytest.mark.parametrize("text, kinds", [
    ("I smash a bottle over the thug's head", CLOSE),  # the instrument first, the one struck after "over"
    ("I punch the thug's jaw", CLOSE),  # a part of them is them; their lantern is not
    ("I smash the thug's lantern", None),
    ("I shoot the thug", RANGED),
])
def test_a_blow_with_a_thing_in_hand_or_at_a_part_of_them(text, kinds):
    assert blow_at(text, "Dock Thug") == kinds


def test_a_blow_up_close_read_as_a_shot_is_the_close_attack_without_a_question(tmp_path, router):
    """Played in 5+ solo: "I smash a bottle over the thug's head" was asked "ranged or melee?"; the verb decides.
    A throw's kind is left to the router: "I hurl a ball of fire" is a spell, not a thrown weapon."""
    with table(tmp_path, "fiveplus", "Ilse", {"concept": "dock thug", "name": "Dock Thug"}) as c:
        p = router.propose("I smash a bottle over the thug's head", c.state, "Ilse")
        assert (p.tool, p.args["approach"], p.ask) == ("fiveplus_attack", "melee", False)
        assert not router.propose("I shoot the thug", c.state, "Ilse").ask
