"""Experience (``brew.md#Using Experience Points``, ``#Capping Stats``): what an advance costs, and taking one.

The XP table: raise an attribute 3 × its score; a new skill 5; a skill point 2 × the score; a new specialty
4 × the skill's score (double a skill advance); a new field of magic 10; a magic point 2 × the score; a trick 10;
a character class 50. Readings chosen: the "existing score" is the score bought (bonuses from ancestry and class
are not paid for again); bought scores stop at 5, specialties at three, and a character who has become Best at
Thing cannot raise another skill past 4. A new class gives its bonuses where the old class gave none ("even
multiclassing does not stack bonuses"); only the sample classes are known well enough to add. The character must
have used what they raise and be able to explain a new trick — the gamemaster's call, not the engine's.
"""

from __future__ import annotations

from pydantic import Field, field_validator, model_validator

from narrator.tools.contract import ToolArgs, ToolResult
from narrator.tools.dice import Roller
from narrator.tools.errors import FieldProblem, ToolArgumentError
from narrator.tools.steps import step
from narrator.tools.tool import tool
from narrator.tools.systems.brew.rules import (
    ATTRIBUTES, CAPS_REF, CLASS_BONUS, CLASSES, MAGIC_FIELDS, MAX_SCORE, MAX_SPECIALTIES, SKILLS, XP_COSTS, XP_REF,
    Advance,
)
from narrator.tools.systems.brew.sheet import BrewCharacter, Specialty, norm, problems


def xp_cost(kind: str, score: int) -> int:
    return {"attribute": 3 * score, "new_skill": 5, "skill": 2 * score, "specialty": 4 * score, "new_field": 10,
            "magic": 2 * score, "trick": 10, "class": 50}[kind]


class XpCostArgs(ToolArgs):
    advance: Advance = Field(description="attribute, new_skill, skill, specialty, new_field, magic, trick, class.")
    score: int = Field(0, ge=0, le=15, description="The existing score (the skill's, for a specialty).")

    @model_validator(mode="after")
    def _score(self):
        if self.advance in ("attribute", "skill", "magic", "specialty") and self.score < 1:
            raise ValueError(f"{self.advance} costs by the existing score, which is at least 1 (a score of 0 is a new "
                             "skill or field)")
        return self


class XpCostResult(ToolResult):
    cost: int


@tool("brew")
def brew_xp_cost(args: XpCostArgs, roller: Roller) -> XpCostResult:
    """Brew XP costs: attribute 3 x score, new skill 5, skill 2 x score, specialty 4 x skill, new field of magic 10,
    magic point 2 x score, trick 10, class 50."""
    cost = xp_cost(args.advance, args.score)
    return XpCostResult(summary=step("brew.xp_cost", advance=args.advance, cost=cost),
                        steps=[step("brew.xp_costs", advance=args.advance, price=XP_COSTS[args.advance], cost=cost)],
                        rule_refs=[XP_REF], cost=cost)


class AdvanceArgs(ToolArgs):
    character: BrewCharacter
    advance: Advance
    trait: str | None = Field(None, description="The attribute, skill or field raised (the skill of a specialty).")
    name: str | None = Field(None, max_length=80, description="A specialty's, trick's or class's name.")
    class_choice: str | None = Field(None, description="A sample class's 'either' +2.")

    @field_validator("trait", "class_choice", mode="before")
    @classmethod
    def _lower(cls, v):
        return norm(v)


class AdvanceResult(ToolResult):
    character: BrewCharacter
    cost: int
    xp_after: int


def _fail(field: str, text: str, given=None):
    raise ToolArgumentError("?", [FieldProblem(field, text, None if given is None else str(given))])


def advance(args: AdvanceArgs) -> tuple[BrewCharacter, int, list[str]]:
    c = args.character
    data = c.model_dump(mode="json")
    t = args.trait
    kind = args.advance
    if kind in ("attribute", "new_skill", "skill", "specialty", "new_field", "magic") and not t:
        _fail("trait", f"name what the {kind.replace('_', ' ')} advance raises")
    if kind == "attribute":
        if t not in ATTRIBUTES:
            _fail("trait", f"not an attribute: {', '.join(ATTRIBUTES)}", t)
        score = c.bought(t)
        if score >= MAX_SCORE:
            _fail("trait", f"{t} is already {MAX_SCORE} bought, the maximum", t)
        data["attributes"][t] += 1
        line = step("brew.raised", trait=t, before=c.score(t), after=c.score(t) + 1, mana=False)
    elif kind in ("new_skill", "skill"):
        if t not in SKILLS:
            _fail("trait", f"not a skill: {', '.join(SKILLS)}", t)
        score = c.bought(t)
        if kind == "new_skill" and score > 0:
            _fail("advance", f"{t} is already {c.score(t)}: raise it with 'skill'", kind)
        if kind == "skill" and score < 1:
            _fail("advance", f"{t} is new to the character: buy it with 'new_skill'", kind)
        if score >= MAX_SCORE:
            _fail("trait", f"{t} is already {MAX_SCORE} bought, the maximum", t)
        if c.best_at and c.best_at != t and c.score(c.best_at) >= MAX_SCORE and c.score(t) >= 4:
            _fail("trait", f"Best at {c.best_at}: every other skill is capped at 4", t)
        data["skills"][t] = c.skills.get(t, 0) + 1
        if t == "profession":
            profs = dict(c.professions) or {(c.concept or "trade").split()[-1].lower(): 0}
            first = next(iter(profs))
            profs[first] += 1
            data["professions"] = profs
        line = step("brew.raised", trait=t, before=c.score(t), after=c.score(t) + 1, mana=False)
    elif kind in ("new_field", "magic"):
        if t not in MAGIC_FIELDS:
            _fail("trait", f"not a field of magic: {', '.join(MAGIC_FIELDS)}", t)
        score = c.bought(t)
        if kind == "new_field" and score > 0:
            _fail("advance", f"{t} is already {c.score(t)}: raise it with 'magic'", kind)
        if kind == "magic" and score < 1:
            _fail("advance", f"{t} is a new field: buy it with 'new_field'", kind)
        if score >= MAX_SCORE:
            _fail("trait", f"{t} is already {MAX_SCORE} bought, the maximum", t)
        data["magic"][t] = c.magic.get(t, 0) + 1
        data["max_mana"] = c.max_mana + 1
        data["mana"] = c.mana + 1
        line = step("brew.raised", trait=t, before=c.score(t), after=c.score(t) + 1, mana=True)
    elif kind == "specialty":
        if t not in (*SKILLS, *MAGIC_FIELDS):
            _fail("trait", "a specialty belongs to a skill", t)
        if not args.name:
            _fail("name", "name the specialty, e.g. 'woodworking'")
        if len(c.specialties) >= MAX_SPECIALTIES:
            _fail("advance", f"already {len(c.specialties)} specialties: the hard maximum is {MAX_SPECIALTIES}", kind)
        score = c.score(t)
        if score < 1:
            _fail("trait", f"{t} is 0: a specialty needs the skill", t)
        data["specialties"].append(Specialty(name=args.name, skill=t, source="bought").model_dump(mode="json"))
        line = step("brew.new_specialty", name=args.name, trait=t)
    elif kind == "trick":
        if not args.name:
            _fail("name", "name the trick")
        score = 0
        data["tricks"].append(args.name)
        line = step("brew.new_trick", name=args.name)
    else:
        klass = CLASSES.get((args.name or "").strip().lower())
        if klass is None:
            _fail("name", f"a class the engine knows: {', '.join(CLASSES)}", args.name)
        if args.class_choice not in klass["either"]:
            _fail("class_choice", f"+2 on either {' or '.join(klass['either'])}", args.class_choice)
        score = 0
        old = dict(c.class_bonuses)
        gained = {}
        for trait in (klass["fixed"], args.class_choice):
            if trait not in old:
                gained[trait] = CLASS_BONUS
        merged = {**old, **gained}
        for trait, n in gained.items():
            where = "attributes" if trait in ATTRIBUTES else "skills"
            data[where][trait] = (data[where].get(trait, 0) if where == "skills" else data[where][trait]) + n
        data["class_bonuses"] = merged
        data["character_class"] = (args.name or "").strip().lower()
        data["tricks"] += [x for x in klass["tricks"] if x not in c.tricks]
        data["flaws"] += [klass["flaw"]] if klass["flaw"] not in c.flaws else []
        line = step("brew.new_class", name=args.name, gained=[[k, v] for k, v in gained.items()])
    cost = xp_cost(kind, score)
    if c.xp < cost:
        _fail("character", f"{c.name} has {c.xp} XP; this costs {cost}", c.xp)
    data["xp"] = c.xp - cost
    new = BrewCharacter.model_validate(data)
    broken = problems(new, creation=False)
    if broken:
        raise ToolArgumentError("?", [v.problem() for v in broken])
    return new, cost, [step("brew.xp_spent", advance=kind, price=XP_COSTS[kind], cost=cost, xp=c.xp),
                       step("brew.advance", line=line)]


@tool("brew")
def brew_advance(args: AdvanceArgs, roller: Roller) -> AdvanceResult:
    """Spend a Brew character's XP on an advance (attribute, skill, specialty, field of magic, trick, class) at the
    book's costs, within the caps."""
    new, cost, steps = advance(args)
    return AdvanceResult(summary=step("brew.advanced", name=new.name, line=steps[-1].values["line"], cost=cost),
                         steps=steps,
                         rule_refs=[XP_REF, CAPS_REF], character=new, cost=cost, xp_after=new.xp)
