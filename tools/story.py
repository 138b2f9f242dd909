"""Solo play's story tools: framing scenes from oracle tables, the oracle with a chaos factor, threads and people.

Why tools: a solo player's story state — the chaos factor, the open threads, the recurring people, where the
scene is — changes the game as much as a wound does, so it lives on the table (:class:`tools.table.Story`) and
changes only through logged tool calls: undo, replay and export cover it like any roll. Every die comes from the
tool's seeded :class:`Roller`. The habits are those players know from Mythic-style oracles:

* **chaos** (1 calm … 9 wild, 5 at the start). The oracle's threshold moves with it: ``shift = (chaos − 5) // 2``
  (chaos 9: −2, 7-8: −1, 5-6: 0, 3-4: +1, 1-2: +2), so a wild story says yes more often. The exact odds are
  enumerated for the shifted threshold, as :mod:`tools.oracle` does for the plain one.
* **random events**: when the oracle's two dice show a double whose face is at most ``ceil(2 × chaos / 3)``
  (chaos 5: double 1-4, 4/36; chaos 9: any double, 6/36; chaos 1: double 1, 1/36), something happens besides
  the answer, drawn from the event table and aimed at a recurring person or an open thread.
* **threads and people**: a framed scene opens a thread (its hook) and may bring someone new; ``story_update``
  adds, closes and removes them by hand and moves the chaos factor up or down one step (end of a scene: up if it
  went out of control, down if the characters kept it in hand).

The tables are data files: ``prompts/common/narration/scene_tables.json``, and a system's own
``narration/scene_tables.json`` in its prompts folder replaces any list it gives. Replaying a campaign reads the same
files; change a table and the scenes framed with it no longer replay identically (as with any rule change).
"""

from __future__ import annotations

import json
from fractions import Fraction
from functools import lru_cache
from math import ceil
from typing import Any, Literal

from pydantic import Field

from narrator.tools.contract import CheckResult, ToolArgs
from narrator.tools.dice import Die, Roller
from narrator.tools.odds import Odds, sum_of
from narrator.tools.oracle import ANSWERS, THRESHOLD, Answer, Likelihood, OracleArgs
from narrator.tools.steps import step
from narrator.tools.table import BoundResult, SetScene, SetStory, Story, TableState
from narrator.tools.tool import table_tool

MAX_THREADS = 12
MAX_PEOPLE = 16


@lru_cache(maxsize=16)
def scene_tables(system: str) -> dict[str, list[Any]]:
    from narrator.prompts import SCENE_TABLES, common_path, system_dir

    tables = json.loads(common_path(SCENE_TABLES).read_text(encoding="utf-8"))
    own = system_dir(system) / SCENE_TABLES
    if own.exists():
        tables.update({k: v for k, v in json.loads(own.read_text(encoding="utf-8")).items()
                       if isinstance(v, (list, dict)) and k != "_doc"})
    return tables


SCENE_TABLES_VERSION = 2
"""How ``story_scene`` reads the tables, kept per campaign (the ``scene_tables`` option, set when a campaign is
created): 1, every situation, hook and person anywhere (campaigns made before version 2, which replay as they
were framed); 2, only those that fit the place (:func:`fitting`)."""


def fitting(items: list[Any], fits: dict[str, list[str]], traits: list[str], key: Any = None) -> list[Any]:
    """The entries that belong at a place with ``traits``: one the ``fits`` table does not list belongs anywhere,
    one it lists needs one of its traits ("a ship is leaving at the turn of the tide" needs water: blind readers
    read "on the rain-soaked rooftops, and a wagon has overturned" as two places). A place without traits, or
    nothing fitting, leaves the list whole."""
    if not traits:
        return items

    def belongs(entry: Any) -> bool:
        needs = fits.get(key(entry) if key else entry)
        return not needs or bool(set(needs) & set(traits))

    return [x for x in items if belongs(x)] or items


def person_name(entry: str) -> str:
    """'Old Mags, a ferrywoman who hears everything' -> 'Old Mags'."""
    return entry.split(",", 1)[0].strip()


def pick_from(roller: Roller, items: list[Any], label: str) -> tuple[Any, Die]:
    """One of ``items``, by one die of their number (the scene tables' draw, and the meaning tables')."""
    die = roller.roll(len(items), label)
    return items[die.face - 1], die


def chaos_shift(chaos: int) -> int:
    return (chaos - 5) // 2


def event_face_limit(chaos: int) -> int:
    return ceil(2 * chaos / 3)


# --- framing a scene -------------------------------------------------------------------------------------------


class SceneArgs(ToolArgs):
    kind: Literal["opening", "next"] = Field("next", description="opening: the first scene of a story (chaos back "
                                             "to 5); next: a new scene that may bring back people and threads.")


class SceneResult(BoundResult):
    place: str
    situation: str
    person: str = Field(description="Someone present: 'Name, who they are'.")
    recurring: bool = Field(description="The person is one of the story's recurring people.")
    hook: str
    thread: str = Field(description="The thread the hook opens or moves.")
    text: str = Field(description="The scene as the status line and the narration read it.")
    dice: list[Die]


def _cap(text: str) -> str:
    return text[0].upper() + text[1:] if text else text


@table_tool("story")
def story_scene(args: SceneArgs, roller: Roller, state: TableState) -> SceneResult:
    """Frame a solo scene from the oracle tables: a place, a situation, someone present and a hook (a thread); logged,
    seeded, replayable."""
    t = scene_tables(state.system)
    story = state.story if args.kind == "next" else Story()
    place, d1 = pick_from(roller, t["place"], "place")
    fits = t.get("fits", {}) if state.options.get("scene_tables", 1) >= 2 else {}
    traits = t.get("place_traits", {}).get(place, []) if fits else []
    situation, d2 = pick_from(roller, fitting(t["situation"], fits.get("situation", {}), traits), "situation")
    dice = [d1, d2]
    recurring = False
    if story.people:
        again = roller.roll(6, "recurring person? (1-3 yes)")
        dice.append(again)
        recurring = again.face <= 3
    if recurring:
        name, d = pick_from(roller, story.people, "recurring person")
        person = next((p for p in t["person"] if person_name(p) == name), name)
    else:
        fresh = [p for p in t["person"] if person_name(p) not in story.people] or t["person"]
        person, d = pick_from(roller, fitting(fresh, fits.get("person", {}), traits, person_name), "someone present")
    dice.append(d)
    moved = False
    if story.threads:
        again = roller.roll(6, "an open thread moves? (1-3 yes)")
        dice.append(again)
        moved = again.face <= 3
    if moved:
        thread, d = pick_from(roller, story.threads, "open thread")
        hook = f"Something here touches on {thread}."
    else:
        entry, d = pick_from(roller, fitting(t["hook"], fits.get("hook", {}), traits, lambda h: h["hook"]), "hook")
        hook, thread = entry["hook"], entry["thread"]
    dice.append(d)
    text = f"{_cap(place)}. {_cap(situation)}. {person}{',' if ',' in person else ''} is here. {hook}"
    name = person_name(person)
    new = Story(chaos=story.chaos, place=place,
                threads=(story.threads if thread in story.threads else [*story.threads, thread])[-MAX_THREADS:],
                people=(story.people if name in story.people else [*story.people, name])[-MAX_PEOPLE:])
    steps = [step("story.place", sides=len(t["place"]), face=d1.face, place=place),
             step("story.situation", sides=len(t["situation"]), face=d2.face, situation=situation),
             step("story.present", person=person, recurring=recurring),
             step("story.hook", hook=hook, thread=thread, moved=moved)]
    return SceneResult(summary=step("story.scene", text=text), steps=steps, changes=[SetScene(text=text), SetStory(story=new)],
                       place=place, situation=situation, person=person, recurring=recurring, hook=hook,
                       thread=thread, text=text, dice=dice)


# --- the oracle with chaos --------------------------------------------------------------------------------------


def answer_at(total: int, threshold: int) -> str:
    return "yes" if total > threshold else "yes, but" if total == threshold else "no"


def story_odds(threshold: int) -> Odds:
    dist = sum_of(2, 6).map(lambda total: answer_at(total, threshold))
    return dist.odds(p_success=dist.p(lambda a: a != "no"), order=ANSWERS)


def p_random_event(chaos: int) -> Fraction:
    return Fraction(min(6, event_face_limit(chaos)), 36)


class StoryOracleResult(CheckResult, BoundResult):
    outcome: Answer
    question: str
    likelihood: Likelihood
    chaos: int
    threshold: int = Field(description="The likelihood's threshold moved by the chaos factor.")
    total: int = Field(ge=2, le=12)
    random_event: str | None = Field(None, description="What happens besides the answer (on a low enough double).")


@table_tool("story")
def story_oracle(args: OracleArgs, roller: Roller, state: TableState) -> StoryOracleResult:
    """Ask the solo oracle a yes/no question: 2d6 against the likelihood's threshold moved by the chaos factor; a double
    at or under the chaos limit adds a random event."""
    story = state.story
    base = THRESHOLD[args.likelihood]
    shift = chaos_shift(story.chaos)
    t = max(2, min(12, base - shift))
    dice = [roller.roll(6, f"oracle die {i}") for i in (1, 2)]
    total = dice[0].face + dice[1].face
    answer = answer_at(total, t)
    steps = [step("story.threshold", likelihood=args.likelihood, base=base, chaos=story.chaos, shift=shift,
                  threshold=t),
             step("story.rolled", dice=[dice[0].face, dice[1].face], total=total, answer=answer)]
    event = None
    changes: list[Any] = []
    limit = event_face_limit(story.chaos)
    if dice[0].face == dice[1].face and dice[0].face <= limit:
        tables = scene_tables(state.system)
        template, d = pick_from(roller, tables["event"], "random event")
        dice.append(d)
        fields: dict[str, str] = {}
        if "{person}" in template:
            fields["person"] = (pick_from(roller, story.people, "who")[0] if story.people else "Someone")
        if "{thread}" in template:
            fields["thread"] = (pick_from(roller, story.threads, "which thread")[0] if story.threads
                                else "your business here")
        if "{new_person}" in template:
            entry, _ = pick_from(roller, tables["person"], "newcomer")
            fields["new_person"] = entry
            name = person_name(entry)
            if name not in story.people:
                changes.append(SetStory(story=story.model_copy(update={"people": [*story.people, name][-MAX_PEOPLE:]})))
        event = _cap(template.format(**fields))
        steps.append(step("story.random_event", face=dice[0].face, limit=limit, chaos=story.chaos, event=event))
    summary = step("story.answer", likelihood=args.likelihood, chaos=story.chaos, question=args.question,
                   answer=answer, total=total, event=event)
    return StoryOracleResult(summary=summary, steps=steps, rule_refs=[], dice=dice, outcome=answer,
                             success=answer != "no", odds=story_odds(t), question=args.question,
                             likelihood=args.likelihood, chaos=story.chaos, threshold=t, total=total,
                             random_event=event, changes=changes)


# --- threads, people, chaos ------------------------------------------------------------------------------------


class UpdateArgs(ToolArgs):
    chaos: Literal["up", "down"] | None = Field(None, description="Move the chaos factor one step (1-9).")
    add_thread: str | None = Field(None, min_length=1, max_length=160)
    close_thread: str | None = Field(None, min_length=1, max_length=160, description="A thread's words or number.")
    add_person: str | None = Field(None, min_length=1, max_length=80)
    remove_person: str | None = Field(None, min_length=1, max_length=80, description="A name or number.")


class UpdateResult(BoundResult):
    story: Story


def _find(items: list[str], key: str, what: str) -> str:
    from narrator.tools.errors import FieldProblem, ToolArgumentError

    key = key.strip()
    if key.isdigit() and 1 <= int(key) <= len(items):
        return items[int(key) - 1]
    hits = [i for i in items if key.casefold() in i.casefold()]
    if len(hits) == 1:
        return hits[0]
    listing = "; ".join(f"{n}. {i}" for n, i in enumerate(items, 1)) or "none"
    raise ToolArgumentError("?", [FieldProblem(what, f"no single {what.split('_')[-1]} matches {key!r}; "
                                                     f"there are: {listing}")])


@table_tool("story")
def story_update(args: UpdateArgs, roller: Roller, state: TableState) -> UpdateResult:
    """Change the story state by hand: chaos up or down one step, add or close a thread, add or remove a recurring
    person."""
    story = state.story
    threads, people, chaos = list(story.threads), list(story.people), story.chaos
    said = []
    if args.chaos:
        chaos = max(1, min(9, chaos + (1 if args.chaos == "up" else -1)))
        said.append(step("story.chaos", was=story.chaos, now=chaos))
    if args.add_thread:
        threads = [*threads, args.add_thread.strip()][-MAX_THREADS:]
        said.append(step("story.thread_opened", thread=args.add_thread.strip()))
    if args.close_thread:
        gone = _find(threads, args.close_thread, "close_thread")
        threads.remove(gone)
        said.append(step("story.thread_closed", thread=gone))
    if args.add_person:
        name = args.add_person.strip()
        if name not in people:
            people = [*people, name][-MAX_PEOPLE:]
        said.append(step("story.recurring", name=name))
    if args.remove_person:
        gone = _find(people, args.remove_person, "remove_person")
        people.remove(gone)
        said.append(step("story.not_recurring", name=gone))
    new = Story(chaos=chaos, threads=threads, people=people, place=story.place)
    return UpdateResult(summary=step("story.update", said=said), story=new,
                        changes=[SetStory(story=new)] if new != story else [])


TOOLS = [story_scene, story_oracle, story_update]
