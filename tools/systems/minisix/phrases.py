"""Mini Six's words: the phrase table its steps are written out with (:mod:`tools.phrases`), keyed by the phrase
part of a step's kind (``minisix.<phrase>``). Words that need logic call the rules modules' helpers."""

from __future__ import annotations

from fractions import Fraction

from narrator.tools.common_phrases import concept_words
from narrator.tools.phrases import clause, counted, pairs, say
from narrator.tools.systems.minisix.defences import OFFHAND_WORDS
from narrator.tools.systems.minisix.mass import half
from narrator.tools.systems.minisix.rules import PERK_TEXT
from narrator.tools.systems.minisix.sheet import Attributes
from narrator.tools.systems.minisix.table_characters import LEVEL_WORDS
from narrator.tools.systems.minisix.table_session import OWN_PERK
from narrator.tools.systems.minisix.wild import exploded_words, story_words
from narrator.tools.systems.minisix.wounds import EFFECTS

ZONES_AWAY = ("in the same zone", "one zone away", "two zones away")

PHRASES = {
    # wild.py: a thrown code
    "story": lambda v: story_words(v["plain"], v["wild"], v["pips"], v["total"]),
    "exploded": lambda v: exploded_words(v["wild"]),
    # damage.py: resisting damage
    "no_harm": "No harm: still {now}.",
    "stunned": "Stunned.",
    "second_stun": "A second stun: two stuns count as one wound, so {now} moves up one level to {after}.",
    "half_stun": "A stun on a {now} character counts half a wound: the next stun moves them up.",
    "worse_result": lambda v: f"{v['result'].capitalize()} is worse than {v['now']}: the character is now "
                              f"{v['result']}.",
    "wounded_again": "Wounded again while already Wounded: Severely Wounded (the chart's note).",
    "not_worse": lambda v: f"{v['result'].capitalize()} is not worse than {v['now']}: the character moves up one "
                           f"level, to {v['after']}.",
    "damage_margin": lambda v: f"Damage {v['total']} - Soak {v['soak']} = {v['margin']}: " + (
        f"{v['result']} (the chart: 0-3 stunned, 4-8 wounded, 9-12 incapacitated, 13-15 mortally wounded, 16+ dead)."
        if v["result"] else "below 0, unharmed."),
    "stun_effect": "Stunned: -1D for all actions until the end of the character's next turn.",
    "wound_effect": lambda v: f"{v['level'].capitalize()}: -{v['dice']}D to all actions until healed.",
    "incapacitated_effect": "Incapacitated: the character falls over; a Moderate (15) stamina roll at the start of "
                            "their next turn keeps them conscious, acting at -3D.",
    "mortal_effect": "Mortally wounded: unconscious and near death; a Might roll each minute, dying if it is less "
                     "than the minutes at this level.",
    "dead_effect": "Dead: the character has perished.",
    "damage_rolled": "Damage {code}: {story}.",
    "damage_total": "Damage total {total}.",
    "damage": lambda v: f"Damage {v['total']} vs Soak {v['soak']}: " + (
        f"{v['result']}, now {v['after']}" if v["result"] else "no harm"),
    # defences.py: static defences and the attacker's TN
    "defence_base": lambda v: f"{v['which'].capitalize()} from {v['skill']} {v['code']}: {v['dice']} × 3 + "
                              f"{v['pips']} = {v['base']}.",
    "daredevil_soak": "Daredevil: Might is doubled when resisting damage, {base} × 2 = {doubled}.",
    "plus_armor": "+ armor {armor}.",
    "plus_other_av": "+ other armor value {av}.",
    "shield_no_soak": "A shield adds nothing to Soak.",
    "offhand_bonus": lambda v: f"+{v['bonus']}: " + OFFHAND_WORDS[v["offhand"]] + ".",
    "offhand_nothing": lambda v: f"An off-hand {v['offhand']} adds nothing to {v['which'].capitalize()}.",
    "daredevil_halved": lambda v: f"Daredevil: {v['which'].capitalize()} is halved, ({v['before']}) / 2 = "
                                  f"{v['halved']}.",
    "defence_hero_points": lambda v: f"{counted(v['points'], 'Hero Point')}: +{v['bonus']}.",
    "defence_value": lambda v: f"{v['which'].capitalize()} = {v['value']}.",
    "defence": lambda v: f"{v['which'].capitalize()} {v['value']}",
    "base_tn": "The base TN is the defender's {which}: {defence}.",
    "range": "Range {range}: {mod:+d}.",
    "full_cover": "Behind 100% cover the target cannot be hit.",
    "cover": "Cover {cover}: {mod:+d}.",
    "tn": "TN = {tn}.",
    "attack_tn": lambda v: f"TN {v['tn']}" if v["tn"] is not None else "Cannot be hit (100% cover)",
    # dodge.py: the Dodge action and the full dodge
    "dodge_vs_static": lambda v: f"Dodge roll {v['roll']} vs static Dodge {v['static']}: " + (
        "the roll is higher and is used." if v["better"] else "the static Dodge stands."),
    "full_dodge": "Full dodge, no other action: {base} + {bonus} = {value}, good against all attacks (even unseen "
                  "ones).",
    "dodge_until": "Until the start of the next turn every attacker's TN is at least {value}, plus range and cover as "
                   "usual.",
    "dodge_move": lambda v: f"The dodger may move up to {v['feet']}' freely" + (
        " (15' + 30' for the dash)." if v["dash"] else "."),
    "dodge": lambda v: f"Dodge roll {v['roll']} vs static {v['static']}" + (
        f" + {v['bonus']} (full dodge)" if v["mode"] == "full" else "")
        + f" → attackers need {v['value']}+ until the next turn",
    # healing.py: natural and assisted healing
    "stun_wears_off": "Stunned: it wears off after a minute, no roll",
    "stun_heals": "A stun heals by itself after 1 minute: no roll is needed.",
    "natural_period": lambda v: f"{v['level'].capitalize()} heals naturally every {v['period']}: a Might roll against "
                                f"{v['tn']}.",
    "healed_level": "Healed one level: {level} → {after}.",
    "not_healed": "Not healed: still {level}; another roll after another {period}.",
    "natural_healing": lambda v: f"Natural healing ({v['level']}): Might {v['total']} vs {v['tn']} → " + (
        f"{v['after']}" if v["healed"] else "no change"),
    "treating": lambda v: f"Treating a {v['level']} patient is {v['difficulty']} ({v['tn']}, {v['kit_tn']} with a "
                          "medicine kit)" + (": the kit is at hand." if v["kit"] else ": no kit."),
    "patient_heals": "The patient heals one wound level: {level} → {after}.",
    "treatment_fails": "The treatment does not help; another check for this patient waits until tomorrow.",
    "ten_minutes": "It takes about ten minutes.",
    "death_roll_waits": "A mortally wounded patient's death roll waits until after the attempt.",
    "assisted_healing": lambda v: f"Medicine {v['total']} vs {v['tn']} ({v['level']}): " + (
        f"heals to {v['after']}" if v["healed"] else "no change"),
    # initiative.py
    "initiative_rule": "Each combatant rolls Agility (with the wild die); the highest goes first.",
    "initiative_roll": "{name}, Agility {agility}: {story}.",
    "initiative_tie": lambda v: f"Tied: {', '.join(v['names'])} act almost simultaneously — their actions resolve in "
                                "order of actions (first, second, third...), and between opposed actions the higher "
                                "roll resolves first.",
    "initiative_order": lambda v: "Order: " + "; ".join(f"{i}. {', '.join(s)}" for i, s in enumerate(v["slots"], 1)),
    "initiative": lambda v: "Initiative: " + " | ".join(", ".join(s) for s in v["slots"]),
    # movement.py
    "move_walk": lambda v: f"{_who(v)} may move up to {v['free']}' freely alongside its actions.",
    "move_charge": lambda v: f"{_who(v)} charging moves +{v['added']}' ({v['feet']}' in all) toward the foe, then "
                             "attacks in melee; movement ends there, but more attacks may follow as declared actions.",
    "move_dash": "A dash (once a round) adds +{added}': {feet}' with the free move; it may go with other actions.",
    "move_charge_and_dash": "A charge combined with a dash: {feet}' before the attack (or the charge, the attack, and "
                            "the dash's {after}' after it).",
    "move_run": "A full run, the only action: {feet}' plus an Athletics roll.",
    "move_sprint": "A sprint in a straight line, the only action: {feet}' plus double an Athletics roll.",
    "move_feet": lambda v: f"{v['base']}' + {'2 × ' if v['times'] == 2 else ''}{v['roll']} = {v['feet']}'.",
    "move": lambda v: f"{v['mode'].capitalize()}{clause(' (slow)', v['slow'])}: {v['feet']}'",
    # wounds.py: wound effects, staying conscious, the death roll
    "wound_level": lambda v: f"{v['level'].capitalize()}: {EFFECTS[v['level']][2]}",
    "wound_level_effect": lambda v: EFFECTS[v["level"]][2],
    "stamina_rule": "Incapacitated: a Moderate (15) stamina roll at the start of the turn to stay conscious.",
    "conscious": "Conscious: the character may act, at -3D.",
    "knocked_out": "Knocked out for 10D minutes: {story} minutes.",
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
    "mass_table": "{code} → {base}+WD",
    "mass_attackers": lambda v: f"{v['attackers']} attackers with {v['code']}: each die but the wild die counts 3.5, "
                                f"so each rolls {_half(v['exact'])}+WD (the mass table writes {v['base']}+WD).",
    "mass_need": lambda v: f"TN {v['tn']}: a wild die of {v['need']} or more hits (lowest hitting total "
                           f"{_half(v['lowest'])}).",
    "mass_few": "(Mass combat is typically for {typical}+ attackers; the arithmetic holds for fewer.)",
    "mass_six_over": lambda v: f"The TN is {v['over']} over the base {v['base']} (6+): no wild die below 6 can hit, "
                               f"so 1 in 6 is assumed to roll a 6 — {v['sixes']} of {v['sixes'] * 6} — and the "
                               f"remaining {v['rolled']} are rolled.",
    "mass_eight_over": lambda v: f"8+ over: the {v['sixes']} sixes reroll, going on from {_half(v['base'])}+WD; a "
                                 f"reroll of {v['need']} or more hits.",
    "mass_rerolls": lambda v: f"Rerolls: {', '.join(map(str, v['values']))} → {counted(v['hits'], 'hit')}.",
    "mass_six_seven_over": lambda v: f"6-7 over: a six and its reroll's at least 1 reach {_half(v['reach'])}, so all "
                                     f"{v['sixes']} assumed sixes hit.",
    "mass_all_rolled": "The TN is {over} over the base: every wild die is rolled.",
    "mass_rolled": lambda v: f"Rolled wild dice: {', '.join(map(str, v['faces']))} → {counted(v['hits'], 'hit')}.",
    "mass_hits_of": lambda v: f"{counted(v['hits'], 'hit')} of {v['attackers']}.",
    "mass_attack": lambda v: f"{v['attackers']} × {v['code']} ({_half(v['exact'])}+WD) vs TN {v['tn']}: {v['hits']} "
                             "hits",
    "mass_wound_results": "{wounds} wound results: every 3 take out one man → {out} (with {left} left over).",
    "mass_incap_results": "{incapacitating} incapacitate-or-worse results: one man each → {incapacitating}.",
    "mass_taken_out": "Taken out: {wounds} + {incapacitating} = {total}.",
    "mass_unit_gone": "The unit has only {size}: all are taken out.",
    "mass_casualties": "{total} taken out",
    "mass_hit_damage": lambda v: f"Each hit's damage: {_half(v['exact'])}+WD against Soak {v['soak']} (mass combat: "
                                 "3.5 per die but the wild die).",
    "mass_results": "Results: {wounds} wound(s), {incapacitating} incapacitate-or-worse, {stuns} stun(s) (stuns take "
                    "no one out).",
    "mass_damage": "{hits} hits × {damage} vs Soak {soak}: {total} taken out",
    "scales": "Attacker: {attackers} ({a_scale}, +{a_dice}D); defender: {defenders} ({d_scale}, +{d_dice}D).",
    "scale_bonus": "The larger side adds the difference: +{bonus}D, {code} → {scaled}.",
    "no_scale_bonus": "The attacker is not the larger scale: no bonus dice.",
    "unit_scale": lambda v: f"{v['scaled']} ({'+' + str(v['bonus']) + 'D scale' if v['bonus'] else 'no scale bonus'}): "
                            f"{v['total']}" + (f" vs TN {v['tn']}: {v['outcome']}" if v["tn"] else
                                               f" ({v['outcome']})"),
    # table_common.py, table_actions.py: checks on the table
    "penalties": lambda v: f"{v['name']} is {pairs(v['parts'], '{1} (-{0}D)')}: -{v['total']}D.",
    "tn_set": "TN {tn}, as set.",
    "task_tn": lambda v: f"{v['difficulty'].capitalize()} task: TN {v['tn']}.",
    "rolls_code": "{name}'s {what} {code}.",
    "skill_defaults": "{name} has no dice in {skill}: it defaults to {attribute} {code}.",
    "attribute_not_added": "{skill} falls under {attribute}, whose dice it already holds; {given} is not added.",
    "lucky_roll": "{name} is feeling lucky: this roll's result is doubled.",
    "check": "{name} ({what}): {roll}",
    # table_combat.py: attacks, dodges, fights and cover on the table
    "no_melee_weapon": "{name} has no melee weapon: fists, so brawling.",
    "improvised_throw": "{name} throws something improvised: Might's damage.",
    "defence_meets": lambda v: f"{v['name']}'s {v['which']} {v['value']} meets the attack" + (
        " (missiles are blocked or parried only with a shield)" if v["unshielded"] else "") + ".",
    "dodge_raises": "{name}'s dodge this round raises it to {value}.",
    "daredevil_defence": "{name} is a daredevil this round: the defence is halved, {value} → {halved}.",
    "zone_range": lambda v: f"Zones: {v['name']} is {ZONES_AWAY[v['zones']]}: {v['range']} range.",
    "charges": "{name} charges: +15' (30' in all) toward {target}, then the attack; no more movement this round.",
    "attacks_with": lambda v: f"{v['name']} attacks with "
                              f"{v['weapon'] or ('fists' if v['brawling'] else 'a throw')}: {v['skill']} {v['code']}.",
    "defender_hero_points": "{name} spends {points} Hero Point(s): defence +{bonus} → {defence}.",
    "lucky_attack": "{name} is feeling lucky: the attack roll is doubled.",
    "daredevil_soak_doubled": "{name} the daredevil doubles Might against the damage: Soak {before} → {soak}.",
    "hit_damage": "Hit: damage {damage} = {code} against {name}'s Soak {soak}.",
    "miss": "Miss.",
    "hit": lambda v: f"hit, {v['damage']} damage vs Soak {v['soak']}: " + (
        "no harm" if v["result"] == "unharmed" else v["result"] if v["result"] == v["after"]
        else f"{v['result']}, now {v['after']}"),
    "missed": "miss",
    "attack": "{name} attacks {target} ({skill}): {roll}; {what}",
    "actor_said": "{name}: {said}",
    "combat_starts": "Combat starts. {initiative}; round 1: {first}'s turn",
    "takes_position": "{name} ({total}) takes position {position} of {of}.",
    "tied_with": lambda v: f"Tied with {', '.join(v['names'])}: they act almost simultaneously.",
    "slot_passed": "That slot has passed this round: {name} first acts in round {round}.",
    "joins_fight": "{name} joins the fight at position {position}",
    "stamina_at_turn": "{name} is incapacitated: a Moderate ({tn}) stamina roll to stay conscious.",
    "incapacitated_said": "{name} is incapacitated: {said}",
    "leaves_cover": "{name} leaves cover.",
    "takes_cover": lambda v: f"{v['name']} gets behind {v['cover']} cover: " + (
        f"+{v['added']} to the TN of every attack on them." if v["added"] is not None else
        "it is impossible to hit them."),
    "cover_is_free": "Getting there is the free 15' of movement that goes with any action.",
    "cover_taken": lambda v: f"{v['name']}: " + ("out of cover" if v["cover"] == "none" else f"{v['cover']} cover"),
    # table_health.py, table_movement.py: harm, healing and time on the table
    "harm_against_soak": lambda v: f"{v['reason'].capitalize()}: against {v['name']}'s Soak {v['soak']}.",
    "treats": "{healer} treats {name}: {said}",
    "days_pass": lambda v: f"{counted(v['days'], 'day')} pass: day {v['day']}. Each patient may "
                           "have a new Medicine check.",
    "stun_worn_off": "{name}'s stun has worn off.",
    "day": "Day {day}",
    "harmed": "{name} ({reason}): {said}",
    # table_session.py: perks, complications, sessions, lucky breaks
    "uses_perk_for": lambda v: f"{v['name']} uses {v['perk']}: "
                               f"{PERK_TEXT.get(v['perk'], OWN_PERK)}.",
    "note": "({note})",
    "next_roll_doubled": "{name}'s next roll is doubled.",
    "daredevil_until": "Until the start of {name}'s next turn: Block, Dodge and Parry halved, Might doubled against "
                       "damage.",
    "destiny": "The failed roll is not part of {name}'s Destiny: {tool} again, at once.",
    "rerolled_line": "  {line}",
    "reroll": "Reroll: {said}",
    "nothing_revealed": "Nothing was revealed: Perceptive may be used again this session.",
    "uses_perk": lambda v: f"{v['name']} uses {v['perk']}" + (f": {say(v['said'])}" if v["said"] else ""),
    "complicates": lambda v: f"{v['name']}'s {v['complication']} complicates things" + (
        f": {v['note']}." if v["note"] else "."),
    "cp_already_earned": "It has already earned its CP this session: no more than one CP per complication per session.",
    "no_cp": "{name}: {complication} — no CP (already earned this session)",
    "earns_cp": "{name} earns one CP: {cp} → {after}.",
    "cp": "{name}: {complication} — +1 CP",
    "session_begins": "Session {session} begins: once-per-session perks may be used again, and each complication may "
                      "earn its CP again.",
    "thule_points": lambda v: "Thule: every player-character gains +1 Hero Point, on top of those kept from earlier "
                              "sessions: " + pairs(v["points"]) + ".",
    "session": "Session {session}",
    "break_denied": "{name}'s lucky break is denied",
    "suggests": "{name} suggests: {what}.",
    "gm_denies": "The GM denies it as wholly inappropriate: no Hero Point is spent.",
    "spends_on_break": "{name} spends a Hero Point on a lucky break: {what}.",
    "break_background": "It should concern the character's background; the GM may add complications.",
    "lucky_break": "{name}'s lucky break: {what}",
    # table_characters.py: NPCs
    "npc_level": lambda v: f"A {LEVEL_WORDS[v['level']]} narrator-character (level {v['level']}): no creation budgets; "
                           f"attributes around {v['base']}.",
    "npc_attributes": lambda v: "Attributes (a d6 each: 1 a pip less, 6 a pip more): " + pairs(
        v["rolled"], "{} {} (d6={})") + ".",
    "npc_skills": lambda v: (f"Concept words {', '.join(v['keywords'])} suggest {', '.join(v['suggested'])}. "
                             if v["keywords"] else "") + f"Skills ({v['slots']}, each {v['added']}): "
                            + pairs(v["skills"]) + ".",
    "npc_gear": lambda v: "Gear: " + (", ".join(v["gear"]) or "bare hands") + ".",
    "static_defences": "Static defences: Block {block}, Dodge {dodge}, Parry {parry}, Soak {soak}.",
    "npc_added": lambda v: f"Added NPC {v['name']} ({LEVEL_WORDS[v['level']]}): {_attributes(v)}; "
                           + pairs(v["skills"]),
    # checks.py: the Mini Six roll
    "code_rolls": lambda v: f"{v['code']}: roll {v['dice']} dice, one of them the wild die" + (
        f", and add {v['pips']}" if v["pips"] > 0 else f", and subtract {-v['pips']}" if v["pips"] < 0 else "") + ".",
    "penalty_dice": lambda v: f"Wound and stun penalties: -{v['dice']}D → {v['after']}D" + (
        " (a roll never loses its last die)." if v["floored"] else "."),
    "multiple_actions": "{actions} actions this round: one die withheld from every action for each action beyond the "
                        "first (-{withheld}D) → {left}D.",
    "modifier": "Modifier {mod:+d} to the total.",
    "hero_points_spent": lambda v: f"{counted(v['points'], 'Hero Point')} spent before the roll: "
                                   f"+{v['bonus']}.",
    "rolled": "Rolled {story}.",
    "lucky_doubled": "Lucky: the result is doubled, {roll} × 2 = {total}.",
    "tn_verdict": lambda v: f"TN {v['tn']}: {v['total']} {'≥' if v['success'] else '<'} {v['tn']} → {v['outcome']} "
                            f"(by {abs(v['margin'])}).",
    "open_band": "An open roll: {total} falls in the {band} band.",
    "roll": lambda v: f"{v['code']}: {say(v['story'])}" + (f" ×2 = {v['total']}" if v["doubled"] else "") + " → " + (
        f"TN {v['tn']}: {v['outcome']}" if v["tn"] is not None else v["outcome"]),
    # codes.py: die codes
    "normalised": "{written} is {rolled}: every three pips make a die (\"going to '+3' advances the die code to the "
                  "next largest die\").",
    "code_pips": "{code} = {pips} pips (each die is three pips).",
    "code_add": "+ {code} ({pips:+d} pips) → {total} pips.",
    "code_subtract": "- {code} ({pips:+d} pips) → {total} pips.",
    "pips_code": "{pips} pips = {code}: every three pips make a die (1D, 1D+1, 1D+2, 2D ...).",
    "static_value": "As a static value: {dice} × 3 + {pips} = {static}.",
    "mean_roll": "Its mean roll is {mean:.2f}, the wild die counting 4.2 on average for its explosions.",
    "flat": "No dice: a flat {pips:+d}.",
    "dice_code": lambda v: v["code"] + "".join(" + " + c for c in v["add"]) + "".join(" - " + c for c in v["subtract"])
                           + f" = {v['result']}",
    # characters.py: checking, creating and rolling characters
    "checked_as": lambda v: ("Checked as a narrator-character: codes and limits, no creation budgets." if v["npc"] else
                             "Checked as a new player-character: the creation budgets and what holds in play."
                             if v["creation"] else
                             "Checked as a player-character in play: codes and limits, no creation budgets."),
    "attributes": lambda v: f"Attributes: {_attributes(v)}.",
    "unspent": "{code} of skill dice are unspent (they may still buy perks).",
    "creation_attributes": lambda v: f"Attributes ({v['dice']}D): {_attributes(v)}.",
    "creation_skills": lambda v: "Skills (attribute + dice added): " + pairs(
        v["skills"], "{} {} ({} {} {})")
        + "; every other skill defaults to its attribute.",
    "creation_perks": lambda v: "Perks: " + pairs(v["perks"], "{} ({}D)") + ".",
    "skill_dice": lambda v: f"Skill dice ({v['dice']}D): " + (f"{v['unspent']} unspent." if v["unspent"] else
                                                             "all spent."),
    "creation_complications": lambda v: "Complications: " + ", ".join(v["complications"])
                                        + " (each may earn one CP a session).",
    "created": lambda v: f"Created {v['name']}: {_attributes(v)}",
    "spread_even": "Rolled d6={face}: 3D in every attribute.",
    "spread_ordered": lambda v: f"Rolled d6={v['face']}: 4D, 3D, 3D and 2D; d24={v['order']} orders them "
                                f"{pairs(v['dice'], '{} {}D')}.",
    "attribute_dice": lambda v: f"Attribute dice: {pairs(v['dice'], '{} {}D')}.",
    "split_die": "Rolled d6={face}: one die is split into pips — {donor} {donor_code}, {taker} {taker_code}.",
    "sorcerer_bought": "Magic needs the Sorcerer perk: bought for 3D.",
    "perk_bought": "Rolled d6=6: {perk} is bought for {cost}D.",
    "skill_dice_added": lambda v: "Skill dice: " + pairs(v["added"], "{} +{}D") + ".",
    "concept_suggests": lambda v: f"The concept suggests {', '.join(v['skills'])}.",
    "dwarf": "A dwarf: a slow creature (charge 25', run 50' + Athletics).",
    "complications": lambda v: "Complications: " + (", ".join(v["complications"]) or "none") + ".",
    "gear": lambda v: "Gear: " + (", ".join(v["gear"]) or "none") + ".",
    "rolled_character": lambda v: f"Rolled {v['name']}: {_attributes(v)}",
    "concept": concept_words,
}


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
