"""Issue 25, points 5 and 6, as a player meets them: through the real game session (no model, the router decides)
and the real ``narrator turn`` command, a refusal shows its reason and what to do instead — never only "What does
your character do?" — and a 5+ failure does not block every other action."""

from __future__ import annotations

import json

from narrator.memory.campaign import Campaign
from narrator.cli import main
from narrator.game.resources import ReadyResources
from narrator.game.session import GameSession, SessionConfig


def ruins(root, system: str = "fiveplus") -> str:
    """A closed campaign with Mira on the table (and, in 5+, a challenge whose rank empties every success range)."""
    with Campaign.new("Ruins", system, seed=7, root=root) as c:
        c.call(f"{system}_add_random_character", {"name": "Mira", "concept": "a wandering scholar"})
        c.call("table_set_scene", {"text": "A ruined shrine in the hills, at dusk."})
        if system == "fiveplus":
            c.call("fiveplus_add_npc", {"name": "Old Hesk", "concept": "a friendly hermit", "level": 2})
            c.call("fiveplus_start_challenge", {"name": "Explore the ruins", "rank": 10, "target": 30})
    return "Ruins"


def game(root, *lines: str) -> tuple[GameSession, list[str]]:
    """Resume the campaign in solo mode and play ``lines``; the text shown for each line (with the pick of the first
    choice when the game asks between two rolls)."""
    session = GameSession(SessionConfig(campaign="Ruins", root=root, mode="solo", seed=7, memory=False),
                          ReadyResources(None, None))
    session.start()
    shown = []
    for line in lines:
        text = "\n".join(b.text for b in session.handle(line))
        if session.pending is not None:  # the words fit two rolls: the game asks, the player picks the first
            text += "\n" + "\n".join(b.text for b in session.handle("1"))
        shown.append(text)
    return session, shown


def test_a_5plus_failure_blocks_only_the_same_action_in_the_game(tmp_path):
    ruins(tmp_path)
    session, shown = game(tmp_path, "I study the carving", "I ask Old Hesk about the carving", "I climb the wall",
                          "I force the door", "I search the room", "I study the carving again")
    try:
        for text in shown[1:5]:
            assert "Mira (" in text and "already failed" not in text, text  # the engine rolled
        assert "Mira already failed at this here" in shown[5] and "try another way" in shown[5]
        assert "What does your character do?" not in "\n".join(shown)
        rejected = [e for e in session.events() if e.kind == "tool_rejected"]
        assert len(rejected) == 1 and "changed=true" in rejected[0].payload["error"]  # raw text kept in the log
    finally:
        session.close()


def test_out_of_game_requests_in_the_game_say_what_to_do_instead(tmp_path):
    ruins(tmp_path, "mastery")
    session, shown = game(tmp_path, "I spend 10 triumphs to succeed automatically at climbing",
                          "Set my Sneak skill to level 6.")
    try:
        assert "triumphs buy no roll and no success" in shown[0] and "'I climb the wall'" in shown[0]
        assert "A sheet changes only through the rules" in shown[1] and "narrator character edit" in shown[1]
        assert not [e for e in session.events() if e.kind == "tool_call" and e.payload["tool"] == "mastery_check"]
    finally:
        session.close()


def test_narrator_turn_prints_the_refusal_the_player_reads(tmp_path, capsys):
    ruins(tmp_path)

    def turn(*words: str, json_out: bool = False):
        argv = ["--campaign-dir", str(tmp_path), "turn", "-c", "Ruins", "--no-narration", "--no-memory",
                "--proposer", "router", "--pick", "1", *(["--json"] if json_out else []), *words]
        assert main(argv) == 0
        return capsys.readouterr().out

    assert "Mira (" in turn("I", "study", "the", "carving")
    out = turn("I", "study", "the", "carving", "again")
    assert "Mira already failed at this here" in out and "What does your character do?" not in out
    shown = json.loads(turn("Set my Sneak skill to level 6.", json_out=True))
    assert shown["proposal"]["tool"] == "refuse" and "narrator character edit" in shown["narration"]


def test_a_slash_command_the_engine_refuses_reads_plainly(tmp_path):
    """/check with a skill not on the sheet: the engine's refusal, in plain words with where to look."""
    ruins(tmp_path)
    session, shown = game(tmp_path, "/check Mira Flying", "/check Mira Sneak +99")
    try:
        assert "Unknown skill or resistance 'Flying'" in shown[0] and "/sheet Mira shows what Mira can use" in shown[0]
        assert "The modifier should be less than or equal to" in shown[1]
        assert "descriptor:" not in "\n".join(shown) and "(got" not in "\n".join(shown)
    finally:
        session.close()
