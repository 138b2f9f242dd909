"""The claims reader's label families, its training files and their fingerprint: what the trainer
(:mod:`models.claims.train`) and the reader at run time (:mod:`narrator.agent.claims_reader`) must agree on.

Why here, in ``models``: the trainer lives on this floor and may not import the agent above it; the agent imports
these from below.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from narrator.prompts import ROOT as PROMPTS_ROOT

FAMILIES: dict[str, tuple[str, ...]] = {
    "outcome": ("success", "failure", "partial", "none"),
    "attack": ("hit", "miss", "none"),
    "harm": ("hurt", "down", "dead", "fled", "unharmed", "none"),
    "heal": ("healed", "none"),
    "condition": ("gained", "lost", "none"),
    "item": ("gained", "lost", "none"),
    "resource": ("spent", "none"),
    "number": ("yes", "no"),
}
"""Each family's labels; the last is "no claim"."""
NOTHING = {family: labels[-1] for family, labels in FAMILIES.items()}
MAX_CHARS = 400


def training_files(root: Path | None = None) -> list[Path]:
    return sorted((root or PROMPTS_ROOT / "common").glob("claims_training_*.jsonl"))


def data_fingerprint(rows: list[dict[str, Any]]) -> str:
    """What the shipped weights were trained on (``models/claims/reader.npz`` keeps it): the sentences and labels, in
    order. A reader whose fingerprint differs from the training files' was trained on other lines."""
    h = hashlib.sha256()
    for r in rows:
        h.update(json.dumps([r["sentence"], *(r[f] for f in FAMILIES)]).encode())
    return h.hexdigest()[:16]
