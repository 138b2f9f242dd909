"""Real parts: the embedded GGUF narrates a seeded turn and proposes under a grammar; `narrator turn` runs a full
turn offline from the command line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from narrator.models.embedded import embedded_model_path
from narrator.models.llama import LlamaCppBackend
from narrator.agent.llm_proposer import LLMProposer
from narrator.agent.router import RouterProposer
from narrator.agent.turn import Agent

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def smollm():
    backend = LlamaCppBackend(embedded_model_path("smollm2"), n_ctx=2048, n_threads=2)
    yield backend
    backend.close()


def test_embedded_model_narrates_a_seeded_turn(smollm, campaign):
    agent = Agent(campaign, smollm, RouterProposer())
    streamed: list[str] = []
    out = agent.turn("I sneak past the guard", actor="Aria", on_text=streamed.append)
    assert out.results and out.results[0][0] == "minim_check"
    assert out.narration.strip() and "".join(streamed).strip() == out.narration.strip()
    logged = [e for e in campaign.events() if e.kind == "tool_call"][-1]
    assert logged.payload["tool"] == "minim_check"
    narration = campaign.events()[-1]
    assert narration.kind == "narration" and "guard" in narration.payload
    assert campaign.replay().ok


def test_grammar_constrained_proposal_parses_and_validates(smollm, campaign):
    proposer = LLMProposer(smollm)  # no fallback: a failure would show as clarify
    p = proposer.propose("I sneak past the guard", campaign.state, "Aria")
    assert p.source in ("llm", "llm+repair"), proposer.last_attempts
    json.loads(proposer.last_attempts[-1])  # the grammar made it JSON


def test_narrator_turn_command_offline(tmp_path):
    env = {**os.environ, "NARRATOR_HOME": str(tmp_path)}
    exe = str(Path(sys.executable).parent / "narrator")
    for argv in (["campaign", "new", "Demo", "--seed", "11"], ["character", "random", "Aria", "-c", "Demo"],
                 ["npc", "new", "a sleepy town guard", "--name", "Guard", "-c", "Demo"]):
        subprocess.run([exe, *argv], env=env, check=True, capture_output=True, timeout=120)
    proc = subprocess.run([exe, "turn", "-c", "Demo", "--threads", "2", "--json", "I sneak past the guard"],
                          env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = json.loads(proc.stdout)
    assert out["proposal"]["tool"] == "minim_check" and out["mechanics"].startswith("Aria (brawl + stealth): Target")
    assert out["narration"].strip()
    replay = subprocess.run([exe, "replay", "Demo"], env=env, capture_output=True, text=True, timeout=120)
    assert replay.returncode == 0 and replay.stdout.startswith("OK")
