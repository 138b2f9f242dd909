"""``narrator tools``, ``narrator tool`` and ``narrator roll``: the rules engine without a campaign."""

from __future__ import annotations

import argparse
import json
import secrets
import sys

from narrator.tools import render, safe_json
from narrator.tools.dice import Roller
from narrator.tools.notation import parse, roll
from narrator.tools.registry import default_registry
from narrator.tools.systems import get_system


def seed_or_new(value: int | None) -> int:
    if value is not None:
        return value
    seed = secrets.randbelow(2**31)
    print(f"seed: {seed} (pass --seed {seed} to repeat this roll)", file=sys.stderr)
    return seed


def read_args(text: str) -> str:
    """``--args`` as given, from a file (``@FILE``) or stdin (``-``); reads at most one character more than any
    parser accepts, so a huge file is refused by the registry's size check instead of filling memory."""
    limit = safe_json.MAX_CHARS + 1
    if text == "-":
        return sys.stdin.read(limit)
    if text.startswith("@"):
        with open(text[1:], encoding="utf-8") as fh:
            return fh.read(limit)
    return text


def cmd_tools(ns: argparse.Namespace) -> int:
    registry = default_registry()
    if ns.systems:
        from narrator.tools.systems import all_systems

        for s in all_systems():
            print(f"{s.name}  {s.title}  ({s.rulebook})")
        return 0
    if ns.system:
        get_system(ns.system)  # unknown system -> UserError listing the known ones
    if ns.json:
        print(json.dumps(registry.schemas(ns.system), indent=2))
        return 0
    for t in registry.tools(ns.system):
        where = " (in a campaign)" if t.bound else ""
        print(f"{t.name}  [{t.system}]{where}  {t.description}")
        schema = t.args_model.model_json_schema()
        required = set(schema.get("required", []))
        for field, spec in schema.get("properties", {}).items():
            mark = "" if field in required else "?"
            print(f"    {field}{mark}: {spec.get('description', spec.get('type', ''))}")
    return 0


def cmd_tool(ns: argparse.Namespace) -> int:
    registry = default_registry()
    args = registry.validate(ns.name, read_args(ns.args))  # bad arguments fail before a seed is drawn
    result = registry.call(ns.name, args, Roller(seed_or_new(ns.seed)))
    print(render.terminal(result, ns.name) if ns.explain else result.model_dump_json(indent=2))
    return 0


def cmd_roll(ns: argparse.Namespace) -> int:
    expression = " ".join(ns.expression)
    parse(expression)  # bad notation fails before a seed is drawn
    result = roll(expression, Roller(seed_or_new(ns.seed)))
    print(result.model_dump_json(indent=2) if ns.json else render.terminal(result, explain=not ns.quiet))
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    t = sub.add_parser("tools", help="list the rules tools and their argument schemas")
    t.add_argument("--system", help="only this rules system")
    t.add_argument("--systems", action="store_true", help="list the rules systems (name, title, rulebook)")
    t.add_argument("--json", action="store_true", help="print the JSON Schemas")
    t.set_defaults(func=cmd_tools)

    c = sub.add_parser("tool", help="run one pure tool call through the registry (no campaign)")
    c.add_argument("name")
    c.add_argument("--args", default="{}", help="arguments as a JSON object, @FILE, or - for stdin")
    c.add_argument("--seed", type=int, help="seed for the dice (printed when omitted)")
    c.add_argument("--explain", action="store_true", help="print the steps and citations as text")
    c.set_defaults(func=cmd_tool)

    r = sub.add_parser("roll", help="roll dice notation, e.g. 2d6+1, 4d6kh3, 3D+2, 5d6>=5")
    r.add_argument("expression", nargs="+")
    r.add_argument("--seed", type=int)
    r.add_argument("--json", action="store_true")
    r.add_argument("--quiet", action="store_true", help="only the total line")
    r.set_defaults(func=cmd_roll)
