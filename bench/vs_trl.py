"""Benchmark: golf-ray's GRPO against TRL's GRPOTrainer on the same work, in one run.

    python bench/vs_trl.py [--quick] [--steps 10] [--prompts 4] [--group 4] [--max-tokens 96]
                           [--model smollm2|DIR] [--golf-engines auto,hf] [--out FILE.json]

Same model (SmolLM2-135M-Instruct, or a warm-started dir), same tasks (the synthetic
curriculum's train tasks, same prompts), same reward (golf_ray.rewards on sandbox verdicts: the
program extracted from the completion, run on every example in the process sandbox), same group
size, batch (prompts x group samples per optimizer step), step count, learning rate, clipping,
frozen layers, sampling (temperature 1, no stop strings: both stop at EOS or max tokens) and GRPO
loss (per-sequence mean, group-standardised rewards, no KL). Each side runs in its own
subprocess, one after the other:

- golf-ray: `golf_ray.recipes.train.train` (Ray actors: rollout with vLLM, or HF with `hf` in
  --golf-engines; process sandbox; DeepSpeed learner; rollouts one step ahead);
- TRL 1.16: `GRPOTrainer` (transformers `generate`, one process), the reward function calling a
  local sandbox worker.

Reported per side: samples/s and wall seconds per step over steps 2..N (step 1 holds start-up),
the reward curve, peak host memory (golf-ray: the sum over roles of each role's peak, from
metrics.csv `mem/*`; TRL: the trainer process's peak RSS; sandbox worker processes are left out
on both sides). Start-up (Ray, engines, model loads) is `first_step_s`. Target (issue 8):
golf-ray >= 1.5x TRL's samples/s at equal or better reward per step. Writes
bench/results/vs_trl.json and vs_trl.png (vs_trl-quick.* with --quick).
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("VLLM_CPU_KVCACHE_SPACE", "1")

EXPERIMENT = "experiments/synthetic_grpo.yaml"


def shared_overrides(args) -> list[str]:
    """The settings both sides read from one config."""
    return [
        f"model.name={args.model}",
        f"steps={args.steps}",
        f"prompts_per_step={args.prompts}",
        f"rollout.samples_per_prompt={args.group}",
        f"rollout.max_tokens={args.max_tokens}",
        "rollout.stop=[]",
        "rollout.temperature=1.0",
        f"learner.lr={args.lr}",
        f"learner.micro_batch_size={args.micro_batch}",
        "sandbox.backend=process",
        "sandbox.example_timeout_s=2.0",
        f"seed={args.seed}",
        "curriculum.enabled=false",
        "eval_every=0",
        "checkpoint.every=0",
        "logging.tensorboard=false",
    ]


def step_stats(times: list[float], samples_per_step: int) -> dict:
    """Wall seconds per step and samples/s from the time each step ended (step 1 excluded)."""
    gaps = [b - a for a, b in zip(times, times[1:], strict=False)]
    if not gaps:
        return {"step_wall_s_median": None, "samples_per_s": None}
    return {
        "step_wall_s_median": statistics.median(gaps),
        "step_wall_s_mean": statistics.fmean(gaps),
        "samples_per_s": samples_per_step * len(gaps) / (times[-1] - times[0]),
    }


# --------------------------------------------------------------------------- golf-ray side


def run_golf(args, engine: str, out: Path) -> dict:
    from golf_ray.config import load_config
    from golf_ray.metrics import read_metrics
    from golf_ray.recipes.train import train

    cfg = load_config(EXPERIMENT, [*shared_overrides(args), f"rollout.engine={engine}"])
    run_dir = out.parent / f"golf-{engine}-run"
    run_dir.mkdir(parents=True, exist_ok=True)
    ends: list[float] = []
    start = time.perf_counter()
    train(
        cfg, run_dir=run_dir, progress=False, on_step=lambda s, m: ends.append(time.perf_counter())
    )
    total = time.perf_counter() - start
    train_m = read_metrics(run_dir)["train"]
    roles = {k: max(v for _, v in vals) for k, vals in train_m.items() if k.startswith("mem/")}
    peak = sum(v for k, v in roles.items() if k.endswith("_peak_gib") and k.count("_") == 2)
    per_step = args.prompts * args.group
    return {
        "side": f"golf-ray ({engine})",
        "total_s": round(total, 1),
        "first_step_s": round(ends[0] - start, 1) if ends else None,
        **step_stats(ends, per_step),
        "reward_curve": [v for _, v in train_m.get("reward_mean", [])],
        "success_curve": [v for _, v in train_m.get("success_rate", [])],
        "peak_host_gib": round(peak, 3),
        "peak_by_role_gib": {k: round(v, 3) for k, v in roles.items()},
        "run_dir": str(run_dir),
    }


# --------------------------------------------------------------------------- TRL side


def run_trl(args, out: Path) -> dict:
    import resource

    import torch
    from datasets import Dataset
    from transformers import AutoModelForCausalLM, TrainerCallback
    from trl import GRPOConfig, GRPOTrainer

    from golf_ray.actors.sandbox import SandboxActor
    from golf_ray.codecheck import extract_and_check
    from golf_ray.config import load_config
    from golf_ray.memory import read_peak
    from golf_ray.models import load_tokenizer, resolve_model
    from golf_ray.recipes.sft import task_prompts
    from golf_ray.rewards import RewardSample, compute_rewards
    from golf_ray.tasks.synthetic import load_synthetic_tasks
    from golf_ray.verify import Limits

    cfg = load_config(EXPERIMENT, shared_overrides(args))
    model_path = str(resolve_model(cfg.model))
    tokenizer = load_tokenizer(model_path)
    tasks = load_synthetic_tasks()
    train_ids = tasks.split()[0]
    prompts = task_prompts(tasks.subset(train_ids), tokenizer, cfg)
    dataset = Dataset.from_list([{"prompt": p, "task_id": t} for t, p in prompts.items()])
    limits = Limits(example_timeout_s=cfg.sandbox.example_timeout_s)
    sandbox = SandboxActor("process", limits, image="", memory_mb=1024, cpus=1.0, pids_limit=64)
    prefix = cfg.rollout.response_prefix

    def golf_reward(prompts, completions, task_id, **kwargs) -> list[float]:
        samples = []
        for i, (text, tid) in enumerate(zip(completions, task_id, strict=True)):
            check = extract_and_check(prefix + text)
            verdict = None
            if check.code is not None:
                verdict = sandbox.verify(tasks.by_id(tid).verify_job(check.code))
            samples.append(RewardSample(text, check.code, verdict, group=str(i // args.group)))
        return list(compute_rewards(samples, cfg.reward).raw_total)

    model = AutoModelForCausalLM.from_pretrained(model_path, dtype=torch.float32)
    freeze = cfg.learner.freeze_layers
    if freeze:  # as the golf-ray learner does: embeddings and the lowest layers
        model.get_input_embeddings().requires_grad_(False)
        for layer in model.model.layers[:freeze]:
            layer.requires_grad_(False)
    per_step = args.prompts * args.group
    micro = min(args.micro_batch, per_step)
    config = GRPOConfig(
        output_dir=str(out.parent / "trl-run"),
        max_steps=args.steps,
        per_device_train_batch_size=micro,
        gradient_accumulation_steps=per_step // micro,  # one generation batch per optimizer step
        num_generations=args.group,
        max_completion_length=args.max_tokens,
        temperature=1.0,
        learning_rate=args.lr,
        lr_scheduler_type="constant",
        warmup_steps=0,
        weight_decay=0.0,
        max_grad_norm=cfg.learner.grad_clip,
        beta=0.0,
        epsilon=cfg.algorithm.clip_low,
        loss_type="grpo",
        scale_rewards="group",
        num_iterations=1,
        seed=args.seed,
        bf16=False,
        fp16=False,
        use_cpu=True,
        logging_steps=1,
        save_strategy="no",
        report_to="none",
        dataloader_num_workers=0,
        disable_tqdm=True,
    )
    ends: list[float] = []

    class Timer(TrainerCallback):
        def on_step_end(self, *a, **kw):
            ends.append(time.perf_counter())

    trainer = GRPOTrainer(
        model=model,
        reward_funcs=golf_reward,
        args=config,
        train_dataset=dataset,
        processing_class=tokenizer,
        callbacks=[Timer()],
    )
    start = time.perf_counter()
    trainer.train()
    total = time.perf_counter() - start
    sandbox.close()
    logs = [h for h in trainer.state.log_history if "reward" in h]
    own = read_peak(reset=False)["host_gib"]
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 2**20  # KiB -> GiB
    return {
        "side": "TRL GRPOTrainer",
        "total_s": round(total, 1),
        "first_step_s": round(ends[0] - start, 1) if ends else None,
        **step_stats(ends, per_step),
        "reward_curve": [h["reward"] for h in logs],
        # Sandbox worker processes are left out on both sides (golf-ray's are not Ray actors).
        "peak_host_gib": round(own, 3),
        "peak_by_role_gib": {"trainer": round(own, 3)},
        "sandbox_worker_peak_gib": round(children, 3),
    }


# --------------------------------------------------------------------------- orchestration


def plot(report: dict, out: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 2, figsize=(11, 4))
    sides = report["sides"]
    for side in sides.values():
        curve = side.get("reward_curve") or []
        axes[0].plot(range(1, len(curve) + 1), curve, marker=".", label=side["side"])
    axes[0].set(title="reward per step (mean over the batch)", xlabel="step")
    axes[0].legend()
    axes[0].grid(alpha=0.3)
    names = [s["side"] for s in sides.values()]
    axes[1].bar(names, [s.get("samples_per_s") or 0 for s in sides.values()])
    axes[1].set(title="samples / s (steps 2..N)")
    axes[1].tick_params(axis="x", labelrotation=15)
    quick = " (--quick)" if report["quick"] else ""
    fig.suptitle(
        f"golf-ray vs TRL GRPO{quick}: {report['model']}, {report['machine']['cpus']} CPUs"
    )
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    plt.close(fig)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="3 steps of 2 prompts x 4")
    parser.add_argument("--steps", type=int, default=10)
    parser.add_argument("--prompts", type=int, default=4, help="prompts per step")
    parser.add_argument("--group", type=int, default=4, help="samples per prompt")
    parser.add_argument("--max-tokens", type=int, default=96)
    parser.add_argument("--micro-batch", type=int, default=4)
    parser.add_argument("--lr", type=float, default=2e-5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--model", default="smollm2", help="smollm2, tiny or a model dir")
    parser.add_argument("--golf-engines", default="auto", help="comma list of auto|vllm|hf")
    parser.add_argument(
        "--out", help="JSON path, PNG beside it (default bench/results/vs_trl[-quick].json)"
    )
    parser.add_argument("--keep-work", action="store_true", help="keep runs/bench-vs_trl-*")
    parser.add_argument(
        "--reuse",
        metavar="WORK_DIR",
        help="take each side's result from WORK_DIR/<side>.json when there (a stopped run's kept "
        "work dir), run only the missing sides; WORK_DIR is kept",
    )
    parser.add_argument("--part", choices=["golf", "trl"], help=argparse.SUPPRESS)
    parser.add_argument("--engine", default="auto", help=argparse.SUPPRESS)
    parser.add_argument("--part-out", help=argparse.SUPPRESS)
    args = parser.parse_args()
    logging.basicConfig(
        level=logging.INFO, format="%(asctime)s %(name)s: %(message)s", datefmt="%X"
    )
    if args.quick:
        args.steps, args.prompts = min(args.steps, 3), min(args.prompts, 2)

    if args.part:  # a child: one side, its result as JSON
        out = Path(args.part_out)
        result = run_golf(args, args.engine, out) if args.part == "golf" else run_trl(args, out)
        out.write_text(json.dumps(result))
        return 0

    out_json = Path(args.out or ROOT / "bench" / "results" / f"vs_trl{'-quick' * args.quick}.json")
    # run dirs, logs
    work = Path(args.reuse or ROOT / "runs" / f"bench-vs_trl-{time.strftime('%Y%m%d-%H%M%S')}")
    work.mkdir(parents=True, exist_ok=True)
    common = [
        f"--steps={args.steps}",
        f"--prompts={args.prompts}",
        f"--group={args.group}",
        f"--max-tokens={args.max_tokens}",
        f"--micro-batch={args.micro_batch}",
        f"--lr={args.lr}",
        f"--seed={args.seed}",
        f"--model={args.model}",
    ]
    parts = [("trl", "trl", [])] + [
        (f"golf-{e}", "golf", [f"--engine={e}"]) for e in args.golf_engines.split(",")
    ]
    report = {
        "quick": args.quick,
        "command": " ".join(sys.argv),
        "machine": {"cpus": os.cpu_count(), "platform": platform.platform()},
        "model": args.model,
        "settings": {
            k: getattr(args, k) for k in ("steps", "prompts", "group", "max_tokens", "lr")
        },
        "sides": {},
    }
    for name, part, extra in parts:
        result_file = work / f"{name}.json"
        cmd = [sys.executable, __file__, f"--part={part}", f"--part-out={result_file}", *common]
        if args.reuse and result_file.exists():
            print(f"[vs_trl] {name}: reusing {result_file}", flush=True)
            returncode = 0
        else:
            print(f"[vs_trl] running {name}", flush=True)
            with open(work / f"{name}.log", "w") as log:
                cmd = [*cmd, *extra]
                returncode = subprocess.run(cmd, stdout=log, stderr=subprocess.STDOUT).returncode
        if returncode != 0 or not result_file.exists():
            report["sides"][name] = {
                "side": name,
                "error": f"exit {returncode}, see {work / (name + '.log')}",
            }
            print(f"[vs_trl] {name} failed (exit {returncode}); log: {work / (name + '.log')}")
            continue
        report["sides"][name] = json.loads(result_file.read_text())
        side = report["sides"][name]
        print(
            f"[vs_trl] {side['side']}: {side['samples_per_s'] or 0:.3f} samples/s, "
            f"{side['step_wall_s_median'] or 0:.1f} s/step, peak {side['peak_host_gib']:.2f} GiB, "
            f"mean reward {statistics.fmean(side['reward_curve'] or [0]):.3f}",
            flush=True,
        )
    trl = report["sides"].get("trl", {})
    for name, side in report["sides"].items():
        if name != "trl" and side.get("samples_per_s") and trl.get("samples_per_s"):
            side["speedup_vs_trl"] = side["samples_per_s"] / trl["samples_per_s"]
            side["mean_reward_minus_trl"] = statistics.fmean(
                side["reward_curve"]
            ) - statistics.fmean(trl["reward_curve"])
            print(f"[vs_trl] {side['side']}: {side['speedup_vs_trl']:.2f}x TRL samples/s")
    from golf_ray.fileio import atomic_write_json

    atomic_write_json(out_json, report)
    plot(report, out_json.with_suffix(".png"))
    print(f"wrote {out_json} and {out_json.with_suffix('.png')}")
    failed = [n for n, side in report["sides"].items() if "error" in side]
    # A failed side's logs stay, and so does a --reuse dir: the user named it.
    if not (args.keep_work or args.reuse or failed):
        shutil.rmtree(work, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
