"""Mastery at the table: the GM's campaign choices, guided creation, the status line, ``/check``, odds previews,
lessons and sheets.

The wizard's option steps are the choices the book leaves to the GM — the die ("pick a kind of dice to use ...
and stick with that"), the trait list, health boxes (base 10, gritty 5 or 3, tied to a trait or not), the combat
mode (the book's three), starting triumphs and what the last box means — plus a line for the rest of
:class:`tools.systems.mastery.options.CampaignOptions`. Every number shown comes from the engine: previews are dry
runs of the real tool (:func:`narrator.game.rules.dry_run_preview`).
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any

from rich.console import Group
from rich.text import Text

from narrator.game.answers import choice_step, text_answer
from narrator.game.rules import (
    BaseRules, Lesson, Preview, Step, StepError, exact_line, kept, out_of, parse_options, party_row, scratch_preview,
)
from narrator.game.views import key_values, rows_table, sheet_table
from narrator.tools.errors import UserError
from narrator.tools.phrases import listed
from narrator.tools.systems.mastery.fit import activities_of_name
from narrator.tools.systems.mastery.options import CampaignOptions
from narrator.tools.systems.mastery.rules import (
    ACTIVITIES, COMBAT_MODES, DEFAULT_TRAITS, CheckActivity,
)
from narrator.tools.systems.mastery.sheet import cost_between
from narrator.tools.systems.mastery.sheet_view import gear_text
from narrator.tools.table import TableState
from narrator.tools.steps import Step as Line

MAX_ANSWER = 200
POOL_KINDS = frozenset(f"mastery.{k}" for k in (
    "tn", "opposed_tns", "pool", "unfit", "no_base_die", "base_die", "assumed", "side_average", "foe_average",
    "foe_attack", "calls_for", "activity_trait", "uses", "best_fit", "none_used", "no_fit", "no_weapon", "wounds",
    "ruling_stands", "cannot_defend", "cannot", "blow_lands", "surprised", "counter_die", "none_broken",
    "npc_level"))
"""The steps a preview shows before the roll: the target number, how each pool is made (trait, ability, skill,
wounds, the GM's rulings), who cannot defend or does not roll. Not the damage step: it states the scratch roll's
degree and the boxes left after it ("Giant Rat: 10 → 6 boxes left" before anything was thrown); the damage the
attack may deal is shown as its exact distribution instead."""
POOL_WORDS = ("Target number", "Pool =", "The GM", "The one base die", "No ", "wounds", "calls for", "best ",
              " uses the ", "has no ", "cannot defend", "does not roll", "won a defence")
"""The same, for a line logged as text before results were data."""


def _explains_the_pool(line: Line | str) -> bool:
    """Whether a preview shows this step (one said of a side, 'Tess: Pool = ...', is judged by what it says)."""
    if isinstance(line, str):
        return any(k in line for k in POOL_WORDS)
    while line.kind in ("mastery.of", "mastery.blocks") and isinstance(line.values.get("line"), Line):
        line = line.values["line"]
    return line.kind in POOL_KINDS
CHECK_WORDS: tuple[str, ...] = CheckActivity.__args__  # type: ignore[attr-defined]
MORE_OPTIONS = ("wound_dice", "difficulty", "average_rounding", "initiative_trait", "foes_first", "health_per_point",
                "activity_traits")


# --- answers -------------------------------------------------------------------------------------------------------


def parse_die(text: str) -> int:
    word = text.strip().lower().lstrip("d")
    if word not in ("6", "10", "20"):
        raise StepError("Choose d6, d10 or d20 (the book prefers d6).")
    return int(word)


def unfit(answers: dict[str, Any]) -> list[str]:
    """The abilities and skills answered whose names tell the engine no activity they serve ("grave robbing"): it
    would never pick them for a roll, so the wizard asks what they serve."""
    named = [*(answers.get("abilities") or {}), *(answers.get("skills") or {})]
    return [n for n in named if not activities_of_name(n)]


def parse_fits(text: str) -> dict[str, list[str]]:
    """'grave robbing: thievery, lore; knotwork: crafting' → what each serves; empty: none (the GM's call later)."""
    out: dict[str, list[str]] = {}
    for item in filter(None, (p.strip() for p in text.split(";"))):
        name, colon, rest = item.partition(":")
        acts = [a.strip().lower() for a in rest.split(",") if a.strip()]
        if not colon or not name.strip() or not acts:
            raise StepError(f"Write 'name: activity, activity' (got {item[:40]!r}), e.g. 'grave robbing: thievery, "
                            "lore'.")
        wrong = [a for a in acts if a not in ACTIVITIES]
        if wrong:
            raise StepError(f"Not an activity: {', '.join(wrong)}. Choose from: {', '.join(ACTIVITIES)}.")
        out[" ".join(name.lower().split())] = list(dict.fromkeys(acts))
    return out


def fits_question(answers: dict[str, Any]) -> str:
    names = unfit(answers)
    return (f"The engine cannot tell from {'its name' if len(names) == 1 else 'their names'} what "
            f"{', '.join(names)} serve{'s' if len(names) == 1 else ''}, so it would never roll "
            f"{'it' if len(names) == 1 else 'them'}. Which activities, e.g. '{names[0] if names else 'grave robbing'}: "
            f"thievery, lore' ({', '.join(ACTIVITIES)}; Enter to leave it to the GM)?")


def parse_rated(text: str, what: str, negative: bool = False) -> dict[str, int]:
    """'swordsmanship 3, stealth 2', 'agility +2, intelligence -1', 'lock-picking=1' or a JSON object; empty: none."""
    text = text.strip()
    if not text or text.lower() in ("none", "-"):
        return {}
    if text.startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise StepError(f"That is not valid JSON ({e.msg} at column {e.colno}).") from None
        if not isinstance(data, dict) or not all(isinstance(v, int) and not isinstance(v, bool)
                                                 for v in data.values()):
            raise StepError(f"The {what} are a JSON object of name: rating.")
        return {str(k): v for k, v in data.items()}
    out: dict[str, int] = {}
    for item in filter(None, (p.strip() for p in re.split(r"[,;]", text))):
        m = re.fullmatch(r"(.+?)\s*[:= ]\s*([+-]?\d{1,2})", item)
        if not m or not m.group(1).strip():
            example = "'agility +2, intelligence -1'" if negative else "'swordsmanship 3, stealth 2'"
            raise StepError(f"Write each of the {what} as 'name rating' (got {item[:40]!r}), e.g. {example}.")
        name = " ".join(m.group(1).lower().split())
        if name in out:
            raise StepError(f"{name} is listed twice.")
        out[name] = int(m.group(2))
    if len(out) > 20:
        raise StepError(f"That is {len(out)} {what}; keep it to 20.")
    return out


RANGED_WORDS = ("bow", "crossbow", "sling", "javelin", "gun", "pistol", "rifle", "musket", "dart")
ARMOR_WORDS = ("armor", "armour", "mail", "plate", "leather", "hide", "brigandine", "helm", "shield", "buckler",
               "coat", "jacket", "jerkin", "vest", "gambeson", "padded", "cloak", "robe", "hauberk", "cuirass")
"""Words of things worn for protection: 'oilskin coat 1' is a coat that protects, not a weapon of +1 damage (a
player's coat was read as a melee weapon)."""


def parse_gear(text: str) -> list[dict[str, Any]]:
    """'sword +1, chain mail 2, rope': a number makes a weapon (its damage) or, for armor words, armor (its value)."""
    text = text.strip()
    if not text or text.lower() in ("none", "-"):
        return []
    out = []
    for item in filter(None, (p.strip() for p in re.split(r"[,;]", text))):
        m = re.fullmatch(r"(.+?)(?:\s+([+-]?\d{1,2}))?", item)
        name = (m.group(1) if m else item).strip()
        if not name or len(name) > 60:
            raise StepError(f"An item needs a name of 1-60 characters (got {item[:40]!r}).")
        value = int(m.group(2)) if m and m.group(2) else None
        words = name.lower()
        if any(w in words for w in ARMOR_WORDS) and value is not None:
            out.append({"name": name, "kind": "armor", "modifier": value})
        elif value is not None:
            style = "ranged" if any(w in words for w in RANGED_WORDS) else "melee"
            out.append({"name": name, "kind": "weapon", "modifier": value, "style": style})
        else:
            out.append({"name": name, "kind": "item"})
    return out


def _cost_line(kind: str, top: int) -> str:
    """'+1: 2, +2: 5, +3: 9 and +4: 15 triumphs' (the whole cost of each rating from nothing)."""
    costs = [f"+{r}: {cost_between(kind, 0, r)}" for r in range(1, top + 1)]
    return f"{listed(costs)} triumphs"


# --- the adapter ---------------------------------------------------------------------------------------------------


class MasteryRules(BaseRules):
    system = "mastery"
    sheet_words = ("trait", "ability", "skill", "challenge")
    scene_kinds = ("narrator.game.systems.mastery_play:forgotten_tomb",)
    encounter_kind = "narrator.game.systems.mastery_play:MasteryEncounters"

    def option_steps(self) -> list[Step]:
        chosen: dict[str, Any] = {"traits": DEFAULT_TRAITS}

        def traits(text: str) -> list[str]:
            try:
                value = CampaignOptions(traits=text).traits
            except ValueError as e:
                raise StepError(f"{str(e).splitlines()[-1]} — e.g. 'agility, cunning, fortitude, intelligence'.") \
                    from None
            chosen["traits"] = value
            return list(value)

        def health_trait(text: str) -> str | None:
            word = " ".join(text.strip().lower().split())
            if word in ("", "none", "no"):
                return None
            if word not in chosen["traits"]:
                raise StepError(f"Name one of your traits ({', '.join(chosen['traits'])}) or 'none'.")
            return word

        def base(text: str) -> int:
            if not text.strip().isdigit() or not 1 <= int(text) <= 100:
                raise StepError("A number of boxes from 1 to 100: 10 is the book's base, 5 or 3 for gritty games.")
            return int(text)

        def triumphs(text: str) -> int:
            if not text.strip().isdigit() or int(text) > 1000:
                raise StepError("A whole number of triumphs: 20 for starting heroes, more for experienced ones.")
            return int(text)

        def more(text: str) -> dict[str, Any]:
            values = parse_options(text)
            unknown = [k for k in values if k not in MORE_OPTIONS]
            if unknown:
                raise StepError(f"Unknown option {unknown[0]!r}; these are: {', '.join(MORE_OPTIONS)}.")
            try:
                CampaignOptions(traits=chosen["traits"], **values)
            except ValueError as e:
                raise StepError(str(e).splitlines()[-1]) from None
            return values

        modes = tuple(COMBAT_MODES)
        return [
            Step("die", "Which die for the whole campaign: d6, d10 or d20? (the book prefers d6)", parse_die,
                 default="d6", choices=("d6", "d10", "d20")),
            Step("traits", "The GM's list of traits, separated by commas (every character has each):", traits,
                 default=", ".join(DEFAULT_TRAITS)),
            Step("health_base", "Health boxes: 10 is the book's base; gritty games use 5 or even 3:", base,
                 default="10", choices=("10", "5", "3")),
            Step("health_trait", "Tie the health boxes to a trait (one box more or less per point)? A trait, or "
                 "none:", health_trait, default="none"),
            choice_step("combat_mode", "Combat: fearsome (hazards and foes as challenges, foes don't roll), "
                        "roundtable (initiative, one action each, contested attacks) or bloodbath (secret "
                        "simultaneous actions)?", modes, "roundtable"),
            Step("triumphs", "Triumphs for a starting character (20: a starting hero):", triumphs, default="20"),
            choice_step("last_box", "When the last health box is marked: coma or death?", ("coma", "death"), "coma"),
            Step("options", "Anything else, as KEY=VALUE (wound_dice=1 difficulty=Normal average_rounding=down "
                 "foes_first=false initiative_trait=agility); press Enter for none:", more, optional=True),
        ]

    def _options(self, options: dict[str, Any]) -> CampaignOptions:
        try:
            return CampaignOptions.model_validate(options)
        except ValueError:
            return CampaignOptions()

    def creation_steps(self, options: dict[str, Any]) -> list[Step]:
        o = self._options(options)
        traits = ", ".join(o.traits)
        return [
            Step("name", "Name?", text_answer("name")),
            Step("concept", "Concept in a few words (press Enter to skip)?", text_answer("concept", MAX_ANSWER, True),
                 optional=True),
            Step("traits", f"Traits ({traits}) all start at +0. Two points raise them (+1 each, +2 at most); "
                 "lowering one to -1 gives another point; a specialist may lower a +0 to -2 to raise a +2 to +3. "
                 f"Which change, e.g. '{o.traits[0]} +2'?", lambda t: parse_rated(t, "traits", True),
                 choices=tuple(o.traits)),
            Step("abilities", f"Abilities (professions, skill-sets, weapons) bought with your {o.triumphs} "
                 f"triumphs; a rating costs, in all, {_cost_line('ability', 4)}. E.g. 'swordsmanship 3, stealth 2'?",
                 lambda t: parse_rated(t, "abilities")),
            Step("skills", self._skills_question(o.triumphs, {}), lambda t: parse_rated(t, "skills"),
                 ask=lambda answers: self._skills_question(o.triumphs, answers.get("abilities") or {})),
            Step("fits", fits_question({}), parse_fits, optional=True, ask_if=lambda answers: bool(unfit(answers)),
                 ask=fits_question),
            Step("gear", "Gear, e.g. 'sword +1, leather armor 1, rope' (a weapon's number is its damage, armor's "
                 "its protection); Enter for none:", parse_gear, optional=True),
        ]

    @staticmethod
    def _skills_question(triumphs: int, abilities: dict[str, int]) -> str:
        """The skills question with the triumphs the abilities left ("from what is left" made a newcomer count)."""
        left = triumphs - sum(cost_between("ability", 0, r) for r in abilities.values() if isinstance(r, int))
        return (f"Skills (specific: parrying, lock-picking, tracking...) bought with the {max(0, left)} triumphs "
                f"left; a rating costs, in all, {_cost_line('skill', 5)}. E.g. 'parrying 2, lock-picking 2'?")

    def creation_placeholders(self, options: dict[str, Any]) -> dict[str, Any]:
        return {"traits": {}, "abilities": {}, "skills": {}, "fits": {}, "gear": [], "concept": None}

    def example_answers(self, options: dict[str, Any]) -> dict[str, str]:
        o = self._options(options)
        budget = o.triumphs
        abilities = "thievery 3, swordsmanship 2" if budget >= 14 else "thievery 1"
        skills = "lock-picking 2, parrying 2" if budget >= 20 else "lock-picking 1" if budget >= 3 else "none"
        return {"name": "Tess", "concept": "a wandering thief", "traits": f"{o.traits[0]} +2",
                "abilities": abilities, "skills": skills, "gear": "sword +1, leather armor 1"}

    def creation_args(self, answers: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in answers.items() if v is not None}

    def random_args(self, name: str, concept: str | None, options: dict[str, Any]) -> dict[str, Any]:
        return {"name": name, **({"concept": concept} if concept else {})}

    def skills(self) -> list[str]:
        return [*CHECK_WORDS, *DEFAULT_TRAITS]

    def resources(self, sheet: dict[str, Any]) -> str:
        return f"♥ {sheet.get('health', '?')}/{sheet.get('max_health', '?')} triumphs {sheet.get('triumphs', 0)}"

    def check_call(self, actor: str, what: str, modifier: int) -> tuple[str, dict[str, Any]]:
        """``/check Aria stealth``: an activity; a trait of the sheet (the GM's call); or an ability or skill's name,
        read as the activity it serves (the engine then uses the character's best fit for it)."""
        word = " ".join(what.strip().lower().split())
        if word in CHECK_WORDS:
            return "mastery_check", {"actor": actor, "activity": word, "circumstance": modifier}
        served = [a for a in ACTIVITIES if a in activities_of_name(word) and a in CHECK_WORDS]
        if served:
            return "mastery_check", {"actor": actor, "activity": served[0], "circumstance": modifier}
        if re.fullmatch(r"[a-z][a-z -]{0,29}", word):
            return "mastery_check", {"actor": actor, "trait": word, "circumstance": modifier}
        raise UserError(f"'{what}' is not an activity or a trait. Activities: {', '.join(CHECK_WORDS)}.")

    # -- odds before the roll ---------------------------------------------------------------------------------
    def preview(self, state: TableState, tool: str, args: dict[str, Any]) -> Preview | None:
        p = scratch_preview(state, tool, args, kept(_explains_the_pool))
        if p is None:
            return None
        r = p.result
        who = getattr(r, "actor", None) or getattr(r, "attacker", None) or ""
        title = f"Before the roll — {who}: " if who else "Before the roll — "
        if tool == "mastery_check":
            title += f"{r.trait_name}" + "".join(f" + {n}" for n in (r.ability, r.skill) if n)
            title += f", {r.needed} {'success' if r.needed == 1 else 'successes'} needed (each line: successes)"
        elif tool == "mastery_attack" and r.attack is not None:
            title += f"attacks {r.defender} (each line: attacker's successes minus defender's)"
            p.lines.append(exact_line("Damage it may deal", r.attack.damage_odds.exact))
        else:
            title += tool.removeprefix("mastery_").replace("_", " ")
        return replace(p, title=title)

    # -- views ----------------------------------------------------------------------------------------------
    def sheet_view(self, sheet: dict[str, Any]) -> Any:
        table = sheet_table(sheet, ("traits", "abilities", "skills"))
        columns = [[f"{k} {v:+d}" for k, v in sheet.get(part, {}).items()] for part in ("traits", "abilities",
                                                                                        "skills")]
        for i in range(max(len(c) for c in columns) or 1):
            table.add_row(*(Text(c[i]) if i < len(c) else Text("") for c in columns))
        pairs = [("health boxes", f"{sheet.get('health')}/{sheet.get('max_health')}"),
                 ("triumphs", str(sheet.get("triumphs", 0)))]
        if sheet.get("harm") is not None:
            pairs.append(("harm (fearsome)", str(sheet["harm"])))
        if sheet.get("gear"):
            pairs.append(("gear", gear_text(sheet["gear"])))
        return Group(table, key_values("", pairs))

    def inventory_view(self, sheet: dict[str, Any]) -> Any:
        rows = [[g["name"], g.get("kind", "item"), f"{g.get('modifier', 0):+d}" if g.get("kind") != "item" else "",
                 g.get("style") or ""] for g in sheet.get("gear", [])]
        return rows_table(f"{sheet.get('name', '?')}'s gear", ["item", "kind", "modifier", "style"],
                          rows or [["—", "", "", ""]])

    def party_row(self, name: str, sheet: dict[str, Any], state: TableState) -> dict[str, str]:
        return party_row(name, sheet, state, {
            "traits": ", ".join(f"{k} {v:+d}" for k, v in sheet.get("traits", {}).items() if v),
            "♥": out_of(sheet, "health"),
            "abilities": ", ".join(f"{k} {v}" for k, v in sheet.get("abilities", {}).items()),
            "skills": ", ".join(f"{k} {v}" for k, v in sheet.get("skills", {}).items())})




LESSONS: dict[str, Lesson] = {
    "challenges": Lesson("challenges", "Roll 1 + trait + ability + skill + circumstance dice and count those at or "
                         "above the target number; the GM says how many successes are needed.",
                         "mastery_challenge", {"die": 6, "trait": 1, "ability": 2, "skill": 1, "tn": "Normal",
                                               "needed": 2, "trait_name": "agility", "ability_name": "athletics",
                                               "skill_name": "climbing"}),
    "opposed": Lesson("opposed", "When characters oppose one another, both roll; the one with more successes wins, "
                      "and the degree is the difference.", "mastery_opposed",
                      {"die": 6, "first": {"name": "Tess", "trait": 2, "ability": 2, "trait_name": "agility",
                                           "ability_name": "stealth"},
                       "second": {"name": "Guard", "trait": 1, "skill": 1, "trait_name": "cunning",
                                  "skill_name": "listening"}}),
    "average": Lesson("average", "A foe that doesn't roll is assumed average: its degree is half its pool.",
                      "mastery_average", {"die": 6, "trait": 1, "ability": 2, "skill": 2}),
    "hazards": Lesson("hazards", "Fearsome Challenges: jumping the spiked pit takes two successes at Difficult; "
                      "failure marks 4 health boxes.", "mastery_hazard",
                      {"die": 6, "hazard": "spiked pit", "trait": 1, "ability": 2, "tn": "Difficult", "needed": 2,
                       "damage": 4, "health": 10, "trait_name": "agility", "ability_name": "athletics"}),
    "initiative": Lesson("initiative", "Single-Action Roundtable: a challenge to act first; higher degree first, "
                         "ties to the higher agility.", "mastery_initiative",
                         {"die": 6, "combatants": [{"name": "Tess", "trait": 2, "tie_trait": 2},
                                                   {"name": "Bandit", "trait": 1, "skill": 1, "tie_trait": 1}]}),
    "attacks": Lesson("attacks", "Single-Action Roundtable: an attack is contested; the winner deals degree + "
                      "weapon - armor; a defender who wins gets a die on the next attack.", "mastery_attack_roll",
                      {"die": 6, "attacker": {"name": "Tess", "trait": 2, "ability": 3},
                       "defender": {"name": "Bandit", "trait": 1, "ability": 2, "skill": 1}, "weapon": 1,
                       "armor": 1, "defender_health": 10}),
    "bloodbath": Lesson("bloodbath", "Bloodbath: secret actions, all at once — attack against attack hits with raw "
                        "successes, attack against defend or flee is opposed.", "mastery_bloodbath",
                        {"die": 6, "fighters": [
                            {"name": "Tess", "action": "attack", "target": "Bandit", "trait": 2, "ability": 3,
                             "weapon": 1, "health": 10},
                            {"name": "Bandit", "action": "defend", "trait": 1, "ability": 2, "skill": 1,
                             "armor": 1, "health": 8}]}),
    "advancement": Lesson("advancement", "Triumphs buy traits, abilities and skills step by step by the cost "
                          "tables.", "mastery_cost", {"kind": "ability", "start": 0, "end": 3}),
    "health": Lesson("health", "Health boxes: a base of 10 (5 or 3 when gritty), perhaps tied to a trait, "
                     "minimum 1.", "mastery_health_boxes", {"base": 10, "trait": 1, "trait_name": "fortitude"}),
}

RULES = MasteryRules()
