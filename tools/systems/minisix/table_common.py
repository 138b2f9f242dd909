"""Helpers shared by the state-bound Mini Six tools: reading sheets off the table, refusing what the rules forbid as
argument errors, the wound conditions that mirror the sheet, the dice penalties they give, declared actions,
perks that change the next roll, Thule's Hero Points. No tool lives here.

Conditions (the catalogue is :meth:`tools.systems.minisix.MiniSix.conditions`):

* The wound level lives on the sheet (``wounds``, ``stuns``); its conditions — ``wounded``, ``severely
  wounded``, ``incapacitated``, ``mortally wounded``, ``dead`` — mirror it, set by every tool that changes
  wounds (:func:`wound_edits`). The sheet decides: a character whose wounds say incapacitated cannot act, listed
  or not, unless ``fighting on`` (the stamina roll passed, acting at -3D).
* ``stunned`` is -1D until the end of the bearer's next turn (a timed condition, ended by the turn order).
* Penalties stack: wounded -1D, severely wounded -2D, fighting on -3D, stunned -1D more.
* ``dodging`` / ``full dodge`` hold the dodge value (in the system state, ``dodge``) until the start of the
  dodger's next turn; ``cover 50%`` ... ``cover 100%`` are the defender's cover until removed; ``lucky`` doubles
  the next roll and goes; ``daredevil`` lasts one round (to the start of its bearer's next turn).

Declared actions. "Player declares all character actions planned for the round": the first action of a turn
says how many the character takes (``extra_actions``: -1D to each for every action beyond the first); the turn
then holds that many actions (``actions_per_turn``), and every later action of the turn must carry the same
count. The declaration is system state (``declared``), so replay repeats it.

Hero Points are Thule's house rule: the campaign option ``thule`` (``narrator campaign new --option thule=true``),
off by default; without it a tool refuses to spend them.
"""

from __future__ import annotations


from narrator.tools.problems import fail
from narrator.tools.steps import Step, step
from narrator.tools.table_sheets import Sheets, conditions_of, unknown  # noqa: F401  (re-exported)
from narrator.tools.table_people import require_new_name  # noqa: F401  (re-exported)
from narrator.tools.table import SetField, SetSystemState, TableState
from narrator.tools.turns import ConditionEdits
from narrator.tools.systems.minisix.damage import level_name
from narrator.tools.systems.minisix.sheet import MiniSixCharacter

WOUND_CONDITIONS = ("wounded", "severely wounded", "incapacitated", "mortally wounded", "dead", "fighting on",
                    "unconscious")
COVER_CONDITIONS = {"cover 50%": "50%", "cover 75%": "75%", "cover 90%": "90%", "cover 100%": "100%"}
DODGE_KEY = "dodge"
DECLARED_KEY = "declared"
THULE = "thule"


SHEETS = Sheets(MiniSixCharacter, "Mini Six")
sheet_of, find, two = SHEETS.sheet_of, SHEETS.find, SHEETS.two


def thule(state: TableState) -> bool:
    value = state.options.get(THULE, False)
    return value is True or str(value).strip().lower() in ("true", "yes", "on", "1")


def can_act(sheet: MiniSixCharacter, conds: list[str]) -> str | None:
    """Why the character cannot act (from the sheet's wounds and its consciousness), or None."""
    if sheet.wounds >= 5:
        return "dead"
    if sheet.wounds == 4:
        return "mortally wounded (unconscious)"
    if "unconscious" in conds:
        return "unconscious (knocked out)"
    if sheet.wounds == 3 and "fighting on" not in conds:
        return "incapacitated (fallen; a stamina roll at the start of their turn may keep them conscious)"
    return None


def require_able(name: str, sheet: MiniSixCharacter, state: TableState, field: str, doing: str = "act") -> None:
    why = can_act(sheet, conditions_of(state, name))
    if why:
        fail(field, f"{name} is {why} and cannot {doing}")


def penalty_dice(state: TableState, name: str, sheet: MiniSixCharacter) -> tuple[int, list[Step]]:
    """Dice every action of the character loses now, and the lines saying why."""
    conds = conditions_of(state, name)
    parts = []
    if sheet.wounds == 1:
        parts.append((1, "wounded"))
    elif sheet.wounds == 2:
        parts.append((2, "severely wounded"))
    elif sheet.wounds == 3:
        parts.append((3, "incapacitated, fighting on"))
    if "stunned" in conds:
        parts.append((1, "stunned until the end of their next turn"))
    total = sum(n for n, _ in parts)
    lines = [step("minisix.penalties", name=name, parts=[[n, w] for n, w in parts], total=total)] if parts else []
    return total, lines


def wound_edits(name: str, before: MiniSixCharacter, wounds: int, stuns: int, edits: ConditionEdits,
                stunned: bool = False) -> list[SetField]:
    """Set wounds and stuns on the sheet (if they change) and the conditions that mirror them."""
    ops: list[SetField] = []
    if wounds != before.wounds:
        ops.append(SetField(name=name, field="wounds", value=wounds, was=before.wounds))
    if stuns != before.stuns:
        ops.append(SetField(name=name, field="stuns", value=stuns, was=before.stuns))
    if wounds != 4 and before.mortal_minutes:
        ops.append(SetField(name=name, field="mortal_minutes", value=0, was=before.mortal_minutes))
    keep = {1: ["wounded"], 2: ["severely wounded"], 3: ["incapacitated"], 4: ["incapacitated", "mortally wounded"],
            5: ["incapacitated", "dead"]}.get(wounds, [])
    if wounds == 3 and before.wounds == 3 and edits.has(name, "fighting on"):
        keep = ["fighting on"]  # still conscious at the same level
    if wounds == 3 and before.wounds == 3 and edits.has(name, "unconscious"):
        keep = ["incapacitated", "unconscious"]
    for cond in WOUND_CONDITIONS:
        if cond in keep:
            edits.add(name, cond)
        else:
            edits.remove(name, cond)
    if stunned:
        edits.add(name, "stunned")
    if wounds >= 4:
        edits.remove(name, "stunned")
    return ops


# --- declared actions ----------------------------------------------------------------------------------------------


def declared(state: TableState, name: str) -> int | None:
    """Actions the combatant declared for its current turn (None: nothing declared this turn)."""
    ini = state.initiative
    entry = state.system_state.get(DECLARED_KEY)
    if not (ini.active and ini.current == name and isinstance(entry, dict)):
        return None
    if entry.get("name") == name and entry.get("at") == [ini.round, ini.turn]:
        return int(entry.get("actions", 1))
    return None


def declare(state: TableState, name: str, extra_actions: int | None,
            field: str = "extra_actions") -> tuple[int, list[SetSystemState]]:
    """The action's extra actions — as given, or as the turn's declaration says when not given — checked against
    the declaration, and the op recording a first (or changed, before anything was done) declaration."""
    ini = state.initiative
    have = declared(state, name)
    if extra_actions is None:
        extra_actions = have - 1 if have is not None else 0
    if not (ini.active and ini.current == name):
        return extra_actions, []
    wanted = extra_actions + 1
    record = [SetSystemState(key=DECLARED_KEY, value={"name": name, "at": [ini.round, ini.turn], "actions": wanted})]
    if have is None:
        return extra_actions, (record if wanted > 1 else [])
    if ini.used == 0 and have != wanted:  # nothing done yet: the declaration may still change
        return extra_actions, record
    if have != wanted:
        fail(field, f"{name} declared {have} action{'s' if have > 1 else ''} this round, so every action of the "
                    f"turn takes extra_actions={have - 1}", extra_actions)
    return extra_actions, []


# --- perks that change the next roll, and hero points ------------------------------------------------------------


def lucky(state: TableState, name: str) -> bool:
    return "lucky" in conditions_of(state, name)


def spend_hero_points(state: TableState, name: str, sheet: MiniSixCharacter, n: int,
                      field: str = "hero_points") -> list[SetField]:
    if not n:
        return []
    if not thule(state):
        fail(field, "Hero Points are Thule's house rule, off in this campaign (campaign option thule=true turns "
                    "it on)", n)
    if sheet.hero_points < n:
        fail(field, f"{name} has {sheet.hero_points} Hero Point{'s' if sheet.hero_points != 1 else ''}, not {n}", n)
    return [SetField(name=name, field="hero_points", value=sheet.hero_points - n, was=sheet.hero_points)]


def level_of(sheet: MiniSixCharacter) -> str:
    return level_name(sheet.wounds, sheet.stuns)

