"""State-bound Mini Six tools that put people on the table: a player-character from choices, a random one, and an
NPC from a concept and the system-neutral power level 1-5.

The first two wrap the pure creation tools (:mod:`.characters`) and add the sheet with one ``PutCharacter``; a
sidekick (``sidekick_of``) must belong to a character on the table who has the Sidekick perk. Names are unique on
the table, ignoring case.

NPC generation. The book has no NPC rules, so an NPC is a narrator-character: no creation budgets, only what holds
in play (:func:`.sheet.problems` with ``creation=False``). Readings chosen, every choice by a die:

* Attributes: the level sets a base — 1 weak 1D+2, 2 ordinary 2D, 3 capable 3D (a starting player-character's
  12D across four), 4 veteran 3D+1, 5 legendary 4D — and a d6 per attribute moves it a pip (1: -1, 6: +1).
* Skills: level + 1 skills, each with the level's dice added (+1 pip, +1D, +2D, +3D, +4D; a starting character
  adds at most 2D). Concept words (guard → melee and search, archer → missile, thief → thievery and stealth ...)
  choose them first, a fighting skill is always among them (melee if the words name none), the rest by dice.
* Gear: the weapons its concept names ("with a crossbow"), and one for its fighting skill if none of those
  serves it; from level 3, armor on a d6 of 3+ (leather cuirass, chain at 4, plate
  at 5). Wounds none.
* A dwarf in the concept is a slow creature (``Movement``), as for a random player-character.
* Name: the one given, else the concept's first words ("a bored city guard" → "Bored City Guard"), numbered if
  taken.
"""

from __future__ import annotations

from narrator.tools.dice import Die, Roller
from narrator.tools.steps import step
from narrator.tools.systems.minisix.characters import (
    COMBAT_SKILLS,
    KEYWORD_SKILLS,
    arm,
    is_slow,
    keywords_in,
    minisix_character_create,
    minisix_character_random,
    named_weapons,
    pick,
)
from narrator.tools.systems.minisix.codes import DieCode
from narrator.tools.systems.minisix.gear import ARMOR
from narrator.tools.systems.minisix.rules import (
    ATTRIBUTE_OF_SKILL,
    ATTRIBUTES,
    CREATION,
    SKILLS_REF,
)
from narrator.tools.systems.minisix.sheet import (
    Attributes,
    GearItem,
    MiniSixCharacter,
    SkillEntry,
    violations,
)
from narrator.tools.systems.minisix.table_common import fail, sheet_of
from narrator.tools.table import TableState
from narrator.tools.table_people import NpcSeated, npc_args_model, npc_seat_name, put, random_seat_tool, seat_tool
from narrator.tools.tool import table_tool

LEVEL_BASE = {1: 5, 2: 6, 3: 9, 4: 10, 5: 12}
"""Power level -> each attribute's base, in pips."""
LEVEL_SKILL_PIPS = {1: 1, 2: 3, 3: 6, 4: 9, 5: 12}
PIP_SHIFT = {1: -1, 2: 0, 3: 0, 4: 0, 5: 0, 6: 1}
LEVEL_WORDS = {1: "weak", 2: "ordinary", 3: "capable", 4: "veteran", 5: "legendary"}


def _check_sidekick(state: TableState, leader: str | None) -> str | None:
    if leader is None:
        return None
    name = state.find(leader, "sidekick_of")
    if "sidekick" not in sheet_of(state, name, "sidekick_of").perks:
        fail("sidekick_of", f"{name} does not have the Sidekick perk (3D): a sidekick belongs to a character who "
                            "bought it", leader)
    return name


def _with_leader(create):
    """The pure tool run with the sidekick's leader as found on the table (``sidekick_of``)."""
    def made_by(args, roller: Roller, state: TableState):
        leader = _check_sidekick(state, args.sidekick_of)
        return create.fn(args.model_copy(update={"sidekick_of": leader}), roller)
    return made_by


minisix_add_character = seat_tool(
    "minisix_add_character", "minisix", "Create a Mini Six player-character from the player's choices and add it to "
    "the table.", minisix_character_create, made_by=_with_leader(minisix_character_create))
minisix_add_random_character = random_seat_tool(
    "minisix_add_random_character", "minisix", "Roll a random, rules-legal Mini Six player-character and add it to "
    "the table.", minisix_character_random, made_by=_with_leader(minisix_character_random))


# --- NPCs ----------------------------------------------------------------------------------------------------------


NpcArgs = npc_args_model(steers="guard, archer, thief, healer, wizard steer its skills",
                         capable="3 capable (like a starting player-character)")


class NpcResult(NpcSeated):
    character: MiniSixCharacter
    keywords: list[str]
    defences: dict[str, int]


@table_tool("minisix")
def minisix_add_npc(args: NpcArgs, roller: Roller, state: TableState) -> NpcResult:
    """Generate a Mini Six NPC from a concept and a power level 1-5 (weak to legendary) and add it to the table."""
    name = npc_seat_name(state, args.name, args.concept)
    lvl = args.level
    dice: list[Die] = []
    base = LEVEL_BASE[lvl]
    steps = [step("minisix.npc_level", level=lvl, base=DieCode.from_pips(base).text())]
    pips: dict[str, int] = {}
    for a in ATTRIBUTES:
        d = roller.roll(6, f"{a} shift")
        dice.append(d)
        pips[a] = max(3, base + PIP_SHIFT[d.face])
    codes = {a: DieCode.from_pips(p) for a, p in pips.items()}
    steps.append(step("minisix.npc_attributes", rolled=[[a, codes[a].text(), dice[i].face]
                                                        for i, a in enumerate(ATTRIBUTES)]))
    kws = keywords_in(args.concept)
    suggested = list(dict.fromkeys(s for kw in kws for s in KEYWORD_SKILLS[kw]))
    if not any(s in COMBAT_SKILLS for s in suggested):
        suggested.append("melee")
    slots = lvl + 1
    chosen: list[str] = suggested[:slots]
    while len(chosen) < slots:
        left = [s for s in ATTRIBUTE_OF_SKILL if s not in chosen and s != "magic"]
        chosen.append(pick(roller, left, f"skill {len(chosen) + 1}", dice))
    add = LEVEL_SKILL_PIPS[lvl]
    skills = {s: SkillEntry(attribute=ATTRIBUTE_OF_SKILL[s],
                            code=DieCode.from_pips(pips[ATTRIBUTE_OF_SKILL[s]] + add).text()) for s in chosen}
    steps.append(step("minisix.npc_skills", keywords=kws, suggested=suggested, slots=slots,
                      added=DieCode.from_pips(add).text(signed=True), skills=[[s, e.code] for s, e in skills.items()]))
    fighting = next((s for s in chosen if s in COMBAT_SKILLS), "melee")
    gear: list[GearItem] = []
    gear += arm(args.concept, fighting, roller, dice) if fighting != "brawling" else named_weapons(args.concept)
    if lvl >= 3:
        d = roller.roll(6, "armor")
        dice.append(d)
        if d.face >= 3:
            gear.append(ARMOR[min(lvl - 3, 2)])
    steps.append(step("minisix.npc_gear", gear=[g.name for g in gear]))
    c = MiniSixCharacter(name=name, concept=args.concept, attributes=Attributes(**{a: x.text() for a, x in
                                                                                      codes.items()}),
                         skills=skills, gear=gear, npc=True, slow=is_slow(args.concept))
    broken = violations(c, creation=False)
    if broken:  # a bug here, never the caller's fault
        raise AssertionError(f"generated NPC is invalid: {broken}")
    d = c.defences()
    steps.append(step("minisix.static_defences", block=d["block"], dodge=d["dodge"], parry=d["parry"], soak=d["soak"]))
    return NpcResult(summary=step("minisix.npc_added", name=name, level=lvl, attributes=c.attributes.model_dump(),
                                  skills=[[s, e.code] for s, e in skills.items()]),
                     steps=steps, rule_refs=[CREATION, SKILLS_REF], dice=dice, outcome=None, success=None, odds=None,
                     actor=name, character=c, level=lvl, keywords=kws, defences=d, changes=[put(c)])

