"""Minim dungeons (``minim.md#Dungeons``, ``#Creating floors``): rolling up a floor, and the dungeon's own dice.

``minim_dungeon_floor`` builds one floor from the party, ``minim_linger`` is the die for staying too long in a room
and ``minim_revisit`` the die per empty room when the party comes back.

Readings chosen (the rulebook gives ranges and a table, not a procedure), in the order the dice are thrown:

1. **Rooms** = 2d6 (2 to 12, "a typical-floor has 2 to 12 rooms").
2. **Combats** = 1d6 (1 to 6), capped at the number of rooms: a floor of 3 rooms holds at most 3 combats.
3. **Features** = 1d3 (1 to 3).
4. **Combat rooms**: each combat throws a d{rooms}; a room that already holds a combat is thrown again and the
   superseded die is kept in ``dice`` flagged ``rerolled``. Every other room is ``empty``.
5. **Spreading the challenge**: "take the player-group's total-challenge and spread that amount among the rooms";
   only combat rooms carry challenge. With two or more combats each throws a d6 weight and gets
   total × weight / (sum of weights), an exact fraction, so the shares add up to the party's total exactly. A lone
   combat takes the whole total and throws no weight die.
6. **Reward**: one magic item ("one-item per-floor as a good base-line"), its score the party's median tier. With an
   even number of members the *lower* median is used, so the baseline item never outranks the weaker half of the
   party. Its room is a d{rooms}; any room may hold it. ``reward.item`` is the item as it lands on a sheet: an item
   that "work[s] exactly like powers with [its] own power-score" (give it with ``minim_gain_item``; roll it with
   ``minim_use_power``).
7. **Each feature**: a d6 on the feature table, a second d6 on the trap (1) or key (6) sub-table, then a die over
   the rooms it fits: traps on or ambushes in a combat, peaceful resolutions and environmental modifiers go to
   combat rooms; traps "in an empty-room" to empty rooms (any room if every room is a combat); a trap "guarding a
   reward" goes to the magic item's room with no die; the rest (hidden reward, access test, key) to any room.
   When only one room fits, no die is thrown.

The floor is structural, so it carries no single ``odds``; ``room_odds`` and ``combat_odds`` give the exact
distributions of the room and combat counts before the roll.

``minim_linger`` and ``minim_revisit`` have no pass/fail (a patrol is an event, not a failed action), so their
``success`` is null; ``outcome`` is ``patrol``/``quiet`` and the number of rooms reoccupied respectively.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Annotated, Literal, NamedTuple

from pydantic import BeforeValidator, Field, StringConstraints, field_validator

from narrator.tools.contract import CheckResult, ToolArgs, ToolResult, ref
from narrator.tools.dice import Die, DieFlag, Roller
from narrator.tools.frozen import Frozen
from narrator.tools.odds import Dist, Odds, binomial, die, sum_of
from narrator.tools.steps import Step, step
from narrator.tools.tool import tool
from narrator.tools.systems.minim.challenge import CHALLENGE, Member, exact_text, group_challenge
from narrator.tools.systems.minim.rules import BOOK, FEATURES, KEY_UNLOCKS, TRAP_PLACEMENT
from narrator.tools.systems.minim.sheet import GearItem

DUNGEONS = ref(BOOK, "Dungeons")
FLOORS = ref(BOOK, "Creating floors")
THREAT = Fraction(1, 6)
"""A 1 on a d6 brings a patrol (lingering) or new threats (an empty room on a return)."""

TRAP, KEY = 1, 6
COMBAT_ROOM_FEATURES = {4, 5}
TRAP_IN_COMBAT = {3, 4}
TRAP_IN_EMPTY = {5, 6}
TRAP_AT_REWARD = 1


def _room_name(v):
    """Room ids may be numbers (as the floor tool numbers them) or names; both are kept as text."""
    return str(v) if isinstance(v, int) and not isinstance(v, bool) else v


RoomId = Annotated[str, StringConstraints(min_length=1, max_length=100), BeforeValidator(_room_name)]


def lower_median(values: Sequence[int]) -> int:
    """The median, taking the lower middle value for an even count (see reading 6)."""
    ordered = sorted(values)
    return ordered[(len(ordered) - 1) // 2]


def room_count_dist() -> Dist:
    return sum_of(2, 6)


@lru_cache(maxsize=1)
def combat_count_dist() -> Dist:
    """min(d6, rooms) with rooms = 2d6: the combats actually placed (one distribution, built once)."""
    return room_count_dist().bind(lambda rooms: die(6).map(lambda c: min(c, rooms)))


def spread(total: Fraction, weights: Sequence[int]) -> list[Fraction]:
    """Split ``total`` in proportion to ``weights``, exactly: the shares always sum to ``total``."""
    whole = sum(weights)
    return [total * w / whole for w in weights]


class FloorArgs(ToolArgs):
    party: list[Member] = Field(
        min_length=1, max_length=100, description="The player-group, each member by traits or tier (as minim_challenge)."
    )


class Room(Frozen):
    number: int
    kind: Literal["combat", "empty"]
    challenge: float | None = Field(None, description="The share of the party's challenge in this room's combat.")
    challenge_exact: str | None = None
    reward: bool = Field(False, description="This room holds the floor's magic item.")
    features: list[str] = Field(default_factory=list, description="Features placed in this room.")


class Feature(Frozen):
    roll: int = Field(description="The d6 on the feature table.")
    feature: str
    sub_roll: int | None = Field(None, description="The d6 on the trap or key sub-table, if any.")
    detail: str | None = Field(None, description="The trap placement or what the key unlocks.")
    room: int
    text: str


class Reward(Frozen):
    kind: Literal["magic item"] = "magic item"
    score: int = Field(description="The party's median tier.")
    room: int
    item: GearItem = Field(description="The item for a sheet: it works like a power with this score.")


class FloorResult(ToolResult):
    dice: list[Die] = Field(description="Every die thrown, in order, with its flags.")
    rooms: list[Room]
    combats: int
    features: list[Feature]
    reward: Reward
    party_challenge: float
    party_challenge_exact: str
    room_odds: Odds = Field(description="Exact distribution of the room count (2d6).")
    combat_odds: Odds = Field(description="Exact distribution of the combat count (d6 capped at the rooms).")


class _Floor:
    """The mutable working state while a floor is rolled; the result model is built from it at the end."""

    def __init__(self, roller: Roller):
        self.roller = roller
        self.dice: list[Die] = []
        self.steps: list[Step] = []

    def roll(self, sides: int, purpose: str) -> Die:
        d = self.roller.roll(sides, purpose)
        self.dice.append(d)
        return d

    def pick(self, rooms: Sequence[int], purpose: str) -> tuple[int, list[int] | None]:
        """One room among ``rooms`` and the die that chose it (sides, face): none for a single choice, else a d{len}
        over the list."""
        if len(rooms) == 1:
            return rooms[0], None
        d = self.roll(len(rooms), purpose)
        return rooms[d.face - 1], [d.sides, d.face]


def _place_combats(f: _Floor, rooms: int, combats: int) -> list[int]:
    chosen: list[int] = []
    for i in range(1, combats + 1):
        while True:
            d = f.roll(rooms, f"combat {i} room")
            if d.face not in chosen:
                break
            f.dice[-1] = d.with_flags(DieFlag.REROLLED)
            f.steps.append(step("minim.dungeon_reroll", combat=i, rooms=rooms, face=d.face))
        chosen.append(d.face)
        f.steps.append(step("minim.dungeon_combat", combat=i, rooms=rooms, face=d.face))
    return chosen


def _roll_feature(f: _Floor, n: int, combat: list[int], empty: list[int], reward_room: int) -> Feature:
    d = f.roll(6, f"feature {n}")
    name, sub, detail = FEATURES[d.face], None, None
    every = sorted(combat + empty)
    if d.face == TRAP:
        sub = f.roll(6, f"feature {n} trap").face
        detail = TRAP_PLACEMENT[sub]
    elif d.face == KEY:
        sub = f.roll(6, f"feature {n} key").face
        detail = KEY_UNLOCKS[sub]
    if d.face == TRAP and sub == TRAP_AT_REWARD:
        where, fits = [reward_room], "reward"
    elif d.face in COMBAT_ROOM_FEATURES or (d.face == TRAP and sub in TRAP_IN_COMBAT):
        where, fits = sorted(combat), "combat"
    elif d.face == TRAP and sub in TRAP_IN_EMPTY and empty:
        where, fits = sorted(empty), "empty"
    else:
        where = every
        fits = "all_full" if d.face == TRAP and sub in TRAP_IN_EMPTY else "all"
    room, how = f.pick(where, f"feature {n} room")
    text = f"{name} that unlocks: {detail}" if d.face == KEY else f"{name}: {detail}" if detail else name
    f.steps.append(step("minim.dungeon_feature", n=n, face=d.face, sub=sub, fits=fits, where=list(where), die=how,
                        room=room))
    return _feature(d.face, name, sub, detail, room, text)


@lru_cache(maxsize=1024)
def _feature(roll: int, name: str, sub: int | None, detail: str | None, room: int, text: str) -> Feature:
    """A placed feature, made once per its values (frozen, so shared)."""
    return Feature(roll=roll, feature=name, sub_roll=sub, detail=detail, room=room, text=text)


class _Party(NamedTuple):
    """What a floor reads of its party, worked out once per party (:func:`_party`); never a result's field."""

    total: Fraction
    total_float: float
    total_exact: str
    steps: tuple[Step, ...]
    score: int
    spread: tuple[tuple[int, int], ...]
    """How many members stand at each tier, (count, tier) from the lowest tier."""


def _party(members: Sequence[Member]) -> _Party:
    """The party's challenge, its lines and its median tier, by the members' values (a floor is rolled for the same
    party again and again; the party's exact total and its lines cost more to build than the floor's dice)."""
    return _party_of(tuple((m.name, None if m.traits is None else tuple(m.traits), m.tier, m.count)
                           for m in members))


@lru_cache(maxsize=1024)
def _party_of(key: tuple[tuple[str | None, tuple[int, ...] | None, int | None, int], ...]) -> _Party:
    members = [Member(name=name, traits=None if traits is None else list(traits), tier=tier, count=count)
               for name, traits, tier, count in key]
    group, total, steps = group_challenge(members, group="party", label="party member")
    tiers = [m.resolved_tier for m in members for _ in range(m.count)]
    spread = tuple((k, t) for t, k in sorted(Counter(tiers).items()))
    return _Party(total, group.total, group.total_exact, tuple(steps), lower_median(tiers), spread)


class _Share(NamedTuple):
    """One combat's share of the party's total: the exact value, as a float and as text, and the end of its line."""

    share: Fraction
    challenge: float
    exact: str
    line: Step


@lru_cache(maxsize=4096)
def _share(numerator: int, denominator: int, weight: int, whole: int, several: bool) -> _Share:
    """The share ``weight``/``whole`` of the total ``numerator``/``denominator`` (:func:`spread`'s arithmetic) and its
    line, once per those whole numbers (a Fraction's hash costs more than the lookup would save)."""
    total = Fraction(numerator, denominator)
    share = total * weight / whole
    exact = exact_text(share)
    return _Share(share, float(share), exact, step("minim.dungeon_share", weight=weight, whole=whole,
                                                   total=exact_text(total), share=exact, several=several))


@lru_cache(maxsize=4096)
def _room(number: int, challenge: float | None, exact: str | None, reward: bool,
          features: tuple[str, ...]) -> Room:
    """A rolled room, made once per its values (frozen, so shared)."""
    return Room(number=number, kind="combat" if exact is not None else "empty", challenge=challenge,
                challenge_exact=exact, reward=reward, features=list(features))


@lru_cache(maxsize=1024)
def _reward(score: int, room: int) -> Reward:
    """The floor's magic item, made once per (score, room)."""
    return Reward(score=score, room=room, item=GearItem(name="magic item", kind="item", power=score))


@tool("minim")
def minim_dungeon_floor(args: FloorArgs, roller: Roller) -> FloorResult:
    """Roll up a Minim dungeon floor: rooms, combats sharing the party's challenge, features and a magic item."""
    f = _Floor(roller)
    party = _party(args.party)
    total = party.total
    f.steps += party.steps

    a, b = f.roll(6, "rooms die 1"), f.roll(6, "rooms die 2")
    rooms = a.face + b.face
    f.steps.append(step("minim.dungeon_rooms", a=a.face, b=b.face, rooms=rooms))
    c = f.roll(6, "combats")
    combats = min(c.face, rooms)
    f.steps.append(step("minim.dungeon_combats", face=c.face, rooms=rooms, combats=combats))
    features = f.roll(3, "features").face
    f.steps.append(step("minim.dungeon_features", features=features))

    combat_rooms = _place_combats(f, rooms, combats)
    weights = [f.roll(6, f"combat {i} share").face for i in range(1, combats + 1)] if combats > 1 else [1]
    whole = sum(weights)
    shared = [_share(total.numerator, total.denominator, w, whole, combats > 1) for w in weights]
    if combats > 1:
        f.steps.append(step("minim.dungeon_weights", weights=weights))
    for room, share in zip(combat_rooms, shared):
        f.steps.append(step("minim.dungeon_room_combat", room=room, line=share.line))

    score = party.score
    reward_room = f.roll(rooms, "reward room").face
    f.steps.append(step("minim.dungeon_reward", spread=[list(p) for p in party.spread], score=score, rooms=rooms,
                        room=reward_room))

    empty = [r for r in range(1, rooms + 1) if r not in combat_rooms]
    rolled = [_roll_feature(f, n, combat_rooms, empty, reward_room) for n in range(1, features + 1)]

    share_of = dict(zip(combat_rooms, shared))
    placed: dict[int, list[str]] = {}
    for x in rolled:
        placed.setdefault(x.room, []).append(x.text)
    room_list = []
    for r in range(1, rooms + 1):
        share = share_of.get(r)
        room_list.append(_room(r, None if share is None else share.challenge, None if share is None else share.exact,
                               r == reward_room, tuple(placed.get(r, ()))))
    return FloorResult(
        summary=step("minim.dungeon_floor", rooms=rooms, combats=combats, total=party.total_exact, features=features,
                     score=score, room=reward_room),
        steps=f.steps,
        rule_refs=[DUNGEONS, FLOORS, CHALLENGE],
        dice=f.dice,
        rooms=room_list,
        combats=combats,
        features=rolled,
        reward=_reward(score, reward_room),
        party_challenge=party.total_float,
        party_challenge_exact=party.total_exact,
        room_odds=room_count_dist().odds(),
        combat_odds=combat_count_dist().odds(),
    )


class LingerArgs(ToolArgs):
    room: RoomId | None = Field(None, description="The room the party lingers in, for the explanation.")


class LingerResult(CheckResult):
    outcome: Literal["patrol", "quiet"]
    room: str | None


@lru_cache(maxsize=1)
def linger_odds() -> Odds:
    return Dist({"patrol": THREAT, "quiet": 1 - THREAT}).odds(order=("patrol", "quiet"))


@lru_cache(maxsize=None)
def revisit_odds(rooms: int) -> Odds:
    """How many of ``rooms`` empty rooms fill again, once per count (at most 100)."""
    return binomial(rooms, THREAT).odds(order=range(rooms + 1))


@tool("minim")
def minim_linger(args: LingerArgs, roller: Roller) -> LingerResult:
    """The party lingers too long in a Minim dungeon room: a d6, on a 1 a patrol or roaming creature finds them."""
    d = roller.roll(6, "linger")
    outcome = "patrol" if d.face == 1 else "quiet"
    return LingerResult(
        summary=step("minim.linger", room=args.room, face=d.face, outcome=outcome),
        steps=[step("minim.linger_rule", room=args.room), step("minim.linger_roll", face=d.face, outcome=outcome)],
        rule_refs=[DUNGEONS],
        dice=[d],
        outcome=outcome,
        success=None,
        odds=linger_odds(),
        room=args.room,
    )


class RevisitArgs(ToolArgs):
    empty_rooms: list[RoomId] = Field(
        default_factory=list, max_length=100, description="The floor's empty rooms (numbers or names), each once."
    )

    @field_validator("empty_rooms")
    @classmethod
    def _unique(cls, rooms: list[str]) -> list[str]:
        repeated = sorted({r for r in rooms if rooms.count(r) > 1})
        if repeated:
            raise ValueError(f"each empty room is rolled once; listed more than once: {repeated}")
        return rooms


class RoomCheck(Frozen):
    room: str
    face: int
    reoccupied: bool


class RevisitResult(CheckResult):
    outcome: int = Field(description="How many empty rooms now hold new threats.", json_schema_extra={"fact": "count"})
    reoccupied: list[str]
    rooms: list[RoomCheck]


@tool("minim")
def minim_revisit(args: RevisitArgs, roller: Roller) -> RevisitResult:
    """The party returns to a Minim dungeon floor: a d6 per empty room, on a 1 that room gains new threats."""
    n = len(args.empty_rooms)
    dice = [roller.roll(6, f"revisit room {room}") for room in args.empty_rooms]
    checks = [RoomCheck(room=room, face=d.face, reoccupied=d.face == 1) for room, d in zip(args.empty_rooms, dice)]
    hit = [c.room for c in checks if c.reoccupied]
    steps = [step("minim.revisit_rule", rooms=n)]
    steps += [step("minim.revisit_room", room=c.room, face=c.face, reoccupied=c.reoccupied) for c in checks]
    odds = revisit_odds(n)
    return RevisitResult(
        summary=step("minim.revisit", reoccupied=hit, rooms=n),
        steps=steps,
        rule_refs=[DUNGEONS],
        dice=dice,
        outcome=len(hit),
        success=None,
        odds=odds,
        reoccupied=hit,
        rooms=checks,
    )
