"""The cross-writer measure: how well the router reads words from someone whose lines it never learnt from.

Development sets flatter the router — they were written in the style of its training lines. Held-out sets must not
be used to choose anything. In between: every additional training file in a system's prompts folder
(``training/router_<voice>_round<N>.jsonl``, written by a different person or in a different voice) is held out in turn,
the router is trained on everything else, and its top choice is compared with the file's labels. No held-out or
development data is read, so methods (preambles, regularisation, blends) can be chosen on it honestly.

Scored on labels alone, before the table's context (a named target, a zone) is applied: a lower bound on what the
router does in play.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from narrator.prompts import system_dir
from narrator.prompts import writer_files as _writer_files


@dataclass
class WriterFigure:
    system: str
    file: str
    n: int
    correct: int
    confusion: Counter = field(default_factory=Counter)  # (expected, got) → count

    @property
    def accuracy(self) -> float:
        return self.correct / self.n if self.n else 0.0


def writer_files(system: str) -> list:
    """The training files that can be held out: every one beside the main one (:func:`prompts.writer_files`)."""
    return _writer_files(system_dir(system))


def cross_writer(system: str, embedder=None) -> list[WriterFigure]:
    import numpy as np

    from narrator.agent.router import RouterProposer, _read_jsonl, examples, strip_flags

    if embedder is None:
        from narrator.memory.embedder import router_embedder

        embedder = router_embedder()
    everything = examples(system)
    out = []
    for path in writer_files(system):
        held = _read_jsonl(path)
        left_out = set(held)
        rest = tuple(row for row in everything if row not in left_out)
        router = RouterProposer(embedder, examples_for=lambda s, rest=rest: rest)
        model = router.model(system)
        rows = [(text, label) for text, label in held if label in set(model.labels)]
        if not rows:
            continue
        probs = router.probabilities([strip_flags(text, system) for text, _ in rows], system)
        got = [model.labels[i] for i in np.argmax(probs, axis=1)]
        figure = WriterFigure(system, path.name, len(rows), sum(g == l for g, (_, l) in zip(got, rows)))
        figure.confusion.update((l, g) for g, (_, l) in zip(got, rows) if g != l)
        out.append(figure)
    return out
