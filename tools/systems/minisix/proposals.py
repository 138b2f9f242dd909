"""What the agent may propose in Mini Six, without numbers: who acts, which skill or attribute, how hard the task
is and how favourable the circumstances (mapped by :meth:`MiniSix.circumstances`: ±5 a band, ±10 two).

Labels the router learns are ``tool`` or ``tool:variant`` where the variant fills the one Literal field it
belongs to (``minisix_check:stealth``, ``minisix_check:wit``, ``minisix_attack_target:missile``). A check's call
always carries the attribute too (the skill's own), so a check is right by skill or by attribute.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from narrator.tools.proposals import (
    ACTOR_ENUM, Circumstance, ProposalArgs, ProposalSpec, modifier_for, named, passed, start_combat,
)
from narrator.tools.systems.minisix.rules import (
    ATTRIBUTE_DESCRIPTIONS, ATTRIBUTE_OF_SKILL, SKILL_DESCRIPTIONS, Attribute, Difficulty, Skill, WeaponKind,
)

WHO = named("Who acts.")


class CheckProposal(ProposalArgs):
    actor: str = WHO
    skill: Skill | None = Field(None, description="The skill that applies, or null for an attribute alone.")
    attribute: Attribute | None = Field(None, description="Only when no skill applies: might, agility, wit, charm.")
    difficulty: Difficulty = Field("moderate", description="How hard the task is (moderate when unsure).")
    circumstance: Circumstance = "none"
    hero_point: bool = Field(False, description="The player spends a Hero Point (+6; Thule house rule).")
    twice: bool = Field(False, description="Two actions this round (-1D to each).")
    thrice: bool = Field(False, description="Three actions this round (-2D to each).")


class AttackProposal(ProposalArgs):
    attacker: str = WHO
    defender: str = named("Whom.")
    skill: WeaponKind | None = Field(None, description="The attack skill: melee (a weapon in hand), brawling "
                                     "(fists), missile (bow, gun), throwing.")
    charge: bool = Field(False, description="Charging at the foe.")
    circumstance: Circumstance = "none"
    hero_point: bool = Field(False, description="The player spends a Hero Point (+6; Thule house rule).")
    twice: bool = Field(False, description="Two attacks this round (-1D to each).")
    thrice: bool = Field(False, description="Three attacks this round (-2D to each).")


class StartCombatProposal(ProposalArgs):
    combatants: list[str] = Field(min_length=1, max_length=50, json_schema_extra=ACTOR_ENUM)


class DodgeProposal(ProposalArgs):
    actor: str = WHO
    mode: Literal["action", "full"] = Field("action", description="action: dodging while doing other things; full: "
                                            "doing nothing but dodging (+10).")
    dash: bool = Field(False, description="Dashing away while dodging (full dodge).")


class RunProposal(ProposalArgs):
    actor: str = WHO
    mode: Literal["run", "sprint"] = "run"


class TreatProposal(ProposalArgs):
    actor: str = WHO
    target: str = named("The patient.")
    kit: bool = Field(False, description="A medicine kit is at hand.")


class RestProposal(ProposalArgs):
    actor: str = WHO


class PerkProposal(ProposalArgs):
    actor: str = WHO
    power: str = Field(min_length=1, max_length=60, description="The perk used, as on the sheet (lucky, destiny, "
                       "favors, perceptive, daredevil, recall).")


class CoverProposal(ProposalArgs):
    actor: str = WHO
    cover: Literal["50%", "75%", "90%", "100%"] = Field("50%", description="How much the cover hides (50% unless "
                                                         "said).")


class LuckyBreakProposal(ProposalArgs):
    actor: str = WHO


def _extra(a: CheckProposal | AttackProposal) -> int | None:
    """"Shoot twice": two actions, -1D to each (``Multiple Actions``); unsaid, the turn's declaration stands."""
    return 2 if a.thrice else 1 if a.twice else None


def _check(a: CheckProposal, s) -> dict:
    attribute = a.attribute or (ATTRIBUTE_OF_SKILL[a.skill] if a.skill else None)
    return {"actor": a.actor, "skill": a.skill, "attribute": attribute, "difficulty": a.difficulty,
            "modifier": modifier_for(s, a.circumstance), "hero_points": 1 if a.hero_point else 0,
            "extra_actions": _extra(a)}


def _attack(a: AttackProposal, s) -> dict:
    return {"attacker": a.attacker, "defender": a.defender, "kind": a.skill, "charge": a.charge,
            "modifier": modifier_for(s, a.circumstance), "hero_points": 1 if a.hero_point else 0,
            "extra_actions": _extra(a)}


SPECS = [
    ProposalSpec("minisix_check", CheckProposal, _check, "someone attempts something uncertain that is not an attack "
                 "(a skill, or an attribute alone)"),
    ProposalSpec("minisix_attack_target", AttackProposal, _attack, "someone attacks someone on the table"),
    start_combat("minisix_start_combat", "a fight breaks out (roll initiative)", StartCombatProposal),
    ProposalSpec("minisix_dodge_action", DodgeProposal, lambda a, s: {"actor": a.actor, "mode": a.mode,
                                                                      "dash": a.dash and a.mode == "full"},
                 "someone dodges: the Dodge action, or a full dodge doing nothing else"),
    ProposalSpec("minisix_run", RunProposal, passed("actor", "mode"),
                 "someone does nothing but run, or sprints in a straight line"),
    ProposalSpec("minisix_treat_wounds", TreatProposal, passed(healer="actor", patient="target", kit="kit"),
                 "someone treats another's wounds with the Medicine skill"),
    ProposalSpec("minisix_natural_heal", RestProposal, passed("actor"),
                 "someone rests to heal their own wounds naturally"),
    ProposalSpec("minisix_take_cover", CoverProposal, passed("actor", "cover"),
                 "someone gets behind cover (a wall, crates, a tree) against attacks"),
    ProposalSpec("minisix_use_perk", PerkProposal, passed("actor", perk="power"),
                 "someone uses one of their perks (lucky, destiny, favors, perceptive, daredevil, recall)"),
    ProposalSpec("minisix_lucky_break", LuckyBreakProposal,
                 lambda a, s: {"actor": a.actor, "what": "a lucky break from the character's background"},
                 "someone spends a Hero Point for a lucky break from their background (Thule)"),
]


def router_examples() -> list[tuple[str, str]]:
    """Labelled anchors from the rulebook's words: each skill's activities and each attribute's description."""
    out = []
    for skill, text in SKILL_DESCRIPTIONS.items():
        for phrase in text.split(";"):
            phrase = phrase.strip()
            if phrase and "(" not in phrase:
                out.append((f"I try {phrase}", f"minisix_check:{skill}"))
    for attribute, text in ATTRIBUTE_DESCRIPTIONS.items():
        out.append((f"a test of {text.split(',')[0]}", f"minisix_check:{attribute}"))
    out += [("I take the dodge action", "minisix_dodge_action:action"),
            ("I do nothing but dodge this round", "minisix_dodge_action:full"),
            ("I make a full run", "minisix_run:run"), ("I sprint in a straight line", "minisix_run:sprint"),
            ("I roll initiative", "minisix_start_combat")]
    return out
