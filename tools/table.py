"""The table: structured campaign state as plain data, and the only ways it can change.

State changes are :data:`Op` values — small, explicit, typed — applied by the pure :func:`apply`. A state-bound
tool reads a frozen :class:`TableState`, rolls through the roller it is given, and returns its result *and* the ops
it wants; the campaign layer logs both in one event and folds the ops. Folding the log from the start therefore
rebuilds the state exactly, and replaying re-runs each tool on the state it saw.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, model_serializer

from narrator.tools.contract import ToolResult
from narrator.tools.errors import FieldProblem, ToolArgumentError


class UnknownNameError(ToolArgumentError):
    """A tool named a character, NPC or zone the table does not have; the problem lists the known ones.

    It is an argument error (of the field that held the name) so the agent's repair loop treats it like one.
    """

    def __init__(self, what: str, name: str, known: list[str], field: str = "name", tool: str = "?"):
        self.name = name
        self.known = known
        listing = ", ".join(known) if known else "none yet"
        super().__init__(tool, [FieldProblem(field, f"unknown {what} '{name}'; known {what}s: {listing}")])


class Initiative(BaseModel):
    model_config = ConfigDict(frozen=True)

    active: bool = False
    round: int = 0
    turn: int = 0  # index into order of whose turn it is
    order: list[str] = Field(default_factory=list)
    totals: dict[str, int] = Field(default_factory=dict)
    used: int = Field(0, description="Actions the current combatant has taken this turn.")

    @property
    def current(self) -> str | None:
        return self.order[self.turn] if self.active and self.order else None


class Expiry(BaseModel):
    """When a condition ends: at the start or end of ``of``'s next turn, or at the end of the round.

    ``since`` is the (round, turn) at which it was added, so a condition added during its bearer's own turn lasts
    through their *next* turn, as "cannot act next turn" means.
    """

    model_config = ConfigDict(frozen=True)

    ends: Literal["start_of_turn", "end_of_turn", "end_of_round"]
    of: str
    since: tuple[int, int] = (0, 0)


class Story(BaseModel):
    """Solo play's story state, as Mythic-style oracles keep it: a chaos factor (1 calm … 9 wild; the oracle and
    random events read it), the open threads (what the story is about) and the recurring people, plus the place
    the current scene is framed in. Changed only by :class:`SetStory` from the ``story_*`` tools (:mod:`tools.story`).
    """

    model_config = ConfigDict(frozen=True)

    chaos: int = Field(5, ge=1, le=9)
    threads: list[str] = Field(default_factory=list)
    people: list[str] = Field(default_factory=list)
    place: str = ""


class TableState(BaseModel):
    """Everything on the table. ``characters`` holds each character's sheet as its system's model dumps it.

    ``zones`` are the battlefield's areas and ``links`` which pairs border each other (a map, not a line);
    ``expiry`` says when timed conditions end (bearer → condition → :class:`Expiry`); ``system_state`` is owned
    by the rules system (card decks, scene counters, challenge tracks), changed only by :class:`SetSystemState`.
    """

    model_config = ConfigDict(frozen=True)

    system: str
    options: dict[str, Any] = Field(default_factory=dict)
    scene: str = ""
    characters: dict[str, dict[str, Any]] = Field(default_factory=dict)
    conditions: dict[str, list[str]] = Field(default_factory=dict)
    expiry: dict[str, dict[str, Expiry]] = Field(default_factory=dict)
    zones: list[str] = Field(default_factory=list)
    links: list[tuple[str, str]] = Field(default_factory=list)
    positions: dict[str, str] = Field(default_factory=dict)
    initiative: Initiative = Field(default_factory=Initiative)
    system_state: dict[str, Any] = Field(default_factory=dict)
    story: Story = Field(default_factory=Story)

    @model_serializer(mode="wrap")
    def _dump(self, handler: Any) -> dict[str, Any]:
        """An untouched story is left out, so tables (and snapshots) from before solo story state dump as they did."""
        data = handler(self)
        if isinstance(data, dict) and data.get("story") in (Story(), Story().model_dump()):
            data.pop("story")
        return data

    def find(self, name: str, field: str = "actor", tool: str = "?") -> str:
        """The canonical name of a character or NPC (case-insensitive), or an error listing the known ones."""
        for known in self.characters:
            if known.casefold() == name.strip().casefold():
                return known
        raise UnknownNameError("character", name, sorted(self.characters), field, tool)

    def sheet(self, name: str) -> dict[str, Any]:
        return self.characters[self.find(name)]

    def find_zone(self, zone: str, field: str = "zone", tool: str = "?") -> str:
        for known in self.zones:
            if known.casefold() == zone.strip().casefold():
                return known
        raise UnknownNameError("zone", zone, self.zones, field, tool)

    def neighbours(self, zone: str) -> list[str]:
        """The zones that border ``zone``, in the order zones were listed."""
        near = {b for a, b in self.links if a == zone} | {a for a, b in self.links if b == zone}
        return [z for z in self.zones if z in near]

    def zone_path(self, start: str, goal: str) -> list[str] | None:
        """The shortest chain of bordering zones from ``start`` to ``goal`` (both included), None if unreachable."""
        previous: dict[str, str | None] = {start: None}
        frontier = [start]
        while frontier:
            nxt = []
            for z in frontier:
                for n in self.neighbours(z):
                    if n not in previous:
                        previous[n] = z
                        nxt.append(n)
            frontier = nxt
        if goal not in previous:
            return None
        path = [goal]
        while previous[path[-1]] is not None:
            path.append(previous[path[-1]])  # type: ignore[arg-type]
        return path[::-1]

    def in_zone(self, zone: str) -> list[str]:
        return [n for n in self.characters if self.positions.get(n) == zone]


class _Op(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class PutCharacter(_Op):
    op: Literal["put_character"] = "put_character"
    name: str
    sheet: dict[str, Any]


class RemoveCharacter(_Op):
    op: Literal["remove_character"] = "remove_character"
    name: str


class SetField(_Op):
    """Set one field of a sheet; ``field`` may be dotted (``powers.wealth``). ``was`` records the old value."""

    op: Literal["set_field"] = "set_field"
    name: str
    field: str
    value: Any
    was: Any = None


def field_changes(name: str, old: dict[str, Any], new: dict[str, Any]) -> list[SetField]:
    """The ops that turn sheet ``old`` into ``new`` (both dumped as JSON), one top-level field each, in ``new``'s
    order: how a pure tool that returns a whole new sheet (an advance, a regression) lands on the table."""
    return [SetField(name=name, field=k, value=new[k], was=old[k]) for k in new if new[k] != old[k]]


class SetScene(_Op):
    op: Literal["set_scene"] = "set_scene"
    text: str


class SetConditions(_Op):
    """The bearer's whole list of conditions; ``expiry`` (when given) the timers of those that end on their own."""

    op: Literal["set_conditions"] = "set_conditions"
    name: str
    conditions: list[str]
    expiry: dict[str, Expiry] | None = None


class SetZones(_Op):
    """The zones and which pairs border each other; ``links`` None means each borders the next in the list."""

    op: Literal["set_zones"] = "set_zones"
    zones: list[str]
    links: list[tuple[str, str]] | None = None


class Move(_Op):
    op: Literal["move"] = "move"
    name: str
    zone: str | None


class SetInitiative(_Op):
    op: Literal["set_initiative"] = "set_initiative"
    initiative: Initiative


class SetOption(_Op):
    op: Literal["set_option"] = "set_option"
    key: str
    value: Any


class SetSystemState(_Op):
    """Set one key of the rules system's own state (a deck, hands, a challenge track); None removes the key."""

    op: Literal["set_system_state"] = "set_system_state"
    key: str
    value: Any


class SetStory(_Op):
    """The whole story state (chaos, threads, people, place) after a ``story_*`` tool."""

    op: Literal["set_story"] = "set_story"
    story: Story


Op = Annotated[
    Union[PutCharacter, RemoveCharacter, SetField, SetScene, SetConditions, SetZones, Move, SetInitiative, SetOption,
          SetSystemState, SetStory],
    Field(discriminator="op"),
]


class OpList(BaseModel):
    ops: list[Op]


class BoundResult(ToolResult):
    """The result of a state-bound tool: what happened, plus the ops that record it on the table."""

    changes: list[Op] = Field(default_factory=list, description="State changes the campaign applies, in order.")


MAX_PATH_PARTS = 8
"""The deepest dotted field path an edit may name (sheets nest two or three levels: ``powers.wealth``)."""


def path_problem(path: str) -> str | None:
    """Why ``path`` cannot name a sheet field (too deep, too long, an empty part), or None. Checked where an edit
    is asked for (``table_edit_character``), so a 2,000-part path is refused in words, not by the interpreter."""
    parts = path.split(".")
    if len(parts) > MAX_PATH_PARTS:
        return f"a field path has at most {MAX_PATH_PARTS} dotted parts (this one has {len(parts)})"
    if len(path) > 200:
        return f"a field path is at most 200 characters (this one has {len(path)})"
    if any(not p.strip() for p in parts):
        return "a field path has no empty parts (nothing before, after or between two dots)"
    return None


def _set_path(sheet: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    """A copy of ``sheet`` with the dotted ``path`` set to ``value`` (intermediate dicts copied or created).

    A loop, not recursion: the fold replays whatever paths the log holds, and no depth may crash it."""
    parts = path.split(".")
    out = dict(sheet)
    node = out
    for part in parts[:-1]:
        child = node.get(part)
        node[part] = dict(child) if isinstance(child, dict) else {}
        node = node[part]
    node[parts[-1]] = value
    return out


def get_path(sheet: dict[str, Any], path: str) -> Any:
    value: Any = sheet
    for part in path.split("."):
        value = value.get(part) if isinstance(value, dict) else None
    return value


def apply(state: TableState, op: _Op) -> TableState:
    """Fold one op into the state. Pure: returns a new state."""
    data = state.model_dump()
    if isinstance(op, PutCharacter):
        data["characters"][op.name] = op.sheet
    elif isinstance(op, RemoveCharacter):
        data["characters"].pop(op.name, None)
        data["conditions"].pop(op.name, None)
        data["expiry"].pop(op.name, None)
        data["positions"].pop(op.name, None)
        ini = data["initiative"]
        if op.name in ini["order"]:
            idx = ini["order"].index(op.name)
            ini["order"].remove(op.name)
            ini["totals"].pop(op.name, None)
            if idx < ini["turn"] or ini["turn"] >= len(ini["order"]):
                ini["turn"] = max(0, ini["turn"] - 1) if ini["order"] else 0
    elif isinstance(op, SetField):
        data["characters"][op.name] = _set_path(data["characters"][op.name], op.field, op.value)
    elif isinstance(op, SetScene):
        data["scene"] = op.text
        if "story" in data:  # a scene set by hand or by a generator is not the framed place any more
            data["story"] = {**data["story"], "place": ""}
    elif isinstance(op, SetConditions):
        if op.conditions:
            data["conditions"][op.name] = list(op.conditions)
        else:
            data["conditions"].pop(op.name, None)
        timers = op.expiry if op.expiry is not None else state.expiry.get(op.name, {})
        kept = {c: (t.model_dump() if isinstance(t, Expiry) else t) for c, t in timers.items() if c in op.conditions}
        if kept:
            data["expiry"][op.name] = kept
        else:
            data["expiry"].pop(op.name, None)
    elif isinstance(op, SetZones):
        data["zones"] = list(op.zones)
        links = op.links if op.links is not None else list(zip(op.zones, op.zones[1:]))
        data["links"] = [tuple(pair) for pair in links]
        data["positions"] = {k: v for k, v in data["positions"].items() if v in op.zones}
    elif isinstance(op, Move):
        if op.zone is None:
            data["positions"].pop(op.name, None)
        else:
            data["positions"][op.name] = op.zone
    elif isinstance(op, SetInitiative):
        data["initiative"] = op.initiative.model_dump()
    elif isinstance(op, SetOption):
        data["options"][op.key] = op.value
    elif isinstance(op, SetStory):
        data["story"] = op.story.model_dump()
    elif isinstance(op, SetSystemState):
        if op.value is None:
            data["system_state"].pop(op.key, None)
        else:
            data["system_state"][op.key] = op.value
    else:  # pragma: no cover - the union is closed
        raise TypeError(f"unknown op {op!r}")
    return TableState.model_validate(data)


def apply_all(state: TableState, ops: list[_Op]) -> TableState:
    for op in ops:
        state = apply(state, op)
    return state


def parse_ops(raw: list[dict[str, Any]]) -> list[_Op]:
    return OpList.model_validate({"ops": raw}).ops
