"""llama-cpp-python backend: any GGUF, the GGUF's own chat template, a plain-text fallback, JSON-schema grammars.

Loading is always made safe on CPUs where repacked "extra buffer types" crash the first decode (Intel AMX,
llama.cpp #20824): the model is loaded with ``use_extra_bufts = False`` whatever build pip installed. That flag
is not a ``Llama(...)`` argument, so the default model parameters are wrapped for the duration of the load
(which is also how the load-progress callback gets in).
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from narrator.models.base import BackendError, GenerationSettings, Message

_LOAD_LOCK = threading.Lock()


@contextlib.contextmanager
def safe_model_params(progress: Callable[[float], None] | None = None):
    """While active, every model load uses ``use_extra_bufts = False`` (and reports progress)."""
    import llama_cpp.llama_cpp as C

    original = C.llama_model_default_params
    keep_alive: list[Any] = []

    def patched():
        params = original()
        params.use_extra_bufts = False
        if progress is not None:
            @C.llama_progress_callback
            def _cb(fraction, _user):
                progress(float(fraction))
                return True

            keep_alive.append(_cb)
            params.progress_callback = _cb
        return params

    with _LOAD_LOCK:
        C.llama_model_default_params = patched
        try:
            yield
        finally:
            C.llama_model_default_params = original


def close_at_exit(owner) -> None:
    """Free a model before interpreter shutdown (llama-cpp's own finaliser fails once its library is torn down)."""
    import atexit
    import weakref

    ref = weakref.ref(owner)
    atexit.register(lambda: (o := ref()) is not None and o.close())


def plain_prompt(messages: list[Message]) -> str:
    """A prompt for base models without a chat template: instructions, then a transcript ending on the narrator."""
    parts = []
    for m in messages:
        if m.role == "system":
            parts.append(m.content.strip())
        elif m.role == "user":
            parts.append(f"Player: {m.content.strip()}")
        else:
            parts.append(f"Narrator: {m.content.strip()}")
    return "\n\n".join(parts) + "\n\nNarrator:"


class LlamaCppBackend:
    supports_json_schema = True

    def __init__(self, model_path: str | Path, n_ctx: int = 4096, n_threads: int | None = None,
                 progress: Callable[[float], None] | None = None, seed: int = 0, lora_path: Path | None = None):
        """``lora_path``: an adapter loaded beside the model but used only when a call asks for it
        (``stream_text(..., adapter=True)``: the colour adapter, :mod:`models.colour`)."""
        try:
            from llama_cpp import Llama
        except ImportError as e:  # pragma: no cover - an install problem, reported plainly
            raise BackendError(f"llama-cpp-python is not importable: {e}") from None
        from narrator.models.llama_build import ensure_runs_here

        ensure_runs_here()  # a build made for another CPU dies of SIGILL at load: said as an error instead
        self.model_path = Path(model_path)
        self.name = f"llama.cpp:{self.model_path.name}"
        threads = n_threads or max(1, min(4, os.cpu_count() or 1))
        try:
            with safe_model_params(progress):
                self.llm = Llama(model_path=str(self.model_path), n_ctx=n_ctx, n_threads=threads,
                                 n_threads_batch=threads, seed=seed, verbose=False,
                                 lora_path=str(lora_path) if lora_path else None)
        except ValueError as e:
            raise BackendError(f"Could not load {self.model_path}: {e}") from None
        except RuntimeError as e:  # llama.cpp refused the adapter
            raise BackendError(f"Could not load the adapter {lora_path} for {self.model_path}: {e}") from None
        self.chat_template = self.llm.metadata.get("tokenizer.chat_template")
        self.adapter = Path(lora_path) if lora_path else None
        self._adapter_on = self.adapter is not None  # llama-cpp-python sets it on at load
        self._use_adapter(False)
        close_at_exit(self)

    def _use_adapter(self, on: bool) -> None:
        """Switch the adapter on or off for the next calls; the cached prefix was computed with the other weights,
        so it is dropped."""
        if self.adapter is None or on == self._adapter_on:
            return
        import ctypes

        import llama_cpp

        if on:
            adapters = (llama_cpp.llama_adapter_lora_p_ctypes * 1)(self.llm._lora_adapter)
            scales = (ctypes.c_float * 1)(1.0)
            failed = llama_cpp.llama_set_adapters_lora(self.llm._ctx.ctx, adapters, 1, scales)
        else:
            failed = llama_cpp.llama_set_adapters_lora(self.llm._ctx.ctx, None, 0, None)
        if failed:
            raise BackendError(f"llama.cpp could not switch the adapter {self.adapter.name} {'on' if on else 'off'}")
        self.llm.reset()
        self._adapter_on = on

    def close(self) -> None:
        """Free the model now (rather than in a finaliser at interpreter exit, when llama.cpp is half torn down)."""
        llm, self.llm = getattr(self, "llm", None), None
        if llm is not None:
            llm.close()

    @property
    def has_chat_template(self) -> bool:
        return bool(self.chat_template)

    def _grammar(self, settings: GenerationSettings):
        if settings.json_schema is None:
            return None
        from llama_cpp import LlamaGrammar

        return LlamaGrammar.from_json_schema(json.dumps(settings.json_schema), verbose=False)

    def _kwargs(self, settings: GenerationSettings) -> dict[str, Any]:
        return dict(max_tokens=settings.max_tokens, temperature=settings.temperature, top_p=settings.top_p,
                    seed=settings.seed, stop=list(settings.stop) or None, grammar=self._grammar(settings))

    def complete(self, messages: list[Message], settings: GenerationSettings) -> str:
        return "".join(self.stream(messages, settings))

    def stream_text(self, prompt: str, settings: GenerationSettings, adapter: bool = False) -> Iterator[str]:
        """A raw completion of ``prompt``, no chat template: for few-shot prompts (see narrator.narration);
        ``adapter``: with the adapter loaded beside the model (none loaded: the model alone)."""
        self._use_adapter(adapter)
        for chunk in self.llm.create_completion(prompt, stream=True, **self._kwargs(settings)):
            text = chunk["choices"][0]["text"]
            if text:
                yield text

    def stream(self, messages: list[Message], settings: GenerationSettings) -> Iterator[str]:
        self._use_adapter(False)
        kwargs = self._kwargs(settings)
        if self.has_chat_template:
            chunks = self.llm.create_chat_completion([m.as_dict() for m in messages], stream=True, **kwargs)
            for chunk in chunks:
                text = chunk["choices"][0]["delta"].get("content")
                if text:
                    yield text
        else:
            for chunk in self.llm.create_completion(plain_prompt(messages), stream=True, **kwargs):
                text = chunk["choices"][0]["text"]
                if text:
                    yield text
