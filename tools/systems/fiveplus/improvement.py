"""Improvement (``five-plus.md#3.3) Improvement``, ``#Abilities``): what a double does to the descriptor checked.

"If the same number is rolled on both dice (double) … If the double is at least the current descriptor level plus
tier value, the character learns from the action, immediately improving it by gaining a level … Otherwise, you may
mark the skill." A level-up with a double 6 "also unlocks a new tier"; "characters can only have one base tier not
fully leveled up, so if a second double 6 is rolled, will level up the tier above again. Only once the base tier is
fully levelled up, will the base tier change."

Readings chosen, each fixed by the book's own examples:

* ``shield (3:2)``: a double 5 ≥ 3 + 2 levels up to (4:2); a double 4 only marks it (3:2)*. Success or failure
  does not matter.
* A double 6 that levels up raises the base level *and* the tier above: it unlocks the tier above at level 1
  (``sword (3:1)`` → ``sword (4:1+1)``) or, when already unlocked, raises it again (``(4:1+1)`` → ``(5:1+2)``).
* The base tier is fully levelled when no double can raise it any more: level + tier above 6. Then the tier above
  becomes the base: ``Fire magic (5:1+2)`` with a double 6 goes to (6:1+3), whose base is full, so it is
  ``Fire magic (3:2)`` — the book's answer ("instead of Fire magic (6:1+1)"). Only a double 6 can fill a base
  (any lower double that qualifies needs level + tier ≤ 5), so the base changes only on a double 6.
* The level compared is the descriptor's level, not the level minus its damage. A mark stays until practice
  removes it; levelling up does not clear it.
* Using the tier above (a technique of the higher tier) checks its level at tier + 1; a double that qualifies
  there raises that level by one, without touching the base.
* Practice (during rest): two marked descriptors are unmarked and one of them gets a free 2d6 level-up roll,
  judged by the same rule — a qualifying double improves it, another double marks it again, no double changes
  nothing ("the default level up system is random").
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from pydantic import AliasChoices, Field

from narrator.tools.frozen import Frozen
from narrator.tools.steps import Step, step
from narrator.tools.systems.fiveplus.rules import MAX_FACE

Event = Literal["level_up", "tier_unlocked", "tier_above_up", "base_tier_advanced", "marked", "upper_level_up"]


class Progress(Frozen):
    """A levelled descriptor's progression: ``(level:tier+next_level)`` and its mark."""

    level: int
    tier: int
    next_level: int | None = None
    marked: bool = False

    def text(self) -> str:
        return f"({self.level}:{self.tier}" + (f"+{self.next_level}" if self.next_level else "") + ")" + \
            ("*" if self.marked else "")


class Improvement(Frozen):
    double: int = Field(description="The face shown by both dice.")
    threshold: int = Field(description="Level + tier: the double that improves.")
    event: Event
    before: Progress
    after: Progress
    steps: list[Step | str] = Field(validation_alias=AliasChoices("steps", "lines"), description=(
        "What the double did, as steps (a result logged before results were data holds their words as 'lines')."))


def full(level: int, tier: int) -> bool:
    """No double can raise the base any more: the smallest improving double would be above 6."""
    return level + tier > MAX_FACE


def improve(before: Progress, face: int, upper: bool = False) -> Improvement:
    """The effect of a double ``face`` on a descriptor (``upper``: the tier above was the one used)."""
    return improve_explained(before, face, upper)[0]


@lru_cache(maxsize=4096)
def improve_explained(before: Progress, face: int, upper: bool = False) -> tuple[Improvement, tuple[Step, ...]]:
    """:func:`improve`, with the steps that explain it (its ``steps``, as a tuple for the check that quotes them):
    once per progress and face, the improvement and its steps being frozen."""
    if upper:
        level, tier = before.next_level or 0, before.tier + 1
        threshold = level + tier
        if face >= threshold:
            after = before.model_copy(update={"next_level": level + 1})
            steps = [step("fiveplus.upper_level_up", face=face, level=level, tier=tier, threshold=threshold,
                          before=before.text(), after=after.text())]
            return Improvement(double=face, threshold=threshold, event="upper_level_up", before=before, after=after,
                               steps=steps), tuple(steps)
        after = before.model_copy(update={"marked": True})
        steps = [step("fiveplus.upper_marked", face=face, threshold=threshold, after=after.text())]
        return Improvement(double=face, threshold=threshold, event="marked", before=before, after=after,
                           steps=steps), tuple(steps)
    threshold = before.level + before.tier
    if face < threshold:
        after = before.model_copy(update={"marked": True})
        steps = [step("fiveplus.marked", face=face, level=before.level, tier=before.tier, threshold=threshold,
                      after=after.text())]
        return Improvement(double=face, threshold=threshold, event="marked", before=before, after=after,
                           steps=steps), tuple(steps)
    level = before.level + 1
    steps = [step("fiveplus.level_up", face=face, level=before.level, tier=before.tier, threshold=threshold)]
    next_level = before.next_level
    event: Event = "level_up"
    if face == MAX_FACE:
        if next_level is None:
            next_level, event = 1, "tier_unlocked"
            steps.append(step("fiveplus.tier_unlocked", tier=before.tier + 1))
        else:
            next_level, event = next_level + 1, "tier_above_up"
            steps.append(step("fiveplus.tier_above_up", tier=before.tier + 1, next_level=next_level))
    tier = before.tier
    if next_level is not None and full(level, tier):
        steps.append(step("fiveplus.base_tier_advanced", level=level, tier=tier, next_level=next_level))
        level, tier, next_level, event = next_level, tier + 1, None, "base_tier_advanced"
    after = Progress(level=level, tier=tier, next_level=next_level, marked=before.marked)
    steps.append(step("fiveplus.progress", before=before.text(), after=after.text()))
    return Improvement(double=face, threshold=threshold, event=event, before=before, after=after,
                       steps=steps), tuple(steps)
