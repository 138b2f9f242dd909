"""Brew's scene generator (a journey) and encounter builder.

Encounters. The book has no challenge ratings; what it makes dangerous is numbers and scores: a character
defends against every attacker beyond the one engaged at −2 per additional attacker, and foes' pools set the
odds. So an encounter is sized against the party: *easy* is one foe fewer than the party, of power level 1;
*moderate* as many as the party, level 2; *deadly* one more than the party, level 3 (a starting character's
scores: with the book's weapons — a broadsword deals the whole attack roll — that is deadly indeed). A logged ``1dN`` picks the concept for the level unless the player named one; the rating line states the exact
chance, from ``brew_attack`` itself, that one foe's attack lands on the party's most exposed member (best attack
pool against the weakest defence), with the penalty the numbers bring.

Journeys (``brew.md#Travel``, ``#Extreme Weather Conditions``): logged dice pick the way (the book's example
travel times) and the distance (2d6 × 5 km) and whether the weather is extreme (a d6: 1 scorching heat over 40°C,
2 bitter cold, else fair); ``brew_travel`` gives the hours, and extreme weather is set in the scene so
``brew_endure_weather`` applies.
"""

from __future__ import annotations

from typing import Any

from narrator.memory.campaign import Campaign
from narrator.game.encounters import EncounterOutcome, add_foes, roll_choice
from narrator.game.scenes import SceneOutcome
from narrator.game.views import rows_table
from narrator.tools.errors import UserError
from narrator.tools.systems.brew.rules import TRAVEL_KMH

SIZES = {"easy": (-1, 1), "moderate": (0, 2), "deadly": (1, 3)}


def party(campaign: Campaign) -> dict[str, dict[str, Any]]:
    pcs = {n: s for n, s in campaign.state.characters.items() if not s.get("npc") and s.get("health", 0) > 0}
    if not pcs:
        raise UserError("There is no player-character standing: create one with /character first.")
    return pcs


def _attack_pool(sheet: dict[str, Any]) -> tuple[int, int, str]:
    attrs, skills = sheet.get("attributes", {}), sheet.get("skills", {})
    attr = max(("power", "precision"), key=lambda a: attrs.get(a, 1))
    return attrs.get(attr, 1), skills.get("melee", 0), attr


def _defence_pool(sheet: dict[str, Any]) -> tuple[int, int, str]:
    return _attack_pool(sheet)


def one_attack_lands(foe: dict[str, Any], a_attr: int, a_skill: int, a_name: str, pc: dict[str, Any], d_attr: int,
                     d_skill: int, d_name: str, count: int) -> float:
    """The exact chance one foe's attack lands, from the engine's own distribution (no dice are thrown): the foe's
    best attack pool against the defender's, with the defender's health and the -2 per additional attacker."""
    from narrator.tools.systems.brew.combat import AttackArgs, attack_dists
    from narrator.tools.systems.brew.contests import side_pool

    args = AttackArgs(attacker={"name": "foe", "attribute": a_attr, "skill": a_skill, "attribute_name": a_name,
                                "lucky": "Lucky" in foe.get("tricks", [])},
                      weapon={"attack_type": "blunt"},
                      defender={"name": "pc", "attribute": d_attr, "skill": d_skill, "attribute_name": d_name,
                                "health": pc.get("health"), "lucky": "Lucky" in pc.get("tricks", [])},
                      attackers=count, engaged=count == 1)
    penalty = 0 if args.engaged else -2 * (count - 1)
    outcome, _ = attack_dists(args, side_pool(args.attacker)[0].pool, side_pool(args.defender, penalty)[0].pool,
                              args.defender)
    return float(outcome["hit"])


class BrewEncounters:
    system = "brew"

    def build(self, campaign: Campaign, difficulty: str, concept: str | None) -> EncounterOutcome:
        pcs = party(campaign)
        shift, level = SIZES[difficulty]
        count = max(1, len(pcs) + shift)
        concept, added, results = add_foes(campaign, "brew", count, concept, level)
        foe = campaign.state.characters[added[0]]
        weakest = min(pcs, key=lambda n: (sum(_defence_pool(pcs[n])[:2]), n))
        a_attr, a_skill, a_name = _attack_pool(foe)
        d_attr, d_skill, d_name = _defence_pool(pcs[weakest])
        extra = count - 1
        p = one_attack_lands(foe, a_attr, a_skill, a_name, pcs[weakest], d_attr, d_skill, d_name, count)
        rating = f"{difficulty}: {count} × level {level}; one attack on {weakest} lands {p:.0%}" + (
            f" (−{2 * extra} to each defence beyond the one engaged)" if extra else "")
        rows = [[n, str(level), f"{campaign.state.characters[n]['health']}",
                 ", ".join(f"{k} {v}" for k, v in campaign.state.characters[n]["skills"].items())] for n in added]
        view = rows_table(f"Encounter: {count} × {concept} (level {level}) — {rating}", ["foe", "level", "♥",
                                                                                       "skills"], rows)
        note = ("Brew has no challenge ratings: the size follows the party; the odds are brew_attack's exact "
                "distribution (brew.md#Examples of weapon attacks: -2 per additional attacker).")
        return EncounterOutcome(difficulty, rating, added, results, view, note)


WAYS = tuple(TRAVEL_KMH)
WEATHER = {1: "scorching heat beyond 40°C", 2: "bitter cold below -40°C", 3: "fair", 4: "fair", 5: "fair",
           6: "fair"}


class Journey:
    name = "journey"
    system = "brew"
    description = "a stretch of travel: the way, the distance, the hours on the road and the weather"

    def generate(self, campaign: Campaign) -> SceneOutcome:
        way, results = roll_choice(campaign, list(WAYS), "way")
        distance = campaign.call("table_roll", {"expression": "2d6"})
        results.append(("table_roll (distance × 5 km)", distance))
        weather = campaign.call("table_roll", {"expression": "1d6"})
        results.append(("table_roll (weather)", weather))
        km = distance.total * 5
        travel = campaign.call("brew_travel", {"mode": way, "distance_km": km})
        results.append(("brew_travel", travel))
        sky = WEATHER[weather.total]
        text = f"A journey of {km} km ({way}): about {travel.hours_min:.0f}-{travel.hours_max:.0f} hours; {sky}."
        if sky != "fair":
            text += " Extreme weather: -2 to all rolls, and every five hours a Power + Survival check."
        scene = campaign.call("table_set_scene", {"text": text[:2000]})
        results.append(("table_set_scene", scene))
        view = rows_table("Journey", ["way", "distance", "hours", "weather"],
                          [[way, f"{km} km", f"{travel.hours_min:.1f}-{travel.hours_max:.1f}", sky]])
        return SceneOutcome("Journey", text, results, view)
