"""µs per rules-tool call through the registry, beside the same dice rolled by the ``d20`` library.

Each registered system's ``worked_examples()`` gives the arguments; a call is the registry's whole path
(validate, roll, exact odds, explanation). The peer rolls the dice the first call rolled (``2d6`` for two six-sided
dice) with ``d20.roll`` in the same process, its runs alternating with the tool's so that load from other
processes weighs on both alike. ``d20`` is a test extra, imported only here.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from narrator.bench.util import interleaved_medians


def dice_expression(result: Any) -> str | None:
    """``2d6+1d10`` from a result's dice (None when the tool rolled nothing)."""
    dice = getattr(result, "dice", None)
    if not isinstance(dice, (list, tuple)) or not dice:
        return None
    sides = Counter(getattr(d, "sides", None) for d in dice)
    if None in sides:
        return None
    return "+".join(f"{n}d{s}" for s, n in sorted(sides.items()))


def bench_rules(repeat: int = 7, inner: int = 200) -> dict[str, Any]:
    from narrator.tools.dice import Roller
    from narrator.tools.registry import default_registry
    from narrator.tools.systems import all_systems

    try:
        import d20
    except ImportError:
        d20 = None
    registry = default_registry()
    rows = []
    for system in all_systems():
        for name, args in system.worked_examples().items():
            tool = registry.get(name)
            if tool.bound:
                continue
            roller = Roller(1)
            try:
                first = registry.call(name, args, roller)
            except Exception as e:  # noqa: BLE001 - a broken example is reported, not fatal to the bench
                rows.append({"system": system.name, "tool": name, "error": f"{type(e).__name__}: {e}"[:200]})
                continue

            def one(name=name, args=args, roller=roller):
                roller.count = 0  # the roller's per-call dice limit: each call here is a call of its own
                return registry.call(name, args, roller)

            expr = dice_expression(first)
            fns = [one] + ([lambda expr=expr: d20.roll(expr)] if expr and d20 is not None else [])
            seconds = interleaved_medians(fns, repeat, inner)  # the tool's runs and the peer's in turn
            us = seconds[0] * 1e6
            peer = seconds[1] * 1e6 if len(seconds) > 1 else None
            rows.append({"system": system.name, "tool": name, "us_per_call": round(us, 1), "dice": expr,
                         "d20_us": round(peer, 1) if peer is not None else None,
                         "ratio": round(us / peer, 2) if peer else None})
    return {"d20": "installed" if d20 is not None else "d20 not installed", "repeat": repeat, "inner": inner,
            "tools": rows}
