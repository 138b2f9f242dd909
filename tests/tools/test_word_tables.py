"""Word tables as data (:mod:`narrator.tools.word_tables`): read in the file's order, and a broken file named."""

from __future__ import annotations

import pytest

from narrator.tools.word_tables import WordTableError, word_tables


def _write(tmp_path, text: str) -> str:
    (tmp_path / "words.toml").write_text(text, encoding="utf-8")
    return str(tmp_path / "reader.py")  # the module beside the file, as a system passes its __file__


def test_tables_come_back_as_tuples_in_the_files_order(tmp_path):
    module = _write(tmp_path, '[skills]\nzebra = ["a"]\nguard = ["fight", "perception"]\n"lock-picking" = ["b"]\n')
    tables = word_tables(module, "words")
    assert list(tables["skills"].items()) == [("zebra", ("a",)), ("guard", ("fight", "perception")),
                                              ("lock-picking", ("b",))]


@pytest.mark.parametrize("text, said", [
    ('guard = ["fight"]\n', "[guard] is not a table of words"),
    ('[skills]\nguard = "fight"\n', "guard must each be a list of one or more names"),
    ('[skills]\nguard = []\n', "guard must each be a list"),
    ('[skills]\nguard = ["fight", 3]\n', "guard must each be a list"),
    ('[skills]\nguard = ["fight"]\nguard = ["x"]\n', "cannot be read"),
])
def test_a_broken_table_is_named_with_its_file(tmp_path, text, said):
    module = _write(tmp_path, text)
    with pytest.raises(WordTableError, match="words.toml") as e:
        word_tables(module, "words")
    assert said in str(e.value)


def test_a_missing_file_is_named(tmp_path):
    with pytest.raises(WordTableError, match="nowhere.toml.*cannot be read"):
        word_tables(str(tmp_path / "reader.py"), "nowhere")
