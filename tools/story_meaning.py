"""Fate's answer to an open question in solo play: two words, an action and a subject, for the player to read in.

Why: the yes/no oracle (:func:`tools.story.story_oracle`) cannot answer "what does the letter say?" — a yes to a
what-question says nothing, and a solo player has nobody else to ask. Mythic-style games answer such questions
with *meaning tables*: two dice pick a verb and a thing ("protect · an old debt") and the player interprets them
in the light of the question and the scene. The engine throws the dice, as for every other answer, so the words
are logged, seeded and replayed; the player (or the narration) gives them their sense.

The tables are ``meaning_action`` and ``meaning_subject`` in ``prompts/common/narration/scene_tables.json`` (a
system's own ``scene_tables.json`` may replace either, as it may the scene lists). One die the size of each table:
every action, and every subject, comes up equally often (1/len), independently of the other; the dice (``d40=3``)
say so, and no odds block is shown: there is no outcome to be likely or not. A who-question draws a person first: one
die over the story's recurring people and one face more, "someone new", who is then drawn from the scene tables'
people not yet in the story and joins it (with nobody in the story yet, straight from those): blind readers
of thirty answers read 21 readily and 8 with effort, and found the who-questions hardest (2 of 6 readily), as two
abstract words give a motive, not a name; with the person drawn first, another reader read 10 of 15 readily and 5
with effort.
"""

from __future__ import annotations

import re

from pydantic import Field, field_validator

from narrator.tools.contract import ToolArgs
from narrator.tools.dice import Die, Roller
from narrator.tools.steps import step
from narrator.tools.story import MAX_PEOPLE, person_name, pick_from, scene_tables
from narrator.tools.table import BoundResult, SetStory, TableState
from narrator.tools.tool import table_tool


LEAD = r"^\W*(?:(?:so|and|but|then|ok|okay|well)\b\W*)*"
"""What may come before a question's first word ("so who sent it?", "ok, what now?")."""
QUESTION_WORDS = r"(?:what|who|whom|whose|where|why|how|which|when)"
"""The words an open question starts with (as a regex group), here and where a line asks to learn one."""
OPEN = re.compile(LEAD + QUESTION_WORDS + r"\b", re.IGNORECASE)
"""A question no yes or no can answer: it starts with a question word ("what does the letter say?", "so who sent
it?"); "is it locked?", "does Nell know?" are fate's yes/no."""
WHO = re.compile(LEAD + r"(?:who|whom|whose)\b", re.IGNORECASE)
"""A question after someone: two abstract words give a motive, not a person (blind readers found "who sent the
stranger?" the hardest to read), so a person is drawn first."""
NEW = "someone new"
"""The face of a who-question's die beyond the story's people: the answer is someone not met yet."""


def open_question(text: str) -> bool:
    """Whether ``text`` asks an open question (what, who, where, why, how, which, when) rather than a yes/no one."""
    return bool(OPEN.match(text))


class MeaningArgs(ToolArgs):
    question: str = Field(min_length=1, max_length=300, description="The open question (what, who, where, why, "
                                                                    "how...) fate answers in two words.")

    @field_validator("question", mode="before")
    @classmethod
    def _tidy(cls, v):
        return " ".join(v.split()) if isinstance(v, str) else v


class MeaningResult(BoundResult):
    question: str
    action: str = Field(description="The action word, from the meaning_action table.")
    subject: str = Field(description="The subject, from the meaning_subject table.")
    who: str | None = Field(None, description="For a who-question: one of the story's recurring people, or someone "
                                              "new from the scene tables, who then joins the story.")
    dice: list[Die] = Field(description="One die the size of each table: every word as likely as any other.")


@table_tool("story")
def story_meaning(args: MeaningArgs, roller: Roller, state: TableState) -> MeaningResult:
    """Answer an open solo question (what, who, where, why...) with two words from the meaning tables, an action and a
    subject, for the player to interpret; logged, seeded, replayable."""
    t = scene_tables(state.system)
    actions, subjects = t["meaning_action"], t["meaning_subject"]
    steps, dice, changes, who = [], [], [], None
    if WHO.match(args.question):
        people = list(state.story.people)
        who = NEW
        if people:  # one of them, or someone not met yet: one die over the people and one more face
            who, d0 = pick_from(roller, [*people, NEW], "meaning: who")
            dice.append(d0)
            steps.append(step("story.meaning_who", among=[*people, NEW], face=d0.face, who=who))
        if who == NEW:  # someone new is the answer: they join the story, as a framed scene's newcomer does
            table = t["person"]
            fresh = [p for p in table if person_name(p) not in people] or table  # everyone met: one of them after all
            entry, d = pick_from(roller, fresh, "meaning: someone new")
            who = person_name(entry)
            dice.append(d)
            steps.append(step("story.meaning_new", sides=len(fresh), face=d.face, who=who, entry=entry))
            if who not in people:
                changes.append(SetStory(story=state.story.model_copy(
                    update={"people": [*people, who][-MAX_PEOPLE:]})))
    action, d1 = pick_from(roller, actions, "meaning: action")
    subject, d2 = pick_from(roller, subjects, "meaning: subject")
    return MeaningResult(
        summary=step("story.meaning", question=args.question, action=action, subject=subject, who=who),
        steps=[*steps, step("story.meaning_action", sides=len(actions), face=d1.face, action=action),
               step("story.meaning_subject", sides=len(subjects), face=d2.face, subject=subject),
               step("story.meaning_read")],
        question=args.question, action=action, subject=subject, who=who, dice=[*dice, d1, d2], changes=changes)


TOOLS = [story_meaning]
