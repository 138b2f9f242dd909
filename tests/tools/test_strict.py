"""Strict integers at the tool boundary (:mod:`tools.strict`), in every system's tools.

The audit's finding: ``{"attribute": true}`` was taken as 1 (pydantic's lax mode). Booleans, numbers written as
text and floats with fractions are refused for integer arguments, each naming its field; words stay valid where a
field takes words too (Mastery's ``tn``: "Normal").
"""

from __future__ import annotations

import pytest

from narrator.tools.dice import Roller
from narrator.tools.errors import ToolArgumentError
from narrator.tools.registry import default_registry
from narrator.tools.strict import plan
from narrator.tools.systems import all_systems


def integer_arguments():
    """(tool, worked-example arguments, an integer argument given there) for every system's worked examples."""
    registry = default_registry()
    out = []
    for system in all_systems():
        for name, args in system.worked_examples().items():
            checks = plan(registry.get(name).args_model)
            given = [k for k, v in args.items() if k in checks and type(v) is int]
            if given:
                out.append(pytest.param(name, args, given[0], id=f"{name}.{given[0]}"))
    return out


CASES = integer_arguments()


def test_every_system_has_integer_arguments_to_check():
    systems = {c.values[0].split("_")[0] for c in CASES}
    assert systems >= {"minim", "mastery", "minisix", "fiveplus", "brew"}


@pytest.mark.parametrize("name,args,field", CASES)
@pytest.mark.parametrize("bad,says", [(True, "not true/false"), ("3", "not as text"), (2.5, "without a fraction")])
def test_a_non_integer_is_refused_naming_its_field(registry, name, args, field, bad, says):
    with pytest.raises(ToolArgumentError) as e:
        registry.call(name, {**args, field: bad}, Roller(1))
    mine = [p for p in e.value.problems if p.field == field]
    assert len(mine) == 1 and says in mine[0].problem, e.value.problems


@pytest.mark.parametrize("name,args,field", CASES[:12])
def test_a_whole_float_is_still_the_integer(registry, name, args, field):
    """JSON has one number type: 2.0 is the integer 2, and the call is the same call."""
    as_float = registry.call(name, {**args, field: float(args[field])}, Roller(4))
    as_int = registry.call(name, args, Roller(4))
    assert as_float == as_int


def test_words_stay_valid_where_a_field_takes_words(registry):
    r = registry.call("mastery_challenge", {"die": 6, "trait": 1, "tn": "Normal"}, Roller(1))
    assert r.tn == 4
    with pytest.raises(ToolArgumentError) as e:
        registry.call("mastery_challenge", {"die": 6, "trait": 1, "tn": "4"}, Roller(1))
    assert [p.field for p in e.value.problems] == ["tn"]


def test_nested_integers_are_checked_with_their_path(registry):
    with pytest.raises(ToolArgumentError) as e:
        registry.call("mastery_opposed", {"die": 6, "first": {"name": "A", "trait": True},
                                          "second": {"name": "B", "trait": 0}}, Roller(1))
    assert [p.field for p in e.value.problems] == ["first.trait"]


def test_a_bool_is_still_a_bool(registry):
    r = registry.call("mastery_challenge", {"die": 6, "trait": 1, "no_guaranteed_die": True}, Roller(1))
    assert r.pool == 2
