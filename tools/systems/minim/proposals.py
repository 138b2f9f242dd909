"""What the agent may propose in Minim, without numbers: who acts, which skill or trait, how favourable the
circumstances are (mapped to ``minim.md#Bonuses and penalties``: big/small advantage +2/+1 ...)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from narrator.tools.proposals import Circumstance, ProposalArgs, ProposalSpec, modifier_for, named, passed, start_combat
from narrator.tools.systems.minim.rules import Skill, Trait


class CheckProposal(ProposalArgs):
    actor: str = named("Who acts.")
    skill: Skill | None = Field(None, description="The most relevant skill, or null if none applies.")
    trait: Trait | None = Field(None, description="Only when no skill applies: brain, brawl or brass.")
    circumstance: Circumstance = "none"
    twice_as_long: bool = Field(False, description="Calm, and taking twice as long.")
    faith: bool = Field(False, description="The player explicitly spends a faith point.")


class AttackProposal(ProposalArgs):
    attacker: str = named()
    defender: str = named()
    skill: Literal["fight", "fire", "sports"] = Field("fight", description="fight close, fire missiles, sports thrown")
    aim: bool = Field(False, description="The attacker aimed at this defender last turn.")
    circumstance: Circumstance = "none"


class PowerProposal(ProposalArgs):
    actor: str = named()
    power: str = Field(min_length=1, max_length=60, description="A power on the actor's sheet.")


class RecoverProposal(ProposalArgs):
    actor: str = named()
    mode: Literal["mid_action", "full_rest"] = "mid_action"


def _check(a: CheckProposal, s) -> dict:
    return {"actor": a.actor, "skill": a.skill, "trait": a.trait, "modifier": modifier_for(s, a.circumstance),
            "twice_as_long": a.twice_as_long, "faith": a.faith}


def _attack(a: AttackProposal, s) -> dict:
    return {"attacker": a.attacker, "defender": a.defender, "skill": a.skill, "aim": a.aim,
            "modifier": modifier_for(s, a.circumstance)}


SPECS = [
    ProposalSpec("minim_check", CheckProposal, _check, "someone attempts something uncertain that is not an attack"),
    ProposalSpec("minim_attack_target", AttackProposal, _attack, "someone attacks someone on the table"),
    start_combat("minim_start_combat", "a fight breaks out (roll initiative)"),
    ProposalSpec("minim_use_power", PowerProposal, passed("actor", "power"),
                 "someone uses one of their powers"),
    ProposalSpec("minim_recover_health", RecoverProposal, passed("actor", "mode"),
                 "someone catches their breath or rests to recover health"),
]


def router_examples() -> list[tuple[str, str]]:
    """Labelled examples taken from the rulebook's own skill and trait descriptions (``minim.md#Skills``)."""
    from narrator.tools.systems.minim.rules import SKILL_DESCRIPTIONS, TRAIT_DESCRIPTIONS

    out = []
    for skill, text in SKILL_DESCRIPTIONS.items():
        for phrase in text.replace(",", ";").split(";"):
            phrase = phrase.strip().replace("-", " ")
            if phrase:
                out.append((f"I try {phrase}", f"minim_check:{skill}"))
    for trait, text in TRAIT_DESCRIPTIONS.items():
        out.append((f"a test of {text}", f"minim_check:{trait}"))
    return out
