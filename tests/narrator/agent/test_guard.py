"""The provenance guard: numbers, dice claims and health changes must come from this turn's results."""

from __future__ import annotations

from pydantic import ConfigDict

from narrator.agent.evidence import Evidence
from narrator.agent.guard import SentenceGuard, allowed_numbers, guard_text, judge
from tools.contract import ToolResult
from tools.systems.contract import Effect

RESULT = {"summary": "Target 4: rolled 3 and 4 → +1 success", "dice": [{"face": 3}, {"face": 4}], "target": 4,
          "damage": 2, "health_after": 1}


class _Result(ToolResult):
    model_config = ConfigDict(extra="allow", frozen=True)


HIT = Evidence(results=(("attack", _Result(**RESULT)),), effects=(Effect(kind="harmed", who="Guard", what="health"),))


def test_allowed_numbers_come_from_values_and_text():
    allowed = allowed_numbers([RESULT])
    assert {3, 4, 2, 1} <= allowed and 12 not in allowed


def test_sentence_with_a_foreign_number_is_removed():
    text, report = guard_text("You swing hard. You rolled a 12 and crush him!", HIT)
    assert text == "You swing hard."
    assert "12" in report.reasons[0]


def test_numbers_from_the_results_may_stay():
    text, report = guard_text("The blade bites for 2 points.", HIT)
    assert text == "The blade bites for 2 points." and not report.removed


def test_number_words_in_mechanical_claims_are_checked():
    assert judge("He loses seven health.", {2}, True, True)
    assert judge("He loses two health.", {2}, True, True) is None
    assert judge("Two guards stand watch.", set(), False, False) is None  # not a mechanical claim


def test_no_roll_turn_cannot_claim_a_roll_or_a_health_change():
    assert judge("You rolled a natural twenty!", set(), False, False)
    assert judge("The guard loses health as you glare.", set(), False, False)
    assert judge("The guard shivers as you glare.", set(), False, False) is None


def test_streaming_guard_emits_only_checked_sentences():
    g = SentenceGuard(HIT)
    out = []
    for chunk in ["You strike", " true. Your roll of 1", "7 is legendary! The guard", " staggers back."]:
        out += g.feed(chunk)
    out += g.finish()
    assert out == ["You strike true.", "The guard staggers back."]
    assert g.report.removed == ["Your roll of 17 is legendary!"]


def test_a_number_too_long_for_int_is_removed_not_a_crash():
    """Model text with more digits than Python's int() accepts (4,300) used to raise ValueError mid-turn."""
    huge = "7" * 5000
    text, report = guard_text(f"The door holds. You count {huge} coins.", HIT)
    assert text == "The door holds."
    assert report.removed and len(report.reasons[0]) < 200  # the reason quotes the number shortened
    assert judge(f"Exactly {huge}.", {7}, True, True)
