"""The sample flaws that roll dice (``brew.md#Thin Face``, ``#Unlucky``, ``#Rogue Warrior``, ``#Elf``). The sample
tricks with numbers live where they act: Lucky in the die (:mod:`.checks`), A Thousand Masks as +2 and in the
chance roll (:mod:`.rerolls`), Cloak of the God's Favour as soak (:mod:`.table_combat`).

Readings chosen:

* **Unlucky**: when the stakes are high, 1d6 of 1-3 fails the action catastrophically.
* **Old Enemies**: beside each social roll, an extra d6; a 1 brings an old enemy (when and how is the
  gamemaster's).
* **Bound by Their Word**: breaking a promise, 1d6 + the higher of Power and Wits against 8; either way 5 damage
  that magic cannot heal; failing, also a point off the higher of the two (never below 1; ties take Power).
* **Thin Face**: in an embarrassing situation, Wits + Performance + 1d6 against 8, or the character reacts
  aggressively, walks out, or rolls everything at −2 until the scene (or Bullet Time) ends.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from narrator.tools.contract import CheckResult, ToolArgs
from narrator.tools.dice import Roller
from narrator.tools.odds import two_way_odds
from narrator.tools.steps import step
from narrator.tools.tool import tool
from narrator.tools.systems.brew.rules import ELF_REF, ROGUE_REF, THIN_FACE_REF, UNLUCKY_REF

Flaw = Literal["unlucky", "old enemies", "bound by their word", "thin face"]


class FlawArgs(ToolArgs):
    flaw: Flaw
    power: int | None = Field(None, ge=1, le=15, description="bound by their word: Power.")
    wits: int | None = Field(None, ge=1, le=15, description="bound by their word, thin face: Wits.")
    performance: int = Field(0, ge=0, le=15, description="thin face: Performance.")

    @model_validator(mode="after")
    def _stats(self):
        if self.flaw == "bound by their word" and (self.power is None or self.wits is None):
            raise ValueError("bound by their word rolls 1d6 + the higher of Power and Wits: give power and wits")
        if self.flaw == "thin face" and self.wits is None:
            raise ValueError("thin face rolls Wits + Performance: give wits")
        return self


class FlawResult(CheckResult):
    outcome: Literal["safe", "triggered"]
    damage: int = 0
    attribute_lost: str | None = None


def _p(pool: int, difficulty: int):
    from fractions import Fraction

    return Fraction(sum(1 for f in range(1, 7) if pool + f >= difficulty), 6)


@tool("brew")
def brew_flaw_roll(args: FlawArgs, roller: Roller) -> FlawResult:
    """Roll a Brew sample flaw: Unlucky (1-3 fails catastrophically), Old Enemies (a 1 brings an enemy), Bound by Their
    Word (5 damage, maybe an attribute), Thin Face (Wits + Performance vs 8)."""
    d = roller.roll(6, f"{args.flaw} die")
    damage, lost = 0, None
    if args.flaw == "unlucky":
        triggered = d.face <= 3
        p_safe = _p(0, 4)
        steps = [step("brew.unlucky", face=d.face, triggered=triggered)]
        ref = UNLUCKY_REF
    elif args.flaw == "old enemies":
        triggered = d.face == 1
        p_safe = _p(0, 2)
        steps = [step("brew.old_enemies", face=d.face, triggered=triggered)]
        ref = ROGUE_REF
    elif args.flaw == "bound by their word":
        high = max(args.power, args.wits)
        which = "power" if args.power >= args.wits else "wits"
        total = high + d.face
        kept = total >= 8
        triggered = True
        damage = 5
        p_safe = _p(high, 8)
        steps = [step("brew.promise_broken", face=d.face, attribute=which, score=high, total=total),
                 step("brew.promise_kept", attribute=which) if kept else step("brew.promise_lost", attribute=which)]
        if not kept and high > 1:
            lost = which
        ref = ELF_REF
    else:
        pool = args.wits + args.performance
        total = pool + d.face
        triggered = total < 8
        p_safe = _p(pool, 8)
        steps = [step("brew.embarrassed", wits=args.wits, performance=args.performance, face=d.face, total=total,
                      triggered=triggered)]
        ref = THIN_FACE_REF
    outcome = "triggered" if triggered else "safe"
    success = not triggered
    if args.flaw == "bound by their word":  # the damage is certain; the roll decides whether an attribute goes
        success = total >= 8
        odds = two_way_odds(p_safe, "kept", "lost")
    else:
        odds = two_way_odds(p_safe, "safe", "triggered")
    return FlawResult(summary=step("brew.flaw", flaw=args.flaw, outcome=outcome, damage=damage),
                      steps=steps, rule_refs=[ref], dice=[d], outcome=outcome, success=success, odds=odds,
                      damage=damage, attribute_lost=lost)
