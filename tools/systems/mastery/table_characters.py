"""State-bound Mastery tools that put characters on the table: a character from the player's choices, a random one,
and an NPC from a concept and a power level (``mastery.md#Character Creation and Advancement``, ``#One Comment``).

The first two wrap the pure creation tools (:mod:`.characters`) with the campaign's options (trait list, starting
triumphs, health rule) and add the sheet with one ``PutCharacter``. Names on the table are unique ignoring case.

NPC generation (``mastery_add_npc``). "Mastery is built to be flexible ... the system doesn't handle monsters or
races": an NPC is the GM's character, with no creation budgets; the generator only has to give a *valid* one
(``violations(c, creation=False) == []``) on the campaign's traits whose dice match the power level. Readings
chosen, every choice made by a die from the roller:

* Power level 1 weak, 2 ordinary, 3 capable (a starting hero), 4 veteran, 5 legendary sets the NPC's fighting
  trait, weapon ability and its attacking and defensive skills (:data:`LEVELS`), so a close fighter's attack and
  defence pools are 2, 4, 5, 8 and 11 dice (a shooter defends with its weapon ability's dice fewer) — a starting
  hero rolls about 4 to 6.
* The concept's words (:func:`.catalogue.concept_activities`) give its main activity and its fighting style
  (melee or ranged; else a d6: 1-4 melee, 5-6 ranged); a non-combat main activity gets an ability one below the
  weapon ability (at least +1), and the trait it uses one below the fighting trait (at least +0).
* Its gear: a weapon of the style and armor by level (:data:`LEVELS`); a beast's concept (:data:`.catalogue.BEASTS`:
  a rat, a wolf, a dragon) fights with its body instead — brawling, no weapon-named skill or shield, teeth and
  claws, a thick hide for armor; an ability that names a weapon ("swordsmanship") sets the weapon carried and keeps
  out skills that name another ("counterattack with an axe"); its ``harm`` (the boxes it deals when a
  defence against it fails in Fearsome Challenges) is its level — the book's tomb guardian deals 4.
* Health boxes by the campaign's rule, as for a character (the tied trait counts).
* Name: the one given (an error if taken), else the concept's first words (after a/an/the, up to a word like
  of/with/who) capitalised, "NPC" if none; a taken derived name gets the first free number: "City Guard 2".
"""

from __future__ import annotations

from pydantic import Field

from narrator.tools.contract import ToolArgs
from narrator.tools.dice import Die, Roller
from narrator.tools.errors import FieldProblem, ToolArgumentError
from narrator.tools.steps import step
from narrator.tools.systems.mastery.catalogue import (
    ABILITIES,
    DEFENSE_SKILLS,
    MELEE_WEAPONS,
    NATURAL_WEAPON,
    RANGED_WEAPONS,
    concept_activities,
    names_beast,
)
from narrator.tools.concepts import MAX_PICKS
from narrator.tools.systems.mastery.characters import (
    CHECK_ACTIVITIES,
    PICKS_HELP,
    CharacterResult,
    CreateArgs,
    RandomArgs,
    _unarmed_or,
    fitting,
    named_by,
    named_weapon,
    mastery_character_create,
    mastery_character_random,
    pick,
    spec_of,
)
from narrator.tools.systems.mastery.fit import best_fit
from narrator.tools.systems.mastery.options import options_of, trait_for
from narrator.tools.systems.mastery.rules import ADVICE, CHARACTERS, COMBAT, FEARSOME, Activity
from narrator.tools.systems.mastery.sheet import (
    GearItem,
    MasteryCharacter,
    health_boxes,
    violations,
)
from narrator.tools.table import TableState
from narrator.tools.table_people import (
    NAME, NpcSeated, npc_args_model, npc_seat_name, put, random_seat_tool, seat_tool,
)
from narrator.tools.tool import table_tool

LEVELS: dict[int, dict[str, int]] = {
    1: {"trait": 0, "ability": 1, "attack": 0, "defense": 0, "weapon": 0, "armor": 0, "harm": 1},
    2: {"trait": 0, "ability": 2, "attack": 1, "defense": 1, "weapon": 1, "armor": 1, "harm": 2},
    3: {"trait": 1, "ability": 2, "attack": 1, "defense": 1, "weapon": 1, "armor": 1, "harm": 3},
    4: {"trait": 2, "ability": 3, "attack": 2, "defense": 2, "weapon": 2, "armor": 2, "harm": 4},
    5: {"trait": 3, "ability": 4, "attack": 3, "defense": 3, "weapon": 2, "armor": 3, "harm": 5},
}
"""Power level -> the fighting trait, the weapon ability, the attacking and defensive skills (0: none), the weapon
and armor modifiers and the harm dealt in Fearsome Challenges."""


class AddCharacterArgs(ToolArgs):
    name: str = NAME
    concept: str | None = Field(None, max_length=200)
    traits: dict[str, int] = Field(default_factory=dict, description="Traits raised or lowered from +0 (two "
                                   "points; -1 gives a point; a specialist's +3 and -2), e.g. {'agility': 2}.")
    abilities: dict[str, int] = Field(default_factory=dict, description="Abilities bought with the starting "
                                      "triumphs, e.g. {'swordsmanship': 3, 'stealth': 2}.")
    skills: dict[str, int] = Field(default_factory=dict, description="Skills bought with the starting triumphs, "
                                   "e.g. {'parrying': 2, 'lock-picking': 1}.")
    fits: dict[str, list[Activity]] = Field(default_factory=dict, description="Optional: which activities an "
                                            "ability or skill serves, where its name does not say.")
    gear: list[GearItem] = Field(default_factory=list)


def _wizard_fields(e: ToolArgumentError, args: "AddCharacterArgs", budget: int) -> list[FieldProblem]:
    """The triumph budget concerns abilities and skills together; the guided questions ask abilities first and
    skills "from what is left", so an overspend belongs to the abilities when they alone exceed the budget, else
    to the skills."""
    from narrator.tools.systems.mastery.sheet import cost_between

    spent = sum(cost_between("ability", 0, min(max(r, 0), 4)) for r in args.abilities.values())
    where = "abilities" if spent > budget else "skills"
    return [FieldProblem(where, p.problem, p.given) if p.field == "triumphs" else p for p in e.problems]


def _create(args: AddCharacterArgs, roller: Roller, state: TableState) -> CharacterResult:
    """The pure tool on the campaign's traits, triumphs and health rule; an overspent budget is said where the
    guided questions asked it (:func:`_wizard_fields`)."""
    options = options_of(state)
    try:
        return mastery_character_create.fn(CreateArgs(**args.model_dump(), **spec_of(options)), roller)
    except ToolArgumentError as e:
        raise ToolArgumentError("?", _wizard_fields(e, args, options.triumphs)) from None


mastery_add_character = seat_tool(
    "mastery_add_character", "mastery", "Create a Mastery character from the player's choices on the campaign's "
    "traits, triumphs and health rule, and add it to the table.", mastery_character_create, args=AddCharacterArgs,
    made_by=_create)


class AddRandomArgs(ToolArgs):
    name: str = NAME
    concept: str | None = Field(None, max_length=200, description="A few words; thief, healer, knight... steer the "
                                "abilities and skills.")
    picks: list[str] = Field(default_factory=list, max_length=MAX_PICKS, description=PICKS_HELP)


mastery_add_random_character = random_seat_tool(
    "mastery_add_random_character", "mastery", "Roll a random, rules-legal Mastery character on the campaign's "
    "traits and add it to the table.", mastery_character_random, args=AddRandomArgs,
    made_by=lambda args, roller, state: mastery_character_random.fn(
        RandomArgs(**args.model_dump(), **spec_of(options_of(state))), roller))


# --- NPCs ----------------------------------------------------------------------------------------------------------


NpcArgs = npc_args_model(steers="guard, archer, thief, wizard, wolf steer its abilities and skills",
                         capable="3 capable (a starting hero)")


class NpcResult(NpcSeated):
    character: MasteryCharacter
    attack_pool: int
    defense_pool: int
    activities: list[str] = Field(description="What the concept's words suggested.")


@table_tool("mastery")
def mastery_add_npc(args: NpcArgs, roller: Roller, state: TableState) -> NpcResult:
    """Generate a valid Mastery NPC (the GM's character) on the campaign's traits from a concept and a power level 1-5,
    and add it to the table."""
    options = options_of(state)
    name = npc_seat_name(state, args.name, args.concept)
    level = LEVELS[args.level]
    dice: list[Die] = []
    steps = [step("mastery.npc_level", level=args.level)]
    suggested = concept_activities(args.concept)
    style = next((a for a in suggested if a in ("melee", "ranged")), None)
    if style is None:
        d = roller.roll(6, "fighting style")
        dice.append(d)
        style = "melee" if d.face <= 4 else "ranged"
        steps.append(step("mastery.style_rolled", face=d.face, style=style))
    else:
        steps.append(step("mastery.npc_style", suggested=suggested, style=style))
    main = next((a for a in suggested if a in CHECK_ACTIVITIES), None)

    traits = {t: 0 for t in options.traits}
    fighting = trait_for(style, options)
    defending = trait_for("defense", options)
    traits[fighting] = level["trait"]
    traits[defending] = max(traits[defending], level["trait"])
    abilities: dict[str, int] = {}
    skills: dict[str, int] = {}
    beast = style == "melee" and names_beast(args.concept)  # fights with its body: brawling, teeth and claws
    weapon_ability = "brawling" if beast else pick(roller, fitting(ABILITIES, style), f"{style} ability", dice)
    held = named_weapon(weapon_ability)  # a swordsman's skills and weapon are a sword's, not an axe's
    abilities[weapon_ability] = level["ability"]
    if main is not None:
        main_trait = trait_for(main, options)
        traits[main_trait] = max(traits[main_trait], level["trait"] - 1, 0)
        if main not in ABILITIES[weapon_ability]:
            side = pick(roller, named_by(fitting(ABILITIES, main, exclude=list(abilities)), args.concept),
                        f"{main} ability", dice)
            abilities[side] = max(1, level["ability"] - 1)
    if level["attack"]:
        skills[pick(roller, list(_unarmed_or("skill", style, held)), f"{style} skill", dice)] = level["attack"]
    if level["defense"]:
        defence = pick(roller, [s for s in DEFENSE_SKILLS if s not in skills and not (beast and "shield" in s)],
                       "defensive skill", dice)
        skills[defence] = level["defense"]
    weapons = MELEE_WEAPONS if style == "melee" else RANGED_WEAPONS
    weapon = NATURAL_WEAPON if beast else held if held in weapons else pick(roller, list(weapons), "weapon", dice)
    gear = [GearItem(name=weapon, kind="weapon", modifier=level["weapon"], style=style)]  # type: ignore[arg-type]
    if level["armor"]:
        gear.append(GearItem(name="thick hide" if beast else "armor", kind="armor", modifier=level["armor"]))
    boxes = health_boxes(options.health_base, traits.get(options.health_trait) if options.health_trait else None,
                         options.health_per_point)
    c = MasteryCharacter(name=name, concept=args.concept, traits=traits, abilities=abilities, skills=skills,
                         health=boxes, max_health=boxes, health_rule=options.health_rule(), npc=True,
                         harm=level["harm"], gear=gear, starting_triumphs=0)
    broken = violations(c, creation=False)
    if broken:  # a bug here, never the caller's fault
        raise AssertionError(f"generated NPC is invalid: {broken}")
    attack = 1 + traits[fighting] + sum(f[1] for f in (best_fit(c, "ability", style), best_fit(c, "skill", style)) if f)
    defense = 1 + traits[defending] + sum(f[1] for f in (best_fit(c, "ability", "defense"),
                                                         best_fit(c, "skill", "defense")) if f)
    steps += [step("mastery.npc_traits", traits=[[k, v] for k, v in traits.items()]),
              step("mastery.npc_ratings", abilities=[[k, v] for k, v in abilities.items()],
                   skills=[[k, v] for k, v in skills.items()]),
              step("mastery.npc_pools", attack=attack, defense=defense),
              step("mastery.npc_gear", weapon=weapon, modifier=level["weapon"], armor=level["armor"], boxes=boxes,
                   harm=level["harm"])]
    return NpcResult(summary=step("mastery.npc_added", name=name, level=args.level, attack=attack, defense=defense,
                                  boxes=boxes), steps=steps, rule_refs=[CHARACTERS, ADVICE, COMBAT, FEARSOME],
                     dice=dice, outcome=None, success=None, odds=None, actor=name, character=c, level=args.level,
                     attack_pool=attack, defense_pool=defense, activities=suggested, changes=[put(c)])

