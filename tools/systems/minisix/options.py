"""Mini Six's campaign options (``TableState.options``), checked when the campaign is created
(:func:`tools.options.validate_options`): ``thule`` — Thule's house rules (Hero Points: +1 each session, spent for
+6 or a lucky break; :func:`.table_common.thule`), off by default.
"""

from __future__ import annotations

from pydantic import Field

from narrator.tools.options import OptionsModel


class MiniSixOptions(OptionsModel):
    thule: bool = Field(False, description="Thule's house rules: Hero Points.")
