"""The ``narrator`` command line: list and run rules tools, roll dice.

Errors meant for people (bad notation, bad tool arguments, unknown names) print plainly and exit with status 2;
anything else is a bug and keeps its traceback.
"""

from __future__ import annotations

import argparse
import json
import secrets
import sys
from collections.abc import Sequence

from narrator import __version__
from tools import render
from tools.dice import Roller
from tools.errors import NarratorError
from tools.notation import parse, roll
from tools.registry import default_registry
from tools.systems import get_system

EXIT_BAD_INPUT = 2


def _seed(value: int | None) -> int:
    if value is not None:
        return value
    seed = secrets.randbelow(2**31)
    print(f"seed: {seed} (pass --seed {seed} to repeat this roll)", file=sys.stderr)
    return seed


def _read_args(text: str) -> str:
    if text == "-":
        return sys.stdin.read()
    if text.startswith("@"):
        with open(text[1:], encoding="utf-8") as fh:
            return fh.read()
    return text


def cmd_tools(ns: argparse.Namespace) -> int:
    registry = default_registry()
    if ns.system:
        get_system(ns.system)  # unknown system -> UserError listing the known ones
    if ns.json:
        print(json.dumps(registry.schemas(ns.system), indent=2))
        return 0
    for t in registry.tools(ns.system):
        print(f"{t.name}  [{t.system}]  {t.description}")
        props = t.args_model.model_json_schema().get("properties", {})
        required = set(t.args_model.model_json_schema().get("required", []))
        for field, spec in props.items():
            mark = "" if field in required else "?"
            print(f"    {field}{mark}: {spec.get('description', spec.get('type', ''))}")
    return 0


def cmd_tool(ns: argparse.Namespace) -> int:
    registry = default_registry()
    args = registry.validate(ns.name, _read_args(ns.args))  # bad arguments fail before a seed is drawn
    result = registry.call(ns.name, args, Roller(_seed(ns.seed)))
    if ns.explain:
        print(render.terminal(result, ns.name))
    else:
        print(result.model_dump_json(indent=2))
    return 0


def cmd_roll(ns: argparse.Namespace) -> int:
    expression = " ".join(ns.expression)
    parse(expression)  # bad notation fails before a seed is drawn
    result = roll(expression, Roller(_seed(ns.seed)))
    if ns.json:
        print(result.model_dump_json(indent=2))
    else:
        print(render.terminal(result, explain=not ns.quiet))
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="narrator", description=__doc__.splitlines()[0])
    p.add_argument("--version", action="version", version=f"narrator {__version__}")
    sub = p.add_subparsers(dest="command", required=True)

    t = sub.add_parser("tools", help="list the rules tools and their argument schemas")
    t.add_argument("--system", help="only this rules system (e.g. minim)")
    t.add_argument("--json", action="store_true", help="print the JSON Schemas")
    t.set_defaults(func=cmd_tools)

    c = sub.add_parser("tool", help="run one tool call through the registry")
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
    return p


def main(argv: Sequence[str] | None = None) -> int:
    ns = build_parser().parse_args(argv)
    try:
        return ns.func(ns)
    except NarratorError as e:
        print(f"error: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except OSError as e:
        print(f"error: {e.strerror}: {e.filename}", file=sys.stderr)
        return EXIT_BAD_INPUT


if __name__ == "__main__":
    sys.exit(main())
