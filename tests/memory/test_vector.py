"""The campaign memory against real Chroma — the campaign's own on-disk store and a Chroma server on loopback
(every test runs on both): remember, recall, rebuild from the log, catch up, entities upserted not duplicated,
rewinds forgotten, and a fresh process that reopens and queries."""

from __future__ import annotations

import shutil

import pytest
from vector_support import run_child

from narrator.memory.campaign import Campaign
from narrator.memory.errors import MemoryStoreError
from narrator.memory.vector import CHROMA_DIR, CampaignMemory


def _campaign(root, name) -> Campaign:
    c = Campaign.new(name, "minim", seed=11, root=root)
    c.call("minim_add_random_character", {"name": "Aria"})
    c.call("minim_add_npc", {"name": "Old Tom", "concept": "innkeeper of the Drowned Rat", "tier": 3})
    c.call("minim_add_npc", {"name": "Duke Varen", "concept": "duke of Highmoor", "tier": 4})
    c.call("table_set_zones", {"zones": ["bar", "cellar"]})
    c.call("table_set_scene", {"text": "The Drowned Rat inn, a rainy evening."})
    return c


def _turn(c: Campaign, memory: CampaignMemory | None, text: str, narration: str, tool=None, args=None,
          actor: str = "Aria") -> int:
    seq = c.say("player", text, actor=actor)
    if tool:
        c.call(tool, args)
    c.say("narration", narration, guard={}, proposal=None)
    if memory is not None:
        memory.remember_turn(c)
    return seq


def _story(c: Campaign, memory: CampaignMemory | None) -> dict[str, int]:
    return {
        "room": _turn(c, memory, "I ask the innkeeper for a room", "Old Tom hands you a brass key to the attic room."),
        "hide": _turn(c, memory, "I hide the brass key under the loose floorboard in the cellar",
                      "The key vanishes beneath the boards.", "table_move", {"actor": "Aria", "zone": "cellar"}),
        "oath": _turn(c, memory, "I swear to Duke Varen that we will bring his daughter home",
                      "The duke nods gravely and says he will hold you to it."),
    }


@pytest.fixture
def story(tmp_path, unique_name, memory_url):
    c = _campaign(tmp_path, unique_name)
    memory = CampaignMemory.for_campaign(c, memory_url)
    seqs = _story(c, memory)
    yield c, memory, seqs
    memory.close()
    c.close()


def test_turns_are_remembered_and_recalled(story):
    c, memory, seqs = story
    top = lambda q: [m.id for m in memory.recall(c, q, "Aria", 3)]  # noqa: E731
    assert top("who is the innkeeper")[0] == "character:old tom"
    assert top("where did we leave the key")[0] == f"turn-{seqs['hide']}"
    assert top("what did we promise the duke")[0] == f"turn-{seqs['oath']}"
    assert top("where are we now")[0] == "place:scene"  # the current scene, however far its words are
    turn = memory.dump()["events"][f"turn-{seqs['hide']}"]
    assert turn[0].startswith("Aria: I hide the brass key") and "Aria moves to cellar." in turn[0]
    assert "Outcome" not in turn[0] and turn[1]["outcome"].startswith("Aria moves to cellar")  # mechanics: metadata
    assert turn[1]["discovery"] is True and turn[1]["names"] == ["Aria", "cellar"]
    assert memory.dump()["events"][f"turn-{seqs['oath']}"][1]["promise"] is True


def test_recall_for_prompt_is_compact_lines_best_first(story):
    c, memory, seqs = story
    text = memory.recall_for_prompt(c, "where did we leave the key", "Aria")
    lines = text.splitlines()
    assert 1 <= len(lines) <= 5 and all(line.startswith("- (") for line in lines)
    assert lines[0].startswith(f"- (event {seqs['hide']}) Aria: I hide the brass key")
    assert len(text) <= 1400


def test_rebuild_from_the_log_equals_the_live_index(story):
    c, memory, _ = story
    live = memory.dump()
    assert memory.indexed_seq() == c.store.last_seq()
    memory.rebuild(c)
    assert memory.dump() == live  # same ids, documents and metadata


def test_deleting_the_chroma_directory_loses_nothing(tmp_path, unique_name):
    with _campaign(tmp_path, unique_name) as c:
        memory = CampaignMemory.for_campaign(c)
        _story(c, memory)
        live = memory.dump()
        memory.close()
        shutil.rmtree(c.store.directory / CHROMA_DIR)
        again = CampaignMemory.for_campaign(c)
        assert again.dump() == live
        again.close()


def test_events_logged_while_no_memory_was_open_are_caught_up(tmp_path, unique_name, memory_url):
    with _campaign(tmp_path, unique_name) as c:
        seqs = _story(c, None)  # e.g. `narrator turn --no-memory`, or a crash before indexing
        memory = CampaignMemory.for_campaign(c, memory_url)
        assert memory.indexed_seq() == c.store.last_seq()
        assert f"turn-{seqs['oath']}" in memory.dump()["events"]
        live = memory.dump()
        memory.rebuild(c)
        assert memory.dump() == live
        memory.close()


def test_an_open_turn_is_indexed_and_completed_later(tmp_path, unique_name, memory_url):
    with _campaign(tmp_path, unique_name) as c:
        seq = c.say("player", "I ask about the duke's daughter", actor="Aria")
        memory = CampaignMemory.for_campaign(c, memory_url)  # a turn with no narration yet (e.g. a crash)
        assert memory.indexed_seq() == seq - 1
        assert memory.dump()["events"][f"turn-{seq}"][0] == "Aria: I ask about the duke's daughter"
        c.say("narration", "Her name is Lisbet and she vanished near the fen.", guard={}, proposal=None)
        memory.remember_turn(c)
        assert memory.indexed_seq() == c.store.last_seq()
        assert memory.dump()["events"][f"turn-{seq}"][0] == ("Aria: I ask about the duke's daughter\n"
                                                              "Her name is Lisbet and she vanished near the fen.")
        assert memory.lexical.search("Lisbet", 1)[0][0] == f"turn-{seq}"  # the words follow every write
        memory.close()


def test_entities_are_upserted_by_stable_id_never_duplicated(story):
    c, memory, _ = story
    before = memory.dump()["entities"]
    assert before["character:old tom"][1]["aliases"] == ["Old Tom", "Tom", "innkeeper"]
    assert before["character:old tom"][1]["record"] == "characters/Old Tom"
    assert "place:scene" in before and "zone:cellar" in before
    c.call("table_move", {"actor": "Old Tom", "zone": "bar"})
    c.call("minim_buy", {"actor": "Aria", "item": "lantern"})
    c.call("table_set_scene", {"text": "The cellar, by candlelight."})
    memory.remember_turn(c)
    after = memory.dump()["entities"]
    assert "In the bar." in after["character:old tom"][0]
    assert after["place:scene"][0] == "Current scene: The cellar, by candlelight."
    new = set(after) - set(before)
    assert new <= {"item:aria:lantern"}  # a bought item appears once (if afforded), nothing else is added
    memory.remember_turn(c)
    assert memory.dump()["entities"] == after
    c.call("table_remove_character", {"actor": "Duke Varen"})
    memory.remember_turn(c)
    duke = memory.dump()["entities"]["character:duke varen"]
    assert duke[1]["present"] is False and "No longer on the table." in duke[0]


def test_a_rewind_forgets_the_undone_turns_and_still_equals_a_rebuild(story):
    c, memory, seqs = story
    c.rewind(seqs["oath"] - 1)  # the oath never happened
    memory.remember_turn(c)
    events = memory.dump()["events"]
    assert f"turn-{seqs['oath']}" not in events and f"turn-{seqs['hide']}" in events
    after_rewind = memory.dump()
    memory.rebuild(c)
    assert memory.dump() == after_rewind
    top = [m.id for m in memory.recall(c, "what did we promise the duke", "Aria", 5)]
    assert f"turn-{seqs['oath']}" not in top


def test_a_fresh_process_reopens_the_memory_and_recalls(tmp_path, unique_name, memory_url):
    with _campaign(tmp_path, unique_name) as c:
        memory = CampaignMemory.for_campaign(c, memory_url)
        seqs = _story(c, memory)
        live = memory.dump()
        memory.close()
    url = memory_url or "-"
    seen = run_child("query", str(tmp_path), unique_name, url, "where did we leave the key", "who is the innkeeper")
    assert seen["where did we leave the key"][0] == f"turn-{seqs['hide']}"
    assert seen["who is the innkeeper"][0] == "character:old tom"
    dumped = run_child("dump", str(tmp_path), unique_name, url)
    assert {k: {i: tuple(v) for i, v in d.items()} for k, d in dumped.items()} == live


def test_campaigns_on_one_server_do_not_see_each_other(tmp_path, chroma_server):
    with _campaign(tmp_path, "first") as a, _campaign(tmp_path / "b", "second") as b:
        ma, mb = CampaignMemory.for_campaign(a, chroma_server), CampaignMemory.for_campaign(b, chroma_server)
        _turn(a, ma, "I bury the silver locket under the old oak", "The locket is hidden.")
        assert ma.campaign_id != mb.campaign_id and ma.events.name != mb.events.name
        assert all("locket" not in m.text for m in mb.recall(b, "where is the silver locket", None, 5))
        assert "locket" in ma.recall(a, "where is the silver locket", None, 1)[0].text


def test_an_unreachable_server_is_a_plain_error(tmp_path, unique_name):
    with _campaign(tmp_path, unique_name) as c:
        with pytest.raises(MemoryStoreError, match="Cannot reach the Chroma server"):
            CampaignMemory.for_campaign(c, "http://127.0.0.1:9")
        with pytest.raises(MemoryStoreError, match="HOST:PORT"):
            CampaignMemory.for_campaign(c, "ftp://example")


def test_the_words_index_is_derived_like_the_vectors(story, memory_url):
    """The BM25 index holds exactly the documents both collections hold: after a rebuild, and when the memory is
    opened again by a new process (nothing of it on disk, so a killed writer cannot leave it behind)."""
    c, memory, seqs = story
    held = memory.dump()
    want = {rid: doc for kind in ("events", "entities") for rid, (doc, _) in held[kind].items()}
    assert memory.lexical.live_ids() == set(want)
    memory.rebuild(c)
    assert memory.lexical.live_ids() == set(want)
    again = CampaignMemory.for_campaign(c, memory_url)
    try:
        assert again.lexical.live_ids() == set(want)
        assert again.lexical.search("brass key", 1)[0][0] == f"turn-{seqs['hide']}"
    finally:
        again.close()
