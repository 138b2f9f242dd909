"""A random character is the one its concept asks for, in every system: a witch has magic, a swordswoman a sword,
a spacer a gun — and the sheet still passes the system's own validation, the same seed still gives the same
character, and a concept that names nothing rolls exactly what no concept rolls."""

from __future__ import annotations

import importlib

import pytest

from narrator.tools.concepts import concept_line, word_hits
from narrator.tools.dice import Roller
from narrator.tools.errors import ToolArgumentError
from narrator.tools.phrases import said, steps_of
from narrator.tools.registry import default_registry
from narrator.tools.systems.fiveplus.sheet import FivePlusCharacter, violations

SYSTEMS = ("minim", "minisix", "brew", "fiveplus", "mastery")
SEEDS = range(12)


def roll(system: str, concept: str | None, seed: int, **extra):
    reg = default_registry()
    tool = f"{system}_character_random"
    args = {"name": "Vale", **({"concept": concept} if concept else {}), **extra}
    return reg.call(tool, reg.validate(tool, args), Roller(seed))


def valid(system: str, sheet) -> list[str]:
    """The system's own verdict on a new player-character (5+ has no validate tool: its sheet rules)."""
    if system == "fiveplus":
        return violations(FivePlusCharacter.model_validate(sheet.model_dump()), creation=True)
    reg = default_registry()
    tool = f"{system}_character_validate"
    return said(reg.call(tool, reg.validate(tool, {"character": sheet.model_dump(mode="json")}), Roller(0)).violations)


def has_magic(system: str, c) -> bool:
    from narrator.tools.systems.mastery.catalogue import ABILITIES, SKILLS

    return {
        "minim": lambda: any(p in c.powers for p in ("hex", "fireball", "healing-touch", "blessing")),
        "minisix": lambda: "sorcerer" in c.perks and "magic" in c.skills,
        "brew": lambda: bool(c.magic),
        "fiveplus": lambda: any(d.group == "magic" and d.kind == "skill" for d in c.descriptors.values()),
        "mastery": lambda: any("magic" in ABILITIES[a] for a in c.abilities) or any("magic" in SKILLS[s]
                                                                                    for s in c.skills),
    }[system]()


def gear_names(c) -> list[str]:
    if isinstance(c, FivePlusCharacter):
        return [d.name.lower() for d in c.descriptors.values() if d.kind == "equipment"]
    return [g.name for g in c.gear]


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_witch_has_magic_in_every_system(system):
    for seed in SEEDS:
        r = roll(system, "hedge witch", seed)
        assert has_magic(system, r.character), (seed, r.steps)
        assert valid(system, r.character) == []
        assert steps_of(r)[-1].startswith("For a hedge witch: ") and r.concept_picks


@pytest.mark.parametrize("system,sword", [("minim", "sword"), ("minisix", "sword"), ("brew", "broadsword"),
                                          ("fiveplus", "sword"), ("mastery", "sword")])
def test_a_swordswoman_carries_a_sword_and_can_use_it(system, sword):
    for seed in SEEDS:
        r = roll(system, "wandering swordswoman", seed)
        c = r.character
        assert sword in gear_names(c), (seed, gear_names(c))
        assert not any(w in gear_names(c) for w in ("axe", "spear", "mace")), gear_names(c)
        fights = {"minim": lambda: "fight" in c.skills, "minisix": lambda: "melee" in c.skills,
                  "brew": lambda: "melee" in c.skills, "mastery": lambda: "swordsmanship" in c.abilities,
                  "fiveplus": lambda: any(d.group == "combat" for d in c.descriptors.values())}[system]
        assert fights(), (seed, r.steps)
        assert valid(system, c) == []
        assert f"a {sword}" in r.concept_picks


@pytest.mark.parametrize("system,said", [("minim", "Fight"), ("minisix", "Melee"), ("brew", "Melee"),
                                         ("fiveplus", "Melee"), ("mastery", "a sword")])
def test_a_sellsword_is_read_as_a_fighter_in_every_system(system, said):
    """A common concept word, not only "mercenary": the concept line names a fighting skill or a weapon."""
    for seed in SEEDS:
        r = roll(system, "sellsword", seed)
        assert said in r.concept_picks, (seed, r.concept_picks)
        assert valid(system, r.character) == []


@pytest.mark.parametrize("system,gun", [("minim", "blaster"), ("minisix", "blaster"), ("brew", "handgun"),
                                        ("fiveplus", "blaster"), ("mastery", "blaster")])
def test_a_spacer_has_a_gun(system, gun):
    for seed in SEEDS:
        c = roll(system, "spacer", seed).character
        assert gun in gear_names(c), (seed, gear_names(c))
        assert valid(system, c) == []


def test_the_mini_six_spacers_blaster_is_a_missile_weapon_with_the_skill_to_shoot_it():
    for seed in SEEDS:
        c = roll("minisix", "spacer", seed).character
        blaster = next(g for g in c.gear if g.name == "blaster")
        assert blaster.kind == "missile" and blaster.damage == "5D" and "missile" in c.skills


def test_a_gunslinger_and_a_soldier_get_guns_in_mini_six_but_a_bandit_never_does():
    assert "pistol" in gear_names(roll("minisix", "gunslinger", 1).character)
    assert "rifle" in gear_names(roll("minisix", "grizzled soldier", 1).character)
    for seed in range(40):
        assert not {"pistol", "rifle", "blaster"} & set(gear_names(roll("minisix", "bandit", seed).character))


def same_but_concept(a, b) -> bool:
    """Equal sheets but for the concept (and the 5+ training trait, named for who the concept is)."""
    def shape(c):
        data = c.model_dump(mode="json", exclude={"concept"})
        if isinstance(c, FivePlusCharacter):
            data["descriptors"] = {k: d for k, d in data["descriptors"].items() if d["kind"] != "trait"}
        return data

    return shape(a) == shape(b)


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_same_seed_gives_the_same_character(system):
    a = roll(system, "hedge witch", 5).model_dump(mode="json")
    assert roll(system, "hedge witch", 5).model_dump(mode="json") == a


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_concept_naming_nothing_rolls_what_no_concept_rolls(system):
    for seed in range(4):
        plain, drifter = roll(system, None, seed), roll(system, "drifter", seed)
        assert [d.face for d in drifter.dice] == [d.face for d in plain.dice]
        assert same_but_concept(drifter.character, plain.character)
        if system == "fiveplus":  # its training trait is named for the concept: the player is told so
            [trait] = drifter.concept_picks
            assert trait.startswith("the training trait Trained drifter +1 ")
        else:
            assert drifter.concept_picks == []


@pytest.mark.parametrize("system,pick", [("minim", "skill:cure"), ("minisix", "skill:medicine"),
                                         ("brew", "skill:medicine"), ("fiveplus", "skill:medicine"),
                                         ("mastery", "skill:herbalism")])
def test_the_embedders_picks_are_placed_and_said(system, pick):
    for seed in SEEDS:
        r = roll(system, "herb gatherer", seed, picks=[pick])
        assert valid(system, r.character) == []
        assert r.concept_picks and steps_of(r)[-1].startswith("For a herb gatherer: ")


@pytest.mark.parametrize("system", SYSTEMS)
def test_an_unknown_pick_is_a_bad_call_naming_the_options(system):
    with pytest.raises(ToolArgumentError) as e:
        roll(system, "witch", 1, picks=["power:teleport-everyone"])
    assert "picks.0" in str(e.value) and "not an option" in str(e.value)


def test_words_match_whole_words_plurals_and_long_stems_only():
    from narrator.tools.systems.minisix.characters import CONCEPT_OPTIONS

    assert "gear:sword" in word_hits("wandering swordswoman", CONCEPT_OPTIONS)
    assert "skill:magic" in word_hits("two witches", CONCEPT_OPTIONS)
    assert "gear:pistol" not in word_hits("sailor on the gunwale", CONCEPT_OPTIONS)
    assert concept_line("hedge witch", ["Hex", "a sickle"]) == "For a hedge witch: Hex, a sickle."
    assert concept_line("an old elf", ["Bow"]) == "For an old elf: Bow."
    assert concept_line("drifter", []) is None


@pytest.mark.parametrize("word,base", [("swordswoman", "swordsman"), ("horsewomen", "horsemen"),
                                       ("huntress", "hunter"), ("sorceress", "sorcerer"), ("woman", "woman"),
                                       ("priestess", "priestess"), ("swordsman", "swordsman")])
def test_a_feminine_concept_word_reads_as_the_lists_name_it(word, base):
    from narrator.tools.concepts import base_word

    assert base_word(word) == base


def test_a_weary_swordswoman_fights_first_in_mastery():
    """Her only fighting word was unknown: the main activity was rolled, and she came out a healer."""
    from narrator.tools.systems.mastery.catalogue import concept_activities

    assert concept_activities("a weary swordswoman")[0] == "melee"


def test_a_huntress_is_a_hunter_in_every_keyword_table():
    """5+ read "an elven huntress" as nothing but a bow (its keyword table split words on its own): no survival."""
    from narrator.tools.systems.fiveplus.characters import concept_groups
    from narrator.tools.systems.fiveplus.npcs import npc_actions

    assert concept_groups("an elven huntress") == concept_groups("an elven hunter") == ["ranged", "survival"]
    assert npc_actions("huntress") == npc_actions("hunter")


@pytest.mark.parametrize("system, said", [("minim", "The concept takes sports"), ("brew", "athletics 2"),
                                          ("mastery", "The concept suggests athletics")])
def test_a_miner_is_read_as_one(system, said):
    """Seen in Minim assist: "a dwarf miner" read "Nothing in the rules matched the concept": a miner's work is
    hard labour (and a prospector's the wilds), as every keyword table that has those skills now says."""
    from narrator.tools.phrases import steps_of

    r = roll(system, "a dwarf miner", SEEDS[0])
    assert any(said in line for line in steps_of(r)), steps_of(r)
    assert valid(system, r.character) == []


@pytest.mark.parametrize("system", ["minim", "brew", "minisix", "fiveplus", "mastery"])
def test_a_witch_hunter_is_no_witch(system):
    """Seen rolling concepts: "a witch hunter" got the Hex power, healing magic or a sickle in every system — the
    word before "hunter" is what is hunted. A bounty hunter is read as a tracker: he was given a bow beside his
    blaster."""
    from narrator.tools.concepts import concept_words

    assert concept_words("a witch hunter") == ["a", "hunter"]
    assert concept_words("a bounty hunter with a blaster") == ["a", "tracker", "with", "a", "blaster"]
    picks = " ".join(roll(system, "a witch hunter", SEEDS[0]).concept_picks).casefold()
    assert not any(w in picks for w in ("hex", "sickle", "healing", "magic", "herbalism")), picks
    picks = " ".join(roll(system, "a bounty hunter with a blaster", SEEDS[0]).concept_picks).casefold()
    assert "blaster" in picks or "handgun" in picks
    assert "a bow" not in picks and "composite bow" not in picks, picks


@pytest.mark.parametrize("system", ["minim", "brew", "minisix", "fiveplus", "mastery"])
def test_a_concept_no_word_list_knows_is_read_as_who_it_is_most_like(system):
    """Seen in Mastery solo: "a poacher with a grudge" read "Nothing in the rules matched the concept": no system's
    word list names a poacher, though the NPC tools read one as a hunter (``tools.npc_archetypes``). A character's
    concept with no known word is read through the same stand-ins; a known word still decides alone."""
    from narrator.tools.concepts import chosen

    options = importlib.import_module(f"narrator.tools.systems.{system}.characters").CONCEPT_OPTIONS
    assert chosen("a poacher with a grudge", (), options) != []
    assert chosen("a highwayman", (), options) == (chosen("a bandit", (), options) or chosen("a thief", (), options))
    assert chosen("a drifter", (), options) == []  # no word and no stand-in: nothing, as before
    if system != "fiveplus":  # played in Mini Six: "a rooftop courier in a rainy megacity" matched nothing
        assert chosen("a rooftop courier in a rainy megacity", (), options) != []
        assert chosen("a grave robber with a bad cough", (), options) != []  # played in Minim: nothing either
        assert chosen("a street urchin with quick fingers", (), options) != []  # played in Minim teach: nothing
    if system == "brew":  # a word the list knows decides alone: Brew's poacher is stealthy, not a hunter
        assert chosen("a poacher", (), options) != chosen("a hunter", (), options)


@pytest.mark.parametrize("system", ["minim", "brew", "minisix", "mastery"])
def test_a_stage_magician_is_a_showman_and_a_private_eye_a_detective(system):
    """Played in Mini Six solo: "a retired stage magician turned private eye" was given Magic with the Sorcerer
    perk. Two words that name one trade are read as it (``tools.concepts.COMPOUNDS``)."""
    from narrator.tools.concepts import concept_words

    assert concept_words("a retired stage magician turned private eye")[-3:] == ["showman", "turned", "detective"]
    picks = " ".join(roll(system, "a retired stage magician turned private eye", 3).concept_picks).casefold()
    assert "magic" not in picks and "sorcer" not in picks, picks


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_herbalist_with_a_dog_is_a_herbalist_first(system):
    """Played in Brew solo: "a travelling herbalist with a dog" was read from its last word, so the dog's handling
    came before medicine and took the skill points a concept's first pick gets. The main phrase is read first, from
    its head noun back; what follows "with", "of", "who"... after it."""
    from narrator.tools.concepts import head_first

    assert head_first(["travelling", "herbalist", "with", "a", "dog"]) == ["herbalist", "travelling", "dog", "a",
                                                                           "with"]
    assert head_first(["hedge", "witch"]) == ["witch", "hedge"]
    assert head_first(["with", "love"]) == ["love", "with"]  # a break word first is no break
    picks = [p.casefold() for p in roll(system, "a travelling herbalist with a dog", 2).concept_picks]
    if picks:
        assert "animal" not in picks[0] and "beast" not in picks[0], picks


def test_a_customs_officer_is_an_inspector_not_an_archer():
    """Played in Mini Six assist: "/npc a nervous customs officer" came with survival 5D and a bow. Two words that
    name one trade are read as it: an inspector, with an eye for what is hidden."""
    from narrator.tools.concepts import concept_words
    from narrator.tools.table import TableState

    assert concept_words("a nervous customs officer") == ["a", "nervous", "inspector"]
    r = default_registry().call("minisix_add_npc", {"concept": "a nervous customs officer"}, Roller(5),
                                TableState(system="minisix"))
    sheet = r.character
    assert "search" in sheet.skills and not any(g.kind == "missile" for g in sheet.gear), sheet


def test_every_keyword_table_reads_a_concept_head_first():
    """The head-first reading is one (:func:`tools.npc_archetypes.head_first`): a 5+ NPC's actions and Mastery's
    concept activities read "a thief with a pet rat" as a thief, as the random characters' picks do, not as the rat
    its very last word names."""
    from narrator.tools.npc_archetypes import head_stand_in
    from narrator.tools.systems.fiveplus.npcs import npc_actions
    from narrator.tools.systems.mastery.catalogue import concept_activities

    assert npc_actions("a thief with a pet rat") == npc_actions("a thief") != npc_actions("a rat")
    assert npc_actions("a goblin archer") == npc_actions("an archer")
    assert concept_activities("a thief with a pet rat")[0] == concept_activities("a thief")[0]
    assert head_stand_in(["a", "poacher", "with", "a", "mule"], {"hunter", "rider"}) == "hunter"
