"""5+'s words: the phrase table its steps are written out with (:mod:`tools.phrases`), keyed by the phrase part of a
step's kind (``fiveplus.<phrase>``). A format string where the words are fixed; a function of the values where they
depend on them; the format strings are data in ``phrases.toml``, joined here (the helpers that know the rules'
words stay in the rules modules and are called from here)."""

from __future__ import annotations

from typing import Any

from narrator.tools.common_phrases import concept_words, rolled_among
from narrator.tools.phrases import clause, counted, pairs, say, signed, with_templates
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


PHRASES: dict[str, Any] = with_templates(__file__, {
    # fights: a latecomer's place, in the order the start tool reads (five-plus.md#4.1 Structure): PCs, then NPCs
    "joins_order": lambda v: (
        f"{v['name']} takes place {v['position']} of {len(v['order'])}, "
        f"{'after everyone: NPCs act last' if v['npc'] else 'after the other player-characters, before the NPCs'}: "
        f"{', '.join(v['order'])}."),
    "default_challenge": lambda v: f"Default challenge: {counted(v['target'], 'success', 'successes')}",
    # checks: the success range
    "upper_bound": _upper_bound,
    "success_range": lambda v: checks.range_words(v["lower"], v["upper"]),
    "rolled": checks.rolled_words,
    "successes": checks.successes_words,
    "special": checks.special_words,
    "check": checks.check_words,
    # improvement: doubles
    "base_tier_advanced": lambda v: (
        f"Level {v['level']} at tier {v['tier']}: a double of at least {v['level'] + v['tier']} is impossible, so the "
        f"base tier is fully levelled and the tier above becomes the base: level {v['next_level']}, tier "
        f"{v['tier'] + 1}."),
    # wounds: damage on a resistance
    "major_wound": _major_wound,
    "damage": lambda v: f"{v['name']}: {v['taken']} damage → {v['counter']}/{v['level']}, {_wound_state(v)}",
    # abilities: raising the stakes, using an ability
    "stakes": lambda v: (f"Stakes raised ({v['cost']} {v['resistance']}): {v['first']} → "
                         f"{v['total'] if v['total'] is not None else 'impossible'}: {v['outcome']}"),
    "ability_effect": lambda v: f"{v['ability']} {'activates' if v['activated'] else 'does not take effect'}.",
    "ability": lambda v: f"{v['ability']}: {v['outcome']}" + clause(", activated", v["activated"]),
    # failure handling
    "failure_kind": lambda v: f"Failure, {v['how']}: {failure.MEANING[v['how']]}.",
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
    "help_outcome": lambda v: "The help action " + (
        "succeeds: +1 to " + ("every other character's actions against that adversary" if v["mode"] == "everyone"
                              else "the helped action") if v["bonus"] else "fails: no help bonus") + ".",
    "help": lambda v: f"Help ({v['mode'].replace('_', ' ')}): {v['outcome']}, +{v['bonus']}",
    # conditions with a level and a tier
    "worsened": conditions.worsened_words,
    "condition_rule": lambda v: (f"{v['condition']}: penalty equal to its tier ({v['tier']}); eased to tier 0 it is "
                                 "cured" + (f", at tier {v['permanent_tier']} it is permanent" if v["permanent_tier"]
                                            else "") + "."),
    "condition": lambda v: f"{v['before']} → " + ("cured" if v["cured"] else v["after"])
    + clause(" (permanent: {})", v["trait"]),
    # NPCs act
    "npc_damage": lambda v: (f"NPCs do not roll: its damage is 1 + rank {v['rank']}"
                             + clause(" + {}", v["bonus"]) + f" = {v['damage']}."),
    "responds": lambda v: f"The character {'defends' if v['response'] == 'defend' else 'resists'}:",
    "absorbed": lambda v: (f"The resistance holds: its {counted(v['successes'], 'success', 'successes')} "
                           f"{'absorbs' if v['successes'] == 1 else 'absorb'} that much damage"
                           + ("; protection makes it harmless." if v["immune"] else
                              f"; protection reduces the rest by {v['reduction']}." if v["reduction"] else ".")),
    "npc_action": lambda v: (f"NPC action ({v['damage']} damage): "
                             + (f"{v['response']} {v['outcome']}, " if v["outcome"] is not None else "")
                             + f"{v['taken']} taken" + (", incapacitated" if v["major"] else
                                                       f", wound {v['wound_level']}" if v["wound_level"] else "")),
    # recovery and practice
    "heals": lambda v: ("Resting quietly" if v["mode"] == "automatic" else "Consuming the item")
    + f" heals {v['amount']}.",
    "healed": lambda v: (f"Damage {v['counter']} − {v['healed']} → {v['after']}"
                         + (" (it cannot go below 0)." if v["healed"] > v["counter"] else ".")),
    # challenges
    "challenge_progress": challenges.progress_words,
    "challenge_successes": lambda v: f"+{counted(v['successes'], 'success', 'successes')} toward {v['name']}.",
    "reduced_successes": lambda v: f"A reduced effect still brings {counted(v['successes'], 'success', 'successes')}.",
    "challenge_now": lambda v: f"{v['name']}: {say(v['progress'])}"
    + (f" — {v['status']}: {v['why']}." if v["status"] != "open" else "."),
    "key_levels": lambda v: f"Sum of the key descriptor levels: {' + '.join(map(str, v['levels']))} = {v['total']}.",
    # GM-less play with a deck of cards
    "may_play": lambda v: f"{v['player']} may play: {cards.names_of(v['cards'])}.",
    "table_discarded": lambda v: (f"The last scene's {counted(v['cards'], 'card')} "
                                  f"{'goes' if v['cards'] == 1 else 'go'} to the discard pile."),
    "leftover_discarded": lambda v: (f"{counted(v['cards'], 'card')} of players who left "
                                     f"{'goes' if v['cards'] == 1 else 'go'} to the discard pile."),
    "hand": lambda v: f"{v['player']}'s hand: {cards.names_of(v['cards']) or 'empty'}.",
    "opener": lambda v: (f"The lowest card on the table's hands has value {v['lowest']}: {v['player']} may open scene "
                         f"{v['scene']} with {cards.card_name(v['card'])}."),
    "dealt": lambda v: f"Scene {v['scene']} dealt: " + pairs(v["hands"], "{} {} cards", "; "),
    "plays": lambda v: (f"{v['player']} plays {cards.card_name(v['card'])}, value {v['value']}"
                        + (": it opens the scene." if v["above"] is None
                           else f", above {cards.card_name(v['above'])}.")),
    "card_meaning": lambda v: cards.type_and_meaning(v["card"])[1],
    "card_kind": lambda v: f"{v['what'][0].upper()}{v['what'][1:]}: " + CARD_KIND[v["what"]],
    "played": lambda v: (f"{v['player']} plays {cards.card_name(v['card'])}: {v['type']} {v['what']}"
                         + clause("; last card of the scene", v["last"])),
    # descriptors read from their notation
    "read": descriptors.read_words,
    "group": lambda v: f"Approach group: {v['group']} ({'given' if v['given'] else 'read from the name'}).",
    "kind_meaning": lambda v: descriptors.KIND_MEANING[v["what"]],
    # the table: picking a descriptor, preparing a check, what follows the roll
    "improvise": lambda v: (f"{v['who']} has no {v['group'] or 'named'} descriptor: Improvise — any action can be "
                            "improvised (a descriptor can also be created on the fly with fiveplus_add_descriptor)."),
    "uses": lambda v: (f"{v['name']} uses {v['descriptor']}"
                       + (f", the tier {v['tier']} technique (level {v['level']})" if v["upper"] else "") + "."),
    "modifiers": lambda v: "Modifiers: " + ", ".join(v["modifiers"]) + f" = {signed(v['total'])}.",
    "extra_successes": lambda v: "Extra successes: " + pairs(v["extra"], "{:signed} {}") + ".",
    "failure_handling": lambda v: (f"Failure handling ({v['how']}): "
                                   f"{failure.MEANING[v['how'] if v['how'] else 'interrupted']}."),
    "attempt": lambda v: (f"{v['name']} ({v['descriptor']}): {say(v['check'])}"
                          + (f"; {v['challenge']}: {say(v['progress'])}"
                             + (f" — {v['status']}" if v["status"] != "open" else "") if v["challenge"] else "")),
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
    "manoeuvre": lambda v: (f"{v['name']} tries to make {v['target'] or 'themselves'} {v['condition']} "
                            f"({v['descriptor']}): {say(v['check'])}"),
    # the table: plans, help, raising the stakes, abilities
    "in_this_fight": lambda v: (f"In this fight {v['name']} may take {counted(v['actions'], 'action')} this turn"
                                + (" (the move is one)." if v["move"] else ".")),
    "next_checks": lambda v: (f"It applies to {v['name']}'s next check." if v["actions"] == 1 else
                              f"It applies to {v['name']}'s next {v['actions']} checks."),
    "plan": lambda v: (f"{v['name']}: {counted(v['actions'], 'action')}" + clause(" and a move", v["move"])
                       + f", {v['value']:+d} to every roll"),
    "helps": lambda v: (f"{v['helper']} helps " + (f"everyone against {v['target']}" if v["everyone"] else v["target"])
                        + f": {say(v['help'])}"),
    "npc_successes": lambda v: f"{v['name']}: {v['taken']}/{v['of']} successes" + (" — defeated." if v["defeated"]
                                                                                   else "."),
    # the table: NPCs act, damage, recovery, treatment, rest, practice
    "npc_acts": lambda v: f"{v['npc']} ({v['concept'] or 'NPC'}) — {v['action']} against {v['target']}.",
    "damaged": lambda v: (f"{v['name']}: {v['resistance']} {'?' if v['counter'] is None else v['counter']}/{v['level']}"
                          + (f", wound {v['wound']}" if v["wound"] is not None else "")
                          + clause(" — incapacitated", v["incapacitated"])),
    "rest_begins": lambda v: (f"Rest {v['n']}" + clause(" (long)", v["long"])
                              + clause(": {}", v["note"]) + "."),
    "recoveries_allowed": lambda v: (f"Each character may take {counted(v['limit'], 'recovery action')} this rest "
                                     "(automatic, an item, or a check)."),
    "practices_allowed": lambda v: ("Each may practice "
                                    + ("once" if v["practices"] == 1 else f"{v['practices']} times")
                                    + ": two marked descriptors, one free level-up roll."),
    "rest": lambda v: f"Rest {v['n']}" + clause(" (long)", v["long"]),
    # the table: challenges and fights
    "default_of": lambda v: ("Default challenge (the yardstick a challenge is sized by; the winning condition "
                             "follows): " + (pairs(v["keys"], "{} {} {}") if v["keys"]
                                                      else "no player-character, so one proficient hero's 4")
                             + clause(", tuned {:+d}", v["adjust"]) + f" → {v['target']} successes."),
    "to_win": lambda v: ("Winning condition: " + (f"defeat {', '.join(v['opposition'])}" if v["opposition"] else
                                                  f"{v['target']} accumulated successes") + f"; rank {v['rank']}."),
    "to_lose": _to_lose,
    "conflict": lambda v: f"Conflict: {', '.join(v['order'])}; round 1, {v['order'][0]} first",
    # the table: GM-less scenes
    "royal_npc": lambda v: f"The {cards.card_name(v['card'])} brings an important NPC: {say(v['made'])}.",
    "scene_rank": lambda v: f"Rank {v['rank']}: {SCENE_RANK[v['rank']]}.",
    "scene_played": lambda v: f"{say(v['played'])} — " + (f"defeat {', '.join(v['opposition'])}" if v["opposition"]
                                                         else f"{v['target']} successes to win"),
    # the table: NPCs and descriptors on the fly, equipment
    "npc_rank_of": lambda v: (f"Rank {v['rank']}" + (" (given)" if v["given"] else f" for power level {v['level']}")
                              + f": the lower bound of checks against it is {5 + v['rank']}; its damage is 1 + rank = "
                              f"{1 + v['rank']}."),
    "party_challenge": lambda v: (
        f"Default challenge of the party: {_party_words(v['keys'])} → {v['default']}; a level-{v['level']} foe "
        f"takes {npcs.SHARE_BY_LEVEL[v['level']]} of it → {v['successes']} successes to defeat."),
    "npc_goal": lambda v: f"Goal: d6={v['face']} → {npcs.GOALS[v['face'] - 1]}.",
    "npc_goal_said": lambda v: f"Goal: {npcs.GOALS[v['goal']]} (the concept says \"{v['word']}\").",
    "npc_behaviour": lambda v: f"Behaviour: d6={v['face']} → {npcs.BEHAVIOURS[v['face'] - 1]}.",
    "npc_actions": lambda v: (f"Actions: {', '.join(v['actions'])}"
                              + (f"; signature ability: {v['ability']} (when a 1 is rolled against it)."
                                 if v["ability"] else ".")),
    "npc_trait": _npc_trait,
    "npc_added": lambda v: (f"Added NPC {v['name']} (rank {v['rank']}, {v['successes']} successes to defeat, damage "
                            f"{1 + v['rank']}): {', '.join(v['actions'])}"),
    "descriptor_added": lambda v: (f"{v['name']} " + ("now has" if v["was"] is None else f"changes {v['was']} to")
                                   + f" {v['notation']} ({v['what']})."),
    "already_equipped": lambda v: f"{v['item']} is already {'equipped' if v['equipped'] else 'put away'}",
    "equips": lambda v: f"{v['name']} {'equips' if v['equipped'] else 'puts away'} {v['item']}.",
    "equipped": lambda v: f"{v['name']} {'equips' if v['equipped'] else 'puts away'} {v['item']}",
    # characters: the level table and creation
    "level_row": lambda v: (f"Level {v['level']} ({v['description']}, book {v['book']}): range {v['range']}, exactly "
                            f"{v['exact']} = {v['p'] * 100:.1f}%; buys for {v['cost']} point(s); random creation "
                            f"{v['random']}."),
    "levels": lambda v: "Levels 0-6: " + ", ".join(f"{level} {p * 100:.0f}%" for level, p in v["chances"]),
    "rolled_level": lambda v: (f"{v['name']}: rolled {v['first']} and {v['second']}, kept the worse → level "
                               f"{v['level']} ({LEVEL_TABLE[v['level']][0]})."),
    "scaffold": _scaffold,
    "buy_points": lambda v: (f"Buy points: {pairs(v['costs'], '{} {} costs {}', '; ')} — "
                             f"{v['spent']} of {v['points']} spent"
                             + (f", {v['points'] - v['spent']} left." if v["points"] is not None
                                and v["spent"] <= v["points"] else ".")),
    "creation_method": lambda v: CREATION_METHOD[v["method"]],
    "group_rolled": lambda v: rolled_among(v, "group"),
    "concept_chose": concept_words,
})


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
