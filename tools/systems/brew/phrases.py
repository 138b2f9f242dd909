"""Brew's words: the phrase table its steps are written out with (:mod:`tools.phrases`), keyed by the phrase part
of a step's kind (``brew.<phrase>``). The format strings are data in ``phrases.toml``; here are the phrases
that need logic, and the helpers that need logic live in the rules modules and are called here."""

from __future__ import annotations

from typing import Any

from narrator.tools.common_phrases import (
    NO_RULE_BROKEN,
    concept_words,
    joins_fight,
    modifier_words,
)
from narrator.tools.phrases import clause, counted, pairs, say, signed, span, with_templates
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


PHRASES: dict[str, Any] = with_templates(__file__, {
    # checks: the pool, the die, the total
    "pool": pool_words,
    "rolled_2d6": lambda v: f"Rolled 2d6, keeping the {'higher' if v['keep'] == 'high' else 'lower'}: {v['first']} "
                            f"and {v['second']} → {v['value']}.",
    "against": lambda v: f"Against {difficulty_text(v['difficulty'])}: success at {v['success']}, perfect at "
                         f"{v['perfect']}, astounding at {v['astounding']}.",
    "total": lambda v: f"Total = pool {v['pool']} + {v['value']} = {v['total']}: {OUTCOME_WORDS[v['outcome']]}.",
    "check": lambda v: f"Pool {v['pool']} vs {v['difficulty']}: " + (
        "automatic failure" if v["total"] is None else f"rolled {v['die_result']} → {v['total']}, {v['outcome']}"),
    # contests and collaboration
    "verdict": lambda v: (f"{v['winner']} wins" + (
        f" by {abs(v['margin'])}" if v["margin"] is not None else " (the other fails automatically)"))
        if v["winner"] else "a standoff: neither beats the other",
    "contest": lambda v: f"{v['a']} {auto_fail(v['a_total'])} vs {v['b']} {auto_fail(v['b_total'])}: "
        f"{say(v['verdict'])}",
    "collab_base": lambda v: f"Base pool: {v['name']}'s {v['base']} (" + (
        "chosen" if v["chosen"] else "the highest of " + pairs(v["pools"]))
        + "); only one pool counts, every die is added.",
    "collab_against": lambda v: f"Against {difficulty_text(v['difficulty'])}.",
    "concurrent": lambda v: "Concurrent: everyone rolls once — " + pairs(v["rolls"])
        + f"; total {v['base']} + {' + '.join(str(f) for _, f in v['rolls'])} = {v['total']}.",
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
    "new_class": lambda v: f"Class {v['name']}: " + (pairs(v["gained"], "{} +{}")
                                                     or "no new bonuses (multiclassing does not stack)"),
    "xp_spent": lambda v: f"{v['advance'].replace('_', ' ').capitalize()}: {v['price']} = {v['cost']} XP "
        f"({v['xp']} → {v['xp'] - v['cost']}).",
    "advanced": lambda v: f"{v['name']}: {(say(v['line']) + '.').rstrip('.')} for {v['cost']} XP",
    # flaws
    "unlucky": lambda v: f"High stakes: 1d6 = {v['face']}: " + (
        "1-3, the action fails catastrophically, whatever the statistics." if v["triggered"]
        else "4-6, no catastrophe."),
    "old_enemies": lambda v: f"Beside the social roll, 1d6 = {v['face']}: " + (
        "an old enemy of the character's level, who has beef with them, will turn up." if v["triggered"]
        else "no old enemy this time."),
    "embarrassed": lambda v: f"Embarrassed: Wits {v['wits']} + Performance {v['performance']} + {v['face']} = "
        f"{v['total']} against 8: " + ("composure lost — they react aggressively, walk out, or roll everything at -2 "
                                       "until the scene ends." if v["triggered"] else "they keep their composure."),
    "flaw": lambda v: f"{v['flaw'].capitalize()}: {v['outcome']}" + clause(", {} damage", v["damage"]),
    # magic
    "spell": lambda v: f"{v['field'].capitalize()} spell: {say(v['roll'])}",
    "ritual_done": lambda v: "Completed: every slot comes back." if v["success"] else
        "The ritual fails: no slot comes back.",
    # rerolls and chance rolls
    "resolve_spent": lambda v: "Spent one " + ("training Resolve point bound to this skill" if v["training"] else
        "Resolve point") + f" (Resolve {v['resolve']} → {v['resolve_after']}, training {v['training_resolve']} → "
        f"{v['training_after']}).",
    "chance_adds": lambda v: f"4-6: total {v['total']} + {v['face']} = {v['new_total']}: "
        f"{OUTCOME_WORDS[v['outcome']]}.",
    # regression
    "lowered": lambda v: f"{v['name'].capitalize()} −{v['n']} ({counted(v['n'], 'point')}).",
    "class_lost": lambda v: f"Class {v['klass']} lost, and what it gave with it (bonuses: "
        + (pairs(v["bonuses"], "{} −{}") or "none") + "; its specialty"
        + (f"; its tricks: {', '.join(v['tricks'])}" if v["tricks"] else "")
        + "); a class is not bought with points, so nothing counts against the agreement.",
    # health and damage
    "health_state": lambda v: f"Health {v['health']}: {STATE_WORDS[v['state']]}.",
    "penalties": lambda v: f"Penalties: {v['physical']:+d} to Power, Precision and Speed; {v['mental']:+d} to "
        "Perception, Wits and Charisma" + (" (halved)." if v["halved"] else "."),
    "death_clock": lambda v: f"It {death_clock(v['health'], v['power'])}.",
    # healing, rest, stabilising, recovery
    "heal_table": lambda v: f"{v['rules'].capitalize()} {v['method']}: " + pairs(
        v["table"], "{}+ heals {}") + (" (a failed day of care still heals the natural 1)" if (
            v["rules"], v["method"]) == ("realistic", "medicine") else "") + ".",
    "heals": lambda v: f"Heals {v['points']}: health {v['health']} → {v['after']}" + (
        f" (capped at {v['cap']}" + (": a lasting injury holds health at maximum - 2 until eight hours of rest"
                                     if v["cap"] < v["max_health"] else "") + ")"
        if v["health"] + v["points"] > v["cap"] else "") + ".",
    "heal_roll": lambda v: f"{v['method'].capitalize()} ({v['rules']}): " + (
        "automatic failure" if v["total"] is None else f"{v['total']}, {v['outcome']}") + f"; heals {v['points']}",
    "two_hours": lambda v: f"Two hours: half the damage, rounded up ({v['half']})"
        + (f", capped at {v['cap']} by a lasting injury" if v["injured"] else "") + ".",
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
    "recovered": lambda v: "Dies during stabilisation" if v["dead"] else
        f"After {v['days']} day(s): health {v['health']} → {v['after']}",
    # hardship: illness, deprivation, sleep, exhaustion, weather, load, movement, travel
    "resist_illness": lambda v: f"Resist: {v['what']} {v['power']} + Survival {v['survival']} + {v['face']} = "
        f"{v['total']} against {v['infectiousness']}: " + ("resisted." if v["resisted"] else "infected."),
    "illness_duration": lambda v: f"Duration: {v['base']} - {v['face']} - {v['what']} {v['power']} = "
        f"{v['base'] - v['face'] - v['power']}" + (" → 0: it passes within the day." if v["days"] == 0
                                                    else f": {v['days']} day(s).")
        + " Penalties while ill suit the illness (e.g. -2 on Power rolls for bad food).",
    "illness": lambda v: "Resisted the illness" if v["resisted"] else f"Ill for {v['days']} day(s)",
    "stay_awake": lambda v: f"To stay awake: Power {v['power']} + {v['face']} = {v['power'] + v['face']} against 5: "
        + ("awake." if v["ok"] else "falls asleep."),
    "sleepless": lambda v: f"Day {v['day']} without {'any' if v['sleep'] == 'none' else 'enough (5 hours of)'} sleep, "
        f"{v['mode']} mode.",
    "resist_sleep": lambda v: f"Resist: Power {v['power']} + Survival {v['survival']} + {v['face']} = {v['total']} "
        "against 8: " + ("staved off a day." if v["staved"] else "the penalties begin."),
    "penalties_today": lambda v: "Penalties today: " + pairs(v["penalties"], "{} {:signed}") + ".",
    "exhaustion_step": lambda v: f"Exhaustion step {v['level']}: {signed(v['penalty'])} to all skill rolls"
        + ("; pushing on makes it worse." if v["level"] else "."),
    "weather_check": lambda v: f"Check: Power {v['power']} + Survival {v['survival']}"
        + (" + 2 (equipped)" if v["equipped"] else "") + clause(" {:signed}", v["bonus"])
        + f" = {v['pool']} + 1d6, without the weather penalty, against 10 - Power = {v['difficulty']}.",
    "weather_roll": lambda v: f"Check {v['n']}: {v['face']} → {v['total']}: " + ("fine." if v["ok"] else "1 damage."),
    "load": lambda v: f"{v['kg']:g} kg of {v['capacity']}: {'laden' if v['laden'] else 'light'}",
    "carried": lambda v: f"{v['kg']:g} kg: " + ("laden, -2 to Speed and Precision rolls." if v["laden"]
                                                else "light, no penalty."),
    "travel_hours": lambda v: f"{v['km']:g} km: {span(v['fast'], v['slow'], '.1f')} hours on the move.",
    "travel": lambda v: f"{v['km']:g} km by {v['mode']}: {span(v['fast'], v['slow'], '.1f')} h",
    # characters: creation, validation, random characters
    "skills_spent": lambda v: f"Skills: {v['spent']} of {v['pool']} points"
        + (" (no free specialty: +2)" if v["no_specialty"] else "") + ".",
    "free_spent": lambda v: f"Free: {v['spent']} of {v['pool']} free points used beyond the pools"
        + (" (5 for an extra trick)" if v["trick"] else "") + ".",
    "bonuses": lambda v: "Bonuses: " + pairs(v["bonuses"], "{} {:+d}") + ".",
    "created": lambda v: f"Created {v['name']}" + clause(", {}", v["ancestry"]) + clause(" {}", v["klass"]),
    "checked_as": lambda v: "Checked as " + ("a narrator-character: ranges and pools only." if v["npc"] else
        "a new player-character: point buy, ancestry, class and pools." if v["creation"] else
        "a player-character in play."),
    "none_broken": NO_RULE_BROKEN,
    "validity": lambda v: f"{v['name']}: " + ("valid" if not v["violations"] else f"{v['violations']} violation(s)"),
    "rolled_heritage": lambda v: f"Ancestry: {v['ancestry'] or 'none'}; class: {v['klass'] or 'none'} (d4, d3).",
    "magic_bought": lambda v: f"Magic: {pairs(v['fields']) or 'none (5 more free points)'}.",
    "concept": concept_words,
    # the table: a roll's sheet, modifiers and situation
    "modifier": modifier_words,
    "rolls": lambda v: f"{v['name']} rolls {v['attribute']} {v['score']}" + (
        f" + {v['skill']}" + clause(" ({})", v["profession"]) + f" {v['points']}"
        if v["skill"] else " alone") + ".",
    "keep": lambda v: f"2d6 keep {v['keep']}: " + ", ".join(
        ([f"{v['size']} size ({v['task'].replace('_', ' ')})"] if v["sized"] else [])
        + (["held in a grapple"] if v["grappled"] else [])) + ".",
    "old_enemies_die": lambda v: f"Old Enemies: the extra d6 shows {v['face']}" + (
        " — someone of their own level with beef against them will turn up; when and how is the narrator's."
        if v["face"] == 1 else ": no old enemy this time (a 1 brings one)."),
    "skill_roll": lambda v: f"{v['name']} ({v['attribute']}" + clause(" + {}", v["skill"])
        + f"): {say(v['roll'])}",
    "team": lambda v: f"{' and '.join(v['names'])}: {say(v['said'])}",
    "time_begins": lambda v: f"{TIME_NAMES[v['mode']]} begins",
    "time_mode": lambda v: {
        "story": "Story Time: standard roleplay, no time pressure; states of mind may apply.",
        "bullet": "Bullet Time: focused action; chance rolls are possible, turns may be called.",
        "downtime": "Downtime: rest, recovery and summarised action; Resolve cannot reroll, skills can be trained.",
    }[v["mode"]],
    # NPCs
    "npc_keywords": lambda v: f"Concept keywords: {', '.join(v['keywords']) or 'none (rolled)'}.",
    # the table's health tools
    "healed": lambda v: f"{v['name']} heals" + clause(" ({})", v["reason"])
        + f": health {v['health']} → {v['after']}",
    "heal_sum": lambda v: f"Health {v['health']} + {v['amount']} = {v['health'] + v['amount']}, at most "
        f"{v['max_health']}: {v['after']}.",
    # the table's magic tools
    "healing_spell": lambda v: f"Healing {v['patient']}: the magical healing table ({v['rules']}: " + pairs(
        v["table"], "{}+ heals {}") + ").",
    # the table's fights
    "side_sheet": lambda v: f"{v['role'].capitalize()} {v['name']}: {v['attribute']} {v['score']}"
        + (f" + {v['skill']} {v['points']}" if v["skill"] else "") + ".",
    "attack_verdict": lambda v: v["outcome"] + (
        f", {v['damage']} damage" if v["outcome"] == "hit" and not v["grappled"] else ", grappled" if v["grappled"]
        else "") + (", disengaged" if v["disengaged"] else "")
        + (f", {v['counter_damage']} damage back" if v["outcome"] == "countered" else ""),
    "attacks": lambda v: f"{v['attacker']} attacks {v['defender']}: {say(v['verdict'])}{went_down(v['down'])}",
    "joins_fight": joins_fight,
    "strikes_with_magic": lambda v: f"{v['name']} strikes {v['defender']} with magic: {say(v['verdict'])}"
        f"{went_down(v['down'])}",
    # combat: attacks, damage, throws, chases, a long fight
    "damage_base": lambda v: "Damage: " + (f"{v['rule']} (fixed)" if isinstance(v["rule"], int)
                                           else DAMAGE_WORDS[v["rule"]]) + f" = {v['base']}.",
    "damage_dealt": lambda v: f"Damage dealt: {v['base']}" + clause(" + {}", v["bonus"])
        + clause(" - {}", v["soaked"]) + f" = {v['dealt']}.",
    "makes_attack": lambda v: f"{v['name']} makes " + ("an unarmed attack" if v["weapon"] == "unarmed" else
                                                      f"a {v['weapon']} attack") + f" at {v['range']} range.",
    "lands": lambda v: f"The attack lands ({v['attack']}" + (f" against {v['defence']}" if v["defence"] is not None
                                                             else "") + ").",
    "grappled_down": lambda v: f"{v['name'] or 'The defender'} is grappled down: no damage; each try to get up is "
        "Power against Power, the held one rolling 2d6 keep low.",
    "strikes_back": lambda v: f"{v['name']} wins the exchange ({v['defence']} against "
        f"{v['attack'] if v['attack'] is not None else 'an automatic failure'}) and strikes back.",
    "misses": lambda v: "The attack does not land" + (" (a tie: neither beats the other)." if v["tie"] else "."),
    "attack": lambda v: f"{v['attacker']} → {v['defender'] or 'defender'}: {say(v['verdict'])}",
    "throw_pool": lambda v: f"Pool = {'Power' if v['heavy'] else 'Precision'} {v['attribute']} + Athletics "
        f"{v['athletics']}" + (f" + bonus {signed(v['bonus'])}" if v["bonus"] else "") + f" = {v['pool']}; not "
        "contested, the target neither moves nor sees it coming.",
    "throw_roll": lambda v: f"Rolled {v['face']}: total {v['total']}. " + (
        f"Effective to {v['reach']} m ({'Power' if v['heavy'] else 'Precision'} {v['attribute']} x "
        f"{v['reach'] // v['attribute']})." if v["reach"] else "Below 8: the throw is not effective at any range."),
    "throw_distance": lambda v: f"The target at {v['distance']:g} m is {'within' if v['hit'] else 'beyond'} the "
        "effective range.",
    "throw": lambda v: f"Throw {v['total']}: {'hit' if v['hit'] else 'miss'} (effective {v['reach']} m)",
    "stamina": lambda v: f"Roll {v['n']}: {v['name']} Power {v['power']} + {v['face']} = {v['power'] + v['face']} "
        "against 6" + (": tiring, -2 on this Speed roll." if v["tired"] else ": keeps up."),
    "chase_roll": lambda v: f"Roll {v['n']}: {v['chaser']} {v['chaser_total']} against {v['quarry']} "
        f"{v['quarry_total']}: " + (f"{v['winner']} gains." if v["winner"] else "neither gains."),
    "chase_end": lambda v: f"{v['chaser']} {v['chaser_wins']}, {v['quarry']} {v['quarry_wins']}: {v['quarry']} "
        + ("is caught." if v["outcome"] == "caught" else "gets away."),
})

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
