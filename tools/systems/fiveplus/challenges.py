"""Challenges (``five-plus.md#4.2) Objectives``, ``#NPCs``): winning and losing conditions, and the opposition.

"The winning condition is the total amount of successes the players need to collectively accumulate … The default
challenge could be as simple as the sum of the key descriptors levels of all players … Common losing conditions:
time sensitive challenges (only so many turns), failure tolerance (the player can fail only so many times),
arm-wrestling (opposed … in a back and forth challenge and need to avoid hitting the point of no return)."

Readings chosen:

* Successes accumulate from every check that counts toward the challenge; the challenge is won when they reach
  the target. With an opposition of NPCs, each is a goal defeated by its own successes, and the challenge is won
  when every opposing NPC is defeated.
* Arm-wrestling is a track: successes push it toward the target, each failure pushes it back by the opposition's
  damage (1 + rank); it is lost at minus the point of no return.
* A turn limit of N is lost when N turns have passed without winning; a failure tolerance of N is lost at the
  (N+1)th failure. On the table a turn is a round of the fight, or one check out of combat (solo play is one player,
  whose every action is a turn).
* The default challenge is the sum of the players' key descriptor levels (at least 1), adjusted by whole successes
  to tune it; the table picks each player's key descriptor as their best in the challenge's approach groups.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from narrator.tools.contract import ToolArgs, ToolResult
from narrator.tools.dice import Roller
from narrator.tools.errors import FieldProblem, ToolArgumentError
from narrator.tools.phrases import say
from narrator.tools.steps import Step, step
from narrator.tools.systems.fiveplus.failure import FailureKind
from narrator.tools.systems.fiveplus.rules import NPCS, OBJECTIVES
from narrator.tools.tool import tool

ChallengeKind = Literal["general", "social", "achievement", "exploration", "combat"]
KIND_GROUPS: dict[str, tuple[str, ...]] = {
    "social": ("social",),
    "achievement": ("profession", "physical", "social"),
    "exploration": ("perception", "knowledge", "survival"),
    "combat": ("combat", "ranged", "magic"),
    "general": (),
}
"""The approach groups whose descriptors are a player's key descriptors for a kind of challenge."""
KIND_FAILURE: dict[str, str] = {"social": "partial", "exploration": "partial", "achievement": "reduced",
                                "combat": "reduced", "general": "interrupted"}


class Challenge(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1, max_length=80)
    kind: ChallengeKind = "general"
    target: int = Field(ge=1, le=200, description="Successes that win it.")
    successes: int = Field(0, ge=0, le=400)
    rank: int = Field(0, ge=-5, le=10, description="Challenge rank: +rank to the lower bound of its checks.")
    turn_limit: int | None = Field(None, ge=1, le=50)
    turns: int = Field(0, ge=0, le=100)
    failure_tolerance: int | None = Field(None, ge=0, le=50)
    failures: int = Field(0, ge=0, le=100)
    point_of_no_return: int | None = Field(None, ge=1, le=50, description="Arm-wrestling: lost at minus this.")
    position: int = Field(0, ge=-100, le=400, description="Arm-wrestling track position.")
    failure: FailureKind = Field("interrupted", description="How its failures go on.")
    setback_to: str = Field("Frustration", min_length=1, max_length=60, description="Resistance a negative failure "
                            "damages.")
    opposition: list[str] = Field(default_factory=list, max_length=20, description="Opposing NPCs (each a goal).")
    status: Literal["open", "won", "lost"] = "open"
    why: str = ""
    card: str | None = Field(None, max_length=10, description="The card that opened it (GM-less play).")

    def progress(self) -> str:
        return say(self.progress_step())

    def progress_step(self) -> Step:
        """Where the challenge stands, as a step (its words: :func:`progress_words`)."""
        return step("fiveplus.challenge_progress", opposition=list(self.opposition), position=self.position,
                    target=self.target, point_of_no_return=self.point_of_no_return, successes=self.successes,
                    turn_limit=self.turn_limit, turns=self.turns, failure_tolerance=self.failure_tolerance,
                    failures=self.failures)


def progress_words(v) -> str:
    if v["opposition"]:
        text = f"defeat {', '.join(v['opposition'])}"
    elif v["point_of_no_return"] is not None:
        text = f"track {v['position']} (win at {v['target']}, lost at −{v['point_of_no_return']})"
    else:
        text = f"{v['successes']}/{v['target']} successes"
    if v["turn_limit"] is not None:
        text += f", turn {v['turns']}/{v['turn_limit']}"
    if v["failure_tolerance"] is not None:
        text += f", failures {v['failures']}/{v['failure_tolerance']}"
    return text


def advance(c: Challenge, success: bool | None, successes: int = 0, new_turn: bool = False,
            opposition_defeated: bool = False) -> tuple[Challenge, list[Step]]:
    """One action (or one turn passing) on an open challenge."""
    if c.status != "open":
        return c, [step("fiveplus.challenge_closed", name=c.name, status=c.status)]
    data = c.model_dump()
    lines = []
    if success is True:
        data["successes"] = min(400, c.successes + successes)
        if c.point_of_no_return is not None:
            data["position"] = min(400, c.position + successes)
        lines.append(step("fiveplus.challenge_successes", successes=successes, name=c.name))
    elif success is False:
        data["failures"] = min(100, c.failures + 1)
        if successes:
            data["successes"] = min(400, c.successes + successes)
            lines.append(step("fiveplus.reduced_successes", successes=successes))
        if c.point_of_no_return is not None:
            push = 1 + max(0, c.rank)
            data["position"] = max(-100, c.position - push)
            lines.append(step("fiveplus.pushed_back", push=push))
        else:
            lines.append(step("fiveplus.a_failure", failures=data["failures"]))
    if new_turn:
        data["turns"] = min(100, c.turns + 1)
    now = Challenge.model_validate(data)
    won = opposition_defeated if c.opposition else (
        now.position >= c.target if c.point_of_no_return is not None else now.successes >= c.target)
    status, why = "open", ""
    if won:
        status, why = "won", ("every opposing NPC is defeated" if c.opposition else
                              "the track reached the target" if c.point_of_no_return is not None else
                              "enough successes accumulated")
    elif c.point_of_no_return is not None and now.position <= -c.point_of_no_return:
        status, why = "lost", "the point of no return was hit"
    elif c.failure_tolerance is not None and now.failures > c.failure_tolerance:
        status, why = "lost", f"more than {c.failure_tolerance} failure(s)"
    elif c.turn_limit is not None and now.turns >= c.turn_limit:
        status, why = "lost", f"{c.turn_limit} turn(s) passed"
    now = now.model_copy(update={"status": status, "why": why})
    lines.append(step("fiveplus.challenge_now", name=c.name, progress=now.progress_step(), status=status, why=why))
    return now, lines


class ChallengeArgs(ToolArgs):
    challenge: Challenge
    success: bool | None = Field(None, description="The action's outcome; null when only a turn passes.")
    successes: int = Field(0, ge=0, le=40, description="Successes the action obtained.")
    new_turn: bool = Field(False, description="This ends a turn of the challenge.")
    opposition_defeated: bool = Field(False, description="Every opposing NPC is now defeated.")


class ChallengeResult(ToolResult):
    challenge: Challenge
    status: str
    won: bool
    lost: bool


@tool("fiveplus")
def fiveplus_challenge(args: ChallengeArgs, roller: Roller) -> ChallengeResult:
    """Advance a 5+ challenge: successes accumulate toward the winning condition; losing conditions are a turn limit, a
    failure tolerance or an arm-wrestling track's point of no return."""
    now, lines = advance(args.challenge, args.success, args.successes, args.new_turn, args.opposition_defeated)
    return ChallengeResult(summary=step("fiveplus.challenge", name=now.name, progress=now.progress_step(),
                                        status=now.status), steps=lines,
                           rule_refs=[OBJECTIVES] + ([NPCS] if now.opposition else []), challenge=now,
                           status=now.status, won=now.status == "won", lost=now.status == "lost")


class DefaultArgs(ToolArgs):
    key_levels: list[int] = Field(min_length=1, max_length=12, description="Each player's key descriptor level.")
    adjust: int = Field(0, ge=-50, le=50, description="Successes added or removed to fine-tune it.")


class DefaultResult(ToolResult):
    target: int


@tool("fiveplus")
def fiveplus_default_challenge(args: DefaultArgs, roller: Roller) -> DefaultResult:
    """The 5+ default challenge: the sum of the players' key descriptor levels is the number of successes to win, tuned
    up or down."""
    if any(not 0 <= n <= 20 for n in args.key_levels):
        raise ToolArgumentError("?", [FieldProblem("key_levels", "levels are 0-20", str(args.key_levels))])
    total = sum(args.key_levels)
    target = max(1, total + args.adjust)
    steps = [step("fiveplus.key_levels", levels=list(args.key_levels), total=total)]
    if args.adjust:
        steps.append(step("fiveplus.tuned", adjust=args.adjust, tuned=total + args.adjust))
    if target != total + args.adjust:
        steps.append(step("fiveplus.at_least_one"))
    steps.append(step("fiveplus.winning_condition", target=target))
    return DefaultResult(summary=step("fiveplus.default_challenge", target=target), steps=steps, rule_refs=[OBJECTIVES],
                         target=target)
