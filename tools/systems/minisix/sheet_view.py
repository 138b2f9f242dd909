"""A Mini Six sheet as text for people (the CLI ``sheet`` command and the game's quick sheets)."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from narrator.tools.systems.minisix.damage import level_name
from narrator.tools.systems.minisix.rules import ATTRIBUTES, SKILLS_BY_ATTRIBUTE
from narrator.tools.systems.minisix.sheet import MiniSixCharacter


def gear_text(g: dict[str, Any]) -> str:
    extra = g.get("damage") or (f"armor {g['armor']}" if g.get("armor") is not None else "")
    return f"{g.get('name', '?')} ({g.get('kind', 'item')}{', ' + extra if extra else ''})"


def sheet_text(sheet: dict[str, Any]) -> str:
    try:
        c = MiniSixCharacter.model_validate(sheet)
    except ValidationError:
        return "\n".join(f"{k}: {v}" for k, v in sheet.items())
    kind = "NPC" if c.npc else "PC"
    lines = [f"{c.name} ({kind})" + (f" — {c.concept}" if c.concept else "")]
    lines.append(f"  Wounds: {level_name(c.wounds, c.stuns)}   CP {c.cp}   Hero Points {c.hero_points}")
    for a in ATTRIBUTES:
        held = [f"{s} {e.code}" for s, e in c.skills.items() if e.attribute == a]
        lines.append(f"  {a.capitalize():8} {getattr(c.attributes, a):6} " + (", ".join(held) or "—"))
    d = c.defences()
    lines.append(f"  Block {d['block']}  Dodge {d['dodge']}  Parry {d['parry']}  Soak {d['soak']}")
    if c.perks:
        lines.append("  Perks: " + ", ".join(f"{p} ({n}D)" + (" used" if p in c.perks_used else "")
                                            for p, n in c.perks.items()))
    if c.complications:
        lines.append("  Complications: " + ", ".join(c.complications))
    if c.gear:
        lines.append("  Gear: " + ", ".join(gear_text(g.model_dump(mode="json")) for g in c.gear))
    if c.slow:
        lines.append("  Moves as a slow creature (charge 25', dash +25', run 50' + Athletics).")
    return "\n".join(lines)


SKILL_LIST = "; ".join(f"{a}: {', '.join(s)}" for a, s in SKILLS_BY_ATTRIBUTE.items())
