"""State-bound Brew tools that put people on the table: a player-character from choices, a random one, and an NPC
from a concept and a power level (``brew.md#Characters``).

NPC generation (``brew_add_npc``). "Typically only player characters have Resolve points", and the book gives
foes no budget, so an NPC is a narrator-character: valid ranges, no point buy. Readings chosen, every choice made
by a die from the roller:

* Level 1-5 (the system-neutral power level) sets the scores: every attribute at level − 1 (at least 1), two key
  attributes at level + 1 (at most 5) and a third at the level; key skills at level + 1 (at most 5), one more
  skill at level − 1. Level 3 is about a starting player-character (attributes 4/4/3/2/2/2, skills 4).
* Concept words steer the key attributes, skills, weapon and magic (:data:`KEYWORDS`: guard → Power, Perception,
  Melee, a broadsword; archer → Precision, Craft, a composite bow; healer → Healing magic…); a concept matching
  nothing gets them by dice.
* Gear: the concept's weapon (else a belt knife) and, from level 3, armor soaking 1 (2 from level 5); beasts get
  teeth and claws (a simple blade) and no armor, Melee among their key skills and their one more skill among an
  animal's (:data:`BEAST_SKILLS`).
* Health 10; Resolve level − 3 from level 4 (the book's "tougher play"); mana equal to the magic points.
* Name: the one given, else the concept's first words capitalised, numbered when taken ("City Guard 2").
"""

from __future__ import annotations

from typing import Any

from narrator.tools.dice import Die, Roller
from narrator.tools.steps import step
from narrator.tools.systems.brew.characters import (
    RandomArgs,
    RandomCharacterResult,
    brew_character_create,
    brew_character_random,
    pick,
)
from narrator.tools.systems.brew.rules import ATTRIBUTES, CHARACTERS, SKILLS
from narrator.tools.systems.brew.sheet import BrewCharacter, GearItem, problems
from narrator.tools.systems.brew.table_common import require_new_name
from narrator.tools.table import TableState
from narrator.tools.table_people import (
    NpcSeated, concept_keywords, npc_args_model, npc_seat_name, put, random_seat_tool, seat_tool,
)
from narrator.tools.tool import table_tool


def _with_extra_points(args: RandomArgs, roller: Roller, state: TableState) -> RandomCharacterResult:
    """The campaign's ``extra_points`` (more highly powered characters) when the call asks for none."""
    extra = state.options.get("extra_points", 0)
    if args.extra_points == 0 and isinstance(extra, int) and 0 < extra <= 50:
        args = args.model_copy(update={"extra_points": extra})
    return brew_character_random.fn(args, roller)


brew_add_character = seat_tool(
    "brew_add_character", "brew", "Create a Brew player-character from the points bought and the ancestry and class "
    "choices, and add it to the table.", brew_character_create, check_name=require_new_name)
brew_add_random_character = random_seat_tool(
    "brew_add_random_character", "brew", "Roll a random, rules-legal Brew player-character and add it to the table.",
    brew_character_random, made_by=_with_extra_points, check_name=require_new_name)


# --- NPCs --------------------------------------------------------------------------------------------------------

BEAST = GearItem(name="teeth and claws", kind="weapon", attack_type="simple_bladed")
BEAST_SKILLS = ("melee", "athletics", "stealth", "survival")
"""The skills an animal's 'one more skill' is drawn from (a giant rat had Animal Handling, and no Melee to bite with)."""
KNIFE = GearItem(name="knife", kind="weapon", weapon="knife")
SWORD = GearItem(name="broadsword", kind="weapon", weapon="broadsword")
BOW = GearItem(name="composite bow", kind="weapon", weapon="composite bow")
GUN = GearItem(name="handgun", kind="weapon", weapon="handgun")
CLUB = GearItem(name="club", kind="weapon", attack_type="blunt")
FISTS = GearItem(name="fists", kind="weapon", attack_type="unarmed")

KEYWORDS: dict[str, dict[str, Any]] = {
    "guard": {"attributes": ("power", "perception"), "skills": ("melee",), "weapon": SWORD},
    "soldier": {"attributes": ("power", "precision"), "skills": ("melee", "athletics"), "weapon": SWORD},
    "knight": {"attributes": ("power", "charisma"), "skills": ("melee", "animal handling"), "weapon": SWORD},
    "warrior": {"attributes": ("power", "speed"), "skills": ("melee", "athletics"), "weapon": SWORD},
    "mercenary": {"attributes": ("power", "precision"), "skills": ("melee",), "weapon": SWORD},
    "bandit": {"attributes": ("precision", "speed"), "skills": ("melee", "stealth"), "weapon": KNIFE},
    "thug": {"attributes": ("power", "speed"), "skills": ("melee", "interaction"), "weapon": CLUB},
    "brute": {"attributes": ("power", "speed"), "skills": ("melee",), "weapon": CLUB},
    "wrestler": {"attributes": ("power", "precision"), "skills": ("melee", "performance"), "weapon": FISTS},
    "boxer": {"attributes": ("power", "speed"), "skills": ("melee",), "weapon": FISTS},
    "brawler": {"attributes": ("power", "speed"), "skills": ("melee", "athletics"), "weapon": FISTS},
    "archer": {"attributes": ("precision", "perception"), "skills": ("craft",), "weapon": BOW},
    "hunter": {"attributes": ("precision", "perception"), "skills": ("craft", "survival"), "weapon": BOW},
    "gunman": {"attributes": ("precision", "speed"), "skills": ("craft", "interaction"), "weapon": GUN},
    "gunslinger": {"attributes": ("precision", "speed"), "skills": ("craft",), "weapon": GUN},
    "cowboy": {"attributes": ("precision", "power"), "skills": ("animal handling", "craft"), "weapon": GUN},
    "sheriff": {"attributes": ("precision", "perception"), "skills": ("craft", "investigation"), "weapon": GUN},
    "thief": {"attributes": ("precision", "speed"), "skills": ("stealth", "athletics"), "weapon": KNIFE},
    "assassin": {"attributes": ("precision", "speed"), "skills": ("stealth", "melee"), "weapon": KNIFE},
    "spy": {"attributes": ("wits", "charisma"), "skills": ("stealth", "interaction"), "weapon": KNIFE},
    "scout": {"attributes": ("perception", "speed"), "skills": ("survival", "stealth"), "weapon": BOW},
    "detective": {"attributes": ("wits", "perception"), "skills": ("investigation", "interaction"), "weapon": GUN},
    "merchant": {"attributes": ("charisma", "wits"), "skills": ("interaction", "profession"), "weapon": KNIFE},
    "innkeeper": {"attributes": ("charisma", "perception"), "skills": ("interaction", "profession"),
                  "weapon": CLUB},
    "noble": {"attributes": ("charisma", "wits"), "skills": ("interaction", "performance"), "weapon": KNIFE},
    "bard": {"attributes": ("charisma", "precision"), "skills": ("performance", "interaction"), "weapon": KNIFE},
    "doctor": {"attributes": ("wits", "precision"), "skills": ("medicine", "investigation"), "weapon": KNIFE},
    "nurse": {"attributes": ("wits", "charisma"), "skills": ("medicine",), "weapon": KNIFE},
    "monk": {"attributes": ("wits", "power"), "skills": ("melee", "medicine"), "weapon": FISTS},
    "priest": {"attributes": ("wits", "charisma"), "skills": ("interaction",), "weapon": CLUB,
               "magic": ("healing",)},
    "healer": {"attributes": ("wits", "perception"), "skills": ("medicine",), "weapon": KNIFE,
               "magic": ("healing",)},
    "cultivator": {"attributes": ("perception", "wits"), "skills": ("medicine",), "weapon": FISTS,
                   "magic": ("healing", "odds")},
    "wizard": {"attributes": ("wits", "perception"), "skills": ("investigation",), "weapon": KNIFE,
               "magic": ("destruction", "illusion")},
    "mage": {"attributes": ("wits", "perception"), "skills": ("investigation",), "weapon": KNIFE,
             "magic": ("destruction", "movement")},
    "witch": {"attributes": ("wits", "charisma"), "skills": ("survival",), "weapon": KNIFE,
              "magic": ("transfiguration", "odds")},
    "illusionist": {"attributes": ("charisma", "wits"), "skills": ("performance",), "weapon": KNIFE,
                    "magic": ("illusion",)},
    "seer": {"attributes": ("perception", "wits"), "skills": ("investigation",), "weapon": KNIFE,
             "magic": ("scrying",)},
    "farmer": {"attributes": ("power", "wits"), "skills": ("profession", "animal handling"), "weapon": CLUB},
    "smith": {"attributes": ("power", "precision"), "skills": ("craft",), "weapon": CLUB},
    "sailor": {"attributes": ("power", "precision"), "skills": ("athletics", "survival"), "weapon": KNIFE},
    "rider": {"attributes": ("precision", "speed"), "skills": ("animal handling",), "weapon": SWORD},
    "laborer": {"attributes": ("power", "speed"), "skills": ("athletics", "melee"), "weapon": CLUB},
    "wolf": {"attributes": ("speed", "perception"), "skills": ("melee", "survival"), "weapon": BEAST, "beast": True},
    "dog": {"attributes": ("speed", "perception"), "skills": ("melee",), "weapon": BEAST, "beast": True},
    "bear": {"attributes": ("power", "perception"), "skills": ("melee",), "weapon": BEAST, "beast": True},
    "rat": {"attributes": ("speed", "perception"), "skills": ("melee", "stealth"), "weapon": BEAST, "beast": True},
    "beast": {"attributes": ("power", "speed"), "skills": ("melee",), "weapon": BEAST, "beast": True},
    "snake": {"attributes": ("speed", "precision"), "skills": ("stealth", "melee"), "weapon": BEAST, "beast": True},
}
SIDEARM_FOR = (BOW,)
"""Weapons that cannot strike at close range (the composite bow reaches "Medium & long", brew.md#Examples of weapon
attacks; the handgun reaches close too): an NPC who carries one has a knife as well, or an archer caught up close —
and a fight without zones is all close range — could only punch."""
ALIASES = {"thieves": "thief", "wolves": "wolf", "guardsman": "guard", "guards": "guard", "policeman": "sheriff",
           "cop": "sheriff", "deputy": "sheriff", "witches": "witch", "physician": "doctor", "medic": "doctor",
           "dockhand": "laborer", "docker": "laborer", "stevedore": "laborer", "porter": "laborer",
           "labourer": "laborer", "fisherman": "sailor", "fisher": "sailor", "boatman": "sailor"}


def keywords_in(concept: str) -> list[str]:
    return concept_keywords(concept, KEYWORDS, ALIASES)


NpcArgs = npc_args_model(steers="guard, archer, thief, healer, wizard, wolf steer its scores and weapon",
                         capable="3 capable (like a new player-character)")


class NpcResult(NpcSeated):
    character: BrewCharacter
    keywords: list[str]


@table_tool("brew")
def brew_add_npc(args: NpcArgs, roller: Roller, state: TableState) -> NpcResult:
    """Generate a valid Brew NPC from a concept and a power level 1-5 and add it to the table."""
    name = npc_seat_name(state, args.name, args.concept, check_name=require_new_name)
    lv = args.level
    dice: list[Die] = []
    kws = keywords_in(args.concept)
    spec = KEYWORDS[kws[0]] if kws else {}
    steps = [step("brew.npc_level", level=lv)]
    key_attrs = list(dict.fromkeys(a for kw in kws for a in KEYWORDS[kw]["attributes"]))[:2]
    while len(key_attrs) < 2:
        choice = pick(roller, [a for a in ATTRIBUTES if a not in key_attrs], "key attribute", dice)
        key_attrs.append(choice)
    third = pick(roller, [a for a in ATTRIBUTES if a not in key_attrs], "third attribute", dice)
    attrs = {a: max(1, lv - 1) for a in ATTRIBUTES}
    attrs[third] = lv
    for a in key_attrs:
        attrs[a] = min(5, lv + 1)
    skills_key = list(dict.fromkeys(s for kw in kws for s in KEYWORDS[kw]["skills"]))[:2]
    if not skills_key:
        skills_key = [pick(roller, [s for s in SKILLS if s != "profession"], "key skill", dice)]
    beast = bool(spec.get("beast"))
    other = pick(roller, [s for s in (BEAST_SKILLS if beast else SKILLS) if s not in skills_key and s != "profession"],
                 "other skill", dice)
    skills = {s: min(5, lv + 1) for s in skills_key}
    if lv > 1:
        skills[other] = lv - 1
    professions = {kws[0] if kws else "trade": skills["profession"]} if "profession" in skills else {}
    magic = {f: (min(5, lv) if i == 0 else max(1, lv - 2)) for i, f in enumerate(spec.get("magic", ()))}
    weapon = spec.get("weapon", KNIFE)
    gear = [weapon, KNIFE] if weapon in SIDEARM_FOR else [weapon]
    if lv >= 3 and not beast:
        gear.append(GearItem(name="leather armor" if lv < 5 else "mail", kind="armor", soak=1 if lv < 5 else 2))
    resolve = max(0, lv - 3)
    steps += [step("brew.npc_keywords", keywords=list(kws)),
              step("brew.npc_attributes", attributes=[[a, v] for a, v in attrs.items()], key=list(key_attrs)),
              step("brew.npc_skills", skills=[[s, v] for s, v in skills.items()]),
              *([step("brew.magic_bought", fields=[[f, v] for f, v in magic.items()])] if magic else []),
              step("brew.npc_gear", gear=[g.name for g in gear]), step("brew.npc_health", resolve=resolve)]
    c = BrewCharacter(name=name, concept=args.concept, npc=True, size="small" if kws and kws[0] == "rat" else
                      "large" if kws and kws[0] == "bear" else "medium", attributes=attrs, skills=skills,
                      professions=professions, magic=magic, magic_attribute=key_attrs[0] if key_attrs[0] in
                      ("wits", "perception", "precision", "charisma") else "wits", health=10, max_health=10,
                      resolve=resolve, max_resolve=resolve, mana=sum(magic.values()), max_mana=sum(magic.values()),
                      gear=gear)
    broken = problems(c, creation=False)
    if broken:  # a bug here, never the caller's fault
        raise AssertionError(f"generated NPC is invalid: {[v.sentence for v in broken]}")
    return NpcResult(summary=step("brew.npc_added", name=name, level=lv, attributes=[[a, v] for a, v in attrs.items()]),
                     steps=steps, rule_refs=[CHARACTERS], dice=dice, outcome=None, success=None, odds=None,
                     actor=name, character=c, level=lv, keywords=kws, changes=[put(c)])

