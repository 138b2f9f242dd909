"""What a 5+ NPC does on its turn when no human narrator decides (solo play): ``FivePlus.npc_turn``.

The book leaves NPCs to whoever runs them, giving each "its actions and abilities" and "its encounter behavior";
solo play needs a stand-in that is simple, predictable and fair, decided from the table alone (the player's dice
then decide what happens — NPCs never roll). Readings chosen:

* Sides: NPCs oppose the player-characters; an incapacitated character is never a target; a defeated or
  incapacitated NPC does nothing.
* Behaviour: an NPC that "runs when half defeated" with at least half its successes taken leaves toward the away
  area (or passes without zones); any other behaviour acts.
* It acts with its first action against the player-character in reach whose physical resistance has least left
  (level minus damage, then name): in its own area; or one area away when the action is a ranged or mental one
  (shoot, cast, curse, insult…). An action that is mental (insult, threaten, curse…) harms the willpower resistance.
* Otherwise it moves one area toward the nearest player-character; with nobody to reach it passes.
"""

from __future__ import annotations

from typing import Any

from narrator.tools.table import TableState
from narrator.tools.table_tactics import distances, step_toward

RANGED_WORDS = ("shoot", "cast", "spell", "blast", "curse", "hex", "burn", "breath", "throw", "smite", "insult",
                "threaten", "command", "corrupt", "chant", "evil eye", "roar", "shout")
MENTAL_WORDS = ("insult", "threaten", "command", "corrupt", "curse", "hex", "chant", "haggle", "roar", "evil eye")


def _left(sheet: dict[str, Any]) -> int:
    ds = sheet.get("descriptors") or {}
    res = ds.get("physical") or next((d for d in ds.values() if isinstance(d, dict) and d.get("kind") ==
                                      "resistance"), {})
    return int(res.get("level", 0) or 0) - int(res.get("counter", 0) or 0)


def _targets(state: TableState) -> list[str]:
    out = []
    for n, s in state.characters.items():
        if s.get("npc") or "incapacitated" in state.conditions.get(n, []):
            continue
        if any(isinstance(d, dict) and d.get("kind") == "wound" and d.get("major")
               for d in (s.get("descriptors") or {}).values()):
            continue
        out.append(n)
    return sorted(out, key=lambda n: (_left(state.characters[n]), n))


def npc_turn(state: TableState, name: str) -> list[tuple[str, dict[str, Any]]]:
    sheet = state.characters.get(name, {})
    if not sheet.get("npc") or "incapacitated" in state.conditions.get(name, []):
        return []
    goal, taken = sheet.get("successes_to_defeat"), int(sheet.get("successes_taken", 0) or 0)
    if goal is not None and taken >= goal:
        return []
    here = state.positions.get(name)
    if "runs when half defeated" in (sheet.get("behaviour") or "") and goal and taken * 2 >= goal:
        if here is not None and "away" in state.zones and here != "away":
            path = state.zone_path(here, "away")
            return [("table_move", {"actor": name, "zone": path[1]})] if path and len(path) > 1 else []
        return []
    targets = _targets(state)
    if not targets:
        return []
    action = (sheet.get("actions") or ["strike"])[0]
    mental = any(w in action.lower() for w in MENTAL_WORDS)
    reach = 1 if any(w in action.lower() for w in RANGED_WORDS) else 0
    call = {"npc": name, "action": action, **({"mental": True} if mental else {})}
    if not state.zones or here is None:
        return [("fiveplus_npc_act", {**call, "target": targets[0]})]
    distance = distances(state, here, targets)
    near = [t for t in targets if distance[t] is not None and distance[t] <= reach]
    if near:
        return [("fiveplus_npc_act", {**call, "target": near[0]})]
    return step_toward(state, name, here, distance, lambda t: _left(state.characters[t]))
