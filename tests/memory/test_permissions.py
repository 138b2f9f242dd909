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
import os
import sqlite3
import stat
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from memory import access
from memory.campaign import Campaign
from memory.errors import CampaignAccessError
from memory.store import BACKUP_DIR, DB_FILE, _classify

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
    directory = root / "locked out"
    with mode(directory, 0o555):
        err = _plain(narrator(root, "campaign", "show", "locked out"))
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
        err = _plain(narrator(root, "campaign", "show", "locked out"))
        assert f"cannot write the backup folder {folder}" in err
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
