"""Best-of-N with a scripted backend: garbage first, then a good narration; the floor when nothing passes; what the
narration event records; prompts fitted to the model (examples from files, the action in the second person)."""

from __future__ import annotations

import re

from pydantic import ConfigDict

from narrator.models.scripted import ScriptedBackend
from narrator.agent.evidence import Evidence
from narrator.narration import prompting
from narrator.narration.candidates import ADAPTED, CAPABLE, COLOUR, SMALL, WHOLE, Narrator, Profile, profile_for
from narrator.narration.gate import GateContext
from narrator.narration.prompting import TurnFacts
from narrator.tools.contract import ToolResult
from narrator.tools.systems import get_system

VOCAB = get_system("minim").vocabulary()
SCENE = "The fog-bound docks at night. A cargo has gone missing."
FACTS = TurnFacts(action="I sneak past the guard", scene=SCENE, present=("Old Mags",),
                  threads=("who stole the cargo",))
CONTEXT = GateContext(action=FACTS.action, scene=SCENE)
GARBAGE = ["(no, nothing)", "(narrative 2)", "(", "(The player's character's response is as follows:",
           "The game has an ending. The player's character's response is as follows: ..."]


class _Check(ToolResult):
    model_config = ConfigDict(extra="allow", frozen=True)


def rolled(label: str, success: bool) -> Evidence:
    result = _Check(summary=f"Kit: Target 4: rolled 3 and 5 → {label}", dice=[{"face": 3}, {"face": 5}],
                    outcome_label=label, success=success, skill="stealth")
    return Evidence((("minim_check", result),), (), VOCAB, "minim", "Kit", ("Kit", "Guard"))


SMALL_ALL = Profile(style="completion", candidates=6, budget=1e9, stream=False, max_tokens=48, min_candidates=6)


def test_garbage_first_then_the_best_passing_candidate_is_shown():
    good = " keep to the fog and slip past the guard while he watches the water."
    backend = ScriptedBackend(GARBAGE[:3] + [good] + GARBAGE[3:])  # the 4th candidate is primed with " You"
    shown: list[str] = []
    out = Narrator(backend, profile=SMALL_ALL).narrate(rolled("success", True), FACTS, CONTEXT, seed=5,
                                                       on_text=shown.append)
    assert out.source == "model" and out.asked == 6
    assert out.text.startswith("You") and "slip past the guard" in out.text
    assert shown == [out.text]  # a small model's candidates are never streamed: only the chosen text is shown
    assert len(out.rejected) == 5 and all(not v.passed for v in out.rejected)
    record = out.record()
    assert record["source"] == "model" and record["shown"]["passed"]
    assert [set(r["failed"]) & {"words", "meta"} for r in record["rejected"]] and \
        all(r["failed"] for r in record["rejected"])
    seeds = [settings.seed for _, settings in backend.calls]
    assert len(set(seeds)) == 6  # every candidate has its own seed


def test_nothing_passes_so_the_floor_speaks_and_says_the_failure():
    backend = ScriptedBackend(lambda m, s: "(narrative 2)")
    out = Narrator(backend, profile=SMALL_ALL).narrate(rolled("failure", False), FACTS, CONTEXT, seed=1)
    assert out.source == "floor" and out.guard.fallback and out.asked == 6
    assert "sneak past the guard" in out.text and re.search(r"\bbut\b", out.text)
    assert out.shown is not None and out.shown.passed
    assert len(out.record()["rejected"]) == 6


def test_a_success_narrated_as_a_failure_is_rejected():
    backend = ScriptedBackend([" try to sneak past, but the guard spots you at once.",
                               ", and nobody hears a thing."])  # the second opener re-voices the action
    two = Profile(style="completion", candidates=2, budget=1e9, stream=False, min_candidates=2)
    out = Narrator(backend, profile=two).narrate(rolled("success", True), FACTS, CONTEXT, seed=2)
    assert "outcome" in out.record()["rejected"][0]["failed"]
    assert out.text == "You sneak past the guard, and nobody hears a thing."


def test_the_budget_bounds_the_candidates_but_the_first_always_runs():
    backend = ScriptedBackend(lambda m, s: "(no, nothing)")
    none = Profile(style="completion", candidates=6, budget=0.0, stream=False)
    out = Narrator(backend, profile=none).narrate(rolled("success", True), FACTS, CONTEXT, seed=2)
    assert out.asked == 1 and out.source == "floor"


def test_a_capable_model_streams_its_first_candidate_and_keeps_it_when_it_passes():
    text = "You keep low along the crates. The guard stares out at the water and sees nothing."
    backend = ScriptedBackend([text])
    shown: list[str] = []
    out = Narrator(backend, profile=CAPABLE).narrate(rolled("success", True), FACTS, CONTEXT, seed=3,
                                                     on_text=shown.append)
    assert out.source == "model" and out.asked == 1 and out.text == text
    assert "".join(shown).strip() == text and len(shown) == 2  # sentence by sentence


def test_progress_is_reported_per_candidate():
    seen: list[tuple[int, int]] = []
    backend = ScriptedBackend(lambda m, s: "(")
    Narrator(backend, profile=SMALL_ALL).narrate(rolled("success", True), FACTS, CONTEXT, seed=4,
                                                 on_progress=lambda i, n: seen.append((i, n)))
    assert seen == [(i, 6) for i in range(1, 7)]


def test_profiles_fit_the_model():
    assert profile_for(ScriptedBackend([])).style == "chat"  # no raw completion, no file: a capable chat model

    class TinyGGUF(ScriptedBackend):
        def __init__(self, path):
            super().__init__([])
            self.model_path = path

    tiny = TinyGGUF(__import__("pathlib").Path(__file__))
    small = profile_for(tiny)
    assert small == SMALL and not small.stream and small.style == "engine"  # blind readers chose the engine's text
    assert profile_for(tiny, style="chat").style == "chat"
    assert profile_for(tiny, style="completion") == WHOLE
    assert profile_for(tiny, style="colour") == COLOUR
    tiny.adapter = __import__("pathlib").Path("adapter.gguf")
    assert profile_for(tiny, style="colour") == ADAPTED and ADAPTED.colour and ADAPTED.min_candidates == 2
    assert profile_for(ScriptedBackend([]), style="engine").style == "engine"


def test_the_engine_style_asks_the_model_nothing():
    backend = ScriptedBackend(lambda m, s: "You slip past.")
    engine = Profile(style="engine")
    out = Narrator(backend, profile=engine).narrate(rolled("failure", False), FACTS, CONTEXT, seed=1)
    assert backend.calls == [] and out.source == "floor" and out.asked == 0 and not out.guard.fallback
    assert "sneak past the guard" in out.text and out.shown is not None and out.shown.passed


def test_completion_prompt_uses_the_example_files_and_the_second_person():
    prompt = prompting.build(rolled("failure", False), FACTS, "completion", " You try to sneak past the guard, but")
    assert prompt.text.endswith("Narration: You try to sneak past the guard, but")
    assert "Action: You sneak past the guard." in prompt.text and "I sneak" not in prompt.text
    assert "Outcome: failure: it does not work." in prompt.text and "Here: Old Mags." in prompt.text
    examples = prompting.examples("minim")
    assert examples[0].narration in prompt.text and len(prompt.examples) == prompting.EXAMPLES
    assert not re.search(r"\d", prompt.text.split("Scene: The fog-bound")[1])  # no numbers about this turn
    other = prompting.build(rolled("success", True), TurnFacts("I open the door", "A cellar."), "completion")
    assert other.text.split("Scene: A cellar.")[0] == prompt.text.split("Scene: The fog-bound")[0]  # stable prefix


def test_chat_prompt_gives_the_examples_as_earlier_turns():
    prompt = prompting.build(rolled("success", True), FACTS, "chat")
    roles = [m.role for m in prompt.messages]
    assert roles[0] == "system" and roles[1:3] == ["user", "assistant"] and roles[-1] == "user"
    assert prompt.messages[2].content == prompting.examples("minim")[0].narration


def test_primes_follow_the_engine_outcome():
    assert prompting.primes(rolled("failure", False), FACTS, 0)[0] == " You try to sneak past the guard, but"
    assert prompting.primes(rolled("neutral", False), FACTS, 0)[0] == " You sneak past the guard, but"
    assert prompting.primes(rolled("success", True), FACTS, 0)[0] == " You"
    assert {prompting.primes(rolled("failure", False), FACTS, s)[0] for s in range(3)} == {
        f" {t.format(base='sneak past the guard')}" for t in prompting.TRIES}


def test_a_candidate_keeps_its_complete_sentences_and_drops_the_words_left_unfinished():
    """A token limit cut "You make a wish, and Lord Aubrey gives you a choice. You" — and it was shown so."""
    from narrator.narration.candidates import first_sentences

    assert first_sentences("You make a wish, and Lord Aubrey gives you a choice. You", 1) == \
        "You make a wish, and Lord Aubrey gives you a choice."
    assert first_sentences("The lock gives. You slip in. The hall is dark. A", 3) == \
        "The lock gives. You slip in. The hall is dark."
    assert first_sentences("The lock gives. You slip in", 3) == "The lock gives."
    assert first_sentences("The lock gives.  You slip in.", 1) == "The lock gives."
    assert first_sentences("no sentence end at all", 1) == "no sentence end at all"
