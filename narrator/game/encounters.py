"""Random encounters sized by a system's challenge rules: ``/encounter [easy|moderate|deadly] [CONCEPT]``.

Why per system: how dangerous a group of foes is belongs to the rules (Minim compares tier-based challenge
scores). A builder picks the foes with logged dice (``table_roll``), adds them with the system's NPC tool and
checks the rating with the system's own tool, so the export shows every choice and the table can replay it.
"""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass, field
from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from narrator.memory.campaign import Campaign
from narrator.prompts import FOES, prompt_path
from narrator.tools.contract import ToolResult
from narrator.tools.errors import UserError
from narrator.tools.steps import step

DIFFICULTIES = ("easy", "moderate", "deadly")
NO_PARTY = "There is no player-character yet: create one with /character first."


@dataclass
class EncounterOutcome:
    difficulty: str
    rating: str
    added: list[str]
    results: list[tuple[str, ToolResult]] = field(default_factory=list)
    view: Any = None
    note: str = ""


@runtime_checkable
class EncounterBuilder(Protocol):
    system: str

    def build(self, campaign: Campaign, difficulty: str, concept: str | None) -> EncounterOutcome: ...


def encounter_builder(system: str) -> EncounterBuilder | None:
    """The system's encounter builder, from its game adapter (None: the system has no encounter rules)."""
    from narrator.game.rules import rules_for

    return rules_for(system).encounter_builder()


def told(option: Any) -> str:
    """How a table's entry is named to the player: a record by its ``name``, a row by its first field, else as it
    is. Why: Mastery's hazard was shown as "→ {'name': 'spiked pit', 'activity': 'athletics', ...}" and Mini Six's
    battlefield as a tuple of every zone and link."""
    if isinstance(option, dict) and isinstance(option.get("name"), str):
        return option["name"]
    if isinstance(option, (tuple, list)) and option and isinstance(option[0], str):
        return option[0]
    return str(option)


def roll_choice(campaign: Campaign, options: list[Any], purpose: str,
                describe: Callable[[Any], str] = told) -> tuple[Any, list[tuple[str, ToolResult]]]:
    """Choose among ``options`` with a logged ``1dN`` roll (no roll for a single option).

    The roll picks an option's place in the list, not a number of foes, so what is shown says what it picked
    ("table_roll (foe group): 1d4 = 2 → 4 × tier 1"): a bare "1d4 = 2" above a list of four ghouls reads as a
    wrong count. Only the shown copy says so; the logged result is the tool's own."""
    if len(options) == 1:
        return options[0], []
    result = campaign.call("table_roll", {"expression": f"1d{len(options)}"})
    total = getattr(result, "total")
    chosen = options[total - 1]
    said = describe(chosen)
    shown = result.model_copy(update={
        "summary": step("table.picked", roll=result.summary, said=said),
        "steps": [*result.steps, step("table.picks_choice", total=total, count=len(options), said=said)]})
    return chosen, [(f"table_roll ({purpose})", shown)]


def foes(system: str, level: int) -> tuple[str, ...]:
    """The foes a system's ``/encounter`` draws from at ``level`` (``prompts/<system>/narration/foes.json``)."""
    table = _foes(system)
    if str(level) not in table:
        levels = ", ".join(k for k in table if k != "_doc")
        raise UserError(f"{system} lists no foes for level {level} (its levels: {levels}).")
    return tuple(table[str(level)])


@functools.cache
def _foes(system: str) -> dict[str, Any]:
    return json.loads(prompt_path(system, FOES).read_text(encoding="utf-8"))


PLURAL_ENDINGS = (("zombies", "zombie"), ("pixies", "pixie"), ("ies", "y"), ("lves", "lf"), ("rves", "rf"),
                  ("ieves", "ief"), ("men", "man"), ("ches", "ch"), ("shes", "sh"), ("xes", "x"), ("sses", "ss"),
                  ("s", ""))
"""Plural endings and their singulars, tried in order ("dock thugs" → "dock thug", "wolves" → "wolf")."""
NOT_PLURAL = re.compile(r"(ss|us|is|os)$")
HEAD_END = re.compile(r"\s+(?=(?:of|with|from|who|that|in|at|on|for)\b)", re.I)
"""Where a concept's head noun ends ("thieves *of* the guild")."""


def one_of(concept: str) -> str:
    """One foe of a group the player named: the head noun made singular ("dock thugs" → "dock thug", "thieves of the
    guild" → "thief of the guild"), so the foes are "Dock Thug", "Dock Thug 2" — not "Dock Thugs 2"."""
    head, *rest = HEAD_END.split(concept.strip(), maxsplit=1)
    words = head.split()
    last = words[-1] if words else ""
    if len(last) > 3 and not NOT_PLURAL.search(last.lower()):
        plural, single = next(((p, s) for p, s in PLURAL_ENDINGS if last.lower().endswith(p)), ("", ""))
        if plural:
            words[-1] = last[: len(last) - len(plural)] + single
    return " ".join([" ".join(words), *rest])


def add_foes(campaign: Campaign, system: str, count: int, concept: str | None, level: int,
             power: str = "level") -> tuple[str, list[str], list[tuple[str, ToolResult]]]:
    """Put ``count`` foes of one concept on the table with the system's NPC tool (``<system>_add_npc``, whose
    strength argument is ``power``: ``level`` or Minim's ``tier``): the concept the player named, else one of the
    system's :func:`foes` at ``level`` chosen by a logged roll. Every builder ends its choosing so; the concept, the
    foes' names and the results, in order."""
    tool = f"{system}_add_npc"
    results: list[tuple[str, ToolResult]] = []
    if concept is None:
        concept, results = roll_choice(campaign, list(foes(system, level)), "foe concept")
    else:
        concept = one_of(concept)
    added = []
    for _ in range(count):
        r = campaign.call(tool, {"concept": concept, power: level})
        results.append((tool, r))
        added.append(r.actor)
    return concept, added, results


def player_characters(campaign: Campaign) -> dict[str, dict[str, Any]]:
    """The player-characters' sheets by name, the party an encounter is sized against; refused (:data:`NO_PARTY`)
    when there is none yet."""
    pcs = {name: sheet for name, sheet in campaign.state.characters.items() if not sheet.get("npc")}
    if not pcs:
        raise UserError(NO_PARTY)
    return pcs


def sized_groups(most: int, fits: Callable[[int, int], bool],
                 off_by: Callable[[int, int], Any]) -> tuple[list[tuple[int, int]], bool]:
    """The groups of foes to roll among: every ``(level, count)`` — power level 1-5, 1 to ``most`` foes — that
    ``fits`` the asked rating, and True; when none does, the one group ``off_by`` puts nearest it, and False.

    Why here: the builders that rate a group by a number (Minim's challenge, Mastery's attack dice, Mini Six's
    expected hits) searched the same groups the same way; how a group is rated is the system's, passed in."""
    every = [(level, count) for level in range(1, 6) for count in range(1, most + 1)]
    fit = [g for g in every if fits(*g)]
    if fit:
        return fit, True
    return [min(every, key=lambda g: off_by(*g))], False


def no_fit_note(most: int, difficulty: str, rating: str) -> str:
    """The note of an encounter whose builder found no group that fits (:func:`sized_groups` gave the closest)."""
    return f"No group of 1-{most} foes is {difficulty} for this party; the closest is {rating}."
