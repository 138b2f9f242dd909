"""What a Minim NPC does on its own turn when no human narrator decides (solo play): ``Minim.npc_turn``.

The rulebook leaves foes to the narrator; solo play needs a stand-in that is simple, predictable and fair, so the
choice is made from the table alone (the dice then decide the attack). Readings chosen:

* Sides: NPCs fight the player-characters, and player-characters' allies are not NPCs. A downed character (the
  system's downed condition) is never a target.
* A foe that can reach a player-character attacks the weakest one it reaches (lowest health, then name): in its
  own zone with ``fight``; in a bordering zone with ``fire`` if it has that skill, else ``sports`` (throwing)
  if it has that one. Without zones on the table everyone is in reach for ``fight``.
* Otherwise it moves one bordering zone toward the nearest player-character (one step per turn, as moving
  between adjacent zones takes a turn, ``minim.md#Zones``); with nobody to reach it passes.
"""

from __future__ import annotations

from typing import Any

from narrator.tools.table import TableState
from narrator.tools.table_tactics import distances, step_toward


def _targets(state: TableState) -> list[str]:
    return [n for n, s in state.characters.items()
            if not s.get("npc") and "unconscious" not in state.conditions.get(n, []) and s.get("health", 0) > 0]


def npc_turn(state: TableState, name: str) -> list[tuple[str, dict[str, Any]]]:
    sheet = state.characters.get(name, {})
    targets = _targets(state)
    if not targets:
        return []
    skills = set(sheet.get("skills", []))
    here = state.positions.get(name)
    weakest = sorted(targets, key=lambda n: (state.characters[n].get("health", 0), n))
    if not state.zones or here is None:
        return [("minim_attack_target", {"attacker": name, "defender": weakest[0], "skill": "fight"})]
    distance = distances(state, here, targets)
    same = [t for t in weakest if distance[t] == 0]
    if same:
        return [("minim_attack_target", {"attacker": name, "defender": same[0], "skill": "fight"})]
    near = [t for t in weakest if distance[t] == 1]
    ranged = "fire" if "fire" in skills else "sports" if "sports" in skills else None
    if near and ranged:
        return [("minim_attack_target", {"attacker": name, "defender": near[0], "skill": ranged})]
    return step_toward(state, name, here, distance, lambda t: state.characters[t].get("health", 0))
