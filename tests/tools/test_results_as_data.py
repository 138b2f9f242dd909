"""Results carry data, not English: no field of any result, at any depth, holds a sentence — the summary and steps
are steps (issue 30), written out in words only by the phrase tables, and every step any tool writes has its phrase.

Every family moved (issue 30): the five systems, Coin and the shared tools. The fuzz tests (``test_fuzz_tools``)
check the same of every successful call of every tool, bound ones included, on drawn arguments.

How a string is told to be English prose (:func:`english_in`), anywhere in a result's JSON — a record's field, a
list's item, a step's values:

* A summary, steps or line field holds no string at all: a step, never text; nor does a check's list of broken
  rules (a sheet's ``violations``, a 5+ descriptor's ``problems``).
* Anywhere else, first what is data is taken out of the string: the caller's own words (any string of the
  arguments or of the table the tool read — names, concepts, a scene — compared without case), the rules' own tables
  (a string a rules module holds as a constant, outside the phrase tables: a feature, a card's meaning, a trait,
  quoted from the book; the story tools' scene tables), and a citation (``book.md#Section``). What is left is prose
  when it has 4 or more words and reads as a sentence: a full stop, colon, semicolon, ``!`` or ``?`` before a space
  or the end, or a spaced em dash.
  Names and labels (``independent challenge``, ``participant 1 test die 1``), dice codes (``3D+2``) and notation
  (``(5/3:1)``, ``Strong – +1 to strength``) have no such mark: data. A label-shaped phrase without one passes too
  (the rule reads shape, not grammar). A die's ``purpose`` is its label, whatever its shape (:data:`LABEL`).

:data:`STILL_ENGLISH` names what still holds sentences, each with why; the test fails on anything else, and on an
entry no longer found.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path

import pytest

from narrator.tools import render
from narrator.tools.contract import RULE_REF
from narrator.tools.dice import Roller
from narrator.tools.phrases import PhraseError, register, say, steps_of, summary_of
from narrator.tools.registry import default_registry
from narrator.tools.steps import Step, step
from narrator.tools.systems import all_systems

REGISTRY = default_registry()
WORDS = ("summary", "steps", "line", "violations", "problems")
WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")
SENTENCE = re.compile(r"[.:;!?](?=\s|$)|\s—\s")

TEMPLATE = re.compile(r"\{\w*\}")
"""A field of a table's template ('{person} steps into the scene.'): the words around it are the table's."""
LABEL = re.compile(r"\.purpose$")
"""A die's purpose is its label, what it was rolled for ("an open thread moves? (1-3 yes)"), whatever its shape."""

STILL_ENGLISH: dict[re.Pattern, str] = {}
"""Where a result still holds sentences (the path's end → what they are): none since a sheet check's broken rules
and a 5+ descriptor's problems became steps (their argument errors are written from the steps when raised). The
broken sheets of :func:`test_only_the_named_places_still_hold_sentences` keep proving it."""


def _strings(value, into: set[str], keys: bool = False) -> set[str]:
    """Every string ``value`` holds, folded (a mapping's keys too where ``keys``: a table's, not an argument's field
    names)."""
    if isinstance(value, str):
        into.add(value.strip().casefold())
        into.add(" ".join(value.split()).casefold())  # a name the tool tidied ("A.\x85B" is "A. B"): still the caller's
    elif isinstance(value, Mapping):
        for k, v in value.items():
            if keys:
                _strings(k, into, keys)
            _strings(v, into, keys)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for v in value:
            _strings(v, into, keys)
    return into


@lru_cache(maxsize=1)
def tables() -> tuple[str, ...]:
    """Every string of three words or more that a rules module holds as a constant (the book's tables as the code
    quotes them) or that the story tools' scene tables hold — a template's words around its ``{fields}`` — longest
    first; the phrase tables are not among them: their words are what a result must not hold."""
    packages = {"narrator.tools", *(type(s).__module__ for s in all_systems())}  # a plugin's own package too
    found: set[str] = set()
    for name, module in list(sys.modules.items()):
        if module is None or not any(name == p or name.startswith(p + ".") for p in packages) \
                or name.rsplit(".", 1)[-1].endswith("phrases"):
            continue
        for key, value in list(vars(module).items()):
            if not key.startswith("__") and isinstance(value, (str, Mapping, list, tuple, set, frozenset)):
                _strings(value, found, keys=True)
    from narrator.tools.story import scene_tables

    for system in all_systems():
        _strings(scene_tables(system.name), found)  # the story tools' tables are data files
    pieces = {p.strip() for s in found for p in TEMPLATE.split(s)}  # a template's words around its fields
    return tuple(sorted((s for s in pieces if len(s.split()) >= 3), key=len, reverse=True))


def prose(text: str, given: set[str] = frozenset()) -> bool:
    """Whether ``text`` is English prose by the rule of this module's docstring (``given``: the caller's strings,
    folded)."""
    if len(WORD.findall(text)) < 4 or not SENTENCE.search(text) or RULE_REF.match(text):
        return False  # the common case, decided without the tables
    left = text.strip().casefold()
    for known in sorted((*(g for g in given if len(g) >= 3), *tables()), key=len, reverse=True):
        if known in left:
            left = left.replace(known, " ")
    return len(WORD.findall(left)) >= 4 and bool(SENTENCE.search(left))


def english_in(data, given=(), path: str = "result", still: set | None = None) -> list[str]:
    """Where a result's JSON holds English, at any depth: a summary or steps field that holds a string, or any other
    string that is prose (:func:`prose`) outside :data:`STILL_ENGLISH` (``still`` collects the entries met).
    ``given``: what the tool was given (its arguments, the table it read), whose words are the caller's data."""
    folded = given if isinstance(given, set) else _strings(given, set(), keys=True)  # a sheet's names are keys
    found = []
    if isinstance(data, dict):
        for key, value in data.items():
            if key in WORDS and (isinstance(value, str) and value or isinstance(value, list)
                                 and any(isinstance(v, str) for v in value)):
                found.append(f"{path}.{key}")
            else:
                found += english_in(value, folded, f"{path}.{key}", still)
    elif isinstance(data, list):
        for i, value in enumerate(data):
            found += english_in(value, folded, f"{path}[{i}]", still)
    elif isinstance(data, str) and not LABEL.search(path) and prose(data, folded):
        known = next((p for p in STILL_ENGLISH if p.search(path)), None)
        if known is None:
            found.append(path)
        elif still is not None:
            still.add(known)
    return found


def worked_results():
    """Every pure tool's worked example, called with a few seeds: (family, tool, arguments, result)."""
    for system in all_systems():
        for name, args in sorted(system.worked_examples().items()):
            tool = REGISTRY.get(name)
            for seed in (1, 7, 42):
                yield tool.system, name, args, REGISTRY.call(name, args, Roller(seed))


def test_every_tool_writes_no_english_and_every_step_has_its_words():
    families, english = set(), {}
    for family, name, args, result in worked_results():
        text = render.terminal(result, name)  # raises PhraseError for a step without a phrase
        assert summary_of(result) and summary_of(result) in text
        english.update({f"{name} {where}": None for where in english_in(result.model_dump(mode="json"), args)})
        families.add(family)
    assert not english, f"tools that write English: {list(english)}"
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


LOGGED_BEFORE = [json.loads(line) for line in
                 (Path(__file__).parents[1] / "memory" / "logged_before_steps.jsonl").read_text("utf-8").splitlines()]
"""Results as a narrator logged them before results were data (from ``result_fingerprint.py dump --words`` on the
tree before 5+'s improvement and damage lines and Bloodbath's exchange text became steps): tool, args, seed, result."""


def test_the_rule_finds_every_sentence_a_result_held_before_it_was_data():
    found = {name: english_in(row["result"], row["args"]) for row in LOGGED_BEFORE for name in [row["tool"]]}
    assert {"result.summary", "result.steps"} <= set(found["fiveplus_check"])
    assert "result.improvement.lines[0]" in found["fiveplus_check"]
    assert "result.outcome.lines[1]" in found["fiveplus_resistance_damage"]
    assert {f"result.exchanges[{i}].text" for i in range(3)} <= set(found["mastery_bloodbath"])


@pytest.mark.parametrize("data", [
    "Kestrel", "Old Tom Harrow", "independent non-challenge", "participant 1 test die 1", "3D+2", "(5/3:1)",
    "Fire magic (5:1+2) – you can cast fire spells", "Strong – +1 to strength", "five-plus.md#3.3) Improvement",
    "a desperate, powerful blow", "P = 0.25 of 12/36"])
def test_names_labels_codes_notation_and_citations_are_data(data):
    assert not prose(data)


def test_the_caller_s_words_and_the_book_s_tables_are_data_and_a_sentence_around_them_is_not():
    scene = "The gate creaks open: rain falls on the yard."
    assert prose(scene) and not prose(scene, _strings({"text": scene}, set()))
    assert english_in({"scene": scene.upper()}, {"text": scene}) == []  # compared without case
    table_entry = next(t for t in tables() if prose(t, set()) is False and len(t.split()) >= 5 and ":" in t)
    assert not prose(table_entry)
    assert prose(f"Mira rolls 4 and reads the table: {table_entry}. Nothing happens yet.")


def test_a_name_the_caller_gave_as_a_key_is_data_wherever_it_is_quoted():
    """A sheet's abilities are named by their keys: a broken rule's field quotes one ("abilities.A0A. A", drawn by
    the fuzz test in CI), and that is the caller's word, not a sentence."""
    sheet = {"character": {"name": "0", "abilities": {"A0A. A": 0}}}
    assert english_in({"violations": [], "rule": {"field": "abilities.A0A. A"}}, sheet) == []
    assert english_in({"rule": {"field": "The ability is not on the sheet. Add it first."}}, sheet) != []


def test_a_check_listing_broken_rules_in_words_is_english_whatever_their_shape():
    """A sheet's violations and a descriptor's problems are steps: a string there is words, even one too short or
    plain to read as a sentence."""
    assert english_in({"violations": ["Bad"], "problems": [step("coin.outcome", outcome="heads")]}) == [
        "result.violations"]
    assert english_in({"check": {"problems": ["Sneak: level 30"]}}) == ["result.check.problems"]


def test_only_the_named_places_still_hold_sentences():
    """Every entry of STILL_ENGLISH is still met (strike it out when its sentences become steps), on sheets that
    break a rule; nothing else in those results is prose."""
    examples = {n: a for s in all_systems() for n, a in s.worked_examples().items()}
    calls = {"minim_character_validate": ("character", "traits", "brain", 0),
             "brew_character_validate": ("character", "attributes", "power", 0)}
    met: set = set()
    for name, (top, group, key, value) in calls.items():
        args = json.loads(json.dumps(examples[name]))
        args[top][group][key] = value
        data = REGISTRY.call(name, args, Roller(1)).model_dump(mode="json")
        assert english_in(data, args, still=met) == []
    args = {"notation": "Sneak", "kind": "wound"}
    assert english_in(REGISTRY.call("fiveplus_descriptor", args, Roller(1)).model_dump(mode="json"), args,
                      still=met) == []
    assert met == set(STILL_ENGLISH)
