"""A file's sha256, read in blocks: how a shipped model file is checked before it is loaded (the packaged
embedder, the colour adapter and the base model it was made for, the memory's embedder record)."""

from __future__ import annotations

import hashlib
from pathlib import Path


def file_sha256(path: str | Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()
