"""Teaching commands: ``/why`` re-explains the last result, ``/learn TOPIC`` walks through a rule.

Lessons are worked examples made by the engine itself — a pure tool with canned arguments and a fixed seed — so
the example and the real rules can never disagree. They are not logged: nothing happened in the story.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from narrator.game.blocks import Block
from narrator.game.commands import command
from narrator.game.rules import Lesson
from narrator.game.views import odds_view
from tools import render
from tools.dice import Roller
from tools.errors import UserError
from tools.registry import default_registry

if TYPE_CHECKING:
    from narrator.game.context import Play as GameSession

ORACLE_LESSON = Lesson("oracle", "The solo oracle answers yes/no questions: 2d6 against a threshold set by how "
                       "likely the answer is; exactly the threshold is 'yes, but'.", "oracle_ask",
                       {"question": "Is the bridge guarded?", "likelihood": "likely"})


def lessons(s: "GameSession") -> dict[str, Lesson]:
    found = dict(s.rules.lessons()) if s.has_campaign else {}
    found.setdefault("oracle", ORACLE_LESSON)
    return found


@command("why", "/why", "explain the last result again: every step, the odds and the rules cited", "teach")
def why(s: "GameSession", arg: str) -> None:
    last = s.last
    if last is None:
        event = next((e for e in reversed(s.events()) if e.kind == "tool_call"), None)
        if event is None:
            s.info("Nothing has been decided by the engine yet.")
            return
        last = (event.payload["tool"], s.result_of(event))
    s.emit(Block("explain", render.terminal(last[1], last[0])))


@command("learn", "/learn [TOPIC]", "a rule walked through with a worked example by the engine", "teach",
         complete=lambda s, a: tuple(lessons(s)))
def learn(s: "GameSession", arg: str) -> None:
    found = lessons(s)
    if not arg:
        s.info(f"Topics: {', '.join(found)}. Try /learn {next(iter(found))}.")
        return
    matches = [t for t in found if t.startswith(arg.lower().strip())]
    if len(matches) != 1:
        raise UserError(f"No lesson {arg[:30]!r}. Topics: {', '.join(found)}.")
    lesson = found[matches[0]]
    result = default_registry().call(lesson.tool, lesson.args, Roller(lesson.seed))
    s.info(f"{lesson.topic.capitalize()}: {lesson.intro}")
    odds = getattr(result, "odds", None)
    if odds is not None:
        s.emit(Block.of("odds", odds_view(odds, "Before the roll, the exact odds:", refs=result.rule_refs)))
    s.emit(Block("explain", render.terminal(result, lesson.tool)))
    s.info(f"(A worked example by {lesson.tool} with seed {lesson.seed}; nothing was added to the story.)")
