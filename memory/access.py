"""Can this process use a campaign's files? Permission problems named as such, never mistaken for damage.

Why a separate check: SQLite reports a directory it cannot write to as "unable to open database file" or
"attempt to write a readonly database", which used to surface as "damaged … run restore" — a wrong diagnosis whose
recovery then failed too. Before a file is opened, every path narrator needs is checked with ``access(2)`` (for
the effective user, so it also honours a read-only file system and a root process without ``CAP_DAC_OVERRIDE``),
and the first problem is reported with the path, what narrator needs there, and who owns it. SQLite errors of the
permission kind that slip past (another security layer, a race) are worded the same way by :func:`sqlite_problem`.
"""

from __future__ import annotations

import os
import sqlite3
import stat
from pathlib import Path

from narrator.memory.errors import CampaignAccessError

R, W, X = os.R_OK, os.W_OK, os.X_OK
_EFFECTIVE = os.access in os.supports_effective_ids

# SQLite primary result codes (the low byte of an extended code)
SQLITE_PERM, SQLITE_BUSY, SQLITE_LOCKED, SQLITE_NOMEM, SQLITE_READONLY = 3, 5, 6, 7, 8
SQLITE_IOERR, SQLITE_FULL, SQLITE_CANTOPEN, SQLITE_AUTH = 10, 13, 14, 23
ACCESS_CODES = {SQLITE_PERM, SQLITE_READONLY, SQLITE_CANTOPEN, SQLITE_AUTH}
DISK_CODES = {SQLITE_IOERR, SQLITE_FULL, SQLITE_NOMEM}
BUSY_CODES = {SQLITE_BUSY, SQLITE_LOCKED}


def sqlite_code(error: sqlite3.Error) -> int:
    """The primary SQLite result code of an error (0 when it did not come from the SQLite library)."""
    return (getattr(error, "sqlite_errorcode", None) or 0) & 0xFF


def _can(path: Path, mode: int) -> bool:
    return os.access(path, mode, effective_ids=_EFFECTIVE)


def _read_only_fs(path: Path) -> bool:
    try:
        return bool(os.statvfs(path).f_flag & os.ST_RDONLY)
    except OSError:
        return False


def _owner(path: Path) -> str:
    try:
        st = path.stat()
    except OSError:
        return ""
    who = "" if st.st_uid == os.geteuid() else f", narrator runs as uid {os.geteuid()}"
    return f"; mode {stat.filemode(st.st_mode)}, owner uid {st.st_uid}{who}"


def problem(path: Path, mode: int, what: str, campaign: str) -> CampaignAccessError | None:
    """The access error for ``path`` if this process lacks ``mode`` there, else None."""
    if _can(path, mode):
        return None
    needs = " and ".join(word for bit, word in ((R, "read"), (W, "write"), (X, "enter"))
                         if mode & bit and not _can(path, bit))
    if not needs:  # access() refused the combination but no single bit: report what was asked
        needs = "use"
    if mode & W and _read_only_fs(path):
        cause = "it is on a read-only file system"
        fix = "mount it read-write or copy the campaign elsewhere"
    else:
        cause = f"permission denied{_owner(path)}"
        letters = "".join(letter for word, letter in (("read", "r"), ("write", "w"), ("enter", "x")) if word in needs)
        fix = f"give your user {needs} permission on it (e.g. chmod u+{letters} '{path}') or run narrator as its owner"
    return CampaignAccessError(
        f"Campaign '{campaign}': narrator cannot {needs} {what} {path} ({cause}). This is a permissions problem, "
        f"not damage: nothing was changed. To fix it, {fix}."
    )


def require(directory: Path, campaign: str, db_file: str, lock_file: str) -> None:
    """Raise :class:`CampaignAccessError` for the first campaign path this process cannot use as it must.

    The directory must be enterable and writable (SQLite creates its ``-wal`` journal and narrator its lock file
    there), the database and any journal beside it readable and writable. ``backups/`` is checked when a backup is
    written, after the file has been verified: a damaged campaign with a read-only ``backups/`` is reported as
    damaged (and ``restore``, which only reads backups, works), a sound one as a permissions problem.
    """
    checks: list[tuple[Path, int, str]] = [(directory, W | X, "the campaign directory")]
    db = directory / db_file
    checks.append((db, R | W, "the campaign database"))
    for side in ("-wal", "-shm", "-journal"):
        if (directory / (db_file + side)).exists():
            checks.append((directory / (db_file + side), R | W, "SQLite's journal"))
    if (directory / lock_file).exists():
        checks.append((directory / lock_file, R | W, "the lock file"))
    for path, mode, what in checks:
        found = problem(path, mode, what, campaign)
        if found:
            raise found


def sqlite_problem(error: sqlite3.Error, directory: Path, campaign: str, db_file: str,
                   lock_file: str) -> CampaignAccessError:
    """Word an SQLite error of the permission or disk kind for a person, naming the path at fault if found."""
    try:
        require(directory, campaign, db_file, lock_file)
    except CampaignAccessError as found:
        return found
    if sqlite_code(error) in DISK_CODES:
        return CampaignAccessError(
            f"Campaign '{campaign}': the disk refused a read or write in {directory} ({error}). This is not damage "
            f"to the campaign: free some space or check the disk, then try again."
        )
    return CampaignAccessError(
        f"Campaign '{campaign}': SQLite cannot open {directory / db_file} ({error}). The file permissions look "
        f"right, so another security layer or a changing directory is the likely cause; this is not damage."
    )
