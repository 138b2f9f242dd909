"""A 5+ character, NPC or item holder: a name and its descriptors (``five-plus.md#Characters``, ``#NPCs``).

"A character can be as simple as: Improvise(2:0) … Physical(0/3:0)." The sheet is a dict of descriptors keyed by
their lower-cased name, so a table op can address one field (``descriptors.sneak.level``). NPCs are "defined by a
few descriptors": goals, actions and abilities, behaviour, and difficulty (rank and the successes that defeat
them) — and they never roll, so they need no skills at all.

This module also reads what a sheet means for one check: which wounds, conditions, traits and equipment modify
it, which items it needs, what extra successes it gets, and how a target takes successes.

Readings chosen:

* A wound's penalty is its level, to every action ("a constant penalty equal to its level"). A condition's
  penalty applies to what its ``applies_to`` names (``Poisoned`` → perception), or to every action when it names
  nothing. A trait's or an item's modifier applies to what it names (a descriptor, a group, or ``all``); a trait
  naming nothing (``Strong`` — "+1 to non-combat actions involving strength") applies only when the check names
  it, because whether it is relevant is a judgement.
* Equipment counts only while equipped. An item whose ``required_for`` names a descriptor (``Axe`` for the axe
  skill) must be equipped to use it: "a character isn't able to use the axe descriptor without having an axe
  equipped".
* Of several ways a target takes successes, the most protective wins (immunity, then resistance, then weakness).
* A player-character needs at least one skill and one resistance (the scaffold); at creation every level is on the
  level table (0-6), counters are 0 and there are no wounds. An NPC needs nothing but a name. The buy-point
  budget is judged when the character is built (:mod:`.characters`, where the free scaffold is known), not here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from narrator.tools.phrases import say
from narrator.tools.systems.fiveplus.descriptors import Descriptor, descriptor_problems, key_of
from narrator.tools.systems.fiveplus.rules import CHARACTERS, MAX_LEVEL, NPCS, OBJECTIVES

Method = Literal["fixed", "random", "buy"]


class FivePlusCharacter(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)

    name: str = Field(min_length=1, max_length=60)
    concept: str | None = Field(None, max_length=200)
    npc: bool = False
    descriptors: dict[str, Descriptor] = Field(default_factory=dict, description="Keyed by lower-cased name.")
    method: Method | None = Field(None, description="How the starting levels were chosen.")
    points: int | None = Field(None, description="Buy points the character was built with.")
    # NPCs ("defined by a few descriptors")
    rank: int = Field(0, description="NPC challenge rank: +rank to the lower bound of checks against it.")
    goal: str | None = Field(None, max_length=200, description="Why the NPC opposes the players.")
    actions: list[str] = Field(default_factory=list, description="What the NPC does (bite, smash, insult...).")
    ability: str | None = Field(None, max_length=120, description="Signature ability: used when a 1 is rolled "
                                "against it.")
    behaviour: str | None = Field(None, max_length=200, description="How it reacts to the players' successes and "
                                  "failures.")
    successes_to_defeat: int | None = Field(None, description="Successes that defeat it (a challenge goal).")
    successes_taken: int = Field(0, description="Successes accumulated against it so far.")
    damage_bonus: int = Field(0, description="Added to its constant damage 1 + rank.")

    @model_validator(mode="before")
    @classmethod
    def _descriptor_keys(cls, data: Any) -> Any:
        """Descriptors keyed by their lower-cased name, in key order: a sheet read from the log (whose JSON has
        sorted keys) and the same sheet built in play must list them alike, or a replay would differ."""
        if not isinstance(data, dict):
            return data
        raw = data.get("descriptors")
        items: list[tuple[Any, Any]] | None = None
        if isinstance(raw, list):
            items = [(None, v) for v in raw]
        elif isinstance(raw, dict):
            items = list(raw.items())
        if items is None:
            return data
        out: dict[str, Any] = {}
        for given, value in items:
            name = value.get("name") if isinstance(value, dict) else getattr(value, "name", None)
            if not isinstance(name, str) and isinstance(value, dict) and isinstance(given, str):
                value = {**value, "name": given}
                name = given
            key = key_of(name) if isinstance(name, str) else str(given)
            if key in out:
                raise ValueError(f"descriptor '{name}' is listed twice (names ignore case)")
            out[key] = value
        return {**data, "descriptors": dict(sorted(out.items()))}

    @field_validator("actions")
    @classmethod
    def _actions(cls, v: list[str]) -> list[str]:
        if len(v) > 12 or any(not 0 < len(a.strip()) <= 80 for a in v):
            raise ValueError("at most 12 actions of 1-80 characters")
        return [a.strip() for a in v]

    # -- reading -----------------------------------------------------------------------------------------------
    def get(self, name: str) -> Descriptor | None:
        return self.descriptors.get(key_of(name))

    def of_kind(self, *kinds: str) -> list[Descriptor]:
        return [d for d in self.descriptors.values() if d.kind in kinds]

    def levelled(self) -> list[Descriptor]:
        return [d for d in self.descriptors.values() if d.has_level]

    def key_descriptor(self, groups: Iterable[str]) -> Descriptor | None:
        """The character's key descriptor for a kind of challenge ("the sum of the key descriptors levels of all
        players", five-plus.md#Challenges): their best in its approach groups (any skill for a general one); with
        none, Improvise, what any action falls back to — not their best skill elsewhere (a courtier with Persuade 4
        and no weapon skill sized a fight as a Persuade 4 fighter, and one punch took her down)."""
        wanted = set(groups)
        skills = [d for d in self.levelled() if d.kind == "skill"]
        if not wanted:  # a general challenge: any skill may be the key
            pool = skills
        else:
            improvise = self.get("Improvise")
            fallback = [improvise] if improvise is not None and improvise.has_level else skills
            pool = [d for d in self.levelled() if d.group in wanted] or fallback
        return max(pool, key=lambda d: (d.level or 0, d.key)) if pool else None

    @property
    def incapacitated(self) -> bool:
        return any(d.kind == "wound" and d.major for d in self.descriptors.values())

    @property
    def defeated(self) -> bool:
        return self.successes_to_defeat is not None and self.successes_taken >= self.successes_to_defeat

    def sheet(self) -> dict[str, Any]:
        """The sheet as the table stores it: defaults left out, descriptors compact."""
        data = self.model_dump(mode="json", exclude_defaults=True, exclude={"descriptors"})
        data["name"] = self.name
        data["npc"] = self.npc
        data["descriptors"] = {k: d.dump() for k, d in self.descriptors.items()}
        return data


def matches(d: Descriptor, names: Iterable[str]) -> bool:
    """Whether a list of names/groups (``applies_to``, ``required_for``…) concerns ``d``."""
    folded = {key_of(n) for n in names}
    return bool(folded & {d.key, "all", *( [d.group] if d.group else [])})


def restriction(c: FivePlusCharacter, d: Descriptor) -> list[str]:
    """Items that must be equipped to use ``d`` and are not (empty: usable)."""
    needed = [e for e in c.of_kind("equipment") if e.required_for and matches(d, [n for n in e.required_for
                                                                                 if key_of(n) != "all"])]
    if not needed or any(e.equipped for e in needed):
        return []
    return [e.name for e in needed]


def modifiers_for(c: FivePlusCharacter, d: Descriptor, named: Iterable[str] = ()) -> list[tuple[int, str]]:
    """Every modifier the sheet gives a check with ``d``: (value, why), in sheet order."""
    named_keys = {key_of(n) for n in named}
    out: list[tuple[int, str]] = []
    for other in c.descriptors.values():
        if other.kind == "wound":
            out.append((-(other.level or 0), f"{other.name} wound {other.level}: −{other.level} to all actions"
                        + (" (major)" if other.major else "")))
        elif other.kind == "condition":
            value = other.penalty()
            if value and (not other.applies_to or matches(d, other.applies_to)):
                out.append((value, f"{other.name} ({other.level}:{other.tier})"))
        elif other.kind == "trait" and other.modifier:
            if (other.applies_to and matches(d, other.applies_to)) or other.key in named_keys:
                out.append((other.modifier, f"{other.name} trait"))
        elif other.kind == "equipment" and other.equipped and other.modifier and other.applies_to \
                and matches(d, other.applies_to):
            out.append((other.modifier, f"{other.name} (equipped)"))
    return out


def extra_successes_for(c: FivePlusCharacter, d: Descriptor, named: Iterable[str] = ()) -> list[tuple[int, str]]:
    named_keys = {key_of(n) for n in named}
    out = []
    for other in c.descriptors.values():
        if not other.extra_successes or other.kind not in ("trait", "equipment", "ability"):
            continue
        if other.kind == "equipment" and not other.equipped:
            continue
        if (other.applies_to and matches(d, other.applies_to)) or other.key in named_keys:
            out.append((other.extra_successes, other.name))
    return out


MODE_ORDER = {"immunity": 0, "resistance": 1, "weakness": 2, "normal": 3}


def takes_mode(target: FivePlusCharacter, approach: Iterable[str]) -> tuple[str, str | None]:
    """How ``target`` takes successes from an approach (words: the attacker's descriptor, its group, a damage type):
    (mode, the descriptor that says so)."""
    words = {key_of(w) for w in approach if w}
    best: tuple[str, str | None] = ("normal", None)
    for d in target.descriptors.values():
        if d.kind == "equipment" and not d.equipped:
            continue
        modes = []
        if d.takes != "normal" and (not d.against or words & {key_of(a) for a in d.against}):
            modes.append(d.takes)
        if d.kind == "equipment" and d.immune_to and words & {key_of(a) for a in d.immune_to} \
                and (d.uses is None or d.uses > 0):
            modes.append("immunity")
        for mode in modes:
            if MODE_ORDER[mode] < MODE_ORDER[best[0]]:
                best = (mode, d.name)
    return best


# --- rules a sheet must obey --------------------------------------------------------------------------------------


def violations(c: FivePlusCharacter, creation: bool = False,
               said: Mapping[int, tuple[str, ...]] | None = None) -> list[str]:
    """Every rule the sheet breaks, one sentence each; empty when it is legal. ``said``: a descriptor's problems as
    already said, by the descriptor's id — only for descriptors the engine made and checked once per their values
    (a random character's); every other descriptor is checked here."""
    out: list[str] = []
    for key, d in c.descriptors.items():
        if key != d.key:
            out.append(f"descriptor key '{key}' must be its name in lower case, '{d.key}' ({CHARACTERS})")
        known = said.get(id(d)) if said else None
        if known is not None:
            out += known
        else:
            out += [say(p) for p in descriptor_problems(d)]  # a sheet's rules are said: an error quotes them
    levelled = c.levelled()  # read once: the three checks below walk the same list
    if not c.npc:
        if not any(d.kind == "skill" for d in levelled):
            out.append(f"A player-character has at least one skill, e.g. Improvise (2:0) ({CHARACTERS})")
        if not any(d.kind == "resistance" for d in levelled):
            out.append(f"A player-character has at least one resistance, e.g. Physical (0/3:0) ({CHARACTERS})")
    if not -5 <= c.rank <= 10:
        out.append(f"rank {c.rank} is outside -5..10 ({NPCS})")
    if c.successes_to_defeat is not None and not 1 <= c.successes_to_defeat <= 200:
        out.append(f"successes_to_defeat {c.successes_to_defeat} is outside 1-200 ({OBJECTIVES})")
    if not 0 <= c.successes_taken <= 400:
        out.append(f"successes_taken {c.successes_taken} is outside 0-400 ({OBJECTIVES})")
    if not 0 <= c.damage_bonus <= 10:
        out.append(f"damage_bonus {c.damage_bonus} is outside 0-10 ({NPCS})")
    if c.points is not None and not 0 <= c.points <= 200:
        out.append(f"points {c.points} is outside 0-200 ({CHARACTERS})")
    if creation and not c.npc:
        for d in levelled:
            if d.level is not None and not 0 <= d.level <= MAX_LEVEL:
                out.append(f"{d.name}: a starting level is on the level table, 0-{MAX_LEVEL}, not {d.level} "
                           f"({CHARACTERS})")
            if d.counter:
                out.append(f"{d.name}: a new character starts without damage ({CHARACTERS})")
        if c.of_kind("wound"):
            out.append(f"A new character starts without wounds ({CHARACTERS})")
    return out


def cost(level: int) -> int:
    """Buy points for a level: 'the progression cost being the same as the cumulative levels being bought'."""
    return level * (level + 1) // 2
