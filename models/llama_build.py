"""Whether the installed llama-cpp-python build can run on this CPU, asked in a child process before any load.

llama.cpp compiles its CPU code for the instruction sets the build was told to use. A build made for AVX-512 (the
README's flags until stop 51 asked for it) starts with an illegal instruction on a CPU without it — an AMD EPYC of
the AVX2 generation, measured — and a process that dies of SIGILL cannot catch it: ``narrator play`` would vanish,
and a test run would end mid-way. pip caches the wheel it built keyed on the source, not on ``CMAKE_ARGS``, so a
machine can be handed a build made for another machine's CPU.

So before the first model of a process is loaded, a child Python imports llama-cpp-python and starts its backend
(``llama_backend_init`` and ``llama_print_system_info``: the point where such a build dies). A child that dies is
turned into a :class:`~models.base.BackendError` that says what to do; the game then plays on without narration,
as for any model that cannot load. The verdict is kept for the process (the library cannot change under it); a
healthy probe costs one Python start with the library imported, about half a second, once.
"""

from __future__ import annotations

import signal
import subprocess
import sys
from functools import lru_cache

from narrator.models.base import BackendError

PROBE = ("import llama_cpp; llama_cpp.llama_backend_init(); "
         "print(llama_cpp.llama_print_system_info().decode('utf-8', 'replace'))")
REBUILD = ('pip cache remove llama_cpp_python; CMAKE_ARGS="-DGGML_NATIVE=OFF -DGGML_AVX2=ON -DGGML_FMA=ON '
           '-DGGML_F16C=ON" pip install --force-reinstall --no-deps llama-cpp-python')
"""The rebuild: the cached wheel removed first (pip would hand it back), then a build for any x86-64 CPU with AVX2."""
TIMEOUT_S = 120


def verdict(returncode: int, stderr: str) -> str | None:
    """None for a child that started the backend; otherwise what went wrong, in words a player can act on."""
    if returncode == 0:
        return None
    if returncode == -signal.SIGILL:
        return ("llama-cpp-python was built for instructions this CPU does not have (it died of an illegal "
                f"instruction as it started: a build made for another machine). Rebuild it: {REBUILD}")
    if returncode < 0:
        try:
            name = signal.Signals(-returncode).name
        except ValueError:
            name = f"signal {-returncode}"
        return f"llama-cpp-python crashed as it started ({name}). Rebuilding it may help: {REBUILD}"
    last = stderr.strip().splitlines()[-1] if stderr.strip() else f"exit status {returncode}"
    return f"llama-cpp-python could not start: {last}"


@lru_cache(maxsize=1)
def _probe() -> str | None:
    try:
        run = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return f"llama-cpp-python did not start within {TIMEOUT_S} s"
    except OSError:  # no way to start a child here: load as before, and let the load speak for itself
        return None
    return verdict(run.returncode, run.stderr)


def ensure_runs_here() -> None:
    """Raise :class:`BackendError` if the installed llama-cpp-python cannot start on this CPU (asked once)."""
    problem = _probe()
    if problem is not None:
        raise BackendError(problem)


if __name__ == "__main__":  # .ci/run asks the same question before its tests: exit 1 with the reason when it cannot
    found = _probe()
    print(found or "llama-cpp-python starts on this CPU")
    sys.exit(1 if found else 0)
