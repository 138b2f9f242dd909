"""Descriptors as data: the book's annotation 'name (counter/level:tier) – effects', read back and judged."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from narrator.tools.errors import ToolArgumentError
from narrator.tools.phrases import say, steps_of
from narrator.tools.systems.fiveplus.descriptors import Descriptor, group_for, make, parse_notation


@pytest.mark.parametrize("text,kind,fields", [
    # "An intuitive example would be a general descriptor like Health (0/3:1)"
    ("Health (0/3:1) - Health reflects the general good functioning", None,
     {"kind": "resistance", "counter": 0, "level": 3, "tier": 1}),
    # the scaffold: "Improvise(2:0) … Physical(0/3:0)"
    ("Improvise(2:0) – you can do any action as improvisation", None, {"kind": "skill", "level": 2, "tier": 0}),
    ("Physical(0/3:0)", None, {"kind": "resistance", "counter": 0, "level": 3, "tier": 0}),
    ("sneak(4:1)", None, {"kind": "skill", "level": 4, "tier": 1}),
    # "the shield(3/2) descriptor … level (3) + tier (2)"; marked "shield(3/2)*"
    ("shield(3/2)", "skill", {"kind": "skill", "level": 3, "tier": 2}),
    ("shield(3/2)*", "skill", {"level": 3, "tier": 2, "marked": True}),
    # "Fire magic (5:1+2) – you can cast fire spells"
    ("Fire magic (5:1+2) – you can cast fire spells", None, {"level": 5, "tier": 1, "next_level": 2}),
    # "gaining the descriptor Poisoned(3:2)"
    ("Poisoned(3:2)", "condition", {"kind": "condition", "level": 3, "tier": 2}),
    # "the tier 2 sword-related technique such as Quick-Draw (2)"
    ("Quick-Draw (2)", "ability", {"kind": "ability", "tier": 2}),
    ("Strong - you possess strength above the average person", None, {"kind": "trait"}),
])
def test_the_books_notations(text, kind, fields):
    parsed = parse_notation(text, kind)
    for k, v in fields.items():
        assert parsed[k] == v, (k, parsed)


def test_a_notation_prints_as_the_book_writes_it(call):
    r = call("fiveplus_descriptor", {"notation": "Fire magic (5:1+2) – you can cast fire spells"})
    assert r.notation == "Fire magic (5:1+2) – you can cast fire spells"
    assert r.descriptor.group == "magic" and r.problems == []
    assert make({"name": "Health", "kind": "resistance", "counter": 0, "level": 3, "tier": 1}).notation() == \
        "Health (0/3:1)"


def test_groups_come_from_the_name():
    assert group_for("Sword", "skill") == "combat"
    assert group_for("Sneak", "skill") == "stealth"
    assert group_for("Physical", "resistance") == "endurance"
    assert group_for("Mental", "resistance") == "willpower"
    assert group_for("Quibble", "skill") is None


def test_rule_breaking_descriptors_are_reported(call):
    r = call("fiveplus_descriptor", {"notation": "Skill (30:0)", "kind": "skill"})
    assert r.problems and "level 30" in say(r.problems[0])
    with pytest.raises(ToolArgumentError):
        call("fiveplus_descriptor", {"notation": "Bad (1/2/3)"})
    with pytest.raises(ToolArgumentError):
        call("fiveplus_descriptor", {"notation": "dotted.name (2:0)"})


@settings(max_examples=150, deadline=None)
@given(counter=st.none() | st.integers(0, 9), level=st.integers(0, 9), tier=st.integers(0, 5),
       nxt=st.none() | st.integers(1, 5), marked=st.booleans())
def test_notation_round_trips(counter, level, tier, nxt, marked):
    kind = "resistance" if counter is not None else "skill"
    d = Descriptor(name="Thing", kind=kind, counter=counter, level=level, tier=tier, next_level=nxt, marked=marked)
    back = parse_notation(d.notation(), kind)
    assert (back.get("counter"), back["level"], back.get("tier", 0), back.get("next_level"), back["marked"]) == \
        (counter, level, tier, nxt, marked)


def test_damage_above_the_level_cannot_stand(call):
    """"When the damage is higher than the level, you obtain a physical wound", and "gaining a wound immediately
    restore[s] all accumulated damage": Health (5/3:1) is read, but said to be a state the rules never leave."""
    r = call("fiveplus_descriptor", {"notation": "Health (5/3:1)"})
    assert len(r.problems) == 1 and "damage 5 above level 3 cannot stand" in say(r.problems[0])
    assert any(s.startswith("✗ Health: damage 5 above level 3") for s in steps_of(r))
    assert call("fiveplus_descriptor", {"notation": "Health (3/3:1)"}).problems == []  # equal is not higher


def test_a_slash_pair_is_read_by_the_kind_it_belongs_to(call):
    """The formal notation is "descriptor name (counter/level:tier)", but the improvement example writes
    "shield(3/2)" and reads it as "level (3) + tier (2)". Reading chosen: without a tier, a pair is counter/level
    for a resistance and level/tier for anything else; with no kind given, the formal notation decides (a counter
    makes a resistance)."""
    skill = call("fiveplus_descriptor", {"notation": "shield(3/2)", "kind": "skill"}).descriptor
    assert (skill.kind, skill.level, skill.tier, skill.counter) == ("skill", 3, 2, None)
    health = call("fiveplus_descriptor", {"notation": "Health (1/3)"}).descriptor
    assert (health.kind, health.counter, health.level, health.tier) == ("resistance", 1, 3, 0)
