"""The memory through whole sessions: a seeded 30-turn session played by the real agent and recalled by a new
process, and a writer killed with SIGKILL mid-write whose every remembered turn survives (the log is the truth:
opening catches up whatever the index lacks)."""

from __future__ import annotations

import random
import select
import signal
import subprocess
import sys
import time

import pytest
import sessions
from vector_support import CHILD, child_env, run_child

from narrator.memory.campaign import Campaign
from narrator.memory.vector import CampaignMemory


@pytest.mark.slow
def test_a_seeded_thirty_turn_session_is_recalled_by_a_new_process(tmp_path, unique_name, memory_url):
    run_child("session", str(tmp_path), unique_name, memory_url or "-", timeout=300)
    with Campaign.open(unique_name, root=tmp_path) as c:
        players = [e for e in c.events() if e.kind == "player"]
        narrations = [e for e in c.events() if e.kind == "narration"]
        hide = next(e.seq for e in players if e.payload["text"] == sessions.KEY_TURN_TEXT)
        oath = next(e.seq for e in players if e.payload["text"].startswith("I swear to the duke"))
    assert len(players) == 30 and len(narrations) == 30
    seen = run_child("query", str(tmp_path), unique_name, memory_url or "-", "who is the innkeeper",
                     "where did we leave the key", "what did we promise the duke", "who has the signet ring")
    assert seen["who is the innkeeper"][0] == "character:old tom"
    assert seen["where did we leave the key"][0] == f"turn-{hide}"
    assert f"turn-{oath}" in seen["what did we promise the duke"][:2]
    dumped = run_child("dump", str(tmp_path), unique_name, memory_url or "-")
    assert len([i for i in dumped["events"] if i.startswith("turn-")]) == 30


def test_the_agent_puts_recalled_memories_in_the_narration_prompt(tmp_path, unique_name):
    """In-process, with the scripted backend: the prompt of the key-hiding turn's successors names the key."""
    from narrator.models.scripted import ScriptedBackend
    from narrator.agent.turn import Agent
    from narrator.tools.proposals import NO_ROLL, Proposal

    with Campaign.new(unique_name, "minim", seed=3, root=tmp_path) as c:
        c.call("minim_add_random_character", {"name": "Aria"})
        memory = CampaignMemory.for_campaign(c)
        backend = ScriptedBackend(["The key slides under the board.", "The cellar is quiet."])
        proposer = sessions.ScriptedProposer([Proposal(tool=NO_ROLL), Proposal(tool=NO_ROLL)])
        agent = Agent(c, backend, proposer, memory=memory)
        agent.turn(sessions.KEY_TURN_TEXT, actor="Aria")
        agent.turn("Where did I put the brass key?", actor="Aria")
        prompt = backend.calls[-1][0][-1].content
        assert "What the story remembers:" in prompt and "I hide the brass key under the loose floorboard" in prompt
        memory.close()


def _read_line(proc: subprocess.Popen, timeout: float = 120.0) -> str | None:
    deadline = time.monotonic() + timeout
    line = b""
    while not line.endswith(b"\n"):
        ready, _, _ = select.select([proc.stdout], [], [], max(deadline - time.monotonic(), 0))
        if not ready:
            raise AssertionError(f"writer silent: {proc.stderr.read().decode(errors='replace')[-2000:]}")
        chunk = proc.stdout.read(1)
        if not chunk:
            return None
        line += chunk
    return line.decode().strip()


@pytest.mark.slow
def test_a_writer_killed_mid_write_loses_no_remembered_turn(tmp_path, unique_name, memory_url):
    rng = random.Random(7)
    with Campaign.new(unique_name, "minim", seed=9, root=tmp_path) as c:
        c.call("minim_add_random_character", {"name": "Aria"})
    remembered: list[str] = []
    for _ in range(3):
        proc = subprocess.Popen([sys.executable, str(CHILD), "turns", str(tmp_path), unique_name, memory_url or "-"],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=0, env=child_env())
        try:
            assert _read_line(proc) == "ready"
            for _ in range(rng.randint(1, 4)):
                remembered.append(_read_line(proc))
            time.sleep(rng.uniform(0.0, 0.15))  # land somewhere inside the next turn's writes
            proc.send_signal(signal.SIGKILL)
            proc.wait()
            while (line := _read_line(proc, 5)) is not None:  # anything acknowledged before the kill
                remembered.append(line)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            for stream in (proc.stdout, proc.stderr):
                stream.close()
    with Campaign.open(unique_name, root=tmp_path) as c:
        memory = CampaignMemory.for_campaign(c, memory_url)  # the catch-up restores whatever the kill cut off
        after = memory.dump()
        assert set(remembered) <= set(after["events"])
        players = [e.seq for e in c.events() if e.kind == "player"]
        assert {f"turn-{s}" for s in players} <= set(after["events"])  # logged but never acknowledged, too
        closed = any(e.kind == "narration" and e.seq > players[-1] for e in c.events())
        assert memory.indexed_seq() == (c.store.last_seq() if closed else players[-1] - 1)
        memory.rebuild(c)
        assert memory.dump() == after
        memory.close()
