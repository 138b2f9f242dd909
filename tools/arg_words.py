"""Arguments whose words are read without their case and surrounding spaces: "Stealth ", "stealth" and "STEALTH"
name the same skill.

Why one place: each system's table tools wrote the same four-line before-validator on every argument that names a
skill, a mode or a reason, and three systems wrote the same ``lower`` function for it. An argument's type now says
it (``Annotated[Literal["run", "sprint"], LOWER]``); the JSON schema a model reads is the type's own.
"""

from __future__ import annotations

from typing import Any

from pydantic import BeforeValidator


def lower(v: Any) -> Any:
    """A string stripped and lower-cased; anything else as given (validation then says what is wrong with it)."""
    return v.strip().lower() if isinstance(v, str) else v


LOWER = BeforeValidator(lower)
"""The marker for an argument read ignoring case: ``skill: Annotated[str | None, LOWER] = Field(...)``."""
