"""The real embedded default model (through LlamaCppBackend, 2 threads) on a short seeded script: every narration
a player is shown passes the gate, none repeats the one before, and the campaign replays. Timings are printed,
never asserted."""

from __future__ import annotations

import time

import pytest

from narrator.memory.campaign import Campaign
from narrator.models.embedded import DEFAULT, embedded_model_path
from narrator.models.llama import LlamaCppBackend
from narrator.agent.router import RouterProposer
from narrator.agent.turn import Agent
from narrator.narration.gate import GateContext, gate

pytestmark = pytest.mark.slow

SCRIPT = ["I look around the docks", "I sneak past the watchman", "I pick the lock of the warehouse door",
          "I search the crates for the missing cargo", "I attack the dockhand", "I catch my breath"]


@pytest.fixture(scope="module")
def model():
    backend = LlamaCppBackend(embedded_model_path(DEFAULT), n_ctx=2048, n_threads=2)
    yield backend
    backend.close()


def test_every_shown_narration_passes_the_gate(model, tmp_path):
    with Campaign.new("Real narration", "minim", seed=123, root=tmp_path) as c:
        c.call("minim_add_random_character", {"name": "Kit", "concept": "a smuggler"})
        c.call("minim_add_npc", {"name": "Dockhand", "concept": "a dockhand", "tier": 2})
        c.call("story_scene", {"kind": "opening"})
        agent = Agent(c, model, RouterProposer())
        shown, seconds = [], []
        for line in SCRIPT:
            started = time.perf_counter()
            out = agent.turn(line, actor="Kit")
            seconds.append(time.perf_counter() - started)
            if out.question:
                continue
            shown.append(out.narration)
            assert out.gate["shown"]["passed"], out.gate
            again = gate(out.narration, agent.evidence(out),
                         GateContext(action=line, scene=c.state.scene, names=tuple(c.state.story.people)))
            assert again.passed, again.as_dict()
        assert len(shown) >= 4
        assert all(a.strip() != b.strip() for a, b in zip(shown, shown[1:]))
        assert c.replay().ok
        sources = [e.payload["gate"]["source"] for e in c.events() if e.kind == "narration" and e.payload.get("gate")]
        print(f"\nturn seconds: {[round(s, 2) for s in seconds]}; sources: {sources}")
        for text in shown:
            print("  " + text)
