"""What replay compares: the typed fields exactly, the explanation's words by the numbers they state."""

from narrator.memory.replay_data import as_data, at, numbers, words_path


def test_numbers_are_read_in_order_with_their_minus_signs():
    assert numbers("Outcome = +1 -2 = −1: odds 12/36 (0.25), range 1-3, 2d6-1") == {
        "numbers": ["1", "-2", "-1", "12/36", "0.25", "1", "3", "2", "6", "1"]}
    assert numbers(["Die 1 rolled 4.", "A success."]) == {"numbers": ["1", "4"]}
    assert numbers(["The guard looks away."]) == {"numbers": []}


def test_only_the_named_word_fields_are_reduced_at_any_depth():
    result = {"summary": "Target 4: rolled 5 → success", "outcome": "success", "steps": ["Die 1 rolled 5"],
              "check": {"summary": "Hit 3", "steps": [], "dice": [{"face": 5}]}, "actor": "Bran 2"}
    assert as_data(result) == {"summary": {"numbers": ["4", "5"]}, "outcome": "success",
                               "steps": {"numbers": ["1", "5"]},
                               "check": {"summary": {"numbers": ["3"]}, "steps": {"numbers": []},
                                         "dice": [{"face": 5}]}, "actor": "Bran 2"}
    reworded = {**result, "summary": "The target was 4 and the die showed 5: a success"}
    assert as_data(reworded) == as_data(result)
    assert as_data({**result, "outcome": "failure"}) != as_data(result)  # a word that is data is compared whole
    assert as_data({**result, "summary": "Target 4: rolled 6"}) != as_data(result)


def test_a_steps_field_that_is_not_words_stays_data():
    assert as_data({"steps": 3}) == {"steps": 3}
    assert as_data({"steps": [{"face": 2}]}) == {"steps": [{"face": 2}]}


def test_a_difference_in_numbers_points_back_to_the_words():
    assert words_path("result.check.steps.numbers[2]") == "result.check.steps"
    assert words_path("result.summary.numbers") == "result.summary"
    assert words_path("result.dice[0].face") is None
    logged = {"check": {"steps": ["a 1", "b 2"]}, "dice": [{"face": 4}]}
    assert at(logged, "result.check.steps") == ["a 1", "b 2"] and at(logged, "result.dice[0].face") == 4
    assert at(logged, "result.nothing[3]") is None
