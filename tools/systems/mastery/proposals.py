"""What the agent may propose in Mastery, without numbers: who acts, what kind of challenge it is (the *activity*:
stealth, athletics, persuasion...), whom they oppose or attack, and how favourable the circumstances are.

The engine then does what the GM and the player would: the activity picks the trait the campaign uses for it and
the character's best fitting ability and skill (:mod:`.fit`), the circumstance word becomes dice
(:meth:`Mastery.circumstances`), and the campaign's die and difficulty apply. An attack proposal becomes whatever
the campaign's combat mode makes of an attack (:mod:`.table_combat`): a contested roll (roundtable), a challenge
against a foe that doesn't roll (fearsome), or a secret action for the round (bloodbath).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from narrator.tools.errors import FieldProblem, ToolArgumentError
from narrator.tools.proposals import (
    Circumstance, ProposalArgs, ProposalSpec, modifier_for, named, sheet_names, start_combat,
)
from narrator.tools.systems.mastery.rules import ACTIVITIES, CheckActivity


SKILL = Field(None, max_length=40, json_schema_extra=sheet_names("skills"),
              description="A skill of the actor's sheet the words name (lock-picking for 'pick the lock').")


class CheckProposal(ProposalArgs):
    actor: str = named("Who acts.")
    activity: CheckActivity | None = Field(None, description="Required — what the challenge is about: " + "; ".join(
        f"{k} ({v})" for k, v in ACTIVITIES.items() if k in CheckActivity.__args__))  # type: ignore[attr-defined]
    skill: str | None = SKILL
    circumstance: Circumstance = "none"


class ContestProposal(ProposalArgs):
    actor: str = named("Who acts.")
    target: str = named("Who opposes them.")
    activity: CheckActivity | None = Field(None, description="Required — what the actor does against the opponent.")
    skill: str | None = SKILL
    circumstance: Circumstance = "none"


class AttackProposal(ProposalArgs):
    attacker: str = named()
    defender: str = named()
    style: Literal["melee", "ranged"] | None = Field("melee", description="melee: close combat; ranged: shooting or "
                                              "throwing.")
    circumstance: Circumstance = "none"


class DeclareProposal(ProposalArgs):
    actor: str = named()
    action: Literal["defend", "flee", "focus"] | None = Field(None, description="Required — Bloodbath: defend, "
                                                              "flee, or focus on something an attack would disrupt.")


def _required(value, field: str, what: str):
    """Optional in the schema (so the variant machinery reads a plain Literal), required by the engine."""
    if value is None:
        raise ToolArgumentError("?", [FieldProblem(field, f"say {what}")])
    return value


def _named_skill(a: CheckProposal | ContestProposal, s, activity: str) -> dict:
    """The skill the words name, when it fits the activity: the player's own pick, which the best fit (:mod:`.fit`)
    would otherwise override with the highest-rated one — pickpocketing for picking a lock."""
    from narrator.tools.systems.mastery.fit import fits
    from narrator.tools.systems.mastery.table_common import sheet_of

    if not a.skill or a.actor not in s.characters:
        return {}
    sheet = sheet_of(s, a.actor)
    return {"skill": a.skill} if a.skill in sheet.skills and fits(sheet, "skill", a.skill, activity) else {}


def _check(a: CheckProposal, s) -> dict:
    activity = _required(a.activity, "activity", "what kind of challenge it is")
    return {"actor": a.actor, "activity": activity, **_named_skill(a, s, activity),
            "circumstance": modifier_for(s, a.circumstance)}


def _contest(a: ContestProposal, s) -> dict:
    activity = _required(a.activity, "activity", "what the actor does against the opponent")
    return {"actor": a.actor, "opponent": a.target, "activity": activity, **_named_skill(a, s, activity),
            "circumstance": modifier_for(s, a.circumstance)}


def _attack(a: AttackProposal, s) -> dict:
    return {"attacker": a.attacker, "defender": a.defender, "style": a.style or "melee",
            "circumstance": modifier_for(s, a.circumstance)}


def _declare(a: DeclareProposal, s) -> dict:
    return {"actor": a.actor, "action": _required(a.action, "action", "whether to defend, flee or focus")}


SPECS = [
    ProposalSpec("mastery_check", CheckProposal, _check,
                 "someone attempts something uncertain that nobody actively opposes (not an attack)"),
    ProposalSpec("mastery_contest", ContestProposal, _contest,
                 "someone pits themselves against another character who resists: sneaking past or hiding from them, lying to "
                 "or bluffing them, picking their pocket, arm-wrestling or racing them"),
    ProposalSpec("mastery_attack", AttackProposal, _attack, "someone attacks someone on the table"),
    ProposalSpec("mastery_declare", DeclareProposal, _declare,
                 "in a fight, someone defends, flees, or focuses on something instead of attacking"),
    start_combat("mastery_start_combat", "a fight breaks out"),
]


def router_examples() -> list[tuple[str, str]]:
    """Labelled anchors from the rulebook's own words: the activities it gives as examples of abilities and skills
    ("martial arts, stealth, acrobatics, or magical lore"; "tracking, lock-picking, feinting, or swimming"...), and
    the fights of its combat section."""
    out = []
    for activity, text in ACTIVITIES.items():
        if activity not in CheckActivity.__args__:  # type: ignore[attr-defined]
            continue
        for phrase in text.split(","):
            phrase = phrase.strip()
            if phrase:
                out.append((f"I try {phrase}", f"mastery_check:{activity}"))
    out += [
        ("I jump across the spiked pit", "mastery_check:athletics"),
        ("I try to classify the wild plants", "mastery_check:survival"),
        ("I do a cartwheel over the table", "mastery_check:acrobatics"),
        ("I pick the lock", "mastery_check:thievery"),
        ("I swim across the river", "mastery_check:athletics"),
        ("I track the beast through the forest", "mastery_check:survival"),
        ("I play music for the crowd", "mastery_check:performance"),
        ("I cast a spell", "mastery_check:magic"),
        ("I swing my hammer at the tomb guardian", "mastery_attack:melee"),
        ("I attack the guard with my longsword", "mastery_attack:melee"),
        ("I shoot an arrow at the guard", "mastery_attack:ranged"),
        ("I raise my shield and defend this round", "mastery_declare:defend"),
        ("I run away from the fight", "mastery_declare:flee"),
        ("I focus on my spell while they fight", "mastery_declare:focus"),
        ("The tomb guardian awakens and attacks!", "mastery_start_combat"),
        ("We fight!", "mastery_start_combat"),
        ("I arm-wrestle the guard", "mastery_contest:athletics"),
        ("I try to sneak past the guard without him noticing", "mastery_contest:stealth"),
    ]
    return out
