"""What a Mini Six NPC does on its own turn when no human narrator decides (solo play): ``MiniSix.npc_turn``.

The book leaves foes to the GM; solo play needs a stand-in that is simple, predictable and fair, chosen from the
table alone (the dice decide the rest). Readings chosen:

* NPCs fight the player-characters. A player-character who cannot act (incapacitated and not fighting on,
  unconscious, mortally wounded, dead) is not a target: the foe turns to those still standing.
* A foe attacks the most hurt target it can reach (most wounds, then name): in its own zone (or when the table has
  no zones) with its weapon in hand; one or two zones away with a missile or thrown weapon (medium and long range).
* Otherwise it moves one bordering zone toward the nearest target; with nobody to reach it passes.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from narrator.tools.table import TableState
from narrator.tools.table_tactics import distances, step_toward
from narrator.tools.systems.minisix.sheet import MiniSixCharacter
from narrator.tools.systems.minisix.table_common import can_act, conditions_of


def _sheet(state: TableState, name: str) -> MiniSixCharacter | None:
    try:
        return MiniSixCharacter.model_validate(state.characters[name])
    except (ValidationError, KeyError):
        return None


def targets(state: TableState) -> list[str]:
    out = []
    for n, raw in state.characters.items():
        s = _sheet(state, n)
        if s is not None and not s.npc and can_act(s, conditions_of(state, n)) is None:
            out.append(n)
    return out


def npc_turn(state: TableState, name: str) -> list[tuple[str, dict[str, Any]]]:
    me = _sheet(state, name)
    if me is None or can_act(me, conditions_of(state, name)) is not None:
        return []
    foes = targets(state)
    if not foes:
        return []
    hurt = sorted(foes, key=lambda n: (-int(state.characters[n].get("wounds", 0)), n))
    here = state.positions.get(name)
    if not state.zones or here not in state.zones:
        return [("minisix_attack_target", {"attacker": name, "defender": hurt[0]})]
    distance = distances(state, here, foes)
    unknown = [t for t in hurt if distance[t] is None and state.positions.get(t) is None]
    same = [t for t in hurt if distance[t] == 0] + unknown
    if same:
        return [("minisix_attack_target", {"attacker": name, "defender": same[0]})]
    shoots = me.weapons(("missile",)) or me.weapons(("thrown",))
    near = [t for t in hurt if distance[t] is not None and distance[t] <= 2]
    if near and shoots:
        kind = "missile" if me.weapons(("missile",)) else "throwing"
        return [("minisix_attack_target", {"attacker": name, "defender": near[0], "kind": kind})]
    return step_toward(state, name, here, distance)
