"""What a Brew NPC does on its own turn in solo play (``Brew.npc_turn``): simple, predictable, fair.

Readings chosen: NPCs fight the player-characters; a character who is down (unconscious, dying, dead) is never a
target. A foe attacks the weakest player-character it can reach (lowest health, then name): in its own zone with
its hand weapon, one or two zones away with a ranged weapon if it carries one (a bow, a gun) or a destruction
spell if it has the field and a mana slot. Otherwise it moves one bordering zone toward the nearest
player-character (close, mid and long range map onto the zones: ``table_combat.range_between``); with nobody to
reach it passes. Without zones everyone is at close range.
"""

from __future__ import annotations

from typing import Any

from narrator.tools.table import TableState
from narrator.tools.table_tactics import distances, step_toward

DOWN = ("unconscious", "dying", "dead")


def _targets(state: TableState) -> list[str]:
    return [n for n, s in state.characters.items()
            if not s.get("npc") and not set(DOWN) & set(state.conditions.get(n, [])) and s.get("health", 0) > 0]


def _reaching(sheet: dict[str, Any], rng: str) -> str | None:
    """The name of the first weapon in the gear that reaches ``rng``."""
    from narrator.tools.systems.brew.rules import ATTACK_TYPES, WEAPONS_TABLE

    for g in sheet.get("gear", []):
        if g.get("kind") != "weapon":
            continue
        reach = g.get("ranges") or (WEAPONS_TABLE[g["weapon"]]["ranges"] if g.get("weapon") in WEAPONS_TABLE else
                                    ATTACK_TYPES.get(g.get("attack_type") or "", {}).get("ranges", ()))
        if rng in reach:
            return g["name"]
    return None


def _caster(sheet: dict[str, Any]) -> bool:
    return sheet.get("magic", {}).get("destruction", 0) > 0 and sheet.get("mana", 0) > 0


def npc_turn(state: TableState, name: str) -> list[tuple[str, dict[str, Any]]]:
    sheet = state.characters.get(name, {})
    targets = _targets(state)
    if not targets or sheet.get("health", 0) <= 0:
        return []
    weakest = sorted(targets, key=lambda n: (state.characters[n].get("health", 0), n))
    here = state.positions.get(name)
    if not state.zones or here not in state.zones:
        return [("brew_attack_target", {"attacker": name, "defender": weakest[0]})]
    distance = distances(state, here, targets)
    close = [t for t in weakest if distance[t] == 0]
    if close:
        return [("brew_attack_target", {"attacker": name, "defender": close[0]})]
    for t in (t for t in weakest if distance[t] in (1, 2)):
        weapon = _reaching(sheet, "mid" if distance[t] == 1 else "long")
        if weapon:
            return [("brew_attack_target", {"attacker": name, "defender": t, "weapon": weapon})]
        if _caster(sheet):
            return [("brew_attack_target", {"attacker": name, "defender": t, "weapon": "spell"})]
    return step_toward(state, name, here, distance, lambda t: state.characters[t].get("health", 0))
