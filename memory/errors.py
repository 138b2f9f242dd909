"""Campaign storage errors: all addressed to a person, all naming the file or campaign involved."""

from __future__ import annotations

from narrator.tools.errors import UserError


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


class CampaignDataLost(CampaignCorrupt):
    """The log is intact but shorter than something that saw it longer (the newest backup, the memory index):
    committed events went missing, typically with a deleted ``-wal`` file. The message says what can be recovered."""


class CampaignAccessError(CampaignError):
    """The files may be fine but this process cannot use them (permissions, a read-only file system, a full or
    failing disk). Never reported as damage: the message names the path and what narrator needs there."""


class BadCampaignName(CampaignError):
    pass


class MemoryStoreError(UserError):
    """The vector memory cannot be opened or reached (a bad --memory-url, a server that does not answer)."""
