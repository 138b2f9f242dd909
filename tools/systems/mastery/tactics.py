"""What a Mastery NPC does on its own turn when no GM decides (solo play): ``Mastery.npc_turn``.

The book leaves foes to the GM ("opponents are generally deadlier and more adaptable"); solo play needs a stand-in
that is simple, predictable and fair, chosen from the table alone (the dice decide the rest). It reads nothing a
player chose in secret, so in Bloodbath its choice is as blind as the book wants. Readings chosen:

* Sides: NPCs fight the player-characters. A character who is down (coma, death, no boxes) or has fled is never
  a target.
* A foe attacks the most hurt character it can reach (fewest boxes left, then name), in every combat mode — in
  Bloodbath that attack is its secret action for the round. With a ranged weapon it shoots whoever it can see;
  in close combat it reaches only its own zone (without zones on the table, everyone is in reach).
* Otherwise it moves one bordering zone toward the nearest character; with nobody to reach it passes.
"""

from __future__ import annotations

from typing import Any

from narrator.tools.table import TableState
from narrator.tools.table_tactics import distances, step_toward

OUT = ("coma", "dead", "fled")


def _targets(state: TableState) -> list[str]:
    return [n for n, s in state.characters.items()
            if not s.get("npc") and s.get("health", 0) > 0 and not set(OUT) & set(state.conditions.get(n, []))]


def _ranged(sheet: dict[str, Any]) -> bool:
    return any(g.get("kind") == "weapon" and g.get("style") == "ranged" for g in sheet.get("gear", []))


def npc_turn(state: TableState, name: str) -> list[tuple[str, dict[str, Any]]]:
    sheet = state.characters.get(name, {})
    if sheet.get("health", 0) <= 0 or set(OUT) & set(state.conditions.get(name, [])):
        return []
    targets = _targets(state)
    if not targets:
        return []
    weakest = sorted(targets, key=lambda n: (state.characters[n].get("health", 0), n))
    ranged = _ranged(sheet)
    style = "ranged" if ranged else "melee"
    here = state.positions.get(name)
    if not state.zones or here is None or ranged:
        return [("mastery_attack", {"attacker": name, "defender": weakest[0], "style": style})]
    distance = distances(state, here, targets, unplaced=0)
    same = [t for t in weakest if distance[t] == 0]
    if same:
        return [("mastery_attack", {"attacker": name, "defender": same[0], "style": "melee"})]
    return step_toward(state, name, here, distance, lambda t: state.characters[t].get("health", 0))
