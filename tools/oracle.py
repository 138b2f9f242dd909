"""The narrator's own yes/no oracle for solo play: a question, how likely the answer is, and 2d6.

Why our own: solo players need a neutral "is it so?" that the model cannot bend, and no bundled rulebook has one.
It lives beside the table tools (system ``oracle``, usable in every campaign) and goes through the registry like
any tool, so a campaign logs the question, the seed and the dice, and replay re-derives the same answer.

The table. Roll 2d6 and compare the total with the likelihood's threshold *T*:

============  ===  =========  =========  =========
likelihood     T    no         yes, but   yes
============  ===  =========  =========  =========
certain        3    1/36       2/36       33/36
likely         5    6/36       4/36       26/36
even           7    15/36      6/36       15/36
unlikely       9    26/36      4/36       6/36
impossible    11    33/36      2/36       1/36
============  ===  =========  =========  =========

* total above *T*: **yes**; equal to *T*: **yes, but** (it is so, with a complication); below *T*: **no**.
* The table is symmetric: ``even`` gives yes and no exactly as often (5/12 each), ``likely`` mirrors
  ``unlikely`` and ``certain`` mirrors ``impossible``. Nothing is ever fully certain: a narrator who is sure should
  not ask.
* ``success`` is true for yes and yes-but; ``odds`` is the exact distribution over the three answers, computed by
  enumerating the 36 outcomes before the dice are thrown.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any, Literal

from pydantic import Field, field_validator

from narrator.tools.contract import CheckResult, ToolArgs
from narrator.tools.dice import Roller
from narrator.tools.odds import Dist, Odds, sum_of
from narrator.tools.steps import step
from narrator.tools.tool import tool

Likelihood = Literal["certain", "likely", "even", "unlikely", "impossible"]
Answer = Literal["no", "yes, but", "yes"]
LIKELIHOODS: tuple[str, ...] = ("certain", "likely", "even", "unlikely", "impossible")
THRESHOLD: dict[str, int] = {"certain": 3, "likely": 5, "even": 7, "unlikely": 9, "impossible": 11}
ANSWERS: tuple[str, ...] = ("no", "yes, but", "yes")
SYNONYMS: dict[str, str] = {
    "sure": "certain", "very likely": "likely", "probable": "likely", "probably": "likely",
    "50/50": "even", "fifty-fifty": "even", "maybe": "even", "evens": "even",
    "improbable": "unlikely", "doubtful": "unlikely", "very unlikely": "unlikely", "never": "impossible",
}
"""What people type for the five levels; anything else is an argument error listing them."""


def answer_for(total: int, likelihood: str) -> str:
    """The answer a 2d6 ``total`` gives at ``likelihood`` (see the table in the module docstring)."""
    t = THRESHOLD[likelihood]
    return "yes" if total > t else "yes, but" if total == t else "no"


@lru_cache(maxsize=None)
def answer_dist(likelihood: str) -> Dist:
    """The exact distribution of the answer: 2d6 enumerated, then mapped through the threshold."""
    return sum_of(2, 6).map(lambda total: answer_for(total, likelihood))


def oracle_odds(likelihood: str) -> Odds:
    dist = answer_dist(likelihood)
    return dist.odds(p_success=dist.p(lambda a: a != "no"), order=ANSWERS)


class OracleArgs(ToolArgs):
    question: str = Field(min_length=1, max_length=300, description="A yes/no question about the fiction.")
    likelihood: Likelihood = Field("even", description="How likely a yes is: certain, likely, even, unlikely or "
                                   "impossible (nothing is fully certain: see the table).")

    @field_validator("likelihood", mode="before")
    @classmethod
    def _normalise(cls, v: Any) -> Any:
        if isinstance(v, str):
            key = " ".join(v.strip().lower().split())
            return SYNONYMS.get(key, key)
        return v


class OracleResult(CheckResult):
    outcome: Answer
    question: str
    likelihood: Likelihood
    threshold: int = Field(description="The 2d6 total that answers 'yes, but'; above it is yes, below it no.")
    total: int = Field(ge=2, le=12)


@tool("oracle")
def oracle_ask(args: OracleArgs, roller: Roller) -> OracleResult:
    """Ask the solo oracle a yes/no question at a likelihood: 2d6 against a threshold, answering no, yes-but or yes."""
    t = THRESHOLD[args.likelihood]
    dice = [roller.roll(6, f"oracle die {i}") for i in (1, 2)]
    total = dice[0].face + dice[1].face
    answer = answer_for(total, args.likelihood)
    return OracleResult(
        summary=step("oracle.answer", likelihood=args.likelihood, question=args.question, answer=answer, total=total),
        steps=[
            step("oracle.threshold", likelihood=args.likelihood, threshold=t),
            step("oracle.rolled", dice=[dice[0].face, dice[1].face], total=total, threshold=t, answer=answer),
        ],
        rule_refs=[],
        dice=dice,
        outcome=answer,
        success=answer != "no",
        odds=oracle_odds(args.likelihood),
        question=args.question,
        likelihood=args.likelihood,
        threshold=t,
        total=total,
    )


TOOLS = [oracle_ask]


def p_yes(likelihood: str) -> Fraction:
    """P(yes or yes-but) at ``likelihood``, exactly."""
    return answer_dist(likelihood).p(lambda a: a != "no")
