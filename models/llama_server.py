"""Run llama-cpp-python's OpenAI-compatible server with the same safe model loading as the embedded backend.

``python -m narrator.models.llama_server --model PATH --host 127.0.0.1 --port 8765`` takes every option of
``python -m llama_cpp.server``; the only difference is that models load with ``use_extra_bufts = False``
(see :mod:`models.llama`), so the server is safe on CPUs where the default build crashes on the first decode.
"""

from __future__ import annotations

import sys


def main() -> None:
    from llama_cpp.server.__main__ import main as server_main

    from narrator.models.llama import safe_model_params

    with safe_model_params():
        server_main()


if __name__ == "__main__":
    sys.exit(main())
