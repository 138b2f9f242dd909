"""The slow parts — the narrator's model and the action router — loaded on a background thread.

Why in the background: a GGUF takes seconds to load and the router embeds its examples once; the player can read
sheets, roll and ask the oracle meanwhile. The game asks :meth:`Resources.ready` before a free-text turn and
shows :meth:`Resources.label` (with the load's progress) in the status line.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from narrator.models.base import LLMBackend


@runtime_checkable
class Resources(Protocol):
    backend: LLMBackend | None
    proposer: Any | None
    error: str | None

    def ready(self) -> bool: ...

    def progress(self) -> float | None: ...  # 0..1 while loading the model, else None

    def label(self) -> str: ...

    def wait(self, timeout: float | None = None) -> bool: ...

    def close(self) -> None: ...


class ReadyResources:
    """Everything given up front (tests, or a caller that built its own backend and proposer).

    Without a proposer, the router is built on first use (on the session's thread).
    """

    def __init__(self, backend: LLMBackend | None = None, proposer: Any | None = None,
                 proposer_kind: str = "router"):
        self.backend = backend
        self._proposer = proposer
        self._kind = proposer_kind
        self.error: str | None = None

    @property
    def proposer(self) -> Any:
        if self._proposer is None:
            from narrator.agent.setup import make_proposer

            self._proposer = make_proposer(self._kind if self.backend is not None else "router", self.backend)
        return self._proposer

    def ready(self) -> bool:
        return True

    def progress(self) -> float | None:
        return None

    def label(self) -> str:
        return f"model: {getattr(self.backend, 'name', 'ready')}" if self.backend is not None else "no model"

    def wait(self, timeout: float | None = None) -> bool:
        return True

    def close(self) -> None:
        """Nothing: whoever built the backend owns it."""


class BackgroundResources:
    """Loads the backend (unless ``no_model``), then the proposer, on a daemon thread started at construction.

    If the model fails to load the game goes on without narration and with the router, and says why.
    """

    def __init__(self, *, model: str | None = None, server: str | None = None, no_model: bool = False,
                 proposer_kind: str = "router", n_ctx: int = 4096, threads: int | None = None,
                 schema_mode: str = "json_schema", server_model: str = "default",
                 backend_factory: Callable[..., LLMBackend] | None = None,
                 proposer_factory: Callable[[str, LLMBackend | None], Any] | None = None):
        self.backend: LLMBackend | None = None
        self.proposer: Any | None = None
        self.error: str | None = None
        self._no_model = no_model
        self._stage = "starting"
        self._progress: float | None = None
        self._done = threading.Event()
        self._options = dict(model=model, server=server, n_ctx=n_ctx, threads=threads, schema_mode=schema_mode,
                             server_model=server_model)
        self._kind = proposer_kind
        self._closing = False
        self._lock = threading.Lock()
        self._backend_factory = backend_factory
        self._proposer_factory = proposer_factory
        self._thread = threading.Thread(target=self._load, name="narrator-load", daemon=True)
        self._thread.start()

    def _load(self) -> None:
        from narrator.agent.setup import make_backend, make_proposer

        try:
            if not self._no_model:
                self._stage = "model"
                self._progress = 0.0
                factory = self._backend_factory or make_backend
                try:
                    self.backend = factory(progress=self._report, **self._options)
                except Exception as e:  # noqa: BLE001 - a bad model path or a dead server must not end the game
                    self.error = f"The model could not be loaded: {str(e).rstrip('.')}. Playing on without narration."
            self._progress = None
            self._stage = "router"
            kind = self._kind if self.backend is not None else "router"
            try:
                self.proposer = (self._proposer_factory or make_proposer)(kind, self.backend)
            except Exception as e:  # noqa: BLE001
                self.error = (self.error + " " if self.error else "") + f"The action proposer failed to load ({e})."
        finally:
            self._stage = "done"
            self._done.set()
            with self._lock:
                if self._closing:  # the game ended while the model was loading
                    self._free()

    def _report(self, fraction: float) -> None:
        self._progress = max(0.0, min(1.0, float(fraction)))

    def ready(self) -> bool:
        return self._done.is_set()

    def progress(self) -> float | None:
        return self._progress if self._stage == "model" else None

    def label(self) -> str:
        if self._stage == "model":
            return "loading the model"
        if self._stage in ("starting", "router"):
            return "loading the action router"
        if self.backend is not None:
            return f"model: {getattr(self.backend, 'name', 'ready')}"
        return "no model" if self.error is None else "no model (failed)"

    def wait(self, timeout: float | None = None) -> bool:
        return self._done.wait(timeout)

    def close(self) -> None:
        """Free the model now (llama.cpp should not be torn down by finalisers at interpreter exit); if it is
        still loading, the loader frees it as soon as it is done."""
        with self._lock:
            self._closing = True
            if self._done.is_set():
                self._free()

    def _free(self) -> None:
        backend, self.backend = self.backend, None
        if backend is not None and callable(getattr(backend, "close", None)):
            backend.close()
