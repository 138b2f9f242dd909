"""Minim's scene generator (dungeon floors) and encounter builder (the challenge table).

Encounters (``minim.md#Challenge``): the party's challenge is the sum of its members' tier scores; a group of
``n`` identical foes of tier ``t`` has ``n × challenge(t)``. The ratio foes/party rates the fight (below 1/5 easy,
from 1/5 moderate, from 1/2 deadly — :func:`challenge.rating_of`). Every (tier, count) with count 1-6 whose ratio
has the asked rating is a candidate (deadly stops at an even fight, ratio 1); a logged ``1dN`` picks one, another
picks the concept for its tier unless the player named one. When no group fits (a lone tier-1 hero cannot meet
an "easy" foe), the closest one is used and the note says so; ``minim_challenge`` states the true rating.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from narrator.memory.campaign import Campaign
from narrator.game.encounters import (
    EncounterOutcome, add_foes, no_fit_note, player_characters, roll_choice, sized_groups,
)
from narrator.game.scenes import SceneOutcome, scene
from narrator.game.views import rows_table
from narrator.tools.systems.minim.challenge import challenge_of, rating_of
from narrator.tools.phrases import summary_of

MAX_FOES = 6
BAND_MIDDLE = {"easy": Fraction(1, 10), "moderate": Fraction(7, 20), "deadly": Fraction(3, 4)}


def party_members(campaign: Campaign) -> list[dict[str, Any]]:
    """The player-characters as ``minim_challenge`` members (by their traits)."""
    members = []
    for name, sheet in player_characters(campaign).items():
        t = sheet.get("traits", {})
        members.append({"name": name, "traits": [t.get("brain"), t.get("brawl"), t.get("brass")]})
    return members


def party_total(members: list[dict[str, Any]]) -> Fraction:
    return sum((challenge_of(sorted(m["traits"])[1]) for m in members), Fraction(0))


def candidates(total: Fraction, difficulty: str) -> tuple[list[tuple[int, int]], bool]:
    """(tier, count) groups with the asked rating, and whether they fit (False: the closest group instead)."""
    return sized_groups(MAX_FOES, lambda t, n: rating_of(n * challenge_of(t) / total) == difficulty
                        and n * challenge_of(t) <= total,
                        lambda t, n: abs(n * challenge_of(t) / total - BAND_MIDDLE[difficulty]))


class MinimEncounters:
    system = "minim"

    def build(self, campaign: Campaign, difficulty: str, concept: str | None) -> EncounterOutcome:
        members = party_members(campaign)
        total = party_total(members)
        groups, fits = candidates(total, difficulty)
        (tier, count), results = roll_choice(campaign, groups, "foe group",
                                               lambda g: f"{g[1]} × tier {g[0]}")
        concept, added, more = add_foes(campaign, "minim", count, concept, tier, power="tier")
        results += more
        check = campaign.call("minim_challenge", {"party": members,
                                                  "foes": [{"name": concept, "tier": tier, "count": count}]})
        results.append(("minim_challenge", check))
        rows = [[n, str(tier), f"{campaign.state.characters[n]['health']}", ", ".join(campaign.state.characters[n]
                 ["skills"])] for n in added]
        view = rows_table(f"Encounter: {count} × {concept} (tier {tier}) — {check.rating}, ratio {check.ratio_exact}",
                          ["foe", "tier", "♥", "skills"], rows)
        note = "" if fits else no_fit_note(MAX_FOES, difficulty, check.rating)
        return EncounterOutcome(difficulty, check.rating, added, results, view, note)


@scene("dungeon", "minim",
       "roll up a dungeon floor for the party: rooms, combats, features and a magic item")
def dungeon_floor(campaign: Campaign) -> SceneOutcome:
    floor = campaign.call("minim_dungeon_floor", {"party": party_members(campaign)})
    text = f"Dungeon floor: {summary_of(floor)}"
    framed = campaign.call("table_set_scene", {"text": text[:2000]})
    rows = [[str(r.number), r.kind, r.challenge_exact or "", "magic item" if r.reward else "",
             "; ".join(r.features)] for r in floor.rooms]
    view = rows_table(f"Dungeon floor — party challenge {floor.party_challenge_exact}",
                      ["room", "kind", "challenge", "reward", "features"], rows)
    return SceneOutcome("Dungeon floor", text, [("minim_dungeon_floor", floor), ("table_set_scene", framed)], view)

