"""prompts/README.md's table is the one record of where each data file came from: every file under prompts/ has its
row, once, with its true line count, and a router training file's round is the one its name carries."""

from __future__ import annotations

import re

import pytest

from narrator.prompts import MAIN_VOICE, ROOT, TRAINING, TRAINING_NAME, training_file, training_files, writer_files

ROW = re.compile(r"^\| `(?P<file>[^`]+)` \| (?P<kind>[^|]+) \|(?:[^|]*\|){2} (?P<round>[^|]+) \| (?P<lines>\d+) \|$")


def table() -> dict[str, dict[str, str]]:
    rows: dict[str, dict[str, str]] = {}
    for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines():
        match = ROW.match(line)
        if match:
            assert match["file"] not in rows, f"{match['file']} has two rows"
            rows[match["file"]] = match.groupdict()
    return rows


def data_files() -> set[str]:
    return {p.relative_to(ROOT).as_posix() for p in ROOT.rglob("*")
            if p.is_file() and "__pycache__" not in p.parts} - {"__init__.py", "README.md"}


def test_every_file_has_one_row_with_its_line_count():
    rows = table()
    assert set(rows) == data_files()
    for name, row in rows.items():
        assert int(row["lines"]) == len((ROOT / name).read_text(encoding="utf-8").splitlines()), name


def test_router_training_files_are_named_by_voice_and_round():
    rows = table()
    for folder in {p.parent.parent for p in ROOT.rglob(f"{TRAINING}/*.jsonl")}:
        for path in training_files(folder):
            assert TRAINING_NAME.fullmatch(path.stem), f"{path.name}: name it router_<voice>_round<N>.jsonl"
            name = path.relative_to(ROOT).as_posix()
            assert rows[name]["kind"].strip() == "training"
            assert rows[name]["round"].strip() == f"router {training_file(path).round}", name


@pytest.mark.parametrize("folder", ["brew", "minim", "common"])
def test_the_main_file_comes_first_and_is_no_other_writers(folder):
    files = training_files(ROOT / folder)
    assert training_file(files[0]).voice == MAIN_VOICE
    assert writer_files(ROOT / folder) == files[1:]


def test_the_reading_order_is_the_order_of_the_former_names():
    """The former names sorted: main, then voice by voice, a voice's rounds in order (the router's fingerprint
    depends on the rows' order, so a renaming must not move it)."""
    got = [(training_file(p).voice, training_file(p).round) for p in training_files(ROOT / "minim")]
    assert got == [("main", 0), ("asks", 6), ("contrasts", 0), ("draws", 7), ("personas", 1), ("personas", 2),
                   ("voices", 3), ("voices", 4), ("voices", 6)]
