"""A llama-cpp-python build made for another CPU is found in a child process and said as an error, not a crash
(:mod:`models.llama_build`)."""

from __future__ import annotations

import signal

import pytest

import narrator.models.llama_build as build
from narrator.models.base import BackendError


PROBE = build._probe  # the cached verdict itself, whatever a test puts in its place


@pytest.fixture
def fresh(monkeypatch):
    PROBE.cache_clear()
    yield monkeypatch
    PROBE.cache_clear()


def test_a_child_that_dies_of_an_illegal_instruction_becomes_an_error_that_says_how_to_rebuild(fresh):
    fresh.setattr(build, "PROBE", "import os, signal; os.kill(os.getpid(), signal.SIGILL)")
    with pytest.raises(BackendError, match="illegal instruction") as caught:
        build.ensure_runs_here()
    assert "pip cache remove llama_cpp_python" in str(caught.value) and "AVX512" not in str(caught.value)


def test_other_deaths_and_failures_are_named():
    assert build.verdict(0, "") is None
    assert "SIGSEGV" in build.verdict(-signal.SIGSEGV, "")
    assert "signal 99" in build.verdict(-99, "")
    assert build.verdict(1, "Traceback...\nImportError: no llama") == ("llama-cpp-python could not start: "
                                                                      "ImportError: no llama")
    assert "exit status 2" in build.verdict(2, "")


def test_the_verdict_is_asked_once_per_process(fresh):
    fresh.setattr(build, "PROBE", "import sys; sys.exit(3)")
    with pytest.raises(BackendError):
        build.ensure_runs_here()
    fresh.setattr(build, "PROBE", "pass")  # the library cannot change under a running process
    with pytest.raises(BackendError):
        build.ensure_runs_here()


def test_every_loader_asks_before_it_loads(fresh, tmp_path):
    from narrator.memory.embedder import EmbedderError, GgufEmbedder
    from narrator.models.embedded import embedded_model_path
    from narrator.models.llama import LlamaCppBackend

    fresh.setattr(build, "_probe", lambda: "llama-cpp-python was built for instructions this CPU does not have")
    with pytest.raises(BackendError, match="this CPU does not have"):
        LlamaCppBackend(embedded_model_path())
    with pytest.raises(EmbedderError, match="this CPU does not have"):
        GgufEmbedder(embedded_model_path())


def test_the_game_plays_on_without_narration_when_the_build_cannot_start(fresh):
    from narrator.game.resources import BackgroundResources

    fresh.setattr(build, "_probe", lambda: "llama-cpp-python was built for instructions this CPU does not have")
    res = BackgroundResources(no_model=False, proposer_factory=lambda kind, backend: object())
    assert res.wait(60) is not False
    res._done.wait(60)
    assert res.backend is None
    assert res.error == ("The model could not be loaded: llama-cpp-python was built for instructions this CPU does not "
                         "have. Playing on without narration.")


def test_the_installed_build_starts_on_this_cpu():
    """The README's install must give a build this machine can run (stop 51: AVX-512 asked for, on an AVX2 CPU)."""
    PROBE.cache_clear()
    assert PROBE() is None
    import subprocess
    import sys

    run = subprocess.run([sys.executable, "-m", "narrator.models.llama_build"], capture_output=True, text=True)
    assert (run.returncode, run.stdout.strip()) == (0, "llama-cpp-python starts on this CPU")  # what .ci/run asks
