"""The session's own thread: lines go in through a queue, blocks come out through a callback.

Why one thread: a campaign's SQLite connection may only be used by the thread that opened it, so opening,
every call and closing all happen here; and the model's slow narration never freezes the screen. Lines are
handled strictly in the order typed. An unexpected exception (a bug) becomes a message and the session goes on —
everything before it is already committed.
"""

from __future__ import annotations

import queue
import threading
import traceback
from collections.abc import Callable

from narrator.game.blocks import Block, Sink
from narrator.game.session import GameSession

_START, _LINE, _CLOSE = "start", "line", "close"


class SessionRunner:
    def __init__(self, session: GameSession, on_block: Sink, on_done: Callable[[], None]):
        self.session = session
        self.on_block = on_block
        self.on_done = on_done
        self.errors: list[str] = []  # tracebacks of bugs caught, for tests and bug reports
        self._queue: queue.Queue[tuple[str, str]] = queue.Queue()
        self._busy = threading.Event()
        self._idle = threading.Condition()
        self._pending = 0  # lines submitted and not yet finished (guarded by _idle)
        self._thread = threading.Thread(target=self._run, name="narrator-session", daemon=True)
        self._started = False

    def start(self) -> None:
        if not self._started:
            self._started = True
            self._put(_START, "")
            self._thread.start()

    def submit(self, line: str) -> None:
        self._put(_LINE, line)

    def _put(self, kind: str, line: str) -> None:
        with self._idle:
            self._pending += 1
        self._queue.put((kind, line))

    @property
    def busy(self) -> bool:
        return self._busy.is_set()

    @property
    def pending(self) -> int:
        """Lines typed and not yet finished (the one being handled included)."""
        return self._pending

    def idle(self) -> bool:
        return self._pending == 0

    def wait_idle(self, timeout: float = 30.0) -> bool:
        with self._idle:
            return self._idle.wait_for(self.idle, timeout)

    def stop(self, timeout: float = 60.0) -> None:
        """Close the session on its own thread and wait for it (lines still queued are handled first)."""
        if not self._started:
            self.session.close()
            return
        self._put(_CLOSE, "")
        self._thread.join(timeout)

    def _run(self) -> None:
        while True:
            kind, line = self._queue.get()
            if kind == _CLOSE:
                try:
                    self.session.close()
                finally:
                    self._notify()
                return
            if not self.session.done:
                self._busy.set()
                try:
                    if kind == _START:
                        self.session.start(self.on_block)
                    else:
                        self.on_block(Block("echo", f"{self.session.prompt}{line}"))
                        self.session.handle(line, self.on_block)
                except Exception as e:  # noqa: BLE001 - a bug must not take the table down with it
                    self.errors.append(traceback.format_exc())
                    self.on_block(Block("error", f"Something went wrong inside the game ({type(e).__name__}: {e}). "
                                                 "That is a bug; everything before it is saved and you can go on."))
                finally:
                    self._busy.clear()
                if self.session.done:
                    self.on_done()
            self._notify()

    def _notify(self) -> None:
        with self._idle:
            self._pending -= 1
            self._idle.notify_all()
