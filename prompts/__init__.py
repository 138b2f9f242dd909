"""The files the agent and the narration read: ``prompts/common/`` and each system's own folder.

A system's folder is its ``prompts_dir`` (``prompts/<name>/`` for the systems in this repository; a plugin or a
test's system keeps its own). A file a system does not give is read from ``common/``, so a missing one is never an
error: the system simply speaks with the common voice.

Every folder has the same layout, by what a file holds:

* ``examples/`` -- labelled examples read whole: ``router.jsonl``, ``proposer.jsonl``, ``narration.jsonl``;
* ``training/`` -- the router's training lines, ``router_<voice>_round<N>.jsonl`` (:data:`TRAINING_NAME`);
* ``lexicon/`` -- word tables: ``router.json`` (the router's keywords and flags); common: ``circumstances.json``,
  ``scene_onset.json``;
* ``out_of_game/`` -- what is refused, and why: ``router.json``; common: ``admission.json``;
* ``narration/`` -- what the narrator is told and writes from: ``system.md``, ``style.md``, ``floor.json``,
  ``scene_tables.json``;
* ``proposer/`` -- the LLM proposer's ``system.md`` (common only).

The claims reader's files (``common/claims_*``) stay where its training reads them. The names below are the only
place the code names these files: a loader reads ``prompt_path(system, NARRATOR_STYLE)``, never a literal path, so
moving a file is one edit here. ``prompts/README.md`` lists every file with what it holds and who wrote it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Final, NamedTuple

ROOT = Path(__file__).parent
COMMON: Final = ROOT / "common"
"""The common folder: every file's default, and the only copy of the common-only ones."""

ROUTER_EXAMPLES: Final = "examples/router.jsonl"
"""The router's curated anchors: ``{"text", "label"}`` lines read whole, before the training lines."""
PROPOSER_EXAMPLES: Final = "examples/proposer.jsonl"
"""The LLM proposer's few-shot turns: ``{"input", "output"}``."""
NARRATION_EXAMPLES: Final = "examples/narration.jsonl"
"""The narration's example turns (the first six are the prompt's few-shot blocks)."""
ROUTER_LEXICON: Final = "lexicon/router.json"
"""The router's keyword features, stated-intent flags, label priors and with-target upgrades."""
CIRCUMSTANCES: Final = "lexicon/circumstances.json"
"""Words that tell an advantage or a disadvantage (common only)."""
SCENE_ONSET: Final = "lexicon/scene_onset.json"
"""Words that tell someone else turning hostile (common only)."""
OUT_OF_GAME: Final = "out_of_game/router.json"
"""Requests to change numbers, rules, dice or the log, refused with what stands in the way."""
ADMISSION: Final = "out_of_game/admission.json"
"""What a line must carry before the engine plays it: text that is no action, the words of violence (common only)."""
NARRATOR_SYSTEM: Final = "narration/system.md"
"""The narration's system prompt."""
NARRATOR_STYLE: Final = "narration/style.md"
"""A system's narration voice, appended to the system prompt."""
FLOOR: Final = "narration/floor.json"
"""The engine-written floor's phrase tables."""
FOES: Final = "narration/foes.json"
"""The foes ``/encounter`` draws from by level when the player names none."""
SCENE_TABLES: Final = "narration/scene_tables.json"
"""Oracle tables for framing solo scenes and random events."""
PROPOSER_SYSTEM: Final = "proposer/system.md"
"""The LLM proposer's system prompt (common only)."""
TRAINING: Final = "training"
"""The folder of the router's training files."""

MAIN_VOICE: Final = "main"
"""The voice of a folder's first training file, written with the system; the other files are other writers'."""
TRAINING_NAME: Final = re.compile(r"router_(?P<voice>[a-z]+)_round(?P<round>\d+)")
"""``training/router_<voice>_round<N>.jsonl``: the voice the lines were written in (``main``, ``voices``,
``personas``, ``contrasts``, ``asks``...) and the round of router work that wrote them (``prompts/README.md``)."""


class TrainingFile(NamedTuple):
    """A router training file's place in the reading order."""

    later: bool  # False for the main file, which comes first
    voice: str
    round: int
    path: Path


def training_file(path: Path) -> TrainingFile:
    """What a training file's name says; a name outside the scheme sorts after the others, by its name."""
    match = TRAINING_NAME.fullmatch(path.stem)
    if match is None:
        return TrainingFile(True, path.stem, 0, path)
    return TrainingFile(match["voice"] != MAIN_VOICE, match["voice"], int(match["round"]), path)


def training_files(folder: Path) -> list[Path]:
    """A prompts folder's router training files in the order the router reads them: the main file first, then by
    voice, each voice's rounds in order.

    Why this order: the rows' order is part of the router's fingerprint (the key of its cached model), and the
    ``{pc}``/``{ally}``/``{npc}`` names a line gets follow its line number in its file, so the order must not move
    when files are renamed or added. It is the order the files had under their former names (``router_training.jsonl``
    first, then ``router_training_<voice>[N].jsonl`` sorted by name), so every fingerprint is the one it was; a new
    file takes its place by voice and round, never by when it was written."""
    found = (folder / TRAINING).glob("router_*.jsonl")
    return [t.path for t in sorted(training_file(p) for p in found)]


def writer_files(folder: Path) -> list[Path]:
    """The training files beside the main one: each written by another writer or in another voice."""
    return [p for p in training_files(folder) if training_file(p).later]


def system_dir(system: str) -> Path:
    try:
        from narrator.tools.systems import get_system

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

__all__ = [
    "ADMISSION",
    "CIRCUMSTANCES",
    "COMMON",
    "FLOOR",
    "FOES",
    "MAIN_VOICE",
    "NARRATION_EXAMPLES",
    "NARRATOR_STYLE",
    "NARRATOR_SYSTEM",
    "OUT_OF_GAME",
    "PROPOSER_EXAMPLES",
    "PROPOSER_SYSTEM",
    "ROOT",
    "ROUTER_EXAMPLES",
    "ROUTER_LEXICON",
    "SCENE_ONSET",
    "SCENE_TABLES",
    "TRAINING",
    "TRAINING_NAME",
    "TrainingFile",
    "common_path",
    "load",
    "prompt_path",
    "system_dir",
    "training_file",
    "training_files",
    "writer_files",
]
