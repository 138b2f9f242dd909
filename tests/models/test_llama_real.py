"""Integration with real parts: the embedded GGUFs through llama-cpp-python, and llama-cpp-python's own
OpenAI-compatible server on loopback serving a full turn through the HTTP backend."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request

import pytest

from narrator.models.base import GenerationSettings, Message
from narrator.models.embedded import embedded_model_path, resolve_model
from narrator.models.llama import LlamaCppBackend, plain_prompt
from narrator.models.openai_http import OpenAICompatibleBackend

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def smollm():
    progress: list[float] = []
    backend = LlamaCppBackend(embedded_model_path("smollm2"), n_ctx=2048, n_threads=2, progress=progress.append)
    assert progress and progress[-1] == pytest.approx(1.0)  # the load reported its progress
    yield backend
    backend.close()


def test_embedded_default_resolves_offline():
    path = resolve_model(None)
    assert path.name == "SmolLM2-135M-Instruct.Q4_1.gguf" and path.read_bytes()[:4] == b"GGUF"


def test_smollm_uses_its_own_chat_template_and_is_seeded(smollm):
    assert smollm.has_chat_template
    messages = [Message("system", "You narrate a fantasy game."), Message("user", "A door opens. Narrate.")]
    a = smollm.complete(messages, GenerationSettings(max_tokens=24, seed=7, temperature=0.8))
    b = smollm.complete(messages, GenerationSettings(max_tokens=24, seed=7, temperature=0.8))
    assert a.strip() and a == b


def test_grammar_constrained_output_parses(smollm):
    schema = {"type": "object", "properties": {"tool": {"enum": ["minim_check", "no_roll"]},
                                               "skill": {"enum": ["stealth", "fight"]}},
              "required": ["tool", "skill"], "additionalProperties": False}
    out = smollm.complete([Message("user", "I sneak. Answer JSON.")],
                          GenerationSettings(max_tokens=40, temperature=0.0, json_schema=schema))
    data = json.loads(out)
    assert data["tool"] in ("minim_check", "no_roll") and data["skill"] in ("stealth", "fight")


def test_gemma_base_model_without_template_uses_the_plain_fallback():
    gemma = LlamaCppBackend(embedded_model_path("gemma3-270m"), n_ctx=1024, n_threads=2)
    assert not gemma.has_chat_template
    text = gemma.complete([Message("system", "A story."), Message("user", "I open the door.")],
                          GenerationSettings(max_tokens=16, seed=1))
    assert isinstance(text, str) and text.strip()
    assert plain_prompt([Message("user", "hi")]).endswith("Player: hi\n\nNarrator:")
    gemma.close()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def llama_server(tmp_path_factory):
    port = _free_port()
    log = (tmp_path_factory.mktemp("server") / "server.log").open("w")  # a pipe would fill up and block it
    proc = subprocess.Popen(
        [sys.executable, "-m", "narrator.models.llama_server", "--model", str(embedded_model_path("smollm2")),
         "--host", "127.0.0.1", "--port", str(port), "--n_ctx", "2048", "--n_threads", "2"],
        stdout=log, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    url = f"http://127.0.0.1:{port}"
    deadline = time.time() + 120
    while time.time() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited; see {log.name}")
        try:
            urllib.request.urlopen(f"{url}/v1/models", timeout=2).read()
            break
        except OSError:
            time.sleep(0.5)
    else:
        proc.kill()
        raise RuntimeError("server did not start in 120 s")
    yield url
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
    log.close()


def test_full_turn_through_the_openai_compatible_server(llama_server, tmp_path):
    from narrator.memory.campaign import Campaign
    from narrator.agent.llm_proposer import LLMProposer
    from narrator.agent.turn import Agent

    backend = OpenAICompatibleBackend(llama_server, schema_mode="json_object")
    with Campaign.new("server turn", "minim", seed=3, root=tmp_path) as c:
        c.call("minim_add_random_character", {"name": "Aria"})
        c.call("minim_add_npc", {"name": "Guard", "concept": "town guard", "tier": 2})
        agent = Agent(c, backend, LLMProposer(backend))
        start = c.store.last_seq()
        streamed: list[str] = []
        out = agent.turn("I sneak past the guard", actor="Aria", on_text=streamed.append)
        assert out.proposal is not None and out.proposal.source.startswith("llm")  # parsed from the server's JSON
        assert out.narration.strip() and "".join(streamed).strip()
        kinds = [e.kind for e in c.events() if e.seq > start]
        assert kinds[0] == "player" and kinds[-1] == "narration"
        assert set(kinds[1:-1]) <= {"tool_call", "tool_rejected"}
        assert c.replay().ok
