"""Teaching commands: ``/why`` re-explains the last result, ``/learn TOPIC`` walks through a rule.

Lessons are worked examples made by the engine itself — a pure tool with canned arguments and a fixed seed — so
the example and the real rules can never disagree. They are not logged: nothing happened in the story.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from narrator.game.blocks import Block
from narrator.game.commands import CommandTable
from narrator.game.rules import Lesson
from narrator.game.views import odds_view
from narrator.memory.questions import asked_term
from narrator.tools import render
from narrator.tools.dice import Roller
from narrator.tools.contract import ToolResult
from narrator.tools.errors import UserError
from narrator.tools.registry import default_registry

if TYPE_CHECKING:
    from narrator.game.context import Play as GameSession


TABLE = CommandTable()
"""The teach commands (registered in pyproject.toml under the hook ``narrator.commands``)."""
command = TABLE.command


ORACLE_LESSON = Lesson("oracle", "The solo oracle answers yes/no questions: 2d6 against a threshold set by how "
                       "likely the answer is; exactly the threshold is 'yes, but'. An open question (what, who, "
                       "where...) gets two words instead, an action and a subject, for you to read in.", "oracle_ask",
                       {"question": "Is the bridge guarded?", "likelihood": "likely"})


def lessons(s: "GameSession") -> dict[str, Lesson]:
    found = dict(s.rules.lessons()) if s.has_campaign else {}
    found.setdefault("oracle", ORACLE_LESSON)
    return found


@command("why", "/why", "explain your last roll again: every step, the odds and the rules cited", "teach")
def why(s: "GameSession", arg: str) -> None:
    """The last *roll* (a result with dice), headed by the player's words that made it — never the bookkeeping
    after it (the turn passing, a fight ending, a condition lapsing). After a restart or an undo, the log's."""
    last, line = s.last, s.last_line
    if last is None:
        last, line = last_roll(s)
    if last is None:
        s.info("Nothing has been rolled yet: /why explains your last roll once there is one.")
        return
    s.info(f"Your last roll — {line}:" if line else "The last roll:")
    s.emit(Block("explain", render.terminal(last[1], last[0], labels=s.rules.odds_labels)))


def last_roll(s: "GameSession") -> "tuple[tuple[str, ToolResult] | None, str]":
    """(tool, result) of the player's last roll in the log, and the line that made it: the first call with dice of
    the last action that rolled (what followed it in that action — a fight starting, the NPCs' turns — is not the
    player's roll); without action markers, the last logged call with dice."""
    from narrator.memory.actions import ACTION

    events = s.history()

    def rolled(e) -> bool:
        return e.kind == "tool_call" and bool(e.payload["result"].get("dice"))

    for marker in reversed([e for e in events if e.kind == ACTION]):
        since = marker.payload.get("since", 0)
        first = next((e for e in events if since < e.seq < marker.seq and rolled(e)), None)
        if first is not None:
            return (first.payload["tool"], s.result_of(first)), str(marker.payload.get("text", ""))
    for i in range(len(events) - 1, -1, -1):
        if rolled(events[i]):
            line = next((x.payload.get("text", "") for x in reversed(events[:i]) if x.kind == "player"), "")
            return (events[i].payload["tool"], s.result_of(events[i])), str(line)
    return None, ""


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
    s.info(f"{lesson.topic.capitalize()}: {lesson.intro}")
    if lesson.tool is None:  # a rule no pure tool shows: its words are the lesson
        return
    result = default_registry().call(lesson.tool, lesson.args, Roller(lesson.seed))
    odds = getattr(result, "odds", None)
    if odds is not None:
        s.emit(Block.of("odds", odds_view(odds, "Before the roll, the exact odds:", refs=result.rule_refs,
                                         labels=s.rules.odds_labels)))
    s.emit(Block("explain", render.terminal(result, lesson.tool, labels=s.rules.odds_labels)))
    s.info(f"(A worked example by {lesson.tool} with seed {lesson.seed}; nothing was added to the story.)")


RULES_QUESTION = re.compile(
    r"^\s*(how\s+(does|do|is|are)\s+(?!i\b|we\b|you\b|my\b|our\b)[^?]*\b(work|works|done|rolled|worked out|"
    r"calculated|decided|handled)\b|what\s+(does|do)\s+[^?]*\bmean\b|explain\b|what are the rules\b)", re.I)
"""A question about the rules ("how does dodging work?", "what does incapacitated mean?"), not a character's
action; "how do I dodge?" stays an action (it asks to do it)."""


RULES_WORDS = re.compile(r"\b(rules?|rolls?|rolling|dice|die|odds|modifiers?|bonus(es)?|penalt(y|ies)|xp|"
                         r"experience points|difficulty|target number|tn)\b", re.I)
"""Words that make a "how does ... work?" question one about the game, when no lesson's topic is named."""


def _asked_term(text: str) -> str | None:
    """The term a question about one term asks about (:func:`memory.questions.asked_term`: "what are CP for?", "what
    is a wild die?", "what does Lucky do?"), lower case; None for any other line. It is asked of the rules when the
    term is the game's (:func:`game_terms`) or a name on the sheet (:func:`sheet_names`); "what is this place?" is
    the story's. Played in Brew teach, "what does Lucky do?" was read as an action and offered "performance or take
    chance?"."""
    term = asked_term(text)
    return term.lower() if term is not None else None


SHEET_STORY_FIELDS = frozenset({"name", "concept", "gear", "notes", "inventory", "items", "description"})
"""Sheet fields whose words are the story's, not the rules' ("what is the map?" asks about the story's map)."""


def sheet_names(sheet: dict[str, Any]) -> dict[str, str]:
    """The names a character's sheet gives its rules parts — its tricks and flaws, perks, powers, skills, attributes,
    descriptors, specialties — lower case, each naming itself: "what does Lucky do?" asks about the sheet's trick."""
    found: dict[str, str] = {}
    for key, value in sheet.items():
        if key in SHEET_STORY_FIELDS:
            continue
        if isinstance(value, dict):
            found |= {k.lower(): k.lower() for k in value if isinstance(k, str)}
            value = list(value.values())
        if isinstance(value, list):
            for item in value:
                name = item.get("name") if isinstance(item, dict) else item
                if isinstance(name, str) and 0 < len(name) <= 40:
                    found[name.lower()] = name.lower()
    return found


def sheet_terms(rules: Any, terms: dict[str, str]) -> dict[str, str]:
    """``terms`` with the words the system calls a sheet's parts (``rules.sheet_words``), singular and plural: played
    in 5+ teach, "what is a resistance?" was rolled as a willpower attempt ("You try, but it does not work.")."""
    words = getattr(rules, "sheet_words", ())
    return {**{w: w for w in words}, **{_plural(w): w for w in words}, **terms}


def _plural(word: str) -> str:
    if word.endswith(("s", "x", "ch", "sh")):
        return word + "es"
    return word[:-1] + "ies" if re.search(r"[^aeiou]y$", word) else word + "s"


def game_terms(system: str) -> dict[str, str]:
    """The words a rules system names its mechanics and resources by ("wild die", "soak", "character points", "cp"),
    lower case, singular and plural, each with the word it names (a resource's field names its word: "cp" is
    "character points"; a mechanic names itself)."""
    from narrator.tools.systems import get_system

    words = get_system(system).vocabulary()
    named = {m.lower(): m.lower() for m in words.mechanics}
    for r in words.resources:
        named |= {t.lower(): r.word.lower() for t in (r.word, r.field.replace("_", " "))}
    return {**named, **{t.removesuffix("s"): w for t, w in named.items()}}


def asked_about_rules(text: str, topics: list[str], terms: dict[str, str] | None = None) -> str | None:
    """The ``/learn`` topic a question about the rules is about ("how does dodging work?": dodge), "" for a rules
    question no lesson covers ("how do dice rolls work?" where no lesson is about rolls), None for anything else
    (an action, or a question about the story: "how does the lock work?"). Why: in teach mode a newcomer who asked
    how dodging works was made to dodge, a full dodge with its roll and its condition; in solo "what are CP for?"
    was rolled as a command check. ``terms``: the game's words (:func:`game_terms`) that make "what is X?" a rules
    question, and find the lesson on the resource a short name stands for ("CP": character points)."""
    stems = {w[:4] for w in re.findall(r"[a-z]+", text.lower()) if len(w) >= 4}
    topic = next((t for t in topics if any(w[:4] in stems for w in t.split() if len(w) >= 4)), None)
    term = _asked_term(text)
    if term is not None:
        terms = terms or {}
        word = terms.get(term) or terms.get(term.removesuffix("s"))
        if word is not None:
            return topic or next((t for t in topics if t == word or t.startswith(word.removesuffix("s"))), "")
        if topic is not None and term.startswith(topic[:4]):
            return topic
    if not RULES_QUESTION.search(text):
        return None
    if topic is None and not RULES_WORDS.search(text):
        return None  # "how does the lock work?" asks about the story's lock
    return topic or ""


def answer_rules_question(s: "GameSession", text: str) -> bool:
    """Answer a question about the rules with its lesson, or say where the rules are; False for anything else."""
    terms = None
    if s.has_campaign and _asked_term(text) is not None:
        own = s.state.characters.get(s.actor, {}) if s.actor else {}
        terms = {**sheet_names(own), **sheet_terms(s.rules, game_terms(s.system))}
    topic = asked_about_rules(text, list(lessons(s)), terms)
    if topic is None:
        return False
    if topic:
        s.info(f"That is a question about the rules, not something your character does: /learn {topic} walks "
               "through it.")
        learn(s, topic)
    elif s.rulings()[0] is not None:  # no lesson: the rulebook's own words, as /rule quotes them
        from narrator.game.cmd_play import rule

        s.info("That is a question about the rules, not something your character does. The rulebook says "
               "(/rule QUESTION asks it yourself, /learn lists the worked examples):")
        rule(s, text)
    else:
        s.info("That is a question about the rules, not something your character does. /learn lists the rules the "
               "engine walks through, and /rule QUESTION quotes the rulebook.")
    return True
