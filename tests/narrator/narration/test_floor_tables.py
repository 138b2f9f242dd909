"""Every system's own phrase tables, checked entry by entry: for each (outcome, kind) in a system's
``narration/floor.json``, every sentence the floor may write for it, filled as the floor fills it, passes every gate check but topic (which needs a real
action; a dice roll's sentence needs its dice, so `table_roll` is left to test_floor.py, which also checks topic for Minim's kinds with real actions). A new system's table is covered the day
its file lands, without editing this test."""

from __future__ import annotations

import json
import re

import pytest
from pydantic import ConfigDict

from narrator.agent.evidence import Evidence
from narrator.narration import floor
from narrator.narration.gate import GateContext, gate
from narrator.prompts import FLOOR
from narrator.tools.contract import ToolResult
from narrator.tools.systems import all_systems
from narrator.tools.systems.contract import Effect

SCENE = "The fog-bound docks at night. A cargo has gone missing. Old Mags, a ferrywoman, is here."
POLARITY = {"success": True, "failure": False, "partial": None, "none": None}


class _Result(ToolResult):
    model_config = ConfigDict(extra="allow", frozen=True)


def cases():
    for system in all_systems():
        path = system.prompts_dir / FLOOR if system.prompts_dir else None
        if path is None or not path.exists():
            continue
        vocab = system.vocabulary()
        for outcome, by_kind in json.loads(path.read_text())["outcomes"].items():
            for kind, templates in by_kind.items():
                if kind in ("action", "question", "speech", "other", "default", "table_roll") or not templates:
                    continue
                tool, _, skill = kind.partition(":")
                if outcome in POLARITY:
                    label, success = None, POLARITY[outcome]
                else:
                    label, success = outcome, vocab.outcomes.get(outcome, 0) > 0
                hurt = (Effect(kind="harmed", who="Guard", what="health"),) if success and "attack" in tool else ()
                fields = {"skill": skill} if skill else {}
                result = _Result(summary="engine summary", outcome_label=label, success=success, attacker="Kit",
                                 defender="Guard", **fields)
                ev = Evidence(((tool, result),), hurt, vocab, system.name, "Kit", ("Kit", "Guard"))
                yield pytest.param(system.name, kind, outcome, ev, id=f"{system.name}-{kind}-{outcome}")


@pytest.mark.parametrize("system,kind,outcome,ev", list(cases()))
def test_each_table_entry_passes_the_gate_but_topic(system, kind, outcome, ev):
    action = "I deal with the guard"
    options = floor.compose(ev, action, SCENE, "Old Mags", seed=3)
    assert options and all(o.strip() for o in options)
    for option in options:  # every one the floor may fall back to, not only the first
        verdict = gate(option, ev, GateContext(action=action, scene=SCENE, names=("Old Mags",)), trusted=True)
        assert set(verdict.failed) <= {"topic"}, (option, verdict.as_dict())


def condition_cases():
    for system in all_systems():
        vocab = system.vocabulary()
        for name in system.conditions():
            for kind in ("condition_added", "condition_removed"):
                for who in ("Kit", "Guard"):
                    effect = Effect(kind=kind, who=who, what=name)
                    result = _Result(summary="engine summary", outcome_label=None, success=None, attacker="Kit",
                                     defender="Guard")
                    ev = Evidence((("table_condition", result),), (effect,), vocab, system.name, "Kit", ("Kit", "Guard"))
                    yield pytest.param(ev, id=f"{system.name}-{name}-{kind}-{who}")


NOT_STATES = {"coma", "fled", "daredevil"}
"""Single-word condition names that are not states one can "be now" (the rest are participles or adjectives)."""


@pytest.mark.parametrize("ev", list(condition_cases()))
def test_every_condition_reads_as_a_sentence(ev):
    """Each condition a system can add or remove is told in words a player reads as English ("Guard may strike
    back", not "Guard is now counter-attack"), with no number the result lacks; odd names get their own words in
    the system's narration/floor.json ("conditions")."""
    sentences = floor.effect_sentences(ev)
    assert len(sentences) == 1
    sentence = sentences[0]
    assert not re.search(r"\d", sentence), sentence
    told = re.search(r"\b(?:is|are) (?:now|no longer) (.+)\.$", sentence)
    if told:
        state = told.group(1)
        assert re.fullmatch(r"[a-z]+|[a-z]+ly [a-z]+", state) and state not in NOT_STATES, sentence
