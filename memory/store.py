"""The campaign database: SQLite (WAL, foreign keys, one transaction per event or turn) holding the event log.

The event log is the source of truth and is append-only; ``snapshot`` caches the folded state so a large campaign
opens quickly and is rewritten in the same transaction as the event it reflects. Damage is detectable: the events
form a hash chain and the snapshot and the verification checkpoint are bound to it (:mod:`memory.integrity`).
Each commit is checkpointed into the main file right after it, so a deleted ``campaign.sqlite-wal`` takes no
committed event with it (SQLite alone would keep them in the WAL until the next checkpoint). A commit is one event,
or a turn's events written in a batch (:meth:`CampaignStore.batch`): the agent's turn is committed whole.

Every open, before anything is written or backed up:

1. checks that this process may use the files (:mod:`memory.access`): a permission problem is never called damage;
2. takes the locks: ``flock`` on ``campaign.lock`` and SQLite's ``locking_mode=EXCLUSIVE`` on the database itself,
   which a stray ``rm campaign.lock`` cannot defeat (in WAL mode the exclusive lock is held from the first read);
3. runs ``PRAGMA quick_check``, upgrades an older schema (computing the chain once), re-hashes the whole chain and
   checks the snapshot and checkpoint bindings (:meth:`CampaignStore._verify`);
4. refuses a log that is shorter than the newest backup or the memory index says it was (lost ``-wal``).

:mod:`memory.campaign` then checks the snapshot against the fold of the events since the last verified
checkpoint and only then takes a backup (:meth:`CampaignStore.backup`), so a backup is only ever a copy of a
file that passed every check. :func:`restore_backup` puts back the newest backup that passes the full
verification.

A caveat of SQLite's POSIX locks: closing *any* file descriptor of the database in this process releases them,
so nothing here opens ``campaign.sqlite`` other than through SQLite while a campaign is open.
"""

from __future__ import annotations

import fcntl
import json
import os
import re
import shutil
import sqlite3
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from narrator.memory import access
from narrator.memory.errors import (
    CampaignAccessError,
    CampaignCorrupt,
    CampaignDataLost,
    CampaignExists,
    CampaignInUse,
    CampaignNotFound,
)
from narrator.memory.integrity import GENESIS, KIND, Chain, Damage, check_bound_state, event_hash, state_digest, verify_chain

DB_FILE = "campaign.sqlite"
LOCK_FILE = "campaign.lock"
BACKUP_DIR = "backups"
CHROMA_DIR = "chroma"  # the campaign memory (memory.vector); only its own SQLite file is read here, never chromadb
KEEP_BACKUPS = 5
BACKUP_NAME = re.compile(r"^backup-(\d+)-seq(\d+)(?:-([0-9a-f]{16}))?\.sqlite$")


def canonical(payload: Any) -> str:
    """The one JSON encoding stored and compared: sorted keys, no spaces, so equal data means equal bytes."""
    return json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


# -- schema ------------------------------------------------------------------------------------------------------
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


def _v2(conn: sqlite3.Connection) -> None:
    """The hash chain: columns for it, the checkpoint table, and the chain of an existing log computed once.

    A version-1 log had nothing to verify it by, so before it is sealed every payload must be exactly the
    canonical JSON narrator writes and the numbering must have no gap; anything else is damage, and sealing it
    in would make it look sound.
    """
    conn.execute("ALTER TABLE events ADD COLUMN prev_hash TEXT NOT NULL DEFAULT ''")
    conn.execute("ALTER TABLE events ADD COLUMN hash TEXT NOT NULL DEFAULT ''")
    conn.execute("ALTER TABLE snapshot ADD COLUMN event_hash TEXT NOT NULL DEFAULT ''")
    conn.execute("ALTER TABLE snapshot ADD COLUMN digest TEXT NOT NULL DEFAULT ''")
    conn.execute(
        "CREATE TABLE checkpoint (id INTEGER PRIMARY KEY CHECK (id = 1), seq INTEGER NOT NULL REFERENCES events(seq), "
        "state TEXT NOT NULL, event_hash TEXT NOT NULL, digest TEXT NOT NULL)"
    )
    prev, expected, links = GENESIS, 1, []
    for seq, kind, payload, created in conn.execute("SELECT seq, kind, payload, created_at FROM events ORDER BY seq"):
        if seq != expected:
            raise Damage(f"event {expected} is missing (the log jumps to {seq})", expected)
        if not isinstance(kind, str) or not KIND.match(kind) or not isinstance(created, str):
            raise Damage(f"event {seq} has a malformed kind or time", seq)
        if not _is_canonical(payload):
            raise Damage(f"event {seq} is not the JSON narrator wrote", seq)
        h = event_hash(prev, seq, kind, created, payload)
        links.append((prev, h, seq))
        prev, expected = h, expected + 1
    conn.executemany("UPDATE events SET prev_hash = ?, hash = ? WHERE seq = ?", links)
    row = conn.execute("SELECT seq, state FROM snapshot WHERE id = 1").fetchone()
    if row is not None:
        seq, state = row
        if not _is_canonical(state) or not 1 <= seq <= len(links):
            raise Damage("the cached state (snapshot) is not valid")
        bound = links[seq - 1][1]
        conn.execute("UPDATE snapshot SET event_hash = ?, digest = ? WHERE id = 1",
                     (bound, state_digest("snapshot", seq, bound, state)))


def _is_canonical(text: object) -> bool:
    if not isinstance(text, str):
        return False
    try:
        return canonical(json.loads(text)) == text
    except (ValueError, RecursionError):
        return False


def _v3(conn: sqlite3.Connection) -> None:
    """Results as data: from version 3 a logged result's summary and steps are steps (``{"kind", "values", "ref"}``,
    :mod:`tools.steps`), written out in words by the phrase tables, not English strings.

    Nothing in an older log changes: its text lines stay as they were written, and every reader takes both
    (:func:`tools.phrases.say`); replay compares a text line by its numbers (:mod:`memory.replay_data`). The version
    is raised so that an older narrator, which reads summaries as strings, refuses a newer log ("written by a
    newer narrator") instead of misreading it.
    """


MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_v1, _v2, _v3]
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


@dataclass(frozen=True)
class Backup:
    """One file in ``backups/``: its number (newest is highest), the last seq it holds and that event's hash prefix."""

    path: Path
    number: int
    seq: int
    tag: str | None


def list_backups(folder: Path) -> list[Backup]:
    """Backups oldest first (by number). Files that do not carry a backup name are ignored."""
    found = []
    try:
        names = os.listdir(folder)
    except OSError:  # missing or unreadable: callers that need it check its permissions themselves
        return []
    for name in names:
        m = BACKUP_NAME.match(name)
        if m:
            found.append(Backup(folder / name, int(m.group(1)), int(m.group(2)), m.group(3)))
    return sorted(found, key=lambda b: b.number)


def _corrupt(db: Path, why: str, campaign: str | None = None, cls: type[CampaignCorrupt] = CampaignCorrupt,
             hint: str | None = None) -> CampaignCorrupt:
    directory = db.parent
    name = campaign or directory.name
    if hint is None:
        hint = (
            f"restore the newest good backup with `narrator campaign restore {name}` (it keeps the damaged file beside it)"
            if list_backups(directory / BACKUP_DIR)
            else "no backup exists yet; the damaged file was left untouched"
        )
    error = cls(f"Campaign database {db} is damaged ({why}). Nothing was overwritten; {hint}.")
    error.why = why  # type: ignore[attr-defined]
    return error


def _fsync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


class CampaignStore:
    """An open campaign database. Use :meth:`create` or :meth:`open`; always :meth:`close` (or use ``with``)."""

    def __init__(self, directory: Path, conn: sqlite3.Connection, lock_fd: int | None, chain: Chain,
                 path: Path | None = None, writable: bool = True):
        self.directory = directory
        self.path = path or directory / DB_FILE
        self.conn = conn
        self._lock_fd = lock_fd
        self._batched = False
        self._committed: tuple[int, str] | None = None
        """While appends are not yet committed (inside a batch): the head (seq, hash) as last committed."""
        self.rolled_back = False
        """Appends not yet committed were rolled back (a commit, or an append in a batch, failed)."""
        self.writable = writable
        self.head_seq = chain.last_seq
        self.head_hash = chain.last_hash
        self.read_only: str | None = None
        """Why this campaign was opened for reading only (its directory or file cannot be written), or None."""
        self.warnings: list[str] = []
        """What the open found worth saying without refusing the campaign (the CLI prints these on stderr)."""
        self._scratch: Path | None = None  # a private copy read instead of the campaign file (see _open_read_only)

    # -- locking -------------------------------------------------------------------------------------------
    @staticmethod
    def _lock(directory: Path) -> int:
        lock = directory / LOCK_FILE
        try:
            fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
        except PermissionError:
            found = (access.problem(lock, access.R | access.W, "the lock file", directory.name) if lock.exists()
                     else access.problem(directory, access.W | access.X, "the campaign directory", directory.name))
            raise found or CampaignAccessError(
                f"Campaign '{directory.name}': cannot open {lock} (permission denied); this is not damage") from None
        _hold(fd, fcntl.LOCK_EX, directory)
        return fd

    @staticmethod
    def _connect(db: Path, directory: Path) -> sqlite3.Connection:
        """A read-write connection that holds SQLite's exclusive lock from now until it is closed.

        ``locking_mode=EXCLUSIVE`` in WAL mode keeps the WAL index in this process's memory (no ``-shm`` file) and
        takes the database file's exclusive lock at the first access; ``BEGIN IMMEDIATE`` is that access. Another
        process — even one that found no ``campaign.lock`` because someone deleted it — gets SQLITE_BUSY at once.
        """
        conn = sqlite3.connect(f"file:{db}?mode=rw", uri=True, isolation_level=None, timeout=0)
        try:
            conn.execute("PRAGMA locking_mode = EXCLUSIVE")
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("ROLLBACK")
        except sqlite3.Error as e:
            conn.close()
            raise _classify(e, db, directory) from None
        return conn

    @classmethod
    @contextmanager
    def exclusive(cls, directory: Path) -> Iterator[Callable[[], None]]:
        """Hold a campaign without opening it as a campaign (for delete and restore, which must work on a damaged
        file): the lock file, then SQLite's exclusive lock on the database if it is a database at all.

        Yields ``release``, which drops the SQLite lock early (before the database file is renamed away); the lock
        file is held until the block ends.
        """
        fd = cls._lock(directory)
        probe: list[sqlite3.Connection] = []

        def release() -> None:
            while probe:
                probe.pop().close()

        try:
            db = directory / DB_FILE
            if db.exists() and db.stat().st_size > 0:
                try:
                    probe.append(cls._connect(db, directory))
                except (CampaignCorrupt, CampaignAccessError):
                    pass  # a file SQLite cannot even lock is one no other process holds either
            yield release
        finally:
            release()
            os.close(fd)

    # -- opening -------------------------------------------------------------------------------------------
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
            return cls._open_file(directory / DB_FILE, directory, fd)
        except BaseException:
            os.close(fd)
            raise

    @classmethod
    def open(cls, directory: Path, for_reading: bool = False) -> "CampaignStore":
        """Lock, check and (if needed) upgrade the campaign in ``directory``; refuse it if anything is wrong.

        ``for_reading``: the caller only reads (show, export, sheet, verify). Where the campaign's directory or
        database cannot be written by this process, it is then opened read-only (:meth:`_open_read_only`)
        instead of being refused: reading needs no write."""
        db = directory / DB_FILE
        name = directory.name
        if directory.is_dir():
            found = access.problem(directory, access.X, "the campaign directory", name)
            if found:
                raise found
        if not db.exists():
            raise CampaignNotFound(f"No campaign at {directory}")
        try:
            access.require(directory, name, DB_FILE, LOCK_FILE)
        except CampaignAccessError as refused:
            if for_reading and not access.problem(db, access.R, "the campaign database", name):
                return cls._open_read_only(directory, str(refused))
            raise
        fd = cls._lock(directory)
        try:
            store = cls._open_file(db, directory, fd)
            try:
                store._check_not_behind()
            except BaseException:
                store.conn.close()
                raise
            return store
        except BaseException:
            os.close(fd)
            raise

    @classmethod
    def _open_read_only(cls, directory: Path, why: str) -> "CampaignStore":
        """Open a campaign this process may read but not write, writing nothing anywhere in its directory.

        SQLite cannot open a WAL-mode file read-only in a directory it cannot write (it needs to create the
        ``-shm`` index), except ``immutable``: then it reads the main file alone. Every committed event is there
        (each append is checkpointed at once), unless a writer was killed between a commit and its checkpoint:
        then a non-empty ``-wal`` is left, and the file and its WAL are copied to a private temporary folder
        and read there, so nothing committed is missed. The lock file, if there is one, is held shared: a
        narrator writing the campaign makes this open report it in use, and no writer starts while it is read.
        Nothing is migrated, checkpointed or backed up; the checks are the same as any open's.
        """
        name = directory.name
        db = directory / DB_FILE
        fd = None
        lock = directory / LOCK_FILE
        if lock.exists():
            try:
                fd = os.open(lock, os.O_RDONLY)
            except PermissionError:
                raise access.problem(lock, access.R, "the lock file", name) or CampaignAccessError(
                    f"Campaign '{name}': cannot read {lock} (permission denied); this is not damage") from None
            _hold(fd, fcntl.LOCK_SH, directory)
        scratch: Path | None = None
        conn: sqlite3.Connection | None = None
        try:
            if db.stat().st_size == 0:
                raise _corrupt(db, "the file is empty")
            wal = directory / (DB_FILE + "-wal")
            if wal.exists() and wal.stat().st_size > 0:
                found = access.problem(wal, access.R, "SQLite's journal", name)
                if found:
                    raise found
                scratch = Path(tempfile.mkdtemp(prefix="narrator-read-"))
                shutil.copyfile(db, scratch / DB_FILE)
                shutil.copyfile(wal, scratch / (DB_FILE + "-wal"))
                uri = f"file:{scratch / DB_FILE}?mode=rw"
            else:
                uri = f"file:{db}?mode=ro&immutable=1"
            try:
                conn = sqlite3.connect(uri, uri=True, isolation_level=None)
                conn.execute("PRAGMA locking_mode = EXCLUSIVE")
                chain = cls._verify(conn, db, directory, migrate=False)
            except sqlite3.Error as e:
                raise _classify(e, db, directory) from None
            store = cls(directory, conn, fd, chain, path=db, writable=False)
            store.read_only, store._scratch = why, scratch
            store._check_not_behind()
            return store
        except BaseException:
            if conn is not None:
                conn.close()
            if scratch is not None:
                shutil.rmtree(scratch, ignore_errors=True)
            if fd is not None:
                os.close(fd)
            raise

    @classmethod
    def _open_file(cls, db: Path, directory: Path, lock_fd: int | None) -> "CampaignStore":
        if db.stat().st_size == 0:
            raise _corrupt(db, "the file is empty")
        conn = cls._connect(db, directory)
        try:
            chain = cls._verify(conn, db, directory, migrate=True)
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = FULL")
            conn.execute("PRAGMA foreign_keys = ON")
        except sqlite3.Error as e:
            conn.close()
            raise _classify(e, db, directory) from None
        except BaseException:
            conn.close()
            raise
        return cls(directory, conn, lock_fd, chain, path=db)

    @classmethod
    def inspect(cls, db: Path) -> "CampaignStore":
        """Open any campaign file (a backup) read-only, without locks, and run the same checks as an open.

        The file is opened ``immutable``: nothing is written next to it, which suits backups (only an open
        campaign writes them, under its lock). An older schema is reported, not upgraded.
        """
        if not db.exists():
            raise CampaignNotFound(f"No such file: {db}")
        if db.stat().st_size == 0:
            raise _corrupt(db, "the file is empty")
        try:
            conn = sqlite3.connect(f"file:{db}?mode=ro&immutable=1", uri=True, isolation_level=None)
        except sqlite3.Error as e:
            raise _classify(e, db, db.parent) from None
        try:
            chain = cls._verify(conn, db, db.parent, migrate=False)
        except sqlite3.Error as e:
            conn.close()
            raise _classify(e, db, db.parent) from None
        except BaseException:
            conn.close()
            raise
        return cls(db.parent, conn, None, chain, path=db, writable=False)

    @staticmethod
    def _verify(conn: sqlite3.Connection, db: Path, directory: Path, migrate: bool) -> Chain:
        """Structure, schema version (upgraded when ``migrate``), the whole hash chain, the snapshot and checkpoint
        bindings and the meta rows. Runs in one transaction; raises :class:`CampaignCorrupt` naming what is wrong."""
        conn.execute("BEGIN IMMEDIATE" if migrate else "BEGIN")
        try:
            verdict = conn.execute("PRAGMA quick_check").fetchone()[0]
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            if verdict != "ok":
                raise Damage(f"integrity check: {verdict}")
            if version < 1 or not {"meta", "events", "snapshot"} <= tables:
                raise Damage("not a narrator campaign database, or truncated")
            if version > SCHEMA_VERSION:
                raise CampaignCorrupt(
                    f"{db} was written by a newer narrator (schema {version} > {SCHEMA_VERSION}); upgrade narrator")
            if version < SCHEMA_VERSION:
                if not migrate:
                    raise Damage(f"schema version {version}, from before the hash chain: it is verified when restored")
                for i in range(version, SCHEMA_VERSION):
                    MIGRATIONS[i](conn)
                    conn.execute(f"PRAGMA user_version = {i + 1}")
            snaps = conn.execute(
                "SELECT id, seq, CAST(state AS BLOB), CAST(event_hash AS BLOB), CAST(digest AS BLOB) FROM snapshot"
            ).fetchall()
            points = conn.execute(
                "SELECT id, seq, CAST(state AS BLOB), CAST(event_hash AS BLOB), CAST(digest AS BLOB) FROM checkpoint"
            ).fetchall()
            want = {row[1] for row in snaps + points if isinstance(row[1], int)}
            chain = verify_chain(conn, want)
            if chain.last_seq == 0:
                if snaps or points:
                    raise Damage("the log is empty but a cached state exists")
            else:
                if len(snaps) != 1 or snaps[0][0] != 1:
                    raise Damage("the cached state (snapshot) is missing")
                check_bound_state("snapshot", *snaps[0][1:], chain=chain)
                if snaps[0][1] != chain.last_seq:
                    raise Damage(f"the cached state (snapshot) is of event {snaps[0][1]}, but the log ends at event "
                                 f"{chain.last_seq}", snaps[0][1])
            if len(points) > 1 or (points and points[0][0] != 1):
                raise Damage("the verification checkpoint is malformed")
            for point in points:
                check_bound_state("checkpoint", *point[1:], chain=chain)
            for key, value in conn.execute("SELECT key, CAST(value AS BLOB) FROM meta"):
                if not isinstance(key, str) or not isinstance(value, bytes) or not _is_canonical(_text(value)):
                    raise Damage(f"the campaign setting {str(key)[:40]!r} is not valid")
            conn.execute("COMMIT")
            return chain
        except Damage as d:
            conn.execute("ROLLBACK")
            raise _corrupt(db, d.why, directory.name) from None
        except UnicodeDecodeError:  # a flipped byte inside a name or message SQLite hands back as text
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise _corrupt(db, "the file holds text that is not valid UTF-8 (damaged bytes)", directory.name) from None
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise

    def _check_not_behind(self) -> None:
        """Refuse a log that is shorter than something that saw it longer: committed events went missing.

        SQLite keeps committed transactions in ``campaign.sqlite-wal`` until they are checkpointed into the main
        file; deleting that file (SQLite's rule: never do) or putting an older copy of the main file in place
        silently loses them. Two witnesses are cheap to ask: the newest backup (its name carries its last seq and
        hash; when it is longer and its event at our last seq has our hash, the log is a strict prefix of it), and
        the campaign memory, whose ``indexed_seq`` cannot exceed the log it was built from.
        """
        last = self.head_seq
        backups = list_backups(self.directory / BACKUP_DIR)
        newest = backups[-1] if backups else None
        ours = self.head_hash if last else None  # an empty log is a prefix of every log
        if newest is not None and newest.seq > last and _hash_in(newest.path, last) == ours:
            raise _corrupt(
                self.path,
                f"the log ends at event {last}, but the backup {newest.path.name} holds the same events and more, up "
                f"to event {newest.seq}: {newest.seq - last} committed event(s) are missing — typically because "
                f"{DB_FILE}-wal was deleted or an older copy of {DB_FILE} was put in place",
                cls=CampaignDataLost,
                hint=f"`narrator campaign restore {self.directory.name}` brings them back from that backup "
                     f"(it keeps this file beside it)",
            )
        if newest is not None and newest.seq > last:  # longer, but not the same events: say so, refuse nothing
            self.warnings.append(
                f"Campaign '{self.directory.name}': the log has {last} events, {newest.seq - last} fewer than the "
                f"newest backup {newest.path.name} ({newest.seq} events), and the two differ, so this is not "
                f"simply a lost tail (the file was replaced or rewritten since that backup). If events are missing, "
                f"`narrator campaign restore {self.directory.name} --force` puts that backup back, keeps this file "
                f"beside it and lists every event it sets aside.")
        indexed = _chroma_indexed_seq(self.directory / CHROMA_DIR)
        if indexed is not None and indexed > last:
            if newest is not None and newest.seq >= indexed:
                hint = f"`narrator campaign restore {self.directory.name}` puts back the backup {newest.path.name}"
            else:
                hint = (f"no backup holds them, so they cannot be recovered; to continue from event {last}, move the "
                        f"memory aside (it is rebuilt from the log): mv '{self.directory / CHROMA_DIR}' "
                        f"'{self.directory / CHROMA_DIR}.lost'")
            raise _corrupt(
                self.path,
                f"the log ends at event {last}, but the campaign memory ({CHROMA_DIR}/) had already indexed event "
                f"{indexed}: events {last + 1} to {indexed} were committed and are now missing — typically because "
                f"an older copy of {DB_FILE} was put in place (or, before narrator checkpointed every event, "
                f"{DB_FILE}-wal was deleted)",
                cls=CampaignDataLost,
                hint=hint,
            )

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None  # type: ignore[assignment]
            if self._lock_fd is not None:
                os.close(self._lock_fd)
            if self._scratch is not None:
                shutil.rmtree(self._scratch, ignore_errors=True)

    def __enter__(self) -> "CampaignStore":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def corrupt(self, why: str) -> CampaignCorrupt:
        """A :class:`CampaignCorrupt` about this file (for checks made above the store, like the fold)."""
        return _corrupt(self.path, why, self.directory.name)

    # -- data ----------------------------------------------------------------------------------------------
    def meta(self) -> dict[str, Any]:
        rows = self.conn.execute("SELECT key, value FROM meta")
        return {k: self._json(v, f"the campaign setting {k!r}") for k, v in rows}

    def _json(self, text: str | bytes, what: str, seq: int | None = None) -> Any:
        try:
            return json.loads(text)
        except (ValueError, RecursionError, TypeError):
            raise self.corrupt(f"{what} is not valid JSON" + (f" (event {seq})" if seq else "")) from None

    def append(self, kind: str, payload: dict[str, Any], state: dict[str, Any] | None = None, *,
               state_text: str | None = None) -> int:
        """Append one event and the state it leads to in a single transaction; returns its sequence number.

        The state is given as data, or as its :func:`canonical` text already made (``state_text``: a caller that
        logs several events on one state writes it once). The event is chained to the previous one and the snapshot
        bound to it (:mod:`memory.integrity`). Inside :meth:`batch` the transaction stays open until the batch
        commits.
        """
        if not KIND.match(kind):
            raise ValueError(f"event kind {kind!r} must be lower-case letters, digits and '_'")
        if (state is None) == (state_text is None):
            raise TypeError("give the state once: as data, or as its canonical text")
        text, state_text = canonical(payload), state_text if state_text is not None else canonical(state)
        now = datetime.now(timezone.utc).isoformat(timespec="seconds")
        seq = self.head_seq + 1  # only this connection writes: it holds the exclusive lock
        h = event_hash(self.head_hash, seq, kind, now, text)
        if self._committed is None:
            self.conn.execute("BEGIN IMMEDIATE")
            self._committed, self.rolled_back = (self.head_seq, self.head_hash), False
        try:
            self.conn.execute(
                "INSERT INTO events(seq, kind, payload, created_at, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?)",
                (seq, kind, text, now, self.head_hash, h),
            )
            self.conn.execute(
                "INSERT INTO snapshot(id, seq, state, event_hash, digest) VALUES (1, ?, ?, ?, ?) "
                "ON CONFLICT(id) DO UPDATE SET seq = excluded.seq, state = excluded.state, "
                "event_hash = excluded.event_hash, digest = excluded.digest",
                (seq, state_text, h, state_digest("snapshot", seq, h, state_text)),
            )
        except BaseException:
            self._roll_back()
            raise
        self.head_seq, self.head_hash = seq, h
        if not self._batched:
            self._commit()
        return seq

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Appends inside commit together when the block ends (or at :meth:`flush`), then are checkpointed once.

        A turn's events (the player's line, the tool call, the narration) cost one fsync and one checkpoint
        instead of three of each, and a process killed in the middle of the turn leaves none of them rather than
        half. Nothing in a batch is committed before it ends: a caller must not report its events as saved (or
        give them to the campaign memory) before :meth:`flush`. The block's events are committed however it ends;
        if the commit fails they are all rolled back and the error raised (``rolled_back`` is then True). Nested
        batches commit with the outermost."""
        if self._batched:
            yield
            return
        self._batched = True
        try:
            yield
        finally:
            self._batched = False
            self.flush()

    def flush(self) -> None:
        """Commit and checkpoint what the current batch appended so far (nothing outside a batch)."""
        if self._committed is not None:
            self._commit()

    def _commit(self) -> None:
        try:
            self.conn.execute("COMMIT")
        except BaseException:
            self._roll_back()
            raise
        self._committed = None
        # Copy the committed events into the main file now, not at the next open: a deleted (or lost) -wal then
        # takes nothing that was committed. Nobody else reads this file (the exclusive lock), so the checkpoint
        # always completes; about 10 ms on a slow disk, against a turn that takes seconds.
        try:
            self.conn.execute("PRAGMA wal_checkpoint(PASSIVE)")
        except sqlite3.Error:
            pass  # the events are committed (in the WAL); the next open's checkpoint moves them

    def _roll_back(self) -> None:
        try:
            self.conn.execute("ROLLBACK")
        except sqlite3.Error:
            pass  # SQLite already rolled the transaction back (an I/O error does)
        if self._committed is not None:
            self.head_seq, self.head_hash = self._committed
            self.rolled_back = True
        self._committed = None

    def events(self, upto: int | None = None, after: int = 0) -> list[StoredEvent]:
        """Events in order: all, those up to ``upto``, and/or only those after ``after`` (for incremental readers)."""
        sql = "SELECT seq, kind, payload, created_at FROM events WHERE seq > ?"
        params: tuple[int, ...] = (after,)
        if upto is not None:
            sql += " AND seq <= ?"
            params += (upto,)
        rows = self.conn.execute(sql + " ORDER BY seq", params)
        return [StoredEvent(s, k, self._json(p, f"the payload of event {s}", s), c) for s, k, p, c in rows]

    def last_seq(self) -> int:
        return self.conn.execute("SELECT COALESCE(MAX(seq), 0) FROM events").fetchone()[0]

    def snapshot(self) -> tuple[int, dict[str, Any]] | None:
        row = self.conn.execute("SELECT seq, state FROM snapshot WHERE id = 1").fetchone()
        return None if row is None else (row[0], self._json(row[1], "the cached state (snapshot)"))

    def checkpoint(self) -> tuple[int, dict[str, Any]] | None:
        """The last state verified against the fold of the log, and the event it belongs to (None before any)."""
        row = self.conn.execute("SELECT seq, state FROM checkpoint WHERE id = 1").fetchone()
        return None if row is None else (row[0], self._json(row[1], "the verification checkpoint"))

    def mark_verified(self, state_text: str) -> None:
        """Record ``state_text`` (the canonical state after the last event, just verified against the fold) as the
        checkpoint the next open folds from, then move the WAL into the main file so that what was verified no
        longer depends on ``campaign.sqlite-wal``."""
        if not self.writable or self.head_seq == 0:
            return
        seq, h = self.head_seq, self.head_hash
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            self.conn.execute(
                "INSERT INTO checkpoint(id, seq, state, event_hash, digest) VALUES (1, ?, ?, ?, ?) "
                "ON CONFLICT(id) DO UPDATE SET seq = excluded.seq, state = excluded.state, "
                "event_hash = excluded.event_hash, digest = excluded.digest",
                (seq, state_text, h, state_digest("checkpoint", seq, h, state_text)),
            )
            self.conn.execute("COMMIT")
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        self.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    # -- backups -------------------------------------------------------------------------------------------
    def backup(self, verified: bool = False) -> Path:
        """Copy the database into ``backups/`` and return the backup that holds exactly the current log (the
        newest one, when it already does: an unchanged campaign is not copied again).

        A backup is only ever taken of a file that passed the checks: :meth:`Campaign.open` passes ``verified``
        right after its own; any other caller (the game's ``/save``, mid-session) has the store's checks run again
        first. Rotation keeps the newest :data:`KEEP_BACKUPS`; the copy being new and good, the newest good backup
        is never the one dropped. The copy is written under a temporary name, synced, then renamed, so a crash never
        leaves a half backup that looks whole.
        """
        if not verified:
            try:
                self._verify(self.conn, self.path, self.directory, migrate=self.writable)
            except sqlite3.Error as e:
                raise _classify(e, self.path, self.directory) from None
        folder = self.directory / BACKUP_DIR
        name = self.directory.name
        try:
            folder.mkdir(exist_ok=True)
        except PermissionError:
            raise access.problem(self.directory, access.W, "the campaign directory", name) or CampaignAccessError(
                f"Campaign '{name}': cannot create {folder} (permission denied)") from None
        found = access.problem(folder, access.R | access.W | access.X, "the backup folder", name)
        if found:
            raise found
        existing = list_backups(folder)
        tag = self.head_hash[:16]
        if existing and existing[-1].seq == self.head_seq and existing[-1].tag == tag:
            return existing[-1].path
        number = existing[-1].number + 1 if existing else 1
        target = folder / f"backup-{number:06d}-seq{self.head_seq}-{tag}.sqlite"
        tmp = folder / (target.name + ".tmp")
        try:
            tmp.unlink(missing_ok=True)
            dest = sqlite3.connect(tmp)
            try:
                self.conn.backup(dest)
            finally:
                dest.close()
            _fsync(tmp)
            os.replace(tmp, target)
            _fsync(folder)
        except (OSError, sqlite3.Error) as e:
            tmp.unlink(missing_ok=True)
            found = access.problem(folder, access.R | access.W | access.X, "the backup folder", name)
            raise found or CampaignAccessError(
                f"Campaign '{name}': could not write a backup into {folder} ({e}); the campaign itself is unharmed"
            ) from None
        for old in existing[: max(0, len(existing) + 1 - KEEP_BACKUPS)]:
            old.path.unlink(missing_ok=True)
        return target


def _text(value: bytes) -> str | None:
    try:
        return value.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _hold(fd: int, operation: int, directory: Path) -> None:
    """Take the lock file's lock (exclusive to write, shared to read) without waiting; held elsewhere: in use."""
    try:
        fcntl.flock(fd, operation | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        raise _in_use(directory) from None


def _in_use(directory: Path) -> CampaignInUse:
    return CampaignInUse(f"Campaign '{directory.name}' is in use by another narrator process ({directory}).")


def _classify(error: sqlite3.Error, db: Path, directory: Path) -> Exception:
    """Turn an SQLite error met while opening into the error a person can act on."""
    code = access.sqlite_code(error)
    if code in access.BUSY_CODES:
        return _in_use(directory)
    if code in access.ACCESS_CODES or code in access.DISK_CODES:
        return access.sqlite_problem(error, directory, directory.name, DB_FILE, LOCK_FILE)
    return _corrupt(db, str(error), directory.name)


def _hash_in(db: Path, seq: int) -> str | None:
    """The hash of event ``seq`` in another campaign file (a backup), or None if it cannot be read."""
    if seq == 0:
        return None
    try:
        conn = sqlite3.connect(f"file:{db}?mode=ro&immutable=1", uri=True)
        try:
            row = conn.execute("SELECT hash FROM events WHERE seq = ?", (seq,)).fetchone()
        finally:
            conn.close()
    except sqlite3.Error:
        return None
    return row[0] if row and isinstance(row[0], str) else None


def _chroma_indexed_seq(folder: Path) -> int | None:
    """The last event seq the campaign memory has indexed, read straight from chromadb's SQLite file.

    Importing chromadb costs seconds, so the open reads its one metadata row (``indexed_seq`` of the
    ``events`` collection, see :mod:`memory.vector`) with the standard library; any other layout, or no memory at
    all, gives None and the check is skipped.
    """
    path = folder / "chroma.sqlite3"
    if not path.is_file():
        return None
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=0.2)
        try:
            row = conn.execute(
                "SELECT m.int_value FROM collection_metadata m JOIN collections c ON c.id = m.collection_id "
                "WHERE c.name = 'events' AND m.key = 'indexed_seq'"
            ).fetchone()
        finally:
            conn.close()
    except sqlite3.Error:
        return None
    return row[0] if row and isinstance(row[0], int) else None


def _set_aside(path: Path, suffix: str) -> Path:
    """Rename ``path`` to ``path.<suffix>-N`` with the first free N; returns the new path."""
    n = 1
    while (kept := path.with_name(f"{path.name}.{suffix}-{n}")).exists():
        n += 1
    os.replace(path, kept)
    return kept


@dataclass(frozen=True)
class Restored:
    """What :func:`restore` did: the backup put back, and where the file it replaced (and its WAL) were kept."""

    backup: Backup
    kept: Path | None
    kept_wal: Path | None


def restore_backup(directory: Path, check: Callable[[CampaignStore], None] | None = None) -> Path:
    """:func:`restore`, returning only the path of the backup put back."""
    return restore(directory, check).backup.path


def restore(directory: Path, check: Callable[[CampaignStore], None] | None = None) -> Restored:
    """Put the newest backup that passes the full verification in place of the database; returns that backup.

    Each candidate, newest first, is copied beside the database and opened there exactly as a campaign is opened
    (an older schema is upgraded on the copy), then ``check`` runs on it (the campaign layer passes the full fold
    check). The first that passes replaces the database; the database and its journal are kept beside it as
    ``campaign.sqlite.damaged-N``; newer backups that failed are renamed ``*.bad`` so that no later open takes
    them for the newest; the memory index, which may have seen the lost events, is set aside (it is derived and
    is rebuilt from the log). Nothing is changed when no backup passes.
    """
    name = directory.name
    db = directory / DB_FILE
    folder = directory / BACKUP_DIR
    if not directory.is_dir():
        raise CampaignNotFound(f"No campaign at {directory}")
    found = access.problem(directory, access.W | access.X, "the campaign directory", name) or (
        access.problem(folder, access.R | access.X, "the backup folder", name) if folder.exists() else None)
    if found:
        raise found
    with CampaignStore.exclusive(directory) as release:
        candidates = list(reversed(list_backups(folder)))
        if not candidates:
            raise CampaignCorrupt(f"No backup in {folder}: there is nothing to restore; {db} was left untouched")
        tmp = directory / (DB_FILE + ".restoring")
        failed: list[tuple[Backup, str]] = []
        for backup in candidates:
            _remove_db(tmp)
            try:
                shutil.copyfile(backup.path, tmp)
            except PermissionError:
                raise access.problem(backup.path, access.R, "the backup", name) or CampaignAccessError(
                    f"Campaign '{name}': cannot read {backup.path} (permission denied)") from None
            try:
                store = CampaignStore._open_file(tmp, directory, None)
                try:
                    if check is not None:
                        check(store)
                finally:
                    store.close()
            except CampaignCorrupt as e:
                failed.append((backup, getattr(e, "why", str(e))))
                continue
            finally:
                for side in ("-wal", "-shm"):
                    Path(f"{tmp}{side}").unlink(missing_ok=True)
            _fsync(tmp)
            release()
            kept = kept_wal = None
            if db.exists():
                kept = _set_aside(db, "damaged")
                n = kept.name.rsplit("-", 1)[1]
                for side in ("-wal", "-shm"):
                    p = directory / (DB_FILE + side)
                    if p.exists():
                        os.replace(p, directory / f"{DB_FILE}{side}.damaged-{n}")
                        if side == "-wal":
                            kept_wal = directory / f"{DB_FILE}{side}.damaged-{n}"
            os.replace(tmp, db)
            _fsync(directory)
            for bad, _ in failed:
                try:
                    os.replace(bad.path, bad.path.with_name(bad.path.name + ".bad"))
                except OSError:
                    pass  # a read-only backups/ keeps them; they are skipped again next time
            if (directory / CHROMA_DIR).exists():
                _set_aside(directory / CHROMA_DIR, "before-restore")
            return Restored(backup, kept, kept_wal)
        _remove_db(tmp)
        reasons = "; ".join(f"{b.path.name}: {why}" for b, why in failed)
        raise CampaignCorrupt(f"No backup in {folder} passes verification ({reasons}); {db} was left untouched")


def _remove_db(path: Path) -> None:
    for side in ("", "-wal", "-shm", "-journal"):
        Path(f"{path}{side}").unlink(missing_ok=True)


SALVAGE_PROBE = 100_000
SALVAGE_GIVE_UP = 50
"""Reading a kept file whose event index is damaged: seqs are tried one by one, up to SALVAGE_PROBE past the
backup, stopping after SALVAGE_GIVE_UP in a row that cannot be read."""


@dataclass(frozen=True)
class TailEvent:
    """One event read back from a damaged campaign file, as far as it could be read.

    ``payload`` is the parsed JSON when it parses, else the raw text (None when the row itself could not be
    read); ``intact`` says its hash recomputes from its content and it follows the event before it — the same
    test an open applies — so it is exactly what was written; ``problem`` says what could not be read."""

    seq: int
    kind: str
    created_at: str
    payload: Any
    intact: bool
    problem: str | None = None


def hashes_in(db: Path) -> dict[int, str]:
    """Every event's stored hash in a campaign file (a verified backup), by seq; empty if it cannot be read."""
    try:
        conn = sqlite3.connect(f"file:{db}?mode=ro&immutable=1", uri=True)
        try:
            return {s: h for s, h in conn.execute("SELECT seq, hash FROM events") if isinstance(h, str)}
        finally:
            conn.close()
    except sqlite3.Error:
        return {}


def read_lost(db: Path, wal: Path | None, held: dict[int, str]) -> tuple[list[TailEvent], str | None]:
    """The events of a replaced (damaged) campaign file that the backup put in its place does not hold, as far as
    they can be read, and a note when the file could not be read to its end (None when it could).

    ``held`` is the backup's hash of each event (:func:`hashes_in`). An event of the file is the backup's when
    its stored hash or the hash of its content is the backup's hash at that seq (a damaged copy of an event the
    backup has is not lost); every other event is lost: those after the backup's end (the last session, since a
    backup is taken at each open) and any the file holds differently (it was replaced and written to since).
    A row that cannot be read where the backup has that seq is taken to be the backup's.

    The file and its WAL are copied into a private temporary folder and read there (SQLite replays the WAL into
    the copy), so the kept file is never changed. Rows are read one at a time, so a damaged page costs the events
    on it, not those after it. ``intact`` marks an event whose hash recomputes from its content and which
    follows the event before it: exactly what was written."""
    out: list[TailEvent] = []
    end = max(held, default=0)
    with tempfile.TemporaryDirectory(prefix="narrator-salvage-") as tmp:
        copy = Path(tmp) / DB_FILE
        try:
            shutil.copyfile(db, copy)
            if wal is not None and wal.exists():
                shutil.copyfile(wal, Path(f"{copy}-wal"))
        except OSError as e:
            return out, f"the kept file could not be copied to be read ({e.strerror or e})"
        try:
            conn = sqlite3.connect(copy, isolation_level=None)
        except sqlite3.Error as e:
            return out, f"SQLite cannot open the kept file ({e})"
        try:
            note = None
            try:
                top = conn.execute("SELECT MAX(seq) FROM events").fetchone()[0]
            except sqlite3.Error as e:  # a damaged b-tree: probe seq by seq until nothing more answers
                top, note = None, f"SQLite cannot read all of it: {e}"
            if top is not None and not isinstance(top, int):
                return out, None
            prev: str | None = GENESIS
            misses = 0
            for seq in range(1, (top if top is not None else end + SALVAGE_PROBE) + 1):
                if top is None and misses >= SALVAGE_GIVE_UP:
                    break
                try:
                    row = conn.execute(
                        "SELECT CAST(kind AS BLOB), CAST(created_at AS BLOB), CAST(payload AS BLOB), "
                        "CAST(prev_hash AS BLOB), CAST(hash AS BLOB) FROM events WHERE seq = ?", (seq,)).fetchone()
                    problem = None if row is not None else "missing from the kept file"
                except sqlite3.Error as e:
                    row, problem = None, f"unreadable ({e})"
                if row is None:
                    prev = None
                    if seq > end:
                        out.append(TailEvent(seq, "?", "", None, False, problem))
                        misses += 1
                    continue
                misses = 0
                kind, created, payload, stored_prev, stored = (b if isinstance(b, bytes) else b"" for b in row)
                computed = event_hash(stored_prev, seq, kind, created, payload)
                stored_text = stored.decode("ascii", errors="replace")
                intact = prev is not None and stored_prev == prev.encode() and computed == stored_text
                prev = stored_text  # the next event links to what is stored here
                if seq in held and held[seq] in (stored_text, computed):
                    continue  # the backup's own event (perhaps a damaged copy of it)
                text = payload.decode("utf-8", errors="replace")
                try:
                    parsed: Any = json.loads(text)
                except (ValueError, RecursionError):
                    parsed = text
                out.append(TailEvent(seq, kind.decode("utf-8", errors="replace"),
                                     created.decode("utf-8", errors="replace"), parsed, intact,
                                     None if intact else "changed or damaged (its hash does not check out)"))
            if top is None:  # probing: what failed after the last readable event is past the end, not lost
                while out and out[-1].payload is None:
                    out.pop()
            return out, note
        finally:
            conn.close()
