"""The learnt reader as a judge: what a sentence asserts (:mod:`narrator.agent.claims_reader`) against what the
engine decided this turn (:class:`~narrator.agent.evidence.Evidence`).

One judge for all model text: the provenance guard asks it for every sentence the model wrote (narration, scene
framing, an NPC's voice, a question back) after its keyword checks, and the narration gate's outcome check reads
the same readings. The engine's own text (refusals, the mechanics line, the floor) is never judged.

Deciding a family. The reader gives P(no claim) per family. A sentence claims the family's likeliest claim label when
P(no claim) is below :data:`DECIDED` (per family) on a turn where the engine decided something (a roll, an effect)
— a sentence the reader is unsure of counts as a claim there — and below :data:`QUIET` on a turn where it decided nothing,
where an unsure sentence is fiction (issue 26's rule for untrusted text). Both were set on the development sets
(``tests/data/claims_dev.jsonl``, ``guard_dev``, ``guard_dev2``), never on the held-out ones.

What contradicts, family by family (who a claim is about is left to the keyword guard, which reads names):

* outcome — a success when every decided outcome failed; a failure when every one succeeded. A partial result
  ("you are over, but the bell is ringing") contradicts neither: a failure told with a silver lining and a success
  told with a cost both read so. With no roll, an outcome is the story of a free action and passes.
* attack — a hit when every attack missed, or when nothing was attacked and nobody was hurt; a miss when every
  attack hit.
* harm — hurt needs someone harmed or downed; down needs someone downed; dead needs a downing the results call
  death (a "dead" read beside someone dying or down is left to the keyword check, which reads the death words);
  fled needs someone to have fled; unharmed contradicts when the ones the sentence names were hurt.
* heal, condition, item, resource — each needs its effect (a condition's start or end, an item or money gained
  or lost, a resource spent). Hiding is the exception: the labels count "hidden" as a condition, but it is how a
  sneak succeeds and no book tracks it, so a sentence of shadows and cover is left to the outcome family.
* number — left to the keyword guard, which checks each number against the facts in its role.
"""

from __future__ import annotations

import re
from typing import Any

from narrator.agent.claims_reader import FAMILIES, NOTHING, Reading
from narrator.agent.evidence import Evidence, outcome_of

DECIDED = {"outcome": 0.5, "attack": 0.6, "harm": 0.3, "heal": 0.6, "condition": 0.3, "item": 0.4, "resource": 0.5,
           "number": 0.5}
"""P(no claim) under which a family counts as claimed on a turn the engine decided something, per family: a family
the reader reads well claims more readily (an unsure sentence counts as a claim), one it often misreads in honest
fiction (harm: "the guard never looks away" as a death; condition: "the guard spins round") needs more."""
QUIET = 0.3
"""P(no claim) under which a family counts as claimed on a turn the engine decided nothing (never above DECIDED)."""
DEATH = re.compile(r"\b(dead|death|dies|died|killed|slain)\b", re.IGNORECASE)
FLED = re.compile(r"\b(fled|flees|routed|surrender\w*|yield\w*)\b", re.IGNORECASE)
CONCEALED = re.compile(r"\b(shadows?|hid(?:e|es|den|ing)|unseen|unnoticed|out of sight|concealed|cover|sneak\w*|"
                       r"slip\w*|stealth\w*)\b", re.IGNORECASE)
ATTACK_TOOL = re.compile(r"attack|shoot|strike|fight|melee|ranged|brawl", re.IGNORECASE)


def claimed(reading: Reading, family: str, decided: bool) -> str | None:
    """The label ``reading`` claims in ``family`` on such a turn, or None (see the module docstring)."""
    none = reading.confidence.get(f"{family}:{NOTHING[family]}", 1.0)
    if none >= (DECIDED[family] if decided else min(QUIET, DECIDED[family])):
        return None
    return max((label for label in FAMILIES[family] if label != NOTHING[family]),
               key=lambda label: reading.confidence.get(f"{family}:{label}", 0.0))


class ClaimsJudge:
    """What one turn's evidence allows, read once; :meth:`contradiction` judges one reading."""

    def __init__(self, evidence: Evidence, outcomes: list[Any]):
        self.evidence = evidence
        self.polarities = [o.polarity for o in outcomes]
        self.attacks = attack_polarities(evidence)
        effects = evidence.effects
        self.kinds = {e.kind for e in effects}
        self.harmed = {e.who for e in effects if e.kind in ("harmed", "downed")}
        self.deaths = any(e.kind == "downed" and DEATH.search(f"{e.what} {e.after}") for e in effects)
        self.fled = any(FLED.search(f"{e.what} {e.after}") for e in effects if e.kind in ("condition_added", "downed",
                                                                                            "state"))
        self.decided = bool(self.polarities or effects or evidence.rolled)

    def contradiction(self, reading: Reading, mentioned: set[str] = frozenset()) -> str | None:
        """Why the sentence read so cannot stand this turn, or None."""
        for family in FAMILIES:
            label = claimed(reading, family, self.decided)
            why = label and getattr(self, f"_{family}")(label, mentioned, reading.sentence)
            if why:
                p = reading.confidence.get(f"{family}:{label}", 0.0)
                return f"reads as {_said(family, label)} (p {p:.2f}), but {why}"
        return None

    # -- one family each: (the claimed label, who the sentence names, the sentence) -----------------------------
    def _outcome(self, label: str, mentioned: set[str], sentence: str) -> str | None:
        if not self.polarities:
            return None
        if label == "success" and all(p < 0 for p in self.polarities):
            return "the engine's outcome was a failure"
        if label == "failure" and all(p > 0 for p in self.polarities):
            return "the engine's outcome was a success"
        return None

    def _attack(self, label: str, mentioned: set[str], sentence: str) -> str | None:
        if label == "hit":
            if self.attacks and all(p < 0 for p in self.attacks):
                return "the attack missed"
            if not self.attacks and not self.harmed:
                return "nothing was attacked and nobody was hurt this turn"
        if label == "miss" and self.attacks and all(p > 0 for p in self.attacks):
            return "the attack hit"
        return None

    def _harm(self, label: str, mentioned: set[str], sentence: str) -> str | None:
        if label == "hurt" and not self.harmed:
            return "nobody was hurt this turn"
        if label == "down" and "downed" not in self.kinds:
            return "nobody went down this turn"
        if label == "dead" and not self.deaths and "downed" not in self.kinds:
            return "nobody went down this turn"  # dead for dying or down: the keyword check reads death words
        if label == "fled" and not self.fled:
            return "nobody fled or gave up this turn"
        if label == "unharmed" and self.harmed and (mentioned & self.harmed if mentioned
                                                    else self.harmed - {self.evidence.actor}):
            return f"{', '.join(sorted(mentioned & self.harmed or self.harmed))} was hurt"
        return None

    def _heal(self, label: str, mentioned: set[str], sentence: str) -> str | None:
        return None if self.kinds & {"healed", "revived"} else "nobody was healed this turn"

    def _condition(self, label: str, mentioned: set[str], sentence: str) -> str | None:
        if CONCEALED.search(sentence):
            return None  # hiding is how a sneak succeeds: the outcome family judges it, no book tracks it as a state
        if label == "gained" and not self.kinds & {"condition_added", "downed"}:
            return "no condition began this turn"
        if label == "lost" and not self.kinds & {"condition_removed", "revived"}:
            return "no condition ended this turn"
        return None

    def _item(self, label: str, mentioned: set[str], sentence: str) -> str | None:
        if label == "gained" and not self.kinds & {"item_gained", "gained"}:
            return "nobody gained an item or money this turn"
        if label == "lost" and not self.kinds & {"item_lost", "spent"} and not any(
                e.kind == "condition_added" and "disarm" in e.what.lower() for e in self.evidence.effects):
            return "nobody lost an item or money this turn"
        return None

    def _resource(self, label: str, mentioned: set[str], sentence: str) -> str | None:
        return None if "spent" in self.kinds else "no resource was spent this turn"

    def _number(self, label: str, mentioned: set[str], sentence: str) -> str | None:
        return None


def attack_polarities(evidence: Evidence) -> list[int]:
    """Each attack of the turn as +1 (hit) or −1 (miss), from the tool's name and its result's outcome (else its
    ``hit``, else its ``success``); a middling outcome is a hit when someone was hurt this turn, a miss otherwise."""
    hurt = any(e.kind in ("harmed", "downed") for e in evidence.effects)
    polarities = [outcome_of(result, evidence.vocabulary, ("hit", "success"))[1]
                  for tool, result in evidence.results if ATTACK_TOOL.search(tool)]
    return [(1 if hurt else -1) if p == 0 else p for p in polarities if p is not None]


def _said(family: str, label: str) -> str:
    return {"outcome": f"a {label}" if label != "partial" else "a partial success", "attack": f"a {label}",
            "harm": {"hurt": "someone hurt", "down": "someone going down", "dead": "a death", "fled": "someone "
                     "fleeing", "unharmed": "someone unharmed"}[label] if label in ("hurt", "down", "dead", "fled",
                                                                                  "unharmed") else label,
            "heal": "healing", "condition": f"a condition {'beginning' if label == 'gained' else 'ending'}",
            "item": f"an item or money {label}", "resource": "a resource spent",
            "number": "a game number"}[family]
