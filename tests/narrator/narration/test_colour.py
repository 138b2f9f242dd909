"""The engine's sentence first, the small model's colour after it (:mod:`narrator.narration.colour`, issue 27): the
engine says what happened, always; a model sentence is added only when it passes the gate as a colour line — the
guard and the outcome check, the topic, and the sense check (nobody the scene does not know, the character never
made to act, no re-telling of the engine's sentence)."""

from __future__ import annotations

from pydantic import ConfigDict

from narrator.agent.evidence import Evidence
from narrator.models.scripted import ScriptedBackend
from narrator.narration import colour
from narrator.narration.candidates import COLOUR, Narrator
from narrator.narration.gate import GateContext, check_sense, new_names
from narrator.narration.prompting import TurnFacts
from narrator.tools.contract import ToolResult
from narrator.tools.systems import all_systems, get_system

VOCAB = get_system("minim").vocabulary()
SCENE = "The fog-bound docks at night. A cargo has gone missing. Old Mags, a fence, is here."
FACTS = TurnFacts(action="I sneak past the guard", scene=SCENE, present=("Old Mags",))
CONTEXT = GateContext(action=FACTS.action, scene=SCENE, names=("Old Mags",))
ALL = COLOUR.__class__(**{**COLOUR.__dict__, "budget": 1e9, "min_candidates": 6})


class _Check(ToolResult):
    model_config = ConfigDict(extra="allow", frozen=True)


def rolled(label: str, success: bool) -> Evidence:
    result = _Check(summary=f"Kit: Target 4: rolled 3 and 5 → {label}", dice=[{"face": 3}, {"face": 5}],
                    outcome_label=label, success=success, skill="stealth")
    return Evidence((("minim_check", result),), (), VOCAB, "minim", "Kit", ("Kit", "Guard", "Old Mags"))


def narrate(lines, label="success", success=True, lead=None):
    backend = ScriptedBackend(lines)
    out = Narrator(backend, profile=ALL).narrate(rolled(label, success), FACTS, CONTEXT, seed=3, lead=lead)
    return out, backend


def test_the_engine_speaks_first_and_the_models_colour_follows():
    out, backend = narrate([" Water laps at the docks below, and the guard yawns."] * 6)
    engine = Narrator(None).floor(rolled("success", True), FACTS, CONTEXT, 3).text
    assert out.source == "colour" and out.colour == "Water laps at the docks below, and the guard yawns."
    assert out.text == f"{engine} Water laps at the docks below, and the guard yawns."
    assert "sneak past the guard" in engine  # the engine's sentence tells what happened
    prompt = backend.calls[0][0][0].content
    assert prompt.startswith(colour.HEADER) and prompt.endswith(f"What happened: {engine}\nNext:")
    assert out.record()["source"] == "colour" and out.record()["shown"]["passed"]
    assert out.record()["lead"] == engine and out.record()["shown_at"] == 0


def test_the_record_says_which_candidate_was_asked_when():
    """A harvest (narrator/narration/sense) puts the candidates back in the order asked: candidate i had seed
    (turn + i)."""
    out, _ = narrate([" Captain Velk steps out of the fog.", " Water laps at the docks below, and the guard yawns."]
                     + [" (" ] * 4)
    record = out.record()
    assert record["shown_at"] == 1 and record["shown"]["text"].startswith("Water laps")
    assert [r["text"] for r in record["rejected"]][0].startswith("Captain Velk")


def test_no_colour_passes_so_the_engine_sentence_stands_alone():
    out, _ = narrate([" Captain Velk steps out of the fog.", " You stand up and walk home.", " (", "",
                      " You sneak past the guard and nobody sees you sneak past the guard.", " Narration: ok"])
    engine = Narrator(None).floor(rolled("success", True), FACTS, CONTEXT, 3).text
    assert out.source == "floor" and out.text == engine and out.colour == "" and out.guard.fallback
    failed = [set(r["failed"]) for r in out.record()["rejected"]]
    assert "sense" in failed[0] and "sense" in failed[1] and len(failed) == 6


def test_a_colour_that_contradicts_the_dice_is_never_shown():
    out, _ = narrate([" You slip past him and reach the warehouse unseen."] * 6, "failure", False)
    assert out.source == "floor" and "unseen" not in out.text  # a success told after a failure


def test_a_callers_lead_is_continued_as_given():
    out, backend = narrate([" Gulls wheel over the docks in the fog."] * 6, lead="You stand on the fog-bound docks.")
    assert out.text == "You stand on the fog-bound docks. Gulls wheel over the docks in the fog."
    assert backend.calls[0][0][0].content.endswith("What happened: You stand on the fog-bound docks.\nNext:")


def test_the_sense_check_reads_names_actions_and_retellings():
    ctx = GateContext(kind="colour", action="I sneak past the guard", scene=SCENE, lead="You sneak past the guard.")
    evidence = rolled("success", True)
    assert not check_sense("A man named Velk waves from a boat.", evidence, ctx).passed
    assert check_sense("Old Mags laughs somewhere in the dark.", evidence, ctx).passed
    assert not check_sense("You climb onto the roof.", evidence, ctx).passed
    assert check_sense("You hear water lapping at the piles.", evidence, ctx).passed
    assert not check_sense("You sneak past the guard.", evidence, ctx).passed
    assert not check_sense("A figure sits on the pier, watching.", evidence, ctx).passed  # nobody to act on
    assert check_sense("The guard yawns and looks away.", evidence, ctx).passed
    assert check_sense("Velk waves from a boat.", evidence, GateContext(kind="narration")).passed  # colour only
    whole = GateContext(kind="narration", scene=SCENE)  # a whole narration brings in nobody either (issue 27)
    assert not check_sense("A figure sits on the pier, watching.", evidence, whole).passed
    assert check_sense("A figure sits on the pier.", evidence, GateContext(kind="line")).passed  # an NPC's words
    assert new_names('The guard mutters, "Go home."', "the guard") == []
    assert not check_sense("You and Old Mags stand on the ship's bow.", evidence, ctx).passed  # another place
    assert check_sense("Fog curls over the docks.", evidence, ctx).passed  # the scene's own place


def test_other_places_are_place_words_the_scene_does_not_have():
    from narrator.narration.gate import other_places

    known = "the half-built fortress courtyard. a storm is rolling in."
    assert other_places("You both stand on the ship's deck.", known) == ["deck", "ship"]
    assert other_places("Rain sweeps the courtyards.", known) == []  # a plural of the scene's own
    assert other_places("Thunder rolls overhead.", known) == []


def test_every_system_has_colour_examples_the_prompt_can_use():
    for system in all_systems():
        shots = colour.examples(system.name)
        assert len(shots) >= 6 and all(s["scene"] and s["happened"] and s["next"] for s in shots)
        text, examples = colour.prompt(system.name, "", "You wait.")
        assert text.endswith("Scene: somewhere unknown.\nWhat happened: You wait.\nNext:")
        assert examples == tuple(s["next"] for s in shots)
