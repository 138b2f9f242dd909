"""Character Regression (``brew.md#Character Regression``), an optional rule: off unless the campaign's
``regression`` option is on.

"If you wish to play the same character for a different campaign ... then player and gamemaster can agree to
reduce the character's skills and advances before start of play ... agree on specific points reductions, and the
player can pick and choose which of their skills, attributes or tricks to drop ... the player can even add points to
her Profession skill. They can also lose their Character Class or gain a different one."

Readings chosen:

* The agreement is a number of points (``agreed``). Each attribute, skill or magic point dropped is one point; a
  dropped trick is worth the 5 free points a trick costs at creation ("it costs all 5 of your free points"); each
  point added elsewhere (the pig farmer's Profession) gives one back. What is dropped, less what is added, must
  equal the agreement — the player picks, the sum is the GM's.
* Attributes never fall below 1 (the book's floor, "Attributes can never fall lower than 1"); a skill or field of
  magic dropped to 0 leaves the sheet; a raised score stays within the caps (:func:`.sheet.problems` judges the
  whole sheet afterwards, as for an advance). Mana follows the magic points; Resolve and health are untouched.
* Losing the class removes what the class gave — its bonuses (the +2 on two traits), its specialty, its tricks and
  its flaw — not counted against the agreement, since a class is not bought with points. Gaining a
  different class is an advance (``brew_spend_xp``), or a matter of the new campaign's creation.
"""

from __future__ import annotations

from pydantic import Field, field_validator

from narrator.tools.binding import bind, run_pure
from narrator.tools.contract import ToolArgs, ToolResult, ref
from narrator.tools.dice import Roller
from narrator.tools.errors import ToolArgumentError
from narrator.tools.problems import fail
from narrator.tools.steps import Step, step
from narrator.tools.systems.brew.rules import ATTRIBUTES, CLASSES, MAGIC_FIELDS, TRICK_PRICE
from narrator.tools.systems.brew.sheet import BrewCharacter, norm, problems
from narrator.tools.systems.brew.table_common import ACTOR, find, option
from narrator.tools.table import BoundResult, TableState, field_changes
from narrator.tools.tool import table_tool, tool

REGRESSION = ref("brew", "Character Regression")


class RegressChoices(ToolArgs):
    """What player and GM agreed: the same choices for the pure tool and for a character on the table."""

    agreed: int = Field(ge=1, le=60, description="The points reduction player and GM agreed on.")
    lower: dict[str, int] = Field(default_factory=dict, description="Attribute, skill or field of magic -> points "
                                  "dropped, e.g. {'power': 1, 'melee': 2}.")
    add: dict[str, int] = Field(default_factory=dict, description="Skill -> points added, e.g. {'profession': 1} "
                                "(the pig farm).")
    profession: str | None = Field(None, min_length=1, max_length=60, description="The named profession that "
                                   "Profession points added or dropped belong to, e.g. 'pig farmer'.")
    drop_tricks: list[str] = Field(default_factory=list, max_length=5, description="Tricks dropped (5 points each).")
    drop_class: bool = Field(False, description="The character loses their class (and its skill bonuses).")

    @field_validator("lower", "add", mode="before")
    @classmethod
    def _names(cls, v):
        return {norm(k): n for k, n in v.items()} if isinstance(v, dict) else v


class RegressArgs(RegressChoices):
    character: BrewCharacter


class RegressResult(ToolResult):
    character: BrewCharacter
    points: int = Field(description="Points dropped less points added (equals the agreement).")


def regress(args: RegressArgs) -> tuple[BrewCharacter, list[str]]:
    c = args.character
    attributes = c.attributes.model_dump()
    skills, magic, tricks = dict(c.skills), dict(c.magic), list(c.tricks)
    specialties, flaws, professions = list(c.specialties), list(c.flaws), dict(c.professions)
    if "profession" in {*args.lower, *args.add}:
        if args.profession is None:
            fail("profession", "Profession points belong to a named profession: say which (e.g. 'pig farmer')")
        change = args.add.get("profession", 0) - args.lower.get("profession", 0)
        left = professions.get(args.profession, 0) + change
        if left < 0:
            fail("profession", f"{c.name} has {professions.get(args.profession, 0)} in {args.profession}",
                  args.profession)
        professions[args.profession] = left
        professions = {k: v for k, v in professions.items() if v > 0}
    steps: list[Step] = []
    points = 0
    for name, n in sorted(args.lower.items()):  # sorted: a logged call replays in the same order
        if n < 1:
            fail(f"lower.{name}", "points dropped are 1 or more", n)
        if name in ATTRIBUTES:
            if attributes[name] - n < 1:
                fail(f"lower.{name}", f"{name} {attributes[name]} cannot drop {n}: attributes never fall below 1", n)
            attributes[name] -= n
        else:
            pool = magic if name in MAGIC_FIELDS else skills
            if pool.get(name, 0) < n:
                fail(f"lower.{name}", f"{c.name} has {pool.get(name, 0)} in {name}: cannot drop {n}", n)
            pool[name] -= n
            if pool[name] == 0:
                del pool[name]
        points += n
        steps.append(step("brew.lowered", name=name, n=n))
    for name, n in sorted(args.add.items()):
        if n < 1 or name in ATTRIBUTES or name in MAGIC_FIELDS:
            fail(f"add.{name}", "points are added to skills only, 1 or more each", n)
        skills[name] = skills.get(name, 0) + n
        points -= n
        steps.append(step("brew.added_back", name=name, n=n))
    for trick in args.drop_tricks:
        found = next((t for t in tricks if t.casefold() == trick.strip().casefold()), None)
        if found is None:
            fail("drop_tricks", f"{c.name} has no trick '{trick}'; tricks: {', '.join(tricks) or 'none'}", trick)
        tricks.remove(found)
        points += TRICK_PRICE
        steps.append(step("brew.trick_dropped", trick=found, price=TRICK_PRICE))
    klass, bonuses = c.character_class, dict(c.class_bonuses)
    if args.drop_class:
        if klass is None:
            fail("drop_class", f"{c.name} has no class to lose", True)
        for skill, n in bonuses.items():
            pool = magic if skill in MAGIC_FIELDS else skills
            if skill in ATTRIBUTES:
                attributes[skill] = max(1, attributes[skill] - n)
            elif skill in pool:
                pool[skill] = max(0, pool[skill] - n)
                if pool[skill] == 0:
                    del pool[skill]
        known = CLASSES.get(klass, {})
        class_tricks = {t.casefold() for t in known.get("tricks", ())}
        gone = [t for t in tricks if t.casefold() in class_tricks]
        tricks = [t for t in tricks if t.casefold() not in class_tricks]
        specialties = [sp for sp in specialties if sp.source != "class"]
        flaws = [f for f in flaws if f.casefold() != str(known.get("flaw", "")).casefold()]
        steps.append(step("brew.class_lost", klass=klass, bonuses=[[k, v] for k, v in bonuses.items()], tricks=gone))
        klass, bonuses = None, {}
    if points != args.agreed:
        fail("agreed", f"the changes come to {points} point(s), not the {args.agreed} agreed: drop or add until "
                        "they match", points)
    magic_points = sum(magic.values())
    new = c.model_copy(update={
        "attributes": c.attributes.model_copy(update=attributes), "skills": skills, "magic": magic, "tricks": tricks,
        "specialties": specialties, "flaws": flaws, "professions": professions, "character_class": klass, "class_bonuses": bonuses, "max_mana": magic_points,
        "mana": min(c.mana, magic_points)})
    new = BrewCharacter.model_validate(new.model_dump())
    broken = problems(new, creation=False)
    if broken:
        raise ToolArgumentError("?", [v.problem() for v in broken])
    steps.append(step("brew.points_dropped", points=points))
    return new, steps


@tool("brew")
def brew_regress(args: RegressArgs, roller: Roller) -> RegressResult:
    """Optional rule, Character Regression: reduce a returning character by the points the player and GM agreed (the
    player picks attributes, skills, magic or tricks; points may go to Profession)."""
    new, steps = regress(args)
    return RegressResult(summary=step("brew.regressed", points=args.agreed), steps=steps,
                         rule_refs=[REGRESSION], character=new, points=args.agreed)


class RegressOnTable(RegressChoices):
    actor: str = ACTOR


class RegressOnTableResult(RegressResult, BoundResult):
    actor: str


@table_tool("brew")
def brew_regress_character(args: RegressOnTable, roller: Roller, state: TableState) -> RegressOnTableResult:
    """Character Regression (the campaign's optional rule): reduce a character on the table by the agreed points before
    play."""
    if not option(state, "regression", False):
        fail("agreed", "Character Regression is an optional rule this campaign does not use (campaign option "
                        "regression: true)", args.agreed)
    who, sheet = find(state, args.actor, "actor")
    r = run_pure(brew_regress, roller, character=sheet.model_dump(mode="json"), **args.model_dump(exclude={"actor"}))
    changes = field_changes(who, sheet.model_dump(mode="json"), r.character.model_dump(mode="json"))
    return bind(RegressOnTableResult, r, changes, summary=step("brew.said", name=who, said=r.summary), refs=[REGRESSION],
                actor=who)
