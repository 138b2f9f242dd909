"""Long projects on the table (``minim.md#Collaboration``): a crew works period after period toward a threshold.

"For very long-term projects like building and launching a space-ship the narrator may define a threshold like
+100, with characters slowly-working to that goal over-time." ``minim_work_project`` is one work period: every
worker makes their own test (scores, skills, specialties and conditions read off their sheets, as ``minim_check``
does), the pure ``minim_project`` sums them, and the progress is kept on the table (the system state
``projects``: name → threshold and progress), so the next period starts where this one ended.

Readings chosen (the reasons are in :mod:`.collaboration`):

* A period adds the whole collaborative total (five workers rolling +8 add 8); the campaign option
  ``long_projects=strict`` (``narrator campaign new --option long_projects=strict``) adds the total bound to
  -2..+2 instead. Default: ``accumulate``.
* The first period names the threshold; later periods may omit it (a different one is an error: the narrator set
  it once). Project names ignore case. A complete project stays on the table, complete; more work on it is refused.
* Working on a project is not a combat action (it spans days or months), so the turn order does not hold it; an
  unconscious worker cannot work.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from narrator.tools.arg_words import LOWER
from narrator.tools.binding import bind, run_pure
from narrator.tools.check_args import skill_or
from narrator.tools.name_lists import records_once
from narrator.tools.contract import ToolArgs
from narrator.tools.dice import Roller
from narrator.tools.steps import step
from narrator.tools.tool import table_tool
from narrator.tools.systems.minim.collaboration import ProjectResult, minim_project
from narrator.tools.systems.minim.rules import TRAIT_OF_SKILL, Skill, Trait
from narrator.tools.systems.minim.table_common import (
    FAITH_ARG, MODIFIER, condition_modifier, fail, find, require_conscious, specialty_for, spend_faith,
)
from narrator.tools.table import BoundResult, SetSystemState, TableState
from narrator.tools.table_sheets import ON_TABLE

PROJECTS = "projects"
LONG_PROJECTS = ("accumulate", "strict")


class Worker(ToolArgs):
    actor: str = ON_TABLE
    skill: Annotated[Skill | None, LOWER] = Field(None, description="The skill they work with, or null when none "
                                                  "clearly applies.")
    trait: Annotated[Trait | None, LOWER] = Field(None, description="The trait tested; default: the skill's own trait.")
    specialty: str | None = Field(None, min_length=1, max_length=60, description="A specialty of theirs that "
                                  "refines the skill: +1.")
    modifier: int = MODIFIER
    faith: bool = FAITH_ARG

    _trait_or_skill = skill_or("trait", "name the trait (brain, brawl or brass) when no skill applies")


class WorkProjectArgs(ToolArgs):
    project: str = Field(min_length=1, max_length=80, description="The project's name, e.g. 'the space-ship'.")
    threshold: int | None = Field(None, ge=1, le=10_000, description="The progress that finishes it, e.g. 100; "
                                  "required for a new project.")
    workers: list[Worker] = Field(min_length=1, max_length=20, description="Everyone working this period.")

    _once = records_once("workers", "actor", "each worker once")


class WorkProjectResult(ProjectResult, BoundResult):
    project: str
    workers: list[str]


def long_projects_mode(state: TableState) -> str:
    mode = str(state.options.get("long_projects", "accumulate")).strip().lower()
    if mode not in LONG_PROJECTS:
        fail("(options)", f"campaign option long_projects={state.options.get('long_projects')!r} is not one of "
                          f"{', '.join(LONG_PROJECTS)}")
    return mode


@table_tool("minim")
def minim_work_project(args: WorkProjectArgs, roller: Roller, state: TableState) -> WorkProjectResult:
    """One work period on a long project (a threshold like +100): each worker tests from their sheet, the total is added
    to the project's progress kept on the table."""
    projects: dict[str, Any] = dict(state.system_state.get(PROJECTS) or {})
    key = next((k for k in projects if k.casefold() == args.project.strip().casefold()), args.project.strip())
    known = projects.get(key)
    if known is None and args.threshold is None:
        fail("threshold", f"'{key}' is a new project: give its threshold (e.g. 100)")
    if known is not None and args.threshold not in (None, known["threshold"]):
        fail("threshold", f"'{key}' already has the threshold {known['threshold']}", args.threshold)
    threshold = known["threshold"] if known else args.threshold
    progress = known["progress"] if known else 0
    if progress >= threshold:
        fail("project", f"'{key}' is already complete ({progress} of {threshold})", args.project)
    strict = long_projects_mode(state) == "strict"
    tests, before, changes, dice, names, refs = [], [], [], [], [], []
    for i, w in enumerate(args.workers):
        name, c = find(state, w.actor, f"workers.{i}.actor")
        require_conscious(name, c, f"workers.{i}.actor", "work")
        trait = w.trait or TRAIT_OF_SKILL[w.skill]
        parts, cond_steps, cond_refs = condition_modifier(state, name)
        special, special_steps = specialty_for(name, c, w.specialty, w.skill, f"workers.{i}.specialty")
        faith = spend_faith(state, name, c, roller, f"workers.{i}.faith") if w.faith else None
        granted = bool(faith and faith.granted)
        changes += list(faith.spend) if granted else []
        dice += faith.dice if faith else []
        before += cond_steps + special_steps + (faith.steps if faith else [])
        refs += cond_refs
        tests.append({"name": name, "trait": getattr(c.traits, trait), "trait_name": trait, "skill": w.skill,
                      "has_skill": None if w.skill is None else w.skill in c.skills, "specialty": special,
                      "modifier": w.modifier + sum(n for n, _ in parts), "faith": granted})
        names.append(name)
    r = run_pure(minim_project, roller, threshold=threshold, progress=progress, tests=tests, bound=strict)
    before.insert(0, step("minim.project", project=key, progress=progress, threshold=threshold, new=known is None,
                          strict=strict))
    changes.append(SetSystemState(key=PROJECTS, value={**projects, key: {"threshold": threshold,
                                                                         "progress": r.progress_after}}))
    extra = {"dice": [*dice, *r.dice]} if dice else {}
    return bind(WorkProjectResult, r, changes, summary=step("minim.said", name=key, said=r.summary), before=before,
                refs=refs,
                project=key, workers=names, **extra)
