"""The foes ``/encounter`` draws from live in each system's prompts folder (``narration/foes.json``), read by one
loader; a level a system does not list is refused by name."""

import json

import pytest

from narrator.game.encounters import add_foes, foes, one_of
from narrator.prompts import FOES, prompt_path
from narrator.tools.errors import UserError

SYSTEMS = ("brew", "fiveplus", "mastery", "minim", "minisix")


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_level_lists_foes_in_words(system):
    table = json.loads(prompt_path(system, FOES).read_text(encoding="utf-8"))
    levels = [k for k in table if k != "_doc"]
    assert levels == [str(n) for n in range(1, len(levels) + 1)]
    for level in levels:
        drawn = foes(system, int(level))
        assert drawn and all(isinstance(f, str) and f.strip() for f in drawn)


def test_a_level_not_listed_is_refused_with_the_levels():
    with pytest.raises(UserError, match=r"brew lists no foes for level 9 \(its levels: 1, 2, 3, 4, 5\)"):
        foes("brew", 9)


def test_a_drawn_foe_comes_from_the_level_asked(tmp_path):
    from narrator.memory.campaign import Campaign

    with Campaign.new("Foes", "minim", seed=4, root=tmp_path) as campaign:
        concept, added, results = add_foes(campaign, "minim", 2, None, 3, power="tier")
        assert concept in foes("minim", 3)
        assert [name for name, _ in results] == ["table_roll (foe concept)", "minim_add_npc", "minim_add_npc"]
        assert len(added) == 2 and all(campaign.state.characters[a].get("npc") for a in added)


@pytest.mark.parametrize("group,one", [
    ("dock thugs", "dock thug"), ("thieves of the guild", "thief of the guild"), ("wolves", "wolf"),
    ("watchmen", "watchman"), ("witches", "witch"), ("zombies", "zombie"), ("spies", "spy"), ("slaves", "slave"),
    ("Giant Spiders", "Giant Spider"), ("goblin", "goblin"), ("boss", "boss"), ("Marcus", "Marcus"),
    ("bandits with crossbows", "bandit with crossbows"),
])
def test_a_group_the_player_names_is_one_foe_each(group, one):
    assert one_of(group) == one


@pytest.mark.parametrize("system,power", [("minim", "tier"), ("brew", "level"), ("mastery", "level")])
def test_foes_of_a_named_group_are_numbered_in_the_singular(tmp_path, system, power):
    """"/encounter easy dock thugs" puts Dock Thug, Dock Thug 2 and Dock Thug 3 on the table, not "Dock Thugs 2"."""
    from narrator.memory.campaign import Campaign

    with Campaign.new("Foes", system, seed=4, root=tmp_path) as campaign:
        concept, added, _ = add_foes(campaign, system, 3, "dock thugs", 1, power=power)
    assert concept == "dock thug" and added == ["Dock Thug", "Dock Thug 2", "Dock Thug 3"]


def test_brew_sizes_the_foes_level_by_the_odds_against_the_party():
    """Seen in Brew solo play: a mercenary with Power 6 and Melee 6 (a class's bonus past the cap of 5) was given a
    "moderate" level 2 bandit whose attacks landed 0% of the time. The level is now the one whose foes land on the
    most exposed character as often as level 1/2/3 foes land on a starting character: a starting character still
    meets levels 1, 2 and 3; the strong one meets level 3, 4 and 4 (levels 4 and 5 hit alike: scores stop at 5)."""
    from narrator.game.systems.brew_play import STARTING_DEFENCE, _lands, level_for

    starting = {"attributes": {"power": 4}, "skills": {"melee": 4}, "health": 10}
    strong = {"attributes": {"power": 6}, "skills": {"melee": 6}, "health": 10}
    assert [level_for(base, starting, 1) for base in (1, 2, 3)] == [1, 2, 3]
    assert [level_for(base, strong, 1) for base in (1, 2, 3)] == [3, 4, 4]
    assert _lands(2, strong, (6, 6, "power"), 1) == 0.0  # what the fixed level gave
    assert _lands(4, strong, (6, 6, "power"), 1) == pytest.approx(_lands(2, {"health": 10}, STARTING_DEFENCE, 1))


def test_brew_rates_an_archer_by_the_blow_it_strikes_up_close(tmp_path):
    """Seen in Brew teach play: "/encounter" drew a level 3 archer carrying only a composite bow, which reaches
    "Medium & long" — in a fight without zones, all close range, it could only punch (Melee 0), and the rating line
    read its attack as Power/Precision + Melee, whatever the weapon. Now a bow-carrying NPC has a knife too, and the
    rating reads the engine's own choice of weapon, attribute and skill for a blow up close."""
    from narrator.game.systems.brew_play import _close_attack
    from narrator.memory.campaign import Campaign

    with Campaign.new("Archer", "brew", seed=4, root=tmp_path) as campaign:
        archer = campaign.call("brew_add_npc", {"concept": "archer", "level": 3}).character
        gunman = campaign.call("brew_add_npc", {"concept": "gunman", "level": 3}).character
    assert [g.name for g in archer.gear if g.kind == "weapon"] == ["composite bow", "knife"]
    assert [g.name for g in gunman.gear if g.kind == "weapon"] == ["handgun"]  # it reaches close range itself
    defender = {"name": "Tess", "attributes": {"power": 5, "precision": 4, "speed": 1, "perception": 4, "wits": 4,
                                               "charisma": 1}, "skills": {"melee": 6, "athletics": 4},
                "health": 10, "max_health": 10}
    attack, defence = _close_attack(archer.model_dump(), defender)
    assert attack == (4, archer.skills.get("melee", 0), "precision")  # the knife: the better of Power or Precision
    assert defence == (5, 6, "power")  # a blow up close is met with Power + Melee
    attack, defence = _close_attack(gunman.model_dump(), defender)
    assert attack == (gunman.attributes.precision, gunman.skills["craft"], "precision")  # the handgun: Precision + Craft
    assert defence == (1, 4, "speed")  # a shot is dodged: Speed + Athletics


@pytest.mark.parametrize("system,power,read", [("brew", "level", "keywords"), ("minisix", "level", "keywords"),
                                               ("minim", "tier", "keywords"), ("mastery", "level", "activities")])
def test_every_foe_an_encounter_draws_is_read_by_its_npc_tool(system, power, read):
    """Seen in Brew solo play: "/encounter easy" drew a drunk brawler, and Brew's NPC tool knew no word of it — the
    brawler fought with Medicine 2 and no Melee. Every foe a system's encounters draw must be one its NPC tool reads
    (a keyword, an activity), so that it fights as what it is."""
    from narrator.tools.dice import Roller
    from narrator.tools.registry import default_registry
    from narrator.tools.table import TableState

    table = json.loads(prompt_path(system, FOES).read_text(encoding="utf-8"))
    for level in (k for k in table if k != "_doc"):
        for foe in table[level]:
            made = default_registry().call(f"{system}_add_npc", {"concept": one_of(foe), power: int(level)},
                                           Roller(1), TableState(system=system))
            assert getattr(made, read), (system, level, foe)


def test_a_rolled_tables_entry_is_named_not_dumped():
    """Seen in Mastery solo: /scene tomb showed "table_roll (hazard): 1d4 = 1 → {'name': 'spiked pit', 'activity':
    'athletics', ...}"; Mini Six's battlefield a tuple of every zone and link. A record is named by its name, a row
    by its first field."""
    from narrator.game.encounters import told
    from narrator.game.systems.mastery_play import HAZARDS
    from narrator.game.systems.minisix_play import PLACES

    assert told(HAZARDS[0]) == "spiked pit"
    assert told(PLACES[0]) == "a ruined chapel"
    assert told(3) == "3" and told("a forgotten tomb") == "a forgotten tomb"
