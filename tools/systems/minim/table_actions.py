"""State-bound Minim actions outside combat's bookkeeping: tests, powers, purchases and faith (``minim.md#Tests``,
``#Powers``, ``#Faith``). The agent names the actor; scores, skills, faith and wealth come off the sheet, and the
pure tools (:mod:`.checks`, :mod:`.powers`) do the mechanics. Each result carries the pure result's full data plus
the actor's name and the ``changes``.

Readings chosen (see also :mod:`.table_common` for the conditions):

* ``minim_check``: the trait defaults to the skill's governing trait; another may be named ("those may differ on
  certain circumstances"). Specialties add nothing (the rulebook gives them no number). ``fallen`` is −1,
  ``twice_as_long`` +1; the modifier given is −9..+9 so the total stays in the test's −10..+10.
* ``minim_use_power``: the power must be on the sheet (names ignore case). Wealth is used through ``minim_buy``,
  never as a power roll. A power at score 0 (languages or wealth spent down) cannot be rolled. Powers take no
  modifiers, so ``fallen`` does not touch them.
* ``minim_buy``: the wealth power is read from the sheet (a sheet without one, like most NPCs, has wealth 0, so
  nothing is affordable). A free or bought item is appended to the gear; buying also spends 1 wealth and 1 faith.
* ``minim_grant_faith``: 1 to 3 points ("Narrators can award 1 to 3 points per-refill"), never above max_faith;
  what would go over is reported as ``overflow`` (for a high-light the player may pass it to another player).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, field_validator, model_validator

from tools.binding import bind, run_pure
from tools.contract import ToolArgs, ref
from tools.dice import Roller
from tools.tool import table_tool
from tools.systems.minim.checks import MODIFIERS, MinimTestResult, minim_test
from tools.systems.minim.combat import FUMBLE_RULE
from tools.systems.minim.powers import (
    NO_FAITH, PowerResult, PurchaseResult, minim_power, minim_purchase, purchase_kind,
)
from tools.systems.minim.rules import BOOK, QUALITY_PRICE, TRAIT_OF_SKILL, Skill, Trait
from tools.systems.minim.sheet import GearItem
from tools.systems.minim.table_common import (
    FAITH_ARG, MODIFIER, conditions_of, fail, fallen_penalty, find, lower, modifier_line, not_acting_notes, require_conscious, spend_faith, unknown,
)
from tools.table import BoundResult, SetField, TableState

FAITH = ref(BOOK, "Faith")
ADVANCEMENT = ref(BOOK, "Advancement")
ACTOR = Field(min_length=1, max_length=60, description="A character or NPC on the table.")


# --- checks ------------------------------------------------------------------------------------------------------


class CheckArgs(ToolArgs):
    actor: str = Field(min_length=1, max_length=60, description="Who acts: a character or NPC on the table.")
    skill: Skill | None = Field(None, description="The most relevant skill, or null when none clearly applies.")
    trait: Trait | None = Field(None, description="The trait tested; default: the skill's own trait. Required "
                                "when skill is null.")
    modifier: int = MODIFIER
    twice_as_long: bool = Field(False, description="In a calm environment, taking twice as long: +1.")
    faith: bool = FAITH_ARG

    @field_validator("skill", "trait", mode="before")
    @classmethod
    def _lower_names(cls, v: Any) -> Any:
        return lower(v)

    @model_validator(mode="after")
    def _trait_or_skill(self):
        if self.skill is None and self.trait is None:
            raise ValueError("name the trait (brain, brawl or brass) when no skill applies")
        return self


class CheckOnTableResult(MinimTestResult, BoundResult):
    actor: str
    trait_name: Trait
    skill: Skill | None
    has_skill: bool | None


@table_tool("minim_check", "minim", "A character or NPC on the table makes a Minim test: trait and skill read from "
      "their sheet, conditions applied, optional faith point spent.", acts="actor")
def minim_check(args: CheckArgs, roller: Roller, state: TableState) -> CheckOnTableResult:
    name, c = find(state, args.actor, "actor")
    require_conscious(name, c, "actor")
    conds = conditions_of(state, name)
    trait = args.trait or TRAIT_OF_SKILL[args.skill]
    score = getattr(c.traits, trait)
    has = None if args.skill is None else args.skill in c.skills
    parts: list[tuple[int, str]] = [(1, "taking twice as long")] if args.twice_as_long else []
    fallen, fallen_steps = fallen_penalty(name, conds)
    parts += [(fallen, "fallen")] if fallen else []
    changes = [spend_faith(name, c)] if args.faith else []
    r = run_pure(minim_test, roller, trait=score, skill=args.skill, has_skill=has, trait_name=trait,
                 faith=args.faith, modifier=args.modifier + sum(n for n, _ in parts))
    held = "" if args.skill is None else f" with {args.skill} ({'has it' if has else 'lacks it'})"
    before = [f"{name} tests {trait} {score}{held}.", *fallen_steps, *modifier_line(args.modifier, parts),
              *not_acting_notes(name, conds)]
    refs = ([MODIFIERS] if parts else []) + ([FUMBLE_RULE] if fallen else [])
    what = trait + (f" + {args.skill}" if args.skill else "")  # the player sees what was tested
    return bind(CheckOnTableResult, r, changes, summary=f"{name} ({what}): {r.summary}", before=before, refs=refs,
                actor=name, trait_name=trait, skill=args.skill, has_skill=has)


# --- powers ------------------------------------------------------------------------------------------------------


class UsePowerArgs(ToolArgs):
    actor: str = ACTOR
    power: str = Field(min_length=1, max_length=80, description="A power on the actor's sheet, e.g. 'fireball'.")


class UsePowerResult(PowerResult, BoundResult):
    actor: str


@table_tool("minim_use_power", "minim", "A character uses a power from their sheet: 1d6 <= its score activates it and "
      "spends a faith point (kept on a miss).", acts="actor")
def minim_use_power(args: UsePowerArgs, roller: Roller, state: TableState) -> UsePowerResult:
    name, c = find(state, args.actor, "actor")
    require_conscious(name, c, "actor", "use a power")
    power = args.power.strip().lower()
    if power not in c.powers:
        unknown("power", args.power, sorted(c.powers), "power")
    if power == "wealth":
        fail("power", "wealth is used by buying things: call minim_buy", args.power)
    score = c.powers[power]
    if score < 1:
        fail("power", f"{name}'s {power} is at 0 and cannot be rolled", args.power)
    if c.faith < 1:
        fail("actor", f"{name} has 0 faith: {NO_FAITH}", name)
    r = run_pure(minim_power, roller, power=power, score=score, faith=c.faith)
    changes = [SetField(name=name, field="faith", value=r.faith_after, was=c.faith)] if r.faith_spent else []
    return bind(UsePowerResult, r, changes, summary=f"{name}: {r.summary}", actor=name)


# --- purchases ---------------------------------------------------------------------------------------------------


class BuyArgs(ToolArgs):
    actor: str = ACTOR
    item: str = Field(min_length=1, max_length=60, description="What is bought, e.g. 'longbow'.")
    kind: Literal["weapon", "armor", "item"] = Field("item", description="weapon, armor or any other item.")
    quality: int = Field(0, ge=-2, le=2, description="-2..+2 (price 1..5 wealth); a typical item is ±0.")

    @field_validator("kind", mode="before")
    @classmethod
    def _lower_kind(cls, v: Any) -> Any:
        return lower(v)


class BuyResult(PurchaseResult, BoundResult):
    actor: str
    item: GearItem = Field(description="The item, added to the gear when bought or free.")


@table_tool("minim_buy", "minim", "A character buys an item with their wealth power: free, a d6 <= wealth roll "
      "(1 wealth and 1 faith spent on success), or unaffordable; the item goes into their gear.", acts="actor")
def minim_buy(args: BuyArgs, roller: Roller, state: TableState) -> BuyResult:
    name, c = find(state, args.actor, "actor")
    require_conscious(name, c, "actor", "buy anything")
    wealth = c.powers.get("wealth", 0)
    price = QUALITY_PRICE[args.quality]
    if purchase_kind(wealth, price) == "roll" and c.faith < 1:
        fail("actor", f"{name} has 0 faith, and a price {price} item with wealth {wealth} needs a wealth power roll: "
                      f"{NO_FAITH}", name)
    r = run_pure(minim_purchase, roller, wealth=wealth, quality=args.quality, faith=c.faith)
    item = GearItem(name=args.item, kind=args.kind, quality=args.quality)
    changes: list[Any] = []
    before = [] if "wealth" in c.powers else [f"{name} has no wealth power on the sheet: wealth 0."]
    after = []
    if r.outcome in ("free", "bought"):
        gear = [g.model_dump(mode="json") for g in c.gear]
        changes.append(SetField(name=name, field="gear", value=gear + [item.model_dump(mode="json")], was=gear))
        after.append(f"{item.name} ({item.kind} {args.quality:+d}) goes into {name}'s gear.")
    if r.outcome == "bought":
        changes += [SetField(name=name, field="powers.wealth", value=r.wealth_after, was=wealth),
                    SetField(name=name, field="faith", value=r.faith_after, was=c.faith)]
    return bind(BuyResult, r, changes, summary=f"{name} buys {args.item}: {r.summary}", before=before, after=after,
                actor=name, item=item)


# --- faith -------------------------------------------------------------------------------------------------------


class GrantFaithArgs(ToolArgs):
    actor: str = ACTOR
    amount: int = Field(1, ge=1, le=3, description="1 to 3 points per refill (more in heroic games, fewer in "
                        "grim ones).")
    reason: Literal["virtue", "vice", "highlight"] = Field(description="Acted on their virtue or vice, or a "
                                                           "session high-light vote.")
    note: str | None = Field(None, max_length=200, description="What they did.")

    @field_validator("reason", mode="before")
    @classmethod
    def _lower_reason(cls, v: Any) -> Any:
        return lower(v)


class GrantFaithResult(BoundResult):
    actor: str
    amount: int
    reason: str
    faith_before: int
    faith_after: int
    max_faith: int
    gained: int
    overflow: int = Field(description="Points that would have gone above max_faith and were not added.")


@table_tool("minim_grant_faith", "minim", "Give a character 1-3 faith points for acting on their virtue or vice, or "
      "for a high-light; never above their maximum.")
def minim_grant_faith(args: GrantFaithArgs, roller: Roller, state: TableState) -> GrantFaithResult:
    name, c = find(state, args.actor, "actor")
    after = min(c.max_faith, c.faith + args.amount)
    gained, overflow = after - c.faith, args.amount - (after - c.faith)
    why = {"virtue": f"acting on their virtue ({c.virtue or 'not written down'})",
           "vice": f"acting on their vice ({c.vice or 'not written down'})",
           "highlight": "a session high-light"}[args.reason]
    steps = [f"{name} regains faith for {why}" + (f": {args.note}" if args.note else "") + ".",
             f"Faith {c.faith} + {args.amount} → {after} (maximum {c.max_faith}, brain)."]
    if overflow:
        steps.append(f"{overflow} point(s) would go above the maximum and are lost"
                     + (" — or passed to another player, for a high-light." if args.reason == "highlight" else "."))
    changes = [SetField(name=name, field="faith", value=after, was=c.faith)] if gained else []
    return GrantFaithResult(
        summary=f"{name} gains {gained} faith ({c.faith} → {after})"
                + (f", {overflow} over the maximum" if overflow else ""),
        steps=steps, rule_refs=[FAITH] + ([ADVANCEMENT] if args.reason == "highlight" else []), actor=name,
        amount=args.amount, reason=args.reason, faith_before=c.faith, faith_after=after, max_faith=c.max_faith,
        gained=gained, overflow=overflow, changes=changes,
    )
