"""Replay stays exact across a result field added later: an event logged before the field existed replays
identically when the field holds its empty value, and any real difference is still a divergence."""

from narrator.memory.campaign import _as_logged


def test_a_field_added_later_with_its_empty_value_is_no_divergence():
    logged = {"summary": "Rolled Aria", "steps": ["a"]}
    assert _as_logged({"summary": "Rolled Aria", "steps": ["a"], "concept_picks": []}, logged) == logged
    assert _as_logged({"summary": "Rolled Aria", "steps": ["a"], "note": None, "flag": False}, logged) == logged


def test_a_field_added_later_with_a_value_is_still_a_divergence():
    logged = {"summary": "Rolled Aria", "steps": ["a"]}
    assert _as_logged({"summary": "Rolled Aria", "steps": ["a"], "concept_picks": ["a sword"]}, logged) != logged
    assert _as_logged({"summary": "Rolled Brom", "steps": ["a"]}, logged) != logged  # a changed field is kept


def test_an_empty_field_added_to_a_nested_model_is_no_divergence():
    """A field added to a character sheet after the log was written (Brew's permanent injuries) is empty on every
    old sheet: the result that holds the sheet replays as logged; a non-empty one still diverges."""
    logged = {"summary": "Made Ada", "character": {"name": "Ada", "lasting_injuries": []}, "list": [{"a": 1}]}
    same = {"summary": "Made Ada", "character": {"name": "Ada", "lasting_injuries": [], "permanent_injuries": []},
            "list": [{"a": 1, "b": None}]}
    assert _as_logged(same, logged) == logged
    other = {**same, "character": {**same["character"], "permanent_injuries": ["lost eye"]}}
    assert _as_logged(other, logged) != logged
