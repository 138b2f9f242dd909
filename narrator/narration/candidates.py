"""Best-of-N narration within a latency budget: seeded candidates, judged by the gate, the best that passes shown.

Why several: an embedded model writes a good sentence perhaps one time in three, and a candidate costs it a few
tenths of a second (the few-shot prefix stays in llama.cpp's KV cache). So :class:`Narrator` asks for up to
``Profile.candidates`` completions with seeds derived from the turn's seed, stops early when one passes with a
good score or the budget is spent, and shows the best passing one — else the engine's floor
(:mod:`narrator.narration.floor`). Every rejected candidate and the checks it failed go into the narration event.

How the model is treated is its :class:`Profile`, chosen by :func:`profile_for`:

* a small local model (a GGUF under 1 GB, such as the embedded ones): the engine's sentence alone (``SMALL``,
  style ``engine``): blind readers found the embedded model's own sentences sensible about a third of the time;
  ``--style colour`` adds the model's sentence after the engine's (:mod:`narrator.narration.colour`, with the
  colour adapter when it is loaded), ``--style completion`` asks for the whole narration as a few-shot
  completion (``WHOLE``, primed openings); at least three and up to six candidates of one sentence each (a tiny
  model's second sentence is where it wanders off), nothing streamed — the player sees progress
  (``on_progress``), never a rejected candidate;
* a capable model (a larger GGUF, or a server): chat with examples, the first candidate streamed sentence by
  sentence through the provenance guard and the gate's sentence checks, then judged whole; only if it fails are
  more candidates asked for, and the final text replaces what was streamed.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from narrator.models.base import BackendError, GenerationSettings, LLMBackend
from narrator.agent.evidence import Evidence
from narrator.agent.guard import GuardReport, SentenceGuard
from narrator.narration import STYLES, colour, floor, prompting  # noqa: F401 - STYLES: importable from here
from narrator.narration.gate import SENTENCE, Gate, GateContext, Verdict, check_meta, check_words
from narrator.narration.prompting import TurnFacts

SENTENCE_CLOSED = re.compile(r"[.!?][\"'”’)]*\s")
SMALL_MODEL_BYTES = 1_000_000_000
COLOUR_SENTENCES = 2
"""A colour line is one sentence, or a gesture and a short remark ("Hale spits in the dust. "Lot of folks," he
says.")."""
GOOD_SCORE = 0.85
"""A passing candidate scoring at least this ends the search early (relevance to the action plus a length bonus)."""


@dataclass(frozen=True)
class Profile:
    style: str = "chat"  # "completion" (few-shot, primed) or "chat" (examples as turns)
    candidates: int = 3
    budget: float = 2.5  # seconds for all candidates of one turn (the first one always runs)
    stream: bool = True
    max_tokens: int = 60
    temperature: float = 0.8
    min_candidates: int = 1  # ask at least this many (within the budget) before settling for a good one
    sentences: int = 3  # keep at most this many sentences of a candidate (a tiny model's second one wanders)
    colour: bool = False  # the engine's sentence first, the model's one sentence after it (colour.py)


WHOLE = Profile(style="completion", candidates=6, budget=1.5, stream=False, max_tokens=48, temperature=0.8,
                min_candidates=3, sentences=1)
"""A small model asked for the whole narration (``--style completion``): how the embedded models narrated before
stop 41, kept to measure against."""
SMALL = replace(WHOLE, style="engine")
"""A small model's default: the engine's sentence alone. Blind readers judged the embedded SmolLM2's own sentences
(whole, or as colour after the engine's, even with the trained adapter) sensible in about a third of turns and
the engine's alone in nine of ten (docs/narration.md): the model writes only when asked (``--style colour``)."""
COLOUR = replace(WHOLE, max_tokens=40, colour=True)
"""``--style colour``: the engine's sentence, then the model's (:mod:`narrator.narration.colour`)."""
ADAPTED = replace(COLOUR, candidates=4, budget=1.0, min_candidates=2, temperature=0.4)
"""``--style colour`` with the colour adapter (:mod:`models.colour`): trained for the line, it needs fewer tries.
Sampled at 0.4: four blind readers judged held-out 2's passing lines sensible in 42.9% of labels at 0.4 against
27.4% at 0.8, with no contradiction shown (docs/narration.md, "Choosing the colour line")."""
CAPABLE = Profile(style="chat", candidates=3, budget=8.0, stream=True, max_tokens=120, temperature=0.7)


def profile_for(backend: Any, style: str | None = None) -> Profile:
    """SMALL for a local GGUF under 1 GB or without a chat template, CAPABLE otherwise; ``style`` overrides:
    ``engine`` (no model text), ``colour`` (the engine's sentence, then the model's), ``completion`` or ``chat``
    (the model's whole narration, in that prompt shape)."""
    path = getattr(backend, "model_path", None)
    small = False
    if path is not None:
        try:
            small = path.stat().st_size < SMALL_MODEL_BYTES or not getattr(backend, "has_chat_template", True)
        except OSError:
            small = False
    chosen = SMALL if small else CAPABLE
    if style == "engine":
        chosen = replace(chosen, style="engine")
    elif style == "colour":
        chosen = ADAPTED if getattr(backend, "adapter", None) is not None else COLOUR
    elif style in ("completion", "chat"):
        chosen = replace(WHOLE if small else chosen, style=style)
    if chosen.style == "completion" and not callable(getattr(backend, "stream_text", None)):
        chosen = replace(chosen, style="chat", colour=False)  # a chat-only backend (a server): examples as turns
    return chosen


def first_sentences(text: str, n: int) -> str:
    """The first ``n`` complete sentences of a candidate, without the unfinished words a token limit left after them
    ("...gives you a choice. You" was shown); a candidate with no complete sentence stays as it is, for the gate."""
    flat = " ".join(text.split())
    ends = list(SENTENCE.finditer(flat))
    return flat[: ends[min(n, len(ends)) - 1].end()].strip() if ends else text


@dataclass
class Narration:
    """What the player reads and how it was chosen."""

    text: str
    source: str  # "model" (the model's whole narration), "colour" (the engine's sentence, then the model's) or "floor"
    colour: str = ""  # "colour": the model's sentence alone
    lead: str = ""  # "colour": the engine's sentence the model's followed (shown or not)
    shown_at: int = -1  # which candidate (in the order asked) is shown; -1: none of them
    shown: Verdict | None = None
    rejected: list[Verdict] = field(default_factory=list)
    guard: GuardReport = field(default_factory=GuardReport)
    seconds: float = 0.0
    asked: int = 0
    error: str | None = None

    def record(self) -> dict[str, Any]:
        """The gate's part of the narration event: the source, the shown verdict, every rejected candidate."""
        return {"source": self.source, "candidates": self.asked, "seconds": round(self.seconds, 3), "lead": self.lead,
                "shown_at": self.shown_at,
                "shown": self.shown.as_dict() if self.shown else None,
                "rejected": [v.as_dict() for v in self.rejected]}


class Narrator:
    def __init__(self, backend: LLMBackend | None, gate: Gate | None = None, profile: Profile | None = None,
                 style: str | None = None):
        self.backend = backend
        self.gate = gate or Gate()
        self.profile = profile or profile_for(backend, style)

    # -- one candidate ---------------------------------------------------------------------------------------
    def _stream(self, evidence: Evidence, facts: TurnFacts, seed: int, prime: str) -> tuple[Iterator[str], str,
                                                                                            tuple[str, ...]]:
        p = self.profile
        prompt = prompting.build(evidence, facts, p.style, prime)
        settings = GenerationSettings(max_tokens=p.max_tokens, temperature=p.temperature, seed=seed,
                                      stop=("\n",) if p.style == "completion" else ("\n\n", "Scene:", "Action:"))
        assert self.backend is not None
        if p.style == "completion":
            return self.backend.stream_text(prompt.text, settings), prompt.prime, prompt.examples  # type: ignore
        return self.backend.stream(list(prompt.messages), settings), "", prompt.examples

    def _streamed_first(self, chunks: Iterator[str], evidence: Evidence, context: GateContext,
                        on_text: Callable[[str], None] | None) -> str:
        """Show sentences as they come, each through the guard and the gate's sentence checks."""
        guard = SentenceGuard(evidence)
        shown: list[str] = []

        def emit(sentences: list[str]) -> None:
            for s in sentences:
                if check_words(s, evidence, context).passed and check_meta(s, evidence, context).passed:
                    shown.append(s)
                    if on_text:
                        on_text(s + " ")

        text = ""
        for chunk in chunks:
            text += chunk
            emit(guard.feed(chunk))
            if guard.full:
                break
        emit(guard.finish())
        return text

    @staticmethod
    def _collect(chunks: Iterator[str], prime: str, sentences: int) -> str:
        """The candidate's text, stopping the model once it has closed ``sentences`` sentences (with the prime):
        what follows would be cut anyway, and a small model's tokens are the turn's latency."""
        text = ""
        for chunk in chunks:
            text += chunk
            if len(SENTENCE_CLOSED.findall(prime + text)) >= sentences:
                break
        return text

    # -- the engine's sentence, and the model's colour after it -----------------------------------------------
    def floor(self, evidence: Evidence, facts: TurnFacts, context: GateContext, seed: int) -> Verdict:
        """The engine's sentence: the first floor variant the gate lets through (not used recently), else the first."""
        for option in floor.compose(evidence, facts.action, facts.scene,
                                    facts.present[0] if facts.present else None, seed, context.said):
            judged = self.gate(option, evidence, replace(context, examples=()), trusted=True)
            if judged.passed:
                return judged
        option = floor.compose(evidence, facts.action, facts.scene, None, seed, context.said)[0]
        return self.gate(option, evidence, replace(context, recent=(), said=(), examples=()), trusted=True)

    def _tries(self, started: float, on_progress: Callable[[int, int], None] | None) -> Iterator[int]:
        """Candidate numbers within the budget (the first always runs), each reported as progress."""
        p = self.profile
        for i in range(p.candidates):
            if i and time.monotonic() - started > p.budget:
                return
            if on_progress:
                on_progress(i + 1, p.candidates)
            yield i

    @staticmethod
    def _tally(out: "Narration", verdicts: list[Verdict], judged: Verdict) -> None:
        """One candidate judged: counted, and what the guard removed from it recorded."""
        out.asked += 1
        out.guard.removed += judged.removed
        out.guard.reasons += judged.guard_reasons
        verdicts.append(judged)

    def _coloured(self, evidence: Evidence, facts: TurnFacts, context: GateContext, seed: int,
                  on_progress: Callable[[int, int], None] | None, lead: str | None) -> Narration:
        started = time.monotonic()
        p = self.profile
        engine = (self.gate(lead, evidence, replace(context, examples=()), trusted=True) if lead
                  else self.floor(evidence, facts, context, seed))  # the caller's sentence, or the floor's
        lead = engine.text
        adapter = getattr(self.backend, "adapter", None) is not None  # trained for it: no examples needed
        text = (colour.adapter_prompt(facts.scene, lead) if adapter
                else colour.prompt(evidence.system, facts.scene, lead)[0])
        judged_as = replace(context, kind="colour", lead=lead,
                            examples=colour.example_lines(evidence.system))  # copies are refused either way
        out = Narration(lead, "floor", shown=engine, lead=lead)
        verdicts: list[Verdict] = []
        for i in self._tries(started, on_progress):
            settings = GenerationSettings(max_tokens=p.max_tokens, temperature=p.temperature,
                                          seed=(seed + i) % 2**31, stop=("\n",))
            try:
                chunks = (self.backend.stream_text(text, settings, adapter=True) if adapter  # type: ignore[union-attr]
                          else self.backend.stream_text(text, settings))  # type: ignore[union-attr]
                said = self._collect(chunks, "", COLOUR_SENTENCES)
            except BackendError as e:
                out.error = str(e)
                break
            judged = self.gate(first_sentences(said.strip(), COLOUR_SENTENCES), evidence, judged_as)
            self._tally(out, verdicts, judged)
            if judged.passed and judged.score >= GOOD_SCORE and out.asked >= p.min_candidates:
                break
        passing = [v for v in verdicts if v.passed]
        if passing:
            best = max(passing, key=lambda v: v.score)
            out.text, out.source, out.shown, out.colour = f"{lead} {best.text}", "colour", best, best.text
            out.shown_at = verdicts.index(best)
        out.guard.fallback = not passing
        out.rejected = [v for v in verdicts if v is not out.shown]
        out.seconds = time.monotonic() - started
        return out

    # -- the turn --------------------------------------------------------------------------------------------
    def narrate(self, evidence: Evidence, facts: TurnFacts, context: GateContext, seed: int = 0,
                on_text: Callable[[str], None] | None = None,
                on_progress: Callable[[int, int], None] | None = None, lead: str | None = None) -> Narration:
        """``lead``: the engine's sentence when the caller wrote it (a scene's framing); else the floor's."""
        if self.backend is not None and self.profile.colour:
            out = self._coloured(evidence, facts, context, seed, on_progress, lead)
            if on_text:
                on_text(out.text)
            return out
        started = time.monotonic()
        out = Narration("", "floor")
        verdicts: list[Verdict] = []
        p = self.profile
        openings = prompting.primes(evidence, facts, seed) if p.style == "completion" else [""]
        streamed = False
        if self.backend is not None and p.style != "engine":
            for i in self._tries(started, on_progress):
                prime = openings[i % len(openings)]
                try:
                    chunks, opened, shown_examples = self._stream(evidence, facts, (seed + i) % 2**31, prime)
                    if p.stream and i == 0:
                        text = self._streamed_first(chunks, evidence, context, on_text)
                        streamed = True
                    else:
                        text = self._collect(chunks, prime, p.sentences)
                except BackendError as e:
                    out.error = str(e)
                    break
                text = (prime + text).strip() if opened else text
                text = first_sentences(text, p.sentences)
                judged = self.gate(text, evidence, replace(context, examples=shown_examples))
                self._tally(out, verdicts, judged)
                if judged.passed and (p.stream or judged.score >= GOOD_SCORE and out.asked >= p.min_candidates):
                    break  # a capable model's first passing text stands; a small one's must also score well
        passing = [v for v in verdicts if v.passed]
        if passing:
            best = max(passing, key=lambda v: v.score)
            out.text, out.source, out.shown, out.shown_at = best.text, "model", best, verdicts.index(best)
        else:
            out.guard.fallback = bool(verdicts)  # the engine's sentence stands in for the model's
            out.shown = self.floor(evidence, facts, context, seed)
            out.text = out.shown.text
        out.rejected = [v for v in verdicts if v is not out.shown]
        out.guard.regenerated = out.asked > 1
        if on_text and not (streamed and out.source == "model" and out.shown is verdicts[0]):
            on_text(out.text)
        out.seconds = time.monotonic() - started
        return out
