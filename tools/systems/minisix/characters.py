"""Mini Six characters (``mini-six.md#How to Make a Character``, ``#2. Skills``, ``#2. Perks``): validate a sheet,
build one from a player's choices, roll one at random.

Creation derives what the book derives — a skill's code is its attribute plus the dice added; a catalogue perk
costs what the book says — so a caller only makes the choices; every rule is judged by :mod:`.sheet`, and a
creation that breaks rules raises one :class:`ToolArgumentError` listing all of them.

The random character spends its budgets the way the book describes, every choice by a die from the roller:

* Attributes: 2D each, then the four remaining dice — either one each (3D across), or 4D/3D/3D/2D in an order a
  die picks; then, on a d6 of 4+, one die broken into pips: an attribute above 2D gives a die for +2 on itself
  and +1 on another below 4D (3D becomes 2D+2, another 3D+1).
* Skills: words of the concept (thief → thievery and stealth, healer → medicine ...) suggest skills; the 7D go
  out one or two dice at a time (never more than 2D on a skill) to the suggested skills first, then to skills a
  die picks; on a d6 of 6 one of the dice buys a perk instead (one the die picks, if the dice left pay for it).
* Complications: a d6 — 1-2 none, 3-4 one, 5-6 two — from the book's list.
* Gear: a weapon for the best fighting skill and, on a d6 of 4+, a leather cuirass.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from pydantic import Field, field_validator

from narrator.tools.concepts import MAX_PICKS, ConceptOption, check_picks, chosen, concept_line, of_kind
from narrator.tools.contract import CheckResult, ToolArgs, ToolResult
from narrator.tools.draws import pick
from narrator.tools.dice import Die, Roller
from narrator.tools.errors import FieldProblem, ToolArgumentError
from narrator.tools.steps import Step, step
from narrator.tools.table_people import concept_keywords
from narrator.tools.tool import tool
from narrator.tools.systems.minisix.codes import CodeError, DieCode, code
from narrator.tools.systems.minisix.gear import ARMOR, GUNS, MELEE, MISSILE, THROWN
from narrator.tools.systems.minisix.rules import (
    ATTRIBUTE_OF_SKILL, ATTRIBUTES, COMPLICATIONS, CREATION, PERKS, PERKS_REF, SKILL_DESCRIPTIONS,
    SKILLS_BY_ATTRIBUTE, SKILLS_REF, Attribute,
)
from narrator.tools.systems.minisix.sheet import (
    Attributes, GearItem, MiniSixCharacter, SkillEntry, budgets, normal_names, problems, unspent,
)
from narrator.tools.violations import checked, verdict, verdict_lines
from narrator.tools.word_tables import word_tables


KEYWORD_SKILLS: dict[str, tuple[str, ...]] = word_tables(__file__, "concept_skills")["keyword_skills"]
"""Concept words -> the skills they suggest (``concept_skills.toml``): exactly, as a plural, or by the start of a longer
word."""
ALIASES = {"thieves": "thief", "wolves": "wolf", "spies": "spy", "mages": "mage", "witches": "witch"}
COMBAT_SKILLS = ("melee", "missile", "throwing", "brawling")


GEAR_WORDS: dict[str, tuple[str, ...]] = {
    "knife": ("knife", "dagger", "cutthroat"), "club": ("club", "cudgel"),
    "sword": ("sword", "swordsman", "swordswoman", "fencer", "duelist", "blade", "knight", "samurai"),
    "axe": ("axe", "barbarian", "woodcutter", "viking"), "spear": ("spear", "pike", "hoplite"),
    "sling": ("sling", "slinger"), "bow": ("bow", "archer", "bowman", "hunter", "ranger"),
    "crossbow": ("crossbow", "crossbowman"), "throwing knives": ("knifethrower",), "javelins": ("javelin",),
    "pistol": ("pistol", "gun", "gunslinger", "gunman", "revolver", "detective", "outlaw", "cowboy"),
    "rifle": ("rifle", "rifleman", "sniper", "soldier", "marine"),
    "blaster": ("blaster", "spacer", "trooper", "laser", "starship", "spaceship"),
}
"""Concept words for the weapons of the gear list (:mod:`.gear`): a swordswoman carries a sword, a spacer a
blaster."""
WEAPONS_BY_NAME: dict[str, GearItem] = {g.name: g for g in (*MELEE, *MISSILE, *THROWN, *GUNS)}
SKILL_OF_KIND = {"melee": "melee", "missile": "missile", "thrown": "throwing"}
CONCEPT_OPTIONS: tuple[ConceptOption, ...] = (
    *(ConceptOption(f"skill:{s}", "magic" if s == "magic" else "skill", s.capitalize() + (
        " (with the Sorcerer perk)" if s == "magic" else ""), f"{s}: {SKILL_DESCRIPTIONS[s]}",
        tuple(k for k, skills in KEYWORD_SKILLS.items() if s in skills
              and not (len(skills) == 1 and skills[0] in COMBAT_SKILLS)) if s != "magic" else
        ("witch", "wizard", "mage", "sorcerer", "sorceress", "warlock", "magician", "shaman", "cultist",
         "necromancer", "druid", "spellcaster", "enchanter", "hedge"))
      for s in ATTRIBUTE_OF_SKILL),
    *(ConceptOption(f"gear:{name}", "gear", f"a {name}" if not name.endswith("s") else name,
                    f"{name}: a {g.kind} weapon" + (" (a fire-arm)" if g in GUNS else ""), GEAR_WORDS.get(name, ()))
      for name, g in WEAPONS_BY_NAME.items()),
)
"""Everything a concept can pick in Mini Six (:mod:`tools.concepts`): skills (Magic with the Sorcerer perk it
needs) and the gear list's weapons."""
PICKS_HELP = ("Options the concept picks beyond what its words name (keys like 'skill:medicine', 'skill:magic', "
              "'gear:blaster'), found by the game's embedder; usually left empty.")


def keywords_in(concept: str | None) -> list[str]:
    """The skill keywords a concept's words name, in order (a fresh list: the words are matched once per concept)."""
    return list(_keywords(concept or ""))


@lru_cache(maxsize=1024)
def _keywords(concept: str) -> tuple[str, ...]:
    return tuple(concept_keywords(concept or "", KEYWORD_SKILLS, ALIASES))


def weapon_for(skill: str, roller: Roller, dice: list[Die]) -> GearItem | None:
    table = {"melee": MELEE, "missile": MISSILE, "throwing": THROWN}.get(skill)
    return pick(roller, table, f"{skill} weapon", dice) if table else None


WEAPON_WORDS: dict[str, str] = {"dagger": "knife", "javelin": "javelins"}
"""Concept words naming a gear-list weapon by another name."""


SLOW_WORDS = frozenset({"dwarf", "dwarfs", "dwarves", "dwarven"})
"""Concept words for "Dwarfs and other slow creatures" (``Movement``): the character moves as a slow one."""


@lru_cache(maxsize=1024)
def is_slow(concept: str | None) -> bool:
    """Whether the concept names a slow creature (its words read once per concept)."""
    return any(w in SLOW_WORDS for w in re.findall(r"[a-z]+", (concept or "").lower()))


def named_weapons(concept: str | None) -> list[GearItem]:
    """The gear-list weapons the concept names ("a healer with a sling" carries a sling), in order."""
    by_name = _weapons_by_name()
    found: list[GearItem] = []
    for kw in keywords_in(concept):
        item = by_name.get(WEAPON_WORDS.get(kw, kw))
        if item is not None and item not in found:
            found.append(item)
    return found


@lru_cache(maxsize=1)
def _weapons_by_name() -> dict[str, GearItem]:
    """The gear list's weapons by name, read once (the tables never change)."""
    return {g.name: g for g in (*MELEE, *MISSILE, *THROWN)}


def arm(concept: str | None, fighting: str, roller: Roller, dice: list[Die],
        picked: list[GearItem] | None = None) -> list[GearItem]:
    """The weapons the concept names (and those it ``picked``), then one by dice for the fighting skill when none
    of those serves it."""
    named = list(picked or [])
    named += [w for w in named_weapons(concept) if w not in named]
    kind = {"melee": "melee", "brawling": "melee", "missile": "missile", "throwing": "thrown"}[fighting]
    if any(w.kind == kind for w in named):
        return named
    weapon = weapon_for(fighting if fighting != "brawling" else "melee", roller, dice)
    return named + ([weapon] if weapon is not None else [])


# --- validation --------------------------------------------------------------------------------------------------


class ValidateArgs(ToolArgs):
    character: MiniSixCharacter
    creation: bool = Field(True, description="True: also the creation budgets (12D, 7D, 2D-4D...). False: what "
                           "holds in play.")


class ValidationResult(ToolResult):
    valid: bool
    violations: list[Step | str]  # a step each (a sentence where logged before they were steps)
    creation: bool
    defences: dict[str, int]


@tool("minisix")
def minisix_character_validate(args: ValidateArgs, roller: Roller) -> ValidationResult:
    """Check a Mini Six sheet: 12D of attributes (2D-4D, one 4D at most), 7D of skills and perks (2D per skill), pips,
    perks, complications; lists every violation."""
    c = args.character
    creation, found = checked(c, args.creation, problems)
    steps = [step("minisix.checked_as", npc=c.npc, creation=creation),
             step("minisix.attributes", attributes=c.attributes.model_dump())]
    if creation and not found and unspent(c):
        steps.append(step("minisix.unspent", code=DieCode.from_pips(unspent(c)).text()))
    steps += verdict_lines(found)
    d = c.defences()
    steps.append(step("minisix.static_defences", block=d["block"], dodge=d["dodge"], parry=d["parry"], soak=d["soak"]))
    return ValidationResult(summary=verdict(c.name, found), steps=steps, rule_refs=[CREATION, SKILLS_REF, PERKS_REF],
                            valid=not found,
                            violations=[v.step for v in found], creation=creation, defences=d)


# --- creation from choices -----------------------------------------------------------------------------------------


def _added(v: Any) -> Any:
    if isinstance(v, str):
        try:
            c = code(v)
        except CodeError as e:
            raise ValueError(str(e)) from None
        return c.text(signed=True)
    return v


class CreateArgs(ToolArgs):
    name: str = Field(min_length=1, max_length=60)
    concept: str | None = Field(None, max_length=200)
    attributes: Attributes = Field(description="12D across might, agility, wit, charm (2D-4D each, one 4D at most; "
                                   "one die may be split into pips), e.g. {'might': '3D', 'agility': '3D+1', ...}.")
    skills: dict[str, str] = Field(default_factory=dict, description="Dice added to each skill (at most 2D each), "
                                   "e.g. {'brawling': '+1D', 'dodge': '+2D', 'melee': '+1D+1'}.")
    custom_skills: dict[str, Attribute] = Field(default_factory=dict, description="The attribute of each skill not "
                                                "in the catalogue, e.g. {'sword/blade': 'might'}.")
    perks: list[str] = Field(default_factory=list, description="Perks bought with skill dice: daredevil 2, destiny 2, "
                             "favors 1, lucky 2, perceptive 2, recall 1, sidekick 3, sorcerer 3.")
    custom_perks: dict[str, int] = Field(default_factory=dict, description="Perks of your own, with their cost.")
    complications: list[str] = Field(default_factory=list, description="At most two: age, crazy, enemies, personal "
                                     "code, skeletons in the closet, unlucky in love, unlucky in money...")
    gear: list[GearItem] = Field(default_factory=list)
    slow: bool = False
    sidekick_of: str | None = Field(None, max_length=60, description="This character is another's Sidekick (10D "
                                    "attributes, 4D skills).")

    @field_validator("skills", "custom_skills", "perks", "custom_perks", "complications", mode="before")
    @classmethod
    def _names(cls, v: Any) -> Any:
        return normal_names(v)

    @field_validator("skills")
    @classmethod
    def _codes(cls, v: dict[str, str]) -> dict[str, str]:
        return {k: _added(x) for k, x in v.items()}


class CharacterResult(ToolResult):
    character: MiniSixCharacter
    defences: dict[str, int]


def skill_order(name: str, custom: dict[str, str]) -> tuple[int, int, str]:
    """Skills in the sheet's order — by attribute, then the catalogue's order, then name — whatever order the
    choices came in (a logged call's arguments are replayed from canonical JSON, whose keys are sorted)."""
    attr = custom.get(name) or ATTRIBUTE_OF_SKILL.get(name, "might")
    own = SKILLS_BY_ATTRIBUTE.get(attr, ())
    return ATTRIBUTES.index(attr) if attr in ATTRIBUTES else 9, own.index(name) if name in own else 99, name


def build(args: CreateArgs) -> tuple[MiniSixCharacter, list[FieldProblem]]:
    """The sheet the choices describe, and what about the choices themselves is wrong (unknown skills...)."""
    bad: list[FieldProblem] = []
    skills: dict[str, SkillEntry] = {}
    for name, added in sorted(args.skills.items(), key=lambda kv: skill_order(kv[0], args.custom_skills)):
        attr = args.custom_skills.get(name) or ATTRIBUTE_OF_SKILL.get(name)
        if attr is None:
            bad.append(FieldProblem(f"skills.{name}", f"'{name}' is not in the skill list; name its attribute in "
                                                      "custom_skills (e.g. {'sword/blade': 'might'}) or choose from: "
                                                      + ", ".join(ATTRIBUTE_OF_SKILL)))
            continue
        a = code(getattr(args.attributes, attr))
        add = code(added)
        if add.total_pips < 0:
            bad.append(FieldProblem(f"skills.{name}", "skill dice are added, never taken away", added))
            continue
        skills[name] = SkillEntry(attribute=attr, code=(a + add).normalised().text())
    perks: dict[str, int] = {}
    for name in sorted(args.perks):
        if name not in PERKS:
            bad.append(FieldProblem("perks", f"'{name}' is not one of the book's perks ({', '.join(PERKS)}); give "
                                             "your own with its cost in custom_perks", name))
        else:
            perks[name] = PERKS[name]
    perks.update(sorted(args.custom_perks.items()))
    c = MiniSixCharacter(name=args.name, concept=args.concept, attributes=args.attributes, skills=skills, perks=perks,
                         complications=args.complications, gear=args.gear, slow=args.slow,
                         sidekick_of=args.sidekick_of)
    return c, bad


@lru_cache(maxsize=1024)
def _added_text(skill: str, attribute: str) -> str:
    """'+2D': what a skill's code adds to its attribute's, written once per the two codes."""
    return DieCode.from_pips(code(skill).total_pips - code(attribute).total_pips).text(signed=True)


def creation_steps(c: MiniSixCharacter, defences: dict[str, int] | None = None) -> list[Step]:
    """The creation lines of a sheet; ``defences``, when the caller already read them (``c.defences()``), are not
    read again."""
    attr_dice, skill_dice = budgets(c)
    lines = [step("minisix.creation_attributes", dice=attr_dice, attributes=c.attributes.model_dump())]
    if c.skills:
        lines.append(step("minisix.creation_skills", skills=[
            [n, e.code, e.attribute, getattr(c.attributes, e.attribute),
             _added_text(e.code, getattr(c.attributes, e.attribute))] for n, e in c.skills.items()]))
    if c.perks:
        lines.append(step("minisix.creation_perks", perks=[[n, d] for n, d in c.perks.items()]))
    left = unspent(c)
    lines.append(step("minisix.skill_dice", dice=skill_dice, unspent=DieCode.from_pips(left).text() if left else None))
    if c.complications:
        lines.append(step("minisix.creation_complications", complications=list(c.complications)))
    d = c.defences() if defences is None else defences
    lines.append(step("minisix.static_defences", block=d["block"], dodge=d["dodge"], parry=d["parry"], soak=d["soak"]))
    return lines


@tool("minisix")
def minisix_character_create(args: CreateArgs, roller: Roller) -> CharacterResult:
    """Create a Mini Six player-character from choices: attributes, dice added to skills, perks, complications; every
    broken rule listed."""
    c, bad = build(args)
    found = bad + [v.problem() for v in problems(c, creation=True)]
    if found:
        raise ToolArgumentError("minisix_character_create", found)
    return CharacterResult(summary=step("minisix.created", name=c.name, attributes=c.attributes.model_dump()),
                           steps=creation_steps(c),
                           rule_refs=[CREATION, SKILLS_REF, PERKS_REF], character=c, defences=c.defences())


# --- random ------------------------------------------------------------------------------------------------------


class RandomArgs(ToolArgs):
    name: str = Field(min_length=1, max_length=60)
    concept: str | None = Field(None, max_length=200)
    sidekick_of: str | None = Field(None, max_length=60, description="Roll a sidekick (10D attributes, 4D skills).")
    picks: list[str] = Field(default_factory=list, max_length=MAX_PICKS, description=PICKS_HELP)


class RandomCharacterResult(CheckResult):
    character: MiniSixCharacter
    defences: dict[str, int]
    keywords: list[str]
    concept_picks: list[str] = Field(default_factory=list, description="What the concept chose, in words.")


def _concept_attribute(codes: dict[str, DieCode], wanted: str, steps: list[Step]) -> dict[str, DieCode]:
    """The concept's first skill's attribute takes the best rolled code, in a swap (the total stays the book's):
    played, a getaway driver had Agility 2D under Piloting, and Might 4D for nothing she does."""
    best = max(ATTRIBUTES, key=lambda a: (codes[a].dice * 3 + codes[a].pips, a == wanted))
    if best == wanted:
        return codes
    steps.append(step("minisix.concept_attribute", attribute=wanted, other=best, code=codes[best].text(),
                      was=codes[wanted].text()))
    return {**codes, wanted: codes[best], best: codes[wanted]}


def random_attributes(roller: Roller, total_dice: int, dice: list[Die], steps: list[Step]) -> dict[str, DieCode]:
    """2D each, the rest spread (see the module docstring), then maybe one die split into pips."""
    pips = {a: 6 for a in ATTRIBUTES}
    extra = total_dice - 2 * len(ATTRIBUTES)
    if extra == 4:
        spread = roller.roll(6, "attribute spread")
        dice.append(spread)
        if spread.face <= 2:
            for a in ATTRIBUTES:
                pips[a] += 3
            steps.append(step("minisix.spread_even", face=spread.face))
        else:
            order = pick(roller, _orders(), "attribute order", dice)
            for a, more in zip(order, (2, 1, 1, 0)):
                pips[a] += 3 * more
            steps.append(step("minisix.spread_ordered", face=spread.face, order=dice[-1].face,
                              dice=[[a, pips[a] // 3] for a in ATTRIBUTES]))
    else:  # a sidekick's 10D: two dice beyond 2D each, so at most one attribute reaches 4D
        for i in range(extra):
            a = pick(roller, ATTRIBUTES, f"attribute die {i + 1}", dice)
            pips[a] += 3
        steps.append(step("minisix.attribute_dice", dice=[[a, pips[a] // 3] for a in ATTRIBUTES]))
    split = roller.roll(6, "split a die into pips")
    dice.append(split)
    donors = [a for a in ATTRIBUTES if pips[a] >= 9]
    if split.face >= 4 and donors:
        donor = pick(roller, donors, "attribute giving a die", dice)
        takers = [a for a in ATTRIBUTES if a != donor and pips[a] < 12]
        taker = pick(roller, takers, "attribute taking a pip", dice)
        pips[donor] -= 1
        pips[taker] += 1
        steps.append(step("minisix.split_die", face=split.face, donor=donor, donor_code=str(DieCode.from_pips(pips[donor])),
                          taker=taker, taker_code=str(DieCode.from_pips(pips[taker]))))
    return {a: DieCode.from_pips(p) for a, p in pips.items()}


@lru_cache(maxsize=1)
def _orders() -> tuple[tuple[str, ...], ...]:
    """The 24 orders of the four attributes, listed once."""
    from itertools import permutations

    return tuple(permutations(ATTRIBUTES))


def random_skills(roller: Roller, budget: int, suggested: list[str], dice: list[Die],
                  steps: list[Step]) -> tuple[dict[str, int], dict[str, int]]:
    """(skill -> dice added, perks) spending ``budget`` dice."""
    added: dict[str, int] = {}
    perks: dict[str, int] = {}
    left = budget
    if "magic" in suggested and left >= PERKS["sorcerer"] + 1:
        perks["sorcerer"] = PERKS["sorcerer"]
        left -= PERKS["sorcerer"]
        steps.append(step("minisix.sorcerer_bought"))
    elif "magic" in suggested:
        suggested = [s for s in suggested if s != "magic"]
    perk_die = roller.roll(6, "a perk?")
    dice.append(perk_die)
    if perk_die.face == 6 and left >= 2 and not perks:
        affordable = [p for p, cost in PERKS.items() if cost <= 2 and p != "sidekick"]
        perk = pick(roller, affordable, "perk", dice)
        perks[perk] = PERKS[perk]
        left -= PERKS[perk]
        steps.append(step("minisix.perk_bought", perk=perk, cost=PERKS[perk]))
    queue = list(suggested)
    everything = [s for s in ATTRIBUTE_OF_SKILL if s != "magic" or "sorcerer" in perks]
    open_: list[str] | None = None  # the skills still under 2D added, in table order: listed once the queue is
    while left > 0:                 # empty, then a skill leaves it when it reaches 2D
        if queue:
            skill = queue.pop(0)
        else:
            if open_ is None:
                open_ = [s for s in everything if added.get(s, 0) < 2]
            skill = pick(roller, open_, "skill", dice)
        room = min(2 - added.get(skill, 0), left)
        if room <= 0:
            continue
        amount = room if room == 1 else pick(roller, (1, 2), f"dice for {skill}", dice)
        added[skill] = added.get(skill, 0) + amount
        left -= amount
        if open_ is not None and added[skill] >= 2 and skill in open_:
            open_.remove(skill)
    steps.append(step("minisix.skill_dice_added", added=[[s, n] for s, n in added.items()]))
    return added, perks


@lru_cache(maxsize=1024)
def _skill_entry(attribute: str, dice: int, pips: int, added: int) -> SkillEntry:
    """A drawn skill's entry: its attribute's code (``dice``, ``pips``) plus the dice added, made once per those
    values (a frozen part of the sheet)."""
    return SkillEntry(attribute=attribute, code=(DieCode(dice=dice, pips=pips) + DieCode(dice=added)).text())


@lru_cache(maxsize=1024)
def _attributes(might: str, agility: str, wit: str, charm: str) -> Attributes:
    """A drawn sheet's attributes, made once per their four codes (a frozen part of the sheet)."""
    return Attributes(might=might, agility=agility, wit=wit, charm=charm)


@tool("minisix")
def minisix_character_random(args: RandomArgs, roller: Roller) -> RandomCharacterResult:
    """Roll a random, rules-legal Mini Six player-character (attributes, skills and perks, complications, gear), steered
    by the concept's words."""
    dice: list[Die] = []
    steps: list[Step] = []
    attr_dice, skill_dice = (10, 4) if args.sidekick_of else (12, 7)
    codes = random_attributes(roller, attr_dice, dice, steps)
    if args.picks:  # no picks, nothing to refuse
        check_picks("minisix_character_random", args.picks, CONCEPT_OPTIONS)
    picked = chosen(args.concept, args.picks, CONCEPT_OPTIONS)
    weapons = [WEAPONS_BY_NAME[o.key[5:]] for o in of_kind(picked, "gear")][:2]
    kws = keywords_in(args.concept)
    suggested = list(dict.fromkeys([*(SKILL_OF_KIND[w.kind] for w in weapons),
                                    *(o.key[6:] for o in picked if o.key.startswith("skill:")),
                                    *(s for kw in kws for s in KEYWORD_SKILLS[kw])]))
    if suggested:
        steps.append(step("minisix.concept_suggests", skills=suggested))
        codes = _concept_attribute(codes, ATTRIBUTE_OF_SKILL[suggested[0]], steps)
    added, perks = random_skills(roller, skill_dice, suggested, dice, steps)
    skills = {s: _skill_entry(ATTRIBUTE_OF_SKILL[s], codes[ATTRIBUTE_OF_SKILL[s]].dice,
                              codes[ATTRIBUTE_OF_SKILL[s]].pips, n) for s, n in added.items()}
    comp_die = roller.roll(6, "complications")
    dice.append(comp_die)
    n_comp = {1: 0, 2: 0, 3: 1, 4: 1, 5: 2, 6: 2}[comp_die.face]
    comps: list[str] = []
    for i in range(n_comp):
        left = [c for c in COMPLICATIONS if c not in comps]
        comps.append(pick(roller, left, f"complication {i + 1}", dice))
    gear: list[GearItem] = []
    fighting = max(COMBAT_SKILLS, key=lambda s: (added.get(s, 0), s == "melee"))
    if weapons:  # the concept's weapon is the one its bearer fights with
        fighting = max(COMBAT_SKILLS, key=lambda s: (s == SKILL_OF_KIND[weapons[0].kind], added.get(s, 0)))
    gear += arm(args.concept, fighting, roller, dice, weapons)
    armor_die = roller.roll(6, "armor?")
    dice.append(armor_die)
    if armor_die.face >= 4:
        gear.append(ARMOR[0])
    c = MiniSixCharacter(name=args.name, concept=args.concept,
                         attributes=_attributes(*(codes[a].text() for a in ATTRIBUTES)), skills=skills,
                         perks=perks, complications=comps, gear=gear, sidekick_of=args.sidekick_of,
                         slow=is_slow(args.concept))
    if c.slow:
        steps.append(step("minisix.dwarf"))
    steps.append(step("minisix.complications", complications=comps))
    steps.append(step("minisix.gear", gear=[g.name for g in gear]))
    defences = c.defences()
    steps += creation_steps(c, defences)
    labels = [o.label for o in picked if (o.key == "skill:magic" and "sorcerer" in perks) or
              (o.kind == "skill" and o.key[6:] in added) or (o.kind == "gear" and WEAPONS_BY_NAME[o.key[5:]] in gear)]
    if concept_line(args.concept, labels):
        steps.append(step("minisix.concept", concept=args.concept, labels=labels))
    return RandomCharacterResult(summary=step("minisix.rolled_character", name=c.name,
                                              attributes=c.attributes.model_dump()), steps=steps,
                                 rule_refs=[CREATION, SKILLS_REF, PERKS_REF], dice=dice, outcome=None, success=None,
                                 odds=None, character=c, defences=defences, keywords=kws, concept_picks=labels)
