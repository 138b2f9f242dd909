"""The player's words in the second person, as the floor and the prompts say them."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("words,you", [
    ("I ask Old Mags who was here tonight", "you ask Old Mags who was here tonight"),  # "was" is not the player's
    ("I was never here, I say", "you were never here, you say"),
    ("My sword is mine", "your sword is yours"),
])
def test_the_players_words_are_re_voiced_only_where_they_speak_of_themselves(words, you):
    from narrator.narration.voice import voice

    assert voice(words, "Kit").you == you
