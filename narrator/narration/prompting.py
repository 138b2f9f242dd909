"""Prompts fitted to the model: few-shot completion for base and tiny models, chat with examples for instruct ones.

Why two shapes: a 135M-270M model continues a pattern far better than it follows an instruction. Shown six
``Scene / Action / Outcome / Narration`` blocks and a seventh left open, it writes a short, second-person,
on-topic sentence most of the time; asked through a chat template to "narrate", it writes about "the player's
character's response". A capable instruct model gets the same examples as earlier chat turns, which costs it
nothing and keeps its length and person in line.

The examples are files: ``examples/narration.jsonl`` in the system's prompts folder (else ``prompts/common/``),
one ``{"scene", "action", "outcome", "narration"}`` per line, the action as a player types it. The first
:data:`EXAMPLES` lines are used, always the same ones, so the prompt's prefix is stable and llama.cpp reuses its
KV cache from turn to turn. The action is re-voiced in the second person (:mod:`narrator.narration.voice`),
numbers never appear (the outcome is words), and completion prompts may be *primed*: the narration line is
opened by the engine ("You try to pick the lock, but") and the model writes the rest. Primes are chosen by the
engine's outcome, so a failure is narrated as one; the gate still judges the whole sentence.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache

from narrator.models.base import Message
from narrator.agent.evidence import Evidence
from narrator.narration.gate import polarity
from narrator.narration.voice import voice
from narrator.prompts import NARRATION_EXAMPLES, NARRATOR_STYLE, NARRATOR_SYSTEM, load, prompt_path

EXAMPLES = 6
HEADER = ("Narration for a role-playing game. The narrator tells the character what happens next, in one or two "
          "short sentences, in the second person, and only what the outcome says.")


@dataclass(frozen=True)
class Example:
    scene: str
    action: str
    outcome: str
    narration: str


@dataclass(frozen=True)
class TurnFacts:
    """What the narration may draw on besides the evidence: the player's words, the scene, who is here, the open
    threads and what the memory recalled (a few short lines)."""

    action: str
    scene: str = ""
    present: tuple[str, ...] = ()
    threads: tuple[str, ...] = ()
    recalled: str = ""


@dataclass(frozen=True)
class Prompt:
    style: str  # "completion" or "chat"
    text: str = ""  # completion: the whole prompt, ending on "Narration:" and the prime
    messages: tuple[Message, ...] = ()
    prime: str = ""  # the opening the engine wrote (completion only); part of the narration
    examples: tuple[str, ...] = field(default_factory=tuple)


@lru_cache(maxsize=16)
def examples(system: str) -> tuple[Example, ...]:
    path = prompt_path(system, NARRATION_EXAMPLES)
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.lstrip().startswith("//"):
            d = json.loads(line)
            out.append(Example(d["scene"], d["action"], d["outcome"], d["narration"]))
    return tuple(out)


def _effect_words(evidence: Evidence) -> list[str]:
    out = []
    for e in evidence.effects:
        if e.kind in ("created", "state"):
            continue
        words = e.words()
        if evidence.actor and e.who == evidence.actor:
            words = (words.replace(f"{e.who} is ", "you are ", 1).replace(f"{e.who}'s ", "your ", 1)
                     .replace(f"{e.who} now has ", "you now have ", 1).replace(f"{e.who} no longer has ",
                                                                             "you no longer have ", 1)
                     .replace(f"{e.who} moves ", "you move ", 1).replace(f"{e.who} spends ", "you spend ", 1)
                     .replace(f"{e.who} gains ", "you gain ", 1).replace(f"{e.who} recovers", "you recover", 1))
        out.append(words)
    return out


def outcome_line(evidence: Evidence) -> str:
    """The outcome in words for the prompt: the label with what it means, then the effects."""
    p = polarity(evidence)
    label = evidence.outcome_label if evidence.outcome_label in evidence.vocabulary.outcomes else None
    head = {1: label or "success", 0: f"{label or 'partial success'}: it partly works, with a twist",
            -1: f"{label or 'failure'}: it does not work", None: "no roll needed"}[p]
    return "; ".join([head, *_effect_words(evidence)]) + "."


def _block(scene: str, action: str, outcome: str, extra: str = "") -> str:
    return f"Scene: {scene}\n{extra}Action: {action}\nOutcome: {outcome}"


def _you(action: str, actor: str | None) -> str:
    v = voice(action, actor)
    if v.kind == "question":
        return f"You ask: {action.strip()}"
    if v.kind == "speech":
        return f"You say: {action.strip()}"
    text = v.you or action
    return text[0].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


def _scene(facts: TurnFacts) -> str:
    return " ".join(facts.scene.split())[:300] or "somewhere unknown."


def _extra(facts: TurnFacts) -> str:
    lines = ""
    if facts.present:
        lines += f"Here: {', '.join(facts.present[:3])}.\n"
    if facts.threads:
        lines += f"Open thread: {facts.threads[0]}\n"
    return lines


TRIES = ("You try to {base}, but", "You set out to {base}, but", "You go to {base}, but")
PARTS = ("You {base}, but", "You manage to {base}, but", "You {base}, though")


def primes(evidence: Evidence, facts: TurnFacts, seed: int = 0) -> list[str]:
    """Openings for completion candidates, by the engine's outcome (the gate ranks what follows them).

    Unprimed candidates (" You", "") come first for every outcome; a failure or a partial result then gets an
    opening that says so ("You try to pick the lock, but"), varied by the seed so turns do not all read alike.
    """
    v = voice(facts.action, evidence.actor)
    p = polarity(evidence)
    if v.base is None:
        return [" You", ""]
    base = v.base
    if p is None or p > 0:
        return [" You", f" You {base}", ""]
    forms = TRIES if p < 0 else PARTS
    first, second = forms[seed % len(forms)], forms[(seed + 1) % len(forms)]
    return [" " + first.format(base=base), " You", " " + second.format(base=base)]


def build(evidence: Evidence, facts: TurnFacts, style: str, prime: str = "") -> Prompt:
    shots = examples(evidence.system)[:EXAMPLES]
    turn = _block(_scene(facts), _you(facts.action, evidence.actor), outcome_line(evidence), _extra(facts))
    shown = tuple(e.narration for e in shots)
    if style == "completion":
        blocks = [HEADER] + [_block(e.scene, _you(e.action, None), e.outcome) + f"\nNarration: {e.narration}"
                             for e in shots]
        text = "\n\n".join(blocks) + "\n\n" + turn + "\nNarration:" + prime
        return Prompt("completion", text=text, prime=prime.strip(), examples=shown)
    system = load(evidence.system, NARRATOR_SYSTEM) + "\n" + load(evidence.system, NARRATOR_STYLE)
    messages = [Message("system", system)]
    for e in shots:
        messages += [Message("user", _block(e.scene, _you(e.action, None), e.outcome)),
                     Message("assistant", e.narration)]
    recalled = f"\nWhat the story remembers:\n{facts.recalled}" if facts.recalled else ""
    who = f"\nThe player's character: {evidence.actor}" if evidence.actor else ""
    messages.append(Message("user", turn + who + recalled))
    return Prompt("chat", messages=tuple(messages), examples=shown)
