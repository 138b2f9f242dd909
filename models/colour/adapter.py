"""The shipped colour adapter (``models/colour/adapter.gguf``) and the check before llama.cpp loads it.

It is made for one base file, the embedded SmolLM2 (``adapter.json`` records both sha256s): another model gets no
adapter, and a shipped adapter whose bytes do not match its record is an install problem, said plainly. The check
hashes the base file only when its size matches the record's base (a 98 MB file, read once per process)."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from narrator.models.base import BackendError
from narrator.models.files import file_sha256

HERE = Path(__file__).resolve().parent
ADAPTER = HERE / "adapter.gguf"


def record(adapter: Path = ADAPTER) -> dict | None:
    """What the training run wrote beside the adapter (None when no adapter is shipped)."""
    meta = adapter.with_suffix(".json")
    if not adapter.is_file() or not meta.is_file():
        return None
    try:
        return json.loads(meta.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise BackendError(f"The colour adapter's record cannot be read ({meta}: {e}); reinstall narrator") from None


@lru_cache(maxsize=8)
def _checked(model: Path, size: int, adapter: Path) -> Path | None:
    meta = record(adapter)
    if meta is None or size != meta.get("base_bytes") or file_sha256(model) != meta.get("base_sha256"):
        return None
    if file_sha256(adapter) != meta.get("adapter_sha256"):
        raise BackendError(f"The colour adapter {adapter} does not match its record (damaged?); reinstall narrator")
    return adapter


def adapter_for(model: Path, adapter: Path = ADAPTER) -> Path | None:
    """The colour adapter for ``model`` (checked), or None when the model is not the one it was trained for."""
    try:
        size = model.stat().st_size
    except OSError:
        return None
    return _checked(model.resolve(), size, adapter)
