"""LLM backends: the embedded local model, any GGUF, an OpenAI-compatible server, and a scripted test double.

Installed as ``narrator.models``; ``__all__`` is the public surface (a backend is an :class:`base.LLMBackend`).
"""

__all__ = ["base", "embedded", "llama", "openai_http", "scripted"]
