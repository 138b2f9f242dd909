"""Crash safety and cross-process locking, with real child processes (``writer.py`` beside this file).

* A writer killed with SIGKILL at random moments never loses a committed event, never leaves the campaign locked,
  and never leaves a log that fails to replay or a snapshot that differs from the fold of the log.
* A campaign held open by another process is refused with :class:`CampaignInUse`, and opens once that process ends.
"""

from __future__ import annotations

import os
import random
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from memory.campaign import Campaign, delete_campaign
from memory.errors import CampaignInUse
from memory.store import DB_FILE, canonical, restore_backup

WRITER = Path(__file__).with_name("writer.py")
REPO = Path(__file__).resolve().parents[2]


def _spawn(mode: str, root: Path, name: str) -> subprocess.Popen:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    return subprocess.Popen(
        [sys.executable, str(WRITER), mode, str(root), name],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=0, env=env,
    )


def _read_line(proc: subprocess.Popen, timeout: float = 30.0) -> str:
    """One line of the child's stdout, failing (with the child's stderr) if it dies or stays silent."""
    deadline = time.monotonic() + timeout
    line = b""
    while not line.endswith(b"\n"):
        left = deadline - time.monotonic()
        ready, _, _ = select.select([proc.stdout], [], [], max(left, 0))
        if not ready:
            proc.kill()
            proc.wait()
            pytest.fail(f"child silent for {timeout}s; stderr: {proc.stderr.read().decode(errors='replace')}")
        chunk = proc.stdout.read(1)
        if not chunk:
            proc.wait()
            pytest.fail(f"child exited ({proc.returncode}) early; stderr: {proc.stderr.read().decode(errors='replace')}")
        line += chunk
    return line.decode().strip()


def _finish(proc: subprocess.Popen) -> None:
    for stream in (proc.stdin, proc.stdout, proc.stderr):
        if stream is not None and not stream.closed:
            stream.close()


# -- kill test -------------------------------------------------------------------------------------------------
KILLS = 100


@pytest.mark.slow
def test_sigkill_at_random_points_loses_no_committed_event(tmp_path):
    root = tmp_path / "campaigns"
    name = "crashy"
    Campaign.new(name, "minim", seed=31337, root=root).close()
    rng = random.Random(20240601)
    last_seen = 1  # campaign_created
    total_reported = 0
    unreported = 0  # kills that landed between a COMMIT and its print
    started = time.monotonic()
    startup = checks = 0.0  # where the time goes: child start-up, and the parent's open + replay + fold

    for attempt in range(KILLS):
        spawned = time.monotonic()
        proc = _spawn("append", root, name)
        try:
            assert _read_line(proc) == "ready"
            startup += time.monotonic() - spawned
            time.sleep(rng.uniform(0.05, 0.4))  # short windows keep the ever-longer replay cheap
            proc.send_signal(signal.SIGKILL)
            proc.wait(timeout=30)
            out = proc.stdout.read()  # everything printed before the kill is still in the pipe
            err = proc.stderr.read().decode(errors="replace")
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            _finish(proc)
        assert proc.returncode == -signal.SIGKILL, f"attempt {attempt}: writer died on its own: {err}"
        lines = out.split(b"\n")
        assert lines[-1] == b"", f"attempt {attempt}: a torn line {lines[-1]!r}"  # each line is one atomic write
        committed = [int(x) for x in lines[:-1]]
        assert committed == sorted(set(committed))
        total_reported += len(committed)

        # the lock died with the process: this open must not raise CampaignInUse
        checking = time.monotonic()
        with Campaign.open(name, root=root) as c:
            events = c.events()
            seqs = [e.seq for e in events]
            assert seqs == list(range(1, len(seqs) + 1)), f"attempt {attempt}: gaps in the log"
            logged = set(seqs)
            lost = [s for s in committed if s not in logged]
            assert not lost, f"attempt {attempt}: committed events lost: {lost}"
            newest_reported = committed[-1] if committed else last_seen
            # at most one event was committed after the last one reported (killed between COMMIT and print)
            assert seqs[-1] in (newest_reported, newest_reported + 1), (attempt, seqs[-1], newest_reported)
            assert committed == [] or committed[0] == last_seen + 1
            unreported += seqs[-1] - newest_reported

            report = c.replay()
            assert report.ok, f"attempt {attempt}: {report}"
            assert c.fold(events) == c.state
            snap_seq, snap_state = c.store.snapshot()
            assert snap_seq == seqs[-1]
            assert canonical(snap_state) == canonical(c.state.model_dump(mode="json"))
            last_seen = seqs[-1]
        checks += time.monotonic() - checking

    elapsed = time.monotonic() - started
    # the test is not vacuous: the writers really wrote, and were killed while writing
    assert total_reported > KILLS * 5, total_reported
    print(f"\n{KILLS} kills, {total_reported} events reported committed, {unreported} committed but unreported, "
          f"{last_seen} in the log; {elapsed:.1f}s ({startup:.1f}s child start-up, {checks:.1f}s checks)")


# -- two processes ---------------------------------------------------------------------------------------------
def test_campaign_held_by_another_process_is_refused_until_it_exits(tmp_path):
    root = tmp_path / "campaigns"
    with Campaign.new("shared", "minim", seed=8, root=root) as c:
        c.call("table_set_scene", {"text": "the inn"})
    proc = _spawn("hold", root, "shared")
    try:
        assert _read_line(proc) == "open"
        with pytest.raises(CampaignInUse) as info:
            Campaign.open("shared", root=root)
        message = str(info.value)
        assert "'shared'" in message and "in use" in message and "another" in message
        assert str(root / "shared") in message
        with pytest.raises(CampaignInUse):  # deleting or restoring under another process is refused too
            delete_campaign("shared", root=root)
        with pytest.raises(CampaignInUse):
            restore_backup(root / "shared")
        assert (root / "shared" / DB_FILE).is_file()
        proc.stdin.close()  # the child closes the campaign and exits
        assert proc.wait(timeout=30) == 0, proc.stderr.read().decode(errors="replace")
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        _finish(proc)
    with Campaign.open("shared", root=root) as c:
        assert c.state.scene == "the inn"
        assert c.replay().ok


def test_campaign_held_by_a_killed_process_opens_at_once(tmp_path):
    root = tmp_path / "campaigns"
    Campaign.new("orphan", "minim", seed=8, root=root).close()
    proc = _spawn("hold", root, "orphan")
    try:
        assert _read_line(proc) == "open"
        with pytest.raises(CampaignInUse):
            Campaign.open("orphan", root=root)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        _finish(proc)
    with Campaign.open("orphan", root=root) as c:
        assert c.replay().ok


def test_parent_holding_the_campaign_refuses_the_child(tmp_path):
    root = tmp_path / "campaigns"
    with Campaign.new("mine", "minim", seed=8, root=root):
        proc = _spawn("hold", root, "mine")
        try:
            assert proc.wait(timeout=30) != 0
            err = proc.stderr.read().decode(errors="replace")
        finally:
            _finish(proc)
        assert "CampaignInUse" in err and "in use" in err
