"""mkdocs hooks: pages that are written from the code, so they cannot drift from it.

Why generated: a hand-copied flag list is wrong the day a flag changes. Two markers are replaced when the site is
built (``mkdocs build``; ``tests/docs/test_site.py`` builds it with ``--strict``):

* ``<!-- generated: cli -->`` — every ``narrator`` command and sub-command with its usage and options, from the
  argparse parser the command line itself uses (:func:`narrator.cli.build_parser`);
* ``<!-- generated: slash-commands -->`` — the game's slash commands by group, from the table that drives
  dispatch, ``/help`` and completion (:mod:`narrator.game.commands`).
"""

from __future__ import annotations

import argparse
import html
import inspect
import re

CLI = "<!-- generated: cli -->"
SLASH = "<!-- generated: slash-commands -->"


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    found: dict[str, argparse.ArgumentParser] = {}
    for action in parser._actions:  # argparse keeps its sub-parsers here; there is no public accessor
        if isinstance(action, argparse._SubParsersAction):
            found.update(action.choices)
    return found


def _walk(parser: argparse.ArgumentParser, path: list[str], level: int) -> list[str]:
    out: list[str] = []
    subs = _subparsers(parser)
    if path:
        out += [f"{'#' * min(level, 6)} `{' '.join(path)}`", ""]
        if parser.description:
            out += [parser.description, ""]
        out += ["```text", parser.format_usage().strip().removeprefix("usage: "), "```", ""]
        rows = [a for a in parser._actions if not isinstance(a, (argparse._HelpAction, argparse._SubParsersAction))]
        if rows:
            out += ["| argument | what it does |", "| --- | --- |"]
            for a in rows:
                name = ", ".join(a.option_strings) or a.metavar or a.dest
                text = html.escape(a.help or "").replace("|", "&#124;").replace("\n", " ")
                if a.choices and not isinstance(a.choices, dict):
                    text += f" (one of: {', '.join(map(str, a.choices))})"
                out.append(f"| `{name}` | {text % vars(a) if '%(' in text else text} |")
            out.append("")
    for name, sub in subs.items():
        out += _walk(sub, path + [name], level + 1)
    return out


def cli_reference() -> str:
    from narrator.cli import build_parser

    parser = build_parser()
    out = ["```text", parser.format_help().strip(), "```", ""]
    for name, sub in _subparsers(parser).items():
        out += _walk(sub, ["narrator", name], 2)
    return "\n".join(out)


def slash_reference() -> str:
    from narrator.game import command_set  # noqa: F401 - loading it registers every command
    from narrator.game.commands import ALIASES, COMMANDS, GROUPS

    aliases: dict[str, list[str]] = {}
    for short, full in ALIASES.items():
        aliases.setdefault(full, []).append(f"/{short}")
    out: list[str] = []
    for group, title in GROUPS.items():
        rows = sorted((c for c in COMMANDS.values() if c.group == group), key=lambda c: c.name)
        if not rows:
            continue
        out += [f"### {title}", "", "| command | what it does |", "| --- | --- |"]
        for c in rows:
            also = f" (also {', '.join(aliases[c.name])})" if c.name in aliases else ""
            usage = html.escape(c.usage).replace("|", "&#124;")  # a bare | would end the table cell
            out.append(f"| <code>{usage}</code>{also} | {html.escape(c.summary).replace('|', '&#124;')} |")
        out.append("")
    return "\n".join(out)


def _cell(text: str) -> str:
    return html.escape(" ".join(str(text).split()), quote=False).replace("|", "&#124;")


def options_reference(name: str) -> str:
    """A system's campaign options, from its options model (what ``narrator campaign new --option`` accepts)."""
    from narrator.tools.systems import get_system

    model = get_system(name).campaign_options()
    if model is None:
        return "This system has no campaign options."
    out = ["| option | default | what it does |", "| --- | --- | --- |"]
    for field, info in model.model_fields.items():
        default = info.get_default(call_default_factory=True)
        out.append(f"| `{field}` | `{_cell(default)}` | {_cell(info.description or '')} |")
    return "\n".join(out)


def tools_reference(name: str) -> str:
    """Every tool of a system, pure and table, from the registry (what ``narrator tools --system S`` lists)."""
    from narrator.tools.systems import get_system

    tools = sorted(get_system(name).tools(), key=lambda t: t.name)
    out = [f"{len(tools)} tools. `narrator tools --system {name} --json` prints their argument and result schemas.", "",
           "| tool | kind | what it does |", "| --- | --- | --- |"]
    for t in tools:
        kind = "table" if t.bound else "pure"
        out.append(f"| `{t.name}` | {kind} | {_cell((t.description or '').split('. ')[0])} |")
    return "\n".join(out)


def readings_reference(name: str) -> str:
    """Each module's docstring, where the book's sentences and the readings chosen are written."""
    import importlib
    import pkgutil

    from narrator.tools.systems import get_system

    package = importlib.import_module(get_system(name).package)
    out: list[str] = []
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name):
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        doc = inspect.cleandoc(module.__doc__ or "")
        if not doc:
            continue
        body = "\n".join("    " + line if line else "" for line in doc.splitlines())
        out += [f'??? note "`{info.name}.py`"', "", body, ""]
    return "\n".join(out)


GENERATED = {"options": options_reference, "tools": tools_reference, "readings": readings_reference}
PER_SYSTEM = re.compile(r"<!-- generated: (options|tools|readings) ([a-z_]+) -->")


def on_page_markdown(markdown: str, page, config, files) -> str:  # noqa: ARG001 - mkdocs' hook signature
    if CLI in markdown:
        markdown = markdown.replace(CLI, cli_reference())
    if SLASH in markdown:
        markdown = markdown.replace(SLASH, slash_reference())
    return PER_SYSTEM.sub(lambda m: GENERATED[m.group(1)](m.group(2)), markdown)
