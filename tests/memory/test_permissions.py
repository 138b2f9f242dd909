"""Permission problems are named as such — which path, what narrator needs — never called damage, never a traceback.

The red-team found a read-only campaign directory reported as "damaged … run restore" (and restore then failing),
and a read-only ``backups/`` giving a traceback on every command while ``restore`` said "No readable backup".

How these tests get real permission errors while running as root: root ignores file modes only through the
``CAP_DAC_OVERRIDE`` and ``CAP_DAC_READ_SEARCH`` capabilities, so the ``narrator`` command runs in a child process
that drops both from its bounding set before ``exec`` (``prctl(PR_CAPBSET_DROP)``). It stays uid 0 — it can still
run the interpreter under ``/root`` — but ``chmod`` now binds it like any owner. The first test proves the child
really is refused. For an ordinary user no capability is involved and the modes apply directly. Where neither is
possible, the tests say so and skip; the in-process tests at the end exercise the same diagnosis by injection.
"""

from __future__ import annotations

import ctypes
import json
import os
import sqlite3
import stat
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from narrator.memory import access
from narrator.memory.campaign import Campaign
from narrator.memory.errors import CampaignAccessError
from narrator.memory.store import BACKUP_DIR, DB_FILE, _classify

REPO = Path(__file__).resolve().parents[2]
PR_CAPBSET_DROP = 24
CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH = 1, 2


def _drop_dac_capabilities() -> None:  # runs in the child between fork and exec
    libc = ctypes.CDLL(None, use_errno=True)
    for cap in (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH):
        if libc.prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP)")


def _unprivileged(*argv: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    return subprocess.run([sys.executable, *argv], capture_output=True, text=True, timeout=120, env=env, cwd=cwd,
                          preexec_fn=_drop_dac_capabilities if os.geteuid() == 0 else None)


def narrator(root: Path, *argv: str) -> subprocess.CompletedProcess:
    return _unprivileged("-m", "narrator.cli", "--campaign-dir", str(root), *argv)


@contextmanager
def mode(path: Path, bits: int) -> Iterator[None]:
    old = stat.S_IMODE(path.stat().st_mode)
    path.chmod(bits)
    try:
        yield
    finally:
        path.chmod(old)


@pytest.fixture
def root(tmp_path: Path) -> Path:
    probe = tmp_path / "probe"
    probe.mkdir()
    with mode(probe, 0o555):
        try:
            check = _unprivileged("-c", f"open({str(probe / 'x')!r}, 'w')")
        except (OSError, subprocess.SubprocessError) as e:
            pytest.skip(f"cannot start a process without permission overrides here ({e}); see the injection tests")
    if check.returncode == 0:
        pytest.skip("file modes do not bind a child process here (root with capabilities that cannot be dropped); "
                    "the injection tests below cover the diagnosis")
    assert "PermissionError" in check.stderr
    root = tmp_path / "campaigns"
    with Campaign.new("locked out", "minim", seed=4, root=root) as c:
        c.call("table_set_scene", {"text": "the vault"})
    Campaign.open("locked out", root=root).close()  # a backup exists
    return root


def _plain(result: subprocess.CompletedProcess) -> str:
    assert result.returncode == 2, result
    assert "Traceback" not in result.stderr, result.stderr
    assert "damaged" not in result.stderr and "restore" not in result.stderr, result.stderr
    return result.stderr


def test_a_read_only_campaign_directory_is_a_permission_problem_naming_it(root):
    """Commands that write name the directory; commands that only read work (see the read-only tests below)."""
    directory = root / "locked out"
    with mode(directory, 0o555):
        err = _plain(narrator(root, "call", "table_set_scene", "-c", "locked out", "--args", '{"text": "x"}'))
        assert f"cannot write the campaign directory {directory}" in err and "permission denied" in err
        assert "not damage" in err
        err = _plain(narrator(root, "campaign", "restore", "locked out"))
        assert str(directory) in err and "permission denied" in err
    assert narrator(root, "campaign", "show", "locked out").returncode == 0  # nothing was changed meanwhile


def test_an_unreadable_database_is_a_permission_problem_naming_it(root):
    db = root / "locked out" / DB_FILE
    with mode(db, 0o200):
        err = _plain(narrator(root, "sheet", "x", "-c", "locked out"))
        assert f"cannot read the campaign database {db}" in err


def test_a_read_only_backup_folder_is_named_and_restore_still_works(root):
    directory = root / "locked out"
    folder = directory / BACKUP_DIR
    with mode(folder, 0o555):
        err = _plain(narrator(root, "call", "table_set_scene", "-c", "locked out", "--args", '{"text": "x"}'))
        assert f"cannot write the backup folder {folder}" in err
        shown = narrator(root, "campaign", "show", "locked out")  # a reader goes on, and says why no backup
        assert shown.returncode == 0 and "the vault" in shown.stdout, shown.stderr
        assert "no backup was taken" in shown.stderr and f"cannot write the backup folder {folder}" in shown.stderr
        # a damaged campaign is still diagnosed as damaged, and restore only needs to read backups
        conn = sqlite3.connect(directory / DB_FILE)
        conn.execute("UPDATE events SET payload = replace(payload, ':', ': ') WHERE seq = 2")
        conn.commit()
        conn.close()
        damaged = narrator(root, "campaign", "show", "locked out")
        assert damaged.returncode == 2 and "is damaged" in damaged.stderr and "event 2" in damaged.stderr
        restored = narrator(root, "campaign", "restore", "locked out")
        assert restored.returncode == 0, restored.stderr
    assert narrator(root, "campaign", "verify", "locked out").returncode == 0


# -- the same diagnosis by injection (runs everywhere, also where file modes cannot bind) -------------------------
def test_injected_denial_names_the_path_and_is_not_damage(tmp_path, monkeypatch):
    """``access._can`` is the one place the permission check asks the OS; denying write on the directory there
    reproduces what a read-only directory does to the open, with no file-mode change."""
    root = tmp_path / "campaigns"
    Campaign.new("denied", "minim", seed=4, root=root).close()
    directory = root / "denied"
    monkeypatch.setattr(access, "_can", lambda path, bits: not (path == directory and bits & os.W_OK))
    with pytest.raises(CampaignAccessError) as info:
        Campaign.open("denied", root=root)
    assert f"cannot write the campaign directory {directory}" in str(info.value) and "not damage" in str(info.value)


@pytest.mark.parametrize("code, kind", [(14, CampaignAccessError), (8, CampaignAccessError), (13, CampaignAccessError),
                                        (26, Exception), (11, Exception)])
def test_sqlite_errors_are_sorted_by_kind(tmp_path, code, kind):
    """CANTOPEN, READONLY and FULL are access or disk problems; NOTADB and CORRUPT are damage."""
    error = sqlite3.OperationalError("simulated")
    error.sqlite_errorcode = code
    found = _classify(error, tmp_path / DB_FILE, tmp_path)
    assert isinstance(found, kind)
    assert isinstance(found, CampaignAccessError) == (kind is CampaignAccessError)


# -- reading needs no write ----------------------------------------------------------------------------------------
def _tree(directory: Path) -> dict[str, tuple[int, int]]:
    """Every file under ``directory`` with its size and modification time: what "nothing was written" compares."""
    return {str(p.relative_to(directory)): (p.stat().st_size, p.stat().st_mtime_ns)
            for p in sorted(directory.rglob("*"))}


def test_a_read_only_campaign_is_read_without_writing_anything(root, tmp_path):
    """The red-team's read-only campaign refused even ``show`` and ``export``. Every command that only reads now
    opens it read-only (SQLite ``immutable``, no lock file created, no backup, no checkpoint) and says so once."""
    directory = root / "locked out"
    before = _tree(directory)
    out = tmp_path / "export.md"
    with mode(directory / DB_FILE, 0o444), mode(directory, 0o555):
        for argv, expect in [(("campaign", "show", "locked out"), "the vault"),
                             (("campaign", "export", "locked out"), "# locked out"),
                             (("campaign", "export", "locked out", "--out", str(out)), f"Wrote {out}"),
                             (("character", "list", "-c", "locked out"), ""),
                             (("campaign", "verify", "locked out"), "OK: 2 events"),
                             (("replay", "locked out"), "OK: 2 events")]:
            result = narrator(root, *argv)
            assert result.returncode == 0, (argv, result.stderr)
            assert expect in result.stdout, (argv, result.stdout)
            assert "opened read-only" in result.stderr and "Traceback" not in result.stderr, result.stderr
        shown = json.loads(narrator(root, "campaign", "show", "locked out", "--json").stdout)
        assert shown["events"] == 2 and shown["state"]["scene"] == "the vault"
        assert "the vault" in out.read_text()
        err = _plain(narrator(root, "undo", "-c", "locked out"))  # a command that writes still says what to fix
        assert f"cannot write the campaign directory {directory}" in err
    assert _tree(directory) == before  # not a byte, not a journal, not a backup


_KILLED_AFTER_COMMIT = """
import os, sys
from narrator.memory.campaign import Campaign

class NoCheckpoint:  # the connection as the store sees it, minus the checkpoint that follows each commit
    def __init__(self, conn):
        self.conn = conn
    def execute(self, sql, *args):
        return None if sql.startswith("PRAGMA wal_checkpoint(PASSIVE)") else self.conn.execute(sql, *args)
    def __getattr__(self, name):
        return getattr(self.conn, name)

c = Campaign.open(sys.argv[2], root=sys.argv[1])
c.store.conn = NoCheckpoint(c.store.conn)
c.say("narration", "The lamp gutters out.")
os._exit(0)  # killed between the commit and its checkpoint: the event is only in the -wal
"""


def test_a_read_only_campaign_with_a_left_over_wal_is_read_whole(root):
    """A writer killed between a commit and its checkpoint leaves the event only in ``campaign.sqlite-wal``; an
    ``immutable`` read would miss it. The read-only open reads a private copy of the file and its WAL instead."""
    directory = root / "locked out"
    child = _unprivileged("-c", _KILLED_AFTER_COMMIT, str(root), "locked out")
    assert child.returncode == 0, child.stderr
    wal = directory / (DB_FILE + "-wal")
    assert wal.stat().st_size > 0
    before = _tree(directory)
    with mode(directory, 0o555):
        result = narrator(root, "campaign", "show", "locked out", "--json")
        assert result.returncode == 0, result.stderr
        assert json.loads(result.stdout)["events"] == 3
        exported = narrator(root, "campaign", "export", "locked out")
        assert "The lamp gutters out." in exported.stdout, exported.stderr
    assert _tree(directory) == before
    with Campaign.open("locked out", root=root) as c:  # and with write access it is all there too
        assert c.store.last_seq() == 3
