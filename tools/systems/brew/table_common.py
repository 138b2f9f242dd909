"""Helpers shared by the state-bound Brew tools: reading sheets, the campaign's options, the table's time mode,
what conditions do to a roll, and keeping health, conditions and lasting injuries in step. No tool lives here.

Campaign options (``state.options``, chosen when the campaign starts): ``health_rule`` (standard, halved,
ignored), ``healing`` (realistic, simplified), ``mana_refresh`` (daily, timed, ritual), ``extra_points`` (more
highly powered characters), ``best_at_thing`` (the optional rule).

System state (``SetSystemState``): ``time`` (story, bullet, downtime — a running fight is always Bullet Time),
``last_roll`` (each character's last skill roll, so Resolve and chance rolls know what they act on) and
``engaged`` (in a fight, whom each combatant engages: the others attacking them are defended at −2 each).

Conditions with an effect in these tools: ``unconscious`` (health 0 or below), ``dying`` (below 0), ``dead``
(−5 or below), ``stabilising`` (no skill rolls), ``grappled`` (held down: rolls 2d6 keep low, cannot move),
``exhausted-1``/``-2``/``-3`` (−2/−3/−4 to all skills), ``exposed`` (extreme weather: −2 to all rolls),
``embarrassed`` (Thin Face: −2 to all rolls until the scene ends), ``ill`` (−2 on Power rolls, the book's bad-food
example), ``relaxed`` and ``alert`` (states of mind, Story Time only: ±2 on focus and danger rolls).
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from narrator.tools import table_people
from narrator.tools.problems import fail
from narrator.tools.steps import Step, step
from narrator.tools.turns import ConditionEdits
from narrator.tools.table_sheets import ON_TABLE, Sheets, conditions_of, unknown  # noqa: F401  (re-exported)
from narrator.tools.table import SetField, SetSystemState, TableState
from narrator.tools.systems.brew.rules import DIFFICULTIES, LASTING_INJURY_HEALING
from narrator.tools.systems.brew.sheet import BrewCharacter

UNCONSCIOUS = "unconscious"
DYING = "dying"
DEAD = "dead"
STABILISING = "stabilising"
GRAPPLED = "grappled"
EXHAUSTED = {"exhausted-1": -2, "exhausted-2": -3, "exhausted-3": -4}
ALL_ROLLS = {"exposed": (-2, "extreme weather"), "embarrassed": (-2, "embarrassed (Thin Face)")}
FOCUS_SKILLS = ("craft", "medicine", "performance", "investigation", "profession")

ACTOR = ON_TABLE
MODIFIER = Field(0, ge=-20, le=20, description="Situational bonuses and penalties (+2 an advantage, -2 a "
                 "hindrance); the sheet's own (health, load, conditions, tricks) are added by the tool.")


SHEETS = Sheets(BrewCharacter, "Brew")
sheet_of, find, two = SHEETS.sheet_of, SHEETS.find, SHEETS.two


def option(state: TableState, key: str, default: Any) -> Any:
    return state.options.get(key, default)


def health_rule(state: TableState) -> str:
    rule = option(state, "health_rule", "standard")
    return rule if rule in ("standard", "halved", "ignored") else "standard"


def healing_rule(state: TableState) -> str:
    rule = option(state, "healing", "realistic")
    return rule if rule in ("realistic", "simplified") else "realistic"


def time_mode(state: TableState) -> str:
    if state.initiative.active:
        return "bullet"
    mode = state.system_state.get("time", "story")
    return mode if mode in ("story", "bullet", "downtime") else "story"


def difficulty_value(value: int | str) -> int:
    return value if isinstance(value, int) else DIFFICULTIES[value]


def require_conscious(name: str, sheet: BrewCharacter, field: str, doing: str = "act") -> None:
    if sheet.health <= 0:
        fail(field, f"{name} is at health {sheet.health} ({'dead' if sheet.health <= -5 else 'unconscious'}) and "
                    f"cannot {doing}")
    if sheet.stabilising_days > 0:
        fail(field, f"{name} is in a stabilisation period ({sheet.stabilising_days} day(s) left) and can make no "
                    "skill rolls")


def require_new_name(state: TableState, name: str, field: str = "name") -> None:
    """Brew's refusal of a taken name does not list the names on the table."""
    table_people.require_new_name(state, name, field, listing=None)


def condition_mods(state: TableState, name: str, attribute: str, skill: str | None) -> tuple[list[tuple[int, str]],
                                                                                              str]:
    """Modifiers from the bearer's conditions on a roll with ``attribute`` (+ ``skill``), and 'low' when a grapple
    makes them roll 2d6 keep low."""
    conds = conditions_of(state, name)
    mods: list[tuple[int, str]] = []
    for c, n in EXHAUSTED.items():
        if c in conds:
            mods.append((n, c))
    for c, (n, why) in ALL_ROLLS.items():
        if c in conds:
            mods.append((n, why))
    if "ill" in conds and attribute == "power":
        mods.append((-2, "ill"))
    if time_mode(state) == "story":
        focus = skill in FOCUS_SKILLS
        danger = attribute == "perception"
        if "relaxed" in conds and (focus or danger):
            mods.append((2 if focus else -2, "relaxed"))
        if "alert" in conds and (focus or danger):
            mods.append((2 if danger else -2, "alert"))
    return mods, ("low" if GRAPPLED in conds else "none")


def mods_line(given: int, parts: list[tuple[int, str]]) -> list[Step]:
    if not parts:
        return []
    return [step("brew.modifier", given=given, parts=[[n, why] for n, why in parts])]


class Edits(ConditionEdits):
    """Condition changes for several characters, one SetConditions each at the end; Brew's conditions carry no
    timers (they end when a tool or the narrator removes them)."""

    timers_from = "none"


def health_ops(name: str, sheet: BrewCharacter, after: int, edits: Edits) -> list[SetField]:
    """Set health and keep unconscious / dying / dead in step with it."""
    for cond, on in ((UNCONSCIOUS, after <= 0), (DYING, -5 < after < 0), (DEAD, after <= -5)):
        if on:
            edits.add(name, cond)
        else:
            edits.remove(name, cond)
    return [] if after == sheet.health else [SetField(name=name, field="health", value=after, was=sheet.health)]


def health_word(after: int) -> str | None:
    """The book's state at this health (brew.md#Damage and Healing): dead at -5, dying below 0, unconscious at 0."""
    return DEAD if after <= -5 else DYING if after < 0 else UNCONSCIOUS if after == 0 else None


def fallen(name: str, before: int, after: int) -> list[list[str]]:
    """``[[name, state]]`` for a character whose damage took them down (a summary says "; Wolf is unconscious"),
    else ``[]``."""
    word = health_word(after)
    return [[name, word]] if word and word != health_word(before) else []


def injuries_json(sheet: BrewCharacter) -> list[dict]:
    return [i.model_dump(mode="json") for i in sheet.lasting_injuries]


def injury_setback(name: str, sheet: BrewCharacter, amount: int, new: str | None = None) -> list[SetField]:
    """New damage sets every open lasting injury back; a new one starts at 30."""
    was = injuries_json(sheet)
    now = [{**i, "healing_left": i["healing_left"] + amount} for i in was] if amount else list(was)
    if new:
        now.append({"name": new, "healing_left": LASTING_INJURY_HEALING})
    return [] if now == was else [SetField(name=name, field="lasting_injuries", value=now, was=was)]


def set_state(key: str, value: Any) -> SetSystemState:
    return SetSystemState(key=key, value=value)


def armor_soak(sheet: BrewCharacter) -> tuple[int, str | None]:
    armors = [g for g in sheet.gear if g.kind == "armor"]
    if not armors:
        return 0, None
    best = max(armors, key=lambda g: g.soak)
    return best.soak, best.name
