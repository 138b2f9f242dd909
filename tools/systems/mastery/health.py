"""Health boxes (``mastery.md#Combat``): "I suggest using a base of 10 boxes. Gritty games may go for 5 or even 3",
and "GMs are encouraged to tie a trait, like 'Health' or 'Fortitude' to the number of Health Boxes a character
receives (minimum 1)".

Reading chosen: a tied trait adds ``per_point`` boxes per point of its rating (and takes them away when negative)
to the campaign's base; the total is never below 1.
"""

from __future__ import annotations

from pydantic import Field

from narrator.tools.contract import ToolArgs, ToolResult
from narrator.tools.dice import Roller
from narrator.tools.steps import step
from narrator.tools.tool import tool
from narrator.tools.systems.mastery.rules import COMBAT
from narrator.tools.systems.mastery.sheet import health_boxes


class HealthArgs(ToolArgs):
    base: int = Field(10, ge=1, le=100, description="10 (the book's base), 5 or 3 for gritty games.")
    trait: int | None = Field(None, ge=-2, le=4, description="The rating of the trait tied to health, if any.")
    per_point: int = Field(1, ge=0, le=10, description="Boxes per point of that trait.")
    trait_name: str | None = Field(None, max_length=30)


class HealthResult(ToolResult):
    boxes: int = Field(json_schema_extra={"fact": "health"})


@tool("mastery")
def mastery_health_boxes(args: HealthArgs, roller: Roller) -> HealthResult:
    """How many health boxes a Mastery character has: the GM's base (10, or 5 or 3 for gritty games), optionally tied to
    a trait, minimum 1."""
    boxes = health_boxes(args.base, args.trait, args.per_point)
    if args.trait is None:
        line = step("mastery.health_base", base=args.base)
    else:
        line = step("mastery.health_tied", base=args.base, per_point=args.per_point, trait_name=args.trait_name,
                    trait=args.trait, raw=args.base + args.per_point * args.trait)
    return HealthResult(summary=step("mastery.boxes", boxes=boxes), steps=[line, step("mastery.last_box_rule")],
                        rule_refs=[COMBAT], boxes=boxes)
