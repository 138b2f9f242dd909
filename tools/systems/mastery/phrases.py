"""Mastery's words: the phrase table its steps are written out with (:mod:`tools.phrases`, issue 30): the format
strings are data in ``phrases.toml``, the phrases that need logic are here, and one table joins them.

A step holds the numbers and names (``step("mastery.tally", successes=2, needed=1, ok=True)``); the phrase here
writes the line a player reads. A value that holds another step (a summary quoting a challenge's summary) is
written out with :func:`tools.phrases.say`.
"""

from __future__ import annotations

from typing import Any

from narrator.tools.common_phrases import (
    BROKEN_RULE,
    NO_RULE_BROKEN,
    concept_words,
    joins_fight,
    sheet_verdict,
)
from narrator.tools.odds import fraction_text
from narrator.tools.phrases import clause, counted, pairs, plural, say, with_templates


def _prefix(who: Any) -> str:
    return f"{say(who)}: " if who else ""


# --- challenges (challenge.py) ---------------------------------------------------------------------------------------


def _pool(v: dict[str, Any]) -> str:
    parts = ["1 base die", f"{v['trait_name'] or 'trait'} {v['trait']:+d}"]
    for kind in ("ability", "skill"):
        value, name, unfit = v[kind], v[f"{kind}_name"], v[f"{kind}_unfit"]
        label = name or kind
        if unfit:
            parts.append(f"{label} +0 (ruled unfit)")
        elif value:
            parts.append(f"{label} {value:+d}")
        else:
            parts.append(f"no {kind} (+0)")
    if v["circumstance"]:
        parts.append(f"circumstances {v['circumstance']:+d}")
    raw = v["raw"]
    return f"Pool = {' + '.join(parts)} = {raw} {'die' if raw in (1, -1) else 'dice'}."


def _rolled(v: dict[str, Any]) -> str:
    hits = v["hits"]
    meet = f" ({', '.join(map(str, hits))})" if hits else ""
    against = f"{v['difficulty']} = {v['tn']}" if v.get("difficulty") else v["tn"]
    return (f"{_prefix(v['who'])}rolled {', '.join(map(str, v['faces']))} on d{v['die']} against {against}: "
            f"{len(hits)} {'die meets or beats' if len(hits) == 1 else 'dice meet or beat'} it{meet}.")


def _tn(v: dict[str, Any]) -> str:
    from narrator.tools.systems.mastery.challenge import hit_chance

    die, tn, difficulty = v["die"], v["tn"], v["difficulty"]
    where = f"{difficulty} on a d{die} is {tn} (the difficulty table)" if difficulty else f"{tn} on a d{die}"
    return f"Target number: {where}; each die meets it with chance {fraction_text(hit_chance(die, tn))}."


def _average(v: dict[str, Any], tn: int | None = None) -> tuple[str, str, bool]:
    """(one die's chance, the exact average, whether rounding changed it) of a pool that 'rolls all average'."""
    from narrator.tools.systems.mastery.challenge import hit_chance

    chance = hit_chance(v["die"], v["tn"] if tn is None else tn)
    exact = v["dice"] * chance
    return fraction_text(chance), fraction_text(exact), exact != v["degree"]


def _assumed(v: dict[str, Any]) -> str:
    chance, exact, rounded = _average(v)
    return (f"No dice are thrown: the NPC rolls 'all average', {v['dice']} x {chance} = {exact} successes"
            + (f", rounded {v['rounding']} to {v['degree']}." if rounded else "."))


# --- opposed challenges (opposed.py) -------------------------------------------------------------------------------


def _side_average(v: dict[str, Any]) -> str:
    _, exact, rounded = _average(v)
    where = f"{v['difficulty']} = {v['tn']}" if v["difficulty"] else str(v["tn"])
    return (f"{v['who']} does not roll: 'assume that they roll all average' — {v['dice']} dice at {where} average "
            f"{exact} successes" + (f", rounded {v['rounding']} to {v['degree']}." if rounded else "."))


def _verdict(v: dict[str, Any]) -> str:
    first, second, difference = v["first"], v["second"], v["difference"]
    if difference == 0:
        return f"Tie: {first} and {second} both have the same number of successes; nobody is the victor."
    winner, loser = (first, second) if difference > 0 else (second, first)
    return f"{winner} wins: degree of success {abs(difference)} (the difference) over {loser}."


# --- the roundtable (roundtable.py) -----------------------------------------------------------------------------------


def _initiative_tie(v: dict[str, Any]) -> str:
    first, second = v["first"], v["second"]
    why = (f"{first}'s agility-like trait {v['first_trait']:+d} beats {v['second_trait']:+d}"
           if v["first_trait"] != v["second_trait"] else "equal traits too, so the GM decides: the order they were "
                                                            "listed in")
    return f"{first} and {second} tie at degree {v['degree']}: {why}."


def _damage(v: dict[str, Any]) -> str:
    d, weapon, modifier, armor, damage = v["degree"], v["weapon"], v["modifier"], v["armor"], v["damage"]
    parts = [f"degree {d}"] + ([f"weapon {weapon:+d}"] if weapon else []) + \
        ([f"damage modifier {modifier:+d}"] if modifier else []) + ([f"armor -{armor}"] if armor else [])
    return (f"Damage = {' '.join(parts)} = {damage} health {plural(damage, 'box', 'boxes')}"
            + (" (never below 0)." if d + weapon + modifier - armor < 0 else ".")
            + (f" {v['defender']}: {v['health']} → {v['after']} boxes left." if v["after"] is not None else ""))


def _attack_roll(v: dict[str, Any]) -> str:
    d, damage = v["difference"], v["damage"]
    return (f"{v['first']} {v['first_successes']} vs {v['second']} {v['second_successes']}: "
            + ((f"hit for {damage}" if damage else "hit, but the armor stops it") if d > 0 else "defended" if d < 0
               else "tie, nothing happens"))


# --- Fearsome Challenges and health boxes (fearsome.py, health.py) ----------------------------------------------------


def _foe_average(v: dict[str, Any]) -> str:
    chance, exact, rounded = _average(v)
    needed = v["needed"]
    return (f"The foe does not roll: its {v['dice']} dice 'roll all average', {v['dice']} x {chance} = {exact}"
            + (f", rounded {v['rounding']} to {v['degree']}" if rounded else "")
            + f"; {counted(needed, 'success is', 'successes are')} needed to avoid it.")


# --- Bloodbath (bloodbath.py) -----------------------------------------------------------------------------------------


def _doing(v: dict[str, Any]) -> str:
    what = {"attack": f"attacks {v['target']}", "defend": "defends", "flee": "flees",
            "focus": f"focuses on {v['task'] or 'their task'}"}[v["action"]]
    return f"{v['name']} ({what})"


def _conflict(v: dict[str, Any]) -> str:
    actor, against, mine, theirs = v["actor"], v["against"], v["mine"], v["theirs"]
    d = mine - theirs
    if d > 0:
        effect = f"{actor} wins by {d}: {v['damage']} damage to {against}"
    elif d < 0:
        effect = f"{against} wins by {-d}: " + ("the blow is blocked" if v["action"] == "defend"
                                                 else "they get away from it")
    else:
        effect = "a tie: neither action takes effect"
    return (f"{actor} attacks {against}, who {'defends' if v['action'] == 'defend' else 'flees'} — opposed, {mine} vs "
            f"{theirs}: {effect}.")


def _told(o: dict[str, Any]) -> str:
    hurt = f"is hurt {o['damage']}" + (" and goes down" if o["down"] else "") if o["damage"] else "unhurt"
    if o["action"] == "flee":
        return f"{o['name']} gets away" if o["withdrew"] else f"{o['name']} {hurt}, held in the fight"
    if o["disrupted"]:
        return f"{o['name']} {hurt}, focus disrupted"
    return f"{o['name']} {hurt}"


# --- characters (characters.py) ---------------------------------------------------------------------------------------


def _rated(rated: list[list[Any]]) -> str:
    """'Might +1, Wits -1': ratings as the sheet writes them (always signed, +0 included)."""
    return pairs(rated, "{} {:+d}")


def _scope(v: dict[str, Any]) -> str:
    if v["npc"]:
        return "Checked as the GM's character: ranges and health limits only, no budgets."
    if v["creation"]:
        return "Checked as a new character: trait points, the specialist, triumphs and health, and the limits of play."
    return "Checked as a character in play: ranges, health boxes, no starting budgets."


def _traits_start(v: dict[str, Any]) -> str:
    available = v["available"]
    return (f"Traits start at +0 on the GM's list ({', '.join(v['trait_list'])}); {available} points "
            f"(2{f', +{available - 2} for lowering to -1' if available > 2 else ''}) → {_rated(v['traits'])}.")


# --- the table: challenges, hazards, health, triumphs (table_common.py, table_checks.py, table_health.py...) ---------


def _activity_trait(v: dict[str, Any]) -> str:
    from narrator.tools.systems.mastery.rules import ACTIVITIES

    activity = v["activity"]
    return f"{activity.capitalize()} ({ACTIVITIES.get(activity, '')}) calls for {v['trait']} in this campaign."


def _boxes_change(v: dict[str, Any]) -> str:
    delta = v["delta"]
    why = clause(" ({})", v["reason"])
    return (f"{v['name']} {'marks' if delta < 0 else 'clears'} {abs(delta)} health {plural(abs(delta), 'box', 'boxes')}"
            f"{why}: {v['health']} → {v['after']} of {v['max_health']} left.")


# --- combat on the table (table_combat.py) --------------------------------------------------------------------------


def _mode(v: dict[str, Any]) -> str:
    from narrator.tools.systems.mastery.rules import COMBAT_MODES

    return f"Combat mode: {COMBAT_MODES[v['mode']]}."


def _no_weapon(v: dict[str, Any]) -> str:
    style = v["style"]
    if style == "ranged":
        return f"{v['name']} has no ranged weapon: a thrown stone (+0)."
    return f"{v['name']} has no {style + ' ' if style else ''}weapon: bare hands (+0)"


def _focuses(v: dict[str, Any]) -> str:
    from narrator.tools.systems.mastery.rules import ACTIVITIES

    return f"{v['name']} focuses on {v['task'] or ACTIVITIES[v['activity']]}: a {v['activity']} challenge."


def _foe_strikes(v: dict[str, Any]) -> str:
    who, tally = v["defender"], f"({v['successes']} of {v['needed']} needed)"
    verdict = (f"{who} blocks or moves in time {tally}" if v["avoided"] else
               f"{who} fails to avoid it {tally}: {v['damage']} boxes marked")
    return f"{v['name']} attacks {who}: {verdict}"


# --- costs and advancement (sheet.py, advancement.py) ----------------------------------------------------------------


def _step_cost(v: dict[str, Any]) -> str:
    what, r, cost = v["what"], v["rating"], v["cost"]
    return (f"{what.capitalize()} {r:+d} → {r + 1:+d}: {counted(cost, 'triumph')}"
            + (" (gaining a new one)" if r == 0 and what != "trait" else "") + ".")


def _advance_cost(v: dict[str, Any]) -> str:
    before = v["before"]
    return (f"{v['what'].capitalize()} {v['name']}: "
            + ", ".join(f"{r:+d} → {r + 1:+d} costs {c}" for r, c in enumerate(v["costs"], start=before))
            + f"; {counted(v['cost'], 'triumph')} in all, of {v['triumphs']}.")


def _advanced(v: dict[str, Any]) -> str:
    return (f"{v['who']}: {v['what']} {v['name']} {v['before']:+d} → {v['after']:+d}"
            + (f" ({counted(v['spent'], 'triumph')})" if v["spent"] else " (not learned)"))


PHRASES: dict[str, Any] = with_templates(__file__, {
    # challenge.py
    "pool": _pool,
    "no_base_die": lambda v: ("The GM marks this challenge impossible: no base die is guaranteed"
                              + (f", so the pool is {v['dice']} dice." if v["raw"] < 1 else ".")),
    "no_dice": lambda v: f"{_prefix(v['who'])}no dice to roll: 0 successes.",
    "rolled": _rolled,
    "tn": _tn,
    "tally": lambda v: (f"{counted(v['successes'], 'success', 'successes')}, {v['needed']} needed → "
                        f"{v['label']}" + (f" (degree {v['successes']})." if v["ok"] else ".")),
    "challenge": lambda v: (f"{_prefix(v['who'])}{v['dice']} d{v['die']} vs {v['tn']}: {v['successes']} of "
                            f"{v['needed']} needed → {v['label']}"),
    "assumed": _assumed,
    # opposed.py
    "side_average": _side_average,
    "verdict": _verdict,
    "opposed": lambda v: (f"{v['first']} {v['first_successes']} vs {v['second']} {v['second_successes']}: "
                          + (f"{v['winner']} wins by {v['by']}" if v["winner"] else "tie")),
    # roundtable.py
    "initiative_tie": _initiative_tie,
    "order": lambda v: "Order: " + pairs(v["entries"], "{} ({})") + ".",
    "damage": _damage,
    "attack_roll": _attack_roll,
    # fearsome.py
    "foe_average": _foe_average,
    "hazard_needs": lambda v: (f"{v['hazard']}: {counted(v['needed'], 'success', 'successes')} needed, "
                               f"failure marks {v['damage']} health {plural(v['damage'], 'box', 'boxes')}."),
    "hazard_failed": lambda v: (f"Failure: {v['damage']} health {plural(v['damage'], 'box is', 'boxes are')} marked"
                                + (f" ({v['health']} → {v['after']} left)." if v["health"] is not None else ".")),
    "hazard": lambda v: f"{v['hazard']}: {say(v['challenge'])}" + clause(", {} boxes marked", v["damage"]),
    # health.py
    "health_tied": lambda v: (f"{v['base']} + {v['per_point']} x {v['trait_name'] or 'the trait'} ({v['trait']:+d}) = "
                              f"{v['raw']}" + (" → 1 (minimum 1)." if v["raw"] < 1 else ".")),
    # bloodbath.py
    "doing": _doing,
    "conflict": _conflict,
    "both_attack": lambda v: (f"{v['actor']} attacks {v['against']}, who is attacking too — a solo challenge to hit: "
                              f"{v['successes']} raw {plural(v['successes'], 'success', 'successes')}, "
                              f"{v['damage']} damage."),
    "disrupts": lambda v: (f"{v['actor']} attacks {v['against']}, who is focusing — the attack is unaffected and works: "
                           f"{v['successes']} raw {plural(v['successes'], 'success', 'successes')}, "
                           f"{v['damage']} damage; {v['against']}'s focus is disrupted."),
    "undisturbed": lambda v: (f"{v['name']} focuses on {v['task'] or 'their task'} undisturbed: it works, with "
                              f"{counted(v['successes'], 'success', 'successes')} for the GM to judge."),
    "takes": lambda v: (f"{v['name']} takes {v['damage']} damage in all"
                        + (f" ({v['left']} boxes left)" if v["left"] is not None else "")
                        + (": the last box is marked." if v["down"] else ".")),
    "bloodbath": lambda v: "Bloodbath round: " + "; ".join(_told(o) for o in v["fighters"]),
    # characters.py
    "scope": _scope,
    "trait_points": lambda v: f"Traits: {_rated(v['traits'])} ({v['spent']} of {v['available']} trait points spent).",
    "broken": BROKEN_RULE,
    "none_broken": NO_RULE_BROKEN,
    "valid": lambda v: sheet_verdict(v["name"], v["violations"]),
    "traits_start": _traits_start,
    "created": lambda v: f"Created {v['name']}: {_rated(v['traits'])}",
    "bought": lambda v: f"{v['what'].capitalize()} {v['name']} +{v['rating']} for {counted(v['cost'], 'triumph')}.",
    "kept": lambda v: f"{counted(v['triumphs'], 'triumph')} kept for later.",
    "concept": concept_words,
    "rolled_hero": lambda v: (f"Rolled {v['name']}: {_rated(v['traits'])}; abilities {pairs(v['abilities'])}; "
                              f"skills {pairs(v['skills'])}"),
    # table_common.py
    "activity_trait": _activity_trait,
    "no_fit": lambda v: f"{v['name']} has no {v['what']} that fits {v['activity'] or 'this'}: +0.",
    "wounds": lambda v: (f"{v['name']} has {v['health']} of {v['max_health']} health boxes left: wounds cost "
                         f"{counted(v['dice'], 'die', 'dice')}."),
    "last_box": lambda v: f"{v['name']}'s last box is marked: {v['name']} " + ("dies." if v["dies"] else
                                                                                "falls into a coma."),
    # table_checks.py
    "attempts": lambda v: f"{v['name']} attempts {v['task'] or v['activity'] or 'a challenge'}.",
    "ruling_stands": lambda v: (f"The GM's ruling for {v['hazard']} stands: "
                                f"{counted(v['needed'], 'success', 'successes')} at {v['tn']}, failure marks "
                                f"{v['damage']} health boxes."),
    "check": lambda v: f"{v['name']} ({' + '.join(v['using'])}): {say(v['result'])}",
    "hazard_set": lambda v: (f"Hazard: {v['hazard']} — {counted(v['needed'], 'success', 'successes')} at "
                             f"{v['difficulty']} ({v['activity']}), {v['damage']} boxes on failure"),
    "faces_hazard": lambda v: f"{v['name']} ({' + '.join(v['using'])}) — {say(v['result'])}",
    # table_health.py
    "boxes_change": _boxes_change,
    "health_now": lambda v: (f"{v['name']}: health {v['health']} → {v['after']}"
                             + clause(" ({})", v["reason"])),
    # table_advancement.py
    "gains": lambda v: (f"{v['name']} gains {counted(v['amount'], 'triumph')} ({v['before']} → "
                        f"{v['after']})"),
    # table_combat.py
    "mode": _mode,
    "sides_order": lambda v: ("The enemies act first, then the party" if v["foes_first"] else
                              "The party acts first, then the enemies") + " (the GM's call); no initiative is rolled.",
    "joins_side": lambda v: f"{v['name']} joins the end of the {'enemies' if v['npc'] else 'party'}.",
    "joins": joins_fight,
    "no_weapon": _no_weapon,
    "attacks_with": lambda v: (f"{v['name']} attacks with {v['weapon']} ({v['modifier']:+d} damage); {v['defender']} "
                               "wears " + (f"{v['armor']} (armor {v['armor_value']})." if v["armor"] else
                                           "no armor.")),
    "cannot": lambda v: f"{v['name']} is {' and '.join(v['conditions'])} and cannot defend.",
    "blow_lands": lambda v: (f"{v['name']} is {' and '.join(v['conditions'])} and cannot defend: no dice, the blow "
                             "lands."),
    "foe_strikes": _foe_strikes,
    "focuses": _focuses,
    "acts": lambda v: f"{v['name']} {'flees' if v['action'] == 'flee' else 'focuses'}: {say(v['result'])}",
    # table_characters.py
    "npc_traits": lambda v: f"Traits: {_rated(v['traits'])}.",
    "npc_ratings": lambda v: f"Abilities: {_rated(v['abilities'])}; skills: {_rated(v['skills']) or 'none'}.",
    "npc_gear": lambda v: (f"Gear: {v['weapon']} ({v['modifier']:+d})" + clause(", armor {}", v["armor"])
                           + f"; {v['boxes']} health boxes; harm {v['harm']} when a defence against it fails (Fearsome "
                           "Challenges)."),
    # sheet.py
    "cost_of": lambda v: (f"{v['what'].capitalize()} {v['name']} +{v['rating']}: {' + '.join(map(str, v['costs']))} = "
                          f"{counted(v['total'], 'triumph')}."),
    # advancement.py
    "step_cost": _step_cost,
    "cost_total": lambda v: f"Total: {' + '.join(map(str, v['costs']))} = {counted(v['total'], 'triumph')}.",
    "cost": lambda v: f"{v['what']} {v['start']:+d} → {v['end']:+d}: {counted(v['total'], 'triumph')}",
    "advance_cost": _advance_cost,
    "improved": lambda v: (f"{v['who']}'s {v['name']} is now {v['rating']:+d}; "
                           f"{counted(v['triumphs'], 'triumph')} left."),
    "not_learned": lambda v: ("The learning challenge failed: nothing improves"
                              + (f", and the GM rules the {counted(v['cost'], 'triumph')} "
                                 f"{'is' if v['cost'] == 1 else 'are'} spent anyway." if v["spent"]
                                 else "; no triumph is burned.")),
    "advanced": _advanced,
})


RATED = {"trait": "traits", "ability": "abilities", "skill": "skills"}
"""A rating's kind → what its range is said for."""


def lowered_traits(lowered: int) -> str:
    """The trait points a new character gets for traits lowered to -1, where any are: ' (2, plus 1 for the trait
    lowered to -1)'."""
    return f" (2, plus {lowered} for the trait{'s' if lowered > 1 else ''} lowered to -1)" if lowered else ""


def trait_points_left(spent: int, available: int) -> str:
    """How far a new character's traits are from their points: '1 left unspent', '2 too many'."""
    return f"{available - spent} left unspent" if spent < available else f"{spent - available} too many"


SHEET_RULES = {
    "rule_fit_unknown": "'{name}' is classified in fits but is not one of the character's abilities or skills "
                        "({rule}).",
    "rule_armor_modifier": "Armor '{name}' has modifier {modifier}: armor takes 0 to 20 boxes off the damage "
                           "({rule}).",
    "rule_weapon_modifier": "Weapon '{name}' has modifier {modifier:+d}: weapons range from -5 to +20 ({rule}).",
    "rule_gear_style": "'{name}' is {what}, so it has no melee/ranged style ({rule}).",
    "rule_harm_range": "harm is {harm}: the boxes a foe deals range from 0 to 100 ({rule}).",
    "rule_health_negative": "Health is {health}, but boxes left cannot go below 0 ({rule}).",
    "rule_new_health_unmarked": "A new character starts with every box unmarked: health {max_health}, not {health} "
                                "({rule}).",
    "rule_health_above_max": "Health is {health}, more boxes than the {max_health} the character has ({rule}).",
    "rule_health_rule_trait": lambda v: f"Health boxes are tied to '{v['trait']}', which is not one of the "
                                        f"character's traits ({', '.join(v['traits'])}) ({v['rule']}).",
    "rule_health_rule_range": "The health rule has base {base} and {per_point} per point; the base is 1-100 boxes "
                              "and 0-10 per point ({rule}).",
    "rule_max_health_positive": "max_health is {max_health}, but a character has at least 1 health box ({rule}).",
    "rule_max_health_campaign": lambda v: f"max_health is {v['max_health']}, but this campaign gives {v['base']}"
                                          + (f" + {v['per_point']} x {v['trait']} ({v['score']:+d})" if v["trait"]
                                             else "") + f" = {v['boxes']} boxes (minimum 1) ({v['rule']}).",
    "rule_rating_range": lambda v: f"{v['what'].capitalize()} '{v['name']}' is {v['value']:+d}, but "
                                   f"{RATED[v['what']]} range from {v['low']:+d} to {v['high']:+d}"
                                   f"{'' if v['what'] == 'trait' else ' (one not held is simply not listed)'} "
                                   f"({v['rule']}).",
    "rule_starting_triumphs_negative": "starting_triumphs is {starting_triumphs}; it cannot be negative ({rule}).",
    "rule_no_traits": "A character has every trait of the GM's list; this sheet has none ({rule}).",
    "rule_specialist_trade_once": lambda v: "The specialist's trade (a +0 lowered to -2 to raise a +2 to +3) may only "
                                            f"be done once; this sheet has -2 in {', '.join(v['minus_two']) or 'none'} "
                                            f"and +3 in {', '.join(v['plus_three']) or 'none'} ({v['rule']}).",
    "rule_trait_points": lambda v: f"A new character spends {v['available']} trait points"
                                   f"{lowered_traits(v['lowered'])}, one per step up from +0; these traits spend "
                                   f"{v['spent']}, "
                                   f"{trait_points_left(v['spent'], v['available'])} ({v['rule']}).",
    "rule_new_trait_range": "Trait '{name}' is {value:+d}; a new character's traits go no higher than +2 and no "
                            "lower than -1 (the specialist's +3 aside) ({rule}).",
    "rule_specialist_trade_pair": "Trait '{where}' is {have}: a new character gets {have} only through the "
                                  "specialist's trade, a +0 lowered to -2 to raise a +2 to +3, so it needs a {lack} "
                                  "trait too ({rule}).",
    "rule_triumphs_negative": "Triumphs are {triumphs}, but a character cannot owe triumphs ({rule}).",
    "rule_triumphs_overspent": lambda v: f"The abilities and skills cost {v['cost']} triumphs from 0, more than "
                                         f"the {v['starting_triumphs']} a starting character has "
                                         f"({v['cost'] - v['starting_triumphs']} too many) ({v['rule']}).",
    "rule_triumphs_kept": lambda v: f"A starting character has {v['starting_triumphs']} triumphs: the abilities and "
                                    f"skills cost {v['cost']}, so {v['starting_triumphs'] - v['cost']} remain, but "
                                    f"the sheet keeps {v['triumphs']} ({v['rule']}).",
}
"""The rules a Mastery sheet can break (:mod:`.sheet`), each in the words it is cited with, ending with the rule
(``rule``: 'book.md#Section'); a step's ``field`` is the sheet field it concerns. A validate tool lists these steps,
a create tool's argument error says them."""

PHRASES.update(SHEET_RULES)
