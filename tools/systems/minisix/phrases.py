"""Mini Six's words: the phrase table its steps are written out with (:mod:`tools.phrases`), keyed by the phrase
part of a step's kind (``minisix.<phrase>``). Words that need logic call the rules modules' helpers."""

from __future__ import annotations

from narrator.tools.systems.minisix.wild import exploded_words, story_words

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
}
