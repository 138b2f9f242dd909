"""Output blocks: what the session says, as data.

Why blocks rather than printed text: the session must be testable without a terminal, and the terminal wants
colours and tables. A :class:`Block` always carries its plain ``text`` (what tests, logs and screen readers read)
and may carry a rich renderable that the application draws with colours at the current width.

Kinds: ``echo`` (the player's own line), ``prompt`` (a wizard question), ``narration``, ``chunk`` (a streamed
piece of narration, only ever sent to a sink), ``mechanics`` (an engine result in one line), ``explain`` (steps,
odds and citations), ``odds`` (the odds before a roll), ``view`` (sheets, party, tracker), ``info``, ``error``.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

KINDS = ("echo", "prompt", "narration", "chunk", "mechanics", "explain", "odds", "view", "info", "error")
PLAIN_WIDTH = 100
"""Width at which rich renderables are flattened to plain text (tests and the Markdown of nothing)."""


def rich_text(renderable: Any, width: int = PLAIN_WIDTH, ansi: bool = False) -> str:
    """Render a rich renderable to a string: plain, or with ANSI colour codes for the terminal."""
    from rich.console import Console

    buf = io.StringIO()
    console = Console(file=buf, width=max(20, width), force_terminal=ansi, color_system="256" if ansi else None,
                      no_color=not ansi, highlight=False, soft_wrap=False, emoji=False, legacy_windows=False)
    console.print(renderable)
    return buf.getvalue().rstrip("\n")


@dataclass(frozen=True)
class Block:
    kind: str
    text: str
    renderable: Any = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown block kind {self.kind!r}")

    @classmethod
    def of(cls, kind: str, renderable: Any) -> "Block":
        """A block drawn by rich; its plain text is rendered once, here."""
        return cls(kind, rich_text(renderable), renderable)


def info(text: str) -> Block:
    return Block("info", text)


def error(text: str) -> Block:
    return Block("error", text)


Sink = Callable[[Block], None]


def plain(blocks: list[Block]) -> str:
    """All blocks as one text, for tests and for reading a transcript."""
    return "\n".join(b.text for b in blocks)
