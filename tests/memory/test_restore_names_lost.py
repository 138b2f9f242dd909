"""Nothing lost silently: ``narrator campaign restore`` names every event the restored campaign no longer has and
writes them out in full beside the campaign.

The red-team (issue 25): restore put back the newest good backup and dropped the last turn in 36 of 36 trials —
also when only an early event was damaged — naming only the backup. A backup is taken at each open, so the newest
good one ends where the last session began; the session's events are still readable in the replaced file, and
restore now reads them back (a private copy of the file and its WAL, row by row) and reports each by seq, kind
and words. Real campaigns on disk, damaged the way a hand edit or a bit flip damages them, through the real CLI.
"""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

import pytest

from narrator.memory.campaign import Campaign
from narrator.memory.store import BACKUP_DIR, DB_FILE, list_backups
from narrator.cli import main
from narrator.tools.systems import get_system


@pytest.fixture
def root(tmp_path: Path) -> Path:
    return tmp_path / "campaigns"


def cli(capsys, root: Path, *argv: str) -> tuple[int, str, str]:
    code = main(["--campaign-dir", str(root), *argv])
    out, err = capsys.readouterr()
    return code, out, err


def _sql(db: Path, statement: str, *params) -> None:
    conn = sqlite3.connect(db)
    try:
        conn.execute(statement, params)
        conn.commit()
    finally:
        conn.close()


PLAYER = "I hit Gorran with a stool"
NARRATION = "The stool splinters over Gorran's shoulder."


def _session(capsys, root: Path, system: str) -> int:
    """A campaign created and played a little (so a backup exists), then one more session — a player line, two
    tool calls, a narration — that only the campaign file holds. Returns the seq the newest backup ends at."""
    assert cli(capsys, root, "campaign", "new", "inn", "--system", system, "--seed", "7")[0] == 0
    assert cli(capsys, root, "call", "table_set_scene", "-c", "inn", "--args", '{"text": "the taproom"}')[0] == 0
    with Campaign.open("inn", root=root) as c:  # the open backs up; what follows is in no backup
        backed_up = c.store.last_seq()
        c.say("player", PLAYER)
        c.call(get_system(system).random_character_tool, {"name": "Gorran"})
        c.call("table_set_zones", {"zones": ["taproom", "cellar"]})
        c.say("narration", NARRATION)
    assert list_backups(root / "inn" / BACKUP_DIR)[-1].seq == backed_up
    return backed_up


@pytest.mark.parametrize("system", ["minim", "mastery", "minisix"])
def test_restore_after_an_early_damaged_event_names_the_lost_turn_and_writes_it_out(root, capsys, system):
    base = _session(capsys, root, system)
    _sql(root / "inn" / DB_FILE, "UPDATE events SET payload = replace(payload, ':', ': ') WHERE seq = 2")
    code, _, err = cli(capsys, root, "campaign", "show", "inn")
    assert code == 2 and "event 2" in err

    code, out, err = cli(capsys, root, "campaign", "restore", "inn")
    assert code == 0, err
    tool = get_system(system).random_character_tool
    assert f"events 1 to {base}" in out
    assert "LOST: 4 event(s)" in out
    assert f'event {base + 1} player: "{PLAYER}"' in out
    assert re.search(rf"event {base + 2} tool_call {tool}: .*Gorran", out), out
    assert f"event {base + 3} tool_call table_set_zones: " in out
    assert f'event {base + 4} narration: "{NARRATION}"' in out
    assert "[" not in out.split("LOST:")[1].split("The lost events")[0]  # all intact: no damage flag on any

    export = Path(re.search(r"written out in full, with how to play each tool call again: (\S+)", out).group(1))
    assert export.parent == root / "inn" and export.is_file()
    text = export.read_text(encoding="utf-8")
    for seq in range(base + 1, base + 5):
        assert f"## event {seq} " in text
    assert f"> {PLAYER}" in text and f"> {NARRATION}" in text
    assert f"narrator call {tool} -c 'inn' --args '" in text and '"zones": [' in text
    assert text.count("intact.") == 4

    with Campaign.open("inn", root=root) as c:  # the campaign is the backup's: the lost events are not in it
        assert c.store.last_seq() == base and c.verify().ok


def test_a_damaged_event_in_the_lost_tail_is_named_and_flagged(root, capsys):
    """Damage inside the session itself: the changed event is listed with what is wrong with it; the events
    after it, which still follow it, are intact."""
    base = _session(capsys, root, "fiveplus")
    _sql(root / "inn" / DB_FILE, "UPDATE events SET payload = replace(payload, 'stool', 'chair') WHERE seq = ?",
         base + 1)
    code, out, _ = cli(capsys, root, "campaign", "restore", "inn")
    assert code == 0
    assert f'event {base + 1} player: "I hit Gorran with a chair" [changed or damaged' in out
    assert f'event {base + 4} narration: "{NARRATION}"' in out.replace("chair", "stool")
    lines = [line for line in out.splitlines() if line.startswith("  event ")]
    assert len(lines) == 4 and sum("[changed or damaged" in line for line in lines) == 1


def test_a_forced_restore_of_a_sound_campaign_still_names_what_it_sets_aside(root, capsys):
    base = _session(capsys, root, "brew")
    code, out, _ = cli(capsys, root, "campaign", "restore", "inn", "--force")
    assert code == 0 and "LOST: 4 event(s)" in out and f"event {base + 4} narration" in out


def test_nothing_lost_is_said_plainly(root, capsys):
    assert cli(capsys, root, "campaign", "new", "inn", "--system", "minim", "--seed", "7")[0] == 0
    Campaign.open("inn", root=root).close()  # a backup holding the whole log
    _sql(root / "inn" / DB_FILE, "UPDATE events SET created_at = '1999-01-01T00:00:00+00:00' WHERE seq = 1")
    code, out, _ = cli(capsys, root, "campaign", "restore", "inn")
    assert code == 0 and "Nothing was lost" in out and "LOST" not in out
    assert not list((root / "inn").glob("lost-events-*.md"))


def test_an_unreadable_file_is_said_plainly(root, capsys):
    """A file SQLite cannot read at all (cut short): restore still works and says the rest cannot be read."""
    _session(capsys, root, "minim")
    db = root / "inn" / DB_FILE
    with db.open("r+b") as fh:
        fh.truncate(db.stat().st_size // 2)
    code, out, _ = cli(capsys, root, "campaign", "restore", "inn")
    assert code == 0 and "could not be read to its end" in out


def test_the_export_keeps_every_byte_of_a_lost_line(root, capsys):
    """A lost line with a newline and a right-to-left override is listed escaped (it cannot reverse the
    terminal line) and written out whole."""
    _session(capsys, root, "minim")
    with Campaign.open("inn", root=root, backup=False) as c:
        seq = c.say("player", "two\nlines \u202e reversed")
    _sql(root / "inn" / DB_FILE, "UPDATE events SET created_at = '1999-01-01T00:00:00+00:00' WHERE seq = 1")
    code, out, _ = cli(capsys, root, "campaign", "restore", "inn")
    assert code == 0 and f'event {seq} player: "two\\nlines \\u202e reversed"' in out and "\u202e" not in out
    export = next((root / "inn").glob("lost-events-*.md")).read_text(encoding="utf-8")
    assert json.dumps({"text": "two\nlines \u202e reversed"}, indent=2, ensure_ascii=False) in export


def test_a_log_shorter_than_the_newest_backup_is_never_opened_silently(root, capsys):
    """A log that is a strict prefix of the newest backup is refused (restore brings the tail back; see
    test_integrity). One that is shorter and differs — the file replaced and written to since — opens, with a
    warning naming how many events fewer it has and how to put the backup back."""
    import shutil

    assert cli(capsys, root, "campaign", "new", "inn", "--system", "minisix", "--seed", "7")[0] == 0
    db, backups = root / "inn" / DB_FILE, root / "inn" / BACKUP_DIR
    stale = root / "stale.sqlite"
    shutil.copyfile(db, stale)
    with Campaign.open("inn", root=root) as c:
        for text in ("one", "two", "three"):
            c.say("narration", text)
    Campaign.open("inn", root=root).close()  # the newest backup: 4 events
    shutil.move(backups, root / "kept-backups")
    shutil.copyfile(stale, db)
    with Campaign.open("inn", root=root) as c:  # written to since: event 2 is another one
        c.say("narration", "another story")
    shutil.rmtree(backups)
    shutil.move(root / "kept-backups", backups)

    code, out, err = cli(capsys, root, "campaign", "show", "inn")
    assert code == 0 and "2 events" in out
    assert "warning:" in err and "2 fewer than the newest backup" in err and "(4 events)" in err
    assert "narrator campaign restore inn --force" in err
    assert "warning:" in cli(capsys, root, "character", "list", "-c", "inn")[2]  # said at every open, until acted on
    code, out, _ = cli(capsys, root, "campaign", "restore", "inn", "--force")
    assert code == 0 and "events 1 to 4" in out and 'event 2 narration: "another story"' in out


EARLY_DAMAGE = {
    "payload": "UPDATE events SET payload = replace(payload, ':', ': ') WHERE seq = 2",
    "hash": "UPDATE events SET hash = 'ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff' WHERE seq = 2",
    "kind": "UPDATE events SET kind = 'note' WHERE seq = 2",
    "removed": "DELETE FROM events WHERE seq = 2",
}


@pytest.mark.parametrize("edit", list(EARLY_DAMAGE))
def test_a_damaged_copy_of_an_event_the_backup_holds_is_not_called_lost(root, capsys, edit):
    """However the early event was damaged, the backup has it: only the session after the backup is lost."""
    base = _session(capsys, root, "minim")
    _sql(root / "inn" / DB_FILE, EARLY_DAMAGE[edit])
    code, out, _ = cli(capsys, root, "campaign", "restore", "inn")
    assert code == 0 and "LOST: 4 event(s)" in out
    listed = [int(m) for m in re.findall(r"^  event (\d+) ", out, re.M)]
    assert listed == list(range(base + 1, base + 5))
