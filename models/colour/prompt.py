"""The colour line's prompt, one text for the trainer (:mod:`models.colour.train`) and the game
(:mod:`narrator.narration.colour`): the header, then ``Scene: ... / What happened: ... / Next:``."""

from __future__ import annotations

HEADER = ("Story lines for a role-playing game. After what happened comes one short sentence of detail: what you "
          "see, hear or feel, or how someone reacts. It never changes what happened.")


def block(scene: str, happened: str) -> str:
    return f"Scene: {scene}\nWhat happened: {happened}\nNext:"


def adapter_prompt(scene: str, happened: str) -> str:
    """The prompt the colour adapter was trained on: no examples, the adapter knows the form, so the prompt is
    short and quick to read."""
    scene = " ".join(scene.split())[:300] or "somewhere unknown."
    return f"{HEADER}\n\n{block(scene, happened)}"
