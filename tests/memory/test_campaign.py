"""Campaign semantics: names and text are data, the log is append-only and folds to the state, rewinds and undo,
rejected calls, tamper detection (at open by the hash chain; behind a resealed chain by the fold and the replay),
and determinism from the master seed.

Every campaign here lives under pytest's ``tmp_path``; nothing touches the real home.
"""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path

import pytest

from narrator.memory.campaign import Campaign, delete_campaign, derive_seed, list_campaigns
from forge import reseal
from narrator.memory.errors import BadCampaignName, CampaignCorrupt
from narrator.memory.paths import safe_name
from narrator.memory.store import DB_FILE, canonical
from narrator.tools.errors import ToolArgumentError, ToolCallError, UnknownToolError
from narrator.tools.phrases import said, say, steps_of


@pytest.fixture
def root(tmp_path: Path) -> Path:
    return tmp_path / "campaigns"


@pytest.fixture
def campaign(root):
    c = Campaign.new("main", "minim", seed=42, root=root)
    yield c
    c.close()


def _dump(c: Campaign) -> dict:
    return c.state.model_dump(mode="json")


def _rows(db: Path) -> list[tuple[int, str, str, str]]:
    conn = sqlite3.connect(db)
    try:
        return conn.execute("SELECT seq, kind, payload, created_at FROM events ORDER BY seq").fetchall()
    finally:
        conn.close()


def _assert_consistent(c: Campaign) -> None:
    """The promise after every event: live state == fold of the log == the snapshot's state."""
    folded = c.fold(c.events())
    assert folded == c.state
    snap = c.store.snapshot()
    assert snap is not None
    assert canonical(snap[1]) == canonical(_dump(c))


# -- names are data --------------------------------------------------------------------------------------------
BAD_NAMES = [
    "../escape",
    "../../etc/passwd",
    "a/../../b",
    "/absolute",
    "sub/dir",
    "back\\slash",
    "nul\x00byte",
    "\x00",
    "line1\nline2",
    "a\r\nb",
    "tab\tname",
    "a" * 100,
    "a" * 65,
    "",
    "   ",
    ".",
    "..",
    ".hidden",
    "-dash-first",
    "dots..inside",
    "~",
    "~/home",
    "$HOME",
    "semi;colon",
    "quote'name",
]


def _tree(path: Path) -> set[str]:
    return {str(p.relative_to(path)) for p in path.rglob("*")}


@pytest.mark.parametrize("name", BAD_NAMES, ids=[repr(n)[:30] for n in BAD_NAMES])
def test_bad_campaign_names_are_rejected_and_create_nothing(tmp_path, name):
    root = tmp_path / "root" / "campaigns"
    root.mkdir(parents=True)
    before = _tree(tmp_path)
    with pytest.raises(BadCampaignName):
        Campaign.new(name, "minim", seed=1, root=root)
    with pytest.raises(BadCampaignName):
        Campaign.open(name, root=root)
    with pytest.raises(BadCampaignName):
        delete_campaign(name, root=root)
    assert _tree(tmp_path) == before
    assert list_campaigns(root) == []


def test_bad_name_message_is_short_and_safe():
    with pytest.raises(BadCampaignName) as info:
        safe_name("x" * 1000 + "/../..")
    assert len(str(info.value)) < 300


@pytest.mark.parametrize("name", ["My Campaign", "a", "a" * 64, "run_2.final-cut", "0day"])
def test_good_names_live_directly_under_the_root(root, name):
    with Campaign.new(name, "minim", seed=1, root=root) as c:
        assert c.name == name
    assert (root / name / DB_FILE).is_file()
    assert [p.name for p in root.iterdir()] == [name]
    assert list_campaigns(root) == [name]


# -- text is data ----------------------------------------------------------------------------------------------
NASTY_TEXTS = [
    "'); DROP TABLE events; --",
    "Robert'); DROP TABLE students;--",
    "\"; DELETE FROM snapshot; SELECT \"",
    "it's a \"quoted\" `backticked` \\backslashed\\ line",
    "' OR '1'='1",
    "ünïcödé — 🐉 dragons; 中文",
    "nul \x00 inside and\nnewlines\r\n and \t tabs",
    "%s %d {0} {text} $1 ?",
]


def _table_names(db: Path) -> set[str]:
    conn = sqlite3.connect(db)
    try:
        return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    finally:
        conn.close()


def test_sql_and_quotes_in_text_round_trip_exactly(root):
    with Campaign.new("texts", "minim", seed=5, root=root) as c:
        for text in NASTY_TEXTS:
            c.call("table_set_scene", {"text": text})
            assert c.state.scene == text
            seq = c.say("narration", text)
            assert c.events()[-1].payload["text"] == text and c.events()[-1].seq == seq
            c.say("player", text, speaker=text)
            _assert_consistent(c)
        count = len(c.events())
    db = root / "texts" / DB_FILE
    assert {"meta", "events", "snapshot"} <= _table_names(db)
    with Campaign.open("texts", root=root) as c:
        events = c.events()
        assert len(events) == count
        narrated = [e.payload["text"] for e in events if e.kind == "narration"]
        assert narrated == NASTY_TEXTS
        scenes = [e.payload["args"]["text"] for e in events if e.kind == "tool_call"]
        assert scenes == NASTY_TEXTS
        assert [e.payload["speaker"] for e in events if e.kind == "player"] == NASTY_TEXTS
        assert c.state.scene == NASTY_TEXTS[-1]
        assert c.replay().ok
    # the stored bytes are the canonical JSON of exactly what was given
    rows = _rows(db)
    narration_rows = [json.loads(p)["text"] for _, k, p, _ in rows if k == "narration"]
    assert narration_rows == NASTY_TEXTS


def test_names_with_quotes_in_tool_args_are_stored_verbatim(campaign):
    hero = "O'Brien \"the Bold\"; DROP TABLE events; --"
    campaign.call("minim_character_random", {"name": hero})
    event = campaign.events()[-1]
    assert event.payload["args"]["name"] == hero
    assert event.payload["result"]["character"]["name"] == hero

    zones = ["O'Malley's Tavern", 'The "Red" Door', "Bobby'); DROP TABLE snapshot;--"]
    campaign.call("table_set_zones", {"zones": zones})
    assert campaign.state.zones == zones
    assert campaign.events()[-1].payload["args"]["zones"] == zones

    with pytest.raises(ToolCallError):  # an unknown (quoted) actor is rejected, and the rejection keeps the name
        campaign.call("table_condition", {"actor": hero, "condition": "prone"})
    rejected = campaign.events()[-1]
    assert rejected.kind == "tool_rejected" and rejected.payload["args"]["actor"] == hero
    _assert_consistent(campaign)
    assert campaign.replay().ok


# -- the log is append-only ------------------------------------------------------------------------------------
def _snapshot_rows(c: Campaign) -> list[tuple]:
    return [(e.seq, e.kind, e.payload_text, e.created_at) for e in c.events()]


def test_rewind_and_undo_append_and_never_delete(campaign):
    for text in ("A", "B", "C"):
        campaign.call("table_set_scene", {"text": text})
    history = _snapshot_rows(campaign)
    campaign.rewind(2)
    after_rewind = _snapshot_rows(campaign)
    assert after_rewind[: len(history)] == history and len(after_rewind) == len(history) + 1
    assert after_rewind[-1][1] == "rewind"
    undone = campaign.undo()
    assert undone == 2
    after_undo = _snapshot_rows(campaign)
    assert after_undo[: len(after_rewind)] == after_rewind and len(after_undo) == len(after_rewind) + 1
    assert [r[0] for r in after_undo] == list(range(1, len(after_undo) + 1))


def test_undo_restores_the_previous_state(campaign):
    initial = campaign.state
    campaign.call("table_set_scene", {"text": "A"})
    after_a = campaign.state
    campaign.call("table_set_zones", {"zones": ["left", "right"]})
    after_zones = campaign.state
    campaign.say("narration", "text never changes the state")
    campaign.call("minim_test", {"trait": 3})  # changes nothing: undo skips it
    campaign.call("table_set_scene", {"text": "B"})

    assert campaign.undo() is not None
    assert campaign.state == after_zones
    _assert_consistent(campaign)
    assert campaign.undo() is not None
    assert campaign.state == after_a
    assert campaign.undo() is not None
    assert campaign.state == initial
    count = len(campaign.events())
    assert campaign.undo() is None  # nothing left to undo: nothing logged
    assert len(campaign.events()) == count
    _assert_consistent(campaign)
    assert campaign.replay().ok


def test_rewind_then_more_calls_then_replay(campaign):
    states = {}
    for text in ("one", "two", "three", "four"):
        campaign.call("table_set_scene", {"text": text})
        states[campaign.store.last_seq()] = campaign.state
    campaign.rewind(3)  # after "two"
    assert campaign.state == states[3]
    campaign.call("table_set_zones", {"zones": ["hall"]})
    campaign.call("table_set_scene", {"text": "five"})
    assert campaign.state.scene == "five" and campaign.state.zones == ["hall"]
    _assert_consistent(campaign)
    campaign.rewind(1)
    assert campaign.state.scene == "" and campaign.state.zones == []
    campaign.call("table_set_scene", {"text": "six"})
    _assert_consistent(campaign)
    report = campaign.replay()
    assert report.ok, report
    assert report.events == len(campaign.events())


def test_rewind_out_of_range_is_refused_and_logs_nothing(campaign):
    count = len(campaign.events())
    for bad in (0, -1, count + 1, 10**9):
        with pytest.raises(ToolCallError):
            campaign.rewind(bad)
    assert len(campaign.events()) == count


def test_rewind_to_an_undone_event_restores_the_state_after_it(campaign):
    """``rewind(N)`` promises "the table as it was after event N" -- also when N was undone by an earlier rewind
    (a redo). Currently it returns an older state: see the report."""
    campaign.call("table_set_scene", {"text": "A"})  # seq 2
    campaign.call("table_set_scene", {"text": "B"})  # seq 3
    assert campaign.undo() == 3  # seq 4: rewind to 2
    assert campaign.state.scene == "A"
    campaign.rewind(3)  # redo: the table as it was after event 3
    assert campaign.state.scene == "B"


def test_fold_of_every_prefix_equals_the_state_at_that_time(root):
    rng = random.Random(11)
    with Campaign.new("prefixes", "minim", seed=9, root=root) as c:
        seen = {1: c.state}
        for i in range(60):
            _random_step(c, rng, i)
            seen[c.store.last_seq()] = c.state
        events = c.events()
        for seq, state in seen.items():
            assert c.fold([e for e in events if e.seq <= seq]) == state, f"fold up to {seq}"
        assert c.replay().ok


# -- snapshot == fold after every call -------------------------------------------------------------------------
def _random_step(c: Campaign, rng: random.Random, i: int) -> None:
    roll = rng.random()
    try:
        if roll < 0.25:
            c.call("table_set_scene", {"text": f"scene {i} '{rng.random()}'"})
        elif roll < 0.4:
            c.call("table_set_zones", {"zones": [f"z{j}" for j in range(rng.randint(1, 4))]})
        elif roll < 0.5:
            c.say(rng.choice(["narration", "player", "note"]), f"line {i}")
        elif roll < 0.6:
            c.call("minim_test", {"trait": rng.randint(1, 5)})
        elif roll < 0.7:
            c.call("table_set_scene", {"text": ""})  # rejected: too short
        elif roll < 0.75:
            c.call("no_such_tool", {})
        elif roll < 0.8:
            c.call("table_next_turn", {})  # rejected: no combat running
        elif roll < 0.9:
            c.undo()
        else:
            c.rewind(rng.randint(1, c.store.last_seq()))
    except ToolCallError:
        pass


def test_snapshot_equals_fold_after_every_call(root):
    rng = random.Random(2024)
    with Campaign.new("snap", "minim", seed=77, root=root) as c:
        _assert_consistent(c)
        for i in range(120):
            _random_step(c, rng, i)
            _assert_consistent(c)
        assert c.replay().ok
        final = c.state
        kinds = {e.kind for e in c.events()}
    assert {"tool_call", "tool_rejected", "rewind", "narration"} <= kinds
    with Campaign.open("snap", root=root) as c:
        assert c.state == final
        _assert_consistent(c)


def test_snapshot_is_current_after_every_event(campaign):
    """The snapshot is rewritten in the transaction of every event, so an open never has to fold the whole log.
    Fails today for ``tool_rejected`` events, which are appended without a state: see the report."""
    campaign.call("table_set_scene", {"text": "A"})
    assert campaign.store.snapshot()[0] == campaign.store.last_seq()
    with pytest.raises(ToolCallError):
        campaign.call("table_set_scene", {"text": ""})
    assert campaign.store.snapshot()[0] == campaign.store.last_seq()


# -- rejected calls --------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "tool, args, error",
    [
        ("table_set_scene", {"text": ""}, ToolArgumentError),
        ("table_set_scene", {"text": "x", "extra": 1}, ToolArgumentError),
        ("table_set_scene", "{not json", ToolArgumentError),
        ("table_set_scene", ["a", "list"], ToolArgumentError),
        ("table_set_zones", {"zones": ["same", "SAME"]}, ToolArgumentError),
        ("table_move", {"actor": "Nobody", "zone": "nowhere"}, ToolArgumentError),
        ("table_next_turn", {}, ToolArgumentError),
        ("minim_test", {"trait": 99}, ToolArgumentError),
        ("no_such_tool", {"x": 1}, UnknownToolError),
    ],
)
def test_rejected_call_is_logged_and_changes_nothing(campaign, tool, args, error):
    campaign.call("table_set_scene", {"text": "before"})
    state = campaign.state
    snapshot = campaign.store.snapshot()[1]
    count = len(campaign.events())
    with pytest.raises(error) as info:
        campaign.call(tool, args)
    events = campaign.events()
    assert len(events) == count + 1
    rejected = events[-1]
    assert rejected.kind == "tool_rejected"
    assert rejected.payload == {"tool": tool, "args": args, "error": str(info.value)}
    assert campaign.state == state
    assert campaign.store.snapshot()[1] == snapshot
    assert campaign.fold(events) == state
    assert campaign.replay().ok
    # the next accepted call gets the next seq and its own seed
    campaign.call("table_set_scene", {"text": "after"})
    last = campaign.events()[-1]
    assert last.seq == count + 2 and last.payload["seed"] == derive_seed(42, count + 2)


def test_rejected_call_with_non_json_args_is_still_logged(campaign):
    """A Python caller may pass values JSON cannot hold; the call must still be rejected as a ToolCallError and
    logged (today the logging itself raises TypeError: see the report)."""
    count = len(campaign.events())
    with pytest.raises(ToolCallError):
        campaign.call("table_set_scene", {"text": object()})
    assert len(campaign.events()) == count + 1
    assert campaign.events()[-1].kind == "tool_rejected"


def test_say_rejects_unknown_kind_and_logs_nothing(campaign):
    count = len(campaign.events())
    with pytest.raises(ValueError):
        campaign.say("tool_call", "sneaky")
    assert len(campaign.events()) == count


# -- tampering: the chain finds it at open; behind a resealed chain, the replay does ---------------------------
def _tamper(db: Path, seq: int, edit, seal: bool = True) -> None:
    """Edit one payload in place; with ``seal`` also recompute the hash chain as a forger would (forge.reseal)."""
    conn = sqlite3.connect(db)
    try:
        (text,) = conn.execute("SELECT payload FROM events WHERE seq = ?", (seq,)).fetchone()
        payload = json.loads(text)
        edit(payload)
        conn.execute("UPDATE events SET payload = ? WHERE seq = ?", (canonical(payload), seq))
        conn.commit()
    finally:
        conn.close()
    if seal:
        reseal(db)


def _history(root: Path) -> dict[str, int]:
    """A campaign with a few calls; returns the seq of each call by label."""
    seqs = {}
    with Campaign.new("tamper", "minim", seed=1234, root=root) as c:
        c.call("table_set_scene", {"text": "the gate"})
        seqs["scene"] = c.store.last_seq()
        c.say("narration", "the gate creaks")
        c.call("minim_test", {"trait": 3})
        seqs["test"] = c.store.last_seq()
        c.call("table_set_zones", {"zones": ["gate", "yard"]})
        seqs["zones"] = c.store.last_seq()
        c.call("minim_test", {"trait": 2, "modifier": 1})
        seqs["test2"] = c.store.last_seq()
        assert c.replay().ok
    return seqs


def test_an_edited_payload_is_refused_at_open_naming_the_event(root):
    seqs = _history(root)
    db = root / "tamper" / DB_FILE
    _tamper(db, seqs["test"], lambda p: p["result"]["dice"][0].update(face=1 + p["result"]["dice"][0]["face"] % 6),
            seal=False)
    before = db.read_bytes()
    with pytest.raises(CampaignCorrupt) as info:
        Campaign.open("tamper", root=root)
    assert f"event {seqs['test']} was changed" in str(info.value) and str(db) in str(info.value)
    assert db.read_bytes() == before


def test_replay_reports_tampered_dice_with_seq_and_field(root):
    seqs = _history(root)
    db = root / "tamper" / DB_FILE
    original = {}

    def edit(p):
        original["face"] = p["result"]["dice"][0]["face"]
        p["result"]["dice"][0]["face"] = 6 if original["face"] != 6 else 1

    _tamper(db, seqs["test"], edit)
    with Campaign.open("tamper", root=root) as c:
        report = c.replay()
    assert not report.ok
    d = report.divergence
    assert d.seq == seqs["test"] and d.tool == "minim_test"
    assert d.field == "result.dice[0].face"
    assert d.replayed == original["face"] and d.logged != original["face"]
    assert str(seqs["test"]) in d.text() and "result.dice[0].face" in d.text()


def test_replay_reports_the_first_of_several_tamperings(root):
    seqs = _history(root)
    db = root / "tamper" / DB_FILE
    _tamper(db, seqs["test2"], lambda p: p["result"].update(summary="forged later"))
    _tamper(db, seqs["test"], lambda p: p["result"].update(summary="Target 99: rolled 6 and 6"))
    with Campaign.open("tamper", root=root) as c:
        report = c.replay()
    d = report.divergence
    assert d.seq == seqs["test"] and d.tool == "minim_test"
    assert d.field == "result.summary"  # the words themselves are shown, not the numbers compared
    assert d.logged == "Target 99: rolled 6 and 6" and d.replayed.startswith("Target ")


def test_replay_compares_the_explanation_by_its_numbers(root):
    """A reworded summary or step (a later version's clearer wording) replays; the first is shown. Changing a number
    in the words, dropping a step's number or changing an outcome's name (data, not words) is a divergence."""
    seqs = _history(root)
    db = root / "tamper" / DB_FILE
    with Campaign.open("tamper", root=root) as c:
        logged = next(e.payload["result"] for e in c.events() if e.seq == seqs["test"])
    # as a campaign logged before results were data holds them: text lines, here in an older wording
    reworded = [say(line).replace("rolled", "came up").replace("Outcome", "The result") for line in logged["steps"]]
    assert reworded != said(logged["steps"])
    _tamper(db, seqs["test"], lambda p: p["result"].update(steps=reworded))
    _tamper(db, seqs["scene"], lambda p: p["result"].update(summary="The scene: the gate"))
    with Campaign.open("tamper", root=root) as c:
        report = c.replay()
    assert report.ok and report.reworded == 2
    first = report.first_reworded
    assert (first.seq, first.field, first.logged, first.replayed) == (seqs["scene"], "result.summary",
                                                                       "The scene: the gate", "Scene: the gate")

    def renumber(p):
        p["result"]["steps"][0] = say(p["result"]["steps"][0]).replace(str(p["result"]["dice"][0]["face"]), "9", 1)

    _tamper(db, seqs["test2"], renumber)
    with Campaign.open("tamper", root=root) as c:
        report = c.replay()
    assert report.divergence.seq == seqs["test2"] and report.divergence.field == "result.steps"
    assert "9" in report.divergence.logged[0] and report.reworded == 2


def test_a_resealed_change_to_the_table_is_refused_at_open_by_the_fold(root):
    """Forging what an event did to the table, even with the chain recomputed, makes the fold disagree with the
    snapshot: the open folds every event since the last verified checkpoint."""
    seqs = _history(root)
    _tamper(root / "tamper" / DB_FILE, seqs["scene"], lambda p: p["result"]["changes"][0].update(text="forged scene"))
    with pytest.raises(CampaignCorrupt) as info:
        Campaign.open("tamper", root=root)
    assert "differs from the fold of the log" in str(info.value)


def test_replay_reports_tampered_seed(root):
    seqs = _history(root)
    _tamper(root / "tamper" / DB_FILE, seqs["zones"], lambda p: p.update(seed=p["seed"] + 1))
    with Campaign.open("tamper", root=root) as c:
        report = c.replay()
    assert report.divergence.seq == seqs["zones"] and report.divergence.field == "seed"


def _forge_snapshot(root: Path, checkpoint_too: bool) -> None:
    _history(root)
    db = root / "tamper" / DB_FILE
    conn = sqlite3.connect(db)
    (text,) = conn.execute("SELECT state FROM snapshot").fetchone()
    state = json.loads(text)
    state["scene"] = "forged"
    conn.execute("UPDATE snapshot SET state = ?", (canonical(state),))
    conn.commit()
    conn.close()
    reseal(db, checkpoint_from_snapshot=checkpoint_too)


def test_a_resealed_snapshot_is_refused_at_open_by_the_fold(root):
    _forge_snapshot(root, checkpoint_too=False)
    with pytest.raises(CampaignCorrupt) as info:
        Campaign.open("tamper", root=root)
    assert "differs from the fold of the log" in str(info.value)


def test_replay_notices_a_tampered_snapshot(root):
    """A forger who also rewrites the checkpoint gets past the open; the full fold and the replay do not."""
    _forge_snapshot(root, checkpoint_too=True)
    with Campaign.open("tamper", root=root) as c:
        report = c.replay()
        assert report.divergence is None and not report.state_matches_snapshot and not report.ok
        assert c.fold(c.events()).scene == "the gate"
        with pytest.raises(CampaignCorrupt):
            c.check_fold()


# -- determinism -----------------------------------------------------------------------------------------------
def _script(c: Campaign) -> None:
    c.call("minim_character_random", {"name": "Ada"})
    c.call("table_set_scene", {"text": "a dark road"})
    c.call("minim_test", {"trait": 3, "skill": "stealth", "has_skill": True})
    c.say("narration", "the wolves circle")
    c.call("table_set_zones", {"zones": ["road", "forest"]})
    with pytest.raises(ToolCallError):
        c.call("table_set_scene", {"text": ""})
    c.call("minim_test", {"trait": 2})
    c.undo()
    c.call("minim_character_random", {"name": "Bo", "campaign": "stronger"})
    c.rewind(3)
    c.call("minim_test", {"trait": 4, "faith": True})


def _payload_texts(db: Path) -> list[tuple[int, str, str]]:
    rows = []
    for seq, kind, payload, _created in _rows(db):
        if kind == "campaign_created":  # holds the campaign's name, which differs on purpose
            p = json.loads(payload)
            p.pop("name")
            payload = canonical(p)
        rows.append((seq, kind, payload))
    return rows


def test_same_seed_and_calls_give_byte_identical_payloads(root):
    for name in ("first", "second"):
        with Campaign.new(name, "minim", seed=987654321, root=root) as c:
            _script(c)
    with Campaign.new("other seed", "minim", seed=987654322, root=root) as c:
        _script(c)
    first = _payload_texts(root / "first" / DB_FILE)
    second = _payload_texts(root / "second" / DB_FILE)
    other = _payload_texts(root / "other seed" / DB_FILE)
    assert first == second
    assert len(first) == len(other) and first != other  # the seed matters: the comparison is not vacuous
    for seq, kind, payload in first:
        if kind == "tool_call":
            assert json.loads(payload)["seed"] == derive_seed(987654321, seq)
    with Campaign.open("first", root=root) as a, Campaign.open("second", root=root) as b:
        assert a.state == b.state
        assert a.replay().ok and b.replay().ok


def test_derive_seed_depends_on_master_seed_and_position_only():
    assert derive_seed(1, 5) == derive_seed(1, 5)
    assert len({derive_seed(1, s) for s in range(1, 200)}) == 199
    assert derive_seed(1, 5) != derive_seed(2, 5)
    assert 0 <= derive_seed(2**63 - 1, 10**9) < 2**64


def test_a_total_party_kill_is_recorded_once_in_the_log(campaign):
    """"A total-party kill happens if all-players lose all their health then the game ends": when a call leaves
    every player-character down, a ``party_down`` event follows it — never folded, shown by the export."""
    from narrator.memory.export import export_markdown

    for name in ("Aria", "Brom"):
        campaign.call("minim_add_random_character", {"name": name})
    campaign.call("minim_add_npc", {"concept": "wolf", "tier": 2})
    campaign.call("minim_damage", {"target": "Aria", "amount": 9, "reason": "a rockfall"})
    campaign.call("minim_damage", {"target": "Wolf", "amount": 9, "reason": "the same rockfall"})
    assert "party_down" not in [e.kind for e in campaign.events()]  # an NPC down is no party kill
    campaign.call("minim_damage", {"target": "Brom", "amount": 9, "reason": "the same rockfall"})
    last = campaign.events()[-1]
    assert last.kind == "party_down" and last.payload["after"] == last.seq - 1
    assert "Total-party kill" in last.payload["text"] and "minim.md#Health" in last.payload["text"]
    assert "every player-character is down (Aria, Brom: " in last.payload["text"]  # who, and the book's word for it
    campaign.call("minim_damage", {"target": "Brom", "amount": 1, "reason": "kicked while down"})
    assert [e.kind for e in campaign.events()].count("party_down") == 1
    assert campaign.fold(campaign.events()) == campaign.state
    assert campaign.replay().ok
    assert f"*Event {last.seq} (party_down):* Total-party kill" in export_markdown(campaign)
    campaign.undo()
    campaign.undo()  # Brom stands again: no longer a party kill, and the next knock-out is recorded again
    campaign.call("minim_damage", {"target": "Brom", "amount": 9, "reason": "a second rockfall"})
    assert [e.kind for e in campaign.events()].count("party_down") == 2


def test_a_call_runs_on_its_arguments_as_the_log_holds_them(root):
    """The log keeps arguments with their keys sorted; a tool whose explanation follows their order (Minim's powers)
    ran on the typed order, so its replay read "contacts, healing" where the live call said "healing, contacts"
    (found playing the wizard). The live call now runs on the logged form: the replay is the same to the letter."""
    args = {"name": "Mara", "traits": {"brain": 4, "brawl": 3, "brass": 2}, "powers": {"healing": 2, "contacts": 2},
            "skills": ["art", "cure", "knowledge", "stealth", "fight", "perception"], "virtue": "courage",
            "vice": "greed"}
    with Campaign.new("order", "minim", seed=7, root=root) as c:
        result = c.call("minim_add_character", args)
        assert "(contacts +2, healing +2)" in " ".join(steps_of(result))
        report = c.replay()
    assert report.ok and report.reworded == 0 and report.first_reworded is None


def test_a_logged_result_is_shown_again_in_the_tools_order(root):
    """The log stores keys sorted; re-run from its seed on the table it saw, a result keeps the tool's order (Brew's
    odds: failure, success, perfect, astounding — not alphabetical)."""
    c = Campaign.new("order", "brew", seed=3, root=root)
    live = c.call("brew_check", {"attribute": 2, "skill": 3, "difficulty": 8})
    event = [e for e in c.events() if e.kind == "tool_call"][-1]
    assert list(event.payload["result"]["odds"]["distribution"]) == ["astounding", "failure", "perfect", "success"]
    again = c.result_of(event)
    assert list(again.odds.distribution) == list(live.odds.distribution) == ["failure", "success", "perfect",
                                                                                 "astounding"]
    assert canonical(again.model_dump(mode="json")) == canonical(event.payload["result"])
    from narrator.memory.export import export_markdown

    odds = export_markdown(c).split("| outcome |")[-1]  # the export walks the log the same way
    assert odds.index("failure") < odds.index("success") < odds.index("perfect") < odds.index("astounding")


def test_a_logged_result_the_code_no_longer_makes_is_shown_as_logged(root):
    from dataclasses import replace

    c = Campaign.new("changed", "brew", seed=3, root=root)
    c.call("brew_check", {"attribute": 2, "skill": 3, "difficulty": 8})
    event = [e for e in c.events() if e.kind == "tool_call"][-1]
    edited = json.loads(json.dumps(event.payload))
    edited["result"]["odds"]["p_success"] = 0.5  # as if an older engine had logged it
    assert c.result_of(replace(event, payload=edited)).odds.p_success == 0.5
