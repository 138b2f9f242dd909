"""GameSession without a terminal: the wizard, the modes, the slash commands and bad input, line by line."""

from __future__ import annotations

import json
import re
import threading

import pytest

from narrator.memory.campaign import Campaign
from narrator.models.scripted import ScriptedBackend
from narrator.agent.llm_proposer import LLMProposer
from narrator.game.blocks import plain
from narrator.game.completion import candidates
from narrator.game.resources import BackgroundResources
from narrator.game.session import GameSession, SessionConfig


SNEAK = json.dumps({"tool": "minim_check", "args": {"actor": "Aria", "skill": "stealth"}})
GUIDED = ["g", "Aria", "a wandering priest", "4 3 2", "cure, knowledge, art, stealth, fight, perception",
          "fireball 2, healing 2", "compassion", "pride"]


def by_outcome(win: str, lose: str):
    """A scripted narrator that reads the engine's outcome in its prompt and answers in kind."""
    return lambda messages, settings: lose if re.search(r"Outcome: (critical failure|failure|neutral)",
                                                        messages[-1].content) else win


def say(session, *lines):
    out = []
    for line in lines:
        out += session.handle(line)
    return out


def tools_logged(session):
    return [e.payload["tool"] for e in session.campaign.events() if e.kind == "tool_call"]


@pytest.fixture
def playing(make_session, ready_campaign):
    """A session resumed straight into play with Aria (random) on the table."""

    def make(**kw):
        s = make_session(campaign=ready_campaign, **kw)
        s.start()
        assert s.wizard is None and s.actor == "Aria"
        return s

    return make


# --- the wizard ------------------------------------------------------------------------------------------------


def test_new_campaign_wizard_guided_character(make_session):
    s = make_session()
    first = plain(s.start())
    assert "Which rules system?" in first and "minim" in first
    out = plain(say(s, "", "", *GUIDED))
    assert "Created 'Test' (Minim)" in out and "Created Aria" in out
    assert s.wizard is not None and s.prompt == "create> "
    out = plain(say(s, "d"))
    assert "Playing 'Test' in solo mode as Aria" in out and s.wizard is None
    assert tools_logged(s) == ["minim_add_character", "story_scene"]  # solo play opens with a framed scene
    assert s.campaign.state.scene and s.campaign.state.story.threads and s.campaign.state.story.people
    sheet = s.campaign.state.characters["Aria"]
    assert sheet["skills"] == ["cure", "knowledge", "art", "stealth", "fight", "perception"]
    assert sheet["powers"] == {"languages": 1, "wealth": 1, "fireball": 2, "healing": 2}
    marker = next(e for e in s.campaign.events() if e.kind == "action")  # what /undo and the export call it
    assert marker.payload["text"].startswith("Created Aria: brain ")


def test_an_empty_name_in_guided_creation_can_go_back_to_random(make_session):
    s = make_session()
    s.start()
    out = plain(say(s, "", "", "", ""))  # campaign name, system, (options), guided by pressing Enter, empty name
    out = plain(say(s, ""))
    assert "cannot be empty" in out and "back" in out
    out = plain(say(s, "back", "r", "Kit", ""))
    assert "Kit" in s.campaign.state.characters and "(d)one? [done]" in out


def test_the_menus_letter_at_the_first_question_is_the_menu(make_session):
    """Played in 5+: Enter at the menu chose guided, and "r" typed at "Name?" made a guided character named "r". At
    the first question the menu's own words answer the menu."""
    s = make_session()
    s.start()
    say(s, "", "", "", "")  # campaign name, system, options, guided by pressing Enter
    out = plain(say(s, "r", "Kit", ""))
    assert "Kit" in s.campaign.state.characters and "r" not in s.campaign.state.characters
    assert "Rolled Kit" in out


def test_wizard_shows_the_engines_messages_and_asks_again(make_session):
    s = make_session()
    s.start()
    say(s, "minim", "normal", "g", "Aria", "")
    out = plain(say(s, "5 5 5"))  # the engine's creation budget, with its citation
    assert "has traits 4, 3 and 2" in out and "minim.md#Characters" in out and s.prompt == "traits> "
    out = plain(say(s, "4 3 2", "cure, fight, fire, sports, stealth, perception"))
    assert "takes 3 brain skills" in out and "minim.md#Characters" in out and s.prompt == "skills> "
    out = plain(say(s, "cure, dance"))  # an unknown skill: the schema's own message
    assert "skills.1" in out and "'art'" in out and s.prompt == "skills> "
    say(s, "cure, knowledge, art, stealth, fight, perception")
    out = plain(say(s, '{"fireball": 2'))  # bad JSON
    assert "not valid JSON" in out and s.prompt == "powers> "
    out = plain(say(s, "fireball two"))
    assert "Write each power as 'name points'" in out
    out = plain(say(s, "fireball 2", "greed", "greed"))  # too few points, then virtue == vice
    assert "4 too few" in out or "2 too few" in out
    assert s.prompt in ("powers> ", "vice> ", "virtue> ")
    say(s, "fireball 2, healing 2", "courage", "greed")
    while s.prompt != "create> ":  # answer whatever is asked again with legal values
        say(s, {"powers> ": "fireball 2, healing 2", "virtue> ": "courage", "vice> ": "greed"}[s.prompt])
    assert "Aria" in s.campaign.state.characters
    rejected = [e for e in s.campaign.events() if e.kind == "tool_rejected"]
    assert rejected == []  # probes are not logged; only the final creation is a real call


def test_wizard_random_character_and_needs_one(make_session):
    s = make_session(campaign=None)
    s.start()
    out = plain(say(s, "", "", "", "d"))  # default name, system, power level; then 'done' with nobody
    assert "at least one player-character" in out
    out = plain(say(s, "r", "Brom", "a grumpy smith", "done"))
    assert "Rolled Brom" in out and "Playing 'My Campaign'" in out and s.actor == "Brom"
    assert tools_logged(s) == ["minim_add_random_character", "story_scene"]


UNIVERSAL_BAD = ["x" * 5000, "/frobnicate", "/sheet", "/mode"]
"""Refused at any prompt: too long, an unknown command, commands that must wait for the answer."""
WIZARD_STEPS = [  # (the prompt, answers that are wrong there, the good answer)
    ("system> ", ["99", "chess", "0"], "minim"),
    ("power level> ", ["mighty", "1"], "normal"),
    ("create> ", ["x", "d", "random please"], "g"),
    ("name> ", ["", "\x01\x02\x1b", "n" * 61], "Aria"),
    ("concept> ", ["c" * 201], "a priest"),
    ("traits> ", ["", "4 x 2", "four three two", "99 99 99", "4 3", "[]", "{}", '{"brain": "4"}', "5 5 5"], "4 3 2"),
    ("skills> ", ["", "[1, 2]", "juggling", "cure"], "cure knowledge art stealth fight perception"),
    ("powers> ", ["{oops", "fireball", "[1]", '{"fireball": "x"}', "fireball 9"], "fireball 2, healing 2"),
    ("virtue> ", [""], "compassion"),
    ("vice> ", ["", "compassion"], "pride"),
    ("create> ", ["maybe"], "d"),
]


def test_bad_input_at_every_wizard_prompt(make_session):
    s = make_session()
    s.start()
    for prompt, wrong, good in WIZARD_STEPS:
        assert s.prompt == prompt
        for bad in UNIVERSAL_BAD + wrong:
            out = say(s, bad)
            assert out and any(b.kind == "error" for b in out), f"no error for {bad[:20]!r} at {prompt}"
            if prompt == "vice> " and bad == "compassion":  # the engine re-asks the virtue, then the vice
                say(s, "compassion")
            assert s.prompt == prompt, f"{bad[:20]!r} moved {prompt} to {s.prompt}"
        say(s, good)
    assert s.wizard is None and list(s.campaign.state.characters) == ["Aria"]
    assert s.campaign.state.characters["Aria"]["vice"] == "pride"


def test_resume_and_pick_between_campaigns(make_session, ready_campaign, tmp_path):
    s = make_session(campaign=None)
    assert "Opened 'Test'" in plain(s.start()) and s.wizard is None  # the only campaign opens by itself
    s.close()
    Campaign.new("Other", "minim", seed=1, root=tmp_path).close()
    s = make_session(campaign=None)
    assert "Campaigns here: Other, Test" in plain(s.start())
    out = plain(say(s, "test"))
    assert "Opened 'Test'" in out and s.actor == "Aria"


def test_bad_campaign_names_are_asked_again(make_session):
    s = make_session(campaign=None)
    s.start()
    out = plain(say(s, "../../etc"))
    assert "Bad campaign name" in out and s.prompt == "campaign name> "


# --- play ---------------------------------------------------------------------------------------------------------


WIN = "You melt into the shadows past the guard."
LOSE = "You try to sneak past the guard, but he turns and sees you."


def test_free_text_turn_result_then_narration(playing):
    s = playing(narrations=by_outcome(WIN, LOSE))
    out = s.handle("I sneak past the guard")
    kinds = [b.kind for b in out]
    assert kinds == ["mechanics", "narration"]
    assert out[0].text.startswith("minim_check: Aria (brawl + stealth): Target") and out[1].text in (WIN, LOSE)
    assert (out[1].text == WIN) == ("success" in out[0].text)  # the story agrees with the engine
    assert [e.kind for e in s.campaign.events()[-4:]] == ["player", "tool_call", "narration", "action"]


def test_the_engines_sentence_is_told_with_no_model_when_asked_for(playing):
    """``--narration engine --no-model``: the player asked for the engine's sentence, and gets it after the
    mechanics line; with no model and the default narration, the engine answers with dice only, as ``--help``
    says."""
    told = playing(backend=False, narration="engine")
    out = told.handle("I sneak past the guard")
    assert [b.kind for b in out] == ["mechanics", "narration"]
    assert out[1].text.startswith("You ") and "sneak" in out[1].text
    assert told.campaign.events()[-2].payload["gate"]["source"] == "floor"  # the engine's own sentence
    told.close()
    dice_only = playing(backend=False)
    assert [b.kind for b in dice_only.handle("I sneak past the guard")] == ["mechanics"]


def test_garbage_from_the_model_never_reaches_the_player(playing):
    s = playing(narrations=["(no, nothing)", "(narrative 2)", "("])
    out = s.handle("I sneak past the guard")
    assert [b.kind for b in out] == ["mechanics", "narration"]
    assert "(" not in out[1].text and "sneak past the guard" in out[1].text
    gate = s.campaign.events()[-2].payload["gate"]  # the narration, before the action's undo marker
    assert gate["source"] == "floor" and all(r["failed"] for r in gate["rejected"])


def test_streaming_sends_chunks_to_the_sink_only(playing):
    s = playing(narrations=by_outcome("You keep low along the wall. The guard never looks your way.",
                                      "You creep along the wall, but a board creaks. The guard spins round."))
    seen = []
    out = s.handle("I sneak", sink=seen.append)
    assert [b.kind for b in out] == ["mechanics", "narration"]
    chunks = [b.text for b in seen if b.kind == "chunk"]
    assert len(chunks) >= 2 and "".join(chunks).strip() == out[-1].text


def test_a_failing_model_leaves_the_engines_floor(playing):
    from narrator.game.resources import ReadyResources

    s = playing()
    s.resources = ReadyResources(ScriptedBackend([]), LLMProposer(ScriptedBackend(lambda m, st: SNEAK)))
    out = s.handle("I sneak past the guard")
    assert [b.kind for b in out] == ["mechanics", "narration", "error"]
    assert "sneak past the guard" in out[1].text and "no replies left" in out[2].text


def test_bad_input_in_play(playing):
    s = playing()
    start = s.campaign.store.last_seq()
    assert "Say what your character does" in plain(s.handle(""))
    assert "Say what your character does" in plain(s.handle("\x01\x02\x7f  \t"))
    assert "the limit is 2000" in plain(s.handle("a" * 2001))
    assert "Unknown command /shet. Did you mean /sheet" in plain(s.handle("/shet"))
    assert "Choose a mode" in plain(s.handle("/mode chaos"))
    assert "No character named" in plain(s.handle("/actor Zed"))
    assert "Usage: /roll EXPR" in plain(s.handle("/roll"))
    assert "Bad dice notation" in plain(s.handle("/roll 2d"))
    assert "less than or equal to 9" in plain(s.handle("/check Aria stealth 99999999999999999999"))
    assert "not a Minim skill" in plain(s.handle("/check Aria juggling"))
    assert not s.done and s.campaign.store.last_seq() >= start


def test_status_line_shows_the_actor_and_whose_turn(playing):
    s = playing()
    sheet = s.campaign.state.characters["Aria"]
    status = "".join(t for _, t in s.status())
    assert f"Aria ♥ {sheet['health']}/{sheet['max_health']} faith {sheet['faith']}/{sheet['max_faith']}" in status
    say(s, "/npc town guard 2", "/initiative start")
    status = "".join(t for _, t in s.status())
    assert "round 1:" in status and "'s turn" in status


def test_model_still_loading_keeps_slash_commands(make_session, ready_campaign):
    release = threading.Event()

    def slow_backend(progress, **_):
        progress(0.5)
        release.wait(10)
        return ScriptedBackend(by_outcome("The fire crackles as you slip by.", "You try, but the fire crackles "
                                          "and gives you away."))

    resources = BackgroundResources(backend_factory=slow_backend, proposer_kind="llm",
                                    proposer_factory=lambda kind, b: LLMProposer(ScriptedBackend(lambda m, st: SNEAK)))
    s = make_session(campaign=ready_campaign)
    s.resources = resources
    s.start()
    out = plain(s.handle("I sneak"))
    assert "still loading the model (50%)" in out and "was not played" in out
    assert "Aria (PC)" in plain(s.handle("/sheet"))
    release.set()
    assert resources.wait(10)
    out = plain(s.handle("I sneak"))
    assert "minim_check" in out and "fire crackles" in out


def test_a_model_that_fails_to_load_leaves_the_engine(make_session, ready_campaign):
    def broken(progress, **_):
        raise RuntimeError("no such file: nowhere.gguf")

    resources = BackgroundResources(backend_factory=broken,
                                    proposer_factory=lambda kind, b: LLMProposer(ScriptedBackend(lambda m, st: SNEAK)))
    assert resources.wait(10) and resources.backend is None and "nowhere.gguf" in resources.error
    s = make_session(campaign=ready_campaign)
    s.resources = resources
    s.start()
    out = plain(s.handle("I sneak"))
    assert "nowhere.gguf" in out and "minim_check" in out


# --- modes and commands -------------------------------------------------------------------------------------------


def test_solo_oracle_and_dungeon_floor(playing):
    s = playing()
    out = plain(s.handle("/oracle Is the door locked? likely"))
    assert "Oracle (likely, chaos 5): Is the door locked?" in out and "13/18" in out and "1/9" in out
    logged = [e.payload for e in s.campaign.events() if e.kind == "tool_call"][-1]
    assert logged["tool"] == "story_oracle" and logged["args"] == {"question": "Is the door locked?",
                                                                   "likelihood": "likely"}
    assert "even" in plain(s.handle("/oracle Will it rain"))
    out = plain(s.handle("/oracle what does the letter say?"))
    logged = [e.payload for e in s.campaign.events() if e.kind == "tool_call"][-1]
    assert logged["tool"] == "story_meaning" and logged["args"] == {"question": "what does the letter say?"}
    assert "Fate answers \u201cwhat does the letter say?\u201d in two words: " in out and "Read the two words" in out
    out = plain(s.handle("/oracle who sent it? likely"))
    assert "not yes or no: 'likely' is not used" in out and tools_logged(s)[-1] == "story_meaning"
    out = plain(s.handle("/scene dungeon"))
    assert "rooms" in out and "Dungeon floor — party challenge" in out
    assert tools_logged(s)[-2:] == ["minim_dungeon_floor", "table_set_scene"]
    assert s.campaign.state.scene.startswith("Dungeon floor:")
    assert "Dungeon floor" in "".join(t for _, t in s.status())
    assert "Generators: dungeon" in plain(s.handle("/scene show"))
    assert "No scene generator" in plain(s.handle("/scene cards"))


def test_no_new_scene_while_a_fight_runs(playing):
    """Seen in play: a fight went on across /scene, its turn order in the next scene. /scene (and set, and a
    generator) is refused while a fight runs, with how to end it; /scene show still shows; after the fight, it
    frames."""
    from narrator.tools.systems import get_system

    s = playing()
    rules = get_system("minim")
    s.campaign.call(rules.npc_tool, rules.npc_args("a bandit", 1, "Bandit"))
    s.handle("/initiative start")
    assert s.campaign.state.initiative.active
    before = len(s.campaign.events())
    for line in ("/scene", "/scene set The river bank.", "/scene dungeon"):
        out = plain(s.handle(line))
        assert "A fight is running (round 1" in out and "/initiative end" in out, line
    assert len(s.campaign.events()) == before  # nothing was framed or logged
    assert "Scene:" in plain(s.handle("/scene show"))
    s.handle("/initiative end")
    s.handle("/scene set The river bank.")
    assert s.campaign.state.scene == "The river bank."


def test_assist_commands(playing):
    s = playing(mode="assist")
    out = plain(s.handle("/npc bored city guard 2"))
    assert "Added NPC Bored City Guard (tier 2" in out and "Bored City Guard (NPC)" in out
    assert 'Bored City Guard: "' in out
    out = plain(s.handle("/encounter moderate"))
    assert "moderate" in out and "Encounter:" in out
    assert tools_logged(s)[-1] == "minim_challenge"
    out = plain(s.handle("/check aria stealth +1"))
    assert "Aria (brawl + stealth): Target" in out
    out = plain(s.handle("/initiative"))
    assert "No fight is running" in out
    out = plain(s.handle("/initiative start"))
    assert "Round 1" in out and "▶" in out
    out = plain(s.handle("/initiative next"))
    assert "table_next_turn" in out
    out = plain(s.handle("/party"))
    assert "Party" in out and "Aria" in out and "Also on the table" in out and "Bored City Guard" in out
    out = plain(s.handle("/roll 3d6"))
    assert "table_roll: 3d6 =" in out


def test_rule_uses_the_memory_rulings_when_present(playing):
    asked = []

    def rulings(question, system):
        asked.append((question, system))
        return {"answer": "One attack per turn.", "citations": [{"ref": "minim.md#Attacks"}]}

    s = playing(mode="assist")
    s._rulings = rulings
    out = plain(s.handle("/rule Can I attack twice?"))
    assert asked == [("Can I attack twice?", "minim")]
    assert "One attack per turn." in out and "Rules: minim.md#Attacks" in out


def test_rule_formats_the_memory_modules_rulings(playing):
    from narrator.memory.rulebooks import Passage
    from narrator.memory.rulings import Rulings

    passage = Passage("minim.md#Attacks", "minim", "Attacks", "Attacks are brawl tests.", 0.8)
    s = playing(mode="assist")
    s._rulings = lambda q, system: Rulings(q, [passage], None, ["minim.md#Attacks"])
    out = plain(s.handle("/rule how do attacks work"))
    assert "Attacks are brawl tests." in out and "Rules: minim.md#Attacks" in out
    assert [e.payload["text"] for e in s.campaign.events() if e.kind == "note"] == [
        "Ruling asked: how do attacks work (minim.md#Attacks)"]


def test_rule_without_the_memory_module_says_so(playing, monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "narrator.memory.rulings", None)  # as if it were not installed
    s = playing(mode="assist")
    out = plain(s.handle("/rule Can I attack twice?"))
    assert "not available" in out and "/learn" in out and not s.done


def test_npc_voice_comes_from_the_model_when_loaded(playing):
    s = playing(narrations=["Halt! Who goes there?"])
    out = plain(s.handle("/npc grim gate guard"))
    assert 'Grim Gate Guard: "Halt! Who goes there?"' in out
    s2_line = [e for e in s.campaign.events() if e.kind == "narration"][-1]
    assert s2_line.payload["npc"] == "Grim Gate Guard"


def test_teach_mode_odds_before_the_roll_then_steps(playing):
    s = playing(mode="teach", narrations=["You hold your breath."])
    out = s.handle("I sneak past")
    kinds = [b.kind for b in out]
    assert kinds == ["odds", "explain", "narration"]
    odds, explain = out[0].text, out[1].text
    assert "Before the roll — Aria tests brawl + stealth" in odds and "Target =" in odds and "P(success)" in odds
    assert "Die 1 rolled" in explain and "Rules: minim.md#Tests" in explain
    target = s.last[1].target
    assert f"= {target}" in odds  # the previewed target is the one rolled against
    assert "Die 1 rolled" in plain(s.handle("/why"))
    out = plain(s.handle("/learn tests"))
    assert "Every uncertain action is a test" in out and "minim.md#Tests" in out and "seed 7" in out
    assert plain(s.handle("/learn tests")) == out  # a fixed seed: the same example every time
    assert "Topics: tests, attacks" in plain(s.handle("/learn"))
    assert "No lesson" in plain(s.handle("/learn alchemy"))
    assert "Initiative order" in plain(s.handle("/learn init"))  # a prefix is enough; nothing is logged
    assert "minim_initiative" not in tools_logged(s)


def test_why_after_resume_reads_the_log(playing):
    s = playing()
    out = plain(s.handle("/why"))
    assert "story_scene" in out and "Hook:" in out  # the last call: the opening scene framed on resuming


def test_sheet_inventory_undo_save_export(playing, tmp_path):
    s = playing()
    assert "Aria (PC)" in plain(s.handle("/sheet"))
    assert "Aria's gear" in plain(s.handle("/inventory aria"))
    s.handle("/npc rat catcher 1")
    assert "Rat Catcher" in s.campaign.state.characters
    assert "Undid: /npc rat catcher 1." in plain(s.handle("/undo"))
    assert "Rat Catcher" not in s.campaign.state.characters
    out = plain(s.handle("/save"))
    assert "already saved" in out and "backup" in out
    path = tmp_path / "out.md"
    out = plain(s.handle(f"/export {path}"))
    assert f"Wrote {path}" in out and "# Test" in path.read_text()
    assert "Could not write" in plain(s.handle(f"/export {tmp_path}/missing/dir/x.md"))


def test_actor_mode_and_quit(playing):
    s = playing()
    say(s, "/npc bored guard")
    assert "You now speak for Bored Guard" in plain(s.handle("/actor bored"))
    assert s.prompt == "Bored Guard> "
    assert "Teach:" in plain(s.handle("/mode teach")) and s.mode == "teach"
    out = plain(s.handle("/quit"))
    assert "Goodbye" in out and s.done and s.campaign is None
    assert "closed" in plain(s.handle("anything"))


def test_character_wizard_mid_game_and_cancel(playing):
    s = playing()
    say(s, "/character", "g", "Brom")
    assert "has to wait" in plain(s.handle("/sheet"))
    assert "cancelled" in plain(s.handle("/cancel"))
    assert s.prompt == "create> "
    say(s, "/cancel")
    assert s.wizard is None and "Brom" not in s.campaign.state.characters


def test_completion(playing):
    s = playing()
    say(s, "/npc city guard 2")
    assert ("/sheet", -3) in candidates(s, "/sh")
    assert ("City Guard", -6) in candidates(s, "/sheet City G")
    assert ("stealth", -3) in candidates(s, "/check Aria ste")
    assert ("likely", -3) in candidates(s, "/oracle Is it dark? lik")
    assert ("teach", -2) in candidates(s, "/mode te")
    assert ("City Guard", -4) in candidates(s, "I attack city")
    assert candidates(s, "/nosuch x") == []
    assert candidates(s, "I a") == [] and candidates(s, "I sneak ") == []  # prose: only once a word is typed


def test_unknown_mode_is_refused():
    with pytest.raises(Exception, match="Unknown mode"):
        GameSession(SessionConfig(mode="chaos"))


class TwoReadings:
    """A proposer whose words fit two skills about equally (what the router reports as ``ask``)."""

    name = "two-readings"

    def propose(self, text, state, actor=None):
        from narrator.tools.proposals import Proposal

        def check(skill):
            return Proposal(tool="minim_check", args={"actor": actor, "skill": skill},
                            call_args={"actor": actor, "skill": skill, "modifier": 0}, source="test")

        return check("stealth").model_copy(update={"alternatives": [check("perception").model_dump(mode="json")],
                                                   "ask": True})


def test_close_readings_are_offered_with_their_odds_and_the_pick_is_played(make_session, ready_campaign):
    """Issue 11: when the top choices are close the game asks ("stealth or perception? 1/2") with the odds of each,
    instead of rolling the wrong skill; the answer plays that skill in the same turn."""
    s = make_session(campaign=ready_campaign, narrations=["You keep to the shadows."])
    s.resources._proposer = TwoReadings()
    s.start()
    out = plain(s.handle("I slip along the wall and watch the guards"))
    assert "stealth or perception? 1/2" in out and "1. stealth — P(success)" in out and "2. perception" in out
    assert not [e for e in s.campaign.events() if e.kind == "tool_call" and e.payload["tool"] == "minim_check"]
    out = plain(s.handle("2"))
    calls = [e for e in s.campaign.events() if e.kind == "tool_call"]
    assert calls[-1].payload["args"]["skill"] == "perception" and "(brass + perception)" in out
    assert [e.kind for e in s.campaign.events()[-5:]] == ["player", "note", "tool_call", "narration", "action"]
    assert "Undid: I slip along the wall and watch the guards" in plain(s.handle("/undo"))  # the ask and the pick
    assert not [e for e in s.history() if e.kind in ("player", "note") and "slip" in e.payload.get("text", "")]


def test_an_unrelated_line_drops_the_pending_choice(make_session, ready_campaign):
    s = make_session(campaign=ready_campaign, narrations=["Fine."])
    s.resources._proposer = TwoReadings()
    s.start()
    s.handle("I slip along the wall")
    out = plain(s.handle("/sheet"))
    assert "Aria (PC)" in out and s.pending is not None  # commands work while the question waits
    out = plain(s.handle("I creep along the hedge instead"))
    assert "The choice was left" in out and "stealth or perception" in out  # the new line is played (and asks again)


ATTACK_GUARD = json.dumps({"tool": "minim_attack_target", "args": {"attacker": "Aria", "defender": "Town Guard",
                                                                   "skill": "fight"}})


def test_solo_combat_the_foes_act_on_their_turns_and_the_turn_comes_back(make_session, ready_campaign):
    """Issue 18: one action per turn, enforced by the table; in solo play the NPCs act when the turn order says so
    (the system's npc_turn stands in for the narrator) and the player is back on their own character's turn."""
    s = make_session(campaign=ready_campaign, mode="solo", proposals=[ATTACK_GUARD], narrations=["Steel rings."])
    s.start()
    say(s, "/npc town guard 2", "/initiative start")
    assert s.campaign.state.initiative.current == "Aria"  # any foe ahead of Aria has already acted
    s.handle("I attack the town guard")
    state = s.campaign.state
    if state.initiative.active:  # the guard may already be down
        assert state.initiative.current == "Aria" and state.initiative.used == 0
    tools = [e.payload["tool"] for e in s.campaign.events() if e.kind == "tool_call"]
    assert tools.count("minim_attack_target") >= 1 and "table_next_turn" in tools
    guard_moves = [e for e in s.campaign.events() if e.kind == "tool_call" and e.payload["args"].get("attacker")
                   == "Town Guard"]
    if state.characters["Town Guard"]["health"] > 0:
        assert guard_moves, "the guard, still standing, took its turn"
    assert s.campaign.replay().ok


def test_out_of_turn_actions_get_a_clear_message(make_session, ready_campaign):
    s = make_session(campaign=ready_campaign, mode="assist", proposals=[ATTACK_GUARD], narrations=["..."])
    s.start()
    say(s, "/npc town guard 2", "/initiative start")
    current = s.campaign.state.initiative.current
    if current == "Aria":
        s.handle("/initiative next")
    out = plain(s.handle("I attack the town guard"))
    assert "It is Town Guard's turn" in out  # the engine's refusal as a sentence (tools.errors.player_message)


def test_a_total_party_kill_is_said_after_the_turn_that_caused_it(make_session, ready_campaign):
    """"A total-party kill happens if all players lose all their health then the game ends": the engine logs it
    and the game says so, once, after the line that did it."""
    ogre = json.dumps({"tool": "minim_attack_target", "args": {"attacker": "Ogre", "defender": "Aria"}})
    s = make_session(campaign=ready_campaign, proposals=[ogre], narrations=["The ogre swings."])
    s.start()
    s.campaign.call("minim_add_npc", {"concept": "ogre", "tier": 5, "name": "Ogre"})
    aria = s.campaign.state.characters["Aria"]
    if aria["health"] > 1:
        s.campaign.call("minim_damage", {"target": "Aria", "amount": aria["health"] - 1, "reason": "a long fall"})
    said = []
    for _ in range(40):  # the seed decides which swing lands
        said.append(plain(s.handle("The ogre swings its club at me")))
        if s.campaign.state.characters["Aria"]["health"] == 0:
            break
    assert s.campaign.state.characters["Aria"]["health"] == 0
    assert "Total-party kill" in said[-1] and "minim.md#Health" in said[-1]
    assert not any("Total-party kill" in text for text in said[:-1])
    assert [e.kind for e in s.campaign.events()].count("party_down") == 1
    assert "Total-party kill" not in plain(s.handle("/party"))


def test_a_resumed_solo_game_recaps_the_scene_and_the_last_narration(make_session, ready_campaign):
    first = make_session(campaign=ready_campaign, narrations=["You wait; the night is quiet."])
    first.start()
    first.handle("I look around")
    scene, framed = first.campaign.state.scene, tools_logged(first).count("story_scene")
    first.close()
    again = make_session(campaign=ready_campaign)
    out = " ".join(plain(again.start()).split())
    assert f"Where you are: {' '.join(scene.split())}" in out and "Last time:" in out
    assert tools_logged(again).count("story_scene") == framed == 1  # resuming frames no new scene


def one_guard_down(s) -> None:
    """Two town guards in a fight, Aria's turn, the first guard down."""
    from narrator.tools.systems import get_system

    say(s, "/npc town guard 2", "/npc town guard 2", "/initiative start")
    if s.campaign.state.initiative.current != "Aria":
        s.handle("/initiative next")
    downed = get_system(s.campaign.system).downed_condition
    s.campaign.call("table_condition", {"actor": "Town Guard", "condition": downed})


def test_a_resumed_fight_says_whose_turn_it_is_and_who_still_stands(make_session, ready_campaign):
    """Seen resuming Minim solo: a fight in its fifth round came back as "Last time: Your attack on the bandit goes
    wide" and "round 5" in the status line. The recap says the fight is on, whose turn it is and who stands."""
    first = make_session(campaign=ready_campaign, narrations=["Quiet."])
    first.start()
    one_guard_down(first)
    first.close()
    again = make_session(campaign=ready_campaign)
    out = " ".join(plain(again.start()).split())
    rnd = again.campaign.state.initiative.round
    assert (f"A fight is on: round {rnd}, your turn; still standing against you: the second town guard." in out), out
    again.close()
    teach = make_session(campaign=ready_campaign, mode="teach")  # every mode resumes with where the story stands
    assert "A fight is on:" in " ".join(plain(teach.start()).split())


def test_a_solo_encounter_starts_the_fight_and_the_foes_take_their_turns(playing):
    """Solo play has no narrator to call the fight: the foes of /encounter come on, initiative is rolled, and any
    foe whose turn comes first acts before the player's turn comes round."""
    s = playing(mode="solo")
    out = plain(s.handle("/encounter moderate"))
    assert "the fight begins" in out
    ini = s.campaign.state.initiative
    assert ini.active and ini.current == "Aria"
    assert tools_logged(s).count(s.rules.start_combat_tool) == 1
    s.handle("/encounter easy")  # more foes join the running fight: no second start
    assert tools_logged(s).count(s.rules.start_combat_tool) == 1


def test_solo_the_fight_ends_when_the_last_foe_is_down(make_session, ready_campaign):
    s = make_session(campaign=ready_campaign, mode="solo", narrations=["Quiet."])
    s.start()
    say(s, "/npc town guard 2", "/initiative start")
    assert s.campaign.state.initiative.active
    from narrator.tools.systems import get_system

    downed = get_system(s.campaign.system).downed_condition
    s.campaign.call("table_condition", {"actor": "Town Guard", "condition": downed})
    out = plain(s.handle("/initiative next"))
    assert "the fight is over" in out and not s.campaign.state.initiative.active
    assert tools_logged(s)[-1] == "table_end_combat"


def test_solo_a_fallen_foes_turn_passes_in_silence(make_session, ready_campaign):
    """Played in Mini Six solo: a dead wild dog's turn read "Wild Dog cannot act — incapacitated (fallen; a Moderate
    (15) stamina roll at the start of the next turn to stay conscious); dead (perished) — and loses this turn" every
    round. A fallen foe's turn passes without a word; a standing one that cannot act still says why."""
    s = make_session(campaign=ready_campaign, mode="solo", narrations=["Quiet."])
    s.start()
    one_guard_down(s)
    out = plain(s.handle("/initiative next"))
    assert "Town Guard cannot act" not in out and s.campaign.state.initiative.active
    assert "table_next_turn" in out
    # played in Mini Six solo: "Round 1: Outlaw's turn" was announced for a fallen outlaw, and nothing followed
    assert "Town Guard's turn" not in out and "Town Guard 2's turn" in out and "Aria's turn" in out
    assert [e.payload["tool"] for e in s.campaign.events() if e.kind == "tool_call"].count("table_next_turn") >= 2


def test_initiative_end_says_the_fight_ended_once(playing):
    s = playing(mode="assist")
    say(s, "/npc town guard 2", "/initiative start")
    out = plain(s.handle("/initiative end"))
    assert "table_end_combat" in out and "No fight is running" not in out


def test_solo_a_shaken_foe_says_how_its_test_went_and_never_hesitates(make_session, ready_campaign):
    """Played in Minim solo: a wild dog shaken by a fumble failed its brain test as its turn began, and the player
    read "Wild Dog 5 hesitates: Wild Dog 5 has already taken 1 action this turn". A foe whose action is spent is not
    asked to act, and the game says why (the shaken test's last line)."""
    s = make_session(campaign=ready_campaign, mode="solo", narrations=["Quiet."])
    s.start()
    say(s, "/npc town guard 2", "/initiative start")
    if s.campaign.state.initiative.current != "Aria":
        s.handle("/initiative next")
    s.campaign.call("table_condition", {"actor": "Town Guard", "condition": "shaken"})
    since = len(s.campaign.events())
    out = plain(s.handle("/initiative next"))
    assert "hesitates" not in out
    assert "Town Guard has no action left this turn: Not passed: Town Guard loses this turn's action" in out  # seeded
    assert not [e for e in s.campaign.events()[since:] if e.kind == "tool_call"
                and e.payload["args"].get("attacker") == "Town Guard"]


def test_the_routers_classifier_is_warmed_for_the_campaigns_system_at_once(ready_campaign, tmp_path):
    """In a new home the router trains its classifier on first use (seconds): the game starts that as soon as the
    campaign's system is known, on another thread, so the player's first line does not wait for it."""
    import threading

    from narrator.game.resources import ReadyResources
    from narrator.game.session import GameSession, SessionConfig

    class Router:
        def __init__(self):
            self.asked: list[str] = []
            self.warmed = threading.Event()

        def model(self, system: str):
            self.asked.append(system)
            self.warmed.set()

    router = Router()
    s = GameSession(SessionConfig(campaign=ready_campaign, root=tmp_path, mode="solo", seed=11, memory=False),
                    ReadyResources(None, router))
    try:
        s.start()
        assert router.warmed.wait(30) and router.asked == ["minim"]
    finally:
        s.close()


def test_a_foes_attack_in_solo_is_told_as_a_story_line_after_the_engines(playing):
    """Seen in Brew solo play: every NPC turn showed only "brew_attack_target: Drunk Brawler attacks Mira: miss" —
    half of each fight had no story. A foe's attack now also reads as a sentence from the player's side ("The town
    guard strikes at you, but misses."), shown and not logged (the logged call is the record)."""
    s = playing(mode="solo")
    logged = len(s.campaign.events())
    blocks = say(s, "/npc town guard 2", "/initiative start", "/initiative next", "/initiative next")
    told = [b.text for b in blocks if b.kind == "narration" and b.text.startswith("The town guard ")]
    assert told and all(re.match(r"The town guard (strikes at|goes for) you", t) for t in told), told
    assert all(a != b for a, b in zip(told, told[1:])), told  # never the same words twice running
    narrations = [e.payload for e in s.campaign.events()[logged:] if e.kind == "narration"]
    assert not any(t in str(p) for p in narrations for t in told)  # shown, not logged


def test_a_resumed_game_does_not_recap_an_undone_turn(make_session, ready_campaign):
    """Seen in Minim solo play: a stab that went badly was taken back with /undo, and the next session opened with
    "Last time: Your attack on the scout fails, and you end up worse off than before." — the undone turn's story,
    read from the raw log. The recap reads the effective history, as /undo and replay do."""
    first = make_session(campaign=ready_campaign, narrations=["The lantern gutters; nobody comes."])
    first.start()
    say(first, "/npc town guard 2", "I attack the town guard")
    undone = [e.payload["text"] for e in first.campaign.events() if e.kind == "narration"][-1]
    assert "Undid:" in plain(first.handle("/undo"))
    first.close()
    again = make_session(campaign=ready_campaign)
    out = " ".join(plain(again.start()).split())
    assert "Where you are:" in out and " ".join(undone.split()) not in out


def test_solo_a_players_turn_lost_to_a_failed_test_says_so(make_session, ready_campaign):
    """Played in Minim solo: the player's character, shaken by a goblin's fumble, failed the brain test as the turn
    began, and the turn passed in silence — "Round 5: Bryn's turn" then the goblin's. It now says why, as a foe's
    does; a turn that passes because the character acted says nothing more."""
    from narrator.tools.phrases import steps_of

    s = make_session(campaign=ready_campaign, mode="solo", narrations=["Quiet."])
    s.start()
    say(s, "/npc town guard 2", "/initiative start")
    lost = False
    for _ in range(12):
        if s.campaign.state.initiative.current == "Aria":
            s.campaign.call("table_condition", {"actor": "Aria", "condition": "shaken"})
        since = len(s.campaign.events())
        out = plain(s.handle("/initiative next"))
        starts = [s.campaign.result_of(e) for e in s.campaign.events()[since:]
                  if e.kind == "tool_call" and e.payload["tool"] == "table_next_turn"]
        if any("Aria loses this turn's action" in line for r in starts for line in steps_of(r)):
            lost = True
            assert "Aria has no action left this turn: Not passed: Aria loses this turn's action" in out, out
            break
        assert "Aria has no action left" not in out, out
    assert lost, "no turn of Aria's began spent in twelve tries"


def test_a_command_typed_without_its_slash_and_what_can_i_do_get_a_hint(playing):
    """Seen resuming Minim solo: "help", "save" and "what can I do?" each came back as "Could you say what your
    character does?", and "what can I do?" was offered to the oracle as a yes/no question. A bare command word
    says how commands are typed; "what can I do?" says how to act. Neither rolls or logs anything; "Help!" is still
    shouted in the story."""
    s = playing()
    before = len(s.campaign.events())
    out = plain(s.handle("help"))
    assert "Commands start with a slash: /help" in out and "Could you say" not in out
    assert "/quit — leave the game" in plain(s.handle("exit"))
    out = plain(s.handle("what can I do?"))
    assert 'Say what your character does, in your own words: "I search the room"' in out and "/oracle" not in out
    assert len(s.campaign.events()) == before
    assert "Commands start with a slash" not in plain(s.handle("Help!"))
    before = len(s.campaign.events())
    out = plain(s.handle("look"))  # a text adventure's habit: where the story stands, not "Could you say..."
    assert "Where you are:" in out and "I look around the room" in out and len(s.campaign.events()) == before


def test_recall_answers_from_the_campaign_memory(ready_campaign, tmp_path):
    """Nobody at a solo table remembers the story for the player: /recall asks the campaign memory (a real
    chromadb store on disk) in the player's words, and the turn that answers is among the lines it shows."""
    from narrator.game.resources import ReadyResources
    from narrator.game.session import GameSession, SessionConfig
    from narrator.agent.llm_proposer import LLMProposer
    from narrator.models.scripted import ScriptedBackend

    talk = json.dumps({"tool": "no_roll", "args": {"reason": "talk"}})
    s = GameSession(SessionConfig(campaign=ready_campaign, root=tmp_path, mode="solo", seed=11, memory=True),
                    ReadyResources(None, LLMProposer(ScriptedBackend([talk] * 4))))
    try:
        s.start()
        s.handle("I ask Nell about the flooded copper mine")
        s.handle("I light a lamp")
        out = plain(s.handle("/recall what did I ask Nell"))
        assert "From the story so far:" in out and "flooded copper mine" in out.split("\n")[1], out
        assert "usage" in plain(s.handle("/recall")).lower()
    finally:
        s.close()
    off = GameSession(SessionConfig(campaign=ready_campaign, root=tmp_path, mode="solo", seed=11, memory=False),
                      ReadyResources(None, None))
    try:
        off.start()
        assert "--no-memory" in plain(off.handle("/recall why did the mine close"))
    finally:
        off.close()
