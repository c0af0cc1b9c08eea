"""Benchmark: the learner's shared-prompt forward pass against the plain one, side by side.

    python bench/learner.py [--model smollm2] [--groups 1] [--samples 4] [--response 48]
                            [--freeze-layers 20] [--repeats 3] [--out FILE.json]

One training micro-batch of `--groups` synthetic grid prompts (the real chat-formatted prompts
of the curriculum) with `--samples` random responses of `--response` tokens each: forward,
masked log-prob loss, backward, for `full_forward` (every row through the model, vocabulary
logits at every position) and `response_forward` (each prompt once through a KV cache, logits
for response positions only), alternating so machine load hits both alike. Reports the median
seconds of each, the ratio, and the largest log-prob difference between them.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("OMP_NUM_THREADS", str(os.cpu_count() or 1))

import torch  # noqa: E402

from golf_ray.config import ModelConfig  # noqa: E402
from golf_ray.fileio import atomic_write_json  # noqa: E402
from golf_ray.learner.forward import full_forward, response_forward  # noqa: E402
from golf_ray.learner.learner import make_batch  # noqa: E402
from golf_ray.models import load_tokenizer, resolve_model  # noqa: E402
from golf_ray.prompts import build_prompt  # noqa: E402
from golf_ray.tasks.synthetic import load_synthetic_tasks  # noqa: E402


def batch_for(tokenizer, groups: int, samples: int, response: int):
    tasks = list(load_synthetic_tasks())[:groups]
    g = torch.Generator().manual_seed(0)
    prompts, responses, ids = [], [], []
    for i, task in enumerate(tasks):
        text = build_prompt(task, tokenizer, max_tokens=4096).text + "```python\n"
        tokens = tokenizer(text, add_special_tokens=False)["input_ids"]
        for _ in range(samples):
            n = int(torch.randint(response // 2, response + 1, (1,), generator=g))
            prompts.append(tokens)
            responses.append(torch.randint(100, 1000, (n,), generator=g).tolist())
            ids.append(i)
    return make_batch(prompts, responses, [0.0] * len(ids), ids, tokenizer.pad_token_id or 0)


def step(model, batch, fn) -> tuple[float, torch.Tensor]:
    model.zero_grad(set_to_none=True)
    start = time.perf_counter()
    args = (model, batch.input_ids, batch.attention_mask)
    if fn is response_forward:
        out = fn(*args, batch.response_mask, entropy=True)
    else:
        out = fn(*args, entropy=True)
    mask = batch.response_mask[:, 1:].float()
    loss = -(out.logp * mask).sum() / mask.sum() - 0.01 * (out.entropy * mask).sum() / mask.sum()
    loss.backward()
    return time.perf_counter() - start, out.logp.detach()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model", default="smollm2")
    parser.add_argument("--groups", type=int, default=1, help="distinct prompts per micro-batch")
    parser.add_argument("--samples", type=int, default=4, help="responses per prompt")
    parser.add_argument("--response", type=int, default=48, help="max response tokens")
    parser.add_argument("--freeze-layers", type=int, default=20)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--out", default=str(ROOT / "bench" / "results" / "learner.json"))
    args = parser.parse_args()

    from transformers import AutoModelForCausalLM

    path = str(resolve_model(ModelConfig(name=args.model)))
    tokenizer = load_tokenizer(path)
    model = AutoModelForCausalLM.from_pretrained(path, dtype=torch.float32).train()
    layers = model.model.layers
    model.requires_grad_(True)
    for layer in layers[: args.freeze_layers]:
        layer.requires_grad_(False)
    model.get_input_embeddings().requires_grad_(False)
    batch = batch_for(tokenizer, args.groups, args.samples, args.response)
    mask = batch.response_mask[:, 1:].bool()
    print(
        f"{args.model}: {len(batch)} rows x {batch.input_ids.shape[1]} tokens, "
        f"{int(mask.sum())} response tokens ({mask.sum() / batch.attention_mask.sum():.0%})"
    )
    times: dict[str, list[float]] = {"full": [], "shared": []}
    logps = {}
    step(model, batch, response_forward)  # warm-up
    for _ in range(args.repeats):
        for name, fn in (("full", full_forward), ("shared", response_forward)):
            seconds, logps[name] = step(model, batch, fn)
            times[name].append(seconds)
    full_s, shared_s = statistics.median(times["full"]), statistics.median(times["shared"])
    diff = float((logps["full"] - logps["shared"])[mask].abs().max())
    report = {
        "model": args.model,
        "machine": {"cpus": os.cpu_count(), "platform": platform.platform()},
        "rows": len(batch),
        "tokens_per_row": batch.input_ids.shape[1],
        "response_tokens": int(mask.sum()),
        "groups": args.groups,
        "samples_per_prompt": args.samples,
        "freeze_layers": args.freeze_layers,
        "full_s": round(full_s, 3),
        "shared_s": round(shared_s, 3),
        "speedup": round(full_s / shared_s, 2),
        "max_logp_diff": diff,
        "times": times,
    }
    atomic_write_json(Path(args.out), report)
    print(
        f"forward+backward: full {full_s:.2f} s, shared-prompt {shared_s:.2f} s "
        f"-> {full_s / shared_s:.2f}x (max log-prob difference {diff:.1e}); wrote {args.out}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
