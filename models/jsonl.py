"""Training and evaluation lines as JSON Lines, read the one way every tuned model's data is read: blank lines
skipped, a line that is not JSON named by its file and number (a bug in a data file, never skipped)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterator


def numbered_rows(path: Path, error: type[ValueError]) -> Iterator[tuple[int, Any]]:
    """Each non-blank line of ``path`` with its line number, parsed; ``error`` says "FILE:N: not JSON (...)"."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            yield number, json.loads(line)
        except json.JSONDecodeError as e:
            raise error(f"{path.name}:{number}: not JSON ({e.msg})") from None


def rows(path: str | Path, error: type[ValueError] = ValueError) -> list[Any]:
    """Every row of ``path`` (:func:`numbered_rows` without the numbers)."""
    return [row for _, row in numbered_rows(Path(path), error)]
