"""Crash safety and cross-process locking, with real child processes (``writer.py`` beside this file).

* A writer killed with SIGKILL at random moments never loses a committed event, never leaves the campaign locked,
  and never leaves a log that fails to replay or a snapshot that differs from the fold of the log. Each reopen is
  verified incrementally (the events since the previous kill are replayed from the state verified then; the chain
  proves the earlier events unchanged), and the whole log once at the end: the same guarantees as re-running the
  whole log at every kill, without its O(n²) cost.
* A campaign held open by another process is refused with :class:`CampaignInUse`, and opens once that process
  ends — also after ``rm campaign.lock``: the database itself is locked (SQLite's exclusive locking mode).
* A deleted ``campaign.sqlite-wal`` under a killed writer loses no committed event (each append is checkpointed
  into the main file); an older copy of the main file put in place is reported at the next open when the campaign
  memory had seen the lost events.
"""

from __future__ import annotations

import json
import os
import random
import select
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from narrator.memory.campaign import Campaign, delete_campaign, restore_campaign
from narrator.memory.errors import CampaignDataLost, CampaignInUse
from narrator.memory.store import DB_FILE, LOCK_FILE, canonical, restore_backup

WRITER = Path(__file__).with_name("writer.py")
REPO = Path(__file__).resolve().parents[2]


def _spawn(mode: str, root: Path, name: str, *extra: str) -> subprocess.Popen:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    return subprocess.Popen(
        [sys.executable, str(WRITER), mode, str(root), name, *extra],
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


def _killed(proc: subprocess.Popen) -> None:
    """SIGKILL the child (if it still runs) and reap it, its pipes closed."""
    try:
        if proc.poll() is None:
            proc.send_signal(signal.SIGKILL)
            proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        _finish(proc)


# -- kill test -------------------------------------------------------------------------------------------------
KILLS = 100


def _hash_at(c: Campaign, seq: int) -> str:
    return c.store.conn.execute("SELECT hash FROM events WHERE seq = ?", (seq,)).fetchone()[0]


@pytest.mark.slow
def test_sigkill_at_random_points_loses_no_committed_event(tmp_path):
    root = tmp_path / "campaigns"
    name = "crashy"
    Campaign.new(name, "minim", seed=31337, root=root).close()
    with Campaign.open(name, root=root) as c:
        verified_state, last_hash = c.state, _hash_at(c, 1)
    rng = random.Random(20240601)
    last_seen = 1  # campaign_created
    total_reported = 0
    unreported = 0  # kills that landed between a COMMIT and its print
    started = time.monotonic()
    startup = checks = 0.0  # where the time goes: child start-up, and the parent's open + incremental checks

    for attempt in range(KILLS):
        spawned = time.monotonic()
        proc = _spawn("append", root, name)
        try:
            assert _read_line(proc) == "ready"
            startup += time.monotonic() - spawned
            time.sleep(rng.uniform(0.05, 0.4))
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

        # the lock died with the process: this open must not raise CampaignInUse. The open itself re-hashes the
        # whole chain and checks the snapshot against the fold of the events since its last checkpoint.
        checking = time.monotonic()
        with Campaign.open(name, root=root) as c:
            assert _hash_at(c, last_seen) == last_hash, f"attempt {attempt}: verified events changed"
            tail = c.store.events(after=last_seen)
            seqs = [e.seq for e in tail]
            assert seqs == list(range(last_seen + 1, last_seen + 1 + len(seqs))), f"attempt {attempt}: gaps"
            assert c.store.last_seq() == (seqs[-1] if seqs else last_seen)
            lost = [s for s in committed if not last_seen < s <= c.store.last_seq()]
            assert not lost, f"attempt {attempt}: committed events lost: {lost}"
            newest_reported = committed[-1] if committed else last_seen
            last = c.store.last_seq()
            # at most one event was committed after the last one reported (killed between COMMIT and print)
            assert last in (newest_reported, newest_reported + 1), (attempt, last, newest_reported)
            assert committed == [] or committed[0] == last_seen + 1
            unreported += last - newest_reported

            report = c.replay(after=last_seen, state=verified_state)  # the new events, from the verified state
            assert report.ok, f"attempt {attempt}: {report}"
            snap_seq, snap_state = c.store.snapshot()
            assert snap_seq == last
            assert canonical(snap_state) == canonical(c.state.model_dump(mode="json"))
            verified_state, last_seen, last_hash = c.state, last, _hash_at(c, last)
        checks += time.monotonic() - checking

    with Campaign.open(name, root=root) as c:  # and once, the whole log: fold and replay from the first event
        assert c.verify().ok
        assert c.fold(c.events()) == c.state
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
    finally:
        _killed(proc)
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


# -- the lock survives `rm campaign.lock` ------------------------------------------------------------------------
def test_deleting_the_lock_file_does_not_let_a_second_process_in(tmp_path):
    """The red-team deleted ``campaign.lock`` under a live writer and a second process wrote (state lost, snapshot
    diverged). The database itself is locked, so the lock file is only the first line."""
    root = tmp_path / "campaigns"
    Campaign.new("guarded", "minim", seed=8, root=root).close()
    holder = _spawn("hold", root, "guarded")
    try:
        assert _read_line(holder) == "open"
        (root / "guarded" / LOCK_FILE).unlink()
        with pytest.raises(CampaignInUse) as info:
            Campaign.open("guarded", root=root)
        assert "in use" in str(info.value)
        second = _spawn("append", root, "guarded")
        try:
            assert second.wait(timeout=60) != 0
            err = second.stderr.read().decode(errors="replace")
        finally:
            _finish(second)
        assert "CampaignInUse" in err
        for refused in (lambda: delete_campaign("guarded", root=root), lambda: restore_backup(root / "guarded"),
                        lambda: restore_campaign("guarded", root, force=True)):
            (root / "guarded" / LOCK_FILE).unlink(missing_ok=True)
            with pytest.raises(CampaignInUse):
                refused()
        holder.stdin.close()
        assert holder.wait(timeout=30) == 0, holder.stderr.read().decode(errors="replace")
    finally:
        if holder.poll() is None:
            holder.kill()
            holder.wait()
        _finish(holder)
    with Campaign.open("guarded", root=root) as c:
        assert c.verify().ok


def test_a_second_writer_after_rm_lock_is_refused_and_nothing_diverges(tmp_path):
    """The red-team's exact sequence: a live writer, ``rm campaign.lock``, a second writer."""
    root = tmp_path / "campaigns"
    Campaign.new("race", "minim", seed=9, root=root).close()
    first = _spawn("append", root, "race")
    try:
        assert _read_line(first) == "ready"
        (root / "race" / LOCK_FILE).unlink()
        second = _spawn("append", root, "race")
        try:
            assert second.wait(timeout=60) != 0  # refused at open; it never printed "ready"
            assert b"ready" not in second.stdout.read()
        finally:
            _finish(second)
        assert int(_read_line(first)) > 1  # the first writer is still writing
    finally:
        first.kill()
        first.wait()
        _finish(first)
    with Campaign.open("race", root=root) as c:
        report = c.verify()
        assert report.ok and report.replay.state_matches_snapshot


# -- a killed turn -----------------------------------------------------------------------------------------------
def test_a_writer_killed_mid_turn_leaves_whole_turns_only(tmp_path):
    """A turn's events are one batch (:meth:`Campaign.batch`): a writer killed at random moments leaves the log
    ending on a whole turn — player line, tool call, narration — with every turn it reported saved, the snapshot
    equal to the fold, and the next writer goes on from there."""
    root = tmp_path / "campaigns"
    with Campaign.new("turns", "minim", seed=14, root=root) as c:
        created = c.store.last_seq()
    rng = random.Random(14)
    reported = 0
    for _ in range(6):
        proc = _spawn("turns", root, "turns")
        try:
            assert _read_line(proc) == "ready"
            for _ in range(rng.randint(1, 30)):
                reported = int(_read_line(proc))
            time.sleep(rng.random() * 0.01)  # a kill at any moment of the next turns
        finally:
            _killed(proc)
        with Campaign.open("turns", root=root) as c:
            kinds = [e.kind for e in c.events()[created:]]
            assert len(kinds) >= reported - created
            assert len(kinds) % 3 == 0, f"a half turn survived: {kinds[-3:]}"
            assert kinds == ["player", "tool_call", "narration"] * (len(kinds) // 3)
            assert c.verify(replay=False).ok


# -- a deleted -wal ----------------------------------------------------------------------------------------------
def _killed_writer_then_rm_wal(root: Path, name: str, mode: str, *extra: str) -> str:
    proc = _spawn(mode, root, name, *extra)
    try:
        line = _read_line(proc, timeout=180)
    finally:
        _killed(proc)
    wal = root / name / (DB_FILE + "-wal")
    assert wal.stat().st_size > 0, "the killed writer left committed frames in the WAL"
    wal.unlink()
    return line


def test_an_older_copy_put_in_place_is_reported_when_the_memory_saw_the_lost_events(tmp_path):
    """A deleted WAL loses nothing any more (below); an older copy of ``campaign.sqlite`` put back by hand still
    loses what was written since, and the campaign memory, which indexed those events, says so at the next open."""
    root = tmp_path / "campaigns"
    with Campaign.new("forgetful", "minim", seed=10, root=root) as c:
        c.call("table_set_scene", {"text": "the crypt"})
    older = tmp_path / "older.sqlite"
    shutil.copyfile(root / "forgetful" / DB_FILE, older)
    line = _killed_writer_then_rm_wal(root, "forgetful", "remember", "4")
    _, last, indexed = line.split()
    assert int(indexed) == int(last) == 6
    os.replace(older, root / "forgetful" / DB_FILE)
    with pytest.raises(CampaignDataLost) as info:
        Campaign.open("forgetful", root=root)
    message = str(info.value)
    assert "events 3 to 6" in message and "older copy" in message and "chroma" in message
    os.replace(root / "forgetful" / "chroma", root / "forgetful" / "chroma.lost")  # what the message says to do
    with Campaign.open("forgetful", root=root) as c:
        assert c.store.last_seq() == 2 and c.verify().ok


def _append_then_kill(root: Path, name: str, lines: int) -> int:
    """A writer that reported ``lines`` committed events, killed; returns the last seq it reported."""
    proc = _spawn("append", root, name)
    try:
        assert _read_line(proc) == "ready"  # its open is done: verified, checkpointed, backed up
        last = 0
        for _ in range(lines):
            last = int(_read_line(proc))
    finally:
        _killed(proc)
    return last


def test_a_deleted_wal_loses_no_committed_event(tmp_path, capsys):
    """The red-team deleted ``campaign.sqlite-wal`` after a killed turn and the campaign opened with 1-2
    committed events gone, exit 0, no message: nothing witnessed them. Each append is now checkpointed into the
    main file right after its commit, so the WAL holds nothing the main file lacks: every event a killed writer
    reported committed is still there after ``rm campaign.sqlite-wal``, through the CLI."""
    from narrator.cli import main

    root = tmp_path / "campaigns"
    with Campaign.new("bounded", "minim", seed=12, root=root) as c:
        for i in range(5):
            c.call("table_set_scene", {"text": f"scene {i}"})
    first = _append_then_kill(root, "bounded", 20)  # killed: the WAL is left behind
    second = _append_then_kill(root, "bounded", 20)
    assert second > first
    wal = root / "bounded" / (DB_FILE + "-wal")
    assert wal.exists()
    wal.unlink()
    assert main(["--campaign-dir", str(root), "campaign", "show", "bounded", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["events"] >= second  # every reported event (and at most one committed but not yet reported)
    with Campaign.open("bounded", root=root) as c:
        assert c.verify().ok
