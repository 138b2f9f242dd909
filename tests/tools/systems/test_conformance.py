"""The rules-system contract, checked on every registered system (the real ones and the test-only Coin).

What each test holds is one line of :mod:`tools.systems.contract`'s list of what a system provides. A new system
that passes this file plugs into the agent, the game, rulings and replay without an edit outside its own files.
"""

from __future__ import annotations

import json
import typing
from pathlib import Path

import pytest

from memory.campaign import Campaign
from memory.rulebooks import book_systems, rulebooks_dir, split_book
from narrator.agent.evaluate import table_for
from narrator.agent.extract import power_for, sheet_entries
from narrator.agent.specs import specs_for
from narrator.game.rules import GameRules, rules_for
from prompts import NARRATOR_STYLE, ROUTER_EXAMPLES
from tools.dice import Roller
from tools.proposals import NOT_TOOLS, build
from tools.registry import default_registry
from tools.systems import POWER_LEVELS, RulesSystem, all_systems, get_system
from tools.table import Initiative, SetInitiative, TableState, apply_all

SYSTEMS = [s.name for s in all_systems()]
ZONES = ["gate", "courtyard", "tower"]


def test_the_test_system_is_registered_beside_the_real_ones():
    assert "coin" in SYSTEMS and "minim" in SYSTEMS
    assert SYSTEMS[0] == "minim"  # listing order, not the alphabet, picks the default


@pytest.fixture(params=SYSTEMS)
def system(request) -> RulesSystem:
    return get_system(request.param)


def options_of(rules: GameRules) -> dict:
    """The campaign options a player gets by pressing Enter at every option question."""
    out: dict = {}
    for step in rules.option_steps():
        if step.default is not None:
            value = step.parse(step.default)
            out.update(value) if step.key == "options" and isinstance(value, dict) else out.__setitem__(step.key, value)
    return out


def test_identity_and_files(system):
    assert isinstance(system, RulesSystem)
    assert system.name.isidentifier() and system.title and system.rulebook.endswith(".md")
    names = default_registry().names(system.name)
    for tool in (system.character_tool, system.random_character_tool, system.npc_tool):
        assert tool in names and default_registry().get(tool).bound
    if system.start_combat_tool is not None:
        assert system.start_combat_tool in names
    assert all(t.name.startswith(f"{system.name}_") for t in system.tools()), "tools are prefixed by the system"
    prompts = Path(system.prompts_dir)
    assert (prompts / NARRATOR_STYLE).is_file(), "the system's narration style is its own file"
    assert (prompts / ROUTER_EXAMPLES).is_file()
    tools = {s.tool for s in specs_for(system.name)}
    for line in (prompts / ROUTER_EXAMPLES).read_text(encoding="utf-8").splitlines():
        if line.strip():
            label = json.loads(line)["label"]
            assert label.split(":")[0] in tools, f"router example label {label} names no proposal"
    for _, label in system.router_examples():
        assert label.split(":")[0] in tools


def test_the_creation_tool_accepts_the_wizard_answers(system):
    rules = rules_for(system.name)
    options = options_of(rules)
    steps = rules.creation_steps(options)
    answers = rules.example_answers(options)
    assert set(answers) >= {s.key for s in steps if not s.optional}, "an example answer for every question"
    parsed = {s.key: s.parse(answers[s.key]) for s in steps if s.key in answers}
    args = rules.creation_args(parsed, options) if steps else rules.random_args("Tess", None, options)
    tool = system.character_tool if steps else system.random_character_tool
    state = TableState(system=system.name)
    result = default_registry().call(tool, args, Roller(1), state)
    state = apply_all(state, result.changes)
    made = [n for n in state.characters]
    assert len(made) == 1
    assert system.sheet_problems(state.characters[made[0]], creation=bool(steps)) == []


@pytest.mark.parametrize("seed", range(5))
def test_random_characters_and_npcs_are_valid(system, seed):
    rules = rules_for(system.name)
    state = TableState(system=system.name)
    registry = default_registry()
    made = registry.call(system.random_character_tool, rules.random_args("Tess", "a wandering healer",
                                                                         options_of(rules)), Roller(seed), state)
    state = apply_all(state, made.changes)
    for level in POWER_LEVELS:
        npc = registry.call(system.npc_tool, system.npc_args("a bored city guard", level), Roller(seed * 10 + level),
                            state)
        state = apply_all(state, npc.changes)
    assert len(state.characters) == 1 + len(POWER_LEVELS)
    for name, sheet in state.characters.items():
        assert system.sheet_problems(sheet, creation=False) == [], name
    assert sum(1 for s in state.characters.values() if s.get("npc")) == len(POWER_LEVELS)


def _fill(spec, state, variant):
    """Arguments for a proposal as the router would fill them: names from the table, the variant for a choice."""
    pcs = [n for n, s in state.characters.items() if not s.get("npc")]
    npcs = [n for n, s in state.characters.items() if s.get("npc")]
    args: dict = {}
    for field, info in spec.args_model.model_fields.items():
        kind = (info.json_schema_extra or {}).get("x-names") if isinstance(info.json_schema_extra, dict) else None
        allowed = set()
        for arg in typing.get_args(info.annotation) or (info.annotation,):
            if typing.get_origin(arg) is typing.Literal:
                allowed |= set(typing.get_args(arg))
        if variant is not None and variant in allowed:
            args[field] = variant
        elif kind == "actors" and typing.get_origin(info.annotation) is list:
            args[field] = pcs + npcs[:1]
        elif kind == "actors":
            args[field] = npcs[0] if field in ("defender", "target") else pcs[0]
        elif kind == "zones":
            args[field] = state.zones[1]
        elif field == "power":
            args[field] = power_for("", state, pcs[0])
        elif isinstance(info.json_schema_extra, dict) and "x-sheet" in info.json_schema_extra:
            entries = sheet_entries(state, pcs[0], info.json_schema_extra["x-sheet"],
                                    info.json_schema_extra.get("x-sheet-match"))  # what the words could name
            args[field] = entries[0] if entries else None
    return args


def test_every_proposal_builds_a_call_the_registry_accepts(system):
    state = table_for(system.name, None, ZONES)
    fight = apply_all(state, [SetInitiative(initiative=Initiative(active=True, round=1, order=list(state.characters),
                                                                  totals={}))])
    variants: dict[str, set] = {}
    for text, label in system.router_examples():
        tool, _, variant = label.partition(":")
        variants.setdefault(tool, set()).add(variant or None)
    registry = default_registry()
    checked = 0
    for spec in specs_for(system.name):
        if spec.tool in NOT_TOOLS:
            continue
        for variant in sorted(variants.get(spec.tool, {None}), key=str):
            args = _fill(spec, state, variant)
            if any(v is None for v in args.values()):
                continue  # e.g. a power proposal for a party without powers
            proposal = build(spec, args, fight, "conformance")
            registry.validate(spec.tool, proposal.call_args)
            checked += 1
    assert checked >= 1


def test_every_pure_tool_has_a_worked_example_for_rulings(system):
    examples = system.worked_examples()
    registry = default_registry()
    for tool in system.tools():
        if tool.bound:
            continue
        assert tool.name in examples, f"{tool.name} has no worked example"
        result = registry.call(tool.name, examples[tool.name], Roller(7))
        assert result.steps, tool.name


def test_the_rulebook_is_found_by_the_rulings_index_and_cited_by_its_tools(system):
    folder = Path(system.rulebook_dir) if system.rulebook_dir is not None else rulebooks_dir()
    book = folder / system.rulebook
    assert book.is_file()
    assert book_systems()[system.rulebook] == system.name
    headings = {s.heading for s in split_book(system.rulebook, book.read_text(encoding="utf-8"))}
    registry = default_registry()
    for tool, args in system.worked_examples().items():
        for ref in registry.call(tool, args, Roller(7)).rule_refs:
            file, _, section = ref.partition("#")
            if file == system.rulebook:
                assert section in headings, f"{tool} cites {ref}, which is not a section of the book"


def test_vocabulary_and_conditions_are_coherent(system):
    vocab = system.vocabulary()
    assert system.downed_condition in system.conditions()
    assert system.conditions()[system.downed_condition].blocks_action
    for word, polarity in vocab.outcomes.items():
        assert polarity in (-1, 0, 1), word
    state = table_for(system.name, None, ZONES)
    for resource in vocab.resources:
        assert any(_has(sheet, resource.field) for sheet in state.characters.values()), resource.field


def _has(sheet: dict, path: str) -> bool:
    node = sheet
    for part in path.split("."):
        if not isinstance(node, dict) or part not in node:
            return False
        node = node[part]
    return True


def test_a_seeded_ten_turn_session_replays_byte_identically(system, tmp_path):
    from narrator.agent.router import RouterProposer, examples
    from narrator.agent.turn import Agent

    known = list(dict.fromkeys(text for text, _ in examples(system.name)))
    texts = [known[i % len(known)] for i in range(9)] + ["I look around."]
    with Campaign.new("Ten", system.name, seed=42, root=tmp_path) as c:
        for member in system.sample_party():
            tool = system.npc_tool if member.get("npc") else system.random_character_tool
            args = system.npc_args(member["name"].lower(), 3, member["name"]) if member.get("npc") else \
                rules_for(system.name).random_args(member["name"], None, {})
            c.call(tool, args)
        c.call("table_set_zones", {"zones": ZONES})
        agent = Agent(c, None, RouterProposer())
        pcs = [n for n, s in c.state.characters.items() if not s.get("npc")]
        for text in texts:
            agent.turn(text, actor=pcs[0])
        assert sum(1 for e in c.events() if e.kind == "player") == 10
        report = c.replay()
        assert report.ok, report.divergence and report.divergence.text()


def test_npc_turns_are_calls_the_registry_accepts(system):
    state = table_for(system.name, None, ZONES)
    order = list(state.characters)
    registry = default_registry()
    for npc in [n for n, s in state.characters.items() if s.get("npc")]:
        fight = apply_all(state, [SetInitiative(initiative=Initiative(active=True, round=1, order=order,
                                                                      turn=order.index(npc), totals={}))])
        for tool, args in system.npc_turn(fight, npc):
            registry.validate(tool, args)
            result = registry.call(tool, args, Roller(3), fight)
            fight = apply_all(fight, result.changes)
