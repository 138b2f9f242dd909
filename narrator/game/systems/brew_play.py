"""Brew's scene generator (a journey) and encounter builder.

Encounters. The book has no challenge ratings; what it makes dangerous is numbers and scores: a character
defends against every attacker beyond the one engaged at −2 per additional attacker, and foes' pools set the
odds. So an encounter is sized against the party: *easy* is one foe fewer than the party, *moderate* as many as
the party, *deadly* one more. Their power level is the one whose attack lands on the party's most exposed member
as often as a level 1, 2 or 3 foe's lands on a starting character (defence pool 8: attributes and skills at 4 — a
level 3 foe has a starting character's scores, and with the book's weapons, a broadsword dealing the whole attack
roll, that is deadly indeed). For a starting party that is level 1, 2 and 3; a party whose fighter defends at 12
(Power 6 and Melee 6, a class's bonus past the cap of 5) meets level 4 foes in a moderate fight, not level 2 ones
whose attacks could never land (level 5 attacks no better: key scores stop at 5; of two as near, the nearer to the
starting level). The chance is ``brew_attack``'s exact distribution for the level's key scores (an
NPC's key attribute and skills are level + 1, at most 5: ``table_characters.py``), no dice thrown. A logged ``1dN``
picks the concept for the level unless the player named one; the rating line states the exact chance that one of
the foes actually made lands, with the penalty the numbers bring.

Journeys (``brew.md#Travel``, ``#Extreme Weather Conditions``): logged dice pick the way (the book's example
travel times) and the distance (2d6 × 5 km) and whether the weather is extreme (a d6: 1 scorching heat over 40°C,
2 bitter cold, else fair); ``brew_travel`` gives the hours, and extreme weather is set in the scene so
``brew_endure_weather`` applies.
"""

from __future__ import annotations

from typing import Any

from narrator.memory.campaign import Campaign
from narrator.game.encounters import EncounterOutcome, add_foes, roll_choice
from narrator.game.scenes import SceneOutcome, scene
from narrator.game.views import rows_table
from narrator.tools.errors import UserError
from narrator.tools.phrases import span
from narrator.tools.render import percent
from narrator.tools.systems.brew.rules import TRAVEL_KMH

SIZES = {"easy": (-1, 1), "moderate": (0, 2), "deadly": (1, 3)}
"""Foes beyond the party's number, and the power level whose odds against a starting character set the target."""
STARTING_DEFENCE = (4, 4, "power")
"""A starting character's defence: attribute 4 + Melee 4 (the NPC tool's level 3, 'about a starting player-character')."""


def party(campaign: Campaign) -> dict[str, dict[str, Any]]:
    pcs = {n: s for n, s in campaign.state.characters.items() if not s.get("npc") and s.get("health", 0) > 0}
    if not pcs:
        raise UserError("There is no player-character standing: create one with /character first.")
    return pcs


def _defence_pool(sheet: dict[str, Any]) -> tuple[int, int, str]:
    """A defence against a blow up close: Power or Precision, the better, + Melee."""
    attrs, skills = sheet.get("attributes", {}), sheet.get("skills", {})
    attr = max(("power", "precision"), key=lambda a: attrs.get(a, 1))
    return attrs.get(attr, 1), skills.get("melee", 0), attr


def _close_attack(foe: dict[str, Any], pc: dict[str, Any]) -> tuple[tuple[int, int, str], tuple[int, int, str]]:
    """(the foe's attack pool, the defender's pool) for the blow the foe strikes up close, where a fight without
    zones is: the engine's own choices (its weapon for close range, that weapon's attribute and skill, a dodge
    against a ranged attack) — an archer with only a bow could but punch."""
    from narrator.tools.systems.brew.sheet import BrewCharacter
    from narrator.tools.systems.brew.table_combat import attack_stats, defence_pool, is_ranged, weapon_of

    a, d = BrewCharacter.model_validate(foe), BrewCharacter.model_validate(pc)
    weapon = weapon_of(a.name, a, None, "close")
    a_attr, a_skill = attack_stats(weapon, a, None)
    d_attr, d_skill = defence_pool(d, is_ranged(weapon, "close"), False)
    return ((a.score(a_attr), a.skills.get(a_skill, 0), a_attr),
            (d.score(d_attr), d.skills.get(d_skill, 0) if d_skill else 0, d_attr))


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


def _lands(level: int, defender: dict[str, Any], defence: tuple[int, int, str], count: int) -> float:
    """The chance one attack of a level-``level`` foe lands on ``defender``: its key attribute and Melee at level + 1
    (at most 5), as the NPC tool makes them."""
    key = min(5, level + 1)
    return one_attack_lands({}, key, key, "power", defender, *defence, count)


def level_for(base: int, defender: dict[str, Any], count: int) -> int:
    """The power level 1-5 whose foes land on ``defender`` as often as level ``base`` foes land on a starting
    character; the nearer to ``base`` of two as near."""
    target = _lands(base, {"health": 10}, STARTING_DEFENCE, count)
    defence = _defence_pool(defender)
    return min(range(1, 6), key=lambda lv: (round(abs(_lands(lv, defender, defence, count) - target), 9),
                                            abs(lv - base)))


class BrewEncounters:
    system = "brew"

    def build(self, campaign: Campaign, difficulty: str, concept: str | None) -> EncounterOutcome:
        pcs = party(campaign)
        shift, base = SIZES[difficulty]
        count = max(1, len(pcs) + shift)
        weakest = min(pcs, key=lambda n: (sum(_defence_pool(pcs[n])[:2]), n))
        level = level_for(base, pcs[weakest], count)
        concept, added, results = add_foes(campaign, "brew", count, concept, level)
        foe = campaign.state.characters[added[0]]
        attack, defence = _close_attack(foe, pcs[weakest])
        extra = count - 1
        p = one_attack_lands(foe, *attack, pcs[weakest], *defence, count)
        rating = f"{difficulty}: {count} × level {level}; one attack on {weakest} lands {percent(p, 0)}" + (
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


@scene("journey", "brew",
       "a stretch of travel: the way, the distance, the hours on the road and the weather")
def journey(campaign: Campaign) -> SceneOutcome:
    way, results = roll_choice(campaign, list(WAYS), "way")
    distance = campaign.call("table_roll", {"expression": "2d6"})
    results.append(("table_roll (distance × 5 km)", distance))
    weather = campaign.call("table_roll", {"expression": "1d6"})
    results.append(("table_roll (weather)", weather))
    km = distance.total * 5
    travel = campaign.call("brew_travel", {"mode": way, "distance_km": km})
    results.append(("brew_travel", travel))
    sky = WEATHER[weather.total]
    hours = span(travel.hours_min, travel.hours_max, ".0f")  # "about 1-1 hours" was shown
    text = f"A journey of {km} km ({way}): about {hours} {'hour' if hours == '1' else 'hours'}; {sky}."
    if sky != "fair":
        text += " Extreme weather: -2 to all rolls, and every five hours a Power + Survival check."
    framed = campaign.call("table_set_scene", {"text": text[:2000]})
    results.append(("table_set_scene", framed))
    view = rows_table("Journey", ["way", "distance", "hours", "weather"],
                      [[way, f"{km} km", span(travel.hours_min, travel.hours_max, ".1f"), sky]])
    return SceneOutcome("Journey", text, results, view)
