"""Mastery's scene generator (a forgotten tomb, after the book's own Fearsome Challenges example) and encounter
builder.

Scenes (``/scene tomb``): "Imagine a group of explorers venturing through a forgotten tomb. They come upon a
spike-laden pit trap ... Now imagine the explorers come across an ancient tomb guardian." A logged ``1dN`` picks a
place and a hazard (the book's spiked pit among others of the same kind); the hazard becomes the GM's standing
ruling for the scene (``mastery_set_hazard``: a challenge of its activity with its difficulty, successes needed
and boxes on failure), and a d6 of 4+ wakes a guardian (a veteran NPC; "the guardian is slow").

Encounters (``/encounter``). The book has no encounter rules ("it's on the shoulders of GMs ... to come up with rules
for such things"); dice decide Mastery fights, so this builder compares dice: the foes' attack pools against the
party's (each character's best attack pool, as ``mastery_attack`` would build it). Below half the party's dice is
easy, from half up to even is moderate, from even up to one and a half is deadly. Every (level, count) with count
1-6 in the band is a candidate; a logged ``1dN`` picks one, another the concept for its level unless the player named
one. When no group fits, the closest is used and the note says so.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from narrator.memory.campaign import Campaign
from narrator.game.encounters import (
    EncounterOutcome, add_foes, no_fit_note, player_characters, roll_choice, sized_groups,
)
from narrator.game.scenes import SceneOutcome, scene
from narrator.game.views import key_values, rows_table
from narrator.tools.phrases import counted
from narrator.tools.systems.mastery.options import options_of
from narrator.tools.systems.mastery.sheet import MasteryCharacter
from narrator.tools.systems.mastery.table_characters import LEVELS
from narrator.tools.systems.mastery.table_combat import attack_pool

MAX_FOES = 6
BANDS = {"easy": (Fraction(0), Fraction(1, 2)), "moderate": (Fraction(1, 2), Fraction(1)),
         "deadly": (Fraction(1), Fraction(3, 2))}
PLACES = ("a forgotten tomb", "a drowned crypt", "a collapsed mine", "a ruined temple")
HAZARDS: tuple[dict[str, Any], ...] = (
    {"name": "spiked pit", "activity": "athletics", "difficulty": "Difficult", "needed": 2, "damage": 4,
     "text": "a spike-laden pit to jump across"},
    {"name": "crumbling ledge", "activity": "acrobatics", "difficulty": "Normal", "needed": 2, "damage": 3,
     "text": "a crumbling ledge to edge along"},
    {"name": "poison-dart trap", "activity": "thievery", "difficulty": "Difficult", "needed": 1, "damage": 3,
     "text": "a corridor of poison darts to disarm"},
    {"name": "underground river", "activity": "athletics", "difficulty": "Normal", "needed": 2, "damage": 2,
     "text": "a rushing underground river to swim"},
)


def foe_pool(level: int) -> int:
    """A close fighter's attack pool at a power level (the NPC generator's :data:`LEVELS`)."""
    lv = LEVELS[level]
    return 1 + lv["trait"] + lv["ability"] + lv["attack"]


def party_pools(campaign: Campaign) -> dict[str, int]:
    state = campaign.state
    options = options_of(state)
    pools = {}
    for name, raw in player_characters(campaign).items():
        sheet = MasteryCharacter.model_validate(raw)
        pools[name] = max(max(1, 1 + p.trait_value + p.ability_value + p.skill_value)
                          for p in (attack_pool(state, name, sheet, s, options) for s in ("melee", "ranged")))
    return pools


def rating_of(ratio: Fraction) -> str:
    return "easy" if ratio < Fraction(1, 2) else "moderate" if ratio < 1 else "deadly"


def candidates(total: int, difficulty: str) -> tuple[list[tuple[int, int]], bool]:
    low, high = BANDS[difficulty]
    return sized_groups(MAX_FOES, lambda lv, n: low <= Fraction(n * foe_pool(lv), total) < high,
                        lambda lv, n: abs(Fraction(n * foe_pool(lv), total) - (low + high) / 2))


class MasteryEncounters:
    system = "mastery"

    def build(self, campaign: Campaign, difficulty: str, concept: str | None) -> EncounterOutcome:
        pools = party_pools(campaign)
        total = sum(pools.values())
        groups, fits = candidates(total, difficulty)
        (level, count), results = roll_choice(campaign, groups, "foe group",
                                                lambda g: f"{g[1]} × level {g[0]}")
        concept, added, more = add_foes(campaign, "mastery", count, concept, level)
        results += more
        foes = count * foe_pool(level)
        ratio = Fraction(foes, total)
        rating = rating_of(ratio)
        rows = [[n, str(level), f"{campaign.state.characters[n]['health']}",
                 ", ".join(f"{k} {v}" for k, v in campaign.state.characters[n]["abilities"].items())] for n in added]
        view = rows_table(f"Encounter: {count} × {concept} (level {level}) — {rating}: {foes} attack dice against "
                          f"the party's {total}", ["foe", "level", "♥", "abilities"], rows)
        note = "" if fits else no_fit_note(MAX_FOES, difficulty, rating)
        return EncounterOutcome(difficulty, rating, added, results, view, note)


@scene("tomb", "mastery",
       "a forgotten tomb after the book's own example: a standing hazard, perhaps a guardian")
def forgotten_tomb(campaign: Campaign) -> SceneOutcome:
    results: list[tuple[str, Any]] = []
    place, more = roll_choice(campaign, list(PLACES), "place")
    results += more
    hazard, more = roll_choice(campaign, list(HAZARDS), "hazard")
    results += more
    for old in campaign.state.system_state.get("hazards", []):
        results.append(("mastery_set_hazard", campaign.call("mastery_set_hazard", {
            "name": old["name"], "activity": old["activity"], "remove": True})))
    set_hazard = campaign.call("mastery_set_hazard", {k: hazard[k] for k in ("name", "activity", "difficulty",
                                                                             "needed", "damage")})
    results.append(("mastery_set_hazard", set_hazard))
    wake = campaign.call("table_roll", {"expression": "1d6"})
    results.append(("table_roll (guardian)", wake))
    guardian = None
    if wake.total >= 4:
        npc = campaign.call("mastery_add_npc", {"concept": "ancient tomb guardian", "level": 4})
        results.append(("mastery_add_npc", npc))
        guardian = npc.actor
    text = (f"{place.capitalize()}: {hazard['text']} ({counted(hazard['needed'], 'success', 'successes')} at "
            f"{hazard['difficulty']}, "
            f"{hazard['damage']} boxes on failure)"
            + (f"; {guardian}, slow and patient, waits beyond it." if guardian else "."))
    framed = campaign.call("table_set_scene", {"text": text})
    results.append(("table_set_scene", framed))
    rows = [("place", place), ("hazard", f"{hazard['name']} — {hazard['activity']}, {hazard['needed']} at "
                                         f"{hazard['difficulty']}, {hazard['damage']} boxes"),
            ("guardian", guardian or "none (d6 below 4)")]
    return SceneOutcome("Forgotten tomb", text, results, key_values("Scene", rows))  # no empty header row
