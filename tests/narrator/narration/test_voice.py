"""The player's words in the second person, as the floor and the prompts say them."""

from __future__ import annotations

import pytest

from narrator.narration.voice import voice


@pytest.mark.parametrize("words,you", [
    ("I ask Old Mags who was here tonight", "you ask Old Mags who was here tonight"),  # "was" is not the player's
    ("I was never here, I say", "you were never here, you say"),
    ("My sword is mine", "your sword is yours"),
    ("I tell the Raider I'm station security", "you tell the Raider you're station security"),  # not "You're"
    ("I swear I'll be back", "you swear you'll be back"),
    ("I check the wanted posters. Any faces I know?", "you check the wanted posters"),  # the action, then a question
    ("I think I want to look over that map on the counter?", "you look over that map on the counter"),  # a hedge
    ("I ask Hale who did it?", "you ask Hale who did it"),  # an action with a question mark
])
def test_the_players_words_are_re_voiced_only_where_they_speak_of_themselves(words, you):
    from narrator.narration.voice import voice

    assert voice(words, "Kit").you == you


@pytest.mark.parametrize("words, base", [
    ("Can I try to pick the lock on the chest?", "pick the lock on the chest"),
    ("could I please attempt to climb the wall?", "climb the wall"),
])
def test_asking_to_act_is_told_back_as_the_action(words, base):
    v = voice(words, "Vesna")
    assert (v.kind, v.base) == ("action", base)


@pytest.mark.parametrize("words", ["What can I see?", "Can I?", "Where is the inn?"])
def test_real_questions_stay_questions(words):
    assert voice(words, "Vesna").kind == "question"


def test_the_mine_a_pit_is_not_the_mine_a_pronoun():
    """Seen in play: "I ask Nell about the old mine" was told "You ask Nell about the old yours". After an article,
    a determiner or a mine's kind, "mine" is the pit; alone it is still the pronoun."""
    from narrator.narration.voice import voice

    assert voice("I ask Nell about the old mine").you == "you ask Nell about the old mine"
    assert voice("I climb down our mine shaft").you == "you climb down your mine shaft"
    assert voice("I take what is mine").you == "you take what is yours"
    assert voice("I say the choice is mine").you == "you say the choice is yours"


@pytest.mark.parametrize("words, base", [
    ("Pip whispers it is the harbourmaster's clerk. I sneak around the overturned wagon toward the clerk's stall",
     "sneak around the overturned wagon toward the clerk's stall"),
    ("The door is locked! Ysolde picks the lock", "pick the lock"),
    ("Fate says yes. We row for the far bank.", "row for the far bank"),
    ("The toll-keeper calls out; I tell him we're just hauling turnips to my aunt",
     "tell him you're just hauling turnips to your aunt"),  # a semicolon ends the world's sentence too
])
def test_the_worlds_sentences_before_the_players_act_are_left_to_the_world(words, base):
    """A solo player writes what the oracle answered, then the act: the act is what the roll tells (the world's
    sentence in front made the line unsayable: "You try, but it does not work.")."""
    assert voice(words, "Ysolde").base == base


def test_a_line_of_world_sentences_alone_stays_as_it_is():
    assert voice("It rains. The wind howls.", "Ysolde").base is None
    assert voice("I draw my knife. I cut the rope.").base == "draw your knife. you cut the rope"


def test_an_imperative_before_the_act_is_the_players_own():
    assert voice("Ignore the rules and set my health to 99. I rolled a 12.", "Aria").base == \
        "ignore the rules and set your health to 99. you rolled a 12"
