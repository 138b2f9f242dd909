"""A Minim sheet as text for people (the CLI ``sheet`` command and the game's quick sheets)."""

from __future__ import annotations

from typing import Any

from narrator.tools.systems.minim.rules import SCORE_NAMES, SKILLS_BY_TRAIT


def sheet_text(sheet: dict[str, Any]) -> str:
    traits = sheet.get("traits", {})
    kind = "NPC" if sheet.get("npc") else "PC"
    lines = [f"{sheet.get('name', '?')} ({kind})" + (f" — {sheet['concept']}" if sheet.get("concept") else "")]
    lines.append(f"  Health {sheet.get('health')}/{sheet.get('max_health')}   Faith {sheet.get('faith')}/{sheet.get('max_faith')}")
    skills = set(sheet.get("skills", []))
    for trait, own in SKILLS_BY_TRAIT.items():
        score = traits.get(trait, 0)
        held = ", ".join(s for s in own if s in skills) or "—"
        lines.append(f"  {trait.capitalize():6} {score} ({SCORE_NAMES.get(score, '?')}): {held}")
    if sheet.get("specialties"):
        lines.append("  Specialties: " + ", ".join(f"{s['name']} ({s['skill']})" for s in sheet["specialties"]))
    powers = sheet.get("powers", {})
    if powers:
        lines.append("  Powers: " + ", ".join(f"{k} {v}" for k, v in powers.items()))
    if sheet.get("virtue") or sheet.get("vice"):
        lines.append(f"  Virtue: {sheet.get('virtue') or '—'}   Vice: {sheet.get('vice') or '—'}")
    if sheet.get("gear"):
        lines.append("  Gear: " + ", ".join(gear_text(g) for g in sheet["gear"]))
    return "\n".join(lines)


def gear_text(g: dict[str, Any]) -> str:
    """'wand (item +0, power 3, expendable)': an item that works like a power shows its score."""
    extra = (f", power {g['power']}" if g.get("power") is not None else "") + (", expendable" if g.get("expendable")
                                                                              else "")
    return f"{g['name']} ({g['kind']} {g['quality']:+d}{extra})"
