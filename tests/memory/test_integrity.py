"""Damage is detected at open, never served, never backed up, and restore puts back a copy that passes the full
verification. Real SQLite files under ``tmp_path``; edits made the way a bit flip or a hand edit makes them.

The red-team findings these hold (issue 18): bit flips inside events passed every check and ``show``, ``sheet`` and
``call`` kept working on damaged data while ``replay``, ``undo`` and ``export`` died with a ``JSONDecodeError``; a
hand-edited snapshot (faith 4 → 9) was shown and spent from; every open of a damaged file took a fresh backup and
dropped the oldest good one; an older copy of the database opened as if nothing was missing.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from forge import reseal
from narrator.memory.campaign import Campaign
from narrator.memory.errors import CampaignCorrupt, CampaignDataLost, CampaignError
from narrator.memory.integrity import GENESIS, event_hash, state_digest
from narrator.memory.store import BACKUP_DIR, DB_FILE, SCHEMA_VERSION, canonical, list_backups
from narrator.cli import main


@pytest.fixture
def root(tmp_path: Path) -> Path:
    return tmp_path / "campaigns"


def cli(capsys, root: Path, *argv: str) -> tuple[int, str, str]:
    code = main(["--campaign-dir", str(root), *argv])
    out, err = capsys.readouterr()
    return code, out, err


def _play(root: Path, name: str = "story", seed: int = 11) -> Path:
    """A campaign with a character, a scene, checks and narration, opened once more so a backup exists."""
    with Campaign.new(name, "minim", seed=seed, root=root) as c:
        c.call("minim_add_random_character", {"name": "Aria"})
        c.call("table_set_scene", {"text": "the old mill"})
        c.say("narration", "Wind turns the broken sails.")
        c.call("minim_check", {"actor": "Aria", "skill": "stealth"})
    with Campaign.open(name, root=root) as c:
        c.call("table_set_zones", {"zones": ["mill", "yard"]})
        c.say("player", "I climb to the loft")
    return root / name / DB_FILE


def _sql(db: Path, statement: str, *params) -> None:
    conn = sqlite3.connect(db)
    try:
        conn.execute(statement, params)
        conn.commit()
    finally:
        conn.close()


def _rows(db: Path, sql: str) -> list[tuple]:
    conn = sqlite3.connect(db)
    try:
        return conn.execute(sql).fetchall()
    finally:
        conn.close()


# -- the chain ---------------------------------------------------------------------------------------------------
def _assert_chained(db: Path) -> None:
    rows = _rows(db, "SELECT seq, kind, created_at, payload, prev_hash, hash FROM events ORDER BY seq")
    prev = GENESIS
    for seq, kind, created, payload, stored_prev, stored in rows:
        assert stored_prev == prev
        assert stored == event_hash(prev, seq, kind, created, payload)
        prev = stored
    (seq, state, bound, digest), = _rows(db, "SELECT seq, state, event_hash, digest FROM snapshot")
    assert seq == rows[-1][0] and bound == rows[-1][5] and digest == state_digest("snapshot", seq, bound, state)
    assert _rows(db, "PRAGMA user_version") == [(SCHEMA_VERSION,)]


def test_every_event_is_chained_to_the_one_before(root):
    _assert_chained(_play(root))


EDITS = {
    "payload": lambda db, seq: _sql(db, "UPDATE events SET payload = replace(payload, ':', ': ') WHERE seq = ?", seq),
    "kind": lambda db, seq: _sql(db, "UPDATE events SET kind = 'note' WHERE seq = ?", seq),
    "time": lambda db, seq: _sql(db, "UPDATE events SET created_at = '1999-01-01T00:00:00+00:00' WHERE seq = ?", seq),
    "removed": lambda db, seq: _sql(db, "DELETE FROM events WHERE seq = ?", seq),
    "hash": lambda db, seq: _sql(db, "UPDATE events SET hash = ? WHERE seq = ?", "f" * 64, seq),
    "not JSON": lambda db, seq: _sql(db, "UPDATE events SET payload = substr(payload, 2) WHERE seq = ?", seq),
}


@pytest.mark.parametrize("edit", list(EDITS), ids=list(EDITS))
def test_an_edited_event_is_refused_at_open_and_restore_recovers(root, capsys, edit):
    db = _play(root)
    EDITS[edit](db, 2)
    damaged = db.read_bytes()
    for command in (["campaign", "show", "story"], ["sheet", "Aria", "-c", "story"],
                    ["call", "table_set_scene", "-c", "story", "--args", '{"text": "x"}'], ["replay", "story"],
                    ["undo", "-c", "story"], ["campaign", "export", "story"]):
        code, out, err = cli(capsys, root, *command)
        assert code == 2 and out == "" and "Traceback" not in err, (command, err)
        assert "is damaged" in err and "event 2" in err and "restore" in err, (command, err)
    assert db.read_bytes() == damaged  # refused without writing

    code, out, err = cli(capsys, root, "campaign", "restore", "story")
    assert code == 0, err
    with Campaign.open("story", root=root) as c:
        assert c.verify().ok


def test_a_hand_edited_snapshot_is_refused_and_nothing_is_spent(root, capsys):
    """The red-team's edit: a character's faith raised in the snapshot by hand. It showed as "Faith 9/4" and the next
    call spent from it."""
    db = _play(root)
    (state_text,) = _rows(db, "SELECT state FROM snapshot")[0]
    state = json.loads(state_text)
    assert state["characters"]["Aria"]["faith"] < 9
    state["characters"]["Aria"]["faith"] = 9
    _sql(db, "UPDATE snapshot SET state = ?", canonical(state))
    events = _rows(db, "SELECT COUNT(*) FROM events")

    code, out, err = cli(capsys, root, "sheet", "Aria", "-c", "story")
    assert code == 2 and "Faith" not in out and "snapshot" in err and "changed" in err
    code, _, err = cli(capsys, root, "call", "minim_check", "-c", "story",
                       "--args", '{"actor": "Aria", "skill": "stealth", "faith": true}')
    assert code == 2 and "snapshot" in err
    assert _rows(db, "SELECT COUNT(*) FROM events") == events  # nothing spent, nothing logged

    assert cli(capsys, root, "campaign", "restore", "story")[0] == 0
    code, out, _ = cli(capsys, root, "sheet", "Aria", "-c", "story", "--json")
    assert code == 0 and json.loads(out)["faith"] < 9


def test_a_forged_payload_that_is_not_json_is_campaign_corrupt_with_its_seq(root, capsys):
    """Even behind a recomputed chain, a payload that is not JSON never surfaces as a JSONDecodeError traceback."""
    db = _play(root)
    _sql(db, "UPDATE events SET payload = '{\"text\": broken' WHERE seq = 2")  # before the checkpoint
    reseal(db)
    code, _, err = cli(capsys, root, "replay", "story")
    assert code == 2 and "event 2" in err and "not valid JSON" in err and "Traceback" not in err
    for command in (["campaign", "export", "story"], ["undo", "-c", "story"], ["campaign", "verify", "story"]):
        code, _, err = cli(capsys, root, *command)
        assert code == 2 and "event 2" in err, (command, err)


def test_a_deleted_tail_with_its_snapshot_rolled_back_is_refused(root):
    """Dropping the last events and pointing the snapshot at an older event leaves a consistent-looking file; the
    snapshot's digest (bound to its seq) and the checkpoint give it away."""
    db = _play(root)
    last = _rows(db, "SELECT MAX(seq) FROM events")[0][0]
    _sql(db, "DELETE FROM events WHERE seq = ?", last)
    _sql(db, "UPDATE snapshot SET seq = ?, event_hash = (SELECT hash FROM events WHERE seq = ?)", last - 1, last - 1)
    with pytest.raises(CampaignCorrupt):
        Campaign.open("story", root=root)


def test_campaign_settings_must_agree_with_the_first_event(root):
    db = _play(root)
    _sql(db, "UPDATE meta SET value = '12345' WHERE key = 'master_seed'")
    with pytest.raises(CampaignCorrupt) as info:
        Campaign.open("story", root=root)
    assert "master_seed" in str(info.value)


# -- upgrading a version-1 campaign ------------------------------------------------------------------------------
def _as_v1(db: Path, target: Path) -> None:
    """Write ``target`` exactly as narrator's schema 1 stored a campaign (no chain, no checkpoint)."""
    src = sqlite3.connect(db)
    out = sqlite3.connect(target)
    out.execute("PRAGMA journal_mode = WAL")
    out.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    out.execute("CREATE TABLE events (seq INTEGER PRIMARY KEY, kind TEXT NOT NULL, payload TEXT NOT NULL, "
                "created_at TEXT NOT NULL)")
    out.execute("CREATE TABLE snapshot (id INTEGER PRIMARY KEY CHECK (id = 1), seq INTEGER NOT NULL "
                "REFERENCES events(seq), state TEXT NOT NULL)")
    out.executemany("INSERT INTO meta VALUES (?, ?)", src.execute("SELECT key, value FROM meta"))
    out.executemany("INSERT INTO events VALUES (?, ?, ?, ?)",
                    src.execute("SELECT seq, kind, payload, created_at FROM events"))
    out.executemany("INSERT INTO snapshot VALUES (1, ?, ?)", src.execute("SELECT seq, state FROM snapshot"))
    out.execute("PRAGMA user_version = 1")
    out.commit()
    out.close()
    src.close()


def test_a_version_1_campaign_is_upgraded_by_computing_the_chain_once(root):
    db = _play(root)
    before = _rows(db, "SELECT seq, kind, payload, created_at FROM events ORDER BY seq")
    old = root / "old.sqlite"
    _as_v1(db, old)
    shutil.rmtree(root / "story" / BACKUP_DIR)
    shutil.move(old, db)
    with Campaign.open("story", root=root) as c:
        assert c.store.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert c.verify().ok
        c.say("narration", "after the upgrade")
    assert _rows(db, "SELECT seq, kind, payload, created_at FROM events ORDER BY seq")[:-1] == before
    _assert_chained(db)


def test_a_damaged_version_1_campaign_is_refused_not_sealed(root):
    db = _play(root)
    old = root / "old.sqlite"
    _as_v1(db, old)
    shutil.move(old, db)
    _sql(db, "UPDATE events SET payload = substr(payload, 1, length(payload) - 1) WHERE seq = 3")
    damaged = db.read_bytes()
    with pytest.raises(CampaignCorrupt) as info:
        Campaign.open("story", root=root)
    assert "event 3" in str(info.value)
    assert db.read_bytes() == damaged and _rows(db, "PRAGMA user_version") == [(1,)]


# -- backups -----------------------------------------------------------------------------------------------------
def _backup_bytes(root: Path, name: str = "story") -> dict[str, bytes]:
    return {b.path.name: b.path.read_bytes() for b in list_backups(root / name / BACKUP_DIR)}


def test_a_damaged_file_is_never_backed_up_so_good_backups_survive(root, capsys):
    """Every open of a damaged file used to take a backup and drop the oldest: after five commands no good backup
    was left and restore put back a damaged copy."""
    db = _play(root)
    good = _backup_bytes(root)
    assert good
    EDITS["payload"](db, 3)
    for _ in range(8):
        assert cli(capsys, root, "campaign", "show", "story")[0] == 2
    assert _backup_bytes(root) == good
    assert cli(capsys, root, "campaign", "restore", "story")[0] == 0
    with Campaign.open("story", root=root) as c:
        assert c.verify().ok


def test_an_unchanged_campaign_is_not_backed_up_again(root):
    _play(root)
    before = _backup_bytes(root)
    for _ in range(8):
        Campaign.open("story", root=root).close()
    after = _backup_bytes(root)
    assert len(after) == len(before) + 1  # the first reopen saw the writes of the last session; then nothing new


def test_a_backup_mid_session_is_checked_first_and_not_repeated(root):
    _play(root)
    with Campaign.open("story", root=root) as c:
        c.say("note", "saved by hand")
        first = c.store.backup()  # what the game's /save calls: the checks run again, then the copy
        assert f"seq{c.store.last_seq()}-" in first.name
        assert c.store.backup() == first  # nothing new: the same backup, no copy


def test_restore_takes_the_newest_backup_that_passes_the_full_verification(root):
    db = _play(root)
    with Campaign.open("story", root=root) as c:  # a third backup, then more events
        c.say("note", "later")
    backups = list_backups(root / "story" / BACKUP_DIR)
    newest, older = backups[-1].path, backups[-2].path
    # the newest backup: a forged snapshot with the chain and checkpoint recomputed — only the full fold sees it
    (state_text,) = _rows(newest, "SELECT state FROM snapshot")[0]
    state = json.loads(state_text)
    state["scene"] = "forged"
    _sql(newest, "UPDATE snapshot SET state = ?", canonical(state))
    reseal(newest, checkpoint_from_snapshot=True)
    EDITS["hash"](db, 1)

    with pytest.raises(CampaignCorrupt):
        Campaign.open("story", root=root)
    from narrator.memory.campaign import restore_campaign

    assert restore_campaign("story", root).backup == older
    assert (newest.parent / (newest.name + ".bad")).exists() and not newest.exists()
    with Campaign.open("story", root=root) as c:
        assert c.verify().ok and c.state.scene == "the old mill"


def test_restore_refuses_a_healthy_campaign_unless_forced(root, capsys):
    _play(root)
    code, _, err = cli(capsys, root, "campaign", "restore", "story")
    assert code == 2 and "not damaged" in err and "--force" in err
    code, _, _ = cli(capsys, root, "campaign", "restore", "story", "--force")
    assert code == 0 and (root / "story" / f"{DB_FILE}.damaged-1").exists()


def test_restore_with_no_good_backup_changes_nothing(root):
    db = _play(root)
    for b in list_backups(root / "story" / BACKUP_DIR):
        EDITS["payload"](b.path, 3)
    EDITS["payload"](db, 3)
    damaged = db.read_bytes()
    from narrator.memory.campaign import restore_campaign

    with pytest.raises(CampaignCorrupt) as info:
        restore_campaign("story", root)
    assert "passes verification" in str(info.value) and "event 3" in str(info.value)
    assert db.read_bytes() == damaged and not (root / "story" / f"{DB_FILE}.damaged-1").exists()


def test_verify_reports_each_backup(root, capsys):
    _play(root)
    code, out, _ = cli(capsys, root, "campaign", "verify", "story")
    assert code == 0 and "hash chain intact" in out and "replayed to the same results" in out
    assert out.count("good (") == len(list_backups(root / "story" / BACKUP_DIR))
    EDITS["payload"](list_backups(root / "story" / BACKUP_DIR)[0].path, 3)
    code, out, _ = cli(capsys, root, "campaign", "verify", "story")
    assert code == 0 and "NOT usable: event 3 was changed" in out
    EDITS["payload"](root / "story" / DB_FILE, 3)  # a refused campaign still shows which backup restore would use
    code, out, err = cli(capsys, root, "campaign", "verify", "story")
    assert code == 2 and "is damaged" in err and "good (" in out and "NOT usable" in out


# -- lost events -------------------------------------------------------------------------------------------------
def test_an_older_copy_of_the_database_is_refused_when_the_newest_backup_knows_more(root, capsys):
    """What a lost WAL or a stale copy looks like from outside: a log that is a strict prefix of the newest backup."""
    db = _play(root)
    stale = root / "stale.sqlite"
    shutil.copyfile(db, stale)
    with Campaign.open("story", root=root) as c:
        c.say("narration", "this is remembered by the next backup")
    Campaign.open("story", root=root).close()  # the backup that holds it
    shutil.copyfile(stale, db)
    with pytest.raises(CampaignDataLost) as info:
        Campaign.open("story", root=root)
    assert "missing" in str(info.value) and "restore" in str(info.value)
    assert cli(capsys, root, "campaign", "restore", "story")[0] == 0
    with Campaign.open("story", root=root) as c:
        assert c.events()[-1].payload["text"] == "this is remembered by the next backup"


def test_a_log_behind_the_memory_index_is_refused_until_the_memory_is_set_aside(root):
    """The memory's ``indexed_seq`` (chromadb's own SQLite file, read without importing chromadb)."""
    import chromadb

    _play(root)
    last = _rows(root / "story" / DB_FILE, "SELECT MAX(seq) FROM events")[0][0]
    client = chromadb.PersistentClient(path=str(root / "story" / "chroma"))
    client.create_collection("events", metadata={"indexed_seq": last + 3, "campaign": "x", "schema": 1},
                             embedding_function=None)
    del client
    with pytest.raises(CampaignDataLost) as info:
        Campaign.open("story", root=root)
    message = str(info.value)
    assert f"events {last + 1} to {last + 3}" in message and "chroma" in message and "mv " in message
    shutil.move(root / "story" / "chroma", root / "story" / "chroma.lost")
    Campaign.open("story", root=root).close()


def test_any_campaign_error_is_a_user_error():
    from narrator.tools.errors import UserError

    assert issubclass(CampaignError, UserError)
