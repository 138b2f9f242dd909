"""The cross-writer measure: a training file held out really is left out of training, and the CLI reports it."""

from __future__ import annotations

import json

from narrator.agent.cross_writer import cross_writer, writer_files
from narrator.agent.router import _read_jsonl, examples
from narrator.cli import main


def test_every_extra_training_file_is_held_out_and_scored_on_its_own_labels():
    figures = cross_writer("mastery")
    assert [f.file for f in figures] == [p.name for p in writer_files("mastery")]
    for f in figures:
        held = _read_jsonl(next(p for p in writer_files("mastery") if p.name == f.file))
        assert f.n == len(held) and 0 < f.correct < f.n  # a real measure: neither memorised nor empty
        assert sum(f.confusion.values()) == f.n - f.correct


def test_the_held_out_lines_are_not_in_what_the_router_trains_on(monkeypatch):
    seen = []
    import narrator.agent.router as router

    real = router.RouterProposer.__init__

    def spy(self, embedder=None, examples_for=None):
        real(self, embedder, examples_for)
        if examples_for is not None:
            seen.append(set(examples_for("mastery")))

    monkeypatch.setattr(router.RouterProposer, "__init__", spy)
    cross_writer("mastery")
    held = set(_read_jsonl(writer_files("mastery")[0]))
    assert seen and not (seen[0] & held) and seen[0] | held >= set(examples("mastery"))


def test_cli_json(capsys):
    assert main(["eval", "writers", "--system", "mastery", "--json", "--confusion", "3"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {r["system"] for r in rows} == {"mastery"} and all(len(r["confusion"]) <= 3 for r in rows)
    assert len(max(rows, key=lambda r: r["n"])["confusion"]) == 3  # the big file misses more than three ways
