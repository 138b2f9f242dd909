"""Time to the first narrated token, turn after turn, with the embedded model (not run by the tests).

The narration prompt keeps a stable prefix (the system prompt) so llama.cpp reuses its KV cache; this measures
whether the first token's latency stays flat as the session grows. Prints one JSON object.

    python benchmarks/turn_latency.py [--turns 12] [--threads 2] [--model smollm2]
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time

from memory.campaign import Campaign
from narrator.agent.router import RouterProposer
from narrator.agent.setup import make_backend
from narrator.agent.turn import Agent

ACTIONS = ["I sneak past the guard", "I listen at the door", "I pick the lock", "I greet the innkeeper",
           "I climb the wall", "I try to recall the legend of the tower", "I search the room", "I bribe the guard"]


class FirstToken:
    """Wraps a backend to record when each stream yields its first token."""

    def __init__(self, inner):
        self.inner, self.name, self.supports_json_schema = inner, inner.name, inner.supports_json_schema
        self.marks: list[float] = []

    def complete(self, messages, settings):
        return self.inner.complete(messages, settings)

    def stream(self, messages, settings):
        first = True
        for chunk in self.inner.stream(messages, settings):
            if first:
                self.marks.append(time.perf_counter())
                first = False
            yield chunk


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--turns", type=int, default=12)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--model", default=None)
    ns = ap.parse_args()
    backend = FirstToken(make_backend(ns.model, threads=ns.threads, progress=lambda f: None))
    root = tempfile.mkdtemp()
    with Campaign.new("bench", "minim", seed=1, root=root) as c:
        c.call("minim_add_random_character", {"name": "Aria"})
        c.call("minim_add_npc", {"name": "Guard", "concept": "town guard", "tier": 3})
        c.call("table_set_scene", {"text": "A quiet inn at the edge of town."})
        agent = Agent(c, backend, RouterProposer())
        ttft, totals, tokens = [], [], []
        for i in range(ns.turns):
            first: list[float] = []
            start = time.perf_counter()
            backend.marks.clear()
            out = agent.turn(ACTIONS[i % len(ACTIONS)], actor="Aria",
                             on_text=lambda t: first.append(time.perf_counter()) if not first else None)
            totals.append(time.perf_counter() - start)
            ttft.append((backend.marks[0] - start) if backend.marks else totals[-1])
            tokens.append(len(out.narration.split()))
    print(json.dumps({
        "model": backend.name, "threads": ns.threads, "turns": ns.turns,
        "first_token_s": [round(t, 3) for t in ttft],
        "first_token_s_first3_mean": round(statistics.fmean(ttft[:3]), 3),
        "first_token_s_last3_mean": round(statistics.fmean(ttft[-3:]), 3),
        "turn_s_median": round(statistics.median(totals), 3),
    }))


if __name__ == "__main__":
    main()
