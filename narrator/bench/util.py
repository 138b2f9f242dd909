"""Small helpers shared by the benchmarks: medians, percentiles, peak memory."""

from __future__ import annotations

import resource
import statistics
import sys
import time
from collections.abc import Callable


def percentiles(ms: list[float]) -> dict[str, float]:
    s = sorted(ms)
    if not s:
        return {"p50": 0.0, "p95": 0.0, "n": 0}
    return {"p50": round(statistics.median(s), 3), "p95": round(s[min(len(s) - 1, int(round(0.95 * (len(s) - 1))))], 3),
            "n": len(s)}


def median_of(fn: Callable[[], object], repeat: int, inner: int = 1) -> float:
    """Median over ``repeat`` runs of the seconds one call of ``fn`` takes (each run calls it ``inner`` times)."""
    runs = []
    for _ in range(repeat):
        started = time.perf_counter()
        for _ in range(inner):
            fn()
        runs.append((time.perf_counter() - started) / inner)
    return statistics.median(runs)


def peak_rss_mb() -> float:
    """The process's peak resident set so far (ru_maxrss: KiB on Linux, bytes on macOS)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return round(peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024, 1)
