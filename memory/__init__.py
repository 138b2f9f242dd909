"""Campaign storage and memory. Importing any of it turns onnxruntime's telemetry off for the process before
onnxruntime can be loaded (by the embedder, or by chromadb): see :data:`narrator.memory.embedder.TELEMETRY_OFF`.

Installed as ``narrator.memory``; ``__all__`` is the public surface: a campaign (its log, state, replay and export)
and its memory."""

import os as _os

_os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")

__all__ = ["campaign", "errors", "export", "recall", "rulings", "vector"]
