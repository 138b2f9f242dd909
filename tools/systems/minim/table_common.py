"""Helpers shared by the state-bound Minim tools (:mod:`.table_characters`, :mod:`.table_actions`,
:mod:`.table_combat`, :mod:`.table_health`): reading sheets off the table, refusing what the rules forbid as
argument errors, and composing condition changes.

No tool lives here. Conditions are plain lower-case words on the table (``table_condition`` writes them too); the
ones with a mechanical effect in these tools are:

* ``fallen`` — the fumble "Falls, -1 penalty to all-actions": −1 to the actor's checks, attacks and mid-action
  recovery tests (powers take no modifiers, see :mod:`.powers`, so it does not touch them).
* ``unconscious`` — kept in step with health 0 by every tool that changes health. Health 0 on the sheet is what
  decides: an actor at 0 health cannot act whether or not the condition is listed.
* ``defending``, ``off-guard-1``, ``off-guard-2`` — read from the *defender* of an attack (+1 / −1 / −2 to its
  health-rolls).
"""

from __future__ import annotations

from typing import Any, NoReturn

from pydantic import Field, ValidationError

from tools.contract import signed
from tools.errors import FieldProblem, ToolArgumentError
from tools.table import SetConditions, SetField, TableState, UnknownNameError
from tools.systems.minim.sheet import MinimCharacter

FALLEN = "fallen"
UNCONSCIOUS = "unconscious"
DEFENDING = "defending"
SURPRISED = "surprised"
OFF_GUARD = {"off-guard-1": -1, "off-guard-2": -2}
"""Surprised and failed perception: the penalty to health-rolls while it cannot act (the first round)."""

FUMBLE_CONDITIONS: dict[str, str | None] = {
    "Stunned": "stunned",
    "Falls": FALLEN,
    "Disarmed": "disarmed",
    "Shaken": "shaken",
    "Interacts with near-by enemy": None,
    "Interacts with environment": None,
    "Interacts with near-by ally": None,
    "Dodge": None,
    "Disabled": "disabled",
    "Pinned": "pinned",
    "Grapples": "grappled",
}
"""The fumble table's short effect name -> the condition it leaves (None: a one-off the narrator describes)."""

NOT_ACTING = {
    "stunned": "stunned (cannot act next turn)",
    "disabled": "disabled (cannot act, but can move, next turn)",
    "shaken": "shaken (must pass a brain test or lose the next action)",
    SURPRISED: "surprised (cannot act on the first round)",
}
"""Conditions the tools only point out: they last a turn or a round, which the narrator tracks and removes."""

MODIFIER = Field(0, ge=-9, le=9, description="Situational bonuses and penalties: +1/+2 advantages, -1/-2 "
                 "disadvantages (conditions on the table are added by the tool).")
"""-9..+9, so that the tool's own +1/-1 (twice as long, fallen) keep the total in a test's -10..+10."""
FAITH_ARG = Field(False, description="Spend one of the actor's faith points for +1 (once per action).")


def lower(v: Any) -> Any:
    return v.strip().lower() if isinstance(v, str) else v


def unique_names(names: list[str]) -> list[str]:
    """A list-of-names argument: each 1-60 characters, each once ignoring case."""
    cleaned = [n.strip() for n in names]
    if any(not n or len(n) > 60 for n in cleaned):
        raise ValueError("names must be 1-60 characters")
    folded = [n.casefold() for n in cleaned]
    dupes = sorted({n for n, f in zip(cleaned, folded) if folded.count(f) > 1})
    if dupes:
        raise ValueError(f"each name once (ignoring case); repeated: {', '.join(dupes)}")
    return cleaned


def modifier_line(given: int, parts: list[tuple[int, str]]) -> list[str]:
    """Explain a modifier made of the caller's part and the tool's situational parts."""
    if not parts:
        return []
    terms = ([f"{signed(given)} given"] if given else []) + [f"{signed(n)} {why}" for n, why in parts]
    return [f"Modifier {signed(given + sum(n for n, _ in parts))} = {', '.join(terms)}."]


def fail(field: str, problem: str, given: Any = None) -> NoReturn:
    """Raise the argument error the registry renames to the tool; the LLM's repair loop reads ``problem``."""
    raise ToolArgumentError("?", [FieldProblem(field, problem, None if given is None else str(given))])


def sheet_of(state: TableState, name: str, field: str = "actor") -> MinimCharacter:
    try:
        return MinimCharacter.model_validate(state.characters[name])
    except ValidationError as e:
        first = e.errors(include_url=False)[0]
        fail(field, f"{name}'s sheet is not a valid Minim sheet ({'.'.join(map(str, first['loc']))}: "
                      f"{first['msg']}); fix it with table_edit_character")


def find(state: TableState, name: str, field: str) -> tuple[str, MinimCharacter]:
    """The canonical name and parsed sheet of a character, or an error listing the known names."""
    known = state.find(name, field)
    return known, sheet_of(state, known, field)


def conditions_of(state: TableState, name: str) -> list[str]:
    return [c.lower() for c in state.conditions.get(name, [])]


def require_conscious(name: str, sheet: MinimCharacter, field: str, doing: str = "act") -> None:
    if sheet.health <= 0:
        fail(field, f"{name} is unconscious (health 0) and cannot {doing}; heal them first (minim_heal, "
                    "minim_recover_health with full_rest or long_term)")


def require_new_name(state: TableState, name: str, field: str = "name") -> None:
    """Names on the table are unique ignoring case."""
    for known in state.characters:
        if known.casefold() == name.strip().casefold():
            listing = ", ".join(sorted(state.characters))
            fail(field, f"a character named '{known}' is already on the table; choose another name "
                        f"(names on the table: {listing})", name)


def spend_faith(name: str, sheet: MinimCharacter, field: str = "faith") -> SetField:
    """The op spending one faith point, or an argument error when there is none to spend."""
    if sheet.faith <= 0:
        fail(field, f"{name} has 0 faith and cannot spend a faith point; faith is regained by acting on one's "
                    "virtue or vice (minim_grant_faith)", True)
    return SetField(name=name, field="faith", value=sheet.faith - 1, was=sheet.faith)


def fallen_penalty(name: str, conditions: list[str]) -> tuple[int, list[str]]:
    if FALLEN in conditions:
        return -1, [f"{name} has fallen: -1 to all actions (fumble 11) until they get up "
                    "(remove the condition with table_condition)."]
    return 0, []


def not_acting_notes(name: str, conditions: list[str]) -> list[str]:
    return [f"Note: {name} is {NOT_ACTING[c]}; the narrator decides whether this action is allowed now."
            for c in conditions if c in NOT_ACTING]


class ConditionEdits:
    """Accumulates condition changes for several characters; ``ops()`` gives one SetConditions per changed one."""

    def __init__(self, state: TableState):
        self.state = state
        self.now: dict[str, list[str]] = {}

    def _list(self, name: str) -> list[str]:
        if name not in self.now:
            self.now[name] = list(self.state.conditions.get(name, []))
        return self.now[name]

    def add(self, name: str, condition: str) -> bool:
        current = self._list(name)
        if condition in current:
            return False
        current.append(condition)
        return True

    def remove(self, name: str, condition: str) -> bool:
        current = self._list(name)
        if condition not in current:
            return False
        current.remove(condition)
        return True

    def ops(self) -> list[SetConditions]:
        return [SetConditions(name=n, conditions=c) for n, c in self.now.items()
                if c != list(self.state.conditions.get(n, []))]


def health_change(name: str, sheet: MinimCharacter, after: int, edits: ConditionEdits) -> list[SetField]:
    """Set health (if it changes) and keep the unconscious condition in step with health 0."""
    if after == 0:
        edits.add(name, UNCONSCIOUS)
    else:
        edits.remove(name, UNCONSCIOUS)
    return [] if after == sheet.health else [SetField(name=name, field="health", value=after, was=sheet.health)]


def unknown(what: str, name: str, known: list[str], field: str) -> NoReturn:
    raise UnknownNameError(what, name, known, field)
