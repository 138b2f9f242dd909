"""The Brew character sheet (``brew.md#Characters``) and every rule a sheet must obey.

The model holds the *shape* (names of attributes, skills, fields; types). The *numbers* are judged by
:func:`problems`, which lists every rule a sheet breaks at once (with the sheet field each concerns) so the
wizard and an LLM can fix all of them in one go.

Scores on the sheet are final (what a roll adds); ``ancestry_bonuses`` and ``class_bonuses`` record what the
ancestry and the class added, so the points the player bought are ``final − bonuses``. Readings chosen:

* **Point buy.** Attributes start at 1, skills and fields at 0; each point bought raises a score by one. 10
  points for attributes, 10 for skills (Profession included; 12 if the character takes no free specialty), 5 for
  magic (what magic leaves unspent is free), 5 free (plus the campaign's ``extra_points``) that go anywhere — or
  all 5 into one extra trick. Bought scores are at most 5; bonuses may take a score past it. Points may be left
  unspent (the validation says how many).
* **Specialties.** One free specialty; a class adds its own; a second one bought at creation costs double for
  its skill (the skill's points count twice) and needs the skill bought to 2 or more (Shania: Performance 2 with
  the Pop Musician specialty costs 4). At most two at creation, three ever.
* **Profession** is one skill whose dots may be split among several named professions, each at least 1, adding
  up to the skill.
* **Ancestry and class.** The sample ancestries and classes must give exactly their bonuses, tricks and flaws
  (a human: +1 to one attribute, a free trick and flaw); others (the setting's own) need a +2 and a −1
  (ancestry) or two +2 (class). Without an ancestry the character chooses one trick and one flaw. A trick
  exclusive to an ancestry or class needs it.
* **Best at Thing** (optional): once the chosen skill reaches 5 every other skill is capped at 4.
* **In play**: health −5 (dead) to maximum, Resolve 0 to 5 (player-characters; NPCs usually have none),
  training Resolve at most 3 in all, mana up to the total of magic points, at most 3 lasting injuries.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from narrator.tools.frozen import Frozen
from narrator.tools.systems.brew.rules import (
    ANCESTRIES, ATTRIBUTE_POINTS, ATTRIBUTES, ATTRIBUTES_REF, CLASS_ANCESTRY, CLASS_BONUS, CLASSES,
    DAMAGE, EXCLUSIVE_FLAWS, EXCLUSIVE_TRICKS, FREE_POINTS, MAGIC_FIELDS, MAGIC_POINTS, MANA, MAX_HEALTH,
    MAX_LASTING_INJURIES, MAX_RESOLVE, MAX_SCORE, MAX_SPECIALTIES, MAX_SPECIALTIES_AT_CREATION,
    MAX_TRAINING_RESOLVE, NO_SPECIALTY_POINTS, POINT_BUY, RESOLVE, SKILL_POINTS, SKILLS, SKILLS_REF, TIME,
    TRICK_PRICE, TRICKS_REF, AttackType, Attribute, DamageRule, Range, Size, WeaponName,
)
from narrator.tools.violations import Violation

TRAIT_NAMES = (*ATTRIBUTES, *SKILLS, *MAGIC_FIELDS)
SPECIALTY_SKILLS = (*SKILLS, *MAGIC_FIELDS)
FIELD_ORDER = ("name", "ancestry", "ancestry_bonuses", "character_class", "class_bonuses", "attributes", "skills",
               "professions", "magic", "magic_attribute", "specialties", "tricks", "flaws", "best_at", "health",
               "max_health", "resolve", "max_resolve", "training_resolve", "mana", "max_mana", "lasting_injuries",
               "permanent_injuries", "stabilising_days", "xp", "gear", "points")


def norm(v: Any) -> Any:
    return v.strip().lower() if isinstance(v, str) else v


def norm_keys(v: Any) -> Any:
    if isinstance(v, dict):
        out = {}
        for k, x in v.items():
            key = norm(k)
            if key in out:
                raise ValueError(f"'{key}' is listed twice")
            out[key] = x
        return out
    return v


class _Part(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)


class Attributes(_Part):
    power: int
    precision: int
    speed: int
    perception: int
    wits: int
    charisma: int

    def scores(self) -> dict[str, int]:
        return {a: getattr(self, a) for a in ATTRIBUTES}


class Specialty(_Part):
    name: str = Field(min_length=1, max_length=80)
    skill: str = Field(description="A skill or a field of magic, e.g. 'medicine'.")
    source: Literal["free", "class", "bought"] = Field("free", description="free (the one free specialty), class "
                                                      "(the class's), bought (paid with points or XP).")

    @field_validator("skill", "source", mode="before")
    @classmethod
    def _lower(cls, v):
        return norm(v)


class LastingInjury(_Part):
    name: str = Field(min_length=1, max_length=120, description="What it is: 'broken and dislocated arm'.")
    healing_left: int = Field(30, description="Points of healing still needed (30 at first).")


class GearItem(_Part):
    name: str = Field(min_length=1, max_length=60)
    kind: Literal["weapon", "armor", "item"] = "item"
    attack_type: AttackType | None = Field(None, description="Weapons: unarmed, blunt, simple_bladed, "
                                           "simple_projectile, complex_handheld, complex_ranged.")
    weapon: WeaponName | None = Field(None, description="Weapons: one of the book's example weapons.")
    damage_rule: DamageRule | None = None
    damage_fixed: int | None = None
    ranges: list[Range] | None = None
    soak: int = Field(0, description="Armor: damage it soaks.")

    @field_validator("kind", "attack_type", "weapon", "damage_rule", mode="before")
    @classmethod
    def _lower(cls, v):
        return norm(v)


class BrewCharacter(_Part):
    """A Brew sheet. Scores are final; numbers are judged by :func:`problems`, not on parsing."""

    name: str = Field(min_length=1, max_length=60)
    concept: str | None = Field(None, max_length=200)
    npc: bool = False
    ancestry: str | None = Field(None, max_length=60)
    ancestry_bonuses: dict[str, int] = Field(default_factory=dict, description="What the ancestry added, e.g. "
                                             "{'perception': 2, 'power': -1, 'illusion': 1}.")
    character_class: str | None = Field(None, max_length=60)
    class_bonuses: dict[str, int] = Field(default_factory=dict, description="What the class added (+2 on two).")
    size: Size = "medium"
    attributes: Attributes
    skills: dict[str, int] = Field(default_factory=dict, description="Skill -> final score (0 if absent).")
    professions: dict[str, int] = Field(default_factory=dict, description="Profession split: name -> points.")
    magic: dict[str, int] = Field(default_factory=dict, description="Field of magic -> final score.")
    magic_attribute: Attribute = Field("wits", description="The attribute the character's kind of magic uses.")
    specialties: list[Specialty] = Field(default_factory=list)
    tricks: list[str] = Field(default_factory=list)
    flaws: list[str] = Field(default_factory=list)
    bought_trick: bool = Field(False, description="One extra trick bought with all 5 free points at creation.")
    best_at: str | None = Field(None, description="Optional Best at Thing: the skill this character may become "
                                "the best at.")
    extra_points: int = Field(0, description="Extra free points of a more highly powered campaign.")
    health: int
    max_health: int = MAX_HEALTH
    resolve: int = 0
    max_resolve: int = 0
    training_resolve: dict[str, int] = Field(default_factory=dict, description="Skill -> Resolve points from "
                                             "downtime training, usable only on that skill.")
    mana: int = 0
    max_mana: int = 0
    lasting_injuries: list[LastingInjury] = Field(default_factory=list)
    permanent_injuries: list[Annotated[str, Field(min_length=1, max_length=120)]] = Field(
        default_factory=list, description="Optional rule: injuries that never heal ('lost left eye').")
    stabilising_days: int = Field(0, description="Days left of a stabilisation period at health 1 (realistic "
                                  "healing): no skill rolls until it ends.")
    xp: int = 0
    laden: bool = False
    gear: list[GearItem] = Field(default_factory=list)

    @field_validator("ancestry", "character_class", "best_at", "magic_attribute", mode="before")
    @classmethod
    def _lower(cls, v):
        return norm(v)

    @field_validator("skills", "magic", "ancestry_bonuses", "class_bonuses", "training_resolve", mode="before")
    @classmethod
    def _keys(cls, v):
        return norm_keys(v)

    def score(self, trait: str) -> int:
        if trait in ATTRIBUTES:
            return getattr(self.attributes, trait)
        if trait in MAGIC_FIELDS:
            return self.magic.get(trait, 0)
        return self.skills.get(trait, 0)

    def bonus(self, trait: str) -> int:
        return self.ancestry_bonuses.get(trait, 0) + self.class_bonuses.get(trait, 0)

    def bought(self, trait: str) -> int:
        return self.score(trait) - self.bonus(trait)

    def specialty_in(self, skill: str) -> list[Specialty]:
        return [s for s in self.specialties if s.skill == skill]

    def magic_points(self) -> int:
        return sum(self.magic.values())


_v = Violation.of


def violations(c: BrewCharacter, creation: bool = True) -> list[str]:
    return [v.sentence for v in problems(c, creation)]


def problems(c: BrewCharacter, creation: bool = True) -> list[Violation]:
    """Every rule the sheet breaks. ``creation`` adds the point-buy budgets; NPCs get neither budgets nor player
    invariants."""
    found = _names(c) + _ranges(c, creation and not c.npc) + _pools(c)
    if not c.npc:
        found += _specialties(c, creation) + _professions(c) + _heritage(c, creation) + _best_at(c)
        if creation:
            found += _budget(c) + _fresh(c)
    return sorted(found, key=lambda v: FIELD_ORDER.index(v.field.split(".")[0]) if v.field.split(".")[0] in
                  FIELD_ORDER else len(FIELD_ORDER))


def _names(c: BrewCharacter) -> list[Violation]:
    out = []
    for k in c.skills:
        if k not in SKILLS:
            out.append(_v(f"skills.{k}", "brew.rule_not_skill", SKILLS_REF, k, name=k, skills=list(SKILLS)))
    for k in c.magic:
        if k not in MAGIC_FIELDS:
            out.append(_v(f"magic.{k}", "brew.rule_not_magic_field",
                          "brew.md#Scrying (prophecy and far-seeing/hearing)", k, name=k, fields=list(MAGIC_FIELDS)))
    for field in ("ancestry_bonuses", "class_bonuses"):
        for k in getattr(c, field):
            if k not in TRAIT_NAMES:
                out.append(_v(f"{field}.{k}", "brew.rule_unknown_bonus_name", CLASS_ANCESTRY, k, name=k))
    for k in c.training_resolve:
        if k not in SPECIALTY_SKILLS:
            out.append(_v(f"training_resolve.{k}", "brew.rule_training_not_skill", TIME, k, name=k))
    for s in c.specialties:
        if s.skill not in SPECIALTY_SKILLS:
            out.append(_v("specialties", "brew.rule_specialty_skill", SKILLS_REF, s.skill, name=s.name, skill=s.skill))
    if c.best_at is not None and c.best_at not in SPECIALTY_SKILLS:
        out.append(_v("best_at", "brew.rule_best_at_not_skill", SKILLS_REF, c.best_at, best_at=c.best_at))
    return out


def _ranges(c: BrewCharacter, creation: bool) -> list[Violation]:
    out = []
    for a, s in c.attributes.scores().items():
        if s < 1:
            out.append(_v(f"attributes.{a}", "brew.rule_attribute_zero", ATTRIBUTES_REF, s, attribute=a.capitalize(),
                          score=s))
    top = MAX_SCORE if not c.npc else 10
    for trait in TRAIT_NAMES:
        if trait in ATTRIBUTES or trait in c.skills or trait in c.magic:
            bought = c.bought(trait) if not c.npc else c.score(trait)
            low = 1 if trait in ATTRIBUTES else 0
            where = "attributes" if trait in ATTRIBUTES else "magic" if trait in MAGIC_FIELDS else "skills"
            if bought > top or (bought < low and trait not in ATTRIBUTES):
                out.append(_v(f"{where}.{trait}", "brew.rule_score_range", POINT_BUY, bought, trait=trait,
                              bought=bought, bonus=0 if c.npc else c.bonus(trait), low=low, top=top))
    for i, g in enumerate(c.gear):
        if g.kind == "armor" and not 0 <= g.soak <= 10:
            out.append(_v(f"gear.{i}.soak", "brew.rule_armor_soak", "brew.md#Combat", g.soak, name=g.name, soak=g.soak))
        if g.kind == "weapon" and g.attack_type is None and g.weapon is None:
            out.append(_v(f"gear.{i}", "brew.rule_weapon_attack_type", "brew.md#Combat", g.name, name=g.name))
        if g.kind == "weapon" and (g.attack_type or "").startswith("complex") and g.weapon is None and \
                g.damage_rule is None and g.damage_fixed is None:
            out.append(_v(f"gear.{i}", "brew.rule_complex_weapon_damage", "brew.md#Combat", g.name, name=g.name))
    return out


def _pools(c: BrewCharacter) -> list[Violation]:
    out = []
    if not 1 <= c.max_health <= 30:
        out.append(_v("max_health", "brew.rule_max_health_range", DAMAGE, c.max_health, max_health=c.max_health))
    if not -5 <= c.health <= c.max_health:
        out.append(_v("health", "brew.rule_health_range", DAMAGE, c.health, health=c.health, max_health=c.max_health))
    if not 0 <= c.max_resolve <= MAX_RESOLVE or (not c.npc and c.max_resolve != MAX_RESOLVE):
        out.append(_v("max_resolve", "brew.rule_max_resolve", RESOLVE, c.max_resolve, max_resolve=c.max_resolve,
                      npc=c.npc, most=MAX_RESOLVE))
    if not 0 <= c.resolve <= c.max_resolve:
        out.append(_v("resolve", "brew.rule_resolve_range", RESOLVE, c.resolve, resolve=c.resolve,
                      max_resolve=c.max_resolve))
    if any(v < 0 for v in c.training_resolve.values()) or sum(c.training_resolve.values()) > MAX_TRAINING_RESOLVE:
        out.append(_v("training_resolve", "brew.rule_training_resolve_cap", TIME, dict(c.training_resolve),
                      total=sum(c.training_resolve.values()), max_training_resolve=MAX_TRAINING_RESOLVE))
    if c.max_mana != c.magic_points():
        out.append(_v("max_mana", "brew.rule_max_mana_magic", MANA, c.max_mana, max_mana=c.max_mana,
                      magic_points=c.magic_points()))
    if not 0 <= c.mana <= c.max_mana:
        out.append(_v("mana", "brew.rule_mana_range", MANA, c.mana, mana=c.mana, max_mana=c.max_mana))
    if len(c.lasting_injuries) + len(c.permanent_injuries) > MAX_LASTING_INJURIES:
        count = len(c.lasting_injuries) + len(c.permanent_injuries)
        out.append(_v("lasting_injuries", "brew.rule_injury_cap", DAMAGE, count, count=count,
                      max_lasting_injuries=MAX_LASTING_INJURIES))
    for i, inj in enumerate(c.lasting_injuries):
        if not 0 < inj.healing_left <= 200:
            out.append(_v(f"lasting_injuries.{i}", "brew.rule_injury_healing_left", DAMAGE, inj.healing_left,
                          name=inj.name, healing_left=inj.healing_left))
    if not 0 <= c.stabilising_days <= 30:
        out.append(_v("stabilising_days", "brew.rule_stabilising_days",
                      "brew.md#Simplified "
                                          "healing for combat-oriented games",
                      c.stabilising_days, stabilising_days=c.stabilising_days))
    if c.xp < 0:
        out.append(_v("xp", "brew.rule_xp_negative", "brew.md#Using Experience Points", c.xp, xp=c.xp))
    if c.extra_points < 0:
        out.append(_v("points", "brew.rule_extra_points_negative", POINT_BUY, c.extra_points,
                      extra_points=c.extra_points))
    return out


def _specialties(c: BrewCharacter, creation: bool) -> list[Violation]:
    out = []
    n = len(c.specialties)
    cap = MAX_SPECIALTIES_AT_CREATION if creation else MAX_SPECIALTIES
    if n > cap:
        out.append(_v("specialties", "brew.rule_specialty_cap", SKILLS_REF, n, n=n, cap=cap, creation=creation))
    for name, k in Counter(s.name.casefold() for s in c.specialties).items():
        if k > 1:
            out.append(_v("specialties", "brew.rule_specialty_listed_twice", SKILLS_REF, name, name=name, n=k))
    free = [s for s in c.specialties if s.source == "free"]
    if len(free) > 1:
        out.append(_v("specialties", "brew.rule_free_specialties", SKILLS_REF, len(free), n_free=len(free)))
    klass = [s for s in c.specialties if s.source == "class"]
    if klass and not c.character_class:
        out.append(_v("specialties", "brew.rule_class_specialty_without_class", CLASS_ANCESTRY, klass[0].name,
                      name=klass[0].name))
    if len(klass) > 1:
        out.append(_v("specialties", "brew.rule_class_specialty_count", CLASS_ANCESTRY, len(klass)))
    sample = CLASSES.get(c.character_class or "")
    for s in klass:
        if sample and (s.name.casefold() not in sample["specialties"] or sample["specialties"][s.name.casefold()]
                       != s.skill):
            options = ", ".join(f"{k} ({v})" for k, v in sample["specialties"].items())
            out.append(_v("specialties", "brew.rule_class_specialty", sample["ref"], s.name,
                          character_class=c.character_class, options=options, name=s.name, skill=s.skill))
    if creation:
        for s in c.specialties:
            if s.source == "bought" and c.bought(s.skill) < 2:
                out.append(_v("specialties", "brew.rule_bought_specialty_skill", SKILLS_REF, s.name, skill=s.skill,
                              bought=c.bought(s.skill)))
    return out


def _professions(c: BrewCharacter) -> list[Violation]:
    points = c.skills.get("profession", 0)
    split = c.professions
    out = []
    if points and not split:
        out.append(_v("professions", "brew.rule_profession_unnamed", SKILLS_REF, points, points=points))
    elif split:
        if any(v < 1 for v in split.values()):
            out.append(_v("professions", "brew.rule_profession_empty", SKILLS_REF, dict(split)))
        if sum(split.values()) != points:
            out.append(_v("professions", "brew.rule_profession_dots", SKILLS_REF, dict(split), dots=sum(split.values()),
                          points=points))
    return out


def _heritage(c: BrewCharacter, creation: bool) -> list[Violation]:
    out = []
    anc = ANCESTRIES.get(c.ancestry or "")
    ab = {k: v for k, v in c.ancestry_bonuses.items() if v}
    if c.ancestry is None:
        if ab:
            out.append(_v("ancestry_bonuses", "brew.rule_ancestry_bonuses_without_ancestry", CLASS_ANCESTRY, ab))
    elif anc is None:
        if sorted(ab.values()) not in ([-1, 2], []) and creation:
            out.append(_v("ancestry_bonuses", "brew.rule_standard_ancestry_bonuses", CLASS_ANCESTRY, ab, bonuses=ab))
    elif c.ancestry == "human":
        if not (len(ab) == 1 and list(ab.values()) == [1] and next(iter(ab)) in ATTRIBUTES):
            out.append(_v("ancestry_bonuses", "brew.rule_human_bonus", anc["ref"], ab, bonuses=ab))
    else:
        want = {anc["plus"]: anc["amount"], anc["minus"]: -1, **anc.get("free_magic", {})}
        if ab != want:
            out.append(_v("ancestry_bonuses", "brew.rule_ancestry_bonuses_given", anc["ref"], ab, ancestry=c.ancestry,
                          want=list(want.items()), have=ab))
        for kind, wanted in (("tricks", anc["trick"]), ("flaws", anc["flaw"])):
            if wanted not in getattr(c, kind):
                out.append(_v(kind, "brew.rule_ancestry_heritage", anc["ref"], wanted, ancestry=c.ancestry,
                              what=kind[:-1], wanted=wanted))
        if c.size != anc["size"]:
            out.append(_v("ancestry", "brew.rule_ancestry_size", anc["ref"], c.size, ancestry=c.ancestry,
                          ancestry_size=anc['size'], size=c.size))
    klass = CLASSES.get(c.character_class or "")
    cb = {k: v for k, v in c.class_bonuses.items() if v}
    if c.character_class is None:
        if cb:
            out.append(_v("class_bonuses", "brew.rule_class_bonuses_without_class", CLASS_ANCESTRY, cb))
    elif klass is None:
        if creation and (len(cb) != 2 or set(cb.values()) != {CLASS_BONUS}):
            out.append(_v("class_bonuses", "brew.rule_standard_class_bonuses", CLASS_ANCESTRY, cb, bonuses=cb))
    else:
        ok = len(cb) == 2 and set(cb.values()) == {CLASS_BONUS} and klass["fixed"] in cb and \
            next(k for k in cb if k != klass["fixed"]) in klass["either"]
        if not ok:
            out.append(_v("class_bonuses", "brew.rule_class_bonuses_given", klass["ref"], cb,
                          character_class=c.character_class, fixed=klass["fixed"], either=list(klass["either"]),
                          bonuses=cb))
        for t in klass["tricks"]:
            if t not in c.tricks:
                out.append(_v("tricks", "brew.rule_class_trick", klass["ref"], t, character_class=c.character_class,
                              trick=t))
        if klass["flaw"] not in c.flaws:
            out.append(_v("flaws", "brew.rule_class_flaw", klass["ref"], klass["flaw"],
                          character_class=c.character_class, flaw=klass['flaw']))
    owned = {ANCESTRIES[a]["trick"] for a in ANCESTRIES if ANCESTRIES[a]["trick"] and a == c.ancestry}
    owned |= {ANCESTRIES[a]["flaw"] for a in ANCESTRIES if ANCESTRIES[a]["flaw"] and a == c.ancestry}
    if klass:
        owned |= set(klass["tricks"]) | {klass["flaw"]}
    for t in c.tricks:
        if t in EXCLUSIVE_TRICKS and t not in owned:
            out.append(_v("tricks", "brew.rule_trick_exclusive", TRICKS_REF, t, trick=t))
    for f in c.flaws:
        if f in EXCLUSIVE_FLAWS and f not in owned:
            out.append(_v("flaws", "brew.rule_flaw_exclusive", TRICKS_REF, f, flaw=f))
    for kind in ("tricks", "flaws"):
        items = getattr(c, kind)
        if not items and not (creation and kind == "tricks"):  # at creation the trick count below says it
            out.append(_v(kind, "brew.rule_heritage_missing", TRICKS_REF, what=kind[:-1]))
        for name, k in Counter(x.casefold() for x in items).items():
            if k > 1:
                out.append(_v(kind, "brew.rule_heritage_listed_twice", TRICKS_REF, name, name=name, n=k))
    if creation:
        granted = 1 + (len(klass["tricks"]) if klass else 1 if c.character_class else 0)
        want = granted + (1 if c.bought_trick else 0)
        if len(c.tricks) != want:
            given = [*([anc["trick"]] if anc and anc["trick"] else []), *(klass["tricks"] if klass else [])]
            out.append(_v("tricks", "brew.rule_trick_count", TRICKS_REF, None, n_tricks=len(c.tricks),  # says the count
                          want=want, given=given, choose=not (anc and anc["trick"]),
                          own_class=c.character_class if c.character_class and not klass else None,
                          bought=c.bought_trick))
    return out


def _best_at(c: BrewCharacter) -> list[Violation]:
    if c.best_at is None or c.score(c.best_at) < MAX_SCORE:
        return []
    over = [s for s in SKILLS if s != c.best_at and c.skills.get(s, 0) > 4]
    return [_v("skills", "brew.rule_best_at_cap", SKILLS_REF, over, best_at=c.best_at,
               over=[[s, c.skills[s]] for s in over])] if over else []


class Spending(Frozen):
    attributes: int
    skills: int
    magic: int
    trick: int
    attribute_pool: int
    skill_pool: int
    magic_pool: int
    free_pool: int
    over: int = Field(description="Points beyond the pools, to come out of the free points.")
    free_available: int
    unspent: int


def spending(c: BrewCharacter) -> Spending:
    attrs = sum(c.bought(a) - 1 for a in ATTRIBUTES)
    skills = sum(max(0, c.bought(s)) for s in SKILLS if s in c.skills)
    skills += sum(max(0, c.bought(s.skill)) for s in c.specialties if s.source == "bought" and s.skill in SKILLS)
    magic = sum(max(0, c.bought(f)) for f in MAGIC_FIELDS if f in c.magic)
    magic += sum(max(0, c.bought(s.skill)) for s in c.specialties if s.source == "bought" and s.skill in MAGIC_FIELDS)
    trick = TRICK_PRICE if c.bought_trick else 0
    skill_pool = SKILL_POINTS + (0 if any(s.source == "free" for s in c.specialties) else NO_SPECIALTY_POINTS)
    free = FREE_POINTS + c.extra_points
    over = max(0, attrs - ATTRIBUTE_POINTS) + max(0, skills - skill_pool) + max(0, magic - MAGIC_POINTS) + trick
    available = free + max(0, MAGIC_POINTS - magic)
    unspent = max(0, ATTRIBUTE_POINTS - attrs) + max(0, skill_pool - skills) + max(0, available - over)
    return Spending(attributes=attrs, skills=skills, magic=magic, trick=trick, attribute_pool=ATTRIBUTE_POINTS,
                    skill_pool=skill_pool, magic_pool=MAGIC_POINTS, free_pool=free, over=over,
                    free_available=available, unspent=unspent)


def _budget(c: BrewCharacter) -> list[Violation]:
    s = spending(c)
    if s.over <= s.free_available:
        return []
    overs = {"attributes": s.attributes - s.attribute_pool, "skills": s.skills - s.skill_pool,
             "magic": s.magic - s.magic_pool}
    field = max(overs, key=lambda k: overs[k]) if max(overs.values()) > 0 else "tricks"
    return [_v(field, "brew.rule_points_overspent", POINT_BUY, s.over, attributes=s.attributes,
               attribute_pool=s.attribute_pool, skills=s.skills, skill_pool=s.skill_pool, magic=s.magic,
               magic_pool=s.magic_pool, trick=s.trick, free_available=s.free_available, over=s.over)]


def _fresh(c: BrewCharacter) -> list[Violation]:
    out = []
    if c.health != c.max_health:
        out.append(_v("health", "brew.rule_new_full_health", DAMAGE, c.health, max_health=c.max_health,
                      health=c.health))
    if c.resolve != c.max_resolve:
        out.append(_v("resolve", "brew.rule_new_full_resolve", RESOLVE, c.resolve, max_resolve=c.max_resolve))
    if c.mana != c.max_mana:
        out.append(_v("mana", "brew.rule_new_full_mana", MANA, c.mana, max_mana=c.max_mana))
    if c.max_health != MAX_HEALTH and not any(t for t in c.flaws):
        out.append(_v("max_health", "brew.rule_new_max_health", DAMAGE, c.max_health, max_health=MAX_HEALTH))
    if c.lasting_injuries:
        out.append(_v("lasting_injuries", "brew.rule_new_no_lasting_injuries", DAMAGE))
    if c.permanent_injuries:
        out.append(_v("permanent_injuries", "brew.rule_new_no_permanent_injuries", DAMAGE))
    if c.training_resolve:
        out.append(_v("training_resolve", "brew.rule_new_no_training_resolve", TIME))
    return out


WEAPON_SPECIALTIES: dict[str, tuple[str, ...]] = {
    "handgun": ("firearm", "gun", "pistol", "revolver", "shoot", "marksman"),
    "composite bow": ("bow", "archer", "arrow"),
    "broadsword": ("sword", "blade", "fenc"),
    "knife": ("knife", "knive", "dagger", "blade"),
}
"""Word stems of a specialty that fits each of the book's weapons: its own "Precision + Craft (Firearms)" for the
handgun and "Precision + Craft (Bow)" for the composite bow (brew.md#Examples of weapon attacks), the sword and the
knife alike. Another weapon fits a specialty that shares a word of three letters or more with its name."""


def specialty_fits(name: str, weapon: GearItem) -> bool:
    """A specialty named ``name`` fits ``weapon`` (:data:`WEAPON_SPECIALTIES`): a word of it begins with one of the
    weapon's stems or a word of three letters or more of the weapon's name (an axe's "Axes")."""
    stems = (*WEAPON_SPECIALTIES.get(weapon.weapon or "", ()), *re.findall(r"[a-z]{3,}", weapon.name.lower()))
    return any(w.startswith(stem) for w in re.findall(r"[a-z]+", name.lower()) for stem in stems)
