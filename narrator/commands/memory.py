"""``narrator memory search|show|rebuild``, ``narrator rules QUESTION`` and ``narrator eval memory FILE``.

The memory commands open the campaign (which catches its memory up with the log); ``rules`` needs no campaign
(its index lives in the user cache); ``eval memory`` measures recall on a JSONL development set.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict
from pathlib import Path

from narrator.memory.campaign import Campaign


def _memory(ns: argparse.Namespace, campaign: Campaign):
    from narrator.memory.vector import CampaignMemory

    return CampaignMemory.for_campaign(campaign, ns.memory_url)


def cmd_search(ns: argparse.Namespace) -> int:
    with Campaign.open(ns.campaign, ns.campaign_dir) as campaign:
        memory = _memory(ns, campaign)
        try:
            found = memory.recall(campaign, ns.query, ns.actor, ns.k)
        finally:
            memory.close()
    if ns.json:
        print(json.dumps([{"id": m.id, "kind": m.kind, "score": m.score, "similarity": m.similarity, "text": m.text,
                           "metadata": m.metadata} for m in found], indent=2, ensure_ascii=False))
        return 0
    if not found:
        print("Nothing remembered yet.")
    for m in found:
        print(f"{m.score:.3f}  {m.id:<24} {m.line()}")
    return 0


def cmd_show(ns: argparse.Namespace) -> int:
    from narrator.memory.errors import MemoryStoreError
    from narrator.tools.systems import get_system

    with Campaign.open(ns.campaign, ns.campaign_dir) as campaign:
        memory = _memory(ns, campaign)
        try:
            found = memory.entity(ns.entity)
            if found is None:
                raise MemoryStoreError(f"The memory of '{campaign.name}' holds no entities yet")
            name = str(found.metadata.get("owner") or found.metadata.get("name") or ns.entity)
            events = memory.mentions(name, ns.k)
        finally:
            memory.close()
        sheet = campaign.state.characters.get(name) if found.kind in ("character", "item") else None
        if ns.json:
            print(json.dumps({"entity": {"id": found.id, "kind": found.kind, "text": found.text,
                                         "metadata": found.metadata}, "sheet": sheet,
                              "events": [{"id": m.id, "text": m.text} for m in events]}, indent=2, ensure_ascii=False))
            return 0
        exact = "" if found.score >= 1.0 else f" (closest match, similarity {found.similarity:.2f})"
        print(f"{found.id}{exact}")
        print(f"  {found.text}")
        aliases = found.metadata.get("aliases")
        if aliases:
            print(f"  aliases: {', '.join(aliases)}")
        print(f"  state record: {found.metadata.get('record', '—')}")
        if sheet is not None:
            print("\n" + get_system(campaign.system).sheet_text(sheet))
    if events:
        print(f"\nLatest events naming {name}:")
        for m in events:
            print(f"  {m.line()}")
    return 0


def cmd_rebuild(ns: argparse.Namespace) -> int:
    with Campaign.open(ns.campaign, ns.campaign_dir) as campaign:
        memory = _memory(ns, campaign)
        try:
            memory.rebuild(campaign)
            counts = {k: len(v) for k, v in memory.dump().items()}
            events = campaign.store.last_seq()
        finally:
            memory.close()
    print(f"Rebuilt the memory of '{ns.campaign}' from its {events} events: "
          f"{counts['events']} event memories, {counts['entities']} entities")
    return 0


def cmd_rules(ns: argparse.Namespace) -> int:
    from narrator.memory.vector import rulings

    answer = rulings(ns.question, ns.system, ns.k)
    if ns.json:
        print(json.dumps({"question": answer.question, "citations": answer.citations,
                          "passages": [asdict(p) for p in answer.passages],
                          "worked": asdict(answer.worked) if answer.worked else None}, indent=2, ensure_ascii=False))
        return 0
    print(answer.render(), end="")
    return 0


def cmd_eval_memory(ns: argparse.Namespace) -> int:
    from narrator.memory.evaluate import evaluate

    report = evaluate(ns.file, ns.k)
    if ns.json:
        print(json.dumps(report, indent=2, ensure_ascii=False))
        return 0
    print(f"recall@{report['k']} {report['recall_at_k']:.1%} (hit rate {report['hit_rate']:.1%}, MRR {report['mrr']:.3f}) "
          f"over {report['questions']} questions and {report['memories']} memories; query latency "
          f"p50 {report['latency_ms']['p50']:.1f} ms, p95 {report['latency_ms']['p95']:.1f} ms")
    for miss in report["misses"]:
        print(f"  line {miss['line']}: {miss['question']!r} expected {miss['expected']} got {miss['got']}")
    return 0


def cmd_eval_recall(ns: argparse.Namespace) -> int:
    from narrator.agent.recall_eval import evaluate_session, session_records, summary

    if ns.records:
        with open(ns.records, "w", encoding="utf-8") as out:
            for f in ns.files:
                out.write(json.dumps(session_records(Path(f)), ensure_ascii=False) + "\n")
        print(f"wrote the records of {len(ns.files)} sessions to {ns.records}")
        return 0
    reports = [evaluate_session(Path(f)) for f in ns.files]
    result = summary(reports)
    if ns.json:
        result["misses"] = {r.file: r.misses for r in reports}
        print(json.dumps(result, indent=2, ensure_ascii=False))
        return 0
    o = result["overall"]
    print(f"recall@5 {o['recall_at_5']:.1%} (hit@5 {o['hit_at_5']:.1%}, MRR {o['mrr']:.3f}; the answer reaches the "
          f"narration prompt {o['reaches_prompt']:.1%}) over {o['questions']} questions")
    for row in result["sessions"]:
        print(f"  {row['file']:<24} {row['system']:<9} recall@5 {row['recall_at_5']:.1%}  hit@5 {row['hit_at_5']:.1%}"
              f"  MRR {row['mrr']:.3f}  prompt {row['reaches_prompt']:.1%}  ({row['turns']} turns, "
              f"{row['narrations_not_shown']} narrations not shown as written; query p50 {row['query_ms_p50']} ms)")
    for r in reports:
        for miss in r.misses[: ns.misses]:
            print(f"  miss [{r.file}] {miss['question']!r} ({miss['kind']}) wanted {miss['wanted'][0]} got {miss['got']}")
    return 0


def _eval_subparsers(sub: argparse._SubParsersAction) -> argparse._SubParsersAction:
    """The ``eval`` command's subcommands (``narrator.commands.agent`` creates ``eval``; made here if absent)."""
    ev = sub.choices.get("eval") or sub.add_parser("eval", help="measure parts of the agent")
    for action in ev._actions:
        if isinstance(action, argparse._SubParsersAction):
            return action
    return ev.add_subparsers(dest="what", required=True)


def register(sub: argparse._SubParsersAction) -> None:
    m = sub.add_parser("memory", help="search, inspect or rebuild a campaign's memory")
    msub = m.add_subparsers(dest="memory_command", required=True)
    for name, fn, help_ in (("search", cmd_search, "the memories most relevant to a question"),
                            ("show", cmd_show, "what the memory holds about a character, place or item"),
                            ("rebuild", cmd_rebuild, "recreate the memory from the event log (loses nothing)")):
        p = msub.add_parser(name, help=help_)
        if name == "search":
            p.add_argument("query")
            p.add_argument("--actor", help="who is asking (their memories rank a little higher)")
        elif name == "show":
            p.add_argument("entity")
        p.add_argument("--campaign", "-c", required=True)
        p.add_argument("--k", type=int, default=5, help="how many memories (search) or events (show)")
        p.add_argument("--memory-url", help="a Chroma server http://HOST:PORT instead of the campaign's own store")
        p.add_argument("--json", action="store_true")
        p.set_defaults(func=fn)

    r = sub.add_parser("rules", help="rulebook passages (with citations) and a worked example for a question")
    r.add_argument("question")
    r.add_argument("--system", help="only this system's rulebook (one of: narrator tools --systems)")
    r.add_argument("--k", type=int, default=3)
    r.add_argument("--json", action="store_true")
    r.set_defaults(func=cmd_rules)

    e = _eval_subparsers(sub).add_parser("memory", help="recall@k and latency of the memory on a JSONL file")
    e.add_argument("file")
    e.add_argument("--k", type=int, default=5)
    e.add_argument("--json", action="store_true")
    e.set_defaults(func=cmd_eval_memory)

    e = _eval_subparsers(sub).add_parser("recall", help="recall@5, MRR and prompt reach on sessions played with "
                                         "memory on (tests/data/memory_sessions/*.json)")
    e.add_argument("files", nargs="+")
    e.add_argument("--misses", type=int, default=0, help="list up to N missed questions per session")
    e.add_argument("--json", action="store_true")
    e.add_argument("--records", metavar="OUT", help="instead of measuring, write each session's memory records and "
                   "questions (JSONL) for training the recall embedder (python -m narrator.models.recall.train)")
    e.set_defaults(func=cmd_eval_recall)
