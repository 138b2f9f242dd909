"""Fit the sense reader:
``python -m narrator.narration.sense.train --labels KEY.json:LABELS.jsonl ... --rows ROWS.jsonl --out FILE``.

Each ``--labels`` pairs a blind-reading key (:mod:`narration.sense.dump`) with one reader's labels; ``sensible`` is 1,
``awkward`` and ``nonsense`` 0 (a line a reader stumbles on is not one to show). Rows (:mod:`narration.sense.harvest`)
give each item's scene and action. The model is an L2 logistic regression (numpy, Newton steps) over
:func:`narration.sense.reader.features`; the strength and the threshold are chosen by five-fold cross-validation
grouped by turn (a turn's candidates never straddle folds): the threshold is the lowest at which the lines chosen —
each turn's most probable candidate above it — were sensible in at least ``--precision`` of the folds' labels.
Only training sets are read here; held-out labels are read by :mod:`narration.sense.measure` (``--reader``).

Not shipped: on 424 labels of two readers the cross-validated AUC was 0.60, and no threshold chose lines readers
found sensible in more than a few turns (docs/narration.md, "Choosing the colour line").
"""

from __future__ import annotations

import argparse
import hashlib
import json
from collections import defaultdict
from pathlib import Path

import numpy as np

from narrator.models.jsonl import rows
from narrator.narration.sense.reader import features, save, texts

HERE = Path(__file__).resolve().parent


def labelled(pairs: list[str], rows_paths: list[str]) -> list[dict]:
    """One record per (item, reader): the candidate's texts, its turn, the label."""
    harvested = {(r["set"], r["turn"], r["candidate"]): r for path in rows_paths for r in rows(path)}
    out = []
    for pair in pairs:
        key_path, labels_path = pair.split(":", 1)
        key = json.loads(Path(key_path).read_text(encoding="utf-8"))
        for label in rows(labels_path):
            ref = key[str(label["id"])]["rows"][0]
            row = harvested[(ref["set"], ref["turn"], ref["candidate"])]
            out.append({"group": f"{ref['set']}/{ref['turn']}", "candidate": row["candidate"], "lead": row["lead"],
                        "action": row["action"], "scene": row["scene"], "y": int(label["sense"] == "sensible")})
    return out


def matrix(records: list[dict]) -> np.ndarray:
    from narrator.narration.gate import default_embed, _embed_cached

    embed = default_embed()
    out = []
    for r in records:
        t = texts(r["candidate"], r["lead"], r["action"], r["scene"])
        out.append(features(r["candidate"], r["lead"], r["action"], r["scene"], _embed_cached(embed, t)))
    return np.stack(out)


def fit(x: np.ndarray, y: np.ndarray, l2: float, steps: int = 30) -> tuple[np.ndarray, float]:
    """L2-regularised logistic regression by Newton's method on standardised features (bias unpenalised)."""
    n, d = x.shape
    xb = np.hstack([x, np.ones((n, 1))])
    w = np.zeros(d + 1)
    penalty = np.full(d + 1, l2)
    penalty[-1] = 0.0
    for _ in range(steps):
        p = 1 / (1 + np.exp(-(xb @ w)))
        grad = xb.T @ (p - y) + penalty * w
        hess = (xb * (p * (1 - p))[:, None]).T @ xb + np.diag(penalty + 1e-6)
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-6:
            break
    return w[:-1], float(w[-1])


def auc(scores: np.ndarray, y: np.ndarray) -> float:
    order = np.argsort(scores)
    ranks = np.empty(len(scores))
    ranks[order] = np.arange(1, len(scores) + 1)
    pos = y == 1
    if pos.sum() in (0, len(y)):
        return float("nan")
    return float((ranks[pos].sum() - pos.sum() * (pos.sum() + 1) / 2) / (pos.sum() * (~pos).sum()))


def picks(groups: list[str], scores: np.ndarray, y: np.ndarray, threshold: float) -> tuple[int, int, int]:
    """(turns, turns with a pick, picks judged sensible): each turn's most probable candidate at or above the
    threshold; a candidate labelled by several readers counts each label (their mean)."""
    best: dict[str, tuple[float, list[int]]] = {}
    by_text: dict[tuple[str, float], list[int]] = defaultdict(list)
    for g, s, label in zip(groups, scores, y):
        by_text[(g, round(float(s), 9))].append(int(label))
    for (g, s), labels in by_text.items():
        if g not in best or s > best[g][0]:
            best[g] = (s, labels)
    chosen = [(s, labels) for s, labels in best.values() if s >= threshold]
    good = sum(np.mean(labels) for _, labels in chosen)
    return len(best), len(chosen), good


def cross_validate(x: np.ndarray, y: np.ndarray, groups: list[str], l2: float, folds: int = 5) -> np.ndarray:
    names = sorted(set(groups))
    rng = np.random.default_rng(27)
    rng.shuffle(names)
    fold_of = {g: i % folds for i, g in enumerate(names)}
    out = np.zeros(len(y))
    for k in range(folds):
        test = np.array([fold_of[g] == k for g in groups])
        mean, scale = x[~test].mean(0), x[~test].std(0) + 1e-6
        w, b = fit((x[~test] - mean) / scale, y[~test], l2)
        out[test] = 1 / (1 + np.exp(-(((x[test] - mean) / scale) @ w + b)))
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--labels", nargs="+", required=True, help="KEY.json:LABELS.jsonl, one per reader and file")
    p.add_argument("--rows", nargs="+", required=True)
    p.add_argument("--precision", type=float, default=0.85)
    p.add_argument("--out", required=True, help="where to write the weights (nothing ships them: see the docstring)")
    ns = p.parse_args(argv)
    records = labelled(ns.labels, ns.rows)
    x, y = matrix(records), np.array([r["y"] for r in records], dtype=float)
    groups = [r["group"] for r in records]
    print(f"{len(records)} labels over {len(set(groups))} turns; {y.mean():.1%} sensible")
    best = None
    for l2 in (30.0, 100.0, 300.0, 1000.0, 3000.0):
        scores = cross_validate(x, y, groups, l2)
        a = auc(scores, y)
        print(f"  l2={l2:g}: cross-validated AUC {a:.3f}")
        if best is None or a > best[1]:
            best = (l2, a, scores)
    l2, a, scores = best
    threshold, share = 1.0, 0.0
    for t in np.arange(0.05, 0.96, 0.01):
        turns, chosen, good = picks(groups, scores, y, float(t))
        if chosen and good / chosen >= ns.precision:
            threshold, share = float(t), chosen / turns
            break
    turns, chosen, good = picks(groups, scores, y, threshold)
    print(f"chosen: l2={l2:g}, AUC {a:.3f}; threshold {threshold:.2f}: a pick in {chosen}/{turns} turns, "
          f"{good / max(chosen, 1):.1%} of them sensible (cross-validated)")
    mean, scale = x.mean(0), x.std(0) + 1e-6
    w, b = fit((x - mean) / scale, y, l2)
    fingerprint = hashlib.sha256("".join(sorted(f"{r['group']}|{r['candidate']}|{r['y']}" for r in records))
                                 .encode()).hexdigest()[:16]
    save(Path(ns.out), w, b, mean, scale, threshold,
         {"l2": l2, "cv_auc": round(a, 4), "labels": len(records), "turns": len(set(groups)),
          "cv_pick_share": round(share, 4), "cv_pick_precision": round(good / max(chosen, 1), 4),
          "precision_target": ns.precision, "data": fingerprint})
    print(f"wrote {ns.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
