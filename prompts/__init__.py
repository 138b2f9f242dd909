"""Prompt templates and few-shot examples, as files: ``prompts/common/*`` and ``prompts/<system>/*``."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).parent


def prompt_path(system: str, name: str) -> Path:
    """``prompts/<system>/<name>``, falling back to ``prompts/common/<name>``."""
    own = ROOT / system / name
    return own if own.exists() else ROOT / "common" / name


def load(system: str, name: str) -> str:
    return prompt_path(system, name).read_text(encoding="utf-8")
