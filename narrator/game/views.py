"""Rich renderables for the game: odds charts, the initiative tracker, party and sheet tables.

Why rich: tables and bars drawn by a library stay aligned at any width and in any terminal, and flatten to plain
text for tests. Nothing here decides anything; every number comes from a result or a sheet on the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.bar import Bar
from rich.console import Group
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from narrator.tools.odds import Odds
from narrator.tools.render import outcome_names, percent, success_words
from narrator.tools.table import TableState

BAR_WIDTH = 24


def odds_view(odds: Odds, title: str, lines: Sequence[str] = (), refs: Sequence[str] = (),
              labels: dict[str, str] | None = None) -> Group:
    """The exact distribution before a roll, one bar per outcome, with where the target came from.

    ``labels`` names raw outcomes for people ('2' -> '+2 critical success'), when it names every one of them.
    """
    names = outcome_names(odds, labels)
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    table.add_column("outcome", justify="right")
    table.add_column("chance", width=BAR_WIDTH)
    table.add_column("%", justify="right")
    table.add_column("exact", justify="right")
    for label, p in odds.distribution.items():
        bar = Bar(1.0, 0.0, p, width=BAR_WIDTH, color="green")
        table.add_row(Text(names.get(label, label)), bar, percent(p), odds.exact.get(label, ""))
    parts: list[Any] = [Text(title, style="bold")]
    parts += [Text(f"  {line}") for line in lines]
    parts.append(table)
    if odds.p_success is not None:
        parts.append(Text(f"{success_words(odds)} = {percent(odds.p_success)}", style="bold green"))
    if refs:
        parts.append(Text("Rules: " + ", ".join(refs), style="dim"))
    return Group(*parts)


def tracker_view(state: TableState, resources: dict[str, str]) -> Table | Text:
    """The initiative tracker: order, totals, whose turn, health and conditions."""
    ini = state.initiative
    if not ini.active:
        return Text("No fight is running. Start one with /initiative start.")
    table = Table(title=f"Round {ini.round}", box=box.ROUNDED)
    table.add_column("#", justify="right")
    table.add_column("")
    table.add_column("name")
    table.add_column("initiative", justify="right")
    table.add_column("resources")
    table.add_column("conditions")
    for i, name in enumerate(ini.order, 1):
        mark = "▶" if i - 1 == ini.turn else ""
        table.add_row(*_cells(str(i), mark, name, str(ini.totals.get(name, "")), resources.get(name, ""),
                              ", ".join(state.conditions.get(name, []))))
    return table


def party_view(rows: list[dict[str, str]], title: str = "Party") -> Table | Text:
    """Quick sheets: one row per character, columns as the system's adapter names them."""
    if not rows:
        return Text("Nobody is on the table yet.")
    table = Table(title=escape(title), box=box.ROUNDED)
    for column in rows[0]:
        table.add_column(escape(column))
    for row in rows:
        table.add_row(*_cells(*(row.get(c, "") for c in rows[0])))
    return table


def sheet_table(sheet: dict[str, Any], columns: Sequence[str], more: str = "") -> Table:
    """The frame every system's sheet is drawn in: "Name (PC)" (``more`` after it), the concept under the table,
    one column per heading; the system fills the rows."""
    kind = "NPC" if sheet.get("npc") else "PC"
    table = Table(title=escape(f"{sheet.get('name', '?')} ({kind})" + more),
                  caption=escape(sheet.get("concept") or "") or None, box=box.ROUNDED)
    for col in columns:
        table.add_column(col)
    return table


def text_sheet(title: str, text: str) -> Panel:
    """A system's own sheet text in a panel (the fallback for systems without a table view)."""
    return Panel(Text(text), title=escape(title), box=box.ROUNDED, expand=False)


def key_values(title: str, pairs: Sequence[tuple[str, str]]) -> Table:
    table = Table(title=escape(title) or None, box=box.ROUNDED, show_header=False)
    table.add_column("", style="bold")
    table.add_column("")
    for k, v in pairs:
        table.add_row(*_cells(k, v))
    return table


TITLE_WIDTH = 120
"""The widest a table grows to keep its title on one line (a terminal narrower than that wraps it anyway)."""


def rows_table(title: str, columns: Sequence[str], rows: Sequence[Sequence[str]]) -> Table:
    """A table under its title. The table is at least as wide as the title: "Encounter (moderate): 1 × veteran
    soldier — 3 successes to defeat (party's default challenge 4), rank 1" was folded into three lines over a
    narrow table."""
    table = Table(title=escape(title), box=box.ROUNDED, min_width=min(len(title), TITLE_WIDTH))
    for c in columns:
        table.add_column(escape(c))
    for r in rows:
        table.add_row(*_cells(*r))
    return table


def _cells(*values: str) -> list[Text]:
    """Cells as Text, so a '[' typed by a player or in a usage line is shown, never read as rich markup."""
    return [Text(str(v)) for v in values]
