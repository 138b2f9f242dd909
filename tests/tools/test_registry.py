"""The registry: one call path, JSON Schemas, every bad field reported at once, discovery of systems."""

from __future__ import annotations

import json

import pytest

from narrator.tools.contract import ToolArgs, ToolResult
from narrator.tools.dice import Roller
from narrator.tools.errors import ToolArgumentError, UnknownToolError
from narrator.tools.registry import Registry, tool
from narrator.tools.systems import RulesSystem, all_systems, get_system
from narrator.tools.errors import UserError


def test_systems_are_discovered_and_satisfy_the_protocol():
    names = [s.name for s in all_systems()]
    assert "minim" in names
    assert all(isinstance(s, RulesSystem) for s in all_systems())
    with pytest.raises(UserError, match="Known systems: .*minim"):
        get_system("gurps")


def test_every_tool_has_schemas_and_a_frozen_result(registry):
    assert registry.names("minim")
    for t in registry.tools():
        schema = t.schema()
        json.dumps(schema)  # serialisable for an LLM
        assert schema["parameters"]["type"] == "object"
        assert t.description and len(t.description.splitlines()) == 1
        assert t.result_model.model_config.get("frozen") is True
        assert t.name.startswith(t.system + "_")


def test_unknown_tool_lists_known(registry):
    with pytest.raises(UnknownToolError, match="minim_test"):
        registry.call("minim_tset", {}, Roller(1))


@pytest.mark.parametrize("raw,expected", [
    ("{not json", "not valid JSON"),
    ("[1, 2]", "must be a JSON object"),
    (42, "must be a JSON object"),
])
def test_unparseable_arguments(registry, raw, expected):
    with pytest.raises(ToolArgumentError, match=expected):
        registry.validate("minim_test", raw)


def test_json_string_arguments_are_accepted(registry):
    r = registry.call("minim_test", '{"trait": 3}', Roller.scripted([2, 2]))
    assert r.outcome == 2


def test_missing_and_extra_fields_are_named(registry):
    with pytest.raises(ToolArgumentError) as e:
        registry.validate("minim_test", {"skil": "fight"})
    msg = str(e.value)
    assert "- trait: required but missing" in msg
    assert "- skil: unknown argument; the arguments are: trait, skill" in msg


class Args(ToolArgs):
    x: int


class Out(ToolResult):
    pass


def test_a_tool_returning_the_wrong_type_is_a_bug():
    @tool("demo", name="demo_bad")
    def bad(args: Args, roller: Roller) -> Out:
        """Returns the wrong thing."""
        return "oops"  # type: ignore[return-value]

    reg = Registry([bad])
    with pytest.raises(TypeError):
        reg.call("demo_bad", {"x": 1}, Roller(1))
    with pytest.raises(ValueError):
        reg.add(bad)


def test_a_tools_name_and_description_come_from_its_function():
    @tool("demo")
    def demo_echo(args: Args, roller: Roller) -> Out:
        """Echo the number back.

        Anything after the first paragraph is for the code's readers, not the schema."""
        return Out()

    assert demo_echo.name == "demo_echo" and demo_echo.description == "Echo the number back."

    @tool("demo", name="demo_named", description="Given outright.")
    def other(args: Args, roller: Roller) -> Out:
        """Not this."""
        return Out()

    assert (other.name, other.description) == ("demo_named", "Given outright.")
    with pytest.raises(TypeError, match="needs a description"):
        @tool("demo")
        def silent(args: Args, roller: Roller) -> Out:
            return Out()


def test_no_tool_spells_its_name_twice():
    """A tool named as its function is declared without ``name=`` (the count was 211 of 224 before)."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    for path in [*(root / "tools").rglob("*.py"), *(root / "tests" / "coin_system").rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef):
                for d in node.decorator_list:
                    if isinstance(d, ast.Call) and getattr(d.func, "id", None) in ("tool", "table_tool"):
                        named = [k.value.value for k in d.keywords if k.arg == "name" and isinstance(k.value, ast.Constant)]
                        assert named != [node.name], f"{path.name}: {node.name} is named twice"


# -- hostile argument text -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("text, problem", [
    ("[" * 100_000, "nested deeper than 64 levels"),
    ('{"expression": ' + "1" * 5000 + "}", "longer than 100 digits"),
    ('{"expression": "' + "x" * 200_000 + '"}', "longer than 100000 characters"),
])
def test_hostile_argument_text_is_a_tool_argument_error(registry, text, problem):
    with pytest.raises(ToolArgumentError) as info:
        registry.validate("table_roll", text)
    assert info.value.problems[0].field == "(arguments)" and problem in info.value.problems[0].problem
