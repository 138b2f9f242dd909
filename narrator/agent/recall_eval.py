"""``narrator eval recall SESSION.json ...``: campaign memory measured as play uses it, on sessions written blind.

A session file (``tests/data/memory_sessions/``, written by people who never saw the memory code) holds a short
play session — player characters, NPCs, the opening, player lines with the narration shown, scene changes — and 20
questions a player might ask about it later in other words, each with the player turns that answer it. The
session is played through the real :class:`narrator.agent.turn.Agent` with the memory on: the router chooses the
tools of the turns marked ``roll`` (as in play), the narration shown is the writer's (as a capable model's would be:
the gate, which wants a narration addressed to the player, is not what is measured here), and the campaign memory
indexes the log as it grows. Then each
question is asked as the player would ask it, by the character the writer named:

* **recall@5**: the share of the answer's turns in the top five of :meth:`memory.vector.CampaignMemory.recall`;
  **hit@5** whether any is; **MRR** the reciprocal rank of the first;
* **reaches the prompt**: whether the answer's turn is among the lines the narration prompt receives
  (:meth:`~memory.vector.CampaignMemory.recall_for_prompt`, the same ranking within its character budget).

When an answer changed during the session, the writer listed the turn with the latest answer first: that turn is
the one that must be found (recall@5 counts every turn listed).
"""

from __future__ import annotations

import json
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from narrator.tools.errors import NarratorError


class SessionFileError(NarratorError):
    """A session file that does not follow the format."""


@dataclass
class SessionReport:
    file: str
    system: str
    questions: int = 0
    recall: list[float] = field(default_factory=list)
    ranks: list[int | None] = field(default_factory=list)
    in_prompt: int = 0
    replaced_narrations: int = 0
    turns: int = 0
    ms: list[float] = field(default_factory=list)
    misses: list[dict[str, Any]] = field(default_factory=list)

    def figures(self) -> dict[str, Any]:
        n = max(1, self.questions)
        return {"file": self.file, "system": self.system, "turns": self.turns, "questions": self.questions,
                "recall_at_5": round(sum(self.recall) / n, 4),
                "hit_at_5": round(sum(r is not None and r <= 5 for r in self.ranks) / n, 4),
                "mrr": round(sum(1 / r for r in self.ranks if r) / n, 4),
                "reaches_prompt": round(self.in_prompt / n, 4),
                "narrations_not_shown": self.replaced_narrations,
                "query_ms_p50": round(statistics.median(self.ms), 2) if self.ms else 0.0}


def load_session(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        turns = [t for t in data["turns"] if "actor" in t]
        for q in data["questions"]:
            if not q["answer_turns"] or any(not 0 <= i < len(turns) for i in q["answer_turns"]):
                raise SessionFileError(f"{path.name}: question {q['question']!r} names a turn that is not there")
    except (OSError, json.JSONDecodeError, KeyError, TypeError) as e:
        raise SessionFileError(f"{path}: not a session file ({e})") from None
    return data


class _Proposals:
    """The router for a turn marked ``roll``, no roll for the others (the writer's narration tells those)."""

    def __init__(self) -> None:
        from narrator.agent.router import RouterProposer

        self.router = RouterProposer()
        self.roll = False

    def propose(self, text: str, state: Any, actor: str | None) -> Any:
        from narrator.tools.proposals import NO_ROLL, Proposal

        if self.roll:
            return self.router.propose(text, state, actor)
        return Proposal(tool=NO_ROLL, args={}, call_args={}, source="script")


def _agent(campaign: Any, memory: Any, proposals: _Proposals, current: dict[str, str]) -> Any:
    """The real agent, whose narration is the writer's line for the turn."""
    from narrator.models.scripted import ScriptedBackend
    from narrator.agent.guard import GuardReport
    from narrator.agent.turn import Agent

    class SessionAgent(Agent):
        def narrate(self, outcome: Any, on_text: Any) -> tuple[str, GuardReport]:
            return current["narration"], GuardReport()

    return SessionAgent(campaign, ScriptedBackend(lambda messages, settings: current["narration"]), proposals,
                        memory=memory)


def play(data: dict[str, Any], root: str, options: dict[str, Any] | None = None) -> tuple[Any, Any, list[int], int]:
    """Play the session into a new campaign under ``root`` (created with ``options``); (campaign, memory, player-event
    seqs, turns whose narration was not shown: a refusal or a question instead)."""
    from narrator.memory.campaign import Campaign
    from narrator.memory.vector import CampaignMemory
    from narrator.tools.systems import get_system

    system = get_system(data["system"])
    current = {"narration": ""}
    proposals = _Proposals()
    campaign = Campaign.new(Path(root).name or "recall", system.name, options=options, seed=7, root=root)
    for pc in data["pcs"]:
        campaign.call(system.random_character_tool, {"name": pc["name"]})
    for npc in data.get("npcs", []):
        campaign.call(system.npc_tool, system.npc_args(npc.get("concept", "someone"), int(npc.get("level", 2)),
                                                       npc["name"]))
    if data.get("zones"):
        campaign.call("table_set_zones", {"zones": data["zones"][:8]})
    campaign.call("table_set_scene", {"text": data.get("opening", "")[:400] or "The story begins."})
    memory = CampaignMemory.for_campaign(campaign)
    agent = _agent(campaign, memory, proposals, current)
    seqs: list[int] = []
    replaced = 0
    for item in data["turns"]:
        if "scene" in item:
            campaign.call("table_set_scene", {"text": item["scene"][:400]})
            continue
        current["narration"] = item["narration"]
        proposals.roll = bool(item.get("roll"))
        seqs.append(campaign.store.last_seq() + 1)
        outcome = agent.turn(item["player"], actor=item["actor"])
        shown = getattr(outcome, "narration", "") or ""
        replaced += item["narration"].strip() not in shown
    memory.catch_up(campaign)
    return campaign, memory, seqs, replaced


def evaluate_session(path: Path) -> SessionReport:
    data = load_session(path)
    report = SessionReport(file=path.name, system=data["system"])
    with tempfile.TemporaryDirectory(prefix="narrator-recall-") as tmp:
        campaign, memory, seqs, report.replaced_narrations = play(data, str(Path(tmp) / "session"))
        report.turns = len(seqs)
        try:
            memory.recall(campaign, "warm-up", None)
            for q in data["questions"]:
                wanted = [f"turn-{seqs[i]}" for i in q["answer_turns"]]
                started = time.perf_counter()
                got = [m.id for m in memory.recall(campaign, q["question"], q.get("asker"), k=5)]
                report.ms.append((time.perf_counter() - started) * 1000)
                prompt = memory.recall_for_prompt(campaign, q["question"], q.get("asker"))
                first = next((i for i, rid in enumerate(got, 1) if rid == wanted[0]), None)
                report.questions += 1
                report.recall.append(len(set(got) & set(wanted)) / len(wanted))
                report.ranks.append(first)
                report.in_prompt += f"(event {seqs[q['answer_turns'][0]]})" in prompt
                if first is None:
                    report.misses.append({"question": q["question"], "kind": q.get("kind"), "wanted": wanted,
                                          "got": got})
        finally:
            memory.close()
            campaign.close()
    return report


def session_records(path: Path) -> dict[str, Any]:
    """A session played into a throwaway campaign, as the recall embedder trains on it
    (``models/recall/train.py``): its memory's event records (``documents``: turns, tool calls, notes, in id order),
    its entity records (characters, items, places) and each question with the index of the document that answers it
    (the latest answer first). The documents do not depend on the embedder, so
    the session is played with the packaged model (a first training has no tuned file yet)."""
    data = load_session(path)
    with tempfile.TemporaryDirectory(prefix="narrator-recall-") as tmp:
        campaign, memory, seqs, _ = play(data, str(Path(tmp) / "session"), {"embedder": "minilm"})
        try:
            dump = memory.dump()
        finally:
            memory.close()
            campaign.close()
    ids = sorted(dump["events"])
    where = {rid: n for n, rid in enumerate(ids)}
    answers = [(q["question"], f"turn-{seqs[q['answer_turns'][0]]}") for q in data["questions"]]
    return {"file": path.name, "documents": [dump["events"][i][0] for i in ids],
            "entities": [dump["entities"][i][0] for i in sorted(dump["entities"])],
            "questions": [[q, where[rid]] for q, rid in answers if rid in where]}


def summary(reports: list[SessionReport]) -> dict[str, Any]:
    pooled = SessionReport(file="all", system="all", questions=sum(r.questions for r in reports),
                           recall=[x for r in reports for x in r.recall], ranks=[x for r in reports for x in r.ranks],
                           in_prompt=sum(r.in_prompt for r in reports))
    figures = pooled.figures()
    overall = {k: figures[k] for k in ("questions", "recall_at_5", "hit_at_5", "mrr", "reaches_prompt")}
    return {"overall": overall, "sessions": [r.figures() for r in reports]}
