"""Mini Six in the real game: the Thule option, guided and random creation judged by the engine, the session's
start (Hero Points), teach-mode odds, /check, /learn, a battlefield, an encounter and a solo fight with the foes'
turns — every call logged and the log replaying byte for byte."""

from __future__ import annotations

from narrator.memory.campaign import Campaign
from narrator.game.resources import ReadyResources
from narrator.game.session import GameSession, SessionConfig


def play(session: GameSession, *lines: str) -> str:
    out = []
    for line in lines:
        out += [b.text for b in session.handle(line) if isinstance(getattr(b, "text", None), str)]
    return "\n".join(out)


def test_a_thule_campaign_is_made_and_played(tmp_path):
    session = GameSession(SessionConfig(campaign="Thule", root=tmp_path, mode="teach", seed=4, memory=False),
                          ReadyResources(None, None))
    try:
        text = "\n".join(b.text for b in session.start() if isinstance(getattr(b, "text", None), str))
        text += play(session, "minisix", "yes", "g", "Kara", "a smuggler captain",
                     "might 3D agility 4D wit 2D+1 charm 2D+2",
                     "piloting +2D, missile +2D, dodge +1D, cutlass +1D might, con +2D",  # 8D: refused
                     "piloting +2D, missile +2D, dodge +1D, cutlass +1D might, con +1D", "none",
                     "enemies, unlucky in money", "sword (cutlass), crossbow, leather cuirass",
                     "r", "Doc", "a field medic", "d")
        assert "7D for skills and perks; these use 8D" in text
        assert "Created Kara" in text and "Rolled Doc" in text
        assert "Session 1 begins" in text and "+1 Hero Point" in text
        sheet = session.campaign.state.characters["Kara"]
        assert sheet["hero_points"] == 1 and sheet["gear"][0]["skill"] == "cutlass"
        assert session.rules.resources(sheet) == "♥ unharmed HP 1 CP 0"
        text = play(session, "/check Kara piloting", "/learn damage", "/scene battlefield", "/encounter easy")
        assert "Before the roll — Kara rolls piloting (6D) against TN 15" in text
        assert "Damage minus Soak" in text
        assert "Battlefield" in text and "Encounter:" in text
        assert "Combat starts" in text  # nobody runs the foes in teach mode: the engine calls the fight, as in solo
        play(session, "/mode solo")
        foes = [n for n, s in session.campaign.state.characters.items() if s.get("npc")]
        for _ in range(4):
            who = session.actor
            play(session, f"I shoot {foes[0]} with my crossbow" if who == "Kara" else f"I throw a javelin at {foes[0]}")
    finally:
        session.close()
    with Campaign.open("Thule", tmp_path) as c:
        tools = [e.payload["tool"] for e in c.events() if e.kind == "tool_call"]
        assert tools[:3] == ["minisix_add_character", "minisix_add_random_character", "minisix_new_session"]
        assert "minisix_attack_target" in tools and "table_next_turn" in tools
        assert c.replay().ok


def test_the_perks_question_says_what_the_skills_left_and_a_budget_error_asks_both_again(tmp_path):
    """Skills and perks share 7D ("7D for skills and perks"). A player who spent 7D on skills was offered perks "paid
    from the 7D", picked one, and after the budget error was sent back to the skills only: the perk stayed, unseen,
    and the next answer (meant as a perk) was taken for a complication."""
    session = GameSession(SessionConfig(campaign="Perks", root=tmp_path, mode="solo", seed=4, memory=False),
                          ReadyResources(None, None))
    try:
        session.start()
        text = play(session, "minisix", "no", "g", "Ysolde", "a salt smuggler",
                    "agility 4D wit 3D charm 3D might 2D",
                    "stealth +2D, con +2D, thievery +1D, melee +1D, knowledge +1D")
        assert "Perks, paid from the 7D (nothing left after your skills; Enter for none)" in text
        text = play(session, "lucky")
        assert "these use 9D" in text
        text = play(session, "stealth +2D, con +1D, thievery +1D, melee +1D")
        assert "Perks, paid from the 7D (2D left after your skills; Enter for none)" in text  # asked again
        text = play(session, "lucky", "", "knife")
        assert "Created Ysolde" in text
        sheet = session.campaign.state.characters["Ysolde"]
        assert sheet["perks"] == {"lucky": 2} and sheet["complications"] == []
        play(session, "d")
        calls = len([e for e in session.campaign.events() if e.kind == "tool_call"])
        text = play(session, "what are CP for?")  # seen in Mini Six solo: rolled as a command check
        assert "Character points: A character earns one CP" in text and "spends none" in text
        assert len([e for e in session.campaign.events() if e.kind == "tool_call"]) == calls
    finally:
        session.close()


def test_a_perk_is_no_complication():
    """Seen in Mini Six guided creation: "lucky", typed where a perk was meant, was taken as a complication. The
    book's complications are examples (one of one's own is taken), but a perk is not one."""
    import pytest

    from narrator.game.rules import StepError
    from narrator.game.systems.minisix import parse_complications

    assert parse_complications("enemies, a rival cartographer") == ["enemies", "a rival cartographer"]
    with pytest.raises(StepError, match="'lucky' is a perk"):
        parse_complications("lucky")
