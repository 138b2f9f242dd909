"""The rules-system contract as checks a plugin author can run: ``narrator systems check NAME``.

What each check holds is one line of :mod:`tools.systems.contract`'s list of what a system provides; a system that
passes them all plugs into the agent, the game, rulings and replay without an edit outside its own files. The test
suite runs the same checks on every registered system (``tests/tools/systems/test_conformance.py``), so a plugin
author and this project's CI judge a system by one list.

Why here and not in ``tools``: the checks play the system through the agent, the game's wizard answers and a real
campaign, which live above the engine (narrator → memory → models → tools).
"""

from __future__ import annotations

import json
import tempfile
import typing
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from narrator.tools.systems import POWER_LEVELS, RulesSystem

ZONES = ["gate", "courtyard", "tower"]


class ConformanceError(Exception):
    """A system breaks its contract; the message says which line of it and where."""


def need(condition: object, message: str) -> None:
    if not condition:
        raise ConformanceError(message)


@dataclass(frozen=True)
class Check:
    name: str
    what: str
    run: Callable[[RulesSystem, Path], None]


@dataclass(frozen=True)
class Verdict:
    check: str
    what: str
    ok: bool
    problem: str = ""


CHECKS: list[Check] = []


def check(what: str) -> Callable[[Callable[[RulesSystem, Path], None]], Callable[[RulesSystem, Path], None]]:
    def register(fn: Callable[[RulesSystem, Path], None]) -> Callable[[RulesSystem, Path], None]:
        CHECKS.append(Check(fn.__name__, what, fn))
        return fn

    return register


def run_checks(system: RulesSystem, only: str | None = None) -> list[Verdict]:
    """Every check on ``system`` (each in its own scratch folder); a failing check never stops the others."""
    out = []
    for c in CHECKS:
        if only and c.name != only:
            continue
        with tempfile.TemporaryDirectory(prefix=f"narrator-check-{system.name}-") as scratch:
            try:
                c.run(system, Path(scratch))
                out.append(Verdict(c.name, c.what, True))
            except Exception as e:  # noqa: BLE001 - a plugin may fail any way; the verdict names the check
                out.append(Verdict(c.name, c.what, False, f"{type(e).__name__}: {e}" if not
                                   isinstance(e, ConformanceError) else str(e)))
    return out


def options_of(rules) -> dict:
    """The campaign options a player gets by pressing Enter at every option question."""
    out: dict = {}
    for step in rules.option_steps():
        if step.default is not None:
            value = step.parse(step.default)
            out.update(value) if step.key == "options" and isinstance(value, dict) else out.__setitem__(step.key, value)
    return out


@check("identity, tools prefixed by the system, its narration style and router examples, every example a proposal")
def identity_and_files(system: RulesSystem, _: Path) -> None:
    from narrator.agent.specs import specs_for
    from narrator.prompts import NARRATOR_STYLE, ROUTER_EXAMPLES
    from narrator.tools.registry import default_registry

    need(system.name.isidentifier() and system.title and system.rulebook.endswith(".md"),
         "a system needs an identifier name, a title and a rulebook ending in .md")
    names = default_registry().names(system.name)
    for tool in (system.character_tool, system.random_character_tool, system.npc_tool):
        need(tool in names and default_registry().get(tool).bound, f"{tool!r} is not one of the system's table tools")
    if system.start_combat_tool is not None:
        need(system.start_combat_tool in names, f"start_combat_tool {system.start_combat_tool!r} is not a tool")
    if system.join_combat_tool is not None:
        need(system.join_combat_tool in names and default_registry().get(system.join_combat_tool).bound,
             f"join_combat_tool {system.join_combat_tool!r} is not one of the system's table tools")
    need(all(t.name.startswith(f"{system.name}_") for t in system.tools()), "tools are prefixed by the system's name")
    prompts = Path(system.prompts_dir)
    need((prompts / NARRATOR_STYLE).is_file(), f"the narration style {prompts / NARRATOR_STYLE} is missing")
    need((prompts / ROUTER_EXAMPLES).is_file(), f"the router examples {prompts / ROUTER_EXAMPLES} are missing")
    tools = {s.tool for s in specs_for(system.name)}
    for line in (prompts / ROUTER_EXAMPLES).read_text(encoding="utf-8").splitlines():
        if line.strip():
            label = json.loads(line)["label"]
            need(label.split(":")[0] in tools, f"router example label {label} names no proposal")
    for _, label in system.router_examples():
        need(label.split(":")[0] in tools, f"router example label {label} names no proposal")


@check("the creation tool accepts the game wizard's example answers and makes a valid sheet")
def creation_accepts_the_wizard(system: RulesSystem, _: Path) -> None:
    from narrator.game.rules import rules_for
    from narrator.tools.dice import Roller
    from narrator.tools.registry import default_registry
    from narrator.tools.table import TableState, apply_all

    rules = rules_for(system.name)
    options = options_of(rules)
    steps = rules.creation_steps(options)
    answers = rules.example_answers(options)
    missing = {s.key for s in steps if not s.optional} - set(answers)
    need(not missing, f"no example answer for the wizard's questions {sorted(missing)}")
    parsed = {s.key: s.parse(answers[s.key]) for s in steps if s.key in answers}
    args = rules.creation_args(parsed, options) if steps else rules.random_args("Tess", None, options)
    tool = system.character_tool if steps else system.random_character_tool
    state = TableState(system=system.name)
    state = apply_all(state, default_registry().call(tool, args, Roller(1), state).changes)
    need(len(state.characters) == 1, f"{tool} made {len(state.characters)} characters, not one")
    sheet = next(iter(state.characters.values()))
    problems = system.sheet_problems(sheet, creation=bool(steps))
    need(problems == [], f"the created sheet breaks the rules: {problems}")


@check("random characters and NPCs at every power level are valid, over five seeds")
def random_people_are_valid(system: RulesSystem, _: Path) -> None:
    from narrator.game.rules import rules_for
    from narrator.tools.dice import Roller
    from narrator.tools.registry import default_registry
    from narrator.tools.table import TableState, apply_all

    rules = rules_for(system.name)
    registry = default_registry()
    for seed in range(5):
        state = TableState(system=system.name)
        made = registry.call(system.random_character_tool,
                             rules.random_args("Tess", "a wandering healer", options_of(rules)), Roller(seed), state)
        state = apply_all(state, made.changes)
        for level in POWER_LEVELS:
            npc = registry.call(system.npc_tool, system.npc_args("a bored city guard", level),
                                Roller(seed * 10 + level), state)
            state = apply_all(state, npc.changes)
        need(len(state.characters) == 1 + len(POWER_LEVELS), f"seed {seed}: expected one character per call")
        for name, sheet in state.characters.items():
            problems = system.sheet_problems(sheet, creation=False)
            need(problems == [], f"seed {seed}: {name}'s sheet breaks the rules: {problems}")
        need(sum(1 for s in state.characters.values() if s.get("npc")) == len(POWER_LEVELS),
             f"seed {seed}: the NPC tool's people are not marked npc")


def _fill(spec, state, variant):
    """Arguments for a proposal as the router would fill them: names from the table, the variant for a choice."""
    from narrator.agent.extract import power_for, sheet_entries

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


@check("every proposal, filled as the router fills it, builds a call the registry accepts")
def proposals_build_valid_calls(system: RulesSystem, _: Path) -> None:
    from narrator.agent.evaluate import table_for
    from narrator.agent.specs import specs_for
    from narrator.tools.proposals import NOT_TOOLS, build
    from narrator.tools.registry import default_registry
    from narrator.tools.table import Initiative, SetInitiative, apply_all

    state = table_for(system.name, None, ZONES)
    fight = apply_all(state, [SetInitiative(initiative=Initiative(active=True, round=1, order=list(state.characters),
                                                                  totals={}))])
    variants: dict[str, set] = {}
    for _, label in system.router_examples():
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
            registry.validate(spec.tool, build(spec, args, fight, "conformance").call_args)
            checked += 1
    need(checked >= 1, "no proposal could be filled from the sample party")


@check("every pure tool has a worked example for rulings, and it explains itself in steps")
def worked_examples(system: RulesSystem, _: Path) -> None:
    from narrator.tools.dice import Roller
    from narrator.tools.registry import default_registry

    examples = system.worked_examples()
    registry = default_registry()
    for tool in system.tools():
        if tool.bound:
            continue
        need(tool.name in examples, f"{tool.name} has no worked example")
        need(registry.call(tool.name, examples[tool.name], Roller(7)).steps, f"{tool.name}'s example has no steps")


@check("the rulebook is found by the rulings index and every citation names one of its sections")
def rulebook_is_cited(system: RulesSystem, _: Path) -> None:
    from narrator.memory.rulebooks import book_systems, rulebooks_dir, split_book
    from narrator.tools.dice import Roller
    from narrator.tools.registry import default_registry

    folder = Path(system.rulebook_dir) if system.rulebook_dir is not None else rulebooks_dir()
    book = folder / system.rulebook
    need(book.is_file(), f"the rulebook {book} is missing")
    need(book_systems().get(system.rulebook) == system.name, f"the rulings index does not map {system.rulebook}")
    headings = {s.heading for s in split_book(system.rulebook, book.read_text(encoding="utf-8"))}
    registry = default_registry()
    for tool, args in system.worked_examples().items():
        for ref in registry.call(tool, args, Roller(7)).rule_refs:
            file, _, section = ref.partition("#")
            if file == system.rulebook:
                need(section in headings, f"{tool} cites {ref}, which is not a section of the book")


def _has(sheet: dict, path: str) -> bool:
    node = sheet
    for part in path.split("."):
        if not isinstance(node, dict) or part not in node:
            return False
        node = node[part]
    return True


@check("the vocabulary and conditions agree with the sheets: a downed condition that blocks acting, real resources")
def vocabulary_is_coherent(system: RulesSystem, _: Path) -> None:
    from narrator.agent.evaluate import table_for

    vocab = system.vocabulary()
    need(system.downed_condition in system.conditions(), f"no condition {system.downed_condition!r}")
    need(system.conditions()[system.downed_condition].blocks_action, "the downed condition must block acting")
    for word, polarity in vocab.outcomes.items():
        need(polarity in (-1, 0, 1), f"outcome word {word!r} has polarity {polarity}")
    state = table_for(system.name, None, ZONES)
    for resource in vocab.resources:
        need(any(_has(sheet, resource.field) for sheet in state.characters.values()),
             f"no sheet of the sample party has the resource field {resource.field!r}")


@check("a seeded ten-turn session in a real campaign replays byte for byte")
def ten_turns_replay(system: RulesSystem, scratch: Path) -> None:
    from narrator.memory.campaign import Campaign
    from narrator.agent.router import RouterProposer, examples
    from narrator.agent.turn import Agent
    from narrator.game.rules import rules_for

    known = list(dict.fromkeys(text for text, _ in examples(system.name)))
    texts = [known[i % len(known)] for i in range(9)] + ["I look around."]
    with Campaign.new("Ten", system.name, seed=42, root=scratch) as c:
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
        need(sum(1 for e in c.events() if e.kind == "player") == 10, "ten player lines were not all logged")
        report = c.replay()
        need(report.ok, f"the replay diverged: {report.divergence and report.divergence.text()}")


@check("every NPC's turn is calls the registry accepts and runs")
def npc_turns_are_valid(system: RulesSystem, _: Path) -> None:
    from narrator.agent.evaluate import table_for
    from narrator.tools.dice import Roller
    from narrator.tools.registry import default_registry
    from narrator.tools.table import Initiative, SetInitiative, apply_all

    state = table_for(system.name, None, ZONES)
    order = list(state.characters)
    registry = default_registry()
    for npc in [n for n, s in state.characters.items() if s.get("npc")]:
        fight = apply_all(state, [SetInitiative(initiative=Initiative(active=True, round=1, order=order,
                                                                      turn=order.index(npc), totals={}))])
        for tool, args in system.npc_turn(fight, npc):
            registry.validate(tool, args)
            fight = apply_all(fight, registry.call(tool, args, Roller(3), fight).changes)
