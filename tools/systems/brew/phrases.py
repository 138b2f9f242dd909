"""Brew's words: the phrase table its steps are written out with (:mod:`tools.phrases`), keyed by the phrase part
of a step's kind (``brew.<phrase>``). The helpers that need logic live in the rules modules and are called here."""

from __future__ import annotations

from narrator.tools.systems.brew.checks import OUTCOME_WORDS, difficulty_text, pool_words

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
}
