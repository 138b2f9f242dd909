"""The one small interface every LLM backend implements, and the messages it speaks.

A backend completes a chat (``complete``) or streams it (``stream``), optionally constrained by a JSON Schema so
the output parses. Backends never see the engine: they only turn text into text.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, runtime_checkable

from narrator.tools.errors import NarratorError

Role = Literal["system", "user", "assistant"]


@dataclass(frozen=True)
class Message:
    role: Role
    content: str

    def as_dict(self) -> dict[str, str]:
        return {"role": self.role, "content": self.content}


@dataclass(frozen=True)
class GenerationSettings:
    max_tokens: int = 160
    temperature: float = 0.7
    top_p: float = 0.95
    seed: int = 0
    stop: tuple[str, ...] = ()
    json_schema: dict[str, Any] | None = None  # constrain the output to this schema where the backend can
    extra: dict[str, Any] = field(default_factory=dict)


class BackendError(NarratorError):
    """The model could not be loaded or did not answer (missing file, server down, bad response)."""


@runtime_checkable
class LLMBackend(Protocol):
    name: str
    supports_json_schema: bool

    def complete(self, messages: list[Message], settings: GenerationSettings) -> str: ...

    def stream(self, messages: list[Message], settings: GenerationSettings) -> Iterator[str]: ...
