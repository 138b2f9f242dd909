"""The moves every system's solo-play foe makes the same way: how far each target is, and a step toward the nearest.

Why one place: each system's ``tactics.npc_turn`` is its own book's choices (whom it fights, with what, at what
range), but every one measured the zones to each target and, with nobody in reach, walked one bordering zone
toward the nearest with the same dozen lines. They differ only in what breaks a tie between equally near targets
and in how far away a target with no position is, and pass those in.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from narrator.tools.table import TableState


def distances(state: TableState, here: str, targets: Iterable[str],
              unplaced: int | None = None) -> dict[str, int | None]:
    """Bordering zones between ``here`` and each target: 0 in the same zone, None when no chain of zones joins
    them; a target with no position counts as ``unplaced`` (None: out of reach; 0: everyone is close)."""
    out: dict[str, int | None] = {}
    for t in targets:
        there = state.positions.get(t)
        path = state.zone_path(here, there) if there is not None else None
        out[t] = unplaced if there is None else (None if path is None else len(path) - 1)
    return out


def step_toward(state: TableState, name: str, here: str, distance: dict[str, int | None],
                tiebreak: Callable[[str], Any] = lambda target: 0) -> list[tuple[str, dict[str, Any]]]:
    """``name`` moves one bordering zone toward the nearest target it can reach (nearest first, then ``tiebreak``,
    then the name); no call when nobody can be reached, or the nearest is here already."""
    reachable = [t for t, d in distance.items() if d is not None]
    if not reachable:
        return []
    goal = min(reachable, key=lambda t: (distance[t], tiebreak(t), t))
    path = state.zone_path(here, state.positions[goal])
    return [("table_move", {"actor": name, "zone": path[1]})] if path and len(path) > 1 else []
