"""5+ characters (``five-plus.md#Characters``): the scaffold, the level table and the three ways to pick levels.

"A character can be as simple as: Skills: Improvise(2:0) … Resistances: Physical(0/3:0) … This scaffold can be
modified to include traits, training, a starting skill list and abilities." The starting levels are chosen:

* fixed or negotiated — "simply assign a suitable level to descriptors";
* random — "roll 2d6 for each descriptor and keep the worse value" (the lower die: level 1-6,
  P(level = k) = (13 − 2k)/36);
* buy points — "the progression cost being the same as the cumulative levels being bought": level L costs
  1 + 2 + … + L = L(L+1)/2 points.

Readings chosen:

* The scaffold is always there: a character built without ``Improvise`` or a ``Physical`` resistance gets them at
  their scaffold levels (2 and 3), free, whatever the method — they are what every character can fall back on.
  Listing them sets their level by the method like any other descriptor.
* Random creation rolls every listed skill and resistance; a level given with the random method is refused (the
  dice choose). Fixed and buy-point creation need every level; buy points must cover the levels (unspent points
  are allowed and reported).
* The starting tier is 0 for everyone (the scaffold's ``Improvise(2:0)``); a campaign may start higher.
* Traits are written ``Name +N target`` ("Ninja training +1 sneak"): the modifier applies to the named
  descriptor or group; ``Name +N`` alone is situational (applied when a check names it); ``Name`` alone is an
  effect without a number.
* A random character (:func:`fiveplus_character_random`) takes the scaffold, Mental and Fatigue resistances and
  four skills — the approach groups its concept's words suggest first (guard → combat, perception; thief →
  stealth, profession…), the rest rolled among the everyday groups — every level rolled 2d6-keep-the-worse, and a
  training trait (+1 to its first skill).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, NamedTuple

from pydantic import Field, field_validator

from narrator.tools.concepts import (
    FREE_FORM_WEAPONS, MAX_PICKS, RANGED_WEAPONS, ConceptOption, check_picks, chosen, concept_line, concept_words,
    of_kind,
)
from narrator.tools.contract import CheckResult, ToolArgs, ToolResult
from narrator.tools.draws import pick as _pick
from narrator.tools.dice import Die, DieFlag, Roller
from narrator.tools.errors import FieldProblem, ToolArgumentError
from narrator.tools.frozen import Frozen
from narrator.tools.npc_archetypes import head_stand_in
from narrator.tools.odds import Dist, Odds
from narrator.tools.systems.fiveplus.checks import p_range
from narrator.tools.phrases import say
from narrator.tools.systems.fiveplus.descriptors import Descriptor, descriptor_problems, key_of, make
from narrator.tools.systems.fiveplus.rules import (
    BASE, CHARACTERS, KEYWORD_GROUPS, LEVEL, LEVEL_TABLE, MAX_LEVEL, RANGE, TIERS, Group,
)
from narrator.tools.systems.fiveplus.sheet import FivePlusCharacter, Method, cost, violations
from narrator.tools.steps import Step, step
from narrator.tools.tool import tool

SCAFFOLD: dict[str, dict[str, Any]] = {
    "improvise": {"name": "Improvise", "kind": "skill", "level": 2, "tier": 0,
                  "effect": "you can do any action as improvisation"},
    "physical": {"name": "Physical", "kind": "resistance", "group": "endurance", "level": 3, "tier": 0, "counter": 0,
                 "effect": "your resistance to physical damage; damage above the level is a physical wound"},
}
GROUP_SKILL: dict[str, str] = {"physical": "Athletics", "combat": "Melee", "ranged": "Archery", "stealth": "Sneak",
                               "social": "Persuade", "knowledge": "Lore", "perception": "Perception",
                               "survival": "Survival", "profession": "Craft", "medicine": "Medicine",
                               "magic": "Magic", "defense": "Dodge"}
"""The skill a random character gets for an approach group."""
EVERYDAY = ("physical", "combat", "ranged", "stealth", "social", "knowledge", "perception", "survival",
            "profession", "defense")
"""Groups a random character's free skill slots are rolled among (magic and medicine only from the concept)."""
CONCEPT_GROUPS: dict[str, tuple[str, ...]] = {
    "guard": ("combat", "perception"), "soldier": ("combat", "ranged"), "warrior": ("combat", "defense"),
    "knight": ("combat", "survival"), "bandit": ("combat", "stealth"), "thug": ("combat", "social"),
    "pirate": ("combat", "profession"), "mercenary": ("combat", "ranged"),
    "sellsword": ("combat", "ranged"), "fighter": ("combat", "physical"), "archer": ("ranged", "perception"),
    "hunter": ("ranged", "survival"), "ranger": ("survival", "ranged"), "thief": ("stealth", "profession"),
    "rogue": ("stealth", "social"), "assassin": ("stealth", "combat"), "spy": ("stealth", "social"),
    "scout": ("perception", "stealth"), "explorer": ("survival", "perception"), "sailor": ("profession", "physical"),
    "navigator": ("survival", "knowledge"), "trader": ("social", "profession"), "merchant": ("social", "profession"),
    "noble": ("social", "knowledge"), "priest": ("knowledge", "medicine"), "healer": ("medicine", "survival"),
    "doctor": ("medicine", "knowledge"), "medic": ("medicine", "perception"), "scholar": ("knowledge", "perception"),
    "sage": ("knowledge", "magic"), "wizard": ("magic", "knowledge"), "mage": ("magic", "knowledge"),
    "witch": ("magic", "medicine"), "sorcerer": ("magic", "social"), "bard": ("social", "knowledge"),
    "smith": ("profession", "combat"), "engineer": ("profession", "knowledge"), "ninja": ("stealth", "combat"),
    "detective": ("perception", "social"), "investigator": ("perception", "knowledge"), "rider": ("survival", "combat"),
    "acrobat": ("physical", "stealth"), "wanderer": ("survival", "physical"), "beast": ("combat", "perception"),
    "wolf": ("combat", "perception"), "spider": ("combat", "stealth"), "dragon": ("combat", "magic"),
    "cultist": ("magic", "social"), "demon": ("magic", "combat"), "orc": ("combat", "physical"),
    "goblin": ("stealth", "combat"), "zombie": ("combat", "physical"), "skeleton": ("combat", "defense"),
    "guide": ("survival", "perception"), "tracker": ("survival", "perception"), "trapper": ("survival", "profession"),
    "boatman": ("profession", "physical"), "ferryman": ("profession", "physical"), "fisher": ("survival", "profession"),
    "courier": ("physical", "survival"), "messenger": ("physical", "survival"), "hermit": ("survival", "knowledge"),
    "herbalist": ("medicine", "survival"),
    "farmer": ("survival", "physical"), "miner": ("physical", "profession"), "innkeeper": ("social", "profession"),
}
"""Concept words -> approach groups (a word matches exactly, as a plural, or as the start of a longer word)."""


SPELLS: dict[str, tuple[str, tuple[str, ...]]] = {
    "Hex": ("a curse that weakens or sickens a foe; witchcraft", ("witch", "warlock", "hag", "curse")),
    "Fireball": ("a spell of fire hurled at foes; wizardry and sorcery",
                 ("mage", "wizard", "sorcerer", "sorceress", "pyromancer", "magician", "spellcaster")),
    "Healing prayer": ("divine magic that mends wounds", ("priest", "priestess", "cleric", "shaman", "saint")),
    "Illusion": ("false images and sounds that deceive", ("illusionist", "trickster", "enchanter")),
    "Spirit speech": ("calling on and speaking with spirits and the dead", ("necromancer", "medium", "druid")),
    "Mind reading": ("psychic powers: reading and pushing minds", ("psychic", "telepath", "psion", "mentalist")),
}
"""Spells a concept can pick: a magic skill named for what it does ("Fire magic (5:1+2)" is the book's own
example, ``five-plus.md#Characters``), used through the magic approach group."""
EQUIPMENT: dict[str, tuple[str, tuple[str, ...]]] = {k.capitalize(): v for k, v in FREE_FORM_WEAPONS.items()}
"""Equipment a concept can pick: "equipment is free form and can be defined on the fly" (``five-plus.md#Items``);
a generated character carries it equipped, with no number (its weapon skill does the work)."""
RANGED_EQUIPMENT = frozenset(k.capitalize() for k in RANGED_WEAPONS)
CONCEPT_OPTIONS: tuple[ConceptOption, ...] = (
    *(ConceptOption(f"skill:{g}", "skill", GROUP_SKILL[g], f"{GROUP_SKILL[g]}: {', '.join(KEYWORD_GROUPS[g][:10])}")
      for g in GROUP_SKILL if g != "magic"),
    *(ConceptOption(f"spell:{k}", "magic", f"the {k} spell", f"{k}: {text}", words)
      for k, (text, words) in SPELLS.items()),
    *(ConceptOption(f"gear:{k}", "gear", f"a {k.lower()}", f"{k.lower()}: {text}", words)
      for k, (text, words) in EQUIPMENT.items()),
)
"""Everything a concept can pick in 5+ (:mod:`tools.concepts`); skills are also suggested by the concept's words
(:data:`CONCEPT_GROUPS`), so the skill options are only for the embedder."""
PICKS_HELP = ("Options the concept picks beyond what its words name (keys like 'skill:medicine', 'spell:Hex', "
              "'gear:Sword'), found by the game's embedder; usually left empty.")


def concept_groups(concept: str | None) -> list[str]:
    """The skill groups a concept's words suggest (a fresh list: callers may extend it)."""
    return list(_concept_groups(concept))


@lru_cache(maxsize=4096)
def _concept_groups(concept: str | None) -> tuple[str, ...]:
    """Remembered per concept: every word against every keyword was the largest part of a random character."""
    found: list[str] = []
    for word in concept_words(concept):
        for kw, groups in CONCEPT_GROUPS.items():
            if word in (kw, kw + "s", kw + "es") or (len(kw) >= 5 and word.startswith(kw)):
                found += [g for g in groups if g not in found]
                break
        else:
            for group, keys in KEYWORD_GROUPS.items():
                if word in keys and group not in found:
                    found.append(group)
    if not found:  # no word known: the head noun's stand-in, as the NPC tools (:func:`.npcs._match`) read it
        key = head_stand_in(concept_words(concept), CONCEPT_GROUPS)
        return CONCEPT_GROUPS[key] if key is not None else ()
    return tuple(found)


def worse_of_two(roller: Roller, purpose: str, dice: list[Die]) -> int:
    """'Roll 2d6 for each descriptor and keep the worse value': the lower die (the first of a tie is the one kept)."""
    first_purpose, second_purpose = _pair_purposes(purpose)
    first = roller.roll(6, first_purpose).face
    second = roller.roll(6, second_purpose).face
    if second < first:
        dice.append(_flagged(first, first_purpose, False))
        dice.append(_flagged(second, second_purpose, True))
        return second
    dice.append(_flagged(first, first_purpose, True))
    dice.append(_flagged(second, second_purpose, False))
    return first


@lru_cache(maxsize=4096)
def _flagged(face: int, purpose: str, kept: bool) -> Die:
    """A d6 of the pair flagged kept or dropped (:meth:`Die.with_flags` of the die as thrown, unflagged), once per
    (face, purpose, kept)."""
    return Die(sides=6, face=face, purpose=purpose).with_flags(DieFlag.KEPT if kept else DieFlag.DROPPED)


@lru_cache(maxsize=1024)
def _pair_purposes(purpose: str) -> tuple[str, str]:
    """``('Sneak level 1', 'Sneak level 2')``, written once per descriptor name."""
    return f"{purpose} 1", f"{purpose} 2"


_MADE_TYPES = frozenset({str, int, bool, type(None)})


class _Made(NamedTuple):
    """A descriptor the engine made, with what a sheet check and a sheet's lines read of it, worked out once per its
    field values (a frozen descriptor is a value): its problems as the sheet check says them, its notation and the
    notation without its effect (as :func:`describe` lists skills and resistances)."""

    descriptor: Descriptor
    said: tuple[str, ...]
    notation: str
    short: str


def _entry(d: Descriptor) -> _Made:
    notation = d.notation()
    return _Made(d, tuple(say(p) for p in descriptor_problems(d)), notation, notation.split(" – ")[0])


def made(fields: dict[str, Any]) -> Descriptor:
    """:func:`make`, remembered by the field values (a frozen descriptor is a value: a sheet is built from the same
    few names, kinds and levels again and again, and validating the 30-field model was most of what building one
    cost). Values other than plain text, numbers, flags and lists of text are built afresh; an invalid descriptor
    raises from :func:`make` on every call, as before."""
    return made_entry(fields).descriptor


def made_entry(fields: dict[str, Any]) -> _Made:
    """:func:`made` with the descriptor's said problems and notation (:class:`_Made`), kept with it."""
    try:  # plain values (a skill's or resistance's fields): the items themselves, with their types, are the key
        key = (tuple(fields.items()), tuple(map(type, fields.values())))
        hash(key)
    except TypeError:  # a list (a trait's applies_to): below, as a tuple
        pass
    else:
        if _MADE_TYPES.issuperset(key[1]):
            return _made_plain(key)
    key = []
    for name, value in fields.items():
        kind = type(value)
        if kind is list:
            if any(type(v) is not str for v in value):
                return _entry(make(fields))
            value = tuple(value)
        elif kind not in _MADE_TYPES:
            return _entry(make(fields))
        key.append((name, kind, value))
    return _made(tuple(key))


@lru_cache(maxsize=4096)
def _made(key: tuple[tuple[str, type, Any], ...]) -> _Made:
    return _entry(make({name: list(value) if kind is list else value for name, kind, value in key}))


@lru_cache(maxsize=4096)
def _made_plain(key: tuple[tuple[tuple[str, Any], ...], tuple[type, ...]]) -> _Made:
    return _entry(make(dict(key[0])))


@lru_cache(maxsize=4096)
def _level_line(name: str, first: int, second: int, level: int) -> Step:
    """A rolled level's step, once per (name, faces)."""
    return step("fiveplus.rolled_level", name=name, first=first, second=second, level=level)


@lru_cache(maxsize=1)
def random_level_dist() -> Dist:
    """The exact distribution of a randomly created level (the lower of 2d6), built once (its odds block is then
    memoised on it)."""
    return Dist.from_weights({k: 13 - 2 * k for k in range(1, 7)})


# --- the level table ----------------------------------------------------------------------------------------------


class LevelTableArgs(ToolArgs):
    modifier: int = Field(0, ge=-10, le=10, description="Add a modifier to every row (e.g. +1 for a focused action).")
    rank: int = Field(0, ge=-5, le=10, description="Challenge rank (0: the book's table).")


class LevelRow(Frozen):
    level: int
    description: str
    book_chance: str
    range: str
    p_success: float
    exact: str
    buy_cost: int
    p_random: str = Field(description="Chance a random creation rolls this level (2d6 keep the worse).")


class LevelTableResult(ToolResult):
    rows: list[LevelRow]


@tool("fiveplus")
def fiveplus_level_table(args: LevelTableArgs, roller: Roller) -> LevelTableResult:
    """The 5+ level table: each level 0-6 (incompetent to expert) with its success range, exact chance, buy-point cost
    and chance from random creation."""
    rows = []
    lower = BASE + args.rank
    rnd = random_level_dist()
    for level, (desc, chance) in LEVEL_TABLE.items():
        upper = BASE + level + args.modifier
        p = p_range(lower, upper)
        rows.append(LevelRow(level=level, description=desc, book_chance=chance,
                             range=f"{lower}–{upper}" if upper >= lower else "empty", p_success=float(p),
                             exact=f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator),
                             buy_cost=cost(level), p_random=str(rnd[level]) if level else "0"))
    steps = [step("fiveplus.level_row", level=r.level, description=r.description, book=r.book_chance, range=r.range,
                  exact=r.exact, p=r.p_success, cost=r.buy_cost, random=r.p_random) for r in rows]
    if args.modifier or args.rank:
        steps.insert(0, step("fiveplus.every_range", modifier=args.modifier, rank=args.rank))
    return LevelTableResult(summary=step("fiveplus.levels", chances=[[r.level, r.p_success] for r in rows]),
                            steps=steps, rule_refs=[CHARACTERS, RANGE], rows=rows)


# --- creation -----------------------------------------------------------------------------------------------------

TRAIT_TEXT = re.compile(r"^\s*(?P<name>(?:[^+\-−–]|(?<=[^\W\d_])[-–](?=[^\W\d_]))+?)\s*"
                        r"(?:(?P<mod>[+\-−]\s*\d)\s*(?:to\s+)?(?P<target>.*?))?\s*$")
"""'Ninja training +1 sneak': a name (a hyphen inside a word is its own: 'Sure-footed'), a modifier, a target."""


def parse_trait(text: str) -> dict[str, Any]:
    """'Ninja training +1 sneak' -> a trait descriptor's fields (read once per text; a fresh dict and list each
    call)."""
    out = dict(_parse_trait(text) if type(text) is str else _parse_trait.__wrapped__(text))
    if "applies_to" in out:
        out["applies_to"] = list(out["applies_to"])
    return out


@lru_cache(maxsize=1024)
def _parse_trait(text: str) -> dict[str, Any]:
    m = TRAIT_TEXT.match(text)
    if not m or not m.group("name").strip():
        raise ValueError(f"write a trait as 'Name +1 target', 'Name +1' or 'Name' (got {text[:40]!r})")
    out: dict[str, Any] = {"name": m.group("name").strip(), "kind": "trait"}
    if m.group("mod"):
        out["modifier"] = int(m.group("mod").replace("−", "-").replace(" ", ""))
        target = (m.group("target") or "").strip()
        if target:
            out["applies_to"] = [target]
        out["effect"] = f"{out['modifier']:+d}" + (f" to {target}" if target else " when it applies")
    return out


class CreateArgs(ToolArgs):
    name: str = Field(min_length=1, max_length=60)
    concept: str | None = Field(None, max_length=200)
    method: Method = Field("fixed", description="fixed (levels given), random (2d6 keep the worse per descriptor) or "
                           "buy (points; a level costs 1+2+…+level).")
    points: int | None = Field(None, ge=0, le=200, description="Buy points (method buy).")
    skills: dict[str, int | None] = Field(default_factory=dict, max_length=20, description="Skill name -> level "
                                          "(0-6; null with the random method), e.g. {'Sneak': 4, 'Sword': 3}.")
    resistances: dict[str, int | None] = Field(default_factory=dict, max_length=8, description="Resistance name -> "
                                               "level, e.g. {'Physical': 3, 'Mental': 2, 'Fatigue': 2}.")
    traits: list[str] = Field(default_factory=list, max_length=10, description="'Ninja training +1 sneak', "
                              "'Strong +1', 'Amphibious'.")
    groups: dict[str, Group] = Field(default_factory=dict, max_length=20, description="Approach group of a skill "
                                     "whose name does not say it, e.g. {'Quickfoot': 'physical'}.")
    tier: int = Field(0, ge=0, le=5, description="Starting tier of every skill and resistance (the scaffold: 0).")

    @field_validator("skills", "resistances", "groups")
    @classmethod
    def _names(cls, v: dict) -> dict:
        for name in v:
            if not isinstance(name, str) or not name.strip() or len(name) > 60 or "." in name:
                raise ValueError("descriptor names are 1-60 characters without a dot")
        return v

    @field_validator("traits")
    @classmethod
    def _traits(cls, v: list[str]) -> list[str]:
        if any(not isinstance(t, str) or not 0 < len(t.strip()) <= 120 for t in v):
            raise ValueError("each trait is 1-120 characters")
        return v


class CharacterResult(CheckResult):
    character: FivePlusCharacter
    points_spent: int | None = None


def _fail(problems: list[FieldProblem]) -> None:
    if problems:
        raise ToolArgumentError("?", problems)


def build_character(args: CreateArgs | _Drawn,
                    roller: Roller) -> tuple[FivePlusCharacter, list[Die], list[str], int | None]:
    """The sheet from the player's choices (rolling levels for the random method), or every problem at once."""
    return _build_character(args, roller)[:4]


def _build_character(args: CreateArgs | _Drawn, roller: Roller
                     ) -> tuple[FivePlusCharacter, list[Die], list[str], int | None, dict[int, _Made]]:
    """:func:`build_character`, with what was worked out once of each descriptor the engine made (by the
    descriptor's id: read while the sheet holds it)."""
    problems: list[FieldProblem] = []
    dice: list[Die] = []
    steps: list[str] = []
    chosen: dict[str, dict[str, Any]] = {}
    for field, kind, entries in (("skills", "skill", args.skills), ("resistances", "resistance", args.resistances)):
        for name, level in sorted(entries.items(), key=lambda kv: key_of(kv[0])):  # the log's order: replayable
            key = key_of(name)
            if key in chosen:
                problems.append(FieldProblem(f"{field}.{name}", "named twice (names ignore case)"))
                continue
            if args.method == "random":
                if level is not None:
                    problems.append(FieldProblem(f"{field}.{name}", "the random method rolls every level: give null "
                                                 "(or choose the fixed or buy method)", str(level)))
                    continue
            elif level is None or not 0 <= level <= MAX_LEVEL:
                problems.append(FieldProblem(f"{field}.{name}", f"a starting level is 0-{MAX_LEVEL} on the level "
                                             "table", str(level)))
                continue
            fields: dict[str, Any] = {"name": name.strip(), "kind": kind, "level": level, "tier": args.tier}
            if kind == "resistance":
                fields["counter"] = 0
            if name in args.groups:
                fields["group"] = args.groups[name]
            chosen[key] = fields
    for name in args.groups:
        if key_of(name) not in chosen:
            problems.append(FieldProblem(f"groups.{name}", "names no skill or resistance of this character"))
    traits = []
    for i, text in enumerate(args.traits):
        try:
            trait = parse_trait(text)
        except ValueError as e:
            problems.append(FieldProblem(f"traits.{i}", str(e)))
            continue
        if key_of(trait["name"]) in chosen or any(key_of(t["name"]) == key_of(trait["name"]) for t in traits):
            problems.append(FieldProblem(f"traits.{i}", f"'{trait['name']}' is already a descriptor of this character"))
            continue
        traits.append(trait)
    if args.method == "buy" and args.points is None:
        problems.append(FieldProblem("points", "the buy method needs the points to spend"))
    if args.method != "buy" and args.points is not None:
        problems.append(FieldProblem("points", "points are only for the buy method", str(args.points)))
    _fail(problems)
    for key, fields in chosen.items():
        if args.method == "random":
            fields["level"] = worse_of_two(roller, f"{fields['name']} level", dice)
            steps.append(_level_line(fields["name"], dice[-2].face, dice[-1].face, fields["level"]))
    for key, fields in SCAFFOLD.items():
        if key not in chosen:
            chosen[key] = {**fields, "tier": args.tier}
            steps.append(step("fiveplus.scaffold", key=key, tier=args.tier))
    descriptors: dict[str, Descriptor] = {}
    known: dict[int, _Made] = {}  # by id: every descriptor here is held by the sheet for as long as this is read
    for key, fields in chosen.items():
        try:
            entry = made_entry(fields)
            descriptors[key] = entry.descriptor
            known[id(entry.descriptor)] = entry
        except Exception as e:  # a pydantic ValidationError: a name the model refuses
            problems.append(FieldProblem(fields["name"], str(e).splitlines()[-1].strip()))
    for trait in traits:
        try:
            entry = made_entry(trait)
        except Exception as e:
            problems.append(FieldProblem("traits", str(e).splitlines()[-1].strip(), trait["name"]))
            continue
        d = entry.descriptor
        descriptors[d.key] = d
        known[id(d)] = entry
    _fail(problems)
    spent = None
    if args.method == "buy":
        spent = sum(cost(d.level or 0) for k, d in descriptors.items() if d.has_level and k in
                    {key_of(n) for n in [*args.skills, *args.resistances]})
        costs = [[d.name, d.level, cost(d.level or 0)] for d in descriptors.values()
                 if d.has_level and d.key in {key_of(n) for n in [*args.skills, *args.resistances]}]
        steps.append(step("fiveplus.buy_points", costs=costs, spent=spent, points=args.points))
        if args.points is not None and spent > args.points:
            _fail([FieldProblem("skills", f"the levels cost {spent} points, {spent - args.points} more than the "
                                          f"{args.points} available (level L costs 1+2+…+L; resistances count too)",
                                f"{spent} points")])
    c = FivePlusCharacter(name=args.name, concept=args.concept, descriptors=descriptors, method=args.method,
                          points=args.points)
    if not isinstance(args, _Drawn):  # a drawn sheet is legal by construction (tests hold it to every rule)
        broken = violations(c, creation=True, said={i: e.said for i, e in known.items()})
        _fail([FieldProblem("character", b) for b in broken])
    return c, dice, steps, spent, known


def describe(c: FivePlusCharacter, known: dict[int, _Made] | None = None) -> list[Step]:
    """The sheet's skills, resistances and traits in the book's notation, in one pass over the sheet in its order (a
    descriptor in ``known``, made by the engine, with the notation written when it was made)."""
    known = known or {}
    found: dict[str, list[str]] = {"skill": [], "resistance": [], "trait": []}
    for d in c.descriptors.values():
        listed = found.get(d.kind)
        if listed is not None:
            entry = known.get(id(d))
            if entry is not None:
                listed.append(entry.notation if d.kind == "trait" else entry.short)
            else:
                notation = d.notation()
                listed.append(notation if d.kind == "trait" else notation.split(" – ")[0])
    lines = [step("fiveplus.skills", skills=found["skill"]),
             step("fiveplus.resistances", resistances=found["resistance"])]
    if found["trait"]:
        lines.append(step("fiveplus.traits", traits=found["trait"]))
    return lines


@tool("fiveplus")
def fiveplus_character_create(args: CreateArgs, roller: Roller) -> CharacterResult:
    """Create a 5+ character from the scaffold (Improvise, Physical) and the player's descriptors, levels fixed, rolled
    (2d6 keep the worse) or bought with points."""
    c, dice, steps, spent, known = _build_character(args, roller)
    how = step("fiveplus.creation_method", method=args.method)
    return CharacterResult(summary=step("fiveplus.created", name=c.name, method=args.method,
                                        levels=[[d.name, d.level] for d in c.levelled()]),
                           steps=[how, *steps, *describe(c, known)], rule_refs=[CHARACTERS, LEVEL], dice=dice, outcome=None,
                           success=None, odds=None, character=c, points_spent=spent)


class RandomArgs(ToolArgs):
    name: str = Field(min_length=1, max_length=60)
    concept: str | None = Field(None, max_length=200, description="Words like guard, thief, scholar, wizard steer "
                                "the skills.")
    tier: int = Field(0, ge=0, le=5, description="Starting tier (0: the scaffold's).")
    picks: list[str] = Field(default_factory=list, max_length=MAX_PICKS, description=PICKS_HELP)


class RandomCharacterResult(CharacterResult):
    groups: list[str] = Field(description="The approach groups its skills cover.")
    level_odds: Odds = Field(description="The exact chance of each rolled level (the lower of 2d6).")
    concept_picks: list[str] = Field(default_factory=list, description="What the concept chose, in words.")


SKILL_SLOTS = 4
TRAIT_UNSAFE = re.compile(r"[^\w +\-']")


class _Drawn(NamedTuple):
    """A random character's choices for :func:`build_character`, read there once and never a result's field: the
    engine's own draw (names from its tables, the name, concept and tier already validated as
    :class:`RandomArgs`), so it is not validated again as :class:`CreateArgs`, whose fields it mirrors."""

    name: str
    concept: str | None
    method: Method
    points: int | None
    skills: dict[str, int | None]
    resistances: dict[str, int | None]
    traits: list[str]
    groups: dict[str, Group]
    tier: int


def concept_noun(concept: str | None) -> str:
    """Who the concept is, for the training trait's name: its last word before a "with", "from", "of"...
    ("an old sailor with a bow" is a sailor, not a bow); "adventurer" for none."""
    head = re.split(r"\s+(?:with|from|of|who|that|in|on|at|for)\s+", (concept or "").strip(), maxsplit=1,
                    flags=re.IGNORECASE)[0]
    return (head.split() or ["adventurer"])[-1]


@tool("fiveplus")
def fiveplus_character_random(args: RandomArgs, roller: Roller) -> RandomCharacterResult:
    """Roll a random 5+ character: the scaffold, three resistances and four skills suggested by the concept, each level
    rolled 2d6 keep the worse, and a training trait."""
    if args.picks:  # no picks, nothing to refuse
        check_picks("fiveplus_character_random", args.picks, CONCEPT_OPTIONS)
    picked = chosen(args.concept, args.picks, CONCEPT_OPTIONS)
    spell = next((o.key[6:] for o in of_kind(picked, "magic")), None)
    gear = [o.key[5:] for o in of_kind(picked, "gear")][:2]
    dice: list[Die] = []
    steps: list[Step] = []
    suggested = list(dict.fromkeys([
        *(["magic"] if spell else []), *(["ranged" if gear[0] in RANGED_EQUIPMENT else "combat"] if gear else []),
        *(g for g in concept_groups(args.concept) if g in GROUP_SKILL),
        *(o.key[6:] for o in of_kind(picked, "skill"))]))
    names = {**GROUP_SKILL, **({"magic": spell} if spell else {})}
    from_concept = list(suggested)
    groups: list[str] = []
    if suggested:
        steps.append(step("fiveplus.concept_suggests", groups=list(suggested)))
    while suggested and len(groups) < SKILL_SLOTS:
        groups.append(suggested.pop(0))
    while len(groups) < SKILL_SLOTS:
        left = [g for g in EVERYDAY if g not in groups]
        g = _pick(roller, left, f"skill group {len(groups) + 1}", dice)
        steps.append(step("fiveplus.group_rolled", among=list(left), face=dice[-1].face, group=g))
        groups.append(g)
    skills: dict[str, int | None] = {names[g]: None for g in groups}
    trait = f"Trained {concept_noun(args.concept)[:30]} +1 {names[groups[0]]}"
    create = _Drawn(name=args.name, concept=args.concept, method="random", points=None,
                    skills={"Improvise": None, **skills},
                    resistances={"Physical": None, "Mental": None, "Fatigue": None},
                    traits=[TRAIT_UNSAFE.sub("", trait)], tier=args.tier,
                    groups={spell: "magic"} if spell and "magic" in groups else {})
    c, more, lines, _, known = _build_character(create, roller)
    if gear:
        carried = {key_of(k): make({"name": k, "kind": "equipment", "equipped": True,
                                    "effect": f"{EQUIPMENT[k][0]}, carried from the start"}) for k in gear}
        c = c.model_copy(update={"descriptors": {**c.descriptors, **carried}})
        lines.append(step("fiveplus.concept_equipment", gear=list(gear)))
    labels = [f"the {spell} spell" if g == "magic" and spell else names[g] for g in groups if g in from_concept]
    labels += [f"a {k.lower()}" for k in gear]
    if args.concept and args.concept.split():  # the concept always names the training trait (concept_noun)
        labels.append(f"the training trait {create.traits[0]}")
    line = step("fiveplus.concept_chose", concept=args.concept, labels=labels) \
        if concept_line(args.concept, labels) else None
    return RandomCharacterResult(
        summary=step("fiveplus.rolled_character", name=c.name, levels=[[d.name, d.level] for d in c.levelled()]),
        steps=[*steps, *lines, *describe(c, known), *([line] if line else [])],
        rule_refs=[CHARACTERS, LEVEL] + ([TIERS] if args.tier else []),
        dice=dice + more, outcome=None, success=None, odds=None, character=c, groups=groups,
        level_odds=random_level_dist().odds(), concept_picks=labels,
    )

