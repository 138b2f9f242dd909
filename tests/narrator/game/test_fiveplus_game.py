"""The 5+ system in the game: the wizard's options and guided creation, /check, teach previews, /learn, GM-less
/scene cards, /encounter and a solo fight whose foes act on their turns — without a model (the router decides)."""

from __future__ import annotations

from narrator.game.resources import ReadyResources
from narrator.game.session import GameSession, SessionConfig
from narrator.game.systems.fiveplus import RULES
from narrator.tools.dice import Roller
from narrator.tools.registry import default_registry


def play(tmp_path, mode: str, *lines: str) -> tuple[GameSession, str]:
    session = GameSession(SessionConfig(campaign="Five", root=tmp_path, mode=mode, seed=7, memory=False),
                          ReadyResources(None, None))
    out = session.start()
    for line in lines:
        out += session.handle(line)
    return session, "\n".join(b.text for b in out)


CREATE = ("fiveplus", "", "", "", "", "g", "Tess", "a wandering healer", "Medicine 3, Sneak 3, Persuade 2", "",
          "Herbalist +1 medicine", "d")
"""The system, four options by Enter (the fixed method: buy points are never asked), a guided character."""


def test_a_guided_character_and_a_check_in_teach_mode(tmp_path):
    session, text = play(tmp_path, "teach", *CREATE, "/check Tess Sneak +1", "/learn", "/learn tiers")
    try:
        assert "Created 'Five' (The 5+ system)" in text
        assert "Tess" in session.state.characters and session.state.characters["Tess"]["method"] == "fixed"
        assert "Before the roll — Tess tries:" in text and "Success range" in text
        assert "Topics: checks" in text
        assert "(3:2)" in text  # the Fire magic lesson: (5:1+2) on a double 6
        tools = [e.payload["tool"] for e in session.events() if e.kind == "tool_call"]
        assert tools[0] == "fiveplus_add_character" and "fiveplus_attempt" in tools
    finally:
        session.close()


def test_every_lesson_runs():
    for name, lesson in RULES.lessons().items():
        result = default_registry().call(lesson.tool, lesson.args, Roller(lesson.seed))
        assert result.steps, name


def test_cards_encounters_and_a_solo_fight(tmp_path):
    # solo: the encounter starts the fight itself; passing Tess's turn lets the troll act whatever the dice
    session, text = play(tmp_path, "solo", *CREATE, "/scene cards", "/encounter deadly troll", "/initiative next",
                         "I attack the troll", "/party")
    try:
        assert "Scene 1" in text and "fiveplus_scene_play" in text
        assert "\nScene: Scene 1 — " in text  # what the dealt card asks is said, not only in the status line
        state = session.state
        assert state.system_state["cards"]["scene"] == 1
        assert [n for n, s in state.characters.items() if s.get("npc") and "Troll" in n]
        assert "Fight: 1 × troll" in text
        calls = [e.payload["tool"] for e in session.events() if e.kind == "tool_call"]
        assert "fiveplus_start_conflict" in calls and "fiveplus_npc_act" in calls  # the foes acted
        assert session.engine.replay().ok
    finally:
        session.close()


def test_the_preview_says_who_does_what_to_whom():
    """Seen in teach play: "Before the roll — Brom attack:" — the tool's name where a sentence belongs."""
    from narrator.agent.evaluate import table_for
    from narrator.game.rules import rules_for

    table = table_for("fiveplus", None, None)
    preview = rules_for("fiveplus").preview(table, "fiveplus_attack", {"attacker": "Aria", "defender": "Guard"})
    assert preview is not None and preview.title == "Before the roll — Aria attacks Guard:"


def test_the_foe_turn_dump_writes_what_a_player_reads(tmp_path):
    """``python -m narrator.game.systems.fiveplus_foe_turns``: the blind readers' file of 5+ foe turns (docs/
    narration.md) — the engine's line and the story's, every item numbered, each story a foe's act told from the
    player's side."""
    from narrator.game.systems.fiveplus_foe_turns import main

    out = tmp_path / "foes.md"
    assert main([str(out), "--seed", "3", "--items", "12"]) == 0
    text = out.read_text(encoding="utf-8")
    assert text.count("## Item ") == 12 and text.count("\nMechanics: ") == 12 and text.count("\n> The ") == 12
    assert "NPC action" in text and ("tries to" in text or "goes to" in text)


def test_an_encounter_counts_its_successes_in_words_that_agree(tmp_path):
    """Seen in 5+ solo play: "1 × bandit — 1 successes to defeat"; one success is singular."""
    import re

    from narrator.game.encounters import encounter_builder
    from narrator.memory.campaign import Campaign

    with Campaign.new("Count", "fiveplus", seed=3, root=tmp_path) as c:
        c.call("fiveplus_add_random_character", {"name": "Vera", "concept": "a smuggler pilot"})
        for difficulty in ("easy", "deadly"):
            rating = encounter_builder("fiveplus").build(c, difficulty, None).rating
            n = int(re.match(r"(\d+) success", rating).group(1))
            assert rating.startswith(f"{n} {'success' if n == 1 else 'successes'} to defeat"), rating
