"""Brew's campaign options (``TableState.options``; see :mod:`.table_common`), checked when the campaign is
created (:func:`tools.options.validate_options`): the optional and alternative rules the book offers.

``healing`` and ``health_rule`` (``brew.md`` health and healing), ``mana_refresh`` and ``mana_hours`` (how spent
mana slots come back: at dawn, a fixed number of hours after use, or by a ritual roll), ``extra_points`` (more
highly powered characters: extra free points at creation, 0 to 50), ``best_at_thing``, ``permanent_injuries``
(``brew.md#Damage``: off, allowed beside lasting injuries, or the only injury that absorbs damage) and
``regression`` (``brew.md#Character Regression``: reducing a returning character before play) — the optional rules,
all off by default.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from narrator.tools.options import OptionsModel


class BrewOptions(OptionsModel):
    healing: Literal["realistic", "simplified"] = Field(
        "realistic", description="Realistic (the base rules) or simplified healing.")
    health_rule: Literal["standard", "halved", "ignored"] = Field(
        "standard", description="The health penalties at 5 and 3: standard, halved or ignored.")
    mana_refresh: Literal["daily", "timed", "ritual"] = Field(
        "daily", description="Mana slots come back at dawn, some hours after use, or by a ritual.")
    mana_hours: int = Field(2, ge=1, le=48, description="Hours before a slot comes back (timed refresh).")
    extra_points: int = Field(0, ge=0, le=50, description="Extra free points for more highly powered characters.")
    best_at_thing: bool = Field(False, description="The optional rule Best at Thing.")
    permanent_injuries: Literal["off", "allowed", "only"] = Field(
        "off", description="Optional rule: permanent injuries — off, allowed (absorb up to 10, never heal) or only "
        "(the one injury that absorbs damage, up to 5).")
    regression: bool = Field(False, description="Optional rule: Character Regression (brew_regress).")
