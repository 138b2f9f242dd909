"""What the agent may propose in the 5+ system, without numbers (``tools.proposals``).

How a check finds its descriptor — the 5+ system has no fixed skill list, so a proposal cannot name one from a
closed vocabulary:

* The router's label variant is an **approach group** (``fiveplus_attempt:stealth``): the engine takes the actor's
  best descriptor of that group from the sheet (:func:`.table_common.best_of`) — whatever the player called it,
  'Sneak', 'Ninja training' or 'Shadow-walking' — and falls back to Improvise.
* The ``descriptor`` field names a descriptor of the actor's own sheet when the player's words name one ("I use
  my Fire magic"; "sneaking" names Sneak): it is marked with :func:`tools.proposals.sheet_names`, so the router
  fills it by matching the words against the sheet, as powers are found. A named descriptor wins over the group.

The same holds for abilities and items (matched against the sheet's abilities and equipment). Circumstances map to
the book's challenge difficulty, ±1 ("challenge difficulty may provide quick +1 bonus or -1 penalty"); a big
(dis)advantage is ±2. An attempt or an ability counts toward the challenge on the table when exactly one is open.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from narrator.tools.errors import FieldProblem, ToolArgumentError
from narrator.tools.proposals import (
    ACTOR_ENUM, PLAYER_WORDS, Circumstance, ProposalArgs, ProposalSpec, modifier_for, named, passed, sheet_names,
    start_combat,
)
from narrator.tools.table import TableState

Approach = Literal["physical", "stealth", "social", "knowledge", "perception", "survival", "profession", "magic",
                   "defense", "endurance", "willpower"]
AttackApproach = Literal["melee", "ranged", "spell", "taunt"]
ATTACK_APPROACH = {"melee": "combat", "ranged": "ranged", "spell": "magic", "taunt": "social"}
"""The attack's own words for its approaches, so a choice between an attack and an attempt reads apart ("taunt
or social?"); the table tool takes the approach groups."""
ACTOR = named("Who acts.")
LEVELLED = sheet_names("descriptors", kind=["skill"])


def only_open_challenge(state: TableState) -> str | None:
    open_ = [name for name, c in (state.system_state.get("challenges") or {}).items()
             if isinstance(c, dict) and c.get("status", "open") == "open"]
    return open_[0] if len(open_) == 1 else None


class AttemptProposal(ProposalArgs):
    actor: str = ACTOR
    approach: Approach = Field("physical", description="How: physical, stealth, social, knowledge, perception, "
                               "survival, profession, magic, defense; endurance or willpower to resist.")
    descriptor: str | None = Field(None, max_length=60, json_schema_extra=LEVELLED,
                                   description="A skill or resistance on the actor's sheet, when the words name one.")
    circumstance: Circumstance = "none"
    helped: bool = Field(False, description="Another character supports this very action.")
    upper_tier: bool = Field(False, description="The player uses the technique of the tier above.")
    changed: bool = Field(False, description="The player says what changed since a failure.")
    purpose: str | None = Field(None, max_length=120, json_schema_extra=PLAYER_WORDS,
                                description="What the attempt acts on and why, in the player's words: a failed "
                                            "attempt is not repeated for the same purpose unchanged.")


def _attempt(a: AttemptProposal, s: TableState) -> dict[str, Any]:
    args: dict[str, Any] = {"actor": a.actor, "modifier": modifier_for(s, a.circumstance), "helped": a.helped,
                            "upper_tier": a.upper_tier, "changed": a.changed, "challenge": only_open_challenge(s)}
    if a.descriptor:
        args["descriptor"] = a.descriptor
    else:
        args["approach"] = a.approach
    if a.purpose and a.purpose.strip():
        args["purpose"] = a.purpose.strip()
    return args


class AttackProposal(ProposalArgs):
    attacker: str = ACTOR
    defender: str = named("Whom.")
    approach: AttackApproach = Field("melee", description="melee, ranged (shooting, throwing), spell (harmful magic), "
                                     "or taunt (insults, threats, intimidation, accusations).")
    descriptor: str | None = Field(None, max_length=60, json_schema_extra=LEVELLED,
                                   description="The attacker's skill, when the words name one ('my Sword').")
    circumstance: Circumstance = "none"
    helped: bool = Field(False, description="Another character supports this very attack.")


def _attack(a: AttackProposal, s: TableState) -> dict[str, Any]:
    args: dict[str, Any] = {"attacker": a.attacker, "defender": a.defender, "approach": ATTACK_APPROACH[a.approach],
                            "modifier": modifier_for(s, a.circumstance), "helped": a.helped,
                            "challenge": only_open_challenge(s)}
    if a.descriptor:
        args["descriptor"] = a.descriptor
    return args


class ManoeuvreProposal(ProposalArgs):
    actor: str = ACTOR
    condition: Literal["prone", "disarmed", "restrained", "stunned", "confused", "aiming", "hidden"] = Field(
        "prone", description="prone (trip, shove down), disarmed, restrained (grab, pin, net), stunned, confused "
                             "(sand in the eyes, a feint), aiming, hidden (taking cover).")
    against: str | None = Field(None, max_length=60, json_schema_extra=ACTOR_ENUM,
                                description="The opponent, when the words name one.")


def _manoeuvre(a: ManoeuvreProposal, s: TableState) -> dict[str, Any]:
    return {"actor": a.actor, "condition": a.condition, "against": a.against}


class ConflictProposal(ProposalArgs):
    combatants: list[str] = Field(min_length=1, max_length=20, json_schema_extra=ACTOR_ENUM)


class HelpProposal(ProposalArgs):
    actor: str = ACTOR
    target: str = named("The ally helped, or the adversary distracted so everyone gets +1 against it.")
    same_action: bool = Field(False, description="The helper supports the ally's very action (guides their hands): "
                              "+1 without a roll.")


def _help(a: HelpProposal, s: TableState) -> dict[str, Any]:
    args: dict[str, Any] = {"helper": a.actor, "target": a.target}
    if a.same_action and not s.characters.get(a.target, {}).get("npc"):
        args["mode"] = "same_action"
    return args


class ActorOnly(ProposalArgs):
    actor: str = ACTOR


class AbilityProposal(ProposalArgs):
    actor: str = ACTOR
    ability: str = Field(min_length=1, max_length=60, json_schema_extra=sheet_names("descriptors", kind=["ability"]),
                         description="An ability on the actor's sheet (the router: the one the words name, or the "
                                     "only one).")


def _first_of(s: TableState, actor: str, kind: str, field: str, consumable: bool = False) -> str:
    found = [d.get("name") for d in (s.characters.get(actor, {}).get("descriptors") or {}).values()
             if isinstance(d, dict) and d.get("kind") == kind and (not consumable or d.get("uses"))]
    if len(found) != 1:
        what = "consumable item" if consumable else kind
        raise ToolArgumentError("?", [FieldProblem(field, f"which {what}? {actor} has "
                                                          f"{', '.join(map(str, found)) or 'none'}")])
    return str(found[0])


def _ability(a: AbilityProposal, s: TableState) -> dict[str, Any]:
    return {"actor": a.actor, "ability": a.ability, "challenge": only_open_challenge(s)}


class PlanProposal(ProposalArgs):
    actor: str = ACTOR
    actions: Literal["one", "two", "three"] = Field("one", description="How many actions this turn.")
    move: bool = Field(False, description="They also make a full move to another area.")


COUNT = {"one": 1, "two": 2, "three": 3}


class RecoverProposal(ProposalArgs):
    actor: str = ACTOR
    mode: Literal["automatic", "item", "check"] = Field("automatic", description="automatic (a quiet rest), item "
                                                        "(a potion, food, bandages used up) or check (tending it with "
                                                        "a skill).")
    item: str | None = Field(None, max_length=60, json_schema_extra=sheet_names("descriptors", kind=["equipment"]),
                             description="The item consumed.")


def _recover(a: RecoverProposal, s: TableState) -> dict[str, Any]:
    """An item named on the sheet, else the actor's only consumable (equipment with uses)."""
    args: dict[str, Any] = {"actor": a.actor, "mode": a.mode}
    if a.mode == "item":
        args["item"] = a.item or _first_of(s, a.actor, "equipment", "item", consumable=True)
    return args


class TreatProposal(ProposalArgs):
    actor: str = ACTOR
    patient: str | None = Field(None, max_length=60, json_schema_extra=ACTOR_ENUM,
                                description="Who is treated (default: the actor).")


class RestProposal(ProposalArgs):
    long: bool = Field(False, description="A long rest of days in a safe place.")


class PlayCardProposal(ProposalArgs):
    actor: str = ACTOR


class EquipProposal(ProposalArgs):
    actor: str = ACTOR
    item: str = Field(min_length=1, max_length=60, json_schema_extra=sheet_names("descriptors", kind=["equipment"]),
                      description="The item on the actor's sheet (the router: the one the words name).")


class NpcActProposal(ProposalArgs):
    actor: str = named("The NPC who acts (5+ NPCs never roll: the character responds).")
    target: str = named("Whom it acts against.")
    approach: AttackApproach = Field("melee", description="melee, ranged, spell, taunt: taunts and spells harm the "
                                     "willpower resistance.")
    words: str | None = Field(None, max_length=200, json_schema_extra=PLAYER_WORDS,
                              description="The narrator's words of the action, to name which of its actions.")


def _npc_act(a: NpcActProposal, s: TableState) -> dict[str, Any]:
    """An NPC's attack told in the narrator's words ("The bandit stabs at Ilsa") is its action (``#4.3) Actions``:
    NPCs "never roll"): the action its sheet lists that the words name, else its first; mental for a taunt, a spell
    or a mental action, as the NPCs' own turns read them (:mod:`.tactics`)."""
    from narrator.tools.systems.fiveplus.tactics import MENTAL_WORDS

    said = (a.words or "").casefold()
    actions = [str(x) for x in s.characters.get(a.actor, {}).get("actions") or []]
    action = next((x for x in actions if any(w in said for w in x.casefold().split() if len(w) >= 4)), None)
    mental = a.approach in ("taunt", "spell") or any(w in (action or said) for w in MENTAL_WORDS)
    return {"npc": a.actor, "target": a.target, "action": action, "mental": mental}


SPECS = [
    ProposalSpec("fiveplus_attempt", AttemptProposal, _attempt,
                 "someone attempts something uncertain that is not an attack (or resists something)"),
    ProposalSpec("fiveplus_attack", AttackProposal, _attack, "someone attacks someone on the table (physically, "
                 "with magic, or socially)"),
    ProposalSpec("fiveplus_npc_act", NpcActProposal, _npc_act, "an NPC attacks or acts against a character on its "
                 "turn (the narrator speaks for it)"),
    ProposalSpec("fiveplus_maneuver", ManoeuvreProposal, _manoeuvre, "someone outmanoeuvres an opponent (trip, "
                 "disarm, restrain, stun, confuse) or aims or takes cover"),
    start_combat("fiveplus_start_conflict", "a fight breaks out", ConflictProposal),
    ProposalSpec("fiveplus_help", HelpProposal, _help,
                 "someone helps an ally with a different action, or distracts an adversary for everyone"),
    ProposalSpec("fiveplus_raise_stakes", ActorOnly, passed("actor"),
                 "someone pushes their limits to re-roll their last check (1 fatigue)"),
    ProposalSpec("fiveplus_use_ability", AbilityProposal, _ability, "someone uses one of their abilities"),
    ProposalSpec("fiveplus_plan_turn", PlanProposal,
                 lambda a, s: {"actor": a.actor, "actions": COUNT[a.actions], "move": a.move},
                 "someone declares how many actions they take this turn (focus or rush)"),
    ProposalSpec("fiveplus_recover", RecoverProposal, _recover,
                 "someone recovers damage: resting, using up an item, or tending it"),
    ProposalSpec("fiveplus_treat", TreatProposal,
                 lambda a, s: {"healer": a.actor, "patient": a.patient or a.actor},
                 "someone treats a condition or wound (poison, disease, a wound)"),
    ProposalSpec("fiveplus_rest", RestProposal, passed("long"), "the party stops to rest"),
    ProposalSpec("fiveplus_practice", ActorOnly, passed("actor"),
                 "someone practices their marked descriptors during a rest"),
    ProposalSpec("fiveplus_scene_play", PlayCardProposal, passed(player="actor"),
                 "in GM-less play, the player plays their next card"),
    ProposalSpec("fiveplus_equip", EquipProposal, passed("actor", "item"),
                 "someone equips an item (draws a weapon, dons armour)"),
]


def router_examples() -> list[tuple[str, str]]:
    """Labelled anchors from the rulebook's own words: the approach groups it names and the actions of
    ``#4.3) Actions`` (attack, defend, abilities, manoeuvres, move)."""
    from narrator.tools.systems.fiveplus.rules import GROUP_MEANING

    out: list[tuple[str, str]] = []
    for group in ("physical", "stealth", "social", "knowledge", "perception", "survival", "profession", "magic",
                  "defense", "endurance", "willpower"):
        for phrase in GROUP_MEANING[group].split(":")[-1].split(","):
            phrase = phrase.strip()
            if phrase:
                out.append((f"I try {phrase}", f"fiveplus_attempt:{group}"))
    book = [
        ("I jump over the broken bridge to escape my pursuers", "fiveplus_attempt:physical"),
        ("I sneak past the castle guard in plain daylight", "fiveplus_attempt:stealth"),
        ("I pick the lock of the small delicate box", "fiveplus_attempt:profession"),
        ("I try to pacify the nervous horse", "fiveplus_attempt:survival"),
        ("I ride the horse fast enough to catch them", "fiveplus_attempt:survival"),
        ("I investigate the crime scene for clues", "fiveplus_attempt:perception"),
        ("I decipher the ancient script", "fiveplus_attempt:knowledge"),
        ("I convince the commander of the enemy force to join our cause", "fiveplus_attempt:social"),
        ("I disable the complex explosive trap", "fiveplus_attempt:profession"),
        ("I try to calm the town's population and rebut the rumours", "fiveplus_attempt:social"),
        ("I raise my shield to block the enemy's attack", "fiveplus_attempt:defense"),
        ("I resist the demoralizing spell", "fiveplus_attempt:willpower"),
        ("I try to keep my nerve and not surrender", "fiveplus_attempt:willpower"),
        ("I endure the poison", "fiveplus_attempt:endurance"),
        ("I attempt a ranged attack to shoot the wizard", "fiveplus_attack:ranged"),
        ("I attack the orc with my sword", "fiveplus_attack:melee"),
        ("I insult the bandit chief to break his spirit", "fiveplus_attack:taunt"),
        ("I cast a fire spell at the goblin", "fiveplus_attack:spell"),
        ("I help Brom pick the lock by guiding his hand", "fiveplus_help"),
        ("I distract the adversary so the others have an opening", "fiveplus_help"),
        ("I disarm the bandit", "fiveplus_maneuver:disarmed"),
        ("I restrain the thief", "fiveplus_maneuver:restrained"),
        ("I throw sand in his eyes", "fiveplus_maneuver:confused"),
        ("I aim carefully before shooting", "fiveplus_maneuver:aiming"),
        ("I use the terrain and take cover", "fiveplus_maneuver:hidden"),
        ("I knock the orc prone", "fiveplus_maneuver:prone"),
        ("I stun the guard with a blow to the head", "fiveplus_maneuver:stunned"),
        ("I push my limits and raise the stakes", "fiveplus_raise_stakes"),
        ("I focus on a single action this turn", "fiveplus_plan_turn:one"),
        ("I take two actions this turn", "fiveplus_plan_turn:two"),
        ("we rest in a safe and quiet place", "fiveplus_rest"),
        ("I practice my marked skills while we rest", "fiveplus_practice"),
        ("I treat the snake bite with my medicine", "fiveplus_treat"),
        ("I eat some food to restore my energy", "fiveplus_recover:item"),
        ("I take a break to recover my fatigue", "fiveplus_recover:automatic"),
        ("I play my lowest card to start the scene", "fiveplus_scene_play"),
        ("I equip the axe", "fiveplus_equip"),
        ("A giant spider drops from the ceiling and attacks us", "fiveplus_start_conflict"),
    ]
    return out + book
