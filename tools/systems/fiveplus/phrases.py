"""5+'s words: the phrase table its steps are written out with (:mod:`tools.phrases`), keyed by the phrase part of a
step's kind (``fiveplus.<phrase>``). A format string where the words are fixed; a function of the values where they
depend on them (the helpers that know the rules' words stay in the rules modules and are called from here)."""

from __future__ import annotations

from typing import Any

from narrator.tools.contract import signed
from narrator.tools.systems.fiveplus import checks, failure, turn


def _s(v: Any) -> str:
    return signed(v)


def _wound_state(v: Any) -> str:
    if v["major"]:
        return "incapacitated (major wound)"
    return f"wound level {v['wound_level']}" if v["wound_level"] else "unwounded"


def _major_wound(v: Any) -> str:
    return (f"{v['was']} is above level {v['level']}: {v['wound']} rises to level {v['wound_level']}, above "
            f"the resistance's tier {v['tier']} — incapacitated, and it becomes a major wound (a trait); the "
            "accumulated damage resets" + (f" and {v['excess']} more damage is lost." if v["excess"] else "."))


def _upper_bound(v: Any) -> str:
    return (f"Upper bound = 5 + {v['name']} level {v['level']}" + (f" − damage {v['damage']}" if v["damage"] else "")
            + f" {signed(v['modifier'])} (modifiers) = {v['upper']}.")


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
    "upper_level_up": "Double {face} ≥ level {level} + tier {tier} = {threshold} of the tier above: it gains a level, "
                      "{before} → {after}.",
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
}
PHRASES.update({
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
    "ability": lambda v: f"{v['ability']}: {v['outcome']}" + (", activated" if v["activated"] else ""),
})
PHRASES.update({
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
})
PHRASES.update({
    # the turn's value and helping
    "turn_value": turn.turn_value_words,
    "resisting": lambda v: (f"{v['resisting']} resisting roll(s) are instinctive: they do not count as actions, but get "
                            f"the same {signed(v['value'])}."),
    "turn": lambda v: f"{v['actions']} action(s)" + (" and a move" if v["move"] else "")
    + f": {signed(v['value'])} to every roll",
    "help_same": "Same action: +1 help, no roll",
    "help_same_why": "The helper supports the very same action (guiding the lock pick): +1 help to it, extending the "
                     "success range by one; the helper does not roll.",
    "help_everyone": "Helping everyone at once: the help action suffers a −1 difficulty penalty.",
    "help_outcome": lambda v: "The help action " + (
        "succeeds: +1 to " + ("every other character's actions against that adversary" if v["mode"] == "everyone"
                              else "the helped action") if v["bonus"] else "fails: no help bonus") + ".",
    "help": lambda v: f"Help ({v['mode'].replace('_', ' ')}): {v['outcome']}, +{v['bonus']}",
})
