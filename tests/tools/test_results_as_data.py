"""Results carry data, not English: a result's summary and steps are steps (issue 30), written out in words only by
the phrase tables — and every step any tool writes has its phrase.

Every family moved (issue 30): the five systems, Coin and the shared tools. The fuzz tests (``test_fuzz_tools``)
check the same of every successful call of every tool, bound ones included, on drawn arguments.
"""

from __future__ import annotations

import pytest

from narrator.tools import render
from narrator.tools.dice import Roller
from narrator.tools.phrases import PhraseError, register, say, steps_of, summary_of
from narrator.tools.registry import default_registry
from narrator.tools.steps import Step, step
from narrator.tools.systems import all_systems

REGISTRY = default_registry()
WORDS = ("summary", "steps")


def text_in(data, path: str = "result") -> list[str]:
    """Where a result's JSON holds English: a summary or a step line that is a string, at any depth."""
    found = []
    if isinstance(data, dict):
        for key, value in data.items():
            if key in WORDS and (isinstance(value, str) and value or isinstance(value, list)
                                 and any(isinstance(v, str) for v in value)):
                found.append(f"{path}.{key}")
            else:
                found += text_in(value, f"{path}.{key}")
    elif isinstance(data, list):
        for i, value in enumerate(data):
            found += text_in(value, f"{path}[{i}]")
    return found


def worked_results():
    """Every pure tool's worked example, called with a few seeds: (family, tool, result)."""
    for system in all_systems():
        for name, args in sorted(system.worked_examples().items()):
            tool = REGISTRY.get(name)
            for seed in (1, 7, 42):
                yield tool.system, name, REGISTRY.call(name, args, Roller(seed))


def test_every_tool_writes_no_english_and_every_step_has_its_words():
    families = set()
    for family, name, result in worked_results():
        text = render.terminal(result, name)  # raises PhraseError for a step without a phrase
        assert summary_of(result) and summary_of(result) in text
        assert text_in(result.model_dump(mode="json")) == [], f"{name} writes English"
        families.add(family)
    assert {s.name for s in all_systems()} <= families


def test_coin_moved_so_its_results_are_steps_and_read_as_before():
    result = REGISTRY.call("coin_flip", {"edge": True}, Roller(3))
    assert isinstance(result.summary, Step) and all(isinstance(s, Step) for s in result.steps)
    assert result.summary.kind == "coin.outcome" and result.steps[0].values["sides"] in (
        ["heads", "heads"], ["heads", "tails"], ["tails", "heads"], ["tails", "tails"])
    assert steps_of(result) == [f"Flipped {', '.join(result.steps[0].values['sides'])}."]


def test_a_step_logged_as_json_reads_as_the_step_and_old_text_as_it_was():
    made = step("coin.joins", name="Flip", luck=3)
    assert say(made) == say(made.model_dump(mode="json")) == str(made) == f"{made}" == "Flip joins (luck 3)"
    assert say("Die 1 rolled 4: +1") == "Die 1 rolled 4: +1"  # a campaign logged before results were data
    assert summary_of({"summary": made.model_dump(mode="json")}) == "Flip joins (luck 3)"
    assert steps_of({"steps": ["an old line", made.model_dump(mode="json")]}) == ["an old line", "Flip joins (luck 3)"]


def test_a_nested_step_and_a_signed_value_are_written_out():
    register("testphrases", {"check": "{name}: {flip}", "mod": "modifier {mod:signed}"})
    inner = step("coin.outcome", outcome="heads")
    assert say(step("testphrases.check", name="Aria", flip=inner)) == "Aria: heads"
    assert say({"kind": "testphrases.check", "values": {"name": "Aria", "flip": inner.model_dump(mode="json")}}) == \
        "Aria: heads"
    assert [say(step("testphrases.mod", mod=m)) for m in (2, 0, -1)] == ["modifier +2", "modifier ±0", "modifier -1"]


def test_a_step_without_words_is_a_bug_named_plainly():
    with pytest.raises(PhraseError, match="no phrase 'nope'"):
        say(step("coin.nope"))
    with pytest.raises(PhraseError, match="no phrase table 'atlantis'"):
        say(step("atlantis.flip"))
    with pytest.raises(PhraseError, match="needs the value 'luck'"):
        say(step("coin.joins", name="Flip"))
    with pytest.raises(ValueError, match="<table>.<phrase>"):
        step("Coin Flip")


def test_a_step_is_a_light_immutable_record_that_pydantic_checks_when_it_is_read():
    """step() makes a tuple (a validated model cost 2-3 µs a step, issue 28): immutable, and in a result's JSON the
    object {kind, values, ref}; read back from JSON it is checked — the kind's form, the values an object, no other
    keys — and a result reads the same after the round trip."""
    from narrator.tools.contract import ToolResult

    made = step("coin.joins", name="Flip", luck=3)
    assert made == Step(kind="coin.joins", values={"name": "Flip", "luck": 3}) and made.ref is None
    outer = step("coin.check", name="Flip", flip=step("coin.outcome", outcome="heads"))
    result = ToolResult(summary=outer, steps=[made, "an old line"])
    back = ToolResult.model_validate_json(result.model_dump_json())
    assert back.model_dump(mode="json") == result.model_dump(mode="json") and isinstance(back.summary, Step)
    assert summary_of(back) == summary_of(result) == "Flip: heads" and steps_of(back) == steps_of(result)
    assert result.model_dump(mode="json")["summary"] == {"kind": "coin.check", "values": {
        "name": "Flip", "flip": {"kind": "coin.outcome", "values": {"outcome": "heads"}, "ref": None}}, "ref": None}
    assert Step.model_validate_json(made.model_dump_json()) == made
    assert made.model_copy(update={"ref": "coin.md#Checks"}).ref == "coin.md#Checks"
    with pytest.raises(AttributeError):
        made.kind = "coin.other"  # immutable
    for bad in ({"kind": "Coin Flip", "values": {}}, {"kind": "coin.joins", "values": 3},
                {"kind": "coin.joins", "values": {}, "said": "x"}):
        with pytest.raises(ValueError):
            ToolResult.model_validate({"summary": bad})
