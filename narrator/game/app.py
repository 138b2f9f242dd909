"""The prompt_toolkit application: the output area, the status line, the input line, and the keys.

Why so thin: all decisions live in :class:`GameSession`; this layer only draws blocks (rich renderables as ANSI
at the current width, text in the style of its kind), forwards typed lines to the session's thread
(:class:`SessionRunner`) and handles the keys:

* Enter sends the line (echoed when the session takes it; the status line counts lines still waiting);
  ↑/↓ walk the history; Tab completes.
* Ctrl-C clears the line; on an empty line it asks to confirm, and a second Ctrl-C leaves. Ctrl-D on an empty
  line leaves. Leaving always goes through ``/quit``, so the campaign is closed on its own thread — and nothing
  is ever lost, since every action was committed to the log when it happened.
* PageUp/PageDown scroll the story.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from prompt_toolkit.application import Application, get_app
from prompt_toolkit.data_structures import Point
from prompt_toolkit.formatted_text import ANSI, StyleAndTextTuples, to_formatted_text
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.layout import HSplit, Layout, Window
from prompt_toolkit.layout.controls import FormattedTextControl
from prompt_toolkit.layout.margins import ScrollbarMargin
from prompt_toolkit.styles import Style
from prompt_toolkit.widgets import TextArea

from narrator.game.blocks import Block, rich_text
from narrator.game.completion import GameCompleter
from narrator.game.runner import SessionRunner
from narrator.game.session import GameSession

MAX_VIEW = 400
"""Blocks kept on screen; the campaign's log (and /export) keeps everything."""
SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
STYLE = Style.from_dict({
    "status": "reverse",
    "status.bold": "reverse bold",
    "echo": "bold ansicyan",
    "prompt": "bold ansiyellow",
    "narration": "italic",
    "mechanics": "ansigreen",
    "explain": "",
    "info": "ansibrightblack",
    "error": "bold ansired",
    "input-prompt": "bold",
})


class GameApp:
    def __init__(self, session: GameSession):
        self.session = session
        self.blocks: list[Block] = []  # every block shown, in order (the screen's transcript)
        self._live = False  # the last block is narration still streaming in
        self._scroll = 0
        self._ctrl_c = False
        self._quitting = False
        self._cache: dict[tuple[int, int], StyleAndTextTuples] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._lines = 0  # line count of the last drawn transcript (to keep its end in view)
        self.runner = SessionRunner(session, self._from_worker, self._worker_done)
        self.input = TextArea(multiline=False, prompt=self._prompt, completer=GameCompleter(session),
                              complete_while_typing=True, history=InMemoryHistory(), accept_handler=self._accept,
                              style="class:input")
        self.input.buffer.on_text_changed += self._typed
        output = Window(FormattedTextControl(self._fragments, focusable=False, show_cursor=False,
                                             get_cursor_position=self._cursor),
                        wrap_lines=True, right_margins=[ScrollbarMargin(display_arrows=False)])
        status = Window(FormattedTextControl(self._status), height=1, style="class:status")
        self.app: Application[None] = Application(
            layout=Layout(HSplit([output, status, self.input]), focused_element=self.input),
            key_bindings=self._keys(), style=STYLE, full_screen=True, refresh_interval=0.5, mouse_support=False)

    # -- running -------------------------------------------------------------------------------------------
    def run(self) -> None:
        try:
            self.app.run(pre_run=self._started)
        finally:
            self.runner.stop()

    def _started(self) -> None:
        self._loop = asyncio.get_running_loop()
        self.runner.start()

    def _from_worker(self, block: Block) -> None:
        if not self._on_loop(self.add, block):
            self.add(block)  # the screen is gone: keep the transcript anyway

    def _worker_done(self) -> None:
        def leave() -> None:
            if self.app.is_running and not self.app.is_done:
                self.app.exit()

        self._on_loop(leave)

    def _on_loop(self, fn: Any, *args: Any) -> bool:
        """Run ``fn`` on the screen's event loop (from the session's thread); False if the loop is gone."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return False
        try:
            loop.call_soon_threadsafe(fn, *args)
        except RuntimeError:  # closed between the check and the call
            return False
        return True

    # -- the transcript ------------------------------------------------------------------------------------
    def add(self, block: Block) -> None:
        """Append a block; streamed chunks grow one narration block that the final narration replaces."""
        if block.kind == "chunk":
            if self._live:
                last = self.blocks[-1]
                self.blocks[-1] = Block("narration", last.text + block.text)
            else:
                self.blocks.append(Block("narration", block.text))
                self._live = True
        elif block.kind == "narration" and self._live:
            self.blocks[-1] = block
            self._live = False
        elif self._live:  # a note from the keys while narration streams in: above it, so the story stays whole
            self.blocks.insert(len(self.blocks) - 1, block)
        else:
            self._live = False
            self.blocks.append(block)
        if len(self.blocks) > MAX_VIEW * 2:
            del self.blocks[: len(self.blocks) - MAX_VIEW]
            self._cache.clear()
        self._scroll = 0
        if self.app.is_running:
            self.app.invalidate()

    def _width(self) -> int:
        try:
            return max(20, get_app().output.get_size().columns - 2)
        except Exception:  # noqa: BLE001
            return 80

    def _block_fragments(self, block: Block, width: int) -> StyleAndTextTuples:
        if block.renderable is None:
            return [(f"class:{block.kind}", block.text)]
        key = (id(block), width)
        if key not in self._cache:
            self._cache[key] = to_formatted_text(ANSI(rich_text(block.renderable, width, ansi=True)))
        return self._cache[key]

    def _fragments(self) -> StyleAndTextTuples:
        width = self._width()
        out: StyleAndTextTuples = []
        for i, block in enumerate(self.blocks[-MAX_VIEW:]):
            if i:
                out.append(("", "\n"))
            out.extend(self._block_fragments(block, width))
        self._lines = sum(text.count("\n") for _, text, *_ in out)
        return out

    def _cursor(self) -> Point:
        self._scroll = min(self._scroll, self._lines)
        return Point(0, max(0, self._lines - self._scroll))

    # -- the status line -----------------------------------------------------------------------------------
    def _status(self) -> StyleAndTextTuples:
        try:
            status = self.session.status()
        except Exception:  # noqa: BLE001 - the table may be closing on the session's thread; draw it next time
            status = []
        parts: StyleAndTextTuples = [("class:status.bold" if s == "bold" else "class:status", t) for s, t in status]
        right: StyleAndTextTuples = []
        if self.runner.busy:
            waiting = self.runner.pending - 1
            more = f" ({waiting} waiting)" if waiting > 0 else ""
            right.append(("class:status", f" {SPINNER[int(time.monotonic() * 8) % len(SPINNER)]}{more} "))
        res = self.session.resources
        progress = res.progress()
        right.append(("class:status", f" {res.label()} "))
        if progress is not None:
            from rich.progress_bar import ProgressBar

            bar = rich_text(ProgressBar(total=100, completed=progress * 100, width=12), 14, ansi=True)
            right += [(f"class:status {s}", t) for s, t, *_ in to_formatted_text(ANSI(bar))]
            right.append(("class:status", f" {progress * 100:3.0f}% "))
        used = sum(len(t) for _, t, *_ in parts + right)
        pad = max(1, self._width() + 2 - used)
        return parts + [("class:status", " " * pad)] + right

    def _prompt(self) -> StyleAndTextTuples:
        return [("class:input-prompt", self.session.prompt)]

    # -- input and keys ------------------------------------------------------------------------------------
    def _accept(self, buffer: Any) -> bool:
        text = buffer.text  # echoed by the session's thread when it takes the line, above what it answers
        self._ctrl_c = False
        self.runner.submit(text)
        return False  # clear the line (it is already in the history)

    def _typed(self, _: Any) -> None:
        self._ctrl_c = False

    def request_quit(self) -> None:
        if not self._quitting:
            self._quitting = True
            self.runner.submit("/quit")

    def _keys(self) -> KeyBindings:
        kb = KeyBindings()

        @kb.add("c-c", eager=True)
        def _(event: KeyPressEvent) -> None:
            buf = self.input.buffer
            if buf.text:
                buf.reset()
                self._ctrl_c = False
            elif self._ctrl_c:
                self.request_quit()
            else:
                self._ctrl_c = True
                hint = " The narrator is still finishing the last line." if self.runner.busy else ""
                self.add(Block("info", "Press Ctrl-C again, Ctrl-D or type /quit to leave; everything is "
                                       f"already saved.{hint}"))

        @kb.add("c-d", eager=True)
        def _(event: KeyPressEvent) -> None:
            buf = self.input.buffer
            if buf.text:
                buf.delete()
            else:
                self.request_quit()

        @kb.add("pageup")
        def _(event: KeyPressEvent) -> None:
            self._scroll += 10

        @kb.add("pagedown")
        def _(event: KeyPressEvent) -> None:
            self._scroll = max(0, self._scroll - 10)

        return kb
