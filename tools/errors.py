"""Errors split by audience.

* :class:`ToolCallError` and subclasses — a bad call from the LLM (or any caller of a tool). The message is
  written to be sent back to the model verbatim so it can repair the call.
* :class:`UserError` and subclasses — a person typed something wrong (dice notation, a CLI flag). Shown plainly.
* Anything else is a bug and should propagate with its traceback.

A tool call refused by the engine reaches a *player* through :func:`player_message` (plain words and what would work
instead); the raw message stays what the model and the event log read.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass


class NarratorError(Exception):
    """Base of every error this project raises on purpose."""


class UserError(NarratorError):
    """Something a person typed is wrong; the message says what and how to fix it."""


class ToolCallError(NarratorError):
    """A tool call that cannot be executed; the message is addressed to whoever made the call (often an LLM)."""


@dataclass(frozen=True)
class FieldProblem:
    """One bad field of a tool call: where (dotted path), what is wrong, and the value given."""

    field: str
    problem: str
    given: str | None = None

    def line(self) -> str:
        got = f" (got {self.given})" if self.given is not None else ""
        return f"- {self.field}: {self.problem}{got}"


class ToolArgumentError(ToolCallError):
    """The arguments of a tool call are invalid. Lists every bad field at once."""

    def __init__(self, tool: str, problems: list[FieldProblem]):
        self.tool = tool
        self.problems = list(problems)
        lines = "\n".join(p.line() for p in self.problems)
        super().__init__(f"Invalid arguments for tool '{tool}':\n{lines}")


class UnknownToolError(ToolCallError):
    """The named tool does not exist; the message lists the ones that do."""

    def __init__(self, name: str, known: list[str]):
        self.name = name
        self.known = known
        super().__init__(f"Unknown tool '{name}'. Known tools: {', '.join(known)}")


class DiceNotationError(UserError):
    """Malformed dice notation: says at which character and what was expected there."""

    def __init__(self, text: str, position: int, expected: str):
        self.text = text
        self.position = position
        self.expected = expected
        pointer = " " * position + "^"
        found = repr(text[position]) if position < len(text) else "end of input"
        super().__init__(
            f"Bad dice notation at position {position + 1}: expected {expected}, found {found}\n  {text}\n  {pointer}"
        )


class DiceLimitError(UserError):
    """A roll that would exceed the safety caps (too many dice, sides or explosions)."""


class ScriptedDiceExhausted(NarratorError):
    """A scripted dice source ran out of faces: a test supplied too few dice (a bug in the test)."""


# --- what a player reads ------------------------------------------------------------------------------------------

SYSTEM_NAMES: list[Callable[[], Iterable[str]]] = []
"""Where a refusal learns the rules systems' names (their tools' prefixes): :mod:`tools.systems` adds its listing
when it loads. Errors sit below the systems (every tool raises them), so they are told the names rather than
importing the systems: no import circle through the contract, and shared code still names no system."""


def _engine_tool() -> str:
    """A tool name of the table or of any registered system (read from the systems' listing)."""
    names = [name for listing in SYSTEM_NAMES for name in listing()]
    return r"\b(?:" + "|".join(["table", *(re.escape(n) for n in names)]) + r")_[a-z_]+\b"


PLAYER_STEPS: dict[str, str] = {
    "table_move": "saying where your character goes",
    "table_next_turn": "/initiative next",
    "table_end_combat": "/initiative end",
    "table_set_scene": "/scene set",
    "table_edit_character": "`narrator character edit`",
}
"""Engine steps a refusal names, in what a player types instead (a fight starts with /initiative start in every
system). Any other tool name reads as its words without the system ("fiveplus_add_descriptor": "add descriptor")."""
ARGUMENT_WORDS: tuple[tuple[str, str], ...] = (
    (r"\s*\(changed=true\)", ""),
    (r"\([a-z]+_rest with long=true\)", "(a long rest)"),
    (r"\b([a-z_]+)=(true|false)\b", r"\1"),
)
"""Argument syntax in the engine's words that a player never types, rewritten or dropped."""
SHEET_FIELDS = frozenset({"skill", "descriptor", "power", "field", "weapon", "trait", "ability", "spell",
                          "specialty", "item", "perk", "supplies", "resistance", "style", "upper_tier"})
OTHER_FIELDS = frozenset({"defender", "target", "opponent", "patient", "against", "npc", "combatants"})


def _step(match: re.Match[str]) -> str:
    name = match.group(0)
    if name in PLAYER_STEPS:
        return PLAYER_STEPS[name]
    if name.endswith(("_start_combat", "_start_conflict")):
        return "/initiative start"
    return name.split("_", 1)[1].replace("_", " ")


def _plain(problem: str) -> str:
    """One engine problem as a sentence: no argument syntax, engine steps in the player's words, a list in
    parentheses at the end as a clause ("… cannot cast it (fields: none)" → "… cannot cast it; fields: none")."""
    text = " ".join(problem.split())
    for pattern, put in ARGUMENT_WORDS:
        text = re.sub(pattern, put, text)
    engine_tool = _engine_tool()
    text = re.sub(r"\s*\((" + engine_tool + r")\)",  # "(fiveplus_equip)": the sentence says it already, unless a
                  lambda m: f" ({PLAYER_STEPS[m[1]]})" if PLAYER_STEPS.get(m[1], "").startswith("/") else "",
                  text)  # command does it: "the turn passes to the next combatant (/initiative next)"
    text = re.sub(engine_tool, _step, text)
    text = re.sub(r"\b([a-z]+)_([a-z]+)\b", r"\1 \2", text)  # an argument's value: "full_rest" → "full rest"
    text = re.sub(r"\s*\(([^()]{1,80}:[^()]*)\)\s*$", r"; \1", text)
    text = text.rstrip(" .;:")
    return (text[:1].upper() + text[1:] + ".") if text else ""


def _with_field(p: FieldProblem) -> str:
    """Validation's own words name no field ("Input should be less than or equal to 9"): name it in words."""
    what = p.field.rsplit(".", 1)[-1].replace("_", " ")
    if p.problem.startswith("Input should"):
        return f"the {what} should" + p.problem.removeprefix("Input should")
    if p.problem == "required but missing":
        return f"the {what} is missing"
    return p.problem


def player_message(error: "ToolCallError", actor: str | None = None) -> str:
    """The engine's refusal as a player reads it: plain sentences, no field names, argument syntax or tool names,
    and what would work instead (the sheet for a skill that is not there, /party for someone who is not).

    The raw message (``str(error)``) stays what the model and the log read — it names the field and the value so a
    call can be repaired; this is only what the screen shows. Every refusal a player sees from the engine goes
    through here, so none reaches them as validation text."""
    if isinstance(error, UnknownToolError):
        return "The rules have no step for that. Say what your character does, and the engine rolls what it needs."
    problems = error.problems if isinstance(error, ToolArgumentError) else [FieldProblem("", str(error))]
    sentences: list[str] = []
    for p in problems:
        line = _plain(_with_field(p))
        if line and line not in sentences:
            sentences.append(line)
    fields = {p.field.split(".", 1)[0] for p in problems}
    text = " ".join(sentences) or "The engine could not do that."
    if fields & SHEET_FIELDS and actor and "/sheet" not in text:
        text += f" /sheet {actor} shows what {actor} can use."
    elif fields & OTHER_FIELDS and "/party" not in text:
        text += " /party lists who is on the table."
    return text
