"""NPCs as data (``five-plus.md#NPCs``): goals, actions and abilities, behaviour, difficulty — and they never roll.

"Because the player's roll define success on its own, NPCs do not roll. If a player succeeds in an opposed
challenge, it's because the opposition failed, which mean that NPC do not need to have a character sheet … their
damage is constant by default, being equal to 1 + rank … some powerful abilities may depend on the player's luck
and be used as part of a critical fumble or when a 1 is rolled."

Readings chosen:

* An NPC's action against a character is the character's roll: ``defend`` (a passive action with a defence or any
  fitting descriptor — a success prevents the damage), ``resist`` (an instinctive resistance check, which takes no
  action — a success absorbs as much damage as its successes, and worn protection reduces what is left: "damage
  reduction by 1 for a successful physical resistance check"; immunity prevents it) or ``none`` ("player may decide
  to fail a passive check": the damage lands). A failed response takes the NPC's damage, 1 + rank (+ any bonus),
  on the resistance.
* The check against an NPC uses its rank for the lower bound (the table tool sets it).
* The NPC's signature ability is called when the response shows a 1: +1 damage on that action.
* Generation (:func:`npc_profile`) from a concept and the system-neutral power level 1-5: rank 0, 0, 1, 1, 2
  (most challenges are rank 0); successes to defeat it are a share of the party's default challenge (¼, ½, ¾, 1,
  1½ — "modifying the number of successes based on a default challenge is an easy way to fine tune an NPC"); its
  actions come from the concept's words, its goal from them too where they name one (a hungry wolf is out to eat:
  :data:`GOAL_WORDS`) and else from a d6, its behaviour from a d6, and from level 3 up a signature ability.
"""

from __future__ import annotations

from fractions import Fraction
from math import ceil
from typing import Literal

from pydantic import Field, model_validator

from narrator.tools.concepts import concept_words
from narrator.tools.contract import CheckResult, ToolArgs
from narrator.tools.dice import Roller
from narrator.tools.npc_archetypes import head_first, head_stand_in
from narrator.tools.systems.fiveplus.checks import CheckArgs, CheckRoll, refs_for, roll_check
from narrator.tools.systems.fiveplus.rules import ACTIONS, ITEMS, NPCS, WOUNDS
from narrator.tools.systems.fiveplus.wounds import Outcome, ResistanceState, damage_explained
from narrator.tools.steps import step
from narrator.tools.tool import tool

Response = Literal["defend", "resist", "none"]
RANK_BY_LEVEL = {1: 0, 2: 0, 3: 1, 4: 1, 5: 2}
SHARE_BY_LEVEL = {1: Fraction(1, 4), 2: Fraction(1, 2), 3: Fraction(3, 4), 4: Fraction(1), 5: Fraction(3, 2)}
GOALS = ("to eat or rob whoever crosses its path", "to guard its ground and master", "payback for an old wrong",
         "to drive the intruders away", "to take what the players carry", "to prove its strength")
GOAL_WORDS: dict[str, int] = {
    **dict.fromkeys(("hungry", "starving", "ravenous", "famished", "predator", "maneater", "cannibal"), 0),
    **dict.fromkeys(("guard", "watchdog", "sentry", "sentinel", "warden", "gatekeeper", "bodyguard", "loyal"), 1),
    **dict.fromkeys(("vengeful", "revenge", "avenger", "wronged", "bitter", "spurned", "jilted"), 2),
    **dict.fromkeys(("suspicious", "territorial", "wary", "hostile", "protective", "paranoid"), 3),
    **dict.fromkeys(("greedy", "thief", "bandit", "robber", "pickpocket", "mugger", "raider", "highwayman"), 4),
    **dict.fromkeys(("proud", "boastful", "brash", "champion", "ambitious", "bully", "arrogant"), 5),
}
"""Concept words that say which goal an NPC has (index into :data:`GOALS`): a hungry wolf is out to eat, a suspicious
innkeeper to drive the intruders away; a concept with none of them rolls its goal ("Goals: why is the NPC opposing
the players? Is it a giant hungry spider trying to eat the players ... or simply a vengeful adventure trying to get
payback", ``five-plus.md#NPCs``)."""


def goal_word(words: list[str]) -> str | None:
    """The first of a concept's words that names a goal (:data:`GOAL_WORDS`), or None."""
    return next((w for w in words if w in GOAL_WORDS), None)


BEHAVIOURS = ("grows bolder as the players fail", "grows fearful as the players succeed",
              "calls for help after three turns", "runs when half defeated", "fights to the very end",
              "tries to bargain when it is losing")
ACTION_WORDS: dict[str, tuple[str, ...]] = {
    "wolf": ("bite", "pounce"), "dog": ("bite", "pounce"), "rat": ("bite", "swarm"), "spider": ("bite", "web"),
    "snake": ("bite", "coil"), "bear": ("claw", "maul"), "beast": ("claw", "bite"), "dragon": ("burn", "claw"),
    "guard": ("strike", "shout for help"), "soldier": ("strike", "shoot"), "knight": ("strike", "charge"),
    "bandit": ("stab", "threaten"), "thug": ("punch", "threaten"), "brute": ("smash", "grab"),
    "archer": ("shoot", "take cover"),
    "hunter": ("shoot", "set a snare"), "thief": ("stab", "vanish"), "assassin": ("stab", "poison"),
    "wizard": ("cast a spell", "shield itself"), "mage": ("cast a spell", "blast"), "witch": ("curse", "hex"),
    "priest": ("smite", "pray"), "cultist": ("stab", "chant"), "merchant": ("haggle", "insult"),
    "noble": ("insult", "command"), "orc": ("smash", "roar"), "goblin": ("stab", "flee"),
    "skeleton": ("strike", "rattle"), "zombie": ("grab", "bite"), "demon": ("burn", "corrupt"),
}
ABILITY_WORDS = {"wolf": "pack attack", "spider": "venomous bite", "snake": "venomous bite", "dragon": "fire breath",
                 "wizard": "arcane blast", "mage": "arcane blast", "witch": "evil eye", "assassin": "poisoned blade",
                 "knight": "mighty charge", "orc": "crushing blow", "demon": "hellfire", "archer": "aimed shot"}


def _match(words: list[str], table: dict) -> str | None:
    """The keyword of the concept's first matching word read head first (:func:`tools.npc_archetypes.head_first`:
    "goblin archer" is an archer, "a bandit with a crossbow" a bandit); else that word's stand-in the table knows (a
    jailer acts as a guard)."""
    for w in head_first(words):
        for kw in table:
            if w in (kw, kw + "s", kw + "es") or (len(kw) >= 5 and w.startswith(kw)):
                return kw
    return head_stand_in(words, table)


def npc_actions(concept: str) -> list[str]:
    kw = _match(concept_words(concept), ACTION_WORDS)
    return list(ACTION_WORDS[kw]) if kw else ["strike", "threaten"]


def npc_ability(concept: str) -> str:
    kw = _match(concept_words(concept), ABILITY_WORDS)
    return ABILITY_WORDS[kw] if kw else "a desperate, powerful blow"


def defeat_successes(level: int, default_challenge: int) -> int:
    return max(1, ceil(SHARE_BY_LEVEL[level] * default_challenge))


class NpcActionArgs(ToolArgs):
    rank: int = Field(0, ge=-5, le=10, description="The NPC's rank: its damage is 1 + rank.")
    damage_bonus: int = Field(0, ge=0, le=10, description="Added to the constant damage.")
    response: Response = Field("resist", description="defend (a success prevents the damage), resist (a success "
                               "lets protection reduce it) or none (the player lets it land).")
    check: CheckArgs | None = Field(None, description="The character's response check (defend or resist).")
    resistance: ResistanceState = Field(description="The character's resistance the damage goes to.")
    reduction: int = Field(0, ge=0, le=20, description="Protection worn (reduces on a successful resist).")
    immune: bool = Field(False, description="Protection makes this damage harmless (on a successful resist).")
    ability: str | None = Field(None, max_length=120, description="The NPC's signature ability (+1 damage when the "
                                "response shows a 1).")

    @model_validator(mode="after")
    def _check(self):
        if self.response != "none" and self.check is None:
            raise ValueError(f"a {self.response} response needs the character's check")
        return self


class NpcActionResult(CheckResult):
    damage: int = Field(description="The NPC's damage this action (1 + rank + bonuses).")
    response: Response
    response_check: CheckRoll | None
    ability_used: bool
    harm: Outcome


@tool("fiveplus")
def fiveplus_npc_action(args: NpcActionArgs, roller: Roller) -> NpcActionResult:
    """A 5+ NPC acts (NPCs never roll): the character defends or resists with a check; on a failure the NPC's constant
    damage 1 + rank goes to the character's resistance, wounds and all."""
    damage = 1 + args.rank + args.damage_bonus
    steps = [step("fiveplus.npc_damage", rank=args.rank, bonus=args.damage_bonus, damage=max(0, damage))]
    damage = max(0, damage)
    roll = None
    refs = [NPCS]
    ability_used = False
    if args.response == "none":
        steps.append(step("fiveplus.lets_it_land"))
        landed, reduction, immune = damage, 0, False
    else:
        assert args.check is not None
        roll = roll_check(args.check, roller, f"{args.response} die")
        steps += [step("fiveplus.responds", response=args.response), *roll.steps]
        refs += refs_for(roll)
        if roll.ones and args.ability:
            ability_used = True
            damage += 1
            steps.append(step("fiveplus.npc_ability", ability=args.ability, damage=damage))
        if roll.success and args.response == "defend":
            steps.append(step("fiveplus.defended"))
            landed, reduction, immune = 0, 0, False
        elif roll.success:
            landed, reduction, immune = max(0, damage - roll.successes), args.reduction, args.immune
            steps.append(step("fiveplus.absorbed", successes=roll.successes, immune=immune, reduction=reduction))
            if reduction or immune:
                refs.append(ITEMS)
        else:
            landed, reduction, immune = damage, 0, False
            steps.append(step("fiveplus.response_fails"))
    harm, hurt = damage_explained(args.resistance, landed, reduction, immune)
    steps += hurt
    if harm.taken or harm.wounds_gained:
        refs.append(WOUNDS)
    if args.response == "defend":
        refs.append(ACTIONS)
    success = None if roll is None else roll.success
    return NpcActionResult(
        summary=step("fiveplus.npc_action", damage=damage, response=args.response,
                     outcome=roll.outcome if roll else None, taken=harm.taken, major=harm.major,
                     wound_level=harm.wound_level_after),
        steps=steps, rule_refs=list(dict.fromkeys(refs)), dice=roll.dice if roll else [],
        outcome=roll.outcome if roll else "undefended", success=success, odds=roll.odds if roll else None,
        damage=damage, response=args.response, response_check=roll, ability_used=ability_used, harm=harm,
    )
