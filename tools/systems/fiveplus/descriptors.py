"""Descriptors (``five-plus.md#Descriptors``): the data characters, NPCs and items are made of.

A descriptor is a name plus characteristics — an effect, a counter, a level (with a tier) — written
``name (counter/level:tier) – effects``. Here it is a frozen model whose fields say what the engine does with it:
a skill's level enters the success range, a resistance's counter takes damage, a wound's level is a penalty to
every action, a trait's modifier applies to the descriptors it names, an item restricts, boosts or protects.

Readings chosen (the book's annotation is used loosely by its own examples):

* ``(a/b:c+d)`` is counter ``a``, level ``b``, tier ``c`` and ``d`` levels already gained in the tier above
  (``Fire magic (5:1+2)`` — "level 5 of tier 1 … level 2 of the tier above"); ``(b:c)`` has no counter.
* ``(a/b)`` without a tier is counter/level for a resistance, but level/tier for anything else: the improvement
  example writes ``shield(3/2)`` and reads it as "level (3) + tier (2)".
* ``(n)`` alone is the level, except for an ability, where it is the tier of the technique
  (``Quick-Draw (2)``: "the tier 2 sword-related technique"). A trailing ``*`` marks the descriptor
  (``shield(3/2)*``).
* A resistance whose damage is already above its level (``Health (5/3:1)``) is not a state the rules leave
  standing: "When the damage is higher than the level, you obtain a physical wound" (``#2.2) Descriptor
  Counter``), and "gaining a wound immediately restore[s] all accumulated damage" (``#Wounds``). The descriptor
  tool reads it but says so, and a sheet holding one is refused; damage equal to the level is still standing.
* The kind, when not given, is read from the shape: a counter makes a resistance, a level a skill, no numbers a
  trait. Names may not contain a dot (a sheet path is dotted) and are unique on a sheet ignoring case.
* The approach group (for finding a descriptor from a player's words) is given or read from the name's words
  (:data:`rules.KEYWORD_GROUPS`): 'Sword' is combat, 'Sneak' stealth, 'Physical' resistance endurance.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from narrator.tools.contract import ToolArgs, ToolResult
from narrator.tools.dice import Roller
from narrator.tools.errors import FieldProblem, ToolArgumentError
from narrator.tools.steps import Step, step
from narrator.tools.systems.fiveplus.rules import (
    DESCRIPTORS, EFFECTS, KEYWORD_GROUPS, LEVEL, RESISTANCE_KEYWORDS, TIERS, WOUNDS, Group, Kind, SuccessMode,
)
from narrator.tools.tool import tool

NAME_RE = re.compile(r"^[^.\n]{1,60}$")


def key_of(name: str) -> str:
    """The sheet key of a descriptor: its name, trimmed, inner spaces folded, lower-cased (once per name)."""
    if type(name) is str:
        return _key(name)
    return re.sub(r"\s+", " ", name.strip()).casefold()


@lru_cache(maxsize=8192)
def _key(name: str) -> str:
    return re.sub(r"\s+", " ", name.strip()).casefold()


def _words(name: str) -> list[str]:
    return re.findall(r"[a-z]+", name.casefold())


@lru_cache(maxsize=4096)
def group_for(name: str, kind: str) -> str | None:
    """The approach group a descriptor's name suggests (None when no word matches). Once per (name, kind): a sheet
    is made of the same few names again and again, and the word scan costs more than the lookup."""
    words = _words(name)
    table = RESISTANCE_KEYWORDS if kind == "resistance" else KEYWORD_GROUPS
    for word in words:
        for group, keys in table.items():
            if word in keys:
                return group
    return None


class Descriptor(BaseModel):
    """One descriptor. Only the fields its kind uses matter; sheets store the non-default fields only."""

    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)

    name: str = Field(min_length=1, max_length=60, description="e.g. 'Sneak', 'Physical', 'Poisoned', 'Shield'.")
    kind: Kind = Field(description="trait, skill, resistance, condition, wound, ability or equipment.")
    group: Group | None = Field(None, description="Approach group (how a player's words find it): physical, combat, "
                                "ranged, stealth, social, knowledge, perception, survival, profession, medicine, "
                                "magic, defense; endurance, willpower, fatigue for resistances.")
    level: int | None = Field(None, description="Skill/resistance level (0 incompetent … 6 expert); a condition's or "
                              "wound's level.")
    tier: int = Field(0, description="Tier of power (base tier).")
    next_level: int | None = Field(None, description="Levels already gained in the tier above ('+2' in 5:1+2).")
    counter: int | None = Field(None, description="Accumulated damage (resistances), or any count it keeps.")
    marked: bool = Field(False, description="Something interesting was noticed using it (a double below the bar).")
    effect: str = Field("", max_length=300, description="The free-form effect, in words.")
    modifier: int = Field(0, description="A bonus (+) or penalty (-) it gives to the descriptors in applies_to.")
    penalty_from: Literal["level", "tier"] | None = Field(None, description="A condition's or wound's penalty equals "
                                                          "its level or its tier.")
    applies_to: list[str] = Field(default_factory=list, description="Descriptor names or groups its modifier "
                                  "applies to; ['all'] for every action; [] only when named in a check.")
    extra_successes: int = Field(0, description="Successes added when it applies ('+1 successes when "
                                 "investigating').")
    takes: SuccessMode = Field("normal", description="How its bearer takes successes against `against`: immunity, "
                               "resistance or weakness.")
    against: list[str] = Field(default_factory=list, description="Approaches or damage types the takes mode or the "
                               "immunity concerns ('fire'); [] every one.")
    # conditions
    reset_level: int | None = Field(None, description="A condition's level restarts here when its tier steps.")
    permanent_tier: int | None = Field(None, description="Reaching this tier makes the condition permanent.")
    becomes: str | None = Field(None, max_length=60, description="The trait it becomes when permanent.")
    check_on_one: str | None = Field(None, max_length=60, description="Resistance tested whenever the bearer rolls a "
                                     "1; a failure worsens the condition by a level.")
    cured_by: str | None = Field(None, max_length=60, description="Group or descriptor that treats it (medicine).")
    # wounds
    of: str | None = Field(None, max_length=60, description="A wound: the resistance it came from.")
    major: bool = Field(False, description="A major wound (a trait): needs trained medical treatment.")
    # abilities
    skill: str | None = Field(None, max_length=60, description="An ability: the descriptor it is used with.")
    cost: int = Field(0, description="An ability: damage it costs to cost_to.")
    cost_to: str | None = Field(None, max_length=60, description="An ability: the resistance that pays the cost.")
    uses: int | None = Field(None, description="Uses left (items and limited abilities); None unlimited.")
    trigger: Literal["six", "one"] | None = Field(None, description="Only when a 6 (or a 1) is rolled on the check.")
    # equipment
    equipped: bool = Field(False, description="Equipment: worn or held now.")
    required_for: list[str] = Field(default_factory=list, description="Equipment: descriptors unusable without it.")
    protects: str | None = Field(None, max_length=60, description="Equipment: the resistance it protects.")
    reduction: int = Field(0, description="Equipment: damage reduced on a successful resistance check.")
    immune_to: list[str] = Field(default_factory=list, description="Equipment: damage types it prevents.")
    grants: list[str] = Field(default_factory=list, description="Equipment: abilities usable only while equipped.")

    @field_validator("name", "skill", "cost_to", "protects", "of", "becomes", "check_on_one", "cured_by")
    @classmethod
    def _name_shape(cls, v: str | None) -> str | None:
        if v is not None and not NAME_RE.match(v):
            raise ValueError("a name is 1-60 characters without a dot")
        return v

    @field_validator("applies_to", "against", "required_for", "immune_to", "grants")
    @classmethod
    def _short_lists(cls, v: list[str]) -> list[str]:
        if len(v) > 20 or any(not isinstance(s, str) or not 0 < len(s.strip()) <= 60 for s in v):
            raise ValueError("at most 20 names of 1-60 characters")
        return [s.strip() for s in v]

    @property
    def key(self) -> str:
        return key_of(self.name)

    @property
    def has_level(self) -> bool:
        return self.kind in ("skill", "resistance") and self.level is not None

    def penalty(self) -> int:
        """A condition's or wound's modifier: −level, −tier, or its own modifier."""
        if self.penalty_from == "level":
            return -(self.level or 0)
        if self.penalty_from == "tier":
            return -self.tier
        return self.modifier

    def notation(self) -> str:
        """``name (counter/level:tier+next)* – effect`` as the book writes it."""
        inner = ""
        if self.level is not None:
            inner = f"{self.level}:{self.tier}" + (f"+{self.next_level}" if self.next_level else "")
            if self.counter is not None:
                inner = f"{self.counter}/{inner}"
        elif self.kind == "ability" and self.tier:
            inner = str(self.tier)
        text = self.name + (f" ({inner})" if inner else "") + ("*" if self.marked else "")
        return text + (f" – {self.effect}" if self.effect else "")

    def dump(self) -> dict[str, Any]:
        """What a sheet stores: the non-default fields (so sheets stay readable)."""
        return self.model_dump(mode="json", exclude_defaults=True) | {"name": self.name, "kind": self.kind}


NOTATION = re.compile(r"^\s*(?P<name>[^()]+?)\s*(?:\((?P<inner>[^()]*)\))?\s*(?P<mark>\*)?"
                      r"(?:(?:\s+-|\s*[–—:])\s*(?P<effect>.*))?\s*$", re.S)
"""'Quick-Draw (2): …', 'Strong - …': a hyphen separates the effect only after a space (names may hold one)."""
INNER = re.compile(r"^\s*(?:(?P<a>\d+)\s*/\s*)?(?P<b>\d+)?\s*(?::\s*(?P<c>\d+)\s*(?:\+\s*(?P<d>\d+))?)?\s*$")


def read_words(v) -> str:
    """The words of the step that reads a descriptor's notation into its characteristics."""
    parts = [f"name {v['name']}", f"kind {v['what']}"]
    if v["counter"] is not None:
        parts.append(f"counter (damage) {v['counter']}")
    if v["level"] is not None:
        parts.append(f"level {v['level']}")
    if v["level"] is not None or v["tier"]:
        parts.append(f"tier {v['tier']}")
    if v["next_level"]:
        parts.append(f"{v['next_level']} level(s) already in tier {v['tier'] + 1}")
    if v["marked"]:
        parts.append("marked (*)")
    return f"Read '{v['notation']}': " + ", ".join(parts) + "."


KIND_MEANING = {"trait": "A trait: an effect that is not expected to change (permanent).",
                "skill": "A skill: a level that can fail and improve, resolved by a success range.",
                "resistance": "A resistance: a counter of damage and a level; damage above the level is a wound.",
                "condition": "A condition: a temporary effect, removed by rest, action, item or magic.",
                "wound": "A wound: a condition whose level is a constant penalty to all actions.",
                "ability": "An ability: a special action with a cost.",
                "equipment": "Equipment: effects while equipped (restrict, bonus or penalty, protection, powers)."}


def parse_notation(text: str, kind: str | None = None) -> dict[str, Any]:
    """The fields of ``Health (0/3:1) – effect`` (a dict for :class:`Descriptor`), or ValueError saying why not."""
    m = NOTATION.match(text)
    if not m or not m.group("name").strip():
        raise ValueError("write a descriptor as 'name (counter/level:tier) – effect', e.g. 'Sneak (4:1)' or "
                         "'Physical (0/3:0) – physical resistance'")
    name = m.group("name").strip().rstrip("*").strip()
    inner = (m.group("inner") or "").strip()
    out: dict[str, Any] = {"name": name, "marked": bool(m.group("mark"))}
    if m.group("effect"):
        out["effect"] = m.group("effect").strip()
    if inner:
        n = INNER.match(inner)
        if not n or (n.group("b") is None and n.group("c") is None):
            raise ValueError(f"'({inner})' is not counter/level:tier, e.g. (0/3:1), (4:1), (5:1+2) or (3)")
        a, b, c, d = (None if n.group(k) is None else int(n.group(k)) for k in "abcd")
        if a is not None and c is None and kind not in (None, "resistance"):
            b, c, a = a, b, None  # shield(3/2): level/tier for anything but a resistance
        elif a is not None and c is None and kind is None:
            kind = "resistance"
        if b is None:
            raise ValueError(f"'({inner})' has a tier but no level")
        if c is None and a is None and kind == "ability":
            out["tier"] = b
        else:
            out["level"] = b
            if c is not None:
                out["tier"] = c
        if a is not None:
            out["counter"] = a
        if d is not None:
            out["next_level"] = d
    if kind is None:
        kind = "resistance" if "counter" in out else "skill" if "level" in out else "trait"
    out["kind"] = kind
    return out


def descriptor_problems(d: Descriptor) -> list[Step]:
    """What the book forbids in one descriptor, one step each (``fiveplus.problem_*``: the name, the numbers and the
    rule it cites; the sheet adds what concerns several)."""
    out = []
    name = d.name
    if d.kind in ("skill", "resistance"):
        if d.level is None:
            out.append(step("fiveplus.problem_no_level", name=name, what=d.kind, rule=LEVEL))
        elif not 0 <= d.level <= 12:
            out.append(step("fiveplus.problem_level_range", name=name, level=d.level, rule=LEVEL))
    if d.kind == "resistance" and (d.counter is None or d.counter < 0):
        out.append(step("fiveplus.problem_no_counter", name=name, rule=LEVEL))
    if (d.kind == "resistance" and d.counter is not None and d.level is not None and d.level >= 0
            and d.counter > d.level):
        out.append(step("fiveplus.problem_damage_above_level", name=name, counter=d.counter, level=d.level,
                        rule=WOUNDS))
    if d.kind in ("condition", "wound") and d.level is not None and d.level < 0:
        out.append(step("fiveplus.problem_negative_level", name=name, what=d.kind, rule=LEVEL))
    if d.kind == "wound" and (d.level is None or d.level < 1):
        out.append(step("fiveplus.problem_wound_level", name=name, rule=LEVEL))
    if not 0 <= d.tier <= 10:
        out.append(step("fiveplus.problem_tier_range", name=name, tier=d.tier, rule=TIERS))
    if d.next_level is not None and not 0 <= d.next_level <= 12:
        out.append(step("fiveplus.problem_next_level_range", name=name, next_level=d.next_level, rule=TIERS))
    if d.next_level is not None and d.kind not in ("skill", "resistance"):
        out.append(step("fiveplus.problem_next_level_kind", name=name, what=d.kind, rule=TIERS))
    if d.counter is not None and d.counter < 0:
        out.append(step("fiveplus.problem_negative_counter", name=name, counter=d.counter, rule=DESCRIPTORS))
    for what, value, low, high in (("modifier", d.modifier, -6, 6), ("extra successes", d.extra_successes, -6, 6),
                                   ("cost", d.cost, 0, 12), ("reduction", d.reduction, 0, 12)):
        if not low <= value <= high:
            out.append(step("fiveplus.problem_effect_range", name=name, effect=what, value=value, low=low,
                            high=high, rule=EFFECTS))
    if d.uses is not None and not 0 <= d.uses <= 99:
        out.append(step("fiveplus.problem_uses_range", name=name, uses=d.uses, rule=EFFECTS))
    for what, value in (("reset level", d.reset_level), ("permanent tier", d.permanent_tier)):
        if value is not None and not 1 <= value <= 12:
            out.append(step("fiveplus.problem_effect_level_range", name=name, effect=what, value=value,
                            rule=EFFECTS))
    if d.cost and not d.cost_to:
        out.append(step("fiveplus.problem_cost_to", name=name, rule=EFFECTS))
    return out


def make(fields: dict[str, Any]) -> Descriptor:
    """A descriptor from fields, with the approach group read from its name when not given."""
    data = dict(fields)
    if data.get("group") is None and data.get("kind") in ("skill", "resistance"):
        found = group_for(str(data.get("name", "")), str(data.get("kind")))
        if found is not None:
            data["group"] = found
    return Descriptor.model_validate(data)


# --- the pure tool ------------------------------------------------------------------------------------------------


class DescriptorArgs(ToolArgs):
    notation: str = Field(min_length=1, max_length=400, description="e.g. 'Health (0/3:1) – general health', "
                          "'Sneak (4:1)', 'Fire magic (5:1+2)', 'Strong – +1 to strength'.")
    kind: Kind | None = Field(None, description="trait, skill, resistance, condition, wound, ability or equipment; "
                              "default: read from the shape.")
    group: Group | None = Field(None, description="Approach group; default: read from the name.")


class DescriptorResult(ToolResult):
    descriptor: Descriptor
    notation: str
    problems: list[Step | str]  # a step each (a sentence where logged before they were steps)


@tool("fiveplus")
def fiveplus_descriptor(args: DescriptorArgs, roller: Roller) -> DescriptorResult:
    """Read a 5+ descriptor written 'name (counter/level:tier) – effect' into its characteristics (effect, counter,
    level, tier), checked against the rules; descriptors can be made on the fly."""
    try:
        fields = parse_notation(args.notation, args.kind)
    except ValueError as e:
        raise ToolArgumentError("?", [FieldProblem("notation", str(e), args.notation[:60])]) from None
    if args.group is not None:
        fields["group"] = args.group
    try:
        d = make(fields)
    except Exception as e:  # pydantic ValidationError: a name with a dot, a too-long effect
        raise ToolArgumentError("?", [FieldProblem("notation", str(e).splitlines()[-1].strip(),
                                                   args.notation[:60])]) from None
    problems = descriptor_problems(d)
    steps = [step("fiveplus.read", notation=args.notation.strip(), name=d.name, what=d.kind, counter=d.counter,
                  level=d.level, tier=d.tier, next_level=d.next_level, marked=d.marked)]
    if d.group:
        steps.append(step("fiveplus.group", group=d.group, given=bool(args.group)))
    steps.append(step("fiveplus.kind_meaning", what=d.kind))
    steps += [step("fiveplus.problem", problem=p) for p in problems] or [step("fiveplus.no_problem")]
    refs = [DESCRIPTORS, EFFECTS] + ([LEVEL] if d.level is not None else []) + ([TIERS] if d.next_level else [])
    return DescriptorResult(summary=step("fiveplus.descriptor", notation=d.notation(), what=d.kind), steps=steps,
                            rule_refs=refs, descriptor=d, notation=d.notation(), problems=problems)

