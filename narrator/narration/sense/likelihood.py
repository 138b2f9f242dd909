"""How well the colour adapter's own likelihood of a line tells the lines readers found sensible:
``python -m narrator.narration.sense.likelihood --rows ROWS.jsonl --key KEY.json --labels LABELS.jsonl``.

For every labelled candidate, the embedded SmolLM2 (with the adapter, and without it) reads the colour prompt and
the candidate, and the candidate's tokens' mean and lowest log-probability are ranked against the label
(``sensible`` or not): the area under the ROC curve, and how many of the top tenth were sensible. A cheap signal
if it worked — the model computes these while it writes — but it did not separate well enough to choose lines by
(docs/narration.md, "Choosing the colour line"). Needs ``logits_all`` (slow: about a second a line on two threads).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np

from narrator.narration.sense.train import auc


def scores(records: list[dict], adapter: bool, threads: int = 2) -> np.ndarray:
    from llama_cpp import Llama

    from narrator.models.colour.adapter import adapter_for
    from narrator.models.colour.prompt import adapter_prompt
    from narrator.models.embedded import embedded_model_path
    from narrator.models.llama import safe_model_params
    from narrator.models.llama_build import ensure_runs_here

    ensure_runs_here()
    path = embedded_model_path()
    with safe_model_params():
        llm = Llama(model_path=str(path), n_ctx=512, n_threads=threads, n_threads_batch=threads, logits_all=True,
                    verbose=False, lora_path=str(adapter_for(path)) if adapter else None)
    out = []
    for r in records:
        prompt = llm.tokenize(adapter_prompt(r["scene"], r["lead"]).encode(), add_bos=True)
        line = llm.tokenize((" " + r["candidate"]).encode(), add_bos=False, special=False)
        llm.reset()
        llm.eval(prompt + line)
        logits = np.array(llm.scores[len(prompt) - 1:len(prompt) + len(line) - 1], dtype=np.float64)
        top = logits.max(1, keepdims=True)
        logp = logits[np.arange(len(line)), line] - (np.log(np.exp(logits - top).sum(1)) + top[:, 0])
        out.append((logp.mean(), logp.min()))
    return np.array(out)


def main(argv: list[str] | None = None) -> int:
    from narrator.narration.sense.train import labelled

    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rows", nargs="+", required=True)
    p.add_argument("--labels", nargs="+", required=True, help="KEY.json:LABELS.jsonl")
    p.add_argument("--limit", type=int, default=0, help="only the first N labels (it is slow)")
    ns = p.parse_args(argv)
    records = labelled(ns.labels, ns.rows)
    records = records[:ns.limit] if ns.limit else records
    y = np.array([r["y"] for r in records])
    report = {"labels": len(records), "sensible": float(y.mean())}
    for adapter in (True, False):
        s = scores(records, adapter)
        top = np.argsort(-s[:, 0])[:max(1, len(records) // 10)]
        report["adapter" if adapter else "base"] = {"auc_mean": auc(s[:, 0], y), "auc_min": auc(s[:, 1], y),
                                                    "top_tenth_sensible": float(y[top].mean())}
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
