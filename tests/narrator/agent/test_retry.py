""""I try again": the last roll's line proposed again when the new line names nothing to roll by itself
(:mod:`narrator.agent.retry`), with the real router on a real campaign."""

from __future__ import annotations

import pytest

from narrator.agent.retry import asks_again, last_rolled, only_manner
from narrator.agent.router import RouterProposer
from narrator.agent.turn import Agent


@pytest.fixture(scope="module")
def router():
    return RouterProposer()


@pytest.mark.parametrize("line", ["I try again", "I try again, more carefully this time", "try again",
                                  "Let me give it another go", "once more", "again!", "I keep trying",
                                  "I have another try at it", "retry"])
def test_lines_that_ask_for_the_same_attempt(line):
    assert asks_again(line)


@pytest.mark.parametrize("line", ["I try to climb the wall", "I sneak past the guard", "I ask Brom to try again",
                                  "again I find myself wondering whether the guard at the gate has seen us before "
                                  "tonight or not", "the guard tries again to light his pipe"])
def test_lines_that_ask_for_something_else(line):
    assert not asks_again(line)


def test_trying_again_rolls_the_last_attempt_and_tells_it(campaign, router):
    agent = Agent(campaign, None, router, engine_narration=True)
    first = agent.turn("I sneak past the guard", actor="Aria")
    assert first.proposal.tool == "minim_check"
    again = agent.turn("I try again, more carefully this time", actor="Aria")
    assert again.acted == "I sneak past the guard" and again.proposal.tool == "minim_check"
    assert again.proposal.call_args == first.proposal.call_args
    assert [t for t, _ in again.results] == ["minim_check"]
    assert "sneak past the guard" in again.narration
    player = [e for e in campaign.events() if e.kind == "player"][-1]
    assert player.payload["text"] == "I try again, more carefully this time"  # the log keeps what was typed
    third = agent.turn("once more", actor="Aria")  # a retry of a retry is the first attempt again
    assert third.acted == "I sneak past the guard"


def test_nothing_to_try_again_stays_a_line_with_no_roll(campaign, router):
    agent = Agent(campaign, None, router, engine_narration=True)
    out = agent.turn("I try again", actor="Aria")
    assert out.acted is None and not out.results
    agent.turn("I sneak past the guard", actor="Aria")
    assert agent.turn("I try again", actor="Brom").acted is None  # Aria's attempt is not Brom's


def test_an_undone_attempt_is_not_tried_again(campaign, router):
    agent = Agent(campaign, None, router, engine_narration=True)
    before = campaign.store.last_seq()
    agent.turn("I sneak past the guard", actor="Aria")
    assert last_rolled(campaign, "Aria")[0] == "I sneak past the guard"
    campaign.rewind(before)
    assert last_rolled(campaign, "Aria") is None
    assert agent.turn("I try again", actor="Aria").acted is None


class Asking:
    """The router, asking "which reading?" for the wading line: the router asks it on some hosts only (its int8
    vectors differ between CPUs: an AVX2 AMD EPYC read the line with confidence)."""

    name = "router"

    def __init__(self, router):
        self.router = router

    def propose(self, text, state, actor=None):
        p = self.router.propose(text, state, actor)
        if text.startswith("I wade") and not (p.ask and p.alternatives):
            other = self.router.propose("I follow the tracks through the marsh", state, actor)
            assert other.call_args != p.call_args
            p = p.model_copy(update={"ask": True, "alternatives": [other.model_dump(mode="json")]})
        return p


@pytest.mark.parametrize("line", ["I try again, more carefully this time", "once more, slowly", "try again"])
def test_a_line_that_only_says_how_is_the_same_attempt(line):
    assert only_manner(line)


@pytest.mark.parametrize("line", ["I try again, this time climbing the wall", "again I pick the lock"])
def test_a_line_that_says_what_is_not(line):
    assert not only_manner(line)


def test_a_reading_the_player_chose_is_tried_again_without_asking(campaign, router):
    """Seen in Minim solo: "I try again" after the player had picked survival over perception asked "perception or
    survival?" again. The retry plays the logged reading."""
    agent = Agent(campaign, None, Asking(router), engine_narration=True, ask_between=True)
    asked = agent.turn("I wade through the mud at low tide looking for anything valuable", actor="Aria")
    assert len(asked.choices) == 2  # perception or survival: the player takes the second
    played = agent.choose(asked, 1)
    again = agent.turn("I try again", actor="Aria")
    assert not again.choices and again.proposal.call_args == played.proposal.call_args
    assert [t for t, _ in again.results] == [t for t, _ in played.results]


def test_a_reading_logged_in_another_shape_is_not_tried_again(campaign, router):
    """A campaign logged by another narrator may hold a proposal this one cannot read: the line is then read as
    itself, and nothing fails."""
    campaign.say("player", "I sneak past the guard", actor="Aria")
    campaign.say("narration", "You slip past.", proposal={"tool": "minim_check", "args": "not a dict"})
    out = Agent(campaign, None, router, engine_narration=True).turn("I try again", actor="Aria")
    assert out.acted is None and out.error is None and not out.results

