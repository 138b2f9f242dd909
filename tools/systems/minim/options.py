"""Minim's campaign options (``TableState.options``), chosen once with ``narrator campaign new --option`` or the
game's wizard and checked then (:func:`tools.options.validate_options`).

* ``npc_faith`` — how NPCs draw on faith (:func:`.table_common.npc_faith_mode`): ``own`` (their own points, the
  default), ``infinite``, ``pool`` (a per-scene pool of the NPCs' brain summed) or ``brain`` (a brain test
  instead of a point).
* ``long_projects`` — a long project's period (:func:`.table_projects.long_projects_mode`): ``accumulate`` (the
  whole collaborative total, the default) or ``strict`` (bound to ±2 like a single action).
* ``power_level`` — starting traits 4/3/2 shifted by the campaign: ``normal``, ``stronger`` (+1) or ``weaker``
  (−1), as the sheet's ``campaign`` field (``minim.md#Character Creation``).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from narrator.tools.options import OptionsModel
from narrator.tools.systems.minim.sheet import Campaign
from narrator.tools.systems.minim.table_common import NPC_FAITH_MODES
from narrator.tools.systems.minim.table_projects import LONG_PROJECTS


class MinimOptions(OptionsModel):
    npc_faith: Literal[NPC_FAITH_MODES] = Field(  # type: ignore[valid-type]
        "own", description="How NPCs draw on faith: their own points, infinite, a per-scene pool, or a brain test.")
    long_projects: Literal[LONG_PROJECTS] = Field(  # type: ignore[valid-type]
        "accumulate", description="A long project's period adds the whole total, or is bound to +/-2.")
    power_level: Campaign = Field(
        "normal", description="Starting traits 4/3/2, shifted +1 (stronger) or -1 (weaker).")
