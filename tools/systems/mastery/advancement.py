"""Advancement (``mastery.md#Character Creation and Advancement``): triumphs, the three cost tables, and the
optional learning challenge.

"Whenever a player does something difficult and important, the GM is suggested to give them a triumph. When a
character is in a situation where they have the opportunity to increase a trait, ability or skill ... they may
burn triumphs to do so. The number of triumphs it takes to move from one number to another depends on what is
being increased." — "If the task of learning is difficult (such as without a teacher) the GM may require a
challenge to improve."

Readings chosen:

* One step at a time, each at the table's price (+1 -> +3 costs the +1 -> +2 step and the +2 -> +3 step). A new
  ability or skill starts at 0 (the tables' "+0 -> +1 = gaining a new ability/skill").
* In play there is no specialist limit: traits rise up to +4 (from as low as -2), abilities up to +4, skills to +5.
* The learning challenge is rolled before anything is spent, with the pool the GM names (a trait, and the
  ability or skill being learned if the character has it). On a failure nothing improves and, unless the GM rules
  that the effort is lost (``lose_on_failure``), no triumph is burned.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from pydantic import Field, field_validator, model_validator

from narrator.tools.contract import CheckResult, ToolArgs, ToolResult
from narrator.tools.dice import Roller
from narrator.tools.errors import FieldProblem, ToolArgumentError
from narrator.tools.odds import Dist, Odds
from narrator.tools.steps import Step, step
from narrator.tools.tool import tool
from narrator.tools.systems.mastery.challenge import ChallengeResult, ChallengeSpec, build_pool, resolve
from narrator.tools.systems.mastery.rules import CREATION, RANGES, Die, Difficulty, Kind
from narrator.tools.systems.mastery.sheet import (
    MasteryCharacter, clean, cost_between, max_health_of, problems, step_cost,
)


class CostArgs(ToolArgs):
    kind: Kind = Field(description="trait, ability or skill.")
    start: int = Field(ge=-2, le=5, description="The rating now (0: a new ability or skill).")
    end: int = Field(ge=-2, le=5, description="The rating wanted.")

    @model_validator(mode="after")
    def _range(self):
        low, high = RANGES[self.kind]
        bad = [f"{n} {v:+d}" for n, v in (("start", self.start), ("end", self.end)) if not low <= v <= high]
        if bad:
            raise ValueError(f"a {self.kind} ranges from {low:+d} to {high:+d} ({', '.join(bad)})")
        if self.end <= self.start:
            raise ValueError("end must be above start: triumphs only raise")
        return self


class CostResult(ToolResult):
    kind: str
    start: int = Field(json_schema_extra={"fact": "score"})
    end: int = Field(json_schema_extra={"fact": "score"})
    total: int = Field(json_schema_extra={"fact": "price"})
    steps_cost: list[int]


@tool("mastery")
def mastery_cost(args: CostArgs, roller: Roller) -> CostResult:
    """What raising a Mastery trait, ability or skill costs in triumphs, step by step from the three cost tables."""
    costs = [step_cost(args.kind, r) or 0 for r in range(args.start, args.end)]
    lines = [step("mastery.step_cost", what=args.kind, rating=r, cost=c)
             for r, c in zip(range(args.start, args.end), costs)]
    total = sum(costs)
    return CostResult(summary=step("mastery.cost", what=args.kind, start=args.start, end=args.end, total=total),
                      steps=[*lines, step("mastery.cost_total", costs=costs, total=total)],
                      rule_refs=[CREATION], kind=args.kind, start=args.start, end=args.end, total=total,
                      steps_cost=costs)


class LearningChallenge(ToolArgs):
    """The challenge the GM requires to learn (e.g. without a teacher): the pool comes from the sheet."""

    trait: str = Field(min_length=1, max_length=30, description="The trait the GM calls for (a name on the sheet).")
    ability: str | None = Field(None, max_length=40, description="An ability of the sheet to add, if any.")
    skill: str | None = Field(None, max_length=40, description="A skill of the sheet to add, if any.")
    circumstance: int = Field(0, ge=-20, le=20)
    tn: int | Difficulty = "Normal"
    needed: int = Field(1, ge=1, le=20)

    @field_validator("trait", "ability", "skill", mode="before")
    @classmethod
    def _clean(cls, v: Any) -> Any:
        return clean(v)


class AdvanceArgs(ToolArgs):
    character: MasteryCharacter = Field(description="The sheet as it stands.")
    kind: Kind = Field(description="trait, ability or skill.")
    name: str = Field(min_length=1, max_length=40, description="Which one; a new ability or skill starts at 0.")
    steps: int = Field(1, ge=1, le=9, description="How many steps up.")
    die: Die = Field(6, description="The campaign's die (for a learning challenge).")
    learning: LearningChallenge | None = Field(None, description="The challenge the GM requires to learn, if any.")
    lose_on_failure: bool = Field(False, description="The GM rules that a failed learning challenge burns the "
                                  "triumphs anyway.")

    @field_validator("name", mode="before")
    @classmethod
    def _clean(cls, v: Any) -> Any:
        return clean(v)


class AdvanceResult(CheckResult):
    character: MasteryCharacter = Field(description="The sheet after advancement.")
    kind: str
    name: str
    before: int = Field(json_schema_extra={"fact": "score"})
    after: int = Field(json_schema_extra={"fact": "score"})
    cost: int
    triumphs_spent: int
    learning: ChallengeResult | None


def _pool_for(c: MasteryCharacter, learning: LearningChallenge, die: int) -> tuple[tuple, list[FieldProblem]]:
    """The learning challenge's values (what :func:`learning_spec` takes), or what is wrong with it."""
    bad = []
    if learning.trait not in c.traits:
        bad.append(FieldProblem("learning.trait", f"not one of {c.name}'s traits ({', '.join(c.traits)})",
                                learning.trait))
    for kind, name, table in (("ability", learning.ability, c.abilities), ("skill", learning.skill, c.skills)):
        if name is not None and name not in table:
            bad.append(FieldProblem(f"learning.{kind}", f"{c.name} has no {kind} '{name}' "
                                                        f"({', '.join(table) or 'none'})", name))
    if bad:
        return None, bad  # type: ignore[return-value]
    return (die, learning.tn, learning.needed, c.traits[learning.trait],
            c.abilities.get(learning.ability, 0) if learning.ability else 0,
            c.skills.get(learning.skill, 0) if learning.skill else 0,
            learning.circumstance, learning.trait, learning.ability, learning.skill), []


@lru_cache(maxsize=1024, typed=True)
def learning_spec(die: int, tn: int | str, needed: int, trait: int, ability: int, skill: int, circumstance: int,
                  trait_name: str, ability_name: str | None, skill_name: str | None) -> tuple[ChallengeSpec, int]:
    """The learning challenge's validated spec (the ratings and the target number checked against the die as
    always) and the dice its pool throws, made once per its values: frozen, the spec is shared; a spec that fails
    validation raises on every call."""
    spec = ChallengeSpec(die=die, tn=tn, needed=needed, trait=trait, ability=ability, skill=skill,
                         circumstance=circumstance, trait_name=trait_name, ability_name=ability_name,
                         skill_name=skill_name)
    return spec, build_pool(spec)[0].dice


LEARNING_DIE = "learning die"
_LEARNED: dict[tuple, ChallengeResult] = {}
_LEARNED_KEPT = 4096
LEARNING_KEPT_FACES = 1296
"""Learning challenges remembered (sheets x challenges x faces seen in play) before the memo starts afresh."""


def learn(values: tuple, roller: Roller, who: str) -> ChallengeResult:
    """The learning challenge of ``values`` (:func:`learning_spec`'s), thrown by ``who``: its dice are rolled fresh
    from ``roller`` on every call, exactly as :func:`challenge.resolve` rolls them; the challenge's result depends
    only on its values, who throws and the faces, so it is made once per those — by ``resolve`` itself, from the
    same faces — and shared (frozen), as a die is. Only a pool whose faces can come back is kept (at most
    :data:`LEARNING_KEPT_FACES` throws: 4d6, 3d10, 2d20); a bigger one is resolved as it always was."""
    spec, dice = learning_spec(*values)
    if spec.die ** dice > LEARNING_KEPT_FACES:
        return resolve(spec, roller, LEARNING_DIE, who)
    faces = [d.face for d in roller.roll_many(dice, spec.die, LEARNING_DIE)]
    key = (values, who, *faces)
    found = _LEARNED.get(key)
    if found is None:
        if len(_LEARNED) >= _LEARNED_KEPT:
            _LEARNED.clear()
        found = _LEARNED[key] = resolve(spec, Roller.scripted(faces), LEARNING_DIE, who)
    return found


@lru_cache(maxsize=1024)
def cost_line(kind: str, name: str, before: int, after: int, cost: int, triumphs: int) -> Step:
    """The price step of an advance, once per its values."""
    return step("mastery.advance_cost", what=kind, name=name, before=before,
                costs=[step_cost(kind, r) for r in range(before, after)], cost=cost, triumphs=triumphs)


@lru_cache(maxsize=1)
def improved_odds() -> Odds:
    """An advance without a learning challenge: improved, surely."""
    return Dist.certain("improved").odds(p_success=1.0)


LEARNING_NEEDED = step("mastery.learning_needed")
PART = {"trait": "traits", "ability": "abilities", "skill": "skills"}
"""The sheet's field for each kind of rating."""


@lru_cache(maxsize=4096)
def closing_lines(who: str, kind: str, name: str, before: int, after: int, ok: bool, cost: int, spent: int,
                  triumphs: int) -> tuple[Step, Step]:
    """An advance's last line (improved, or not learned) and its summary, once per the values they state."""
    last = (step("mastery.improved", who=who, name=name, rating=after, triumphs=triumphs) if ok else
            step("mastery.not_learned", cost=cost, spent=spent))
    return last, step("mastery.advanced", who=who, what=kind, name=name, before=before, after=after if ok else before,
                      spent=spent)


@tool("mastery")
def mastery_advance(args: AdvanceArgs, roller: Roller) -> AdvanceResult:
    """Burn triumphs to raise a Mastery trait, ability or skill by the cost tables (a new ability or skill starts at 0),
    after a learning challenge if the GM requires one."""
    c = args.character
    broken = problems(c, creation=False)
    if broken:
        raise ToolArgumentError("?", [FieldProblem(f"character.{v.field}", v.sentence, v.given) for v in broken])
    field = PART[args.kind]
    table = getattr(c, field)
    if args.kind == "trait" and args.name not in table:
        raise ToolArgumentError("?", [FieldProblem("name", f"'{args.name}' is not one of {c.name}'s traits "
                                                           f"({', '.join(c.traits)}); the GM's list is fixed")])
    before = table.get(args.name, 0)
    after = before + args.steps
    high = RANGES[args.kind][1]
    if after > high:
        raise ToolArgumentError("?", [FieldProblem("steps", f"{args.name} is {before:+d}; a {args.kind} goes no "
                                                            f"higher than {high:+d}", str(args.steps))])
    cost = cost_between(args.kind, before, after)
    if cost > c.triumphs:
        raise ToolArgumentError("?", [FieldProblem("steps", f"{args.kind} {args.name} {before:+d} → {after:+d} costs "
                                                            f"{cost} triumphs; {c.name} has {c.triumphs}")])
    steps = [cost_line(args.kind, args.name, before, after, cost, c.triumphs)]
    learned = None
    dice: list = []
    odds = improved_odds()
    if args.learning is not None:
        values, bad = _pool_for(c, args.learning, args.die)
        if bad:
            raise ToolArgumentError("?", bad)
        learned = learn(values, roller, c.name)
        dice = list(learned.dice)
        odds = learned.odds
        steps += [LEARNING_NEEDED, *learned.steps]
    ok = learned is None or bool(learned.success)
    spent = cost if ok or args.lose_on_failure else 0
    if ok:
        new_table = {**table, args.name: after}
        update: dict[str, Any] = {field: new_table, "triumphs": c.triumphs - spent}
        new = c.model_copy(update=update)
        if not new.npc and new.health_rule.trait == args.name and args.kind == "trait":
            boxes = max_health_of(new)
            new = new.model_copy(update={"max_health": boxes,
                                         "health": max(0, min(boxes, new.health + boxes - c.max_health))})
            steps.append(step("mastery.health_follows", name=args.name, before=c.max_health, after=boxes))
    else:
        new = c.model_copy(update={"triumphs": c.triumphs - spent})
    last, summary = closing_lines(c.name, args.kind, args.name, before, after, ok, cost, spent, new.triumphs)
    steps.append(last)
    # The result validated straight through its core validator: what AdvanceResult(...) does, without the detour
    # through BaseModel.__init__ (about 0.8 µs a call; the same fields, checks and result).
    return AdvanceResult.__pydantic_validator__.validate_python({
        "summary": summary, "steps": steps, "rule_refs": [CREATION, *(learned.rule_refs if learned else [])],
        "dice": dice, "outcome": "improved" if ok else "not learned", "success": ok, "odds": odds, "character": new,
        "kind": args.kind, "name": args.name, "before": before, "after": after if ok else before, "cost": cost,
        "triumphs_spent": spent, "learning": learned,
    })
