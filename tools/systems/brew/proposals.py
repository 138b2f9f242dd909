"""What the agent may propose in Brew, without numbers: who acts, which skill, attribute or field, a named
difficulty (easy, challenging, expert, feeling lucky, teamwork — ``brew.md#Typical Difficulty Thresholds``) and a
circumstance word (mapped to the book's ±2 steps by :meth:`Brew.circumstances`). The engine reads every score
from the sheets.

Router labels are ``tool:variant``: ``brew_skill_roll:stealth``, ``brew_skill_roll:power`` (an attribute alone),
``brew_attack_target:unarmed`` (targeted attacks, grapples and pulled punches are stated intents: the lexicon's
flags), ``brew_cast_spell:illusion``, ``brew_treat_wounds:magic``,
``brew_take_rest:long``, ``brew_chase_target:quarry``…
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from narrator.tools.proposals import (
    Circumstance, ProposalArgs, ProposalSpec, modifier_for, named, passed, sheet_names, start_combat,
)
from narrator.tools.systems.brew.rules import DEFAULT_ATTRIBUTE, Attribute, DifficultyName, MagicField, Skill

Style = Literal["weapon", "unarmed", "ranged", "thrown", "spell"]
Task = Literal["other", "hiding", "large_objects", "deception", "spooky"]


class SkillRollProposal(ProposalArgs):
    actor: str = named("Who acts.")
    skill: Skill | None = Field(None, description="The most relevant skill, or null if none applies.")
    attribute: Attribute | None = Field(None, description="Only when no skill applies, or another attribute suits "
                                        "better.")
    difficulty: DifficultyName = Field("challenging", description="easy, challenging, expert, feeling lucky, "
                                       "teamwork; most tasks are challenging.")
    circumstance: Circumstance = "none"
    specialty: bool = Field(False, description="The player says the action falls within a specialty.")
    specialty_named: str | None = Field(None, max_length=60, json_schema_extra=sheet_names("specialties"),
                                        description="The actor's specialty the words name ('Card Tricks' for 'I palm "
                                                    "a card'), if any.")
    task: Task = Field("other", description="hiding or large_objects (size), deception (A Thousand Masks), "
                       "spooky (Superstitious).")
    profession_named: str | None = Field(None, max_length=60, json_schema_extra=sheet_names("professions"),
                                         description="The actor's profession the words name ('ferrywoman' for 'I "
                                                     "pole the ferry across'), if any.")


class AttackProposal(ProposalArgs):
    attacker: str = named()
    defender: str = named()
    style: Style = Field("weapon", description="weapon (their weapon), unarmed, ranged (bow, gun), thrown, spell "
                         "(destruction magic).")
    targeted: bool = Field(False, description="Aimed past the armor: an eye, a gap, the throat.")
    grapple: bool = Field(False, description="Wrestling the defender down rather than hurting them.")
    pull_punch: bool = Field(False, description="The player holds back from real harm.")
    circumstance: Circumstance = "none"


class CastProposal(ProposalArgs):
    actor: str = named()
    field: MagicField | None = Field(None, description="The field of magic the spell belongs to (required).")
    difficulty: DifficultyName = "easy"
    circumstance: Circumstance = "none"


class ContestProposal(ProposalArgs):
    actor: str = named()
    target: str = named("The opponent.")
    skill: Skill | None = None
    attribute: Attribute | None = None
    circumstance: Circumstance = "none"


class TeamProposal(ProposalArgs):
    actor: str = named()
    target: str = named("Who works with the actor.")
    skill: Skill | None = None
    attribute: Attribute | None = None
    difficulty: DifficultyName = "challenging"


class ActorProposal(ProposalArgs):
    actor: str = named()


class TreatProposal(ProposalArgs):
    actor: str = named()
    target: str = named("The patient.")
    method: Literal["medicine", "magic"] = "medicine"


class RestProposal(ProposalArgs):
    actor: str = named()
    rest: Literal["short", "long"] = Field("long", description="short (two hours) or long (a full night).")


class ChaseProposal(ProposalArgs):
    actor: str = named()
    target: str = named()
    role: Literal["chaser", "quarry"] = "chaser"


def _skill_roll(a: SkillRollProposal, s) -> dict:
    """A specialty the words name counts when it is in the rolled skill: "When a character has a specialty in a skill,
    and the action they are attempting is related to their specialty, they get to roll 2d6 and take the higher"
    (brew.md#Choose Skills) — Card Tricks (performance) for "I deal the cards and palm an ace" as a performance roll.

    A profession the words name is rolled in place of the skill when its dots are more: "In questions related to
    your profession you can roll that skill, even if another (such as Animal Handling or Medicine) would have applied
    as well" (brew.md#Profession), with the attribute the task calls for ("Power 3 + Profession (farming) 2 + 1d6 to
    hoist a pig"). Played: a ferrywoman 3 poling her ferry across a flooded river rolled Athletics 0."""
    sheet = s.characters.get(a.actor, {})
    skill, attribute, profession = a.skill, a.attribute, None
    own = sheet.get("professions") or {}
    named = next((p for p in own if p.casefold() == (a.profession_named or "").casefold()), None)
    if named is not None and skill not in (None, "profession") \
            and own[named] > (sheet.get("skills") or {}).get(skill, 0):
        skill, attribute, profession = "profession", attribute or DEFAULT_ATTRIBUTE[skill], named
    within = a.specialty or any(
        sp.get("name", "").casefold() == (a.specialty_named or "").casefold() and sp.get("skill") == skill
        for sp in sheet.get("specialties", []))
    call = {"actor": a.actor, "skill": skill, "attribute": attribute, "difficulty": a.difficulty,
            "modifier": modifier_for(s, a.circumstance), "specialty": within, "task": a.task}
    return {**call, "profession": profession} if profession else call


def _attack(a: AttackProposal, s) -> dict:
    call = {"attacker": a.attacker, "defender": a.defender, "modifier": modifier_for(s, a.circumstance),
            "pull_punch": a.pull_punch}
    if a.grapple:
        call["weapon"] = "unarmed"
    elif a.style in ("unarmed", "ranged", "thrown", "spell"):
        call["weapon"] = a.style
    call["grapple"] = a.grapple
    call["targeted"] = a.targeted and not a.grapple
    return call


def _cast(a: CastProposal, s) -> dict:
    return {"actor": a.actor, "field": a.field, "difficulty": a.difficulty, "modifier": modifier_for(s, a.circumstance)}


def _team(a: TeamProposal, s) -> dict:
    attribute = a.attribute if a.skill or a.attribute else "power"
    return {"actors": [a.actor, a.target], "skill": a.skill, "attribute": attribute, "difficulty": a.difficulty}


def _contest(a: ContestProposal, s) -> dict:
    attribute = a.attribute if a.skill or a.attribute else "power"  # a bare contest is a test of strength
    return {"actor": a.actor, "opponent": a.target, "skill": a.skill, "attribute": attribute,
            "modifier": modifier_for(s, a.circumstance)}


SPECS = [
    ProposalSpec("brew_skill_roll", SkillRollProposal, _skill_roll, "someone attempts something uncertain that is "
                 "not an attack"),
    ProposalSpec("brew_attack_target", AttackProposal, _attack, "someone attacks someone on the table"),
    start_combat("brew_start_combat", "a fight breaks out (turn order by Speed)"),
    ProposalSpec("brew_cast_spell", CastProposal, _cast, "someone casts a spell of one of the seven fields"),
    ProposalSpec("brew_contest_roll", ContestProposal, _contest, "two characters pit themselves against each other "
                 "(arm-wrestling, a contest, a bluff against suspicion)"),
    ProposalSpec("brew_team_roll", TeamProposal, _team, "two characters work together on one task (one pool, "
                 "both dice)"),
    ProposalSpec("brew_spend_resolve", ActorProposal, passed("actor"), "the player spends a "
                 "Resolve point to reroll a failed roll"),
    ProposalSpec("brew_take_chance", ActorProposal, passed("actor"), "after a success in Bullet "
                 "Time the player risks a chance roll for more"),
    ProposalSpec("brew_treat_wounds", TreatProposal, passed("actor", "target", "method"),
                 "someone tends another's wounds (medicine) or heals them with magic"),
    ProposalSpec("brew_take_rest", RestProposal, lambda a, s: {"actor": a.actor, "hours": 2 if a.rest == "short"
                                                               else 8}, "someone rests or sleeps"),
    ProposalSpec("brew_chase_target", ChaseProposal, passed("actor", "target", "role"),
                 "someone chases another, or runs from them"),
]


def router_examples() -> list[tuple[str, str]]:
    """Anchors from the book's own words: each skill's activities (the book's examples), each attribute's
    description and each field of magic's."""
    from narrator.tools.systems.brew.rules import ATTRIBUTE_DESCRIPTIONS, FIELD_DESCRIPTIONS, SKILL_ACTIVITIES

    out = []
    for skill, text in SKILL_ACTIVITIES.items():
        for phrase in text.split(";"):
            phrase = phrase.strip()
            if phrase:
                out.append((f"I try {phrase}", f"brew_skill_roll:{skill}"))
    for attribute, text in ATTRIBUTE_DESCRIPTIONS.items():
        out.append((f"a roll of pure {attribute}: {text}", f"brew_skill_roll:{attribute}"))
    for field, text in FIELD_DESCRIPTIONS.items():
        for phrase in text.split(";"):
            phrase = phrase.strip()
            if phrase:
                out.append((f"I cast a spell for {phrase}", f"brew_cast_spell:{field}"))
    return out
