"""What a check's arguments must name: the skill, or — when no skill applies — the trait or attribute rolled alone.

Why one place: Brew, Mini Six and Minim roll a check on a skill, falling back on a bare attribute (or trait) when
none applies, and each of their check, contest, team and project arguments refused the call that names neither
with the same validator. A model now says which field is its fallback and the refusal in its book's words
(``_what = skill_or("attribute", "name a skill, or the attribute when no skill applies")``).
"""

from __future__ import annotations

from typing import Any

from pydantic import model_validator

__all__ = ["skill_or"]


def skill_or(fallback: str, refusal: str) -> Any:
    """The validator of a check's arguments: ``skill`` or ``fallback`` is named, else ``refusal``."""

    def check(self: Any) -> Any:
        if self.skill is None and getattr(self, fallback) is None:
            raise ValueError(refusal)
        return self

    return model_validator(mode="after")(check)
