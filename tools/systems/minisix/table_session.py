"""Perks, complications, sessions and Thule's Hero Points at the table (``mini-six.md#2. Perks``, ``#How to Make a
Character``).

Readings chosen:

* Once-per-session perks (Daredevil, Destiny, Favors, Lucky, Perceptive) are marked used on the sheet
  (``perks_used``) and refused a second time until ``minisix_new_session``. Perceptive "may be used again" when
  nothing was revealed (``revealed=false`` leaves it unused). Recall works any time; Sidekick and Sorcerer are
  always in effect, so "using" them is refused with what they do.
* Lucky: "Double the result of your next roll" — the ``lucky`` condition, spent by the character's next check or
  attack. Daredevil: the ``daredevil`` condition for one round (to the start of the character's next turn):
  their Block, Dodge and Parry halved, Might doubled against damage (:mod:`.defences`).
* Destiny: "declare a failed roll is not part of their Destiny and immediately reroll" — the character's last
  failed check or attack (the table remembers it) is rolled again with the same arguments, at once, as part of
  the perk (not a new action). Hero Points the roller spent on the failed roll are not spent again; their bonus
  stays (a defender's are not spent again either, nor counted).
* Complications: "if one comes up in play ... the character earns one CP ... not more than one CP per
  complication per session": the complication must be the character's; a second time in a session earns nothing.
* A new session clears the once-per-session marks and the complications paid; with Thule's house rule on
  (campaign option ``thule``) every player-character gains +1 Hero Point, kept from session to session.
* A Hero Point 'lucky break' (Thule): the player suggests one about the character's background and spends a point;
  "the GM can add complications, or deny if wholly inappropriate" — a denied break spends nothing.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from narrator.tools.arg_words import LOWER
from narrator.tools.contract import ToolArgs
from narrator.tools.dice import Die, Roller
from narrator.tools.steps import step
from narrator.tools.table import BoundResult, SetField, SetSystemState, TableState
from narrator.tools.tool import table_tool
from narrator.tools.systems.minisix.rules import HOUSE, ONCE_PER_SESSION, PERK_TEXT, PERKS_REF
from narrator.tools.systems.minisix.table_actions import LAST_FAILED
from narrator.tools.systems.minisix.table_common import ConditionEdits, fail, find, thule, unknown

OWN_PERK = "a perk of the character's own"

SESSION = "session"


class PerkArgs(ToolArgs):
    actor: str = Field(min_length=1, max_length=60, description="Who uses the perk.")
    perk: Annotated[str, LOWER] = Field(min_length=1, max_length=60, description="A perk on the actor's sheet: lucky, "
                                        "destiny, favors, perceptive, daredevil, recall...")
    note: str | None = Field(None, max_length=200, description="What it is used for (the favor called in...).")
    revealed: bool = Field(True, description="Perceptive: whether the GM revealed something (if not, it may be used "
                           "again).")


class PerkResult(BoundResult):
    actor: str
    perk: str
    effect: str
    once_per_session: bool
    reroll: dict[str, Any] | None = Field(None, description="Destiny: the reroll's full result.")
    dice: list[Die] = Field(default_factory=list)
    success: bool | None = None


def _reroll(state: TableState, name: str, roller: Roller) -> tuple[str, Any]:
    from narrator.tools.registry import default_registry

    entry = (state.system_state.get(LAST_FAILED) or {}).get(name)
    if not entry:
        fail("perk", f"{name} has no failed roll to reroll (Destiny rerolls the character's last failed check or "
                     "attack, at once)", "destiny")
    tool = default_registry().get(entry["tool"])
    args = dict(entry["args"])
    spent = int(args.get("hero_points") or 0)
    args["hero_points"] = 0
    if "defender_hero_points" in args:
        args["defender_hero_points"] = 0
    if spent:
        args["modifier"] = max(-20, min(20, int(args.get("modifier", 0)) + 6 * spent))
    return entry["tool"], tool.fn(tool.args_model.model_validate(args), roller, state)


@table_tool("minisix")
def minisix_use_perk(args: PerkArgs, roller: Roller, state: TableState) -> PerkResult:
    """A character uses a perk: Lucky (next roll doubled), Destiny (reroll a failed roll), Favors, Perceptive, Daredevil
    — once per session each — or Recall."""
    name, c = find(state, args.actor, "actor")
    if args.perk not in c.perks:
        unknown("perk", args.perk, sorted(c.perks), "perk")
    perk = args.perk
    once = perk in ONCE_PER_SESSION
    if perk in ("sidekick", "sorcerer"):
        fail("perk", f"{perk.capitalize()} is always in effect: {PERK_TEXT[perk]}", perk)
    if once and perk in c.perks_used:
        fail("perk", f"{name} has already used {perk} this session (once per session; minisix_new_session starts "
                     "the next)", perk)
    effect = PERK_TEXT.get(perk, OWN_PERK)
    steps = [step("minisix.uses_perk_for", name=name, perk=perk)] + (
        [step("minisix.note", note=args.note)] if args.note else [])
    changes: list[Any] = []
    edits = ConditionEdits(state)
    reroll = None
    dice: list[Die] = []
    success = None
    if perk == "lucky":
        edits.add(name, "lucky")
        steps.append(step("minisix.next_roll_doubled", name=name))
    elif perk == "daredevil":
        edits.add(name, "daredevil")
        steps.append(step("minisix.daredevil_until", name=name))
    elif perk == "destiny":
        tool, result = _reroll(state, name, roller)
        steps.append(step("minisix.destiny", name=name, tool=tool))
        steps += [step("minisix.rerolled_line", line=s) for s in result.steps]
        changes += list(result.changes)
        reroll = result.model_dump(mode="json")
        dice = list(getattr(result, "dice", []))
        success = getattr(result, "success", None)
        steps.append(step("minisix.reroll", said=result.summary))
    elif perk == "perceptive" and not args.revealed:
        steps.append(step("minisix.nothing_revealed"))
        once = False
    if once:
        changes.insert(0, SetField(name=name, field="perks_used", value=[*c.perks_used, perk], was=c.perks_used))
    changes = [*changes, *edits.ops()]
    return PerkResult(summary=step("minisix.uses_perk", name=name, perk=perk,
                                   said=result.summary if reroll else None), steps=steps,
                      rule_refs=[PERKS_REF], changes=changes, actor=name, perk=perk, effect=effect,
                      once_per_session=perk in ONCE_PER_SESSION, reroll=reroll, dice=dice, success=success)


class ComplicationArgs(ToolArgs):
    actor: str = Field(min_length=1, max_length=60, description="Whose complication came up.")
    complication: Annotated[str, LOWER] = Field(min_length=1, max_length=60, description="One of the character's "
                                                "complications.")
    note: str | None = Field(None, max_length=200, description="How it got in the way.")


class ComplicationResult(BoundResult):
    actor: str
    complication: str
    cp_earned: int
    cp: int


@table_tool("minisix")
def minisix_complication(args: ComplicationArgs, roller: Roller, state: TableState) -> ComplicationResult:
    """A character's complication comes up in play: one CP, at most one per complication per session."""
    name, c = find(state, args.actor, "actor")
    if args.complication not in c.complications:
        unknown("complication", args.complication, list(c.complications), "complication")
    steps = [step("minisix.complicates", name=name, complication=args.complication, note=args.note)]
    if args.complication in c.complications_paid:
        steps.append(step("minisix.cp_already_earned"))
        return ComplicationResult(summary=step("minisix.no_cp", name=name, complication=args.complication),
                                  steps=steps, rule_refs=[PERKS_REF], actor=name, complication=args.complication,
                                  cp_earned=0, cp=c.cp, changes=[])
    steps.append(step("minisix.earns_cp", name=name, cp=c.cp, after=c.cp + 1))
    changes = [SetField(name=name, field="cp", value=c.cp + 1, was=c.cp),
               SetField(name=name, field="complications_paid", value=[*c.complications_paid, args.complication],
                        was=c.complications_paid)]
    return ComplicationResult(summary=step("minisix.cp", name=name, complication=args.complication), steps=steps, rule_refs=[PERKS_REF],
                              actor=name, complication=args.complication, cp_earned=1, cp=c.cp + 1, changes=changes)


class NoArgs(ToolArgs):
    pass


class SessionResult(BoundResult):
    session: int
    hero_points: dict[str, int] = Field(description="Player-characters' Hero Points now (Thule), else empty.")


@table_tool("minisix")
def minisix_new_session(args: NoArgs, roller: Roller, state: TableState) -> SessionResult:
    """A new game session: once-per-session perks and complication CP reset; under Thule's house rule every
    player-character gains +1 Hero Point."""
    session = int(state.system_state.get(SESSION, 0)) + 1
    changes: list[Any] = [SetSystemState(key=SESSION, value=session)]
    steps = [step("minisix.session_begins", session=session)]
    points: dict[str, int] = {}
    for name, sheet in state.characters.items():
        for field in ("perks_used", "complications_paid"):
            if sheet.get(field):
                changes.append(SetField(name=name, field=field, value=[], was=sheet.get(field)))
        if thule(state) and not sheet.get("npc"):
            have = int(sheet.get("hero_points", 0))
            changes.append(SetField(name=name, field="hero_points", value=have + 1, was=have))
            points[name] = have + 1
    if points:
        steps.append(step("minisix.thule_points", points=dict(points)))
    return SessionResult(summary=step("minisix.session", session=session), steps=steps, rule_refs=[PERKS_REF] + ([HOUSE] if points else []),
                         changes=changes, session=session, hero_points=points)


class LuckyBreakArgs(ToolArgs):
    actor: str = Field(min_length=1, max_length=60, description="Whose lucky break.")
    what: str = Field(min_length=1, max_length=200, description="The break, tied to the character's background: "
                      "'the hostile guard is an old friend'.")
    denied: bool = Field(False, description="The GM denies it as wholly inappropriate: nothing is spent.")


class LuckyBreakResult(BoundResult):
    actor: str
    what: str
    granted: bool
    hero_points: int


@table_tool("minisix")
def minisix_lucky_break(args: LuckyBreakArgs, roller: Roller, state: TableState) -> LuckyBreakResult:
    """Thule: spend a Hero Point on a lucky break tied to the character's background (the GM may add complications or
    deny it)."""
    name, c = find(state, args.actor, "actor")
    if not thule(state):
        fail("actor", "lucky breaks spend Hero Points, Thule's house rule, which is off in this campaign (campaign "
                      "option thule=true)", name)
    if args.denied:
        return LuckyBreakResult(summary=step("minisix.break_denied", name=name), steps=[
            step("minisix.suggests", name=name, what=args.what), step("minisix.gm_denies")],
            rule_refs=[HOUSE], actor=name, what=args.what, granted=False, hero_points=c.hero_points, changes=[])
    if c.hero_points < 1:
        fail("actor", f"{name} has no Hero Point left for a lucky break", name)
    steps = [step("minisix.spends_on_break", name=name, what=args.what), step("minisix.break_background")]
    return LuckyBreakResult(summary=step("minisix.lucky_break", name=name, what=args.what), steps=steps, rule_refs=[HOUSE], actor=name,
                            what=args.what, granted=True, hero_points=c.hero_points - 1,
                            changes=[SetField(name=name, field="hero_points", value=c.hero_points - 1,
                                              was=c.hero_points)])
