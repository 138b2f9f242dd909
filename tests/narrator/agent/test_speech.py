"""A line of words said, read as the saying (:mod:`narrator.agent.speech`): the rule on its own, and the real
router on real tables in every system."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from narrator.agent.evaluate import table_for
from narrator.agent.router import RouterProposer
from narrator.agent.speech import SAID, said_instead


@dataclass
class Cand:
    label: str
    score: float = 0.1

    @property
    def tool(self) -> str:
        return self.label.partition(":")[0]

    @property
    def variant(self) -> str | None:
        return self.label.partition(":")[2] or None


def plain(c) -> bool:
    return c.tool == "sys_check"


def ranked(*labels: str) -> list[Cand]:
    return [Cand(label) for label in labels]


@pytest.mark.parametrize("text, own", [
    ("I tell him we're just hauling turnips to my aunt", True),
    ("I tell the soldier we were only out hunting rabbits", True),
    ("I swear to the sergeant that my brother is a priest", True),
    ("I assure Mara it will hold", False),
    ("Wren tells the guard they're expected", None),  # another's telling (the router turns an actor's own name)
])
def test_a_clause_after_a_verb_of_saying_is_what_is_said(text, own):
    found = SAID.search(text)
    assert (found is not None and (found.group("own") is not None)) == bool(own) if own is not None else found is None


@pytest.mark.parametrize("text", ["I say a prayer and climb the wall", "I tell Bren to climb the wall",
                                  "I haul the crates up the bank", "I tell the guard the password"])
def test_words_that_say_no_clause_are_read_as_they_were(text):
    assert said_instead(ranked("sys_check:athletics", "sys_check:deception"), text, plain) is None


def test_a_claim_about_our_side_is_a_lie_and_about_others_a_persuasion():
    line = ranked("sys_check:athletics", "sys_check:persuasion", "sys_check:deception")
    assert said_instead(line, "I tell the guard we're hauling turnips", plain).variant == "deception"
    assert said_instead(line, "I tell the guard they're hauling turnips", plain).variant == "persuasion"


def test_a_cover_story_is_a_lie_even_where_a_threat_was_heard_but_a_threat_stays():
    line = ranked("sys_check:intimidation", "sys_check:deception")
    assert said_instead(line, "I tell him we're just hauling turnips", plain).variant == "deception"
    assert said_instead(line, "I tell him we're armed to the teeth", plain) is None


def test_only_a_plain_check_or_the_same_tool_is_read_again():
    assert said_instead(ranked("sys_attack:melee", "sys_check:deception"), "I tell him we're just cooks",
                        plain) is None  # an attack is the threat rule's (blows.py)
    assert said_instead(ranked("no_roll", "sys_check:deception"), "I tell him we're just cooks", plain) is None
    other = ranked("five_attempt:survival", "five_attempt:social")  # 5+: one tool, read by another approach
    assert said_instead(other, "I tell him we were only hunting", plain).variant == "social"


@pytest.fixture(scope="module")
def router():
    return RouterProposer()


@pytest.mark.parametrize("system, field, social", [
    ("mastery", "activity", "deception"), ("minisix", "skill", "con"), ("minim", "skill", "communication"),
    ("brew", "skill", "interaction"), ("fiveplus", "approach", "social"),
])
@pytest.mark.parametrize("line", ["I tell the soldier we were only out hunting rabbits",
                                  "I say we're fishermen mending nets, nothing more"])
def test_the_router_rolls_a_cover_story_as_the_telling(router, system, field, social, line):
    """Found in play (Mastery): the deeds a cover story claims were rolled — survival, crafting, athletics."""
    proposal = router.propose(line, table_for(system, [{"name": "Kira"}], None), "Kira")
    assert proposal.args[field] == social


def test_the_players_own_question_is_not_refused_as_someone_elses_act():
    """Played in 5+ solo: "I ask Captain Orrin who told him my partner sold me out" was refused ("who told him",
    "sold me out" read as someone else acting); the router's next reading is played."""
    from narrator.agent.speech import asked_instead

    line = ranked("refuse", "no_roll", "sys_check:persuasion")
    assert asked_instead(line, "I ask Captain Orrin who told him my partner sold me out", "refuse").label == "no_roll"
    assert asked_instead(line, "Captain Orrin tells me who sold me out", "refuse") is None
    assert asked_instead(ranked("no_roll", "refuse"), "I ask him why", "refuse") is None


def test_the_router_plays_a_question_with_another_as_its_subject(router):
    state = table_for("fiveplus", [{"name": "Ilse"}], None)
    assert router.propose("I ask Captain Orrin who told him my partner sold me out", state, "Ilse").tool != "refuse"
    assert router.propose("Captain Orrin tells me who sold me out", state, "Ilse").tool == "refuse"
