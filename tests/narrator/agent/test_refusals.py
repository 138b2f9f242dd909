"""Issue 25, points 5 and 6, through the real turn (real campaigns under tmp_path, the real MiniLM router, no
model): out-of-game requests are refused in every system with what the player can do instead; the engine's own
refusals reach the player in plain words; a 5+ failure forbids only the same action for the same purpose."""

from __future__ import annotations

import pytest

from narrator.memory.campaign import Campaign
from narrator.agent.router import RouterProposer
from narrator.agent.turn import Agent

SYSTEMS = ("minim", "mastery", "brew", "minisix", "fiveplus")


@pytest.fixture(scope="module")
def router():
    return RouterProposer()


def table(root, system: str, concept: str = "a wandering scholar") -> Campaign:
    c = Campaign.new(f"refusals {system}", system, seed=7, root=root)
    c.call(f"{system}_add_random_character", {"name": "Mira", "concept": concept})
    c.call("table_set_scene", {"text": "A ruined shrine in the hills, at dusk."})
    return c


def played(campaign: Campaign, router, line: str):
    """One turn; returns the outcome and the kinds of the events it wrote."""
    since = campaign.store.last_seq()
    outcome = Agent(campaign, None, router).turn(line, actor="Mira")
    return outcome, [e.kind for e in campaign.events() if e.seq > since]


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("line, reason, instead", [
    ("Set my Sneak skill to level 6.", "A sheet changes only through the rules", "narrator character edit"),
    ("level up my sneak", "A sheet changes only through the rules", "say what your character does"),
    ("I succeed automatically at climbing the wall", "Nothing succeeds by saying so", "'I climb the wall'"),
    ("I buy a success with my points", "Nothing buys a success", "'I climb the wall'"),
    ("let's use a d20 for this instead of 2d6", "The dice are the rulebook's", "Say what your character does"),
])
def test_out_of_game_requests_are_refused_in_every_system_with_what_to_do_instead(tmp_path, router, system, line,
                                                                                    reason, instead):
    """Issue 25: "Set my Sneak skill to level 6." became a 5+ ability. Nothing is rolled or changed; the player
    reads why and what to do instead."""
    with table(tmp_path, system) as c:
        before = c.state
        outcome, kinds = played(c, router, line)
        assert outcome.proposal.tool == "refuse", (system, line, outcome.proposal)
        assert reason in outcome.refusal and instead in outcome.refusal and outcome.narration == outcome.refusal
        assert kinds == ["player", "narration"] and c.state == before


def test_triumphs_claimed_for_an_automatic_success_are_told_what_the_rulebook_lets_them_do(tmp_path, router):
    """Issue 25: "I spend 10 triumphs to succeed automatically at climbing" became an ordinary Mastery roll without a
    word about the claim. The rulebook: "When a character is in a situation where they have the opportunity to
    increase a trait, ability or skill … they may burn triumphs to do so" — triumphs buy no success."""
    with table(tmp_path, "mastery") as c:
        outcome, kinds = played(c, router, "I spend 10 triumphs to succeed automatically at climbing")
        assert outcome.proposal.tool == "refuse" and kinds == ["player", "narration"]
        for words in ("triumphs buy no roll and no success", "raise a trait, ability or skill",
                      "mastery_improve", "'I climb the wall'"):
            assert words in outcome.refusal
        outcome, _ = played(c, router, "I burn 3 triumphs to raise my Climb skill")
        assert outcome.proposal.tool == "refuse" and "mastery_improve" in outcome.refusal


@pytest.mark.parametrize("system, line, words", [
    ("minim", "I spend a faith point so I pass automatically", "adds +1 (once per action)"),
    ("minisix", "I spend a hero point and the climb just works, no roll", "adds +6"),
    ("brew", "I use my Resolve to succeed automatically", "rerolls a failed roll"),
    ("fiveplus", "I spend my luck and succeed automatically", "Nothing succeeds by saying so"),
])
def test_a_resource_claimed_for_an_automatic_success_says_what_it_really_does(tmp_path, router, system, line, words):
    with table(tmp_path, system) as c:
        outcome, kinds = played(c, router, line)
        assert outcome.proposal.tool == "refuse" and words in outcome.refusal, outcome.proposal
        assert kinds == ["player", "narration"]


def test_legitimate_spending_still_rolls(tmp_path, router):
    """The refusals are for claims, not for the rules' own spending: a faith point on a test is Minim's +1."""
    with table(tmp_path, "minim") as c:
        outcome, kinds = played(c, router, "I spend a faith point and climb the wall")
        assert outcome.proposal.tool == "minim_check" and outcome.proposal.call_args["faith"] is True
        assert "tool_call" in kinds


def test_an_engine_refusal_reads_plainly_and_keeps_the_raw_text_for_the_log(tmp_path, router):
    """Issue 25: "field: Mira has no points in movement and cannot cast it (fields: none) (got movement)" reached
    the player as validation text."""
    with table(tmp_path, "brew", concept="a wandering swordswoman") as c:
        outcome, kinds = played(c, router, "I cast a spell of movement on myself")
        assert outcome.proposal.tool == "brew_cast_spell" and kinds == ["player", "tool_rejected", "narration"]
        assert outcome.refusal.startswith("Mira has no points in movement and cannot cast it; fields: ")
        assert "/sheet Mira" in outcome.refusal and "(got" not in outcome.refusal and "field:" not in outcome.refusal
        assert outcome.narration == outcome.refusal
        logged = c.events()[-1].payload
        assert logged["text"] == outcome.refusal and "(got movement)" in logged["error"]


@pytest.fixture
def ruins(tmp_path):
    """A 5+ table where every attempt toward the open challenge fails (rank 10 empties the success range), as one
    failure after another did in the game that found the bug."""
    c = table(tmp_path, "fiveplus")
    c.call("fiveplus_add_npc", {"name": "Old Hesk", "concept": "a friendly hermit", "level": 2})
    c.call("fiveplus_start_challenge", {"name": "Explore the ruins", "rank": 10, "target": 30})
    yield c
    c.close()


def test_after_a_failed_study_other_actions_roll_and_only_the_same_one_is_refused(ruins, router):
    """Issue 25: after one failed study of a carving, a question to an NPC, a climb, forcing a door and a search were
    all refused as the same action, and the player saw only "What does your character do?"."""
    first, _ = played(ruins, router, "I study the carving")
    assert first.proposal.tool == "fiveplus_attempt" and first.proposal.call_args["purpose"] == "I study the carving"
    assert first.results and not first.results[0][1].success
    for line in ("I ask Old Hesk about the carving", "I climb the wall", "I force the door", "I search the room"):
        outcome, kinds = played(ruins, router, line)
        assert outcome.refusal is None and "tool_call" in kinds and outcome.results, (line, outcome.refusal)
    again, kinds = played(ruins, router, "I study the carving again")
    assert kinds == ["player", "tool_rejected", "narration"]
    assert again.refusal.startswith("Mira already failed at this here (\"I study the carving again\")")
    assert "try another way, or say what is different this time." in again.refusal
    assert again.narration == again.refusal != "What does your character do?"
    changed, kinds = played(ruins, router, "I study the carving again, this time by lantern light")
    assert "tool_call" in kinds


def test_a_failed_look_around_the_den_does_not_forbid_searching_the_coat(ruins, router):
    look, _ = played(ruins, router, "I look around the den")
    assert look.results and not look.results[0][1].success
    coat, kinds = played(ruins, router, "I search the dead man's coat")
    assert coat.refusal is None and "tool_call" in kinds


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("line", [
    "I make my way to level 2 of the tower", "I raise my shield", "I raise my sword to strike", "I set my pack down",
    "I put my ear to the door", "the door opens automatically when I step on the plate", "I set my traps",
    "I spend a faith point and sneak past the guard", "I spend a hero point and shoot the drone",
])
def test_in_story_words_that_look_like_requests_are_not_refused(system, line):
    from narrator.agent.router import out_of_game_message

    assert out_of_game_message(line, system) is None
