"""Wound level effects (``mini-six.md#Wound Level Effects``): the penalties, the incapacitated character's stamina
roll and the mortally wounded character's death roll.

* Stunned: -1D for all actions until the end of the character's next turn. Wounded: -1D until healed.
  Severely Wounded: -2D until healed. Penalties stack with a stun (a Wounded character stunned is at -2D).
* Incapacitated: "The character falls over. The character may try to stay conscious with a Moderate (15)
  stamina roll at the start of their next turn. If successful, he may continue to act, but with a -3D penalty.
  If he fails, he is knocked out for 10D minutes." The roll is the stamina skill where the sheet has it, else
  Might (skills default to their attribute); the roll itself takes no penalty. The 10D minutes are a roll like
  any other, the wild die included.
* Mortally Wounded: unconscious, "Roll the character's Might each minute, the character finally dies if the roll
  is less than the number of minutes he's been at this level" — the first roll is at minute 1, so a roll of at
  least 1 always survives it.
* Dead: the character has perished.
"""

from __future__ import annotations

from pydantic import Field

from narrator.tools.contract import CheckResult, ToolArgs, ToolResult
from narrator.tools.dice import Roller
from narrator.tools.steps import step
from narrator.tools.tool import tool
from narrator.tools.systems.minisix.checks import DiceSpec, RollOutcome
from narrator.tools.systems.minisix.rules import KNOCKOUT_DICE, STAMINA_TN, WOUND_EFFECTS, Level
from narrator.tools.systems.minisix.wild import throw

EFFECTS: dict[str, tuple[int, bool, str]] = {
    "unharmed": (0, True, "No effect."),
    "stunned": (1, True, "-1D for all actions until the end of the character's next turn."),
    "wounded": (1, True, "-1D to all actions until healed."),
    "severely wounded": (2, True, "-2D on all actions until healed."),
    "incapacitated": (3, False, "The character falls over. At the start of their next turn a Moderate (15) stamina "
                                "roll keeps them conscious, acting at -3D; failing it, they are knocked out for 10D "
                                "minutes."),
    "mortally wounded": (0, False, "Near death and unconscious, with no chance to keep up: roll Might each minute; "
                                   "the character dies if the roll is less than the minutes spent at this level."),
    "dead": (0, False, "The character has perished."),
}
"""Level -> (dice lost by every action, whether the character can act, what the book says)."""


class EffectsArgs(ToolArgs):
    level: Level = Field(description="unharmed, stunned, wounded, severely wounded, incapacitated, mortally "
                         "wounded or dead.")


class EffectsResult(ToolResult):
    level: str
    penalty_dice: int = Field(description="Dice lost by every action (incapacitated: once conscious again).")
    can_act: bool
    effect: str


@tool("minisix")
def minisix_wound_effects(args: EffectsArgs, roller: Roller) -> EffectsResult:
    """What a wound level does: stunned and wounded -1D, severely wounded -2D, incapacitated (stamina roll, -3D),
    mortally wounded (death roll each minute), dead."""
    dice, can_act, text = EFFECTS[args.level]
    return EffectsResult(summary=step("minisix.wound_level", level=args.level),
                         steps=[step("minisix.wound_level_effect", level=args.level)], rule_refs=[WOUND_EFFECTS],
                         level=args.level, penalty_dice=dice, can_act=can_act, effect=text)


class StaminaArgs(DiceSpec):
    code: str = Field(max_length=20, description="The stamina skill's code, or Might's when the sheet has no "
                      "stamina skill.")


class StaminaResult(CheckResult):
    total: int
    conscious: bool
    knocked_out_minutes: int | None = Field(description="On a failure: the 10D minutes rolled.")


@tool("minisix")
def minisix_stay_conscious(args: StaminaArgs, roller: Roller) -> StaminaResult:
    """An incapacitated character's Moderate (15) stamina roll at the start of their turn: stay conscious at -3D, or be
    knocked out for 10D minutes."""
    o = RollOutcome(args, roller, "stamina", tn=STAMINA_TN)
    steps = [step("minisix.stamina_rule"), *o.steps]
    dice = list(o.dice)
    minutes = None
    if o.success:
        steps.append(step("minisix.conscious"))
    else:
        knock = throw(roller, KNOCKOUT_DICE, 0, "minutes knocked out")
        dice += knock.dice
        minutes = knock.total
        steps.append(step("minisix.knocked_out", story=knock.story()))
    return StaminaResult(summary=step("minisix.stamina", total=o.total, conscious=bool(o.success), minutes=minutes),
                         steps=steps, rule_refs=[WOUND_EFFECTS], dice=dice,
                         outcome="conscious" if o.success else "knocked out", success=o.success, odds=o.odds,
                         total=o.total, conscious=bool(o.success), knocked_out_minutes=minutes)


class DeathArgs(DiceSpec):
    code: str = Field(max_length=20, description="The character's Might code.")
    minutes: int = Field(ge=1, le=1000, description="Minutes spent mortally wounded, this one included.")


class DeathResult(CheckResult):
    total: int
    minutes: int = Field(json_schema_extra={"fact": "target"})  # the roll must reach the minutes
    dies: bool


@tool("minisix")
def minisix_death_roll(args: DeathArgs, roller: Roller) -> DeathResult:
    """A mortally wounded character's Might roll each minute: they die if the roll is less than the minutes spent at
    that level."""
    o = RollOutcome(args, roller, "might", tn=args.minutes)
    dies = not o.success
    steps = [step("minisix.death_rule", minutes=args.minutes), *o.steps[:-1],
             step("minisix.death_verdict", total=o.total, minutes=args.minutes, dies=dies)]
    return DeathResult(summary=step("minisix.death_roll", total=o.total, minutes=args.minutes, dies=dies),
                       steps=steps, rule_refs=[WOUND_EFFECTS], dice=o.dice, outcome="dies" if dies else "lives",
                       success=not dies, odds=o.odds, total=o.total, minutes=args.minutes, dies=dies)
