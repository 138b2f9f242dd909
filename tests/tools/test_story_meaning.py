"""Fate's two words for an open solo question: an action and a subject from the meaning tables, one die each,
logged and replayed like every other answer."""

from __future__ import annotations

import pytest

from narrator.memory.campaign import Campaign
from narrator.tools.dice import Roller
from narrator.tools.errors import ToolArgumentError
from narrator.tools.phrases import steps_of, summary_of
from narrator.tools.registry import default_registry
from narrator.tools.story import person_name, scene_tables
from narrator.tools.story_meaning import open_question
from narrator.tools.table import SetStory, Story, TableState, apply

REG = default_registry()


def test_the_dice_pick_one_word_from_each_table():
    tables = scene_tables("brew")
    actions, subjects = tables["meaning_action"], tables["meaning_subject"]
    r = REG.call("story_meaning", {"question": "what does the   letter say?"}, Roller.scripted([2, 1]),
                 TableState(system="brew"))
    assert (r.action, r.subject) == (actions[1], subjects[0]) == ("protect", "an old debt")
    assert [(d.sides, d.face) for d in r.dice] == [(len(actions), 2), (len(subjects), 1)]
    assert r.question == "what does the letter say?" and r.changes == []
    assert summary_of(r) == ("Fate answers \u201cwhat does the letter say?\u201d in two words: "
                             "protect \u00b7 an old debt")
    lines = steps_of(r)
    assert f"Action (d{len(actions)}=2): protect." in lines and f"Subject (d{len(subjects)}=1): an old debt." in lines


def test_a_who_question_draws_a_person_first():
    """Blind readers of thirty answers found the who-questions hardest: two abstract words give a motive, not a name.
    A who-question draws one of the story's recurring people or someone new first; someone new comes from the scene
    tables' people not yet in the story, and joins it."""
    known = apply(TableState(system="minim"), SetStory(story=Story(people=["Old Mags", "Rusk"])))
    r = REG.call("story_meaning", {"question": "Who sent the stranger?"}, Roller.scripted([2, 1, 1]), known)
    assert r.who == "Rusk" and (r.action, r.subject) == ("betray", "an old debt") and r.changes == []
    assert summary_of(r) == "Fate answers \u201cWho sent the stranger?\u201d: Rusk \u2014 betray \u00b7 an old debt"
    assert steps_of(r)[0] == "Who: Rolled d3=2 among Old Mags, Rusk, someone new \u2192 Rusk."
    fresh = [p for p in scene_tables("minim")["person"] if person_name(p) not in ("Old Mags", "Rusk")]
    r = REG.call("story_meaning", {"question": "so whose knife is it?"}, Roller.scripted([3, 2, 1, 1]), known)
    assert r.who == person_name(fresh[1]) and [d.sides for d in r.dice] == [3, len(fresh), 40, 40]
    assert r.changes == [SetStory(story=Story(people=["Old Mags", "Rusk", r.who]))]
    assert steps_of(r)[1] == f"Someone new (d{len(fresh)}=2): {fresh[1]}; they join the story's people."
    assert "," in fresh[1]  # who they are, not only a name the player has never heard
    everyone = [person_name(p) for p in scene_tables("minim")["person"]]
    r = REG.call("story_meaning", {"question": "who is at the door?"}, Roller.scripted([4, 1, 1]),
                 TableState(system="minim"))
    assert r.who == everyone[3] and r.changes == [SetStory(story=Story(people=[everyone[3]]))]
    r = REG.call("story_meaning", {"question": "What is in the crate?"}, Roller.scripted([1, 1]), known)
    assert r.who is None and len(r.dice) == 2
    met = apply(TableState(system="minim"), SetStory(story=Story(people=everyone)))  # everyone met already
    r = REG.call("story_meaning", {"question": "Who is it?"}, Roller.scripted([len(everyone) + 1, 2, 1, 1]), met)
    assert r.who == everyone[1] and r.changes == []  # someone new is one of them after all


def test_the_tables_hold_distinct_words():
    for system in ("brew", "minim", "minisix", "fiveplus", "mastery"):
        t = scene_tables(system)
        for name in ("meaning_action", "meaning_subject"):
            assert len(t[name]) >= 20 and len(set(t[name])) == len(t[name]), (system, name)


def test_same_seed_same_words():
    a = REG.call("story_meaning", {"question": "who sent it?"}, Roller(4), TableState(system="minim"))
    b = REG.call("story_meaning", {"question": "who sent it?"}, Roller(4), TableState(system="minim"))
    assert a == b


@pytest.mark.parametrize("args", [{}, {"question": ""}, {"question": "Q" * 301}, {"question": 3}])
def test_bad_arguments_are_refused_with_the_field_named(args):
    with pytest.raises(ToolArgumentError) as e:
        REG.validate("story_meaning", args)
    assert e.value.problems and e.value.problems[0].field == "question"


@pytest.mark.parametrize("text,is_open", [
    ("what does the letter say?", True), ("So who sent it?", True), ("Where did he go", True),
    ("  why is the gate shut?", True), ("Which way is north?", True), ("how many guards are there?", True),
    ("Is the door locked?", False), ("Does Nell know?", False), ("Will it rain", False),
    ("Somewhat tired, is he?", False), ("whatever happened, is it over?", False),
])
def test_an_open_question_starts_with_a_question_word(text, is_open):
    assert open_question(text) is is_open


def test_a_campaign_logs_and_replays_the_words(tmp_path):
    with Campaign.new("solo", "fiveplus", seed=5, root=tmp_path) as c:
        r = c.call("story_meaning", {"question": "what is in the crate?"})
        logged = c.events()[-1].payload
        assert logged["tool"] == "story_meaning" and logged["result"]["action"] == r.action
        assert c.replay().ok
