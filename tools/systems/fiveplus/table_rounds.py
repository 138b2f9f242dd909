"""What a new round of a 5+ fight sets off (``RulesSystem.on_turn_start``; ``five-plus.md#4.1 Structure``,
``#4.2) Objectives``).

A turn is "a round of player's actions", so when the tracker comes back to the first combatant:

* every open challenge counts a turn (a time-sensitive challenge may be lost: "the players have only so many
  turns");
* help for everyone against an adversary, and the plans declared for the round that ended, lapse.

And at every turn's start the area the combatant stands in is noted: leaving it during the turn is a full move.
"""

from __future__ import annotations

from narrator.tools.contract import ref
from narrator.tools.systems.contract import TurnStart
from narrator.tools.steps import Step, step
from narrator.tools.systems.fiveplus.challenges import Challenge, advance
from narrator.tools.systems.fiveplus.rules import BOOK
from narrator.tools.systems.fiveplus.table_common import SystemEdits
from narrator.tools.table import TableState

OBJECTIVES = ref(BOOK, "4.2) Objectives")


def round_starts(state: TableState, actor: str) -> TurnStart:
    ini = state.initiative
    if not ini.active:
        return TurnStart()
    sys = SystemEdits(state)
    origin = sys.get("turn_origin", {})
    origin[actor] = state.positions.get(actor)  # where the turn begins: moving away from it is a full move
    sys.set("turn_origin", origin)
    if ini.turn != 0 or ini.round <= 1:
        return TurnStart(changes=sys.ops())
    steps: list[Step] = []
    found = sys.get("challenges", {})
    for name, raw in list(found.items()):
        ch = Challenge.model_validate(raw)
        if ch.status != "open":
            continue
        now, lines = advance(ch, None, new_turn=True)
        found[name] = now.model_dump(mode="json")
        steps.append(step("fiveplus.new_turn_for", name=name, now=lines[-1]))
    sys.set("challenges", found)
    helps = sys.get("help", {})
    sys.set("help", {k: v for k, v in helps.items()
                     if not (k.startswith("*") and isinstance(v, dict) and v.get("round") != ini.round)})
    plans = sys.get("plans", {})
    sys.set("plans", {k: v for k, v in plans.items() if isinstance(v, dict) and v.get("round") == ini.round})
    return TurnStart(steps=steps, changes=sys.ops(), rule_refs=[OBJECTIVES] if steps else [])
