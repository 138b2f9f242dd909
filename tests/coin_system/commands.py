"""Coin's one slash command, ``/coinrules``: the worked example of a plugin's own commands, registered under the hook
``narrator.commands`` by the packaged plugin (``tests/coin_plugin/pyproject.toml``)."""

from __future__ import annotations

from narrator.game.commands import CommandTable

TABLE = CommandTable()


@TABLE.command("coinrules", "/coinrules", "Coin's rules in one line", "table", needs_campaign=False)
def coinrules(s, arg: str) -> None:
    s.info("Coin: a flip decides; heads succeeds, tails fails; an edge spends a luck point to flip two and keep "
           "the better.")
