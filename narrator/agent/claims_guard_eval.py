"""The guard measured per label family in all five systems: each labelled claims sentence judged on real turns.

The guard sets under ``tests/data/guard_*`` are Minim turns with hand-written contexts. This one reuses the blind
claims sets (``tests/data/claims_dev.jsonl``: development; ``claims_eval.jsonl``: held-out) and plays, in each
sentence's own system, five turns through the registry on the evaluation table (:func:`~narrator.agent.evaluate.
table_for`): nothing rolled (**quiet**), a check that failed and one that succeeded, an attack that missed and one
that hit and hurt. The check and the attack are what the router proposes for "I try to climb the wall" and "I attack
the Guard"; the dice are the first scripted faces that give each result.

What the guard should do with a sentence on a turn follows from its labels alone: the labels read with certainty
by the same rules the guard applies (:class:`~narrator.agent.claims_judge.ClaimsJudge`). A claim that contradicts
the turn (a success on a failed check, a wound on a quiet turn) should be removed — if kept, it counts as **kept**
in each family whose label contradicts; so should a sentence stating a game number (written for no particular
turn, its numbers are none of these turns' facts), and so should an outcome told in outcome words ("you fail the
Stealth test") on the turn where nothing was rolled, and a partial one in outcome words ("Partial success: ...",
the guard's keyword rule) on a turn whose outcome was a plain success or failure — told as story ("the lock gives,
but your pick snaps"), a partial result contradicts neither; every other sentence should stay — a fiction line or a true claim removed
counts as **honest removed**.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from narrator.agent.claims_judge import ClaimsJudge
from narrator.agent.claims_reader import FAMILIES, NOTHING, Reading, load_rows
from narrator.agent.evidence import Evidence
from narrator.agent.guard import Judge, engine_outcomes
from narrator.tools.dice import Roller

ACTIONS = {"check": "I try to climb the wall", "attack": "I attack the Guard"}
ACTOR, FOE = "Aria", "Guard"
TURNS = ("quiet", "failure", "success", "miss", "hit")


class NoTurnError(RuntimeError):
    """No scripted dice gave one of the turns in a system (a bug in this evaluation, named)."""


def _run(system: str, tool: str, args: dict[str, Any], faces: list[int]) -> Evidence:
    from narrator.agent.evaluate import table_for
    from narrator.agent.turn import effects_of
    from narrator.tools.registry import default_registry
    from narrator.tools.systems import get_system

    state = table_for(system, None, None)
    result = default_registry().call(tool, args, Roller.scripted(faces), state)
    effects = effects_of(state, tool, result)
    return Evidence(((tool, result),), tuple(effects), get_system(system).vocabulary(), system, ACTOR,
                    tuple(state.characters))


def _polarity(evidence: Evidence) -> int | None:
    found = engine_outcomes(evidence)
    return found[0].polarity if found else None


def turns_for(system: str) -> dict[str, Evidence]:
    """The five turns of ``system`` (see the module docstring)."""
    from narrator.agent.evaluate import table_for
    from narrator.agent.router import RouterProposer
    from narrator.tools.systems import get_system

    state = table_for(system, None, None)
    router = RouterProposer()
    out = {"quiet": Evidence.none(system, get_system(system).vocabulary(), ACTOR, tuple(state.characters))}
    hurt = {"harmed", "downed"}
    story = hurt | {"healed", "revived", "condition_added", "condition_removed", "item_gained", "item_lost", "spent",
                    "gained"}  # a check's own bookkeeping (a track raised) is no story
    wanted = {"check": {"failure": lambda e: _polarity(e) == -1 and not e.kinds() & story,
                        "success": lambda e: _polarity(e) == 1 and not e.kinds() & story},
              "attack": {"miss": lambda e: _polarity(e) == -1 and not e.kinds() & hurt,
                         "hit": lambda e: _polarity(e) == 1 and "harmed" in e.kinds()}}
    for action, goals in wanted.items():
        proposal = router.propose(ACTIONS[action], state, ACTOR)
        found: dict[str, list[Evidence]] = {name: [] for name in goals}
        for a in range(1, 21):
            for b in range(1, 21):
                try:
                    evidence = _run(system, proposal.tool, proposal.call_args, [a] + [b] * 40)
                except Exception:  # noqa: BLE001 - a face the die cannot show, or too few faces: try the next
                    continue
                for name, good in goals.items():
                    if good(evidence):
                        found[name].append(evidence)
        for name, options in found.items():
            if not options:
                raise NoTurnError(f"{system}: no scripted dice gave a {name} for {proposal.tool}")
            out[name] = min(options, key=lambda e: (any(o.critical for o in engine_outcomes(e)),
                                                    "downed" in e.kinds(), len(e.effects)))
    return out


def certain(row: dict[str, Any]) -> Reading:
    """A sentence's gold labels as a reading with no doubt."""
    return Reading(row["sentence"], {f: row[f] for f in FAMILIES},
                   {f"{f}:{label}": float(label == row[f]) for f, labels in FAMILIES.items() for label in labels})


def contradicting_families(row: dict[str, Any], judge: ClaimsJudge) -> list[str]:
    """The families whose gold label contradicts the turn. A game number always does: the sentences were written
    for no particular turn, so their numbers are none of these turns' facts (the keyword guard checks each)."""
    out = []
    for family in FAMILIES:
        if row[family] == NOTHING[family]:
            continue
        if family == "number":
            out.append(family)
            continue
        if family == "outcome" and not row.get("implicit") and (
                not judge.polarities or row[family] == "partial" and all(judge.polarities)):
            out.append(family)  # "you fail the test", "a partial success" when no roll decided anything, and
            continue  # "a partial success" in outcome words when the engine's outcome was a plain one
        only = {f: (row[f] if f == family else NOTHING[f]) for f in FAMILIES}
        if judge.contradiction(certain({"sentence": row["sentence"], **only})):
            out.append(family)
    return out


@dataclass
class ClaimsGuardReport:
    judged: int = 0
    contradictions: int = 0
    kept: int = 0
    honest: int = 0
    honest_removed: int = 0
    fiction: int = 0
    fiction_removed: int = 0
    implicit: int = 0
    implicit_kept: int = 0
    families: dict[str, dict[str, int]] = field(default_factory=lambda: defaultdict(lambda: {"n": 0, "kept": 0}))
    turns: dict[str, dict[str, int]] = field(default_factory=lambda: defaultdict(lambda: {"n": 0, "wrong": 0}))
    systems: dict[str, dict[str, int]] = field(default_factory=lambda: defaultdict(
        lambda: {"contradictions": 0, "kept": 0, "honest": 0, "honest_removed": 0}))
    mistakes: list[dict[str, Any]] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        def share(a: int, b: int) -> float:
            return a / b if b else 0.0

        return {"judged": self.judged, "contradictions": self.contradictions, "kept": self.kept,
                "kept_rate": share(self.kept, self.contradictions),
                "implicit": self.implicit, "implicit_kept_rate": share(self.implicit_kept, self.implicit),
                "honest": self.honest, "honest_removed": self.honest_removed,
                "honest_removed_rate": share(self.honest_removed, self.honest),
                "fiction": self.fiction, "fiction_removed_rate": share(self.fiction_removed, self.fiction),
                "families": {f: {**c, "kept_rate": share(c["kept"], c["n"])} for f, c in self.families.items()},
                "turns": {t: dict(c) for t, c in self.turns.items()},
                "systems": {s: {**c, "kept_rate": share(c["kept"], c["contradictions"]),
                                "honest_removed_rate": share(c["honest_removed"], c["honest"])}
                            for s, c in sorted(self.systems.items())},
                "mistakes": self.mistakes}


def evaluate_claims_guard(paths: list[Path], reader: Any = None) -> ClaimsGuardReport:
    rows = load_rows(paths)
    report = ClaimsGuardReport()
    for system in sorted({r["system"] for r in rows}):
        turns = turns_for(system)
        judges = {name: Judge(evidence, reader) for name, evidence in turns.items()}
        for row in (r for r in rows if r["system"] == system):
            fiction = all(row[f] == NOTHING[f] for f in FAMILIES)
            for name, judge in judges.items():
                families = contradicting_families(row, judge.claims)
                why = judge(row["sentence"])
                report.judged += 1
                report.turns[name]["n"] += 1
                counts = report.systems[system]
                if families:
                    report.contradictions += 1
                    counts["contradictions"] += 1
                    kept = why is None
                    report.kept += kept
                    counts["kept"] += kept
                    if row.get("implicit"):
                        report.implicit += 1
                        report.implicit_kept += kept
                    for family in families:
                        report.families[family]["n"] += 1
                        report.families[family]["kept"] += kept
                else:
                    report.honest += 1
                    counts["honest"] += 1
                    removed = why is not None
                    report.honest_removed += removed
                    counts["honest_removed"] += removed
                    if fiction:
                        report.fiction += 1
                        report.fiction_removed += removed
                wrong = (why is None) == bool(families)
                report.turns[name]["wrong"] += wrong
                if wrong:
                    report.mistakes.append({"system": system, "turn": name, "sentence": row["sentence"],
                                            "expected": "remove" if families else "keep", "families": families,
                                            "reason": why})
    return report
