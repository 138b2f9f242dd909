"""State-bound Minim tools that put characters on the table: a player-character from choices, a random one, and
an NPC from a concept and a tier (``minim.md#Characters``, ``#Challenge``).

The first two wrap the pure creation tools (:mod:`.characters`) and add the sheet with one ``PutCharacter``. Names
on the table are unique ignoring case; a taken name is an argument error listing the names on the table.

NPC generation (``minim_add_npc``). "Narrator-characters can be made with the values the narrator
judges-appropriate", so an NPC skips every budget; the generator only has to give a *valid* narrator-character
(``violations(c, creation=False) == []``) whose tier (median trait) is the one asked for. Readings chosen, every
choice made by a die from the roller:

* Traits: one at tier+1, one at tier, one at tier−1, clipped to 1..5 (the median stays the tier); a d6 picks which
  trait gets which of the three (the six orders of brain/brawl/brass).
* Skills: tier+1 of them (2 at tier 1 … 6 at tier 5, a starting player-character has 6). Words of the concept are
  looked up in :data:`KEYWORD_SKILLS` (guard → fight, archer → fire, thief → stealth and security, …); the skills
  they suggest are taken first, picked by dice while there are more than slots; the other slots are rolled among
  the skills not yet held (an animal's — a rat, a wolf: :data:`BEASTS` — among those an animal has,
  :data:`BEAST_SKILLS`). A concept matching no keyword gets only rolled skills.
* Gear: one weapon and one armor. Quality = tier − 3 (−2 at tier 1 … +2 at tier 5), then a d6: 1 → −1, 6 → +1,
  else ±0, clipped to −2..+2. The weapon suits the NPC's attack skill: fire → ranged, sports (without fight) →
  thrown, otherwise close-combat — an animal's teeth and claws ("blunt teeth and claws"), its armor its hide
  ("mangy hide").
* Health = max_health = brass and faith = max_faith = brain, as for a player-character. Virtue, vice, languages
  and wealth are left out (player-character concepts).
* One power at higher tiers: tier 4 on a d6 of 4+, tier 5 on 2+. A die picks it from the setting-free powers
  the random player-character generator uses; another sets its score (tier−2, tier−1 or tier, clipped to 1..5).
* Name: the one given (an error if taken), else the concept's first three words (after a/an/the, up to a word
  like of/with/who) capitalised, "NPC" if it has none; a taken derived name gets the first free number: "City Guard 2".
"""

from __future__ import annotations

from itertools import permutations

from pydantic import Field

from narrator.tools.contract import CheckResult, ToolArgs
from narrator.tools.draws import pick as _pick
from narrator.tools.dice import Die, Roller
from narrator.tools.steps import Step, step
from narrator.tools.systems.minim.challenge import CHALLENGE, challenge_of, exact_text
from narrator.tools.systems.minim.characters import (
    GENERIC_POWERS,
    minim_character_create,
    minim_character_random,
)
from narrator.tools.systems.minim.rules import TRAIT_OF_SKILL, TRAITS
from narrator.tools.systems.minim.sheet import (
    CHARACTERS,
    FAITH,
    HEALTH,
    GearItem,
    MinimCharacter,
    Traits,
    tier,
    violations,
)
from narrator.tools.table import BoundResult, TableState
from narrator.tools.table_people import concept_keywords, npc_seat_name, put, random_seat_tool, seat_tool
from narrator.tools.tool import table_tool
from narrator.tools.word_tables import word_tables


# --- player-characters ---------------------------------------------------------------------------------------------

minim_add_character = seat_tool(
    "minim_add_character", "minim", "Create a Minim player-character from the player's choices and add it to the "
    "table.", minim_character_create)
minim_add_random_character = random_seat_tool(
    "minim_add_random_character", "minim", "Roll a random, rules-legal Minim player-character and add it to the "
    "table.", minim_character_random, names=("AddRandomCharacterArgs", "AddRandomCharacterResult"))


# --- NPCs --------------------------------------------------------------------------------------------------------

KEYWORD_SKILLS: dict[str, tuple[str, ...]] = word_tables(__file__, "concept_skills")["keyword_skills"]
"""Concept words -> the skills they suggest (``concept_skills.toml``). A word matches a keyword exactly, as a plural,
through :data:`KEYWORD_ALIASES`, or (keywords of 5+ letters) as its start: 'guardsman', 'priestess'."""
KEYWORD_ALIASES = {"thieves": "thief", "spies": "spy", "wolves": "wolf", "mages": "mage"}

NPC_POWER_CHANCE = {4: 4, 5: 2}
"""Tier -> the lowest d6 face that gives the NPC one power (lower tiers get none)."""
QUALITY_SHIFT = {1: -1, 2: 0, 3: 0, 4: 0, 5: 0, 6: 1}
QUALITY_WORDS = {-2: "crude", -1: "shabby", 0: "", 1: "superior", 2: "legendary"}
"""A derived name stops at the first of these: 'the sage of the tower' -> 'Sage'."""
WEAPONS = {"fire": "ranged weapon", "sports": "throwing weapons", "fight": "close-combat weapon"}
BEASTS = frozenset({"beast", "wolf", "dog", "rat", "bear", "spider", "boar", "snake"})
"""Keywords that make an NPC an animal: its skills beyond its keywords' come from :data:`BEAST_SKILLS` (a rat had
"communication"), it fights with teeth and claws and its armor is its hide ("shabby armor" on a wolf)."""
BEAST_SKILLS = ("fight", "perception", "stealth", "sports", "survival", "coordination")
CLAWS_WORDS = {-2: "feeble", -1: "blunt", 0: "", 1: "sharp", 2: "razor-sharp"}
HIDE_WORDS = {-2: "thin", -1: "mangy", 0: "", 1: "thick", 2: "armoured"}
"""An animal's gear by its quality: "blunt teeth and claws", "mangy hide", not "shabby" ones."""


def keywords_in(concept: str) -> list[str]:
    """The keywords of :data:`KEYWORD_SKILLS` the concept mentions, in the order they appear."""
    return concept_keywords(concept, KEYWORD_SKILLS, KEYWORD_ALIASES)


def _quality(t: int, roller: Roller, what: str, dice: list[Die], steps: list[Step]) -> int:
    die = roller.roll(6, f"{what} quality")
    dice.append(die)
    q = max(-2, min(2, t - 3 + QUALITY_SHIFT[die.face]))
    steps.append(step("minim.npc_quality", what=what, tier=t, base=t - 3, face=die.face, shift=QUALITY_SHIFT[die.face],
                      quality=q))
    return q


def _gear_name(base: str, q: int, words: dict[int, str] = QUALITY_WORDS) -> str:
    return f"{words[q]} {base}".strip()


class NpcArgs(ToolArgs):
    concept: str = Field(min_length=1, max_length=200, description="Who the NPC is, e.g. 'bored city guard'; "
                         "words like guard, archer, thief, priest, merchant steer its skills.")
    tier: int = Field(3, ge=1, le=5, description="Tier/power level 1-5, the NPC's median trait: 1 a feeble critter, "
                      "2 a weak foe, 3 an average person (like a starting player-character), 4 a veteran, "
                      "5 a mighty villain.")
    name: str | None = Field(None, min_length=1, max_length=60, description="Optional; default: from the concept, "
                             "numbered if taken ('City Guard 2').")


class NpcResult(CheckResult, BoundResult):
    actor: str
    character: MinimCharacter
    tier: int
    challenge: float = Field(description="The tier table's challenge score (tier 3 = 5).")
    challenge_exact: str
    keywords: list[str] = Field(description="Concept keywords that steered the skills.")


@table_tool("minim")
def minim_add_npc(args: NpcArgs, roller: Roller, state: TableState) -> NpcResult:
    """Generate a valid Minim NPC (narrator-character) from a concept and a tier 1-5 and add it to the table."""
    name = npc_seat_name(state, args.name, args.concept)
    t = args.tier
    dice: list[Die] = []
    steps = [step("minim.npc_tier", tier=t)]

    order = _pick(roller, list(permutations(TRAITS)), "trait order", dice)
    values = (min(5, t + 1), t, max(1, t - 1))
    scores = dict(zip(order, values))
    steps.append(step("minim.npc_traits", values=list(values), tier=t, face=dice[-1].face, traits=dict(scores)))

    kws = keywords_in(args.concept)
    suggested = list(dict.fromkeys(s for kw in kws for s in KEYWORD_SKILLS[kw]))
    slots = t + 1
    skills: list[str] = []
    if kws:
        steps.append(step("minim.npc_keywords", keywords=list(kws), suggested=list(suggested)))
    else:
        steps.append(step("minim.npc_no_keyword"))
    if len(suggested) <= slots:
        skills += suggested
    else:
        while len(skills) < slots:
            choice = _pick(roller, suggested, f"suggested skill {len(skills) + 1}", dice)
            steps.append(step("minim.npc_suggested_skill", sides=len(suggested), face=dice[-1].face, choice=choice))
            suggested.remove(choice)
            skills.append(choice)
    beast = any(kw in BEASTS for kw in kws)
    while len(skills) < slots:
        left = [s for s in (BEAST_SKILLS if beast else TRAIT_OF_SKILL) if s not in skills]
        choice = _pick(roller, left, f"skill {len(skills) + 1}", dice)
        steps.append(step("minim.npc_rolled_skill", sides=len(left), face=dice[-1].face, choice=choice))
        skills.append(choice)
    steps.append(step("minim.npc_skills", slots=slots, tier=t, skills=list(skills)))

    kind = "fire" if "fire" in skills else "sports" if "sports" in skills and "fight" not in skills else "fight"
    wq = _quality(t, roller, "weapon", dice, steps)
    aq = _quality(t, roller, "armor", dice, steps)
    claws = beast and kind == "fight"
    gear = [GearItem(name=_gear_name("teeth and claws", wq, CLAWS_WORDS) if claws else _gear_name(WEAPONS[kind], wq),
                     kind="weapon", quality=wq),
            GearItem(name=_gear_name("hide", aq, HIDE_WORDS) if beast else _gear_name("armor", aq), kind="armor",
                     quality=aq)]

    powers: dict[str, int] = {}
    if t in NPC_POWER_CHANCE:
        die = roller.roll(6, "power chance")
        dice.append(die)
        if die.face >= NPC_POWER_CHANCE[t]:
            power = _pick(roller, GENERIC_POWERS, "power", dice)
            score_die = roller.roll(6, "power score")
            dice.append(score_die)
            score = max(1, min(5, t - 2 + (score_die.face - 1) // 2))
            powers[power] = score
            steps.append(step("minim.npc_power", face=die.face, needed=NPC_POWER_CHANCE[t], power=power, score=score))
        else:
            steps.append(step("minim.npc_no_power", face=die.face, needed=NPC_POWER_CHANCE[t]))

    traits = Traits(**scores)
    c = MinimCharacter(name=name, concept=args.concept, traits=traits, skills=skills, powers=powers,
                       health=traits.brass, max_health=traits.brass, faith=traits.brain, max_faith=traits.brain,
                       npc=True, gear=gear)
    broken = violations(c, creation=False)
    if broken or tier(c) != t:  # a bug here, never the caller's fault
        raise AssertionError(f"generated NPC is invalid: {broken}, tier {tier(c)} != {t}")
    challenge = challenge_of(t)
    steps += [step("minim.npc_gear", weapon=gear[0].name, weapon_quality=wq, armor=gear[1].name, armor_quality=aq),
              step("minim.npc_health_faith", health=c.health, faith=c.faith),
              step("minim.npc_challenge", tier=t, challenge=exact_text(challenge))]
    return NpcResult(
        summary=step("minim.npc_added", name=name, tier=t, challenge=exact_text(challenge), traits=traits.scores(),
                     skills=list(skills)),
        steps=steps, rule_refs=[CHARACTERS, HEALTH, FAITH, CHALLENGE], dice=dice, outcome=None, success=None,
        odds=None, actor=name, character=c, tier=t, challenge=float(challenge), challenge_exact=exact_text(challenge),
        keywords=kws, changes=[put(c)],
    )
