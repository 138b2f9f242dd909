"""``narrator systems``: the rules systems installed, where each came from, and whether each keeps the contract.

``narrator systems`` lists every system with the distribution and version that installed it and the entry point
(or scan) that found it, then anything installed under one of the hooks (:mod:`narrator.tools.hooks`: systems,
game rules, slash commands) that failed to load, by name and why — the others load regardless. ``narrator systems check NAME`` runs the contract's checks (:mod:`narrator.conformance`) on one
system, the same checks this project's tests run on the built-in five: a plugin author's one command.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict

from narrator.tools.systems import all_systems, get_system, load_problems, origins


def cmd_systems(ns: argparse.Namespace) -> int:
    from narrator.game import command_set
    from narrator.game.rules import rules_origins, rules_problems

    where = origins()
    game = rules_origins()
    rows = []
    for s in all_systems():
        o = where.get(s.name)
        rows.append({"name": s.name, "title": s.title, "rulebook": s.rulebook,
                     "distribution": o.distribution if o else None, "version": o.version if o else None,
                     "found_by": o.found_by if o else None, "target": o.target if o else None,
                     "game_rules": game[s.name].target if s.name in game else None})
    problems = [{"name": p.name, "hook": p.group, "distribution": p.origin.distribution, "version": p.origin.version,
                 "target": p.origin.target, "error": p.error}
                for p in (*load_problems(), *rules_problems(), *command_set.PROBLEMS)]
    if ns.json:
        print(json.dumps({"systems": rows, "problems": problems}, indent=2))
        return 1 if problems else 0
    for r in rows:
        source = f"{r['distribution']} {r['version']}" if r["distribution"] else "this checkout"
        print(f"{r['name']:<10} {r['title']:<18} {source:<22} {r['found_by']}: {r['target']}")
    for p in problems:
        source = f"{p['distribution']} {p['version']}" if p["distribution"] else "?"
        print(f"{p['name']:<10} NOT LOADED ({p['hook']}; {source}, {p['target']}): {p['error']}")
    return 1 if problems else 0


def cmd_check(ns: argparse.Namespace) -> int:
    from narrator.conformance import run_checks

    system = get_system(ns.name)  # an unknown name is a UserError listing the known ones
    verdicts = run_checks(system, ns.only)
    if ns.json:
        print(json.dumps([asdict(v) for v in verdicts], indent=2))
    else:
        for v in verdicts:
            print(f"{'ok  ' if v.ok else 'FAIL'} {v.check}: {v.what}" + ("" if v.ok else f"\n     {v.problem}"))
        failed = sum(not v.ok for v in verdicts)
        print(f"{system.name}: {len(verdicts) - failed} of {len(verdicts)} checks pass")
    return 0 if all(v.ok for v in verdicts) else 1


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("systems", help="the installed rules systems, where each came from; `check NAME` runs the "
                                       "contract's checks on one", description=__doc__.splitlines()[0])
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_systems)
    actions = p.add_subparsers(dest="action")
    c = actions.add_parser("check", help="run the rules-system contract's checks on one system")
    c.add_argument("name", help="the system's name (narrator systems lists them)")
    c.add_argument("--only", help="run one check by name")
    c.add_argument("--json", action="store_true")
    c.set_defaults(func=cmd_check)
