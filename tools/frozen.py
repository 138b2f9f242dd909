"""The frozen base for the records a tool's result holds: a die's row, one combatant's initiative, one day's recovery.

Why one base: a result is frozen (:class:`tools.contract.ToolResult`), so nothing downstream — narration, teaching,
the log — can edit a number after the roll; the rows inside it must be frozen too, or a renderer could still change
a total through a nested list. Every system wrote the same ``model_config = ConfigDict(frozen=True)`` into each such
row; they now inherit it. Nothing else changes: a row's JSON schema is its own fields, titled by its own name.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

__all__ = ["Frozen"]


class Frozen(BaseModel):
    """A record that cannot be edited once made (a row inside a frozen tool result)."""

    model_config = ConfigDict(frozen=True)
