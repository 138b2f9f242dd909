"""5+'s words: the phrase table its steps are written out with (:mod:`tools.phrases`), keyed by the phrase part of a
step's kind (``fiveplus.<phrase>``). A format string where the words are fixed; a function of the values where they
depend on them (the helpers that know the rules' words stay in the rules modules and are called from here)."""

from __future__ import annotations

from typing import Any

from narrator.tools.common_phrases import concept_words, rolled_among
from narrator.tools.phrases import clause, counted, pairs, say, signed
from narrator.tools.systems.fiveplus import (
    cards,
    challenges,
    checks,
    conditions,
    descriptors,
    failure,
    npcs,
    turn,
)
from narrator.tools.systems.fiveplus.rules import LEVEL_TABLE


def _wound_state(v: Any) -> str:
    if v["major"]:
        return "incapacitated (major wound)"
    return f"wound level {v['wound_level']}" if v["wound_level"] else "unwounded"


def _major_wound(v: Any) -> str:
    return (f"{v['was']} is above level {v['level']}: {v['wound']} rises to level {v['wound_level']}, above "
            f"the resistance's tier {v['tier']} — incapacitated, and it becomes a major wound (a trait); the "
            "accumulated damage resets" + (f" and {v['excess']} more damage is lost." if v["excess"] else "."))


def _upper_bound(v: Any) -> str:
    return (f"Upper bound = 5 + {v['name']} level {v['level']}" + clause(" − damage {}", v["damage"])
            + f" {signed(v['modifier'])} (modifiers) = {v['upper']}.")


CARD_KIND = {"important NPC encounter": "an important NPC — maybe a boss.",
             "special local event": "something special happens here.",
             "world-changing event": "the world itself changes."}


def _meaning(condition: str) -> str:
    from narrator.tools.systems import get_system

    rule = get_system("fiveplus").conditions().get(condition)
    return f" ({rule.meaning})" if rule else ""


def _to_lose(v: Any) -> str:
    losing = [x for x in (f"{v['turn_limit']} turns" if v["turn_limit"] else None,
                          f"{counted(v['failure_tolerance'], 'failure')} tolerated"
                          if v["failure_tolerance"] is not None else None,
                          f"point of no return −{v['point_of_no_return']}" if v["point_of_no_return"] else None) if x]
    return "Losing conditions: " + (", ".join(losing) or "none but the characters' own resistances") + "."


SCENE_RANK = {0: "an ordinary challenge", 1: "the intensity rises", 2: "the world itself is at stake"}


def _party_words(keys: list) -> str:
    from narrator.tools.systems.fiveplus.table_characters import party_words

    return party_words(keys)


def _npc_trait(v: Any) -> str:
    from narrator.tools.systems.fiveplus.table_characters import NPC_TRAITS

    name, mode, against, effect = NPC_TRAITS[v["keyword"]]
    return f"{name}: {mode} to {', '.join(against)} — {effect}."



def _scaffold(v: Any) -> str:
    from narrator.tools.systems.fiveplus.characters import SCAFFOLD

    f = SCAFFOLD[v["key"]]
    return (f"Scaffold: {f['name']} ({'0/' if f['kind'] == 'resistance' else ''}{f['level']}:{v['tier']}) — "
            f"{f['effect']}.")


CREATION_METHOD = {"fixed": "Levels fixed by the player.",
                   "random": "Levels rolled: 2d6 per descriptor, keep the worse.",
                   "buy": "Levels bought: a level costs the sum of the levels up to it."}


PHRASES: dict[str, Any] = {
    # checks: the success range
    "lower_bound": "Lower bound = 5 + rank {rank} = {lower}.",
    "upper_bound": _upper_bound,
    "empty_range": "The range {lower}–{upper} is empty: the action is impossible for this approach, so nothing is "
                   "rolled.",
    "success_range": lambda v: checks.range_words(v["lower"], v["upper"]),
    "rolled": checks.rolled_words,
    "successes": checks.successes_words,
    "special": checks.special_words,
    "check": checks.check_words,
    "check_impossible": "Range {lower}–{upper} is empty: impossible, no roll",
    # improvement: doubles
    "upper_level_up": "Double {face} ≥ level {level} + tier {tier} = {threshold} of the tier above: it gains a "
                      "level, {before} → {after}.",
    "upper_marked": "Double {face} < {threshold}: not enough to learn, but something interesting was noticed — "
                    "marked {after}.",
    "marked": "Double {face} < level {level} + tier {tier} = {threshold}: no level, but the descriptor is marked "
              "{after} for later practice.",
    "level_up": "Double {face} ≥ level {level} + tier {tier} = {threshold}: the descriptor gains a level (success or "
                "failure does not matter).",
    "tier_unlocked": "A double 6 also unlocks tier {tier}: its first level.",
    "tier_above_up": "A double 6 with tier {tier} already unlocked levels up the tier above again (+{next_level}).",
    "base_tier_advanced": lambda v: (
        f"Level {v['level']} at tier {v['tier']}: a double of at least {v['level'] + v['tier']} is impossible, so the "
        f"base tier is fully levelled and the tier above becomes the base: level {v['next_level']}, tier "
        f"{v['tier'] + 1}."),
    "progress": "{before} → {after}.",
    # wounds: damage on a resistance
    "immune": "Immune: the {amount} damage is prevented.",
    "protection": "Protection reduces {amount} damage by {reduction} → {taken}.",
    "already_incapacitated": "{name}'s wound is already above its tier: incapacitated, the {taken} damage is lost.",
    "takes": "{name} ({counter}/{level}:{tier}) takes {taken}: counter {counter} → {after}.",
    "major_wound": _major_wound,
    "minor_wound": "Above level {level} by {excess}: a minor wound, {wound} at level {wound_level} (a constant "
                   "−{wound_level} to all actions); the counter resets and the {excess} left over counts on the tier "
                   "{tier} resistance: {excess}/{level}.",
    "no_wound": "{counter} is not above level {level}: no wound.",
    "no_damage": "No damage.",
    "damage": lambda v: f"{v['name']}: {v['taken']} damage → {v['counter']}/{v['level']}, {_wound_state(v)}",
    # abilities: raising the stakes, using an ability
    "stakes_first": "The roll being replaced: {a} + {b} = {total} ({outcome}).",
    "stakes_cost": "Raising the stakes costs {cost} {resistance} damage:",
    "stakes_reroll": "The dice are re-rolled and the new roll stands:",
    "stakes_reverted": "A failure reverted to a success.",
    "stakes_fumble": "A success turned into a fumble.",
    "stakes": lambda v: (f"Stakes raised ({v['cost']} {v['resistance']}): {v['first']} → "
                         f"{v['total'] if v['total'] is not None else 'impossible'}: {v['outcome']}"),
    "ability_cost": "{ability} costs {cost} {resistance} damage:",
    "not_triggered": "The check succeeds but shows no {trigger}: the action resolves, the ability does not activate.",
    "ability_effect": lambda v: f"{v['ability']} {'activates' if v['activated'] else 'does not take effect'}.",
    "uses_left": "Uses left: {uses}.",
    "ability": lambda v: f"{v['ability']}: {v['outcome']}" + clause(", activated", v["activated"]),
    # failure handling
    "not_failed": "{total} is inside {lower}–{upper}: a success, nothing to handle",
    "inside": "{total} lies in {lower}–{upper}: the action succeeds as intended.",
    "away": "{total} is {distance} away from {lower}–{upper}",
    "range_empty": "The range {lower}–{upper} is empty (impossible)",
    "failure_kind": lambda v: f"Failure, {v['how']}: {failure.MEANING[v['how']]}.",
    "reduced": "Reduced effect: {effect} − {distance} = {after}.",
    "negative": "Negative effect: {setback} damage to frustration (or the resistance the challenge names).",
    "no_retry": failure.NO_RETRY,
    "failure": lambda v: f"Failure ({v['how']}), {v['distance']} away" + (f": effect {v['after']}" if v["how"] ==
                                                                            "reduced" else ""),
    # the turn's value and helping
    "turn_value": turn.turn_value_words,
    "resisting": lambda v: (f"{counted(v['resisting'], 'resisting roll')} {'is' if v['resisting'] == 1 else 'are'} "
                            "instinctive: they do not count as actions, "
                            f"but get the same {signed(v['value'])}."),
    "turn": lambda v: f"{v['actions']} action(s)" + clause(" and a move", v["move"])
    + f": {signed(v['value'])} to every roll",
    "help_same": "Same action: +1 help, no roll",
    "help_same_why": "The helper supports the very same action (guiding the lock pick): +1 help to it, extending the "
                     "success range by one; the helper does not roll.",
    "help_everyone": "Helping everyone at once: the help action suffers a −1 difficulty penalty.",
    "help_outcome": lambda v: "The help action " + (
        "succeeds: +1 to " + ("every other character's actions against that adversary" if v["mode"] == "everyone"
                              else "the helped action") if v["bonus"] else "fails: no help bonus") + ".",
    "help": lambda v: f"Help ({v['mode'].replace('_', ' ')}): {v['outcome']}, +{v['bonus']}",
    # conditions with a level and a tier
    "cured": "{condition} eases to level 0 at tier 1: reduced to tier 0 — cured.",
    "tier_eased": "{condition}: level reduced to 0, so the tier drops by 1 and the level restarts at {reset} → "
                  "{after}.",
    "eased": "{condition} eases a level → {after}.",
    "worsened": conditions.worsened_words,
    "condition_rule": lambda v: (f"{v['condition']}: penalty equal to its tier ({v['tier']}); eased to tier 0 it is "
                                 "cured" + (f", at tier {v['permanent_tier']} it is permanent" if v["permanent_tier"]
                                            else "") + "."),
    "treatment_check": "Treatment check:",
    "treatment_fails": "The treatment fails: {condition} stays.",
    "resistance_owed": "A 1 was rolled: a resistance check is required, but none was given — it is still owed.",
    "resistance_required": "A 1 was rolled: a resistance check is required.",
    "resistance_fails": "The resistance check fails: {worsened}",
    "resistance_holds": "The resistance holds: {condition} does not worsen.",
    "no_resistance_needed": "No 1 was rolled: no resistance check is needed.",
    "condition": lambda v: f"{v['before']} → " + ("cured" if v["cured"] else v["after"])
    + clause(" (permanent: {})", v["trait"]),
    # NPCs act
    "npc_damage": lambda v: (f"NPCs do not roll: its damage is 1 + rank {v['rank']}"
                             + clause(" + {}", v["bonus"]) + f" = {v['damage']}."),
    "lets_it_land": "The player lets the passive check fail: the damage lands.",
    "responds": lambda v: f"The character {'defends' if v['response'] == 'defend' else 'resists'}:",
    "npc_ability": "A 1 was rolled against it: it calls on {ability} — +1 damage ({damage}).",
    "defended": "The defence succeeds: no damage.",
    "absorbed": lambda v: (f"The resistance holds: its {counted(v['successes'], 'success', 'successes')} "
                           f"{'absorbs' if v['successes'] == 1 else 'absorb'} that much damage"
                           + ("; protection makes it harmless." if v["immune"] else
                              f"; protection reduces the rest by {v['reduction']}." if v["reduction"] else ".")),
    "response_fails": "The response fails: the damage lands.",
    "npc_action": lambda v: (f"NPC action ({v['damage']} damage): "
                             + (f"{v['response']} {v['outcome']}, " if v["outcome"] is not None else "")
                             + f"{v['taken']} taken" + (", incapacitated" if v["major"] else
                                                       f", wound {v['wound_level']}" if v["wound_level"] else "")),
    # recovery and practice
    "recovery_count": "Recovery action {n} of {limit} this rest.",
    "supplies": "Appropriate supplies and conditions upgrade the effect: the highest die heals.",
    "heals": lambda v: ("Resting quietly" if v["mode"] == "automatic" else "Consuming the item")
    + f" heals {v['amount']}.",
    "healed": lambda v: (f"Damage {v['counter']} − {v['healed']} → {v['after']}"
                         + (" (it cannot go below 0)." if v["healed"] > v["counter"] else ".")),
    "recovery": "Recovery ({mode}): heals {healed}, damage {counter} → {after}",
    "practice_marks": "Practice: {chosen} and {other} lose their marks; {chosen} gets the free level-up roll ({other} "
                      "is left aside).",
    "practice_rolled": "Rolled {a} and {b}.",
    "no_double": "No double: nothing learnt this time.",
    "practice": "Practice {name}: {a}+{b} → {outcome}",
    # challenges
    "challenge_progress": challenges.progress_words,
    "challenge_closed": "The challenge {name} is already {status}.",
    "challenge_successes": lambda v: f"+{counted(v['successes'], 'success', 'successes')} toward {v['name']}.",
    "reduced_successes": lambda v: f"A reduced effect still brings {counted(v['successes'], 'success', 'successes')}.",
    "pushed_back": "A failure: the opposition pushes the track back {push} (1 + rank).",
    "a_failure": "A failure ({failures} so far).",
    "challenge_now": lambda v: f"{v['name']}: {say(v['progress'])}"
    + (f" — {v['status']}: {v['why']}." if v["status"] != "open" else "."),
    "challenge": "{name}: {progress}, {status}",
    "key_levels": lambda v: f"Sum of the key descriptor levels: {' + '.join(map(str, v['levels']))} = {v['total']}.",
    "tuned": lambda v: f"Tuned by {v['adjust']:+d}: {v['tuned']}.",
    "at_least_one": "A challenge needs at least 1 success.",
    "winning_condition": "Winning condition: {target} accumulated successes.",
    "default_challenge": "Default challenge: {target} successes",
    # GM-less play with a deck of cards
    "scene_ends": "Nobody can play a card: the scene ends.",
    "may_play": lambda v: f"{v['player']} may play: {cards.names_of(v['cards'])}.",
    "shuffled": "A standard deck of {cards} cards (two jokers) is shuffled: {dice} dice.",
    "table_discarded": lambda v: (f"The last scene's {counted(v['cards'], 'card')} "
                                  f"{'goes' if v['cards'] == 1 else 'go'} to the discard pile."),
    "leftover_discarded": lambda v: (f"{counted(v['cards'], 'card')} of players who left "
                                     f"{'goes' if v['cards'] == 1 else 'go'} to the discard pile."),
    "reshuffled": "The deck is empty: the discard pile is shuffled into a new deck.",
    "no_cards_left": "No cards are left to draw.",
    "hand": lambda v: f"{v['player']}'s hand: {cards.names_of(v['cards']) or 'empty'}.",
    "opener": lambda v: (f"The lowest card on the table's hands has value {v['lowest']}: {v['player']} may open scene "
                         f"{v['scene']} with {cards.card_name(v['card'])}."),
    "dealt": lambda v: f"Scene {v['scene']} dealt: " + pairs(v["hands"], "{} {} cards", "; "),
    "plays": lambda v: (f"{v['player']} plays {cards.card_name(v['card'])}, value {v['value']}"
                        + (": it opens the scene." if v["above"] is None
                           else f", above {cards.card_name(v['above'])}.")),
    "card_meaning": lambda v: cards.type_and_meaning(v["card"])[1],
    "card_kind": lambda v: f"{v['what'][0].upper()}{v['what'][1:]}: " + CARD_KIND[v["what"]],
    "introduces": "{player} introduces the challenge, free to add lore, places and characters. Once it is complete, "
                  "any player may play a card above it.",
    "played": lambda v: (f"{v['player']} plays {cards.card_name(v['card'])}: {v['type']} {v['what']}"
                         + clause("; last card of the scene", v["last"])),
    # descriptors read from their notation
    "read": descriptors.read_words,
    "group": lambda v: f"Approach group: {v['group']} ({'given' if v['given'] else 'read from the name'}).",
    "kind_meaning": lambda v: descriptors.KIND_MEANING[v["what"]],
    "problem": "✗ {problem}",
    "no_problem": "Nothing in it breaks the rules.",
    "descriptor": "{notation} ({what})",
    # the table's rounds
    "new_turn_for": "A new turn for {name}: {now}",
    # the table: picking a descriptor, preparing a check, what follows the roll
    "best_of": "{who}'s best {group} descriptor: {descriptor}.",
    "improvise": lambda v: (f"{v['who']} has no {v['group'] or 'named'} descriptor: Improvise — any action can be "
                            "improvised (a descriptor can also be created on the fly with fiveplus_add_descriptor)."),
    "uses": lambda v: (f"{v['name']} uses {v['descriptor']}"
                       + (f", the tier {v['tier']} technique (level {v['level']})" if v["upper"] else "") + "."),
    "modifiers": lambda v: "Modifiers: " + ", ".join(v["modifiers"]) + f" = {signed(v['total'])}.",
    "extra_successes": lambda v: "Extra successes: " + pairs(v["extra"], "{:signed} {}") + ".",
    "is_now": "{name} is now {notation}.",
    "no_such_resistance": "A 1 was rolled: {condition} calls for a {check} check, but {name} has no such resistance.",
    "condition_line": "{condition}: {line}",
    "gains_resistance": "{name} gains the resistance {notation} on the fly.",
    "conditions_changed": "The conditions changed since the last failure: the attempt may be made again.",
    "failure_handling": lambda v: (f"Failure handling ({v['how']}): "
                                   f"{failure.MEANING[v['how'] if v['how'] else 'interrupted']}."),
    "attempt": lambda v: (f"{v['name']} ({v['descriptor']}): {say(v['check'])}"
                          + (f"; {v['challenge']}: {say(v['progress'])}"
                             + (f" — {v['status']}" if v["status"] != "open" else "") if v["challenge"] else "")),
    "both_in": "Both in {zone}.",
    "one_area_away": "{name} is in {zone}, one area away: within reach of a {approach} attack.",
    "takes_with": "{name} takes successes with {mode} ({why}).",
    "npc_rank": "{name} is an NPC of rank {rank}: the lower bound is 5 + {rank}.",
    "npc_takes": lambda v: (f"{v['name']} takes {counted(v['dealt'], 'success', 'successes')}: "
                            f"{v['taken']}/{v['of']} successes"
                            + (" — defeated." if v["defeated"] else ".")),
    "as_damage": lambda v: (f"{counted(v['dealt'], 'success', 'successes')} as damage to {v['name']}'s "
                            f"{v['resistance']}"
                            + (f", reduced by {v['reduction']} ({', '.join(v['armour'])})" if v["reduction"] else "")
                            + ":"),
    "attack": lambda v: (f"{v['attacker']} attacks {v['defender']} ({v['descriptor']}): {say(v['check'])}"
                         + (f"; {v['defender']} is defeated" if v["defeated"] else "")
                         + (f"; {v['challenge']} {v['status']}" if v["challenge"] else "")),
    "now_has": lambda v: f"{v['name']} is now {v['condition']}{_meaning(v['condition'])}.",
    "already_has": "{name} is already {condition}.",
    "manoeuvre_fails": "The manoeuvre fails.",
    "manoeuvre": lambda v: (f"{v['name']} tries to make {v['target'] or 'themselves'} {v['condition']} "
                            f"({v['descriptor']}): {say(v['check'])}"),
    # the table: plans, help, raising the stakes, abilities
    "in_this_fight": lambda v: (f"In this fight {v['name']} may take {counted(v['actions'], 'action')} this turn"
                                + (" (the move is one)." if v["move"] else ".")),
    "next_checks": lambda v: (f"It applies to {v['name']}'s next check." if v["actions"] == 1 else
                              f"It applies to {v['name']}'s next {v['actions']} checks."),
    "plan": lambda v: (f"{v['name']}: {counted(v['actions'], 'action')}" + clause(" and a move", v["move"])
                       + f", {v['value']:+d} to every roll"),
    "help_everyone_waits": "Every other character gets +1 against {target} this round.",
    "help_waits": "+1 waits for {target}'s next action.",
    "helps": lambda v: (f"{v['helper']} helps " + (f"everyone against {v['target']}" if v["everyone"] else v["target"])
                        + f": {say(v['help'])}"),
    "effect_replaced": "The first roll's effect on {challenge} is replaced.",
    "npc_successes": lambda v: f"{v['name']}: {v['taken']}/{v['of']} successes" + (" — defeated." if v["defeated"]
                                                                                   else "."),
    "actor_said": "{name}: {said}",
    "uses_ability": "{name} uses {ability}.",
    # the table: NPCs act, damage, recovery, treatment, rest, practice
    "npc_acts": lambda v: f"{v['npc']} ({v['concept'] or 'NPC'}) — {v['action']} against {v['target']}.",
    "spends_a_use": "{item} spends a use ({left} left).",
    "protected_by": lambda v: f"Protection: {', '.join(v['items'])}.",
    "npc_acted": "{npc} ({action}) → {target}: {acted}",
    "damage_to": "{reason}: {amount} damage to {name}'s {resistance}.",
    "harmless": "{item} makes it harmless and spends a use.",
    "damaged": lambda v: (f"{v['name']}: {v['resistance']} {'?' if v['counter'] is None else v['counter']}/{v['level']}"
                          + (f", wound {v['wound']}" if v["wound"] is not None else "")
                          + clause(" — incapacitated", v["incapacitated"])),
    "consumed": "{item} is consumed.",
    "use_consumed": "{item}: one use consumed ({left} left).",
    "adequate_supplies": "Adequate supplies: +1 (using skills with appropriate items upgrades the effect).",
    "healed_wound": "{condition} is healed.",
    "wound_level": "{condition} is now level {level} (−{level} to all actions).",
    "stabilised": "{patient} is stabilised and no longer incapacitated.",
    "cured_of": "{patient} is cured of {condition}.",
    "trait_for_good": "{patient} gains the {trait} trait for good.",
    "treats": "{healer} treats {patient}'s {condition}: {treated}",
    "tends_damage": "{patient} has no condition or wound: {healer} tends the damage on {resistance} (a recovery "
                    "action).",
    "tends": "{healer} tends {patient}'s {resistance}: {tended}",
    "rest_begins": lambda v: (f"Rest {v['n']}" + clause(" (long)", v["long"])
                              + clause(": {}", v["note"]) + "."),
    "recoveries_allowed": lambda v: (f"Each character may take {counted(v['limit'], 'recovery action')} this rest "
                                     "(automatic, an item, or a check)."),
    "practices_allowed": lambda v: ("Each may practice "
                                    + ("once" if v["practices"] == 1 else f"{v['practices']} times")
                                    + ": two marked descriptors, one free level-up roll."),
    "long_rest": "A long rest: major wounds can be treated (trained medicine and supplies).",
    "rest": lambda v: f"Rest {v['n']}" + clause(" (long)", v["long"]),
    # the table: challenges and fights
    "default_of": lambda v: ("Default challenge: " + (pairs(v["keys"], "{} {} {}") if v["keys"]
                                                      else "no player-character, so one proficient hero's 4")
                             + clause(", tuned {:+d}", v["adjust"]) + f" → {v['target']} successes."),
    "to_win": lambda v: ("Winning condition: " + (f"defeat {', '.join(v['opposition'])}" if v["opposition"] else
                                                  f"{v['target']} accumulated successes") + f"; rank {v['rank']}."),
    "to_lose": _to_lose,
    "failures_go_on": "Failures go on as: {how}.",
    "challenge_opened": "Challenge: {name} ({what}), {progress}",
    "challenge_ended": "{name}: {outcome}",
    "challenge_ends": "{name} ends: {outcome} ({progress}).",
    "no_initiative": "No initiative roll: all actions of a turn happen as simultaneously as possible.",
    "turn_order": lambda v: f"Turn order for the table: {', '.join(v['order'])} (player-characters, then NPCs).",
    "areas": "Areas: near, far and away (relative to the players); everyone starts near. Melee reaches near, ranged "
             "far; a full move between areas is −2 to all actions.",
    "conflict": lambda v: f"Conflict: {', '.join(v['order'])}; round 1, {v['order'][0]} first",
    # the table: GM-less scenes
    "royal_npc": lambda v: f"The {cards.card_name(v['card'])} brings an important NPC: {say(v['made'])}.",
    "clubs_fight": "Clubs bring a fight: d{sides}={face} → {made}.",
    "scene_rank": lambda v: f"Rank {v['rank']}: {SCENE_RANK[v['rank']]}.",
    "scene_played": lambda v: f"{say(v['played'])} — " + (f"defeat {', '.join(v['opposition'])}" if v["opposition"]
                                                         else f"{v['target']} successes to win"),
    # the table: NPCs and descriptors on the fly, equipment
    "npc_never_rolls": "An NPC is defined by a few descriptors and never rolls: the players' rolls decide.",
    "npc_rank_of": lambda v: (f"Rank {v['rank']}" + (" (given)" if v["given"] else f" for power level {v['level']}")
                              + f": the lower bound of checks against it is {5 + v['rank']}; its damage is 1 + rank = "
                              f"{1 + v['rank']}."),
    "party_challenge": lambda v: (
        f"Default challenge of the party: {_party_words(v['keys'])} → {v['default']}; a level-{v['level']} foe "
        f"takes {npcs.SHARE_BY_LEVEL[v['level']]} of it → {v['successes']} successes to defeat."),
    "npc_goal": lambda v: f"Goal: d6={v['face']} → {npcs.GOALS[v['face'] - 1]}.",
    "npc_behaviour": lambda v: f"Behaviour: d6={v['face']} → {npcs.BEHAVIOURS[v['face'] - 1]}.",
    "npc_actions": lambda v: (f"Actions: {', '.join(v['actions'])}"
                              + (f"; signature ability: {v['ability']} (when a 1 is rolled against it)."
                                 if v["ability"] else ".")),
    "npc_trait": _npc_trait,
    "npc_added": lambda v: (f"Added NPC {v['name']} (rank {v['rank']}, {v['successes']} successes to defeat, damage "
                            f"{1 + v['rank']}): {', '.join(v['actions'])}"),
    "descriptor_added": lambda v: (f"{v['name']} " + ("now has" if v["was"] is None else f"changes {v['was']} to")
                                   + f" {v['notation']} ({v['what']})."),
    "on_the_fly": "Descriptors can be created on the fly as the story needs them.",
    "has_descriptor": "{name}: {notation}",
    "no_longer_has": "{name} no longer has {descriptor}",
    "removed": "{notation} is removed.",
    "already_equipped": lambda v: f"{v['item']} is already {'equipped' if v['equipped'] else 'put away'}",
    "equips": lambda v: f"{v['name']} {'equips' if v['equipped'] else 'puts away'} {v['item']}.",
    "needed_for": lambda v: f"Needed for: {', '.join(v['descriptors'])}.",
    "equipped_modifier": lambda v: f"{v['modifier']:+d} to {', '.join(v['applies_to'])} while equipped.",
    "protects": "Protects {protects}: damage reduced by {reduction} on a successful resistance check.",
    "grants": lambda v: f"Grants: {', '.join(v['grants'])}.",
    "equipped": lambda v: f"{v['name']} {'equips' if v['equipped'] else 'puts away'} {v['item']}",
    # characters: the level table and creation
    "level_row": lambda v: (f"Level {v['level']} ({v['description']}, book {v['book']}): range {v['range']}, exactly "
                            f"{v['exact']} = {v['p'] * 100:.1f}%; buys for {v['cost']} point(s); random creation "
                            f"{v['random']}."),
    "every_range": lambda v: (f"Every range with modifier {v['modifier']:+d} and rank {v['rank']:+d} (the book's "
                              "table is modifier 0, rank 0)."),
    "levels": lambda v: "Levels 0-6: " + ", ".join(f"{level} {p * 100:.0f}%" for level, p in v["chances"]),
    "rolled_level": lambda v: (f"{v['name']}: rolled {v['first']} and {v['second']}, kept the worse → level "
                               f"{v['level']} ({LEVEL_TABLE[v['level']][0]})."),
    "scaffold": _scaffold,
    "buy_points": lambda v: (f"Buy points: {pairs(v['costs'], '{} {} costs {}', '; ')} — "
                             f"{v['spent']} of {v['points']} spent"
                             + (f", {v['points'] - v['spent']} left." if v["points"] is not None
                                and v["spent"] <= v["points"] else ".")),
    "skills": lambda v: f"Skills: {', '.join(v['skills'])}.",
    "resistances": lambda v: f"Resistances: {', '.join(v['resistances'])}.",
    "traits": lambda v: "Traits: " + ", ".join(v["traits"]) + ".",
    "creation_method": lambda v: CREATION_METHOD[v["method"]],
    "created": lambda v: (f"Created {v['name']} ({v['method']}): "
                          + pairs(v["levels"])),
    "concept_suggests": lambda v: f"The concept suggests: {', '.join(v['groups'])}.",
    "group_rolled": lambda v: rolled_among(v, "group"),
    "concept_equipment": lambda v: f"Equipment from the concept: {', '.join(v['gear'])} (equipped).",
    "concept_chose": concept_words,
    "rolled_character": lambda v: f"Rolled {v['name']}: " + pairs(v["levels"]),
}


DESCRIPTOR_RULES = {
    "problem_no_level": "{name}: a {what} has a level ({rule})",
    "problem_level_range": "{name}: level {level} is outside 0-12 ({rule})",
    "problem_no_counter": "{name}: a resistance keeps a counter of damage, 0 or more ({rule})",
    "problem_damage_above_level": "{name}: damage {counter} above level {level} cannot stand — \"when the damage is "
                                  "higher than the level, you obtain a physical wound\", and \"gaining a wound "
                                  "immediately restore[s] all accumulated damage\": write the resistance after the "
                                  "wound, and the wound itself (fiveplus_resistance_damage does both) ({rule})",
    "problem_negative_level": "{name}: a {what}'s level cannot be negative ({rule})",
    "problem_wound_level": "{name}: a wound has a level of 1 or more, its penalty ({rule})",
    "problem_tier_range": "{name}: tier {tier} is outside 0-10 ({rule})",
    "problem_next_level_range": "{name}: the tier above holds 0-12 levels, not {next_level} ({rule})",
    "problem_next_level_kind": "{name}: only skills and resistances level up into the tier above ({rule})",
    "problem_negative_counter": "{name}: a counter cannot be negative ({rule})",
    "problem_effect_range": "{name}: {effect} {value} is outside {low}..{high} ({rule})",
    "problem_uses_range": "{name}: uses {uses} is outside 0-99 ({rule})",
    "problem_effect_level_range": "{name}: {effect} {value} is outside 1-12 ({rule})",
    "problem_cost_to": "{name}: a cost needs the resistance that pays it (cost_to) ({rule})",
}
"""What the book forbids in one 5+ descriptor (:func:`.descriptors.descriptor_problems`), each ending with the rule
it cites (``rule``): the descriptor tool lists these steps, a sheet's check and a create tool's error say them."""

PHRASES.update(DESCRIPTOR_RULES)
