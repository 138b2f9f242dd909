"""Prompt templates and few-shot examples, as files: ``prompts/common/*`` and each system's own folder.

A system's folder is its ``prompts_dir`` (``prompts/<name>/`` for the systems in this repository; a plugin or a
test's system keeps its own). Every file a system may give has a common default here, so a missing one is never
an error: the system simply speaks with the common voice.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).parent


def system_dir(system: str) -> Path:
    try:
        from tools.systems import get_system

        return Path(get_system(system).prompts_dir)
    except Exception:  # noqa: BLE001 - an unknown system simply has no folder of its own
        return ROOT / system


def prompt_path(system: str, name: str) -> Path:
    """``<system's prompts_dir>/<name>``, falling back to ``prompts/common/<name>``."""
    own = system_dir(system) / name
    return own if own.exists() else ROOT / "common" / name


def load(system: str, name: str) -> str:
    return prompt_path(system, name).read_text(encoding="utf-8")
