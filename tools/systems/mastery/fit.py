"""Which of a character's abilities and skills fit a challenge — the engine standing in for the player's pick and
the GM's "not applicable" call (``mastery.md#Challenges``, ``#One Comment``).

"The player then chooses one ability and one skill. If the GM decides that either are unfit for the test at hand,
the player cannot use them." When the agent proposes a challenge it names an *activity* (sneaking, climbing,
parrying...); the engine then picks, on the player's behalf, the highest-rated ability and the highest-rated skill
that fit that activity — so a pick the GM would rule unfit is never made for the player. A caller may always name
the ability and skill instead (and the GM may still rule them unfit).

Readings chosen:

* An ability or skill fits an activity when the sheet's ``fits`` says so (the GM's classification, always first),
  else when a word of its name starts with one of the activity's stems (:data:`.rules.ACTIVITY_WORDS`):
  'lock-picking' fits thievery, 'swordsmanship' melee, 'parrying' defense.
* Defending: "Abilities represent professions, general skillsets and skill with weapons" — a close-combat weapon
  ability serves to defend (block, parry) as well as to attack; a skill must be a defensive one itself (parrying,
  dodging), since "skills ... should be much more specific".
* Ties between equally rated fits go to the first by name (the sheet keeps them in name order).
* A skill the player's words name is the player's pick and wins over a higher-rated one, when it fits the activity
  ("pick the lock" is lock-picking, not the better pickpocketing; :mod:`.proposals`). Words that name no skill leave
  the best fit, which can still be a skill a GM would call too specific (scaling a wall with swimming): the engine
  has only the activity then.
"""

from __future__ import annotations

import re
from functools import lru_cache

from narrator.tools.systems.mastery.rules import ACTIVITY_WORDS
from narrator.tools.systems.mastery.sheet import MasteryCharacter

ALSO_FITS: dict[tuple[str, str], tuple[str, ...]] = {("ability", "defense"): ("melee",)}
"""(kind, activity) -> further activities whose abilities or skills also serve it."""


@lru_cache(maxsize=4096)
def activities_of_name(name: str) -> frozenset[str]:
    """The activities a name suggests by its words."""
    text = name.lower()
    found = set()
    for activity, stems in ACTIVITY_WORDS.items():
        if any(re.search(rf"(?<![a-z]){re.escape(stem.strip())}", text) for stem in stems):
            found.add(activity)
    return frozenset(found)


def activities_of(sheet: MasteryCharacter, name: str) -> frozenset[str]:
    """The activities an ability or skill of the sheet serves: the GM's classification, else its name."""
    if name in sheet.fits:
        return frozenset(sheet.fits[name])
    return activities_of_name(name)


def fits(sheet: MasteryCharacter, kind: str, name: str, activity: str) -> bool:
    wanted = {activity, *ALSO_FITS.get((kind, activity), ())}
    return bool(activities_of(sheet, name) & wanted)


def best_fit(sheet: MasteryCharacter, kind: str, activity: str) -> tuple[str, int] | None:
    """The highest-rated ability (or skill) of the sheet that fits the activity, first listed on ties."""
    table = sheet.abilities if kind == "ability" else sheet.skills
    best: tuple[str, int] | None = None
    for name, rating in table.items():
        if rating > 0 and fits(sheet, kind, name, activity) and (best is None or rating > best[1]):
            best = (name, rating)
    return best
