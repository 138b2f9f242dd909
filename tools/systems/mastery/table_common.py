"""Helpers shared by the state-bound Mastery tools: reading sheets off the table, building a pool from a sheet the
way the GM and the player would, health and conditions. No tool lives here.

Conditions with a mechanical effect in these tools (plain lower-case words on the table; ``table_condition``
writes them too):

* ``coma`` / ``dead`` — the last health box is marked (``mastery.md#Combat``): the campaign's ``last_box`` option
  (or the GM's ruling on the damage) says which. Either stops the character acting. Boxes left 0 on the sheet is
  what decides: at 0 a character cannot act whether or not the condition is listed.
* ``stunned`` / ``surprised`` — "Stunned or surprised characters cannot defend" (``#Single-Action Roundtable``):
  they roll no dice against an attack.
* ``counter-attack`` — a defender who won gains "a counter-attack advantage on their next turn of a single die":
  +1 die on their next attack, until the end of their next turn.
* ``fled`` — withdrew from a Bloodbath fight: out of it, and off the order when the next turn begins.

Reading chosen for wounds ("A character's health should always be taken into account when determining the
'circumstances' of a challenge", ``#Combat``): with half or fewer of their boxes left, a character's pools lose
the campaign's ``wound_dice`` (1 by default). It is a circumstance, so the one base die still stays.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from narrator.tools.problems import fail
from narrator.tools.steps import Step, step
from narrator.tools import turns
from narrator.tools.table_sheets import Sheets, conditions_of, unknown  # noqa: F401  (re-exported)
from narrator.tools.table_people import require_new_name  # noqa: F401  (re-exported)
from narrator.tools.table import SetField, TableState
from narrator.tools.systems.mastery.fit import best_fit
from narrator.tools.systems.mastery.options import CampaignOptions, clean_name, trait_for
from narrator.tools.systems.mastery.sheet import MasteryCharacter

COMA = "coma"
DEAD = "dead"
STUNNED = "stunned"
SURPRISED = "surprised"
COUNTER = "counter-attack"
FLED = "fled"
CANNOT_DEFEND = (STUNNED, SURPRISED)
NONE_WORDS = ("", "none", "no", "-")


SHEETS = Sheets(MasteryCharacter, "Mastery")
sheet_of, find, two = SHEETS.sheet_of, SHEETS.find, SHEETS.two


def is_down(state: TableState, name: str, sheet: MasteryCharacter) -> bool:
    return sheet.health <= 0 or bool({COMA, DEAD} & set(conditions_of(state, name)))


def require_up(state: TableState, name: str, sheet: MasteryCharacter, field: str, doing: str = "act") -> None:
    if is_down(state, name, sheet):
        why = "dead" if DEAD in conditions_of(state, name) else "in a coma (no health boxes left)"
        fail(field, f"{name} is {why} and cannot {doing}; the GM may clear boxes with mastery_heal")


# --- pools from a sheet --------------------------------------------------------------------------------------------


@dataclass
class Picked:
    """A pool read from a sheet: the names and ratings chosen, and why."""

    trait: str
    trait_value: int
    ability: str | None = None
    ability_value: int = 0
    skill: str | None = None
    skill_value: int = 0
    circumstance: int = 0
    lines: list[Step] = field(default_factory=list)

    def spec(self, **extra: Any) -> dict[str, Any]:
        """Keyword arguments of :class:`.challenge.PoolSpec`."""
        return {"trait": self.trait_value, "ability": self.ability_value, "skill": self.skill_value,
                "circumstance": self.circumstance, "trait_name": self.trait, "ability_name": self.ability,
                "skill_name": self.skill, **extra}

    def using(self) -> list[str]:
        """The trait, ability and skill the pool uses, by name (a summary says them: 'agility + stealth')."""
        return [self.trait] + [n for n in (self.ability, self.skill) if n]

    def words(self) -> str:
        return " + ".join(self.using())


def _named(kind: str, wanted: str, sheet: MasteryCharacter, name: str, field: str) -> tuple[str, int]:
    table = sheet.abilities if kind == "ability" else sheet.skills
    key = clean_name(wanted)
    if key not in table:
        plural = "abilities" if kind == "ability" else "skills"
        fail(field, f"{name} has no {kind} '{wanted}'; {name}'s {plural}: {', '.join(table) or 'none'} (or 'none')",
             wanted)
    return key, table[key]


def pick_pool(sheet: MasteryCharacter, name: str, activity: str | None, options: CampaignOptions, *,
              trait: str | None = None, ability: str | None = None, skill: str | None = None,
              prefix: str = "") -> Picked:
    """The pool a challenge uses: the GM's trait (named, else the one the activity uses in this campaign), and the
    player's ability and skill (named — 'none' for none — else the best-rated ones that fit the activity)."""
    field = (lambda f: f"{prefix}{f}")
    lines: list[Step] = []
    if trait is not None:
        t = clean_name(trait)
        if t not in sheet.traits:
            fail(field("trait"), f"'{trait}' is not one of {name}'s traits ({', '.join(sheet.traits)})", trait)
        lines.append(step("mastery.calls_for", trait=t))
    elif activity is not None:
        t = trait_for(activity, options)
        if t not in sheet.traits:
            fail(field("trait"), f"{name}'s sheet has no '{t}' trait, which {activity} uses in this campaign; name "
                                 f"the trait ({', '.join(sheet.traits)})")
        lines.append(step("mastery.activity_trait", activity=activity, trait=t))
    else:
        fail(field("trait"), "name the trait the GM calls for, or the activity")
    picked = Picked(trait=t, trait_value=sheet.traits[t], lines=lines)
    for kind, wanted in (("ability", ability), ("skill", skill)):
        if wanted is not None and clean_name(wanted) in NONE_WORDS:
            lines.append(step("mastery.none_used", what=kind))
            continue
        if wanted is not None:
            n, v = _named(kind, wanted, sheet, name, field(kind))
            lines.append(step("mastery.uses", name=name, what=kind, chosen=n, rating=v))
        else:
            found = best_fit(sheet, kind, activity) if activity else None
            if found is None:
                lines.append(step("mastery.no_fit", name=name, what=kind, activity=activity))
                continue
            n, v = found
            lines.append(step("mastery.best_fit", name=name, what=kind, activity=activity, chosen=n, rating=v))
        if kind == "ability":
            picked.ability, picked.ability_value = n, v
        else:
            picked.skill, picked.skill_value = n, v
    return picked


def wound_dice(name: str, sheet: MasteryCharacter, options: CampaignOptions) -> tuple[int, list[Step]]:
    """The dice wounds take off a pool (a circumstance), and the step saying so."""
    if options.wound_dice and 0 < sheet.health <= sheet.max_health / 2:
        return -options.wound_dice, [step("mastery.wounds", name=name, health=sheet.health,
                                          max_health=sheet.max_health, dice=options.wound_dice)]
    return 0, []


# --- health and conditions -----------------------------------------------------------------------------------------


class ConditionEdits(turns.ConditionEdits):
    """Condition changes for several characters; a timer is the one the tool gives (``timer=``: a surprise that
    lasts the round, a counter-attack die until the end of the next turn), none from the catalogue."""

    timers_from = "caller"


def health_change(name: str, sheet: MasteryCharacter, after: int, edits: ConditionEdits, options: CampaignOptions,
                  lethal: bool | None = None) -> tuple[list[SetField], list[Step]]:
    """Set the boxes left (if they change) and keep coma/death in step with 0 boxes left."""
    lines: list[Step] = []
    if after <= 0 < sheet.health:
        dies = lethal if lethal is not None else options.last_box == "death"
        edits.add(name, DEAD if dies else COMA)
        lines.append(step("mastery.last_box", name=name, dies=dies))
    elif after > 0 and edits.remove(name, COMA):
        lines.append(step("mastery.wakes", name=name))
    ops = [] if after == sheet.health else [SetField(name=name, field="health", value=after, was=sheet.health)]
    return ops, lines
