"""``narrator eval narration FILE.jsonl`` and ``narrator eval topic FILE.jsonl``: measuring the narration.

**narration.** Each line is one seeded turn: ``{"session": ID, "system": S, "actor": NAME, "scene": TEXT,
"party": [{"name", "npc", "concept"}], "people": [...], "threads": [...], "action": TEXT, "seed": N}``. Lines
with the same ``session`` (consecutive) play in one campaign, in order, so repetition across turns is measured;
the first line of a session sets the table (party, scene, story), later ones may change the scene. Turns run
through the real :class:`narrator.agent.turn.Agent` with the router proposer, a real campaign in a temporary
directory and the given model. The report counts, per gate check, how many candidates and how many shown
narrations pass; the share shown from the model and from the floor; consecutive repeats; and latency per turn
(p50/p95 of the whole turn: proposal, logged call, narration). Timings are reported, never asserted.

**topic.** Each line ``{"action", "scene", "narration", "on_topic": bool}``: the on-topic check's accuracy at the
gate's threshold, and :func:`calibrate` — the highest threshold that keeps at least 95% of the on-topic
narrations (a good narration is rarely lost; the rest of the gate catches most of what slips through).
"""

from __future__ import annotations

from narrator.tools.systems import default_system

import json
import statistics
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from narrator.agent.evidence import Evidence
from narrator.models.jsonl import rows
from narrator.narration.gate import CHECKS, TOPIC_THRESHOLD, GateContext, default_embed, topic_score

MIN_RECALL = 0.95


# --- topic -----------------------------------------------------------------------------------------------------


def topic_scores(rows: list[dict[str, Any]]) -> list[tuple[float, bool]]:
    embed = default_embed()
    return [(topic_score(r["narration"], Evidence.none(actor="You"), GateContext(action=r["action"],
                                                                               scene=r["scene"]), embed),
             bool(r["on_topic"])) for r in rows]


def calibrate(scored: list[tuple[float, bool]], min_recall: float = MIN_RECALL) -> float:
    """The highest threshold (in steps of 0.01) at which at least ``min_recall`` of on-topic texts still pass."""
    positives = sum(1 for _, label in scored if label)
    best = 0.0
    for step in range(0, 100):
        t = step / 100
        kept = sum(1 for s, label in scored if label and s >= t)
        if positives and kept / positives >= min_recall:
            best = t
    return best


def topic_report(path: str | Path, threshold: float = TOPIC_THRESHOLD) -> dict[str, Any]:
    scored = topic_scores(rows(path))
    pos = sum(1 for _, label in scored if label)
    neg = len(scored) - pos
    tp = sum(1 for s, label in scored if label and s >= threshold)
    tn = sum(1 for s, label in scored if not label and s < threshold)
    return {"file": str(path), "n": len(scored), "threshold": threshold, "accuracy": (tp + tn) / len(scored),
            "on_topic_kept": tp / pos if pos else 0.0, "off_topic_refused": tn / neg if neg else 0.0,
            "calibrated_threshold": calibrate(scored)}


# --- narration -------------------------------------------------------------------------------------------------


@dataclass
class NarrationReport:
    model: str
    turns: int = 0
    candidates: int = 0
    candidate_pass: Counter = field(default_factory=Counter)
    shown_pass: Counter = field(default_factory=Counter)
    shown_all: int = 0
    from_model: int = 0
    repeats: int = 0
    questions: int = 0  # turns answered with a question (clarify, a refused call): nothing narrated, not counted
    seconds: list[float] = field(default_factory=list)
    samples: list[dict[str, Any]] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        ms = sorted(s * 1000 for s in self.seconds)
        n, c = self.turns or 1, self.candidates or 1
        return {
            "model": self.model, "turns": self.turns, "candidates": self.candidates,
            "candidates_pass": {k: self.candidate_pass[k] / c for k in CHECKS},
            "candidates_pass_all": self.candidate_pass["all"] / c,
            "shown_pass": {k: self.shown_pass[k] / n for k in CHECKS},
            "shown_pass_all": self.shown_all / n,
            "from_model": self.from_model / n, "from_floor": 1 - self.from_model / n,
            "consecutive_repeats": self.repeats, "questions_not_counted": self.questions,
            "latency_ms": {"p50": statistics.median(ms) if ms else 0.0,
                           "p95": ms[int(0.95 * (len(ms) - 1))] if ms else 0.0},
            "samples": self.samples,
        }


def dump_markdown(samples: list[dict[str, Any]]) -> str:
    """What a player reads, turn by turn, for readers who never saw the prompts, tables or examples: the scene when
    it changes, then the action, the mechanics line and the narration, numbered. Where a narration came from (the
    model or the engine) is left out: the readers judge the text, not its source."""
    lines = ["# Turns as a player reads them", ""]
    scene = None
    for n, sample in enumerate(samples, 1):
        if (sample.get("session"), sample.get("scene")) != scene:
            scene = (sample.get("session"), sample.get("scene"))
            lines += [f"## {sample.get('system', '')}: {sample.get('scene') or 'no scene'}", ""]
        lines += [f"**{n}.** {sample['actor']}> {sample['action']}", ""]
        if sample.get("mechanics"):
            lines += [f"    {sample['mechanics']}", ""]
        lines += [f"> {sample['narration']}", ""]
    return "\n".join(lines)


def _table(campaign: Any, row: dict[str, Any]) -> None:
    from narrator.tools.systems import get_system

    system = get_system(campaign.system)
    for i, member in enumerate(row.get("party") or system.sample_party()):
        tool = system.npc_tool if member.get("npc") else system.random_character_tool
        args = system.npc_args(member.get("concept") or member["name"], 2, member["name"]) if member.get("npc") \
            else {"name": member["name"]}
        if not member.get("npc") and member.get("concept"):
            args["concept"] = member["concept"]
        campaign.call(tool, args)
    for person in row.get("people", []):
        campaign.call("story_update", {"add_person": person})
    for thread in row.get("threads", []):
        campaign.call("story_update", {"add_thread": thread})


def evaluate(path: str | Path, backend: Any, style: str | None = None, proposer: Any = None,
             samples: int = 8, profile: Any = None) -> NarrationReport:
    """``profile``: a :class:`narrator.narration.candidates.Profile` instead of the style's
    (``narrator/narration/sense`` harvests every candidate of a turn with one that never stops early)."""
    from narrator.memory.campaign import Campaign
    from narrator.agent.router import RouterProposer
    from narrator.agent.turn import Agent

    played = rows(path)
    report = NarrationReport(model=getattr(backend, "name", "none"))
    proposer = proposer or RouterProposer()
    campaign = None
    session = None
    last_text = None
    agent = None
    with tempfile.TemporaryDirectory() as root:
        try:
            for n, row in enumerate(played):
                if campaign is None or row.get("session") != session:
                    if campaign is not None:
                        campaign.close()
                    session = row.get("session")
                    campaign = Campaign.new(f"eval-{n}", row.get("system", default_system().name), seed=int(row.get("seed", n)),
                                            root=root)
                    _table(campaign, row)
                    agent = Agent(campaign, backend, proposer, narration_style=style, engine_narration=backend is None,
                                  narration_profile=profile)
                    last_text = None
                if row.get("scene") and row["scene"] != campaign.state.scene:
                    campaign.call("table_set_scene", {"text": row["scene"]})
                actor = row.get("actor") or next(n for n, s in campaign.state.characters.items() if not s.get("npc"))
                started = time.perf_counter()
                outcome = agent.turn(row["action"], actor=actor)
                report.seconds.append(time.perf_counter() - started)
                report.turns += 1
                record = outcome.gate
                if record is None:  # a question back (clarify) or a rejected call: no narration was judged
                    report.turns -= 1
                    report.seconds.pop()
                    report.questions += 1
                    continue
                verdicts = ([record["shown"]] if record["source"] != "floor" else []) + record["rejected"]
                for v in verdicts:
                    report.candidates += 1
                    for check in CHECKS:
                        report.candidate_pass[check] += check not in v["failed"]
                    report.candidate_pass["all"] += v["passed"]
                shown = record["shown"] or {"failed": list(CHECKS), "passed": False}
                for check in CHECKS:
                    report.shown_pass[check] += check not in shown["failed"]
                report.shown_all += bool(shown["passed"])
                report.from_model += record["source"] != "floor"  # the model's whole narration, or its colour
                if last_text is not None and outcome.narration.strip() == last_text.strip():
                    report.repeats += 1
                last_text = outcome.narration
                if len(report.samples) < samples:
                    report.samples.append({"system": campaign.system, "session": session, "scene": campaign.state.scene,
                                           "action": row["action"], "actor": actor, "mechanics": outcome.mechanics,
                                           "narration": outcome.narration, "source": record["source"],
                                           "seed": row.get("seed"), "gate": record})
        finally:
            if campaign is not None:
                campaign.close()
    return report


# --- blind reading ---------------------------------------------------------------------------------------------


def judged(key: str | Path, labels: str | Path) -> dict[str, Counter]:
    """One blind reader's labels of a dump (``--dump``, shuffled across styles), counted per style: the key says
    which style wrote each numbered item (the reader never saw it). Counts ``sensible``, ``awkward``, ``nonsense``,
    ``agrees``, ``contradicts`` and ``n``."""
    styles = json.loads(Path(key).read_text(encoding="utf-8"))
    out: dict[str, Counter] = {}
    for row in rows(labels):
        style = styles[str(row["id"])]["variant"]
        counts = out.setdefault(style, Counter())
        counts[row["sense"]] += 1
        counts[row["agreement"]] += 1
        counts["n"] += 1
    return out
