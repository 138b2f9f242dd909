"""Helpers shared by the state-bound 5+ tools: reading sheets and the system's table state, refusing what the rules
forbid as argument errors, and writing descriptor changes as ops. No tool lives here.

The system's own table state (``TableState.system_state``, changed only by ``SetSystemState``) holds:

* ``challenges`` — open and finished challenges by name (:class:`.challenges.Challenge`);
* ``cards`` — the GM-less deck, hands and table (:class:`.cards.Deck`);
* ``plans`` — each character's declared actions for the turn (focus / rush / move);
* ``help`` — help bonuses waiting for the helped character's next action (or for everyone against an adversary);
* ``failed`` — failed attempts that may not be repeated unchanged;
* ``last`` — each character's last check (what raising the stakes re-rolls);
* ``rest`` — recovery actions and practices taken since the last rest.

Readings chosen:

* Incapacitated (a major wound, or the table's ``incapacitated`` condition) cannot act; a defeated NPC neither.
* A descriptor is found by its name on the actor's sheet; an approach group finds the actor's best usable
  descriptor of that group (highest level minus damage, then name); with none, ``Improvise`` — "you can do any
  action as improvisation"; with no Improvise either, the error lists what the sheet has.
"""

from __future__ import annotations

import json
from typing import Any

from narrator.tools.problems import fail
from narrator.tools.steps import Step, step
from narrator.tools.systems.fiveplus.descriptors import Descriptor, key_of
from narrator.tools.systems.fiveplus.improvement import Progress
from narrator.tools.systems.fiveplus.sheet import FivePlusCharacter, restriction
from narrator.tools import turns
from narrator.tools import table_people
from narrator.tools.table_sheets import Sheets
from narrator.tools.table import SetField, SetSystemState, TableState, UnknownNameError

INCAPACITATED = "incapacitated"
IMPROVISE = "improvise"
MODIFIER_FIELD_DOC = ("Situational bonuses and penalties: challenge difficulty +1/-1 and the like (the sheet's "
                      "traits, conditions, wounds, items, help and the turn's focus or rush are added by the tool).")


SHEETS = Sheets(FivePlusCharacter, "5+")
sheet_of, find, two = SHEETS.sheet_of, SHEETS.find, SHEETS.two


def require_able(state: TableState, name: str, c: FivePlusCharacter, field: str, doing: str = "act") -> None:
    if c.incapacitated or INCAPACITATED in state.conditions.get(name, []):
        fail(field, f"{name} is incapacitated and cannot {doing}; a major wound needs trained treatment "
                    "(fiveplus_treat)")
    if c.npc and c.defeated:
        fail(field, f"{name} is defeated and cannot {doing}")


def require_new_name(state: TableState, name: str, field: str = "name") -> None:
    """5+'s refusal of a taken name lists them as "on the table"."""
    table_people.require_new_name(state, name, field, listing="on the table")


def listing(c: FivePlusCharacter, kinds: tuple[str, ...] = ("skill", "resistance")) -> str:
    found = [d.name for d in c.descriptors.values() if d.kind in kinds]
    return ", ".join(found) or "none"


def descriptor_named(c: FivePlusCharacter, name: str, field: str, kinds: tuple[str, ...] | None = None) -> Descriptor:
    d = c.get(name)
    if d is None or (kinds is not None and d.kind not in kinds):
        what = "/".join(kinds) if kinds else "descriptor"
        raise UnknownNameError(what, name, [x.name for x in c.descriptors.values()
                                            if kinds is None or x.kind in kinds], field)
    return d


def best_of(c: FivePlusCharacter, group: str, kinds: tuple[str, ...] = ("skill", "resistance")) -> Descriptor | None:
    usable = [d for d in c.levelled() if d.group == group and d.kind in kinds and not restriction(c, d)]
    if not usable:
        return None
    return sorted(usable, key=lambda d: (-((d.level or 0) - (d.counter or 0)), -(d.level or 0), d.key))[0]


def pick(c: FivePlusCharacter, name: str | None, group: str | None, field: str, who: str,
         steps: list[Step]) -> Descriptor:
    """The descriptor a check uses: named, else the best of the group, else Improvise."""
    if name is not None:
        d = c.get(name)
        if d is None or not d.has_level:
            raise UnknownNameError("skill or resistance", name, [x.name for x in c.levelled()], field)
        return d
    if group is not None:
        found = best_of(c, group)
        if found is not None:
            steps.append(step("fiveplus.best_of", who=who, group=group, descriptor=found.name))
            return found
    fallback = c.get(IMPROVISE)
    if fallback is not None and fallback.has_level:
        steps.append(step("fiveplus.improvise", who=who, group=group))
        return fallback
    fail(field, f"{who} has no {group or ''} descriptor to use and no Improvise; descriptors: {listing(c)}; create "
                "one on the fly with fiveplus_add_descriptor", group or name)


class SheetEdits:
    """Accumulates changes to sheets: descriptors put or dropped, NPC fields set. ``ops()`` writes, per character,
    the whole descriptor dict once (so a removal is a plain value, and a turn's effects are one diff) and each
    changed top-level field once."""

    def __init__(self, state: TableState):
        self.state = state
        self.descriptors: dict[str, dict[str, Descriptor]] = {}
        self.fields: dict[str, dict[str, Any]] = {}

    def _of(self, name: str) -> dict[str, Descriptor]:
        if name not in self.descriptors:
            self.descriptors[name] = dict(sheet_of(self.state, name).descriptors)
        return self.descriptors[name]

    def descriptors_of(self, name: str) -> dict[str, Descriptor]:
        """The descriptors of ``name`` as edited so far (a live dict: edit through put/drop)."""
        return self._of(name)

    def sheet(self, name: str) -> FivePlusCharacter:
        """``name``'s sheet with the edits so far."""
        data = dict(self.state.characters[name])
        data.update(self.fields.get(name, {}))
        data["descriptors"] = {k: d.dump() for k, d in self._of(name).items()}
        return FivePlusCharacter.model_validate(data)

    def current(self, name: str, key: str) -> Descriptor | None:
        return self._of(name).get(key_of(key))

    def put(self, name: str, d: Descriptor) -> None:
        self._of(name)[d.key] = d

    def drop(self, name: str, key: str) -> None:
        self._of(name).pop(key_of(key), None)

    def set_field(self, name: str, field: str, value: Any) -> None:
        self.fields.setdefault(name, {})[field] = value

    def ops(self) -> list[SetField]:
        out: list[SetField] = []
        for name, ds in self.descriptors.items():
            before = self.state.characters[name].get("descriptors", {})
            after = {k: d.dump() for k, d in ds.items()}
            if after != before:
                out.append(SetField(name=name, field="descriptors", value=canonical(after), was=canonical(before)))
        for name, fields in self.fields.items():
            for field, value in fields.items():
                was = self.state.characters[name].get(field)
                if value != was:
                    out.append(SetField(name=name, field=field, value=value, was=was))
        return out


def with_progress(d: Descriptor, p: Progress) -> Descriptor:
    return d.model_copy(update={"level": p.level, "tier": p.tier, "next_level": p.next_level, "marked": p.marked})


def canonical(value: Any) -> Any:
    """A value as the event log will give it back (dict keys sorted), so play and replay see the same order."""
    return json.loads(json.dumps(value, sort_keys=True))


def system(state: TableState, key: str, default: Any) -> Any:
    value = state.system_state.get(key)
    return default if value is None else value


class SystemEdits:
    """Accumulates changes to the system's table state; ``ops()`` writes each changed key once, in order."""

    def __init__(self, state: TableState):
        self.state = state
        self.values: dict[str, Any] = {}

    def get(self, key: str, default: Any) -> Any:
        import copy

        if key not in self.values:
            self.values[key] = copy.deepcopy(system(self.state, key, default))
        return self.values[key]

    def set(self, key: str, value: Any) -> None:
        self.values[key] = value

    def ops(self) -> list[SetSystemState]:
        return [SetSystemState(key=k, value=canonical(v)) for k, v in self.values.items()
                if v != self.state.system_state.get(k)]


class ConditionEdits(turns.ConditionEdits):
    """Condition changes for several characters; 5+'s conditions carry no timers of their own here (the turn
    bookkeeping in :mod:`.table_rounds` ends what lasts a round)."""

    timers_from = "none"


def round_key(state: TableState) -> int | None:
    """The fight's round (None out of combat): plans and help for everyone last one round."""
    return state.initiative.round if state.initiative.active else None


def resistance_for(c: FivePlusCharacter, name: str | None, group: str, field: str) -> Descriptor:
    """A resistance by name, else the best-levelled of a group (endurance: Physical), else any resistance."""
    if name is not None:
        return descriptor_named(c, name, field, ("resistance",))
    found = [d for d in c.of_kind("resistance") if d.group == group]
    if not found:
        found = [d for d in c.of_kind("resistance") if key_of(d.name) in ("physical", "health")]
    if not found:
        found = c.of_kind("resistance")
    if not found:
        fail(field, f"{c.name} has no resistance to take it; descriptors: {listing(c)}")
    return sorted(found, key=lambda d: (-(d.level or 0), d.key))[0]
