"""Minim powers (``minim.md#Powers``) and the wealth power used to buy things.

A power is not a test: the character spends a faith point and rolls ONE die; a face equal to or lower than the
power score activates it, anything higher wastes the action but the faith point is kept. Characters with zero faith
cannot use powers at all, so ``faith = 0`` is an argument error rather than a wasted roll.

Readings chosen where the rulebook is terse:

* Powers take no bonuses or penalties: the rule is "roll a die, equal or lower than the power score", with no
  target arithmetic, so ``minim_power`` accepts no modifier (a faith point is the price of the roll, not a +1).
* Items that "work exactly like powers with their own power-scores" (``minim.md#Advancement``) roll the same way:
  the table tool ``minim_use_power`` finds a gear item with a ``power`` score when no power has the name.
* Purchases cost wealth, not faith: "buying score-appropriate items require a roll and 1-point is permanently-lost
  on a success" names no faith point, so none is required. The roll is d6 <= wealth score (wealth is a power); a
  faith point may be spent on it for the usual "+1 bonus to an action" (d6 <= wealth + 1), spent whether or not
  the purchase succeeds, as for any action. 1 wealth point is lost only on a success.
* "Much cheaper than the wealth score" means a price at least 2 below it (price <= wealth - 2): bought free, no roll,
  no faith. "Score-appropriate" means a price of wealth - 1 or wealth: a roll. A price above the wealth score cannot
  be bought at all (outcome ``unaffordable``, no dice), since the rule gives richer items no way in.
* Prices are the 1-5 wealth scale; gear quality -2..+2 maps to price 1..5 (``rules.QUALITY_PRICE``, from
  ``minim.md#Attacks``: "Prices go from 1-wealth for a -2-item to 5-wealth for a +2-one"). Give one or the other.
* Faith is the character's current points. A player-character never holds more than their brain score (at most 5);
  the cap here is 99 so a narrator's shared per-scene pool also fits.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from pydantic import Field, ValidationInfo, field_validator

from narrator.tools.contract import CheckResult, ToolArgs, ref
from narrator.tools.dice import Roller
from narrator.tools.odds import Dist, Odds
from narrator.tools.steps import step
from narrator.tools.tool import tool
from narrator.tools.systems.minim.rules import BOOK, QUALITY_PRICE

POWERS = ref(BOOK, "Powers")
FAITH = ref(BOOK, "Faith")
ATTACKS = ref(BOOK, "Attacks")  # where item quality and its wealth price are defined

NO_FAITH = "a character with 0 faith cannot use powers until regaining at least one faith point"
FAITH_FIELD = Field(ge=0, le=99, description="The character's current faith points (a power roll needs at least "
                    "1); null when faith is not counted (a narrator's infinite pool, or a brain test in its place).")


def activation_dist(score: int) -> Dist:
    """One d6 against a power score: faces 1..score activate."""
    return Dist.from_weights({True: score, False: 6 - score})


class PowerArgs(ToolArgs):
    power: str = Field(min_length=1, max_length=80, description="The power's name, e.g. 'Fire-ball'.")
    score: int = Field(ge=1, le=5, description="The power score (1-5).")
    faith: int | None = FAITH_FIELD

    @field_validator("faith")
    @classmethod
    def _needs_faith(cls, v: int | None) -> int | None:
        if v == 0:
            raise ValueError(NO_FAITH)
        return v


class PowerResult(CheckResult):
    outcome: Literal["activated", "wasted"]
    power: str
    score: int
    faith_before: int | None
    faith_after: int | None
    faith_spent: int = Field(description="Faith points spent: 1 if activated, else 0.")


@lru_cache(maxsize=None)
def power_odds(score: int) -> Odds:
    """A power roll's odds block per score (1-5)."""
    dist = activation_dist(score)
    return dist.odds(dist[True], label=lambda k: "activated" if k else "wasted", order=(True, False))


@tool("minim")
def minim_power(args: PowerArgs, roller: Roller) -> PowerResult:
    """Use a Minim power: 1d6 <= power score activates it and spends a faith point."""
    die = roller.roll(6, f"{args.power} power roll")
    activated = die.face <= args.score
    spent = 1 if activated else 0
    counted = args.faith is not None
    steps = [
        step("minim.power_needs", faith=args.faith),
        step("minim.power_roll", power=args.power, score=args.score, face=die.face),
    ]
    if activated:
        steps += [step("minim.power_activates", face=die.face, score=args.score)]
        steps += [step("minim.power_faith_spent", faith=args.faith)] if counted else []
    else:
        steps += [step("minim.power_wasted", face=die.face, score=args.score)]
        steps += [step("minim.power_faith_kept", faith=args.faith)] if counted else []
    outcome = "activated" if activated else "wasted"
    return PowerResult(
        summary=step("minim.powered", power=args.power, score=args.score, face=die.face, outcome=outcome,
                     faith=args.faith, spent=spent),
        steps=steps,
        rule_refs=[POWERS, FAITH],
        dice=[die],
        outcome=outcome,
        success=activated,
        odds=power_odds(args.score),
        power=args.power,
        score=args.score,
        faith_before=args.faith,
        faith_after=args.faith - spent if counted else None,
        faith_spent=spent,
    )


PurchaseOutcome = Literal["free", "bought", "failed", "unaffordable"]


def purchase_kind(wealth: int, price: int) -> Literal["free", "roll", "unaffordable"]:
    """Much cheaper (price <= wealth - 2) is free; score-appropriate (wealth - 1 or wealth) rolls; dearer is out."""
    if price <= wealth - 2:
        return "free"
    return "roll" if price <= wealth else "unaffordable"


class PurchaseArgs(ToolArgs):
    wealth: int = Field(ge=0, le=5, description="The character's wealth power score (0-5; 0 after spending it all).")
    price: int | None = Field(None, ge=1, le=5, description="The item's wealth price 1-5. Give price OR quality.")
    quality: int | None = Field(
        None, ge=-2, le=2, validate_default=True,
        description="Gear quality -2..+2 (price 1..5). Give quality OR price.",
    )
    faith: bool = Field(False, description="Spend a faith point for +1 to the wealth roll (never required; no point "
                        "is spent when no roll is needed).")

    @field_validator("quality")
    @classmethod
    def _exactly_one(cls, v: int | None, info: ValidationInfo) -> int | None:
        if "price" not in info.data:  # price was given but invalid; that error is already reported
            return v
        if (info.data["price"] is None) == (v is None):
            raise ValueError("give exactly one of price (1-5) or quality (-2..+2)")
        return v

    @property
    def effective_price(self) -> int:
        return self.price if self.price is not None else QUALITY_PRICE[self.quality]


class PurchaseResult(CheckResult):
    outcome: PurchaseOutcome
    price: int
    quality: int | None = Field(description="The item quality when the price came from it, else null.")
    wealth_before: int
    wealth_after: int
    faith_spent: int = Field(description="1 when a faith point was spent for +1 on the wealth roll, else 0.")


@lru_cache(maxsize=None)
def purchase_odds(kind: str, need: int) -> Odds:
    """A purchase's odds block: certain when no roll is made, else a d6 against ``need`` (wealth, +1 for faith)."""
    if kind == "roll":
        dist = activation_dist(need).map(lambda ok: "bought" if ok else "failed")
    else:
        dist = Dist.certain(kind)
    order = [k for k in ("free", "bought", "failed", "unaffordable") if dist[k]]
    return dist.odds(dist.p(lambda k: k in ("free", "bought")), order=order)


@tool("minim")
def minim_purchase(args: PurchaseArgs, roller: Roller) -> PurchaseResult:
    """Buy an item with the Minim wealth power: free, a d6 <= wealth roll (a faith point may add +1), or unaffordable."""
    price, wealth = args.effective_price, args.wealth
    steps = []
    refs = [POWERS]
    if args.quality is not None:
        steps.append(step("minim.quality_price", quality=args.quality, price=price))
        refs.append(ATTACKS)
    kind = purchase_kind(wealth, price)
    dice = []
    spent = 0
    if kind == "free":
        steps.append(step("minim.purchase_free", price=price, wealth=wealth))
        outcome = "free"
    elif kind == "unaffordable":
        steps.append(step("minim.purchase_unaffordable", price=price, wealth=wealth))
        outcome = "unaffordable"
    need = wealth + (1 if args.faith else 0)
    if kind == "roll":
        spent = 1 if args.faith else 0
        die = roller.roll(6, "wealth power roll")
        dice.append(die)
        steps += [step("minim.purchase_roll", price=price, wealth=wealth, faith=bool(spent), need=need),
                  step("minim.rolled", face=die.face)]
        if spent:
            refs.append(FAITH)
        if die.face <= need:
            outcome = "bought"
            steps += [step("minim.purchase_bought", face=die.face, need=need),
                      step("minim.wealth_lost", wealth=wealth, after=wealth - 1)]
        else:
            outcome = "failed"
            steps.append(step("minim.purchase_failed", face=die.face, need=need))
    if args.faith and kind != "roll":
        steps.append(step("minim.no_roll_no_faith"))
    paid = 1 if outcome == "bought" else 0
    return PurchaseResult(
        summary=step("minim.purchased", price=price, wealth=wealth, face=dice[0].face if dice else None,
                     outcome=outcome, after=wealth - paid),
        steps=steps,
        rule_refs=refs,
        dice=dice,
        outcome=outcome,
        success=outcome in ("free", "bought"),
        odds=purchase_odds(kind, min(need, 6)),
        price=price,
        quality=args.quality,
        wealth_before=wealth,
        wealth_after=wealth - paid,
        faith_spent=spent,
    )
