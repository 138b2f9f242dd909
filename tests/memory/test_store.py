"""The campaign database file: schema version, locking, one transaction per event, damage detection and recovery.

Every campaign here lives under pytest's ``tmp_path``; nothing touches the real home.
"""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest

from narrator.memory.campaign import Campaign
from narrator.memory.errors import CampaignCorrupt, CampaignExists, CampaignInUse, CampaignNotFound
from narrator.memory.store import (
    BACKUP_DIR,
    DB_FILE,
    KEEP_BACKUPS,
    SCHEMA_VERSION,
    CampaignStore,
    canonical,
    restore_backup,
)


@pytest.fixture
def root(tmp_path: Path) -> Path:
    return tmp_path / "campaigns"


def _scene(c: Campaign, text: str) -> None:
    c.call("table_set_scene", {"text": text})


def _seqs(c: Campaign) -> list[int]:
    return [e.seq for e in c.events()]


# -- schema version --------------------------------------------------------------------------------------------
def test_schema_version_is_recorded(root):
    Campaign.new("versioned", "minim", seed=1, root=root).close()
    conn = sqlite3.connect(root / "versioned" / DB_FILE)
    try:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    finally:
        conn.close()
    assert {"meta", "events", "snapshot"} <= tables
    with Campaign.open("versioned", root=root) as c:  # opening does not change a current file's version
        assert c.store.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_newer_schema_version_is_refused_clearly_and_untouched(root):
    Campaign.new("future", "minim", seed=1, root=root).close()
    db = root / "future" / DB_FILE
    conn = sqlite3.connect(db)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    before = db.read_bytes()
    with pytest.raises(CampaignCorrupt) as info:
        Campaign.open("future", root=root)
    message = str(info.value)
    assert str(db) in message
    assert "newer" in message and str(SCHEMA_VERSION + 1) in message
    assert db.read_bytes() == before
    # the refusal released the lock: the file can still be inspected and, once downgraded by hand, opened
    conn = sqlite3.connect(db)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    conn.close()
    Campaign.open("future", root=root).close()


# -- create / open basics --------------------------------------------------------------------------------------
def test_open_missing_campaign_is_not_found_and_creates_nothing(root):
    with pytest.raises(CampaignNotFound):
        Campaign.open("nobody", root=root)
    assert not (root / "nobody").exists()


def test_create_twice_refuses(root):
    Campaign.new("twice", "minim", seed=1, root=root).close()
    with pytest.raises(CampaignExists):
        Campaign.new("twice", "minim", seed=2, root=root)
    with Campaign.open("twice", root=root) as c:
        assert c.master_seed == 1


def test_canonical_is_order_independent_and_compact():
    assert canonical({"b": 1, "a": [1, {"d": 2, "c": "é"}]}) == '{"a":[1,{"c":"é","d":2}],"b":1}'
    assert canonical({"a": 1, "b": 2}) == canonical({"b": 2, "a": 1})


# -- locking within one process --------------------------------------------------------------------------------
def test_second_open_in_same_process_is_refused_and_first_stays_usable(root):
    first = Campaign.new("busy", "minim", seed=1, root=root)
    try:
        for _ in range(2):  # a refused open must not release the first holder's lock
            with pytest.raises(CampaignInUse) as info:
                Campaign.open("busy", root=root)
            assert "busy" in str(info.value) and "in use" in str(info.value)
        with pytest.raises(CampaignInUse):
            restore_backup(root / "busy")
        _scene(first, "still mine")
        assert first.state.scene == "still mine"
    finally:
        first.close()
    with Campaign.open("busy", root=root) as again:
        assert again.state.scene == "still mine"


# -- one transaction per event ---------------------------------------------------------------------------------
def test_failed_append_leaves_neither_event_nor_snapshot(root):
    with Campaign.new("atomic", "minim", seed=1, root=root) as c:
        store = c.store
        before_events = store.events()
        before_snapshot = store.snapshot()
        with pytest.raises(TypeError):  # the state cannot be encoded: fails after the INSERT, inside the transaction
            store.append("note", {"text": "never"}, {"bad": object()})
        assert store.events() == before_events
        assert store.snapshot() == before_snapshot
        assert not store.conn.in_transaction
        seq = store.append("note", {"text": "fine"}, c.state.model_dump(mode="json"))
        assert seq == before_events[-1].seq + 1


def _commits(store: CampaignStore) -> list[str]:
    seen: list[str] = []
    store.conn.set_trace_callback(lambda sql: seen.append(sql) if sql.strip().upper() == "COMMIT" else None)
    return seen


def test_a_batch_commits_its_events_once_and_reads_them_before(root):
    """A turn's events are one transaction: readable inside the batch (the same connection), committed and
    checkpointed once at its end; a nested batch commits with the outer one; outside a batch, one per event."""
    with Campaign.new("batched", "minim", seed=2, root=root) as c:
        commits = _commits(c.store)
        first = c.store.last_seq()
        with c.batch():
            c.say("player", "I look around")
            _scene(c, "the crypt")
            with c.batch():
                c.say("narration", "Dust and bones.")
            assert c.store.conn.in_transaction and not commits
            assert [e.kind for e in c.events()[first:]] == ["player", "tool_call", "narration"]
        assert commits == ["COMMIT"] and not c.store.conn.in_transaction
        _scene(c, "the nave")
        c.say("narration", "Pews, rotten.")
        assert len(commits) == 3
    with Campaign.open("batched", root=root) as c:
        assert [e.kind for e in c.events()[first:]] == ["player", "tool_call", "narration", "tool_call", "narration"]
        assert c.state.scene == "the nave"


def test_flush_commits_what_a_batch_wrote_so_far(root):
    with Campaign.new("flushed", "minim", seed=3, root=root) as c:
        commits = _commits(c.store)
        with c.batch():
            _scene(c, "the crypt")
            c.flush()
            assert commits == ["COMMIT"] and not c.store.conn.in_transaction
            c.say("narration", "Dust.")
        assert commits == ["COMMIT", "COMMIT"]
        c.flush()  # nothing pending: nothing to commit
        assert len(commits) == 2


def test_a_failed_append_in_a_batch_rolls_back_the_batch_and_the_table(root):
    """An event that cannot be written (a trigger stands in for a full disk) takes the whole uncommitted batch
    with it, and the table returns to the last committed event's state; the next turn goes on normally."""
    with Campaign.new("rolled", "minim", seed=4, root=root) as c:
        _scene(c, "the gate")
        before, state = c.events(), c.state
        c.store.conn.execute("CREATE TEMP TRIGGER full BEFORE INSERT ON events WHEN NEW.kind = 'narration' "
                             "BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END")
        with pytest.raises(sqlite3.IntegrityError, match="disk is full"):
            with c.batch():
                c.say("player", "I open the gate")
                _scene(c, "the courtyard")
                assert c.state.scene == "the courtyard"
                c.say("narration", "It creaks open.")
        assert c.events() == before and c.state is not state and c.state == state
        assert c.store.head_seq == before[-1].seq and not c.store.conn.in_transaction
        c.store.conn.execute("DROP TRIGGER full")
        with c.batch():
            _scene(c, "the courtyard")
        assert c.events()[-1].seq == before[-1].seq + 1
        assert c.verify(replay=False).ok


class _FailingCommit:
    """A connection whose next COMMIT fails (a disk that fills at the last moment), otherwise the real one."""

    def __init__(self, conn: sqlite3.Connection):
        self.conn, self.failed = conn, False

    def execute(self, sql: str, *args):
        if sql == "COMMIT" and not self.failed:
            self.failed = True
            raise sqlite3.OperationalError("disk I/O error")
        return self.conn.execute(sql, *args)

    def __getattr__(self, name: str):
        return getattr(self.conn, name)


def test_a_failed_commit_rolls_back_the_batch_and_the_table(root):
    with Campaign.new("uncommitted", "minim", seed=5, root=root) as c:
        before, state = c.events(), c.state
        real = c.store.conn
        c.store.conn = _FailingCommit(real)  # type: ignore[assignment]
        with pytest.raises(sqlite3.OperationalError, match="disk I/O"):
            with c.batch():
                c.say("player", "I light a torch")
                _scene(c, "the cellar")
        c.store.conn = real
        assert c.store.rolled_back and c.events() == before and c.state == state
        assert not real.in_transaction
        _scene(c, "the cellar")
        assert c.verify(replay=False).ok


# -- backups ---------------------------------------------------------------------------------------------------
def test_backup_at_every_open_keeps_newest_five(root):
    Campaign.new("backed", "minim", seed=1, root=root).close()
    folder = root / "backed" / BACKUP_DIR
    for i in range(KEEP_BACKUPS + 3):
        with Campaign.open("backed", root=root) as c:
            _scene(c, f"scene {i}")
    backups = sorted(folder.glob("backup-*.sqlite"))
    assert len(backups) == KEEP_BACKUPS
    # the newest backup holds what the campaign had when it was last opened
    newest = backups[-1]
    conn = sqlite3.connect(newest)
    try:
        count = conn.execute("SELECT COUNT(*) FROM events").fetchone()[0]
    finally:
        conn.close()
    assert f"seq{count}" in newest.name
    assert count == 1 + (KEEP_BACKUPS + 2)


# -- damage ----------------------------------------------------------------------------------------------------
def _garbage_middle(db: Path) -> None:
    data = bytearray(db.read_bytes())
    page = 4096
    start = (len(data) // 2) // page * page
    rng = random.Random(7)
    data[start:start + 2 * page] = bytes(rng.randrange(256) for _ in range(2 * page))
    db.write_bytes(bytes(data))


def _truncate_half(db: Path) -> None:
    data = db.read_bytes()
    db.write_bytes(data[: len(data) // 2])


def _truncate_empty(db: Path) -> None:
    db.write_bytes(b"")


def _text_file(db: Path) -> None:
    db.write_text("These are my campaign notes, not a database.\nThe dragon sleeps.\n")


DAMAGE = {
    "garbage-in-middle": _garbage_middle,
    "truncated-half": _truncate_half,
    "truncated-empty": _truncate_empty,
    "replaced-by-text": _text_file,
}


def _campaign_with_backup(root: Path, name: str) -> tuple[Path, list[tuple[int, str, str]], str]:
    """A campaign opened once (so a backup exists) and written to afterwards. Returns db, backed-up events, scene."""
    with Campaign.new(name, "minim", seed=3, root=root) as c:
        for i in range(3):
            _scene(c, f"backed-up scene {i} " + "x" * 400)
    with Campaign.open(name, root=root) as c:  # takes the backup
        backed_up = [(e.seq, e.kind, e.payload_text) for e in c.events()]
        scene = c.state.scene
        for i in range(3):
            c.say("narration", f"after the backup {i} " + "y" * 1500)
        _scene(c, "lost with the damaged file")
    db = root / name / DB_FILE
    assert not (root / name / (DB_FILE + "-wal")).exists()  # closed cleanly: everything is in the main file
    assert db.stat().st_size >= 6 * 4096
    return db, backed_up, scene


@pytest.mark.parametrize("damage", list(DAMAGE), ids=list(DAMAGE))
def test_damaged_database_is_refused_untouched_and_restorable(root, damage):
    name = f"damaged {damage}"
    db, backed_up, scene = _campaign_with_backup(root, name)
    directory = root / name
    DAMAGE[damage](db)
    damaged_bytes = db.read_bytes()

    with pytest.raises(CampaignCorrupt) as info:
        Campaign.open(name, root=root)
    assert str(db) in str(info.value)
    assert "restore" in str(info.value)  # the message names the recovery
    assert db.read_bytes() == damaged_bytes  # nothing was overwritten
    with pytest.raises(CampaignCorrupt):  # and refusing again changes nothing either
        Campaign.open(name, root=root)
    assert db.read_bytes() == damaged_bytes

    backups = sorted((directory / BACKUP_DIR).glob("backup-*.sqlite"))
    restored = restore_backup(directory)
    assert restored == backups[-1]
    kept = directory / f"{DB_FILE}.damaged-1"
    assert kept.read_bytes() == damaged_bytes
    assert db.read_bytes() == restored.read_bytes()

    with Campaign.open(name, root=root) as c:
        assert [(e.seq, e.kind, e.payload_text) for e in c.events()] == backed_up
        assert c.state.scene == scene
        assert c.replay().ok
        _scene(c, "life goes on")  # the restored campaign is writable
        assert _seqs(c) == list(range(1, len(backed_up) + 2))


def test_second_restore_keeps_both_damaged_files(root):
    db, backed_up, _ = _campaign_with_backup(root, "twice damaged")
    directory = root / "twice damaged"
    _text_file(db)
    first = db.read_bytes()
    restore_backup(directory)
    _truncate_empty(db)
    restore_backup(directory)
    assert (directory / f"{DB_FILE}.damaged-1").read_bytes() == first
    assert (directory / f"{DB_FILE}.damaged-2").read_bytes() == b""
    with Campaign.open("twice damaged", root=root) as c:
        assert c.replay().ok


def test_restore_skips_unreadable_backups(root):
    db, backed_up, _ = _campaign_with_backup(root, "bad backups")
    directory = root / "bad backups"
    good = sorted((directory / BACKUP_DIR).glob("backup-*.sqlite"))[-1]
    newer = directory / BACKUP_DIR / "backup-999999-seq99.sqlite"
    newer.write_bytes(b"half a backup")
    _truncate_half(db)
    assert restore_backup(directory) == good
    with Campaign.open("bad backups", root=root) as c:
        assert [(e.seq, e.kind, e.payload_text) for e in c.events()] == backed_up


def test_restore_without_any_readable_backup_fails_and_keeps_file(root):
    with Campaign.new("no backup", "minim", seed=1, root=root) as c:
        _scene(c, "only copy")
    db = root / "no backup" / DB_FILE
    _truncate_half(db)
    damaged = db.read_bytes()
    with pytest.raises(CampaignCorrupt) as info:
        Campaign.open("no backup", root=root)
    assert str(db) in str(info.value) and "untouched" in str(info.value)
    with pytest.raises(CampaignCorrupt):
        restore_backup(root / "no backup")
    assert db.read_bytes() == damaged
    assert not (root / "no backup" / f"{DB_FILE}.damaged-1").exists()


def test_store_open_directly_reports_corruption(root):
    Campaign.new("direct", "minim", seed=1, root=root).close()
    db = root / "direct" / DB_FILE
    _text_file(db)
    with pytest.raises(CampaignCorrupt):
        CampaignStore.open(root / "direct")
    # the failed open released its lock
    with pytest.raises(CampaignCorrupt):
        CampaignStore.open(root / "direct")
