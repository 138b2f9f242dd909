"""Brew at the table: the campaign's options, guided creation questions, the status line, ``/check``, odds
previews, ``/learn`` lessons, sheets, scenes and encounters.

The numbers all come from the engine: previews are dry runs of the real table tool (:func:`dry_run_preview`), and
each creation answer is judged by ``brew_add_character`` itself (the wizard probes it).
"""

from __future__ import annotations

import json
import re
from typing import Any

from rich.console import Group
from rich.text import Text

from narrator.game.answers import choice_step, text_answer, yes_no_step
from narrator.game.rules import (
    BaseRules, Lesson, Preview, Step, StepError, exact_line, kept, out_of, party_row, scratch_preview,
    with_concept_gear,
)
from narrator.game.views import key_values, rows_table, sheet_table
from narrator.tools.errors import UserError
from narrator.tools.systems.brew.characters import GENERAL_FLAWS, GENERAL_TRICKS, concept_gear
from narrator.tools.systems.brew.rules import (
    ANCESTRIES, ATTRIBUTES, CLASSES, FLAWS, MAGIC_FIELDS, SKILLS, THRESHOLDS, TRICKS,
)
from narrator.tools.systems.brew.sheet_view import gear_line, weapon_kind
from narrator.tools.table import TableState
from narrator.tools.steps import Step as Line

OUTCOME_NAMES = {"failure": "failure", "success": "success", "perfect": "perfect success (+1 threshold)",
                 "astounding": "astounding success (+2 thresholds)", "hit": "the attack lands", "miss": "it misses",
                 "countered": "the defender strikes back"}
MAX_ANSWER = 200
ALIASES = {"animal-handling": "animal handling", "animal_handling": "animal handling", "animals": "animal handling",
           "handling": "animal handling", "athletic": "athletics", "investigate": "investigation",
           "perform": "performance", "sneak": "stealth", "heal": "medicine", "pow": "power", "prec": "precision",
           "per": "perception", "cha": "charisma", "wit": "wits"}


PREVIEW_KINDS = frozenset({
    "brew.pool", "brew.against", "brew.collab_against", "brew.pool_fails", "brew.pool_meets", "brew.modifier",
    "brew.keep", "brew.best_at", "brew.automatic", "brew.side_sheet", "brew.rolls", "brew.collab_try",
    "brew.concurrent", "brew.flat_defence",
})
"""The steps a preview shows before the roll: the pools, the difficulty, the modifiers, the dice kept, who rolls."""
PREVIEW_TEXT = ("Pool =", "Against difficulty", "The pool", "Modifier", "2d6 keep", "Best at", "Defending",
                "Attacker ", "Defender ", "Caster ")


def _before_the_roll(line: Line | str) -> bool:
    """Whether a preview shows this step: by its kind (a side's pool too), or, for a line still written as text, by
    its opening words."""
    if isinstance(line, Line):
        inner = line.values.get("line")
        return line.kind in PREVIEW_KINDS or (line.kind == "brew.side" and isinstance(inner, Line)
                                              and inner.kind == "brew.pool")
    return line.startswith(PREVIEW_TEXT) or ": Pool =" in line or " rolls " in line[:60]


# --- answers ---------------------------------------------------------------------------------------------------------


def _word(text: str) -> str:
    word = text.strip().lower()
    return ALIASES.get(word, word)


def parse_scores(text: str, names: tuple[str, ...], what: str, allow_empty: bool = False) -> dict[str, int]:
    """'power 3, precision 2', 'power=3 wits=4', a JSON object, or (for all of them) numbers in order."""
    text = text.strip()
    if not text or text.lower() in ("none", "no", "-"):
        if allow_empty:
            return {}
        raise StepError(f"Give the {what}, e.g. '{names[0]} 3, {names[1]} 2'.")
    if text.startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise StepError(f"That is not valid JSON ({e.msg}).") from None
        if not isinstance(data, dict):
            raise StepError(f"The {what} are a JSON object of name: score.")
        return {_word(str(k)): v for k, v in data.items()}
    pairs = re.findall(r"([a-z][a-z _-]*?)\s*[:= ]\s*(-?\d{1,2})\b", text.lower())
    if pairs:
        out: dict[str, int] = {}
        for name, score in pairs:
            key = _word(name.strip(" ,;"))
            if key not in names:
                raise StepError(f"'{name.strip()}' is not one of the {what}: {', '.join(names)}.")
            out[key] = int(score)
        return out
    numbers = re.findall(r"-?\d+", text)
    if len(numbers) == len(names) and not re.sub(r"-?\d+|[\s,;/]", "", text):
        return dict(zip(names, map(int, numbers)))
    raise StepError(f"Write the {what} as 'name score' pairs, e.g. '{names[0]} 3, {names[1]} 2'"
                    + (f", or {len(names)} numbers in the order {', '.join(names)}." if len(names) <= 6 else "."))


def parse_ancestry(text: str) -> dict[str, Any]:
    """'none', 'elf', 'undergroundling', 'human wits' (+1), or the setting's own: 'goblin speed -power'."""
    words = text.strip().lower().split()
    if not words or words[0] in ("none", "no", "-"):
        return {"ancestry": None}
    name, rest = words[0], [w.strip(",") for w in words[1:]]
    if name == "human":
        if len(rest) != 1 or rest[0] not in ATTRIBUTES:
            raise StepError("A human takes +1 to one attribute: 'human wits'.")
        return {"ancestry": "human", "ancestry_choice": rest[0]}
    if name in ANCESTRIES:
        if rest:
            raise StepError(f"The {name} ancestry has no choices: just '{name}'.")
        return {"ancestry": name}
    plus = [w for w in rest if w in ATTRIBUTES]
    minus = [w[1:] for w in rest if w.startswith("-") and w[1:] in ATTRIBUTES]
    if len(plus) != 1 or len(minus) != 1:
        raise StepError(f"A setting's own ancestry gives +2 to one attribute and -1 to another: '{name} speed "
                        "-power'. The book's: none, human and an attribute ('human wits'), elf, undergroundling.")
    return {"ancestry": name, "ancestry_choice": plus[0], "ancestry_minus": minus[0]}


def parse_class(text: str) -> dict[str, Any]:
    """'none', 'rogue warrior precision conmanship', 'servant to a martial god power weaponsmithing'."""
    t = text.strip().lower()
    if not t or t in ("none", "no", "-"):
        return {"character_class": None}
    for name, spec in CLASSES.items():
        short = name.split()[0]
        if t.startswith(name) or t.startswith(short):
            rest = t[len(name):] if t.startswith(name) else t[len(short):]
            choice = next((c for c in spec["either"] if re.search(rf"\b{c}\b", rest)), None)
            special = next((s for s in spec["specialties"] if s in rest), None)
            if choice is None or special is None:
                raise StepError(f"The {name}: +2 on either {' or '.join(spec['either'])}, and a free specialty: "
                                f"{', '.join(spec['specialties'])}. E.g. '{name} {spec['either'][0]} "
                                f"{next(iter(spec['specialties']))}'.")
            return {"character_class": name, "class_choice": choice, "class_specialty": special}
    raise StepError(f"Choose none, or one of: {', '.join(CLASSES)} (the book's samples).")


def parse_specialty(text: str, optional: bool = True) -> dict[str, str] | None:
    """'Geriatric Care (medicine)' or 'none'."""
    t = text.strip()
    if not t or t.lower() in ("none", "no", "-"):
        return None
    m = re.fullmatch(r"(.+?)\s*\(\s*([a-z ]+?)\s*\)", t, flags=re.I)
    if not m:
        raise StepError("Write a specialty as 'name (skill)', e.g. 'Geriatric Care (medicine)', or 'none'.")
    skill = _word(m.group(2))
    if skill not in (*SKILLS, *MAGIC_FIELDS):
        raise StepError(f"'{m.group(2)}' is not a skill: {', '.join(SKILLS)}.")
    return {"name": m.group(1).strip(), "skill": skill}


def heritage_question(kind: str, answers: dict[str, Any]) -> str:
    """The tricks (or flaws) question once the ancestry and class are known: what they give, named, and only the
    book's general ones offered — a newcomer who typed the example ('Lucky') when the class gives it, or another
    ancestry's trick, was refused. Reading (brew.md#Choose Tricks and Flaws, and the sheet's checks): the ancestry's
    and the class's own come with them; a character chooses one more trick unless the ancestry gives one, and needs
    at least one flaw."""
    ancestry = ANCESTRIES.get(str((answers.get("ancestry") or {}).get("ancestry") or ""))
    klass = CLASSES.get(str((answers.get("character_class") or {}).get("character_class") or ""))
    from_ancestry = [ancestry[kind]] if ancestry and ancestry.get(kind) else []
    from_class = [*klass["tricks"]] if klass and kind == "trick" else [klass["flaw"]] if klass else []
    given = [*from_ancestry, *from_class]
    others = [n for n in (GENERAL_TRICKS if kind == "trick" else GENERAL_FLAWS) if n not in given]
    offered = f"e.g. '{others[0]}' — {', '.join(others)}"
    if not given:
        return f"{kind.capitalize()}(s) you choose (without an ancestry, or as a human: one), {offered}?"
    source = " and ".join(w for w, has in (("ancestry", from_ancestry), ("class", from_class)) if has)
    came = f"{', '.join(given[:-1]) + ' and ' if len(given) > 1 else ''}{given[-1]} " \
           f"come{'s' if len(given) == 1 else ''} with your {source}"
    if kind == "trick":
        return f"{came}; choose one more trick, {offered}?" if not from_ancestry else \
            f"{came}: no trick left to choose (press Enter)."
    return f"{came}. Any more flaws (Enter for none)? {', '.join(others)}"


def parse_list(text: str) -> list[str]:
    t = text.strip()
    if not t or t.lower() in ("none", "no", "-"):
        return []
    known = {k.lower(): k for k in (*TRICKS, *FLAWS)}
    return [known.get(x.strip().lower(), x.strip()) for x in re.split(r"[,;]", t) if x.strip()][:4]


def parse_professions(text: str) -> dict[str, int]:
    """'farmer 2, chemist 1' or nothing."""
    if not text.strip():
        return {}
    pairs = re.findall(r"([a-z][a-z ]*?)\s*[:= ]\s*(\d{1,2})\b", text.lower())
    if not pairs:
        raise StepError("Write each profession with its dots: 'farmer 2, chemist 1'.")
    return {k.strip(" ,;"): int(v) for k, v in pairs}


def _points(text: str) -> int:
    if not re.fullmatch(r"\d{1,2}", text.strip()):
        raise StepError("A number of extra free points, 0 to 50.")
    return int(text)


# --- the adapter -----------------------------------------------------------------------------------------------------


class BrewRules(BaseRules):
    system = "brew"
    sheet_words = ("attribute", "skill", "specialty", "profession", "trick", "flaw", "class", "ancestry",
                   "field of magic")
    odds_labels = OUTCOME_NAMES
    scene_kinds = ("narrator.game.systems.brew_play:journey",)
    encounter_kind = "narrator.game.systems.brew_play:BrewEncounters"

    def option_steps(self) -> list[Step]:
        return [
            choice_step("healing", "Healing: realistic (the base rules: slow, deadly) or simplified (combat-heavy "
                        "games)?", ("realistic", "simplified"), "realistic"),
            choice_step("health_rule", "Health penalties at 5 and 3: standard, halved or ignored?",
                        ("standard", "halved", "ignored"), "standard"),
            choice_step("mana_refresh", "Mana refresh: daily (at dawn), timed (2 hours after use) or ritual?",
                        ("daily", "timed", "ritual"), "daily"),
            Step("extra_points", "Extra free points for more highly powered characters (0 for the standard)?",
                 _points, default="0"),
            yes_no_step("best_at_thing", "Use the optional rule Best at Thing (yes/no)?"),
        ]

    def creation_steps(self, options: dict[str, Any]) -> list[Step]:
        extra = options.get("extra_points", 0) or 0
        more = f" (+{extra} extra free points in this campaign)" if extra else ""
        return [
            Step("name", "Name?", text_answer("name")),
            Step("concept", "Concept in a few words (press Enter to skip)?", text_answer("concept", MAX_ANSWER, True),
                 optional=True),
            Step("ancestry", "Ancestry: none; human (+1 to an attribute you name, e.g. 'human wits'); elf (+2 "
                 "perception, -1 power, small); undergroundling (+2 power, -1 charisma)?", parse_ancestry,
                 default="none",
                 choices=("none", "human", "elf", "undergroundling")),
            Step("character_class", "Class: none; rogue warrior (+2 melee, +2 to power or precision, specialty "
                 "criminal underworld or conmanship); servant to a martial god (+2 melee, +2 to power or stealth, "
                 "specialty weaponsmithing, politics or command). Type the class, its +2 and its specialty, e.g. "
                 "'rogue warrior precision conmanship'?", parse_class,
                 default="none", choices=("none", *CLASSES)),
            Step("attributes", f"Attributes (each starts at 1; spend 10 points here, and any of the 5 free points, "
                 f"which skills and magic can also take{more}): power, precision, speed, perception, wits, charisma, "
                 "e.g. 'power 2 precision 2 speed 2 perception 3 wits 4 charisma 3'?",
                 lambda t: parse_scores(t, ATTRIBUTES, "attributes"), choices=ATTRIBUTES),
            Step("skills", f"Skills (from 0; 10 points, 12 without a free specialty; at most 5): "
                 f"{', '.join(SKILLS)} (craft also shoots bows and guns, melee fights hand to hand) — e.g. 'medicine "
                 "3, interaction 2, survival 2'?",
                 lambda t: parse_scores(t, SKILLS, "skills"), choices=SKILLS),
            Step("professions", "If you bought Profession: which profession(s), e.g. 'farmer 2' (Enter to skip)?",
                 parse_professions,
                 optional=True),
            Step("magic", "Magic (5 points, or free points if unused): transfiguration, healing, destruction, "
                 "illusion, scrying, odds, movement — e.g. 'healing 3, odds 2', or 'none'?",
                 lambda t: parse_scores(t, MAGIC_FIELDS, "fields of magic", allow_empty=True), default="none",
                 choices=MAGIC_FIELDS),
            Step("specialty", "Your free specialty: 'name (skill)', e.g. 'First Aid (medicine)', or 'none' for 2 more "
                 "skill points?", parse_specialty, default="none"),
            Step("second_specialty", "A second specialty (its skill costs double, at least 2), or 'none'?",
                 parse_specialty, default="none", optional=True),
            Step("tricks", heritage_question("trick", {}), parse_list,  # no default: "none" is refused for most
                 ask=lambda answers: heritage_question("trick", answers)),
            Step("flaws", heritage_question("flaw", {}), parse_list,  # one at least
                 ask=lambda answers: heritage_question("flaw", answers)),
        ]

    def creation_placeholders(self, options: dict[str, Any]) -> dict[str, Any]:
        return {"ancestry": {"ancestry": None}, "character_class": {"character_class": None}, "attributes": {},
                "skills": {}, "magic": {}, "specialty": None, "second_specialty": None, "tricks": [],
                "flaws": [], "concept": None, "professions": {}}

    def example_answers(self, options: dict[str, Any]) -> dict[str, str]:
        return {"name": "Tess", "concept": "a wandering healer", "ancestry": "human wits", "character_class": "none",
                "attributes": "power 2 precision 2 speed 2 perception 3 wits 4 charisma 3",
                "skills": "medicine 3, interaction 2, survival 2, investigation 2, athletics 1", "professions": "",
                "magic": "healing 3, odds 2", "specialty": "First Aid (medicine)", "second_specialty": "none",
                "tricks": "Lucky", "flaws": "Thin Face"}

    def creation_args(self, answers: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
        args: dict[str, Any] = {}
        for key, value in answers.items():
            if key in ("ancestry", "character_class") and isinstance(value, dict):
                args.update({k: v for k, v in value.items() if v is not None})
            elif value is not None and value != {} or key in ("attributes", "skills"):
                args[key] = value
        extra = options.get("extra_points", 0)
        if isinstance(extra, int) and extra:
            args["extra_points"] = extra
        if options.get("best_at_thing") and "best_at" in answers:
            args["best_at"] = answers["best_at"]
        return with_concept_gear(args, concept_gear)

    def random_args(self, name: str, concept: str | None, options: dict[str, Any]) -> dict[str, Any]:
        args = super().random_args(name, concept, options)
        extra = options.get("extra_points", 0)
        return {**args, "extra_points": extra} if isinstance(extra, int) and 0 < extra <= 50 else args

    def skills(self) -> list[str]:
        return [s.replace(" ", "-") for s in SKILLS] + list(ATTRIBUTES) + list(MAGIC_FIELDS)

    def resources(self, sheet: dict[str, Any]) -> str:
        parts = [f"♥ {sheet.get('health', '?')}/{sheet.get('max_health', '?')}",
                 f"resolve {sheet.get('resolve', '?')}/{sheet.get('max_resolve', '?')}"]
        if sheet.get("max_mana"):
            parts.append(f"mana {sheet.get('mana')}/{sheet.get('max_mana')}")
        health = sheet.get("health", 10)
        if isinstance(health, int):
            parts.append("dead" if health <= -5 else "dying" if health < 0 else "down" if health == 0 else
                         "badly hurt" if health <= 3 else "hurt" if health <= 5 else "")
        if sheet.get("lasting_injuries"):
            parts.append("injured: " + ", ".join(i["name"] for i in sheet["lasting_injuries"]))
        return " ".join(p for p in parts if p)

    def check_call(self, actor: str, what: str, modifier: int) -> tuple[str, dict[str, Any]]:
        word = _word(what)
        if word in ATTRIBUTES:
            return "brew_skill_roll", {"actor": actor, "attribute": word, "modifier": modifier}
        if word in SKILLS:
            return "brew_skill_roll", {"actor": actor, "skill": word, "modifier": modifier}
        if word in MAGIC_FIELDS:
            return "brew_cast_spell", {"actor": actor, "field": word, "modifier": modifier}
        raise UserError(f"'{what}' is not a Brew skill, attribute or field of magic. Skills: "
                        f"{', '.join(s.replace(' ', '-') for s in SKILLS)}; attributes: {', '.join(ATTRIBUTES)}; "
                        f"fields: {', '.join(MAGIC_FIELDS)}.")

    # -- odds before the roll -------------------------------------------------------------------------------
    def preview(self, state: TableState, tool: str, args: dict[str, Any]) -> Preview | None:
        p = scratch_preview(state, tool, args, kept(_before_the_roll))
        if p is not None and tool == "brew_attack_target":
            p.lines.append(exact_line("Damage it may deal", p.result.damage_exact))
        if p is not None and not p.refs:
            p.refs.append(THRESHOLDS)
        return p

    # -- views ----------------------------------------------------------------------------------------------
    def sheet_view(self, sheet: dict[str, Any]) -> Any:
        heritage = " ".join(x for x in (sheet.get("ancestry"), sheet.get("character_class")) if x)
        table = sheet_table(sheet, ("attribute", "score", "skill", "score "), f", {heritage}" if heritage else "")
        attrs = sheet.get("attributes", {})
        skills = [(s, v) for s, v in sheet.get("skills", {}).items() if v]
        for i in range(max(len(ATTRIBUTES), len(skills))):
            a = ATTRIBUTES[i] if i < len(ATTRIBUTES) else ""
            s, v = skills[i] if i < len(skills) else ("", "")
            table.add_row(a, str(attrs.get(a, "")) if a else "", Text(s), str(v))
        pairs = [("health", f"{sheet.get('health')}/{sheet.get('max_health')}"),
                 ("resolve", f"{sheet.get('resolve')}/{sheet.get('max_resolve')}")]
        if sheet.get("max_mana"):
            pairs.append(("mana", f"{sheet.get('mana')}/{sheet.get('max_mana')}"))
        if sheet.get("magic"):
            pairs.append((f"magic ({sheet.get('magic_attribute', 'wits')})",
                          ", ".join(f"{k} {v}" for k, v in sheet["magic"].items())))
        if sheet.get("specialties"):
            pairs.append(("specialties", ", ".join(f"{s['name']} ({s['skill']})" for s in sheet["specialties"])))
        if sheet.get("professions"):
            pairs.append(("professions", ", ".join(f"{k} {v}" for k, v in sheet["professions"].items())))
        pairs.append(("tricks / flaws", f"{', '.join(sheet.get('tricks', [])) or '—'} / "
                                        f"{', '.join(sheet.get('flaws', [])) or '—'}"))
        if sheet.get("lasting_injuries"):
            pairs.append(("lasting injuries", ", ".join(f"{i['name']} ({i['healing_left']} to heal)"
                                                        for i in sheet["lasting_injuries"])))
        if sheet.get("gear"):
            pairs.append(("gear", ", ".join(gear_line(g) for g in sheet["gear"])))
        pairs.append(("xp", str(sheet.get("xp", 0))))
        return Group(table, key_values("", pairs))

    def inventory_view(self, sheet: dict[str, Any]) -> Any:
        rows = []
        for g in sheet.get("gear", []):
            stat = f"soak {g.get('soak', 0)}" if g.get("kind") == "armor" else \
                weapon_kind(g) if g.get("kind") == "weapon" else ""
            rows.append([g["name"], g.get("kind", "item"), stat])
        table = rows_table(f"{sheet.get('name', '?')}'s equipment", ["item", "kind", "stats"], rows or [["—", "", ""]])
        load = "laden: -2 to Speed and Precision" if sheet.get("laden") else "light"
        return Group(table, Text(f"Load: {load} (brew.md#Load)."))

    def party_row(self, name: str, sheet: dict[str, Any], state: TableState) -> dict[str, str]:
        attrs = sheet.get("attributes", {})
        return party_row(name, sheet, state, {
            "/".join(a[:3] for a in ATTRIBUTES): "/".join(str(attrs.get(a, "?")) for a in ATTRIBUTES),  # which is which
            "♥": out_of(sheet, "health"),
            "resolve": out_of(sheet, "resolve"),
            "skills": ", ".join(f"{k} {v}" for k, v in sheet.get("skills", {}).items() if v)})


LESSONS: dict[str, Lesson] = {
    "skill rolls": Lesson("skill rolls", "Attribute + skill + 1d6 against a difficulty (6 easy, 8 challenging, 10 "
                          "expert); each 2 points above it is a threshold higher. Shaggy Pete lassoes a wild horse.",
                          "brew_check", {"attribute": 2, "skill": 3, "difficulty": 8, "attribute_name": "precision"}),
    "specialties": Lesson("specialties", "A specialty rolls 2d6 and keeps the higher: Shania helping an elderly "
                          "patient.", "brew_check", {"attribute": 3, "skill": 3, "difficulty": 8, "specialty": True,
                                                     "attribute_name": "wits"}),
    "resolve": Lesson("resolve", "A failed roll whose die showed more than 1 can be rerolled for a Resolve point "
                      "(5, back after 5 hours of rest; never in Downtime).", "brew_reroll",
                      {"attribute": 2, "skill": 2, "difficulty": 8, "previous_die": 3, "resolve": 5}),
    "chance rolls": Lesson("chance rolls", "After a success in Bullet Time: one more d6; 1-3 fails the action, 4-6 "
                           "adds.", "brew_chance_roll", {"total": 9, "difficulty": 8}),
    "contests": Lesson("contests", "Both sides roll their own pool + 1d6; the higher total wins.", "brew_contest",
                       {"a": {"name": "Sugar sculptor", "attribute": 3, "skill": 2},
                        "b": {"name": "Pie baker", "attribute": 2, "skill": 3}}),
    "teamwork": Lesson("teamwork", "One pool, everyone's dice: Pete and Marlo chisel through the bars.",
                       "brew_collaborate", {"participants": [{"name": "Pete", "pool": 4}, {"name": "Marlo", "pool": 3}],
                                            "difficulty": 10, "mode": "consecutive", "minutes_per_roll": 15}),
    "combat": Lesson("combat", "Attack and defence are a contested roll; winning by 2 adds a point of damage and "
                     "armor soaks. Pete punches Marlo.", "brew_attack",
                     {"attacker": {"name": "Pete", "attribute": 2, "skill": 3, "attribute_name": "power"},
                      "weapon": {"attack_type": "unarmed"},
                      "defender": {"name": "Marlo", "attribute": 2, "skill": 2, "attribute_name": "precision"},
                      "armor_soak": 1}),
    "initiative": Lesson("initiative", "Turns go by Speed, ties by a d6 each.", "brew_initiative",
                         {"combatants": [{"name": "Marlo", "speed": 3}, {"name": "Pete", "speed": 3},
                                         {"name": "Cranky Ted", "speed": 2}]}),
    "damage": Lesson("damage", "Health 10: hurt at 5, badly hurt at 3, unconscious at 0, dying below, dead at -5; a "
                     "lasting injury absorbs up to 5. Jenny is hit by a car.", "brew_damage",
                     {"health": 3, "amount": 4, "power": 2, "absorb": 5}),
    "healing": Lesson("healing", "Magical healing: 6 heals 2, 8 heals 4, 12 heals 8. Xuan Fengyin tends a cut.",
                      "brew_heal_roll", {"method": "magic", "attribute": 3, "skill": 3, "patient_health": 5,
                                         "attribute_name": "perception"}),
    "recovery": Lesson("recovery", "Stabilised at 1 for 10 - Power days, then 1 a day (2 with care): Bertha in "
                       "hospital.", "brew_recovery", {"health": 1, "power": 4, "stabilising_days": 6,
                                                      "care": [True] * 8}),
    "weather": Lesson("weather", "Extreme heat or cold: every five hours Power + Survival against 10 - Power, or "
                      "1 damage. Bertha in the desert.", "brew_weather", {"power": 4, "survival": 3, "hours": 5}),
    "magic": Lesson("magic", "A spell is an attribute + a field of magic; no point in the field, no spell; one mana "
                    "slot each.", "brew_cast", {"attribute": 3, "skill": 1, "field": "odds", "difficulty": 8,
                                                "mana": 3}),
    "characters": Lesson("characters", "10 attribute points (from 1), 10 skill points, 5 magic or free, 5 free; a "
                         "free specialty, a second at double cost: Shania.", "brew_character_create",
                         {"name": "Shania", "attributes": {"perception": 3, "wits": 3, "charisma": 3, "power": 2,
                                                           "precision": 2, "speed": 2},
                          "skills": {"medicine": 3, "performance": 2, "interaction": 3},
                          "specialty": {"name": "Geriatric Care", "skill": "medicine"},
                          "second_specialty": {"name": "Pop Musician", "skill": "performance"},
                          "tricks": ["Winning Arguments"], "flaws": ["Thin Face"]}),
    "experience": Lesson("experience", "XP buys advances: attribute 3 x score, skill 2 x score, specialty 4 x "
                         "skill, trick 10, class 50.", "brew_xp_cost", {"advance": "attribute", "score": 3}),
}

RULES = BrewRules()
