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


def test_steps_compared_with_steps_are_data_and_old_text_is_compared_by_its_numbers():
    """Results as data: a replayed step is compared with a logged step as it is (kind and values exactly); with a
    line logged as text by an older narrator, the step is written out in words first — the same words are the same
    result, other words with the same numbers are reworded, another number is a divergence."""
    from narrator.memory.replay_data import in_words_as
    from narrator.tools.phrases import register
    from narrator.tools.steps import step

    register("replaytest", {"joins": "{name} joins (luck {luck})", "flip": "Flipped {side}."})
    new = {"summary": step("replaytest.joins", name="Flip", luck=3).model_dump(mode="json"),
           "steps": [step("replaytest.flip", side="heads").model_dump(mode="json")], "luck": 3}
    assert as_data(new, new) == new  # steps against steps: nothing reduced
    other = {**new, "summary": step("replaytest.joins", name="Flip", luck=2).model_dump(mode="json")}
    assert as_data(other, new) != as_data(new, other)
    old = {"summary": "Flip joins (luck 3)", "steps": ["Flipped heads."], "luck": 3}
    assert in_words_as(new, old) == old  # the same words: the same result
    assert as_data(new, old) == as_data(old, new) == {"summary": {"numbers": ["3"]}, "steps": {"numbers": []},
                                                      "luck": 3}
    reworded = {**old, "summary": "Flip, luck 3, joins"}
    assert in_words_as(new, reworded) != reworded and as_data(new, reworded) == as_data(reworded, new)
    assert as_data(new, {**old, "summary": "Flip joins (luck 2)"}) != as_data({**old, "summary": "Flip joins (luck 2)"}, new)


def test_a_value_inside_a_step_is_data_whatever_its_name():
    """``line`` is a words field (a Bloodbath exchange's); inside a step a value named so is data, compared whole."""
    quoting = {"kind": "brew.advanced", "values": {"name": "Ada", "line": "Power 2 → 3"}, "ref": None}
    other = {**quoting, "values": {"name": "Ada", "line": "Speed 2 → 3"}}
    assert as_data({"summary": quoting}, {"summary": other}) != as_data({"summary": other}, {"summary": quoting})
    assert as_data({"line": "Kestrel hits: 4 damage"}) == {"line": {"numbers": ["4"]}}
