"""The shared tools (``table``, ``story``, ``oracle`` and dice notation) write steps, not English (issue 30): every
one of them, on a table where each of its lines is said, and the words read as they did."""

from __future__ import annotations

import pytest

from narrator.tools import render
from narrator.tools.dice import Roller
from narrator.tools.notation import roll
from narrator.tools.phrases import said, say, steps_of, summary_of
from narrator.tools.registry import default_registry
from narrator.tools.table import Expiry, Initiative, SetInitiative, SetStory, Story, TableState, apply_all
from narrator.tools.violations import Violation, verdict, verdict_lines
from tests.tools.test_results_as_data import english_in

REGISTRY = default_registry()
SHARED = ("table", "story", "oracle")


def table() -> TableState:
    state = TableState(system="coin", characters={"Aria": {"name": "Aria", "luck": 2},
                                                  "Wolf": {"name": "Wolf", "luck": 1, "npc": True}},
                       zones=["gate", "yard", "hall"], links=[("gate", "yard"), ("yard", "hall")],
                       positions={"Aria": "gate", "Wolf": "hall"},
                       conditions={"Wolf": ["stunned"]},
                       expiry={"Wolf": {"stunned": Expiry(ends="start_of_turn", of="Wolf", since=(0, 0))}})
    return apply_all(state, [SetInitiative(initiative=Initiative(active=True, round=1, turn=0,
                                                                 order=["Aria", "Wolf"], totals={})),
                             SetStory(story=Story(chaos=9, threads=["the key"], people=["Old Mags"]))])


CALLS = [
    ("table_set_scene", {"text": "A wet night at the gate."}, False),
    ("table_set_zones", {"zones": ["gate", "yard"]}, False),
    ("table_move", {"actor": "Aria", "zone": "yard"}, False),
    ("table_condition", {"actor": "Aria", "condition": "prone"}, False),
    ("table_condition", {"actor": "Wolf", "condition": "stunned", "remove": True}, False),
    ("table_next_turn", {}, False),
    ("table_remove_combatant", {"actor": "Wolf"}, False),
    ("table_end_combat", {}, False),
    ("table_area", {"zone": "hall"}, False),
    ("table_edit_character", {"actor": "Aria", "set": {"luck": 3}}, False),
    ("table_remove_character", {"actor": "Wolf"}, False),
    ("table_roll", {"expression": "1d20+4d6kh3+3D+5d6>=5-2"}, False),
    ("story_scene", {"kind": "next"}, False),
    ("story_oracle", {"question": "Is the gate shut?", "likelihood": "likely"}, True),
    ("story_update", {"chaos": "down", "add_thread": "the bell", "close_thread": "1", "add_person": "Tam",
                      "remove_person": "Old Mags"}, False),
    ("oracle_ask", {"question": "Is the gate shut?"}, False),
    ("story_meaning", {"question": "What is behind the gate?"}, False),
]


def test_every_shared_tool_is_called_here():
    shared = {t.name for t in REGISTRY.tools() if t.system in SHARED}
    assert shared == {name for name, _, _ in CALLS}


@pytest.mark.parametrize("name,args,double", CALLS, ids=[f"{c[0]}-{i}" for i, c in enumerate(CALLS)])
def test_a_shared_tool_writes_steps_and_says_them(name, args, double):
    roller = Roller.scripted([2, 2, 1, 1, 1, 1]) if double else Roller(5)
    state = table() if REGISTRY.get(name).bound else None
    result = REGISTRY.call(name, args, roller, state)
    given = (args, None if state is None else state.model_dump(mode="json"))
    assert english_in(result.model_dump(mode="json"), given) == [], f"{name} writes English"
    words = render.terminal(result, name)
    assert summary_of(result) in words and all(line in words for line in steps_of(result))
    assert steps_of(result.model_dump(mode="json")) == steps_of(result)  # the logged form reads the same


def test_the_lines_read_as_before():
    s = table()
    assert summary_of(REGISTRY.call("table_next_turn", {}, Roller(1), s)) == "Round 1: Wolf's turn"
    assert steps_of(REGISTRY.call("table_next_turn", {}, Roller(1), s)) == ["Wolf is no longer stunned."]
    moved = REGISTRY.call("table_move", {"actor": "Aria", "zone": "yard"}, Roller(1), s)
    assert steps_of(moved) == ["From gate to yard: gate → yard, 1 zone of movement."]
    assert summary_of(REGISTRY.call("table_edit_character", {"actor": "Aria", "set": {"luck": 3}}, Roller(1), s)) \
        == "Aria: luck 2 → 3"
    assert said(roll("3D+5", Roller.scripted([1, 2, 3, 4])).steps) == [
        "3D+5 is 4D+2: every three pips make a die (\"going to '+3' advances the die code to the next largest "
        "die\").", "4D: 1 + 2 + 3 + 4 = 10 (the wild die explodes on 6)", "Total = 10 +2 = 12"]
    update = REGISTRY.call("story_update", {}, Roller(1), s)
    assert summary_of(update) == "Story: unchanged"


def test_a_sheet_checks_verdict_is_steps_that_read_as_before():
    found = [Violation.of("health", "minim.rule_above_max", "minim.md#Health", 5, what="Health", now=5, top=4)] * 2
    assert [say(verdict("Mira", found[:n])) for n in range(3)] == ["Mira: valid", "Mira: 1 rule violation",
                                                                    "Mira: 2 rule violations"]
    assert said(verdict_lines(found[:1])) == [
        "✗ Health is 5, above its maximum 4; it can never go above it (minim.md#Health)."]
    assert said(verdict_lines([])) == ["No rule is broken."]
