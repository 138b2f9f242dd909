"""The provenance guard: the model's prose may not state a mechanical fact that this turn's results do not contain.

It works sentence by sentence (so narration can still stream). :func:`judge` says why a sentence must go, or None:

* **numbers** — every number, in any form (:mod:`narrator.agent.numbers`), is allowed only in the role the results
  give it (:mod:`tools.facts`): a die face must be a die the engine threw, a modifier a modifier of the results,
  damage the damage dealt, a health figure a health figure (of the character the sentence names), a price a price.
  "+3 to your next attack" does not pass because a target happens to be 3, and nothing passes because the odds
  hold it (odds are what could have happened, not what did). A number no words tie to a role is fiction ("the
  two of you") unless written in digits, which must then be some fact's value. Names on the table are never
  numbers ("Guard 2").
* **changes of state** (:mod:`narrator.agent.claims`) — harm, healing, going down, coming round, items, money,
  resources, stats and levels, and rolls, each only when the turn's effects (or ops) contain that change, for the
  character and the thing the sentence names.
* **outcomes** — "Critical hit!", "you fail": only when they agree with the engine's outcome for the action.
* **what the sentence asserts, read by the learnt claims reader** (:mod:`narrator.agent.claims_judge`) — an
  outcome, a hit or a miss, harm, healing, a condition, an item, a resource spent, told in any words ("your blade
  finds only air", "he lies still"): each must agree with the turn. The reader also vetoes a keyword reading of a
  change of state it is sure is fiction ("the wind finds every gap in your cloak", "the dead are many here").

This is the one judge of model text: narration, scene framing, an NPC's voice and a model's question back all pass
through it. The engine's own text (refusals, the mechanics line, the floor, the router's questions) never does.

The caller (the narration gate) decides what to do when too much was removed; what the guard removed, and why, is
returned so the event log can record it.

Bounded by design, because model text is untrusted: a "sentence" longer than :data:`MAX_SENTENCE` characters (a
run-on with no sentence end) is cut at a space and judged in pieces, the streaming buffer never holds more than
one such piece, and no digit run is ever given to ``int()`` unbounded — so the guard's time is linear in the text.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from narrator.agent.claims import (
    GENERIC_ITEMS, PRONOUNS, WEAPON_VERBS, WOUND_VERBS, NumberClaim, lexicon, number_claims, outcome_claims,
    state_claims,
)
from narrator.agent.claims_judge import ATTACK_TOOL
from narrator.agent.claims_reader import NOTHING
from narrator.agent.evidence import Evidence, outcome_of
from narrator.tools.facts import Fact, effect_facts, facts_of

MAX_SENTENCE = 600
"""Characters judged at once; a longer run is judged in pieces cut at a space."""
SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n+")
PERSONAL = frozenset({"health", "damage", "resource", "score", "level"})
ROLE_WORDS = {"die": "a die face", "total": "a total", "target": "a target", "modifier": "a modifier",
              "damage": "damage", "health": "a health figure", "resource": "a resource", "price": "a price",
              "count": "a count", "level": "a level", "score": "a score", "successes": "successes",
              "degree": "an outcome", "any": "a number about the rules"}
CRITICAL_WORDS = ("critical", "crit", "exceptional", "extreme", "perfect", "spectacular")
STATE_WORDS = {"harmed": "harm", "healed": "healing", "downed": "someone going down", "revived": "someone coming "
               "round", "item_gained": "an item gained", "item_lost": "an item lost", "died": "a death", "money": "money changing "
               "hands", "spent": "a resource spent", "gained": "a resource regained", "stat": "a stat or level "
               "change", "roll": "a roll", "modifier": "a bonus or penalty",
               "condition": "a condition"}
STATE_NEEDS = {"harmed": ("harmed", "downed"), "healed": ("healed", "revived"), "downed": ("downed",),
               "revived": ("revived",), "item_gained": ("item_gained",), "item_lost": ("item_lost",),
               "condition": ("condition_added", "downed")}
DEALING = re.compile(r"\b(?:deals?|dealt|dealing|inflicts?|inflicted|does|did|do)\b", re.IGNORECASE)
TRANSITIVE = re.compile(r"\b(?:deals?|dealt|dealing|inflicts?|inflicted)\b|\b(?:wounds?|injures?|hurts?|harms?|"
                        r"heals?|healed|knocks?|knocked|kills?|killed|stuns?|stunned|pins?|pinned|grapples?|grappled)\s+(?:(you|yourself)|(name)|him|her|them|it|the)\b",
                        re.IGNORECASE)
STATE_FAMILY = {"harmed": "harm", "downed": "harm", "healed": "heal", "revived": "heal", "item_gained": "item",
                "item_lost": "item", "condition": "condition"}
"""Each change of state the keywords find → the claims reader's family that can veto it as fiction."""
SURE_FICTION = 0.9
"""P(no claim) at which the claims reader overrules a keyword reading of a change of state (set on guard_dev)."""
ATTACK_READ = 0.5
"""P(no attack claim) under which "you miss ..." on a turn with no roll reads as an attack (set on the development
guard set: "you miss the goblin" goes, "you miss the last ferry" stays)."""
BUYING = re.compile(r"\b(buy|buys|bought|buying|purchase|purchases|purchased)\b", re.IGNORECASE)
OWNER = re.compile(rf"\b(?:{WOUND_VERBS}|{WEAPON_VERBS})\s+(?:into\s+|against\s+)?(your|his|her|their)\b",
                   re.IGNORECASE)
"""A blow told on a body part: whose it is says who was hurt ("you cut his arm" hurts him, not you)."""
STRUCK = re.compile(r"\bName\s+(?:is|was|gets|got)\s+(?:\w+\s+)?(?:hit|struck)\b(?!\s+(?:on|upon|by\s+(?:an?|the)\s+"
                    r"(?:idea|thought|memory)))")
"""A named person told as struck by a blow ("Lord Aubrey is hit"), not by an idea ("is struck by a thought")."""
DEATH_WORDS = ("dead", "death", "dies", "died", "killed", "slain")


@dataclass
class GuardReport:
    removed: list[str] = field(default_factory=list)
    reasons: list[str] = field(default_factory=list)
    regenerated: bool = False
    fallback: bool = False

    @property
    def acted(self) -> bool:
        return bool(self.removed) or self.regenerated or self.fallback

    def as_dict(self) -> dict[str, Any]:
        return {"removed": self.removed, "reasons": self.reasons, "regenerated": self.regenerated,
                "fallback": self.fallback}


def split_sentences(text: str) -> list[str]:
    return [s.strip() for s in SENTENCE_END.split(text) if s and s.strip()]


def pieces(text: str, size: int = MAX_SENTENCE) -> list[str]:
    """``text`` cut into pieces of at most ``size`` characters, at a space where there is one."""
    out, start = [], 0
    while len(text) - start > size:
        cut = text.rfind(" ", start + size // 2, start + size)
        cut = cut if cut > start else start + size
        out.append(text[start:cut])
        start = cut
    out.append(text[start:])
    return [p.strip() for p in out if p.strip()]


@dataclass(frozen=True)
class EngineOutcome:
    polarity: int
    critical: bool
    label: str


def engine_outcomes(evidence: Evidence) -> list[EngineOutcome]:
    """The outcome of every decided action in the results (nested ones too: a surprise check's each test),
    polarity from the book's outcome labels, else from ``success``."""
    out: list[EngineOutcome] = []

    def read(node: Any, depth: int) -> None:
        if not isinstance(node, BaseModel) or depth > 2:
            return
        label, polarity = outcome_of(node, evidence.vocabulary)
        if polarity is not None:
            text = str(label or ("success" if polarity > 0 else "failure"))
            out.append(EngineOutcome(polarity, any(w in text.lower() for w in CRITICAL_WORDS), text))
            return
        for name in type(node).model_fields:
            value = getattr(node, name)
            for item in value if isinstance(value, list) else [value]:
                read(item, depth + 1)

    for _, result in evidence.results:
        read(result, 0)
    return out


class Judge:
    """What one turn's evidence allows, read once; calling it judges a sentence: the keyword checks first (numbers,
    changes of state, outcomes in words), then the learnt claims reader (:mod:`narrator.agent.claims_judge`)."""

    def __init__(self, evidence: Evidence, reader: Any = None):
        from narrator.agent.claims_judge import ClaimsJudge

        self.evidence = evidence
        self.vocabulary = evidence.vocabulary
        self.lexicon = lexicon(evidence.vocabulary)
        facts: list[Fact] = []
        for _, result in evidence.results:
            facts += result.facts() if hasattr(result, "facts") else facts_of(result)
        self.facts = list(dict.fromkeys(facts + effect_facts(evidence.effects)))
        self.faces = Counter(f.value for f in self.facts if f.role == "die")
        self.sides = Counter(f.value for f in self.facts if f.role == "sides")
        self.kinds = evidence.kinds()
        self.outcomes = engine_outcomes(evidence)
        self.claims = ClaimsJudge(evidence, self.outcomes)
        self._reader = reader
        self.rolled = bool(self.faces) or evidence.rolled
        names = sorted({n for n in evidence.names if n and n.strip()} | ({evidence.actor} if evidence.actor else set()),
                       key=len, reverse=True)
        self.names = re.compile(r"(?<![\w])(" + "|".join(re.escape(n) for n in names) + r")(?![\w])",
                                re.IGNORECASE) if names else None
        self.canonical = {n.casefold(): n for n in names}
        self.money_changed = any(e.kind in ("spent", "gained") and e.what.lower() in self.lexicon.money
                                 for e in evidence.effects)
        self.stat_changed = bool(self.kinds & {"raised", "lowered"}) or self._stat_ops()

    def _stat_ops(self) -> bool:
        """A table op that changes a sheet field that is neither a resource nor the items (a power, a skill)."""
        vocab = self.vocabulary
        plain = {r.field for r in vocab.resources} | ({vocab.items_field} if vocab.items_field else set())
        for _, result in self.evidence.results:
            for op in getattr(result, "changes", None) or []:
                if getattr(op, "op", None) == "set_field" and op.field not in plain and op.value != op.was:
                    return True
        return False

    # -- the sentence ----------------------------------------------------------------------------------------
    def __call__(self, sentence: str) -> str | None:
        if len(sentence) > MAX_SENTENCE:
            return next((why for piece in pieces(sentence) if (why := self(piece))), None)
        masked, mentioned = self._mask(sentence)
        for claim in number_claims(masked, self.vocabulary):
            why = self._number(claim, mentioned, masked)
            if why:
                return why
        for claim in state_claims(masked, self.vocabulary):
            why = self._state(claim, mentioned, masked, sentence)
            if why:
                return why
        why = self._struck(masked)
        if why:
            return why
        return self._outcome(self._mask_for_outcome(sentence)) or self.claims.contradiction(
            self.reader.read([sentence])[0], mentioned)

    def _unless_fiction(self, family: str | None, why: str, sentence: str) -> str | None:
        """A change of state found by keywords and absent from the results: removed, unless the claims reader is
        sure the sentence asserts nothing in that family — "the wind finds every gap in your cloak", "the dead are
        many in this valley" use the words of a claim and claim nothing."""
        if family is None:
            return why
        reading = self.reader.read([sentence])[0]
        return None if reading.confidence.get(f"{family}:{NOTHING[family]}", 0.0) >= SURE_FICTION else why

    def prefetch(self, sentences: list[str]) -> None:
        """Read ``sentences`` in one batch now (the reader keeps its recent readings): a whole text costs one call."""
        short = [s for s in sentences if len(s) <= MAX_SENTENCE]
        if short:
            self.reader.read(short)

    @property
    def reader(self) -> Any:
        if self._reader is None:
            from narrator.agent.claims_reader import default_reader

            self._reader = default_reader()
        return self._reader

    def _struck(self, masked: str) -> str | None:
        """"Lord Aubrey is hit." on a turn whose blow landed on someone else: a person named as struck who was neither
        attacked nor hurt this turn. Whether a blow that landed harmed anyone is the harm checks' to judge."""
        struck = STRUCK.search(masked)
        if struck is None:
            return None
        victims = {e.who for e in self.evidence.effects if e.kind in ("harmed", "downed")}
        victims |= {who for tool, r in self.evidence.results if ATTACK_TOOL.search(tool)
                    if (who := getattr(r, "defender", None) or getattr(r, "target", None))}
        named = self._named_at(masked, struck.start())
        if not victims or not named or named in victims:
            return None
        return f"says {named} is struck, but the blow landed on {', '.join(sorted(victims))}"

    def _named_at(self, masked: str, position: int) -> str:
        """The character whose masked name stands at ``position`` of the masked sentence."""
        return self._order[masked.count("Name", 0, position)] if masked.count("Name", 0, position) < len(
            self._order) else ""

    def _mask(self, sentence: str) -> tuple[str, set[str]]:
        """Names become the word 'Name' (never numbers, never claims); who the sentence is about is noted."""
        mentioned: set[str] = set()
        self._order: list[str] = []
        if self.names is not None:
            def swap(m: re.Match) -> str:
                name = self.canonical.get(m.group().casefold(), m.group())
                mentioned.add(name)
                self._order.append(name)
                return "Name"
            sentence = self.names.sub(swap, sentence)
        if self.evidence.actor and re.search(r"\byou\b", sentence, re.IGNORECASE):
            mentioned.add(self.evidence.actor)
        return sentence, mentioned

    def _mask_for_outcome(self, sentence: str) -> str:
        """The acting character becomes "you", everyone else "Name": whose success a sentence states."""
        if self.names is None:
            return sentence
        actor = (self.evidence.actor or "").casefold()
        return self.names.sub(lambda m: "you" if m.group().casefold() == actor else "Name", sentence)

    def _number(self, claim: NumberClaim, mentioned: set[str], sentence: str) -> str | None:
        n, roles = claim.number, claim.roles
        shown = n.text if len(n.text) <= 24 else f"a number of {len(n.text)} characters"
        if n.kind == "digits" and n.value is None:
            return f"states {shown}, which no tool result contains"  # too long to be any fact
        if roles is None:
            return None
        if n.kind == "dice":
            if n.sides is None or self.sides[n.sides] < (n.count or 1):
                return f"names {shown}, but the engine threw no such dice this turn"
            return None
        if n.kind == "faces":
            if all(self.faces[v] >= k for v, k in Counter(n.faces).items()):
                return None
            return f"claims {shown}, but no dice this turn show those faces"
        if n.kind == "fraction" and "percent" not in roles:  # "health 1/2": each number must be a fact
            for part in n.parts:
                if part is None or not any(f.role != "sides" and (f.role in roles or "any" in roles)
                                           and _same(part, f.value, False) for f in self.facts):
                    return f"states {shown}, which no tool result of this turn gives"
            return None
        if n.value is None:
            return f"states {shown}, which no tool result contains"
        if "percent" in roles:
            return f"states odds ({shown}) as if they were a fact of the turn"
        if "multiplier" in roles:
            return f"claims {shown} {claim.cue}, which no rule applied this turn"
        if claim.when == "after" and "health" in roles:
            roles = roles - {"damage"}  # "down to 1 health" is a health figure, never the damage dealt
        value, signed = n.value, n.signed
        if not signed and claim.cue in ("bonus", "penalty"):  # "a bonus of one" is +1, "a penalty of 2" is -2
            value, signed = abs(value) * (1 if claim.cue == "bonus" else -1), True
        found = [f for f in self.facts if f.role != "sides" and (f.role in roles or "any" in roles)
                 and _same(value, f.value, signed)]
        if claim.what and claim.what in self.lexicon.pools:
            found = [f for f in found if f.what and claim.what in f.what.lower()]
        if claim.when == "after":  # "down to 1", "2 left": the value now, not before and not the change
            found = [f for f in found if not _tagged(f, ("before", "change", "max"))]
        elif claim.when == "change":  # "loses 2", "heals 3": the change, not a value before or after it
            found = [f for f in found if not _tagged(f, ("before", "after", "max"))]
        if not found:
            if claim.loose:
                return f"states {shown}, which no tool result contains"
            role = ROLE_WORDS.get(next(iter(sorted(roles))), "a number") if len(roles) == 1 else \
                " or ".join(sorted(ROLE_WORDS.get(r, r) for r in roles))
            return f"states {shown} as {role} ('{claim.cue}'), which no tool result of this turn gives"
        dealt = "damage" in roles and DEALING.search(sentence)  # "you deal 1 damage": said of the one dealing it
        if roles & PERSONAL and "any" not in roles and not dealt and not self._whose(found, mentioned,
                                                                                      sentence[:n.start]):
            return (f"states {shown} for {', '.join(sorted(mentioned))}, but the results give it to "
                    f"{', '.join(sorted({str(f.who) for f in found}))}")
        return None

    @staticmethod
    def _whose(found: list[Any], mentioned: set[str], before: str) -> bool:
        """Whether a fact about these characters may be stated in a sentence naming ``mentioned``: yes when it
        names one of them, names nobody, or a pronoun before the claim ("he") may stand for one of them."""
        whos = {getattr(f, "who", None) or None for f in found}
        if not mentioned or None in whos or whos & mentioned:
            return True
        return bool(PRONOUNS.search(before))

    def _state(self, claim, mentioned: set[str], sentence: str, original: str) -> str | None:
        """``sentence`` with its names masked; ``original`` as written (what the claims reader read)."""
        kind, quoted = claim.kind, claim.text.strip()
        what = STATE_WORDS.get(kind, kind)
        if kind in STATE_NEEDS:
            needs = STATE_NEEDS[kind]
            effects = [e for e in self.evidence.effects if e.kind in needs]
            if kind == "item_lost":
                effects += [e for e in self.evidence.effects if e.kind == "condition_added" and "disarm" in e.what]
            if not effects:
                return self._unless_fiction(STATE_FAMILY.get(kind), f"claims {what} ('{quoted}'), but no tool "
                                            "result of this turn contains it", original)
            if kind in ("item_gained", "item_lost") and claim.what and claim.what not in GENERIC_ITEMS:
                noun = claim.what.rstrip("s")
                shown = ", ".join(sorted({e.what for e in effects}))
                effects = [e for e in effects if e.kind == "condition_added" or noun in e.what.lower()]
                if not effects:
                    return f"claims {what} ('{quoted}'), but the results show {shown}"
            start = sentence.find(claim.text)
            before = sentence[:start] if start >= 0 else sentence
            doer = TRANSITIVE.search(sentence, max(0, start))  # "you wound him", "you deal damage": the subject
            if doer and start >= 0 and doer.start() < start + len(claim.text):  # is not the victim
                if doer.group(1):
                    mentioned = {self.evidence.actor} if self.evidence.actor else set()
                elif doer.group(2):
                    mentioned = {self._named_at(sentence, doer.start(2))}
                else:
                    mentioned = set()
                before = ""
            owner = OWNER.search(claim.text)  # "cuts your arm": the victim is the arm's owner, not the sentence's "you"
            if owner and kind == "harmed":
                actor = self.evidence.actor
                mentioned = {actor} if owner.group(1).lower() == "your" and actor else mentioned - {actor}
                before = ""
            if kind in ("harmed", "healed", "downed", "revived", "condition") and not self._whose(effects, mentioned,
                                                                                                 before):
                return (f"claims {what} for {', '.join(sorted(mentioned))} ('{quoted}'), but the results show it "
                        f"for {', '.join(sorted({e.who for e in effects}))}")
            return None
        if kind == "died":  # a book whose going down is death says so in its downed words and effects
            if any(e.kind == "downed" and any(w in e.what.lower() for w in DEATH_WORDS) for e in self.evidence.effects):
                return None
            downed = [e.what for e in self.evidence.effects if e.kind == "downed"]
            if downed:
                return f"claims {what} ('{quoted}'), but the results say {', '.join(downed)}, not dead"
            return self._unless_fiction("harm", f"claims {what} ('{quoted}'), but no tool result of this turn "
                                                "contains it", original)
        if kind == "money":
            if self.money_changed or (BUYING.search(quoted) and "item_gained" in self.kinds):
                return None
            return self._unless_fiction("item", f"claims {what} ('{quoted}'), but no tool changed anyone's money "
                                                "this turn", original)
        if kind in ("spent", "gained"):
            changed = [e for e in self.evidence.effects if e.kind == kind]
            if any(claim.what is None or claim.what in e.what.lower() for e in changed):
                return None
            why = f"claims {what} ('{quoted}'), but no tool result of this turn contains it"
            return self._unless_fiction("resource", why, original) if kind == "spent" and not changed else why
        if kind == "stat":
            return None if self.stat_changed else f"claims {what} ('{quoted}'), but no tool changed one this turn"
        if kind == "modifier":  # a bonus on a later roll needs a condition that gives it; one now, a modifier
            later = re.search(r"\b(?:next|following)\b", quoted, re.IGNORECASE)
            if ("condition_added" in self.kinds if later else any(f.role == "modifier" and f.value for f in self.facts)):
                return None
            return f"claims {what} ('{quoted}'), but no tool result of this turn applies one"
        if kind == "roll":
            return None if self.rolled else f"claims {what} ('{quoted}'), but the engine rolled nothing this turn"
        return None

    def _missed(self, word: str, sentence: str) -> bool:
        """A miss is a hedged failure on a check (a middling result allows it), but on a turn where nothing was
        rolled "you miss the goblin" is an attack the engine never decided — when the reader reads an attack in it
        ("you miss the last ferry" is no attack)."""
        if not MISSED.match(word):
            return False
        reading = self.reader.read([sentence])[0]
        return reading.confidence.get(f"attack:{NOTHING['attack']}", 1.0) < ATTACK_READ

    def _outcome(self, sentence: str) -> str | None:
        claims = outcome_claims(sentence, self.vocabulary, ("Name",))
        for c in claims:
            said = ("a critical " if c.critical else "a ") + ("success" if c.polarity > 0 else "failure" if c.polarity
                                                              else "partial result")
            if not self.outcomes:
                if (c.strong or c.critical or self._missed(c.text, sentence)) and not c.other:  # "you fail":
                    return f"claims {said} ('{c.text}'), but no roll decided anything this turn"  # a claim; "you
                continue  # manage to", "the innkeeper fails": the story of a free action
            if not any(_agrees(c, o) for o in self.outcomes):
                engine = ", ".join(dict.fromkeys(o.label for o in self.outcomes))
                return f"claims {said} ('{c.text}'), but the engine's outcome was {engine}"
        return None


MISSED = re.compile(r"miss(?:es|ed)?$", re.IGNORECASE)


def _tagged(fact: Fact, tags: tuple[str, ...]) -> bool:
    words = set(re.split(r"[\s_]+", (fact.what or "").lower()))
    return any(t in words for t in tags)


def _same(said: float, fact: float, signed: bool) -> bool:
    return said == fact if signed else abs(said) == abs(fact)


def _agrees(claim, engine: EngineOutcome) -> bool:
    p = engine.polarity
    if claim.plain and engine.critical:
        return False  # "a plain success" of a critical one
    if claim.polarity == 0:
        return p == 0  # "a partial success" is what a middling result is
    if claim.polarity > 0:
        if claim.critical:
            return p >= 1 and engine.critical
        return p >= 1 if claim.strong else p >= 0
    if claim.critical:
        return p <= -1 and engine.critical
    return p <= -1 if claim.strong else p <= 0


_LAST: list[Any] = [None, None]


def judge(sentence: str, evidence: Evidence) -> str | None:
    """Why this sentence must go, or None when it may stay."""
    if _LAST[0] is not evidence:
        _LAST[:] = [evidence, Judge(evidence)]
    return _LAST[1](sentence)


class SentenceGuard:
    """Feed text chunks in; complete sentences come out already judged (for streaming).

    The buffer never holds more than :data:`MAX_SENTENCE` characters of an unfinished sentence: a longer run is
    judged in pieces as it arrives, and once ``max_sentences`` are kept the rest of the stream is not read."""

    def __init__(self, evidence: Evidence, max_sentences: int = 3):
        self.max_sentences = max_sentences
        self.evidence = evidence
        self.judge = Judge(evidence)
        self.report = GuardReport()
        self.kept: list[str] = []
        self._buffer = ""
        self._scan = 0

    @property
    def full(self) -> bool:
        """Narration is short: once enough sentences are kept, the rest of the stream is not wanted."""
        return len(self.kept) >= self.max_sentences

    def _check(self, sentence: str) -> str | None:
        sentence = sentence.strip()
        if self.full or not sentence:
            return None
        why = self.judge(sentence)
        if why:
            self.report.removed.append(sentence)
            self.report.reasons.append(why)
            return None
        self.kept.append(sentence)
        return sentence

    def feed(self, chunk: str) -> list[str]:
        if self.full:
            self._buffer = ""
            return []
        buf, start, scan, out = self._buffer + chunk, 0, self._scan, []
        while not self.full:
            m = SENTENCE_END.search(buf, scan, start + MAX_SENTENCE + 1)
            if m:
                piece, start = buf[start:m.start()], m.end()
            elif len(buf) - start > MAX_SENTENCE:
                cut = buf.rfind(" ", start + MAX_SENTENCE // 2, start + MAX_SENTENCE)
                cut = cut if cut > start else start + MAX_SENTENCE
                piece, start = buf[start:cut], cut
            else:
                break
            scan = start
            if (s := self._check(piece)) is not None:
                out.append(s)
        self._buffer = "" if self.full else buf[start:]
        self._scan = max(0, len(self._buffer) - 1)
        return out

    def finish(self) -> list[str]:
        rest, self._buffer, self._scan = self._buffer, "", 0
        out = []
        for sentence in split_sentences(rest):
            for piece in pieces(sentence):
                if (s := self._check(piece)) is not None:
                    out.append(s)
        return out

    @property
    def text(self) -> str:
        return " ".join(self.kept)

    @property
    def mostly_removed(self) -> bool:
        return not self.kept or len(self.report.removed) > len(self.kept)


def guard_text(text: str, evidence: Evidence) -> tuple[str, GuardReport]:
    g = SentenceGuard(evidence)
    g.judge.prefetch(split_sentences(text)[:2 * g.max_sentences])  # one reader call for the whole text
    g.feed(text)
    g.finish()
    return g.text, g.report
