"""The narration quality gate: named checks that every model-written text passes before a player reads it.

Why a gate and not a better prompt: the embedded models (135M and 270M parameters) write a good sentence often
enough to be worth asking, and garbage often enough that nothing they write may be shown unread — "(no,
nothing)", "(narrative 2)", "The player's character's response is as follows:" were real narrations. The provenance
guard (:mod:`narrator.agent.guard`) keeps numbers honest; the gate keeps everything else out. It is the same gate
for every model, embedded or behind a server: a capable model passes it without noticing.

The checks (each a function ``check_NAME(text, evidence, context) -> Check``, tested on its own):

* ``words`` — complete sentences of real words: each ends with . ! or ?, starts with a capital or a quote, and at
  least 85% of its words are English words (the MiniLM vocabulary) or names from the table and the scene; no
  word three times in a row and no three-word phrase twice ("you both fight and you both fight": a loop).
* ``meta`` — no talk about the game instead of in it: player, game master, narrator, AI, assistant, "response",
  "as follows", instructions, prompt labels (``Action:``), brackets, markdown.
* ``address`` — speaks to the acting character: "you"/"your" or their name (narration only).
* ``topic`` — on topic: MiniLM cosine similarity of the text with the action (re-voiced), the outcome and the
  scene, the best of the three, at least :data:`TOPIC_THRESHOLD` (calibrated on
  ``tests/data/narration_topic_calibration.jsonl``; see that file's README for the figures).
* ``outcome`` — agrees with the engine, read by the same learnt claims reader as the guard
  (:mod:`narrator.agent.claims_judge`): no sentence contradicts the outcome, an attack, harm, healing, a
  condition, an item or a resource. And in words: a failure is never narrated as a success (a failure needs a
  sign of it: a negation, a "but", someone noticing, or a sentence the reader reads as a failure or a miss) and a
  success never as a failure ("you fail", "you miss", "spots you"); nobody's death or collapse is narrated unless
  the results put someone down.
  The polarity comes from the system's vocabulary (outcome label → +1/0/−1), else the result's ``success``.
* ``repetition`` — not a copy of the last narrations shown, nor of the prompt's examples.
* ``provenance`` — the existing guard: sentences stating numbers, rolls or health changes the results do not
  contain are removed; if nothing survives, the check fails.

``gate(text, evidence, context)`` returns a :class:`Verdict`: the cleaned text (cut at the first blank line or
prompt label, trailing fragment dropped, guarded), whether it passed, which checks failed and why, and a score
that ranks candidates (topic similarity, length, sentence count). ``GateContext(kind="line")`` judges a line that
is not narration (a question back to the player, an NPC's voice): no address or outcome check.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from narrator.agent.evidence import Evidence
from narrator.agent.guard import guard_text
from narrator.narration.voice import voice

TOPIC_THRESHOLD = 0.30
"""Calibrated by ``narrator eval topic tests/data/narration_topic_calibration.jsonl`` (the highest threshold keeping
95% of on-topic narrations); checked on ``narration_topic_check.jsonl`` (docs/evaluation.md: the figures)."""
MIN_KNOWN = 0.85
MAX_WORDS = 70
DOUBLED = re.compile(r"\b(?!(?:over|more|again|round|around|through|less|wait|\w+er)\b)(\w{3,})\s+(?:and|or)\s+\1\b",
                     re.I)
"""A word joined to itself ("warm and warm"), not an idiom ("over and over", "closer and closer")."""
PHRASE = 3
"""A run of this many words said twice in one narration is a loop, not style."""
CHECKS = ("words", "meta", "address", "topic", "outcome", "repetition", "provenance", "sense")

SENTENCE = re.compile(r"[^.!?]+[.!?]+[\"'”’)]*")
WORD = re.compile(r"[A-Za-z]+(?:['’][A-Za-z]+)?")
LABEL = re.compile(r"^\s*(action|outcome|narration|scene|result|player|narrator|character|answer|question|"
                   r"user|assistant|system|note|example)\s*\d*\s*:", re.I | re.M)
META = re.compile(
    r"\b(players?|game ?masters?|gm|dm|dungeon masters?|narrators?|narration|narrative|ai|assistant|language "
    r"model|chatbot|response|respond|as follows|instructions?|prompt|the game|this game|role-?play(?:ing)?|"
    r"rpg|the story|storyteller|the user|the character's|player's|"
    r"i'm sorry|i cannot|i can't help|as an|here is|here's|let me|in this scene|the next turn|your turn|"
    r"dice|the engine|the rules?|the scene|this scene)\b", re.I)
CHAT = re.compile(r"^\W*(sure|certainly|of course|okay|ok|great|absolutely|yes|no problem)\b\s*[,!.:]", re.I)
BRACKETS = re.compile(r"[()\[\]{}<>*#_|~`=\\/@^]")
YOU = re.compile(r"\b(you|your|yours|yourself)\b", re.I)
NEGATED = re.compile(r"\b(not|n't|never|no|nobody|nothing|without|fails? to|barely)\b", re.I)
FAILURE_SIGNS = re.compile(
    r"\b(not|never|no|nothing|nobody|none|cannot|can't|won't|don't|doesn't|didn't|isn't|wasn't|aren't|couldn't|"
    r"fail(?:s|ed|ing)?|miss(?:es|ed)?|but|too|instead|stumbles?|notices?|noticed|spots?|spotted|"
    r"sees you|hears? you|catches?|caught|refuses?|refused|resists?|dodges?|blocks?|stuck|in vain|useless|"
    r"lose|loses|lost|wrong|alas|unable|only|shouts?|alarm|alerts?|turns? around|still)\b", re.I)
SUCCESS_CLAIMS = re.compile(
    r"\b(you (?:succeed|manage|make it|did it)|successfully|with ease|easily|effortlessly|perfectly|flawless(?:ly)?|"
    r"unseen|unnoticed|undetected|without a sound|without trouble|at last|"
    r"(?:does not|doesn't|did not|didn't|never|nobody|no one) (?:notices?|sees?|spots?|hears?|catches?|looks? up|"
    r"turns?))\b", re.I)
FAILURE_CLAIMS = re.compile(
    r"\b(you (?:fail|failed|miss|missed|cannot|can't|could not|couldn't|do not|don't|did not|didn't|are unable|"
    r"lose your grip|lose your footing|stumble|fall short)|in vain|to no avail|nothing happens|"
    r"(?:spots|notices|sees|catches|hears) you|it does not work|it doesn't work|fails?|failed|miss|misses|missed|"
    r"(?:does not|doesn't|did not|didn't|won't|will not|refuses to|fails to) (?:budge|open|move|work|give|hold|"
    r"answer|help|respond|come|break|turn|yield|listen|believe))\b", re.I)


@dataclass(frozen=True)
class GateContext:
    """What the text is judged against besides the evidence: the player's words, the scene, the last narrations
    shown (repetition), the prompt's examples (copies), names that are words (scene names, people)."""

    action: str = ""
    scene: str = ""
    recent: tuple[str, ...] = ()
    examples: tuple[str, ...] = ()
    names: tuple[str, ...] = ()
    kind: str = "narration"  # or "line": a question or an NPC's words (no address or outcome check); or "colour":
    # the model's sentence after the engine's (no address check; the sense check)
    lead: str = ""  # "colour": the engine's sentence the text follows
    said: tuple[str, ...] = ()  # every sentence of the scene's recent narrations: none is said twice
    threshold: float | None = None  # None: TOPIC_THRESHOLD


@dataclass(frozen=True)
class Check:
    name: str
    passed: bool
    why: str = ""
    score: float = 0.0


@dataclass
class Verdict:
    """What the gate decided about one text; ``text`` is what may be shown (cleaned and guarded)."""

    original: str
    text: str
    checks: list[Check] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)  # sentences the provenance guard took out
    guard_reasons: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return all(c.passed for c in self.checks)

    @property
    def failed(self) -> list[str]:
        return [c.name for c in self.checks if not c.passed]

    @property
    def score(self) -> float:
        """Ranks candidates: every failed check costs a whole point; then topic similarity and a natural length."""
        topic = next((c.score for c in self.checks if c.name == "topic"), 0.0)
        words = len(WORD.findall(self.text))
        length = 1.0 - min(abs(words - 18), 18) / 18  # 10-30 words read best
        sentences = len(split(self.text))
        return -len(self.failed) + topic + 0.3 * length + (0.1 if 1 <= sentences <= 2 else 0.0)

    def as_dict(self) -> dict[str, Any]:
        return {"text": self.original[:400], "passed": self.passed, "failed": self.failed,
                "why": {c.name: c.why for c in self.checks if not c.passed}, "score": round(self.score, 3)}


def split(text: str) -> list[str]:
    return [s.strip() for s in SENTENCE.findall(text) if s.strip()]


def clean(text: str) -> str:
    """The candidate as a narration: the first paragraph, cut at any prompt label, without a trailing fragment."""
    text = text.replace("\r", "")
    text = re.split(r"\n\s*\n", text.strip(), maxsplit=1)[0] if text.strip() else ""
    m = LABEL.search(text)
    if m and m.start() > 0:
        text = text[: m.start()]
    text = " ".join(text.split())
    ends = list(SENTENCE.finditer(text))
    if ends and text[ends[-1].end():].strip():
        return text[: ends[-1].end()].strip()  # the generation stopped mid-sentence: keep the whole ones
    return text


@lru_cache(maxsize=1)
def vocabulary() -> frozenset[str]:
    """English words: the whole-word entries of MiniLM's uncased WordPiece vocabulary (shipped with the embedder)."""
    from narrator.memory.embedder import minilm_files

    _, tokenizer, _ = minilm_files()
    vocab = json.loads(tokenizer.read_text(encoding="utf-8"))["model"]["vocab"]
    return frozenset(w for w in vocab if w.isalpha() and not w.startswith("##"))


def _known(word: str, names: set[str]) -> bool:
    low = word.lower().replace("’", "'")
    words = vocabulary()
    if low in names or low.split("'")[0] in words:
        return True
    for suffix in ("s", "es", "ed", "d", "ing", "ly", "er", "est"):
        if low.endswith(suffix) and low[: -len(suffix)] in words:
            return True
    return False


# --- the checks ------------------------------------------------------------------------------------------------


def check_words(text: str, evidence: Evidence, context: GateContext) -> Check:
    if not text.strip():
        return Check("words", False, "empty")
    sentences = split(text)
    if not sentences or " ".join(sentences) != " ".join(text.split()):
        return Check("words", False, "not made of complete sentences")
    for s in sentences:
        if not re.match(r"^[\"'“‘]?[A-Z]", s):
            return Check("words", False, f"a sentence does not start with a capital: {s[:40]!r}")
        if len(WORD.findall(s)) < 2:
            return Check("words", False, f"a sentence of fewer than two words: {s[:40]!r}")
    words = WORD.findall(text)
    if len(words) > MAX_WORDS:
        return Check("words", False, f"{len(words)} words (at most {MAX_WORDS})")
    names = {w.lower() for n in (*context.names, *evidence.names, evidence.actor or "") for w in WORD.findall(n)}
    names |= {w.lower() for w in WORD.findall(context.scene)} | {w.lower() for w in WORD.findall(context.action)}
    known = sum(_known(w, names) for w in words)
    if known / len(words) < MIN_KNOWN:
        strange = [w for w in words if not _known(w, names)][:4]
        return Check("words", False, f"not real words: {', '.join(strange)}")
    lowered = [w.lower() for w in words]
    if any(lowered[i] == lowered[i + 1] == lowered[i + 2] for i in range(len(lowered) - 2)):
        return Check("words", False, "a word repeated three times in a row")
    doubled = DOUBLED.search(text)
    if doubled:  # "her smile is warm and warm": 6 readers' labels on held-out 2, none sensible
        return Check("words", False, f"a word joined to itself: {doubled.group(0)!r}")
    lowered = _names_as_words(lowered, (*context.names, *evidence.names))
    seen: set[tuple[str, ...]] = set()
    for i in range(len(lowered) - PHRASE + 1):  # "you both fight and you both fight": a small model looping
        gram = tuple(lowered[i:i + PHRASE])
        if gram in seen:
            return Check("words", False, f"a phrase said twice: {' '.join(gram)!r}")
        seen.add(gram)
    return Check("words", True, score=known / len(words))


def _names_as_words(words: list[str], names: tuple[str, ...]) -> list[str]:
    """``words`` with each name of two words or more made one word: a name said twice is no loop ("You close with the
    corrupt corp enforcer ... The corrupt corp enforcer falls" was refused as "a phrase said twice", and a turn that
    felled a foe with a long name was told "it goes the way you wanted")."""
    spans = sorted({tuple(w.lower() for w in WORD.findall(n)) for n in names} - {()}, key=len, reverse=True)
    spans = [s for s in spans if len(s) > 1]
    if not spans:
        return words
    out: list[str] = []
    i = 0
    while i < len(words):
        span = next((s for s in spans if tuple(words[i:i + len(s)]) == s), None)
        out.append(" ".join(span) if span else words[i])
        i += len(span) if span else 1
    return out


@lru_cache(maxsize=256)
def _players_meta(action: str) -> frozenset[str]:
    """The game-talk words of the player's own line, as typed and as told back ("wait my turn" is told "wait your
    turn"), once per line: every candidate of a turn is checked against the same action."""
    return frozenset(w.lower() for words in (action, voice(action).you) for w in META.findall(words))


def check_meta(text: str, evidence: Evidence, context: GateContext) -> Check:
    if BRACKETS.search(text):
        return Check("meta", False, "brackets or markup")
    if LABEL.search(text):
        return Check("meta", False, "a prompt label")
    if CHAT.search(text):
        return Check("meta", False, "a chat reply")
    players = _players_meta(context.action) if context.action else frozenset()
    m = next((m for m in META.finditer(text) if m.group(0).lower() not in players), None)
    if m:  # words the player wrote themselves are their story's ("tell her I've got the story": a journalist's)
        return Check("meta", False, f"talks about the game: {m.group(0)!r}")
    return Check("meta", True)


def check_address(text: str, evidence: Evidence, context: GateContext) -> Check:
    if context.kind != "narration" or not evidence.actor:
        return Check("address", True)
    if YOU.search(text):
        return Check("address", True)
    names = [evidence.actor, *evidence.actor.split()]
    if any(re.search(rf"\b{re.escape(n)}\b", text, re.I) for n in names if len(n) >= 2):
        return Check("address", True)
    return Check("address", False, f"neither 'you' nor {evidence.actor}")


Embed = Callable[[Sequence[str]], list[list[float]]]


def _cosine(a: list[float], b: list[float]) -> float:
    return float(sum(x * y for x, y in zip(a, b)))  # the embedder returns unit vectors


def similarities(text: str, evidence: Evidence, context: GateContext, embed: Embed) -> dict[str, float]:
    """Cosine similarity of ``text`` with the re-voiced action, the outcome words and the scene (those given)."""
    refs = {"action": voice(context.action, evidence.actor).you if context.action else "",
            "outcome": outcome_words(evidence), "scene": context.scene, "lead": context.lead}
    refs = {k: v for k, v in refs.items() if v}
    if not refs:
        return {}
    vectors = _embed_cached(embed, (text, *refs.values()))
    return {k: _cosine(vectors[0], v) for k, v in zip(refs, vectors[1:])}


def topic_score(text: str, evidence: Evidence, context: GateContext, embed: Embed) -> float:
    """The best cosine similarity of ``text`` with the re-voiced action, the outcome words and the scene."""
    sims = similarities(text, evidence, context, embed)
    return max(sims.values()) if sims else 1.0


def relevance(sims: dict[str, float]) -> float:
    """How candidates are ranked once they pass: about the action first, the scene and outcome second."""
    if not sims:
        return 1.0
    if "action" in sims:
        return 0.7 * sims["action"] + 0.3 * max(sims.get("scene", 0.0), sims.get("outcome", 0.0))
    return max(sims.values())


_CACHE: dict[tuple[int, str], list[float]] = {}


def _embed_cached(embed: Embed, texts: Sequence[str]) -> list[list[float]]:
    missing = [t for t in dict.fromkeys(texts) if (id(embed), t) not in _CACHE]
    if missing:
        if len(_CACHE) > 4096:
            _CACHE.clear()
        for t, v in zip(missing, embed(missing)):
            _CACHE[(id(embed), t)] = v
    return [_CACHE[(id(embed), t)] for t in texts]


def check_topic(text: str, evidence: Evidence, context: GateContext, embed: Embed | None = None) -> Check:
    if embed is None:
        embed = default_embed()
    sims = similarities(text, evidence, context, embed)
    best = max(sims.values()) if sims else 1.0
    threshold = TOPIC_THRESHOLD if context.threshold is None else context.threshold
    if best < threshold:
        return Check("topic", False, f"off topic (similarity {best:.2f} < {threshold:.2f})", relevance(sims))
    return Check("topic", True, score=relevance(sims))


def polarity(evidence: Evidence) -> int | None:
    """+1 the engine says it worked, −1 it did not, 0 partly, None nothing was decided."""
    label = evidence.outcome_label
    if label is not None and label in evidence.vocabulary.outcomes:
        return evidence.vocabulary.outcomes[label]
    success = evidence.success
    return None if success is None else (1 if success else -1)


def outcome_words(evidence: Evidence) -> str:
    """The outcome as the prompt and the topic check read it: the label and the effects, without numbers."""
    p = polarity(evidence)
    label = evidence.outcome_label
    if label and label not in evidence.vocabulary.outcomes:
        label = None  # an oracle answer or another tool's own word; the polarity says enough
    head = label or {1: "success", 0: "partial success", -1: "failure", None: ""}[p]
    effects = [e.words() for e in evidence.effects if e.kind not in ("created", "state")]
    return "; ".join(x for x in [head, *effects] if x)


DOWNED_CLAIMS = re.compile(
    r"\b(you (?:die|died|are dead|are killed|fall unconscious|pass out|black out|are slain|perish)|your death|"
    r"your last breath|(?:kills|killed|slays|slew) you)\b", re.I)


DEATH_WORDS = re.compile(r"\b(dead|dies|died|killed|kills|slain|slays|corpse|lifeless|unconscious|collapses|collapsed|"
                         r"crumples|crumpled|keels over|knocked out|knocks \w+ out|falls senseless)\b", re.I)
"""A death or collapse the results do not establish (words the scene itself uses, "a dead man's coat", may stay)."""


def _unnegated(pattern: re.Pattern[str], text: str) -> list[str]:
    """Matches of ``pattern`` not negated by the three words before them ("does not notice you" is no alarm)."""
    found = []
    for m in pattern.finditer(text):
        before = " ".join(text[: m.start()].split()[-3:])
        if not NEGATED.search(before):
            found.append(m.group(0))
    return found


def check_outcome(text: str, evidence: Evidence, context: GateContext) -> Check:
    """The whole text against the engine: the claims reader the guard uses (no sentence may contradict the turn,
    :mod:`narrator.agent.claims_judge`) and the outcome words (a failure needs a sign of it, a success is never told
    as a failure, nobody dies or collapses unless the results put someone down)."""
    if context.kind not in ("narration", "colour"):
        return Check("outcome", True)
    from narrator.agent.claims_judge import ClaimsJudge, claimed
    from narrator.agent.claims_reader import default_reader
    from narrator.agent.guard import engine_outcomes

    down = _unnegated(DOWNED_CLAIMS, text)
    if down and not any(e.kind == "downed" and e.who == evidence.actor for e in evidence.effects):
        return Check("outcome", False, f"the text says {down[0]!r}, the engine did not put you down")
    deaths = [w for w in DEATH_WORDS.findall(text) if w.lower() not in context.scene.lower()]
    if deaths and "downed" not in evidence.kinds():
        return Check("outcome", False, f"the text says {deaths[0]!r}, but nobody went down")
    judge = ClaimsJudge(evidence, engine_outcomes(evidence))
    readings = default_reader().read(split(text))
    for reading in readings:
        why = judge.contradiction(reading)
        if why:
            return Check("outcome", False, f"{reading.sentence[:60]!r} {why}")
    p = polarity(evidence)
    if p is None or p == 0:
        return Check("outcome", True)
    if p < 0:
        claims = _unnegated(SUCCESS_CLAIMS, text)
        if claims:
            return Check("outcome", False, f"the engine says failure, the text says {claims[0]!r}")
        if not FAILURE_SIGNS.search(text) and not any(
                claimed(r, "outcome", True) in ("failure", "partial") or claimed(r, "attack", True) == "miss"
                or claimed(r, "harm", True) == "unharmed" for r in readings):
            return Check("outcome", False, "the engine says failure, the text shows no sign of it")
        return Check("outcome", True)
    claims = _unnegated(FAILURE_CLAIMS, text)
    if claims:
        return Check("outcome", False, f"the engine says success, the text says {claims[0]!r}")
    return Check("outcome", True)


def _tokens(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(text) if len(w) > 2}


def similar(a: str, b: str) -> float:
    """Jaccard overlap of the longer words: 1.0 the same words, 0.0 nothing shared."""
    x, y = _tokens(a), _tokens(b)
    return len(x & y) / len(x | y) if x and y else float(a.strip().lower() == b.strip().lower())


def check_repetition(text: str, evidence: Evidence, context: GateContext) -> Check:
    said = set(context.said)
    again = next((s for s in split(text) if s in said and len(WORD.findall(s)) >= 4), None)
    if again:
        return Check("repetition", False, f"says again: {again[:50]!r}")
    for previous in context.recent:
        if similar(text, previous) >= 0.6:
            return Check("repetition", False, f"repeats a recent narration: {previous[:50]!r}")
    for example in context.examples:
        if similar(text, example) >= 0.5 or example.strip().lower() in text.lower():
            return Check("repetition", False, f"copies a prompt example: {example[:50]!r}")
    return Check("repetition", True)


OPENS = ('"', "“", "'", "‘", ":", "(")


def new_names(sentence: str, known: str) -> list[str]:
    """Capitalised words inside a sentence (not its first word, not after an opening quote) that ``known`` (lower
    case) does not contain: the people and places a sentence brings in."""
    out = []
    for i, m in enumerate(WORD.finditer(sentence)):
        word, before = m.group(), sentence[:m.start()].rstrip()
        if i == 0 or not word[0].isupper() or word in ("I", "I'm", "I'll") or before.endswith(OPENS):
            continue
        if re.sub(r"['’]s$", "", word).lower() not in known:
            out.append(word)
    return out


YOU_ACT = re.compile(r"^\W*(you|you're|you've|you'll)\s+(?!(hear|see|feel|smell|taste|notice|sense|spot|catch|"
                     r"can|could|realise|realize|wonder|think|know|are|were|have|had)\b)\w+", re.I)


NEWCOMER = re.compile(r"\b(a|an|another|some)\s+(?:\w+\s+)?(man|woman|men|women|stranger|strangers|figure|figures|boy|"
                      r"girl|child|children|soldier|soldiers|guard|guards|rider|riders|traveller|traveler|old man|"
                      r"old woman|person|people|priest|merchant|thief|bandit|bandits|sailor|knight)\b", re.I)


PLACES = frozenset(
    "ship deck stern harbour harbor dock docks pier wharf tavern inn saloon forest desert dunes dune mountain "
    "mountains river ocean beach shore cave cavern castle temple church chapel cathedral market street streets alley "
    "farm village city town garden courtyard tower bridge road camp tent library museum gallery cellar crypt shrine "
    "monastery abbey oasis swamp marsh lake valley hill hills cliff cliffs jungle ruins palace kitchen stable stables "
    "barn cabin warehouse spaceport hangar prison throne meadow canyon".split())
"""Words that name a place (not "bow", "office", "field", "mine", "port": they say other things too): a colour line
naming one the scene, the action and the engine's sentence do not is in another place ("You and Brother Tolland are
both on the ship's bow." in a fortress courtyard)."""


def other_places(text: str, known: str) -> list[str]:
    """The place words of ``text`` (:data:`PLACES`) that ``known`` (lower case) has in no form ("lake" is known from
    "lakeside", "docks" from "dock")."""
    return sorted(w for w in set(re.findall(r"[a-z]+", text.lower())) & PLACES
                  if w.rstrip("s") not in known)


def check_sense(text: str, evidence: Evidence, context: GateContext) -> Check:
    """Model text brings in nobody new ("a figure sits on a rock": the player who then acts on them finds no one
    on the table — issue 27's second way for people the story names: the sentence is not shown), in a whole
    narration as in a colour line. A colour sentence (the model's, after the engine's) adds to what happened and
    nothing else besides: it names nobody the table, the scene and the engine's sentence do not know (a small
    model invents "the figure on the wall"), it does not make the character act ("You stand on the stagecoach and
    tell the news": the player decides what the character does; what they see, hear or feel is colour), it does
    not re-tell the engine's sentence, and it stays in the scene's place (:func:`other_places`)."""
    if context.kind == "line":
        return Check("sense", True)
    if context.kind == "colour" and YOU_ACT.match(text):
        return Check("sense", False, "makes the character act")
    known = " ".join((context.scene, context.action, context.lead, *context.names, *evidence.names)).lower()
    newcomer = next((m for m in NEWCOMER.finditer(text)
                     if not re.search(r"\b(like|as|way)\s*$", text[:m.start()], re.I)), None)  # not a simile
    if newcomer and newcomer.group(0).lower() not in known:
        return Check("sense", False, f"brings in {newcomer.group(0)!r}, whom the player could not act on")
    if context.kind != "colour":  # a whole narration may name places and people's parts; a colour line may not
        return Check("sense", True)
    for sentence in split(text) or [text]:
        unknown = new_names(sentence, known)
        if unknown:
            return Check("sense", False, f"names {unknown[0]!r}, whom the scene does not know")
    if context.lead and similar(text, context.lead) >= 0.5:
        return Check("sense", False, "re-tells the engine's sentence")
    elsewhere = other_places(text, known)
    if elsewhere:
        return Check("sense", False, f"is somewhere else: {elsewhere[0]!r} is not the scene's")
    return Check("sense", True)


# --- the gate --------------------------------------------------------------------------------------------------


@lru_cache(maxsize=1)
def default_embed() -> Embed:
    from narrator.memory.embedder import default_embedder

    return default_embedder().embed


class Gate:
    """All checks in order; the embedder is only called when the cheap checks pass (it is the slow one)."""

    def __init__(self, embed: Embed | None = None):
        self._embed = embed

    @property
    def embed(self) -> Embed:
        return self._embed or default_embed()

    def __call__(self, text: str, evidence: Evidence, context: GateContext | None = None,
                 trusted: bool = False) -> Verdict:
        """``trusted``: the engine wrote ``text`` (the floor) — it is never guarded, checked for its outcome or sense
        or embedded for its topic (it is built from the action and the results), only for form and repetition, so a
        variant can be chosen."""
        context = context or GateContext()
        cleaned = clean(text)
        guarded, report = (cleaned, None) if trusted else guard_text(cleaned, evidence) if cleaned else ("", None)
        verdict = Verdict(text, guarded, removed=list(report.removed) if report else [],
                          guard_reasons=list(report.reasons) if report else [])
        judged = guarded or cleaned
        verdict.checks.append(Check("provenance", bool(guarded),
                                    "; ".join(verdict.guard_reasons) if not guarded and report and report.removed
                                    else "" if guarded else "nothing left"))
        for fn in (check_words, check_meta, check_address, check_outcome, check_repetition, check_sense):
            verdict.checks.append(Check(fn.__name__[6:], True) if trusted and fn in (check_outcome, check_sense)
                                  else fn(judged, evidence, context))  # the engine's hooks bring in strangers
        if not judged.strip():
            verdict.checks.append(Check("topic", False, "empty"))
        elif trusted:  # the engine's sentence is on topic by making
            verdict.checks.append(Check("topic", True, "the engine's own text", 1.0))
        else:
            verdict.checks.append(check_topic(judged, evidence, context, self.embed))
        order = {n: i for i, n in enumerate(CHECKS)}
        verdict.checks.sort(key=lambda c: order[c.name])
        return verdict


_GATE = Gate()


def gate(text: str, evidence: Evidence, context: GateContext | None = None, trusted: bool = False) -> Verdict:
    """Judge one text against what the engine established (``trusted``: the engine wrote it, see :class:`Gate`).
    See the module docstring."""
    return _GATE(text, evidence, context, trusted)
