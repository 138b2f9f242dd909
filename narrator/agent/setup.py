"""Building the pieces a turn needs from command-line choices: the backend and the proposer."""

from __future__ import annotations

import sys
from collections.abc import Callable

from narrator.models.base import LLMBackend

PROPOSERS = ("router", "llm", "hybrid")
DEFAULT_PROPOSER = "router"
"""Chosen by measurement (docs/evaluation.md): the embedded models are near 0% at choosing tools; the router is not."""


def stderr_progress(label: str) -> Callable[[float], None]:
    shown = {"last": -1}

    def report(fraction: float) -> None:
        pct = int(fraction * 100)
        if pct // 10 != shown["last"] // 10 or pct == 100:
            shown["last"] = pct
            print(f"\r{label}: {pct:3d}%", end="\n" if pct >= 100 else "", file=sys.stderr, flush=True)

    return report


def make_backend(model: str | None = None, server: str | None = None, n_ctx: int = 4096, threads: int | None = None,
                 progress: Callable[[float], None] | None = None, schema_mode: str = "json_schema",
                 server_model: str = "default") -> LLMBackend:
    if server:
        from narrator.models.openai_http import OpenAICompatibleBackend

        return OpenAICompatibleBackend(server, model=server_model, schema_mode=schema_mode)  # type: ignore[arg-type]
    from narrator.models.colour.adapter import adapter_for
    from narrator.models.embedded import resolve_model
    from narrator.models.llama import LlamaCppBackend

    path = resolve_model(model)
    return LlamaCppBackend(path, n_ctx=n_ctx, n_threads=threads, progress=progress or stderr_progress(f"loading {path.name}"),
                           lora_path=adapter_for(path))


def make_proposer(kind: str, backend: LLMBackend | None):
    from narrator.agent.router import RouterProposer

    if kind == "router":
        return RouterProposer()
    if backend is None:
        raise ValueError(f"the {kind} proposer needs a model")
    if kind == "llm":
        from narrator.agent.llm_proposer import LLMProposer

        return LLMProposer(backend, fallback=RouterProposer())
    if kind == "hybrid":
        from narrator.agent.hybrid import HybridProposer

        return HybridProposer(RouterProposer(), backend)
    raise ValueError(f"unknown proposer {kind!r}; choose one of {', '.join(PROPOSERS)}")
