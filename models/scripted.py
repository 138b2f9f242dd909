"""A scripted backend for unit tests of the turn loop: it answers from a list (or a function) and records prompts.

It is a test double, never a substitute for the real backends in integration tests.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from narrator.models.base import BackendError, GenerationSettings, Message


class ScriptedBackend:
    name = "scripted"

    def __init__(self, replies: list[str] | Callable[[list[Message], GenerationSettings], str],
                 supports_json_schema: bool = True):
        self._replies = replies if callable(replies) else list(replies)
        self.supports_json_schema = supports_json_schema
        self.calls: list[tuple[list[Message], GenerationSettings]] = []

    def complete(self, messages: list[Message], settings: GenerationSettings) -> str:
        self.calls.append((list(messages), settings))
        if callable(self._replies):
            return self._replies(messages, settings)
        if not self._replies:
            raise BackendError("scripted backend has no replies left")
        return self._replies.pop(0)

    def stream_text(self, prompt: str, settings: GenerationSettings) -> Iterator[str]:
        """A raw completion, answered like a chat whose one user message is the prompt (recorded as such)."""
        return self.stream([Message("user", prompt)], settings)

    def stream(self, messages: list[Message], settings: GenerationSettings) -> Iterator[str]:
        text = self.complete(messages, settings)
        for i in range(0, len(text), 7):  # several chunks, as a real stream would give
            yield text[i : i + 7]
