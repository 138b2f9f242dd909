"""Mini Six at the table: the campaign option (Thule's house rules), guided creation, the status line, ``/check``,
odds previews, ``/learn`` lessons, sheets, the party, scenes and encounters.

Every number comes from the engine: previews are dry runs of the real ``minisix_check`` / ``minisix_attack_target``
on the table (:func:`narrator.game.rules.dry_run_preview`), so the odds shown are the ones the roll will use.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace
from itertools import takewhile
from typing import Any

from rich.console import Group
from rich.text import Text

from narrator.game.answers import named_values, text_answer, yes_no_step
from narrator.game.rules import BaseRules, Lesson, Preview, Step, StepError, party_row, scratch_preview
from narrator.game.views import key_values, rows_table, sheet_table
from narrator.tools.errors import UserError
from narrator.tools.systems.minisix.codes import CodeError, DieCode, code
from narrator.tools.systems.minisix.damage import level_name
from narrator.tools.systems.minisix.gear import ARMOR, BUCKLER, MELEE, MISSILE, SHIELD, THROWN
from narrator.tools.systems.minisix.rules import (
    ATTRIBUTE_OF_SKILL, ATTRIBUTES, COMPLICATIONS, PERKS, SKILL_DICE, WOUND_PENALTY,
)
from narrator.tools.systems.minisix.sheet_view import SKILL_LIST, gear_text
from narrator.tools.table import TableState

MAX_ANSWER = 200
GEAR = {g.name: g for g in (*MELEE, *MISSILE, *THROWN, *ARMOR, SHIELD, BUCKLER)}


# --- answers to guided creation ----------------------------------------------------------------------------------


def _code(text: str, what: str) -> str:
    try:
        c = code(text.replace(" ", ""))
    except CodeError:
        raise StepError(f"'{text[:20]}' is not a die code for {what}; write it like 3D, 3D+1 or 2D+2.") from None
    if abs(c.dice) > 20:
        raise StepError(f"{text} is far beyond any {what}.")
    return c.text()


def parse_attributes(text: str) -> dict[str, str]:
    """'3D 3D+1 3D+2 2D' (might, agility, wit, charm), 'might 3D agility 3D+1 ...' or a JSON object."""
    return named_values(text, ATTRIBUTES, r"\d+\s*[dD](?:\s*\+\s*\d+)?", _code, "die codes",
                        ("3D", "3D+1", "3D+2", "2D"))


def parse_skills(text: str) -> dict[str, dict[str, str]]:
    """'brawling +1D, dodge +2D, sword/blade +1D+1 might': dice added per skill; a skill outside the list names
    its attribute after the code."""
    added: dict[str, str] = {}
    custom: dict[str, str] = {}
    text = text.strip()
    if not text or text.lower() in ("none", "-"):
        return {"added": added, "custom": custom}
    for item in filter(None, (p.strip() for p in re.split(r"[,;]", text))):
        m = re.fullmatch(r"(.+?)\s*[:=]?\s*(\+?\s*\d+\s*[dD](?:\s*[+-]\s*\d+)?|\+\s*\d+)\s*(?:\(?\s*(might|agility|wit|"
                         r"charm)\s*\)?)?", item, flags=re.I)
        if not m:
            raise StepError(f"Write each skill as 'name +dice' (got {item[:40]!r}), e.g. 'brawling +1D, dodge +2D'; a "
                            f"skill of your own names its attribute: 'sword/blade +2D might'.")
        name = m.group(1).strip().lower()
        added[name] = _code(m.group(2).replace(" ", ""), name)
        if m.group(3):
            custom[name] = m.group(3).lower()
        elif name not in ATTRIBUTE_OF_SKILL:
            raise StepError(f"'{name}' is not in the skill list; name its attribute after the dice ('{name} +1D "
                            f"might'), or choose from: {SKILL_LIST}.")
    if len(added) > 24:
        raise StepError("That is more skills than 7D can buy.")
    return {"added": added, "custom": custom}


def parse_perks(text: str) -> dict[str, Any]:
    """'lucky, favors', a perk of your own with its cost ('night vision 1'), or nothing."""
    listed: list[str] = []
    custom: dict[str, int] = {}
    text = text.strip()
    if not text or text.lower() in ("none", "-"):
        return {"listed": listed, "custom": custom}
    for item in filter(None, (p.strip().lower() for p in re.split(r"[,;]", text))):
        m = re.fullmatch(r"(.+?)\s+(\d)", item)
        if item in PERKS:
            listed.append(item)
        elif m:
            custom[m.group(1).strip()] = int(m.group(2))
        else:
            listing = ", ".join(f"{p} {c}D" for p, c in PERKS.items())
            raise StepError(f"'{item[:30]}' is not one of the book's perks ({listing}); a perk of your own gives its "
                            "cost in dice: 'night vision 1'.")
    return {"listed": listed, "custom": custom}


def perks_question(answers: dict[str, Any]) -> str:
    """The perks question with the dice the skills left of the shared 7D: a player who spent all 7D on skills and
    then picked a perk was sent back to the skills by a budget error, not told before."""
    added = (answers.get("skills") or {}).get("added", {})
    left = SKILL_DICE * 3 - sum(code(v).total_pips for v in added.values())
    shown = "nothing" if left <= 0 else DieCode.from_pips(left).text()
    return (f"Perks, paid from the {SKILL_DICE}D ({shown} left after your skills; Enter for none): "
            + ", ".join(f"{p} {c}D" for p, c in PERKS.items()) + "?")


def parse_list(text: str, limit: int = 2) -> list[str]:
    text = text.strip()
    if not text or text.lower() in ("none", "-"):
        return []
    items = [p.strip().lower() for p in re.split(r"[,;]", text) if p.strip()]
    if any(len(i) > 60 for i in items):
        raise StepError("Each one in a few words, please.")
    if len(items) > 10:
        raise StepError(f"That is {len(items)}; at most {limit}.")
    return items


def parse_complications(text: str) -> list[str]:
    """Up to two complications; the book's are examples, so a complication of one's own is taken, but a perk is not
    one: "lucky" typed here (a player whose perks question had been skipped) became a complication."""
    items = parse_list(text)
    perks = [i for i in items if i in PERKS]
    if perks:
        raise StepError(f"'{perks[0]}' is a perk (perks are asked before); a complication is a trouble that earns CP "
                        f"when it comes up: {', '.join(COMPLICATIONS)}, or one of your own.")
    return items


def parse_gear(text: str) -> list[dict[str, Any]]:
    """'sword, crossbow, leather cuirass'; a weapon used with a skill of your own names it: 'sword (cutlass)'."""
    out = []
    unknown = []
    for item in parse_list(text, 10):
        m = re.fullmatch(r"(.+?)\s*\((.+)\)", item)
        name, skill = (m.group(1).strip(), m.group(2).strip()) if m else (item, None)
        if name not in GEAR:
            unknown.append(name)
            continue
        gear = GEAR[name].model_dump(mode="json")
        if skill:
            if gear.get("damage") is None:
                raise StepError(f"{name} is not a weapon: only weapons are used with a skill.")
            gear["skill"] = skill
        out.append(gear)
    if unknown:
        raise StepError(f"Not in the gear list: {', '.join(unknown)}. Choose from: {', '.join(GEAR)} (or Enter for "
                        "none); a weapon used with a skill of your own names it: 'sword (cutlass)'.")
    return out


def _before_the_dice(steps: list) -> Iterable:
    """What decides a preview's odds: everything said before the dice are thrown."""
    return takewhile(lambda s: getattr(s, "kind", None) != "minisix.rolled", steps)


# --- the adapter -------------------------------------------------------------------------------------------------


class MiniSixRules(BaseRules):
    system = "minisix"
    sheet_words = ("attribute", "skill", "perk", "complication", "might", "agility", "wit", "charm")
    scene_kinds = ("narrator.game.systems.minisix_play:battlefield",)
    encounter_kind = "narrator.game.systems.minisix_play:MiniSixEncounters"

    def option_steps(self) -> list[Step]:
        return [yes_no_step("thule", "Play with Thule's house rules (Hero Points: +1 each session, spent for +6 or a "
                            "lucky break)? yes or no", also_yes=("thule",), also_no=("",))]

    def creation_steps(self, options: dict[str, Any]) -> list[Step]:
        return [
            Step("name", "Name?", text_answer("name")),
            Step("concept", "Concept in a few words (press Enter to skip)?", text_answer("concept", MAX_ANSWER, True),
                 optional=True),
            Step("attributes", "Attributes: 12D across might, agility, wit, charm, each 2D to 4D, at most one 4D; one "
                 "die may be split into pips (+1/+2), e.g. '3D 3D+1 3D+2 2D' or 'might 4D agility 3D wit 3D charm "
                 "2D'?", parse_attributes, choices=ATTRIBUTES),
            Step("skills", "Skills: 7D (shared with perks), at most +2D on a skill; a skill starts at its attribute. "
                 f"E.g. 'brawling +1D, dodge +2D, melee +2D'. ({SKILL_LIST})?", parse_skills,
                 choices=tuple(ATTRIBUTE_OF_SKILL), shares=("perks",)),
            Step("perks", "Perks, paid from the 7D (Enter for none): "
                 + ", ".join(f"{p} {c}D" for p, c in PERKS.items()) + "?", parse_perks, choices=tuple(PERKS),
                 ask=perks_question),
            Step("complications", f"Up to two complications, each earning a CP when it comes up (Enter for none): "
                 f"{', '.join(COMPLICATIONS)}?", parse_complications, choices=COMPLICATIONS),
            Step("gear", f"Gear (Enter for none): {', '.join(GEAR)}; a weapon you use with a skill of your own "
                 "names it, e.g. 'sword (sword/blade)'?", parse_gear, optional=True,
                 choices=tuple(GEAR)),
        ]

    def creation_placeholders(self, options: dict[str, Any]) -> dict[str, Any]:
        return {"attributes": {a: "3D" for a in ATTRIBUTES}, "skills": {"added": {}, "custom": {}},
                "perks": {"listed": [], "custom": {}}, "complications": [], "concept": None, "gear": []}

    def example_answers(self, options: dict[str, Any]) -> dict[str, str]:
        return {"name": "Tess", "concept": "a wandering healer", "attributes": "might 2D+1 agility 3D wit 4D charm "
                "2D+2", "skills": "medicine +2D, search +1D, dodge +1D, persuasion +1D", "perks": "lucky",
                "complications": "enemies", "gear": "knife, leather cuirass"}

    def creation_args(self, answers: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
        args = {k: v for k, v in answers.items() if v is not None and k not in ("skills", "perks")}
        skills = answers.get("skills") or {"added": {}, "custom": {}}
        perks = answers.get("perks") or {"listed": [], "custom": {}}
        args.update(skills=skills["added"], custom_skills=skills["custom"], perks=perks["listed"],
                    custom_perks=perks["custom"])
        return args

    def skills(self) -> list[str]:
        return [*ATTRIBUTE_OF_SKILL, *ATTRIBUTES]

    def resources(self, sheet: dict[str, Any]) -> str:
        wounds, stuns = int(sheet.get("wounds", 0) or 0), int(sheet.get("stuns", 0) or 0)
        level = level_name(wounds)  # a stun's -1D is the stunned condition; a stun pending is shown beside
        pen = WOUND_PENALTY.get(wounds, 0)
        parts = [f"♥ {level}" + (f" (-{pen}D)" if pen else "") + (" +1 stun" if stuns else "")]
        if sheet.get("hero_points"):
            parts.append(f"HP {sheet['hero_points']}")
        parts.append(f"CP {sheet.get('cp', 0)}")
        return " ".join(parts)

    def check_call(self, actor: str, what: str, modifier: int) -> tuple[str, dict[str, Any]]:
        word = what.strip().lower()
        if word in ATTRIBUTES:
            return "minisix_check", {"actor": actor, "attribute": word, "modifier": modifier}
        if word in ATTRIBUTE_OF_SKILL or "/" in word:
            return "minisix_check", {"actor": actor, "skill": word, "modifier": modifier}
        raise UserError(f"'{what}' is not a Mini Six skill or attribute. Skills: {', '.join(ATTRIBUTE_OF_SKILL)}; "
                        f"attributes: {', '.join(ATTRIBUTES)}.")

    # -- odds before the roll -------------------------------------------------------------------------------
    def preview(self, state: TableState, tool: str, args: dict[str, Any]) -> Preview | None:
        p = scratch_preview(state, tool, args, _before_the_dice)
        if p is None:
            return None
        r = p.result
        if tool == "minisix_check":
            return replace(p, title=f"Before the roll — {r.actor} rolls {r.skill or r.attribute} ({r.rolled}) "
                                    f"against TN {r.tn}:")
        if tool == "minisix_attack_target":
            return replace(p, title=f"Before the roll — {r.attacker} attacks {r.defender} ({r.skill} {r.rolled}) "
                                    f"against TN {r.tn}:")
        return p

    # -- views ----------------------------------------------------------------------------------------------
    def sheet_view(self, sheet: dict[str, Any]) -> Any:
        c = self.sheet_of(sheet)
        if c is None:
            return super().sheet_view(sheet)
        table = sheet_table(sheet, ("attribute", "code", "skills"))
        for a in ATTRIBUTES:
            held = [f"{s} {e.code}" for s, e in c.skills.items() if e.attribute == a]
            table.add_row(a, getattr(c.attributes, a), Text(", ".join(held) or "—"))
        d = c.defences()
        pairs = [("wound level", level_name(c.wounds, c.stuns)),
                 ("defences", f"Block {d['block']}, Dodge {d['dodge']}, Parry {d['parry']}, Soak {d['soak']}"),
                 ("CP", str(c.cp))]
        if c.hero_points:
            pairs.append(("Hero Points", str(c.hero_points)))
        if c.perks:
            pairs.append(("perks", ", ".join(f"{p} {n}D" + (" (used)" if p in c.perks_used else "")
                                              for p, n in c.perks.items())))
        if c.complications:
            pairs.append(("complications", ", ".join(c.complications)))
        if c.gear:
            pairs.append(("gear", ", ".join(gear_text(g.model_dump(mode="json")) for g in c.gear)))
        if c.slow:
            pairs.append(("movement", "slow (charge 25', dash +25', run 50' + Athletics)"))
        return Group(table, key_values("", pairs))

    def inventory_view(self, sheet: dict[str, Any]) -> Any:
        rows = [[str(g.get("name", "?")), str(g.get("kind", "item")),
                 str(g.get("damage") or (f"armor {g['armor']}" if g.get("armor") is not None else ""))]
                for g in sheet.get("gear") or [] if isinstance(g, dict)]
        return rows_table(f"{sheet.get('name', '?')}'s gear", ["item", "kind", "damage / armor"],
                          rows or [["—", "", ""]])

    def party_row(self, name: str, sheet: dict[str, Any], state: TableState) -> dict[str, str]:
        c = self.sheet_of(sheet)
        if c is None:
            defences = attrs = "?"
        else:
            d = c.defences()
            defences = f"B{d['block']} D{d['dodge']} P{d['parry']} S{d['soak']}"
            attrs = " ".join(f"{a[0].upper()}{getattr(c.attributes, a)}" for a in ATTRIBUTES)
        return party_row(name, sheet, state, {"attributes": attrs, "wounds": self.resources(sheet),
                                              "defences": defences})

    def session_start(self, campaign: Any) -> list[tuple[str, Any]]:
        """Each ``narrator play`` is a game session: once-per-session perks and complication CP come back, and
        with Thule's house rule every player-character gains a Hero Point (``minisix_new_session``)."""
        return [("minisix_new_session", campaign.call("minisix_new_session", {}))]




def _lesson(topic: str, intro: str, tool: str) -> Lesson:
    from narrator.tools.systems.minisix.examples import WORKED_EXAMPLES

    return Lesson(topic, intro, tool, dict(WORKED_EXAMPLES[tool]))


LESSONS: dict[str, Lesson] = {
    "rolls": _lesson("rolls", "A die code like 3D+1 rolls three dice and adds one; one of the dice is the wild die, "
                     "which explodes on a 6 — add it and roll again, as long as sixes come. Reach the TN to succeed.",
                     "minisix_roll"),
    "multiple actions": Lesson("multiple actions", "Each action beyond the first takes one die from every action of "
                               "the round; at least one die must be left for each, and ten actions at most.",
                               "minisix_roll", {"code": "5D+1", "tn": 15, "extra_actions": 2}),
    "defences": _lesson("defences", "Block, Dodge and Parry are static: dice × 3 + pips (Sir Baelen's Sword/Blade "
                        "5D+1 is Parry 16). They are the attacker's TN, plus range and cover.",
                        "minisix_static_defence"),
    "soak": Lesson("soak", "Soak is Might × 3 + pips + armor: Might 3D and a leather cuirass make 12.",
                   "minisix_static_defence", {"kind": "soak", "code": "3D", "armor": 3}),
    "damage": _lesson("damage", "Damage minus Soak is read on the wound chart: 0-3 stunned, 4-8 wounded, 9-12 "
                      "incapacitated, 13-15 mortally wounded, 16+ dead; a hit no worse than the current level "
                      "moves it up one.", "minisix_damage"),
    "wounds": _lesson("wounds", "Stunned: -1D until the end of your next turn (two stuns are a wound). Wounded: -1D, "
                      "severely wounded: -2D on every action until healed. Incapacitated: you fall; a Moderate (15) "
                      "stamina roll as your next turn begins keeps you up at -3D, else you are out for 10D minutes. "
                      "Mortally wounded: unconscious, a Might roll each minute or you die. Then dead.",
                      "minisix_wound_effects"),
    "dodge": _lesson("dodge", "The Dodge action rolls Dodge; if it beats the static Dodge it is every attacker's TN "
                     "until your next turn. Doing nothing else, a full dodge adds +10.", "minisix_dodge"),
    "movement": _lesson("movement", "15' free with any action; a charge 30' then attack; a dash +30'; a full run 60' "
                        "+ Athletics; a sprint 90' + double Athletics.", "minisix_move"),
    "initiative": _lesson("initiative", "Everyone rolls Agility; the highest goes first; ties act almost "
                          "simultaneously.", "minisix_initiative"),
    "healing": _lesson("healing", "A Medicine check, once a day per patient, heals one wound level; a medicine kit "
                       "makes it 4 easier.", "minisix_assisted_healing"),
    "mass combat": _lesson("mass combat", "Against 6+ NPC attackers each die but the wild die counts 3.5: ten "
                           "soldiers with 4D each roll 10½ + the wild die.", "minisix_mass_attack"),
    "scale": _lesson("scale", "A unit can fight as one entity: a squad of 10 is +4D, a company of 100 +8D, a "
                     "brigade of 1000 +12D against smaller units.", "minisix_unit_scale"),
    "codes": _lesson("codes", "Three pips make a die: 3D+2 plus 1D+1 is 5D.", "minisix_dice_code"),
    "character points": Lesson("character points", "A character earns one CP (character point) when one of their "
                               "complications comes up in play and gets in the way, at most one per complication "
                               "per session (mini-six.md#2. Perks). This copy of the book has no rules for spending "
                               "them: its heading 'Spending Character Points (CP)' stands over the mass-combat rules, "
                               "so the engine counts CP on the sheet and spends none.", None, {}),
}

RULES = MiniSixRules()
