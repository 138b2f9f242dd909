"""Minim at the table: guided creation questions, the status line, ``/check``, odds previews, lessons, sheets.

The numbers all come from the engine: previews build the test target with :func:`checks.target_of` from the sheet
and take the distribution from :func:`checks.test_odds`, exactly what ``minim_check`` will use when it rolls.
"""

from __future__ import annotations

import re
from typing import Any

from rich.console import Group
from rich.text import Text

from narrator.game.answers import choice_step, json_answer, named_values, text_answer
from narrator.game.rules import (
    BaseRules, Lesson, Preview, Step, StepError, dry_run_preview, out_of, party_row, with_concept_gear,
)
from narrator.game.views import key_values, rows_table, sheet_table
from narrator.tools.errors import ToolCallError, UserError
from narrator.tools.systems.minim.characters import concept_gear
from narrator.tools.systems.minim.checks import TESTS
from narrator.tools.systems.minim.rules import OUTCOME_LABELS, SCORE_NAMES, SKILLS_BY_TRAIT, TRAIT_OF_SKILL, TRAITS
from narrator.tools.systems.minim.sheet_view import gear_text
from narrator.tools.table import TableState
from narrator.tools.phrases import say
from narrator.tools.steps import Step as Line

TARGET_STEPS = frozenset({"minim.target", "minim.target_below_1", "minim.target_above_5"})
CHECK_PREVIEW = TARGET_STEPS | {"minim.modifier"}
"""The steps of a check a player sees before the roll: its target and the modifier the table adds."""
ATTACK_PREVIEW = TARGET_STEPS | {"minim.zone_unknown", "minim.same_zone", "minim.adjacent_zone", "minim.aim_cancels",
                                 "minim.attacks_with"}
"""The steps of an attack a player sees before the roll: its target, the zones, the weapon and armor."""


def kind_of(line: Any) -> str | None:
    """A step's kind (None for a line written as text)."""
    return line.kind if isinstance(line, Line) else None


POWER_LEVELS = ("normal", "stronger", "weaker")
SHIFT = {"normal": 0, "stronger": 1, "weaker": -1}
OUTCOME_NAMES = {str(k): f"{k:+d} {v}" if k else f"±0 {v}" for k, v in OUTCOME_LABELS.items()}
MAX_ANSWER = 200


# --- answers to guided creation ----------------------------------------------------------------------------------


def _small(n: str, name: str = "") -> int:
    value = int(n)
    if abs(value) > 99:
        raise StepError(f"{value} is not a trait score; scores run from 1 to 5.")
    return value


def parse_traits(text: str) -> dict[str, int]:
    """'4 3 2' (brain, brawl, brass), 'brain 4 brawl 3 brass 2', 'brass=2, brain=4, brawl=3' or a JSON object."""
    return named_values(text, TRAITS, r"-?\d+", _small, "whole numbers", ("4", "3", "2"),
                        json_ok=lambda v: isinstance(v, int) and not isinstance(v, bool),
                        json_refusal="Trait scores are whole numbers.")


def parse_skills(text: str) -> list[str]:
    text = text.strip()
    data = json_answer(text) if text.startswith("[") else re.split(r"[,;\s]+", text)
    if not isinstance(data, list) or not all(isinstance(s, str) for s in data):
        raise StepError("List the skills as words separated by commas, e.g. 'cure, knowledge, art, ...'.")
    skills = [s.strip().lower() for s in data if s.strip()]
    if not skills:
        raise StepError("Name the character's skills, separated by commas.")
    if len(skills) > 20:
        raise StepError(f"That is {len(skills)} skills; a new character has 6.")
    return skills


def parse_powers(text: str) -> dict[str, int]:
    """'fireball 2, healing 2', 'fireball=2', a JSON object, or nothing at all."""
    text = text.strip()
    if not text:
        return {}
    if text.startswith("{"):
        data = json_answer(text)
        if not isinstance(data, dict):
            raise StepError("Powers are a JSON object of name: points.")
        return data  # the engine judges the values and reports each bad one
    out: dict[str, int] = {}
    for item in filter(None, (p.strip() for p in re.split(r"[,;]", text))):
        m = re.fullmatch(r"(.+?)\s*[:= ]\s*(-?\d{1,3})", item)
        if not m or not m.group(1).strip():
            raise StepError(f"Write each power as 'name points' (got {item[:40]!r}), e.g. 'fireball 2, healing 2'.")
        out[m.group(1).strip().lower()] = int(m.group(2))
    return out


def wealth_line(wealth: int) -> str:
    """What the wealth score buys, as ``minim_buy`` judges it (powers.purchase_kind)."""
    if wealth < 1:
        return "Wealth 0: nothing can be bought (minim.md#Powers)."
    parts = [f"items of price {wealth - 2} or less are free"] if wealth >= 3 else []
    low = max(1, wealth - 1)
    parts.append(f"price {low if low == wealth else f'{low}-{wealth}'} takes a wealth roll")
    return f"Wealth {wealth}: " + ", ".join(parts) + ", dearer items are out of reach (minim.md#Powers)."


def _skill_list() -> str:
    return "; ".join(f"{t}: {', '.join(s)}" for t, s in SKILLS_BY_TRAIT.items())


# --- the adapter -------------------------------------------------------------------------------------------------


class MinimRules(BaseRules):
    system = "minim"
    sheet_words = ("trait", "skill", "power", "virtue", "vice", "brain", "brawl", "brass")
    odds_labels = OUTCOME_NAMES
    scene_kinds = ("narrator.game.systems.minim_play:dungeon_floor",)
    encounter_kind = "narrator.game.systems.minim_play:MinimEncounters"

    def option_steps(self) -> list[Step]:
        return [choice_step("power_level", "Character power: normal (traits 4/3/2), stronger (5/4/3) or weaker "
                            "(3/2/1)?", POWER_LEVELS, "normal")]

    def creation_steps(self, options: dict[str, Any]) -> list[Step]:
        level = options.get("power_level", "normal")
        a, b, c = (n + SHIFT.get(level, 0) for n in (4, 3, 2))
        return [
            Step("name", "Name?", text_answer("name")),
            Step("concept", "Concept in a few words (press Enter to skip)?", text_answer("concept", MAX_ANSWER, True),
                 optional=True),
            Step("traits", f"Traits brain, brawl, brass: one {a}, one {b}, one {c} ({level} campaign), e.g. "
                 f"'{a} {b} {c}' or 'brain {a} brawl {b} brass {c}'?", parse_traits, choices=TRAITS),
            Step("skills", "Skills: 3 of your highest trait, 2 of the middle, 1 of the lowest, separated by commas. "
                 f"({_skill_list()})?", parse_skills, choices=tuple(TRAIT_OF_SKILL)),
            Step("powers", "Powers: 4 points on top of the free languages 1 and wealth 1, e.g. 'fireball 2, "
                 "healing 2' or 'languages 1, contacts 3'?", parse_powers),
            Step("virtue", "Virtue (a good, productive quality, e.g. courage)?", text_answer("virtue")),
            Step("vice", "Vice (a flaw, different from the virtue, e.g. greed)?", text_answer("vice")),
        ]

    def creation_placeholders(self, options: dict[str, Any]) -> dict[str, Any]:
        s = SHIFT.get(options.get("power_level", "normal"), 0)
        return {"traits": {"brain": 4 + s, "brawl": 3 + s, "brass": 2 + s}, "skills": [], "powers": {},
                "virtue": None, "vice": None, "concept": None}

    def example_answers(self, options: dict[str, Any]) -> dict[str, str]:
        s = SHIFT.get(options.get("power_level", "normal"), 0)
        return {"name": "Tess", "concept": "a wandering healer", "traits": f"{4 + s} {3 + s} {2 + s}",
                "skills": "cure, knowledge, art, fight, sports, steering", "powers": "healing 2, contacts 2",
                "virtue": "courage", "vice": "greed"}

    def creation_args(self, answers: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
        args = with_concept_gear({k: v for k, v in answers.items() if v is not None}, concept_gear)
        return {**args, "campaign": options.get("power_level", "normal")}

    def random_args(self, name: str, concept: str | None, options: dict[str, Any]) -> dict[str, Any]:
        return {**super().random_args(name, concept, options), "campaign": options.get("power_level", "normal")}

    def skills(self) -> list[str]:
        return [*TRAIT_OF_SKILL, *TRAITS]

    def resources(self, sheet: dict[str, Any]) -> str:
        return f"♥ {sheet.get('health', '?')}/{sheet.get('max_health', '?')} faith {sheet.get('faith', '?')}/" \
               f"{sheet.get('max_faith', '?')}"

    def check_call(self, actor: str, what: str, modifier: int) -> tuple[str, dict[str, Any]]:
        word = what.strip().lower()
        if word in TRAITS:
            return "minim_check", {"actor": actor, "trait": word, "modifier": modifier}
        if word in TRAIT_OF_SKILL:
            return "minim_check", {"actor": actor, "skill": word, "modifier": modifier}
        raise UserError(f"'{what}' is not a Minim skill or trait. Skills: {', '.join(TRAIT_OF_SKILL)}; "
                        f"traits: {', '.join(TRAITS)}.")

    # -- odds before the roll -------------------------------------------------------------------------------
    def preview(self, state: TableState, tool: str, args: dict[str, Any]) -> Preview | None:
        try:
            if tool == "minim_check":
                return self._check_preview(state, args)
            if tool == "minim_attack_target":
                return self._attack_preview(state, args)
        except (ToolCallError, KeyError, ValueError):
            return None  # the real call reports what is wrong
        return dry_run_preview(state, tool, args)

    def _check_preview(self, state: TableState, raw: dict[str, Any]) -> Preview | None:
        """The odds of the real ``minim_check`` on this table, from a dry run: the very target it will roll."""
        p = dry_run_preview(state, "minim_check", raw)
        if p is None:
            return None
        r = p.result
        lines = [say(s) for s in r.steps if kind_of(s) in CHECK_PREVIEW]
        what = f"{r.trait_name}" + (f" + {r.skill}" if r.skill else "")
        return Preview(f"Before the roll — {r.actor} tests {what}:", r.odds, lines, [TESTS])

    def _attack_preview(self, state: TableState, raw: dict[str, Any]) -> Preview | None:
        p = dry_run_preview(state, "minim_attack_target", raw)
        if p is None:
            return None
        result = p.result
        lines = [say(s) for s in result.steps if kind_of(s) in ATTACK_PREVIEW]
        damage = ", ".join(f"{k}: {v}" for k, v in result.damage_odds.exact.items())
        lines.append(f"Damage it may deal (exact): {damage}")
        return Preview(f"Before the roll — {result.attacker} attacks {result.defender}:", result.odds, lines,
                       list(result.rule_refs))

    # -- views ----------------------------------------------------------------------------------------------
    def sheet_view(self, sheet: dict[str, Any]) -> Any:
        traits = sheet.get("traits", {})
        held = set(sheet.get("skills", []))
        table = sheet_table(sheet, ("trait", "score", "skills"))
        for trait, own in SKILLS_BY_TRAIT.items():
            score = traits.get(trait, 0)
            table.add_row(trait, f"{score} ({SCORE_NAMES.get(score, '?')})",
                          Text(", ".join(s for s in own if s in held) or "—"))
        scores = sorted(traits.get(t, 0) for t in TRAITS)
        pairs = [("tier", str(scores[1])), ("health", f"{sheet.get('health')}/{sheet.get('max_health')}"),
                 ("faith", f"{sheet.get('faith')}/{sheet.get('max_faith')}")]
        if sheet.get("powers"):
            pairs.append(("powers", ", ".join(f"{k} {v}" for k, v in sheet["powers"].items())))
        if sheet.get("specialties"):
            pairs.append(("specialties", ", ".join(f"{s['name']} ({s['skill']})" for s in sheet["specialties"])))
        if sheet.get("virtue") or sheet.get("vice"):
            pairs.append(("virtue / vice", f"{sheet.get('virtue') or '—'} / {sheet.get('vice') or '—'}"))
        if sheet.get("gear"):
            pairs.append(("gear", ", ".join(gear_text(g) for g in sheet["gear"])))
        return Group(table, key_values("", pairs))

    def inventory_view(self, sheet: dict[str, Any]) -> Any:
        rows = [[g["name"], g["kind"] + (f", power {g['power']}" if g.get("power") is not None else ""),
                 f"{g['quality']:+d}"] for g in sheet.get("gear", [])]
        wealth = sheet.get("powers", {}).get("wealth", 0)
        table = rows_table(f"{sheet.get('name', '?')}'s gear", ["item", "kind", "quality"], rows or [["—", "", ""]])
        return Group(table, Text(wealth_line(wealth)))

    def party_row(self, name: str, sheet: dict[str, Any], state: TableState) -> dict[str, str]:
        traits = sheet.get("traits", {})
        scores = sorted(traits.get(t, 0) for t in TRAITS)
        return party_row(name, sheet, state, {
            "tier": str(scores[1]), "traits": "/".join(str(traits.get(t, "?")) for t in TRAITS),
            "♥": out_of(sheet, "health"), "faith": out_of(sheet, "faith"),
            "skills": ", ".join(sheet.get("skills", []))})


LESSONS: dict[str, Lesson] = {
    "tests": Lesson("tests", "Every uncertain action is a test: two d6 against a target built from a trait, the "
                    "skill and modifiers; each die is judged on its own.", "minim_test",
                    {"trait": 3, "skill": "stealth", "has_skill": True, "trait_name": "brawl"}),
    "attacks": Lesson("attacks", "An attack is a brawl test; a hit deals fatigue (weapon − armor + 1), which the "
                      "defender avoids point by point with health-rolls.", "minim_attack",
                      {"trait": 3, "skill": "fight", "has_skill": True, "weapon_quality": 1, "armor_quality": -1,
                       "defender_health": 3}),
    "initiative": Lesson("initiative", "Everyone rolls as many d6 as their brain score; the highest total acts "
                         "first, ties reroll.", "minim_initiative",
                         {"combatants": [{"name": "Aria", "brain": 3}, {"name": "Goblins", "brain": 2, "count": 4}]}),
    "powers": Lesson("powers", "A power activates on one d6 equal to or under its score and spends a faith point "
                     "only when it works.", "minim_power", {"power": "fireball", "score": 3, "faith": 2}),
    "challenge": Lesson("challenge", "A group's challenge is the sum of its members' tier scores; the ratio of foes "
                        "to party rates a fight easy, moderate or deadly.", "minim_challenge",
                        {"party": [{"tier": 3, "count": 3}], "foes": [{"tier": 2, "count": 4}]}),
    "fumbles": Lesson("fumbles", "A neutral attack fumbles the target, a critical failure the attacker: 2d6 on "
                      "the fumble table.", "minim_fumble", {"victim": "target"}),
    "dungeons": Lesson("dungeons", "A dungeon floor spreads the party's challenge over its combat rooms.",
                       "minim_dungeon_floor", {"party": [{"tier": 3, "count": 3}]}),
}

RULES = MinimRules()
