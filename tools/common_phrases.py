"""The words of the shared tools' steps, one table per shared tool family (kind ``"<family>.<phrase>"``): ``table``
(scenes, zones, movement, conditions, turns), ``dice`` (dice notation), ``story`` (the story and its oracle) and
``oracle``. :mod:`tools.phrases` reads :data:`TABLES`."""

from __future__ import annotations

from typing import Any

TABLES: dict[str, dict[str, Any]] = {"table": {}, "dice": {}, "story": {}, "oracle": {}}
