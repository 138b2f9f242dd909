"""The one reader of data lines (:mod:`models.jsonl`): blank lines skipped, lines numbered as in the file, a line
that is not JSON named by file and number in the caller's error — for the claims reader's and the colour adapter's
lines alike."""

from __future__ import annotations

import pytest

from narrator.agent.claims_reader import ClaimsDataError, load_rows
from narrator.models.colour.data import ColourDataError, load_lines
from narrator.models.jsonl import numbered_rows


def test_rows_are_numbered_as_in_the_file_and_blank_lines_skipped(tmp_path):
    path = tmp_path / "lines.jsonl"
    path.write_text('{"a": 1}\n\n  \n[2]\n', encoding="utf-8")
    assert list(numbered_rows(path, ValueError)) == [(1, {"a": 1}), (4, [2])]


@pytest.mark.parametrize("load, error", [(load_rows, ClaimsDataError), (load_lines, ColourDataError)])
def test_a_line_that_is_not_json_is_named_in_the_readers_own_error(tmp_path, load, error):
    path = tmp_path / "broken.jsonl"
    path.write_text('\n{"scene": \n', encoding="utf-8")
    with pytest.raises(error, match=r"broken.jsonl:2: not JSON \("):
        load([path])
