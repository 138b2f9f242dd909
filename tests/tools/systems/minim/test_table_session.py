"""A seeded Minim session of 50 mixed tool calls in a real campaign: it replays byte-identically, a second campaign
with the same master seed and the same calls logs the very same events, and the table stays legal throughout."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from narrator.memory.campaign import Campaign
from narrator.memory.store import canonical
from narrator.tools.errors import ToolArgumentError
from narrator.tools.systems import get_system

ARIA = {
    "name": "Aria", "concept": "exiled archer princess",
    "traits": {"brain": 3, "brawl": 4, "brass": 2},
    "skills": ["fire", "stealth", "sports", "knowledge", "cure", "perception"],
    "powers": {"healing-touch": 2, "wealth": 2},
    "virtue": "compassion", "vice": "pride",
    "gear": [{"name": "longbow", "kind": "weapon", "quality": 1}, {"name": "dagger", "kind": "weapon", "quality": -1},
             {"name": "leather armor", "kind": "armor", "quality": 0}],
}

UNDO = ("undo", None)
BAD = "rejected"
TURN = "turn_of"
"""("turn_of", NAME): call table_next_turn until it is NAME's turn — the table enforces the initiative order."""
SESSION: list[tuple[str, dict | None] | tuple[str, dict, str] | tuple[str, str]] = [
    ("minim_add_character", ARIA),
    ("minim_add_random_character", {"name": "Brom", "concept": "dwarf smith"}),
    ("minim_add_npc", {"concept": "city guard", "tier": 2}),
    ("minim_add_npc", {"concept": "city guard", "tier": 2}),
    ("minim_add_npc", {"concept": "bandit archer captain", "tier": 3}),
    ("table_set_scene", {"text": "Dusk at the old keep; the guards were bribed to look away, but not all of them."}),
    ("table_set_zones", {"zones": ["gate", "yard", "tower"]}),
    ("table_move", {"actor": "Aria", "zone": "gate"}),
    ("table_move", {"actor": "Brom", "zone": "gate"}),
    ("table_move", {"actor": "City Guard", "zone": "gate"}),
    ("table_move", {"actor": "City Guard 2", "zone": "yard"}),
    ("table_move", {"actor": "Bandit Archer Captain", "zone": "tower"}),
    ("minim_check", {"actor": "Aria", "skill": "stealth", "twice_as_long": True}),
    ("minim_surprise_check", {"actors": ["City Guard", "City Guard 2"]}),
    ("minim_start_combat", {}),
    (TURN, "Aria"),
    ("minim_attack_target", {"attacker": "Aria", "defender": "City Guard", "skill": "fire"}),
    (TURN, "Bandit Archer Captain"),
    ("minim_attack_target", {"attacker": "Bandit Archer Captain", "defender": "Aria", "skill": "fire"}, BAD),
    ("table_move", {"actor": "Bandit Archer Captain", "zone": "yard"}),
    (TURN, "Bandit Archer Captain"),
    ("minim_attack_target", {"attacker": "Bandit Archer Captain", "defender": "Brom", "skill": "fire"}),
    (TURN, "Brom"),
    ("minim_check", {"actor": "Brom", "skill": "fight", "faith": True}),
    ("table_condition", {"actor": "Brom", "condition": "defending"}),
    (TURN, "City Guard 2"),
    ("minim_attack_target", {"attacker": "City Guard 2", "defender": "Aria", "skill": "sports"}),
    (TURN, "Aria"),
    ("minim_use_power", {"actor": "Aria", "power": "healing-touch"}),
    ("minim_heal", {"target": "City Guard", "amount": 1, "reason": "Aria's healing touch"}),
    ("minim_damage", {"target": "City Guard 2", "amount": 1, "reason": "trips over a barrel"}),
    UNDO,
    ("minim_damage", {"target": "City Guard 2", "amount": 2, "reason": "a falling portcullis"}),
    ("minim_add_npc", {"concept": "guard dog", "tier": 1}),
    ("minim_join_combat", {"actor": "Guard Dog"}),
    (TURN, "Guard Dog"),
    ("table_move", {"actor": "Guard Dog", "zone": "gate"}),
    (TURN, "Guard Dog"),
    ("minim_attack_target", {"attacker": "Guard Dog", "defender": "Aria"}),
    (TURN, "Brom"),
    ("minim_attack_target", {"attacker": "Brom", "defender": "Guard Dog"}),
    (TURN, "Aria"),
    ("minim_check", {"actor": "Aria", "trait": "brain", "modifier": -1}),
    ("table_remove_combatant", {"actor": "City Guard 2"}),
    (TURN, "Aria"),
    ("minim_attack_target", {"attacker": "Aria", "defender": "Bandit Archer Captain", "skill": "fire", "aim": True}),
    ("table_end_combat", {}),
    ("minim_recover_health", {"actor": "City Guard 2", "mode": "full_rest"}),
    ("minim_grant_faith", {"actor": "Aria", "amount": 2, "reason": "virtue", "note": "spared the guard"}),
    ("minim_buy", {"actor": "Brom", "item": "crossbow", "kind": "weapon", "quality": -2}),
    ("minim_buy", {"actor": "Aria", "item": "healing salve", "quality": -1}),
    ("minim_start_combat", {"combatants": ["Aria", "Brom"]}),
    ("table_end_combat", {}),
    ("minim_check", {"actor": "Brom", "skill": "art", "twice_as_long": True}),
    ("minim_gain_item", {"actor": "Aria", "item": "wand of sparks", "power": 3}),
    ("minim_use_power", {"actor": "Aria", "power": "wand of sparks"}),
    ("minim_area_effect", {"zone": "gate", "source": "a thrown lantern"}),
    ("minim_work_project", {"project": "rebuild the gate", "threshold": 20,
                            "workers": [{"actor": "Brom", "skill": "art"}, {"actor": "Aria", "trait": "brain"}]}),
]


def _turn_of(c: Campaign, name: str) -> int:
    """Advance the tracker to ``name``'s next turn (at least one step; a full round at most). Returns the calls."""
    ini = c.state.initiative
    if not ini.active or name not in ini.order:
        return 0
    calls = 0
    for _ in range(len(ini.order)):
        c.call("table_next_turn", {})
        calls += 1
        if c.state.initiative.current == name:
            break
    return calls


def run_session(root, seed: int = 20250914, strict: bool = True) -> tuple[Campaign, list[str], int]:
    """Play SESSION; returns the campaign, the tools whose calls were rejected, and how many calls were made.

    ``strict``: only the calls marked BAD may be rejected (other seeds may refuse more: a foe already down)."""
    c = Campaign.new("keep", "minim", seed=seed, root=root)
    rejected, calls = [], 0
    for entry in SESSION:
        tool, args = entry[0], entry[1]
        if tool == "undo":
            assert c.undo() is not None
            continue
        if tool == TURN:
            calls += _turn_of(c, args)
            continue
        calls += 1
        try:
            c.call(tool, args)
        except ToolArgumentError as e:
            rejected.append(f"{tool}: {e.problems[0].field}")
            if strict and len(entry) < 3:
                raise
    return c, rejected, calls


def test_seeded_session_replays_and_is_deterministic(tmp_path):
    first, rejected, calls = run_session(tmp_path / "a")
    assert calls >= 50
    assert rejected == ["minim_attack_target: defender"]  # the captain in the tower is out of range of the gate

    kinds = [e.kind for e in first.events()]
    assert kinds.count("tool_call") == calls - len(rejected)
    assert kinds.count("tool_rejected") == len(rejected) and kinds.count("rewind") == 1
    report = first.replay()
    assert report.ok, report.divergence and report.divergence.text()
    assert report.tool_calls == calls - len(rejected)
    assert first.fold(first.events()) == first.state

    minim = get_system("minim")
    for name, sheet in first.state.characters.items():
        assert minim.sheet_problems(sheet, creation=False) == [], name
        assert (sheet["health"] == 0) == ("unconscious" in first.state.conditions.get(name, [])), name
    # the undone damage (the barrel) is out of the effective log; the portcullis that followed counts
    damage = [e.payload["args"]["reason"] for e in Campaign.effective_events(first.events())
              if e.kind == "tool_call" and e.payload["tool"] == "minim_damage"]
    assert damage == ["a falling portcullis"]
    assert first.state.initiative.active is False
    assert first.state.scene.startswith("Dusk at the old keep")

    second, rejected_again, _ = run_session(tmp_path / "b")
    assert rejected_again == rejected
    payloads = [canonical(e.payload) for e in first.events()]
    assert payloads == [canonical(e.payload) for e in second.events()]
    assert [e.kind for e in second.events()] == kinds
    third, _, _ = run_session(tmp_path / "c", seed=7, strict=False)
    assert [canonical(e.payload) for e in third.events()] != payloads
    for c in (first, second, third):
        c.close()


def test_session_survives_reopening(tmp_path):
    c, _, _ = run_session(tmp_path)
    state = c.state
    c.close()
    with Campaign.open("keep", root=tmp_path) as again:
        assert again.state == state
        assert again.replay().ok


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_session_with_other_seeds_only_rejects_what_the_dice_allow(tmp_path, seed):
    """Under other seeds some calls may be refused (a foe already down); every refusal is a clean argument error
    and the log still replays."""
    c, rejected, calls = run_session(tmp_path, seed=seed, strict=False)
    assert calls >= 50 and "minim_attack_target: defender" in rejected
    report = c.replay()
    assert report.ok and report.tool_calls == calls - len(rejected)
    c.close()


def test_undoing_an_attack_restores_health_and_conditions(tmp_path):
    with Campaign.new("duel", "minim", seed=3, root=tmp_path) as c:
        c.call("minim_add_character", ARIA)
        c.call("minim_add_npc", {"concept": "rat", "tier": 1})
        before = c.state
        hits = 0
        while c.state.characters["Rat"]["health"] > 0:  # the seed decides how long it takes
            c.call("minim_attack_target", {"attacker": "Aria", "defender": "Rat", "skill": "fire"})
            hits += 1
            assert hits < 50
        assert "unconscious" in c.state.conditions["Rat"]
        with pytest.raises(ToolArgumentError) as e:
            c.call("minim_attack_target", {"attacker": "Aria", "defender": "Rat", "skill": "fire"})
        assert "already unconscious" in str(e.value)
        assert c.events()[-1].kind == "tool_rejected"
        c.undo()  # the knockout: misses change nothing, the refusal was never applied
        assert c.state.characters["Rat"] == before.characters["Rat"]
        assert "unconscious" not in c.state.conditions.get("Rat", [])
        assert c.replay().ok


# --- any sequence of calls keeps the table legal ---------------------------------------------------------------

NAMES = ["Aria", "brom", "City Guard", "Bandit Archer"] * 3 + ["Nobody"]
SKILLS = [None, "fight", "fire", "stealth", "perception", "cure", "art"]


def calls():
    name = st.sampled_from(NAMES)
    flag = st.booleans()
    return st.one_of(
        st.fixed_dictionaries({"actor": name, "skill": st.sampled_from(SKILLS),
                               "trait": st.sampled_from([None, "brain", "brawl", "brass"]),
                               "modifier": st.integers(-9, 9), "twice_as_long": flag, "faith": flag}
                              ).map(lambda a: ("minim_check", a)),
        st.fixed_dictionaries({"attacker": name, "defender": name, "aim": flag, "faith": flag,
                               "skill": st.sampled_from(["fight", "fire", "sports"])}
                              ).map(lambda a: ("minim_attack_target", a)),
        st.fixed_dictionaries({"target": name, "amount": st.integers(1, 6), "reason": st.just("hazard")}
                              ).map(lambda a: ("minim_damage", a)),
        st.fixed_dictionaries({"target": name, "amount": st.integers(1, 6)}).map(lambda a: ("minim_heal", a)),
        st.fixed_dictionaries({"actor": name, "mode": st.sampled_from(["mid_action", "full_rest", "long_term"]),
                               "faith": flag}).map(lambda a: ("minim_recover_health", a)),
        st.lists(name, min_size=1, max_size=3).map(lambda n: ("minim_surprise_check", {"actors": n})),
        st.fixed_dictionaries({"actor": name, "power": st.sampled_from(["healing-touch", "languages", "wealth", "x"])}
                              ).map(lambda a: ("minim_use_power", a)),
        st.fixed_dictionaries({"actor": name, "item": st.just("thing"), "kind": st.sampled_from(["weapon", "armor"]),
                               "quality": st.integers(-2, 2)}).map(lambda a: ("minim_buy", a)),
        st.fixed_dictionaries({"actor": name, "amount": st.integers(1, 3),
                               "reason": st.sampled_from(["virtue", "vice"])}).map(lambda a: ("minim_grant_faith", a)),
        st.just(("minim_start_combat", {})),
        name.map(lambda n: ("minim_join_combat", {"actor": n})),
        st.just(("table_next_turn", {})),
        st.just(("table_end_combat", {})),
        st.tuples(name, st.sampled_from(["gate", "yard", "tower"])).map(
            lambda t: ("table_move", {"actor": t[0], "zone": t[1]})),
        st.tuples(name, st.sampled_from(["fallen", "defending", "off-guard-1", "disarmed", "stunned"]), flag).map(
            lambda t: ("table_condition", {"actor": t[0], "condition": t[1], "remove": t[2]})),
    )


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_random_call_sequences_keep_the_table_legal(registry, data, seed):
    from narrator.tools.dice import Roller
    from narrator.tools.table import TableState, apply_all

    state = TableState(system="minim")
    setup = [("minim_add_character", {**ARIA, "gear": ARIA["gear"][:1]}),
             ("minim_add_random_character", {"name": "Brom"}),
             ("minim_add_npc", {"concept": "city guard", "tier": 2}),
             ("minim_add_npc", {"concept": "bandit archer", "tier": 5}),
             ("table_set_zones", {"zones": ["gate", "yard", "tower"]})]
    setup += [("table_move", {"actor": n, "zone": "gate"}) for n in ("Aria", "Brom", "City Guard", "Bandit Archer")]
    minim = get_system("minim")
    steps = data.draw(st.lists(calls(), min_size=5, max_size=40))
    for i, (tool, args) in enumerate(setup + steps):
        try:
            result = registry.call(tool, args, Roller(seed + i), state)
        except ToolArgumentError as e:
            assert e.tool == tool and e.problems
            continue
        state = apply_all(state, result.changes)
        for name, sheet in state.characters.items():
            assert minim.sheet_problems(sheet, creation=False) == [], (tool, name)
            assert (sheet["health"] == 0) == ("unconscious" in state.conditions.get(name, [])), (tool, name)
        assert set(state.initiative.order) <= set(state.characters)
        assert len(set(state.initiative.order)) == len(state.initiative.order)
