"""Fine-tune the memory's recall embedder (needs the ``train`` extra: torch and onnx; the game reads the result
with onnxruntime, :func:`memory.tuned.recall_embedder`)::

    narrator eval recall models/recall/training/*.json --records train.jsonl
    narrator eval recall tests/data/memory_sessions/dev_*.json --records dev.jsonl
    python -m narrator.models.recall.train --onnx MODEL --tokenizer TOKENIZER.json --train train.jsonl --dev dev.jsonl

The data: play sessions written blind (``models/recall/training/*.json``, the format of the recall evaluation's
sessions, by other writers), each played through the real agent with memory on (the ``--records`` step) so the
documents trained on are exactly the records a campaign's memory holds. Each question is trained against every event record of its own session: the turn that answers it (the latest
answer first) is the target of a softmax over them all, so the other turns of the same story, the hardest negatives
there are, push back. The entity records (characters, items, places) are left out of the softmax: no training
question targets one, and as negatives they taught the model that "who is the innkeeper" is never about the
innkeeper's own record (the development selection still ranks them, as recall does). The packaged MiniLM's layers are tuned; the word and
position embeddings stay the packaged ones.

The epoch is picked by hit@5 of vector similarity alone on the development sessions
(``tests/data/memory_sessions/dev_*.json``), read through the weights as they ship (int8); it writes
``models/recall/embedder.npz``. The held-out sessions (``eval_*``) are never read here. On two shared CPU cores an
epoch over the 25 sessions takes two to four minutes; with ``--device cuda`` (the default where torch sees a GPU)
eight epochs over the 50 sessions took 40 s on one H200, five seeds side by side.
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

from narrator.models.minilm_torch import byte_offsets, load_onnx, overrides, quantized_copy
from narrator.models.recall.data import data_fingerprint, training_files

HERE = Path(__file__).resolve().parent
MAX_TOKENS = 256


def records(path: str) -> list[dict]:
    return [json.loads(line) for line in Path(path).read_text(encoding="utf-8").splitlines() if line.strip()]


def encode(tokenizer, texts: list[str]) -> tuple[torch.Tensor, torch.Tensor]:
    got = tokenizer.encode_batch([t if t.strip() else " " for t in texts])
    return torch.tensor([e.ids for e in got]), torch.tensor([e.attention_mask for e in got])


def embed(model, tokenizer, texts: list[str], batch: int = 64) -> torch.Tensor:
    device = next(model.parameters()).device
    out = []
    for start in range(0, len(texts), batch):
        ids, mask = encode(tokenizer, texts[start:start + batch])
        out.append(torch.nn.functional.normalize(model(ids.to(device), mask.to(device)), dim=-1))
    return torch.cat(out)


def hit_at_5(model, tokenizer, sessions: list[dict]) -> float:
    model.eval()
    hits = total = 0
    with torch.no_grad():
        for s in sessions:
            docs = embed(model, tokenizer, s["documents"] + s["entities"])  # all that recall ranks
            qs = embed(model, tokenizer, [q for q, _ in s["questions"]])
            top = (qs @ docs.T).topk(min(5, len(docs)), dim=1).indices
            for (_, answer), row in zip(s["questions"], top.tolist()):
                hits += answer in row
                total += 1
    return hits / max(1, total)


def shipped_copy(model, onnx: str):
    copy = load_onnx(onnx).to(next(model.parameters()).device)
    copy.load_state_dict(model.state_dict())
    quantized_copy(copy)
    return copy


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--onnx", required=True)
    parser.add_argument("--tokenizer", required=True)
    parser.add_argument("--train", required=True, help="the training sessions' records (eval recall --records)")
    parser.add_argument("--dev", required=True, help="the development sessions' records")
    parser.add_argument("--out", default=str(HERE / "embedder.npz"))
    parser.add_argument("--sessions", default=str(HERE / "training"), help="the folder of the training sessions")
    parser.add_argument("--epochs", type=int, default=5)
    parser.add_argument("--lr", type=float, default=3e-5)
    parser.add_argument("--temperature", type=float, default=0.05)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    args = parser.parse_args(argv)
    from tokenizers import Tokenizer

    torch.manual_seed(args.seed)
    random.seed(args.seed)
    torch.set_num_threads(args.threads)
    tokenizer = Tokenizer.from_file(args.tokenizer)
    tokenizer.enable_truncation(MAX_TOKENS)
    tokenizer.enable_padding()
    started = time.time()
    files = training_files(Path(args.sessions))
    train, dev = records(args.train), records(args.dev)
    if sorted(s["file"] for s in train) != [p.name for p in files]:
        raise SystemExit(f"{args.train} holds other sessions than {args.sessions}: write it again (--records)")
    model = load_onnx(args.onnx).to(args.device)
    before = hit_at_5(model, tokenizer, dev)
    print(json.dumps({"sessions": len(train), "questions": sum(len(s["questions"]) for s in train),
                      "dev_hit_at_5_before": round(before, 4)}), flush=True)
    params = [p for p in model.parameters() if p.requires_grad]
    optimizer = torch.optim.AdamW(params, lr=args.lr, weight_decay=0.01)
    steps = args.epochs * len(train)
    warm = max(1, steps // 10)
    schedule = torch.optim.lr_scheduler.LambdaLR(
        optimizer, lambda s: min((s + 1) / warm, max(0.0, (steps - s) / max(1, steps - warm))))
    best = (before, 0, {k: v.clone() for k, v in model.state_dict().items()})
    history = []
    for epoch in range(args.epochs):
        model.train()
        order = list(range(len(train)))
        random.shuffle(order)
        losses = []
        for i in order:
            s = train[i]
            docs = embed(model, tokenizer, s["documents"])
            qs = embed(model, tokenizer, [q for q, _ in s["questions"]])
            target = torch.tensor([answer for _, answer in s["questions"]], device=args.device)
            loss = torch.nn.functional.cross_entropy(qs @ docs.T / args.temperature, target)
            optimizer.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(params, 1.0)
            optimizer.step()
            schedule.step()
            losses.append(float(loss.detach()))
        figure = hit_at_5(shipped_copy(model, args.onnx), tokenizer, dev)
        history.append({"epoch": epoch + 1, "loss": round(float(np.mean(losses)), 4), "dev_hit_at_5": round(figure, 4),
                        "seconds": round(time.time() - started, 1)})
        print(json.dumps(history[-1]), flush=True)
        if figure > best[0]:
            best = (figure, epoch + 1, {k: v.clone() for k, v in model.state_dict().items()})
    figure, epoch, state = best
    model.load_state_dict(state)
    layers = overrides(model.cpu(), args.onnx)
    arrays = {f"layer/{k}": v for k, v in layers.items()}
    meta = {"onnx_sha256": hashlib.sha256(Path(args.onnx).read_bytes()).hexdigest(),
            "offsets": byte_offsets(args.onnx, list(layers)), "max_tokens": MAX_TOKENS,
            "fingerprint": data_fingerprint(files), "sessions": [p.name for p in files],
            "questions": sum(len(s["questions"]) for s in train), "seed": args.seed, "epoch": epoch,
            "development": {"hit_at_5_vector_only": round(figure, 4), "before": round(before, 4)},
            "settings": {k: getattr(args, k) for k in ("epochs", "lr", "temperature")}, "history": history,
            "seconds": round(time.time() - started, 1)}
    arrays["meta"] = np.frombuffer(json.dumps(meta).encode(), dtype=np.uint8)
    np.savez(args.out, **arrays)
    print(json.dumps({"wrote": args.out, "epoch": epoch, "dev_hit_at_5": round(figure, 4)}), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
