"""The Mastery character sheet (``mastery.md#Characters``, ``#Character Creation and Advancement``, ``#Combat``) and
every rule a sheet must obey.

The model holds the *shape* (names, types); the *numbers* are judged by :func:`problems`, so a broken sheet is
described completely — every rule it breaks, at once — rather than rejected at the first bad field.

A sheet carries what it needs to be judged without its campaign: every trait of the GM's list (so the list is the
sheet's keys), the health rule the campaign chose (base boxes, the tied trait if any, boxes per point) and the
triumphs the GM allotted at creation.

Readings chosen:

* Traits at creation: all start at +0; the two points raise a trait one step each (+0 -> +1 -> +2); each trait
  lowered to -1 gives one more point. Every point must be spent (a point is not kept for later: afterwards traits
  only rise by triumphs). At creation traits lie in -1..+2, except the specialist: one +0 lowered to -2 to raise a
  +2 to +3, once — so a -2 and a +3 come together, or not at all.
* Triumphs at creation buy abilities and skills ("20 triumphs which they can use to buy up skills and abilities"),
  each from 0 by the book's tables; what is not spent stays on the sheet as triumphs for later.
* In play, traits lie in -2..+4, abilities 1..4 and skills 1..5 ("Normally..."; one not held is not listed).
* Health boxes: ``max_health = max(1, base + per_point x tied trait)`` (no tied trait: the base). ``health`` is the
  boxes not yet marked, 0..max_health. NPCs ("the GM is always right"; the book has no rules for monsters) skip
  the creation budgets and the derivation: their ranges and health limits still apply.
* Gear: a weapon's ``modifier`` is added to the damage it deals, an armor's ``modifier`` (0 or more) is taken off
  the damage its wearer takes — "plus any modifier from weapon or armor" (``mastery.md#Single-Action Roundtable``).
* Abilities, skills and fits are kept in name order (the log stores sorted JSON; a replay must read the same);
  traits keep the order of the GM's list.
* ``fits`` is the GM's classification of an ability or skill ("learning to classify skills and abilities",
  ``mastery.md#One Comment``): which activities it serves. Without an entry the engine classifies it by its name
  (:mod:`.fit`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from narrator.tools.systems.mastery.options import clean_name
from narrator.tools.steps import Step, step
from narrator.tools.systems.mastery.rules import (
    ABILITY_RANGE, ADVICE, CHARACTERS, COMBAT, COSTS, CREATION, CREATION_TRAIT_RANGE, RANGES, SKILL_RANGE,
    TRAIT_POINTS, TRAIT_RANGE, Activity,
)
from narrator.tools.violations import Violation, short

FIELD_ORDER = ("name", "concept", "traits", "abilities", "skills", "fits", "triumphs", "starting_triumphs",
               "health", "max_health", "health_rule", "npc", "harm", "gear")


class _Part(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)


class GearItem(_Part):
    """A weapon (its modifier adds to damage dealt), armor (its modifier is taken off damage taken) or an item."""

    name: str = Field(min_length=1, max_length=60)
    kind: Literal["weapon", "armor", "item"] = "item"
    modifier: int = Field(0, description="Weapon: + damage dealt. Armor: damage taken is reduced by it (0+).")
    style: Literal["melee", "ranged"] | None = Field(None, description="Weapons: close combat or shot/thrown.")


class HealthRule(_Part):
    """The campaign's health boxes: base, and optionally a trait tied to them (boxes = base + per_point x trait)."""

    base: int = Field(10, description="10 the book's base; 5 or 3 for gritty games.")
    trait: str | None = None
    per_point: int = 1

    @field_validator("trait", mode="before")
    @classmethod
    def _clean(cls, v: Any) -> Any:
        return clean(v)


BOOK_HEALTH = HealthRule()
"""The book's health boxes (10, no trait): the rule of every sheet that names none."""


@lru_cache(maxsize=4096)
def _clean_text(text: str) -> str:
    """:func:`clean_name` of a text, once per text (a sheet's dozen names arrive with every call that carries it)."""
    return clean_name(text)


def clean(value: Any) -> Any:
    """:func:`clean_name`, remembered for text (anything else as it does)."""
    return _clean_text(value) if type(value) is str else clean_name(value)


def _names(v: Any, what: str, sort: bool = True) -> Any:
    """Cleaned names; abilities, skills and fits in name order, because the campaign log stores JSON with sorted
    keys and a replayed sheet must read exactly as the first one did. Traits keep the GM's list order.

    The names are judged once per tuple of keys (:func:`_name_plan`): a sheet arrives with every call that carries
    it, with the same dozen names each time."""
    if not isinstance(v, dict):
        return v
    plan = _name_plan(tuple(v), what, sort)
    if plan is None:  # clean and in order already: the dict as it came (pydantic copies it)
        return v
    names, order = plan
    values = list(v.values())
    return dict(zip(names, values)) if order is None else {names[i]: values[i] for i in order}


@lru_cache(maxsize=4096)
def _name_plan(keys: tuple[Any, ...], what: str, sort: bool) -> tuple[tuple[str, ...], tuple[int, ...] | None] | None:
    """The cleaned names of ``keys`` and, where they are sorted, the order to read them in (None: as given), or None
    when the keys are the names already, in their order; a name missing, too long or listed twice raises (and is
    not remembered)."""
    out: dict[str, int] = {}
    for i, key in enumerate(keys):
        name = clean(key)
        if not isinstance(name, str) or not name:
            raise ValueError(f"every {what} needs a name")
        if len(name) > 40:
            raise ValueError(f"{what} name '{name[:40]}...' is longer than 40 characters")
        if name in out:
            raise ValueError(f"{what} '{name}' is listed twice (names ignore case)")
        out[name] = i
    names = tuple(out)
    if not sort or list(names) == sorted(names):
        return None if names == keys else (names, None)
    return names, tuple(out[n] for n in sorted(names))


class MasteryCharacter(_Part):
    """A Mastery character sheet. Numbers are judged by :func:`problems`, not rejected on parsing."""

    name: str = Field(min_length=1, max_length=60)
    concept: str | None = Field(None, max_length=200)
    traits: dict[str, int] = Field(description="Every trait of the GM's list with its rating (-2..+4).")
    abilities: dict[str, int] = Field(default_factory=dict, description="Ability name -> rating 1..4.")
    skills: dict[str, int] = Field(default_factory=dict, description="Skill name -> rating 1..5.")
    fits: dict[str, list[Activity]] = Field(default_factory=dict, description="Ability or skill -> the activities "
                                            "it serves (the GM's classification; default: by its name).")
    triumphs: int = Field(0, description="Triumphs not yet spent.")
    starting_triumphs: int = Field(20, description="Triumphs allotted at creation (20: a starting hero).")
    health: int = Field(description="Health boxes not yet marked.")
    max_health: int = Field(description="Health boxes in all (at least 1).")
    health_rule: HealthRule = Field(default_factory=lambda: BOOK_HEALTH)  # frozen: one instance serves every sheet
    npc: bool = Field(False, description="GM's character: no creation budgets.")
    harm: int | None = Field(None, description="NPCs in Fearsome Challenges: boxes dealt when a defence fails.")
    gear: list[GearItem] = Field(default_factory=list)

    @field_validator("traits", mode="before")
    @classmethod
    def _trait_names(cls, v: Any) -> Any:
        return _names(v, "trait", sort=False)

    @field_validator("abilities", mode="before")
    @classmethod
    def _ability_names(cls, v: Any) -> Any:
        return _names(v, "ability")

    @field_validator("skills", mode="before")
    @classmethod
    def _skill_names(cls, v: Any) -> Any:
        return _names(v, "skill")

    @field_validator("fits", mode="before")
    @classmethod
    def _fit_names(cls, v: Any) -> Any:
        return _names(v, "fits entry")

    def rating(self, kind: str, name: str) -> int:
        return {"trait": self.traits, "ability": self.abilities, "skill": self.skills}[kind].get(clean_name(name), 0)

    def weapons(self) -> list[GearItem]:
        return [g for g in self.gear if g.kind == "weapon"]

    def armor(self) -> GearItem | None:
        armors = [g for g in self.gear if g.kind == "armor"]
        return max(armors, key=lambda g: g.modifier) if armors else None


# --- costs ---------------------------------------------------------------------------------------------------------


def step_cost(kind: str, rating: int) -> int | None:
    """Triumphs to raise ``kind`` from ``rating`` to ``rating + 1``; None where the tables stop."""
    return COSTS[kind].get(rating)


@lru_cache(maxsize=1024)
def cost_between(kind: str, start: int, end: int) -> int:
    """Triumphs to raise from ``start`` to ``end`` one step at a time (0 when end <= start). Cached by its three
    values (a random character prices every step a dozen times; a range the tables do not reach raises, uncached)."""
    total = 0
    for r in range(start, end):
        cost = step_cost(kind, r)
        if cost is None:
            raise ValueError(f"a {kind} cannot rise from {r:+d} to {r + 1:+d}")
        total += cost
    return total


def creation_cost(c: MasteryCharacter) -> int:
    """Triumphs the abilities and skills on the sheet cost from 0."""
    return sum(cost_between("ability", 0, min(r, ABILITY_RANGE[1])) for r in c.abilities.values() if r > 0) + \
        sum(cost_between("skill", 0, min(r, SKILL_RANGE[1])) for r in c.skills.values() if r > 0)


def health_boxes(base: int, trait: int | None, per_point: int = 1) -> int:
    """'minimum 1': the campaign's base, plus per_point boxes per point of the tied trait."""
    return max(1, base + per_point * (trait or 0))


def max_health_of(c: MasteryCharacter) -> int:
    rule = c.health_rule
    return health_boxes(rule.base, c.traits.get(rule.trait) if rule.trait else None, rule.per_point)


def trait_points(traits: dict[str, int]) -> tuple[int, int]:
    """(points spent raising traits, points available): 2, plus one per trait lowered to -1. A +3 made by the
    specialist rule counts the 2 points of the +2 it was."""
    spent = sum(min(v, CREATION_TRAIT_RANGE[1]) for v in traits.values() if v > 0)
    return spent, TRAIT_POINTS + sum(1 for v in traits.values() if v == -1)


# --- violations ----------------------------------------------------------------------------------------------------


def _v(field: str, kind: str, rule: str, given: Any = None, **values: Any) -> Violation:
    """A broken rule stated by the step ``kind``; the value found is shown short (a sheet's part may be long)."""
    return Violation.of(field, kind, rule, given, short, **values)


def violations(c: MasteryCharacter, creation: bool = True) -> list[str]:
    return [v.sentence for v in problems(c, creation)]


def problems(c: MasteryCharacter, creation: bool = True) -> list[Violation]:
    """Every rule broken, with its field; ``creation`` adds the starting budgets (never for NPCs)."""
    found = _ranges(c)
    if not c.npc:
        found += _player_rules(c)
        if creation:
            found += _creation(c)
    if len(found) < 2:
        return found
    return sorted(found, key=lambda v: FIELD_ORDER.index(v.field.split(".")[0]))


_RATED = (("trait", "traits", *RANGES["trait"]), ("ability", "abilities", 1, RANGES["ability"][1]),
          ("skill", "skills", 1, RANGES["skill"][1]))
"""Each rated part of a sheet, its field and the ratings it allows (an ability or skill held is at least 1)."""


def _ranges(c: MasteryCharacter) -> list[Violation]:
    out = []
    if not c.traits:
        out.append(_v("traits", "mastery.rule_no_traits", CREATION))
    for kind, field, low, high in _RATED:
        table = getattr(c, field)
        if not table or low <= min(table.values()) and max(table.values()) <= high:
            continue  # every rating in range (the common case): no need to look at each
        for name, value in table.items():
            if not low <= value <= high:
                out.append(_v(f"{field}.{name}", "mastery.rule_rating_range", CHARACTERS, value, what=kind, name=name,
                              value=value, low=low, high=high))
    for name in c.fits:
        if name not in c.abilities and name not in c.skills:
            out.append(_v(f"fits.{name}", "mastery.rule_fit_unknown", ADVICE, name, name=name))
    if c.max_health < 1:
        out.append(_v("max_health", "mastery.rule_max_health_positive", COMBAT, c.max_health, max_health=c.max_health))
    if c.health < 0:
        out.append(_v("health", "mastery.rule_health_negative", COMBAT, c.health, health=c.health))
    elif c.health > c.max_health:
        out.append(_v("health", "mastery.rule_health_above_max", COMBAT, c.health, health=c.health,
                      max_health=c.max_health))
    if c.triumphs < 0:
        out.append(_v("triumphs", "mastery.rule_triumphs_negative", CREATION, c.triumphs, triumphs=c.triumphs))
    if c.harm is not None and not 0 <= c.harm <= 100:
        out.append(_v("harm", "mastery.rule_harm_range", COMBAT, c.harm, harm=c.harm))
    for i, g in enumerate(c.gear):
        if g.kind == "armor" and not 0 <= g.modifier <= 20:
            out.append(_v(f"gear.{i}.modifier", "mastery.rule_armor_modifier", ADVICE, g.modifier, name=g.name,
                          modifier=g.modifier))
        elif g.kind == "weapon" and not -5 <= g.modifier <= 20:
            out.append(_v(f"gear.{i}.modifier", "mastery.rule_weapon_modifier", ADVICE, g.modifier, name=g.name,
                          modifier=g.modifier))
        if g.style is not None and g.kind != "weapon":
            out.append(_v(f"gear.{i}.style", "mastery.rule_gear_style", ADVICE, g.style, name=g.name, what=g.kind))
    return out


def _player_rules(c: MasteryCharacter) -> list[Violation]:
    out = []
    rule = c.health_rule
    if rule.trait is not None and rule.trait not in c.traits:
        out.append(_v("health_rule", "mastery.rule_health_rule_trait", COMBAT, rule.trait, trait=rule.trait,
                      traits=list(c.traits)))
    elif not 1 <= rule.base <= 100 or not 0 <= rule.per_point <= 10:
        out.append(_v("health_rule", "mastery.rule_health_rule_range", COMBAT, rule.model_dump(), base=rule.base,
                      per_point=rule.per_point))
    elif c.max_health != max_health_of(c):
        out.append(_v("max_health", "mastery.rule_max_health_campaign", COMBAT, c.max_health, max_health=c.max_health,
                      base=rule.base, per_point=rule.per_point, trait=rule.trait,
                      score=c.traits[rule.trait] if rule.trait else None, boxes=max_health_of(c)))
    if c.starting_triumphs < 0:
        out.append(_v("starting_triumphs", "mastery.rule_starting_triumphs_negative", CREATION, c.starting_triumphs,
                      starting_triumphs=c.starting_triumphs))
    return out


def _creation(c: MasteryCharacter) -> list[Violation]:
    out = []
    low, high = CREATION_TRAIT_RANGE
    minus_two = [n for n, v in c.traits.items() if v == -2]
    plus_three = [n for n, v in c.traits.items() if v == 3]
    for name, value in c.traits.items():
        if value in (-2, 3) or not TRAIT_RANGE[0] <= value <= TRAIT_RANGE[1]:
            continue
        if not low <= value <= high:
            out.append(_v(f"traits.{name}", "mastery.rule_new_trait_range", CREATION, value, name=name, value=value))
    if len(minus_two) > 1 or len(plus_three) > 1:
        out.append(_v("traits", "mastery.rule_specialist_trade_once", CREATION, c.traits, minus_two=minus_two,
                      plus_three=plus_three))
    elif len(minus_two) != len(plus_three):
        have, lack = ("-2", "+3") if minus_two else ("+3", "-2")
        where = (minus_two or plus_three)[0]
        out.append(_v(f"traits.{where}", "mastery.rule_specialist_trade_pair", CREATION, c.traits[where], where=where,
                      have=have, lack=lack))
    spent, available = trait_points(c.traits)
    if spent != available:
        out.append(_v("traits", "mastery.rule_trait_points", CREATION, c.traits, available=available,
                      lowered=available - TRAIT_POINTS, spent=spent))
    cost = creation_cost(c)
    if cost + c.triumphs != c.starting_triumphs:
        out.append(_v("triumphs", "mastery.rule_triumphs_overspent" if cost > c.starting_triumphs
                      else "mastery.rule_triumphs_kept", CREATION, {"abilities": c.abilities, "skills": c.skills},
                      cost=cost, starting_triumphs=c.starting_triumphs, triumphs=c.triumphs))
    if c.health != c.max_health:
        out.append(_v("health", "mastery.rule_new_health_unmarked", COMBAT, c.health, max_health=c.max_health,
                      health=c.health))
    return out


def cost_lines(c: MasteryCharacter) -> list[Step]:
    """How the triumphs of a sheet were spent, ability by ability and skill by skill."""
    lines = []
    for kind, table in (("ability", c.abilities), ("skill", c.skills)):
        for name, r in table.items():
            if 0 < r <= RANGES[kind][1]:
                lines.append(step("mastery.cost_of", what=kind, name=name, rating=r,
                                  costs=[step_cost(kind, k) for k in range(0, r)], total=cost_between(kind, 0, r)))
    return lines
