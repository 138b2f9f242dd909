"""What a player reads when the engine refuses (issue 25, point 6): plain sentences, no field names, argument
syntax or tool names, and what would work instead — while the raw message stays what the model and the log read."""

from __future__ import annotations

import pytest

from narrator.tools.errors import FieldProblem, ToolArgumentError, UnknownToolError, player_message


def refused(field: str, problem: str, given: str | None = None) -> ToolArgumentError:
    return ToolArgumentError("some_tool", [FieldProblem(field, problem, given)])


def test_a_missing_field_of_magic_reads_as_a_sentence_with_the_sheet_to_look_at():
    e = refused("field", "Mira has no points in movement and cannot cast it (fields: none)", "movement")
    assert "field: Mira" in str(e) and "(got movement)" in str(e)  # the raw text, for the model and the log
    text = player_message(e, "Mira")
    assert text == "Mira has no points in movement and cannot cast it; fields: none. /sheet Mira shows what Mira can use."


@pytest.mark.parametrize("problem, shown, hidden", [
    ("no fight is running; start one with mastery_start_combat", "No fight is running; start one with /initiative "
     "start.", "mastery_"),
    ("no challenge named 'Bridge'; challenges: none (fiveplus_start_challenge)", "No challenge named 'Bridge'; "
     "challenges: none.", "fiveplus_"),
    ("Tess is a major wound: it needs long resting (fiveplus_rest with long=true)", "it needs long resting (a long "
     "rest).", "=true"),
    ("Aria is unconscious (health 0) and cannot attack; heal them first (minim_heal, minim_recover_health with "
     "full_rest or long_term)", "heal them first (heal, recover health with full rest or long term).", "_"),
    ("Kage already failed at this here (\"jump the wall\"): the same action for the same purpose is not simply "
     "repeated — try another way, or say what is different this time (changed=true)",
     "try another way, or say what is different this time.", "changed"),
])
def test_engine_words_become_player_words(problem, shown, hidden):
    text = player_message(refused("actor", problem), "Aria")
    assert shown in text and hidden not in text
    assert "actor:" not in text and "(got" not in text


def test_someone_not_on_the_table_points_to_the_party():
    text = player_message(refused("defender", "no character named 'Gorran' on the table", "Gorran"), "Aria")
    assert text == "No character named 'Gorran' on the table. /party lists who is on the table."


def test_several_problems_are_each_said_once_and_an_unknown_tool_is_no_jargon():
    e = ToolArgumentError("t", [FieldProblem("a", "too many dice"), FieldProblem("b", "too many dice"),
                                FieldProblem("c", "the range is empty")])
    assert player_message(e) == "Too many dice. The range is empty."
    text = player_message(UnknownToolError("mastery_win", ["mastery_check"]))
    assert "mastery_" not in text and "Say what your character does" in text


def test_validation_words_name_the_field_in_words():
    e = ToolArgumentError("minim_check", [FieldProblem("modifier", "Input should be less than or equal to 9", "99"),
                                          FieldProblem("actor", "required but missing")])
    assert player_message(e) == "The modifier should be less than or equal to 9. The actor is missing."


def test_a_step_a_command_does_is_named_by_the_command():
    """Seen in Minim teach: "the turn passes to the next combatant (table_next_turn)" reached the player as "the turn
    passes to the next combatant", which read as done; it did not pass. The command that passes it is named."""
    e = ToolArgumentError("minim_attack_target", [FieldProblem(
        "attacker", "Aria has already taken 1 action this turn; the turn passes to the next combatant "
                    "(table_next_turn)")])
    assert player_message(e, "Aria") == ("Aria has already taken 1 action this turn; the turn passes to the next "
                                         "combatant (/initiative next).")
