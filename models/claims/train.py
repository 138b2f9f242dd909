"""Fine-tune the claims reader: ``python -m narrator.models.claims.train --onnx MODEL --tokenizer TOKENIZER.json``.

Needs torch and onnx (not the game's dependencies: the game reads the result with onnxruntime). Reads the
training lines (``prompts/common/claims_training_*.jsonl``, checked by ``narrator eval claims`` first), fine-tunes
the packaged MiniLM's layers with one softmax head per label family on the mean-pooled output, picks the epoch
(and, with several ``--seeds``, the run) by the development set (``tests/data/claims_dev.jsonl``) read through the
weights as they will ship (int8), and writes ``models/claims/reader.npz``. The held-out set is never read here.

Seeded (a GPU's kernels are not bit-for-bit deterministic); on an H100 one seed of 8 epochs over 9,600 lines took
about a minute, on two CPU cores an epoch takes about three minutes.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import time
from pathlib import Path

import numpy as np
import torch
from torch import nn

from narrator.models.minilm_torch import (HIDDEN, LAYERS, byte_offsets, load_onnx, output_tensor, overrides,
                                          quantized_copy)
from narrator.models.claims.labels import FAMILIES, MAX_CHARS, data_fingerprint, training_files

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
MAX_TOKENS = 64


def rows_of(paths: list[Path]) -> list[dict]:
    return [json.loads(line) for p in paths for line in p.read_text(encoding="utf-8").splitlines() if line.strip()]


class Reader(nn.Module):
    def __init__(self, encoder: nn.Module, dropout: float) -> None:
        super().__init__()
        self.encoder = encoder
        self.drop = nn.Dropout(dropout)
        self.heads = nn.ModuleDict({f: nn.Linear(HIDDEN, len(labels)) for f, labels in FAMILIES.items()})

    def forward(self, ids: torch.Tensor, mask: torch.Tensor) -> dict[str, torch.Tensor]:
        pooled = self.drop(self.encoder(ids, mask))
        return {f: head(pooled) for f, head in self.heads.items()}


def encode(tokenizer, texts: list[str]) -> tuple[torch.Tensor, torch.Tensor]:
    encodings = tokenizer.encode_batch([t[:MAX_CHARS] for t in texts])
    return (torch.tensor([e.ids for e in encodings]), torch.tensor([e.attention_mask for e in encodings]))


def targets(rows: list[dict]) -> dict[str, torch.Tensor]:
    return {f: torch.tensor([labels.index(r[f]) for r in rows]) for f, labels in FAMILIES.items()}


@torch.no_grad()
def predict(model: Reader, tokenizer, rows: list[dict], device: str) -> dict[str, np.ndarray]:
    model.eval()
    out: dict[str, list[np.ndarray]] = {f: [] for f in FAMILIES}
    for start in range(0, len(rows), 256):
        ids, mask = encode(tokenizer, [r["sentence"] for r in rows[start:start + 256]])
        logits = model(ids.to(device), mask.to(device))
        for f in FAMILIES:
            out[f].append(logits[f].softmax(-1).cpu().numpy())
    return {f: np.concatenate(v) for f, v in out.items()}


def score(rows: list[dict], probs: dict[str, np.ndarray]) -> dict[str, float]:
    """The figures ``narrator eval claims`` reports: claims missed (a claimed family read as none) and fiction
    flagged (a sentence claiming nothing read as claiming something)."""
    claims = fiction = missed = flagged = 0
    for i, r in enumerate(rows):
        read = {f: FAMILIES[f][int(np.argmax(probs[f][i]))] for f in FAMILIES}
        claimed = [f for f, labels in FAMILIES.items() if r[f] != labels[-1]]
        if claimed:
            claims += 1
            missed += any(read[f] == FAMILIES[f][-1] for f in claimed)
        else:
            fiction += 1
            flagged += any(read[f] != FAMILIES[f][-1] for f in FAMILIES)
    return {"claims_missed": missed / max(claims, 1), "fiction_flagged": flagged / max(fiction, 1)}


def average(running: dict[str, torch.Tensor], state: dict[str, torch.Tensor], count: int) -> dict[str, torch.Tensor]:
    """The mean of the weights after each epoch so far (``count`` of them, this one included): a flatter minimum
    than any one epoch's, which may read unseen voices better."""
    if not running:
        return {k: v.detach().clone() for k, v in state.items()}
    return {k: (running[k] + (v.detach() - running[k]) / count) if v.is_floating_point() else v.detach().clone()
            for k, v in state.items()}


def soft_targets(path: str, rows: list[dict]) -> dict[str, torch.Tensor]:
    """A teacher's probabilities for each training line (JSON lines of a sentence and one row per family, as
    ``--oof`` writes them), in ``rows``' order: distillation into a reader with fewer layers."""
    by_sentence = {r["sentence"]: r for r in rows_of([Path(path)])}
    missing = [r["sentence"] for r in rows if r["sentence"] not in by_sentence]
    if missing:
        raise SystemExit(f"--soft has no probabilities for {len(missing)} lines, e.g. {missing[0]!r}")
    return {f: torch.tensor([by_sentence[r["sentence"]][f] for r in rows], dtype=torch.float32) for f in FAMILIES}


def train_one(args, rows, dev, tokenizer, seed: int) -> tuple[float, dict, dict[str, np.ndarray], list]:
    """One seed's run: the best epoch's objective, figures and weights, and every epoch's figures."""
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)
    device = args.device
    model = Reader(load_onnx(args.onnx, args.layers), args.dropout).to(device)
    encoder_params = [p for p in model.encoder.parameters() if p.requires_grad]
    optimizer = torch.optim.AdamW([{"params": encoder_params, "lr": args.lr},
                                   {"params": model.heads.parameters(), "lr": args.head_lr}], weight_decay=0.01)
    steps = args.epochs * ((len(rows) + args.batch - 1) // args.batch)
    warm = max(1, steps // 10)
    schedule = torch.optim.lr_scheduler.LambdaLR(
        optimizer, lambda s: min((s + 1) / warm, max(0.0, (steps - s) / max(1, steps - warm))))
    y = targets(rows)
    loss_fn = nn.CrossEntropyLoss(label_smoothing=args.smoothing)
    soft = soft_targets(args.soft, rows) if args.soft else None
    best: tuple[float, dict, dict] | None = None
    averaged: dict[str, torch.Tensor] = {}
    history = []
    for epoch in range(args.epochs):
        model.train()
        order = np.random.permutation(len(rows))
        for start in range(0, len(order), args.batch):
            chosen = order[start:start + args.batch]
            ids, mask = encode(tokenizer, [rows[i]["sentence"] for i in chosen])
            logits = model(ids.to(device), mask.to(device))
            loss = sum(loss_fn(logits[f], y[f][chosen].to(device)) for f in FAMILIES)
            if soft is not None:
                taught = sum(-(soft[f][chosen].to(device) * logits[f].log_softmax(-1)).sum(-1).mean() for f in FAMILIES)
                loss = (1 - args.soft_weight) * loss + args.soft_weight * taught
            optimizer.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimizer.step()
            schedule.step()
        candidates = [("", model.state_dict())]
        if args.average_from and epoch + 1 >= args.average_from:
            averaged = average(averaged, model.state_dict(), epoch + 2 - args.average_from)
            candidates.append((" averaged", averaged))
        for kind, state in candidates:
            shipped = Reader(load_onnx(args.onnx, args.layers), 0.0).to(device)
            shipped.load_state_dict(state)
            quantized_copy(shipped.encoder)
            figures = score(dev, predict(shipped, tokenizer, dev, device))
            objective = figures["claims_missed"] + figures["fiction_flagged"]
            history.append({"seed": seed, "epoch": f"{epoch + 1}{kind}", **figures})
            print(json.dumps(history[-1]), flush=True)
            if best is None or objective < best[0]:
                best = (objective, figures, {k: v.detach().cpu().clone() for k, v in shipped.state_dict().items()})
    assert best is not None
    return (*best, history)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--onnx", required=True)
    parser.add_argument("--tokenizer", required=True)
    parser.add_argument("--out", default=str(HERE / "reader.npz"))
    parser.add_argument("--dev", default=str(ROOT / "tests" / "data" / "claims_dev.jsonl"))
    parser.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    parser.add_argument("--epochs", type=int, default=6)
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--lr", type=float, default=8e-5)
    parser.add_argument("--head-lr", type=float, default=2e-3)
    parser.add_argument("--dropout", type=float, default=0.1)
    parser.add_argument("--smoothing", type=float, default=0.05)
    parser.add_argument("--seeds", default="0", help="comma-separated; the run best on the development set ships")
    parser.add_argument("--average-from", type=int, default=0,
                        help="from this epoch on, also try the mean of the weights after each epoch (0: never)")
    parser.add_argument("--skip", default="", help="comma-separated: leave out training files whose name holds one")
    parser.add_argument("--layers", type=int, default=LAYERS, help="keep the packaged model's first N layers (fewer "
                        "run faster; the run time cuts the graph after them)")
    parser.add_argument("--soft", default="", help="JSON lines of a teacher's probabilities per training line "
                        "(distillation; as --oof writes them)")
    parser.add_argument("--soft-weight", type=float, default=0.5, help="the teacher's share of the loss with --soft")
    parser.add_argument("--limit", type=int, default=0, help="train on the first N lines (a smoke test)")
    parser.add_argument("--fold", default="", help="K/N: train on the lines whose index is not K mod N and write the "
                        "best run's readings of the others to --oof (out-of-fold readings find mislabelled lines)")
    parser.add_argument("--exclude", default="", help="JSON lines: leave out the training lines whose sentence is one "
                        "of these")
    parser.add_argument("--oof", default="", help="where --fold writes its readings (JSON lines)")
    args = parser.parse_args(argv)
    from tokenizers import Tokenizer

    tokenizer = Tokenizer.from_file(args.tokenizer)
    tokenizer.enable_truncation(MAX_TOKENS)
    tokenizer.enable_padding()
    skipped = [word for word in args.skip.split(",") if word]
    rows = rows_of([p for p in training_files() if not any(word in p.name for word in skipped)])
    if args.exclude:
        left_out = {r["sentence"] for r in rows_of([Path(args.exclude)])}
        rows = [r for r in rows if r["sentence"] not in left_out]
    fingerprint = data_fingerprint(rows)
    if args.limit:
        rows = rows[:args.limit]
    dev = rows_of([Path(args.dev)])
    held: list[tuple[int, dict]] = []
    if args.fold:
        k, n = (int(x) for x in args.fold.split("/"))
        held = [(i, r) for i, r in enumerate(rows) if i % n == k]
        rows = [r for i, r in enumerate(rows) if i % n != k]
    started = time.time()
    runs = [(train_one(args, rows, dev, tokenizer, int(s)), int(s)) for s in args.seeds.split(",")]
    (objective, figures, state, history), seed = min(runs, key=lambda r: r[0][0])
    model = Reader(load_onnx(args.onnx, args.layers), 0.0)
    model.load_state_dict(state)
    if held:
        probs = predict(model.to(args.device), tokenizer, [r for _, r in held], args.device)
        model.cpu()
        with open(args.oof, "w", encoding="utf-8") as out:
            for j, (i, r) in enumerate(held):
                out.write(json.dumps({"index": i, "sentence": r["sentence"],
                                      **{f: [round(float(x), 5) for x in probs[f][j]] for f in FAMILIES}}) + "\n")
    layers = overrides(model.encoder, args.onnx)
    arrays = {f"layer/{k}": v for k, v in layers.items()}
    for f, head in model.heads.items():
        arrays[f"head/{f}/weight"] = head.weight.detach().numpy().T.copy()
        arrays[f"head/{f}/bias"] = head.bias.detach().numpy().copy()
    meta = {"families": FAMILIES, "onnx_sha256": hashlib.sha256(Path(args.onnx).read_bytes()).hexdigest(),
            "offsets": byte_offsets(args.onnx, list(layers)), "fingerprint": fingerprint, "lines": len(rows), "seed": seed,
            "development": figures, "max_tokens": MAX_TOKENS,
            "layers": args.layers, "output": output_tensor(args.layers),
            "settings": {k: getattr(args, k) for k in ("epochs", "batch", "lr", "head_lr", "dropout", "smoothing",
                                                          "average_from", "layers", "soft_weight")}
            | {"soft": Path(args.soft).name if args.soft else ""},
            "history": [h for (_, _, _, hs), _ in runs for h in hs], "seconds": round(time.time() - started, 1)}
    arrays["meta"] = np.frombuffer(json.dumps(meta).encode(), dtype=np.uint8)
    np.savez(args.out, **arrays)
    print(json.dumps({"wrote": args.out, "seed": seed, "development": figures, "seconds": meta["seconds"]}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
