"""Word tables kept as data: which concept words suggest which skills or activities, which names a catalogue holds.

Why data: these tables are lists a designer extends (a new profession, a new beast), not logic, and written as
Python dict literals they were the same shape in every system. A system keeps them in a TOML file beside the module
that reads them, one table per ``[name]``, each word mapped to a list of names::

    [keyword_skills]
    guard = ["fight", "perception"]

:func:`word_tables` reads the file once and hands each table back as ``word -> tuple of names``, in the file's
order (which the generators' choices depend on).
"""

from __future__ import annotations

import tomllib
from pathlib import Path


class WordTableError(ValueError):
    """A word-table file that cannot be read, or a table in it that is not ``word = ["name", ...]``: a bug in the
    package's data, named with its file."""


def word_tables(module_file: str, stem: str) -> dict[str, dict[str, tuple[str, ...]]]:
    """The tables of ``<stem>.toml`` in ``module_file``'s folder: table name -> word -> its names."""
    path = Path(module_file).with_name(f"{stem}.toml")
    try:
        with path.open("rb") as f:
            raw = tomllib.load(f)
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise WordTableError(f"the word tables {path} cannot be read: {e}") from None
    out: dict[str, dict[str, tuple[str, ...]]] = {}
    for name, table in raw.items():
        if not isinstance(table, dict):
            raise WordTableError(f"{path}: [{name}] is not a table of words")
        wrong = [w for w, names in table.items()
                 if not isinstance(names, list) or not names or not all(isinstance(n, str) and n for n in names)]
        if wrong:
            raise WordTableError(f"{path}: in [{name}], {', '.join(wrong)} must each be a list of one or more names")
        out[name] = {w: tuple(names) for w, names in table.items()}
    return out
