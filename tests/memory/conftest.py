"""Fixtures for the vector-memory tests: a real Chroma server on loopback, the two backends (on-disk client and
HTTP client) every memory test runs against, the rules index built once per session, and child processes.

One embedder per process: :func:`memory.embedder.default_embedder` is shared, so only the first test pays for
loading the model.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
import uuid
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))  # sessions.py and vector_support.py, also used by children

from vector_support import child_env  # noqa: E402


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _chroma_cli() -> str:
    beside = Path(sys.executable).with_name("chroma")
    found = str(beside) if beside.exists() else shutil.which("chroma")
    assert found, "the `chroma` command (installed with chromadb) is missing"
    return found


@pytest.fixture(scope="session")
def chroma_server(tmp_path_factory):
    """``chroma run`` on a free loopback port; yields its URL once the heartbeat answers; killed at the end."""
    port = _free_port()
    data = tmp_path_factory.mktemp("chroma-server")
    log = open(data / "server.log", "wb")
    proc = subprocess.Popen([_chroma_cli(), "run", "--path", str(data / "db"), "--host", "127.0.0.1",
                             "--port", str(port)], stdout=log, stderr=subprocess.STDOUT, env=child_env())
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(f"{url}/api/v2/heartbeat", timeout=2) as r:
                if r.status == 200:
                    break
        except OSError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            pytest.fail(f"chroma server did not start: {(data / 'server.log').read_text(errors='replace')[-2000:]}")
        time.sleep(0.2)
    yield url
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    log.close()


@pytest.fixture(params=["local", "server"])
def memory_url(request) -> str | None:
    """None (the campaign's own on-disk store) or the URL of the test Chroma server."""
    return None if request.param == "local" else request.getfixturevalue("chroma_server")


@pytest.fixture
def unique_name() -> str:
    """Campaign names differ per test: on the shared server, collections are per campaign id."""
    return f"c-{uuid.uuid4().hex[:10]}"


@pytest.fixture(scope="session")
def rules_home(tmp_path_factory):
    """A NARRATOR_HOME whose rules index is built once for the session (all five books) and reused."""
    import narrator.memory.vector
    from narrator import memory
    from narrator.memory.chroma import open_client
    from narrator.memory.rulebooks import RulebookIndex, rules_index_dir

    home = tmp_path_factory.mktemp("narrator-home")
    old = os.environ.get("NARRATOR_HOME")
    os.environ["NARRATOR_HOME"] = str(home)
    try:
        index = RulebookIndex(open_client(rules_index_dir()))
        index.ensure()
    finally:
        if old is None:
            os.environ.pop("NARRATOR_HOME", None)
        else:
            os.environ["NARRATOR_HOME"] = old
    memory.vector._RULES = index  # the module-level rulings() uses this very index
    return home
