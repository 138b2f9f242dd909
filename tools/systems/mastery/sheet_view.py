"""A Mastery sheet as text for people (the CLI ``sheet`` command and the game's quick sheets)."""

from __future__ import annotations

from typing import Any


def _rated(table: dict[str, int]) -> str:
    return ", ".join(f"{k} {v:+d}" for k, v in table.items()) or "—"


def gear_text(gear: list[dict[str, Any]]) -> str:
    parts = []
    for g in gear:
        kind = g.get("kind", "item")
        mod = g.get("modifier", 0)
        if kind == "weapon":
            parts.append(f"{g['name']} ({g.get('style') or 'weapon'} {mod:+d} damage)")
        elif kind == "armor":
            parts.append(f"{g['name']} (armor {mod})")
        else:
            parts.append(g["name"])
    return ", ".join(parts)


def sheet_text(sheet: dict[str, Any]) -> str:
    kind = "NPC" if sheet.get("npc") else "PC"
    lines = [f"{sheet.get('name', '?')} ({kind})" + (f" — {sheet['concept']}" if sheet.get("concept") else "")]
    lines.append(f"  Health boxes {sheet.get('health')}/{sheet.get('max_health')}   Triumphs {sheet.get('triumphs', 0)}"
                 + (f"   Harm {sheet['harm']}" if sheet.get("harm") is not None else ""))
    lines.append(f"  Traits: {_rated(sheet.get('traits', {}))}")
    lines.append(f"  Abilities: {_rated(sheet.get('abilities', {}))}")
    lines.append(f"  Skills: {_rated(sheet.get('skills', {}))}")
    if sheet.get("gear"):
        lines.append(f"  Gear: {gear_text(sheet['gear'])}")
    return "\n".join(lines)
