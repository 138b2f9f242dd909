"""Minim's words: the phrase table its steps are written out with (:mod:`tools.phrases`), keyed by the phrase part
of a step's kind (``minim.<phrase>``). A phrase is a format string over the step's values or, where the words
depend on the values beyond that, a function of them; the format strings are data in ``phrases.toml``, joined here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from narrator.tools.common_phrases import (
    BROKEN_RULE,
    NO_RULE_BROKEN,
    concept_words,
    condition_words,
    joins_fight,
    modifier_words,
    rolled_among,
    sheet_verdict,
)
from narrator.tools.phrases import clause, counted, pairs, say, signed, with_templates
from narrator.tools.systems.minim.checks import label, partial

V = Mapping[str, Any]


def signed_label(outcome: int) -> str:
    """'+1 success', '-2 critical failure'."""
    return f"{signed(outcome)} {label(outcome)}"


# --- tests (checks.py) ---------------------------------------------------------------------------------------------

REASONS = {"aim": "aimed last turn", "adjacent_zone": "into an adjacent zone",
           "uninterrupted_rest": "uninterrupted rest", "twice_as_long": "taking twice as long"}
"""Why a tool adds to a target or a modifier (a condition's name says itself)."""


def because(reasons: Any) -> str:
    """'aimed last turn and into an adjacent zone'."""
    return " and ".join(REASONS.get(r, r) for r in reasons)



def _target(v: V) -> str:
    parts = [f"{v['name']} {v['trait']}"]
    if v["skill"] is None:
        parts.append("±0 (no relevant skill)")
    else:
        parts.append(f"{signed(1 if v['has_skill'] else -1)} ({'has' if v['has_skill'] else 'lacks'} the "
                     f"{v['skill']} skill)")
    if v["specialty"]:
        parts.append("+1 (a specialty applies)")
    if v["modifier"]:
        parts.append(f"{signed(v['modifier'])} (bonuses and penalties)")
    if v["extra"]:
        parts.append(f"{signed(v['extra'])} ({because(v['reason'])})")
    if v["faith"]:
        parts.append("+1 (a faith point spent)")
    return f"Target = {' '.join(parts)} = {v['target']}"


def explain_partial(face: int, target: int) -> str:
    """Why a die gives its partial result."""
    p = partial(face, target)
    if face == 1:
        why = "a natural 1 is an automatic success"
    elif face == 6:
        why = "a natural 6 is an automatic failure"
    elif face < target:
        why = f"lower than the target {target}"
    elif face == target:
        why = f"equal to the target {target}"
    else:
        why = f"higher than the target {target}"
    return f"{why} → {label(p)} ({signed(p)})"


def _rolled(v: V) -> str:
    """'Target 5: rolled 3 and 4 → +1 success' (the head of every test's summary)."""
    a, b = v["faces"]
    return f"Target {v['target']}: rolled {a} and {b} → {signed_label(v['outcome'])}"


# --- combat (combat.py) --------------------------------------------------------------------------------------------


def _fatigue(v: V) -> str:
    outcome = v["outcome"]
    return (f"Fatigue = weapon {signed(v['weapon'])} − armor ({signed(v['armor'])}) "
            f"+ {2 if outcome == 2 else 1} ({label(outcome)}) = {v['raw']}"
            + (", raised to the minimum of 1" if v["raw"] < 1 else ""))


def _avoidance(v: V) -> str:
    why = [f"current health {v['health']}"]
    if v["defending"]:
        why.append("+1 (only defended)")
    if v["penalty"]:
        why.append(f"{v['penalty']} (surprised, failed perception)")
    return (f"Avoidance: the defender rolls one die per fatigue point ({v['fatigue']}); each die equal or lower than "
            f"{' '.join(why)} = {v['threshold']} avoids one point.")


def _avoidance_die(v: V) -> str:
    ok = v["face"] <= v["threshold"]
    return f"Avoidance die {v['die']} rolled {v['face']}: {'≤' if ok else '>'} {v['threshold']} → " \
           f"{'avoided' if ok else 'not avoided'}"


def _attacked(v: V) -> str:
    head = _rolled(v)
    if v["outcome"] >= 1:
        tail = f"{v['fatigue']} fatigue, {v['avoided']} avoided, {v['damage']} damage (health {v['before']} → " \
               f"{v['after']})"
        return f"{head}; {tail}" + ("; the defender is unconscious" if v["after"] == 0 else "")
    if v["fumble_victim"] is None:
        return f"{head}; the attack misses"
    effect = f": {v['fumble_effect']}" if v["fumble_effect"] else ""
    return f"{head}; miss, the {v['fumble_victim']} fumbles{effect}"


def _surprise(v: V) -> str:
    from narrator.tools.systems.minim.combat import SURPRISE_RESULTS

    a, b = v["faces"]
    return (f"Surprise, target {v['target']}: rolled {a} and {b} → {signed_label(v['outcome'])}: "
            f"{SURPRISE_RESULTS[v['outcome']][0]}")


def _fumble_effect(total: int) -> str:
    from narrator.tools.systems.minim.rules import FUMBLES

    return FUMBLES[total]


# --- collaboration, recovery, powers ----------------------------------------------------------------------------------


def _together(v: V) -> str:
    summed = v["patient"] + v["medic"]
    together = v["together"]
    return (f"Together: {signed(v['patient'])} {signed(v['medic'])} = {signed(summed)}"
            + (f", bound to {signed(together)}" if together != summed else "")
            + f": {label(together)} — "
            + ("a success: 1 health point restored." if together >= 1 else "no point restored."))


def _powered(v: V) -> str:
    tail = f"; faith {v['faith']} → {v['faith'] - v['spent']}" if v["faith"] is not None else ""
    return f"{v['power']} (score {v['score']}): rolled {v['face']} → {v['outcome']}{tail}"


def _purchase_roll(v: V) -> str:
    bonus = f" + 1 (a faith point spent) = {v['need']}" if v["faith"] else ""
    return (f"Price {v['price']} is score-appropriate for wealth {v['wealth']}: wealth is a power, so roll 1d6 ≤ "
            f"{v['wealth']}{bonus}. No faith point is needed.")


def _purchased(v: V) -> str:
    roll_text = f"rolled {v['face']} → " if v["face"] is not None else ""
    return (f"Price {v['price']} with wealth {v['wealth']}: {roll_text}{v['outcome']}; "
            f"wealth {v['wealth']} → {v['after']}")


# --- initiative and challenge -----------------------------------------------------------------------------------------


def who(w: Mapping[str, Any]) -> str:
    """'Ann', or a group 'Rats (×6)'."""
    return w["name"] if w["count"] == 1 else f"{w['name']} (×{w['count']})"


def _initiative_roll(v: V) -> str:
    faces = v["faces"]
    sums = f"{' + '.join(map(str, faces))} = {v['total']}" if len(faces) > 1 else f"{v['total']}"
    return f"{who(v['who'])}, brain {v['brain']}: rolls {len(faces)} d6 → {sums}"


def _still_tied(v: V) -> str:
    why = f"{v['rounds']} reroll rounds" if v["rounds"] is not None else "the dice limit"
    return f"Still tied after {why}: {', '.join(who(w) for w in v['who'])} are ordered by name instead."


def _story(totals: list[int]) -> str:
    return str(totals[0]) + (f" (tie-breaks: {', '.join(map(str, totals[1:]))})" if len(totals) > 1 else "")


def show(exact: str) -> str:
    """A challenge, exact with a decimal alongside when it is not whole: '1/5 (0.2)'."""
    from fractions import Fraction

    from narrator.tools.systems.minim.challenge import show as shown

    return shown(Fraction(exact))


def _member_challenge(v: V) -> str:
    why = f"median of traits {v['traits']} is tier {v['tier']}" if v["traits"] is not None else f"tier {v['tier']}"
    times = f"{v['count']} × {show(v['each'])} = {show(v['total'])}" if v["count"] > 1 else show(v["total"])
    return f"{v['name']}: {why} → challenge {times}"


def _group_challenge(v: V) -> str:
    parts = v["parts"]
    line = f"{v['group'].capitalize()} total = " + (" + ".join(parts) + " = " if len(parts) > 1 else "")
    line += show(v["base"])
    if v["multiplier"] != "1":
        line += f"; × {v['multiplier']} for environmental modifiers = {show(v['total'])}"
    return line


# --- advancement and characters ---------------------------------------------------------------------------------------


def _lead(v: V) -> str:
    return f"Coolest {v['highlight']}: {v['voted']} ({v['faith']}/{v['max_faith']} faith)"


def _why(v: V) -> str:
    return "at maximum" if v["at_max"] else "voted twice"


def _highlights(v: V) -> str:
    summary = pairs(v["gains"], "{} +{} faith") or "no faith gained"
    n = v["forfeited"]
    return summary + (f"; {counted(n, 'point')} forfeited" if n else "")


def _powers_chosen(v: V) -> str:
    extra = pairs(v["chosen"], "{} +{}") or "none"
    return (f"Powers: languages 1 and wealth 1 for free, plus {v['points']} points ({extra}"
            + (f"; 1 point per specialty: {', '.join(v['specialties'])}" if v["specialties"] else "")
            + f") → {pairs(v['powers'])}.")


def _trait_order(v: V) -> str:
    rolled = f"d{v['die'][0]}={v['die'][1]}" if v["die"] else "no die (one order fits)"
    why = f" among the orders with room for {', '.join(v['wanted'])}" if v["wanted"] is not None else ""
    return f"Rolled {rolled} for the trait order{why}: {pairs(v['traits'])} ({v['campaign']} campaign)."


# --- the table ------------------------------------------------------------------------------------------------------



def _faith_for(v: V) -> str:
    reason = v["reason"]
    why = "a session high-light" if reason == "highlight" else \
        f"acting on their {reason} ({v['quality'] or 'not written down'})"
    return f"{v['name']} regains faith for {why}" + clause(": {}", v["note"]) + "."


def _item(v: V) -> str:
    """'sword (weapon +1, working like a power with score 3)' without the name."""
    return f", working like a power with score {v['power']}" if v["power"] is not None else ""


def _area_fills(v: V) -> str:
    what = v["source"] or "the area effect"
    return (f"{what.capitalize()} fills {v['zone']}: it affects all in the zone, whether friend, foe or neutral "
            f"({', '.join(v['inside']) or 'nobody is there'}).")


def _area(v: V) -> str:
    what = v["source"] or "the area effect"
    hurt = [f"{name} {before} → {after}" for name, before, after in v["hurt"]]
    return f"{what.capitalize()} in {v['zone']}: " + (
        "; ".join(hurt) if hurt else "nobody is hurt" if v["fatigue"] else f"{v['affected']} affected")


def _join_tie(v: V) -> str:
    rolls = ", ".join(f"{name} {total}" + (f" (then {', '.join(map(str, again))})" if again else "")
                      for name, total, again in v["rolls"])
    end = f"{v['other']} stays ahead." if v["ahead"] else f"{v['name']} goes before {v['other']}."
    return (f"Tie at {v['total']} with {v['other']}: they reroll their brain dice, as starting a fight does "
            f"({rolls}): {end}")


# --- dungeons (dungeon.py) ------------------------------------------------------------------------------------------

FITS = {"reward": "the magic item's room", "combat": "the combat rooms", "empty": "the empty rooms",
        "all": "all rooms", "all_full": "all rooms (no room is empty)"}
"""Where a feature may go (reading 7 of :mod:`.dungeon`)."""


def _dungeon_feature(v: V) -> str:
    from narrator.tools.systems.minim.dungeon import KEY, TRAP
    from narrator.tools.systems.minim.rules import FEATURES, KEY_UNLOCKS, TRAP_PLACEMENT

    face, sub = v["face"], v["sub"]
    detail = TRAP_PLACEMENT[sub] if face == TRAP else KEY_UNLOCKS[sub] if face == KEY else None
    sub_text = f", d6 = {sub} → {detail}" if sub is not None else ""
    how = f"d{v['die'][0]} = {v['die'][1]}" if v["die"] else "the only one"
    return (f"Feature {v['n']}: d6 = {face} → {FEATURES[face]}{sub_text}; placed in {FITS[v['fits']]} {v['where']}: "
            f"{how} → room {v['room']}")


def _dungeon_share(v: V) -> str:
    part = f"{v['weight']}/{v['whole']} × {show(v['total'])} = " if v["several"] else "the whole party total, "
    return f"{part}challenge {show(v['share'])}"


def _dungeon_reward(v: V) -> str:
    spread = pairs(v["spread"], "{} at tier {}")
    return (f"Magic item: score = the party's (lower) median tier ({spread}) = {v['score']}; "
            f"d{v['rooms']} = {v['room']} → room {v['room']}")


def _dungeon_floor(v: V) -> str:
    rooms, combats, features = v["rooms"], v["combats"], v["features"]
    return (f"{rooms} rooms, {counted(combats, 'combat')} sharing challenge {show(v['total'])}, "
            f"{counted(features, 'feature')}, a score-{v['score']} magic item in room {v['room']}")


def _where(v: V) -> str:
    return clause(" in room {}", v["room"])


PHRASES: dict[str, Any] = with_templates(__file__, {
    # tests
    "target": _target,
    "die": lambda v: f"Die {v['die']} rolled {v['face']}: {explain_partial(v['face'], v['target'])}",
    "outcome": lambda v: (f"Outcome = {signed(v['partials'][0])} {signed(v['partials'][1])} = "
                          f"{signed(v['outcome'])}: {label(v['outcome'])}"),
    "tested": _rolled,
    # combat
    "fumble_table": lambda v: (f"Fumble table: rolled {v['faces'][0]} + {v['faces'][1]} = {v['total']} → "
                               f"{_fumble_effect(v['total'])} (applies to {v['victim']})"),
    "fumble": lambda v: (f"Fumble ({v['who']}): {v['faces'][0]} + {v['faces'][1]} = {v['total']} → "
                         f"{_fumble_effect(v['total'])}"),
    "fatigue": _fatigue,
    "avoidance": _avoidance,
    "avoidance_die": _avoidance_die,
    "attack_fumbled": lambda v: f"A {label(v['outcome'])}: the attack misses and the {v['victim']} suffers a fumble.",
    "damage": lambda v: (f"Damage = {v['fatigue']} fatigue − {v['avoided']} avoided = {v['damage']}; "
                         f"health {v['before']} → {v['after']}" + (" (unconscious)" if v["after"] == 0 else "")),
    "attacked": _attacked,
    "surprise_off_guard": lambda v: (f"A {label(v['outcome'])}: the character cannot act on the first round and is "
                                     f"caught unable to defend: {v['penalty']} to its health-rolls (avoidance) "
                                     "during it."),
    "surprise": _surprise,
    # collaboration and long projects
    "sum": lambda v: f"Sum = {' '.join(signed(o) for o in v['outcomes'])} = {signed(v['raw'])}",
    "action_outcome": lambda v: f"The action's outcome is {signed(v['outcome'])}: {label(v['outcome'])}.",
    "collaborated": lambda v: f"{v['count']} collaborators: sum {signed(v['raw'])} → {signed_label(v['outcome'])}",
    "work_period": lambda v: (f"Work period {signed(v['added'])}: progress {v['progress']} → {v['after']} of "
                              f"{v['threshold']}" + clause(" (complete)", v["complete"])),
    # recovery
    "recovery_verdict": lambda v: f"{signed(v['outcome'])} is " + (
        "a success: 1 health point restored." if v["outcome"] >= 1 else "not a success: no point restored."),
    "long_term": lambda v: ("One period of long-term healing restores at most one point: the character makes a brass "
                            "test (trait only, no skill)" + (", and the medic's cure test joins it as one "
                                                             "collaborative action." if v["medic"] else ".")),
    "together": _together,
    "recovered": lambda v: (f"{v['mode'].replace('_', ' ')}: regained {v['regained']} health ({v['before']} → "
                            f"{v['after']} of {v['cap']})"),
    # powers and purchases
    "power_needs": lambda v: ("A power needs a faith point (spent only if it activates) and one die; " + (
        f"the character has {v['faith']} faith" if v["faith"] is not None else "faith is not counted here") + "."),
    "power_faith_spent": lambda v: f"The faith point is spent: faith {v['faith']} → {v['faith'] - 1}.",
    "powered": _powered,
    "purchase_roll": _purchase_roll,
    "purchased": _purchased,
    # initiative
    "initiative_roll": _initiative_roll,
    "still_tied": _still_tied,
    "tie": lambda v: (f"Tie at {', then '.join(map(str, v['totals']))} between {', '.join(who(w) for w in v['who'])}: "
                      f"they reroll (tie-break round {v['round']}); the reroll only orders them among themselves."),
    "order": lambda v: "Order: " + "; ".join(f"{i}. {who(e)} {_story(e['totals'])}"
                                             for i, e in enumerate(v["order"], 1)),
    "initiative": lambda v: "Initiative order: " + ", ".join(who(w) for w in v["who"]),
    # challenge
    "member_challenge": _member_challenge,
    "group_challenge": _group_challenge,
    "ratio": lambda v: f"Ratio = foes {show(v['foes'])} / party {show(v['party'])} = {show(v['ratio'])}",
    "challenge": lambda v: (f"Foes {show(v['foes'])} vs party {show(v['party'])}: ratio {show(v['ratio'])}, "
                            f"{v['rating']}"),
    # advancement
    "highlight_passed": lambda v: (f"{_lead(v)} is {_why(v)} and passes the point to {v['to']}: "
                                   f"{v['to_faith']}/{v['to_max']}."),
    "highlight_passed_lost": lambda v: (f"{_lead(v)} is {_why(v)} and passes the point to {v['to']}, but {v['to']} is "
                                        "at maximum too: the point is forfeited."),
    "highlight_at_max": lambda v: (f"{_lead(v)} is already at maximum and may pass the point to another player "
                                   "(pass_to); nobody is named, so the point is forfeited."),
    "highlight_kept": lambda v: f"{_lead(v)} gains 1 faith: {v['after']}/{v['max_faith']}.",
    "highlights": _highlights,
    "power_moved_to": lambda v: (f"{v['power']} {v['before']} → {v['after']}"
                                 + (" (a new power)." if v["new"] else ".")),
    "power_raised": lambda v: f"{v['power']} {v['before']} → {v['after']}" + clause(" (a new power)", v["new"]),
    # characters
    "violation": BROKEN_RULE,
    "no_violation": NO_RULE_BROKEN,
    "verdict": lambda v: sheet_verdict(v["name"], v["violations"]),
    "skills_taken": lambda v: "Skills — " + "; ".join(
        f"{r['count']} of {r['trait']} ({r['rank']}): {', '.join(r['skills'])}" for r in v["ranks"]) + ".",
    "starting_traits": lambda v: (f"Traits {pairs(v['traits'])}: one each of "
                                  f"{', '.join(map(str, v['starting']))} ({v['campaign']} campaign)."),
    "powers_chosen": _powers_chosen,
    "trait_order": _trait_order,
    "skill_rolled": lambda v: rolled_among(v, "choice"),
    "virtue_vice": lambda v: (f"Rolled d{v['virtue_die'][0]}={v['virtue_die'][1]} for the virtue → {v['virtue']}; "
                              f"d{v['vice_die'][0]}={v['vice_die'][1]} for the vice → {v['vice']}."),
    "concept": concept_words,
    # the table: faith, conditions, specialties
    "modifier": lambda v: modifier_words(v, REASONS),
    # a condition is said as the shared turn rules say it when they refuse an action (tools.turns.condition_text)
    "condition_modifier": lambda v: (f"{v['name']} is {condition_words(v['condition'])}: {signed(v['modifier'])} to "
                                     "the target."),
    # table actions
    "actor_tests": lambda v: (f"{v['name']} tests {v['trait']} {v['score']}" + (
        "" if v["skill"] is None else f" with {v['skill']} ({'has it' if v['has_skill'] else 'lacks it'})") + "."),
    "actor_tested": lambda v: (f"{v['name']} ({v['trait']}" + clause(" + {}", v["skill"])
                               + f"): {say(v['said'])}"),
    "item_power": lambda v: (f"{v['name']}'s {v['item']} works like a power with its own score {v['score']}"
                             + (" and is used up when it activates." if v["expendable"] else ".")),
    "faith_for": _faith_for,
    "faith_overflow": lambda v: (f"{v['overflow']} point(s) would go above the maximum and are lost"
                                 + (" — or passed to another player, for a high-light." if v["highlight"] else ".")),
    "faith_gained": lambda v: (f"{v['name']} gains {v['gained']} faith ({v['before']} → {v['after']})"
                               + clause(", {} over the maximum", v["overflow"])),
    # table health
    "health_change": lambda v: (f"{v['name']} {v['verb']} {v['amount']}" + clause(" ({})", v["reason"])
                                + f": health {v['before']} → {v['after']} of {v['max_health']}."),
    "health": lambda v: (f"{v['name']}: health {v['before']} → {v['after']}"
                         + clause(" ({})", v["reason"])),
    "medic": lambda v: f"Medic {v['name']}: brain {v['brain']}, {'has' if v['has_cure'] else 'lacks'} cure.",
    # inventory and projects
    "gains_item": lambda v: f"{v['name']} gains {v['item']} ({v['item_kind']} {v['quality']:+d}{_item(v)})",
    "item_joins": lambda v: (f"{v['item']} joins {v['name']}'s gear: a {v['item_kind']} of quality {v['quality']:+d}"
                             f"{_item(v)}" + (", used up when it activates" if v["expendable"] else "") + "."),
    "project": lambda v: (f"Project '{v['project']}': progress {v['progress']} of {v['threshold']}"
                          + (" (a new project)." if v["new"] else ".")
                          + (" The campaign reads long projects strictly (long_projects=strict)." if v["strict"]
                             else "")),
    # dungeons
    "dungeon_feature": _dungeon_feature,
    "dungeon_combats": lambda v: (f"Combats: d6 = {v['face']}"
                                  + (f", capped at the {v['rooms']} rooms" if v["face"] > v["rooms"] else "")
                                  + f" → {v['combats']}"),
    "dungeon_weights": lambda v: f"Challenge weights (d6 each): {v['weights']}, out of {sum(v['weights'])}",
    "dungeon_share": _dungeon_share,
    "dungeon_reward": _dungeon_reward,
    "dungeon_floor": _dungeon_floor,
    "linger": lambda v: f"Lingering{_where(v)}: d6 = {v['face']} → {v['outcome']}",
    "linger_rule": lambda v: (f"Lingering too long{_where(v)}: roll a d6, a 1 brings an enemy patrol or roaming "
                              "creature"),
    "linger_roll": lambda v: f"d6 = {v['face']}: " + (
        "a 1: an enemy patrol or roaming creature finds them" if v["outcome"] == "patrol" else "not a 1: nobody comes"),
    "revisit_room": lambda v: f"Room {v['room']}: d6 = {v['face']} → " + (
        "new threats" if v["reoccupied"] else "still empty"),
    "revisit": lambda v: (f"{len(v['reoccupied'])} of {v['rooms']} empty rooms reoccupied"
                          + (f": {', '.join(v['reoccupied'])}" if v["reoccupied"] else "")),
    # table combat
    "attacks_with": lambda v: (f"{v['attacker']} attacks with {v['weapon']} ({signed(v['weapon_quality'])}); "
                               f"{v['defender']} wears " + (f"{v['armor']} ({signed(v['armor_quality'])})."
                                                            if v["armor"] is not None else "no armor (±0).")),
    "now_has": lambda v: f"{v['name']} is now {condition_words(v['condition'])}.",
    "has_condition": lambda v: f"{v['name']} is {condition_words(v['condition'])}.",
    "area_fills": _area_fills,
    "area_fatigue": lambda v: f"Each suffers {v['fatigue']} fatigue" + (
        ", avoided point by point with health-rolls as from an attack." if v["avoidable"] else
        ", which no health-roll avoids."),
    "area_avoidance": lambda v: (f"{v['name']}: {v['fatigue']} health-roll(s) at or below {v['threshold']} avoid a "
                                 f"point: rolled {', '.join(map(str, v['faces']))} → {v['avoided']} avoided."),
    "area_damage": lambda v: (f"{v['name']} loses {v['damage']}: health {v['before']} → {v['after']}"
                              + (" (unconscious)." if v["after"] == 0 else ".")),
    "area": _area,
    "surprise_who": lambda v: (f"{v['name']}: brass {v['brass']}, {'has' if v['has_skill'] else 'lacks'} "
                               "perception."),
    "surprise_conditions": lambda v: f"{v['name']}: " + (", ".join(v["conditions"]) or "not surprised") + ".",
    "surprised": lambda v: "Surprise: " + pairs(v["entries"], sep="; "),
    "join_tie": _join_tie,
    "joins": joins_fight,
    # NPCs
    "npc_traits": lambda v: (f"Traits {'/'.join(map(str, v['values']))} around tier {v['tier']}; rolled "
                             f"d6={v['face']} for the order: {pairs(v['traits'])}."),
})


def off_by(have: int, want: int) -> str:
    """How far a count is from the book's: '2 too many', '1 too few'."""
    return f"{abs(have - want)} too {'many' if have > want else 'few'}"


def power_floor(v: Any) -> str:
    """Why a power's score starts where it does: languages and wealth are free at creation and may fall to 0 in
    play; any other power on the sheet has a point."""
    return ("languages and wealth start at 1 for free" if v["creation"] and v["intrinsic"]
            else "languages and wealth may fall to 0 in play" if v["intrinsic"]
            else "a power on the sheet has at least 1 point")


SHEET_RULES = {
    "rule_new_faith": "A new character starts with faith equal to brain ({brain}), not {faith} ({rule}).",
    "rule_gear_power_range": "Gear '{name}' has power score {power}, but an item that works like a power has a score "
                             "from 1 to 5 ({rule}).",
    "rule_gear_quality_range": "Gear '{name}' has quality {quality:+d}, but quality ranges from -2 to +2 ({rule}).",
    "rule_new_health": "A new character starts with health equal to brass ({brass}), not {health} ({rule}).",
    "rule_max_negative": "max_{what} is {top}, but it cannot be negative ({rule}).",
    "rule_max_faith_brain": "max_faith is {max_faith} but must equal brain {brain}; faith never goes above the brain "
                            "score ({rule}).",
    "rule_max_health_brass": "max_health is {max_health} but must equal brass {brass}; health never goes above the "
                             "brass score ({rule}).",
    "rule_intrinsic_power_missing": "Power '{name}' is missing; every player-character has languages and wealth "
                                    "({rule}).",
    "rule_power_points": lambda v: f"A new character has languages 1 and wealth 1 for free and distributes "
                                   f"{v['power_points']} more points (specialties cost 1 point each), so powers and "
                                   f"specialties total {v['target']}; this one totals {v['spent']} (powers "
                                   f"{v['in_powers']}, specialties {v['n_specialties']}), "
                                   f"{off_by(v['spent'], v['target'])} ({v['rule']}).",
    "rule_power_range": lambda v: f"Power '{v['name']}' is {v['score']}, but power scores range from {v['low']} to 5 "
                                  f"({power_floor(v)}) ({v['rule']}).",
    "rule_below_zero": "{what} is {now}, but it cannot go below 0 ({rule}).",
    "rule_above_max": "{what} is {now}, above its maximum {top}; it can never go above it ({rule}).",
    "rule_skill_listed_twice": "Skill '{skill}' is listed {n} times; a skill is either held or not ({rule}).",
    "rule_skill_budget": lambda v: f"{v['trait'].capitalize()} ({v['score']}) is the {v['rank']} trait"
                                   f"{' (tied traits may take either rank)' if v['tied'] else ''}, so a new character "
                                   f"takes {v['n']} {v['trait']} skill{'s' if v['n'] > 1 else ''} "
                                   f"({'/'.join(v['skills'])}); "
                                   f"this one has {v['have']} ({', '.join(v['held']) or 'none'}), "
                                   f"{off_by(v['have'], v['n'])} ({v['rule']}).",
    "rule_specialty_listed_twice": "Specialty '{name}' is listed {n} times; each specialty is taken once ({rule}).",
    "rule_new_traits": "A new character in a {campaign} campaign has traits {hi}, {mid} and {lo} in some order, but "
                       "this one has {text} ({rule}).",
    "rule_trait_range": "{trait} is {score}, but trait scores range from 1 (terrible) to 5 (great) ({rule}).",
    "rule_vice_missing": "A player-character needs a vice, chosen at creation ({rule}).",
    "rule_virtue_is_vice": "Virtue and vice are both '{virtue}'; one is a good quality, the other a flaw, so they "
                           "must differ ({rule}).",
    "rule_virtue_missing": "A player-character needs a virtue, chosen at creation ({rule}).",
}
"""The rules a Minim sheet can break (:mod:`.sheet`), each in the words it is cited with, ending with the rule
(``rule``: 'book.md#Section'); a step's ``field`` is the sheet field it concerns. A validate tool lists these steps,
a create tool's argument error says them."""

PHRASES.update(SHEET_RULES)
