"""Campaign storage errors: all addressed to a person, all naming the file or campaign involved."""

from __future__ import annotations

from tools.errors import UserError


class CampaignError(UserError):
    """Base of campaign storage problems shown to the user."""


class CampaignNotFound(CampaignError):
    pass


class CampaignExists(CampaignError):
    pass


class CampaignInUse(CampaignError):
    """Another process has this campaign open."""


class CampaignCorrupt(CampaignError):
    """The database file is damaged; nothing was overwritten. The message names the file and the recovery."""


class BadCampaignName(CampaignError):
    pass


class MemoryStoreError(UserError):
    """The vector memory cannot be opened or reached (a bad --memory-url, a server that does not answer)."""
