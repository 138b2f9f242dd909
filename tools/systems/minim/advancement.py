"""Minim advancement (``minim.md#Advancement``): session highlights, horizontal and vertical progress.

Readings chosen:

* Highlights: each vote grants the voted character 1 faith. "If the character is already at their maximum-points
  or if a player receives both-votes he *may* choose to pass this reward to other-player of his-choosing": in both
  cases passing is a choice (``pass_to``), never an obligation. A character at maximum who does not pass keeps
  nothing (faith never goes above its maximum); a character voted twice keeps the second point by default.
  Passing is only allowed in those two cases. A point that lands nowhere (not passed at maximum, or passed to a
  recipient at maximum too) is reported as ``forfeited``, with the step saying why — never silently dropped.
* Horizontal progress moves exactly one power point. A power left at 0 is removed from the sheet, except
  languages and wealth, which every player-character keeps listed. Specialties are not relocated by this tool.
* Vertical progress grants one point to a power (new powers start at 1) or one new skill — not both.
Both progress tools take a full sheet, refuse one that already breaks in-play rules, and return the new sheet.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from narrator.tools.contract import ToolArgs, ToolResult
from narrator.tools.dice import Roller
from narrator.tools.errors import FieldProblem, ToolArgumentError
from narrator.tools.frozen import Frozen
from narrator.tools.steps import step
from narrator.tools.tool import tool
from narrator.tools.systems.minim.characters import CharacterResult
from narrator.tools.systems.minim.rules import Skill
from narrator.tools.systems.minim.sheet import (
    ADVANCEMENT, FAITH, INTRINSIC_POWERS, POWERS, SKILLS_REF, MinimCharacter, problems, tier,
)

Highlight = Literal["role-play", "action"]


class FaithTrack(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    faith: int = Field(ge=0)
    max_faith: int = Field(ge=0)

    @model_validator(mode="after")
    def _not_above_max(self) -> "FaithTrack":
        if self.faith > self.max_faith:
            raise ValueError(f"faith {self.faith} is above max_faith {self.max_faith}")
        return self


class HighlightsArgs(ToolArgs):
    party: dict[str, FaithTrack] = Field(description="Every player-character by name: current and maximum faith.")
    roleplay_vote: str = Field(description="Character voted for the coolest role-playing moment.")
    action_vote: str = Field(description="Character voted for the coolest in-game action.")
    pass_to: dict[str, str | list[str]] = Field(
        default_factory=dict,
        description="Voted character -> who receives the point they pass (a list gives each passed point in turn). "
                    "Only for a character at maximum faith or voted twice.",
    )


class HighlightAward(Frozen):
    highlight: Highlight
    voted: str
    recipient: str | None = Field(description="Who gained the point; null if nobody could take it.")
    status: Literal["kept", "passed", "forfeited"]


class HighlightsResult(ToolResult):
    faith: dict[str, FaithTrack] = Field(description="The party's faith after the highlights.")
    awards: list[HighlightAward]
    forfeited: list[str] = Field(description="Voted characters whose point nobody took: at maximum and not passed, "
                                 "or passed to someone at maximum too.")


def _highlight_problems(args: HighlightsArgs) -> list[FieldProblem]:
    party = args.party
    votes = Counter([args.roleplay_vote, args.action_vote])
    out = []
    for field, name in (("roleplay_vote", args.roleplay_vote), ("action_vote", args.action_vote)):
        if name not in party:
            out.append(FieldProblem(field, f"not in the party ({', '.join(party) or 'empty'})", name))
    for giver, to in args.pass_to.items():
        field = f"pass_to.{giver}"
        if giver not in party:
            out.append(FieldProblem(field, "the character passing a point must be in the party", giver))
            continue
        track = party[giver]
        if votes[giver] == 0:
            out.append(FieldProblem(field, f"{giver} received no vote, so has no point to pass", giver))
        elif votes[giver] == 1 and track.faith < track.max_faith:
            out.append(FieldProblem(field, f"{giver} can keep the point (faith {track.faith}/{track.max_faith}, one vote); "
                                           "a point may be passed only at maximum faith or after both votes", giver))
        for name in [to] if isinstance(to, str) else to:
            if name not in party:
                out.append(FieldProblem(field, f"recipient {name} is not in the party", name))
            elif name == giver:
                out.append(FieldProblem(field, "a point is passed to another player-character", name))
    return out


@tool("minim")
def minim_highlights(args: HighlightsArgs, roller: Roller) -> HighlightsResult:
    """End of a Minim session: +1 faith to the role-play and action highlights, passing points on where allowed."""
    bad = _highlight_problems(args)
    if bad:
        raise ToolArgumentError("minim_highlights", bad)
    faith = {n: t.faith for n, t in args.party.items()}
    top = {n: t.max_faith for n, t in args.party.items()}
    given: Counter[str] = Counter()
    passed: Counter[str] = Counter()
    awards, steps, forfeited = [], [], []
    for highlight, voted in (("role-play", args.roleplay_vote), ("action", args.action_vote)):
        given[voted] += 1
        at_max = faith[voted] >= top[voted]
        raw = args.pass_to.get(voted)
        targets = [raw, raw] if isinstance(raw, str) else list(raw or [])
        lead = {"highlight": highlight, "voted": voted, "faith": faith[voted], "max_faith": top[voted]}
        if (at_max or given[voted] == 2) and passed[voted] < len(targets):
            to = targets[passed[voted]]
            passed[voted] += 1
            if faith[to] < top[to]:
                faith[to] += 1
                awards.append(HighlightAward(highlight=highlight, voted=voted, recipient=to, status="passed"))
                steps.append(step("minim.highlight_passed", **lead, at_max=at_max, to=to, to_faith=faith[to],
                                  to_max=top[to]))
                continue
            steps.append(step("minim.highlight_passed_lost", **lead, at_max=at_max, to=to))
        elif at_max:
            steps.append(step("minim.highlight_at_max", **lead))
        else:
            faith[voted] += 1
            awards.append(HighlightAward(highlight=highlight, voted=voted, recipient=voted, status="kept"))
            steps.append(step("minim.highlight_kept", **lead, after=faith[voted]))
            continue
        awards.append(HighlightAward(highlight=highlight, voted=voted, recipient=None, status="forfeited"))
        forfeited.append(voted)
    gains = Counter(a.recipient for a in awards if a.recipient)
    summary = step("minim.highlights", gains=[[n, k] for n, k in gains.items()], forfeited=len(forfeited))
    return HighlightsResult(
        summary=summary, steps=steps, rule_refs=[ADVANCEMENT, FAITH],
        faith={n: FaithTrack(faith=faith[n], max_faith=top[n]) for n in args.party},
        awards=awards, forfeited=forfeited,
    )


def _power_name(v: Any) -> Any:
    """Power names (and skills) compare stripped and lower-cased, as on the sheet."""
    return v.strip().lower() if isinstance(v, str) else v


def _sheet_problems(c: MinimCharacter) -> list[FieldProblem]:
    """A sheet handed to a progress tool must already obey the in-play rules."""
    return [FieldProblem(f"character.{v.field}", v.sentence, v.given) for v in problems(c, creation=False)]


def _finish(tool_name: str, before: MinimCharacter, update: dict[str, Any]) -> MinimCharacter:
    after = MinimCharacter.model_validate({**before.model_dump(), **update})
    bad = problems(after, creation=False)
    if bad:
        raise ToolArgumentError(tool_name, [v.problem() for v in bad])
    return after


class HorizontalArgs(ToolArgs):
    character: MinimCharacter
    from_power: str = Field(min_length=1, description="The power losing one point.")
    to_power: str = Field(min_length=1, description="The power (new or existing) gaining that point.")
    virtue: str | None = Field(None, description="Optional new virtue, if it makes sense in the story.")
    vice: str | None = Field(None, description="Optional new vice, if it makes sense in the story.")

    @field_validator("from_power", "to_power", mode="after")
    @classmethod
    def _names(cls, v: str) -> str:
        return _power_name(v)


@tool("minim")
def minim_horizontal_progress(args: HorizontalArgs, roller: Roller) -> CharacterResult:
    """Start of a Minim session: move one power point to a new or existing power; optionally change virtue or vice."""
    c, src, dst = args.character, args.from_power, args.to_power
    bad = _sheet_problems(c)
    have = c.powers.get(src, 0)
    if have < 1:
        bad.append(FieldProblem("from_power", f"{src} has no point to move; powers: "
                                              f"{', '.join(f'{k} {v}' for k, v in c.powers.items())}", src))
    if dst == src:
        bad.append(FieldProblem("to_power", "the point must move to a different power", dst))
    elif c.powers.get(dst, 0) + 1 > 5:
        bad.append(FieldProblem("to_power", f"{dst} is already 5, the maximum score", dst))
    if bad:
        raise ToolArgumentError("minim_horizontal_progress", bad)
    powers = dict(c.powers)
    powers[src] -= 1
    powers[dst] = powers.get(dst, 0) + 1
    steps = [step("minim.power_moved_from", power=src, before=have, after=powers[src]),
             step("minim.power_moved_to", power=dst, before=c.powers.get(dst, 0), after=powers[dst],
                  new=dst not in c.powers)]
    if powers[src] == 0 and src not in INTRINSIC_POWERS:
        del powers[src]
        steps.append(step("minim.power_leaves", power=src))
    elif powers[src] == 0:
        steps.append(step("minim.power_stays", power=src))
    update: dict[str, Any] = {"powers": powers}
    for trait in ("virtue", "vice"):
        new = getattr(args, trait)
        if new is not None:
            update[trait] = new
            steps.append(step("minim.trait_changed", trait=trait, before=getattr(c, trait), after=new))
    after = _finish("minim_horizontal_progress", c, update)
    return CharacterResult(summary=step("minim.point_moved", name=c.name, source=src, target=dst), steps=steps,
                           rule_refs=[ADVANCEMENT, POWERS], character=after, tier=tier(after))


class VerticalArgs(ToolArgs):
    character: MinimCharacter
    power: str | None = Field(None, description="Spend the point on this power (new or existing, max 5).")
    skill: Skill | None = Field(None, description="Or acquire this new skill.")

    @field_validator("power", mode="after")
    @classmethod
    def _name(cls, v: str | None) -> str | None:
        return _power_name(v)

    @field_validator("skill", mode="before")
    @classmethod
    def _lower(cls, v: Any) -> Any:
        return _power_name(v)

    @model_validator(mode="after")
    def _exactly_one(self) -> "VerticalArgs":
        if (self.power is None) == (self.skill is None):
            raise ValueError("give exactly one of power (one extra point) or skill (one new skill)")
        return self


@tool("minim")
def minim_vertical_progress(args: VerticalArgs, roller: Roller) -> CharacterResult:
    """End of a Minim story arc: one extra point on a power, or one new skill."""
    c = args.character
    bad = _sheet_problems(c)
    if args.power is not None and c.powers.get(args.power, 0) + 1 > 5:
        bad.append(FieldProblem("power", f"{args.power} is already 5, the maximum score", args.power))
    if args.skill is not None and args.skill in c.skills:
        bad.append(FieldProblem("skill", f"{c.name} already has {args.skill}; choose a new skill", args.skill))
    if bad:
        raise ToolArgumentError("minim_vertical_progress", bad)
    if args.power is not None:
        old = c.powers.get(args.power, 0)
        after = _finish("minim_vertical_progress", c, {"powers": {**c.powers, args.power: old + 1}})
        change = step("minim.power_raised", power=args.power, before=old, after=old + 1,
                      new=args.power not in c.powers)
        refs = [ADVANCEMENT, POWERS]
    else:
        after = _finish("minim_vertical_progress", c, {"skills": [*c.skills, args.skill]})
        change, refs = step("minim.new_skill", skill=args.skill), [ADVANCEMENT, SKILLS_REF]
    return CharacterResult(summary=step("minim.arc_reward", name=c.name, change=change),
                           steps=[step("minim.arc_reward_line", change=change)],
                           rule_refs=refs, character=after, tier=tier(after))
