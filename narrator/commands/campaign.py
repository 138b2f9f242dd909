"""Campaign commands: ``campaign new|list|show|delete|export|restore|verify``, ``call``, ``replay``, ``undo``,
``sheet``, ``character new|random|list|edit`` and ``npc new``. Every change goes through a logged tool call.

Every command opens the campaign through :meth:`Campaign.open`, which re-hashes the log and checks the snapshot;
``export``, ``undo``, ``replay``, ``restore`` and ``verify`` also fold the whole log (and ``verify`` and ``replay``
re-run every tool call) before they trust it."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from narrator.memory.campaign import Campaign, delete_campaign, list_campaigns, restore_campaign
from narrator.memory.errors import CampaignCorrupt, CampaignError
from narrator.memory.export import export_markdown
from narrator.memory.paths import campaign_dir
from narrator.memory.store import BACKUP_DIR, CampaignStore, list_backups
from narrator.commands.rules import read_args
from narrator.tools import safe_json
from narrator.tools import render
from narrator.tools.phrases import summary_of
from narrator.tools.systems import get_system


def _open(ns: argparse.Namespace) -> Campaign:
    return _warned(Campaign.open(ns.campaign, ns.campaign_dir))


def _warned(c: Campaign) -> Campaign:
    """Print what the open found worth saying without refusing (a log shorter than its newest backup...)."""
    for line in c.store.warnings:
        print(f"warning: {line}", file=sys.stderr)
    return c


def _read(name: str, root: str | None) -> Campaign:
    """Open for a command that only reads: a campaign this user cannot write is read without writing anything
    (no backup, no journal), and the user is told so on stderr."""
    c = _warned(Campaign.open(name, root, for_reading=True))
    if c.store.read_only:
        print(f"note: campaign '{c.name}' is opened read-only — this user cannot write it, so nothing was written "
              f"and no backup was taken. Commands that change it will say what to fix.", file=sys.stderr)
    elif c.no_backup:
        print(f"note: no backup was taken: {c.no_backup}", file=sys.stderr)
    return c


def _options(pairs: list[str], flag: str = "--option", what: str = "KEY=VALUE") -> dict:
    """``KEY=VALUE`` pairs (a JSON value, else the text) from a repeatable flag; the error names that flag."""
    out = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise CampaignError(f"{flag} needs {what}, got {pair[:60]!r}")
        try:
            out[key] = safe_json.loads(value)
        except json.JSONDecodeError:
            out[key] = value
    return out


def cmd_new(ns):
    from narrator.tools.systems import default_system

    system = ns.system or default_system().name
    with Campaign.new(ns.name, system, _options(ns.option), ns.seed, ns.campaign_dir) as c:
        print(f"Created campaign '{c.name}' ({c.system}) at {c.store.directory}")
    return 0


def cmd_list(ns):
    for name in list_campaigns(ns.campaign_dir):
        print(name)
    return 0


def cmd_show(ns):
    with _read(ns.name, ns.campaign_dir) as c:
        s = c.state
        if ns.json:
            print(json.dumps({"name": c.name, "system": c.system, "master_seed": c.master_seed,
                              "events": c.store.last_seq(), "state": s.model_dump(mode="json")}, indent=2))
            return 0
        print(f"{c.name} — {get_system(c.system).title}, master seed {c.master_seed}, {c.store.last_seq()} events")
        print(f"Scene: {s.scene or '—'}")
        print(f"Characters: {', '.join(s.characters) or '—'}")
        if s.zones:
            print(f"Zones: {' | '.join(s.zones)}")
        if s.initiative.active:
            print(f"Combat: round {s.initiative.round}, {s.initiative.current}'s turn; order {', '.join(s.initiative.order)}")
    return 0


def cmd_delete(ns):
    if not ns.yes:
        raise CampaignError(f"Deleting '{ns.name}' removes its whole log; repeat with --yes to confirm")
    print(f"Deleted {delete_campaign(ns.name, ns.campaign_dir)}")
    return 0


def cmd_export(ns):
    with _read(ns.name, ns.campaign_dir) as c:
        c.check_fold()
        text = export_markdown(c)
    if ns.out:
        Path(ns.out).write_text(text, encoding="utf-8")
        print(f"Wrote {ns.out}")
    else:
        sys.stdout.write(text)
    return 0


def cmd_restore(ns):
    """Restore, then say exactly what the restored campaign no longer has (and where it was written out)."""
    report = restore_campaign(ns.name, ns.campaign_dir, force=ns.force)
    print("\n".join(report.lines()))
    return 0


def cmd_verify(ns):
    """Everything that can be checked: the chain, the bindings, the fold, the replay, and each backup (also when
    the campaign itself is refused, so the user sees which backup a restore would put back)."""
    directory = campaign_dir(ns.name, ns.campaign_dir)
    try:
        with _read(ns.name, ns.campaign_dir) as c:
            report = c.verify(replay=not ns.no_replay)
    except CampaignCorrupt:
        _print_backups(directory)
        raise
    replay = report.replay
    if replay is not None and replay.divergence:
        print(f"DIVERGED at {replay.divergence.text()}")
        return 1
    if replay is not None and not replay.state_matches_snapshot:
        print("Replayed every call identically, but the folded state differs from the stored snapshot")
        return 1
    what = "hash chain intact, snapshot equals the fold of the log"
    if replay is not None:
        what += f", {replay.tool_calls} tool calls replayed to the same results{_reworded(replay)}"
    print(f"OK: {report.events} events; {what}")
    _print_backups(directory)
    return 0


def _print_backups(directory: Path) -> None:
    for backup in reversed(list_backups(directory / BACKUP_DIR)):
        try:
            with CampaignStore.inspect(backup.path) as store:
                Campaign(store, verify="full")
            verdict = f"good ({backup.seq} events)"
        except CampaignError as e:
            verdict = f"NOT usable: {getattr(e, 'why', e)}"
        print(f"  backup {backup.path.name}: {verdict}")


def cmd_call(ns):
    with _open(ns) as c:
        result = c.call(ns.tool, read_args(ns.args))
    print(render.terminal(result, ns.tool) if ns.explain else result.model_dump_json(indent=2))
    return 0


def cmd_replay(ns):
    with _read(ns.name, ns.campaign_dir) as c:
        report = c.replay()
    if report.divergence:
        print(f"DIVERGED at {report.divergence.text()}")
        return 1
    if not report.state_matches_snapshot:
        print("Replayed every call identically, but the folded state differs from the stored snapshot")
        return 1
    print(f"OK: {report.events} events, {report.tool_calls} tool calls replayed to the same results{_reworded(report)}")
    return 0


def _reworded(report) -> str:
    """Results whose dice, numbers and effects replayed the same but whose explanation reads differently now."""
    if not report.reworded:
        return ""
    first = report.first_reworded
    return (f" ({report.reworded} with the same numbers in other words; the first, event {first.seq} ({first.tool}), "
            f"{first.field}: logged {first.logged!r}, now {first.replayed!r})")


def cmd_undo(ns):
    with _open(ns) as c:
        c.check_fold()
        if ns.to is not None:
            c.rewind(ns.to)
            print(f"Rewound to event {ns.to}")
        else:
            from narrator.memory.actions import undo_action

            undone = undo_action(c)  # the last action as a unit: its line, rolls, bookkeeping and narration
            print(f"{undone.line()} (events {undone.events[0]}–{undone.events[-1]})" if undone else "Nothing to undo")
    return 0


def cmd_sheet(ns):
    with _read(ns.campaign, ns.campaign_dir) as c:
        name = c.state.find(ns.name, "name")
        sheet = c.state.characters[name]
        print(json.dumps(sheet, indent=2) if ns.json else get_system(c.system).sheet_text(sheet))
    return 0


def _add(ns, tool_attr: str, args):
    with _open(ns) as c:
        tool = getattr(get_system(c.system), tool_attr)
        result = c.call(tool, args)
        name = next((ch.name for ch in getattr(result, "changes", []) if getattr(ch, "op", "") == "put_character"), None)
        print(summary_of(result))
        if name:
            print(get_system(c.system).sheet_text(c.state.characters[name]))
    return 0


def cmd_character_new(ns):
    return _add(ns, "character_tool", read_args(ns.args))


def cmd_character_random(ns):
    """The same character the game's wizard makes: the system's own arguments (a campaign's power level...) and
    what the embedder reads in the concept (:mod:`narrator.game.concept`); then says what the concept chose."""
    from narrator.game.concept import random_character_args
    from narrator.game.rules import rules_for
    from narrator.game.wizard import chose_line

    with _open(ns) as c:
        system = get_system(c.system)
        args = random_character_args(c.system, rules_for(c.system).random_args(ns.name, ns.concept or None,
                                                                               dict(c.state.options)))
        result = c.call(system.random_character_tool, args)
        print(summary_of(result))
        if ns.concept:
            print(chose_line(ns.concept, getattr(result, "concept_picks", [])))
        print(system.sheet_text(c.state.characters[result.actor]))
    return 0


def cmd_npc_new(ns):
    with _open(ns) as c:
        system = c.system
    return _add(ns, "npc_tool", get_system(system).npc_args(ns.concept, ns.level, ns.name))


def cmd_character_list(ns):
    with _read(ns.campaign, ns.campaign_dir) as c:
        for name, sheet in c.state.characters.items():
            kind = "NPC" if sheet.get("npc") else "PC"
            print(f"{name} ({kind})" + (f" — {sheet['concept']}" if sheet.get("concept") else ""))
    return 0


def cmd_character_edit(ns):
    with _open(ns) as c:
        result = c.call("table_edit_character", {"actor": ns.name, "set": _options(ns.set, "--set", "FIELD=VALUE")})
    print(summary_of(result))
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    def with_campaign(p):
        p.add_argument("--campaign", "-c", required=True, help="campaign name")
        return p

    camp = sub.add_parser("campaign", help="create, list, show, delete, export or restore campaigns")
    csub = camp.add_subparsers(dest="action", required=True)
    p = csub.add_parser("new", help="create a campaign")
    p.add_argument("name")
    p.add_argument("--system", help="rules system (default: the first listed by `narrator tools`)")
    p.add_argument("--seed", type=int, help="master seed (random when omitted)")
    p.add_argument("--option", action="append", help="system option KEY=VALUE (repeatable)")
    p.set_defaults(func=cmd_new)
    csub.add_parser("list").set_defaults(func=cmd_list)
    p = csub.add_parser("show")
    p.add_argument("name")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_show)
    p = csub.add_parser("delete")
    p.add_argument("name")
    p.add_argument("--yes", action="store_true")
    p.set_defaults(func=cmd_delete)
    p = csub.add_parser("export", help="the session as Markdown with every roll")
    p.add_argument("name")
    p.add_argument("--out")
    p.set_defaults(func=cmd_export)
    p = csub.add_parser("restore", help="replace a damaged database with its newest backup that passes verification")
    p.add_argument("name")
    p.add_argument("--force", action="store_true", help="restore even though the campaign is not damaged")
    p.set_defaults(func=cmd_restore)
    p = csub.add_parser("verify", help="check everything: hash chain, snapshot, fold, replay, backups")
    p.add_argument("name")
    p.add_argument("--no-replay", action="store_true", help="skip re-running every tool call")
    p.set_defaults(func=cmd_verify)

    p = with_campaign(sub.add_parser("call", help="run one tool inside a campaign (logged)"))
    p.add_argument("tool")
    p.add_argument("--args", default="{}")
    p.add_argument("--explain", action="store_true")
    p.set_defaults(func=cmd_call)

    p = sub.add_parser("replay", help="re-run a campaign's log and report the first divergence")
    p.add_argument("name")
    p.set_defaults(func=cmd_replay)

    p = with_campaign(sub.add_parser("undo", help="undo the last action (its line, rolls, bookkeeping and narration), or "
                                                     "--to N to rewind to event N"))
    p.add_argument("--to", type=int)
    p.set_defaults(func=cmd_undo)

    p = with_campaign(sub.add_parser("sheet", help="show a character or NPC sheet"))
    p.add_argument("name")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_sheet)

    ch = sub.add_parser("character", help="create, generate, list or edit characters")
    chsub = ch.add_subparsers(dest="action", required=True)
    p = with_campaign(chsub.add_parser("new", help="create from JSON arguments (see narrator tools)"))
    p.add_argument("--args", required=True)
    p.set_defaults(func=cmd_character_new)
    p = with_campaign(chsub.add_parser("random", help="generate a valid character"))
    p.add_argument("name")
    p.add_argument("--concept")
    p.set_defaults(func=cmd_character_random)
    with_campaign(chsub.add_parser("list")).set_defaults(func=cmd_character_list)
    p = with_campaign(chsub.add_parser("edit"))
    p.add_argument("name")
    p.add_argument("--set", action="append", required=True, help="FIELD=VALUE (dotted for nested; JSON values)")
    p.set_defaults(func=cmd_character_edit)

    npc = sub.add_parser("npc", help="generate NPCs")
    nsub = npc.add_subparsers(dest="action", required=True)
    p = with_campaign(nsub.add_parser("new", help="an NPC from a concept and a power level"))
    p.add_argument("concept")
    p.add_argument("--level", type=int, choices=range(1, 6), metavar="1-5",
                   help="power level: 1 weak, 2 ordinary, 3 capable, 4 veteran, 5 legendary (each system maps it "
                        "onto its own scale)")
    p.add_argument("--name")
    p.set_defaults(func=cmd_npc_new)
