"""Prompt templates, examples, training lines and word tables, as files: ``prompts/common/`` and each system's own folder.

A system's folder is its ``prompts_dir`` (``prompts/<name>/`` for the systems in this repository; a plugin or a
test's system keeps its own). Every file a system may give has a common default here, so a missing one is never
an error: the system simply speaks with the common voice.

The file names below are the only place the code names these files: a loader reads ``prompt_path(system,
NARRATOR_STYLE)``, never a literal path, so moving a file is one edit here. ``prompts/README.md`` lists every file
with what it holds and who wrote it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Final, NamedTuple

ROOT = Path(__file__).parent
COMMON: Final = ROOT / "common"
"""The common folder: every file's default, and the only copy of the common-only ones."""

ROUTER_EXAMPLES: Final = "router_examples.jsonl"
"""The router's curated anchors: ``{"text", "label"}`` lines read whole, before the training lines."""
PROPOSER_EXAMPLES: Final = "proposer_examples.jsonl"
"""The LLM proposer's few-shot turns: ``{"input", "output"}``."""
NARRATION_EXAMPLES: Final = "narration_examples.jsonl"
"""The narration's example turns (the first six are the prompt's few-shot blocks)."""
ROUTER_LEXICON: Final = "lexicon.json"
"""The router's keyword features, stated-intent flags, label priors and with-target upgrades."""
CIRCUMSTANCES: Final = "circumstances.json"
"""Words that tell an advantage or a disadvantage (common only)."""
SCENE_ONSET: Final = "scene_onset.json"
"""Words that tell someone else turning hostile (common only)."""
OUT_OF_GAME: Final = "out_of_game.json"
"""Requests to change numbers, rules, dice or the log, refused with what stands in the way."""
ADMISSION: Final = "admission.json"
"""What a line must carry before the engine plays it: text that is no action, the words of violence (common only)."""
NARRATOR_SYSTEM: Final = "narrator_system.md"
"""The narration's system prompt."""
NARRATOR_STYLE: Final = "narrator_style.md"
"""A system's narration voice, appended to the system prompt."""
FLOOR: Final = "floor.json"
"""The engine-written floor's phrase tables."""
SCENE_TABLES: Final = "scene_tables.json"
"""Oracle tables for framing solo scenes and random events."""
PROPOSER_SYSTEM: Final = "proposer_system.md"
"""The LLM proposer's system prompt (common only)."""
TRAINING: Final = "."
"""The folder of the router's training files."""

MAIN_VOICE: Final = "main"
"""The voice of a folder's first training file, written with the system; the other files are the other writers'."""
_TRAINING_NAME = re.compile(r"router_training(?:_(?P<voice>[a-z]+?)(?P<round>\d*))?")


class TrainingFile(NamedTuple):
    """A router training file's place in the reading order: the main file, then by voice, a voice's rounds in order."""

    later: bool
    voice: str
    round: int
    path: Path


def _training_file(path: Path) -> TrainingFile:
    match = _TRAINING_NAME.fullmatch(path.stem)
    if match is None:
        return TrainingFile(True, path.stem, 0, path)
    voice = match["voice"] or MAIN_VOICE
    return TrainingFile(voice != MAIN_VOICE, voice, int(match["round"] or 0), path)


def training_files(folder: Path) -> list[Path]:
    """A prompts folder's router training files, in the order the router reads them: the main file first, then by
    voice, each voice's rounds in order. The training rows' order is part of the router's fingerprint (and the
    placeholder names follow the line numbers), so this order is what keeps a cached model valid."""
    found = (folder / TRAINING).glob("router_training*.jsonl")
    return [t.path for t in sorted(_training_file(p) for p in found)]


def writer_files(folder: Path) -> list[Path]:
    """The training files beside the main one: each written by another writer or in another voice."""
    return [p for p in training_files(folder) if _training_file(p).later]


def system_dir(system: str) -> Path:
    try:
        from tools.systems import get_system

        return Path(get_system(system).prompts_dir)
    except Exception:  # noqa: BLE001 - an unknown system simply has no folder of its own
        return ROOT / system


def common_path(name: str) -> Path:
    """``prompts/common/<name>``."""
    return COMMON / name


def prompt_path(system: str, name: str) -> Path:
    """``<system's prompts_dir>/<name>``, falling back to ``prompts/common/<name>``."""
    own = system_dir(system) / name
    return own if own.exists() else common_path(name)


def load(system: str, name: str) -> str:
    return prompt_path(system, name).read_text(encoding="utf-8")
