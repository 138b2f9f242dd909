"""The narration gate: each named check with passing and failing examples, the five bad narrations a newcomer
was shown (verbatim), and outcome agreement on success/failure pairs."""

from __future__ import annotations

import pytest
from pydantic import ConfigDict

from narrator.agent.evidence import Evidence
from narrator.narration.gate import (CHECKS, GateContext, check_address, check_meta, check_outcome,
                                     check_repetition, check_topic, check_words, clean, gate, polarity)
from narrator.tools.contract import ToolResult
from narrator.tools.systems import get_system

VOCAB = get_system("minim").vocabulary()
SCENE = "The fog-bound docks at night. A cargo has gone missing."
CTX = GateContext(action="I sneak past the guard", scene=SCENE)

NEWCOMER_SAW = [  # verbatim: the five narrations of issue 9
    "(no, nothing)",
    "(narrative 2)",
    "(",
    "(The player's character's response is as follows:",
    "The game has an ending. The player's character's response is as follows: ...",
]


class _Check(ToolResult):
    model_config = ConfigDict(extra="allow", frozen=True)


def rolled(label: str, success: bool) -> Evidence:
    result = _Check(summary=f"Kit: Target 4: rolled 3 and 5 → {label}", dice=[{"face": 3}, {"face": 5}],
                    outcome_label=label, success=success, skill="stealth")
    return Evidence((("minim_check", result),), (), VOCAB, "minim", "Kit", ("Kit", "Guard"))


NOTHING = Evidence.none("minim", VOCAB, "Kit", ("Kit", "Guard"))


@pytest.mark.parametrize("text", NEWCOMER_SAW)
def test_the_narrations_a_newcomer_was_shown_never_pass(text):
    verdict = gate(text, NOTHING, CTX)
    assert not verdict.passed
    assert {"words", "meta"} & set(verdict.failed), verdict.as_dict()


def test_a_good_narration_passes_every_check():
    verdict = gate("You keep to the fog and slip past the guard while he stares at the water.", rolled("success", True),
                   CTX)
    assert verdict.passed and verdict.failed == [] and [c.name for c in verdict.checks] == list(CHECKS)


@pytest.mark.parametrize("text,ok", [
    ("You slip past the guard.", True),
    ("You keep low. The guard never turns.", True),
    ("You slip past the", False),  # a fragment
    ("you slip past the guard.", False),  # no capital
    ("Xzqv blorp you frun the guard.", False),  # not words
    ("You you you slip past.", False),  # stuck
    ("You both fight and you both fight, and you both are on the other side.", False),  # a loop
    ("You fight the guard, and the guard fights back.", True),  # words again, no phrase twice
    ("Her smile is warm and warm, and she walks on.", False),  # a word joined to itself
    ("The sand is sand and sand.", False),
    ("The bell tolls over and over, closer and closer.", True),  # idioms
    ("The night grows cold and colder.", True),
    ("Go.", False),  # under two words
    ("", False),
])
def test_words(text, ok):
    assert check_words(text, NOTHING, CTX).passed is ok


def test_a_long_name_said_twice_is_no_loop():
    """Seen in Mini Six assist: "You close with the corrupt corp enforcer, and your weapon bites home. The corrupt
    corp enforcer falls, dead." was refused as "a phrase said twice: 'the corrupt corp'", and the turn was told
    "it goes the way you wanted". A name is one word to the loop check; a loop around it still is one."""
    named = Evidence.none("minim", VOCAB, "Kit", ("Kit", "Corrupt Corp Enforcer"))
    text = "You close with the corrupt corp enforcer, and your weapon bites home. The corrupt corp enforcer falls."
    assert check_words(text, named, CTX).passed
    assert not check_words(text, NOTHING, CTX).passed  # the same words, not a name on the table
    assert not check_words("You strike the corrupt corp enforcer hard and you strike the corrupt corp enforcer hard.",
                           named, CTX).passed


def test_names_from_the_table_and_the_scene_count_as_words():
    ctx = GateContext(action="I hail Zyrrak", scene="Qoth harbour at dawn.", names=("Zyrrak",))
    assert check_words("You hail Zyrrak across Qoth harbour.", NOTHING, ctx).passed


@pytest.mark.parametrize("text,ok", [
    ("You slip past the guard.", True),
    ("As the narrator, I say you slip past.", False),
    ("The player's character slips past.", False),
    ("Here is the response: you slip past.", False),
    ("Sure, you slip past the guard.", False),
    ("You slip past the guard (stealth).", False),
    ("**You slip past.**", False),
    ("Action: You slip past the guard.", False),
    ("The game continues as you slip past.", False),
])
def test_meta(text, ok):
    assert check_meta(text, NOTHING, CTX).passed is ok


@pytest.mark.parametrize("text,ok", [
    ("You slip past the guard.", True),
    ("Your boots make no sound.", True),
    ("Kit slips past the guard.", True),
    ("The guard yawns and looks at the water.", False),
])
def test_address(text, ok):
    assert check_address(text, NOTHING, CTX).passed is ok


def test_address_is_not_asked_of_a_question_or_an_npc_line():
    assert check_address("Who goes there?", NOTHING, GateContext(kind="line")).passed


@pytest.mark.parametrize("text,ok", [
    ("You keep to the shadows and slip past the guard.", True),
    ("You hide in the fog as the guard walks by on the docks.", True),
    ("The fish catches a large fish.", False),
    ("You have a lucky day.", False),
])
def test_topic(text, ok):
    assert check_topic(text, NOTHING, CTX).passed is ok


SUCCESS_FAILURE_PAIRS = [  # (narrates success, narrates failure) for the same action
    ("You slip past the guard without a sound.", "You try to slip past, but the guard spots you."),
    ("The lock clicks open under your fingers.", "The lock does not budge, however long you work at it."),
    ("You leap the gap and land on the far roof.", "You leap, but you fall short and cling to the gutter."),
    ("You pry the lid off the crate.", "You pry at the lid, but it will not come off."),
    ("The guard does not notice you at all.", "The guard notices you and shouts."),
    ("You sneak past unseen.", "You fail to sneak past."),
]


def test_outcome_agreement_on_success_failure_pairs():
    """A contradiction is always rejected; an honest narration is kept unless the learnt reader misreads it
    (docs/honesty.md: its held-out figures), which these pairs allow once."""
    success, failure = rolled("success", True), rolled("failure", False)
    for good, bad in SUCCESS_FAILURE_PAIRS:
        assert not check_outcome(bad, success, CTX).passed, bad
        assert not check_outcome(good, failure, CTX).passed, good
    honest_rejected = [(text, check.why) for good, bad in SUCCESS_FAILURE_PAIRS
                       for text, ev in ((good, success), (bad, failure))
                       if not (check := check_outcome(text, ev, CTX)).passed]
    assert len(honest_rejected) <= 2, honest_rejected


def test_outcome_polarity_comes_from_the_vocabulary_before_success():
    neutral = rolled("neutral", False)  # Minim: neutral is neither (success is False on the result)
    assert polarity(neutral) == 0 and polarity(rolled("critical failure", False)) == -1
    assert polarity(NOTHING) is None
    assert check_outcome("You slip past, but a dog barks.", neutral, CTX).passed
    assert check_outcome("You talk with the guard.", NOTHING, CTX).passed


def test_repetition_of_recent_narrations_and_prompt_examples():
    ctx = GateContext(recent=("You slip past the guard while he stares at the water.",),
                      examples=("You sail across the gap and land softly on the wet slates.",))
    assert not check_repetition("You slip past the guard while he stares at the water.", NOTHING, ctx).passed
    assert not check_repetition("You sail across the gap and land softly on the wet slates.", NOTHING, ctx).passed
    assert check_repetition("The lantern gutters as you pass the crates.", NOTHING, ctx).passed


def test_provenance_drops_invented_numbers_and_fails_when_nothing_is_left():
    verdict = gate("You rolled a 19. You slip past the guard in the fog.", rolled("success", True), CTX)
    assert verdict.passed and verdict.text == "You slip past the guard in the fog."
    assert verdict.removed == ["You rolled a 19."]
    assert "provenance" in gate("You rolled a 19.", rolled("success", True), CTX).failed


def test_clean_cuts_prompt_labels_paragraphs_and_fragments():
    assert clean("You slip past.\nAction: You open the door.") == "You slip past."
    assert clean("You slip past. The guard\n\nScene: docks") == "You slip past."
    assert clean("You slip past the guard. He never") == "You slip past the guard."


def test_a_line_that_is_not_narration_is_judged_without_address_or_outcome():
    line = GateContext(kind="line", scene=SCENE, action="Who are you?")
    assert gate("State your business on these docks, stranger.", rolled("failure", False), line).passed
    assert not gate("As an AI assistant, I cannot answer.", NOTHING, line).passed


def test_verdict_records_what_failed_and_why():
    record = gate("(narrative 2)", NOTHING, CTX).as_dict()
    assert record["passed"] is False and "meta" in record["failed"] and record["why"]["meta"]


def test_death_is_never_narrated_unless_the_engine_put_you_down():
    from narrator.tools.systems.contract import Effect

    failure = rolled("critical failure", False)
    assert not check_outcome("You search the crates, but you met your death.", failure, CTX).passed
    assert not check_outcome("You try, but the guard kills you.", failure, CTX).passed
    down = Evidence(failure.results, (Effect(kind="downed", who="Kit", what="unconscious"),), VOCAB, "minim", "Kit")
    assert check_outcome("You try, but you fall unconscious.", down, CTX).passed
    assert check_outcome("You try, but you do not die today.", failure, CTX).passed
    assert not check_outcome("You set out to punch the thug, but he is already dead.", failure, CTX).passed
    assert not check_outcome("You swing wide, and the thug crumples anyway.", failure, CTX).passed
    assert not check_outcome("You miss, but the thug is knocked out by the fall.", failure, CTX).passed
    scene = GateContext(scene="A map falls from a dead man's coat.")
    assert check_outcome("You try to read the dead man's map, but the ink has run.", failure, scene).passed


def test_a_blow_told_on_a_turn_that_attacked_nobody_is_rejected():
    """The claims reader (issue 26): a hit with no attack rolled and nobody hurt contradicts the engine."""
    success = rolled("success", True)
    check = check_outcome("Your blade finds the bandit's arm and he howls.", success, CTX)
    assert not check.passed and "nothing was attacked" in check.why


def test_the_engine_text_is_trusted_not_guarded():
    """The floor is the engine's own text (issue 26, point 3): never guarded, never outcome-checked, so its
    numbers and its words reach the player unaltered; the same text from a model is judged."""
    failure = rolled("failure", False)
    text = "You rolled 3 and 5 against Target 4, and the lock holds."
    assert gate(text, failure, CTX, trusted=True).text == text
    judged = gate(text, failure, CTX)
    assert judged.removed and judged.text != text
