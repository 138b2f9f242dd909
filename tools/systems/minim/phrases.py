"""Minim's words: the phrase table its steps are written out with (:mod:`tools.phrases`), keyed by the phrase part
of a step's kind (``minim.<phrase>``). A phrase is a format string over the step's values or, where the words
depend on the values beyond that, a function of them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from narrator.tools.contract import signed
from narrator.tools.systems.minim.checks import label, partial

V = Mapping[str, Any]


def signed_label(outcome: int) -> str:
    """'+1 success', '-2 critical failure'."""
    return f"{signed(outcome)} {label(outcome)}"


# --- tests (checks.py) ---------------------------------------------------------------------------------------------


def _target(v: V) -> str:
    parts = [f"{v['name']} {v['trait']}"]
    if v["skill"] is None:
        parts.append("±0 (no relevant skill)")
    else:
        parts.append(f"{signed(1 if v['has_skill'] else -1)} ({'has' if v['has_skill'] else 'lacks'} the "
                     f"{v['skill']} skill)")
    if v["specialty"]:
        parts.append("+1 (a specialty applies)")
    if v["modifier"]:
        parts.append(f"{signed(v['modifier'])} (bonuses and penalties)")
    if v["extra"]:
        parts.append(f"{signed(v['extra'])} ({v['reason']})")
    if v["faith"]:
        parts.append("+1 (a faith point spent)")
    return f"Target = {' '.join(parts)} = {v['target']}"


def explain_partial(face: int, target: int) -> str:
    """Why a die gives its partial result."""
    p = partial(face, target)
    if face == 1:
        why = "a natural 1 is an automatic success"
    elif face == 6:
        why = "a natural 6 is an automatic failure"
    elif face < target:
        why = f"lower than the target {target}"
    elif face == target:
        why = f"equal to the target {target}"
    else:
        why = f"higher than the target {target}"
    return f"{why} → {label(p)} ({signed(p)})"


def _rolled(v: V) -> str:
    """'Target 5: rolled 3 and 4 → +1 success' (the head of every test's summary)."""
    a, b = v["faces"]
    return f"Target {v['target']}: rolled {a} and {b} → {signed_label(v['outcome'])}"


PHRASES: dict[str, Any] = {
    # tests
    "target": _target,
    "target_below_1": "A target below 1 only succeeds on a natural 1 (automatic success).",
    "target_above_5": "A target above 5 only fails on a natural 6 (automatic failure).",
    "die": lambda v: f"Die {v['die']} rolled {v['face']}: {explain_partial(v['face'], v['target'])}",
    "outcome": lambda v: (f"Outcome = {signed(v['partials'][0])} {signed(v['partials'][1])} = "
                          f"{signed(v['outcome'])}: {label(v['outcome'])}"),
    "tested": _rolled,
}
