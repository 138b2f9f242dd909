"""Solo story tools: scenes framed from the oracle tables, the oracle read by the chaos factor with random events
on doubles, threads and people — all table state changed by logged tools, so replay and undo cover them."""

from __future__ import annotations

from fractions import Fraction

import pytest

from narrator.memory.campaign import Campaign
from narrator.tools.dice import Roller
from narrator.tools.errors import ToolArgumentError
from narrator.tools.phrases import summary_of
from narrator.tools.registry import default_registry
from narrator.tools.story import (SCENE_TABLES_VERSION, chaos_shift, event_face_limit, fitting, p_random_event,
                                  person_name, scene_tables, story_odds)
from narrator.tools.table import SetStory, Story, TableState, apply

REG = default_registry()


def state(**story) -> TableState:
    return apply(TableState(system="minim"), SetStory(story=Story(**story)))


@pytest.mark.parametrize("chaos,shift,limit", [(1, -2, 1), (2, -2, 2), (3, -1, 2), (4, -1, 3), (5, 0, 4), (6, 0, 4),
                                               (7, 1, 5), (8, 1, 6), (9, 2, 6)])
def test_chaos_moves_the_threshold_and_the_random_event_limit(chaos, shift, limit):
    assert chaos_shift(chaos) == shift and event_face_limit(chaos) == limit
    assert p_random_event(chaos) == Fraction(min(limit, 6), 36)


def test_the_oracle_at_chaos_five_is_the_plain_oracle_and_wilder_chaos_says_yes_more():
    calm = REG.call("story_oracle", {"question": "Q", "likelihood": "likely"}, Roller.scripted([2, 3]), state())
    assert calm.threshold == 5 and calm.outcome == "yes, but" and calm.odds.exact["yes"] == "13/18"
    wild = REG.call("story_oracle", {"question": "Q", "likelihood": "likely"}, Roller.scripted([2, 3]),
                    state(chaos=9))
    assert wild.threshold == 3 and wild.outcome == "yes" and wild.odds.p_success > calm.odds.p_success
    assert story_odds(3).exact == {"no": "1/36", "yes, but": "1/18", "yes": "11/12"}


def test_a_low_double_brings_a_random_event_aimed_at_the_story():
    s = state(threads=["the stolen ledger"], people=["Old Mags"])
    events = scene_tables("minim")["event"]
    thread_event = events.index("Bad news arrives about {thread}.") + 1
    r = REG.call("story_oracle", {"question": "Is it quiet?"}, Roller.scripted([2, 2, thread_event, 1]), s)
    assert r.random_event == "Bad news arrives about the stolen ledger." and "random event" in summary_of(r)
    newcomer = events.index("{new_person} steps into the scene.") + 1
    r = REG.call("story_oracle", {"question": "Is it quiet?"}, Roller.scripted([1, 1, newcomer, 3]), s)
    assert r.random_event.endswith("steps into the scene.") and len(r.changes) == 1
    assert len(apply(s, r.changes[0]).story.people) == 2
    high = REG.call("story_oracle", {"question": "Is it quiet?"}, Roller.scripted([6, 6]), s)  # above chaos 5's 4
    assert high.random_event is None and high.changes == []


def test_a_framed_scene_sets_the_scene_and_opens_a_thread_with_someone_present():
    r = REG.call("story_scene", {"kind": "opening"}, Roller(7), TableState(system="minim"))
    after = TableState(system="minim")
    for op in r.changes:
        after = apply(after, op)
    assert after.scene == r.text and r.place.casefold() in r.text.casefold() and r.hook in r.text
    assert after.story.threads == [r.thread] and after.story.people == [r.person.split(",")[0]]
    assert after.story.place == r.place and after.story.chaos == 5


def test_the_next_scene_may_bring_back_people_and_move_threads():
    s = state(threads=["the stolen ledger"], people=["Old Mags"], chaos=7)
    r = REG.call("story_scene", {"kind": "next"}, Roller.scripted([1, 1, 1, 1, 1, 1]), s)
    assert r.recurring and r.person.startswith("Old Mags") and "the stolen ledger" in r.hook
    after = apply(apply(s, r.changes[0]), r.changes[1])
    assert after.story.people == ["Old Mags"] and after.story.threads == ["the stolen ledger"]
    assert after.story.chaos == 7  # a next scene keeps the chaos; an opening starts it at 5


def test_threads_people_and_chaos_by_hand():
    s = state(threads=["a", "the stolen ledger"], people=["Old Mags"], chaos=9)
    r = REG.call("story_update", {"chaos": "up", "close_thread": "ledger", "add_person": "Pip"}, Roller(1), s)
    assert r.story.chaos == 9 and r.story.threads == ["a"] and r.story.people == ["Old Mags", "Pip"]
    with pytest.raises(ToolArgumentError, match="there are: 1. a; 2. the stolen ledger"):
        REG.call("story_update", {"close_thread": "zzz"}, Roller(1), s)
    assert REG.call("story_update", {}, Roller(1), s).changes == []


def test_a_scene_set_by_hand_is_no_longer_the_framed_place():
    from narrator.tools.table import SetScene

    s = state(place="on the docks", threads=["x"])
    after = apply(s, SetScene(text="Dungeon floor: three rooms"))
    assert after.story.place == "" and after.story.threads == ["x"]


def test_an_untouched_story_leaves_old_snapshots_as_they_were():
    assert "story" not in TableState(system="minim").model_dump(mode="json")
    assert state(chaos=6).model_dump(mode="json")["story"]["chaos"] == 6


def test_story_tools_replay_byte_identically_and_undo_covers_them(tmp_path):
    with Campaign.new("Story", "minim", seed=3, root=tmp_path) as c:
        c.call("story_scene", {"kind": "opening"})
        for _ in range(30):
            c.call("story_oracle", {"question": "Does the bridge hold?", "likelihood": "even"})
        c.call("story_update", {"chaos": "up", "add_thread": "the bridge"})
        assert c.state.story.chaos == 6 and "the bridge" in c.state.story.threads
        assert c.replay().ok
        c.undo()
        assert c.state.story.chaos == 5 and "the bridge" not in c.state.story.threads
        assert c.replay().ok


def test_a_system_may_give_its_own_scene_tables(tmp_path, monkeypatch):
    import json

    from narrator import prompts

    (tmp_path / prompts.SCENE_TABLES).parent.mkdir(parents=True)
    (tmp_path / prompts.SCENE_TABLES).write_text(json.dumps({"place": ["aboard the airship Meridian"]}))
    monkeypatch.setattr(prompts, "system_dir", lambda system: tmp_path)
    scene_tables.cache_clear()
    try:
        tables = scene_tables("flavoured")
        assert tables["place"] == ["aboard the airship Meridian"] and tables["hook"]  # the rest stays common
        r = REG.call("story_scene", {"kind": "opening"}, Roller(1), TableState(system="minim"))
        assert r.place == "aboard the airship Meridian"
    finally:
        scene_tables.cache_clear()


def test_fitting_keeps_what_belongs_at_the_place():
    fits = {"a ship is leaving": ["water"], "a wagon blocks the way": ["street", "road"]}
    items = ["a ship is leaving", "a wagon blocks the way", "a debt has come due"]
    assert fitting(items, fits, ["town", "outdoors", "street"]) == ["a wagon blocks the way", "a debt has come due"]
    assert fitting(items, fits, ["water"]) == ["a ship is leaving", "a debt has come due"]
    assert fitting(items, fits, []) == items  # a place without traits: anything
    assert fitting(["a ship is leaving"], fits, ["wild"]) == ["a ship is leaving"]  # nothing fits: the list whole


def test_every_fits_entry_names_a_real_entry_and_every_place_has_traits():
    t = scene_tables("minim")
    assert set(t["place_traits"]) == set(t["place"])
    assert set(t["fits"]["situation"]) <= set(t["situation"])
    assert set(t["fits"]["hook"]) <= {h["hook"] for h in t["hook"]}
    assert set(t["fits"]["person"]) <= {person_name(p) for p in t["person"]}
    traits = {x for v in t["place_traits"].values() for x in v}
    assert all(set(v) <= traits for kind in t["fits"].values() for v in kind.values())


def _framed(options: dict | None, seed: int) -> dict:
    st = TableState(system="minim", options=options or {})
    return REG.call("story_scene", {"kind": "opening"}, Roller(seed), st)


def test_a_new_campaign_frames_scenes_that_fit_their_place(tmp_path):
    """Version 2 of the tables (every campaign created now): no ship leaving on the rooftops, no wagon in a
    cellar, no Widow Pell in a mountain pass — over two hundred seeded scenes."""
    t = scene_tables("minim")
    with Campaign.new("fit", "minim", seed=1, root=tmp_path) as c:
        assert c.state.options["scene_tables"] == SCENE_TABLES_VERSION == 2
    fits = t["fits"]
    for seed in range(200):
        r = _framed({"scene_tables": 2}, seed)
        traits = set(t["place_traits"][r.place])
        for kind, key in (("situation", r.situation), ("hook", r.hook), ("person", person_name(r.person))):
            assert not fits[kind].get(key) or traits & set(fits[kind][key]), (r.place, key)


def test_a_campaign_made_before_version_2_frames_as_it_did():
    """No option (a campaign created before version 2): every entry anywhere, the die over the whole list, so its
    logged scenes replay as they were framed."""
    t = scene_tables("minim")
    misfits = 0
    for seed in range(200):
        r = _framed(None, seed)
        sides = next(d.sides for d in r.dice if d.purpose == "situation")
        assert sides == len(t["situation"])
        need = t["fits"]["situation"].get(r.situation)
        misfits += bool(need and not set(t["place_traits"][r.place]) & set(need))
    assert misfits > 0  # the old reading did put ships on rooftops


def test_the_scene_tables_option_is_checked(tmp_path):
    from narrator.tools.options import OptionError

    with pytest.raises(OptionError, match="scene_tables"):
        Campaign.new("bad", "minim", options={"scene_tables": 3}, root=tmp_path)
