"""What a player chose for a campaign that is not its story: the play mode, kept beside the log (``play.json`` in the
campaign's folder), never in it.

Why: ``narrator play`` started every session in solo mode unless ``--mode`` said otherwise, so a newcomer who began
a campaign in teach mode and came back the next day lost the odds before each roll without being told. The mode
is how the table plays, not what happened, so it stays out of the hash-chained log (nothing to replay, nothing for
/undo to take back); a missing or unreadable file is simply no preference, and it is written whole or not at all.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

FILE = "play.json"


def load(directory: Path) -> dict[str, Any]:
    """The campaign's preferences; {} when there are none or the file cannot be read as a JSON object."""
    try:
        found = json.loads((directory / FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return found if isinstance(found, dict) else {}


def save(directory: Path, **values: Any) -> None:
    """Merge ``values`` into the preferences, replacing the file atomically (a killed writer leaves the old one)."""
    merged = {**load(directory), **values}
    fd, tmp = tempfile.mkstemp(prefix=".play-", suffix=".json", dir=directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(merged, f, sort_keys=True)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, directory / FILE)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
