"""Contested and collaborative rolls (``brew.md#Contested Rolls``, ``#Collaborative Rolls``).

Readings chosen:

* **Contested.** Each side adds 1d6 (2d6 keep high with a specialty, Lucky, size…) to its own pool, plus bonuses
  and minus penalties; the higher total wins, by the margin. A tie is a standoff: neither side beats the other.
  A side whose pool is 0 or less fails automatically without rolling (the other wins by simply acting; two such
  sides stand off). Best at Thing in a contest is +5, not an automatic success.
* **Collaborative.** The characters choose one pool as the base (the best one, as Pete and Marlo do; ``base``
  names another) and every roll adds its die to it — never two pools. *Concurrent*: everyone rolls once, at the
  same time. *Consecutive*: they roll in turns, each die added to the running total, until it meets the
  difficulty or the gamemaster's limit of tries (``max_rolls``, by default one try each) runs out; with
  ``minutes_per_roll`` the time taken is reported (Pete and Marlo: one roll per 15 minutes, done in 30).
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from functools import lru_cache
from typing import Literal

from pydantic import Field, model_validator

from narrator.tools.contract import CheckResult, ToolArgs
from narrator.tools.dice import Die, Roller
from narrator.tools.frozen import Frozen
from narrator.tools.name_lists import records_once
from narrator.tools.odds import Dist, Odds, die, shape_cache
from narrator.tools.steps import Step, step
from narrator.tools.tool import tool
from narrator.tools.systems.brew.checks import (
    PoolBreakdown, PoolSpec, keep_mode, die_dist, label_odds, outcome_of,
    pool_line, roll_die,
)
from narrator.tools.systems.brew.rules import COLLABORATIVE, CONTESTED, SKILLS_REF, SKILL_ROLLS, THRESHOLDS, Outcome

BEST_AT_CONTEST = 5
ContestOutcome = Literal["win", "tie", "lose"]


class Side(PoolSpec):
    name: str = Field("side", min_length=1, max_length=60)
    best_at_thing: bool = Field(False, description="Best at Thing in this skill: +5 in a contest.")


class SideRoll(Frozen):
    name: str
    pool: int
    breakdown: PoolBreakdown
    dice: list[Die]
    die_result: int | None
    total: int | None


def side_pool(side: Side, extra: int = 0, reason: str = "") -> tuple[PoolBreakdown, tuple[Step, ...]]:
    """A side's pool (``extra`` for ``reason``; Best at Thing's +5 added) and its line, under the side's name."""
    bonus = BEST_AT_CONTEST if side.best_at_thing else 0
    return side_line(side.name, side.attribute, side.skill or 0, side.bonus, side.attribute_name, side.health,
                     side.health_rule, side.laden, extra + bonus, reason if not bonus else "Best at Thing"
                     if not extra else f"{reason} and Best at Thing")


@lru_cache(maxsize=4096)
def side_line(name: str, attribute: int, skill: int, bonus: int, attribute_name: str | None, health: int | None,
              health_rule: str, laden: bool, extra: int, reason: str) -> tuple[PoolBreakdown, tuple[Step, ...]]:
    """:func:`side_pool` by the values it depends on (the pool's, :func:`checks.pool_line`, and the name): an
    attack or a contest makes two a call, and the same sides come back all fight long."""
    breakdown, line = pool_line(attribute, skill, bonus, attribute_name, health, health_rule, laden, extra, reason)
    return breakdown, (step("brew.side", name=name, line=line),)


def roll_side(roller: Roller, side: Side, breakdown: PoolBreakdown, purpose: str) -> tuple[SideRoll, tuple[Step, ...]]:
    """Throw a side's die (none when its pool is 0 or less: it fails automatically): its row and its lines.

    The row and its lines depend only on the name, the breakdown's values and the throw (the die's mode, Lucky, the
    purpose and the faces), so they are made once per those values and shared, as a die is (:func:`dice._die`); the
    dice themselves are rolled fresh on every call (a plain d6 straight from the roller, the same draw as
    :func:`checks.roll_die`'s; its die and lines are then made by ``roll_die`` from that face when first met)."""
    b = breakdown
    if b.pool <= 0:
        key: tuple = (side.name, *b.__dict__.values())  # the breakdown's every field, in order
        found = _SIDES.get(key)
        if found is None:
            found = _keep(key, SideRoll(name=side.name, pool=b.pool, breakdown=b, dice=[], die_result=None,
                                        total=None), (step("brew.side_fails", name=side.name, pool=b.pool),))
        return found
    mode = keep_mode(side.specialty, side.advantage)
    if mode == "none" and not side.lucky:  # one plain d6, thrown as roll_die throws it; its lines only on a miss
        faces: tuple[int, ...] = (roller.roll(6, purpose).face,)
        dice = value = lines = None
    else:
        dice, value, lines = roll_die(roller, mode, side.lucky, purpose)
        faces = tuple([d.face for d in dice])
    key = (side.name, *b.__dict__.values(), mode, side.lucky, purpose, *faces)
    found = _SIDES.get(key)
    if found is None:
        if dice is None:  # made by roll_die itself, from the same face
            dice, value, lines = roll_die(Roller.scripted(faces), mode, side.lucky, purpose)
        total = b.pool + value
        found = _keep(key, SideRoll(name=side.name, pool=b.pool, breakdown=b, dice=dice, die_result=value,
                                    total=total),
                      (*[step("brew.side", name=side.name, line=line) for line in lines],
                       step("brew.side_total", name=side.name, total=total)))
    return found


_SIDES: dict[tuple, tuple[SideRoll, tuple[Step, ...]]] = {}
_SIDES_KEPT = 4096
"""Side rolls remembered (names x pools x faces seen in play) before the memo starts afresh."""


def _keep(key: tuple, row: SideRoll, lines: tuple[Step, ...]) -> tuple[SideRoll, tuple[Step, ...]]:
    if len(_SIDES) >= _SIDES_KEPT:
        _SIDES.clear()
    found = _SIDES[key] = (row, lines)
    return found


def total_dist(side: Side, pool: int) -> Dist:
    """Exact distribution of a side's total; None stands for an automatic failure."""
    return keep_total_dist(keep_mode(side.specialty, side.advantage), side.lucky, pool)


@lru_cache(maxsize=4096)
def keep_total_dist(mode: str, lucky: bool, pool: int) -> Dist:
    """A side's total by what shapes it: the die (keep mode, Lucky) and the pool."""
    if pool <= 0:
        return Dist.certain(None)
    return die_dist(mode, lucky) + pool


def compare(a: int | None, b: int | None) -> ContestOutcome:
    if a is None and b is None:
        return "tie"
    if b is None:
        return "win"
    if a is None:
        return "lose"
    return "win" if a > b else "lose" if a < b else "tie"


def margin_of(a: int | None, b: int | None) -> int | None:
    return None if a is None or b is None else a - b


CONTEST_ORDER = ("win", "tie", "lose")


class ContestArgs(ToolArgs):
    a: Side = Field(description="The side whose view the outcome takes (win / tie / lose).")
    b: Side


class ContestResult(CheckResult):
    outcome: ContestOutcome
    a: SideRoll
    b: SideRoll
    margin: int | None = Field(description="a's total minus b's (null when a side failed automatically).")
    winner: str | None
    margin_odds: dict[str, str] = Field(description="Exact distribution of the margin (a - b) as fractions; "
                                        "'auto' where a side fails automatically.")


def contest_dist(a: Side, pa: int, b: Side, pb: int) -> tuple[Dist, Dist]:
    return _contest_dists(keep_mode(a.specialty, a.advantage), a.lucky, pa, keep_mode(b.specialty, b.advantage),
                          b.lucky, pb)


@lru_cache(maxsize=4096)
def _contest_dists(mode_a: str, lucky_a: bool, pa: int, mode_b: str, lucky_b: bool, pb: int) -> tuple[Dist, Dist]:
    ta, tb = keep_total_dist(mode_a, lucky_a, pa), keep_total_dist(mode_b, lucky_b, pb)
    outcome = ta.combine(tb, compare)
    margin = ta.combine(tb, lambda x, y: "auto" if x is None or y is None else x - y)
    return outcome, margin


@tool("brew")
def brew_contest(args: ContestArgs, roller: Roller) -> ContestResult:
    """A Brew contested roll: each side's pool + 1d6, the higher total wins (a tie is a standoff); the margin says by
    how much."""
    if args.a.name.casefold() == args.b.name.casefold():
        args = args.model_copy(update={"a": args.a.model_copy(update={"name": f"{args.a.name} (a)"}),
                                       "b": args.b.model_copy(update={"name": f"{args.b.name} (b)"})})
    ba, la = side_pool(args.a)
    bb, lb = side_pool(args.b)
    ra, sa = roll_side(roller, args.a, ba, f"{args.a.name} die")
    rb, sb = roll_side(roller, args.b, bb, f"{args.b.name} die")
    outcome = compare(ra.total, rb.total)
    margin = margin_of(ra.total, rb.total)
    winner = args.a.name if outcome == "win" else args.b.name if outcome == "lose" else None
    verdict = step("brew.verdict", winner=winner, margin=margin)
    odds, margin_odds = contest_odds(keep_mode(args.a.specialty, args.a.advantage), args.a.lucky, ba.pool,
                                     keep_mode(args.b.specialty, args.b.advantage), args.b.lucky, bb.pool)
    return ContestResult(
        summary=step("brew.contest", a=args.a.name, a_total=ra.total, b=args.b.name, b_total=rb.total,
                     verdict=verdict),
        steps=[*la, *lb, *sa, *sb, step("brew.result", verdict=verdict)],
        rule_refs=[CONTESTED, SKILL_ROLLS] + ([SKILLS_REF] if args.a.best_at_thing or args.b.best_at_thing else []),
        dice=[*ra.dice, *rb.dice], outcome=outcome, success=outcome == "win",
        odds=odds, a=ra, b=rb, margin=margin, winner=winner, margin_odds=margin_odds,
    )


@lru_cache(maxsize=4096)
def contest_odds(mode_a: str, lucky_a: bool, pa: int, mode_b: str, lucky_b: bool, pb: int) -> tuple[Odds, dict[str, str]]:
    """The contest's odds block and its margin's exact distribution, once per pair of dice and pools (what the
    distributions depend on: cheaper to key by than the two sides' models)."""
    odist, mdist = _contest_dists(mode_a, lucky_a, pa, mode_b, lucky_b, pb)
    margins = {str(k): v for k, v in mdist.items()}
    return (odist.odds(p_success=odist.p(lambda o: o == "win"), order=CONTEST_ORDER),
            {k: f"{v.numerator}/{v.denominator}" if v.denominator != 1 else str(v.numerator)
             for k, v in sorted(margins.items(), key=lambda kv: (kv[0] == "auto", int(kv[0]) if kv[0] != "auto"
                                                                 else 0))})


# --- collaboration ---------------------------------------------------------------------------------------------------


class Participant(ToolArgs):
    name: str = Field(min_length=1, max_length=60)
    pool: int = Field(ge=-20, le=30, description="This character's attribute + skill (+ bonuses) for the task.")


class CollaborateArgs(ToolArgs):
    participants: list[Participant] = Field(min_length=2, max_length=8)
    difficulty: int = Field(ge=1, le=60)
    mode: Literal["consecutive", "concurrent"] = Field(description="consecutive: turns at one continuous task, "
                                                       "each die added until it is done; concurrent: one try each, "
                                                       "all at once.")
    base: str | None = Field(None, description="Whose pool is the base; default: the highest.")
    max_rolls: int | None = Field(None, ge=1, le=20, description="Consecutive: the tries allowed (default one "
                                  "each).")
    minutes_per_roll: int | None = Field(None, ge=1, le=10_000, description="Consecutive: time one try takes.")

    _unique = records_once("participants", "name", "each participant once")

    @model_validator(mode="after")
    def _fits(self):
        if self.base is not None and self.base.casefold() not in {p.name.casefold() for p in self.participants}:
            raise ValueError(f"base '{self.base}' is not one of the participants")
        if self.mode == "concurrent" and self.max_rolls is not None:
            raise ValueError("max_rolls is for consecutive collaboration; concurrent is one roll each")
        return self


class CollaborateResult(CheckResult):
    outcome: Outcome
    base: str
    base_pool: int
    total: int | None
    rolls_used: int
    rolls: list[dict]
    minutes: int | None


def _consecutive_dist(base: int, difficulty: int, max_rolls: int) -> Dist:
    """Final outcome of rolling in turns until the total meets the difficulty or the tries run out."""
    out: dict[str, Fraction] = defaultdict(Fraction)
    frontier = {base: Fraction(1)}
    for _ in range(max_rolls):
        nxt: dict[int, Fraction] = defaultdict(Fraction)
        for total, p in frontier.items():
            for face, q in die(6).items():
                t = total + face
                if t >= difficulty:
                    out[outcome_of(t, difficulty)] += p * q
                else:
                    nxt[t] += p * q
        frontier = nxt
    for total, p in frontier.items():
        out["failure"] += p
    return Dist(out)


@tool("brew")
def brew_collaborate(args: CollaborateArgs, roller: Roller) -> CollaborateResult:
    """A Brew collaborative roll: one base pool, every helper's d6 added (concurrent: one try each at once; consecutive:
    turns until done or out of tries)."""
    people = list(args.participants)
    chosen = next((p for p in people if args.base and p.name.casefold() == args.base.casefold()), None) or \
        max(people, key=lambda p: p.pool)
    base = chosen.pool
    steps = [step("brew.collab_base", name=chosen.name, base=base, chosen=bool(args.base),
                  pools=[[p.name, p.pool] for p in people]),
             step("brew.collab_against", difficulty=args.difficulty)]
    dice: list[Die] = []
    rolls: list[dict] = []
    if base <= 0:
        steps.append(step("brew.base_fails", base=base))
        return CollaborateResult(summary=step("brew.collab_fails", base=base), steps=steps,
                                 rule_refs=[COLLABORATIVE, THRESHOLDS], dice=[], outcome="failure", success=False,
                                 odds=label_odds(Dist.certain("failure")), base=chosen.name, base_pool=base,
                                 total=None, rolls_used=0, rolls=[], minutes=None)
    if base >= args.difficulty:
        steps.append(step("brew.base_meets"))
    total = base
    if args.mode == "concurrent":
        for p in people:
            d = roller.roll(6, f"{p.name} die")
            dice.append(d)
            total += d.face
            rolls.append({"name": p.name, "face": d.face, "total": total})
        steps.append(step("brew.concurrent", rolls=[[r["name"], r["face"]] for r in rolls], base=base, total=total))
        odds = concurrent_odds(base, args.difficulty, len(people))
        outcome = outcome_of(total, args.difficulty)
        used = len(people)
    else:
        limit = args.max_rolls or len(people)
        used = 0
        while used < limit:
            p = people[used % len(people)]
            d = roller.roll(6, f"{p.name} die")
            dice.append(d)
            total += d.face
            used += 1
            rolls.append({"name": p.name, "face": d.face, "total": total})
            steps.append(step("brew.collab_try", n=used, name=p.name, face=d.face, total=total))
            if total >= args.difficulty:
                break
        outcome = outcome_of(total, args.difficulty)
        if outcome == "failure":
            steps.append(step("brew.out_of_tries", used=used))
        odds = consecutive_odds(base, args.difficulty, limit)
    minutes = used * args.minutes_per_roll if args.minutes_per_roll and args.mode == "consecutive" else None
    steps.append(step("brew.collab_total", total=total, outcome=outcome, minutes=minutes))
    return CollaborateResult(
        summary=step("brew.collaboration", mode=args.mode, total=total, difficulty=args.difficulty, outcome=outcome,
                     minutes=minutes),
        steps=steps, rule_refs=[COLLABORATIVE, THRESHOLDS], dice=dice, outcome=outcome, success=outcome != "failure",
        odds=odds, base=chosen.name, base_pool=base, total=total, rolls_used=used, rolls=rolls,
        minutes=minutes,
    )


@shape_cache
def concurrent_odds(base: int, difficulty: int, people: int) -> Odds:
    """Everyone's die at once on one base pool: the odds block once per (base, difficulty, head count)."""
    dist = (Dist.certain(0) if not people else die(6).repeat_sum(people) + base).map(
        lambda t: outcome_of(t, difficulty))
    return label_odds(dist)


@shape_cache
def consecutive_odds(base: int, difficulty: int, max_rolls: int) -> Odds:
    """Turns until done or out of tries: the odds block once per (base, difficulty, tries)."""
    return label_odds(_consecutive_dist(base, difficulty, max_rolls))

