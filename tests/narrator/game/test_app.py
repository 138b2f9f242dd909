"""The real prompt_toolkit application, typed at through a pipe: the wizard, turns, every mode, bad input,
Ctrl-C/Ctrl-D, resuming, exporting — with scripted models so every line is known in advance."""

from __future__ import annotations

import json
import threading
import time

from prompt_toolkit.document import Document

from narrator.memory.campaign import Campaign
from narrator.models.scripted import ScriptedBackend
from narrator.agent.llm_proposer import LLMProposer
from narrator.game.completion import GameCompleter
from narrator.game.resources import BackgroundResources

SNEAK = json.dumps({"tool": "minim_check", "args": {"actor": "Aria", "skill": "stealth"}})
LOOK = json.dumps({"tool": "minim_check", "args": {"actor": "Aria", "skill": "perception"}})
TALK = json.dumps({"tool": "no_roll", "args": {"reason": "talk"}})
GUIDED = ["g", "Aria", "a wandering priest", "4 3 2", "cure, knowledge, art, stealth, fight, perception",
          "fireball 2, healing 2", "compassion", "pride"]


def by_action(replies: dict[str, str]):
    """A scripted narrator answering by what its prompt's last turn says (the first key found in it)."""
    def reply(messages, settings) -> str:
        turn = messages[-1].content
        return next((text for key, text in replies.items() if key in turn), "You wait and listen.")

    return reply


def keys(*lines: str) -> str:
    return "".join(line + "\r" for line in lines)


def text_of(game) -> str:
    return "\n".join(b.text for b in game.blocks)


def kinds(game) -> list[str]:
    return [b.kind for b in game.blocks]


def until(game, predicate, timeout: float = 60.0) -> None:
    """Wait (on the feeder thread) until the screen shows what ``predicate`` looks for and the session is idle."""
    deadline = time.monotonic() + timeout
    while not (predicate() and game.runner.idle()):
        assert time.monotonic() < deadline, "timed out waiting for the session"
        time.sleep(0.02)


def test_wizard_three_turns_save_quit_resume_export(make_session, drive, tmp_path):
    narrations = ["You creep toward the shadows, but a board creaks under your boot.", "You look around; the room smells of old wine, but "
                  "nothing moves.", "The innkeeper nods to you, but says nothing."]
    session = make_session(campaign="Saga", proposals=[SNEAK, LOOK, TALK], narrations=by_action({
        "You sneak": narrations[0], "You look around.\nOutcome: no roll": "You look around and take it all in.",
        "You look around": narrations[1], "You greet": narrations[2]}))
    seen = {}

    def look_at_status(game):
        until(game, lambda: "The innkeeper nods to you" in text_of(game))
        seen["status"] = "".join(t for _, t, *_ in game._status())
        seen["prompt"] = session.prompt

    game = drive(session, [keys("", "", *GUIDED, "d", "I sneak past the guard", "I look around",
                                "I greet the innkeeper"), look_at_status, keys("/save", "/quit")])
    text = text_of(game)
    assert "Created 'Saga' (Minim)" in text and "Created Aria" in text and "Aria (PC)" in text
    for line in narrations:
        assert line in text
    assert "already saved" in text and "Goodbye" in text
    assert "Aria ♥ 2/2 faith 4/4" in seen["status"] and "Saga" in seen["status"] and seen["prompt"] == "Aria> "
    echoes = [b.text for b in game.blocks if b.kind == "echo"]
    assert "traits> 4 3 2" in echoes and "Aria> I look around" in echoes

    out = tmp_path / "saga.md"
    again = make_session(campaign="Saga")
    game = drive(again, keys(f"/export {out}", "/quit"))
    assert "Opened 'Saga'" in text_of(game) and f"Wrote {out}" in text_of(game)
    markdown = out.read_text()
    with Campaign.open("Saga", tmp_path) as c:
        events = c.events()
    calls = [e for e in events if e.kind == "tool_call"]
    assert [e.payload["tool"] for e in calls] == ["minim_add_character", "story_scene", "minim_check", "minim_check"]
    assert sum(1 for e in events if e.kind == "player") == 3
    for e in calls:  # every roll is in the export, each die with its face
        assert f"Event {e.seq}: `{e.payload['tool']}` (seed {e.payload['seed']})" in markdown
        for die in e.payload["result"].get("dice", []):
            assert f"`d{die['sides']}={die['face']}" in markdown
    for line in narrations:
        assert line in markdown


def test_solo_mode_oracle_and_dungeon_floor(make_session, ready_campaign, drive):
    session = make_session(campaign=ready_campaign, mode="solo", proposals=[TALK])
    game = drive(session, keys("/oracle Is the door locked? likely", "/scene dungeon", "Is anyone here?",
                               "/quit"))
    text = text_of(game)
    assert "Oracle (likely, chaos 5): Is the door locked?" in text and "13/18" in text
    assert "P(yes or yes, but) = 83.3%" in text  # played in Brew solo: "P(success)" for a question read as a roll
    assert "Dungeon floor — party challenge 5" in text and "minim_dungeon_floor" in text
    assert "Try /oracle Is anyone here? likely" in text
    with Campaign.open(ready_campaign, session.config.root) as c:
        tools = [e.payload["tool"] for e in c.events() if e.kind == "tool_call"]
        assert {"story_oracle", "minim_dungeon_floor", "table_set_scene"} <= set(tools)
        assert c.state.scene.startswith("Dungeon floor:")


def test_assist_mode_commands(make_session, ready_campaign, drive):
    session = make_session(campaign=ready_campaign, mode="assist", narrations=["Move along."])
    session._rulings = lambda q, system: {"answer": "One attack per turn.", "citations": ["minim.md#Attacks"]}
    game = drive(session, keys("/rule can I attack twice?", "/npc bored city guard 2", "/encounter moderate",
                               "/check Aria stealth +1", "/initiative start", "/initiative", "/party", "/quit"))
    text = text_of(game)
    assert "One attack per turn." in text and "Rules: minim.md#Attacks" in text
    assert "Added NPC Bored City Guard (tier 2" in text and 'Bored City Guard: "Move along."' in text
    assert "Encounter:" in text and "moderate" in text
    assert "Aria (brawl + stealth): Target" in text and "Round 1" in text and "▶" in text
    assert "Party" in text and "Also on the table" in text


def test_teach_mode_odds_before_then_why_and_learn(make_session, ready_campaign, drive):
    session = make_session(campaign=ready_campaign, mode="teach", narrations=["You hold your breath."])
    game = drive(session, keys("I sneak past", "/why", "/learn attacks", "/quit"))
    order = kinds(game)
    turn = order.index("echo", 0) if "echo" in order else 0
    first_odds, first_explain = order.index("odds", turn), order.index("explain", turn)
    assert first_odds < first_explain < order.index("narration", turn)
    odds = game.blocks[first_odds].text
    assert "Before the roll — Aria tests" in odds and "P(success)" in odds and "exact" in odds
    text = text_of(game)
    assert "Rules: minim.md#Tests" in text
    why = [b for b in game.blocks if b.kind == "explain"]
    assert why[0].text == why[1].text  # /why repeats the last explanation
    assert "An attack is a brawl test" in text and "minim.md#Attacks" in text and "seed 7" in text


def test_bad_input_at_every_prompt(make_session, drive):
    session = make_session(campaign="Rough", narrations=["Nothing happens."])
    game = drive(session, [
        keys("x" * 3000, "/frobnicate", "chess", "minim"),    # system
        keys("mighty", "normal"),                               # power level
        keys("maybe", "g"),                                     # create menu
        keys("n" * 80, "Aria", ""),                             # name, concept (Enter skips)
        keys("4 x 2", "9 9 9", "{}", "5 5 5", "4 3 2"),           # traits: not numbers, ranges, JSON, the budget
        keys("[1, 2]", "cure, dance", "cure, knowledge, art, stealth, fight, perception"),
        keys("{oops", "fireball", "fireball 2, healing 2"),     # powers: bad JSON, no points
        keys("compassion", "compassion", "compassion", "pride"),  # vice == virtue is re-asked
        keys("d"),
        keys("", "/sheet Nobody", "/roll 2d", "/check Aria 1 2 3", "/mode", "/undo", "/undo"),
        "I changed my mind\x03",                                # Ctrl-C clears the line
        "\x03", "\x03",                                          # Ctrl-C twice on an empty line leaves
    ])
    text = text_of(game)
    for message in ("the limit is 2000", "Unknown command /frobnicate", "Unknown system 'chess'",
                    "Choose one of: normal, stronger, weaker", "Answer guided, random, done",
                    "The name is too long", "Give three whole numbers", "trait scores range from 1",
                    "has traits 4, 3 and 2",
                    "The JSON object needs exactly brain, brawl and brass", "List the skills as words",
                    "skills.1", "not valid JSON", "Write each power as 'name points'",
                    "No character named 'Nobody'", "Bad dice notation", "Choose a mode", "Undid:",
                    "Press Ctrl-C again", "Goodbye"):
        assert message in text, message
    assert "I changed my mind" not in [b.text for b in game.blocks if b.kind == "echo"]
    with Campaign.open("Rough", session.config.root) as c:
        # the first /undo took back the opening scene, the second the character; the log keeps every event
        assert list(c.state.characters) == [] and c.state.scene == ""
        assert [e.kind for e in c.events()][-1] == "rewind"


def test_ctrl_d_on_an_empty_line_leaves(make_session, ready_campaign, drive):
    session = make_session(campaign=ready_campaign)
    game = drive(session, ["half a thought", "\x03", "\x04"])
    assert "Goodbye" in text_of(game) and session.done


def test_progress_while_the_model_loads(make_session, ready_campaign, drive):
    release = threading.Event()
    reported = threading.Event()

    def slow_backend(progress, **_):
        progress(0.42)
        reported.set()
        release.wait(30)
        return ScriptedBackend(lambda m, s: "You sneak past the glowing embers, but the warmth fades.")

    session = make_session(campaign=ready_campaign)
    session.resources = BackgroundResources(
        backend_factory=slow_backend, proposer_kind="llm",
        proposer_factory=lambda kind, backend: LLMProposer(ScriptedBackend(lambda m, s: SNEAK)))
    seen = {}

    def while_loading(game):
        assert reported.wait(30)
        until(game, lambda: "Playing 'Test'" in text_of(game))
        seen["status"] = "".join(t for _, t, *_ in game._status())

    def load(game):
        release.set()
        assert session.resources.wait(30)

    game = drive(session, [while_loading, keys("I sneak", "/sheet"), lambda g: until(g, lambda: "Aria (PC)" in
                                                                                      text_of(g)), load,
                           keys("I sneak", "/quit")])
    assert "loading the model" in seen["status"] and "42%" in seen["status"]
    text = text_of(game)
    assert "still loading the model (42%)" in text and "Aria (PC)" in text and "You sneak past the glowing embers" in text


def test_completer_offers_commands_names_and_skills(make_session, ready_campaign):
    session = make_session(campaign=ready_campaign)
    session.start()
    completer = GameCompleter(session)

    def offered(text):
        return [c.text for c in completer.get_completions(Document(text), None)]

    assert "/oracle" in offered("/or") and "Aria" in offered("/sheet a") and "stealth" in offered("/check Aria st")
    assert "deadly" in offered("/encounter d") and "tests" in offered("/learn t")


def test_the_screen_draws_blocks_at_any_width(make_session, ready_campaign, drive):
    session = make_session(campaign=ready_campaign)
    game = drive(session, keys("/party", "/sheet", "/quit"))
    for width in (20, 60, 200):
        game._width = lambda w=width: w  # type: ignore[method-assign]
        fragments = game._fragments()
        assert any("Aria" in t for _, t, *_ in fragments) and game._lines > 5
    started = time.monotonic()
    assert game._status() and time.monotonic() - started < 1


def test_solo_play_opens_with_a_scene_and_keeps_one(make_session, drive):
    session = make_session(campaign="Opening", narrations=["(no, nothing)"])  # garbage: the floor narrates
    seen = {}

    def look(game):
        until(game, lambda: "Playing 'Opening'" in text_of(game))
        seen["status"] = "".join(t for _, t, *_ in game._status())

    game = drive(session, [keys("", "", "r", "Kit", "a smuggler", "d"), look,
                           keys("/threads", "/people", "/scene", "/threads", "/chaos up", "/quit")])
    blocks = game.blocks
    playing = next(i for i, b in enumerate(blocks) if "Playing 'Opening'" in b.text)
    told = blocks[playing + 1]  # the first thing a player reads after the wizard: where they are
    assert told.kind == "narration" and told.text.startswith("You") and "(" not in told.text
    with Campaign.open("Opening", session.config.root) as c:
        events = c.events()
        first = next(e for e in events if e.kind == "tool_call" and e.payload["tool"] == "story_scene")
        place = first.payload["result"]["place"]
        assert place in told.text  # the engine's floor names the place the oracle tables chose
        narration = next(e for e in events if e.kind == "narration")
        assert narration.payload["scene"] == "opening" and narration.payload["gate"]["source"] == "floor"
        assert narration.payload["text"] == narration.payload["framing"] == told.text
        assert first.payload["result"]["hook"] in told.text and first.payload["result"]["person"] in told.text
        assert narration.payload["gate"]["rejected"][0]["failed"]
        story = c.state.story
        assert len(story.threads) >= 1 and story.chaos == 6 and story.people
        assert [e.payload["tool"] for e in events if e.kind == "tool_call"].count("story_scene") == 2
        assert c.replay().ok
    assert place[:30] in seen["status"] and "chaos 5" in seen["status"]
    text = text_of(game)
    assert "Open threads:\n  1. " in text and "Recurring people:\n  1. " in text and "Chaos: 6 of 9" in text
