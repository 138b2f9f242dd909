"""The campaign database: SQLite (WAL, foreign keys, one transaction per event) holding the event log.

The event log is the source of truth and is append-only; ``snapshot`` caches the folded state so a large campaign
opens quickly and is rewritten in the same transaction as the event it reflects. One process at a time: an
exclusive ``flock`` on ``campaign.lock``. Every open checks the file first (read-only) and refuses a damaged one
without writing to it; a backup is taken at each successful open (the newest five are kept) and
:func:`restore_backup` is the documented recovery.
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from memory.errors import CampaignCorrupt, CampaignExists, CampaignInUse, CampaignNotFound

DB_FILE = "campaign.sqlite"
LOCK_FILE = "campaign.lock"
BACKUP_DIR = "backups"
KEEP_BACKUPS = 5


def canonical(payload: Any) -> str:
    """The one JSON encoding stored and compared: sorted keys, no spaces, so equal data means equal bytes."""
    return json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _v1(conn: sqlite3.Connection) -> None:
    # one statement at a time: executescript() would commit the surrounding migration transaction
    conn.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    conn.execute(
        "CREATE TABLE events (seq INTEGER PRIMARY KEY, kind TEXT NOT NULL, payload TEXT NOT NULL, created_at TEXT NOT NULL)"
    )
    conn.execute(
        "CREATE TABLE snapshot (id INTEGER PRIMARY KEY CHECK (id = 1), seq INTEGER NOT NULL REFERENCES events(seq), "
        "state TEXT NOT NULL)"
    )


MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_v1]
"""Migration i brings the schema from version i to i+1; ``PRAGMA user_version`` records where a file is."""
SCHEMA_VERSION = len(MIGRATIONS)


@dataclass(frozen=True)
class StoredEvent:
    seq: int
    kind: str
    payload: dict[str, Any]
    created_at: str

    @property
    def payload_text(self) -> str:
        return canonical(self.payload)


def _corrupt(db: Path, why: str) -> CampaignCorrupt:
    backups = sorted((db.parent / BACKUP_DIR).glob("*.sqlite"))
    hint = (
        f"restore the newest backup with `narrator campaign restore {db.parent.name}` (it keeps the damaged file beside it)"
        if backups
        else "no backup exists yet; the damaged file was left untouched"
    )
    return CampaignCorrupt(f"Campaign database {db} is damaged ({why}). Nothing was overwritten; {hint}.")


class CampaignStore:
    """An open campaign database. Use :meth:`create` or :meth:`open`; always :meth:`close` (or use ``with``)."""

    def __init__(self, directory: Path, conn: sqlite3.Connection, lock_fd: int):
        self.directory = directory
        self.conn = conn
        self._lock_fd = lock_fd

    # -- opening -------------------------------------------------------------------------------------------
    @staticmethod
    def _lock(directory: Path) -> int:
        fd = os.open(directory / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise CampaignInUse(f"Campaign '{directory.name}' is in use by another narrator process ({directory}).") from None
        return fd

    @staticmethod
    def _connect(db: Path) -> sqlite3.Connection:
        conn = sqlite3.connect(f"file:{db}?mode=rw", uri=True, isolation_level=None, timeout=5)
        conn.execute("PRAGMA foreign_keys = ON")
        return conn

    @classmethod
    def create(cls, directory: Path, meta: dict[str, Any]) -> "CampaignStore":
        if (directory / DB_FILE).exists():
            raise CampaignExists(f"Campaign '{directory.name}' already exists at {directory}")
        directory.mkdir(parents=True, exist_ok=True)
        fd = cls._lock(directory)
        try:
            tmp = directory / (DB_FILE + ".new")
            tmp.unlink(missing_ok=True)
            conn = sqlite3.connect(tmp, isolation_level=None)
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("BEGIN")
            for step in MIGRATIONS:
                step(conn)
            conn.executemany("INSERT INTO meta(key, value) VALUES (?, ?)", [(k, canonical(v)) for k, v in meta.items()])
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            conn.execute("COMMIT")
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            conn.close()
            os.replace(tmp, directory / DB_FILE)  # the campaign appears whole or not at all
            store = cls(directory, cls._connect(directory / DB_FILE), fd)
            store._configure()
            return store
        except BaseException:
            os.close(fd)
            raise

    @classmethod
    def open(cls, directory: Path, backup: bool = True) -> "CampaignStore":
        db = directory / DB_FILE
        if not db.exists():
            raise CampaignNotFound(f"No campaign at {directory}")
        fd = cls._lock(directory)
        try:
            conn = cls._check(db)
            store = cls(directory, conn, fd)
            store._configure()
            store._migrate()
            if backup:
                store.backup()
            return store
        except BaseException:
            os.close(fd)
            raise

    @staticmethod
    def _check(db: Path) -> sqlite3.Connection:
        if db.stat().st_size == 0:
            raise _corrupt(db, "the file is empty")
        conn = None
        try:
            conn = CampaignStore._connect(db)
            verdict = conn.execute("PRAGMA quick_check").fetchone()[0]
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        except sqlite3.DatabaseError as e:
            if conn is not None:
                conn.close()
            raise _corrupt(db, str(e)) from None
        if verdict != "ok":
            conn.close()
            raise _corrupt(db, f"integrity check: {verdict}")
        if version < 1 or not {"meta", "events", "snapshot"} <= tables:
            conn.close()
            raise _corrupt(db, "not a narrator campaign database, or truncated")
        if version > SCHEMA_VERSION:
            conn.close()
            raise CampaignCorrupt(f"{db} was written by a newer narrator (schema {version} > {SCHEMA_VERSION}); upgrade narrator")
        return conn

    def _configure(self) -> None:
        self.conn.execute("PRAGMA journal_mode = WAL")
        self.conn.execute("PRAGMA synchronous = FULL")

    def _migrate(self) -> None:
        version = self.conn.execute("PRAGMA user_version").fetchone()[0]
        for i in range(version, SCHEMA_VERSION):
            self.conn.execute("BEGIN IMMEDIATE")
            MIGRATIONS[i](self.conn)
            self.conn.execute(f"PRAGMA user_version = {i + 1}")
            self.conn.execute("COMMIT")

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None  # type: ignore[assignment]
            os.close(self._lock_fd)

    def __enter__(self) -> "CampaignStore":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- data ----------------------------------------------------------------------------------------------
    def meta(self) -> dict[str, Any]:
        return {k: json.loads(v) for k, v in self.conn.execute("SELECT key, value FROM meta")}

    def append(self, kind: str, payload: dict[str, Any], state: dict[str, Any] | None = None) -> int:
        """Append one event (and the state it leads to) in a single transaction; returns its sequence number."""
        now = datetime.now(timezone.utc).isoformat(timespec="seconds")
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            cur = self.conn.execute(
                "INSERT INTO events(kind, payload, created_at) VALUES (?, ?, ?)", (kind, canonical(payload), now)
            )
            seq = cur.lastrowid
            if state is not None:
                self.conn.execute(
                    "INSERT INTO snapshot(id, seq, state) VALUES (1, ?, ?) "
                    "ON CONFLICT(id) DO UPDATE SET seq = excluded.seq, state = excluded.state",
                    (seq, canonical(state)),
                )
            self.conn.execute("COMMIT")
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        return seq

    def events(self, upto: int | None = None, after: int = 0) -> list[StoredEvent]:
        """Events in order: all, those up to ``upto``, and/or only those after ``after`` (for incremental readers)."""
        sql = "SELECT seq, kind, payload, created_at FROM events WHERE seq > ?"
        params: tuple[int, ...] = (after,)
        if upto is not None:
            sql += " AND seq <= ?"
            params += (upto,)
        rows = self.conn.execute(sql + " ORDER BY seq", params)
        return [StoredEvent(s, k, json.loads(p), c) for s, k, p, c in rows]

    def last_seq(self) -> int:
        return self.conn.execute("SELECT COALESCE(MAX(seq), 0) FROM events").fetchone()[0]

    def snapshot(self) -> tuple[int, dict[str, Any]] | None:
        row = self.conn.execute("SELECT seq, state FROM snapshot WHERE id = 1").fetchone()
        return None if row is None else (row[0], json.loads(row[1]))

    # -- backups -------------------------------------------------------------------------------------------
    def backup(self) -> Path:
        folder = self.directory / BACKUP_DIR
        folder.mkdir(exist_ok=True)
        existing = sorted(folder.glob("backup-*.sqlite"))
        n = int(existing[-1].name.split("-")[1]) + 1 if existing else 1
        target = folder / f"backup-{n:06d}-seq{self.last_seq()}.sqlite"
        dest = sqlite3.connect(target)
        with dest:
            self.conn.backup(dest)
        dest.close()
        for old in sorted(folder.glob("backup-*.sqlite"))[:-KEEP_BACKUPS]:
            old.unlink()
        return target


def restore_backup(directory: Path) -> Path:
    """Put the newest readable backup in place of a damaged database. The damaged file is kept, renamed."""
    db = directory / DB_FILE
    fd = CampaignStore._lock(directory)
    try:
        for candidate in sorted((directory / BACKUP_DIR).glob("backup-*.sqlite"), reverse=True):
            try:
                CampaignStore._check(candidate).close()
            except CampaignCorrupt:
                continue
            if db.exists():
                n = 1
                while (kept := directory / f"{DB_FILE}.damaged-{n}").exists():
                    n += 1
                os.replace(db, kept)
                for side in ("-wal", "-shm"):
                    p = directory / (DB_FILE + side)
                    if p.exists():
                        os.replace(p, directory / f"{DB_FILE}{side}.damaged-{n}")
            shutil.copyfile(candidate, db)
            return candidate
        raise CampaignCorrupt(f"No readable backup in {directory / BACKUP_DIR}")
    finally:
        os.close(fd)
