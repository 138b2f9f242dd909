"""The recall embedder's training data, without torch: the training sessions and their fingerprint (kept in the
shipped file, so a test sees when the data changed without retraining). Playing them into the records a memory
holds is the game's work, one floor up: ``narrator eval recall FILES --records OUT.jsonl``."""

from __future__ import annotations

import hashlib
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]


def training_files(folder: Path = HERE / "training") -> list[Path]:
    return sorted(folder.glob("*.json"))


def data_fingerprint(paths: list[Path]) -> str:
    """What the weights were trained on: every training session's bytes, in name order."""
    digest = hashlib.sha256()
    for path in paths:
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()
