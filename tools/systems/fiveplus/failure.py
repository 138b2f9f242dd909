"""Failure handling (``five-plus.md#Failure handling``): a failure keeps the story moving instead of halting it.

"Players should not repeat the same the exact action for the same exact purpose, unless there was a relevant
change in the conditions … For simple challenges, the action may be interrupted … if the challenge involves
information, failure can result in partial recalling … For more complex challenges, failure may instead result in
a reduced effect … each value away from the success range, damage is reduced by 1 … if the resulting effect is
negative, the action could fails with a negative effect such as accumulation of frustration resistance counter."

Readings chosen:

* The kind of failure belongs to the challenge: ``interrupted`` (simple tasks), ``partial`` (information),
  ``reduced`` (complex: the effect the action would have had, minus one per value outside the range — the
  successes it would have scored are the lowest die) and ``negative`` (1 damage to a resistance, frustration by
  default, through the wound rules).
* No identical retry: the table remembers a failed (actor, purpose, scene) and refuses the same attempt until
  the player says the conditions changed (a better place, a tool, help). A success needs no retry. The book forbids
  "the same the exact action for the same exact purpose", so the purpose is what the player's words act on and why
  ("study the carving", "search the dead man's coat"), compared as words (:func:`purpose_words`) — not the approach
  or the skill, which many different actions share (a character with few skills improvises most of them). Where
  there are no words to compare (a bare ``/check``), nothing is remembered: when in doubt the roll happens.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field

from narrator.tools.contract import ToolArgs, ToolResult
from narrator.tools.dice import Roller
from narrator.tools.steps import step
from narrator.tools.systems.fiveplus.rules import FAILURE
from narrator.tools.tool import tool

FailureKind = Literal["interrupted", "partial", "reduced", "negative"]
MEANING: dict[str, str] = {
    "interrupted": "the action is interrupted — a guard shows up, the lock breaks — not for lack of skill, and it "
                   "cannot simply be repeated",
    "partial": "the information comes partially: partial recall, confusing news, rumours, even misinformation",
    "reduced": "a reduced effect instead of the full one: each value away from the success range reduces it by 1",
    "negative": "the action fails with a negative effect: damage to a resistance such as frustration",
}
NO_RETRY = "The same action for the same purpose cannot be repeated unless the conditions change (a better place, " \
           "supporting equipment, help): otherwise it would be an automatic success."


UNCOUNTED = frozenset(
    "i me my myself we us our ourselves a an the this that these those it its to and then so just again once more "
    "another time one last try tries tried trying retry attempt attempts attempted attempting still".split())
"""Words that say nothing about what is acted on or why: the speaker, articles, and the words of trying again
("I try to study the carving once more" is "study the carving" again)."""


def _stem(word: str) -> str:
    """A light stem, so "studying the carvings" and "study the carving" are the same words."""
    word = word.removesuffix("'s").removesuffix("’s")
    for endings in ((("ies", "y"), ("es", ""), ("s", "")), (("ing", ""), ("ed", ""))):  # plural, then verb form
        for end, put in endings:
            if word.endswith(end) and len(word) - len(end) >= 3 and not word.endswith("ss"):
                word = word[: len(word) - len(end)] + put
                break
    return word


def purpose_words(text: str | None) -> str:
    """What an attempt acts on and why, as comparable words: lower case, stemmed, the speaker and the words of
    retrying dropped, sorted ("I study the carving again" and "study the carvings" give "carv study"). Empty when
    the text names nothing. Two attempts are the same purpose only when these are equal; anything more or
    different in the words ("…this time with a rope", "…the dead man's coat") is another purpose."""
    words = re.findall(r"[a-z0-9]+(?:['’][a-z]+)?", (text or "").casefold())
    return " ".join(sorted({_stem(w) for w in words if w not in UNCOUNTED}))


def reduced(effect: int, distance: int) -> int:
    return max(0, effect - distance)


class FailureArgs(ToolArgs):
    total: int = Field(ge=2, le=12, description="The 2d6 sum rolled.")
    lower: int = Field(ge=-10, le=40)
    upper: int = Field(ge=-30, le=60)
    kind: FailureKind = Field("interrupted", description="interrupted (simple), partial (information), reduced "
                              "(complex) or negative (a setback).")
    effect: int = Field(0, ge=0, le=20, description="The effect (damage, successes) a success would have had, for "
                        "reduced.")
    setback: int = Field(1, ge=0, le=10, description="Damage of a negative effect (to frustration by default).")


class FailureResult(ToolResult):
    failed: bool
    distance: int
    kind: FailureKind
    effect_after: int = Field(description="What remains of the effect (reduced), else 0.")
    setback: int = Field(description="Resistance damage of a negative effect, else 0.")
    retry_allowed: bool = Field(description="Only with changed conditions.")


@tool("fiveplus")
def fiveplus_failure(args: FailureArgs, roller: Roller) -> FailureResult:
    """How a failed 5+ action goes on: interrupted, partial information, a reduced effect (-1 per value outside the
    range) or a negative effect; no identical retry without a change."""
    inside = args.lower <= args.total <= args.upper
    if inside:
        return FailureResult(summary=step("fiveplus.not_failed", total=args.total, lower=args.lower, upper=args.upper),
                             steps=[step("fiveplus.inside", total=args.total, lower=args.lower, upper=args.upper)],
                             rule_refs=[FAILURE], failed=False, distance=0, kind=args.kind, effect_after=args.effect,
                             setback=0, retry_allowed=True)
    distance = args.lower - args.total if args.total < args.lower else args.total - args.upper
    steps = [step("fiveplus.away", total=args.total, distance=distance, lower=args.lower, upper=args.upper)
             if args.upper >= args.lower else step("fiveplus.range_empty", lower=args.lower, upper=args.upper),
             step("fiveplus.failure_kind", how=args.kind)]
    after, setback = 0, 0
    if args.kind == "reduced":
        after = reduced(args.effect, distance)
        steps.append(step("fiveplus.reduced", effect=args.effect, distance=distance, after=after))
    elif args.kind == "negative":
        setback = args.setback
        steps.append(step("fiveplus.negative", setback=setback))
    steps.append(step("fiveplus.no_retry"))
    return FailureResult(summary=step("fiveplus.failure", how=args.kind, distance=distance, after=after),
                         steps=steps, rule_refs=[FAILURE], failed=True, distance=distance, kind=args.kind,
                         effect_after=after, setback=setback, retry_allowed=False)
