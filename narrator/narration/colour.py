"""The model's colour after the engine's sentence (issue 27): for a small model, the narration is the engine's
sentence — what happened, always, in story words — and then, when one passes the gate, one sentence the model adds:
what you see, hear or feel, or how someone reacts.

Why: asked for the whole narration, a 135M model re-tells the action and wanders off ("You attack the dockhand,
though you have a sword to your shield."), and a nonsense sentence of the model's won over a sensible one of the
engine's. The engine's sentence (:mod:`narrator.narration.floor`) is honest by construction; the model only adds to
it. Its sentence is judged as a colour line (``GateContext(kind="colour")``): the guard and the outcome check as any
narration, the topic against the action, the outcome, the scene and the engine's sentence, and the sense check (no
person the scene does not know, no re-telling of the engine's sentence). None passes: the engine's sentence alone.

The examples are files: ``examples/colour.jsonl`` in the system's prompts folder (else ``prompts/common/``), one
``{"scene", "happened", "next"}`` per line; all of them, always the same, so llama.cpp keeps the prefix cached.
"""

from __future__ import annotations

import json
from functools import lru_cache

from narrator.models.colour.prompt import HEADER, adapter_prompt, block  # noqa: F401 - adapter_prompt: the game's
from narrator.prompts import prompt_path

COLOUR_EXAMPLES = "examples/colour.jsonl"


@lru_cache(maxsize=16)
def examples(system: str) -> tuple[dict[str, str], ...]:
    path = prompt_path(system, COLOUR_EXAMPLES)
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return tuple({k: row[k] for k in ("scene", "happened", "next")} for row in rows)


def example_lines(system: str) -> tuple[str, ...]:
    """The examples' sentences: the gate refuses a copy of one."""
    return tuple(e["next"] for e in examples(system))


def prompt(system: str, scene: str, happened: str) -> tuple[str, tuple[str, ...]]:
    """The completion prompt (ending on "Next:") and the example sentences (the gate refuses copies of them)."""
    blocks = [HEADER] + [f"{block(e['scene'], e['happened'])} {e['next']}" for e in examples(system)]
    scene = " ".join(scene.split())[:300] or "somewhere unknown."
    return "\n\n".join([*blocks, block(scene, happened)]), example_lines(system)

