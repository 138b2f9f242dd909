"""State-bound Mini Six checks (``mini-six.md#Dice Basics``, ``#2. Skills``, the difficulty bands): a character on
the table rolls a skill or an attribute against a difficulty.

Readings chosen (see :mod:`.table_common` for penalties, declared actions, Lucky and Hero Points):

* The code is the skill's from the sheet, or — a skill not on the sheet — its attribute's ("Each skill defaults
  to the level of the related attribute"); with no skill, the attribute named. A skill outside the catalogue
  must be on the sheet (Sword/Blade). Magic "actually works" only for a Sorcerer: a magic check without the perk
  is refused.
* The TN is the one given, else the difficulty's (very easy 5, easy 10, moderate 15, difficult 20, very
  difficult 25, heroic 30 — the numbers the book uses when it names a difficulty); by default moderate.
* The circumstances a proposal names move the total by ±5 or ±10: a difficulty band, as range and cover move the
  TN by fives.
* A failed check is remembered (system state ``last_failed``) for the Destiny perk's reroll; a success forgets
  the character's entry.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from narrator.tools.arg_words import LOWER
from narrator.tools.binding import bind, run_pure
from narrator.tools.check_args import skill_or
from narrator.tools.contract import ToolArgs
from narrator.tools.dice import Roller
from narrator.tools.steps import Step, step
from narrator.tools.table import BoundResult, SetSystemState, TableState
from narrator.tools.tool import table_tool
from narrator.tools.systems.minisix.checks import MiniSixRollResult, minisix_roll
from narrator.tools.systems.minisix.rules import (
    ATTRIBUTE_OF_SKILL, DIFFICULTIES, PERKS_REF, SKILLS_REF, Attribute, Difficulty,
)
from narrator.tools.systems.minisix.table_common import (
    ConditionEdits, declare, fail, find, lucky, penalty_dice, require_able, spend_hero_points, unknown,
)

LAST_FAILED = "last_failed"
ACTOR = Field(min_length=1, max_length=60, description="Who acts: a character or NPC on the table.")
EXTRA = Field(None, ge=0, le=9, description="Actions declared this round beyond the first: -1D to each (default: "
              "as this turn's first action declared, else none).")
HERO = Field(0, ge=0, le=3, description="Hero Points spent for +6 each (Thule house rule).")


class CheckArgs(ToolArgs):
    actor: str = ACTOR
    skill: Annotated[str | None, LOWER] = Field(None, max_length=60, description="The skill rolled (e.g. stealth, "
                                                "persuasion, medicine), or null for an attribute alone.")
    attribute: Annotated[Attribute | None, LOWER] = Field(None, description="might, agility, wit or charm: the "
                                                          "attribute rolled when no skill applies.")
    difficulty: Annotated[Difficulty | None, LOWER] = Field(None, description="very easy (5), easy (10), moderate "
                                                            "(15), difficult (20), very difficult (25), heroic (30); "
                                                            "default moderate.")
    tn: int | None = Field(None, ge=1, le=200, description="A target number set by the narrator (overrides "
                           "difficulty).")
    modifier: int = Field(0, ge=-20, le=20, description="A flat bonus or penalty to the total (circumstances).")
    extra_actions: int | None = EXTRA
    hero_points: int = HERO

    _something = skill_or("attribute", "name the skill, or the attribute (might, agility, wit, charm) when no skill "
                                       "applies")


class CheckOnTableResult(MiniSixRollResult, BoundResult):
    actor: str
    skill: str | None
    attribute: str
    difficulty: str | None


def target(args_tn: int | None, difficulty: str | None) -> tuple[int, str | None, Step]:
    """(tn, difficulty name or None, the line saying where it came from)."""
    if args_tn is not None:
        return args_tn, None, step("minisix.tn_set", tn=args_tn)
    name = difficulty or "moderate"
    tn = DIFFICULTIES[name][2]
    return tn, name, step("minisix.task_tn", difficulty=name, tn=tn)


def skill_code(name: str, sheet, skill: str | None, attribute: str | None, field: str = "skill"):
    """(code, skill, attribute, lines) of what the character rolls."""
    if skill is not None:
        if skill not in sheet.skills and skill not in ATTRIBUTE_OF_SKILL:
            unknown("skill", skill, sorted(set(ATTRIBUTE_OF_SKILL) | set(sheet.skills)), field)
        if skill == "magic" and "sorcerer" not in sheet.perks:
            fail(field, f"{name} has not the Sorcerer perk: magic spells work only for a sorcerer", skill)
        attr = sheet.attribute_of(skill)
        c = sheet.skill_code(skill)
        held = skill in sheet.skills
        line = (step("minisix.rolls_code", name=name, what=skill, code=c.text()) if held else
                step("minisix.skill_defaults", name=name, skill=skill, attribute=attr, code=c.text()))
        return c, skill, attr, [line]
    c = sheet.attribute(attribute)
    return c, None, attribute, [step("minisix.rolls_code", name=name, what=attribute, code=c.text())]


def remember_failure(state: TableState, name: str, tool: str, args: dict[str, Any], failed: bool) -> list[Any]:
    """Record (or forget) the character's last failed roll, for Destiny."""
    book = dict(state.system_state.get(LAST_FAILED) or {})
    if failed:
        book[name] = {"tool": tool, "args": args}
    elif name in book:
        book.pop(name)
    else:
        return []
    return [SetSystemState(key=LAST_FAILED, value=book or None)]


@table_tool("minisix", acts="actor")
def minisix_check(args: CheckArgs, roller: Roller, state: TableState) -> CheckOnTableResult:
    """A character or NPC rolls a skill (or an attribute) from their sheet against a difficulty or TN: wound penalties,
    multiple actions, Lucky and Hero Points applied."""
    name, c = find(state, args.actor, "actor")
    require_able(name, c, state, "actor")
    code, skill, attr, lines = skill_code(name, c, args.skill, args.attribute)
    if args.skill is not None and args.attribute is not None and args.attribute != attr:
        lines.append(step("minisix.attribute_not_added", skill=args.skill, attribute=attr, given=args.attribute))
    tn, difficulty, tn_line = target(args.tn, args.difficulty)
    pen, pen_lines = penalty_dice(state, name, c)
    extra, changes = declare(state, name, args.extra_actions)
    changes += spend_hero_points(state, name, c, args.hero_points)
    double = lucky(state, name)
    edits = ConditionEdits(state)
    if double:
        edits.remove(name, "lucky")
        lines.append(step("minisix.lucky_roll", name=name))
    r = run_pure(minisix_roll, roller, code=code.text(), tn=tn, extra_actions=extra,
                 penalty_dice=pen, modifier=args.modifier, hero_points=args.hero_points, double=double)
    changes += edits.ops()
    changes += remember_failure(state, name, "minisix_check", args.model_dump(mode="json"), not r.success)
    what = skill or attr
    return bind(CheckOnTableResult, r, changes, summary=step("minisix.check", name=name, what=what, roll=r.summary),
                before=[*lines, tn_line, *pen_lines], refs=[SKILLS_REF] + ([PERKS_REF] if double else []),
                actor=name, skill=skill, attribute=attr, difficulty=difficulty)
