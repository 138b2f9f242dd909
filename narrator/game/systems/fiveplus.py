"""The 5+ system at the table: campaign options, guided creation, the status line, ``/check``, odds previews,
``/learn`` lessons, sheets, GM-less card scenes and encounters.

The numbers all come from the engine: guided answers are judged by ``fiveplus_add_character`` (the wizard probes
it), previews are dry runs of the real ``fiveplus_attempt`` / ``fiveplus_attack``, and lessons are the pure tools
run on the book's own examples.
"""

from __future__ import annotations

import re
from typing import Any

from rich.console import Group
from rich.markup import escape
from rich.text import Text

from narrator.game.answers import choice_step, text_answer
from narrator.game.rules import (
    BaseRules, Preview, Step, StepError, dry_run_result, exact_line, party_row,
)
from narrator.game.views import key_values, rows_table, sheet_table
from narrator.tools.errors import UserError
from narrator.tools.systems.fiveplus.rules import (
    ACTIONS, CONDITIONS, GROUPS, HELPING, ITEMS, KEYWORD_GROUPS, NPCS, OBJECTIVES, RANGE, SUCCESSES,
)
from narrator.tools.table import TableState
from narrator.tools.phrases import say

METHODS = ("fixed", "random", "buy")
PREVIEW_VERBS = {"fiveplus_attempt": "tries", "fiveplus_attack": "attacks", "fiveplus_help": "helps",
                 "fiveplus_treat": "treats", "fiveplus_use_ability": "uses an ability"}
"""What the preview's title says the roller does ("Before the roll — Brom attacks Bandit:")."""
PREVIEW_STEPS = frozenset(f"fiveplus.{p}" for p in (
    "uses", "uses_ability", "modifiers", "npc_rank", "lower_bound", "upper_bound", "success_range", "empty_range"))
"""The steps a preview shows before the roll: who uses what, the modifiers, the NPC's rank and the range."""
DEFAULT_POINTS = 30
MAX_ANSWER = 200
PREVIEW_REFS = {RANGE, SUCCESSES, ACTIONS, HELPING, ITEMS, CONDITIONS, NPCS, OBJECTIVES}
"""What a preview cites: how the range is built, never what the dry run's scratch dice happened to show."""
OUTCOME_NAMES = {"failure": "failure", "success": "success", "impossible": "impossible (no roll)"}


def _int_between(low: int, high: int, what: str):
    def parse(text: str) -> int:
        if not re.fullmatch(r"\s*\d{1,3}\s*", text):
            raise StepError(f"{what}: a whole number from {low} to {high}.")
        value = int(text)
        if not low <= value <= high:
            raise StepError(f"{what}: from {low} to {high}, not {value}.")
        return value

    return parse


def parse_levels(text: str, random: bool, what: str) -> dict[str, int | None]:
    """'Sneak 4, Sword 3' (or, rolled, 'Sneak, Sword') -> {name: level or None}."""
    out: dict[str, int | None] = {}
    for item in filter(None, (p.strip() for p in re.split(r"[,;]", text))):
        m = re.fullmatch(r"(.+?)(?:\s*[:=]?\s*(-?\d{1,3}))?", item)
        if not m or not m.group(1).strip():
            raise StepError(f"Write each {what} as 'Name level', e.g. 'Sneak 4, Sword 3'.")
        name, level = m.group(1).strip(), m.group(2)
        if "." in name or len(name) > 60:
            raise StepError(f"'{name[:30]}': a name is up to 60 characters without a dot.")
        if random and level is not None:
            raise StepError(f"With the random method the dice choose the levels: list names only ('{name}').")
        if not random and level is None:
            raise StepError(f"Give {name} a level, e.g. '{name} 3' (0 incompetent … 6 expert).")
        out[name] = None if level is None else int(level)
    if not out:
        raise StepError(f"Name at least one {what}.")
    if len(out) > 20:
        raise StepError(f"That is {len(out)} {what}s; at most 20.")
    return out


def parse_traits(text: str) -> list[str]:
    items = [p.strip() for p in re.split(r"[;,]", text) if p.strip()]
    if len(items) > 10:
        raise StepError("At most 10 traits.")
    return items


class FivePlusRules(BaseRules):
    system = "fiveplus"
    sheet_words = ("skill", "resistance", "trait", "ability", "item", "condition", "approach")
    lessons_from = "narrator.game.systems.fiveplus_play:LESSONS"
    odds_labels = OUTCOME_NAMES
    scene_kinds = ("narrator.game.systems.fiveplus_play:card_scene",
                   "narrator.game.systems.fiveplus_play:abandon_challenge")
    encounter_kind = "narrator.game.systems.fiveplus_play:FivePlusEncounters"

    # -- the wizard -------------------------------------------------------------------------------------------
    def option_steps(self) -> list[Step]:
        return [
            choice_step("method", "How are starting levels chosen: fixed (you choose 0-6), random (2d6 keep the "
                        "worse) or buy (points; level L costs 1+2+…+L)?", METHODS, "fixed"),
            Step("points", "Buy points per character?", _int_between(1, 200, "Points"),
                 default=str(DEFAULT_POINTS), ask_if=lambda answers: answers.get("method") == "buy"),
            choice_step("hand_size", "Cards per hand in GM-less scenes (/scene cards): 3 or 4?", ("3", "4"), "4"),
            choice_step("aces", "Aces high (special events above the royals) or low?", ("high", "low"), "high"),
            Step("recoveries_per_rest", "Recovery actions per character per rest?",
                 _int_between(0, 20, "Recovery actions"), default="2"),
        ]

    def creation_steps(self, options: dict[str, Any]) -> list[Step]:
        method = options.get("method", "fixed")
        random = method == "random"
        how = {"fixed": "with levels 0-6", "random": "names only: the dice roll each level",
               "buy": f"with levels, within {options.get('points', DEFAULT_POINTS)} points"}[method]
        return [
            Step("name", "Name?", text_answer("name")),
            Step("concept", "Concept in a few words (press Enter to skip)?", text_answer("concept", MAX_ANSWER, True),
                 optional=True),
            Step("skills", f"Skills, {how}, e.g. " + ("'Sneak, Sword, Persuade'" if random else
                                                     "'Sneak 3, Sword 3, Persuade 2'")
                 + " (Improvise 2 is always there)?", lambda t: parse_levels(t, random, "skill"),
                 choices=tuple(sorted({w.capitalize() for ws in KEYWORD_GROUPS.values() for w in ws[:3]}))),
            Step("resistances", f"Resistances, {how}?", lambda t: parse_levels(t, random, "resistance"),
                 default="Physical, Mental, Fatigue" if random else "Physical 3, Mental 2, Fatigue 1"),
            Step("traits", "Traits, e.g. 'Ninja training +1 sneak; Strong +1' (press Enter for none)?", parse_traits,
                 optional=True),
        ]

    def creation_placeholders(self, options: dict[str, Any]) -> dict[str, Any]:
        return {"skills": {}, "resistances": {}, "traits": [], "concept": None}

    def example_answers(self, options: dict[str, Any]) -> dict[str, str]:
        if options.get("method") == "random":
            return {"name": "Tess", "concept": "a wandering healer", "skills": "Medicine, Sneak, Persuade",
                    "resistances": "Physical, Mental, Fatigue", "traits": "Herbalist +1 medicine"}
        return {"name": "Tess", "concept": "a wandering healer", "skills": "Medicine 3, Sneak 3, Persuade 2",
                "resistances": "Physical 3, Mental 2, Fatigue 1", "traits": "Herbalist +1 medicine"}

    def creation_args(self, answers: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
        args = {k: v for k, v in answers.items() if v is not None}
        method = options.get("method", "fixed")
        args["method"] = method
        if method == "buy":
            args["points"] = int(options.get("points", DEFAULT_POINTS))
        return args

    def random_args(self, name: str, concept: str | None, options: dict[str, Any]) -> dict[str, Any]:
        return super().random_args(name, concept, options)

    def skills(self) -> list[str]:
        return [*GROUPS, "Improvise", "Physical", "Mental", "Fatigue"]

    # -- the status line and /check ----------------------------------------------------------------------------
    def resources(self, sheet: dict[str, Any]) -> str:
        ds = sheet.get("descriptors") or {}
        if sheet.get("npc") and sheet.get("successes_to_defeat") is not None:
            return f"{sheet.get('successes_taken', 0)}/{sheet['successes_to_defeat']} successes, rank " \
                   f"{sheet.get('rank', 0)}"
        parts = [f"{d.get('name')} {d.get('counter', 0)}/{d.get('level', '?')}" for d in ds.values()
                 if isinstance(d, dict) and d.get("kind") == "resistance"]
        wounds = [d for d in ds.values() if isinstance(d, dict) and d.get("kind") == "wound"]
        parts += [f"{d.get('name')} −{d.get('level', 0)}" + (" (major)" if d.get("major") else "") for d in wounds]
        return " · ".join(parts)

    def check_call(self, actor: str, what: str, modifier: int) -> tuple[str, dict[str, Any]]:
        word = what.strip()
        if word.lower() in GROUPS:
            return "fiveplus_attempt", {"actor": actor, "approach": word.lower(), "modifier": modifier}
        if not word:
            raise UserError("Name a descriptor or an approach: /check Aria Sneak, /check Aria stealth.")
        return "fiveplus_attempt", {"actor": actor, "descriptor": word, "modifier": modifier}

    # -- odds before the roll ---------------------------------------------------------------------------------
    def preview(self, state: TableState, tool: str, args: dict[str, Any]) -> Preview | None:
        p = dry_run_result(state, tool, args)
        if p is None:
            return None
        r = p.result
        if tool in ("fiveplus_attempt", "fiveplus_attack", "fiveplus_help", "fiveplus_treat", "fiveplus_use_ability"):
            lines = [say(s) for s in r.steps if getattr(s, "kind", None) in PREVIEW_STEPS]
            successes = getattr(r, "successes_odds", None)
            if successes is not None:
                lines.append(exact_line("Successes it may bring", successes.exact))
            who = getattr(r, "actor", None) or getattr(r, "healer", None) or getattr(r, "helper", None) or ""
            refs = [ref for ref in r.rule_refs if ref in PREVIEW_REFS] or [RANGE]  # not what the scratch dice did
            whom = getattr(r, "defender", None) or getattr(r, "patient", None)
            doing = PREVIEW_VERBS[tool] + (f" {whom}" if whom else "")
            return Preview(f"Before the roll — {who} {doing}:", r.odds, lines, refs)
        return p

    # -- views ------------------------------------------------------------------------------------------------
    def sheet_view(self, sheet: dict[str, Any]) -> Any:
        c = self.sheet_of(sheet)
        if c is None:
            return super().sheet_view(sheet)
        table = sheet_table(sheet, ("descriptor", "kind", "counter/level:tier", "effect"))
        for d in c.descriptors.values():
            numbers = "" if d.level is None else (f"{d.counter}/" if d.counter is not None else "") + \
                f"{d.level}:{d.tier}" + (f"+{d.next_level}" if d.next_level else "")
            flags = ("*" if d.marked else "") + (" equipped" if d.equipped else "") + (" major" if d.major else "")
            table.add_row(escape(d.name), d.kind + (f" ({d.group})" if d.group else ""), numbers + flags,
                          Text(d.effect or ""))
        pairs = []
        if c.npc:
            pairs += [("rank", str(c.rank)), ("damage", str(1 + c.rank + c.damage_bonus))]
            if c.successes_to_defeat is not None:
                pairs.append(("defeated at", f"{c.successes_taken}/{c.successes_to_defeat} successes"))
            pairs += [(k, v) for k, v in (("goal", c.goal), ("actions", ", ".join(c.actions)),
                                          ("ability", c.ability), ("behaviour", c.behaviour)) if v]
        if not c.descriptors:  # an NPC defined by its goal, actions and difficulty alone
            table = Text(f"{c.name} ({'NPC' if c.npc else 'PC'})" + (f" — {c.concept}" if c.concept else ""),
                         style="bold")
        return Group(table, key_values("", pairs)) if pairs else table

    def inventory_view(self, sheet: dict[str, Any]) -> Any:
        ds = sheet.get("descriptors") or {}
        rows = [[str(d.get("name")), "equipped" if d.get("equipped") else "",
                 "" if d.get("uses") is None else str(d.get("uses")), str(d.get("effect", ""))]
                for d in ds.values() if isinstance(d, dict) and d.get("kind") == "equipment"]
        return rows_table(f"{sheet.get('name', '?')}'s equipment", ["item", "", "uses", "effect"],
                          rows or [["—", "", "", ""]])

    def party_row(self, name: str, sheet: dict[str, Any], state: TableState) -> dict[str, str]:
        ds = sheet.get("descriptors") or {}
        skills = [f"{d.get('name')} {d.get('level')}" for d in ds.values()
                  if isinstance(d, dict) and d.get("kind") == "skill"]
        return party_row(name, sheet, state, {"resources": self.resources(sheet), "skills": ", ".join(skills[:8])})




RULES = FivePlusRules()
