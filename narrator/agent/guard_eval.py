"""``narrator eval guard``: how well the provenance guard tells claims the engine did not make from honest prose.

A set is a JSONL file of lines ``{"context": NAME, "sentence": TEXT, "expected": "remove"|"keep", "kind": LABEL}``
and, beside it, ``contexts.json``: ``{NAME: {"setup": [calls...], "calls": [calls...], "actor": optional}}``,
each call ``{"tool": ..., "args": {...}, "faces": [...]}``. A context is a real turn: the calls run through the
registry with scripted dice on the Minim evaluation table (:func:`narrator.agent.evaluate.table_for`), setup calls
first (not part of the judged turn), and the :class:`~narrator.agent.evidence.Evidence` is built from the judged
calls exactly as the agent builds it (effects by :func:`narrator.agent.turn.effects_of`, the system's vocabulary,
everyone on the table). The actor is the context's ``actor``, else the first call's actor or attacker.

Figures: a line expected ``remove`` is a **mechanical claim** (kept ones are the guard's misses); a line expected
``keep`` whose kind mentions "engine" or "backed" is **engine-backed** (a true statement of the results); every
other kept line is **harmless** fiction. Each is reported overall and per kind.
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from narrator.agent.evidence import Evidence
from narrator.agent.guard import Judge
from narrator.tools.dice import Roller
from narrator.tools.registry import default_registry
from narrator.tools.systems import get_system
from narrator.tools.table import apply_all

def _system_of(spec: dict[str, Any]) -> str:
    """A context names its rules system (``"system"``); without one, the default system's table is used."""
    from narrator.tools.systems import default_system

    return spec.get("system") or default_system().name


FAMILY_OF_KIND = (("outcome", "outcome"), ("critical", "outcome"), ("degree", "outcome"), ("death", "harm"),
                  ("unconscious", "harm"), ("health", "harm"), ("wrong_target", "harm"), ("condition", "condition"),
                  ("item", "item"), ("money", "item"), ("faith", "resource"), ("resource", "resource"),
                  ("stat", "stat"), ("level", "stat"), ("roll", "roll"))
"""A guard set's kind → the claims reader's label family (the first prefix found); any other claim is a number."""


def family_of(kind: str) -> str:
    k = kind.lower().removeprefix("implicit_")
    return next((family for prefix, family in FAMILY_OF_KIND if k.startswith(prefix) or prefix in k), "number")


def _engine_backed(kind: str) -> bool:
    k = kind.lower()
    return "engine" in k or "backed" in k


@dataclass
class GuardEvalReport:
    n: int = 0
    mechanical: int = 0
    mechanical_kept: int = 0
    harmless: int = 0
    harmless_removed: int = 0
    engine_backed: int = 0
    engine_removed: int = 0
    per_kind: dict[str, dict[str, int]] = field(default_factory=dict)
    per_family: dict[str, dict[str, int]] = field(default_factory=dict)
    mistakes: list[dict[str, Any]] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        def pct(a: int, b: int) -> float:
            return a / b if b else 0.0

        return {
            "n": self.n,
            "mechanical_claims": self.mechanical,
            "mechanical_kept": self.mechanical_kept,
            "mechanical_kept_rate": pct(self.mechanical_kept, self.mechanical),
            "harmless": self.harmless,
            "harmless_removed": self.harmless_removed,
            "harmless_removed_rate": pct(self.harmless_removed, self.harmless),
            "engine_backed": self.engine_backed,
            "engine_backed_removed": self.engine_removed,
            "engine_backed_removed_rate": pct(self.engine_removed, self.engine_backed),
            "per_kind": self.per_kind,
            "per_family": self.per_family,
            "mistakes": self.mistakes,
        }


def context_evidence(spec: dict[str, Any], system: str | None = None) -> Evidence:
    """Run one context's calls on a fresh evaluation table; the evidence of its judged calls."""
    from narrator.agent.evaluate import table_for
    from narrator.agent.turn import effects_of

    system = system or _system_of(spec)
    registry = default_registry()
    state = table_for(system, spec.get("party"), spec.get("zones"))

    def run(call: dict[str, Any]):
        nonlocal state
        tool = registry.get(call["tool"])
        before = state
        result = registry.call(call["tool"], call.get("args", {}), Roller.scripted(call.get("faces", [])),
                               state if tool.bound else None)
        changes = getattr(result, "changes", None)
        if changes:
            state = apply_all(state, changes)
        return result, effects_of(before, call["tool"], result)

    for call in spec.get("setup", []):
        run(call)
    results, effects = [], []
    for call in spec.get("calls", []):
        result, found = run(call)
        results.append((call["tool"], result))
        effects += found
    calls = spec.get("calls", [])
    actor = spec.get("actor") or next((c.get("args", {}).get(k) for c in calls for k in ("actor", "attacker", "target")
                                       if isinstance(c.get("args", {}).get(k), str)), None)
    if actor is None:
        actor = next((n for n, s in state.characters.items() if not s.get("npc")), None)
    return Evidence(tuple(results), tuple(effects), get_system(system).vocabulary(), system, actor,
                    tuple(state.characters))


def load_contexts(path: str | Path) -> dict[str, dict[str, Any]]:
    return json.loads(Path(path).read_text(encoding="utf-8"))


def evaluate_guard(path: str | Path, contexts_path: str | Path | None = None) -> GuardEvalReport:
    path = Path(path)
    contexts = load_contexts(contexts_path or path.parent / "contexts.json")
    judges: dict[str, Judge] = {}
    report = GuardEvalReport()
    per: dict[str, dict[str, int]] = defaultdict(lambda: {"n": 0, "wrong": 0})
    families: dict[str, dict[str, int]] = defaultdict(lambda: {"claims": 0, "kept": 0, "honest": 0, "removed": 0})
    for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        row = json.loads(line)
        name, kind, expected = row["context"], row.get("kind", "unlabelled"), row["expected"]
        if name not in judges:
            judges[name] = Judge(context_evidence(contexts[name]))
        reason = judges[name](row["sentence"])
        got = "remove" if reason else "keep"
        report.n += 1
        per[kind]["n"] += 1
        if expected == "remove":
            families[family_of(kind)]["claims"] += 1
            families[family_of(kind)]["kept"] += got == "keep"
        if expected == "remove":
            report.mechanical += 1
            report.mechanical_kept += got == "keep"
        elif _engine_backed(kind):
            report.engine_backed += 1
            report.engine_removed += got == "remove"
        else:
            report.harmless += 1
            report.harmless_removed += got == "remove"
        if got != expected:
            per[kind]["wrong"] += 1
            report.mistakes.append({"line": lineno, "context": name, "kind": kind, "sentence": row["sentence"],
                                    "expected": expected, "reason": reason})
    report.per_kind = {k: dict(v) for k, v in sorted(per.items())}
    report.per_family = {k: dict(v) for k, v in sorted(families.items())}
    return report
