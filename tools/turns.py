"""Turn rules the table enforces for every system: who may act now, how often, and when timed conditions end.

Why in the engine: "one single action per turn" and "stunned, cannot act next turn" are rules, and rules left to
narration are rules a player can talk past. Every table tool marked with ``acts`` (see :func:`tools.tool.table_tool`)
passes :func:`before_action` before it runs and gets :func:`after_action`'s bookkeeping op after:

* A condition whose :class:`~tools.systems.contract.ConditionRule` blocks acting (stunned, disabled, the system's
  downed condition…) refuses the action, in or out of combat, saying which condition and until when.
* In combat, a combatant acts only on their own turn, and at most ``actions_per_turn`` times (the system's
  number; Minim: one). Characters outside the initiative order are not held by it (a fight in one room does not
  stop a lock being picked in another).
* :func:`advance` moves the tracker to the next turn and ends timed conditions: ``end_of_turn`` ones of the
  combatant whose turn ends (unless added during that very turn — "next turn" means the next one),
  ``end_of_round`` ones when a round ends, ``start_of_turn`` ones of the combatant whose turn begins.
"""

from __future__ import annotations

from typing import Any, Literal

from narrator.tools.errors import FieldProblem, ToolArgumentError
from narrator.tools.steps import Step, step
from narrator.tools.table import BoundResult, Expiry, Initiative, SetConditions, SetInitiative, TableState


def _rules(state: TableState) -> dict[str, Any]:
    from narrator.tools.systems import get_system

    return get_system(state.system).conditions()


def blocking(state: TableState, name: str, what: str = "act") -> list[str]:
    """The conditions on ``name`` that forbid acting (``what='act'``) or moving (``what='move'``)."""
    rules = _rules(state)
    field = "blocks_action" if what == "act" else "blocks_move"
    return [c for c in state.conditions.get(name, []) if c in rules and getattr(rules[c], field)]


def condition_step(state: TableState, name: str, condition: str) -> Step:
    """A condition on ``name`` as a step (``table.condition``): its name, what it means in the system's catalogue,
    and until when it lasts, if timed."""
    rule = _rules(state).get(condition)
    timer = state.expiry.get(name, {}).get(condition)
    return step("table.condition", condition=condition, meaning=rule.meaning if rule is not None else None,
                ends=None if timer is None else timer.ends, of=None if timer is None else timer.of)


def condition_text(state: TableState, name: str, condition: str) -> str:
    """:func:`condition_step` in words, for a refusal ("stunned (cannot act next turn) until the end of ...")."""
    from narrator.tools.phrases import say

    return say(condition_step(state, name, condition))


def before_action(state: TableState, raw_name: str, field: str, tool: str, what: str = "act") -> str:
    """The acting character's canonical name, or an argument error saying why they cannot act now.

    ``what='move'`` for an action that is a move: then the conditions that forbid moving refuse it (and those
    that only forbid acting do not) — it still counts against the turn's actions."""
    name = state.find(raw_name, field, tool)
    blocked = blocking(state, name, what)
    if blocked:
        why = "; ".join(condition_text(state, name, c) for c in blocked)
        raise ToolArgumentError(tool, [FieldProblem(field, f"{name} cannot {what}: {why}")])
    ini = state.initiative
    if ini.active and name in ini.order:
        from narrator.tools.systems import get_system

        system = get_system(state.system)
        if ini.current != name:
            done = ini.current is not None and ini.used >= system.actions_per_turn(state, ini.current)
            passes = f"; {ini.current} has acted, and the turn passes on with table_next_turn" if done else ""
            raise ToolArgumentError(tool, [FieldProblem(field, f"it is {ini.current}'s turn (round {ini.round}); "
                                                               f"{name} acts on their own turn{passes}")])
        budget = system.actions_per_turn(state, name)
        if ini.used >= budget:
            plural = "action" if budget == 1 else "actions"
            raise ToolArgumentError(tool, [FieldProblem(field, f"{name} has already taken {budget} {plural} this "
                                                               "turn; the turn passes to the next combatant "
                                                               "(table_next_turn)")])
    return name


def after_action(state: TableState, actor: str, result: BoundResult) -> BoundResult:
    """Count the action against the current combatant's turn (an op in the result, so replay repeats it)."""
    ini = state.initiative
    if not (ini.active and ini.current == actor):
        return result
    used = ini.model_copy(update={"used": ini.used + 1})
    return result.model_copy(update={"changes": [*result.changes, SetInitiative(initiative=used)]})


def _expired(state: TableState, keep) -> list[SetConditions]:
    ops = []
    for bearer, timers in state.expiry.items():
        gone = [c for c, t in timers.items() if not keep(t)]
        if gone:
            left = [c for c in state.conditions.get(bearer, []) if c not in gone]
            ops.append(SetConditions(name=bearer, conditions=left,
                                     expiry={c: t for c, t in timers.items() if c not in gone}))
    return ops


def advance(state: TableState) -> tuple[Initiative, list[Any], list[Step]]:
    """The next turn: (the new tracker, the ops ending timed conditions, lines saying what ended)."""
    from narrator.tools.table import apply_all

    ini = state.initiative
    here = (ini.round, ini.turn)
    ending = ini.current
    ops: list[Any] = _expired(state, lambda t: not (t.ends == "end_of_turn" and t.of == ending and t.since < here))
    turn, rnd = ini.turn + 1, ini.round
    if turn >= len(ini.order):
        turn, rnd = 0, rnd + 1
    mid = apply_all(state, ops)
    if rnd != ini.round:
        more = _expired(mid, lambda t: t.ends != "end_of_round")
        ops += more
        mid = apply_all(mid, more)
    new = ini.model_copy(update={"turn": turn, "round": rnd, "used": 0})
    starting = new.current
    more = _expired(mid, lambda t: not (t.ends == "start_of_turn" and t.of == starting and t.since < (rnd, turn)))
    ops += more
    ended = []
    for op in ops:
        before = set(state.conditions.get(op.name, []))
        ended += [(op.name, c) for c in sorted(before - set(op.conditions))]
    return new, ops, [step("table.ended", name=n, condition=c) for n, c in dict.fromkeys(ended)]


def expiry_for(state: TableState, bearer: str, condition: str, ends: str | None = None,
               of: str | None = None) -> Expiry | None:
    """The timer of a condition added now: the system's default ending for it unless ``ends`` is given."""
    if ends is None:
        rule = _rules(state).get(condition)
        ends = rule.ends if rule is not None else "removed"
    if ends == "removed":
        return None
    ini = state.initiative
    return Expiry(ends=ends, of=of or bearer, since=(ini.round, ini.turn) if ini.active else (0, 0))


def party_down(state: TableState) -> bool:
    """True when every player-character is down (the system's downed condition): a total-party kill."""
    from narrator.tools.systems import get_system

    downed = get_system(state.system).downed_condition
    pcs = [n for n, s in state.characters.items() if not s.get("npc")]
    return bool(pcs) and all(downed in state.conditions.get(n, []) for n in pcs)


def foes_down(state: TableState) -> bool:
    """True when a fight is running with NPCs in it and every one of them is down (the system's downed condition):
    nobody is left to fight the party."""
    from narrator.tools.systems import get_system

    downed = get_system(state.system).downed_condition
    foes = [n for n in state.initiative.order if state.characters.get(n, {}).get("npc")]
    return state.initiative.active and bool(foes) and all(downed in state.conditions.get(n, []) for n in foes)


class ConditionEdits:
    """Accumulates condition changes for several characters; ``ops()`` gives one SetConditions per changed one.

    Every system's table tools edit conditions through this one class; where their timers come from is the one
    thing that differs, ``timers_from`` (a subclass sets it, so the ops a system writes stay the ones its
    campaigns recorded):

    * ``"catalogue"`` — a condition added here gets the catalogue's timer (``ends``, see :func:`expiry_for`) — or
      the one given — counted from now; adding a condition already present restarts its timer ("next turn" is
      then the turn after this one). An op carries the timers only when they changed.
    * ``"caller"`` — only a timer the caller gives (``timer=``) is set; an op that changes anything carries the
      bearer's timers.
    * ``"none"`` — the conditions alone; timers are left as they are and ops never carry them."""

    timers_from: Literal["catalogue", "caller", "none"] = "catalogue"

    def __init__(self, state: TableState):
        self.state = state
        self.now: dict[str, list[str]] = {}
        self.timers: dict[str, dict[str, Expiry]] = {}

    def _list(self, name: str) -> list[str]:
        if name not in self.now:
            self.now[name] = list(self.state.conditions.get(name, []))
            self.timers[name] = dict(self.state.expiry.get(name, {}))
        return self.now[name]

    def has(self, name: str, condition: str) -> bool:
        return condition in self._list(name)

    def add(self, name: str, condition: str, ends: str | None = None, timer: Expiry | None = None) -> bool:
        """Add (or re-time) a condition; True when it was not there before."""
        current = self._list(name)
        if self.timers_from == "catalogue" and timer is None:
            timer = expiry_for(self.state, name, condition, ends)
            if timer is None:
                self.timers[name].pop(condition, None)
        if timer is not None and self.timers_from != "none":
            self.timers[name][condition] = timer
        if condition in current:
            return False
        current.append(condition)
        return True

    def remove(self, name: str, condition: str) -> bool:
        current = self._list(name)
        if self.timers_from != "none":
            self.timers[name].pop(condition, None)
        if condition not in current:
            return False
        current.remove(condition)
        return True

    def ops(self) -> list[SetConditions]:
        out = []
        for n, c in self.now.items():
            if self.timers_from == "none":
                if c != list(self.state.conditions.get(n, [])):
                    out.append(SetConditions(name=n, conditions=c))
                continue
            old_timers = self.state.expiry.get(n, {})
            timers = {k: v for k, v in self.timers[n].items() if k in c}
            if c == list(self.state.conditions.get(n, [])) and timers == old_timers:
                continue
            keep = self.timers_from == "catalogue" and timers == old_timers
            out.append(SetConditions(name=n, conditions=c, expiry=None if keep else timers))
        return out
