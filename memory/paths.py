"""Where campaigns live: one directory per campaign under a user data directory.

Precedence: an explicit ``--campaign-dir`` (passed in by the CLI), then ``$NARRATOR_HOME/campaigns``, then
``$XDG_DATA_HOME/narrator/campaigns``, then ``~/.local/share/narrator/campaigns``. Campaign names typed by players
or an LLM are data: they are validated and never used as raw paths.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from narrator.memory.errors import BadCampaignName

NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 _.-]{0,63}$")


def campaigns_root(override: str | Path | None = None) -> Path:
    if override:
        return Path(override).expanduser()
    if os.environ.get("NARRATOR_HOME"):
        return Path(os.environ["NARRATOR_HOME"]).expanduser() / "campaigns"
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "narrator" / "campaigns"


def safe_name(name: str) -> str:
    """Validate a campaign name; returns it stripped. Rejects separators, '..', control characters and length > 64."""
    name = name.strip()
    if not NAME.match(name) or ".." in name:
        raise BadCampaignName(
            f"Bad campaign name {name[:40]!r}: use 1-64 letters, digits, spaces, '_', '-' or '.', starting with a letter or digit"
        )
    return name


def campaign_dir(name: str, root: str | Path | None = None) -> Path:
    return campaigns_root(root) / safe_name(name)
