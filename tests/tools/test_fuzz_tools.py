"""Any arguments to any tool give either a result or the typed argument error — never another exception."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis_jsonschema import from_schema

from narrator.agent.evaluate import table_for
from narrator.tools import render
from narrator.tools.dice import Roller
from narrator.tools.errors import ToolArgumentError
from narrator.tools.registry import default_registry
from narrator.tools.systems import all_systems
from narrator.tools.table import Move, TableState, apply_all
from tests.tools.test_results_as_data import english_in

REGISTRY = default_registry()
TOOLS = [t.name for t in REGISTRY.tools(bound=False)]
BOUND = [(s.name, t.name) for s in all_systems() for t in REGISTRY.tools(s.name, bound=True)]
"""Every state-bound tool on the table of every system it belongs to (table tools on each system's table)."""


def populated_table(system: str) -> TableState:
    """The system's sample party (valid generated sheets) in zones, for fuzzing state-bound tools."""
    state = table_for(system, None, ["door", "hall", "stairs"])
    return apply_all(state, [Move(name=n, zone="hall") for n in state.characters])


TABLES = {s.name: populated_table(s.name) for s in all_systems()}

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12,
)


def check(name, raw, seed, state=None):
    try:
        result = REGISTRY.call(name, raw, Roller(seed), state)
    except ToolArgumentError as e:
        assert str(e).startswith(f"Invalid arguments for tool '{name}'")
        assert e.problems
        return
    assert isinstance(result, REGISTRY.get(name).result_model)
    data = result.model_dump(mode="json")
    english = english_in(data, (raw, None if state is None else state.model_dump(mode="json")))
    assert english == [], f"{name} wrote English: {english}"  # results as data, in every field (issue 30)
    render.terminal(result, name)  # and every step it wrote has its words
    odds = getattr(result, "odds", None)
    if odds is not None:
        assert abs(sum(odds.distribution.values()) - 1) < 1e-9


@pytest.mark.parametrize("name", TOOLS)
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_garbage_arguments(name, data, seed):
    fields = list(REGISTRY.get(name).args_model.model_fields)
    keys = st.sampled_from(fields + ["bogus", ""]) if fields else st.text(max_size=5)
    raw = data.draw(st.dictionaries(keys, json_values, max_size=len(fields) + 1) | json_values)
    check(name, raw, seed)


@pytest.mark.parametrize("name", TOOLS)
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_schema_shaped_arguments(name, data, seed):
    schema = REGISTRY.get(name).args_model.model_json_schema()
    raw = data.draw(from_schema(schema))
    check(name, raw, seed)


@pytest.mark.parametrize("system,name", BOUND)
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_state_bound_tools_on_a_populated_table(system, name, data, seed):
    table = TABLES[system]
    schema = REGISTRY.get(name).args_model.model_json_schema()
    names = st.sampled_from(["Aria", "brom", "Guard", "Nobody", "hall", "door"])
    fields = list(REGISTRY.get(name).args_model.model_fields)
    keys = st.sampled_from(fields + ["bogus"]) if fields else st.just("bogus")
    raw = data.draw(from_schema(schema) | st.dictionaries(keys, names | json_values, max_size=len(fields) + 1))
    check(name, raw, seed, table)
    # the table itself is never modified by a tool (changes are only proposed)
    assert table == populated_table(system)
