"""The turn's economy and helping (``five-plus.md#4.3) Actions``, ``#Helping``).

"Players will get a -1 rush penalty for each additional action taken (to all actions!) … if the player focuses on a
single action, the character would get a +1 focus bonus … all character start with a +2 bonus every turn and will
add a -1 penalty for each action they take to all 2d6 rolled … resistance actions are instantaneous and
instinctive, so they do not count as a rushed action." Moving between the near, far and away areas needs "full
movement (-2 move penalty to all actions)".

Helping: "a +1 help bonus … effectively extending both character's success range" when one supports the same
action; "using different actions … the help action needs to succeed to provide the help bonus"; helping everyone
at once gives "all other characters … the help bonus from one single action, however, the action will suffer from
a -1 difficulty penalty".

Readings chosen:

* Turn value = +2 − (active and passive actions) − 2 if the character makes a full move, added to every 2d6 the
  character rolls that turn, resisting rolls included ("to all 2d6 rolled"); resisting actions are not counted.
  One action: +1 (focus); two: 0; three: −1. A move is not an action in itself; it is the −2.
* A turn with no action (only resisting rolls, or nothing) gets +1, not +2: "if the player focuses on a single
  action, the character would get a +1 focus bonus" is the best case the book ever describes, and the "+2 every
  turn" sentence is its way to count the focus bonus and the rush penalty together ("As such, it can be thought
  that ..."), not a third bonus for doing less. The book's own resisting example keeps +1 on both rolls.
* Same-action help needs no roll (+1, the helper acts with the helped); different-action help is a check that
  must succeed; help for everyone is one check at −1 whose success gives +1 to every other character's actions
  against that adversary. Help bonuses do not stack: one +1 per action.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from narrator.tools.contract import CheckResult, ToolArgs, ToolResult, signed
from narrator.tools.dice import Roller
from narrator.tools.steps import Step, step
from narrator.tools.systems.fiveplus.checks import CheckArgs, CheckRoll, refs_for, roll_check
from narrator.tools.systems.fiveplus.rules import ACTIONS, HELPING
from narrator.tools.tool import tool

FOCUS_BASE = 2
FOCUS_BONUS = 1
"""The most a turn gives: the +1 focus bonus of a single action (see the module's readings)."""
MOVE_PENALTY = -2


def turn_value(actions: int, move: bool) -> int:
    return min(FOCUS_BONUS, FOCUS_BASE - actions) + (MOVE_PENALTY if move else 0)


def turn_lines(actions: int, resisting: int, move: bool) -> list[Step]:
    value = turn_value(actions, move)
    lines = [step("fiveplus.turn_value", actions=actions, move=move, value=value)]
    if resisting:
        lines.append(step("fiveplus.resisting", resisting=resisting, value=value))
    return lines


def turn_value_words(v) -> str:
    actions, move, value = v["actions"], v["move"], v["value"]
    if actions == 0:
        return ("No action this turn: at most the +1 focus bonus of a single action, the best a turn gives"
                + (", −2 for a full move" if move else "") + f" = {signed(value)} to every roll this turn.")
    name = "focus bonus" if actions == 1 else "rush penalty"
    return (f"+2 at the start of the turn, −1 for each of {actions} action(s) ({name})"
            + (", −2 for a full move" if move else "") + f" = {signed(value)} to every roll this turn.")


class TurnArgs(ToolArgs):
    actions: int = Field(1, ge=0, le=6, description="Active and passive actions this turn (attacks, defences, "
                         "manoeuvres, abilities).")
    resisting: int = Field(0, ge=0, le=6, description="Resisting rolls forced by others' actions (not counted).")
    move: bool = Field(False, description="A full move to another area (near, far, away): -2 to all actions.")


class TurnResult(ToolResult):
    value: int = Field(description="Added to every 2d6 the character rolls this turn.")
    rolls: int = Field(description="How many rolls get it (actions plus resisting rolls).")


@tool("fiveplus")
def fiveplus_turn(args: TurnArgs, roller: Roller) -> TurnResult:
    """The 5+ turn's modifier for every roll: +2, -1 per action taken (one action: +1 focus, the most a turn gives;
    more: rush), -2 for a full move; resisting rolls do not count as actions."""
    value = turn_value(args.actions, args.move)
    return TurnResult(summary=step("fiveplus.turn", actions=args.actions, move=args.move, value=value),
                      steps=turn_lines(args.actions, args.resisting, args.move), rule_refs=[ACTIONS], value=value,
                      rolls=args.actions + args.resisting)


HelpMode = Literal["same_action", "different_action", "everyone"]


class HelpArgs(ToolArgs):
    mode: HelpMode = Field(description="same_action (support the same action: +1, no roll), different_action (a "
                           "help action that must succeed) or everyone (one action at -1 helps all others).")
    check: CheckArgs | None = Field(None, description="The helper's check, for different_action and everyone.")

    @model_validator(mode="after")
    def _check_needed(self):
        if self.mode != "same_action" and self.check is None:
            raise ValueError(f"{self.mode} help is a check that must succeed: give the helper's check")
        return self


class HelpResult(CheckResult):
    mode: HelpMode
    bonus: int = Field(description="+1 to the helped action(s) when the help works, else 0.")
    helper_check: CheckRoll | None


@tool("fiveplus")
def fiveplus_help_bonus(args: HelpArgs, roller: Roller) -> HelpResult:
    """5+ help: +1 to another's action — supporting the same action needs no roll; a different help action must succeed;
    helping everyone is one action at -1 that gives all others +1."""
    if args.mode == "same_action":
        return HelpResult(summary=step("fiveplus.help_same"), steps=[step("fiveplus.help_same_why")],
                          rule_refs=[HELPING], dice=[], outcome="help", success=True, odds=None, mode=args.mode,
                          bonus=1, helper_check=None)
    check = args.check
    assert check is not None
    steps: list[Step] = []
    if args.mode == "everyone":
        check = check.model_copy(update={"modifier": max(-20, check.modifier - 1)})
        steps.append(step("fiveplus.help_everyone"))
    roll = roll_check(check, roller, "help die")
    steps += roll.steps
    bonus = 1 if roll.success else 0
    steps.append(step("fiveplus.help_outcome", mode=args.mode, bonus=bonus))
    return HelpResult(summary=step("fiveplus.help", mode=args.mode, outcome=roll.outcome, bonus=bonus), steps=steps,
                      rule_refs=list(dict.fromkeys([HELPING, *refs_for(roll)])), dice=roll.dice,
                      outcome=roll.outcome, success=roll.success, odds=roll.odds, mode=args.mode, bonus=bonus,
                      helper_check=roll)
