"""Brew's words for the narration, the guard and the gate: which sheet fields are resources, which conditions do
what, and the story facts a result establishes (``brew.md#Damage``).

Health is a resource (hurt when it falls, down at 0); Resolve and mana are pools; lasting injuries are their own
facts ("hurt: a lasting injury, broken arm"). Crossing a health threshold is told in words, never numbers: at 5
or below the character is *hurt* (slowed by the wounds), at 3 or below *badly hurt*, below 0 *dying*, at −5
*dead*.
"""

from __future__ import annotations

from typing import Any

from narrator.tools.effects import HEALTH_POINTS, MAX_HEALTH, ops_of
from narrator.tools.systems.contract import ConditionRule, Effect, Resource, Vocabulary
from narrator.tools.systems.brew.rules import (
    ATTRIBUTES, DAMAGE, EXHAUSTION, HEALING_MORE, MAGIC_FIELDS, SKILLS, SLEEP, THIN_FACE_REF, TIME, WEATHER,
)
from narrator.tools.table import SetField

TIERS = ((-5, "dead"), (0, "down"), (3, "badly hurt"), (5, "hurt"))


def tier(health: int) -> str | None:
    for top, name in TIERS:
        if health <= top:
            return name
    return None


VOCABULARY = Vocabulary(
    resources=(
        HEALTH_POINTS,
        Resource(field="resolve", word="Resolve", kind="pool"),
        Resource(field="mana", word="mana", kind="pool"),
        Resource(field="xp", word="experience", kind="pool"),
        MAX_HEALTH,
        Resource(field="max_mana", word="mana slots", kind="stat"),
        Resource(field="stabilising_days", word="stabilisation period", kind="level", higher_is_better=False),
    ),
    items_field="gear",
    mechanics=("resolve point", "resolve points", "chance roll", "mana slot", "mana slots", "difficulty",
               "threshold", "pool", "soak", "soaks", "specialty", "perfect success", "astounding success",
               "bullet time", "story time", "downtime", "stabilisation period", "stabilization period", "xp",
               "experience points", "attribute", "skill roll", "contested roll"),
    # Only labels that read as an outcome wherever they stand: the gate counts every label it finds in a sentence
    # as a claim, so the book's plain words (win, lose, hit, miss, caught, kept, lost, safe, ill, awake...) stay
    # out -- "you win over the crowd, but..." is no success, "the ill merchant" no failure. Those results carry
    # `success`, which gives the polarity, and the shared claim patterns already read hit/miss/fail/succeed.
    outcomes={"failure": -1, "success": 1, "perfect success": 1, "astounding success": 1, "tie": 0,
              "countered": -1, "got away": -1, "falls asleep": -1, "no effect": 0, "too exhausted": -1},
    downed_words=("unconscious", "dying", "dead"),
    stats=(*ATTRIBUTES, *SKILLS, *MAGIC_FIELDS),
)

CONDITIONS = [
    ConditionRule(name="unconscious", blocks_action=True, blocks_move=True, meaning="health 0 or below",
                  rule_ref=DAMAGE),
    ConditionRule(name="dying", blocks_action=True, blocks_move=True, meaning="below 0: dies within hours equal to "
                  "Power unless stabilised", rule_ref=DAMAGE),
    ConditionRule(name="dead", blocks_action=True, blocks_move=True, meaning="health -5 or below", rule_ref=DAMAGE),
    ConditionRule(name="stabilising", blocks_action=True, blocks_move=True, meaning="no skill rolls until the "
                  "stabilisation period ends", rule_ref=HEALING_MORE),
    ConditionRule(name="grappled", blocks_move=True, meaning="held down: rolls 2d6 keep the lower; getting up is "
                  "Power against Power", rule_ref="brew.md#Combat"),
    ConditionRule(name="exhausted-1", modifier=-2, meaning="-2 to all skills", rule_ref=EXHAUSTION),
    ConditionRule(name="exhausted-2", modifier=-3, meaning="-3 to all skills", rule_ref=EXHAUSTION),
    ConditionRule(name="exhausted-3", modifier=-4, meaning="-4 to all skills; pushing on means collapse",
                  rule_ref=EXHAUSTION),
    ConditionRule(name="exposed", modifier=-2, meaning="extreme heat or cold: -2 to all rolls", rule_ref=WEATHER),
    ConditionRule(name="embarrassed", modifier=-2, meaning="Thin Face: -2 to all rolls until the scene ends",
                  rule_ref=THIN_FACE_REF),
    ConditionRule(name="ill", meaning="-2 on Power rolls (or as the illness says)", rule_ref="brew.md#Illness"),
    ConditionRule(name="relaxed", meaning="Story Time: +2 on focus tasks, -2 perceiving danger", rule_ref=TIME),
    ConditionRule(name="alert", meaning="Story Time: +2 perceiving danger, -2 on focus tasks", rule_ref=TIME),
    ConditionRule(name="sleepless", meaning="penalties by the days without sleep", rule_ref=SLEEP),
]


def _names(value: Any) -> list[str]:
    return [str(v.get("name")) for v in value or [] if isinstance(v, dict)] if isinstance(value, list) else []


def extra_effects(changes: Any) -> list[Effect]:
    """What the default reading of ops misses: health thresholds in words, and lasting injuries."""
    out: list[Effect] = []
    for op in ops_of(changes):
        if not isinstance(op, SetField):
            continue
        if op.field == "health" and isinstance(op.value, int) and isinstance(op.was, int):
            was, now = tier(op.was), tier(op.value)
            if now != was:
                order = [None, "hurt", "badly hurt", "down", "dead"]
                if now in ("hurt", "badly hurt"):
                    out.append(Effect(kind="condition_added", who=op.name, what=now))
                if was in ("hurt", "badly hurt") and order.index(now) < order.index(was):
                    out.append(Effect(kind="condition_removed", who=op.name, what=was))
                if now == "dead":
                    out.append(Effect(kind="downed", who=op.name, what="dead"))
                elif op.value < 0 <= op.was or (op.value < 0 and was != "down"):
                    out.append(Effect(kind="downed", who=op.name, what="dying"))
        elif op.field == "lasting_injuries":
            before, after = _names(op.was), _names(op.value)
            for name in after:
                if name not in before:
                    out.append(Effect(kind="harmed", who=op.name, what=f"a lasting injury: {name}"))
            for name in before:
                if name not in after:
                    out.append(Effect(kind="healed", who=op.name, what=f"the lasting injury ({name}) has healed"))
    return out
