"""Story people step onto the table when the player acts on them (narrator/game/cast.py): pure parts, the session
with a scripted proposer, and the real router in every system."""

from __future__ import annotations

import json

import pytest

from narrator.memory.campaign import Campaign
from narrator.agent.router import RouterProposer
from narrator.game.blocks import plain
from narrator.game.cast import CastingProposer, concept_of, named_in, scene_people, uncast, with_people
from narrator.tools.proposals import Proposal
from narrator.tools.systems import all_systems, get_system


def story_campaign(root, system: str = "minim", name: str = "Test") -> Campaign:
    c = Campaign.new(name, system, seed=5, root=root)
    c.call(get_system(system).random_character_tool, {"name": "Aria"})
    c.call("story_update", {"add_person": "Rusk"})
    c.call("story_update", {"add_person": "Old Mags"})
    return c


def test_uncast_names_only_story_people_without_a_sheet(tmp_path):
    with story_campaign(tmp_path) as c:
        assert uncast("I shove Rusk and wink at Old Mags", c.state) == ["Rusk", "Old Mags"]
        assert uncast("I shove Aria", c.state) == []  # on the table already
        assert uncast("I shove the bartender", c.state) == []
        assert "Rusk" not in with_people(c.state, []).characters
        trial = with_people(c.state, ["Rusk"])
        assert trial.characters["Rusk"]["npc"] and "Rusk" not in c.state.characters  # a trial, nothing logged


def test_concept_comes_from_the_scene_tables():
    assert concept_of("Rusk", "minim") == "dockhand with a scarred face"
    assert concept_of("Nobody Known", "minim") == "Nobody Known"


def test_named_in_reads_every_argument():
    p = Proposal(tool="minim_start_combat", call_args={"combatants": ["Aria", "Rusk"]}, source="test")
    assert named_in(p, ["Rusk", "Old Mags"]) == ["Rusk"]
    assert named_in(Proposal(tool="no_roll", args={}, source="test"), ["Rusk"]) == []


# --- the session --------------------------------------------------------------------------------------------------


ATTACK_RUSK = json.dumps({"tool": "minim_attack_target", "args": {"attacker": "Aria", "defender": "Rusk"}})


def meet_rusk(session) -> None:
    """The opening scene starts a fresh story; Rusk joins it as a recurring person (no sheet)."""
    session.start()
    session.campaign.call("story_update", {"add_person": "Rusk"})


def punch_rusk(make_session, campaign: str, mode: str = "solo"):
    """A session whose proposer reads every line as Aria attacking Rusk; the first punch thrown. → (session, out)"""
    s = make_session(campaign=campaign, proposals=[ATTACK_RUSK], mode=mode)
    meet_rusk(s)
    return s, plain(s.handle("I punch Rusk in the face"))


def logged_tools(session) -> list[str]:
    return [e.payload["tool"] for e in session.campaign.events() if e.kind == "tool_call"]


def test_attacking_a_story_person_casts_them_first(make_session, ready_campaign):
    s, out = punch_rusk(make_session, ready_campaign)
    assert "Rusk steps into play as an NPC" in out
    assert logged_tools(s)[-3:-1] == ["minim_add_npc", "minim_attack_target"]  # then the fight starts (below)
    sheet = s.campaign.state.characters["Rusk"]
    assert sheet["npc"] and sheet["concept"] == "dockhand with a scarred face"
    assert "Mara" not in out and "attacks Rusk" in out
    assert s.campaign.replay().ok


def test_talking_to_a_story_person_casts_nobody(make_session, ready_campaign):
    talk = json.dumps({"tool": "minim_check", "args": {"actor": "Aria", "skill": "communication"}})
    s = make_session(campaign=ready_campaign, proposals=[talk])
    meet_rusk(s)
    out = plain(s.handle("I ask Rusk about the shipment"))
    assert "steps into play" not in out and "Rusk" not in s.campaign.state.characters


# --- the real router, every system ----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def router():
    return RouterProposer()


@pytest.mark.parametrize("system", [s.name for s in all_systems() if s.npc_tool and s.name != "coin"])
def test_the_router_casts_whom_the_player_attacks(router, tmp_path, system):
    with story_campaign(tmp_path, system) as c:
        cast: list[str] = []

        def add(name, tool, args):
            cast.append(name)
            c.call(tool, args)

        proposer = CastingProposer(router, lambda: c.state, add)
        talk = proposer.propose("I ask Rusk about the shipment", c.state, "Aria")
        assert cast == [] and "Rusk" not in c.state.characters, talk
        hit = proposer.propose("I punch Rusk in the face", c.state, "Aria")
        assert cast == ["Rusk"] and c.state.characters["Rusk"]["npc"]
        assert "Rusk" in named_in(hit, ["Rusk"]), hit


# --- an attack outside a fight starts one (solo) ----------------------------------------------------------------------


def test_in_solo_an_attack_outside_a_fight_starts_one_and_the_npc_strikes_back(make_session, ready_campaign):
    s, out = punch_rusk(make_session, ready_campaign)
    assert "Rusk fights back: the fight begins." in out
    assert logged_tools(s)[-3:] == ["minim_add_npc", "minim_attack_target", "minim_start_combat"]
    assert s.campaign.state.initiative.active and set(s.campaign.state.initiative.order) == {"Aria", "Rusk"}
    plain(s.handle("I punch Rusk again"))  # inside the fight: no second start, and Rusk acts on his turn
    assert logged_tools(s).count("minim_start_combat") == 1
    assert any(e.kind == "tool_call" and e.payload["tool"] == "minim_attack_target"
               and e.payload["args"]["attacker"] == "Rusk" for e in s.campaign.events())
    assert s.campaign.replay().ok


def test_in_assist_mode_the_narrator_decides_whether_a_fight_starts(make_session, ready_campaign):
    s, out = punch_rusk(make_session, ready_campaign, mode="assist")
    assert "fights back" not in out and not s.campaign.state.initiative.active


# --- people a scene set by hand names ---------------------------------------------------------------------------


@pytest.mark.parametrize("text,names", [
    ("The fog-bound docks at night. Old Mags, a ferrywoman, is here. A figure watches from the wall.", ["Old Mags"]),
    ("A monastery at dusk. Brother Anselm, the old gatekeeper, is here.", ["Brother Anselm"]),
    ("Kettle Creek is a mining town. Sheriff Hale waits by the door. The sheriff is here.", ["Sheriff Hale"]),
    ("You are in the tavern. Mara, who owes you money, watches from the bar.", ["Mara"]),
    ("A ruined chapel. Nobody is here. The wind is in the rafters.", []),
])
def test_scene_people_reads_who_a_scene_says_is_there(text, names):
    from narrator.tools.table import TableState

    assert scene_people(text, TableState(system="minim")) == names


ATTACK_TAMSIN = json.dumps({"tool": "minim_attack_target", "args": {"attacker": "Aria", "defender": "Tamsin Reed"}})


def test_a_scene_set_by_hand_brings_its_people_into_the_story(make_session, ready_campaign):
    """"/scene set ... Tamsin Reed, a dockhand, is here." logs her as a recurring person, so attacking her then
    casts her (issue 27: people the story names are people the player can act on); Aria, on the table, is not
    added."""
    s = make_session(campaign=ready_campaign, proposals=[ATTACK_TAMSIN])
    s.start()
    before = list(s.campaign.state.story.people)
    s.handle("/scene set The docks at night. Tamsin Reed, a dockhand, is here. Aria waits by the crates.")
    assert s.campaign.state.story.people == [*before, "Tamsin Reed"]
    assert logged_tools(s)[-2:] == ["table_set_scene", "story_update"]
    out = plain(s.handle("I punch Tamsin Reed in the face"))
    assert "Tamsin Reed steps into play as an NPC" in out
    assert s.campaign.state.characters["Tamsin Reed"]["npc"]
    assert s.campaign.replay().ok
