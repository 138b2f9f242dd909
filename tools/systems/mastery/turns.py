"""What happens in Mastery as a turn begins (``Mastery.on_turn_start``): two pieces of Bloodbath bookkeeping.

* A round whose secret actions were not all chosen (someone moved, or passed) resolves when the next round begins,
  with the actions that were chosen: a character attacked without having chosen anything is treated as busy with
  something else — the attack works on them and their own action is disrupted (the book's asynchronous case).
* Characters who fled leave the order (and lose the ``fled`` mark: they are out of the fight, free to act
  elsewhere) — "both characters successfully withdraw".
"""

from __future__ import annotations

from typing import Any

from narrator.tools.systems.contract import TurnStart
from narrator.tools.steps import Step, step
from narrator.tools.table import SetConditions, SetInitiative, TableState, apply_all


def on_turn_start(state: TableState, actor: str, roller: Any) -> TurnStart:
    from narrator.tools.systems.mastery.options import options_of
    from narrator.tools.systems.mastery.rules import BLOODBATH
    from narrator.tools.systems.mastery.table_combat import _actions, _resolve
    from narrator.tools.systems.mastery.table_common import FLED

    try:
        options = options_of(state)
    except Exception:  # noqa: BLE001 - bad options are reported by the tools that use them
        return TurnStart()
    dice: list[Any] = []
    steps: list[Step] = []
    changes: list[Any] = []
    refs: list[str] = []
    ini = state.initiative
    actions = _actions(state)
    if options.combat_mode == "bloodbath" and actions and ini.turn == 0:
        for act in list(actions.values()):
            target = act.get("target")
            if target and target not in actions and target in state.characters:
                actions[target] = {"action": "focus", "task": "something else"}
        ops, result, after = _resolve(state, roller, options, actions, [])
        dice, changes, refs = list(result.dice), ops, [BLOODBATH]
        steps += [step("mastery.late_round"), *result.steps, *after]
        state = apply_all(state, ops)
    fled = [n for n in state.initiative.order if FLED in state.conditions.get(n, [])]
    if fled:
        ini = state.initiative
        current = ini.current
        order = [n for n in ini.order if n not in fled]
        if order:
            position = ini.order.index(current)
            following = [n for n in ini.order[position:] + ini.order[:position] if n not in fled]
            turn = order.index(following[0])
        else:
            turn = 0
        new = ini.model_copy(update={"order": order, "turn": turn, "active": bool(order),
                                     "totals": {k: v for k, v in ini.totals.items() if k not in fled}})
        changes.append(SetInitiative(initiative=new))
        for n in fled:
            left = [c for c in state.conditions.get(n, []) if c != FLED]
            changes.append(SetConditions(name=n, conditions=left))
            steps.append(step("mastery.has_fled", name=n))
        refs = refs or [BLOODBATH]
    return TurnStart(dice=dice, steps=steps, changes=changes, rule_refs=refs)
