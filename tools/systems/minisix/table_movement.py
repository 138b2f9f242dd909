"""State-bound Mini Six movement (``mini-six.md#Movement``): a full run or a sprint, the character's only action.

Readings chosen: the shared ``table_move`` moves between the table's zones; this tool says how far a character
gets in feet when it does nothing else ("if a character takes no other action but move, they move up to 60' plus
the result of an Athletics check"; a sprint "in a straight line" 90' plus double). Athletics is the sheet's, its
wound and stun penalties applied; a slow creature (``slow`` on the sheet) runs 50' and sprints 75'. Being the
only action, it cannot follow another action of the same turn and declares one action. A dash or charge is
movement that goes with other actions: the attack tool's ``charge``, and the free move.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from narrator.tools.arg_words import LOWER
from narrator.tools.binding import bind, run_pure
from narrator.tools.contract import ToolArgs
from narrator.tools.dice import Roller
from narrator.tools.steps import step
from narrator.tools.table import BoundResult, TableState
from narrator.tools.tool import table_tool
from narrator.tools.systems.minisix.movement import MoveResult, minisix_move
from narrator.tools.systems.minisix.table_common import fail, find, penalty_dice, require_able


class RunArgs(ToolArgs):
    actor: str = Field(min_length=1, max_length=60, description="Who runs.")
    mode: Annotated[Literal["run", "sprint"], LOWER] = Field("run", description="run: 60' + Athletics; sprint, in a "
                                                             "straight line: 90' + double Athletics.")


class RunResult(MoveResult, BoundResult):
    actor: str


@table_tool("minisix", acts="actor", moves=True)
def minisix_run(args: RunArgs, roller: Roller, state: TableState) -> RunResult:
    """A character does nothing but move this round: a full run (60' + Athletics) or a sprint (90' + double Athletics);
    slow creatures less."""
    name, c = find(state, args.actor, "actor")
    require_able(name, c, state, "actor", "run")
    ini = state.initiative
    if ini.active and ini.current == name and ini.used:
        fail("mode", f"{name} has already acted this turn; a {args.mode} is the only action of a turn", args.mode)
    pen, lines = penalty_dice(state, name, c)
    athletics = c.skill_code("athletics")
    r = run_pure(minisix_move, roller, mode=args.mode, slow=c.slow, athletics=athletics.text(), penalty_dice=pen)
    return bind(RunResult, r, [], summary=step("minisix.actor_said", name=name, said=r.summary),
                before=[step("minisix.rolls_code", name=name, what="athletics", code=athletics.text()), *lines],
                actor=name)
