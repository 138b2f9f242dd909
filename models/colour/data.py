"""The colour adapter's training lines (``prompts/common/colour_training_*.jsonl``, written blind: a scene, the
engine's sentence, the one sentence after it) and their fingerprint (a test fails when the lines change without
retraining)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from narrator.models.jsonl import numbered_rows
from narrator.prompts import common_path

FIELDS = ("scene", "happened", "next")


def training_files() -> list[Path]:
    return sorted(common_path(".").glob("colour_training_*.jsonl"))


class ColourDataError(ValueError):
    """A training line that is not a JSON object with a scene, a happened and a next sentence (named with its line)."""


def load_lines(paths: list[Path] | None = None) -> list[dict[str, str]]:
    rows = []
    for path in paths if paths is not None else training_files():
        for number, row in numbered_rows(path, ColourDataError):
            if not isinstance(row, dict) or not all(isinstance(row.get(k), str) and row[k].strip() for k in FIELDS):
                raise ColourDataError(f"{path.name}:{number}: needs {', '.join(FIELDS)} as non-empty strings")
            rows.append({k: row[k].strip() for k in FIELDS})
    return rows


def data_fingerprint(rows: list[dict[str, str]]) -> str:
    digest = hashlib.sha256()
    for row in rows:
        digest.update(json.dumps([row[k] for k in FIELDS], ensure_ascii=False).encode())
    return digest.hexdigest()[:16]
