"""Minim character tools (``minim.md#Characters``): validate a sheet, build one from choices, roll one at random.

Creation derives what the rulebook derives (health and faith from brass and brain, languages 1 and wealth 1 for
free) so a caller only makes the player's choices; every rule is judged by :mod:`tools.systems.minim.sheet`, the
one place the rules live. A creation that breaks rules raises a single :class:`ToolArgumentError` listing all of
them, the same shape as a malformed call, so an LLM repairs everything in one retry.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import permutations
from typing import TypeVar

from pydantic import Field

from narrator.tools.concepts import (
    FREE_FORM_WEAPONS, MAX_PICKS, RANGED_WEAPONS, ConceptOption, check_picks, chosen, concept_line, of_kind,
)
from narrator.tools.contract import CheckResult, ToolArgs, ToolResult
from narrator.tools.draws import pick
from narrator.tools.dice import Die, Roller
from narrator.tools.errors import ToolArgumentError
from narrator.tools.steps import Step, step
from narrator.tools.tool import tool
from narrator.tools.systems.minim.rules import SKILL_DESCRIPTIONS, SKILLS_BY_TRAIT, TRAIT_OF_SKILL, TRAITS, Skill
from narrator.tools.systems.minim.sheet import (
    CAMPAIGN_SHIFT, CHARACTERS, FAITH, HEALTH, INTRINSIC_POWERS, POWER_POINTS, POWERS, RANK_NAMES, SKILL_BUDGET,
    SKILLS_REF, STARTING_TRAITS, TRAITS_REF, Campaign, GearItem, MinimCharacter, NormalizedNames, Specialty, Traits,
    problems, skill_rankings, tier,
)
from narrator.tools.violations import SheetVerdict, checked

GENERIC_POWERS: tuple[str, ...] = ("detect-lies", "fast-reactions", "leadership", "contacts", "allies", "patron")
"""Setting-free powers the rulebook itself names as examples, used by the random generator."""
VIRTUES: tuple[str, ...] = ("courage", "loyalty", "honesty", "compassion", "diligence", "curiosity")
VICES: tuple[str, ...] = ("greed", "pride", "wrath", "cowardice", "envy", "recklessness")
"""Separate lists, so a rolled virtue and vice always differ."""

T = TypeVar("T")

SKILL_WORDS: dict[str, tuple[str, ...]] = {
    "art": ("artisan", "artist", "smith", "blacksmith", "forger", "sculptor", "painter", "builder", "craftsman"),
    "cure": ("healer", "medic", "doctor", "physician", "surgeon", "nurse", "herbalist", "apothecary"),
    "knowledge": ("scholar", "sage", "wizard", "mage", "librarian", "scribe", "professor", "lore"),
    "security": ("burglar", "thief", "locksmith", "safecracker", "cracksman"),
    "technology": ("engineer", "hacker", "tinker", "technician", "artificer", "scientist"),
    "coordination": ("musician", "juggler", "calligrapher", "pickpocket"),
    "fight": ("warrior", "fighter", "soldier", "knight", "sword", "brawler", "barbarian", "duelist", "gladiator",
              "mercenary", "sellsword", "guard", "monk", "axe"),
    "fire": ("archer", "gunslinger", "gunman", "gunner", "sniper", "hunter", "marksman", "bow", "spacer"),
    "sports": ("acrobat", "athlete", "dancer", "runner", "wanderer", "wandering", "miner", "digger", "laborer",
               "labourer", "porter", "docker"),
    "stealth": ("thief", "assassin", "rogue", "spy", "ninja", "scout", "burglar", "sneak", "smuggler"),
    "coercion": ("thug", "bandit", "enforcer", "pirate", "bully", "gangster"),
    "communication": ("bard", "merchant", "diplomat", "trader", "noble", "courtier", "priest", "preacher"),
    "perception": ("scout", "watchman", "detective", "sentry", "lookout", "guard"),
    "steering": ("pilot", "sailor", "driver", "rider", "spacer", "captain", "navigator", "charioteer", "smuggler",
                 "boatman", "ferryman", "bargee"),
    "survival": ("ranger", "hunter", "druid", "witch", "herbalist", "farmer", "tracker", "beastmaster", "hedge",
                 "prospector", "miner"),
}
"""Concept words for the skills (``minim.md#Skills``): who in the world is known for each."""
MAGIC_POWERS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "hex": ("Hex", "a curse that weakens or sickens a foe; witchcraft", ("witch", "warlock", "hag", "curse")),
    "fireball": ("Fireball", "a spell of fire hurled at foes; wizardry and sorcery",
                 ("mage", "wizard", "sorcerer", "sorceress", "pyromancer", "magician", "spellcaster")),
    "healing-touch": ("Healing-touch", "magic or prayer that mends wounds",
                      ("priest", "priestess", "cleric", "shaman", "druid", "saint")),
    "blessing": ("Blessing", "a holy prayer granting allies a bonus", ("priest", "priestess", "cleric", "paladin",
                                                                      "monk", "templar")),
    "illusion": ("Illusion", "false images and sounds that deceive", ("illusionist", "trickster", "enchanter")),
    "spirit-speech": ("Spirit-speech", "calling on and speaking with spirits and the dead",
                      ("necromancer", "shaman", "medium", "witch")),
    "mind-reading": ("Mind-reading", "psychic powers: reading and pushing minds", ("psychic", "telepath", "psion",
                                                                                  "mentalist")),
}
"""Magic powers a concept can pick. Reading: "there is no set-list of powers ... taking-inspiration from
preexisting-powers like ... Fire-ball or Ultima spells" (``minim.md#Powers``): these are such powers, one name
each, used with ``minim_use_power`` like any other."""
GEAR_WORDS = FREE_FORM_WEAPONS
"""Gear a concept can pick: "weapons; magic-wands; armor; tools" are the book's own examples of gear
(``minim.md#Advancement``); a picked weapon is ordinary (quality 0)."""
RANGED_GEAR = RANGED_WEAPONS
CONCEPT_OPTIONS: tuple[ConceptOption, ...] = (
    *(ConceptOption(f"skill:{s}", "skill", s.capitalize(), f"{s}: {SKILL_DESCRIPTIONS[s]}", SKILL_WORDS.get(s, ()))
      for s in TRAIT_OF_SKILL),
    *(ConceptOption(f"power:{k}", "magic", f"the {label} power", f"{label}: {text}", words)
      for k, (label, text, words) in MAGIC_POWERS.items()),
    *(ConceptOption(f"gear:{k}", "gear", f"a {k}", f"{k}: {text}", words) for k, (text, words) in GEAR_WORDS.items()),
)
"""Everything a concept can pick in Minim (:mod:`tools.concepts`)."""
PICKS_HELP = ("Options the concept picks beyond what its words name (keys like 'skill:cure', 'power:hex', "
              "'gear:sword'), found by the game's embedder; usually left empty.")


def weapons_picked(picked: list[ConceptOption]) -> list[GearItem]:
    """The weapons among a concept's options, two at most, each an ordinary one."""
    return [GearItem(name=o.key[5:], kind="weapon") for o in of_kind(picked, "gear")][:2]


def concept_gear(concept: str | None) -> list[GearItem]:
    """The weapons a concept names, as a random character of that concept carries them: a guided character starts
    with them too (the game passes them as ``gear``), so a gunslinger has a pistol."""
    return weapons_picked(chosen(concept, (), CONCEPT_OPTIONS))


class CharacterResult(ToolResult):
    character: MinimCharacter = Field(description="The full sheet, ready to store.")
    tier: int = Field(description="Median trait.")


class ValidateArgs(ToolArgs):
    character: MinimCharacter
    creation: bool = Field(True, description="True: also check the starting budgets. False: only what holds in play.")


class ValidationResult(SheetVerdict):
    creation: bool = Field(description="Whether creation budgets were checked (never for NPCs).")
    tier: int


@tool("minim")
def minim_character_validate(args: ValidateArgs, roller: Roller) -> ValidationResult:
    """Check a Minim character sheet against the rules; lists every violation (creation budgets unless creation=false)."""
    c = args.character
    creation, found = checked(c, args.creation, problems)
    if c.npc:
        scope = step("minim.checked_npc")
    elif creation:
        scope = step("minim.checked_new", campaign=c.campaign)
    else:
        scope = step("minim.checked_in_play")
    steps = [scope, step("minim.traits_tier", traits=c.traits.scores(), tier=tier(c))]
    steps += [step("minim.violation", sentence=v.step) for v in found] or [step("minim.no_violation")]
    return ValidationResult(
        summary=step("minim.verdict", name=c.name, violations=len(found)),
        steps=steps,
        rule_refs=[CHARACTERS, TRAITS_REF, SKILLS_REF, HEALTH, FAITH, POWERS],
        valid=not found,
        violations=[v.step for v in found],
        creation=creation,
        tier=tier(c),
    )


class CreateArgs(ToolArgs, NormalizedNames):
    name: str = Field(min_length=1)
    concept: str | None = None
    traits: Traits = Field(description="One trait at 4, one at 3, one at 2 (each +1 stronger / -1 weaker campaign).")
    skills: list[Skill] = Field(description="3 skills of the highest trait, 2 of the middle, 1 of the lowest.")
    powers: dict[str, int] = Field(
        default_factory=dict,
        description="The 4 points to distribute, on top of the free languages 1 and wealth 1, e.g. "
                    "{'fireball': 2, 'languages': 1}. Each specialty takes 1 of these 4 points.",
    )
    virtue: str | None = Field(None, description="Required: a good, productive quality.")
    vice: str | None = Field(None, description="Required: a personality flaw, different from the virtue.")
    campaign: Campaign = "normal"
    specialties: list[Specialty] = Field(default_factory=list, description="Each costs 1 of the 4 power points.")
    gear: list[GearItem] = Field(default_factory=list)


def _skill_line(c: MinimCharacter) -> Step:
    order = skill_rankings(c.traits)[0]
    return step("minim.skills_taken", ranks=[
        {"count": n, "trait": t, "rank": rank, "skills": [s for s in c.skills if TRAIT_OF_SKILL[s] == t]}
        for rank, t, n in zip(RANK_NAMES, order, SKILL_BUDGET)])


def _derived_lines(c: MinimCharacter) -> list[Step]:
    return list(derived_lines(c.health, c.max_health, c.faith, c.max_faith, tier(c)))


@lru_cache(maxsize=1024)
def derived_lines(health: int, max_health: int, faith: int, max_faith: int, tier: int) -> tuple[Step, ...]:
    """What creation derives, once per its values (frozen steps, shared between results)."""
    return (step("minim.health_is_brass", health=health, max_health=max_health),
            step("minim.faith_is_brain", faith=faith, max_faith=max_faith),
            step("minim.tier", tier=tier))


@lru_cache(maxsize=4096)
def skill_rolled(face: int, among: tuple[str, ...], choice: str) -> Step:
    """A skill rolled among those left, once per its values."""
    return step("minim.skill_rolled", face=face, among=list(among), choice=choice)


@lru_cache(maxsize=4096)
def power_point(sides: int, face: int, point: int, choice: str, now: int) -> Step:
    """A power point rolled on the table of powers, once per its values."""
    return step("minim.power_point", sides=sides, face=face, point=point, choice=choice, now=now)


@lru_cache(maxsize=1024)
def virtue_vice(virtue_sides: int, virtue_face: int, virtue: str, vice_sides: int, vice_face: int, vice: str) -> Step:
    """The rolled virtue and vice, once per their dice."""
    return step("minim.virtue_vice", virtue_die=[virtue_sides, virtue_face], virtue=virtue,
                vice_die=[vice_sides, vice_face], vice=vice)


@tool("minim")
def minim_character_create(args: CreateArgs, roller: Roller) -> CharacterResult:
    """Create a Minim player-character from the player's choices; derives health, faith, languages and wealth."""
    powers = {"languages": 1, "wealth": 1}
    for name, points in args.powers.items():
        powers[name] = powers.get(name, 0) + points
    c = MinimCharacter(
        name=args.name, concept=args.concept, traits=args.traits, skills=args.skills, specialties=args.specialties,
        powers=powers, virtue=args.virtue, vice=args.vice, health=args.traits.brass, max_health=args.traits.brass,
        faith=args.traits.brain, max_faith=args.traits.brain, campaign=args.campaign, gear=args.gear,
    )
    found = problems(c, creation=True)
    if found:
        raise ToolArgumentError("minim_character_create", [v.problem() for v in found])
    shift = CAMPAIGN_SHIFT[c.campaign]
    steps = [
        step("minim.starting_traits", traits=c.traits.scores(), starting=[s + shift for s in STARTING_TRAITS],
             campaign=c.campaign),
        _skill_line(c),
        step("minim.powers_chosen", points=POWER_POINTS, chosen=dict(args.powers),
             specialties=[s.name for s in c.specialties], powers=dict(c.powers)),
        *_derived_lines(c),
    ]
    return CharacterResult(summary=step("minim.created", name=c.name, traits=c.traits.scores(), tier=tier(c)),
                           steps=steps,
                           rule_refs=[CHARACTERS, POWERS, HEALTH, FAITH], character=c, tier=tier(c))


class RandomArgs(ToolArgs):
    name: str = Field(min_length=1)
    concept: str | None = None
    campaign: Campaign = "normal"
    picks: list[str] = Field(default_factory=list, max_length=MAX_PICKS, description=PICKS_HELP)


class RandomCharacterResult(CheckResult):
    character: MinimCharacter
    tier: int
    concept_picks: list[str] = Field(default_factory=list, description="What the concept chose, in words.")


def _trait_order(wanted: list[str], roller: Roller, dice: list[Die]) -> tuple[tuple[str, ...], bool]:
    """The trait order that makes room for most of the wanted skills (the first wanted weighs most): a die picks
    among the best orders, or among all six when no skill is wanted. (order, whether the concept steered it)"""
    if not wanted:
        return _pick(roller, ORDERS, "trait order", dice), False
    return _pick(roller, _best_orders(tuple(wanted)), "trait order", dice), True


ORDERS = list(permutations(TRAITS))


@lru_cache(maxsize=1024)
def _best_orders(wanted: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The trait orders with room for most of the wanted skills, the first wanted weighing most (once per list)."""
    def fit(order: tuple[str, ...]) -> int:
        room = dict(zip(order, SKILL_BUDGET))
        score = 0
        for i, skill in enumerate(wanted):
            if room[TRAIT_OF_SKILL[skill]] > 0:
                room[TRAIT_OF_SKILL[skill]] -= 1
                score += len(wanted) - i
        return score

    best = max(map(fit, ORDERS))
    return [o for o in ORDERS if fit(o) == best]


def _pick(roller: Roller, options: Sequence[T], purpose: str, dice: list[Die]) -> T:
    """Choose uniformly by rolling a die with one side per option, a single option too (seeds recorded so)."""
    return pick(roller, options, purpose, dice, roll_single=True)


@tool("minim")
def minim_character_random(args: RandomArgs, roller: Roller) -> RandomCharacterResult:
    """Roll a random, rules-legal Minim player-character (traits, skills, powers, virtue and vice)."""
    check_picks("minim_character_random", args.picks, CONCEPT_OPTIONS)
    picked = chosen(args.concept, args.picks, CONCEPT_OPTIONS)
    wanted = [o.key.split(":", 1)[1] for o in of_kind(picked, "skill")]
    magic = [o.key.split(":", 1)[1] for o in of_kind(picked, "magic")][:2]
    gear_keys = [o.key.split(":", 1)[1] for o in of_kind(picked, "gear")]
    if any(g in RANGED_GEAR for g in gear_keys) and "fire" not in wanted:
        wanted.append("fire")  # a gun or a bow is used with Fire (minim.md#Skills)
    elif gear_keys and "fight" not in wanted and not all(g in RANGED_GEAR for g in gear_keys):
        wanted.append("fight")
    dice: list[Die] = []
    steps: list[Step] = []
    shift = CAMPAIGN_SHIFT[args.campaign]
    order, steered = _trait_order(wanted, roller, dice)  # 3! = 6 orders: one d6, or fewer for a concept
    scores = {t: s + shift for t, s in zip(order, STARTING_TRAITS)}
    steps.append(step("minim.trait_order", die=[dice[-1].sides, dice[-1].face] if dice else None,
                      wanted=list(wanted) if steered else None, traits=dict(scores), campaign=args.campaign))
    skills: list[str] = []
    for t, n in zip(order, SKILL_BUDGET):
        left = list(SKILLS_BY_TRAIT[t])
        mine = [s for s in wanted if TRAIT_OF_SKILL[s] == t][:n]
        if mine:
            steps.append(step("minim.concept_takes", skills=mine, trait=t))
        for s in mine:
            left.remove(s)
            skills.append(s)
        for i in range(len(mine) + 1, n + 1):
            choice = _pick(roller, left, f"{t} skill {i}", dice)
            steps.append(skill_rolled(dice[-1].face, tuple(left), choice))
            left.remove(choice)
            skills.append(choice)
    powers = {"languages": 1, "wealth": 1}
    for power, points in zip(magic, (2, 1)):
        powers[power] = points
        steps.append(step("minim.concept_power", power=power, points=points, of=POWER_POINTS))
    table = INTRINSIC_POWERS + GENERIC_POWERS
    for i in range(sum(powers.values()) - 1, POWER_POINTS + 1):
        choice = _pick(roller, table, f"power point {i}", dice)
        powers[choice] = powers.get(choice, 0) + 1
        steps.append(power_point(len(table), dice[-1].face, i, choice, powers[choice]))
    virtue = _pick(roller, VIRTUES, "virtue", dice)
    vice = _pick(roller, VICES, "vice", dice)
    steps.append(virtue_vice(len(VIRTUES), dice[-2].face, virtue, len(VICES), dice[-1].face, vice))
    traits = Traits(**scores)
    gear = weapons_picked(picked)
    c = MinimCharacter(name=args.name, concept=args.concept, traits=traits, skills=skills, powers=powers,
                       virtue=virtue, vice=vice, health=traits.brass, max_health=traits.brass, faith=traits.brain,
                       max_faith=traits.brain, campaign=args.campaign, gear=gear)
    labels = [o.label for o in picked if (o.kind == "skill" and o.key[6:] in skills) or
              (o.kind == "magic" and o.key[6:] in powers) or (o.kind == "gear" and o.key[5:] in gear_keys[:2])]
    line = [step("minim.concept", concept=args.concept, labels=labels)] if concept_line(args.concept, labels) else []
    if gear:
        steps.append(step("minim.concept_gear", gear=[g.name for g in gear]))
    steps += _derived_lines(c) + line
    return RandomCharacterResult(
        summary=step("minim.rolled_character", name=c.name, traits=traits.scores(), skills=list(skills), tier=tier(c)),
        steps=steps, rule_refs=[CHARACTERS, POWERS, FAITH], dice=dice, outcome=None, success=None, odds=None,
        character=c, tier=tier(c), concept_picks=labels,
    )
