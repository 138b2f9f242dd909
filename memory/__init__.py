"""Campaign storage and memory. Importing any of it turns onnxruntime's telemetry off for the process before
onnxruntime can be loaded (by the embedder, or by chromadb): see :data:`memory.embedder.TELEMETRY_OFF`."""

import os as _os

_os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")
