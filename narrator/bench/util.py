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
    return interleaved_medians([fn], repeat, inner)[0]


def interleaved_medians(fns: list[Callable[[], object]], repeat: int, inner: int = 1) -> list[float]:
    """Like :func:`median_of` for several functions at once, their runs taken in turn (a, b, a, b…): a burst of
    load from another process then slows the runs compared with each other alike, not one function's only. Each
    function is called once first, untimed (a first call may fill caches: d20 parses a new expression)."""
    for fn in fns:
        fn()
    runs: list[list[float]] = [[] for _ in fns]
    for _ in range(repeat):
        for fn, out in zip(fns, runs):
            started = time.perf_counter()
            for _ in range(inner):
                fn()
            out.append((time.perf_counter() - started) / inner)
    return [statistics.median(r) for r in runs]


def peak_rss_mb() -> float:
    """The process's peak resident set so far (ru_maxrss: KiB on Linux, bytes on macOS)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return round(peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024, 1)
