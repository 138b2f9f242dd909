"""5+'s campaign options (``TableState.options``), checked when the campaign is created
(:func:`tools.options.validate_options`).

* ``method`` and ``points`` — how starting levels are chosen (``five-plus.md`` character creation): ``fixed``
  (chosen 0-6, the default), ``random`` (2d6 keep the worse) or ``buy`` (``points`` per character, 30 by default;
  level L costs 1+2+…+L). The game's wizard asks for them.
* ``hand_size`` and ``aces`` — the GM-less card deck (``#5) Game Master options``): 3 or 4 cards a hand, aces
  high or low (:mod:`.table_cards`).
* ``recoveries_per_rest`` and ``practices_per_rest`` — what a rest allows each character (:mod:`.table_health`).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from narrator.tools.options import OptionsModel
from narrator.tools.systems.fiveplus.recovery import DEFAULT_RECOVERIES


class FivePlusOptions(OptionsModel):
    method: Literal["fixed", "random", "buy"] = Field("fixed", description="How starting levels are chosen.")
    points: int = Field(30, ge=1, le=200, description="Buy points per character (the buy method).")
    hand_size: int = Field(4, ge=3, le=4, description="Cards per hand in GM-less scenes.")
    aces: Literal["high", "low"] = Field("high", description="Aces above the royals, or low.")
    recoveries_per_rest: int = Field(DEFAULT_RECOVERIES, ge=0, le=20,
                                     description="Recovery actions per character per rest.")
    practices_per_rest: int = Field(1, ge=0, le=20, description="Practices per character per rest.")
