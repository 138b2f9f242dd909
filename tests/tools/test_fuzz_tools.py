"""Any arguments to any tool give either a result or the typed argument error — never another exception."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis_jsonschema import from_schema

from tools.dice import Roller
from tools.errors import ToolArgumentError
from tools.registry import default_registry

REGISTRY = default_registry()
TOOLS = REGISTRY.names()

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12,
)


def check(name, raw, seed):
    try:
        result = REGISTRY.call(name, raw, Roller(seed))
    except ToolArgumentError as e:
        assert str(e).startswith(f"Invalid arguments for tool '{name}'")
        assert e.problems
        return
    assert isinstance(result, REGISTRY.get(name).result_model)
    result.model_dump_json()
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
