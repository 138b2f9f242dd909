"""Proposal fields that name an entry of the actor's own sheet (``tools.proposals.sheet_names``) are filled from the
player's words, whatever the system calls the entries."""

from __future__ import annotations

from pydantic import Field

from narrator.agent.extract import mentioned_other, sheet_entries, sheet_name_for
from narrator.tools.proposals import ACTOR_ENUM, ProposalArgs, ProposalSpec, proposal_schema, sheet_names
from narrator.tools.table import TableState

STATE = TableState(system="coin", characters={
    "Aria": {"name": "Aria", "npc": False, "kit": {"sneak": {"name": "Sneak", "kind": "skill"},
                                                   "quick-draw": {"name": "Quick-Draw", "kind": "ability"},
                                                   "fire magic": {"name": "Fire magic", "kind": "skill"}},
             "bag": [{"name": "rope"}, {"name": "lantern"}]},
    "Brom": {"name": "Brom", "npc": False},
    "Guard": {"name": "Guard", "npc": True},
})


def test_entries_of_a_dict_or_a_list_filtered_by_their_fields():
    assert sheet_entries(STATE, "Aria", "kit") == ["Sneak", "Quick-Draw", "Fire magic"]
    assert sheet_entries(STATE, "Aria", "kit", {"kind": ["ability"]}) == ["Quick-Draw"]
    assert sheet_entries(STATE, "Aria", "bag") == ["rope", "lantern"]
    assert sheet_entries(STATE, "Brom", "kit") == [] and sheet_entries(STATE, None, "kit") == []


def test_a_name_whole_or_by_a_word_else_the_only_one():
    assert sheet_name_for("I cast Fire magic at the door", STATE, "Aria", "kit") == "Fire magic"
    assert sheet_name_for("I go sneaking along the wall", STATE, "Aria", "kit") == "Sneak"
    assert sheet_name_for("I try some quick moves", STATE, "Aria", "kit") == "Quick-Draw"
    assert sheet_name_for("I light the lantern", STATE, "Aria", "bag") == "lantern"
    assert sheet_name_for("I grab the rope", STATE, "Aria", "bag") == "rope"
    assert sheet_name_for("I do my trick", STATE, "Aria", "kit", {"kind": ["ability"]}) is None
    assert sheet_name_for("I do my trick", STATE, "Aria", "kit", {"kind": ["ability"]}, only_one=True) == "Quick-Draw"


def test_a_whole_word_breaks_a_tie_between_word_starts():
    state = TableState(system="coin", characters={"Aria": {"name": "Aria", "npc": False,
                                                            "skills": {"pickpocketing": 2, "lock-picking": 1}}})
    assert sheet_name_for("I pick the lock", state, "Aria", "skills") == "lock-picking"
    assert sheet_name_for("I pick his pocket", state, "Aria", "skills") is None  # both only by a word's start


def test_another_character_only_when_named():
    assert mentioned_other("I bandage Brom's arm", STATE, "Aria") == "Brom"
    assert mentioned_other("I bandage my arm", STATE, "Aria") is None


class Use(ProposalArgs):
    actor: str = Field(json_schema_extra=ACTOR_ENUM)
    thing: str | None = Field(None, json_schema_extra=sheet_names("kit", kind=["ability"]))


def test_the_marker_stays_out_of_the_schema_a_model_sees():
    schema = proposal_schema([ProposalSpec("coin_use", Use, lambda a, s: {}, "use")], STATE)
    text = str(schema)
    assert "x-sheet" not in text and "x-names" not in text


def test_a_name_inside_a_longer_name_is_not_named():
    from narrator.agent.extract import mentioned

    assert mentioned("I slash at Bandit 2 with my sword", ["Bandit", "Bandit 2"]) == ["Bandit 2"]
    assert mentioned("Bandit 2 and Bandit both run", ["Bandit", "Bandit 2"]) == ["Bandit 2", "Bandit"]
