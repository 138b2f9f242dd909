"""Mini Six's scene generator (a battlefield with cover) and encounter builder (foes sized by the exact odds).

The book has no encounter or scene rules, so both are built from the rules it does have:

* Encounters. A side's threat is how many hits it lands in a round: for each foe, the exact chance its attack
  code reaches the party's average defence; for each player-character, the exact chance their best attack
  reaches the foes' defence (:func:`tools.systems.minisix.wild.at_least`). The ratio foes/party rates the fight:
  below 1/2 easy, from 1/2 moderate, from 1 deadly (the foes out-hit the party). Every group of 1-8 foes of a
  power level 1-5 is a candidate; a logged ``1dN`` picks among those with the asked rating (deadly stops at twice
  the party's hits), another picks the concept for the level unless the player named one. When none fits, the
  closest is used and the note says so. Six or more foes are a mob: the note points at the mass-combat rules.
* Battlefields. A logged ``1dN`` picks a place from a short list; its zones (with their borders) and where cover
  stands go on the table, so range (same zone short, bordering medium, two away long) and cover (50% +5, 75%
  +10, 90% +15) come from the book's own modifiers.
"""

from __future__ import annotations

from fractions import Fraction
from narrator.memory.campaign import Campaign
from narrator.game.encounters import (
    EncounterOutcome, add_foes, no_fit_note, player_characters, roll_choice, sized_groups,
)
from narrator.game.scenes import SceneOutcome, scene
from narrator.game.views import rows_table
from narrator.tools.systems.minisix.codes import DieCode
from narrator.tools.systems.minisix.sheet import MiniSixCharacter
from narrator.tools.systems.minisix.table_characters import LEVEL_BASE, LEVEL_SKILL_PIPS
from narrator.tools.systems.minisix.wild import at_least

MAX_FOES = 8
MASS_MOB = 6
BANDS = {"easy": (Fraction(0), Fraction(1, 2)), "moderate": (Fraction(1, 2), Fraction(1)),
         "deadly": (Fraction(1), Fraction(2))}


def party(campaign: Campaign) -> list[MiniSixCharacter]:
    return [MiniSixCharacter.model_validate(s) for s in player_characters(campaign).values()]


def best_attack(c: MiniSixCharacter) -> DieCode:
    options = [c.skill_code("brawling"), c.skill_code(c.weapon_skill())]
    if c.weapons(("missile",)):
        options.append(c.skill_code("missile"))
    return max(options, key=lambda x: x.total_pips)


def foe_attack(level: int) -> DieCode:
    return DieCode.from_pips(LEVEL_BASE[level] + LEVEL_SKILL_PIPS[level])


def ratio(pcs: list[MiniSixCharacter], level: int, count: int) -> Fraction:
    """Foes' expected hits per round over the party's, exactly."""
    defence = round(sum(Fraction(min(c.defences()["block"], c.defences()["dodge"])) for c in pcs) / len(pcs))
    att = foe_attack(level)
    foes = count * at_least(att.dice, att.pips, max(1, defence))
    foe_defence = foe_attack(level).static
    mine = sum((at_least(a.dice, a.pips, foe_defence) for a in map(best_attack, pcs)), Fraction(0))
    return foes / mine if mine else Fraction(100)


def rating_of(r: Fraction) -> str:
    for name, (low, high) in BANDS.items():
        if low <= r < high:
            return name
    return "deadly"


class MiniSixEncounters:
    system = "minisix"

    def build(self, campaign: Campaign, difficulty: str, concept: str | None) -> EncounterOutcome:
        pcs = party(campaign)
        low, high = BANDS[difficulty]
        scored = {(lvl, n): ratio(pcs, lvl, n) for lvl in range(1, 6) for n in range(1, MAX_FOES + 1)}
        fit, fits = sized_groups(MAX_FOES, lambda lvl, n: low <= scored[lvl, n] < high,
                                 lambda lvl, n: abs(scored[lvl, n] - (low + high) / 2))
        (level, count), results = roll_choice(campaign, fit, "foe group",
                                                lambda g: f"{g[1]} × level {g[0]}")
        concept, added, more = add_foes(campaign, "minisix", count, concept, level)
        results += more
        got = rating_of(scored[(level, count)])
        rows = []
        for n in added:
            c = MiniSixCharacter.model_validate(campaign.state.characters[n])
            d = c.defences()
            rows.append([n, str(level), best_attack(c).text(), f"B{d['block']} D{d['dodge']} P{d['parry']} "
                                                               f"S{d['soak']}"])
        r = scored[(level, count)]
        view = rows_table(f"Encounter: {count} × {concept} (level {level}) — {got}, the foes land "
                          f"{float(r):.2f}× the party's hits", ["foe", "level", "attack", "defences"], rows)
        notes = []
        if not fits:
            notes.append(no_fit_note(MAX_FOES, difficulty, got))
        if count >= MASS_MOB:
            notes.append(f"{count} attackers: the book's mass-combat shortcut may speed this up (each die but the "
                         "wild die counts 3.5: minisix_mass_attack, /learn mass combat); otherwise each foe attacks on "
                         "its own turn.")
        return EncounterOutcome(difficulty, got, added, results, view, " ".join(notes))


PLACES: tuple[tuple[str, tuple[str, ...], tuple[tuple[str, str], ...], str], ...] = (
    ("a ruined chapel", ("nave", "altar", "bell tower"), (("nave", "altar"), ("altar", "bell tower")),
     "pews give 50% cover in the nave; the altar stone 75%; the bell tower's arrow slits 90%"),
    ("a forest road", ("road", "thicket", "ridge"), (("road", "thicket"), ("thicket", "ridge"), ("road", "ridge")),
     "the open road gives none; the thicket 50%; rocks on the ridge 75%"),
    ("a harbour warehouse", ("docks", "warehouse floor", "loft"), (("docks", "warehouse floor"),
                                                                    ("warehouse floor", "loft")),
     "crates on the floor give 50% cover, 75% stacked high; the loft's rail 50%"),
    ("a city square at night", ("fountain", "market stalls", "alley"), (("fountain", "market stalls"),
                                                                        ("market stalls", "alley")),
     "the fountain's rim gives 50% cover; stalls 50%; darkness in the alley counts as 75%"),
    ("a canyon pass", ("pass", "boulders", "cliff path"), (("pass", "boulders"), ("boulders", "cliff path")),
     "the boulders give 75% cover; the cliff path's overhang 90%"),
    ("a manor hall", ("hall", "gallery", "kitchens"), (("hall", "gallery"), ("hall", "kitchens")),
     "tables overturned in the hall give 50% cover; the gallery's balustrade 75%"),
)


@scene("battlefield", "minisix",
       "roll a place to fight in: zones (same zone short range, bordering medium, two away long) and "
       "where its cover stands")
def battlefield(campaign: Campaign) -> SceneOutcome:
    (place, zones, links, cover), results = roll_choice(campaign, list(PLACES), "battlefield")
    set_zones = campaign.call("table_set_zones", {"zones": list(zones), "links": [list(p) for p in links]})
    text = f"{place.capitalize()}: {', '.join(zones)}. Cover: {cover}."
    framed = campaign.call("table_set_scene", {"text": text})
    results += [("table_set_zones", set_zones), ("table_set_scene", framed)]
    view = rows_table(f"Battlefield — {place}", ["zone", "borders"],
                      [[z, ", ".join(campaign.state.neighbours(z))] for z in zones])
    return SceneOutcome(f"Battlefield: {place}", text, results, view)

