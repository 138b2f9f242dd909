"""A 5+ sheet as text for people (the CLI ``sheet`` command and the game's quick sheets): descriptors in the book's
own annotation, ``name (counter/level:tier) – effect``, grouped by kind."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from narrator.tools.systems.fiveplus.sheet import FivePlusCharacter

ORDER = (("skill", "Skills"), ("resistance", "Resistances"), ("trait", "Traits"), ("condition", "Conditions"),
         ("wound", "Wounds"), ("ability", "Abilities"), ("equipment", "Equipment"))


def sheet_text(sheet: dict[str, Any]) -> str:
    try:
        c = FivePlusCharacter.model_validate(sheet)
    except ValidationError as e:
        return f"{sheet.get('name', '?')}: not a valid 5+ sheet ({e.errors(include_url=False)[0]['msg']})"
    kind = "NPC" if c.npc else "PC"
    lines = [f"{c.name} ({kind})" + (f" — {c.concept}" if c.concept else "")]
    if c.npc:
        lines.append(f"  Rank {c.rank}, damage {1 + c.rank + c.damage_bonus}"
                     + (f", defeated at {c.successes_to_defeat} successes ({c.successes_taken} so far)"
                        if c.successes_to_defeat is not None else ""))
        for label, value in (("Goal", c.goal), ("Actions", ", ".join(c.actions)), ("Ability", c.ability),
                             ("Behaviour", c.behaviour)):
            if value:
                lines.append(f"  {label}: {value}")
    for kind_, title in ORDER:
        found = c.of_kind(kind_)
        if found:
            lines.append(f"  {title}: " + "; ".join(
                d.notation() + (" [equipped]" if d.kind == "equipment" and d.equipped else "")
                + (" [major]" if d.major else "") for d in found))
    return "\n".join(lines)
