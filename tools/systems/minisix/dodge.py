"""The Dodge action, Dodge & Dash and the full dodge (``mini-six.md#Static Defenses``, ``#Defences``).

"A character may take the Dodge action on their turn. They may roll their Dodge skill ... This result is their
minimum Dodge score TN against any number of attacks, and applies until the start of their next turn." The
Defences section says the same more plainly: "Roll Dodge dice, and if higher than Static Dodge use the result vs
all attacks until the character's next turn." So the dodge value is the higher of the roll and the static Dodge.

The full dodge — Dodge & Dash in one section, Full Dodge in the other — takes no other action (a Dash may go with
it) and adds +10. The two sections word it differently ("roll their Dodge skill, add 10 to the result ... their
minimum Dodge score"; "their Dodge roll (or their static dodge score if lower) +10"). Reading chosen: the Defences
section's, read as "the static score if the roll is lower": ``max(roll, static) + 10``, never below what the
plain Dodge action gives, and good "against all attacks (even ones they are unaware of)". The Dodge & Dash sentence
alone would give ``max(static, roll + 10)`` (the roll plus ten as a *minimum* over the static score); the two
readings part only when the roll falls below the static score: static 12, roll 5 is 22 here and 15 there. The
Full Dodge sentence is chosen because it is the one that names the static score as the fallback *before* the +10,
and because a character who gives up every other action for it should never defend worse than one who did not
dodge at all plus the bonus the book promises. Range and cover add to
the value per attack, as for any dodge (the attack tools do that). The Dodge action combined with other actions
loses a die per extra action like any roll; a full dodge has no other action to share dice with.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from pydantic import Field, model_validator

from narrator.tools.contract import CheckResult
from narrator.tools.dice import Roller
from narrator.tools.odds import Dist, Odds
from narrator.tools.steps import step
from narrator.tools.tool import tool
from narrator.tools.systems.minisix.checks import DiceSpec, RollOutcome
from narrator.tools.systems.minisix.rules import DEFENCES, FREE_MOVE, MOVEMENT, STATIC
from narrator.tools.systems.minisix.wild import at_least

FULL_DODGE_BONUS = 10
DASH = 30


class DodgeArgs(DiceSpec):
    static_dodge: int = Field(ge=0, le=200, description="The character's static Dodge (dice × 3 + pips).")
    mode: Literal["action", "full"] = Field("action", description="action: a dodge roll beside other actions; "
                                            "full: the only action (a dash may go with it), +10.")
    dash: bool = Field(False, description="Full dodge only: combined with a Dash, +30' of movement.")

    @model_validator(mode="after")
    def _full_is_alone(self) -> "DodgeArgs":
        if self.mode == "full" and self.extra_actions:
            raise ValueError("a full dodge takes no other action (only a dash): extra_actions must be 0")
        if self.dash and self.mode != "full":
            raise ValueError("dash goes with a full dodge (Dodge & Dash); with the Dodge action, take the dash as "
                             "another action")
        return self


@lru_cache(maxsize=4096)
def dodge_odds(dice: int, pips: int, static_dodge: int, double: bool) -> Odds:
    """Whether the roll beats the static Dodge, once per shape."""
    p = 1 - at_least(dice, pips, static_dodge + 1, double)
    dist = Dist({"static stands": p, "roll improves": 1 - p})
    return dist.odds(p_success=1 - p, order=("static stands", "roll improves"))


class DodgeResult(CheckResult):
    roll: int = Field(json_schema_extra={"fact": "total"})
    static_dodge: int = Field(json_schema_extra={"fact": "target"})
    value: int = Field(json_schema_extra={"fact": "target"},
                       description="The dodge value attackers must reach (before their range and cover) until the "
                       "start of the dodger's next turn.")
    mode: str
    movement: int = Field(description="Feet the dodger may move freely.")


@tool("minisix")
def minisix_dodge(args: DodgeArgs, roller: Roller) -> DodgeResult:
    """The Dodge action: roll Dodge, keep it if higher than static Dodge, vs all attacks until the next turn; a full
    dodge (Dodge & Dash) adds +10."""
    o = RollOutcome(args, roller, "dodge")
    better = o.total > args.static_dodge
    base = max(o.total, args.static_dodge)
    value = base + (FULL_DODGE_BONUS if args.mode == "full" else 0)
    steps = list(o.steps[:-1])  # the open-roll band line says nothing here
    steps.append(step("minisix.dodge_vs_static", roll=o.total, static=args.static_dodge, better=better))
    if args.mode == "full":
        steps.append(step("minisix.full_dodge", base=base, bonus=FULL_DODGE_BONUS, value=value))
    steps.append(step("minisix.dodge_until", value=value))
    move = FREE_MOVE + (DASH if args.dash else 0)
    steps.append(step("minisix.dodge_move", feet=move, dash=args.dash))
    return DodgeResult(
        summary=step("minisix.dodge", roll=o.total, static=args.static_dodge, mode=args.mode,
                     bonus=FULL_DODGE_BONUS, value=value), steps=steps,
        rule_refs=[STATIC, DEFENCES] + ([MOVEMENT] if args.dash else []), dice=o.dice,
        outcome="roll improves" if better else "static stands", success=better,
        odds=dodge_odds(o.eff.code.dice, o.eff.pips, args.static_dodge, args.double), roll=o.total,
        static_dodge=args.static_dodge, value=value, mode=args.mode, movement=move,
    )
