"""No invisible or reversing character reaches the table through the game's character wizard (issue 25, point 10).

The game cleans every typed line (``session.clean_line``: control and format characters become spaces), and the
table tools behind the wizard refuse such names anyway (:mod:`tools.names`, the rule the CLI tests exercise). So
a name typed with a right-to-left override or a tab arrives as visible text. Driven through the game session as a
player types, in two systems."""

from __future__ import annotations

import unicodedata

import pytest

from narrator.game.blocks import plain


def say(session, *lines):
    out = []
    for line in lines:
        out += session.handle(line)
    return out


def _to_character_menu(s, system: str) -> None:
    s.start()
    say(s, "", system)  # the default campaign name, then the system
    while s.prompt != "create> ":  # every option question answered with its default
        say(s, "")


def _visible(name: str) -> bool:
    return not any(unicodedata.category(ch).startswith("C") for ch in name)


@pytest.mark.parametrize("system", ["minim", "brew"])
def test_a_random_characters_name_typed_with_an_override_arrives_as_visible_text(make_session, system):
    s = make_session(campaign=None)
    _to_character_menu(s, system)
    out = plain(say(s, "r", "Bad\u202eeman", "a hedge witch"))
    assert "\u202e" not in out
    assert list(s.campaign.state.characters) == ["Bad eman"]


@pytest.mark.parametrize("system", ["minim", "mastery"])
def test_a_guided_characters_name_typed_with_a_tab_arrives_as_visible_text(make_session, system):
    s = make_session(campaign=None)
    _to_character_menu(s, system)
    say(s, "g", "Kit\tsmith")
    assert s.wizard.answers["name"] == "Kit smith" and _visible(s.wizard.answers["name"])
