"""The Minim character sheet (``minim.md#Characters``) and the rules a sheet must obey.

The model holds the *shape* of a sheet: types and vocabularies (trait names, the fifteen skills, gear kinds,
campaign kinds) are enforced by pydantic, so a sheet that parses is always readable. The *numbers* — score ranges,
creation budgets, health and faith limits — are judged by :func:`problems` instead of by the model, so that a
broken sheet can be described completely, every rule it breaks at once, rather than rejected at the first bad
field. Anything that stores or hands out a sheet should therefore check ``violations(c, creation=False) == []``.

Readings chosen:

* Specialties "each cost 1-point"; at creation that point comes out of the 4 power points, so powers plus
  specialties total 6 (languages 1 and wealth 1 free, plus 4). A specialty need not refine a skill the character
  has: the rulebook does not require it.
* In play, languages and wealth may drop to 0 (wealth is spent on purchases; a point can be relocated away) but
  stay listed, since every player-character has them; any other power ranges 1..5.
* Health never exceeds brass and faith never exceeds brain ("can never go above it"), so for a player-character
  ``max_health == brass`` and ``max_faith == brain`` hold in play too. Narrator-characters ("values the narrator
  judges appropriate") skip every budget and derivation: only ranges and ``0 <= health/faith <= max`` apply.
"""

from __future__ import annotations

from collections import Counter
from itertools import permutations
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_serializer

from narrator.tools.contract import ref
from narrator.tools.systems.minim.rules import BOOK, SKILLS_BY_TRAIT, TRAIT_OF_SKILL, TRAITS, Skill
from narrator.tools.violations import Violation, short

CHARACTERS = ref(BOOK, "Characters")
TRAITS_REF = ref(BOOK, "Traits")
SKILLS_REF = ref(BOOK, "Skills")
HEALTH = ref(BOOK, "Health")
FAITH = ref(BOOK, "Faith")
POWERS = ref(BOOK, "Powers")
ADVANCEMENT = ref(BOOK, "Advancement")
ATTACKS = ref(BOOK, "Attacks")

Campaign = Literal["normal", "stronger", "weaker"]
CAMPAIGN_SHIFT: dict[str, int] = {"normal": 0, "stronger": 1, "weaker": -1}
"""'Stronger or weaker player-characters can be made ... by applying a +1 or -1 to all-traits.'"""
STARTING_TRAITS = (4, 3, 2)
SKILL_BUDGET = (3, 2, 1)
"""Skills of the highest, middle and lowest trait at creation."""
INTRINSIC_POWERS = ("languages", "wealth")
FREE_POWER_POINTS = 2  # languages 1 and wealth 1
POWER_POINTS = 4
RANK_NAMES = ("highest", "middle", "lowest")
FIELD_ORDER = ("name", "traits", "skills", "specialties", "powers", "virtue", "vice", "health", "max_health", "faith",
               "max_faith", "gear")
"""Violations are listed in the order a sheet is read."""


class _Part(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)


class Traits(_Part):
    """The three trait scores. 1..5; a starting character has one 4, one 3 and one 2."""

    brain: int = Field(description="Intellect, 1..5.")
    brawl: int = Field(description="Speed, dexterity, precision, 1..5.")
    brass: int = Field(description="Presence, endurance, fortitude, charm, 1..5.")

    def scores(self) -> dict[str, int]:
        return {t: getattr(self, t) for t in TRAITS}

    def text(self) -> str:
        return ", ".join(f"{t} {s}" for t, s in self.scores().items())


class Specialty(_Part):
    """A narrow speciality of a skill, like heart-surgery (cure) or karate (fight); costs 1 point."""

    name: str = Field(min_length=1)
    skill: Skill

    @field_validator("skill", mode="before")
    @classmethod
    def _lower(cls, v: Any) -> Any:
        return v.strip().lower() if isinstance(v, str) else v


class GearItem(_Part):
    """A weapon, armor or other item with its quality (-2..+2; a shabby dagger -1, a legendary sword +2).

    "Many items work exactly like powers with their own power-scores" (``minim.md#Advancement``): ``power`` is such
    an item's score (1..5), rolled by ``minim_use_power`` like a power; ``expendable`` items ("an
    invisibility-potion or a grenade") are used up when they activate. Both are left out of the dump when unset,
    so a plain item's record is what it always was.
    """

    name: str = Field(min_length=1)
    kind: Literal["weapon", "armor", "item"] = "item"
    quality: int = Field(0, description="-2..+2.")
    power: int | None = Field(None, description="The item's own power score 1..5 when it works like a power.")
    expendable: bool = Field(False, description="Used up when it activates (a potion, a grenade).")

    @model_serializer(mode="wrap")
    def _plain_when_unset(self, handler: Any) -> dict[str, Any]:
        data = handler(self)
        if data.get("power") is None:
            data.pop("power", None)
        if not data.get("expendable"):
            data.pop("expendable", None)
        return data


def normalize_powers(powers: Any) -> Any:
    """Power names are free text: compare them stripped and lower-cased so 'Wealth' is wealth."""
    if not isinstance(powers, dict):
        return powers
    out: dict[Any, Any] = {}
    for name, score in powers.items():
        key = name.strip().lower() if isinstance(name, str) else name
        if key == "":
            raise ValueError("a power needs a name")
        if key in out:
            raise ValueError(f"power '{key}' is listed twice (names ignore case)")
        out[key] = score
    return out


class NormalizedNames(BaseModel):
    """Mixin: skill names lower-cased and power names normalised, wherever a model carries them."""

    @field_validator("skills", mode="before", check_fields=False)
    @classmethod
    def _lower_skills(cls, v: Any) -> Any:
        return [s.strip().lower() if isinstance(s, str) else s for s in v] if isinstance(v, list) else v

    @field_validator("powers", mode="before", check_fields=False)
    @classmethod
    def _normalize_powers(cls, v: Any) -> Any:
        return normalize_powers(v)


class MinimCharacter(_Part, NormalizedNames):
    """A Minim character sheet. Numbers are judged by :func:`violations`, not rejected on parsing."""

    name: str = Field(min_length=1)
    concept: str | None = Field(None, description="One line: who the character is.")
    traits: Traits
    skills: list[Skill] = Field(default_factory=list, description="Skills held, each once.")
    specialties: list[Specialty] = Field(default_factory=list)
    powers: dict[str, int] = Field(
        default_factory=dict,
        description="Power name -> score 1..5. Player-characters always list languages and wealth (which may be 0).",
    )
    virtue: str | None = Field(None, description="A good, productive quality; regains faith.")
    vice: str | None = Field(None, description="A twisted personality flaw; regains faith.")
    health: int = Field(description="Current health, 0..max_health.")
    max_health: int = Field(description="Equal to brass.")
    faith: int = Field(description="Current faith points, 0..max_faith.")
    max_faith: int = Field(description="Equal to brain.")
    campaign: Campaign = Field("normal", description="'stronger'/'weaker' campaigns shift every starting trait by ±1.")
    npc: bool = Field(False, description="Narrator-character: values set by judgement, no creation budgets.")
    gear: list[GearItem] = Field(default_factory=list)



def tier(character: MinimCharacter) -> int:
    """The tier is the median trait ('minim.md#Challenge'): a 4/3/2 character is tier 3."""
    return sorted(character.traits.scores().values())[1]


def violations(character: MinimCharacter, creation: bool = True) -> list[str]:
    """Every rule the sheet breaks, one sentence each; empty when the sheet is legal."""
    return [v.sentence for v in problems(character, creation)]


def problems(character: MinimCharacter, creation: bool = True) -> list[Violation]:
    """Every rule broken, with its field. ``creation`` adds the starting budgets; NPCs never get them."""
    c = character
    found = _ranges(c, creation and not c.npc) + _uniqueness(c)
    if not c.npc:
        found += _player_invariants(c)
        if creation:
            flagged = {v.field for v in found}
            # a health/faith already out of its limits is not reported twice
            found += [v for v in _creation_budgets(c) if v.field not in ("health", "faith") or v.field not in flagged]
    return sorted(found, key=lambda v: FIELD_ORDER.index(v.field.split(".")[0]))  # stable: sheet order


_v, _short = Violation.of, short


def _ranges(c: MinimCharacter, creation: bool) -> list[Violation]:
    out = []
    for t, s in c.traits.scores().items():
        if not 1 <= s <= 5:
            out.append(_v(f"traits.{t}", "minim.rule_trait_range", TRAITS_REF, s, trait=t.capitalize(), score=s))
    for name, score in c.powers.items():
        intrinsic = name in INTRINSIC_POWERS
        low = 0 if intrinsic and not creation else 1
        if not low <= score <= 5:
            out.append(_v(f"powers.{name}", "minim.rule_power_range", POWERS, score, name=name, score=score, low=low,
                          creation=creation, intrinsic=intrinsic))
    for i, g in enumerate(c.gear):
        if not -2 <= g.quality <= 2:
            out.append(_v(f"gear.{i}.quality", "minim.rule_gear_quality_range", ATTACKS, g.quality, name=g.name,
                          quality=g.quality))
        if g.power is not None and not 1 <= g.power <= 5:
            out.append(_v(f"gear.{i}.power", "minim.rule_gear_power_range", f"{POWERS}, {ADVANCEMENT}", g.power,
                          name=g.name, power=g.power))
    for what, now, top, rule in (("health", c.health, c.max_health, HEALTH), ("faith", c.faith, c.max_faith, FAITH)):
        if top < 0:
            out.append(_v(f"max_{what}", "minim.rule_max_negative", rule, top, what=what, top=top))
        if now < 0:
            out.append(_v(what, "minim.rule_below_zero", rule, now, what=what.capitalize(), now=now))
        elif now > top:
            out.append(_v(what, "minim.rule_above_max", rule, now, what=what.capitalize(), now=now, top=top))
    return out


def _uniqueness(c: MinimCharacter) -> list[Violation]:
    out = []
    for skill, n in Counter(c.skills).items():
        if n > 1:
            out.append(_v("skills", "minim.rule_skill_listed_twice", SKILLS_REF, skill, skill=skill, n=n))
    for name, n in Counter(s.name.lower() for s in c.specialties).items():
        if n > 1:
            out.append(_v("specialties", "minim.rule_specialty_listed_twice", SKILLS_REF, name, name=name, n=n))
    return out


def _player_invariants(c: MinimCharacter) -> list[Violation]:
    out = [_v("powers", "minim.rule_intrinsic_power_missing", POWERS, _short(c.powers), name=name)
           for name in INTRINSIC_POWERS if name not in c.powers]
    virtue, vice = (c.virtue or "").strip(), (c.vice or "").strip()
    if not virtue:
        out.append(_v("virtue", "minim.rule_virtue_missing", FAITH))
    if not vice:
        out.append(_v("vice", "minim.rule_vice_missing", FAITH))
    if virtue and vice and virtue.lower() == vice.lower():
        out.append(_v("vice", "minim.rule_virtue_is_vice", FAITH, vice, virtue=virtue))
    if c.max_health != c.traits.brass:
        out.append(_v("max_health", "minim.rule_max_health_brass", HEALTH, c.max_health, max_health=c.max_health,
                      brass=c.traits.brass))
    if c.max_faith != c.traits.brain:
        out.append(_v("max_faith", "minim.rule_max_faith_brain", FAITH, c.max_faith, max_faith=c.max_faith,
                      brain=c.traits.brain))
    return out


def _creation_budgets(c: MinimCharacter) -> list[Violation]:
    out = []
    hi, mid, lo = (s + CAMPAIGN_SHIFT[c.campaign] for s in STARTING_TRAITS)
    if sorted(c.traits.scores().values()) != [lo, mid, hi]:
        out.append(_v("traits", "minim.rule_new_traits", CHARACTERS, _short(c.traits.scores()), campaign=c.campaign,
                      hi=hi, mid=mid, lo=lo, text=c.traits.text()))
    out += _skill_budget(c)
    if c.health != c.traits.brass:
        out.append(_v("health", "minim.rule_new_health", HEALTH, c.health, brass=c.traits.brass, health=c.health))
    if c.faith != c.traits.brain:
        out.append(_v("faith", "minim.rule_new_faith", FAITH, c.faith, brain=c.traits.brain, faith=c.faith))
    in_powers = sum(c.powers.values())
    spent, target = in_powers + len(c.specialties), FREE_POWER_POINTS + POWER_POINTS
    if spent != target:
        out.append(_v("powers", "minim.rule_power_points", f"{CHARACTERS}, {POWERS}", _short(c.powers),
                      power_points=POWER_POINTS, target=target, spent=spent, in_powers=in_powers,
                      n_specialties=len(c.specialties)))
    return out


def skill_rankings(traits: Traits) -> list[tuple[str, ...]]:
    """Every highest-to-lowest order of the traits consistent with their scores (ties may go either way)."""
    scores = traits.scores()
    return [o for o in permutations(TRAITS) if all(scores[a] >= scores[b] for a, b in zip(o, o[1:]))]


def _skill_budget(c: MinimCharacter) -> list[Violation]:
    """3 skills of the highest trait, 2 of the middle, 1 of the lowest; with tied traits any tie-break is accepted."""
    held = list(dict.fromkeys(c.skills))
    by_trait = {t: [s for s in held if TRAIT_OF_SKILL[s] == t] for t in TRAITS}
    scores = c.traits.scores()

    def misses(order: tuple[str, ...]) -> int:
        return sum(abs(len(by_trait[t]) - n) for t, n in zip(order, SKILL_BUDGET))

    out = []
    for rank, t, n in zip(RANK_NAMES, min(skill_rankings(c.traits), key=misses), SKILL_BUDGET):
        have = len(by_trait[t])
        if have != n:
            out.append(_v("skills", "minim.rule_skill_budget", CHARACTERS, ", ".join(by_trait[t]) or "none", trait=t,
                          score=scores[t], rank=rank, tied=list(scores.values()).count(scores[t]) > 1, n=n,
                          skills=list(SKILLS_BY_TRAIT[t]), have=have, held=by_trait[t]))
    return out
