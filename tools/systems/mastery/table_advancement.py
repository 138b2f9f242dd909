"""State-bound Mastery advancement (``mastery.md#Character Creation and Advancement``): the GM gives triumphs, a
character burns them to improve, with the learning challenge the GM may require.

Readings chosen: triumphs are granted 1 to 20 at a time (one for "something difficult and important"; more at
the GM's pleasure); improving runs the pure :func:`.advancement.mastery_advance` on the sheet with the campaign's
die and writes back only the fields that changed.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field, field_validator

from narrator.tools.binding import bind, run_pure
from narrator.tools.contract import ToolArgs
from narrator.tools.dice import Roller
from narrator.tools.steps import step
from narrator.tools.table import BoundResult, SetField, TableState, field_changes
from narrator.tools.tool import table_tool
from narrator.tools.systems.mastery.advancement import AdvanceResult, LearningChallenge, mastery_advance
from narrator.tools.systems.mastery.options import clean_name, options_of
from narrator.tools.systems.mastery.rules import CREATION, Kind
from narrator.tools.systems.mastery.table_common import find

ACTOR = Field(min_length=1, max_length=60, description="A character on the table.")


class GrantArgs(ToolArgs):
    actor: str = ACTOR
    amount: int = Field(1, ge=1, le=20, description="Triumphs given (one for something difficult and important).")
    reason: str = Field(min_length=1, max_length=200, description="What they did.")


class GrantResult(BoundResult):
    actor: str
    amount: int
    triumphs_before: int
    triumphs_after: int


@table_tool("mastery")
def mastery_grant_triumphs(args: GrantArgs, roller: Roller, state: TableState) -> GrantResult:
    """The GM gives a character triumphs for doing something difficult and important."""
    name, c = find(state, args.actor, "actor")
    after = c.triumphs + args.amount
    return GrantResult(summary=step("mastery.gains", name=name, amount=args.amount, before=c.triumphs, after=after),
                       steps=[step("mastery.deed", name=name, reason=args.reason),
                              step("mastery.triumphs_now", before=c.triumphs, amount=args.amount, after=after)],
                       rule_refs=[CREATION], actor=name, amount=args.amount, triumphs_before=c.triumphs,
                       triumphs_after=after,
                       changes=[SetField(name=name, field="triumphs", value=after, was=c.triumphs)])


class ImproveArgs(ToolArgs):
    actor: str = ACTOR
    kind: Kind = Field(description="trait, ability or skill.")
    name: str = Field(min_length=1, max_length=40, description="Which one; a new ability or skill starts at 0.")
    steps: int = Field(1, ge=1, le=9, description="How many steps up.")
    learning: LearningChallenge | None = Field(None, description="The challenge the GM requires to learn (e.g. no "
                                               "teacher), if any.")
    lose_on_failure: bool = Field(False, description="A failed learning challenge burns the triumphs anyway.")

    @field_validator("name", mode="before")
    @classmethod
    def _clean(cls, v: Any) -> Any:
        return clean_name(v)


class ImproveResult(AdvanceResult, BoundResult):
    actor: str


@table_tool("mastery")
def mastery_improve(args: ImproveArgs, roller: Roller, state: TableState) -> ImproveResult:
    """A character burns triumphs to raise a trait, ability or skill by the cost tables, after a learning challenge if
    the GM requires one."""
    options = options_of(state)
    who, c = find(state, args.actor, "actor")
    r = run_pure(mastery_advance, roller, character=c.model_dump(mode="json"), kind=args.kind, name=args.name,
                 steps=args.steps, die=options.die,
                 learning=args.learning.model_dump() if args.learning else None, lose_on_failure=args.lose_on_failure)
    changes = field_changes(who, c.model_dump(mode="json"), r.character.model_dump(mode="json"))
    return bind(ImproveResult, r, changes, summary=step("mastery.advanced", **{**r.summary.values, "who": who}),
                actor=who)
