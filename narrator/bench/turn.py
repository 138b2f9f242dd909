"""A turn in process: engine only (router proposal → tool → event log, no model), and with the embedded model
(proposal, engine, time to the first narrated token, tokens/s, beside raw llama-cpp-python on the same prompt).

The campaign is the default system's, built through the contract (random character, an NPC, zones), so the
bench names no system. Time to first token at a late turn: the turns before it are played engine-only (no model),
which grows the log and the context the narration reads, and is what a long session leaves behind.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from typing import Any

ACTIONS = ["I sneak past the guard", "I listen at the door", "I pick the lock", "I greet the innkeeper",
           "I climb the wall", "I try to recall the legend of the tower", "I search the room", "I bribe the guard"]


def new_campaign(root: str, system_name: str | None = None):
    from narrator.memory.campaign import Campaign
    from narrator.tools.systems import default_system, get_system

    system = get_system(system_name) if system_name else default_system()
    c = Campaign.new("bench", system.name, seed=1, root=root)
    c.call(system.random_character_tool, {"name": "Aria"})
    c.call(system.npc_tool, system.npc_args("town guard", 2, "Guard"))
    c.call("table_set_zones", {"zones": ["inn", "street", "tower"]})
    c.call("table_set_scene", {"text": "A quiet inn at the edge of town."})
    return c


class TimedProposer:
    def __init__(self, inner):
        self.inner, self.name = inner, inner.name
        self.seconds: list[float] = []

    def propose(self, *args, **kwargs):
        started = time.perf_counter()
        try:
            return self.inner.propose(*args, **kwargs)
        finally:
            self.seconds.append(time.perf_counter() - started)


class TimedBackend:
    """Records each stream: when it started, its first chunk, its last, how many chunks (≈ tokens), the prompt."""

    def __init__(self, inner):
        self.inner, self.name, self.supports_json_schema = inner, inner.name, inner.supports_json_schema
        self.streams: list[dict[str, Any]] = []

    def __getattr__(self, item):
        return getattr(self.inner, item)

    def complete(self, messages, settings):
        return "".join(self.stream(messages, settings))

    def _timed(self, chunks, prompt, settings):
        rec = {"start": time.perf_counter(), "first": None, "end": None, "chunks": 0, "prompt": prompt,
               "settings": settings}
        self.streams.append(rec)
        for chunk in chunks:
            if rec["first"] is None:
                rec["first"] = time.perf_counter()
            rec["chunks"] += 1
            yield chunk
        rec["end"] = time.perf_counter()

    def stream(self, messages, settings):
        from narrator.models.llama import plain_prompt

        return self._timed(self.inner.stream(messages, settings), plain_prompt(list(messages)), settings)

    def stream_text(self, prompt, settings, **options):
        return self._timed(self.inner.stream_text(prompt, settings, **options), prompt, settings)


def bench_engine_turn(repeat: int = 30, system_name: str | None = None) -> dict[str, Any]:
    """Engine-only turns: median ms of the whole turn and of its proposal."""
    from narrator.agent.router import RouterProposer
    from narrator.agent.turn import Agent

    with tempfile.TemporaryDirectory(prefix="narrator-bench-") as root:
        with new_campaign(root, system_name) as c:
            proposer = TimedProposer(RouterProposer())
            agent = Agent(c, None, proposer)
            agent.turn(ACTIONS[0], actor="Aria")  # warm the router's caches
            proposer.seconds.clear()
            totals = []
            for i in range(repeat):
                started = time.perf_counter()
                agent.turn(ACTIONS[i % len(ACTIONS)], actor="Aria")
                totals.append(time.perf_counter() - started)
            system = c.state.system
    total = statistics.median(totals) * 1000
    proposal = statistics.median(proposer.seconds) * 1000
    return {"system": system, "turns": repeat, "turn_ms": round(total, 3), "proposal_ms": round(proposal, 3),
            "engine_and_log_ms": round(statistics.median(t - p for t, p in zip(totals, proposer.seconds)) * 1000, 3)}


def _stream_figures(streams: list[dict[str, Any]]) -> tuple[float, int, float]:
    """(seconds of generation after each first token, chunks after the first, tokens/s)."""
    seconds = sum((s["end"] or s["first"]) - s["first"] for s in streams if s["first"] is not None)
    tokens = sum(max(0, s["chunks"] - 1) for s in streams)
    return seconds, tokens, (tokens / seconds if seconds > 0 else 0.0)


def raw_tokens_per_s(llm, prompt: str, settings, repeat: int) -> dict[str, Any]:
    """llama-cpp-python alone, streaming a completion of the same prompt with the same sampling settings."""
    rates, firsts = [], []
    for _ in range(repeat):
        started = time.perf_counter()
        first = None
        n = 0
        for _chunk in llm.create_completion(prompt, stream=True, max_tokens=settings.max_tokens,
                                            temperature=settings.temperature, top_p=settings.top_p,
                                            seed=settings.seed, stop=list(settings.stop) or None):
            if first is None:
                first = time.perf_counter()
            n += 1
        end = time.perf_counter()
        if first is not None and n > 1 and end > first:
            rates.append((n - 1) / (end - first))
            firsts.append(first - started)
    return {"tokens_per_s": round(statistics.median(rates), 1) if rates else None,
            "first_token_ms": round(statistics.median(firsts) * 1000, 1) if firsts else None}


def bench_model_turn(repeat: int = 5, late_turn: int = 200, model: str | None = None,
                     threads: int | None = None) -> dict[str, Any]:
    """Narrated turns with the embedded model: the split, raw llama-cpp-python beside it, first token early/late."""
    from narrator.agent.router import RouterProposer
    from narrator.agent.setup import make_backend
    from narrator.agent.turn import Agent

    backend = TimedBackend(make_backend(model, threads=threads, progress=lambda f: None))
    try:
        with tempfile.TemporaryDirectory(prefix="narrator-bench-") as root:
            with new_campaign(root) as c:
                proposer = TimedProposer(RouterProposer())
                agent = Agent(c, backend, proposer, narration_style="colour")  # the model writes (a small one's default
                turns = []  # is the engine's sentence alone, narrator.narration.candidates)
                for i in range(repeat + 1):  # the first turn loads the narrator and fills the cache: timed, kept apart
                    backend.streams.clear()
                    proposer.seconds.clear()
                    started = time.perf_counter()
                    agent.turn(ACTIONS[i % len(ACTIONS)], actor="Aria")
                    total = time.perf_counter() - started
                    streams = list(backend.streams)
                    narr_start = streams[0]["start"] if streams else started + total
                    first = next((s["first"] for s in streams if s["first"] is not None), None)
                    gen_s, tokens, tps = _stream_figures(streams)
                    turns.append({"total_s": total, "proposal_s": proposer.seconds[0] if proposer.seconds else 0.0,
                                  "engine_s": max(0.0, narr_start - started - (proposer.seconds[0] if proposer.seconds else 0.0)),
                                  "first_token_s": (first - started) if first else None,
                                  "streams": len(streams), "tokens": tokens, "tps": tps,
                                  "prompt": streams[-1]["prompt"] if streams else None,
                                  "settings": streams[-1]["settings"] if streams else None})
                first_turn = turns[0]
                steady = turns[1:]
                med = lambda key: statistics.median(t[key] for t in steady if t[key] is not None)  # noqa: E731
                last = next((t for t in reversed(steady) if t["prompt"]), None)
                raw = raw_tokens_per_s(backend.inner.llm, last["prompt"], last["settings"], repeat) if last else {}
                narr_tps = med("tps")
                # the late turn: engine-only turns up to it, then one narrated turn
                quiet = Agent(c, None, RouterProposer())
                for i in range(len(turns), late_turn - 1):
                    quiet.turn(ACTIONS[i % len(ACTIONS)], actor="Aria")
                late = []
                for i in range(max(1, repeat // 2)):
                    backend.streams.clear()
                    started = time.perf_counter()
                    agent.turn(ACTIONS[i % len(ACTIONS)], actor="Aria")
                    first = next((s["first"] for s in backend.streams if s["first"] is not None), None)
                    if first:
                        late.append(first - started)
                    quiet.turn(ACTIONS[(i + 1) % len(ACTIONS)], actor="Aria")
                events = c.store.last_seq()
        early_ttft = first_turn["first_token_s"]
        early2 = turns[1]["first_token_s"] if len(turns) > 1 else None
        late_ttft = statistics.median(late) if late else None
        return {
            "model": backend.name, "turns": repeat,
            "turn_s": round(med("total_s"), 3), "proposal_ms": round(med("proposal_s") * 1000, 2),
            "engine_ms": round(med("engine_s") * 1000, 2),
            "first_token_ms": round(med("first_token_s") * 1000, 1),
            "candidates_per_turn": statistics.median(t["streams"] for t in steady),
            "narration_tokens_per_s": round(narr_tps, 1),
            "raw_llama_cpp": raw,
            "tokens_per_s_ratio": round(narr_tps / raw["tokens_per_s"], 3) if raw.get("tokens_per_s") else None,
            "first_token_turn1_ms": round(early_ttft * 1000, 1) if early_ttft else None,
            "first_token_turn2_ms": round(early2 * 1000, 1) if early2 else None,
            "late_turn": late_turn, "first_token_late_ms": round(late_ttft * 1000, 1) if late_ttft else None,
            "late_vs_turn2": round(late_ttft / early2, 2) if late_ttft and early2 else None,
            "events_at_end": events,
        }
    finally:
        close = getattr(backend.inner, "close", None)
        if callable(close):
            close()
