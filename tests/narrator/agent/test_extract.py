"""Names read out of the player's words: a numbered foe is not its unnumbered namesake."""

from narrator.agent.extract import mentioned


def test_a_name_inside_a_longer_one_is_the_longer_one():
    names = ["Giant Rat", "Giant Rat 3", "Orrin"]
    assert mentioned("I hit Giant Rat 3 with my club", names) == ["Giant Rat 3"]
    assert mentioned("I hit giant rat 3, then Giant Rat", names) == ["Giant Rat 3", "Giant Rat"]
    assert mentioned("Orrin and the Giant Rat", names) == ["Orrin", "Giant Rat"]
    assert mentioned("nobody here", names) == []
