"""``narrator turn`` (one full turn offline), ``narrator eval tools`` (measure the proposers) and ``narrator eval
guard`` (measure the provenance guard)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from narrator.memory.campaign import Campaign
from narrator.agent.setup import DEFAULT_PROPOSER, PROPOSERS, make_backend, make_proposer
from narrator.narration import STYLES
from narrator.tools.errors import UserError


def add_model_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--model", help="a .gguf path, or an embedded model: smollm2 (default), gemma3-270m")
    p.add_argument("--server", help="an OpenAI-compatible server URL instead of a local model")
    p.add_argument("--server-model", default="default", help="model name to send to the server")
    p.add_argument("--schema-mode", default="json_schema", choices=("json_schema", "json_object", "none"),
                   help="how the server takes JSON schemas (json_object for llama-cpp-python's server)")
    p.add_argument("--threads", type=int)
    p.add_argument("--ctx", type=int, default=4096)


def _backend(ns):
    return make_backend(ns.model, ns.server, ns.ctx, ns.threads, schema_mode=ns.schema_mode, server_model=ns.server_model)


def cmd_turn(ns):
    """One turn, played as the game plays it: a refusal or a question is printed (never a silent guess); when the
    words fit two rolls about equally, the choices are listed and ``--pick N`` plays one. The line is one action
    for ``narrator undo``."""
    from narrator.memory.actions import mark_action

    with Campaign.open(ns.campaign, ns.campaign_dir) as campaign:
        from narrator.agent.turn import Agent, choice_names

        backend = None if ns.no_narration else _backend(ns)
        memory = None
        if not ns.no_memory:
            from narrator.memory.vector import CampaignMemory

            memory = CampaignMemory.for_campaign(campaign, ns.memory_url)
        agent = Agent(campaign, backend, make_proposer(ns.proposer, backend), memory=memory, ask_between=True)
        actor = ns.actor or default_actor(campaign.state)
        text = " ".join(ns.text)
        since = campaign.store.last_seq()
        streamed: list[str] = []

        def on_text(piece: str) -> None:
            streamed.append(piece)
            if not ns.json:
                print(piece, end="", flush=True)

        outcome = agent.turn(text, actor=actor, on_text=on_text)
        choices = list(outcome.choices)
        if choices and ns.pick is not None:
            if not 1 <= ns.pick <= len(choices):
                mark_action(campaign, text, since, actor)
                raise UserError(f"--pick {ns.pick}: choose 1 to {len(choices)} ({outcome.question})")
            outcome = agent.choose(outcome, ns.pick - 1, on_text=on_text)
            choices = []
        mark_action(campaign, text, since, actor)
        if ns.json:
            print(json.dumps({"proposal": outcome.proposal.model_dump(mode="json") if outcome.proposal else None,
                              "mechanics": outcome.mechanics, "narration": outcome.narration,
                              "refusal": outcome.refusal or None,
                              "question": outcome.question if choices or outcome.question else None,
                              "choices": choice_names(choices),
                              "guard": outcome.guard.as_dict(), "error": outcome.error}, indent=2))
            return 0
        if choices:
            print(outcome.question)
            for i, name in enumerate(choice_names(choices), 1):
                print(f"  {i}. {name}")
            print(f"Nothing was rolled. Say it more precisely, or run the same line again with --pick 1 to "
                  f"--pick {len(choices)}.")
            return 0
        if not streamed and outcome.narration:
            print(("Refused: " if outcome.refusal else "") + outcome.narration)
        elif streamed:
            print()
        if outcome.mechanics:
            print(f"[{outcome.mechanics}]")
    return 0


def default_actor(state) -> str | None:
    """Whom a line speaks for by default: the player-character whose turn it is in a fight, else the first one."""
    pcs = [n for n, s in state.characters.items() if not s.get("npc")]
    current = state.initiative.current if state.initiative.active else None
    return current if current in pcs else next(iter(pcs), None)


DATA_DIR = Path(__file__).resolve().parents[2] / "tests" / "data"


def tool_sets(dev: bool = False, data_dir: Path | None = None) -> list[Path]:
    """Every system's held-out set (``*_tools_eval.jsonl``), or with ``dev`` its development set."""
    return sorted((data_dir or DATA_DIR).glob("*_tools_dev.jsonl" if dev else "*_tools_eval.jsonl"))


def eval_tools_report(files: list[Path], proposers: list[str], ns=None) -> dict:
    """One report per proposer over the pooled files (the model is loaded once, only when a proposer needs it)."""
    from narrator.agent.evaluate import evaluate

    backend = None
    reports = []
    try:
        for kind in proposers:
            if kind != "router" and backend is None:
                backend = _backend(ns)
            proposer = make_proposer(kind, backend)
            if ns is not None and getattr(ns, "admit", False):
                from narrator.agent.admit import Admitted

                proposer = Admitted(proposer)  # what a turn plays: the proposer, then the admission check
            reports.append(evaluate(files, proposer).as_dict())
    finally:
        close = getattr(backend, "close", None)
        if callable(close):
            close()
    return {"reports": reports}


def cmd_eval_writers(ns):
    """Train without one writer's file, score the router on it (:mod:`narrator.agent.cross_writer`)."""
    from narrator.agent.cross_writer import cross_writer, writer_files
    from narrator.tools.systems import all_systems, get_system

    systems = [get_system(s).name for s in ns.system] if ns.system else [s.name for s in all_systems()]
    figures = [f for s in systems if writer_files(s) for f in cross_writer(s)]
    if ns.json:
        print(json.dumps([{"system": f.system, "file": f.file, "n": f.n, "correct": f.correct,
                           "accuracy": f.accuracy,
                           "confusion": [{"expected": e, "got": g, "n": n}
                                         for (e, g), n in f.confusion.most_common(ns.confusion)]}
                          for f in figures], indent=2))
        return 0
    if not figures:
        print("no training files beside the main one (training/router_*_round*.jsonl) to hold out for: "
              + ", ".join(systems))
        return 0
    print("cross-writer: each file held out in turn, router trained on the rest; top label, before table context")
    for f in figures:
        print(f"  {f.system:<10} {f.file:<36} {f.correct:>4}/{f.n:<4} {f.accuracy:6.1%}")
        for (expected, got), n in f.confusion.most_common(ns.confusion):
            print(f"      {n:>3}  {expected} -> {got}")
    return 0


def cmd_eval_tools(ns):
    if ns.file:
        files, kind = [Path(ns.file)], "given file"
    else:
        files = tool_sets(ns.dev)
        kind = "development sets (*_tools_dev.jsonl, may be tuned against)" if ns.dev else \
            "held-out evaluation sets (*_tools_eval.jsonl, never tuned against)"
        if not files:
            print(f"no {kind} in {DATA_DIR}")
            return 2
    if getattr(ns, "long_names", False):
        import tempfile

        from narrator.agent.evaluate import with_long_names

        files = with_long_names(files, Path(tempfile.mkdtemp(prefix="narrator-long-names-")))
        kind += ", the NPCs renamed as play names them (Bored City Guard, Sly Old Innkeeper, Hungry Grey Wolf)"
    proposers = list(dict.fromkeys(ns.proposer or [DEFAULT_PROPOSER]))
    result = {"set": "dev" if ns.dev and not ns.file else "eval" if not ns.file else "file", "set_kind": kind,
              "files": [str(f) for f in files], **eval_tools_report(files, proposers, ns)}
    if not ns.file:
        from narrator.tools.systems import all_systems

        covered = {f.name.split("_tools_")[0] for f in files}
        result["systems_without_set"] = [s.name for s in all_systems() if s.name not in covered]
    if ns.json:
        if not ns.by_label:
            for r in result["reports"]:
                r.pop("by_label", None)
        if len(result["reports"]) == 1:  # one proposer: its figures at the top level too, as before
            result = {**result["reports"][0], **result}
        print(json.dumps(result, indent=2))
        return 0
    print(f"{kind}: {', '.join(f.name for f in files)}")
    if result.get("systems_without_set"):
        print(f"  no such set yet for: {', '.join(result['systems_without_set'])}")
    for report in result["reports"]:
        print(f"{report['proposer']}: accuracy {report['accuracy']:.1%}, tool accuracy {report['tool_accuracy']:.1%} "
              f"over {report['n']} lines; latency p50 {report['latency_ms']['p50']:.0f} ms, "
              f"p95 {report['latency_ms']['p95']:.0f} ms")
        print(f"  {'system':<12} {'lines':>6} {'tool+args':>10} {'tool':>8}")
        for system, figures in report["per_system"].items():
            print(f"  {system:<12} {figures['n']:>6} {figures['accuracy']:>10.1%} {figures['tool_accuracy']:>8.1%}")
        if ns.by_label:
            print(f"  {'expected label':<44} {'n':>4} {'right':>6}  misses became (most common first)")
            for lab, row in report["by_label"].items():
                became = ", ".join(f"{m['got']} ×{m['n']}" for m in row["misses"])
                print(f"  {lab:<44} {row['n']:>4} {row['right']:>6}  {became}")
        elif ns.misses:
            for miss in report["confusion"]:
                print(f"  {miss['file']}:{miss['line']}: {miss['input']!r} expected {miss['expected']} "
                      f"got {miss['got']}")
    return 0


def _stale_weights(reader) -> str:
    """A warning when the shipped weights were trained on other lines than the training files hold now."""
    from narrator.agent.claims_reader import data_fingerprint, load_rows, training_files

    meta = getattr(reader.encoder, "meta", {})
    if meta.get("fingerprint") in (None, data_fingerprint(load_rows(training_files()))):
        return ""
    return (f"note: the reader's weights were trained on {meta.get('lines')} other lines than the training files "
            "hold now; retrain with python -m narrator.models.claims.train")


def cmd_eval_claims(ns):
    """The claims reader on a labelled set: claims missed (read as fiction), fiction flagged, per family."""
    from narrator.agent.claims_eval import NO_SET, claim_sets, evaluate_claims
    from narrator.agent.claims_reader import ClaimsReader

    files = [Path(ns.file)] if ns.file else claim_sets(ns.dev)
    if not files:
        print(NO_SET)
        return 2
    reader = ClaimsReader()
    report = evaluate_claims(files, reader).as_dict()
    kind = "given file" if ns.file else "development set" if ns.dev else "held-out set (never tuned against)"
    stale = _stale_weights(reader)
    if stale:
        print(stale, file=sys.stderr)
    if ns.json:
        report["set"] = kind
        report["misses"] = report["misses"][:ns.misses] if ns.misses else []
        print(json.dumps(report, indent=2))
        return 0
    print(f"claims reader, {kind}: {', '.join(f.name for f in files)} — {report['n']} sentences, "
          f"{report['ms_per_sentence_p50']:.1f} ms a sentence, {report['ms_per_narration_p50']:.1f} ms a narration of three")
    print(f"  claims missed {report['claims_missed']:.1%} of {report['claims']} (implicit {report['implicit_missed']:.1%} "
          f"of {report['implicit']}; read wholly as fiction {report['read_as_fiction']:.1%}); fiction flagged "
          f"{report['fiction_flagged']:.1%} of {report['fiction']}")
    print(f"  {'family':<10} {'accuracy':>9} {'claims':>7} {'missed':>7} {'false':>7}")
    for family, f in report["families"].items():
        print(f"  {family:<10} {f['accuracy']:>9.1%} {f['claims']:>7} {f['claims_missed']:>7.1%} {f['false_claims']:>7.1%}")
    for miss in report["misses"][:ns.misses]:
        print(f"  {miss['sentence']!r}: expected {miss['expected'] or 'fiction'}, read {miss['read'] or 'fiction'}")
    return 0


def cmd_eval_guard(ns):
    """A guard set (FILE, with contexts.json beside it), or without one the claims sets of every system judged on
    real turns, per label family (:mod:`narrator.agent.claims_guard_eval`)."""
    if not ns.file:
        return _eval_claims_guard(ns)
    from narrator.agent.guard_eval import evaluate_guard

    report = evaluate_guard(ns.file, ns.contexts).as_dict()
    if ns.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"{report['n']} sentences: mechanical claims kept {report['mechanical_kept']} of "
          f"{report['mechanical_claims']} ({report['mechanical_kept_rate']:.1%}); harmless removed "
          f"{report['harmless_removed']} of {report['harmless']} ({report['harmless_removed_rate']:.1%}); "
          f"engine-backed removed {report['engine_backed_removed']} of {report['engine_backed']}")
    families = {f: v for f, v in report["per_family"].items() if v["claims"]}
    print("  claims kept per label family: " + ", ".join(f"{f} {v['kept']} of {v['claims']}"
                                                       for f, v in families.items()))
    for kind, figures in report["per_kind"].items():
        print(f"  {kind}: {figures['n'] - figures['wrong']} of {figures['n']} right")
    for miss in report["mistakes"][:ns.mistakes]:
        got = "removed" if miss["expected"] == "keep" else "kept"
        why = f" ({miss['reason']})" if miss["reason"] else ""
        print(f"  line {miss['line']} [{miss['kind']}] {got}: {miss['sentence']!r}{why}")
    return 0


def _eval_claims_guard(ns):
    from narrator.agent.claims_eval import NO_SET, claim_sets
    from narrator.agent.claims_guard_eval import evaluate_claims_guard

    files = claim_sets(ns.dev)
    if not files:
        print(NO_SET)
        return 2
    report = evaluate_claims_guard(files).as_dict()
    kind = "development set" if ns.dev else "held-out set (never tuned against)"
    if ns.json:
        report["set"] = kind
        report["mistakes"] = report["mistakes"][:ns.mistakes]
        print(json.dumps(report, indent=2))
        return 0
    print(f"guard on the claims {kind} ({files[0].name}), five turns in each of "
          f"{len(report['systems'])} systems: {report['judged']} judgements")
    print(f"  contradicting claims kept {report['kept']} of {report['contradictions']} ({report['kept_rate']:.1%}; "
          f"implicit {report['implicit_kept_rate']:.1%} of {report['implicit']}); honest removed "
          f"{report['honest_removed']} of {report['honest']} ({report['honest_removed_rate']:.1%}; fiction "
          f"{report['fiction_removed_rate']:.1%} of {report['fiction']})")
    print(f"  {'family':<10} {'contradictions':>14} {'kept':>7}")
    for family, f in report["families"].items():
        print(f"  {family:<10} {f['n']:>14} {f['kept_rate']:>7.1%}")
    print(f"  {'system':<10} {'kept':>7} {'honest removed':>15}")
    for system, f in report["systems"].items():
        print(f"  {system:<10} {f['kept_rate']:>7.1%} {f['honest_removed_rate']:>15.1%}")
    for miss in report["mistakes"][:ns.mistakes]:
        got = "removed" if miss["expected"] == "keep" else "kept"
        why = f" ({miss['reason']})" if miss["reason"] else f" (contradicts: {', '.join(miss['families'])})"
        print(f"  [{miss['system']}/{miss['turn']}] {got}: {miss['sentence']!r}{why}")
    return 0


def cmd_eval_narration(ns):
    from narrator.narration.evaluate import dump_markdown, evaluate

    backend = None if ns.no_model else _backend(ns)
    try:
        result = evaluate(ns.file, backend, style=ns.style, samples=10**6 if ns.dump else 8)
        report = result.as_dict()
        if ns.dump:
            Path(ns.dump).write_text(dump_markdown(result.samples), encoding="utf-8")
    finally:
        close = getattr(backend, "close", None)
        if callable(close):
            close()
    if ns.json:
        print(json.dumps(report, indent=2, ensure_ascii=False))
        return 0
    print(f"{report['model']}: {report['turns']} turns, {report['candidates']} candidates; shown narrations passing "
          f"the gate {report['shown_pass_all']:.1%}; from the model {report['from_model']:.1%}, from the floor "
          f"{report['from_floor']:.1%}; consecutive repeats {report['consecutive_repeats']}; turn latency p50 "
          f"{report['latency_ms']['p50'] / 1000:.2f} s, p95 {report['latency_ms']['p95'] / 1000:.2f} s")
    print(f"  {'check':<12} {'candidates':>10} {'shown':>8}")
    for check, share in report["candidates_pass"].items():
        print(f"  {check:<12} {share:>10.1%} {report['shown_pass'][check]:>8.1%}")
    print(f"  {'all':<12} {report['candidates_pass_all']:>10.1%} {report['shown_pass_all']:>8.1%}")
    if report["questions_not_counted"]:
        print(f"  ({report['questions_not_counted']} turns were answered with a question and are not counted)")
    return 0


def cmd_eval_topic(ns):
    from narrator.narration.evaluate import topic_report

    report = topic_report(ns.file)
    if ns.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"{report['file']}: {report['n']} labelled narrations; at threshold {report['threshold']:.2f} accuracy "
          f"{report['accuracy']:.1%}, on-topic kept {report['on_topic_kept']:.1%}, off-topic refused "
          f"{report['off_topic_refused']:.1%}; this file would calibrate the threshold to "
          f"{report['calibrated_threshold']:.2f}")
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("turn", help="play one turn in a campaign (offline, with the embedded model by default)")
    p.add_argument("text", nargs="+")
    p.add_argument("--campaign", "-c", required=True)
    p.add_argument("--actor", help="who the player speaks for (default: the player character whose turn it is, "
                                   "else the first one)")
    p.add_argument("--pick", type=int, help="when the words fit several rolls and the turn asks, play choice N")
    p.add_argument("--proposer", choices=PROPOSERS, default=DEFAULT_PROPOSER)
    p.add_argument("--no-narration", action="store_true", help="engine only: no model is loaded")
    p.add_argument("--no-memory", action="store_true", help="do not read or write the campaign memory")
    p.add_argument("--memory-url", help="a Chroma server http://HOST:PORT instead of the campaign's own store")
    p.add_argument("--json", action="store_true")
    add_model_options(p)
    p.set_defaults(func=cmd_turn)

    ev = sub.add_parser("eval", help="measure parts of the agent")
    esub = ev.add_subparsers(dest="what", required=True)
    p = esub.add_parser("tools", help="tool-choice accuracy per system and proposer (default: every held-out set)")
    p.add_argument("file", nargs="?", help="one JSONL file (default: every tests/data/*_tools_eval.jsonl)")
    p.add_argument("--dev", action="store_true", help="the development sets (*_tools_dev.jsonl) instead")
    p.add_argument("--admit", action="store_true", help="measure the proposer followed by the admission check "
                                                        "(what a turn plays: narrator.agent.admit)")
    p.add_argument("--proposer", choices=PROPOSERS, action="append",
                   help="repeat to compare proposers (default: router; the model is loaded only when asked)")
    p.add_argument("--long-names", action="store_true", help="the same lines with the table's NPCs named as an NPC "
                                                             "tool names them (several words: 'Bored City Guard')")
    p.add_argument("--by-label", action="store_true", help="a per-label confusion table")
    p.add_argument("--misses", action="store_true", help="list every missed line")
    p.add_argument("--json", action="store_true")
    add_model_options(p)
    p.set_defaults(func=cmd_eval_tools)
    p = esub.add_parser("writers", help="cross-writer accuracy: each extra training file held out in turn (no eval data)")
    p.add_argument("--system", action="append", help="repeat for several (default: every system with such files)")
    p.add_argument("--confusion", type=int, default=0, metavar="N", help="the N most common confusions per file")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_eval_writers)
    p = esub.add_parser("claims", help="the claims reader per label family (default: the held-out set)")
    p.add_argument("file", nargs="?", help="a labelled JSONL file (prompts/common/claims_labels.md)")
    p.add_argument("--dev", action="store_true", help="the development set (tests/data/claims_dev.jsonl) instead")
    p.add_argument("--misses", type=int, default=0, help="list this many misses")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_eval_claims)
    p = esub.add_parser("guard", help="provenance-guard figures per label family: the claims sets of every "
                                      "system on real turns (default: held-out), or a guard set FILE")
    p.add_argument("file", nargs="?", help="a guard set (JSONL, contexts.json beside it)")
    p.add_argument("--dev", action="store_true", help="without FILE: the development claims set instead")
    p.add_argument("--contexts", help="the contexts file (default: contexts.json in the set's folder)")
    p.add_argument("--mistakes", type=int, default=1000, help="list at most this many mistakes")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_eval_guard)
    p = esub.add_parser("narration", help="the narration gate, model share and latency on seeded turns (JSONL)")
    p.add_argument("file")
    p.add_argument("--style", choices=STYLES, default="auto",
                   help="auto: fitted to the model; engine: the engine's sentence alone; colour: then the model's; "
                   "completion/chat: the model's whole narration in that prompt shape")
    p.add_argument("--json", action="store_true")
    p.add_argument("--dump", metavar="OUT.md", help="write every turn as a player reads it (action, mechanics line, "
                   "narration) for blind readers")
    p.add_argument("--no-model", action="store_true", help="no model: every narration is the engine's own")
    add_model_options(p)
    p.set_defaults(func=cmd_eval_narration)
    p = esub.add_parser("topic", help="the gate's on-topic check on labelled narrations (JSONL)")
    p.add_argument("file")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_eval_topic)
