"""Errors split by audience.

* :class:`ToolCallError` and subclasses — a bad call from the LLM (or any caller of a tool). The message is
  written to be sent back to the model verbatim so it can repair the call.
* :class:`UserError` and subclasses — a person typed something wrong (dice notation, a CLI flag). Shown plainly.
* Anything else is a bug and should propagate with its traceback.
"""

from __future__ import annotations

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
