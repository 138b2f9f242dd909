"""Brew's words: the phrase table its steps are written out with (:mod:`tools.phrases`), keyed by the phrase part
of a step's kind (``brew.<phrase>``). The helpers that need logic live in the rules modules and are called here."""

from __future__ import annotations

from typing import Any

from narrator.tools.common_phrases import (
    NO_RULE_BROKEN,
    concept_words,
    joins_fight,
    modifier_words,
)
from narrator.tools.phrases import clause, counted, pairs, say, signed, span
from narrator.tools.systems.brew.checks import (
    OUTCOME_WORDS,
    difficulty_text,
    pool_words,
)
from narrator.tools.systems.brew.health import STATE_WORDS, death_clock
from narrator.tools.systems.brew.rules import DAMAGE_WORDS, TIME_NAMES


def auto_fail(total: Any) -> Any:
    """A side's total, or 'auto-fail' where its pool failed without a roll."""
    return total if total is not None else "auto-fail"


def went_down(down: list) -> str:
    """The summary's clause for each character an attack took down: "; Wolf is unconscious"."""
    return "".join(f"; {name} is {state}" for name, state in down)


PHRASES = {
    # checks: the pool, the die, the total
    "pool": pool_words,
    "rolled_d6": "Rolled 1d6: {value}.",
    "rolled_2d6": lambda v: f"Rolled 2d6, keeping the {'higher' if v['keep'] == 'high' else 'lower'}: {v['first']} "
                            f"and {v['second']} → {v['value']}.",
    "lucky": "Lucky: a 6 rolls again, {extra}, and both count → {value}.",
    "against": lambda v: f"Against {difficulty_text(v['difficulty'])}: success at {v['success']}, perfect at "
                         f"{v['perfect']}, astounding at {v['astounding']}.",
    "pool_fails": "The pool is {pool}: an automatic failure, no roll.",
    "pool_meets": "The pool {pool} already meets the difficulty: an automatic success; the die still counts for the "
                  "higher thresholds.",
    "automatic": "{why}: an automatic success; the die still counts for the higher thresholds.",
    "total": lambda v: f"Total = pool {v['pool']} + {v['value']} = {v['total']}: {OUTCOME_WORDS[v['outcome']]}.",
    "cannot_roll": "Health {health}: unconscious or dying, no roll can be made.",
    "check": lambda v: f"Pool {v['pool']} vs {v['difficulty']}: " + (
        "automatic failure" if v["total"] is None else f"rolled {v['die_result']} → {v['total']}, {v['outcome']}"),
    # contests and collaboration
    "side": "{name}: {line}",
    "side_fails": "{name}'s pool is {pool}: an automatic failure, no roll.",
    "side_total": "{name}'s total: {total}.",
    "verdict": lambda v: (f"{v['winner']} wins" + (
        f" by {abs(v['margin'])}" if v["margin"] is not None else " (the other fails automatically)"))
        if v["winner"] else "a standoff: neither beats the other",
    "contest": lambda v: f"{v['a']} {auto_fail(v['a_total'])} vs {v['b']} {auto_fail(v['b_total'])}: "
        f"{say(v['verdict'])}",
    "result": "Result: {verdict}.",
    "collab_base": lambda v: f"Base pool: {v['name']}'s {v['base']} (" + (
        "chosen" if v["chosen"] else "the highest of " + pairs(v["pools"]))
        + "); only one pool counts, every die is added.",
    "collab_against": lambda v: f"Against {difficulty_text(v['difficulty'])}.",
    "base_fails": "The base pool is {base}: an automatic failure, no roll.",
    "collab_fails": "Base {base}: automatic failure",
    "base_meets": "The base pool already meets the difficulty: an automatic success; the dice still count.",
    "concurrent": lambda v: "Concurrent: everyone rolls once — " + pairs(v["rolls"])
        + f"; total {v['base']} + {' + '.join(str(f) for _, f in v['rolls'])} = {v['total']}.",
    "collab_try": "Try {n}: {name} rolls {face} → {total}.",
    "out_of_tries": "Out of tries after {used}: the task is not done.",
    "collab_total": lambda v: f"Total {v['total']}: {OUTCOME_WORDS[v['outcome']]}"
        + clause(", after {} minutes of work", v["minutes"]) + ".",
    "collaboration": lambda v: f"{v['mode'].capitalize()} collaboration: {v['total']} vs {v['difficulty']}, "
        f"{v['outcome']}" + clause(" in {} minutes", v["minutes"]),
    # advancement
    "xp_cost": lambda v: f"{v['advance'].replace('_', ' ')}: {v['cost']} XP",
    "xp_costs": lambda v: f"{v['advance'].replace('_', ' ').capitalize()} costs {v['price']}"
        + (f" = {v['cost']}" if "x" in v["price"] else "") + " XP.",
    "raised": lambda v: f"{v['trait'].capitalize()} {v['before']} → {v['after']}"
        + ("; one more mana slot" if v["mana"] else ""),
    "new_specialty": "New specialty {name} ({trait})",
    "new_trick": "New trick: {name}",
    "new_class": lambda v: f"Class {v['name']}: " + (pairs(v["gained"], "{} +{}")
                                                     or "no new bonuses (multiclassing does not stack)"),
    "xp_spent": lambda v: f"{v['advance'].replace('_', ' ').capitalize()}: {v['price']} = {v['cost']} XP "
        f"({v['xp']} → {v['xp'] - v['cost']}).",
    "advance": "{line}.",
    "advanced": lambda v: f"{v['name']}: {(say(v['line']) + '.').rstrip('.')} for {v['cost']} XP",
    # flaws
    "unlucky": lambda v: f"High stakes: 1d6 = {v['face']}: " + (
        "1-3, the action fails catastrophically, whatever the statistics." if v["triggered"]
        else "4-6, no catastrophe."),
    "old_enemies": lambda v: f"Beside the social roll, 1d6 = {v['face']}: " + (
        "an old enemy of the character's level, who has beef with them, will turn up." if v["triggered"]
        else "no old enemy this time."),
    "promise_broken": lambda v: f"Breaking a promise: 1d6 {v['face']} + {v['attribute'].capitalize()} {v['score']} = "
        f"{v['total']} against 8.",
    "promise_kept": "Success: 5 damage, which magic cannot heal (medicine can help).",
    "promise_lost": lambda v: f"Failure: 5 damage, which magic cannot heal, and a point of "
        f"{v['attribute'].capitalize()} lost (bought back only with XP; never below 1).",
    "embarrassed": lambda v: f"Embarrassed: Wits {v['wits']} + Performance {v['performance']} + {v['face']} = "
        f"{v['total']} against 8: " + ("composure lost — they react aggressively, walk out, or roll everything at -2 "
                                       "until the scene ends." if v["triggered"] else "they keep their composure."),
    "flaw": lambda v: f"{v['flaw'].capitalize()}: {v['outcome']}" + clause(", {} damage", v["damage"]),
    # initiative
    "tie_break": lambda v: "Tie-break d6: " + pairs(v["faces"]) + ".",
    "by_speed": lambda v: "By Speed, highest first: " + pairs(v["speeds"]) + ".",
    "tied": lambda v: f"Tied at Speed {v['speed']}: {', '.join(v['names'])}.",
    "turn_order": lambda v: "Order of turns, repeating each round: " + ", ".join(v["order"]) + ".",
    "order": lambda v: "Order: " + ", ".join(v["order"]),
    # magic
    "spell_pool": "A {field} spell: the caster's attribute + {field} {skill}.",
    "mana_used": "One mana slot used: {mana} → {after}.",
    "spell": lambda v: f"{v['field'].capitalize()} spell: {say(v['roll'])}",
    "mana_of": "Mana {mana} of {max_mana} ({spent} used).",
    "daily_refresh": "Daily refresh: every slot comes back at dawn (or sunset).",
    "timed_refresh": "Each used slot comes back {hours} hours after it was used: {back} of {used} have.",
    "ritual": "The ritual:",
    "ritual_done": lambda v: "Completed: every slot comes back." if v["success"] else
        "The ritual fails: no slot comes back.",
    "mana": "Mana {mana} → {after} ({method})",
    # rerolls and chance rolls
    "free_reroll": "A free Resolve roll: acting for their god's will or their destiny, no point is spent.",
    "resolve_spent": lambda v: "Spent one " + ("training Resolve point bound to this skill" if v["training"] else
        "Resolve point") + f" (Resolve {v['resolve']} → {v['resolve_after']}, training {v['training_resolve']} → "
        f"{v['training_after']}).",
    "reroll_allowed": "The roll failed with {total} (die {die}, more than 1): it may be rerolled.",
    "reroll": "Reroll ({spent}): {roll}",
    "chance_risk": "A success ({total} against {difficulty}, {outcome}) risks one more d6: 1-3 fails the action, 4-6 "
                   "adds to the total. It cannot be rerolled, even with Resolve.",
    "rolled": "Rolled {face}.",
    "masks_ignore": "A Thousand Masks: the 1-3 is ignored, the success stands as it was.",
    "chance_fails": "1-3: whatever the first roll, the action fails.",
    "chance_adds": lambda v: f"4-6: total {v['total']} + {v['face']} = {v['new_total']}: "
        f"{OUTCOME_WORDS[v['outcome']]}.",
    "chance": "Chance roll {face}: {outcome} ({total})",
    # regression
    "lowered": lambda v: f"{v['name'].capitalize()} −{v['n']} ({counted(v['n'], 'point')}).",
    "added_back": lambda v: f"{v['name'].capitalize()} +{v['n']} (gives back {v['n']}).",
    "trick_dropped": "Trick '{trick}' dropped ({price} points, its price at creation).",
    "class_lost": lambda v: f"Class {v['klass']} lost, and what it gave with it (bonuses: "
        + (pairs(v["bonuses"], "{} −{}") or "none") + "; its specialty"
        + (f"; its tricks: {', '.join(v['tricks'])}" if v["tricks"] else "")
        + "); a class is not bought with points, so nothing counts against the agreement.",
    "points_dropped": "{points} point(s) dropped, as agreed.",
    "regressed": "regressed by {points} point(s)",
    # a table tool's line: who, and what their pure result said
    "said": "{name}: {said}",
    # health and damage
    "health_state": lambda v: f"Health {v['health']}: {STATE_WORDS[v['state']]}.",
    "penalties_ignored": "Penalties are ignored in this game until the character falls unconscious.",
    "penalties": lambda v: f"Penalties: {v['physical']:+d} to Power, Precision and Speed; {v['mental']:+d} to "
        "Perception, Wits and Charisma" + (" (halved)." if v["halved"] else "."),
    "death_clock": lambda v: f"It {death_clock(v['health'], v['power'])}.",
    "damage_taken": "Health {health} - {amount} damage = {hit}.",
    "permanent_injury": "A permanent injury absorbs {absorbed} (up to {absorb}, never above maximum - 5 = {cap}): "
                        "health {health}. It never heals, and must be roleplayed (the optional rule).",
    "lasting_injury": "A lasting injury absorbs {absorbed} (up to {absorb}, never above maximum - 5 = {cap}): health "
                      "{health}. It takes {healing} points of healing to clear and must be roleplayed.",
    "deprivation_damage": "Deprivation damage: no lasting injury can absorb it; it heals fully only while eating and "
                          "drinking.",
    "injury_setback": "New damage sets each open lasting injury's healing back by {amount}.",
    "health_after": "Health {health} → {after} ({state})",
    # healing, rest, stabilising, recovery
    "heal_table": lambda v: f"{v['rules'].capitalize()} {v['method']}: " + pairs(
        v["table"], "{}+ heals {}") + (" (a failed day of care still heals the natural 1)" if (
            v["rules"], v["method"]) == ("realistic", "medicine") else "") + ".",
    "heals": lambda v: f"Heals {v['points']}: health {v['health']} → {v['after']}" + (
        f" (capped at {v['cap']}" + (": a lasting injury holds health at maximum - 2 until eight hours of rest"
                                     if v["cap"] < v["max_health"] else "") + ")"
        if v["health"] + v["points"] > v["cap"] else "") + ".",
    "injury_not_healed": "Medicine and Healing rolls do not heal the lasting injury itself.",
    "casting_mana": "Casting uses one mana slot.",
    "heal_roll": lambda v: f"{v['method'].capitalize()} ({v['rules']}): " + (
        "automatic failure" if v["total"] is None else f"{v['total']}, {v['outcome']}") + f"; heals {v['points']}",
    "damage_sustained": "Damage sustained: {damage} (health {health} of {max_health}).",
    "full_rest": "A full eight hours: all damage heals, lasting injuries too, and illness and poison clear.",
    "two_hours": lambda v: f"Two hours: half the damage, rounded up ({v['half']})"
        + (f", capped at {v['cap']} by a lasting injury" if v["injured"] else "") + ".",
    "short_rest": "Less than two hours of rest heals nothing.",
    "realistic_rest": "Realistic rules: rest heals by the day (brew_recovery), not by the hour.",
    "resolve_refresh": "Five hours of rest or more: Resolve refreshes to its maximum.",
    "health_change": "Health {health} → {after}.",
    "rest": lambda v: f"Rest {v['hours']} h: health {v['health']} → {v['after']}"
        + (", Resolve refreshed" if v["refreshed"] else ""),
    "stabilised": lambda v: f"Stabilised at health 1 for a stabilisation period of 10 - Power {v['power']} = "
        f"{v['period']} day(s)" + (f", shortened to {v['days']} by a total of 8 or more" if v["days"] < v["period"]
                                   else "") + "; no skill rolls meanwhile, and it needs daily medical attention.",
    "not_stabilised": lambda v: f"Not stabilised: still {v['health']}; without care they die within {v['power']} "
        + ("day(s)" if v["health"] == 0 else "hour(s)") + ". A caregiver tries once a day; others may try in turn.",
    "stabilise": lambda v: f"Stabilise: {v['outcome']}" + clause(", health 1 for {} day(s)", v["days"]),
    "recovery_from": lambda v: f"Health {v['health']}, Power {v['power']}"
        + clause(", stabilising for {} more day(s)", v["left"])
        + (f", lasting injuries needing {', '.join(map(str, v['injuries']))}" if v["injuries"] else "") + ".",
    "day_stabilising": lambda v: f"care: {v['left']} day(s) of stabilisation left"
        + ("; the period is over" + (", wakes at health 1" if v["waking"] else "") if v["left"] == 0 else ""),
    "day_missed": lambda v: f"no care: the period is extended a day ({v['missed']} missed in a row of {v['power']} "
        "fatal)" + (": dies" if v["dies"] else ""),
    "day_healed": lambda v: f"{'care' if v['care'] else 'no care'}: health {v['was']} → {v['health']}"
        + (f"; injuries need {', '.join(map(str, v['injuries']))}" if v["injuries"] else ""),
    "day": "Day {n}, {note}.",
    "injury_left": "Lasting injury {n}: {need} more point(s) — {need} day(s), or {expert} with daily expert care.",
    "recovered": lambda v: "Dies during stabilisation" if v["dead"] else
        f"After {v['days']} day(s): health {v['health']} → {v['after']}",
    # hardship: illness, deprivation, sleep, exhaustion, weather, load, movement, travel
    "no_resisting": "{what} {power} + Survival {survival} = {pool}: no resisting, infected.",
    "resist_illness": lambda v: f"Resist: {v['what']} {v['power']} + Survival {v['survival']} + {v['face']} = "
        f"{v['total']} against {v['infectiousness']}: " + ("resisted." if v["resisted"] else "infected."),
    "illness_duration": lambda v: f"Duration: {v['base']} - {v['face']} - {v['what']} {v['power']} = "
        f"{v['base'] - v['face'] - v['power']}" + (" → 0: it passes within the day." if v["days"] == 0
                                                    else f": {v['days']} day(s).")
        + " Penalties while ill suit the illness (e.g. -2 on Power rolls for bad food).",
    "illness": lambda v: "Resisted the illness" if v["resisted"] else f"Ill for {v['days']} day(s)",
    "deprived": "{days} day(s): food {food} → {food_damage} ({weeks} full week(s)), water {water} → "
                "{water_damage}.",
    "deprivation_health": "Health {health} - {damage} = {after}. No lasting injury can absorb this.",
    "deprivation_magic": "Falling to 0 from deprivation would cost a point of maximum health; ignored in a setting "
                         "with magical healing.",
    "deprivation_max": "Falling to 0 or below from deprivation costs a point of maximum health for good: "
                       "{max_health} → {after}.",
    "eating_again": "Eating and drinking again, starvation heals at the normal rate and dehydration at double; it "
                    "heals fully (even by magic or medicine) only while eating and drinking.",
    "deprivation": "Deprivation: {damage} damage, health {health} → {after}",
    "stay_awake": lambda v: f"To stay awake: Power {v['power']} + {v['face']} = {v['power'] + v['face']} against 5: "
        + ("awake." if v["ok"] else "falls asleep."),
    "sleepless": lambda v: f"Day {v['day']} without {'any' if v['sleep'] == 'none' else 'enough (5 hours of)'} sleep, "
        f"{v['mode']} mode.",
    "falls_asleep": "After the third day the character falls asleep.",
    "day_three": "Day 3: even awake, -2 to all skill rolls for the rest of the day.",
    "resist_sleep": lambda v: f"Resist: Power {v['power']} + Survival {v['survival']} + {v['face']} = {v['total']} "
        "against 8: " + ("staved off a day." if v["staved"] else "the penalties begin."),
    "staved": "Staved off once: today counts as day {day}.",
    "too_exhausted": "Too exhausted to make skill rolls; from day 5, 1 damage a day until sleep or unconsciousness at "
                     "health 1.",
    "penalties_today": lambda v: "Penalties today: " + pairs(v["penalties"], "{} {:signed}") + ".",
    "sleep": "Sleep, day {day}: {outcome}",
    "exhausted_out": "Too exhausted: falls unconscious",
    "past_four": "Past -4 the character is too exhausted to continue and falls unconscious.",
    "exhaustion": "Exhaustion {level}: {penalty:signed} to all skills",
    "exhaustion_step": lambda v: f"Exhaustion step {v['level']}: {signed(v['penalty'])} to all skill rolls"
        + ("; pushing on makes it worse." if v["level"] else "."),
    "exposed": "Exposed {hours} h: {checks} check(s), one every five hours; -2 to all other rolls meanwhile.",
    "weather_check": lambda v: f"Check: Power {v['power']} + Survival {v['survival']}"
        + (" + 2 (equipped)" if v["equipped"] else "") + clause(" {:signed}", v["bonus"])
        + f" = {v['pool']} + 1d6, without the weather penalty, against 10 - Power = {v['difficulty']}.",
    "weather_fails": "Check {n}: pool {pool}, an automatic failure: 1 damage.",
    "weather_roll": lambda v: f"Check {v['n']}: {v['face']} → {v['total']}: " + ("fine." if v["ok"] else "1 damage."),
    "weather": "Weather: {damage} damage over {hours} h",
    "load": lambda v: f"{v['kg']:g} kg of {v['capacity']}: {'laden' if v['laden'] else 'light'}",
    "carries": "Power {power} carries {capacity} kg without being laden.",
    "carried": lambda v: f"{v['kg']:g} kg: " + ("laden, -2 to Speed and Precision rolls." if v["laden"]
                                                else "light, no penalty."),
    "sprint_speed": "Speed {speed} + {face} / 2 rounded up ({half}) = {value} m per 3 seconds.",
    "sprint_distance": "{seconds} s: {distance} m. Short sprints, not a sustained run.",
    "sprint": "Sprint: {value} m per 3 s",
    "run_speed": "(Speed {speed} + Power {power} + {face}) / 2 rounded up = {value} km/h; exhaustion sets in within an "
                 "hour of running.",
    "run": "Run: {value} km/h",
    "travel_speed": lambda v: f"{v['mode']}: {v['low']:g}-{v['high']:g} km/h ({v['note']}).",
    "travel_hours": lambda v: f"{v['km']:g} km: {span(v['fast'], v['slow'], '.1f')} hours on the move.",
    "travel_rest": "A full day of travel should end with a full night's rest; jumping into action on arrival comes "
                   "with penalties (exhaustion).",
    "travel": lambda v: f"{v['km']:g} km by {v['mode']}: {span(v['fast'], v['slow'], '.1f')} h",
    # characters: creation, validation, random characters
    "attributes_spent": "Attributes: {spent} of {pool} points (each starts at 1).",
    "skills_spent": lambda v: f"Skills: {v['spent']} of {v['pool']} points"
        + (" (no free specialty: +2)" if v["no_specialty"] else "") + ".",
    "magic_spent": "Magic: {spent} of {pool} points (unspent magic points are free points).",
    "free_spent": lambda v: f"Free: {v['spent']} of {v['pool']} free points used beyond the pools"
        + (" (5 for an extra trick)" if v["trick"] else "") + ".",
    "unspent": "{points} point(s) left unspent.",
    "bonuses": lambda v: "Bonuses: " + pairs(v["bonuses"], "{} {:+d}") + ".",
    "derived": "Health {health} of {max_health}, Resolve {resolve} of {max_resolve}, mana {mana} of {max_mana} (one "
               "slot per magic point).",
    "tricks_flaws": lambda v: f"Tricks: {', '.join(v['tricks'])}; flaws: {', '.join(v['flaws'])}.",
    "created": lambda v: f"Created {v['name']}" + clause(", {}", v["ancestry"]) + clause(" {}", v["klass"]),
    "checked_as": lambda v: "Checked as " + ("a narrator-character: ranges and pools only." if v["npc"] else
        "a new player-character: point buy, ancestry, class and pools." if v["creation"] else
        "a player-character in play."),
    "broken": "✗ {rule}",
    "none_broken": NO_RULE_BROKEN,
    "validity": lambda v: f"{v['name']}: " + ("valid" if not v["violations"] else f"{v['violations']} violation(s)"),
    "rolled_heritage": lambda v: f"Ancestry: {v['ancestry'] or 'none'}; class: {v['klass'] or 'none'} (d4, d3).",
    "concept_magic": lambda v: f"The concept's magic: {', '.join(v['fields'])}.",
    "concept_skills": lambda v: f"The concept's skills come first: {pairs(v['skills'])}.",
    "attributes_bought": lambda v: f"Attributes bought: {pairs(v['attributes'])}.",
    "magic_bought": lambda v: f"Magic: {pairs(v['fields']) or 'none (5 more free points)'}.",
    "skills_bought": lambda v: f"Skills bought: {pairs(v['skills'])}.",
    "free_specialty": "Free specialty: {name} ({skill}).",
    "specialty_fits": "{name}'s specialty {specialty} fits the weapon: two dice, the higher kept.",
    "concept_gear": lambda v: f"Gear from the concept: {', '.join(v['weapons'])}, and a thick leather cap.",
    "concept": concept_words,
    "rolled_character": lambda v: f"Rolled {v['name']}: " + pairs(v["attributes"]),
    # the table: a roll's sheet, modifiers and situation
    "modifier": modifier_words,
    "rolls": lambda v: f"{v['name']} rolls {v['attribute']} {v['score']}" + (
        f" + {v['skill']}" + clause(" ({})", v["profession"]) + f" {v['points']}"
        if v["skill"] else " alone") + ".",
    "keep": lambda v: f"2d6 keep {v['keep']}: " + ", ".join(
        ([f"{v['size']} size ({v['task'].replace('_', ' ')})"] if v["sized"] else [])
        + (["held in a grapple"] if v["grappled"] else [])) + ".",
    "best_at": "Best at {skill}: an automatic success whenever it is possible at all.",
    "old_enemies_die": lambda v: f"Old Enemies: the extra d6 shows {v['face']}" + (
        " — someone of their own level with beef against them will turn up; when and how is the narrator's."
        if v["face"] == 1 else ": no old enemy this time (a 1 brings one)."),
    "skill_roll": lambda v: f"{v['name']} ({v['attribute']}" + clause(" + {}", v["skill"])
        + f"): {say(v['roll'])}",
    "cannot_resist": "{name} is at health {health}: they cannot resist.",
    "getting_up": "{name} is held down and tries to get up: Power against Power, rolling 2d6 keep low.",
    "breaks_free": "{name} breaks free.",
    "versus": "{name} vs {other}: {said}",
    "team_pool": "{name}: pool {pool}.",
    "team": lambda v: f"{' and '.join(v['names'])}: {say(v['said'])}",
    "time_begins": lambda v: f"{TIME_NAMES[v['mode']]} begins",
    "time_mode": lambda v: {
        "story": "Story Time: standard roleplay, no time pressure; states of mind may apply.",
        "bullet": "Bullet Time: focused action; chance rolls are possible, turns may be called.",
        "downtime": "Downtime: rest, recovery and summarised action; Resolve cannot reroll, skills can be trained.",
    }[v["mode"]],
    "training": "{days} day(s) of {skill}: {points} point(s) for every three days; {have} already held of {cap}.",
    "training_gain": "Gains {gained} Resolve point(s) usable only to reroll {skill}.",
    "training_capped": "Nothing more to gain: the cap is three (nine days).",
    "training_xp": "Training also justifies buying a point of the skill with XP.",
    "trains": "{name} trains {skill}: +{gained} training Resolve",
    "gains_xp": "{name} gains {amount} XP ({xp} → {after})",
    "xp_for": "{reason}: {amount} XP.",
    "gains_item": "{name} gains {item}",
    "item_joins": "{item} ({item_kind}) joins {name}'s equipment.",
    "loses_item": "{name} no longer has {item}",
    "item_leaves": "{item} leaves {name}'s equipment.",
    "state_of_mind": "{name} is {state}",
    "states_of_mind": "States of mind count in Story Time only: focus tasks are Craft, Medicine, Performance, "
                      "Investigation and Profession rolls; perceiving danger is a Perception roll.",
    # NPCs
    "npc_level": "A narrator-character of level {level}: scores judged for the concept, no point buy.",
    "npc_keywords": lambda v: f"Concept keywords: {', '.join(v['keywords']) or 'none (rolled)'}.",
    "npc_attributes": lambda v: "Attributes: " + pairs(v["attributes"])
        + f" (key: {', '.join(v['key'])}).",
    "npc_skills": lambda v: "Skills: " + pairs(v["skills"]) + ".",
    "npc_gear": lambda v: f"Gear: {', '.join(v['gear'])}.",
    "npc_health": "Health 10, Resolve {resolve}.",
    "npc_added": lambda v: f"Added NPC {v['name']} (level {v['level']}): " + pairs(v["attributes"]),
    # the table's health tools
    "hurt_by": "{name} ({reason}): {said}",
    "reason": "{name}: {reason}.",
    "healed": lambda v: f"{v['name']} heals" + clause(" ({})", v["reason"])
        + f": health {v['health']} → {v['after']}",
    "heal_sum": lambda v: f"Health {v['health']} + {v['amount']} = {v['health'] + v['amount']}, at most "
        f"{v['max_health']}: {v['after']}.",
    "tries_to_stabilise": "{name} tries to stabilise {patient}: {said}",
    "treats": "{name} treats {patient}: {said}",
    "health_of": "{name}: health {health} → {after}.",
    "stabilises": "{name} stabilises {patient}: {said}",
    "exhaustion_gone": "{name} rests: exhaustion gone",
    "rest_clears": "Rest clears exhaustion.",
    # the table's magic tools
    "healing_spell": lambda v: f"Healing {v['patient']}: the magical healing table ({v['rules']}: " + pairs(
        v["table"], "{}+ heals {}") + ").",
    "soaks": "{name} soaks with Healing: {said}",
    "soak_instant": "Healing at the instant of the hit: no health penalty on the roll, no action.",
    "soaked": "{name}: health {health} → {after}; mana {mana} → {mana_after}.",
    # the table's fights
    "side_sheet": lambda v: f"{v['role'].capitalize()} {v['name']}: {v['attribute']} {v['score']}"
        + (f" + {v['skill']} {v['points']}" if v["skill"] else "") + ".",
    "attacks_with": "{attacker} attacks {defender} with {weapon} at {range} range.",
    "cannot_defend": "{name} is down and cannot defend.",
    "cloak": "{name}'s Cloak of the God's Favour soaks 2 more while they fight.",
    "cannot_strike_back": "{name} cannot strike back here (only at close range, with a hand weapon, against the one "
                          "they engage): they defend.",
    "moves_away": "{name} moves away to {zone}.",
    "attack_verdict": lambda v: v["outcome"] + (
        f", {v['damage']} damage" if v["outcome"] == "hit" and not v["grappled"] else ", grappled" if v["grappled"]
        else "") + (", disengaged" if v["disengaged"] else "")
        + (f", {v['counter_damage']} damage back" if v["outcome"] == "countered" else ""),
    "attacks": lambda v: f"{v['attacker']} attacks {v['defender']}: {say(v['verdict'])}{went_down(v['down'])}",
    "combat_starts": "Combat starts (Bullet Time). {order}; round 1: {current}'s turn",
    "joins_fight": joins_fight,
    "casts_destruction": "{name} casts destruction at {defender} ({range} range): a contested roll.",
    "no_magic_defence": lambda v: f"{v['name']} has no magic: a flat {v['attribute'].capitalize()} roll to defend.",
    "strikes_with_magic": lambda v: f"{v['name']} strikes {v['defender']} with magic: {say(v['verdict'])}"
        f"{went_down(v['down'])}",
    # combat: attacks, damage, throws, chases, a long fight
    "damage_base": lambda v: "Damage: " + (f"{v['rule']} (fixed)" if isinstance(v["rule"], int)
                                           else DAMAGE_WORDS[v["rule"]]) + f" = {v['base']}.",
    "margin_bonus": "{total} beats {loser_total} by 2 or more: +1 damage.",
    "targeted_no_soak": "A targeted attack: armor soaks nothing.",
    "armor_soaks": "Armor soaks {soak}.",
    "punch_pulled": "The punch is pulled: no damage (it would have been {dealt}).",
    "damage_dealt": lambda v: f"Damage dealt: {v['base']}" + clause(" + {}", v["bonus"])
        + clause(" - {}", v["soaked"]) + f" = {v['dealt']}.",
    "makes_attack": lambda v: f"{v['name']} makes " + ("an unarmed attack" if v["weapon"] == "unarmed" else
                                                      f"a {v['weapon']} attack") + f" at {v['range']} range.",
    "flat_defence": "Defending against magic without magic: a flat Power or Precision roll.",
    "takes_hit": "The defender takes the hit: no defence roll, the attack lands; they may act at the same instant "
                 "instead.",
    "engaged_penalty": "{name} engages another attacker: this defence is at {penalty:signed} (-2 per additional "
                       "attacker).",
    "lands": lambda v: f"The attack lands ({v['attack']}" + (f" against {v['defence']}" if v["defence"] is not None
                                                             else "") + ").",
    "grappled_down": lambda v: f"{v['name'] or 'The defender'} is grappled down: no damage; each try to get up is "
        "Power against Power, the held one rolling 2d6 keep low.",
    "strikes_back": lambda v: f"{v['name']} wins the exchange ({v['defence']} against "
        f"{v['attack'] if v['attack'] is not None else 'an automatic failure'}) and strikes back.",
    "disengages": "{name} wins the defence and moves away to long range (dealing no damage).",
    "misses": lambda v: "The attack does not land" + (" (a tie: neither beats the other)." if v["tie"] else "."),
    "attack": lambda v: f"{v['attacker']} → {v['defender'] or 'defender'}: {say(v['verdict'])}",
    "throw_pool": lambda v: f"Pool = {'Power' if v['heavy'] else 'Precision'} {v['attribute']} + Athletics "
        f"{v['athletics']}" + (f" + bonus {signed(v['bonus'])}" if v["bonus"] else "") + f" = {v['pool']}; not "
        "contested, the target neither moves nor sees it coming.",
    "throw_fails": "An automatic failure, no roll.",
    "throw_auto_fail": "Automatic failure",
    "throw_roll": lambda v: f"Rolled {v['face']}: total {v['total']}. " + (
        f"Effective to {v['reach']} m ({'Power' if v['heavy'] else 'Precision'} {v['attribute']} x "
        f"{v['reach'] // v['attribute']})." if v["reach"] else "Below 8: the throw is not effective at any range."),
    "throw_distance": lambda v: f"The target at {v['distance']:g} m is {'within' if v['hit'] else 'beyond'} the "
        "effective range.",
    "throw": lambda v: f"Throw {v['total']}: {'hit' if v['hit'] else 'miss'} (effective {v['reach']} m)",
    "chase_start": "{chaser} (Speed {chaser_speed}) chases {quarry} (Speed {quarry_speed}): up to {rolls} contested "
                   "Speed rolls; {need} won first decides.",
    "stamina": lambda v: f"Roll {v['n']}: {v['name']} Power {v['power']} + {v['face']} = {v['power'] + v['face']} "
        "against 6" + (": tiring, -2 on this Speed roll." if v["tired"] else ": keeps up."),
    "chase_roll": lambda v: f"Roll {v['n']}: {v['chaser']} {v['chaser_total']} against {v['quarry']} "
        f"{v['quarry_total']}: " + (f"{v['winner']} gains." if v["winner"] else "neither gains."),
    "chase_end": lambda v: f"{v['chaser']} {v['chaser_wins']}, {v['quarry']} {v['quarry_wins']}: {v['quarry']} "
        + ("is caught." if v["outcome"] == "caught" else "gets away."),
    "chase": "Chase: {quarry} {outcome} ({chaser_wins}-{quarry_wins})",
    "fight_stamina": "Power {power}: {power} rounds without damage before tiring; {rounds} fought.",
    "fight_tiring": "{over} round(s) past that: {penalty:signed} to attacks and defences this round.",
    "fight_fresh": "No penalty yet; it starts after {left} more round(s).",
    "fight_exhaustion": "Fight exhaustion: {penalty:signed}",
}

def tricks_owed(v: Any) -> list[str]:
    """The tricks a new character starts with, as a broken trick count lists them: those given, the one to choose,
    the class's own, the one bought."""
    return ([f"{', '.join(v['given'])} (given)"] if v["given"] else []) \
        + (["one trick you choose that is not given already"] if v["choose"] else []) \
        + ([f"the {v['own_class']} class's own"] if v["own_class"] else []) \
        + (["one bought with 5 free points"] if v["bought"] else [])



SHEET_RULES = {
    "rule_ancestry_size": "The {ancestry} ancestry is {ancestry_size}, not {size} ({rule}).",
    "rule_ancestry_bonuses_without_ancestry": "Ancestry bonuses without an ancestry ({rule}).",
    "rule_standard_ancestry_bonuses": "A standard ancestry gives +2 to one attribute and -1 on another, not "
                                      "{bonuses} ({rule}).",
    "rule_human_bonus": lambda v: f"A human takes +1 to one chosen attribute, not {v['bonuses'] or 'nothing'} "
                                  f"({v['rule']}).",
    "rule_attribute_zero": "{attribute} is {score}; no character can have 0 points in an attribute ({rule}).",
    "rule_best_at_not_skill": "Best at '{best_at}': not a skill ({rule}).",
    "rule_points_overspent": lambda v: f"Spends {v['over'] - v['free_available']} point(s) too many: "
                                       f"attributes {v['attributes']} of {v['attribute_pool']}, "
                                       f"skills {v['skills']} of {v['skill_pool']}, magic {v['magic']} of "
                                       f"{v['magic_pool']}"
                                       + clause(", an extra trick {}", v["trick"])
                                       + f", with {v['free_available']} free point(s) to cover the {v['over']} beyond "
                                       f"the pools (a second specialty doubles its skill's cost) ({v['rule']}).",
    "rule_class_bonuses_without_class": "Class bonuses without a class ({rule}).",
    "rule_standard_class_bonuses": "A standard class gives +2 on two different traits, not {bonuses} ({rule}).",
    "rule_class_bonuses_given": lambda v: f"The {v['character_class']} gains +2 {v['fixed']} and +2 on either "
                                          f"{' or '.join(v['either'])}, not {v['bonuses'] or 'nothing'} ({v['rule']}).",
    "rule_flaw_exclusive": "'{flaw}' belongs to another ancestry or class ({rule}).",
    "rule_class_flaw": "The {character_class} class comes with the flaw '{flaw}' ({rule}).",
    "rule_weapon_attack_type": "Weapon '{name}' needs an attack_type or one of the example weapons ({rule}).",
    "rule_complex_weapon_damage": "Complex weapon '{name}' needs its damage stats (damage_rule or damage_fixed) "
                                  "({rule}).",
    "rule_armor_soak": "Armor '{name}' soaks {soak}; 0 to 10 ({rule}).",
    "rule_health_range": "Health {health} is outside -5 (dead) to the maximum {max_health} ({rule}).",
    "rule_new_full_health": "A new character starts at full health ({max_health}), not {health} ({rule}).",
    "rule_heritage_missing": "A player-character has at least one {what} ({rule}).",
    "rule_heritage_listed_twice": "'{name}' is listed {n} times ({rule}).",
    "rule_ancestry_heritage": "The {ancestry} ancestry comes with the {what} '{wanted}' ({rule}).",
    "rule_injury_cap": "{count} lasting and permanent injuries; the cap is {max_lasting_injuries} ({rule}).",
    "rule_new_no_lasting_injuries": "A new character has no lasting injuries ({rule}).",
    "rule_injury_healing_left": "'{name}' needs {healing_left} points of healing; 1 to 200 (a healed injury is "
                                "removed) ({rule}).",
    "rule_not_magic_field": lambda v: f"'{v['name']}' is not a field of magic; the seven are "
                                      f"{', '.join(v['fields'])} ({v['rule']}).",
    "rule_mana_range": "Mana {mana} is outside 0 to {max_mana} ({rule}).",
    "rule_new_full_mana": "A new character starts with every mana slot ({max_mana}) ({rule}).",
    "rule_max_health_range": "Maximum health {max_health}; 10 unless a flaw, injury or trick changes it (1 to 30) "
                             "({rule}).",
    "rule_new_max_health": "Health is {max_health} unless a flaw or trick changes it ({rule}).",
    "rule_max_mana_magic": "Maximum mana is {max_mana} but must equal the magic points, {magic_points} ({rule}).",
    "rule_max_resolve": lambda v: f"Maximum Resolve {v['max_resolve']}: "
                                  + (f"0 to {v['most']}" if v["npc"] else f"a player-character has {v['most']}")
                                  + f" ({v['rule']}).",
    "rule_unknown_bonus_name": "'{name}' is not an attribute, skill or field of magic ({rule}).",
    "rule_new_no_permanent_injuries": "A new character has no permanent injuries ({rule}).",
    "rule_extra_points_negative": "extra_points {extra_points} is negative ({rule}).",
    "rule_profession_unnamed": "Profession {points} needs at least one named profession, e.g. {{'farmer': 2}} "
                               "({rule}).",
    "rule_profession_empty": "Each profession holds at least one of the skill's dots ({rule}).",
    "rule_profession_dots": "The professions hold {dots} dots but the Profession skill is {points}; the dots are "
                            "split among them ({rule}).",
    "rule_score_range": lambda v: f"{v['trait'].capitalize()} is {v['bought']}"
                                  + clause(" (bought, beside bonuses of {:+d})", v["bonus"])
                                  + f", but scores run from {v['low']} to {v['top']} ({v['rule']}).",
    "rule_resolve_range": "Resolve {resolve} is outside 0 to {max_resolve} ({rule}).",
    "rule_new_full_resolve": "A new character starts with full Resolve ({max_resolve}) ({rule}).",
    "rule_best_at_cap": lambda v: f"Best at {v['best_at']} is achieved: every other skill is capped at 4, but "
                                  f"{pairs(v['over'])} ({v['rule']}).",
    "rule_not_skill": lambda v: f"'{v['name']}' is not a skill; the skills are {', '.join(v['skills'])} "
                                f"({v['rule']}).",
    "rule_free_specialties": "{n_free} free specialties; one is free, a second is bought ({rule}).",
    "rule_class_specialty_without_class": "'{name}' comes from a class, but the character has none ({rule}).",
    "rule_class_specialty_count": "A class gives one free specialty ({rule}).",
    "rule_specialty_skill": "Specialty '{name}' names '{skill}', which is not a skill or field of magic ({rule}).",
    "rule_specialty_listed_twice": "Specialty '{name}' is listed {n} times ({rule}).",
    "rule_class_specialty": "The {character_class} class's specialty is one of {options}, not '{name}' ({skill}) "
                            "({rule}).",
    "rule_bought_specialty_skill": "A bought specialty needs its skill bought to 2 or more: {skill} is {bought} "
                                   "({rule}).",
    "rule_stabilising_days": "{stabilising_days} days of stabilisation; 0 to 30 ({rule}).",
    "rule_training_resolve_cap": "Training Resolve totals {total}; at most {max_training_resolve} (nine days of "
                                 "training) ({rule}).",
    "rule_new_no_training_resolve": "Training Resolve comes from downtime training, not creation ({rule}).",
    "rule_training_not_skill": "'{name}' is not a skill ({rule}).",
    "rule_trick_exclusive": "'{trick}' belongs to another ancestry or class ({rule}).",
    "rule_class_trick": "The {character_class} class comes with the trick '{trick}' ({rule}).",
    "rule_xp_negative": "XP {xp} is negative ({rule}).",
    "rule_specialty_cap": lambda v: f"{v['n']} specialties; at most {v['cap']} "
                                      f"{'at creation' if v['creation'] else 'ever'} ({v['rule']}).",
    "rule_ancestry_bonuses_given": lambda v: f"The {v['ancestry']} ancestry gives {pairs(v['want'], '{} {:+d}')}, "
                                             f"not {v['have'] or 'nothing'} ({v['rule']}).",
    "rule_trick_count": lambda v: f"This character starts with {v['want']} trick{'' if v['want'] == 1 else 's'} — " + "; ".join(tricks_owed(v))
                                   + f" — and has {v['n_tricks']} ({v['rule']}).",
}
"""The rules a Brew sheet can break (:mod:`.sheet`), each in the words it is cited with, ending with the rule
(``rule``: 'book.md#Section'); a step's ``field`` is the sheet field it concerns. A validate tool lists these steps,
a create tool's argument error says them."""

PHRASES.update(SHEET_RULES)
