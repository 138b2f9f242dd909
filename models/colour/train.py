"""Train the colour adapter: ``python -m narrator.models.colour.train --gguf SmolLM2-135M-Instruct.Q4_1.gguf``.

Needs the ``train`` extra (torch, transformers, peft, gguf); the game loads the result with llama.cpp
(``Llama(lora_path=...)``), no torch. What it learns: given the adapter prompt
(:func:`models.colour.prompt.adapter_prompt`: the scene and the engine's sentence), the one sentence of colour a
blind writer put after it (``prompts/common/colour_training_*.jsonl``). The embedded model's own weights are read
from its GGUF file (transformers dequantizes them), so the adapter is trained against the weights llama.cpp runs. A LoRA of rank
``--rank`` on every projection of every layer; the loss is on the sentence and its line end only. One line in
twenty (by a hash of its text) is held back as the development set that picks the epoch; the held-out narration
set is never read here.

The adapter is written as llama.cpp's LoRA GGUF (``general.type = adapter``): ``blk.N.<tensor>.weight.lora_a`` (rank
× in) and ``.lora_b`` (out × rank), f16, with ``adapter.lora.alpha``. llama.cpp stores the query and key
projections with their rows permuted for its rotary layout (convert_hf_to_gguf's ``permute``); transformers undoes
that when it reads the file, so ``lora_b`` of those two is permuted back here. ``models/colour/adapter.json``
records the adapter's and the base file's sha256, the data's fingerprint, the settings and the figures.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import time
import zlib
from pathlib import Path

import numpy as np
import torch

from narrator.models.colour.data import data_fingerprint, load_lines
from narrator.models.colour.prompt import adapter_prompt

HERE = Path(__file__).resolve().parent
MODULES = {"q_proj": "attn_q", "k_proj": "attn_k", "v_proj": "attn_v", "o_proj": "attn_output",
           "gate_proj": "ffn_gate", "up_proj": "ffn_up", "down_proj": "ffn_down"}


def permute(weights: np.ndarray, heads: int) -> np.ndarray:
    """llama.cpp's row order for a query or key projection (convert_hf_to_gguf's ``LlamaModel.permute``)."""
    return (weights.reshape(heads, 2, weights.shape[0] // heads // 2, *weights.shape[1:])
            .swapaxes(1, 2).reshape(weights.shape))


def examples(tokenizer, rows: list[dict]) -> list[tuple[list[int], int]]:
    """Token ids of prompt + sentence + line end, and where the sentence starts (the loss begins there)."""
    out = []
    for r in rows:
        prompt = tokenizer(adapter_prompt(r["scene"], r["happened"]), add_special_tokens=False)["input_ids"]
        said = tokenizer(" " + r["next"].strip() + "\n", add_special_tokens=False)["input_ids"]
        out.append((prompt + said, len(prompt)))
    return out


def batches(items: list[tuple[list[int], int]], size: int, pad: int, device: str):
    for start in range(0, len(items), size):
        chunk = items[start:start + size]
        width = max(len(ids) for ids, _ in chunk)
        ids = torch.full((len(chunk), width), pad)
        labels = torch.full((len(chunk), width), -100)
        mask = torch.zeros((len(chunk), width), dtype=torch.long)
        for i, (tokens, begin) in enumerate(chunk):
            ids[i, :len(tokens)] = torch.tensor(tokens)
            labels[i, begin:len(tokens)] = torch.tensor(tokens[begin:])
            mask[i, :len(tokens)] = 1
        yield ids.to(device), mask.to(device), labels.to(device)


@torch.no_grad()
def dev_loss(model, items, pad, device) -> float:
    model.eval()
    total = count = 0.0
    for ids, mask, labels in batches(items, 32, pad, device):
        with torch.autocast(device_type="cuda", dtype=torch.bfloat16, enabled=device == "cuda"):
            logits = model(input_ids=ids, attention_mask=mask).logits.float()
        loss = torch.nn.functional.cross_entropy(logits[:, :-1].reshape(-1, logits.shape[-1]),
                                                 labels[:, 1:].reshape(-1), ignore_index=-100, reduction="sum")
        total += float(loss)
        count += int((labels[:, 1:] != -100).sum())
    return total / max(count, 1)


def write_adapter(model, config, alpha: float, path: Path) -> None:
    import gguf

    writer = gguf.GGUFWriter(str(path), arch="llama")
    writer.add_string("general.type", "adapter")
    writer.add_string("adapter.type", "lora")
    writer.add_float32("adapter.lora.alpha", float(alpha))
    heads, kv_heads = config.num_attention_heads, config.num_key_value_heads
    for name, module in model.named_modules():
        short = name.rsplit(".", 1)[-1]
        if short not in MODULES or not hasattr(module, "lora_A"):
            continue
        layer = int(name.split(".layers.")[1].split(".")[0])
        a = module.lora_A["default"].weight.detach().float().cpu().numpy()
        b = module.lora_B["default"].weight.detach().float().cpu().numpy()
        if short in ("q_proj", "k_proj"):
            b = permute(b, heads if short == "q_proj" else kv_heads)
        base = f"blk.{layer}.{MODULES[short]}.weight"
        writer.add_tensor(f"{base}.lora_a", a.astype(np.float16))
        writer.add_tensor(f"{base}.lora_b", b.astype(np.float16))
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gguf", required=True, help="the embedded SmolLM2 GGUF file")
    parser.add_argument("--out", default=str(HERE / "adapter.gguf"))
    parser.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--batch", type=int, default=16)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--rank", type=int, default=8)
    parser.add_argument("--alpha", type=float, default=16.0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--limit", type=int, default=0, help="train on the first N lines (a smoke test)")
    args = parser.parse_args(argv)
    from peft import LoraConfig, get_peft_model
    from transformers import AutoModelForCausalLM, AutoTokenizer

    random.seed(args.seed)
    torch.manual_seed(args.seed)
    started = time.time()
    gguf_path = Path(args.gguf)
    tokenizer = AutoTokenizer.from_pretrained(gguf_path.parent, gguf_file=gguf_path.name)
    model = AutoModelForCausalLM.from_pretrained(gguf_path.parent, gguf_file=gguf_path.name,
                                                 dtype=torch.float32)
    config = model.config
    model = get_peft_model(model, LoraConfig(r=args.rank, lora_alpha=args.alpha, lora_dropout=0.05,
                                             target_modules=list(MODULES), bias="none"))
    model.to(args.device)
    rows = load_lines()
    fingerprint = data_fingerprint(rows)
    dev_rows = [r for r in rows if zlib.crc32(r["next"].encode()) % 20 == 0]
    train_rows = [r for r in rows if zlib.crc32(r["next"].encode()) % 20 != 0]
    if args.limit:
        train_rows, dev_rows = train_rows[:args.limit], dev_rows[:max(4, args.limit // 10)]
    train, dev = examples(tokenizer, train_rows), examples(tokenizer, dev_rows)
    pad = tokenizer.pad_token_id if tokenizer.pad_token_id is not None else 0
    params = [p for p in model.parameters() if p.requires_grad]
    optimizer = torch.optim.AdamW(params, lr=args.lr, weight_decay=0.0)
    steps = args.epochs * ((len(train) + args.batch - 1) // args.batch)
    schedule = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda s: min(1.0, (s + 1) / max(1, steps // 20))
                                                 * max(0.0, 1 - s / steps))
    history = [{"epoch": 0, "dev_loss": round(dev_loss(model, dev, pad, args.device), 4)}]
    print(json.dumps(history[-1]), flush=True)
    best = (history[0]["dev_loss"], None)
    for epoch in range(1, args.epochs + 1):
        model.train()
        random.shuffle(train)
        for ids, mask, labels in batches(train, args.batch, pad, args.device):
            with torch.autocast(device_type="cuda", dtype=torch.bfloat16, enabled=args.device == "cuda"):
                loss = model(input_ids=ids, attention_mask=mask, labels=labels).loss
            optimizer.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(params, 1.0)
            optimizer.step()
            schedule.step()
        history.append({"epoch": epoch, "dev_loss": round(dev_loss(model, dev, pad, args.device), 4)})
        print(json.dumps(history[-1]), flush=True)
        if history[-1]["dev_loss"] < best[0]:
            best = (history[-1]["dev_loss"], {k: v.detach().clone() for k, v in model.state_dict().items()
                                              if "lora_" in k})
    if best[1] is not None:
        model.load_state_dict(best[1], strict=False)
    out = Path(args.out)
    write_adapter(model, config, args.alpha, out)
    meta = {"adapter_sha256": hashlib.sha256(out.read_bytes()).hexdigest(),
            "base_sha256": hashlib.sha256(gguf_path.read_bytes()).hexdigest(), "base": gguf_path.name,
            "base_bytes": gguf_path.stat().st_size,
            "fingerprint": fingerprint, "lines": len(train_rows), "dev_lines": len(dev_rows),
            "settings": {k: getattr(args, k) for k in ("epochs", "batch", "lr", "rank", "alpha", "seed")},
            "history": history, "best_dev_loss": best[0], "seconds": round(time.time() - started, 1)}
    out.with_suffix(".json").write_text(json.dumps(meta, indent=1) + "\n", encoding="utf-8")
    print(json.dumps({"wrote": str(out), **{k: meta[k] for k in ("best_dev_loss", "seconds")}}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
