"""A Brew sheet as text for people (the CLI ``sheet`` command and the game's quick sheets)."""

from __future__ import annotations

from typing import Any

from narrator.tools.systems.brew.rules import ATTRIBUTES, SKILLS, WEAPONS_TABLE


def weapon_kind(g: dict[str, Any]) -> str:
    """A weapon's attack type in the book's words ("simple bladed"); one of the book's four example weapons says so
    when its name differs ("simple bladed, the book's knife"), not "knife (knife)"."""
    example = g.get("weapon")
    kind = (WEAPONS_TABLE[example]["type"] if example in WEAPONS_TABLE else g.get("attack_type") or "").replace("_", " ")
    if example and example != g.get("name"):
        return f"{kind}, the book's {example}" if kind else str(example)
    return kind or str(example or "")


def gear_line(g: dict[str, Any]) -> str:
    if g.get("kind") == "armor":
        return f"{g['name']} (armor, soak {g.get('soak', 0)})"
    if g.get("kind") == "weapon":
        return f"{g['name']} ({weapon_kind(g)})"
    return g["name"]


def sheet_text(sheet: dict[str, Any]) -> str:
    kind = "NPC" if sheet.get("npc") else "PC"
    heritage = " ".join(x for x in (sheet.get("ancestry"), sheet.get("character_class")) if x)
    lines = [f"{sheet.get('name', '?')} ({kind})" + (f", {heritage}" if heritage else "")
             + (f" — {sheet['concept']}" if sheet.get("concept") else "")]
    lines.append(f"  Health {sheet.get('health')}/{sheet.get('max_health')}   Resolve {sheet.get('resolve')}/"
                 f"{sheet.get('max_resolve')}   Mana {sheet.get('mana')}/{sheet.get('max_mana')}   "
                 f"XP {sheet.get('xp', 0)}"
                 + ("   laden" if sheet.get("laden") else ""))
    attrs = sheet.get("attributes", {})
    lines.append("  " + "  ".join(f"{a.capitalize()} {attrs.get(a, '?')}" for a in ATTRIBUTES))
    skills = sheet.get("skills", {})
    held = [f"{s} {skills[s]}" for s in SKILLS if skills.get(s)]
    lines.append("  Skills: " + (", ".join(held) or "—"))
    if sheet.get("professions"):
        lines.append("  Professions: " + ", ".join(f"{k} {v}" for k, v in sheet["professions"].items()))
    if sheet.get("magic"):
        lines.append("  Magic (" + str(sheet.get("magic_attribute", "wits")) + "): "
                     + ", ".join(f"{k} {v}" for k, v in sheet["magic"].items()))
    if sheet.get("specialties"):
        lines.append("  Specialties: " + ", ".join(f"{s['name']} ({s['skill']})" for s in sheet["specialties"]))
    if sheet.get("tricks") or sheet.get("flaws"):
        lines.append(f"  Tricks: {', '.join(sheet.get('tricks', [])) or '—'}   Flaws: "
                     f"{', '.join(sheet.get('flaws', [])) or '—'}")
    if sheet.get("lasting_injuries"):
        lines.append("  Lasting injuries: " + ", ".join(f"{i['name']} ({i['healing_left']} to heal)"
                                                      for i in sheet["lasting_injuries"]))
    if sheet.get("permanent_injuries"):
        lines.append("  Permanent injuries (never heal): " + ", ".join(sheet["permanent_injuries"]))
    if sheet.get("stabilising_days"):
        lines.append(f"  Stabilising: {sheet['stabilising_days']} day(s) left")
    if sheet.get("gear"):
        lines.append("  Gear: " + ", ".join(gear_line(g) for g in sheet["gear"]))
    return "\n".join(lines)
