"""An OpenAI-compatible chat backend over HTTP (llama.cpp's server, vLLM, Ollama, LM Studio, llama-cpp-python's
server), so the model can run on another machine or a GPU box. Standard library only; streams server-sent events.

JSON-schema constrained output is sent in the form the server understands (``schema_mode``):

* ``json_schema`` — OpenAI's ``response_format: {"type": "json_schema", ...}`` (llama.cpp server, vLLM, Ollama,
  LM Studio); the default.
* ``json_object`` — ``{"type": "json_object", "schema": ...}`` (llama-cpp-python's server).
* ``none`` — no constraint is sent; the caller validates and repairs.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any, Literal

from narrator.models.base import BackendError, GenerationSettings, Message

SchemaMode = Literal["json_schema", "json_object", "none"]


class OpenAICompatibleBackend:
    def __init__(self, base_url: str, model: str = "default", api_key: str | None = None,
                 schema_mode: SchemaMode = "json_schema", timeout: float = 120.0):
        self.base_url = base_url.rstrip("/")
        if not self.base_url.endswith("/v1"):
            self.base_url += "/v1"
        self.model = model
        self.api_key = api_key
        self.schema_mode = schema_mode
        self.timeout = timeout
        self.name = f"openai:{self.base_url}"
        self.supports_json_schema = schema_mode != "none"

    def _body(self, messages: list[Message], settings: GenerationSettings, stream: bool) -> dict[str, Any]:
        body: dict[str, Any] = {
            "model": self.model,
            "messages": [m.as_dict() for m in messages],
            "max_tokens": settings.max_tokens,
            "temperature": settings.temperature,
            "top_p": settings.top_p,
            "seed": settings.seed,
            "stream": stream,
        }
        if settings.stop:
            body["stop"] = list(settings.stop)
        if settings.json_schema is not None and self.schema_mode == "json_schema":
            body["response_format"] = {"type": "json_schema",
                                       "json_schema": {"name": "answer", "schema": settings.json_schema, "strict": True}}
        elif settings.json_schema is not None and self.schema_mode == "json_object":
            body["response_format"] = {"type": "json_object", "schema": settings.json_schema}
        body.update(settings.extra)
        return body

    def _post(self, body: dict[str, Any]):
        headers = {"Content-Type": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        request = urllib.request.Request(f"{self.base_url}/chat/completions", data=json.dumps(body).encode(),
                                         headers=headers, method="POST")
        try:
            return urllib.request.urlopen(request, timeout=self.timeout)
        except urllib.error.HTTPError as e:
            detail = e.read().decode(errors="replace")[:300]
            raise BackendError(f"The model server at {self.base_url} answered {e.code}: {detail}") from None
        except (urllib.error.URLError, OSError) as e:
            raise BackendError(f"Cannot reach the model server at {self.base_url}: {getattr(e, 'reason', e)}") from None

    def complete(self, messages: list[Message], settings: GenerationSettings) -> str:
        with self._post(self._body(messages, settings, stream=False)) as response:
            try:
                data = json.loads(response.read())
                return data["choices"][0]["message"]["content"] or ""
            except (ValueError, KeyError, IndexError, TypeError) as e:
                raise BackendError(f"Unexpected answer from {self.base_url}: {e}") from None

    def stream(self, messages: list[Message], settings: GenerationSettings) -> Iterator[str]:
        with self._post(self._body(messages, settings, stream=True)) as response:
            for raw in response:
                line = raw.decode("utf-8", errors="replace").strip()
                if not line.startswith("data:"):
                    continue
                payload = line[5:].strip()
                if payload == "[DONE]":
                    return
                try:
                    delta = json.loads(payload)["choices"][0].get("delta", {})
                except (ValueError, KeyError, IndexError) as e:
                    raise BackendError(f"Bad stream chunk from {self.base_url}: {e}") from None
                if delta.get("content"):
                    yield delta["content"]
