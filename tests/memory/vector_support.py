"""Helpers for the vector-memory tests that run child processes (imported by module name, not collected)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
CHILD = HERE / "vector_child.py"


def child_env(**extra: str) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    env.update(extra)
    return env


def run_child(*args: str, timeout: float = 180) -> object:
    """Run ``vector_child.py`` in a fresh interpreter; its last stdout line, parsed as JSON."""
    proc = subprocess.run([sys.executable, str(CHILD), *args], capture_output=True, text=True, timeout=timeout,
                          env=child_env())
    assert proc.returncode == 0, f"child {args[0]} failed ({proc.returncode}):\n{proc.stderr[-4000:]}"
    return json.loads(proc.stdout.strip().splitlines()[-1])
