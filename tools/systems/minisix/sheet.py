"""The Mini Six character sheet (``mini-six.md#How to Make a Character``, ``#2. Skills``, ``#2. Perks``) and every
rule a sheet must obey, each broken one reported at once (:func:`problems`).

The model holds the *shape*: attribute and skill codes parse as die codes, gear kinds and attribute names are
known. The *numbers* are judged by :func:`problems`, so a broken sheet is described completely.

Creation (a new player-character):

* 12D across Might, Agility, Wit and Charm, each between 2D and 4D, at most one at 4D. "One Die may be broken down
  into three Pips with 1 or 2 Pips assigned to an Attribute": the pips on the attributes come from one die, so
  they total 0 or 3 (never "+3" on one: that is the next die).
* 7D for skills and perks. A skill is its attribute plus the dice added to it ("If two dice are added to Brawling
  it is recorded as 5D"), at most 2D added to any skill; the pips added to skills come from one broken die
  (0 or 3 in all). Perks cost whole skill dice. Reading: "allocate up 7D" — at most 7D; dice left unspent are
  reported in the steps, not as a violation (the book lets unspent dice buy perks, so it expects some).
* Up to two complications; no CP, Hero Points or wounds yet.
* A sidekick (another character's Sidekick perk) "only gets 10D to spend on attributes and 4D to spend on
  starting skills".

Always (in play too): attribute and skill codes written with 0-2 pips ("+3" is the next die); a player-character's
attributes at least 2D ("A PC attribute must always have at least 2D"), an NPC's at least 1D; a skill never below
its attribute (skills default to it) and a catalogue skill under its own attribute; wounds 0-5 with at most one
stun pending; CP and Hero Points not negative; perks used this session are perks the character has, and used
at most once; at most two complications. Narrator-characters skip every creation budget.

Gear. The book's sample gear list is not in this patchwork; a weapon carries its damage as the book writes the
sword's ("Might 3D and sword +2D rolls 5d6"): a melee or thrown weapon's damage is a bonus added to Might, a
missile weapon's a whole code. Armor has its armor value (the leather cuirass's 3); a shield, buckler or off-hand
weapon is its own kind (see :mod:`.defences`).
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_serializer

from narrator.tools.systems.minisix.codes import CodeError, DieCode, code
from narrator.tools.systems.minisix.rules import (
    ATTRIBUTE_DICE, ATTRIBUTE_OF_SKILL, ATTRIBUTES, COMPLICATIONS, CREATION, MAX_ATTRIBUTE, MAX_COMPLICATIONS,
    MAX_SKILL_ADD, MIN_ATTRIBUTE, ONCE_PER_SESSION, PERKS, PERKS_REF, RESISTING, SIDEKICK_ATTRIBUTE_DICE,
    SIDEKICK_SKILL_DICE, SKILL_DICE, SKILLS_REF, STATIC, Attribute,
)
from narrator.tools.violations import Violation, short

FIELD_ORDER = ("name", "attributes", "skills", "perks", "perks_used", "complications", "complications_paid",
               "wounds", "stuns", "cp", "hero_points", "gear", "mortal_minutes")
GearKind = Literal["melee", "missile", "thrown", "armor", "shield", "buckler", "offhand", "item"]


class _Part(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)


def _code_text(v: Any) -> Any:
    if isinstance(v, str):
        try:
            code(v)
        except CodeError as e:
            raise ValueError(str(e)) from None
        return v.strip().upper().replace(" ", "")
    return v


class Attributes(_Part):
    might: str = Field(description="Strength, toughness, unarmed damage: a code like '3D'.")
    agility: str = Field(description="Aim and coordination.")
    wit: str = Field(description="Mental creativity and intelligence.")
    charm: str = Field(description="Charisma, resolve and leadership.")

    @field_validator("might", "agility", "wit", "charm", mode="before")
    @classmethod
    def _codes(cls, v: Any) -> Any:
        return _code_text(v)

    def codes(self) -> dict[str, DieCode]:
        return {a: code(getattr(self, a)) for a in ATTRIBUTES}

    def text(self) -> str:
        return ", ".join(f"{a.capitalize()} {getattr(self, a)}" for a in ATTRIBUTES)


class SkillEntry(_Part):
    attribute: Attribute = Field(description="The attribute the skill falls under (its default).")
    code: str = Field(description="The skill's code: its attribute plus the dice added, e.g. '5D'.")

    @field_validator("code", mode="before")
    @classmethod
    def _code(cls, v: Any) -> Any:
        return _code_text(v)

    @field_validator("attribute", mode="before")
    @classmethod
    def _lower(cls, v: Any) -> Any:
        return v.strip().lower() if isinstance(v, str) else v


class GearItem(_Part):
    """A weapon (damage: a bonus to Might for melee and thrown, a whole code for missile), armor (its value), a
    shield, buckler or off-hand weapon, or any other item."""

    name: str = Field(min_length=1, max_length=60)
    kind: GearKind = "item"
    damage: str | None = Field(None, description="Weapons: '+2D' (melee, thrown: added to Might) or '4D' (missile).")
    armor: int | None = Field(None, description="Armor: its armor value (a leather cuirass is 3).")
    skill: str | None = Field(None, max_length=60, description="Weapons: the skill used with it (default: melee, "
                              "missile or throwing by kind; e.g. 'sword/blade').")

    @field_validator("damage", mode="before")
    @classmethod
    def _code(cls, v: Any) -> Any:
        return _code_text(v)

    @field_validator("kind", "skill", mode="before")
    @classmethod
    def _lower(cls, v: Any) -> Any:
        return v.strip().lower() if isinstance(v, str) else v

    @property
    def uses(self) -> str:
        """The skill this weapon is used with."""
        return self.skill or {"missile": "missile", "thrown": "throwing"}.get(self.kind, "melee")

    @model_serializer(mode="wrap")
    def _plain(self, handler: Any) -> dict[str, Any]:
        data = handler(self)
        for key in ("damage", "armor", "skill"):
            if data.get(key) is None:
                data.pop(key, None)
        return data


def normal_names(v: Any) -> Any:
    """Skill, perk and complication names compare stripped and lower-cased."""
    if isinstance(v, dict):
        return {(k.strip().lower() if isinstance(k, str) else k): x for k, x in v.items()}
    if isinstance(v, list):
        return [x.strip().lower() if isinstance(x, str) else x for x in v]
    return v


class MiniSixCharacter(_Part):
    """A Mini Six sheet. Numbers are judged by :func:`problems`, not rejected on parsing."""

    name: str = Field(min_length=1, max_length=60)
    concept: str | None = Field(None, max_length=200)
    attributes: Attributes
    skills: dict[str, SkillEntry] = Field(default_factory=dict, description="Skill name -> its attribute and code "
                                          "(attribute + dice added). Skills not listed default to their attribute.")
    perks: dict[str, int] = Field(default_factory=dict, description="Perk name -> its cost in skill dice.")
    complications: list[str] = Field(default_factory=list, description="At most two, chosen at creation.")
    wounds: int = Field(0, description="0 unharmed, 1 wounded, 2 severely wounded, 3 incapacitated, 4 mortally "
                        "wounded, 5 dead.")
    stuns: int = Field(0, description="A stun not yet worth a wound (two stuns are one wound).")
    cp: int = Field(0, description="Character points earned (complications earn one each, once a session).")
    hero_points: int = Field(0, description="Thule's Hero Points: +1 at the start of each session.")
    perks_used: list[str] = Field(default_factory=list, description="Once-per-session perks used this session.")
    complications_paid: list[str] = Field(default_factory=list, description="Complications that earned a CP this "
                                          "session.")
    mortal_minutes: int = Field(0, description="Minutes spent mortally wounded (the death roll's count).")
    gear: list[GearItem] = Field(default_factory=list)
    other_av: int = Field(0, description="Magical, super-tech or other armor value added to Soak.")
    slow: bool = Field(False, description="A dwarf or other slow creature (moves less).")
    sidekick_of: str | None = Field(None, description="The character whose Sidekick perk this character is.")
    npc: bool = False

    @field_validator("skills", "perks", "complications", "perks_used", "complications_paid", mode="before")
    @classmethod
    def _names(cls, v: Any) -> Any:
        return normal_names(v)

    # -- reading the sheet -----------------------------------------------------------------------------------------
    def attribute(self, name: str) -> DieCode:
        return code(getattr(self.attributes, name))

    def skill_code(self, skill: str) -> DieCode:
        """A skill's code, or its attribute's when the sheet does not list it (skills default to the attribute;
        a weapon skill not on the sheet, like an unlisted 'sword/blade', defaults to Might as melee does)."""
        entry = self.skills.get(skill)
        if entry is not None:
            return code(entry.code)
        return self.attribute(ATTRIBUTE_OF_SKILL.get(skill, "might"))

    def attribute_of(self, skill: str) -> str | None:
        entry = self.skills.get(skill)
        return entry.attribute if entry is not None else ATTRIBUTE_OF_SKILL.get(skill)

    def weapons(self, kinds: tuple[str, ...] = ("melee", "missile", "thrown")) -> list[GearItem]:
        return [g for g in self.gear if g.kind in kinds and g.damage is not None]

    def armor_value(self) -> int:
        return max((g.armor or 0 for g in self.gear if g.kind == "armor"), default=0)

    def offhand(self) -> str:
        kinds = {g.kind for g in self.gear}
        for kind, name in (("shield", "shield"), ("buckler", "buckler"), ("offhand", "weapon")):
            if kind in kinds:
                return name
        return "none"

    def weapon_skill(self) -> str:
        """The skill that parries: the best of the skills the character's melee weapons use (Sir Baelen's
        Sword/Blade), else melee."""
        used = {g.uses for g in self.weapons(("melee",))} or {"melee"}
        return max(sorted(used), key=lambda n: self.skill_code(n).total_pips)

    def defences(self) -> dict[str, int]:
        """Block, Dodge, Parry and Soak as the book precalculates them (shields and off-hand weapons included)."""
        off = self.offhand()
        block = self.skill_code("brawling").static + (4 if off == "shield" else 0)
        parry = self.skill_code(self.weapon_skill()).static + {"none": 0, "weapon": 1, "buckler": 2, "shield": 4}[off]
        return {"block": block, "dodge": self.skill_code("dodge").static, "parry": parry,
                "soak": self.attribute("might").static + self.armor_value() + self.other_av}


# --- the rules -------------------------------------------------------------------------------------------------


_v, _short = Violation.of, short


def budgets(c: MiniSixCharacter) -> tuple[int, int]:
    """(attribute dice, skill-and-perk dice) the character had to spend at creation."""
    if c.sidekick_of:
        return SIDEKICK_ATTRIBUTE_DICE, SIDEKICK_SKILL_DICE
    return ATTRIBUTE_DICE, SKILL_DICE


def spent(c: MiniSixCharacter) -> tuple[int, int, int]:
    """(attribute pips, skill pips added, perk dice) on the sheet."""
    attrs = sum(x.total_pips for x in c.attributes.codes().values())
    return attrs, _skill_pips(c), sum(c.perks.values())


def _skill_pips(c: MiniSixCharacter) -> int:
    """Skill pips added over the attributes (:func:`spent`'s second figure)."""
    a = c.attributes
    return sum(max(0, _added_pips(e.code, getattr(a, e.attribute))) for e in c.skills.values())


@lru_cache(maxsize=4096)
def _added_pips(text: str, attr_text: str) -> int:
    """The pips a skill's code adds over its attribute's, once per the two codes' text."""
    return code(text).total_pips - code(attr_text).total_pips


def violations(c: MiniSixCharacter, creation: bool = True) -> list[str]:
    return [v.sentence for v in problems(c, creation)]


def problems(c: MiniSixCharacter, creation: bool = True) -> list[Violation]:
    """Every rule broken, with its field; ``creation`` adds the starting budgets (never for NPCs)."""
    found = _always(c)
    if creation and not c.npc:
        found += _creation(c)
    def order(v: Violation) -> tuple[int, str]:  # sheet order, then field name: the same whatever the dict order
        head = v.field.split(".")[0]
        return (FIELD_ORDER.index(head) if head in FIELD_ORDER else len(FIELD_ORDER)), v.field

    return sorted(found, key=order)


def _always(c: MiniSixCharacter) -> list[Violation]:
    out = []
    low = 1 if c.npc else MIN_ATTRIBUTE
    for a, x in c.attributes.codes().items():
        if x.pips < 0 or x.pips > 2:
            out.append(_v(f"attributes.{a}", "minisix.rule_attribute_code", CREATION, x.text(),
                          attribute=a.capitalize(), text=x.text()))
        if x.dice < low:
            out.append(_v(f"attributes.{a}", "minisix.rule_attribute_low", CREATION, x.text(), npc=c.npc,
                          attribute=a.capitalize(), text=x.text(), low=low))
    a = c.attributes
    for name, e in c.skills.items():
        out += _skill_rules(name, e.code, e.attribute, getattr(a, e.attribute))
    for name, cost in c.perks.items():
        if name in PERKS and cost != PERKS[name]:
            out.append(_v(f"perks.{name}", "minisix.rule_perk_cost", PERKS_REF, cost, name=name, book_cost=PERKS[name],
                          cost=cost))
        elif not 1 <= cost <= 4:
            out.append(_v(f"perks.{name}", "minisix.rule_perk_cost_range", PERKS_REF, cost, name=name, cost=cost))
    if c.perks_used:  # an empty list has nothing to count
        for name, n in Counter(c.perks_used).items():
            if name not in c.perks:
                out.append(_v("perks_used", "minisix.rule_used_unknown_perk", PERKS_REF, name, name=name))
            elif name not in ONCE_PER_SESSION:
                out.append(_v("perks_used", "minisix.rule_perk_not_once_per_session", PERKS_REF, name, name=name))
            if n > 1:
                out.append(_v("perks_used", "minisix.rule_perk_used_twice", PERKS_REF, name, name=name, n=n))
    if len(c.complications) > MAX_COMPLICATIONS:
        out.append(_v("complications", "minisix.rule_complication_cap", PERKS_REF, _short(c.complications),
                      n_complications=len(c.complications), max_complications=MAX_COMPLICATIONS))
    if c.complications:  # an empty list has nothing to count
        for name, n in Counter(c.complications).items():
            if n > 1:
                out.append(_v("complications", "minisix.rule_complication_listed_twice", PERKS_REF, name, name=name,
                              n=n))
    for name in c.complications_paid:
        if name not in c.complications:
            out.append(_v("complications_paid", "minisix.rule_cp_unknown_complication", PERKS_REF, name, name=name))
    if c.complications_paid:  # an empty list has nothing to count
        for name, n in Counter(c.complications_paid).items():
            if n > 1:
                out.append(_v("complications_paid", "minisix.rule_cp_once_per_session", PERKS_REF, name, name=name,
                              n=n))
    if not 0 <= c.wounds <= 5:
        out.append(_v("wounds", "minisix.rule_wounds_range", RESISTING, c.wounds, wounds=c.wounds))
    if c.stuns not in (0, 1):
        out.append(_v("stuns", "minisix.rule_stuns_range", RESISTING, c.stuns, stuns=c.stuns))
    for what in ("cp", "hero_points", "mortal_minutes", "other_av"):
        if getattr(c, what) < 0:
            out.append(_v(what, "minisix.rule_negative", CREATION, getattr(c, what), what=what,
                          value=getattr(c, what)))
    for i, g in enumerate(c.gear):
        out += _gear_rules(i, g.name, g.kind, g.damage, g.armor)
    return out


@lru_cache(maxsize=4096)
def _skill_rules(name: str, text: str, attribute: str, attr_text: str) -> tuple[Violation, ...]:
    """The rules one skill entry breaks (:func:`_always`), found once per (name, its code, its attribute, that
    attribute's code): a sheet's skills are a few values read again and again."""
    out = []
    x, attr = code(text), code(attr_text)
    if x.pips < 0 or x.pips > 2:
        out.append(_v(f"skills.{name}", "minisix.rule_skill_code", SKILLS_REF, x.text(), name=name, text=x.text()))
    if x.total_pips < attr.total_pips:
        out.append(_v(f"skills.{name}", "minisix.rule_skill_below_attribute", SKILLS_REF, x.text(), name=name,
                      text=x.text(), attribute=attribute, attr_text=attr.text()))
    own = ATTRIBUTE_OF_SKILL.get(name)
    if own is not None and own != attribute:
        out.append(_v(f"skills.{name}", "minisix.rule_skill_attribute", SKILLS_REF, attribute, name=name, own=own,
                      attribute=attribute))
    return tuple(out)


@lru_cache(maxsize=4096)
def _gear_rules(i: int, name: str, kind: str, damage: str | None, armor: int | None) -> tuple[Violation, ...]:
    """The rules the sheet's ``i``-th item breaks (:func:`_always`), found once per (its place, its values)."""
    out = []
    if kind in ("melee", "missile", "thrown") and damage is None:
        out.append(_v(f"gear.{i}.damage", "minisix.rule_weapon_damage_missing", RESISTING, name=name))
    if damage is not None:
        x = code(damage)
        if kind == "missile" and x.dice < 1:
            out.append(_v(f"gear.{i}.damage", "minisix.rule_missile_damage", RESISTING, damage, name=name,
                          text=x.text()))
        if x.total_pips < 0:
            out.append(_v(f"gear.{i}.damage", "minisix.rule_damage_negative", RESISTING, damage, name=name,
                          text=x.text()))
    if kind == "armor" and not 0 <= (armor or 0) <= 30:
        out.append(_v(f"gear.{i}.armor", "minisix.rule_armor_value", STATIC, armor, name=name, armor=armor))
    return tuple(out)


def _creation(c: MiniSixCharacter) -> list[Violation]:
    out = []
    attr_dice, skill_dice = budgets(c)
    sidekick = bool(c.sidekick_of)
    codes = c.attributes.codes()
    total = sum(x.total_pips for x in codes.values())
    if total != 3 * attr_dice:
        have = DieCode.from_pips(total).text()
        out.append(_v("attributes", "minisix.rule_attribute_dice", CREATION, c.attributes.text(), sidekick=sidekick,
                      attr_dice=attr_dice, have=have))
    for a, x in codes.items():
        if x.total_pips > 3 * MAX_ATTRIBUTE:
            out.append(_v(f"attributes.{a}", "minisix.rule_new_attribute_range", CREATION, x.text(),
                          attribute=a.capitalize(), text=x.text()))
    at_max = [a for a, x in codes.items() if x.total_pips >= 3 * MAX_ATTRIBUTE]
    if len(at_max) > 1:
        out.append(_v("attributes", "minisix.rule_one_4d_attribute", CREATION, ", ".join(at_max), at_max=at_max))
    pips = sum(x.pips for x in codes.values() if 0 <= x.pips <= 2)
    if pips not in (0, 3):
        out.append(_v("attributes", "minisix.rule_attribute_pips", CREATION, pips, pips=pips))
    added_pips = 0
    skill_pips = 0  # what spent(c) adds up, summed here from the same differences
    for name, e in c.skills.items():
        added = _added_pips(e.code, getattr(c.attributes, e.attribute))
        skill_pips += max(0, added)
        if added > 3 * MAX_SKILL_ADD:
            out.append(_v(f"skills.{name}", "minisix.rule_new_skill_cap", SKILLS_REF, e.code, name=name,
                          text=DieCode.from_pips(added).text(signed=True), attribute=e.attribute,
                          max_skill_add=MAX_SKILL_ADD))
        if added > 0:
            added_pips += added % 3
    if added_pips not in (0, 3):
        out.append(_v("skills", "minisix.rule_skill_pips", SKILLS_REF, added_pips, added_pips=added_pips))
    perk_dice = sum(c.perks.values())
    if skill_pips + 3 * perk_dice > 3 * skill_dice:
        used = DieCode.from_pips(skill_pips + 3 * perk_dice).text()
        out.append(_v("skills", "minisix.rule_skill_dice", f"{CREATION}, {PERKS_REF}", used, sidekick=sidekick,
                      skill_dice=skill_dice, used=used, text=DieCode.from_pips(skill_pips).text(), perk_dice=perk_dice))
    for what in ("wounds", "stuns", "cp", "hero_points", "mortal_minutes"):
        if getattr(c, what):
            out.append(_v(what, "minisix.rule_new_starts_at_zero", CREATION, getattr(c, what), sidekick=sidekick,
                          what=what, value=getattr(c, what)))
    if c.perks_used or c.complications_paid:
        out.append(_v("perks_used", "minisix.rule_new_no_session_marks", PERKS_REF, sidekick=sidekick))
    return out


def unspent(c: MiniSixCharacter) -> int:
    """Skill-and-perk pips left unspent at creation."""
    return max(0, 3 * budgets(c)[1] - _skill_pips(c) - 3 * sum(c.perks.values()))


def known_complication(name: str) -> bool:
    return name in COMPLICATIONS
