"""Benchmark: rollout throughput vLLM vs transformers, and weight-update latency vs a raw copy.

    python bench/rollout.py [--models tiny,smollm2] [--batches 16,64] [--n 4] [--max-tokens 128]
                            [--engines vllm,vllm-packed,hf] [--cpus 1] [--out FILE.json]

For each model, each engine runs in its own RolloutActor (one at a time, `--cpus` cores each) on
the same chat-formatted prompts with the same sampling (temperature 1, seed 0, n samples per
prompt, max_tokens): tokens/s = completion tokens / wall seconds of the generate() call, after
a warm-up call; batches run interleaved across engines so drifting machine load hits all alike.
`vllm` is the default engine (plain CPU weights), `vllm-packed` vLLM's oneDNN-packed weights. Weight update: a full state dict goes through the object store
(`ray.put`) to `update_weights(ref, version)`, as `pack_weights` numpy arrays (zero-copy;
`update`) and as plain torch tensors (`update_torch`); reported are the time the engine spends
loading it (`load_s`) and the whole remote call (`call_s`: object-store fetch + load + RPC),
against the same for an actor that only `copy_`s the same tensors into preallocated ones (`raw`).
Targets: vLLM >= 1.5x HF tokens/s at batch 64; weight update <= 2x the raw copy.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import ray  # noqa: E402
import torch  # noqa: E402

from golf_ray.actors.engines import Sampling, load_tokenizer  # noqa: E402
from golf_ray.actors.rollout import RolloutActor, pack_weights  # noqa: E402
from golf_ray.config import ModelConfig  # noqa: E402

TOPICS = [
    "the grid",
    "each row",
    "each column",
    "the border",
    "the diagonal",
    "every 2x2 block",
    "the largest object",
    "the background",
]
ACTIONS = [
    "flips",
    "rotates",
    "recolours",
    "mirrors",
    "crops",
    "sorts",
    "counts the colours of",
    "doubles",
]


def make_prompts(tokenizer, count: int) -> list[str]:
    """Short, distinct Code Golf style requests (decode-bound, like rollouts with short grids)."""
    prompts = []
    for i in range(count):
        ask = (
            f"Write the shortest Python 3 function p(g) that {ACTIONS[i % 8]} "
            f"{TOPICS[(i // 8) % 8]} of a grid g (a list of lists of ints 0-9). Task {i}."
        )
        messages = [
            {"role": "system", "content": "You write the shortest correct Python code."},
            {"role": "user", "content": ask},
        ]
        prompts.append(
            tokenizer.apply_chat_template(messages, tokenize=False, add_generation_prompt=True)
        )
    return prompts


class RawCopy:
    """The floor for a weight update: copy_ the received tensors into preallocated ones."""

    def __init__(self, state):
        self.dst = {k: torch.empty_like(v) for k, v in self._tensors(state).items()}

    @staticmethod
    def _tensors(state) -> dict[str, torch.Tensor]:
        return state.tensors() if hasattr(state, "tensors") else state

    def update(self, state) -> float:
        state = self._tensors(state)
        start = time.perf_counter()
        with torch.no_grad():
            for k, v in state.items():
                self.dst[k].copy_(v)
        return time.perf_counter() - start


def load_state(path: Path) -> dict[str, torch.Tensor]:
    from safetensors.torch import load_file

    state: dict[str, torch.Tensor] = {}
    for f in sorted(path.glob("*.safetensors")):
        state.update(load_file(str(f)))
    return {k: v.float() for k, v in state.items()}


def time_updates(method, ref, reps: int) -> dict[str, float]:
    ray.get(method.remote(ref, 0))  # warm-up: first fetch of the object, allocations
    loads, calls = [], []
    for i in range(reps):
        start = time.perf_counter()
        loads.append(ray.get(method.remote(ref, i + 1)))
        calls.append(time.perf_counter() - start)
    return {"load_s": statistics.median(loads), "call_s": statistics.median(calls)}


def bench_model(engines: list[str], path: Path, prompts, args) -> dict[str, dict]:
    """Both engines up at once (one idle while the other runs), batches interleaved, so drift
    in machine load hits both alike."""
    actors, results = {}, {}
    for engine in engines:
        # all engines are up at once but only one runs: share the Ray CPUs between them and
        # give each its thread count explicitly
        remote = ray.remote(RolloutActor).options(
            num_cpus=min(args.cpus, 2 / len(engines)),
            name=f"bench-{engine}",
            runtime_env={"env_vars": {"OMP_NUM_THREADS": str(max(1, int(args.cpus)))}},
        )
        start = time.perf_counter()
        # "vllm" = defaults (plain CPU weights); "vllm-packed" = oneDNN-packed CPU weights
        kind, _, variant = engine.partition("-")
        actors[engine] = remote.remote(
            str(path),
            engine=kind,
            max_model_len=args.max_model_len,
            kv_cache_gib=args.kv_gib,
            **({"cpu_plain_weights": variant == "plain"} if variant else {}),
        )
        info = ray.get(actors[engine].describe.remote())
        if info["name"] != kind:
            raise RuntimeError(f"asked for {engine}, got {info['name']}")
        results[engine] = {"startup_s": round(time.perf_counter() - start, 2), "runs": []}
        # warm-up (first-call compilation, allocator)
        ray.get(actors[engine].generate.remote(prompts[:4], Sampling(n=2, max_tokens=8, seed=0)))
    sampling = Sampling(n=args.n, temperature=1.0, max_tokens=args.max_tokens, seed=0)
    for batch in args.batches:
        for engine in engines:
            out = ray.get(actors[engine].generate.remote(prompts[:batch], sampling))
            seconds, tokens = out[0].batch_seconds, out[0].batch_tokens
            results[engine]["runs"].append(
                {
                    "batch": batch,
                    "n": args.n,
                    "sequences": len(out),
                    "tokens": tokens,
                    "seconds": round(seconds, 3),
                    "tok_s": round(tokens / seconds, 1),
                    "length_finished": sum(c.finish_reason == "length" for c in out),
                }
            )
            print(
                f"  {engine:5s} batch {batch:3d}x{args.n}: {tokens:6d} tok {seconds:7.2f} s "
                f"{tokens / seconds:8.1f} tok/s",
                flush=True,
            )
    state = load_state(path)
    refs = {"torch": ray.put(state), "numpy": ray.put(pack_weights(state))}
    for engine, actor in actors.items():
        for form, ref in refs.items():  # torch tensors vs zero-copy numpy payload
            key = "update" if form == "numpy" else "update_torch"
            results[engine][key] = time_updates(actor.update_weights, ref, args.update_reps)
    ray.get([a.shutdown.remote() for a in actors.values()])
    for actor in actors.values():
        ray.kill(actor)
    return results


def bench_raw_copy(path: Path, args) -> dict:
    state = load_state(path)
    ref = ray.put(pack_weights(state))  # the same transport as the engines' "update"
    threads = str(max(1, int(args.cpus)))
    actor = (
        ray.remote(RawCopy)
        .options(num_cpus=args.cpus, runtime_env={"env_vars": {"OMP_NUM_THREADS": threads}})
        .remote(ref)
    )
    result = time_updates(_RawMethod(actor), ref, args.update_reps)
    ray.kill(actor)
    nbytes = sum(v.numel() * v.element_size() for v in state.values())
    return {**result, "params": sum(v.numel() for v in state.values()), "bytes": nbytes}


class _RawMethod:
    """Adapter so RawCopy.update(ref) times like update_weights(ref, version)."""

    def __init__(self, actor):
        self.actor = actor

    def remote(self, ref, _version):
        return self.actor.update.remote(ref)


def resolve(name: str) -> Path:
    from golf_ray.models import resolve_model

    return Path(resolve_model(ModelConfig(name=name)))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--models", default="tiny,smollm2")
    parser.add_argument("--engines", default="vllm,vllm-packed,hf")
    parser.add_argument("--batches", default="16,64")
    parser.add_argument("--n", type=int, default=4)
    parser.add_argument("--max-tokens", type=int, default=128)
    parser.add_argument("--max-model-len", type=int, default=1024)
    parser.add_argument("--kv-gib", type=int, default=4)
    parser.add_argument("--cpus", type=float, default=1.0)
    parser.add_argument("--update-reps", type=int, default=5)
    parser.add_argument("--out", default=str(ROOT / "bench" / "results" / "rollout.json"))
    args = parser.parse_args()
    args.batches = [int(b) for b in args.batches.split(",")]
    engines = args.engines.split(",")

    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    report: dict = {
        "machine": {
            "cpus": os.cpu_count(),
            "platform": platform.platform(),
            "torch": torch.__version__,
            "actor_cpus": args.cpus,
        },
        "sampling": {"n": args.n, "temperature": 1.0, "max_tokens": args.max_tokens, "seed": 0},
        "models": {},
    }
    try:
        for name in args.models.split(","):
            path = resolve(name)
            prompts = make_prompts(load_tokenizer(path), max(args.batches))
            print(f"{name}: {path}", flush=True)
            entry = {"path": str(path), "engines": bench_model(engines, path, prompts, args)}
            entry["raw_copy"] = bench_raw_copy(path, args)
            report["models"][name] = entry
    finally:
        ray.shutdown()

    print_table(report, args)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(report, indent=2))
    print(f"wrote {out}")
    return 0


def print_table(report: dict, args) -> None:
    """tok/s per engine and batch, each over HF; weight update vs the raw copy."""
    print(f"\nthroughput (tok/s, n={args.n}, max_tokens={args.max_tokens}, {args.cpus} core/actor)")
    for name, entry in report["models"].items():
        engines = entry["engines"]
        ratios = entry.setdefault("ratios", {})
        names = list(engines)
        print(f"{name:9s} {'batch':>6s} " + " ".join(f"{e:>11s}" for e in names) + "  x over hf")
        for i, batch in enumerate(args.batches):
            tok_s = {e: engines[e]["runs"][i]["tok_s"] for e in names}
            over = {e: tok_s[e] / tok_s["hf"] for e in names if e != "hf" and "hf" in tok_s}
            for e, r in over.items():
                ratios[f"{e}_over_hf_batch{batch}"] = round(r, 3)
            cells = " ".join(f"{tok_s[e]:11.1f}" for e in names)
            print(
                f"{'':9s} {batch:6d} {cells}  " + " ".join(f"{e} {r:.2f}" for e, r in over.items())
            )
    print(
        "\nweight update, median ms. load: in the actor; call: the whole remote call (object-store"
    )
    print("fetch + load + RPC) with a pack_weights (numpy) payload; call_t: with torch tensors;")
    print("raw: an actor that copy_s the same tensors into preallocated ones (numpy payload)")
    head = ["load", "call", "call_t", "raw", "rawcall", "load/raw", "call/rawcall"]
    print(f"{'model':9s} {'engine':11s} " + " ".join(f"{h:>8s}" for h in head))
    for name, entry in report["models"].items():
        raw = entry["raw_copy"]
        for engine, res in entry["engines"].items():
            up, upt = res["update"], res["update_torch"]
            lr, cr = up["load_s"] / raw["load_s"], up["call_s"] / raw["call_s"]
            entry["ratios"][f"{engine}_update_over_raw"] = round(lr, 3)
            entry["ratios"][f"{engine}_update_call_over_raw_call"] = round(cr, 3)
            cells = [up["load_s"], up["call_s"], upt["call_s"], raw["load_s"], raw["call_s"]]
            print(
                f"{name:9s} {engine:11s} "
                + " ".join(f"{c * 1e3:8.1f}" for c in cells)
                + f" {lr:8.2f} {cr:8.2f}"
            )


if __name__ == "__main__":
    sys.exit(main())
