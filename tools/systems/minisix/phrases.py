"""Mini Six's words: the phrase table its steps are written out with (:mod:`tools.phrases`), keyed by the phrase
part of a step's kind (``minisix.<phrase>``). The format strings are data in ``phrases.toml``;
the phrases here need logic and call the rules modules' helpers."""

from __future__ import annotations

from typing import Any

from fractions import Fraction

from narrator.tools.common_phrases import concept_words
from narrator.tools.phrases import clause, counted, pairs, say, with_templates
from narrator.tools.systems.minisix.defences import OFFHAND_WORDS
from narrator.tools.systems.minisix.mass import half
from narrator.tools.systems.minisix.rules import PERK_TEXT
from narrator.tools.systems.minisix.sheet import Attributes
from narrator.tools.systems.minisix.table_characters import LEVEL_WORDS
from narrator.tools.systems.minisix.table_session import OWN_PERK
from narrator.tools.systems.minisix.wild import exploded_words, story_words
from narrator.tools.systems.minisix.wounds import EFFECTS

ZONES_AWAY = ("in the same zone", "one zone away", "two zones away")


def _given(v: dict[str, Any]) -> str:
    """"4D+1 -1D hurt, -1D for 1 more action: " before the code rolled, when it rolled fewer dice than given."""
    if not v.get("given"):
        return ""
    lost = ([f"-{v['penalty']}D hurt"] if v["penalty"] else []) + (
        [f"-{v['actions']}D for {counted(v['actions'], 'more action')}"] if v["actions"] else [])
    return f"{v['given']} {', '.join(lost)}: "


PHRASES: dict[str, Any] = with_templates(__file__, {
    # wild.py: a thrown code
    "story": lambda v: story_words(v["plain"], v["wild"], v["pips"], v["total"]),
    "exploded": lambda v: exploded_words(v["wild"]),
    # damage.py: resisting damage
    "damage_margin": lambda v: f"Damage {v['total']} - Soak {v['soak']} = {v['margin']}: " + (
        f"{v['result']} (the chart: 0-3 stunned, 4-8 wounded, 9-12 incapacitated, 13-15 mortally wounded, 16+ dead)."
        if v["result"] else "below 0, unharmed."),
    "damage": lambda v: f"Damage {v['total']} vs Soak {v['soak']}: " + (
        f"{v['result']}, now {v['after']}" if v["result"] else "no harm"),
    # defences.py: static defences and the attacker's TN
    "offhand_bonus": lambda v: f"+{v['bonus']}: " + OFFHAND_WORDS[v["offhand"]] + ".",
    "defence_hero_points": lambda v: f"{counted(v['points'], 'Hero Point')}: +{v['bonus']}.",
    "attack_tn": lambda v: f"TN {v['tn']}" if v["tn"] is not None else "Cannot be hit (100% cover)",
    # dodge.py: the Dodge action and the full dodge
    "dodge_vs_static": lambda v: f"Dodge roll {v['roll']} vs static Dodge {v['static']}: " + (
        "the roll is higher and is used." if v["better"] else "the static Dodge stands."),
    "dodge_move": lambda v: f"The dodger may move up to {v['feet']}' freely" + (
        " (15' + 30' for the dash)." if v["dash"] else "."),
    "dodge": lambda v: f"Dodge roll {v['roll']} vs static {v['static']}" + (
        f" + {v['bonus']} (full dodge)" if v["mode"] == "full" else "")
        + f" → attackers need {v['value']}+ until the next turn",
    # healing.py: natural and assisted healing
    "natural_healing": lambda v: f"Natural healing ({v['level']}): Might {v['total']} vs {v['tn']} → " + (
        f"{v['after']}" if v["healed"] else "no change"),
    "treating": lambda v: f"Treating a {v['level']} patient is {v['difficulty']} ({v['tn']}, {v['kit_tn']} with a "
                          "medicine kit)" + (": the kit is at hand." if v["kit"] else ": no kit."),
    "assisted_healing": lambda v: f"Medicine {v['total']} vs {v['tn']} ({v['level']}): " + (
        f"heals to {v['after']}" if v["healed"] else "no change"),
    # initiative.py
    "initiative_order": lambda v: "Order: " + "; ".join(f"{i}. {', '.join(s)}" for i, s in enumerate(v["slots"], 1)),
    "initiative": lambda v: "Initiative: " + " | ".join(", ".join(s) for s in v["slots"]),
    # movement.py
    "move_walk": lambda v: f"{_who(v)} may move up to {v['free']}' freely alongside its actions.",
    "move_charge": lambda v: f"{_who(v)} charging moves +{v['added']}' ({v['feet']}' in all) toward the foe, then "
                             "attacks in melee; movement ends there, but more attacks may follow as declared actions.",
    "move_feet": lambda v: f"{v['base']}' + {'2 × ' if v['times'] == 2 else ''}{v['roll']} = {v['feet']}'.",
    "move": lambda v: f"{v['mode'].capitalize()}{clause(' (slow)', v['slow'])}: {v['feet']}'",
    # wounds.py: wound effects, staying conscious, the death roll
    "wound_level": lambda v: f"{v['level'].capitalize()}: {EFFECTS[v['level']][2]}",
    "wound_level_effect": lambda v: EFFECTS[v["level"]][2],
    "stamina": lambda v: f"Stamina {v['total']} vs 15: " + (
        "stays conscious (-3D)" if v["conscious"] else f"knocked out for {v['minutes']} minutes"),
    "death_rule": lambda v: f"Mortally wounded for {counted(v['minutes'], 'minute')}: roll "
                            f"Might; a roll less than {v['minutes']} is death.",
    "death_verdict": lambda v: f"{v['total']} {'<' if v['dies'] else '≥'} {v['minutes']}: " + (
        "the character dies." if v["dies"] else "the character clings to life."),
    "death_roll": lambda v: f"Might {v['total']} vs {v['minutes']} minute(s): {'dies' if v['dies'] else 'lives'}",
    # mass.py: mass combat and scale
    "mass_each": lambda v: f"{v['code']}: {v['plain']} dice other than the wild die, each treated as 3.5: {v['plain']} "
                           "× 3.5" + clause(" + {}", v["pips"]) + f" = {_half(v['exact'])}.",
    "mass_table_reads": lambda v: f"The Skill Mass Roll table writes it {v['base']}+WD (the half rounded down); a "
                                  f"whole TN is reached by {_half(v['exact'])} + WD exactly when it is reached by "
                                  f"{v['base']} + WD.",
    "mass_attackers": lambda v: f"{v['attackers']} attackers with {v['code']}: each die but the wild die counts 3.5, "
                                f"so each rolls {_half(v['exact'])}+WD (the mass table writes {v['base']}+WD).",
    "mass_need": lambda v: f"TN {v['tn']}: a wild die of {v['need']} or more hits (lowest hitting total "
                           f"{_half(v['lowest'])}).",
    "mass_six_over": lambda v: f"The TN is {v['over']} over the base {v['base']} (6+): no wild die below 6 can hit, "
                               f"so 1 in 6 is assumed to roll a 6 — {v['sixes']} of {v['sixes'] * 6} — and the "
                               f"remaining {v['rolled']} are rolled.",
    "mass_eight_over": lambda v: f"8+ over: the {v['sixes']} sixes reroll, going on from {_half(v['base'])}+WD; a "
                                 f"reroll of {v['need']} or more hits.",
    "mass_rerolls": lambda v: f"Rerolls: {', '.join(map(str, v['values']))} → {counted(v['hits'], 'hit')}.",
    "mass_six_seven_over": lambda v: f"6-7 over: a six and its reroll's at least 1 reach {_half(v['reach'])}, so all "
                                     f"{v['sixes']} assumed sixes hit.",
    "mass_rolled": lambda v: f"Rolled wild dice: {', '.join(map(str, v['faces']))} → {counted(v['hits'], 'hit')}.",
    "mass_hits_of": lambda v: f"{counted(v['hits'], 'hit')} of {v['attackers']}.",
    "mass_attack": lambda v: f"{v['attackers']} × {v['code']} ({_half(v['exact'])}+WD) vs TN {v['tn']}: {v['hits']} "
                             "hits",
    "mass_hit_damage": lambda v: f"Each hit's damage: {_half(v['exact'])}+WD against Soak {v['soak']} (mass combat: "
                                 "3.5 per die but the wild die).",
    "unit_scale": lambda v: f"{v['scaled']} ({'+' + str(v['bonus']) + 'D scale' if v['bonus'] else 'no scale bonus'}): "
                            f"{v['total']}" + (f" vs TN {v['tn']}: {v['outcome']}" if v["tn"] else
                                               f" ({v['outcome']})"),
    # table_common.py, table_actions.py: checks on the table
    "penalties": lambda v: f"{v['name']} is {pairs(v['parts'], '{1} (-{0}D)')}: -{v['total']}D.",
    # table_combat.py: attacks, dodges, fights and cover on the table
    "defence_meets": lambda v: f"{v['name']}'s {v['which']} {v['value']} meets the attack" + (
        " (missiles are blocked or parried only with a shield)" if v["unshielded"] else "") + ".",
    "zone_range": lambda v: f"Zones: {v['name']} is {ZONES_AWAY[v['zones']]}: {v['range']} range.",
    "attacks_with": lambda v: f"{v['name']} attacks with "
                              f"{v['weapon'] or ('fists' if v['brawling'] else 'a throw')}: {v['skill']} {v['code']}.",
    "hit": lambda v: f"hit, {v['damage']} damage vs Soak {v['soak']}: " + (
        "no harm" if v["result"] == "unharmed" else v["result"] if v["result"] == v["after"]
        else f"{v['result']}, now {v['after']}"),
    "takes_cover": lambda v: f"{v['name']} gets behind {v['cover']} cover: " + (
        f"+{v['added']} to the TN of every attack on them." if v["added"] is not None else
        "it is impossible to hit them."),
    "cover_taken": lambda v: f"{v['name']}: " + ("out of cover" if v["cover"] == "none" else f"{v['cover']} cover"),
    # table_health.py, table_movement.py: harm, healing and time on the table
    "days_pass": lambda v: f"{counted(v['days'], 'day')} pass: day {v['day']}. Each patient may "
                           "have a new Medicine check.",
    # table_session.py: perks, complications, sessions, lucky breaks
    "uses_perk_for": lambda v: f"{v['name']} uses {v['perk']}: "
                               f"{PERK_TEXT.get(v['perk'], OWN_PERK)}.",
    "uses_perk": lambda v: f"{v['name']} uses {v['perk']}" + (f": {say(v['said'])}" if v["said"] else ""),
    "complicates": lambda v: f"{v['name']}'s {v['complication']} complicates things" + (
        f": {v['note']}." if v["note"] else "."),
    # table_characters.py: NPCs
    "npc_level": lambda v: f"A {LEVEL_WORDS[v['level']]} narrator-character (level {v['level']}): no creation budgets; "
                           f"attributes around {v['base']}.",
    "npc_attributes": lambda v: "Attributes (a d6 each: 1 a pip less, 6 a pip more): " + pairs(
        v["rolled"], "{} {} (d6={})") + ".",
    "npc_skills": lambda v: (f"Concept words {', '.join(v['keywords'])} suggest {', '.join(v['suggested'])}. "
                             if v["keywords"] else "") + f"Skills ({v['slots']}, each {v['added']}): "
                            + pairs(v["skills"]) + ".",
    "npc_gear": lambda v: "Gear: " + (", ".join(v["gear"]) or "bare hands") + ".",
    "npc_added": lambda v: f"Added NPC {v['name']} ({LEVEL_WORDS[v['level']]}): {_attributes(v)}; "
                           + pairs(v["skills"]),
    # checks.py: the Mini Six roll
    "code_rolls": lambda v: f"{v['code']}: roll {v['dice']} dice, one of them the wild die" + (
        f", and add {v['pips']}" if v["pips"] > 0 else f", and subtract {-v['pips']}" if v["pips"] < 0 else "") + ".",
    "penalty_dice": lambda v: f"Wound and stun penalties: -{v['dice']}D → {v['after']}D" + (
        " (a roll never loses its last die)." if v["floored"] else "."),
    "hero_points_spent": lambda v: f"{counted(v['points'], 'Hero Point')} spent before the roll: "
                                   f"+{v['bonus']}.",
    "tn_verdict": lambda v: f"TN {v['tn']}: {v['total']} {'≥' if v['success'] else '<'} {v['tn']} → {v['outcome']} "
                            f"(by {abs(v['margin'])}).",
    "roll": lambda v: f"{_given(v)}{v['code']}: {say(v['story'])}" + (f" ×2 = {v['total']}" if v["doubled"] else "")
                      + " → " + (f"TN {v['tn']}: {v['outcome']}" if v["tn"] is not None else v["outcome"]),
    # codes.py: die codes
    "dice_code": lambda v: v["code"] + "".join(" + " + c for c in v["add"]) + "".join(" - " + c for c in v["subtract"])
                           + f" = {v['result']}",
    # characters.py: checking, creating and rolling characters
    "checked_as": lambda v: ("Checked as a narrator-character: codes and limits, no creation budgets." if v["npc"] else
                             "Checked as a new player-character: the creation budgets and what holds in play."
                             if v["creation"] else
                             "Checked as a player-character in play: codes and limits, no creation budgets."),
    "attributes": lambda v: f"Attributes: {_attributes(v)}.",
    "creation_attributes": lambda v: f"Attributes ({v['dice']}D): {_attributes(v)}.",
    "creation_skills": lambda v: "Skills (attribute + dice added): " + pairs(
        v["skills"], "{} {} ({} {} {})")
        + "; every other skill defaults to its attribute.",
    "creation_perks": lambda v: "Perks: " + pairs(v["perks"], "{} ({}D)") + ".",
    "skill_dice": lambda v: f"Skill dice ({v['dice']}D): " + (f"{v['unspent']} unspent." if v["unspent"] else
                                                             "all spent."),
    "created": lambda v: f"Created {v['name']}: {_attributes(v)}",
    "spread_ordered": lambda v: f"Rolled d6={v['face']}: 4D, 3D, 3D and 2D; d24={v['order']} orders them "
                                f"{pairs(v['dice'], '{} {}D')}.",
    "attribute_dice": lambda v: f"Attribute dice: {pairs(v['dice'], '{} {}D')}.",
    "skill_dice_added": lambda v: "Skill dice: " + pairs(v["added"], "{} +{}D") + ".",
    "complications": lambda v: "Complications: " + (", ".join(v["complications"]) or "none") + ".",
    "gear": lambda v: "Gear: " + (", ".join(v["gear"]) or "none") + ".",
    "rolled_character": lambda v: f"Rolled {v['name']}: {_attributes(v)}",
    "concept": concept_words,
})


def _half(x: float) -> str:
    return half(Fraction(x))


def _who(v) -> str:
    return "A slow creature" if v["slow"] else "A character"


def _attributes(v) -> str:
    """'Might 3D, Agility 3D+1, Wit 3D, Charm 2D+2': a sheet's attributes as the sheet writes them."""
    return Attributes(**v["attributes"]).text()


def new_one(v) -> str:
    """Who a creation rule speaks of: a sidekick or a new character."""
    return "A sidekick" if v["sidekick"] else "A new character"


def whose(v) -> str:
    """Whose attribute a floor speaks of: a player-character's (2D at least) or an NPC's (1D)."""
    return "An" if v["npc"] else "A player-character's"


SHEET_RULES = {
    "rule_negative": "{what} is {value}; it cannot be negative ({rule}).",
    "rule_attribute_dice": lambda v: f"{new_one(v)} distributes {v['attr_dice']}D between the four attributes; these "
                                     f"total {v['have']} ({v['rule']}).",
    "rule_one_4d_attribute": lambda v: f"No more than one attribute may have 4D; {', '.join(v['at_max'])} do "
                                       f"({v['rule']}).",
    "rule_attribute_pips": "The attributes carry {pips} pips; one die may be broken into three pips, so they carry 0 "
                           "or 3 ({rule}).",
    "rule_attribute_code": "{attribute} is written {text}: an attribute has dice only, +1 or +2 (going to +3 "
                           "advances to the next die) ({rule}).",
    "rule_attribute_low": lambda v: f"{whose(v)} {v['attribute']} is "
                                    f"{v['text']}, below {v['low']}D ({v['rule']}).",
    "rule_new_attribute_range": "{attribute} is {text}: between 2D and 4D per attribute at creation ({rule}).",
    "rule_complication_cap": "{n_complications} complications; at most {max_complications} ({rule}).",
    "rule_complication_listed_twice": "Complication '{name}' is listed {n} times ({rule}).",
    "rule_cp_unknown_complication": "'{name}' earned a CP but is not one of the character's complications ({rule}).",
    "rule_cp_once_per_session": "'{name}' earned {n} CP this session; at most one per complication per session "
                                "({rule}).",
    "rule_new_starts_at_zero": lambda v: f"{new_one(v)} starts with {v['what']} 0, not {v['value']} ({v['rule']}).",
    "rule_armor_value": "Armor '{name}' has value {armor}; 0 to 30 ({rule}).",
    "rule_weapon_damage_missing": "Weapon '{name}' needs its damage ('+2D' for melee or thrown, '4D' for missile) "
                                  "({rule}).",
    "rule_missile_damage": "Missile weapon '{name}' does {text}: a missile weapon's damage is a whole code of at "
                           "least 1D ({rule}).",
    "rule_damage_negative": "'{name}' has negative damage {text} ({rule}).",
    "rule_perk_cost": "Perk '{name}' costs {book_cost}D of skill dice, not {cost} ({rule}).",
    "rule_perk_cost_range": "Perk '{name}' costs {cost}; a perk costs whole skill dice (1-4) ({rule}).",
    "rule_new_no_session_marks": lambda v: f"{new_one(v)} has used no perk and earned no CP yet ({v['rule']}).",
    "rule_used_unknown_perk": "'{name}' is marked used but is not one of the character's perks ({rule}).",
    "rule_perk_used_twice": "'{name}' is marked used {n} times; once per session ({rule}).",
    "rule_perk_not_once_per_session": "'{name}' is not a once-per-session perk ({rule}).",
    "rule_skill_pips": "The skills carry {added_pips} added pips; one skill die may be broken into three pips, so "
                       "they carry 0 or 3 ({rule}).",
    "rule_skill_dice": lambda v: f"{new_one(v)} has {v['skill_dice']}D for skills and perks; these use {v['used']} "
                                 f"(skills {v['text']}, perks {v['perk_dice']}D) ({v['rule']}).",
    "rule_skill_code": "Skill '{name}' is written {text}: +3 pips is the next die ({rule}).",
    "rule_skill_below_attribute": "Skill '{name}' is {text}, below its attribute {attribute} {attr_text}: a skill is "
                                  "its attribute plus the dice added ({rule}).",
    "rule_skill_attribute": "Skill '{name}' falls under {own}, not {attribute} ({rule}).",
    "rule_new_skill_cap": "Skill '{name}' has {text} added to {attribute}; no skill may have more than "
                          "{max_skill_add}D at creation ({rule}).",
    "rule_stuns_range": "Stuns {stuns}: two stuns are already one wound, so 0 or 1 is pending ({rule}).",
    "rule_wounds_range": "Wounds {wounds}: from 0 (unharmed) to 5 (dead) ({rule}).",
}
"""The rules a Mini Six sheet can break (:mod:`.sheet`), each in the words it is cited with, ending with the rule
(``rule``: 'book.md#Section'); a step's ``field`` is the sheet field it concerns. A validate tool lists these steps,
a create tool's argument error says them."""

PHRASES.update(SHEET_RULES)
