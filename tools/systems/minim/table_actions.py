"""State-bound Minim actions outside combat's bookkeeping: tests, powers, purchases and faith (``minim.md#Tests``,
``#Powers``, ``#Faith``). The agent names the actor; scores, skills, faith and wealth come off the sheet, and the
pure tools (:mod:`.checks`, :mod:`.powers`) do the mechanics. Each result carries the pure result's full data plus
the actor's name and the ``changes``.

Readings chosen (see also :mod:`.table_common` for the conditions):

* ``minim_check``: the trait defaults to the skill's governing trait; another may be named ("those may differ on
  certain circumstances"). A named ``specialty`` on the sheet that refines the tested skill adds +1 (the reading
  is in :mod:`.checks`). Condition modifiers (``fallen`` −1) come off the table, ``twice_as_long`` is +1; the
  modifier given is −9..+9.
* ``minim_use_power``: the power must be on the sheet (names ignore case) — or, failing that, a gear item with a
  power score ("many items work exactly like powers with their own power-scores"); an ``expendable`` item is used
  up when it activates. Wealth is used through ``minim_buy``, never as a power roll. A power at score 0 (languages
  or wealth spent down) cannot be rolled. Powers take no modifiers, so ``fallen`` does not touch them. A
  narrator-character's faith follows the campaign's ``npc_faith`` option (:mod:`.table_common`).
* ``minim_buy``: the wealth power is read from the sheet (a sheet without one, like most NPCs, has wealth 0, so
  nothing is affordable). A free or bought item is appended to the gear; buying spends 1 wealth, and faith only
  when the buyer chooses to spend a point for +1 on the roll (see :mod:`.powers`).
* ``minim_grant_faith``: 1 to 3 points ("Narrators can award 1 to 3 points per-refill"), never above max_faith;
  what would go over is reported as ``overflow`` (for a high-light the player may pass it to another player).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from narrator.tools.arg_words import LOWER
from narrator.tools.binding import bind, run_pure
from narrator.tools.check_args import skill_or
from narrator.tools.contract import ToolArgs, ref
from narrator.tools.dice import Roller
from narrator.tools.odds import Dist
from narrator.tools.steps import step
from narrator.tools.tool import table_tool
from narrator.tools.systems.minim.checks import MODIFIERS, MinimTestResult, TestSpec, minim_test, p_success, target_of
from narrator.tools.systems.minim.powers import (
    NO_FAITH, POWERS, PowerResult, PurchaseResult, activation_dist, minim_power, minim_purchase, purchase_kind,
)
from narrator.tools.systems.minim.rules import BOOK, QUALITY_PRICE, TRAIT_OF_SKILL, Skill, Trait
from narrator.tools.systems.minim.sheet import GearItem
from narrator.tools.systems.minim.table_common import (
    FAITH_ARG, MODIFIER, condition_modifier, draw_faith, fail, find, modifier_line, require_conscious,
    specialty_for, spend_faith, unknown,
)
from narrator.tools.table import BoundResult, SetField, TableState
from narrator.tools.table_sheets import ON_TABLE

FAITH = ref(BOOK, "Faith")
ADVANCEMENT = ref(BOOK, "Advancement")
ACTOR = ON_TABLE


# --- checks ------------------------------------------------------------------------------------------------------


class CheckArgs(ToolArgs):
    actor: str = Field(min_length=1, max_length=60, description="Who acts: a character or NPC on the table.")
    skill: Annotated[Skill | None, LOWER] = Field(None, description="The most relevant skill, or null when none "
                                                  "clearly applies.")
    trait: Annotated[Trait | None, LOWER] = Field(None, description="The trait tested; default: the skill's own trait. "
                                                  "Required when skill is null.")
    modifier: int = MODIFIER
    twice_as_long: bool = Field(False, description="In a calm environment, taking twice as long: +1.")
    specialty: str | None = Field(None, min_length=1, max_length=60, description="A specialty on the actor's sheet "
                                  "that refines the skill tested (heart-surgery for cure, karate for fight): +1.")
    faith: bool = FAITH_ARG

    _trait_or_skill = skill_or("trait", "name the trait (brain, brawl or brass) when no skill applies")


class CheckOnTableResult(MinimTestResult, BoundResult):
    actor: str
    trait_name: Trait
    skill: Skill | None
    has_skill: bool | None


@table_tool("minim", acts="actor")
def minim_check(args: CheckArgs, roller: Roller, state: TableState) -> CheckOnTableResult:
    """A character or NPC on the table makes a Minim test: trait and skill read from their sheet, conditions applied,
    optional faith point spent."""
    name, c = find(state, args.actor, "actor")
    require_conscious(name, c, "actor")
    trait = args.trait or TRAIT_OF_SKILL[args.skill]
    score = getattr(c.traits, trait)
    has = None if args.skill is None else args.skill in c.skills
    parts: list[tuple[int, str]] = [(1, "twice_as_long")] if args.twice_as_long else []
    cond_parts, cond_steps, cond_refs = condition_modifier(state, name)
    parts += cond_parts
    special, special_steps = specialty_for(name, c, args.specialty, args.skill)
    faith = spend_faith(state, name, c, roller) if args.faith else None
    changes = list(faith.spend) if faith and faith.granted else []
    r = run_pure(minim_test, roller, trait=score, skill=args.skill, has_skill=has, trait_name=trait,
                 faith=bool(faith and faith.granted), specialty=special,
                 modifier=args.modifier + sum(n for n, _ in parts))
    before = [step("minim.actor_tests", name=name, trait=trait, score=score, skill=args.skill, has_skill=has),
              *cond_steps, *special_steps, *modifier_line(args.modifier, parts), *(faith.steps if faith else [])]
    refs = ([MODIFIERS] if parts else []) + cond_refs
    extra = {"dice": [*faith.dice, *r.dice]} if faith and faith.dice else {}
    summary = step("minim.actor_tested", name=name, trait=trait, skill=args.skill, said=r.summary)  # what was tested
    return bind(CheckOnTableResult, r, changes, summary=summary, before=before, refs=refs,
                actor=name, trait_name=trait, skill=args.skill, has_skill=has, **extra)


# --- powers ------------------------------------------------------------------------------------------------------


class UsePowerArgs(ToolArgs):
    actor: str = ACTOR
    power: str = Field(min_length=1, max_length=80, description="A power on the actor's sheet, e.g. 'fireball', or "
                       "an item of their gear that works like a power, e.g. 'wand of sparks'.")


class UsePowerResult(PowerResult, BoundResult):
    actor: str
    item: GearItem | None = Field(None, description="The gear item used, when it was an item that works like a "
                                  "power.")


@table_tool("minim", acts="actor")
def minim_use_power(args: UsePowerArgs, roller: Roller, state: TableState) -> UsePowerResult:
    """A character uses a power from their sheet, or an item that works like one: 1d6 <= its score activates it and
    spends a faith point (kept on a miss)."""
    name, c = find(state, args.actor, "actor")
    require_conscious(name, c, "actor", "use a power")
    power = args.power.strip().lower()
    item = None
    if power in c.powers:
        if power == "wealth":
            fail("power", "wealth is used by buying things: call minim_buy", args.power)
        score = c.powers[power]
        if score < 1:
            fail("power", f"{name}'s {power} is at 0 and cannot be rolled", args.power)
    else:
        item = next((g for g in c.gear if g.power is not None and g.name.casefold() == power), None)
        if item is None:
            unknown("power", args.power, sorted(c.powers) + [g.name for g in c.gear if g.power is not None], "power")
        score = item.power
    if not c.npc and c.faith < 1:
        fail("actor", f"{name} has 0 faith: {NO_FAITH}", name)
    before = [step("minim.item_power", name=name, item=item.name, score=score, expendable=item.expendable)] \
        if item else []
    faith = draw_faith(state, name, c, roller, "actor")
    label = item.name if item else power
    if not faith.granted:  # a narrator-character's brain test in place of the point failed: no power roll
        chance = p_success(target_of(TestSpec(trait=c.traits.brain))[0].target) * activation_dist(score)[True]
        odds = Dist({"activated": chance, "wasted": 1 - chance})
        return UsePowerResult(
            summary=step("minim.power_brain_failed", name=name, power=label, score=score),
            steps=before + faith.steps + [step("minim.no_power_roll")], rule_refs=[POWERS, FAITH], dice=faith.dice,
            outcome="wasted",
            success=False, odds=odds.odds(chance, order=("activated", "wasted")), power=label, score=score,
            faith_before=None, faith_after=None, faith_spent=0, actor=name, item=item, changes=[])
    r = run_pure(minim_power, roller, power=label, score=score, faith=faith.points)
    changes: list[Any] = list(faith.spend) if r.faith_spent else []
    after = []
    if item is not None and item.expendable and r.outcome == "activated":
        gear = [g.model_dump(mode="json") for g in c.gear]
        index = c.gear.index(item)
        changes.append(SetField(name=name, field="gear", value=gear[:index] + gear[index + 1:], was=gear))
        after.append(step("minim.used_up", item=item.name, name=name))
    refs = [ADVANCEMENT] if item else []
    extra = {"dice": [*faith.dice, *r.dice]} if faith.dice else {}
    return bind(UsePowerResult, r, changes, summary=step("minim.said", name=name, said=r.summary),
                before=before + faith.steps, after=after,
                refs=refs, actor=name, item=item, **extra)


# --- purchases ---------------------------------------------------------------------------------------------------


class BuyArgs(ToolArgs):
    actor: str = ACTOR
    item: str = Field(min_length=1, max_length=60, description="What is bought, e.g. 'longbow'.")
    kind: Annotated[Literal["weapon", "armor", "item"], LOWER] = Field("item", description="weapon, armor or any other "
                                                                       "item.")
    quality: int = Field(0, ge=-2, le=2, description="-2..+2 (price 1..5 wealth); a typical item is ±0.")
    faith: bool = Field(False, description="Spend a faith point for +1 on the wealth roll (never required).")


class BuyResult(PurchaseResult, BoundResult):
    actor: str
    item: GearItem = Field(description="The item, added to the gear when bought or free.")


@table_tool("minim", acts="actor")
def minim_buy(args: BuyArgs, roller: Roller, state: TableState) -> BuyResult:
    """A character buys an item with their wealth power: free, a d6 <= wealth roll (1 wealth spent on success; a faith
    point may add +1), or unaffordable; the item goes into their gear."""
    name, c = find(state, args.actor, "actor")
    require_conscious(name, c, "actor", "buy anything")
    wealth = c.powers.get("wealth", 0)
    price = QUALITY_PRICE[args.quality]
    rolls = purchase_kind(wealth, price) == "roll"
    faith = spend_faith(state, name, c, roller) if args.faith and rolls else None
    r = run_pure(minim_purchase, roller, wealth=wealth, quality=args.quality, faith=bool(faith and faith.granted))
    item = GearItem(name=args.item, kind=args.kind, quality=args.quality)
    changes: list[Any] = list(faith.spend) if faith and faith.granted else []
    before = [] if "wealth" in c.powers else [step("minim.no_wealth", name=name)]
    before += faith.steps if faith else []
    after = []
    if r.outcome in ("free", "bought"):
        gear = [g.model_dump(mode="json") for g in c.gear]
        changes.append(SetField(name=name, field="gear", value=gear + [item.model_dump(mode="json")], was=gear))
        after.append(step("minim.into_gear", item=item.name, item_kind=item.kind, quality=args.quality, name=name))
    if r.outcome == "bought":
        changes.append(SetField(name=name, field="powers.wealth", value=r.wealth_after, was=wealth))
    extra = {"dice": [*faith.dice, *r.dice]} if faith and faith.dice else {}
    return bind(BuyResult, r, changes, summary=step("minim.buys", name=name, item=args.item, said=r.summary),
                before=before, after=after,
                actor=name, item=item, **extra)


# --- faith -------------------------------------------------------------------------------------------------------


class GrantFaithArgs(ToolArgs):
    actor: str = ACTOR
    amount: int = Field(1, ge=1, le=3, description="1 to 3 points per refill (more in heroic games, fewer in "
                        "grim ones).")
    reason: Annotated[Literal["virtue", "vice", "highlight"], LOWER] = Field(description="Acted on their virtue or "
                                                                             "vice, or a session high-light vote.")
    note: str | None = Field(None, max_length=200, description="What they did.")


class GrantFaithResult(BoundResult):
    actor: str
    amount: int
    reason: str
    faith_before: int
    faith_after: int
    max_faith: int
    gained: int
    overflow: int = Field(description="Points that would have gone above max_faith and were not added.")


@table_tool("minim")
def minim_grant_faith(args: GrantFaithArgs, roller: Roller, state: TableState) -> GrantFaithResult:
    """Give a character 1-3 faith points for acting on their virtue or vice, or for a high-light; never above their
    maximum."""
    name, c = find(state, args.actor, "actor")
    after = min(c.max_faith, c.faith + args.amount)
    gained, overflow = after - c.faith, args.amount - (after - c.faith)
    quality = {"virtue": c.virtue, "vice": c.vice}.get(args.reason)
    steps = [step("minim.faith_for", name=name, reason=args.reason, quality=quality, note=args.note),
             step("minim.faith_sum", faith=c.faith, amount=args.amount, after=after, max_faith=c.max_faith)]
    if overflow:
        steps.append(step("minim.faith_overflow", overflow=overflow, highlight=args.reason == "highlight"))
    changes = [SetField(name=name, field="faith", value=after, was=c.faith)] if gained else []
    return GrantFaithResult(
        summary=step("minim.faith_gained", name=name, gained=gained, before=c.faith, after=after, overflow=overflow),
        steps=steps, rule_refs=[FAITH] + ([ADVANCEMENT] if args.reason == "highlight" else []), actor=name,
        amount=args.amount, reason=args.reason, faith_before=c.faith, faith_after=after, max_faith=c.max_faith,
        gained=gained, overflow=overflow, changes=changes,
    )
