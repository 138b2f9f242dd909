"""Brew character tools (``brew.md#Characters``): validate a sheet, build one from a player's choices, roll one at
random. The rules live in :mod:`.sheet`; these tools only assemble sheets and report.

Creation takes what the player *buys* (attributes from 1, skills and fields from 0) and the choices the ancestry
and class leave open; it adds what they give (bonuses, their tricks and flaws, size, the elf's free Illusion
point), derives health 10, Resolve 5 and mana, and judges the result. A sheet that breaks rules raises one
:class:`ToolArgumentError` listing every violation, with the field each concerns.

The random generator makes its every choice with a die from the roller: ancestry (none, human, elf,
undergroundling), class (none or one of the two samples), the open choices, each of the 10 attribute points, a
d2 for whether the character uses magic (5 points on one or two fields, else 5 more free points), the skill
points among four focus skills the dice choose and the 5 free points anywhere (a die picks among the scores still
below 5), one free specialty in the best skill,
and a trick and a flaw from the book's general lists where no ancestry gives them.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field, field_validator

from narrator.tools.concepts import MAX_PICKS, ConceptOption, check_picks, chosen, concept_line, of_kind
from narrator.tools.contract import CheckResult, ToolArgs, ToolResult
from narrator.tools.draws import pick
from narrator.tools.dice import Die, Roller
from narrator.tools.errors import FieldProblem, ToolArgumentError
from narrator.tools.steps import Step, step
from narrator.tools.tool import tool
from narrator.tools.systems.brew.rules import (
    ANCESTRIES, ATTRIBUTES, CHARACTERS, CLASS_ANCESTRY, CLASS_BONUS, CLASSES, EXCLUSIVE_FLAWS, EXCLUSIVE_TRICKS,
    FIELD_DESCRIPTIONS, FLAWS, FREE_POINTS, MAGIC_FIELDS, MAGIC_POINTS, MAGIC_REF, MAX_HEALTH, MAX_RESOLVE, POINT_BUY,
    SKILL_ACTIVITIES, SKILL_POINTS, SKILLS, SKILLS_REF, TRICKS, TRICKS_REF, WEAPONS_TABLE, Attribute,
)
from narrator.tools.systems.brew.sheet import (
    BrewCharacter, GearItem, Specialty, norm, norm_keys, problems, specialty_fits, spending,
)
from narrator.tools.violations import checked

GENERAL_TRICKS = tuple(t for t in TRICKS if t not in EXCLUSIVE_TRICKS)
GENERAL_FLAWS = tuple(f for f in FLAWS if f not in EXCLUSIVE_FLAWS)
SPECIALTY_NAMES = {
    "athletics": "climbing", "animal handling": "horses", "craft": "woodworking", "interaction": "haggling",
    "investigation": "crime scenes", "medicine": "first aid", "melee": "swords", "performance": "singing",
    "stealth": "moving in shadows", "survival": "tracking", "profession": "the trade's finer points",
}
"""A name for a random character's specialty in each skill (the book's own examples where it has them)."""
STARTING_GEAR = [GearItem(name="belt knife", kind="weapon", attack_type="simple_bladed"),
                 GearItem(name="thick leather cap", kind="armor", soak=1)]

SKILL_WORDS: dict[str, tuple[str, ...]] = {
    "athletics": ("athlete", "acrobat", "climber", "runner", "wanderer", "wandering", "sailor", "miner", "digger",
                  "laborer", "labourer", "porter", "docker"),
    "animal handling": ("rider", "horseman", "beastmaster", "tamer", "shepherd", "falconer", "knight", "dog", "hound",
                        "horse", "falcon", "hawk", "stablehand", "drover", "houndmaster"),
    "craft": ("smith", "blacksmith", "artisan", "carpenter", "tinker", "engineer", "archer", "gunslinger", "gunman",
              "sniper", "spacer", "mechanic"),
    "interaction": ("merchant", "trader", "diplomat", "noble", "courtier", "bard", "priest", "smuggler"),
    "investigation": ("detective", "investigator", "inspector", "scholar", "sage", "inquisitor", "scribe"),
    "medicine": ("healer", "doctor", "medic", "physician", "herbalist", "nurse", "surgeon", "witch"),
    "melee": ("warrior", "fighter", "soldier", "knight", "sword", "swordsman", "swordswoman", "barbarian",
              "mercenary", "sellsword", "guard", "duelist", "gladiator", "brawler"),
    "performance": ("actor", "singer", "dancer", "minstrel", "jester", "con", "swindler", "bard"),
    "stealth": ("thief", "rogue", "assassin", "spy", "ninja", "scout", "burglar", "poacher"),
    "survival": ("ranger", "hunter", "tracker", "druid", "witch", "hedge", "outlaw", "wilderness", "prospector",
                 "miner"),
}
"""Concept words for the skills (``brew.md#Choose Skills``)."""
FIELD_WORDS: dict[str, tuple[str, ...]] = {
    "transfiguration": ("alchemist", "shapeshifter", "transmuter", "druid"),
    "healing": ("priest", "priestess", "cleric", "healer", "shaman", "druid", "saint", "witch"),
    "destruction": ("wizard", "mage", "sorcerer", "sorceress", "warlock", "battlemage", "pyromancer"),
    "illusion": ("illusionist", "trickster", "enchanter", "enchantress", "mesmerist"),
    "scrying": ("seer", "oracle", "diviner", "prophet", "astrologer", "mage"),
    "odds": ("gambler", "hex", "hexer", "jinx", "witch", "warlock"),
    "movement": ("wind", "windwalker", "levitator", "telekinetic"),
}
"""Concept words for the fields of magic (``brew.md#Choose Magic``): who works which magic."""
CONCEPT_WEAPONS: dict[str, tuple[GearItem, str, tuple[str, ...]]] = {
    "broadsword": (GearItem(name="broadsword", kind="weapon", weapon="broadsword"), "a sword for close fighting",
                   ("sword", "swordsman", "swordswoman", "blade", "knight", "fencer", "duelist", "samurai")),
    "knife": (GearItem(name="knife", kind="weapon", weapon="knife"), "a knife or dagger",
              ("knife", "dagger", "assassin", "cutthroat")),
    "composite bow": (GearItem(name="composite bow", kind="weapon", weapon="composite bow"), "a bow for shooting",
                      ("bow", "archer", "bowman", "hunter", "ranger")),
    "handgun": (GearItem(name="handgun", kind="weapon", weapon="handgun"), "a pistol, a fire-arm, a blaster",
                ("gun", "handgun", "pistol", "gunslinger", "gunman", "revolver", "blaster", "spacer", "detective")),
    "axe": (GearItem(name="axe", kind="weapon", attack_type="simple_bladed"), "a chopping axe",
            ("axe", "barbarian", "woodcutter", "viking")),
    "sickle": (GearItem(name="sickle", kind="weapon", attack_type="simple_bladed"), "a curved harvesting blade",
               ("sickle", "witch", "druid", "farmer")),
    "staff": (GearItem(name="staff", kind="weapon", attack_type="blunt"), "a walking staff",
              ("staff", "wizard", "mage", "monk", "pilgrim")),
    "mace": (GearItem(name="mace", kind="weapon", attack_type="blunt"), "a heavy club of holy warriors",
             ("mace", "cleric", "templar")),
    "spear": (GearItem(name="spear", kind="weapon", attack_type="simple_bladed"), "a spear",
              ("spear", "pike", "hoplite")),
}
"""Weapons a concept can pick: the book's four examples (``brew.md#Examples of weapon attacks``) and simple ones
by attack type (``brew.md#Combat``: a sickle or an axe is a simple bladed weapon, a staff blunt)."""
CONCEPT_OPTIONS: tuple[ConceptOption, ...] = (
    *(ConceptOption(f"skill:{s}", "skill", s.capitalize(), f"{s}: {SKILL_ACTIVITIES[s]}", SKILL_WORDS.get(s, ()))
      for s in SKILLS if s != "profession"),
    *(ConceptOption(f"magic:{f}", "magic", f"{f.capitalize()} magic", f"{f} magic: {FIELD_DESCRIPTIONS[f]}",
                    FIELD_WORDS.get(f, ())) for f in MAGIC_FIELDS),
    *(ConceptOption(f"gear:{k}", "gear", f"a {k}", f"{k}: {text}", words)
      for k, (_, text, words) in CONCEPT_WEAPONS.items()),
)
"""Everything a concept can pick in Brew (:mod:`tools.concepts`)."""
PICKS_HELP = ("Options the concept picks beyond what its words name (keys like 'skill:medicine', "
              "'magic:healing', 'gear:broadsword'), found by the game's embedder; usually left empty.")


def weapons_picked(picked: list[ConceptOption]) -> list[GearItem]:
    """The weapons among a concept's options, two at most: a gunslinger's handgun."""
    return [CONCEPT_WEAPONS[o.key[5:]][0] for o in of_kind(picked, "gear")][:2]


WEAPON_SPECIALTY_NAMES = {"handgun": "firearms", "composite bow": "bows", "broadsword": "swords", "knife": "knives"}
"""A weapon specialty's name for the book's weapons (its own "Craft (Firearms)" and "Craft (Bow)")."""


def specialty_name(skill: str, weapons: list[GearItem]) -> str:
    """A random character's specialty in ``skill``: named for the weapon it carries with that skill, when a name
    fits it (:func:`specialty_fits`: "swords" beside a belt knife was a specialty that never applied), the belt knife
    when it carries none (the create tool gives it); else :data:`SPECIALTY_NAMES`."""
    held = [w for w in (weapons or [STARTING_GEAR[0]]) if weapon_skill(w) == skill]
    for w in held[:1]:
        last = w.name.split()[-1]
        names = (WEAPON_SPECIALTY_NAMES.get(w.weapon or ""), f"{last} fighting")
        found = next((n for n in names if n and specialty_fits(n, w)), None)
        if found:
            return found
    return SPECIALTY_NAMES[skill]


def concept_gear(concept: str | None) -> list[GearItem]:
    """What a guided character whose concept names a weapon starts with (the game passes it as ``gear``): the
    weapons (with the belt knife when none strikes at close range) and the leather cap; none when the concept names
    no weapon (the create tool then gives the belt knife and the cap)."""
    weapons = weapons_picked(chosen(concept, (), CONCEPT_OPTIONS))
    if not weapons:
        return []
    up_close = any(w.weapon is None or "close" in WEAPONS_TABLE[w.weapon]["ranges"] for w in weapons)
    return [*weapons, *([] if up_close else [STARTING_GEAR[0]]), STARTING_GEAR[1]]  # an archer's knife: a bow
    # reaches mid and long range only, and a fight without zones is all close range


def weapon_skill(g: GearItem) -> str:
    """The skill a weapon is used with (``brew.md#Combat``'s attack-type table; the book's weapons' own)."""
    if g.weapon is not None:
        return WEAPONS_TABLE[g.weapon]["skill"]
    return {"simple_projectile": "athletics", "complex_ranged": "craft"}.get(g.attack_type or "", "melee")


class SpecialtyChoice(ToolArgs):
    name: str = Field(min_length=1, max_length=80, description="e.g. 'Geriatric Care'.")
    skill: str = Field(description="The skill (or field of magic) it belongs to, e.g. 'medicine'.")

    @field_validator("skill", mode="before")
    @classmethod
    def _lower(cls, v):
        return norm(v)


class CreateArgs(ToolArgs):
    name: str = Field(min_length=1, max_length=60)
    concept: str | None = Field(None, max_length=200)
    ancestry: str | None = Field(None, max_length=60, description="human, elf, undergroundling, the setting's own, "
                                 "or null.")
    ancestry_choice: Attribute | None = Field(None, description="A human's +1 attribute; a setting's own "
                                              "ancestry's +2 attribute.")
    ancestry_minus: Attribute | None = Field(None, description="A setting's own ancestry's -1 attribute.")
    character_class: str | None = Field(None, max_length=60, description="servant to a martial god, rogue warrior, "
                                        "the setting's own, or null.")
    class_choice: str | None = Field(None, description="The sample class's 'either' +2 (servant: power or "
                                     "stealth; rogue: power or precision).")
    class_traits: list[str] | None = Field(None, max_length=2, description="A setting's own class: the two traits "
                                           "it gives +2.")
    class_specialty: SpecialtyChoice | str | None = Field(None, description="The class's free specialty (sample "
                                                          "classes: its name, e.g. 'weaponsmithing').")
    attributes: dict[str, int] = Field(default_factory=dict, description="Attribute scores bought (each from 1; "
                                       "10 points), e.g. {'power': 3, 'precision': 2, ...}; missing ones stay 1.")
    skills: dict[str, int] = Field(default_factory=dict, description="Skills bought (10 points), e.g. "
                                   "{'melee': 3, 'medicine': 2}.")
    professions: dict[str, int] = Field(default_factory=dict, description="Profession split, e.g. {'farmer': 2}.")
    magic: dict[str, int] = Field(default_factory=dict, description="Fields of magic bought (5 points, or free "
                                  "points when unused).")
    magic_attribute: Attribute = "wits"
    specialty: SpecialtyChoice | None = Field(None, description="The one free specialty (none: +2 skill points).")
    second_specialty: SpecialtyChoice | None = Field(None, description="A second specialty: its skill's cost "
                                                     "doubles, and the skill must be 2 or more.")
    tricks: list[str] = Field(default_factory=list, max_length=4, description="Tricks chosen (besides those the "
                              "sample ancestry and class give): one without an ancestry or as a human; a bought one.")
    flaws: list[str] = Field(default_factory=list, max_length=4, description="Flaws chosen (besides those given).")
    bought_trick: bool = Field(False, description="One extra trick for all 5 free points.")
    best_at: str | None = Field(None, description="Optional rule Best at Thing: the skill to be the best at.")
    extra_points: int = Field(0, ge=0, le=50, description="A more highly powered campaign's extra free points.")
    gear: list[GearItem] = Field(default_factory=list)

    @field_validator("ancestry", "character_class", "class_choice", "best_at", "ancestry_choice", "ancestry_minus",
                     mode="before")
    @classmethod
    def _lower(cls, v):
        return norm(v)

    @field_validator("attributes", "skills", "magic", mode="before")
    @classmethod
    def _keys(cls, v):
        return norm_keys(v)


def _problem(field: str, text: str, given: Any = None) -> FieldProblem:
    return FieldProblem(field, text, None if given is None else str(given))


def assemble(args: CreateArgs) -> BrewCharacter:
    """Bought scores + what the ancestry and class give = the sheet; choice errors raise, rule errors are left to
    :func:`problems`."""
    bad: list[FieldProblem] = []
    for k in args.attributes:
        if k not in ATTRIBUTES:
            bad.append(_problem(f"attributes.{k}", f"not an attribute; the six are {', '.join(ATTRIBUTES)}", k))
    for k in args.skills:
        if k not in SKILLS:
            bad.append(_problem(f"skills.{k}", f"not a skill; the skills are {', '.join(SKILLS)}", k))
    for k in args.magic:
        if k not in MAGIC_FIELDS:
            bad.append(_problem(f"magic.{k}", f"not a field of magic; the seven are {', '.join(MAGIC_FIELDS)}", k))
    ab: dict[str, int] = {}
    size = "medium"
    tricks: list[str] = []
    flaws: list[str] = []
    anc = ANCESTRIES.get(args.ancestry or "")
    if args.ancestry == "human":
        if args.ancestry_choice is None:
            bad.append(_problem("ancestry", "a human takes +1 to any chosen attribute: name it (ancestry_choice)"))
        else:
            ab[args.ancestry_choice] = 1
    elif anc is not None:
        ab = {anc["plus"]: anc["amount"], anc["minus"]: -1, **anc.get("free_magic", {})}
        size = anc["size"]
        tricks.append(anc["trick"])
        flaws.append(anc["flaw"])
    elif args.ancestry is not None:
        if args.ancestry_choice is None or args.ancestry_minus is None or args.ancestry_choice == args.ancestry_minus:
            bad.append(_problem("ancestry", "a setting's own ancestry gives +2 to one attribute "
                                                   "(ancestry_choice) and -1 on another (ancestry_minus)"))
        else:
            ab = {args.ancestry_choice: 2, args.ancestry_minus: -1}
    cb: dict[str, int] = {}
    specialties: list[Specialty] = []
    klass = CLASSES.get(args.character_class or "")
    if klass is not None:
        if args.class_choice not in klass["either"]:
            bad.append(_problem("character_class", f"the {args.character_class} gains +2 on either "
                                                f"{' or '.join(klass['either'])}: choose one", args.class_choice))
        else:
            cb = {klass["fixed"]: CLASS_BONUS, args.class_choice: CLASS_BONUS}
        tricks += list(klass["tricks"])
        flaws.append(klass["flaw"])
        options = klass["specialties"]
        chosen = args.class_specialty
        if isinstance(chosen, SpecialtyChoice):
            chosen = chosen.name
        key = (chosen or "").strip().lower()
        if key not in options:
            bad.append(_problem("character_class", "the class's free specialty is one of " + ", ".join(
                f"{k} ({v})" for k, v in options.items()), chosen))
        else:
            specialties.append(Specialty(name=key, skill=options[key], source="class"))
    elif args.character_class is not None:
        traits = [norm(t) for t in args.class_traits or []]
        if len(traits) != 2 or len(set(traits)) != 2:
            bad.append(_problem("character_class", "a setting's own class gives +2 on two different traits: name them",
                                traits))
        else:
            cb = {t: CLASS_BONUS for t in traits}
        if isinstance(args.class_specialty, SpecialtyChoice):
            specialties.append(Specialty(name=args.class_specialty.name, skill=args.class_specialty.skill,
                                         source="class"))
        elif args.class_specialty:
            bad.append(_problem("character_class", "name the class's specialty and its skill: {'name': ..., "
                                                   "'skill': ...}", args.class_specialty))
    if args.specialty:
        specialties.append(Specialty(name=args.specialty.name, skill=args.specialty.skill, source="free"))
    if args.second_specialty:
        specialties.append(Specialty(name=args.second_specialty.name, skill=args.second_specialty.skill,
                                     source="bought"))
    if bad:
        raise ToolArgumentError("brew_character_create", bad)
    attrs = {a: args.attributes.get(a, 1) + ab.get(a, 0) + cb.get(a, 0) for a in ATTRIBUTES}
    skills = {s: v + ab.get(s, 0) + cb.get(s, 0) for s, v in args.skills.items() if v or ab.get(s) or cb.get(s)}
    for s in SKILLS:
        if s not in skills and (ab.get(s) or cb.get(s)):
            skills[s] = ab.get(s, 0) + cb.get(s, 0)
    magic = {f: v + ab.get(f, 0) + cb.get(f, 0) for f, v in args.magic.items() if v or ab.get(f) or cb.get(f)}
    for f in MAGIC_FIELDS:
        if f not in magic and (ab.get(f) or cb.get(f)):
            magic[f] = ab.get(f, 0) + cb.get(f, 0)
    mana = sum(magic.values())
    return BrewCharacter(
        name=args.name, concept=args.concept, ancestry=args.ancestry, ancestry_bonuses=ab,
        character_class=args.character_class, class_bonuses=cb, size=size, attributes=attrs, skills=skills,
        professions=dict(args.professions), magic=magic, magic_attribute=args.magic_attribute,
        specialties=specialties, tricks=[*tricks, *(t for t in args.tricks if t not in tricks)],
        flaws=[*flaws, *(f for f in args.flaws if f not in flaws)], bought_trick=args.bought_trick,
        best_at=args.best_at, extra_points=args.extra_points, health=MAX_HEALTH, max_health=MAX_HEALTH,
        resolve=MAX_RESOLVE, max_resolve=MAX_RESOLVE, mana=mana, max_mana=mana,
        gear=list(args.gear) if args.gear else list(STARTING_GEAR),
    )


def spending_lines(c: BrewCharacter) -> list[Step]:
    s = spending(c)
    lines = [step("brew.attributes_spent", spent=s.attributes, pool=s.attribute_pool),
             step("brew.skills_spent", spent=s.skills, pool=s.skill_pool, no_specialty=s.skill_pool > SKILL_POINTS),
             step("brew.magic_spent", spent=s.magic, pool=s.magic_pool),
             step("brew.free_spent", spent=s.over, pool=s.free_available, trick=bool(s.trick))]
    if s.unspent:
        lines.append(step("brew.unspent", points=s.unspent))
    return lines


def derived_lines(c: BrewCharacter) -> list[Step]:
    bonus = {**{k: 0 for k in c.ancestry_bonuses}, **{k: 0 for k in c.class_bonuses}}
    for k in bonus:
        bonus[k] = c.bonus(k)
    lines = []
    if bonus:
        lines.append(step("brew.bonuses", bonuses=[[k, v] for k, v in bonus.items()]))
    lines.append(step("brew.derived", health=c.health, max_health=c.max_health, resolve=c.resolve,
                      max_resolve=c.max_resolve, mana=c.mana, max_mana=c.max_mana))
    return lines


class CharacterResult(ToolResult):
    character: BrewCharacter
    unspent: int


@tool("brew")
def brew_character_create(args: CreateArgs, roller: Roller) -> CharacterResult:
    """Create a Brew player-character from the points bought and the ancestry and class choices; adds their bonuses,
    tricks and flaws and checks the point buy."""
    c = assemble(args)
    found = problems(c, creation=True)
    if found:
        raise ToolArgumentError("brew_character_create", [FieldProblem(_field_for(v.field), v.sentence, v.given)
                                                          for v in found])
    steps = [*spending_lines(c), *derived_lines(c)]
    if c.tricks:
        steps.append(step("brew.tricks_flaws", tricks=list(c.tricks), flaws=list(c.flaws)))
    return CharacterResult(summary=step("brew.created", name=c.name, ancestry=c.ancestry, klass=c.character_class),
                           steps=steps,
                           rule_refs=[CHARACTERS, POINT_BUY, CLASS_ANCESTRY, SKILLS_REF, TRICKS_REF], character=c,
                           unspent=spending(c).unspent)


FIELD_FOR = {"ancestry_bonuses": "ancestry", "class_bonuses": "character_class", "points": "attributes",
             "max_mana": "magic", "mana": "magic", "specialties": "specialty", "size": "ancestry"}


def _field_for(sheet_field: str) -> str:
    """The creation argument a sheet problem is about (the wizard asks that question again)."""
    head = sheet_field.split(".")[0]
    return sheet_field.replace(head, FIELD_FOR[head], 1) if head in FIELD_FOR else sheet_field


class ValidateArgs(ToolArgs):
    character: BrewCharacter
    creation: bool = Field(True, description="Also check the point buy (player-characters only).")


class ValidationResult(ToolResult):
    valid: bool
    violations: list[Step | str]  # a step each (a sentence where logged before they were steps)
    creation: bool


@tool("brew")
def brew_character_validate(args: ValidateArgs, roller: Roller) -> ValidationResult:
    """Check a Brew sheet against the rules, listing every violation (the point buy too, unless creation is false)."""
    c = args.character
    creation, found = checked(c, args.creation, problems)
    steps = [step("brew.checked_as", npc=c.npc, creation=creation)]
    if creation:
        steps += spending_lines(c)
    steps += [step("brew.broken", rule=v.step) for v in found] or [step("brew.none_broken")]
    return ValidationResult(summary=step("brew.validity", name=c.name, violations=len(found)),
                            steps=steps, rule_refs=[CHARACTERS, POINT_BUY, CLASS_ANCESTRY, SKILLS_REF],
                            valid=not found, violations=[v.step for v in found], creation=creation)


# --- random characters -----------------------------------------------------------------------------------------------


class RandomArgs(ToolArgs):
    name: str = Field(min_length=1, max_length=60)
    concept: str | None = Field(None, max_length=200)
    extra_points: int = Field(0, ge=0, le=50)
    magic: bool | None = Field(None, description="Whether the character uses magic (null: a d2 decides, unless the "
                               "concept picks a field of magic).")
    picks: list[str] = Field(default_factory=list, max_length=MAX_PICKS, description=PICKS_HELP)


class RandomCharacterResult(CheckResult):
    character: BrewCharacter
    concept_picks: list[str] = Field(default_factory=list, description="What the concept chose, in words.")


def _spend(roller: Roller, points: int, scores: dict[str, int], floor: dict[str, int], purpose: str,
           dice: list[Die], top: int = 5) -> list[str]:
    spent: list[str] = []
    for i in range(points):
        open_ = [k for k, v in scores.items() if v - floor.get(k, 0) < top]
        if not open_:
            break
        k = pick(roller, open_, f"{purpose} {i + 1}", dice)
        scores[k] += 1
        spent.append(k)
    return spent


@tool("brew")
def brew_character_random(args: RandomArgs, roller: Roller) -> RandomCharacterResult:
    """Roll a random, rules-legal Brew player-character: ancestry, class, the point buy, magic, a specialty, tricks and
    flaws."""
    check_picks("brew_character_random", args.picks, CONCEPT_OPTIONS)
    picked = chosen(args.concept, args.picks, CONCEPT_OPTIONS)
    weapons = weapons_picked(picked)
    wanted = list(dict.fromkeys([*(weapon_skill(w) for w in weapons[:1]),
                                 *(o.key[6:] for o in of_kind(picked, "skill"))]))[:4]
    fields_wanted = [o.key[6:] for o in of_kind(picked, "magic")][:2]
    dice: list[Die] = []
    steps: list[Step] = []
    ancestry = pick(roller, [None, "human", "elf", "undergroundling"], "ancestry", dice)
    klass = pick(roller, [None, "servant to a martial god", "rogue warrior"], "class", dice)
    steps.append(step("brew.rolled_heritage", ancestry=ancestry, klass=klass))
    choice = pick(roller, list(ATTRIBUTES), "human attribute", dice) if ancestry == "human" else None
    class_choice = pick(roller, list(CLASSES[klass]["either"]), "class choice", dice) if klass else None
    class_spec = pick(roller, list(CLASSES[klass]["specialties"]), "class specialty", dice) if klass else None
    attrs = {a: 1 for a in ATTRIBUTES}
    minus = ANCESTRIES[ancestry]["minus"] if ancestry in ANCESTRIES else None
    if minus:  # the ancestry's -1 may not leave an attribute at 0
        attrs[minus] = 2
    _spend(roller, 10 - (1 if minus else 0), attrs, {}, "attribute point", dice, top=4)
    uses_magic = args.magic if args.magic is not None else bool(fields_wanted) or pick(roller, [True, False],
                                                                                       "uses magic", dice)
    magic: dict[str, int] = {}
    if uses_magic:
        fields = list(fields_wanted) or [pick(roller, list(MAGIC_FIELDS), "field 1", dice)]
        if fields_wanted:
            steps.append(step("brew.concept_magic", fields=list(fields)))
        if len(fields) < 2:
            second = pick(roller, list(MAGIC_FIELDS), "field 2", dice)
            if second not in fields:
                fields.append(second)
        magic = {f: 0 for f in fields}
        _spend(roller, MAGIC_POINTS, magic, {}, "magic point", dice, top=5)
        magic = {f: v for f, v in magic.items() if v}
    pool = [s for s in SKILLS if s != "profession"]
    focus: dict[str, int] = {s: 2 if i == 0 else 1 for i, s in enumerate(wanted)}  # the concept's skills, bought
    if wanted:
        steps.append(step("brew.concept_skills", skills=[[s, v] for s, v in focus.items()]))
    while len(focus) < 4:  # a character has a few skills of their own, not a dot in everything
        focus[pick(roller, [s for s in pool if s not in focus], "focus skill", dice)] = 0
    free = FREE_POINTS + args.extra_points + (0 if uses_magic else MAGIC_POINTS)
    _spend(roller, SKILL_POINTS - sum(focus.values()), focus, {}, "skill point", dice, top=4)
    everything = {s: focus.get(s, 0) for s in pool}
    _spend(roller, free, everything, {}, "free point", dice, top=4)
    skills = {s: v for s, v in everything.items() if v}
    best = max(skills, key=lambda s: (skills[s], -SKILLS.index(s)))
    tricks: list[str] = []
    flaws: list[str] = []
    given_tricks = set(CLASSES[klass]["tricks"]) if klass else set()
    if ancestry in (None, "human"):
        tricks.append(pick(roller, [t for t in GENERAL_TRICKS if t not in given_tricks], "trick", dice))
        flaws.append(pick(roller, list(GENERAL_FLAWS), "flaw", dice))
    magic_attribute = pick(roller, ["wits", "perception", "precision"], "magic attribute", dice) if magic else "wits"
    create = CreateArgs(
        name=args.name, concept=args.concept, ancestry=ancestry, ancestry_choice=choice, character_class=klass,
        class_choice=class_choice, class_specialty=class_spec, attributes=attrs, skills=skills, magic=magic,
        magic_attribute=magic_attribute, specialty=SpecialtyChoice(name=specialty_name(best, weapons), skill=best),
        tricks=tricks, flaws=flaws, extra_points=args.extra_points,
        gear=[*weapons, STARTING_GEAR[1]] if weapons else [],
    )
    c = assemble(create)
    steps += [step("brew.attributes_bought", attributes=[[a, v] for a, v in attrs.items()]),
              step("brew.magic_bought", fields=[[f, v] for f, v in magic.items()]),
              step("brew.skills_bought", skills=[[s, v] for s, v in skills.items()]),
              step("brew.free_specialty", name=specialty_name(best, weapons), skill=best), *derived_lines(c),
              step("brew.tricks_flaws", tricks=list(c.tricks), flaws=list(c.flaws))]
    labels = [o.label for o in picked if (o.kind == "skill" and o.key[6:] in skills) or
              (o.kind == "magic" and o.key[6:] in magic) or
              (o.kind == "gear" and CONCEPT_WEAPONS[o.key[5:]][0] in weapons)]
    if weapons:
        steps.append(step("brew.concept_gear", weapons=[w.name for w in weapons]))
    if concept_line(args.concept, labels):
        steps.append(step("brew.concept", concept=args.concept, labels=list(labels)))
    return RandomCharacterResult(summary=step("brew.rolled_character", name=c.name,
                                              attributes=[[a, v] for a, v in c.attributes.scores().items()]),
                                 steps=steps, rule_refs=[CHARACTERS, POINT_BUY, CLASS_ANCESTRY, MAGIC_REF],
                                 dice=dice, outcome=None, success=None, odds=None, character=c,
                                 concept_picks=labels)
