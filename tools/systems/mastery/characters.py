"""Mastery character tools (``mastery.md#Character Creation and Advancement``): validate a sheet, build one from
the player's choices, roll one at random.

Every rule lives in :mod:`.sheet`; these tools derive what the rules derive (every trait of the GM's list, +0
unless chosen; the unspent triumphs; health boxes from the campaign's rule) so a caller makes only the player's
choices. A creation that breaks rules raises one :class:`ToolArgumentError` listing all of them. The campaign's
choices (trait list, starting triumphs, health rule) are explicit arguments here; the table tools pass the
campaign's options.

The random character (readings chosen, every choice a die from the roller):

* Traits: a d6 of 6 lowers a trait (rolled) to -1 for a third point (when the other traits can take it). Then each point raises a trait one step, up
  to +2: the first goes to the trait the concept's main activity uses (when the concept suggests one), the others
  to traits rolled among those still below +2 (not the lowered one). No specialist.
* Triumphs: a main activity (the concept's, else rolled among the non-combat activities) and a fighting style
  (the concept's melee or ranged, else a d6: 1-4 melee, 5-6 ranged). Bought in this order while affordable: an
  ability fitting the main activity to +3, a weapon ability for the style to +2 (unless the first one serves it),
  an attacking skill of the style (feinting, aimed shot...) and a defensive skill (parrying, dodging...) to +1,
  a skill fitting the main activity to +2 — 19 of the 20 triumphs, one kept — then, with more triumphs, each one
  step more in turn, up to +4. What cannot be bought stays as triumphs. Names are rolled among the catalogue's
  (:mod:`.catalogue`) that fit. So a starting hero attacks and defends with about as many dice, and their main
  activity with a few more.
* Gear: an ordinary weapon of the style (+1) and light armor (1).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from pydantic import Field, field_validator

from narrator.tools.concepts import (
    MAX_PICKS, ConceptOption, check_picks, chosen, concept_line, of_kind, word_hits,
)
from narrator.tools.contract import CheckResult, ToolArgs, ToolResult
from narrator.tools.draws import pick
from narrator.tools.dice import Die, Roller
from narrator.tools.errors import FieldProblem, ToolArgumentError
from narrator.tools.tool import tool
from narrator.tools.systems.mastery.catalogue import (
    ABILITIES, DEFENSE_SKILLS, MELEE_WEAPONS, RANGED_WEAPONS, SKILLS, STARTING_ARMOR, STARTING_WEAPON,
    concept_activities,
)
from narrator.tools.systems.mastery.options import CampaignOptions, clean_name, trait_for
from narrator.tools.systems.mastery.rules import (
    CHARACTERS, COMBAT, CREATION, DEFAULT_TRAITS, STARTING_TRIUMPHS, Activity, CheckActivity,
)
from narrator.tools.systems.mastery.sheet import (
    GearItem, HealthRule, MasteryCharacter, cost_between, cost_lines, creation_cost, health_boxes, max_health_of,
    problems, trait_points,
)
from narrator.tools.steps import Step, step
from narrator.tools.violations import SheetVerdict, checked

CHECK_ACTIVITIES: tuple[str, ...] = CheckActivity.__args__  # type: ignore[attr-defined]

NAME_WORDS: dict[str, tuple[str, ...]] = {
    "sorcery": ("sorcerer", "sorceress", "warlock", "witch", "wizard", "mage"),
    "magical lore": ("wizard", "mage", "scholar", "sage", "witch"),
    "herbalism": ("herbalist", "hedge", "witch", "druid"),
    "healing magic": ("priest", "priestess", "cleric", "shaman", "saint"),
    "fire magic": ("pyromancer", "battlemage"),
    "swordsmanship": ("sword", "swordsman", "swordswoman", "sellsword", "fencer", "duelist", "blade", "samurai"),
    "axe fighting": ("axe", "barbarian", "viking"),
    "spear fighting": ("spear", "pike", "hoplite"),
    "archery": ("bow", "archer", "bowman"),
    "medicine": ("healer", "doctor", "medic", "physician"),
    "thievery": ("thief", "burglar", "pickpocket"),
    "stealth": ("sneak", "assassin", "ninja"),
    "woodcraft": ("ranger", "wanderer", "wandering", "forester"),
    "music": ("bard", "minstrel", "musician", "singer"),
    "horsemanship": ("knight", "horseman", "horsewoman", "cavalry", "cavalryman", "rider", "jockey", "groom"),
    "seamanship": ("pirate", "sailor", "boatman", "boatwoman", "smuggler", "seafarer", "mariner", "fisherman",
                   "ferryman", "bargeman", "corsair", "buccaneer", "river", "sea", "boat", "ship"),
}
"""Concept words for the catalogue's abilities and skills (:mod:`.catalogue`), where its activity words
(:data:`CONCEPT_ACTIVITIES`) do not already say them."""
CONCEPT_WEAPONS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "sword": ("melee", "a blade for close fighting", ("sword", "swordsman", "swordswoman", "sellsword", "blade",
                                                      "knight", "fencer", "duelist", "samurai")),
    "axe": ("melee", "a chopping axe", ("axe", "barbarian", "woodcutter", "viking")),
    "spear": ("melee", "a long thrusting weapon", ("spear", "pike", "hoplite")),
    "mace": ("melee", "a heavy club of holy warriors", ("mace", "cleric", "templar")),
    "hammer": ("melee", "a war hammer", ("hammer", "smith", "blacksmith")),
    "dagger": ("melee", "a short blade, easily hidden", ("dagger", "knife", "assassin", "cutthroat")),
    "staff": ("melee", "a walking staff, a wizard's focus", ("staff", "wizard", "mage", "monk", "pilgrim")),
    "sickle": ("melee", "a curved harvesting blade; a witch's and druid's tool", ("sickle", "witch", "druid",
                                                                                 "farmer")),
    "bow": ("ranged", "a bow and arrows for shooting", ("bow", "archer", "bowman", "hunter", "ranger")),
    "crossbow": ("ranged", "a crossbow", ("crossbow", "crossbowman")),
    "sling": ("ranged", "a sling and stones", ("sling", "slinger", "shepherd")),
    "pistol": ("ranged", "a handgun, a fire-arm", ("pistol", "gun", "gunslinger", "gunman", "revolver")),
    "rifle": ("ranged", "a long fire-arm", ("rifle", "rifleman", "sniper", "soldier")),
    "blaster": ("ranged", "a ray-gun of science-fiction", ("blaster", "spacer", "trooper", "laser")),
}
"""Weapons a concept can pick: the catalogue's, and a few more the book's setting-free gear allows ("whatever items
... are considered appropriate"); each an ordinary weapon (+1) like the rolled ones."""
WEAPON_ABILITY = {"sword": "swordsmanship", "axe": "axe fighting", "spear": "spear fighting", "bow": "archery",
                  "crossbow": "archery"}
CONCEPT_OPTIONS: tuple[ConceptOption, ...] = (
    *(ConceptOption(f"ability:{n}", "magic" if "magic" in acts else "skill", n.capitalize(),
                    f"{n}: {', '.join(acts)}", NAME_WORDS.get(n, ())) for n, acts in ABILITIES.items()),
    *(ConceptOption(f"skill:{n}", "magic" if "magic" in acts else "skill", n.capitalize(),
                    f"{n}: {', '.join(acts)}", NAME_WORDS.get(n, ())) for n, acts in SKILLS.items()),
    *(ConceptOption(f"gear:{k}", "gear", f"a {k}", f"{k}: {text}", words)
      for k, (_, text, words) in CONCEPT_WEAPONS.items()),
)
"""Everything a concept can pick in Mastery (:mod:`tools.concepts`)."""
PICKS_HELP = ("Options the concept picks beyond what its words name (keys like 'ability:sorcery', "
              "'skill:herbalism', 'gear:sword'), found by the game's embedder; usually left empty.")


@lru_cache(maxsize=256)
def campaign_options(traits: tuple[str, ...], triumphs: int, health_base: int,
                     health_per_point: int) -> CampaignOptions:
    """The campaign's options as a character's arguments state them, once per those values (frozen: shared)."""
    return CampaignOptions(traits=traits, triumphs=triumphs, health_base=health_base,
                           health_per_point=health_per_point)


@lru_cache(maxsize=256)
def health_rule(base: int, trait: str | None, per_point: int) -> HealthRule:
    """The campaign's health rule, once per its values (frozen: every sheet of the campaign shares it)."""
    return HealthRule(base=base, trait=trait, per_point=per_point)


@lru_cache(maxsize=256)
def starting_gear(weapon: str, style: str) -> tuple[GearItem, GearItem]:
    """A random hero's weapon and light armor, once per weapon and style (frozen: shared between sheets)."""
    return (GearItem(name=weapon, kind="weapon", modifier=STARTING_WEAPON, style=style),  # type: ignore[arg-type]
            GearItem(name="light armor", kind="armor", modifier=STARTING_ARMOR))


class CampaignSpec(ToolArgs):
    """The campaign's choices a character depends on (the table tools fill them from the campaign's options)."""

    trait_list: list[str] = Field(default_factory=lambda: list(DEFAULT_TRAITS), min_length=1, max_length=12,
                                  description="The GM's list of traits; every character has each of them.")
    starting_triumphs: int = Field(STARTING_TRIUMPHS, ge=0, le=1000, description="20: a starting hero.")
    health_base: int = Field(10, ge=1, le=100, description="10, or 5 / 3 for gritty games.")
    health_trait: str | None = Field(None, max_length=30, description="A trait tied to the health boxes.")
    health_per_point: int = Field(1, ge=0, le=10)

    @field_validator("trait_list", mode="before")
    @classmethod
    def _traits(cls, v: Any) -> Any:
        if isinstance(v, list):
            cleaned = [clean_name(t) for t in v]
            if any(not isinstance(t, str) or not t or len(t) > 30 for t in cleaned):
                raise ValueError("each trait is a name of 1-30 characters")
            if len(set(cleaned)) != len(cleaned):
                raise ValueError("each trait once")
            return cleaned
        return v

    @field_validator("health_trait", mode="before")
    @classmethod
    def _health_trait(cls, v: Any) -> Any:
        v = clean_name(v)
        return None if v in ("", "none") else v

    def options(self) -> CampaignOptions:
        return campaign_options(tuple(self.trait_list), self.starting_triumphs, self.health_base,
                                self.health_per_point)

    def rule(self) -> HealthRule:
        return health_rule(self.health_base, self.health_trait, self.health_per_point)

    def campaign_problems(self) -> list[FieldProblem]:
        if self.health_trait is not None and self.health_trait not in self.trait_list:
            return [FieldProblem("health_trait", f"'{self.health_trait}' is not one of the traits "
                                                 f"({', '.join(self.trait_list)})", self.health_trait)]
        return []


def spec_of(options: CampaignOptions) -> dict[str, Any]:
    """A campaign's options as the arguments of :class:`CampaignSpec`."""
    return {"trait_list": list(options.traits), "starting_triumphs": options.triumphs,
            "health_base": options.health_base, "health_trait": options.health_trait,
            "health_per_point": options.health_per_point}


class CharacterResult(ToolResult):
    character: MasteryCharacter = Field(description="The full sheet, ready to store.")


class ValidateArgs(ToolArgs):
    character: MasteryCharacter
    creation: bool = Field(True, description="True: also the starting budgets. False: only what holds in play.")


class ValidationResult(SheetVerdict):
    creation: bool


def _pairs(ratings: dict[str, int]) -> list[list[Any]]:
    """Ratings as [name, rating] pairs: a step's values keep the sheet's order (a logged object's keys are sorted)."""
    return [[name, value] for name, value in ratings.items()]


@tool("mastery")
def mastery_character_validate(args: ValidateArgs, roller: Roller) -> ValidationResult:
    """Check a Mastery character sheet against the rules: trait points and limits, the specialist, triumphs by the cost
    tables, health boxes; lists every violation."""
    c = args.character
    creation, found = checked(c, args.creation, problems)
    spent, available = trait_points(c.traits)
    steps: list[Any] = [step("mastery.scope", npc=c.npc, creation=creation),
                        step("mastery.trait_points", traits=_pairs(c.traits), spent=spent, available=available)]
    if creation:
        steps += cost_lines(c) + [step("mastery.triumphs_spent", cost=creation_cost(c), starting=c.starting_triumphs,
                                       kept=c.triumphs)]
    steps += [step("mastery.broken", sentence=v.step) for v in found] or [step("mastery.none_broken")]
    return ValidationResult(summary=step("mastery.valid", name=c.name, violations=len(found)), steps=steps,
                            rule_refs=[CHARACTERS, CREATION, COMBAT],
                            valid=not found,
                            violations=[v.step for v in found], creation=creation)


class CreateArgs(CampaignSpec):
    name: str = Field(min_length=1, max_length=60)
    concept: str | None = Field(None, max_length=200)
    traits: dict[str, int] = Field(default_factory=dict, description="The traits raised or lowered, e.g. "
                                   "{'agility': 2} or {'cunning': 1, 'fortitude': 2, 'intelligence': -1}; the "
                                   "others stay +0. Two points, +1 per trait lowered to -1.")
    abilities: dict[str, int] = Field(default_factory=dict, description="Abilities bought with triumphs, e.g. "
                                      "{'swordsmanship': 3, 'stealth': 2}.")
    skills: dict[str, int] = Field(default_factory=dict, description="Skills bought with triumphs, e.g. "
                                   "{'parrying': 2, 'lock-picking': 1}.")
    fits: dict[str, list[Activity]] = Field(default_factory=dict, description="Optional: which activities an "
                                            "ability or skill serves, where its name does not say.")
    gear: list[GearItem] = Field(default_factory=list)


def _sheet(args: CreateArgs, traits: dict[str, int]) -> MasteryCharacter:
    draft = MasteryCharacter(name=args.name, concept=args.concept, traits=traits, abilities=args.abilities,
                             skills=args.skills, fits=args.fits, health=1, max_health=1,
                             health_rule=args.rule(), starting_triumphs=args.starting_triumphs, gear=args.gear)
    boxes = max_health_of(draft) if args.health_trait is None or args.health_trait in traits else 1
    cost = creation_cost(draft)
    return draft.model_copy(update={"health": boxes, "max_health": boxes,
                                    "triumphs": max(0, args.starting_triumphs - cost)})


@tool("mastery")
def mastery_character_create(args: CreateArgs, roller: Roller) -> CharacterResult:
    """Create a Mastery character from the player's choices: trait points on the GM's traits, abilities and skills
    bought with triumphs; derives health boxes and unspent triumphs."""
    bad = args.campaign_problems()
    given = {clean_name(k): v for k, v in args.traits.items()}
    for name in given:
        if name not in args.trait_list:
            bad.append(FieldProblem(f"traits.{name}", f"'{name}' is not one of the GM's traits "
                                                      f"({', '.join(args.trait_list)})", name))
    traits = {t: given.get(t, 0) for t in args.trait_list}
    try:
        c = _sheet(args, traits)
    except ValueError as e:  # a name listed twice ignoring case
        raise ToolArgumentError("mastery_character_create", [FieldProblem("(character)", str(e))]) from None
    bad += [v.problem() for v in problems(c, creation=True)]
    if bad:
        raise ToolArgumentError("mastery_character_create", bad)
    _, available = trait_points(traits)
    steps: list[Any] = [step("mastery.traits_start", trait_list=args.trait_list, available=available,
                             traits=_pairs(traits)),
                        *cost_lines(c),
                        step("mastery.triumphs_kept", cost=creation_cost(c), starting=c.starting_triumphs,
                             kept=c.triumphs),
                        _health_line(c)]
    if any(v == 3 for v in traits.values()):
        steps.insert(1, step("mastery.specialist"))
    return CharacterResult(summary=step("mastery.created", name=c.name, traits=_pairs(traits)), steps=steps,
                           rule_refs=[CREATION, CHARACTERS, COMBAT], character=c)


def _health_line(c: MasteryCharacter) -> Step:
    rule = c.health_rule
    if rule.trait:
        return step("mastery.health_from_trait", base=rule.base, per_point=rule.per_point, trait=rule.trait,
                    rating=c.traits[rule.trait], boxes=c.max_health)
    return step("mastery.health_from_base", boxes=c.max_health)


# --- random characters ---------------------------------------------------------------------------------------------


class RandomArgs(CampaignSpec):
    name: str = Field(min_length=1, max_length=60)
    concept: str | None = Field(None, max_length=200)
    picks: list[str] = Field(default_factory=list, max_length=MAX_PICKS, description=PICKS_HELP)


class RandomCharacterResult(CheckResult):
    character: MasteryCharacter
    concept_picks: list[str] = Field(default_factory=list, description="What the concept chose, in words.")


@lru_cache(maxsize=1024)
def named_weapon(name: str) -> str | None:
    """The weapon an ability or skill is about ("axe fighting", "swordsmanship"), or None (once per name: a random
    hero asks it of every ability and skill that fits, a few hundred times)."""
    return next((w for w in (*MELEE_WEAPONS, *RANGED_WEAPONS) if w in name.split() or name.startswith(w)), None)


def fitting(table: dict[str, tuple[str, ...]], activity: str, exclude: Sequence[str] = ()) -> list[str]:
    return [n for n, acts in table.items() if activity in acts and n not in exclude]


def named_by(names: Sequence[str], concept: str | None) -> list[str]:
    """The names among ``names`` the concept's words call for (:data:`NAME_WORDS`, read as a random hero's concept
    is: :func:`tools.concepts.word_hits`), or all of them where it calls for none: a river pirate who steers boats
    has seamanship, not horsemanship (what a player read)."""
    called = {key.partition(":")[2] for key in word_hits(concept, CONCEPT_OPTIONS)}
    named = [n for n in names if n in called]
    return named or list(names)


@lru_cache(maxsize=512)
def _unarmed_or(kind: str, activity: str, held: str | None) -> tuple[str, ...]:
    """The abilities or skills that serve ``activity`` and name no weapon but ``held`` (once per the three)."""
    return tuple(n for n in fitting(ABILITIES if kind == "ability" else SKILLS, activity)
                 if named_weapon(n) in (None, held))


def random_traits(spec: CampaignSpec, main: str | None, roller: Roller, dice: list[Die],
                  steps: list[Step]) -> dict[str, int]:
    traits = {t: 0 for t in spec.trait_list}
    points = 2
    lowered = None
    if (len(traits) - 1) * 2 >= points + 1:  # the other traits can take a third point (+2 at most each)
        d = roller.roll(6, "lower a trait")
        dice.append(d)
        if d.face == 6:
            lowered = pick(roller, list(traits), "trait lowered", dice)
            traits[lowered] = -1
            points += 1
            steps.append(step("mastery.lowered", trait=lowered))
        else:
            steps.append(step("mastery.none_lowered", face=d.face))
    for i in range(points):
        open_ = [t for t in traits if t != lowered and traits[t] < 2]
        if not open_:
            break
        favoured = trait_for(main, spec.options()) if main and i == 0 else None  # only the first point follows it
        if i == 0 and favoured in open_:
            chosen = favoured
            steps.append(step("mastery.point_follows", trait=chosen, main=main))
        else:
            chosen = pick(roller, open_, f"trait point {i + 1}", dice)
            steps.append(step("mastery.point_rolled", point=i + 1, trait=chosen, among=open_))
        traits[chosen] += 1
    return traits


@tool("mastery")
def mastery_character_random(args: RandomArgs, roller: Roller) -> RandomCharacterResult:
    """Roll a random, rules-legal Mastery character on the GM's traits: trait points, abilities and skills bought with
    the starting triumphs, ordinary gear."""
    bad = args.campaign_problems()
    if bad:
        raise ToolArgumentError("mastery_character_random", bad)
    check_picks("mastery_character_random", args.picks, CONCEPT_OPTIONS)
    picked = chosen(args.concept, args.picks, CONCEPT_OPTIONS)
    weapons = [o.key[5:] for o in of_kind(picked, "gear")]
    names = [o.key.split(":", 1) for o in picked if o.kind != "gear"]
    wanted_abilities = [n for k, n in names if k == "ability"]
    wanted_skills = [n for k, n in names if k == "skill"]
    dice: list[Die] = []
    steps: list[Step] = []
    suggested = concept_activities(args.concept)
    for kind, n in names:  # what the picked abilities and skills serve, after the concept's own activities
        suggested += [a for a in (ABILITIES if kind == "ability" else SKILLS)[n] if a not in suggested]
    if weapons:
        suggested.insert(0, CONCEPT_WEAPONS[weapons[0]][0])
    main = next((a for a in suggested if a in CHECK_ACTIVITIES), None)
    if main is None:
        main = pick(roller, [a for a in CHECK_ACTIVITIES if fitting(ABILITIES, a) and fitting(SKILLS, a)],
                    "main activity", dice)
        steps.append(step("mastery.main_rolled", main=main))
    else:
        steps.append(step("mastery.main_suggested", main=main))
    style = next((a for a in suggested if a in ("melee", "ranged")), None)
    if style is None:
        d = roller.roll(6, "fighting style")
        dice.append(d)
        style = "melee" if d.face <= 4 else "ranged"
        steps.append(step("mastery.style_rolled", face=d.face, style=style))
    traits = random_traits(args, main, roller, dice, steps)

    # the weapon the hero fights with, once known: picked with the concept, or named by a chosen ability or skill
    held = [w for w in weapons if CONCEPT_WEAPONS[w][0] == style][:1]

    def choose(table: dict[str, tuple[str, ...]], wanted: list[str], activity: str, purpose: str) -> str:
        """The concept's own name when one fits the activity, else one rolled among those that fit — never one
        naming another weapon than the hero's ("counterattack with an axe" for a swordswoman)."""
        mine = [n for n in wanted if activity in table[n]]
        name = mine[0] if mine else pick(roller, _unarmed_or("ability" if table is ABILITIES else "skill",
                                                            activity, held[0] if held else None), purpose, dice)
        if not held and named_weapon(name) in (MELEE_WEAPONS if style == "melee" else RANGED_WEAPONS):
            held.append(named_weapon(name))
        return name

    weapon_ability = [WEAPON_ABILITY[w] for w in weapons[:1] if w in WEAPON_ABILITY]
    ability = choose(ABILITIES, wanted_abilities, main, f"{main} ability")
    plan: list[tuple[str, str, int]] = [("ability", ability, 3)]
    if style not in ABILITIES[ability]:
        plan.append(("ability", choose(ABILITIES, weapon_ability + wanted_abilities, style, f"{style} ability"), 2))
    plan.append(("skill", choose(SKILLS, wanted_skills, style, f"{style} skill"), 1))
    plan.append(("skill", pick(roller, list(DEFENSE_SKILLS), "defensive skill", dice), 1))
    plan.append(("skill", choose(SKILLS, wanted_skills, main, f"{main} skill"), 2))
    owned: dict[str, dict[str, int]] = {"ability": {}, "skill": {}}
    left = args.starting_triumphs

    def buy(kind: str, name: str, to: int) -> bool:
        nonlocal left
        now = owned[kind].get(name, 0)
        cost = cost_between(kind, now, to)
        if to <= now or cost > left:
            return False
        owned[kind][name] = to
        left -= cost
        return True

    for kind, name, to in plan:
        buy(kind, name, to)
    raised = True
    while raised:  # more triumphs than a starting hero's: one more step each, in turn, while affordable
        raised = False
        for kind, name, _ in plan:
            now = owned[kind].get(name, 0)
            if now and now < 4 and buy(kind, name, now + 1):
                raised = True
    for kind in ("ability", "skill"):
        for name, r in owned[kind].items():
            steps.append(step("mastery.bought", what=kind, name=name, rating=r, cost=cost_between(kind, 0, r)))
    steps.append(step("mastery.kept", triumphs=left))
    weapon = held[0] if held else pick(roller, list(MELEE_WEAPONS if style == "melee" else RANGED_WEAPONS),
                                       "weapon", dice)
    gear = list(starting_gear(weapon, style))
    boxes = health_boxes(args.health_base, traits.get(args.health_trait) if args.health_trait else None,
                         args.health_per_point)
    c = MasteryCharacter(name=args.name, concept=args.concept, traits=traits, abilities=owned["ability"],
                         skills=owned["skill"], triumphs=left, starting_triumphs=args.starting_triumphs,
                         health=boxes, max_health=boxes, health_rule=args.rule(), gear=gear)
    steps += [step("mastery.gear", weapon=weapon, modifier=STARTING_WEAPON, armor=STARTING_ARMOR), _health_line(c)]
    labels = [o.label for o in picked if (o.key.startswith("ability:") and o.key[8:] in c.abilities) or
              (o.key.startswith("skill:") and o.key[6:] in c.skills) or o.key == f"gear:{weapon}"]
    if concept_line(args.concept, labels):
        steps.append(step("mastery.concept", concept=args.concept, labels=labels))
    return RandomCharacterResult(
        summary=step("mastery.rolled_hero", name=c.name, traits=_pairs(traits), abilities=_pairs(c.abilities),
                     skills=_pairs(c.skills)),
        steps=steps, rule_refs=[CREATION, CHARACTERS, COMBAT], dice=dice, outcome=None, success=None, odds=None,
        character=c, concept_picks=labels)

